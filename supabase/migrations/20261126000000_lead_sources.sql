-- Where each lead came from (docs/decisions/047-lead-sources.md): the campaign tags and click ids of the
-- address the visit arrived by, its landing path, the referring site's host, the visitor's answer to "How did
-- you hear about us?", and one channel the caller works out from them with the shared leadChannel()
-- (app/lib/lead-source.ts), as it does outside_area. Leads from before this have no channel (NULL).

ALTER TABLE public.quote_requests
  ADD COLUMN IF NOT EXISTS source_channel text
    CONSTRAINT quote_requests_source_channel_check CHECK (source_channel IN
      ('paid_search', 'google_business_profile', 'organic_search', 'social', 'referral', 'campaign', 'direct')),
  ADD COLUMN IF NOT EXISTS source_tags jsonb
    CONSTRAINT quote_requests_source_tags_check CHECK (jsonb_typeof(source_tags) = 'object'
      AND octet_length(source_tags::text) <= 4000),
  ADD COLUMN IF NOT EXISTS landing_path text
    CONSTRAINT quote_requests_landing_path_check CHECK (char_length(landing_path) BETWEEN 1 AND 200),
  ADD COLUMN IF NOT EXISTS referrer_host text
    CONSTRAINT quote_requests_referrer_host_check CHECK (char_length(referrer_host) BETWEEN 1 AND 253),
  ADD COLUMN IF NOT EXISTS heard_about text
    CONSTRAINT quote_requests_heard_about_check CHECK (heard_about IN ('google-search', 'google-maps', 'ad',
      'facebook-instagram', 'nextdoor', 'yelp', 'friend', 'truck-or-sign', 'used-before', 'other')),
  -- What the job was worth, entered by the owner when marking it won (the ads' conversion value).
  ADD COLUMN IF NOT EXISTS job_value numeric(10, 2)
    CONSTRAINT quote_requests_job_value_check CHECK (job_value >= 0),
  -- When a lead first reached each stage, so a quoted lead later lost still counts as quoted.
  ADD COLUMN IF NOT EXISTS contacted_at timestamptz,
  ADD COLUMN IF NOT EXISTS quoted_at timestamptz,
  ADD COLUMN IF NOT EXISTS won_at timestamptz,
  -- When the current status began (NULL: never changed since arrival), for "quoted 3 days ago".
  ADD COLUMN IF NOT EXISTS status_changed_at timestamptz;

CREATE INDEX IF NOT EXISTS quote_requests_created_channel_idx ON public.quote_requests (created_at, source_channel);

-- Leads worked before this migration count from their current status, dated by their last contact.
UPDATE public.quote_requests q
   SET contacted_at = coalesce(q.last_contact_at, q.created_at)
 WHERE q.status IN ('contacted', 'quoted', 'won') AND q.contacted_at IS NULL;
UPDATE public.quote_requests q
   SET quoted_at = coalesce(q.last_contact_at, q.created_at)
 WHERE q.status IN ('quoted', 'won') AND q.quoted_at IS NULL;
UPDATE public.quote_requests q
   SET won_at = coalesce(q.last_contact_at, q.created_at)
 WHERE q.status = 'won' AND q.won_at IS NULL;

-- contacted_at and quoted_at keep the first time; won_at is the latest win (the conversion's time) and goes
-- when the lead leaves "won", so a lead un-won is no conversion; status_changed_at is the latest change.
CREATE OR REPLACE FUNCTION public.quote_request_stages()
RETURNS trigger
LANGUAGE plpgsql
SET search_path = ''
AS $$
BEGIN
  IF NEW.status IS NOT DISTINCT FROM OLD.status THEN
    RETURN NEW;
  END IF;
  IF NEW.status IN ('contacted', 'quoted', 'won') THEN
    NEW.contacted_at := coalesce(NEW.contacted_at, now());
  END IF;
  IF NEW.status IN ('quoted', 'won') THEN
    NEW.quoted_at := coalesce(NEW.quoted_at, now());
  END IF;
  NEW.won_at := CASE WHEN NEW.status = 'won' THEN now() END;
  NEW.status_changed_at := now();
  RETURN NEW;
END
$$;

DROP TRIGGER IF EXISTS quote_requests_stages ON public.quote_requests;
CREATE TRIGGER quote_requests_stages BEFORE UPDATE OF status ON public.quote_requests
  FOR EACH ROW EXECUTE FUNCTION public.quote_request_stages();

DROP FUNCTION IF EXISTS public.record_quote_request(
  text, text, text, text, text, text, text, boolean, boolean, text, text, text, text, boolean);

-- As 20261125000000_lead_address_time.sql, plus the visit's source. A retry of a stored lead changes nothing.
CREATE OR REPLACE FUNCTION public.record_quote_request(
  p_first_name      text,
  p_email           text,
  p_phone           text,
  p_idempotency_key text,
  p_source_page     text DEFAULT NULL,
  p_user_agent      text DEFAULT NULL,
  p_spam_reason     text DEFAULT NULL,
  p_webhook         boolean DEFAULT false,
  p_push            boolean DEFAULT false,
  p_ip_hash         text DEFAULT NULL,
  p_service_street  text DEFAULT NULL,
  p_service_zip     text DEFAULT NULL,
  p_preferred_time  text DEFAULT NULL,
  p_outside_area    boolean DEFAULT NULL,
  p_source_channel  text DEFAULT NULL,
  p_source_tags     jsonb DEFAULT NULL,
  p_landing_path    text DEFAULT NULL,
  p_referrer_host   text DEFAULT NULL,
  p_heard_about     text DEFAULT NULL
)
RETURNS TABLE (lead_id uuid, outbox_id uuid, duplicate boolean)
LANGUAGE plpgsql
SECURITY INVOKER
SET search_path = ''
AS $$
DECLARE
  v_lead   uuid;
  v_outbox uuid;
  v_status text;
  v_zip    text := nullif(btrim(p_service_zip), '');
  v_kinds  text[] := array_remove(ARRAY[
    CASE WHEN p_webhook THEN 'lead_webhook' END,
    CASE WHEN p_push THEN 'owner_push' END], NULL);
BEGIN
  INSERT INTO public.quote_requests AS q
    (first_name, email, phone, status, idempotency_key, source_page, user_agent, ip_hash, spam_reason,
     service_street, service_zip, preferred_time, outside_area,
     source_channel, source_tags, landing_path, referrer_host, heard_about)
  VALUES (p_first_name, p_email, p_phone, CASE WHEN p_spam_reason IS NULL THEN 'new' ELSE 'suspected_spam' END,
          p_idempotency_key, p_source_page, p_user_agent, p_ip_hash, left(p_spam_reason, 200),
          nullif(btrim(p_service_street), ''), v_zip, nullif(btrim(p_preferred_time), ''),
          CASE WHEN v_zip IS NULL THEN NULL ELSE p_outside_area END,
          p_source_channel, CASE WHEN p_source_tags = '{}'::jsonb THEN NULL ELSE p_source_tags END,
          nullif(p_landing_path, ''), nullif(p_referrer_host, ''), nullif(btrim(p_heard_about), ''))
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING q.id INTO v_lead;

  IF v_lead IS NOT NULL THEN
    IF p_spam_reason IS NULL THEN
      INSERT INTO public.quote_outbox AS o (quote_request_id, kind)
      VALUES (v_lead, 'owner_notification')
      RETURNING o.id INTO v_outbox;
      INSERT INTO public.quote_outbox (quote_request_id, kind) SELECT v_lead, unnest(v_kinds);
    END IF;
    RETURN QUERY SELECT v_lead, v_outbox, false;
    RETURN;
  END IF;

  SELECT q.id, q.status INTO v_lead, v_status
    FROM public.quote_requests q WHERE q.idempotency_key = p_idempotency_key
     FOR UPDATE;

  -- A retry that passes the site's checks rescues a false positive: it is new, and notified once.
  IF v_status = 'suspected_spam' AND p_spam_reason IS NULL THEN
    UPDATE public.quote_requests q SET status = 'new', spam_reason = NULL WHERE q.id = v_lead;
    INSERT INTO public.quote_outbox AS o (quote_request_id, kind)
    VALUES (v_lead, 'owner_notification')
    ON CONFLICT (quote_request_id, kind) DO NOTHING
    RETURNING o.id INTO v_outbox;
    INSERT INTO public.quote_outbox (quote_request_id, kind) SELECT v_lead, unnest(v_kinds)
    ON CONFLICT (quote_request_id, kind) DO NOTHING;
    RETURN QUERY SELECT v_lead, v_outbox, false;
    RETURN;
  END IF;

  SELECT o.id INTO v_outbox FROM public.quote_outbox o
   WHERE o.quote_request_id = v_lead AND o.kind = 'owner_notification';
  RETURN QUERY SELECT v_lead, v_outbox, true;
END
$$;

REVOKE ALL ON FUNCTION public.record_quote_request(
  text, text, text, text, text, text, text, boolean, boolean, text, text, text, text, boolean,
  text, jsonb, text, text, text)
  FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.record_quote_request(
  text, text, text, text, text, text, text, boolean, boolean, text, text, text, text, boolean,
  text, jsonb, text, text, text)
  TO service_role;
