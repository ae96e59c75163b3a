-- Initial schema of the public site.
--
-- Plain SQL that runs both in the embedded PGlite database (applied by app/server/embedded.server.ts,
-- tracked in schema_migrations) and on hosted Supabase Postgres (`supabase db push`).
--
-- Access model: the site's server reads/writes with full rights (embedded: superuser; hosted:
-- Edge Functions with the service role). The public anon key may only read featured videos and
-- published reviews. Quote requests are never readable or writable with the anon key.

-- Supabase's API roles. They exist on hosted Supabase; create them where they don't (PGlite).
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'anon') THEN
    CREATE ROLE anon NOLOGIN NOINHERIT;
  END IF;
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'authenticated') THEN
    CREATE ROLE authenticated NOLOGIN NOINHERIT;
  END IF;
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'service_role') THEN
    CREATE ROLE service_role NOLOGIN NOINHERIT BYPASSRLS;
  END IF;
END
$$;

-- ---------------------------------------------------------------------------------------------
-- Quote requests (leads) and their notification outbox
-- ---------------------------------------------------------------------------------------------

CREATE TABLE IF NOT EXISTS public.quote_requests (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  first_name      text NOT NULL CHECK (char_length(first_name) BETWEEN 1 AND 100),
  email           text NOT NULL CHECK (char_length(email) BETWEEN 3 AND 254),
  phone           text NOT NULL CHECK (char_length(phone) BETWEEN 1 AND 40),
  status          text NOT NULL DEFAULT 'new'
                  CHECK (status IN ('new', 'suspected_spam', 'contacted', 'quoted', 'won', 'lost', 'archived')),
  -- Client idempotency key + fingerprint of the submitted fields: a retried submission maps to the same row.
  idempotency_key text NOT NULL UNIQUE CHECK (char_length(idempotency_key) BETWEEN 8 AND 200),
  source_page     text CHECK (source_page IS NULL OR char_length(source_page) <= 200),
  user_agent      text CHECK (user_agent IS NULL OR char_length(user_agent) <= 512),
  -- Salted SHA-256 of the visitor's IP address; the address itself is never stored.
  ip_hash         text,
  spam_reason     text,
  created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX IF NOT EXISTS quote_requests_created_at_idx ON public.quote_requests (created_at DESC);
CREATE INDEX IF NOT EXISTS quote_requests_status_idx ON public.quote_requests (status);

CREATE TABLE IF NOT EXISTS public.quote_outbox (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  quote_request_id uuid NOT NULL REFERENCES public.quote_requests (id) ON DELETE CASCADE,
  kind             text NOT NULL DEFAULT 'owner_notification' CHECK (kind IN ('owner_notification')),
  attempts         integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at  timestamptz NOT NULL DEFAULT now(),
  last_error       text,
  sent_at          timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (quote_request_id, kind)
);

CREATE INDEX IF NOT EXISTS quote_outbox_due_idx ON public.quote_outbox (next_attempt_at) WHERE sent_at IS NULL;

-- Small key/value store for server settings (e.g. the per-database IP hash salt).
CREATE TABLE IF NOT EXISTS public.app_settings (
  key        text PRIMARY KEY,
  value      text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- ---------------------------------------------------------------------------------------------
-- Featured videos (home hero / services hero)
-- ---------------------------------------------------------------------------------------------

CREATE TABLE IF NOT EXISTS public.pressure_washing_videos (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title       text,
  video_url   text NOT NULL CHECK (char_length(video_url) > 0),
  mime_type   text DEFAULT 'video/mp4',
  is_featured boolean NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- At most one featured row.
CREATE UNIQUE INDEX IF NOT EXISTS pressure_washing_videos_one_featured_idx
  ON public.pressure_washing_videos (is_featured) WHERE is_featured;

CREATE TABLE IF NOT EXISTS public.service_videos (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title       text,
  video_url   text NOT NULL CHECK (char_length(video_url) > 0),
  mime_type   text DEFAULT 'video/mp4',
  is_featured boolean NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX IF NOT EXISTS service_videos_one_featured_idx
  ON public.service_videos (is_featured) WHERE is_featured;

-- ---------------------------------------------------------------------------------------------
-- Reviews
-- ---------------------------------------------------------------------------------------------

CREATE TABLE IF NOT EXISTS public.reviews (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  author      text NOT NULL CHECK (char_length(author) BETWEEN 1 AND 100),
  avatar      text,
  rating      smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  text        text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 5000),
  review_date date NOT NULL,
  source      text NOT NULL DEFAULT 'manual',
  published   boolean NOT NULL DEFAULT true,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX IF NOT EXISTS reviews_published_date_idx ON public.reviews (review_date DESC) WHERE published;

-- ---------------------------------------------------------------------------------------------
-- Row level security
-- ---------------------------------------------------------------------------------------------

ALTER TABLE public.quote_requests          ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.quote_outbox            ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.app_settings            ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.pressure_washing_videos ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.service_videos          ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.reviews                 ENABLE ROW LEVEL SECURITY;

-- Private tables: no policies for anon/authenticated, and no table privileges either.
REVOKE ALL ON public.quote_requests, public.quote_outbox, public.app_settings FROM anon, authenticated;

-- Public read of featured videos and published reviews only.
GRANT SELECT ON public.pressure_washing_videos, public.service_videos, public.reviews TO anon, authenticated;

DROP POLICY IF EXISTS "Public can read the featured video" ON public.pressure_washing_videos;
CREATE POLICY "Public can read the featured video" ON public.pressure_washing_videos
  FOR SELECT TO anon, authenticated USING (is_featured);

DROP POLICY IF EXISTS "Public can read the featured video" ON public.service_videos;
CREATE POLICY "Public can read the featured video" ON public.service_videos
  FOR SELECT TO anon, authenticated USING (is_featured);

DROP POLICY IF EXISTS "Public can read published reviews" ON public.reviews;
CREATE POLICY "Public can read published reviews" ON public.reviews
  FOR SELECT TO anon, authenticated USING (published);

-- The service role (server side on hosted Supabase) has full access.
GRANT ALL ON public.quote_requests, public.quote_outbox, public.app_settings,
             public.pressure_washing_videos, public.service_videos, public.reviews TO service_role;
