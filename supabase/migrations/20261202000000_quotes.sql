-- The quote the customer accepts and the job on the calendar (docs/decisions/053-quotes-and-jobs.md). Every row
-- belongs to a lead through its quote and goes with it (ON DELETE CASCADE: decision 043's deletion and retention).
-- Money is whole cents; each write that spans rows is one function with one JSON argument.

-- The owner's short price list: one row per service of app/content/ (absent: the service's title, no price).
CREATE TABLE public.price_list (
  service_id     text PRIMARY KEY CHECK (service_id IN ('concrete-sealing', 'full-house', 'driveway', 'patio',
                   'commercial', 'deck-fence', 'roof', 'gutter')),
  description    text NOT NULL CHECK (char_length(description) BETWEEN 1 AND 200),
  starting_cents integer CHECK (starting_cents BETWEEN 0 AND 10000000),
  updated_at     timestamptz NOT NULL DEFAULT now()
);

-- A version's items: 1 to 30 of { id, description, cents, optional }, ids unique, each 0 to $100,000.
CREATE FUNCTION public.quote_items_valid(p jsonb)
RETURNS boolean
LANGUAGE sql
IMMUTABLE
SET search_path = ''
AS $$
  SELECT jsonb_typeof(p) = 'array' AND jsonb_array_length(p) BETWEEN 1 AND 30
     AND (SELECT count(DISTINCT i ->> 'id') FROM jsonb_array_elements(p) AS i) = jsonb_array_length(p)
     AND NOT EXISTS (
       SELECT 1 FROM jsonb_array_elements(p) AS i
        WHERE NOT (coalesce(i ->> 'id', '') ~ '^i[0-9]{1,2}$'
                   AND char_length(coalesce(i ->> 'description', '')) BETWEEN 1 AND 200
                   AND jsonb_typeof(i -> 'cents') = 'number' AND (i ->> 'cents') ~ '^[0-9]{1,8}$'
                   AND (i ->> 'cents')::integer <= 10000000
                   AND jsonb_typeof(i -> 'optional') = 'boolean'))
$$;

-- One quote per lead, reached by its unguessable token (32 base64url characters, 24 random bytes).
CREATE TABLE public.quotes (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  quote_request_id uuid NOT NULL UNIQUE REFERENCES public.quote_requests (id) ON DELETE CASCADE,
  token            text NOT NULL UNIQUE CHECK (token ~ '^[A-Za-z0-9_-]{32}$'),
  created_at       timestamptz NOT NULL DEFAULT now(),
  first_viewed_at  timestamptz,
  withdrawn_at     timestamptz
);

-- Each "Send quote" freezes a version; the link shows the newest. hash: the SHA-256 of its canonical content,
-- what an acceptance names (app/server/quotes/quotes.server.ts).
CREATE TABLE public.quote_versions (
  quote_id    uuid NOT NULL REFERENCES public.quotes (id) ON DELETE CASCADE,
  version     integer NOT NULL CHECK (version BETWEEN 1 AND 1000),
  items       jsonb NOT NULL CHECK (public.quote_items_valid(items)),
  note        text CHECK (char_length(note) BETWEEN 1 AND 2000),
  terms       text NOT NULL CHECK (char_length(terms) BETWEEN 1 AND 20000),
  -- The last Pacific day the customer may accept it.
  valid_until date NOT NULL,
  sent_at     timestamptz NOT NULL DEFAULT now(),
  hash        text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
  PRIMARY KEY (quote_id, version)
);

-- The customer's acceptance, once per quote: what was accepted and who typed the name, as evidence.
CREATE TABLE public.quote_acceptances (
  quote_id        uuid PRIMARY KEY REFERENCES public.quotes (id) ON DELETE CASCADE,
  version         integer NOT NULL,
  typed_name      text NOT NULL CHECK (char_length(typed_name) BETWEEN 2 AND 100),
  accepted_at     timestamptz NOT NULL DEFAULT now(),
  -- The site's salted hash of the client's address (never the address), and its user agent.
  ip_hash         text CHECK (ip_hash ~ '^[0-9a-f]{64}$'),
  user_agent      text CHECK (char_length(user_agent) <= 512),
  chosen_item_ids jsonb NOT NULL CHECK (jsonb_typeof(chosen_item_ids) = 'array'),
  total_cents     integer NOT NULL CHECK (total_cents >= 0),
  version_hash    text NOT NULL CHECK (version_hash ~ '^[0-9a-f]{64}$'),
  FOREIGN KEY (quote_id, version) REFERENCES public.quote_versions (quote_id, version) ON DELETE CASCADE
);

