-- The one schema (docs/decisions/050-one-runtime.md): PGlite in DATA_DIR and any PostgreSQL 15+ (a Supabase
-- project's database) run it alike. Only the site's server connects, as the tables' owner. Each table and
-- function is defined once here; a change is a new migration. Reads and writes are TypeScript over the generated
-- types (docs/decisions/054-typed-queries.md); SQL keeps what only it does better, each saying why.

-- ---------------------------------------------------------------------------------------------------------
-- Leads and what is sent about them
-- ---------------------------------------------------------------------------------------------------------

CREATE TABLE public.leads (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  first_name        text NOT NULL CHECK (char_length(first_name) BETWEEN 1 AND 100),
  email             text NOT NULL CHECK (char_length(email) BETWEEN 3 AND 254),
  phone             text NOT NULL CHECK (char_length(phone) BETWEEN 1 AND 40),
  status            text NOT NULL DEFAULT 'new'
                    CHECK (status IN ('new', 'suspected_spam', 'contacted', 'quoted', 'won', 'lost', 'archived')),
  -- The form's idempotency key and a fingerprint of its fields: a retried submission maps to the same row.
  idempotency_key   text NOT NULL UNIQUE CHECK (char_length(idempotency_key) BETWEEN 8 AND 200),
  source_page       text CHECK (char_length(source_page) <= 200),
  user_agent        text CHECK (char_length(user_agent) <= 512),
  -- Salted SHA-256 of the visitor's address; the address itself is never stored.
  ip_hash           text,
  spam_reason       text CHECK (char_length(spam_reason) <= 200),
  created_at        timestamptz NOT NULL DEFAULT now(),
  owner_note        text CHECK (char_length(owner_note) <= 500),
  -- Where and when, each optional (docs/decisions/045-lead-address-and-time.md); outside_area needs a ZIP.
  service_street    text CHECK (char_length(service_street) BETWEEN 1 AND 200),
  service_zip       text CHECK (service_zip ~ '^[0-9]{5}(-[0-9]{4})?$'),
  preferred_time    text CHECK (preferred_time IN ('morning', 'afternoon', 'flexible')),
  outside_area      boolean CHECK (outside_area IS NULL OR service_zip IS NOT NULL),
  -- The last status or note change: with created_at, the lead's last contact, which retention counts from.
  last_contact_at   timestamptz,
  -- Where the visit came from (docs/decisions/047-lead-sources.md).
  source_channel    text CHECK (source_channel IN
                      ('paid_search', 'google_business_profile', 'organic_search', 'social', 'referral', 'campaign',
                       'direct')),
  source_tags       jsonb CHECK (jsonb_typeof(source_tags) = 'object' AND octet_length(source_tags::text) <= 4000),
  landing_path      text CHECK (char_length(landing_path) BETWEEN 1 AND 200),
  referrer_host     text CHECK (char_length(referrer_host) BETWEEN 1 AND 253),
  heard_about       text CHECK (heard_about IN ('google-search', 'google-maps', 'ad', 'facebook-instagram', 'nextdoor',
                      'yelp', 'friend', 'truck-or-sign', 'used-before', 'other')),
  -- Whole cents, entered when the lead is won (the ads' conversion value); kept only while it is won.
  job_value_cents   integer CHECK (job_value_cents BETWEEN 0 AND 10000000),
  -- When the lead first reached each stage (won_at: the latest win), and when its status last changed.
  contacted_at      timestamptz,
  quoted_at         timestamptz,
  won_at            timestamptz,
  status_changed_at timestamptz
);
CREATE INDEX leads_created_at_idx ON public.leads (created_at DESC);
CREATE INDEX leads_status_idx ON public.leads (status);
CREATE INDEX leads_last_contact_idx ON public.leads ((greatest(created_at, last_contact_at)));
CREATE INDEX leads_created_channel_idx ON public.leads (created_at, source_channel);

-- Everything sent after a lead is stored, each row written in its cause's transaction and delivered by the
-- site's worker (docs/decisions/008-lead-outbox.md, 048-follow-through.md); next_attempt_at is also a timer's
-- due time. The template names what is sent, checked by app/server/outbox/templates.server.ts, which builds it;
-- the channel is how it goes. A lead has at most one row per template.
CREATE TABLE public.outbox (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  lead_id          uuid REFERENCES public.leads (id) ON DELETE CASCADE,
  template         text NOT NULL CHECK (template ~ '^[a-z][a-z0-9_]{1,39}$'),
  channel          text NOT NULL CHECK (channel IN ('owner_mail', 'owner_push', 'customer_mail', 'webhook', 'files')),
  attempts         integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at  timestamptz NOT NULL DEFAULT now(),
  last_error       text,
  sent_at          timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  -- The worker that claimed it (a per-process id); a lease in next_attempt_at frees it if that process dies.
  claimed_by       text,
  -- What the message needs that the stored rows do not say; emptied once sent (a sign-in link is a credential).
  payload          jsonb,
  UNIQUE (lead_id, template)
);
CREATE INDEX outbox_due_idx ON public.outbox (next_attempt_at) WHERE sent_at IS NULL;

-- Photos a visitor adds after sending the form (docs/decisions/044-lead-photos.md); the files are in the file
-- store as lead-photos/<lead id>/<name>.
CREATE TABLE public.lead_photos (
  lead_id uuid NOT NULL REFERENCES public.leads (id) ON DELETE CASCADE,
  object_name      text NOT NULL CHECK (object_name ~ '^[0-9a-f]{32}\.jpg$'),
  size_bytes       integer NOT NULL CHECK (size_bytes > 0),
  created_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (lead_id, object_name)
);

-- The SHA-256 of each upload token that stored photos, so "used" holds across instances.
CREATE TABLE public.lead_photo_tokens_used (
  token_hash       text PRIMARY KEY CHECK (char_length(token_hash) = 64),
  lead_id uuid NOT NULL REFERENCES public.leads (id) ON DELETE CASCADE,
  used_at          timestamptz NOT NULL DEFAULT now()
);

-- How many photos each upload token sent to be judged, stored or not (docs/decisions/051-uploads-refused-before-
-- reading.md): a token gets five, so a file that fails to decode cannot be sent again and again. A row goes with
-- its lead. Counted by one statement in app/server/leads/lead-photos.server.ts, before any photo is decoded.
CREATE TABLE public.lead_photo_token_counts (
  token_hash       text PRIMARY KEY CHECK (char_length(token_hash) = 64),
  lead_id uuid NOT NULL REFERENCES public.leads (id) ON DELETE CASCADE,
  photos           integer NOT NULL CHECK (photos > 0),
  first_at         timestamptz NOT NULL DEFAULT now()
);

-- Sliding windows per (bucket, key), shared by every instance (docs/decisions/021-shared-rate-limits.md).
CREATE TABLE public.rate_limit_hits (
  bucket text NOT NULL CHECK (char_length(bucket) BETWEEN 1 AND 40),
  key    text NOT NULL CHECK (char_length(key) BETWEEN 1 AND 128),
  hit_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX rate_limit_hits_key_idx ON public.rate_limit_hits (bucket, key, hit_at);
CREATE INDEX rate_limit_hits_age_idx ON public.rate_limit_hits (bucket, hit_at);

-- A job done once a day by whichever instance claims the day first (the morning list, the retention).
CREATE TABLE public.daily_runs (
  job        text NOT NULL CHECK (job IN ('morning-list', 'lead-retention')),
  day        date NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (job, day)
);

-- Server settings kept with the data (the visitor-address salt, when Google reviews were fetched).
CREATE TABLE public.app_settings (
  key        text PRIMARY KEY,
  value      text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- ---------------------------------------------------------------------------------------------------------
-- The owner's inbox (docs/decisions/033-owner-inbox.md, 041-owner-sessions.md)
-- ---------------------------------------------------------------------------------------------------------

-- One-time sign-in links: only the token's hash is stored.
CREATE TABLE public.owner_sign_in_links (
  token_hash text PRIMARY KEY CHECK (char_length(token_hash) = 64),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A row per sign-in, keyed by the hash of the secret only the owner's sealed cookie holds; user_id is derived
-- from OWNER_EMAIL, so a new address ends the old address's sessions.
CREATE TABLE public.owner_sessions (
  secret_hash  text PRIMARY KEY CHECK (char_length(secret_hash) = 64),
  user_id      uuid NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  revoked_at   timestamptz
);
CREATE INDEX owner_sessions_user_idx ON public.owner_sessions (user_id) WHERE revoked_at IS NULL;

CREATE TABLE public.owner_push_subscriptions (
  endpoint   text PRIMARY KEY CHECK (char_length(endpoint) BETWEEN 10 AND 1000),
  p256dh     text NOT NULL CHECK (char_length(p256dh) BETWEEN 10 AND 200),
  auth       text NOT NULL CHECK (char_length(auth) BETWEEN 10 AND 100),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- ---------------------------------------------------------------------------------------------------------
-- What the public pages show
-- ---------------------------------------------------------------------------------------------------------

-- The heroes' featured videos (home; services), at most one featured row each.
CREATE TABLE public.pressure_washing_videos (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title       text,
  video_url   text NOT NULL CHECK (char_length(video_url) > 0),
  mime_type   text DEFAULT 'video/mp4',
  is_featured boolean NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX pressure_washing_videos_one_featured_idx ON public.pressure_washing_videos (is_featured)
  WHERE is_featured;
CREATE TABLE public.service_videos (LIKE public.pressure_washing_videos INCLUDING ALL);

-- Reviews: the sample ones of seed.sql, manual ones, and Google's, cached by external_id.
CREATE TABLE public.reviews (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  author      text NOT NULL CHECK (char_length(author) BETWEEN 1 AND 100),
  avatar      text,
  rating      smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  text        text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 5000),
  review_date date NOT NULL,
  source      text NOT NULL DEFAULT 'manual',
  published   boolean NOT NULL DEFAULT true,
  created_at  timestamptz NOT NULL DEFAULT now(),
  external_id text CHECK (char_length(external_id) <= 300)
);
CREATE INDEX reviews_published_date_idx ON public.reviews (review_date DESC) WHERE published;
CREATE UNIQUE INDEX reviews_source_external_id_key ON public.reviews (source, external_id);

-- The owner's own job photos (docs/decisions/049-posted-work.md): the composed frame's variants are
-- posted-work/<image_hash>-<width>.<avif|webp> in the file store; no original is kept.
CREATE TABLE public.posted_work (
  id               uuid PRIMARY KEY,
  category         text NOT NULL CHECK (category IN ('Paver Cleaning', 'Driveway Cleaning', 'Patio Cleaning',
                     'House Washing', 'Walkway Cleaning', 'Deck Cleaning', 'Commercial Cleaning', 'Sidewalk Cleaning')),
  city_slug        text CHECK (city_slug IN ('orangevale', 'el-dorado-hills', 'loomis', 'granite-bay', 'roseville',
                     'west-sacramento', 'foothill-farms', 'rosemont', 'rocklin', 'rio-linda', 'rancho-cordova',
                     'carmichael', 'folsom', 'north-highlands', 'fair-oaks', 'citrus-heights')),
  caption          text CHECK (char_length(caption) BETWEEN 1 AND 200),
  alt              text NOT NULL CHECK (char_length(alt) BETWEEN 1 AND 250),
  image_hash       text NOT NULL CHECK (image_hash ~ '^[0-9a-f]{16}$'),
  width            integer NOT NULL CHECK (width BETWEEN 1 AND 4000),
  height           integer NOT NULL CHECK (height BETWEEN 1 AND 4000),
  widths           integer[] NOT NULL CHECK (cardinality(widths) BETWEEN 1 AND 8),
  placeholder      text NOT NULL CHECK (placeholder ~ '^#[0-9a-f]{6}$'),
  lead_id uuid REFERENCES public.leads (id) ON DELETE SET NULL,
  published        boolean NOT NULL DEFAULT true,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX posted_work_shown_idx ON public.posted_work (created_at DESC, id) WHERE published;

-- ---------------------------------------------------------------------------------------------------------
-- Quotes and jobs
-- ---------------------------------------------------------------------------------------------------------

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
  lead_id uuid NOT NULL UNIQUE REFERENCES public.leads (id) ON DELETE CASCADE,
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

-- ---------------------------------------------------------------------------------------------------------
-- A lead's life: stages, follow-ups, deletion
-- ---------------------------------------------------------------------------------------------------------

-- A status or note change dates the stages (contacted_at and quoted_at keep the first time, won_at is the latest
-- win and goes when the lead leaves "won", with its job value), moves the last contact, and settles the follow-ups
-- it makes pointless: the escalation waits for a lead still new, the quote reminders for one still quoted, and
-- becoming quoted queues them, once per lead (decision 048). A trigger, because every writer of a status (the
-- inbox, `npm run leads`, a quote sent or accepted) must do this in its own transaction, and none can forget it.
CREATE FUNCTION public.lead_changed()
RETURNS trigger
LANGUAGE plpgsql
SET search_path = ''
AS $$
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status OR NEW.owner_note IS DISTINCT FROM OLD.owner_note THEN
    NEW.last_contact_at := now();
  END IF;
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
  NEW.job_value_cents := CASE WHEN NEW.status = 'won' THEN NEW.job_value_cents END;
  NEW.status_changed_at := now();
  IF NEW.status <> 'new' THEN
    DELETE FROM public.outbox o
     WHERE o.lead_id = NEW.id AND o.template = 'owner_escalation' AND o.sent_at IS NULL;
  END IF;
  IF NEW.status = 'quoted' THEN
    INSERT INTO public.outbox (lead_id, template, channel, next_attempt_at)
    VALUES (NEW.id, 'owner_reminder_2d', 'owner_push', now() + interval '2 days'),
           (NEW.id, 'owner_reminder_7d', 'owner_push', now() + interval '7 days')
    ON CONFLICT (lead_id, template) DO NOTHING;
  ELSE
    DELETE FROM public.outbox o
     WHERE o.lead_id = NEW.id AND o.template IN ('owner_reminder_2d', 'owner_reminder_7d') AND o.sent_at IS NULL;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER leads_changed BEFORE UPDATE OF status, owner_note ON public.leads
  FOR EACH ROW EXECUTE FUNCTION public.lead_changed();

-- ---------------------------------------------------------------------------------------------------------
-- Writes
-- ---------------------------------------------------------------------------------------------------------

-- One hit for p_key in p_bucket: allowed (and recorded) while fewer than p_limit hits fall in the last
-- p_window_ms, else refused with the milliseconds until the oldest expires. A p_limit of 0 or less: no limit.
-- In SQL: the count and the insert are one round trip under a lock of that key alone, so a lead's transaction
-- (app/server/leads/store-lead.server.ts) counts its visitor without holding a lock every visitor shares.
CREATE FUNCTION public.hit_rate_limit(p_bucket text, p_key text, p_limit integer, p_window_ms integer)
RETURNS TABLE (allowed boolean, retry_after_ms integer)
LANGUAGE plpgsql
SET search_path = ''
AS $$
DECLARE
  v_now    timestamptz := clock_timestamp();
  v_window interval := greatest(p_window_ms, 0) * interval '1 millisecond';
  v_count  integer;
  v_oldest timestamptz;
BEGIN
  IF p_limit IS NULL OR p_limit <= 0 THEN
    RETURN QUERY SELECT true, 0;
    RETURN;
  END IF;
  -- Two instances counting the same key at once must not both take the last free hit.
  PERFORM pg_advisory_xact_lock(hashtextextended(p_bucket || ':' || p_key, 0));
  DELETE FROM public.rate_limit_hits h WHERE h.bucket = p_bucket AND h.key = p_key AND h.hit_at <= v_now - v_window;
  SELECT count(*)::integer, min(h.hit_at) INTO v_count, v_oldest
    FROM public.rate_limit_hits h WHERE h.bucket = p_bucket AND h.key = p_key;
  IF v_count >= p_limit THEN
    RETURN QUERY SELECT false, greatest(1, ceil(extract(epoch FROM (v_oldest + v_window - v_now)) * 1000))::integer;
    RETURN;
  END IF;
  INSERT INTO public.rate_limit_hits (bucket, key, hit_at) VALUES (p_bucket, p_key, v_now);
  -- Visitors who never come back leave expired hits: each call removes a few.
  DELETE FROM public.rate_limit_hits h
   WHERE h.ctid IN (SELECT o.ctid FROM public.rate_limit_hits o
                     WHERE o.bucket = p_bucket AND o.hit_at <= v_now - v_window LIMIT 50);
  RETURN QUERY SELECT true, 0;
END
$$;

-- Quotes and jobs' writes (decision 053).

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
  INSERT INTO public.outbox (lead_id, template, channel, payload, next_attempt_at)
  VALUES (p_lead, p_kind, CASE WHEN p_kind LIKE '%push' THEN 'owner_push' ELSE 'customer_mail' END, p_payload, p_due)
  ON CONFLICT (lead_id, template) DO UPDATE
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
   WHERE q.lead_id = p_lead
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
  SELECT q.status INTO v_status FROM public.leads q WHERE q.id = v_lead FOR UPDATE;
  IF v_status IS NULL OR v_status IN ('suspected_spam', 'archived') THEN
    RETURN QUERY SELECT 'no-lead', NULL::text, NULL::integer;
    RETURN;
  END IF;
  SELECT * INTO v_quote FROM public.quotes q WHERE q.lead_id = v_lead FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO public.quotes (lead_id, token) VALUES (v_lead, p ->> 'token') RETURNING * INTO v_quote;
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
  UPDATE public.leads q SET status = 'quoted' WHERE q.id = v_lead AND q.status <> 'quoted';
  PERFORM public.requeue_outbox(v_lead, 'quote_sent', jsonb_build_object('version', v_version));
  RETURN QUERY SELECT 'sent', v_quote.token, v_version;
END
$$;

-- The customer's answer on the quote page: "Ask for changes" (p: { token, message, push }) or "Accept quote"
-- (p: { token, version, hash (what the page showed), name, chosen (optional item ids), ipHash, userAgent, push }).
-- Answers gone (unknown, withdrawn or expired) or already (accepted before: nothing new) to either. A message is
-- stored and puts the owner's push due again: sent. An acceptance's total is summed here from the stored version:
-- a request never carries a price. It is recorded once, marks the lead won with that job value (the status
-- trigger dates it and ends the quote reminders), and queues the customer's confirmation and the owner's push,
-- in one transaction: accepted, or stale (a newer version) or unknown-item.
CREATE FUNCTION public.answer_quote(p jsonb)
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
  IF p ? 'message' THEN
    INSERT INTO public.quote_change_requests (quote_id, version, message)
    VALUES (v_quote.id, v_newest.version, p ->> 'message');
    IF coalesce((p ->> 'push')::boolean, false) THEN
      PERFORM public.requeue_outbox(v_quote.lead_id, 'quote_changes_push', NULL);
    END IF;
    RETURN 'sent';
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
  UPDATE public.leads q SET status = 'won', job_value_cents = v_total WHERE q.id = v_quote.lead_id;
  INSERT INTO public.outbox (lead_id, template, channel)
  SELECT v_quote.lead_id, k, CASE WHEN k LIKE '%push' THEN 'owner_push' ELSE 'customer_mail' END
    FROM unnest(ARRAY['quote_accepted']
                || CASE WHEN coalesce((p ->> 'push')::boolean, false) THEN ARRAY['quote_accepted_push'] ELSE '{}' END) AS k
  ON CONFLICT (lead_id, template) DO NOTHING;
  RETURN 'accepted';
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
  SELECT q.id INTO v_quote FROM public.quotes q WHERE q.lead_id = v_lead FOR UPDATE;
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
    DELETE FROM public.outbox o WHERE o.lead_id = v_lead AND o.template = 'job_reminder' AND o.sent_at IS NULL;
  ELSE
    INSERT INTO public.jobs AS j (quote_id, uid, day, arrival_start, arrival_end)
    VALUES (v_quote, p ->> 'uid', (p ->> 'day')::date, (p ->> 'start')::time, (p ->> 'end')::time)
    ON CONFLICT (quote_id) DO UPDATE
      SET day = excluded.day, arrival_start = excluded.arrival_start, arrival_end = excluded.arrival_end,
          sequence = j.sequence + 1, cancelled_at = NULL, updated_at = now()
    RETURNING j.sequence INTO v_sequence;
    IF p ->> 'reminderAt' IS NULL THEN
      DELETE FROM public.outbox o
       WHERE o.lead_id = v_lead AND o.template = 'job_reminder' AND o.sent_at IS NULL;
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

-- ---------------------------------------------------------------------------------------------------------
-- Access: only the site's server connects, as the owner of these tables
-- ---------------------------------------------------------------------------------------------------------

-- Row level security with no policy: a role other than the owner sees and changes no row.
DO $$
DECLARE
  t text;
BEGIN
  FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' LOOP
    EXECUTE format('ALTER TABLE public.%I ENABLE ROW LEVEL SECURITY', t);
  END LOOP;
END
$$;

-- A Supabase project's public API acts as the roles anon and authenticated, which Supabase grants every new
-- table and function by default; security does not stop TRUNCATE. Take it all back, now and for later objects.
REVOKE EXECUTE ON ALL FUNCTIONS IN SCHEMA public FROM PUBLIC;
ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE EXECUTE ON FUNCTIONS FROM PUBLIC;
DO $$
DECLARE
  r text;
BEGIN
  FOR r IN SELECT rolname FROM pg_roles WHERE rolname IN ('anon', 'authenticated') LOOP
    EXECUTE format('REVOKE ALL ON ALL TABLES IN SCHEMA public FROM %I', r);
    EXECUTE format('REVOKE ALL ON ALL FUNCTIONS IN SCHEMA public FROM %I', r);
    EXECUTE format('REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM %I', r);
    EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE ALL ON TABLES FROM %I', r);
    EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE ALL ON FUNCTIONS FROM %I', r);
    EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE ALL ON SEQUENCES FROM %I', r);
  END LOOP;
END
$$;
