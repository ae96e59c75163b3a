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
  status_changed_at timestamptz,
  -- The service chosen on the form and the typical price shown for it, copied from the price list as it stood
  -- (docs/decisions/057-price-ranges.md): never what the browser sent. A size only with a range that has one.
  service_id        text CHECK (service_id IN ('concrete-sealing', 'full-house', 'driveway', 'patio', 'commercial',
                      'deck-fence', 'roof', 'gutter')),
  price_size        text CHECK (char_length(price_size) BETWEEN 1 AND 40),
  price_low_cents   integer CHECK (price_low_cents BETWEEN 0 AND 10000000),
  price_high_cents  integer CHECK (price_high_cents BETWEEN price_low_cents AND 10000000),
  price_minimum_cents integer CHECK (price_minimum_cents BETWEEN 0 AND 10000000),
  CHECK ((price_low_cents IS NULL) = (price_high_cents IS NULL) AND (price_low_cents IS NULL OR service_id IS NOT NULL)
         AND (price_size IS NULL OR price_low_cents IS NOT NULL))
);
CREATE INDEX leads_created_at_idx ON public.leads (created_at DESC);
CREATE INDEX leads_status_idx ON public.leads (status);
CREATE INDEX leads_last_contact_idx ON public.leads ((greatest(created_at, last_contact_at)));
CREATE INDEX leads_created_channel_idx ON public.leads (created_at, source_channel);

-- Everything sent after a lead is stored, each row written in its cause's transaction and delivered by the
-- site's worker (docs/decisions/008-lead-outbox.md, 048-follow-through.md); next_attempt_at is also a timer's
-- due time. The template names what is sent, checked by app/platform/outbox/templates.server.ts, which builds it;
-- the channel is how it goes. A lead has at most one row per template and key.
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
  -- '' but for a template a lead has several rows of: a receipt is keyed by its payment's or refund's id.
  key              text NOT NULL DEFAULT '' CHECK (char_length(key) <= 64),
  UNIQUE (lead_id, template, key)
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
-- its lead. Counted by one statement in app/features/leads/lead-photos.server.ts, before any photo is decoded.
CREATE TABLE public.lead_photo_token_counts (
  token_hash       text PRIMARY KEY CHECK (char_length(token_hash) = 64),
  lead_id uuid NOT NULL REFERENCES public.leads (id) ON DELETE CASCADE,
  photos           integer NOT NULL CHECK (photos > 0),
  first_at         timestamptz NOT NULL DEFAULT now()
);

-- Sliding windows per (bucket, key), shared by every instance (docs/decisions/021-shared-rate-limits.md).
-- Each hit says when it stops counting, and the outbox's worker deletes the expired ones once a minute, so no
-- request sweeps them (docs/decisions/061-lead-writes-that-do-not-slow.md). Every look names its bucket and key:
-- no index on the bucket alone, which a small table's plan took and kept as deleted hits piled up in it.
CREATE TABLE public.rate_limit_hits (
  bucket     text NOT NULL CHECK (char_length(bucket) BETWEEN 1 AND 40),
  key        text NOT NULL CHECK (char_length(key) BETWEEN 1 AND 128),
  hit_at     timestamptz NOT NULL DEFAULT clock_timestamp(),
  -- A hit inserted without it stays as long as the longest window hit_rate_limit takes (milliseconds in an integer).
  expires_at timestamptz NOT NULL DEFAULT clock_timestamp() + interval '2147483647 milliseconds'
);
CREATE INDEX rate_limit_hits_key_idx ON public.rate_limit_hits (bucket, key, hit_at);

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