-- "Ask for changes": the customer's messages; the newest shows on the lead's card.
CREATE TABLE public.quote_change_requests (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  quote_id   uuid NOT NULL REFERENCES public.quotes (id) ON DELETE CASCADE,
  version    integer NOT NULL,
  message    text NOT NULL CHECK (char_length(message) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX quote_change_requests_quote_idx ON public.quote_change_requests (quote_id, created_at DESC);

-- The job of an accepted quote: a Pacific day and an arrival window. uid stays across reschedules; sequence grows
-- with each reschedule or cancel, as RFC 5545 asks of an updated event.
CREATE TABLE public.jobs (
  quote_id      uuid PRIMARY KEY REFERENCES public.quotes (id) ON DELETE CASCADE,
  uid           text NOT NULL UNIQUE CHECK (char_length(uid) BETWEEN 8 AND 200),
  day           date NOT NULL,
  arrival_start time NOT NULL,
  arrival_end   time NOT NULL,
  sequence      integer NOT NULL DEFAULT 0 CHECK (sequence >= 0),
  cancelled_at  timestamptz,
  updated_at    timestamptz NOT NULL DEFAULT now(),
  CHECK (arrival_start < arrival_end AND arrival_start >= '06:00' AND arrival_end <= '21:00')
);

-- Named as before, so `npm run db:types` still reads the kinds from it.
ALTER TABLE public.quote_outbox DROP CONSTRAINT quote_outbox_kind_check;
ALTER TABLE public.quote_outbox ADD CONSTRAINT quote_outbox_kind_check CHECK (kind IN ('owner_notification',
  'lead_webhook', 'owner_sign_in', 'owner_push', 'review_request', 'owner_photos', 'owner_photos_push',
  'customer_acknowledgement', 'owner_escalation', 'owner_reminder_2d', 'owner_reminder_7d', 'owner_morning_list',
  'lead_files', 'quote_sent', 'quote_accepted', 'quote_accepted_push', 'quote_changes_push', 'job_scheduled',
  'job_reminder'));

ALTER TABLE public.price_list ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.quotes ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.quote_versions ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.quote_acceptances ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.quote_change_requests ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.jobs ENABLE ROW LEVEL SECURITY;

-- The business's date: a quote is valid through its valid_until, Pacific time (app/server/backend/business-hours).
CREATE FUNCTION public.pacific_today()
RETURNS date
LANGUAGE sql
STABLE
SET search_path = ''
AS $$
  SELECT (now() AT TIME ZONE 'America/Los_Angeles')::date
$$;

-- Puts a lead's outbox row of `p_kind` due now with `p_payload`, whether it was sent or not: its cause changed.
CREATE FUNCTION public.requeue_outbox(p_lead uuid, p_kind text, p_payload jsonb, p_due timestamptz DEFAULT now())
RETURNS void
LANGUAGE sql
SET search_path = ''
AS $$
  INSERT INTO public.quote_outbox (quote_request_id, kind, payload, next_attempt_at)
  VALUES (p_lead, p_kind, p_payload, p_due)
  ON CONFLICT (quote_request_id, kind) DO UPDATE
    SET payload = excluded.payload, sent_at = NULL, last_error = NULL, attempts = 0,
        next_attempt_at = excluded.next_attempt_at, claimed_by = NULL
$$;

-- Everything about a lead's quote, read when the inbox lists it, the customer opens the link, or the outbox sends
-- about it: the newest version, its state, the acceptance, the newest change request and the job. Null: none.
CREATE FUNCTION public.quote_facts(p_lead uuid)
RETURNS jsonb
LANGUAGE sql
STABLE
SET search_path = ''
AS $$
  SELECT jsonb_build_object(
           'token', q.token, 'firstViewedAt', q.first_viewed_at, 'withdrawn', q.withdrawn_at IS NOT NULL,
           'version', v.version, 'items', v.items, 'note', v.note, 'terms', v.terms, 'validUntil', v.valid_until,
           'sentAt', v.sent_at, 'hash', v.hash, 'expired', v.valid_until < public.pacific_today(),
           'acceptance', (SELECT jsonb_build_object('name', a.typed_name, 'at', a.accepted_at, 'version', a.version,
                                                    'chosen', a.chosen_item_ids, 'totalCents', a.total_cents)
                            FROM public.quote_acceptances a WHERE a.quote_id = q.id),
           'change', (SELECT jsonb_build_object('message', c.message, 'at', c.created_at, 'version', c.version)
                        FROM public.quote_change_requests c WHERE c.quote_id = q.id
                       ORDER BY c.created_at DESC LIMIT 1),
           'job', (SELECT jsonb_build_object('uid', j.uid, 'day', j.day, 'start', to_char(j.arrival_start, 'HH24:MI'),
                                             'end', to_char(j.arrival_end, 'HH24:MI'), 'sequence', j.sequence,
                                             'cancelled', j.cancelled_at IS NOT NULL)
                     FROM public.jobs j WHERE j.quote_id = q.id))
    FROM public.quotes q
    JOIN LATERAL (SELECT * FROM public.quote_versions x WHERE x.quote_id = q.id ORDER BY x.version DESC LIMIT 1) v
      ON true
   WHERE q.quote_request_id = p_lead
$$;

-- "Send quote". p: { lead, token (used when the lead has no quote yet), items, note, terms, validUntil, hash }.
-- Freezes version n+1, marks the lead quoted (the status trigger queues the reminders, once) and puts the
-- customer's e-mail due. Answers sent (with the token and version), accepted (an accepted quote never changes)
-- or no-lead (none, suspected spam or archived).
CREATE FUNCTION public.send_quote(p jsonb)
RETURNS TABLE (result text, token text, version integer)
LANGUAGE plpgsql
SET search_path = ''
AS $$
DECLARE
  v_lead    uuid := (p ->> 'lead')::uuid;
  v_status  text;
  v_quote   public.quotes;
  v_version integer;
BEGIN
  SELECT q.status INTO v_status FROM public.quote_requests q WHERE q.id = v_lead FOR UPDATE;
  IF v_status IS NULL OR v_status IN ('suspected_spam', 'archived') THEN
    RETURN QUERY SELECT 'no-lead', NULL::text, NULL::integer;
    RETURN;
  END IF;
  SELECT * INTO v_quote FROM public.quotes q WHERE q.quote_request_id = v_lead FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO public.quotes (quote_request_id, token) VALUES (v_lead, p ->> 'token') RETURNING * INTO v_quote;
  ELSIF EXISTS (SELECT 1 FROM public.quote_acceptances a WHERE a.quote_id = v_quote.id) THEN
    RETURN QUERY SELECT 'accepted', v_quote.token, NULL::integer;
    RETURN;
  ELSE
    UPDATE public.quotes q SET withdrawn_at = NULL WHERE q.id = v_quote.id;
  END IF;
  SELECT coalesce(max(x.version), 0) + 1 INTO v_version FROM public.quote_versions x WHERE x.quote_id = v_quote.id;
  INSERT INTO public.quote_versions (quote_id, version, items, note, terms, valid_until, hash)
  VALUES (v_quote.id, v_version, p -> 'items', nullif(p ->> 'note', ''), p ->> 'terms', (p ->> 'validUntil')::date,
          p ->> 'hash');
  UPDATE public.quote_requests q SET status = 'quoted' WHERE q.id = v_lead AND q.status <> 'quoted';
  PERFORM public.requeue_outbox(v_lead, 'quote_sent', jsonb_build_object('version', v_version));
  RETURN QUERY SELECT 'sent', v_quote.token, v_version;
END
$$;

-- The customer's "Accept quote". p: { token, version, hash (what the page showed), name, chosen (optional item
-- ids), ipHash, userAgent, push }. The total is summed here from the stored version: a request never carries a
-- price. Records the acceptance once, marks the lead won with that job value (the status trigger dates it and
-- ends the quote reminders), and queues the customer's confirmation and the owner's push, in one transaction.
-- Answers accepted, already (accepted before: nothing new), stale (a newer version), unknown-item or gone.
CREATE FUNCTION public.accept_quote(p jsonb)
RETURNS text
LANGUAGE plpgsql
SET search_path = ''
AS $$
DECLARE
  v_quote  public.quotes;
  v_newest public.quote_versions;
  v_total  integer;
