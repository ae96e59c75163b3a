-- The owner's own job photos on the site (docs/decisions/049-posted-work.md): one row per posted job, the
-- before-and-after frame the site composed and encoded. The files are <image_hash>-<width>.<avif|webp> in
-- DATA_DIR/posted-work (embedded) or the public Storage bucket posted-work (Supabase); no original is kept.
-- The public reads published rows; only the inbox owner writes.

CREATE TABLE IF NOT EXISTS public.posted_work (
  id               uuid PRIMARY KEY,
  category         text NOT NULL CHECK (category IN ('Paver Cleaning', 'Driveway Cleaning', 'Patio Cleaning',
                     'House Washing', 'Walkway Cleaning', 'Deck Cleaning', 'Commercial Cleaning', 'Sidewalk Cleaning')),
  city_slug        text CHECK (city_slug IN ('orangevale', 'el-dorado-hills', 'loomis', 'granite-bay', 'roseville',
                     'west-sacramento', 'foothill-farms', 'rosemont', 'rocklin', 'rio-linda', 'rancho-cordova',
                     'carmichael', 'folsom', 'north-highlands', 'fair-oaks', 'citrus-heights')),
  caption          text CHECK (caption IS NULL OR char_length(caption) BETWEEN 1 AND 200),
  alt              text NOT NULL CHECK (char_length(alt) BETWEEN 1 AND 250),
  image_hash       text NOT NULL CHECK (image_hash ~ '^[0-9a-f]{16}$'),
  width            integer NOT NULL CHECK (width BETWEEN 1 AND 4000),
  height           integer NOT NULL CHECK (height BETWEEN 1 AND 4000),
  widths           integer[] NOT NULL CHECK (cardinality(widths) BETWEEN 1 AND 8),
  placeholder      text NOT NULL CHECK (placeholder ~ '^#[0-9a-f]{6}$'),
  quote_request_id uuid REFERENCES public.quote_requests (id) ON DELETE SET NULL,
  published        boolean NOT NULL DEFAULT true,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS posted_work_shown_idx ON public.posted_work (created_at DESC, id) WHERE published;

ALTER TABLE public.posted_work ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON public.posted_work FROM PUBLIC, anon, authenticated;
GRANT SELECT, INSERT, UPDATE, DELETE ON public.posted_work TO service_role;
GRANT SELECT ON public.posted_work TO anon, authenticated;
GRANT INSERT, DELETE, UPDATE (published) ON public.posted_work TO authenticated;

DROP POLICY IF EXISTS "Anyone reads published work" ON public.posted_work;
CREATE POLICY "Anyone reads published work" ON public.posted_work
  FOR SELECT TO anon, authenticated USING (published);
DROP POLICY IF EXISTS "The inbox owner reads all work" ON public.posted_work;
CREATE POLICY "The inbox owner reads all work" ON public.posted_work
  FOR SELECT TO authenticated USING ((SELECT public.is_inbox_owner()));
DROP POLICY IF EXISTS "The inbox owner posts work" ON public.posted_work;
CREATE POLICY "The inbox owner posts work" ON public.posted_work
  FOR INSERT TO authenticated WITH CHECK ((SELECT public.is_inbox_owner()));
DROP POLICY IF EXISTS "The inbox owner hides work" ON public.posted_work;
CREATE POLICY "The inbox owner hides work" ON public.posted_work
  FOR UPDATE TO authenticated
  USING ((SELECT public.is_inbox_owner()))
  WITH CHECK ((SELECT public.is_inbox_owner()));
DROP POLICY IF EXISTS "The inbox owner deletes work" ON public.posted_work;
CREATE POLICY "The inbox owner deletes work" ON public.posted_work
  FOR DELETE TO authenticated USING ((SELECT public.is_inbox_owner()));

-- The public pages' read, newest first. SECURITY INVOKER: the policies above decide, so an owner's hidden
-- rows never reach a public page because only `published` rows are asked for.
CREATE OR REPLACE FUNCTION public.published_work(p_limit integer DEFAULT 60)
RETURNS TABLE (
  id          uuid,
  category    text,
  city_slug   text,
  caption     text,
  alt         text,
  image_hash  text,
  width       integer,
  height      integer,
  widths      integer[],
  placeholder text,
  created_at  timestamptz
)
LANGUAGE sql
STABLE
SECURITY INVOKER
SET search_path = ''
AS $$
  SELECT w.id, w.category, w.city_slug, w.caption, w.alt, w.image_hash, w.width, w.height, w.widths,
         w.placeholder, w.created_at
    FROM public.posted_work w
   WHERE w.published
   ORDER BY w.created_at DESC, w.id
   LIMIT least(greatest(coalesce(p_limit, 60), 1), 200)
$$;

-- Every posted job, hidden ones too, for the inbox; or the one with p_id (a retried upload's question).
CREATE OR REPLACE FUNCTION public.owner_list_work(p_id uuid DEFAULT NULL)
RETURNS SETOF public.posted_work
LANGUAGE sql
STABLE
SECURITY INVOKER
SET search_path = ''
AS $$
  SELECT * FROM public.posted_work w WHERE p_id IS NULL OR w.id = p_id ORDER BY w.created_at DESC, w.id
$$;

-- Posts one job whose files are already stored. The id comes from the owner's form, so a retried upload
-- whose answer was lost finds its row instead of posting the job twice.
CREATE OR REPLACE FUNCTION public.owner_post_work(
  p_id          uuid,
  p_category    text,
  p_city_slug   text,
  p_caption     text,
  p_alt         text,
  p_image_hash  text,
  p_width       integer,
  p_height      integer,
  p_widths      integer[],
  p_placeholder text,
  p_lead_id     uuid DEFAULT NULL
)
RETURNS SETOF public.posted_work
LANGUAGE plpgsql
VOLATILE
SECURITY INVOKER
SET search_path = ''
AS $$
BEGIN
  INSERT INTO public.posted_work AS w (id, category, city_slug, caption, alt, image_hash, width, height, widths,
                                       placeholder, quote_request_id)
  VALUES (p_id, p_category, nullif(btrim(p_city_slug), ''), nullif(btrim(p_caption), ''), btrim(p_alt),
          p_image_hash, p_width, p_height, p_widths, p_placeholder,
          (SELECT q.id FROM public.quote_requests q WHERE q.id = p_lead_id))
  ON CONFLICT (id) DO NOTHING;
  RETURN QUERY SELECT * FROM public.posted_work w WHERE w.id = p_id;
END;
$$;

-- Hides or shows a posted job; false when there is no such job.
CREATE OR REPLACE FUNCTION public.owner_set_work_published(p_id uuid, p_published boolean)
RETURNS boolean
LANGUAGE plpgsql
VOLATILE
SECURITY INVOKER
SET search_path = ''
AS $$
BEGIN
  UPDATE public.posted_work w SET published = p_published WHERE w.id = p_id;
  RETURN FOUND;
END;
$$;

-- Deletes a posted job and names its files; `still_used` when another post shows the same frame (the same
-- photos posted twice), whose files must stay.
CREATE OR REPLACE FUNCTION public.owner_delete_work(p_id uuid)
RETURNS TABLE (image_hash text, widths integer[], still_used boolean)
LANGUAGE sql
VOLATILE
SECURITY INVOKER
SET search_path = ''
AS $$
  WITH gone AS (DELETE FROM public.posted_work w WHERE w.id = p_id RETURNING w.image_hash, w.widths)
  SELECT g.image_hash, g.widths,
         EXISTS (SELECT 1 FROM public.posted_work o WHERE o.image_hash = g.image_hash AND o.id <> p_id)
    FROM gone g
$$;

REVOKE ALL ON FUNCTION
  public.published_work(integer),
  public.owner_list_work(uuid),
  public.owner_post_work(uuid, text, text, text, text, text, integer, integer, integer[], text, uuid),
  public.owner_set_work_published(uuid, boolean),
  public.owner_delete_work(uuid)
  FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.published_work(integer) TO anon, authenticated, service_role;
GRANT EXECUTE ON FUNCTION
  public.owner_list_work(uuid),
  public.owner_post_work(uuid, text, text, text, text, text, integer, integer, integer[], text, uuid),
  public.owner_set_work_published(uuid, boolean),
  public.owner_delete_work(uuid)
  TO authenticated, service_role;

-- Supabase only (PGlite has no storage schema): the public bucket of published variants. Anyone reads a
-- file by its name; only the inbox owner adds or removes one.
DO $$
BEGIN
  IF to_regclass('storage.buckets') IS NOT NULL THEN
    INSERT INTO storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
    VALUES ('posted-work', 'posted-work', true, 5242880, ARRAY['image/avif', 'image/webp'])
    ON CONFLICT (id) DO UPDATE SET public = true;
    DROP POLICY IF EXISTS "The inbox owner adds work photos" ON storage.objects;
    CREATE POLICY "The inbox owner adds work photos" ON storage.objects
      FOR INSERT TO authenticated WITH CHECK (bucket_id = 'posted-work' AND (SELECT public.is_inbox_owner()));
    DROP POLICY IF EXISTS "The inbox owner removes work photos" ON storage.objects;
    CREATE POLICY "The inbox owner removes work photos" ON storage.objects
      FOR DELETE TO authenticated USING (bucket_id = 'posted-work' AND (SELECT public.is_inbox_owner()));
    DROP POLICY IF EXISTS "The inbox owner lists work photos" ON storage.objects;
    CREATE POLICY "The inbox owner lists work photos" ON storage.objects
      FOR SELECT TO authenticated USING (bucket_id = 'posted-work' AND (SELECT public.is_inbox_owner()));
  END IF;
END;
$$;
