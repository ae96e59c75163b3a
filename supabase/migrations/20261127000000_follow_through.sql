-- Follow-through (docs/decisions/048-follow-through.md): what the outbox sends after a lead is stored,
-- each a row written in the same transaction as its cause, with its due time in next_attempt_at.
-- customer_acknowledgement: one e-mail to the customer, at most once per address a day and per client an hour.
-- owner_escalation: one push when a lead is still new a set time of opening hours after it came; the caller
-- works the time out (business-hours.server.ts), a status change deletes the row.
-- owner_reminder_2d, owner_reminder_7d: a push 2 and 7 days after a lead was marked quoted, while it still is.
-- owner_morning_list: one e-mail a day at opening time listing the leads left waiting, belonging to no lead.

ALTER TABLE public.quote_outbox DROP CONSTRAINT IF EXISTS quote_outbox_kind_check;
ALTER TABLE public.quote_outbox ADD CONSTRAINT quote_outbox_kind_check
  CHECK (kind IN ('owner_notification', 'lead_webhook', 'owner_sign_in', 'owner_push', 'review_request',
                  'owner_photos', 'owner_photos_push', 'customer_acknowledgement', 'owner_escalation',
                  'owner_reminder_2d', 'owner_reminder_7d', 'owner_morning_list'));
ALTER TABLE public.quote_outbox DROP CONSTRAINT IF EXISTS quote_outbox_lead_check;
ALTER TABLE public.quote_outbox ADD CONSTRAINT quote_outbox_lead_check
  CHECK ((kind IN ('owner_sign_in', 'owner_morning_list')) = (quote_request_id IS NULL));

-- Whether this lead may acknowledge to its address: no acknowledgement to that address (its SHA-256, so the
-- counting table holds no address) in 24 hours, and none from that client (the caller's salted hash of the
-- visitor's address) in an hour. Both are taken together or not at all, under transaction-scoped locks in a
-- fixed order, so two instances storing leads for one address at once send it one e-mail
-- (docs/decisions/021-shared-rate-limits.md keeps its limits the same way).
CREATE OR REPLACE FUNCTION public.customer_acknowledgement_allowed(p_email text, p_client_key text)
RETURNS boolean
LANGUAGE plpgsql
VOLATILE
SECURITY INVOKER
SET search_path = ''
AS $$
DECLARE
  v_address text := encode(sha256(convert_to(lower(btrim(p_email)), 'UTF8')), 'hex');
  v_client  text := nullif(left(btrim(p_client_key), 128), '');
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('ack-address:' || v_address, 0));
  IF v_client IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(hashtextextended('ack-client:' || v_client, 0));
  END IF;
  DELETE FROM public.rate_limit_hits h
   WHERE (h.bucket = 'ack-address' AND h.hit_at <= now() - interval '24 hours')
      OR (h.bucket = 'ack-client' AND h.hit_at <= now() - interval '1 hour');
  IF EXISTS (SELECT 1 FROM public.rate_limit_hits h
              WHERE (h.bucket = 'ack-address' AND h.key = v_address)
                 OR (h.bucket = 'ack-client' AND h.key = v_client)) THEN
    RETURN false;
  END IF;
  INSERT INTO public.rate_limit_hits (bucket, key, hit_at)
  SELECT b, k, now() FROM (VALUES ('ack-address', v_address), ('ack-client', v_client)) AS x(b, k)
   WHERE k IS NOT NULL;
  RETURN true;
END
$$;

REVOKE ALL ON FUNCTION public.customer_acknowledgement_allowed(text, text) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.customer_acknowledgement_allowed(text, text) TO service_role;

DROP FUNCTION IF EXISTS public.record_quote_request(
  text, text, text, text, text, text, text, boolean, boolean, text, text, text, text, boolean,
  text, jsonb, text, text, text);