-- The quote the customer accepts and the job on the calendar (docs/decisions/053-quotes-and-jobs.md). Each row
-- belongs to a lead and goes with it (ON DELETE CASCADE: decision 043's deletion and retention). Money is whole
-- cents. The writes are TypeScript transactions (app/features/quotes/), each locking the lead's row first.

-- The owner's short price list: one row per service of app/content/ (absent: the service's title, no price).
-- The list of ids is app/content/types.ts's serviceIds (tests/server/content-lists.test.ts).
CREATE TABLE public.price_list (
  service_id     text PRIMARY KEY CHECK (service_id IN ('concrete-sealing', 'full-house', 'driveway', 'patio',
                   'commercial', 'deck-fence', 'roof', 'gutter')),
  description    text NOT NULL CHECK (char_length(description) BETWEEN 1 AND 200),
  starting_cents integer CHECK (starting_cents BETWEEN 0 AND 10000000),
  -- What visitors see (docs/decisions/057-price-ranges.md): a minimum charge and a range per size the owner names,
  -- [{"size": "two-story", "lowCents": 35000, "highCents": 45000}] in his order (checked by priceListSchema in
  -- app/features/quotes/quote-schema.ts); a size '' is the one range of a service without sizes.
  minimum_cents  integer CHECK (minimum_cents BETWEEN 0 AND 10000000),
  size_ranges    jsonb NOT NULL DEFAULT '[]'
                 CHECK (jsonb_typeof(size_ranges) = 'array' AND jsonb_array_length(size_ranges) <= 6),
  updated_at     timestamptz NOT NULL DEFAULT now()
);

-- A lead's quote, reached by its unguessable token (32 base64url characters, 24 random bytes). Each "Send quote"
-- replaces the content and raises `version`; hash is the SHA-256 of that content, which an acceptance names.
-- Once accepted nothing changes: accepted_items is what the customer took (every required item and the options
-- ticked), as it stood. The newest "Ask for changes" message shows on the lead's card.
CREATE TABLE public.quotes (
  lead_id              uuid PRIMARY KEY REFERENCES public.leads (id) ON DELETE CASCADE,
  token                text NOT NULL UNIQUE CHECK (token ~ '^[A-Za-z0-9_-]{32}$'),
  version              integer NOT NULL CHECK (version BETWEEN 1 AND 1000),
  items                jsonb NOT NULL CHECK (jsonb_typeof(items) = 'array'),
  note                 text CHECK (char_length(note) BETWEEN 1 AND 2000),
  terms                text NOT NULL CHECK (char_length(terms) BETWEEN 1 AND 20000),
  -- The last Pacific day the customer may accept it.
  valid_until          date NOT NULL,
  hash                 text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
  sent_at              timestamptz NOT NULL DEFAULT now(),
  first_viewed_at      timestamptz,
  withdrawn_at         timestamptz,
  change_message       text CHECK (char_length(change_message) BETWEEN 1 AND 2000),
  change_asked_at      timestamptz,
  accepted_at          timestamptz,
  accepted_name        text CHECK (char_length(accepted_name) BETWEEN 2 AND 100),
  accepted_items       jsonb CHECK (jsonb_typeof(accepted_items) = 'array'),
  accepted_total_cents integer CHECK (accepted_total_cents >= 0),
  -- The site's salted hash of the client's address (never the address), and its user agent.
  accepted_ip_hash     text CHECK (accepted_ip_hash ~ '^[0-9a-f]{64}$'),
  accepted_user_agent  text CHECK (char_length(accepted_user_agent) <= 512),
  CHECK ((change_message IS NULL) = (change_asked_at IS NULL)),
  CHECK ((accepted_at IS NULL) = (accepted_name IS NULL) AND (accepted_at IS NULL) = (accepted_items IS NULL)
         AND (accepted_at IS NULL) = (accepted_total_cents IS NULL) AND (accepted_at IS NULL OR withdrawn_at IS NULL))
);

-- The job of an accepted quote: a Pacific day and an arrival window within opening hours (app/content/site.ts,
-- tests/server/content-lists.test.ts). uid stays across reschedules; sequence grows with each reschedule or
-- cancel, as RFC 5545 asks of an updated event.
CREATE TABLE public.jobs (
  lead_id       uuid PRIMARY KEY REFERENCES public.quotes (lead_id) ON DELETE CASCADE,
  uid           text NOT NULL UNIQUE CHECK (char_length(uid) BETWEEN 8 AND 200),
  day           date NOT NULL,
  arrival_start time NOT NULL,
  arrival_end   time NOT NULL,
  sequence      integer NOT NULL DEFAULT 0 CHECK (sequence >= 0),
  cancelled_at  timestamptz,
  updated_at    timestamptz NOT NULL DEFAULT now(),
  CHECK (arrival_start < arrival_end AND arrival_start >= '07:00' AND arrival_end <= '19:00')
);

