-- The owner's inbox at /owner (docs/decisions/033-owner-inbox.md): a note per lead, one-time sign-in links
-- (only a hash stored), the owner's push subscriptions, and three more kinds of outbox row: the sign-in
-- e-mail (no lead), a push per new lead, and one review request per lead (the UNIQUE (quote_request_id,
-- kind) of quote_outbox). Embedded mode only for now; in Supabase mode the tables stay service-role only.

ALTER TABLE public.quote_requests ADD COLUMN IF NOT EXISTS owner_note text
  CHECK (owner_note IS NULL OR char_length(owner_note) <= 500);

CREATE TABLE IF NOT EXISTS public.owner_sign_in_links (
  token_hash text PRIMARY KEY CHECK (char_length(token_hash) = 64),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS public.owner_push_subscriptions (
  endpoint   text PRIMARY KEY CHECK (char_length(endpoint) BETWEEN 10 AND 1000),
  p256dh     text NOT NULL CHECK (char_length(p256dh) BETWEEN 10 AND 200),
  auth       text NOT NULL CHECK (char_length(auth) BETWEEN 10 AND 100),
  created_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE public.quote_outbox ALTER COLUMN quote_request_id DROP NOT NULL;
ALTER TABLE public.quote_outbox ADD COLUMN IF NOT EXISTS payload jsonb;
ALTER TABLE public.quote_outbox DROP CONSTRAINT IF EXISTS quote_outbox_kind_check;
ALTER TABLE public.quote_outbox ADD CONSTRAINT quote_outbox_kind_check
  CHECK (kind IN ('owner_notification', 'lead_webhook', 'owner_sign_in', 'owner_push', 'review_request'));
-- Every kind but the sign-in e-mail belongs to a lead.
ALTER TABLE public.quote_outbox DROP CONSTRAINT IF EXISTS quote_outbox_lead_check;
ALTER TABLE public.quote_outbox ADD CONSTRAINT quote_outbox_lead_check
  CHECK ((kind = 'owner_sign_in') = (quote_request_id IS NULL));

ALTER TABLE public.owner_sign_in_links      ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.owner_push_subscriptions ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON public.owner_sign_in_links, public.owner_push_subscriptions FROM PUBLIC, anon, authenticated;
GRANT SELECT, INSERT, UPDATE, DELETE ON public.owner_sign_in_links, public.owner_push_subscriptions TO service_role;
