-- The owner's day (docs/decisions/062-owner-day.md): the weekdays the truck is in each service-area city, the
-- dates it is not out, and the day a customer asks for after accepting a quote. The writes are TypeScript
-- transactions (app/features/schedule/), each locking the lead's row first, then schedule_settings' one row.

-- Jobs per day (null: no limit), the home base the Today view starts from, and the name the "On my way" text
-- signs with. One row, locked by every confirmation, so two confirmations of one day's last place take turns.
CREATE TABLE public.schedule_settings (
  id           boolean PRIMARY KEY DEFAULT true CHECK (id),
  jobs_per_day integer CHECK (jobs_per_day BETWEEN 1 AND 20),
  home_base    text CHECK (char_length(home_base) BETWEEN 5 AND 200),
  sender_name  text CHECK (char_length(sender_name) BETWEEN 1 AND 60),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
INSERT INTO public.schedule_settings (id) VALUES (true);

-- ISO weekdays (1 Monday … 7 Sunday) the truck is in a city; the slugs are app/content/service-areas.ts's.
CREATE TABLE public.truck_days (
  city_slug text NOT NULL CHECK (city_slug IN ('orangevale', 'el-dorado-hills', 'loomis', 'granite-bay', 'roseville',
              'west-sacramento', 'foothill-farms', 'rosemont', 'rocklin', 'rio-linda', 'rancho-cordova', 'carmichael',
              'folsom', 'north-highlands', 'fair-oaks', 'citrus-heights')),
  weekday   smallint NOT NULL CHECK (weekday BETWEEN 1 AND 7),
  PRIMARY KEY (city_slug, weekday)
);

-- A holiday or a week off: no date offered, no job confirmed.
CREATE TABLE public.blocked_days (
  day        date PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The customer's answer to the dates offered on an accepted quote's page: a day and window, or none of them
-- (day null). It holds no place until the owner confirms; "Offer other days" clears it so the page offers again.
CREATE TABLE public.day_requests (
  lead_id      uuid PRIMARY KEY REFERENCES public.quotes (lead_id) ON DELETE CASCADE,
  day          date,
  time_window  text CHECK (time_window IN ('morning', 'afternoon')),
  asked_at     timestamptz NOT NULL DEFAULT now(),
  confirmed_at timestamptz,
  CHECK ((day IS NULL) = (time_window IS NULL) AND (confirmed_at IS NULL OR day IS NOT NULL))
);
CREATE INDEX day_requests_day_idx ON public.day_requests (day);

ALTER TABLE public.schedule_settings ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.truck_days ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.blocked_days ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.day_requests ENABLE ROW LEVEL SECURITY;