BEGIN
  SELECT * INTO v_quote FROM public.quotes q WHERE q.token = p ->> 'token' FOR UPDATE;
  IF NOT FOUND THEN
    RETURN 'gone';
  END IF;
  IF EXISTS (SELECT 1 FROM public.quote_acceptances a WHERE a.quote_id = v_quote.id) THEN
    RETURN 'already';
  END IF;
  SELECT * INTO v_newest FROM public.quote_versions x WHERE x.quote_id = v_quote.id ORDER BY x.version DESC LIMIT 1;
  IF v_quote.withdrawn_at IS NOT NULL OR v_newest.valid_until < public.pacific_today() THEN
    RETURN 'gone';
  END IF;
  IF v_newest.version <> (p ->> 'version')::integer OR v_newest.hash <> p ->> 'hash' THEN
    RETURN 'stale';
  END IF;
  IF EXISTS (SELECT 1 FROM jsonb_array_elements_text(p -> 'chosen') AS c(id)
              WHERE NOT EXISTS (SELECT 1 FROM jsonb_array_elements(v_newest.items) AS i
                                 WHERE i ->> 'id' = c.id AND (i ->> 'optional')::boolean)) THEN
    RETURN 'unknown-item';
  END IF;
  SELECT coalesce(sum((i ->> 'cents')::integer), 0) INTO v_total
    FROM jsonb_array_elements(v_newest.items) AS i
   WHERE NOT (i ->> 'optional')::boolean OR (p -> 'chosen') ? (i ->> 'id');
  INSERT INTO public.quote_acceptances (quote_id, version, typed_name, ip_hash, user_agent, chosen_item_ids,
                                        total_cents, version_hash)
  VALUES (v_quote.id, v_newest.version, p ->> 'name', p ->> 'ipHash', left(p ->> 'userAgent', 512),
          (SELECT coalesce(jsonb_agg(DISTINCT c), '[]') FROM jsonb_array_elements(p -> 'chosen') AS c),
          v_total, v_newest.hash)
  ON CONFLICT (quote_id) DO NOTHING;
  UPDATE public.quote_requests q SET status = 'won', job_value = v_total / 100.0 WHERE q.id = v_quote.quote_request_id;
  INSERT INTO public.quote_outbox (quote_request_id, kind)
  SELECT v_quote.quote_request_id, k
    FROM unnest(ARRAY['quote_accepted']
                || CASE WHEN coalesce((p ->> 'push')::boolean, false) THEN ARRAY['quote_accepted_push'] ELSE '{}' END) AS k
  ON CONFLICT (quote_request_id, kind) DO NOTHING;
  RETURN 'accepted';
