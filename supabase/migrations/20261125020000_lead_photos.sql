-- Photos a visitor adds after the lead is stored (docs/decisions/044-lead-photos.md): a row per photo, the
-- one-time upload tokens that were used (so "used" holds across every site instance), at most five photos
-- per lead, and one owner e-mail and push per lead through the outbox. The files are in DATA_DIR/lead-photos
-- (embedded) or the private Storage bucket lead-photos (Supabase), both as <lead id>/<name>.jpg.

CREATE TABLE IF NOT EXISTS public.lead_photos (
  quote_request_id uuid NOT NULL REFERENCES public.quote_requests (id) ON DELETE CASCADE,
  object_name      text NOT NULL CHECK (object_name ~ '^[0-9a-f]{32}\.jpg$'),
  size_bytes       integer NOT NULL CHECK (size_bytes > 0),
  created_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (quote_request_id, object_name)
);

-- The SHA-256 of each upload token that stored photos; the token itself is signed by the site.
CREATE TABLE IF NOT EXISTS public.lead_photo_tokens_used (
  token_hash       text PRIMARY KEY CHECK (char_length(token_hash) = 64),
  quote_request_id uuid NOT NULL REFERENCES public.quote_requests (id) ON DELETE CASCADE,
  used_at          timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE public.lead_photos            ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.lead_photo_tokens_used ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON public.lead_photos, public.lead_photo_tokens_used FROM PUBLIC, anon, authenticated;
GRANT SELECT, INSERT, UPDATE, DELETE ON public.lead_photos, public.lead_photo_tokens_used TO service_role;
GRANT SELECT ON public.lead_photos TO authenticated;
DROP POLICY IF EXISTS "The inbox owner reads lead photos" ON public.lead_photos;
CREATE POLICY "The inbox owner reads lead photos" ON public.lead_photos
  FOR SELECT TO authenticated USING ((SELECT public.is_inbox_owner()));

-- The owner's notice that photos came: an e-mail and a push, one row each per lead, re-queued with the new
-- total when more arrive (UNIQUE (quote_request_id, kind)).
ALTER TABLE public.quote_outbox DROP CONSTRAINT IF EXISTS quote_outbox_kind_check;
ALTER TABLE public.quote_outbox ADD CONSTRAINT quote_outbox_kind_check
  CHECK (kind IN ('owner_notification', 'lead_webhook', 'owner_sign_in', 'owner_push', 'review_request',
                  'owner_photos', 'owner_photos_push'));

-- Records one upload, all or nothing: refuses a used token ('token-used'), an unknown lead ('no-lead') and
-- more than five photos in all ('too-many'), each as SQLSTATE P0001 with that message. Returns the new total.
CREATE OR REPLACE FUNCTION public.record_lead_photos(
  p_lead_id    uuid,
  p_token_hash text,
  p_photos     jsonb,
  p_push       boolean DEFAULT false
)
RETURNS integer
LANGUAGE plpgsql
VOLATILE
SECURITY DEFINER
SET search_path = ''
AS $$
DECLARE
  v_total integer;
BEGIN
  -- The lead's row lock orders two uploads for one lead, so the count below cannot pass six.
  PERFORM 1 FROM public.quote_requests q WHERE q.id = p_lead_id AND q.status <> 'suspected_spam' FOR UPDATE;
  IF NOT FOUND THEN RAISE EXCEPTION 'no-lead'; END IF;
  INSERT INTO public.lead_photo_tokens_used (token_hash, quote_request_id)
  VALUES (p_token_hash, p_lead_id) ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN RAISE EXCEPTION 'token-used'; END IF;
  SELECT count(*) + jsonb_array_length(p_photos) INTO v_total
    FROM public.lead_photos p WHERE p.quote_request_id = p_lead_id;
  IF jsonb_array_length(p_photos) < 1 OR v_total > 5 THEN RAISE EXCEPTION 'too-many'; END IF;
  INSERT INTO public.lead_photos (quote_request_id, object_name, size_bytes)
  SELECT p_lead_id, x.name, x.size FROM jsonb_to_recordset(p_photos) AS x(name text, size integer);
  INSERT INTO public.quote_outbox AS o (quote_request_id, kind, payload)
  SELECT p_lead_id, k.kind, jsonb_build_object('photos', v_total)
    FROM (VALUES ('owner_photos'), ('owner_photos_push')) AS k(kind)
   WHERE k.kind = 'owner_photos' OR p_push
  ON CONFLICT (quote_request_id, kind) DO UPDATE
    SET payload = excluded.payload, sent_at = NULL, last_error = NULL, attempts = 0,
        next_attempt_at = now(), claimed_by = NULL;
  RETURN v_total;
END;
$$;

-- The inbox's read: each listed lead's photos (a JSON array of lead ids), oldest first. Row level security
-- decides who sees any.
CREATE OR REPLACE FUNCTION public.owner_lead_photos(p_lead_ids jsonb)
RETURNS TABLE (lead_id uuid, object_name text, size_bytes integer, created_at timestamptz)
LANGUAGE sql
STABLE
SET search_path = ''
AS $$
  SELECT p.quote_request_id, p.object_name, p.size_bytes, p.created_at
    FROM public.lead_photos p
   WHERE p.quote_request_id IN (SELECT x::uuid FROM jsonb_array_elements_text(p_lead_ids) AS x)
   ORDER BY p.quote_request_id, p.created_at, p.object_name
$$;

REVOKE ALL ON FUNCTION public.record_lead_photos(uuid, text, jsonb, boolean), public.owner_lead_photos(jsonb)
  FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.record_lead_photos(uuid, text, jsonb, boolean) TO service_role;
GRANT EXECUTE ON FUNCTION public.owner_lead_photos(jsonb) TO authenticated, service_role;

-- Supabase only (PGlite has no storage schema): the private bucket, read by the inbox owner alone; only the
-- service role writes it.
DO $$
BEGIN
  IF to_regclass('storage.buckets') IS NOT NULL THEN
    INSERT INTO storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
    VALUES ('lead-photos', 'lead-photos', false, 5242880, ARRAY['image/jpeg'])
    ON CONFLICT (id) DO UPDATE SET public = false;
    DROP POLICY IF EXISTS "The inbox owner reads lead photos" ON storage.objects;
    CREATE POLICY "The inbox owner reads lead photos" ON storage.objects
      FOR SELECT TO authenticated USING (bucket_id = 'lead-photos' AND (SELECT public.is_inbox_owner()));
  END IF;
END;
$$;