-- ---------------------------------------------------------------------------------------------------------
-- Invoices and payments
-- ---------------------------------------------------------------------------------------------------------

-- The invoice of a done job and the money paid on it (docs/decisions/055-invoices-and-payments.md). Each row
-- belongs to a lead and goes with it; a payment or refund moves the lead's last contact, which retention counts
-- from. Money is whole cents. The writes are TypeScript transactions (app/features/payments/), each locking the
-- lead's row first, as the quotes' do.

-- The last invoice number given. Its one row is locked by "Send invoice" until that commits, so numbers run
-- without gap or repeat across instances (a rolled-back send gives its number back).
CREATE TABLE public.invoice_counter (
  id          boolean PRIMARY KEY DEFAULT true CHECK (id),
  last_number integer NOT NULL CHECK (last_number > 0)
);

-- A job's invoice, drafted at "Job done" from the accepted quote's items; lines change only while a draft.
-- "Send invoice" gives it its number, its sent time and the pay page's unguessable token (24 random bytes).
CREATE TABLE public.invoices (
  lead_id         uuid PRIMARY KEY REFERENCES public.leads (id) ON DELETE CASCADE,
  -- [{ id, description, cents, addedOnSite }]; total_cents is their sum, written with them, at most Stripe's
  -- most for one USD charge ($999,999.99), so every invoice can be paid by card in one go.
  items           jsonb NOT NULL CHECK (jsonb_typeof(items) = 'array'),
  total_cents     integer NOT NULL CHECK (total_cents BETWEEN 0 AND 99999999),
  created_at      timestamptz NOT NULL DEFAULT now(),
  number          integer UNIQUE CHECK (number > 0),
  token           text UNIQUE CHECK (token ~ '^[A-Za-z0-9_-]{32}$'),
  sent_at         timestamptz,
  first_viewed_at timestamptz,
  CHECK ((number IS NULL) = (sent_at IS NULL) AND (token IS NULL) = (sent_at IS NULL))
);

-- Money received on an invoice: a card payment through Stripe Checkout (one row per paid session, keyed by its
-- PaymentIntent; processing while a bank debit settles) or one the owner records. Paid beyond the total is an
-- overpayment the invoice shows until refunded; it is never refused or lost.
CREATE TABLE public.payments (
  id                    uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  lead_id               uuid NOT NULL REFERENCES public.invoices (lead_id) ON DELETE CASCADE,
  method                text NOT NULL CHECK (method IN ('card', 'cash', 'check', 'zelle', 'venmo', 'other')),
  amount_cents          integer NOT NULL CHECK (amount_cents BETWEEN 1 AND 99999999),
  -- Stripe's fee, read from the charge's balance transaction; 0 for the others.
  fee_cents             integer NOT NULL DEFAULT 0 CHECK (fee_cents >= 0),
  state                 text NOT NULL DEFAULT 'succeeded' CHECK (state IN ('processing', 'succeeded', 'failed')),
  -- The Pacific day the money came (a card's: the day Stripe confirmed it).
  received_on           date NOT NULL,
  check_number          text CHECK (char_length(check_number) BETWEEN 1 AND 40),
  stripe_payment_intent text UNIQUE CHECK (stripe_payment_intent ~ '^pi_[A-Za-z0-9_]{1,250}$'),
  stripe_session        text UNIQUE CHECK (stripe_session ~ '^cs_[A-Za-z0-9_]{1,250}$'),
  stripe_charge         text CHECK (stripe_charge ~ '^(ch|py)_[A-Za-z0-9_]{1,250}$'),
  created_at            timestamptz NOT NULL DEFAULT now(),
  CHECK ((method = 'card') = (stripe_payment_intent IS NOT NULL)),
  CHECK (method = 'card' OR state = 'succeeded'),
  CHECK (method = 'check' OR check_number IS NULL)
);
CREATE INDEX payments_lead_idx ON public.payments (lead_id);
CREATE INDEX payments_received_idx ON public.payments (received_on) WHERE state = 'succeeded';

-- Money given back: a card payment's through Stripe (recorded at once by its id, so the later charge.refunded
-- adds nothing), any other's as the owner says. Never more than its payment, checked under the lead's lock.
-- A Stripe refund keeps Stripe's status: pending and succeeded count as given back; failed (with Stripe's reason)
-- and canceled do not, since the money came back to the account rather than reaching the customer.
CREATE TABLE public.refunds (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  payment_id     uuid NOT NULL REFERENCES public.payments (id) ON DELETE CASCADE,
  amount_cents   integer NOT NULL CHECK (amount_cents BETWEEN 1 AND 99999999),
  refunded_on    date NOT NULL,
  stripe_refund  text UNIQUE CHECK (stripe_refund ~ '^(re|pyr)_[A-Za-z0-9_]{1,250}$'),
  state          text NOT NULL DEFAULT 'succeeded' CHECK (state IN ('pending', 'succeeded', 'failed', 'canceled')),
  failure_reason text CHECK (failure_reason ~ '^[a-z_]{1,60}$'),
  created_at     timestamptz NOT NULL DEFAULT now(),
  CHECK (stripe_refund IS NOT NULL OR state = 'succeeded'),
  CHECK (state = 'failed' OR failure_reason IS NULL)
);
CREATE INDEX refunds_payment_idx ON public.refunds (payment_id);