END
$$;

-- The customer's "Ask for changes". p: { token, message, push }. Answers sent, accepted (nothing to change any
-- more) or gone; the owner's push is put due again with each message.
CREATE FUNCTION public.request_quote_changes(p jsonb)
RETURNS text
LANGUAGE plpgsql
SET search_path = ''
AS $$
DECLARE
  v_quote  public.quotes;
  v_newest public.quote_versions;
BEGIN
  SELECT * INTO v_quote FROM public.quotes q WHERE q.token = p ->> 'token' FOR UPDATE;
  IF NOT FOUND THEN
    RETURN 'gone';
  END IF;
  IF EXISTS (SELECT 1 FROM public.quote_acceptances a WHERE a.quote_id = v_quote.id) THEN
    RETURN 'accepted';
  END IF;
  SELECT * INTO v_newest FROM public.quote_versions x WHERE x.quote_id = v_quote.id ORDER BY x.version DESC LIMIT 1;
  IF v_quote.withdrawn_at IS NOT NULL OR v_newest.valid_until < public.pacific_today() THEN
    RETURN 'gone';
  END IF;
  INSERT INTO public.quote_change_requests (quote_id, version, message)
  VALUES (v_quote.id, v_newest.version, p ->> 'message');
  IF coalesce((p ->> 'push')::boolean, false) THEN
    PERFORM public.requeue_outbox(v_quote.quote_request_id, 'quote_changes_push', NULL);
  END IF;
  RETURN 'sent';
