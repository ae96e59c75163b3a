-- ---------------------------------------------------------------------------------------------------------
-- Come back: past customers due again, and the review request of a paid job (docs/decisions/063-come-back.md)
-- ---------------------------------------------------------------------------------------------------------

-- "Due again after N months" per service, set in the Prices view. A service without a row has the default of
-- app/features/come-back/due-again.ts; a row with months NULL is "never".
CREATE TABLE public.due_again_intervals (
  service_id text PRIMARY KEY CHECK (service_id IN ('concrete-sealing', 'full-house', 'driveway', 'patio',
               'commercial', 'deck-fence', 'roof', 'gutter')),
  months     integer CHECK (months BETWEEN 1 AND 120)
);

-- A person the business did a job for: one per e-mail address (stored lower-case), so importing someone again
-- finds the same row, and a stop holds for every later import. stop_token is the "Stop reminders" link's.
CREATE TABLE public.past_customers (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email         text NOT NULL UNIQUE CHECK (char_length(email) BETWEEN 3 AND 254 AND email = lower(email)),
  name          text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  phone         text NOT NULL CHECK (char_length(phone) BETWEEN 1 AND 40),
  street        text CHECK (char_length(street) BETWEEN 1 AND 200),
  zip           text CHECK (zip ~ '^[0-9]{5}(-[0-9]{4})?$'),
  stop_token    text NOT NULL UNIQUE CHECK (stop_token ~ '^[A-Za-z0-9_-]{32}$'),
  stopped_at    timestamptz,
  -- "Not this year": no reminder for a due date before this Pacific day.
  snoozed_until date,
  created_at    timestamptz NOT NULL DEFAULT now()
);

-- A done job: imported from a CSV (import_key: the SHA-256 of its cleaned row, so the same file twice adds
-- nothing) or a paid invoice (lead_id). items is what was done, [{description, cents}], for "Same as last time".
CREATE TABLE public.past_jobs (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES public.past_customers (id) ON DELETE CASCADE,
  service_id  text NOT NULL CHECK (service_id IN ('concrete-sealing', 'full-house', 'driveway', 'patio',
                'commercial', 'deck-fence', 'roof', 'gutter')),
  done_on     date NOT NULL,
  price_cents integer NOT NULL CHECK (price_cents BETWEEN 0 AND 10000000),
  items       jsonb NOT NULL CHECK (jsonb_typeof(items) = 'array'),
  -- A paid job's lead outlives neither retention nor deletion; the job stays, as the customer's history.
  lead_id     uuid UNIQUE REFERENCES public.leads (id) ON DELETE SET NULL,
  import_key  text UNIQUE CHECK (import_key ~ '^[0-9a-f]{64}$'),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX past_jobs_customer_idx ON public.past_jobs (customer_id, done_on DESC);

-- One reminder per customer and due date, whoever sent it (the worker 14 days before, or "Send reminder now").
-- token is the offered days' and "Not this year" links'; booking sets booked_* once.
CREATE TABLE public.due_reminders (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES public.past_customers (id) ON DELETE CASCADE,
  past_job_id uuid NOT NULL REFERENCES public.past_jobs (id) ON DELETE CASCADE,
  due_on      date NOT NULL,
  token       text NOT NULL UNIQUE CHECK (token ~ '^[A-Za-z0-9_-]{32}$'),
  sent_at     timestamptz,
  sent_count  integer NOT NULL DEFAULT 0 CHECK (sent_count >= 0),
  booked_at   timestamptz,
  booked_day  date,
  -- The arrival window asked for with the day, as the owner's day offers them (20261205000000_owner_day.sql).
  booked_window text CHECK (booked_window IN ('morning', 'afternoon')),
  lead_id     uuid REFERENCES public.leads (id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (customer_id, due_on),
  CHECK ((booked_at IS NULL) = (booked_day IS NULL) AND (booked_day IS NULL) = (booked_window IS NULL))
);
CREATE INDEX due_reminders_lead_idx ON public.due_reminders (lead_id);

-- The review request of a lead whose invoice was paid in full: queued for 9:00 Pacific the next morning, one
-- reminder 6 days later unless opened. /r/<token> counts the click (opened_at, clicks) and redirects.
CREATE TABLE public.review_requests (
  lead_id    uuid PRIMARY KEY REFERENCES public.leads (id) ON DELETE CASCADE,
  token      text NOT NULL UNIQUE CHECK (token ~ '^[A-Za-z0-9_-]{32}$'),
  queued_at  timestamptz NOT NULL,
  held_at    timestamptz,
  sent_at    timestamptz,
  opened_at  timestamptz,
  clicks     integer NOT NULL DEFAULT 0 CHECK (clicks >= 0)
);

-- A lead booked from a reminder's offered day counts under its own channel in Sources.
ALTER TABLE public.leads DROP CONSTRAINT leads_source_channel_check;
ALTER TABLE public.leads ADD CONSTRAINT leads_source_channel_check CHECK (source_channel IN
  ('paid_search', 'google_business_profile', 'organic_search', 'social', 'referral', 'campaign', 'direct',
   'due_again'));

ALTER TABLE public.due_again_intervals ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.past_customers ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.past_jobs ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.due_reminders ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.review_requests ENABLE ROW LEVEL SECURITY;