-- Each Checkout Session made for an invoice, with the balance it was made for: a webhook's session must be one of
-- these and charge that amount in dollars; a newer click expires the older ones (closed_at once done). One whose
-- amount or currency was not that is mismatched: nothing is recorded, and the pay page says it did not go through.
CREATE TABLE public.checkout_sessions (
  id            text PRIMARY KEY CHECK (id ~ '^cs_[A-Za-z0-9_]{1,250}$'),
  lead_id       uuid NOT NULL REFERENCES public.invoices (lead_id) ON DELETE CASCADE,
  amount_cents  integer NOT NULL CHECK (amount_cents > 0),
  created_at    timestamptz NOT NULL DEFAULT now(),
  closed_at     timestamptz,
  mismatched_at timestamptz
);
CREATE INDEX checkout_sessions_lead_idx ON public.checkout_sessions (lead_id);

-- Each verified Stripe event, once, written in the transaction of its effects: a repeat changes nothing. Ids and
-- types only, no personal data, so the rows outlive the leads they touched.
CREATE TABLE public.stripe_events (
  id          text PRIMARY KEY CHECK (id ~ '^evt_[A-Za-z0-9_]{1,250}$'),
  type        text NOT NULL CHECK (char_length(type) BETWEEN 1 AND 100),
  received_at timestamptz NOT NULL DEFAULT now()
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
  -- A follow-up goes only while the lead's status is its payload's `while` (app/features/owner/owner.outbox.server.ts):
  -- the escalation of a lead still new, the reminders of one still quoted. Those this change made moot go now.
  DELETE FROM public.outbox o
   WHERE o.lead_id = NEW.id AND o.template = 'owner_follow_up' AND o.sent_at IS NULL
     AND o.payload ->> 'while' IS DISTINCT FROM NEW.status;
  IF NEW.status = 'quoted' THEN
    INSERT INTO public.outbox (lead_id, template, channel, key, payload, next_attempt_at)
    VALUES (NEW.id, 'owner_follow_up', 'owner_push', 'quoted-2d', '{"while": "quoted", "days": 2}',
            now() + interval '2 days'),
           (NEW.id, 'owner_follow_up', 'owner_push', 'quoted-7d', '{"while": "quoted", "days": 7}',
            now() + interval '7 days')
    ON CONFLICT (lead_id, template, key) DO NOTHING;
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
-- (app/features/leads/store-lead.server.ts) counts its visitor without holding a lock every visitor shares.
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
  INSERT INTO public.rate_limit_hits (bucket, key, hit_at, expires_at) VALUES (p_bucket, p_key, v_now, v_now + v_window);
  RETURN QUERY SELECT true, 0;
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