-- As 20261126000000_lead_sources.sql, plus p_acknowledge (the caller's CUSTOMER_ACKNOWLEDGEMENT),
-- p_client_key (the client's hash when it is not p_ip_hash: send-quote-email has the site's rate-limit key),
-- and p_escalate_at with its p_escalate_minutes (the push's "15 min"), queued only with p_push.
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
  p_heard_about     text DEFAULT NULL,
  p_acknowledge     boolean DEFAULT false,
  p_client_key      text DEFAULT NULL,
  p_escalate_at     timestamptz DEFAULT NULL,
  p_escalate_minutes integer DEFAULT NULL
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
      IF p_push AND p_escalate_at IS NOT NULL THEN
        INSERT INTO public.quote_outbox (quote_request_id, kind, next_attempt_at, payload)
        VALUES (v_lead, 'owner_escalation', p_escalate_at, jsonb_build_object('minutes', p_escalate_minutes));
      END IF;
      -- Nested, so the limits are counted only when the acknowledgement is on.
      IF p_acknowledge THEN
        IF public.customer_acknowledgement_allowed(p_email, coalesce(p_client_key, p_ip_hash)) THEN
          INSERT INTO public.quote_outbox (quote_request_id, kind) VALUES (v_lead, 'customer_acknowledgement');
        END IF;
      END IF;
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
    IF p_push AND p_escalate_at IS NOT NULL THEN
      INSERT INTO public.quote_outbox (quote_request_id, kind, next_attempt_at, payload)
      VALUES (v_lead, 'owner_escalation', p_escalate_at, jsonb_build_object('minutes', p_escalate_minutes))
      ON CONFLICT (quote_request_id, kind) DO NOTHING;
    END IF;
    IF p_acknowledge THEN
      IF public.customer_acknowledgement_allowed(p_email, coalesce(p_client_key, p_ip_hash)) THEN
        INSERT INTO public.quote_outbox (quote_request_id, kind) VALUES (v_lead, 'customer_acknowledgement')
        ON CONFLICT (quote_request_id, kind) DO NOTHING;
      END IF;
    END IF;
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
  text, jsonb, text, text, text, boolean, text, timestamptz, integer)
  FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.record_quote_request(
  text, text, text, text, text, text, text, boolean, boolean, text, text, text, text, boolean,
  text, jsonb, text, text, text, boolean, text, timestamptz, integer)
  TO service_role;

-- A status change settles the follow-ups it makes pointless: the escalation waits for a lead still new, the
-- reminders for one still quoted (won or lost stops them); becoming quoted queues the reminders. In the
-- status's own transaction, whichever function changed it (the inbox, npm run leads). SECURITY DEFINER: the
-- owner changes the status as `authenticated`, which may not write the outbox.
CREATE OR REPLACE FUNCTION public.quote_request_follow_ups()
RETURNS trigger
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = ''
AS $$
BEGIN
  IF NEW.status IS NOT DISTINCT FROM OLD.status THEN
    RETURN NULL;
  END IF;
  IF NEW.status <> 'new' THEN
    DELETE FROM public.quote_outbox o
     WHERE o.quote_request_id = NEW.id AND o.kind = 'owner_escalation' AND o.sent_at IS NULL;
  END IF;
  IF NEW.status = 'quoted' THEN
    -- A lead quoted again after a reminder went out is not reminded twice (UNIQUE (quote_request_id, kind)).
    INSERT INTO public.quote_outbox (quote_request_id, kind, next_attempt_at, payload)
    VALUES (NEW.id, 'owner_reminder_2d', now() + interval '2 days', '{"days": 2}'),
           (NEW.id, 'owner_reminder_7d', now() + interval '7 days', '{"days": 7}')
    ON CONFLICT (quote_request_id, kind) DO NOTHING;
  ELSE
    DELETE FROM public.quote_outbox o
     WHERE o.quote_request_id = NEW.id AND o.kind IN ('owner_reminder_2d', 'owner_reminder_7d')
       AND o.sent_at IS NULL;
  END IF;
  RETURN NULL;
END
$$;

DROP TRIGGER IF EXISTS quote_requests_follow_ups ON public.quote_requests;
CREATE TRIGGER quote_requests_follow_ups AFTER UPDATE OF status ON public.quote_requests
  FOR EACH ROW EXECUTE FUNCTION public.quote_request_follow_ups();
REVOKE ALL ON FUNCTION public.quote_request_follow_ups() FROM PUBLIC, anon, authenticated;

-- One row per Pacific date that had its morning list, listing or not: the primary key lets one instance make
-- it, and a day with nothing to list stays quiet after opening time too.
CREATE TABLE IF NOT EXISTS public.owner_morning_lists (
  day        date PRIMARY KEY,
  leads      integer NOT NULL CHECK (leads >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE public.owner_morning_lists ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON public.owner_morning_lists FROM PUBLIC, anon, authenticated;
GRANT SELECT, INSERT, DELETE ON public.owner_morning_lists TO service_role;

-- The leads waiting for the owner: still new or contacted, unchanged (arrival, status or note) for over a day.
CREATE OR REPLACE FUNCTION public.morning_list_due(p_now timestamptz)
RETURNS SETOF uuid
LANGUAGE sql
STABLE
SET search_path = ''
AS $$
  SELECT q.id FROM public.quote_requests q
   WHERE q.status IN ('new', 'contacted')
     AND greatest(q.created_at, q.last_contact_at) < p_now - interval '1 day'
   ORDER BY q.created_at
$$;

-- Called at or after opening time by whichever runs first that day (the embedded worker, send-quote-email's
-- schedule), with the Pacific date the caller works out (business-hours.server.ts). Answers how many leads
-- the new list names; 0 when the day had its list already or nothing waits (then no e-mail).
CREATE OR REPLACE FUNCTION public.queue_morning_list(p_day date, p_now timestamptz DEFAULT now())
RETURNS integer
LANGUAGE plpgsql
VOLATILE
SECURITY INVOKER
SET search_path = ''
AS $$
DECLARE
  v_ids jsonb;
  v_count integer;
BEGIN
  SELECT coalesce(jsonb_agg(d.id), '[]'::jsonb) INTO v_ids FROM public.morning_list_due(p_now) AS d(id);
  v_count := jsonb_array_length(v_ids);
  INSERT INTO public.owner_morning_lists (day, leads) VALUES (p_day, v_count) ON CONFLICT (day) DO NOTHING;
  IF NOT FOUND OR v_count = 0 THEN
    RETURN 0;
  END IF;
  INSERT INTO public.quote_outbox (quote_request_id, kind, payload)
  VALUES (NULL, 'owner_morning_list', jsonb_build_object('day', p_day, 'leads', v_ids));
  RETURN v_count;
END
$$;

-- The listed leads as the e-mail shows them, read when it is sent: one changed or deleted since drops out.
CREATE OR REPLACE FUNCTION public.morning_list_leads(p_payload jsonb)
RETURNS jsonb
LANGUAGE sql
STABLE
SET search_path = ''
AS $$
  SELECT coalesce(jsonb_agg(jsonb_build_object('firstName', q.first_name, 'phone', q.phone, 'status', q.status,
                                               'since', greatest(q.created_at, q.last_contact_at))
                            ORDER BY q.created_at), '[]'::jsonb)
    FROM public.quote_requests q
   WHERE q.id IN (SELECT x::uuid FROM jsonb_array_elements_text(p_payload -> 'leads') AS x)
     AND q.status IN ('new', 'contacted')
$$;

REVOKE ALL ON FUNCTION public.morning_list_due(timestamptz), public.queue_morning_list(date, timestamptz),
  public.morning_list_leads(jsonb) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.morning_list_due(timestamptz), public.queue_morning_list(date, timestamptz),
  public.morning_list_leads(jsonb) TO service_role;

-- claim_quote_outbox_v2 with the lead's status (a follow-up whose status has passed is dropped, marked done)
-- and the row's payload, and rows of no lead (LEFT JOIN).
CREATE OR REPLACE FUNCTION public.claim_quote_outbox_v3(
  p_limit    integer,
  p_lease_ms integer,
  p_prefer   uuid DEFAULT NULL,
  p_kinds    text[] DEFAULT NULL
)
RETURNS TABLE (
  outbox_id        uuid,
  kind             text,
  quote_request_id uuid,
  attempts         integer,
  payload          jsonb,
  first_name       text,
  email            text,
  phone            text,
  source_page      text,
  created_at       timestamptz,
  service_street   text,
  service_zip      text,
  preferred_time   text,
  outside_area     boolean,
  status           text,
  leads            jsonb
)
LANGUAGE sql
SECURITY INVOKER
SET search_path = ''
AS $$
  WITH due AS (
    SELECT o.id FROM public.quote_outbox o
     WHERE o.sent_at IS NULL AND o.next_attempt_at <= now()
       AND (p_kinds IS NULL OR o.kind = ANY (p_kinds))
     ORDER BY (o.id = p_prefer) IS TRUE DESC, o.next_attempt_at, o.created_at
     LIMIT greatest(p_limit, 0)
     FOR UPDATE SKIP LOCKED
  ), claimed AS (
    UPDATE public.quote_outbox o
       SET attempts = o.attempts + 1,
           next_attempt_at = now() + (greatest(p_lease_ms, 0) * interval '1 millisecond')
      FROM due
     WHERE o.id = due.id
    RETURNING o.id, o.kind, o.quote_request_id, o.attempts, o.payload, o.created_at
  )
  SELECT c.id, c.kind, c.quote_request_id, c.attempts, c.payload, q.first_name, q.email, q.phone, q.source_page,
         coalesce(q.created_at, c.created_at), q.service_street, q.service_zip, q.preferred_time, q.outside_area,
         q.status, CASE WHEN c.kind = 'owner_morning_list' THEN public.morning_list_leads(c.payload) END
    FROM claimed c LEFT JOIN public.quote_requests q ON q.id = c.quote_request_id
   ORDER BY (c.id = p_prefer) IS TRUE DESC, coalesce(q.created_at, c.created_at)
$$;

REVOKE ALL ON FUNCTION public.claim_quote_outbox_v3(integer, integer, uuid, text[]) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.claim_quote_outbox_v3(integer, integer, uuid, text[]) TO service_role;