END
$$;

-- "Schedule", "Reschedule" and "Cancel job" of an accepted quote. p: { lead, uid (kept once the job exists), day,
-- start, end, reminderAt (the day-before e-mail's due time; null when the job is too close), cancel }. Each
-- change raises the sequence and puts the customer's calendar e-mail due again; the reminder moves with the job
-- and goes with a cancel. Answers scheduled or cancelled with the sequence, not-accepted, or no-job (a cancel).
CREATE FUNCTION public.schedule_job(p jsonb)
RETURNS TABLE (result text, sequence integer)
LANGUAGE plpgsql
SET search_path = ''
AS $$
DECLARE
  v_lead     uuid := (p ->> 'lead')::uuid;
  v_quote    uuid;
  v_sequence integer;
BEGIN
  SELECT q.id INTO v_quote FROM public.quotes q WHERE q.quote_request_id = v_lead FOR UPDATE;
  IF v_quote IS NULL OR NOT EXISTS (SELECT 1 FROM public.quote_acceptances a WHERE a.quote_id = v_quote) THEN
    RETURN QUERY SELECT 'not-accepted', NULL::integer;
    RETURN;
  END IF;
  IF coalesce((p ->> 'cancel')::boolean, false) THEN
    UPDATE public.jobs j SET cancelled_at = now(), sequence = j.sequence + 1, updated_at = now()
     WHERE j.quote_id = v_quote AND j.cancelled_at IS NULL
    RETURNING j.sequence INTO v_sequence;
    IF v_sequence IS NULL THEN
      RETURN QUERY SELECT 'no-job', NULL::integer;
      RETURN;
    END IF;
    DELETE FROM public.quote_outbox o WHERE o.quote_request_id = v_lead AND o.kind = 'job_reminder' AND o.sent_at IS NULL;
  ELSE
    INSERT INTO public.jobs AS j (quote_id, uid, day, arrival_start, arrival_end)
    VALUES (v_quote, p ->> 'uid', (p ->> 'day')::date, (p ->> 'start')::time, (p ->> 'end')::time)
    ON CONFLICT (quote_id) DO UPDATE
      SET day = excluded.day, arrival_start = excluded.arrival_start, arrival_end = excluded.arrival_end,
          sequence = j.sequence + 1, cancelled_at = NULL, updated_at = now()
    RETURNING j.sequence INTO v_sequence;
    IF p ->> 'reminderAt' IS NULL THEN
      DELETE FROM public.quote_outbox o
       WHERE o.quote_request_id = v_lead AND o.kind = 'job_reminder' AND o.sent_at IS NULL;
    ELSE
      PERFORM public.requeue_outbox(v_lead, 'job_reminder', jsonb_build_object('day', p ->> 'day'),
                                    (p ->> 'reminderAt')::timestamptz);
    END IF;
  END IF;
  PERFORM public.requeue_outbox(v_lead, 'job_scheduled', jsonb_build_object('sequence', v_sequence));
  RETURN QUERY SELECT CASE WHEN (p ->> 'cancel')::boolean THEN 'cancelled' ELSE 'scheduled' END, v_sequence;
END
$$;

-- The price list and the terms, saved together. p: { items: [{ service_id, description, starting_cents }],
-- terms: the owner's text, or null for the default of app/content/quote-terms.ts }.
CREATE FUNCTION public.save_price_list(p jsonb)
RETURNS void
LANGUAGE plpgsql
SET search_path = ''
AS $$
BEGIN
  INSERT INTO public.price_list AS l (service_id, description, starting_cents)
  SELECT x.service_id, x.description, x.starting_cents
    FROM jsonb_to_recordset(p -> 'items') AS x(service_id text, description text, starting_cents integer)
  ON CONFLICT (service_id) DO UPDATE
    SET description = excluded.description, starting_cents = excluded.starting_cents, updated_at = now();
  IF nullif(p ->> 'terms', '') IS NULL THEN
    DELETE FROM public.app_settings s WHERE s.key = 'quote_terms';
  ELSE
    INSERT INTO public.app_settings (key, value) VALUES ('quote_terms', p ->> 'terms')
    ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = now();
  END IF;
END
$$;

REVOKE EXECUTE ON ALL FUNCTIONS IN SCHEMA public FROM PUBLIC;
