-- The owner's side of where leads come from (docs/operations.md, "Where leads come from"): the sources view's
-- counts, each lead's channel and answer in the inbox and `npm run leads`, the job value entered when a lead is
-- won, and the won ad clicks Google Ads imports. Readers with new result columns get new names (…_v3), as in
-- 20261125000000_lead_address_time.sql: an older migration must still re-apply over the same name.

-- The owner may write the job value too, still only through RLS ("The inbox owner updates leads").
GRANT UPDATE (job_value) ON public.quote_requests TO authenticated;

DROP FUNCTION IF EXISTS public.owner_inbox_leads_v2(integer);
DROP FUNCTION IF EXISTS public.owner_update_lead_v2(uuid, text, text);
DROP FUNCTION IF EXISTS public.owner_list_leads_v2(timestamptz, text);

-- The inbox: owner_inbox_leads_v2 plus the channel, the answer, the job value and since when it has its status
-- (the card's quote follow-up mark).
CREATE OR REPLACE FUNCTION public.owner_inbox_leads_v3(p_limit integer DEFAULT 200)
RETURNS TABLE (
  id             uuid,
  created_at     timestamptz,
  first_name     text,
  email          text,
  phone          text,
  status         text,
  source_page    text,
  owner_note     text,
  service_street text,
  service_zip    text,
  preferred_time text,
  outside_area   boolean,
  source_channel text,
  heard_about    text,
  job_value      numeric,
  status_since   timestamptz
)
LANGUAGE sql
STABLE
SECURITY INVOKER
SET search_path = ''
AS $$
  SELECT q.id, q.created_at, q.first_name, q.email, q.phone, q.status, q.source_page, q.owner_note,
         q.service_street, q.service_zip, q.preferred_time, q.outside_area,
         q.source_channel, q.heard_about, q.job_value,
         coalesce(q.status_changed_at, q.last_contact_at, q.created_at)
    FROM public.quote_requests q
   WHERE q.status IN ('new', 'contacted', 'quoted', 'won', 'lost')
   ORDER BY q.created_at DESC, q.id
   LIMIT least(greatest(coalesce(p_limit, 200), 1), 500)
$$;

-- The job value is what a won job was worth (the ads' conversion value): kept only with "won", so a lead
-- that leaves "won" drops it, as the trigger drops won_at. The CHECK refuses a negative one.
CREATE OR REPLACE FUNCTION public.owner_update_lead_v3(
  p_id        uuid,
  p_status    text,
  p_note      text,
  p_job_value numeric DEFAULT NULL
)
RETURNS TABLE (
  id             uuid,
  created_at     timestamptz,
  first_name     text,
  email          text,
  phone          text,
  status         text,
  source_page    text,
  owner_note     text,
  service_street text,
  service_zip    text,
  preferred_time text,
  outside_area   boolean,
  source_channel text,
  heard_about    text,
  job_value      numeric,
  status_since   timestamptz
)
LANGUAGE sql
VOLATILE
SECURITY INVOKER
SET search_path = ''
AS $$
  UPDATE public.quote_requests q
     SET status = p_status, owner_note = nullif(p_note, ''),
         job_value = CASE WHEN p_status = 'won' THEN p_job_value END
   WHERE q.id = p_id AND p_status IN ('new', 'contacted', 'quoted', 'won', 'lost')
  RETURNING q.id, q.created_at, q.first_name, q.email, q.phone, q.status, q.source_page, q.owner_note,
            q.service_street, q.service_zip, q.preferred_time, q.outside_area,
            q.source_channel, q.heard_about, q.job_value,
         coalesce(q.status_changed_at, q.last_contact_at, q.created_at)
$$;

-- Per channel, then per answer to "How did you hear about us?", for leads that arrived in the last p_days:
-- real leads only (no suspected spam or archived). A NULL value is a lead from before the tracking (channel)
-- or one that left the question blank (answer). Contacted and quoted count a lead that ever reached the stage
-- (a quoted lead later lost is still quoted); won counts leads that are won now.
CREATE OR REPLACE FUNCTION public.owner_lead_sources(p_days integer)
RETURNS TABLE (
  dimension text,
  value     text,
  leads     integer,
  contacted integer,
  quoted    integer,
  won       integer,
  won_value numeric
)
LANGUAGE sql
STABLE
SECURITY INVOKER
SET search_path = ''
AS $$
  WITH recent AS (
    SELECT q.source_channel, q.heard_about, q.contacted_at, q.quoted_at, q.status, q.job_value
      FROM public.quote_requests q
     WHERE q.status IN ('new', 'contacted', 'quoted', 'won', 'lost')
       AND q.created_at >= now() - make_interval(days => least(greatest(coalesce(p_days, 30), 1), 3660))
  ), per AS (
    SELECT 'channel' AS dimension, r.source_channel AS value, r.* FROM recent r
    UNION ALL
    SELECT 'heard_about', r.heard_about, r.* FROM recent r
  )
  SELECT p.dimension, p.value, count(*)::integer, count(p.contacted_at)::integer, count(p.quoted_at)::integer,
         (count(*) FILTER (WHERE p.status = 'won'))::integer,
         coalesce(sum(p.job_value) FILTER (WHERE p.status = 'won'), 0)
    FROM per p
   GROUP BY p.dimension, p.value
   ORDER BY p.dimension, count(*) DESC, p.value NULLS LAST
$$;

-- Won leads that came from a Google ad click, for Google Ads' offline click-conversion import: the click id
-- the visit arrived with, when the lead was won, and the job value if the owner entered one.
CREATE OR REPLACE FUNCTION public.owner_conversions(p_since timestamptz DEFAULT NULL)
RETURNS TABLE (
  id        uuid,
  gclid     text,
  won_at    timestamptz,
  job_value numeric
)
LANGUAGE sql
STABLE
SECURITY INVOKER
SET search_path = ''
AS $$
  SELECT q.id, q.source_tags ->> 'gclid', q.won_at, q.job_value
    FROM public.quote_requests q
   WHERE q.status = 'won' AND q.won_at IS NOT NULL
     AND nullif(q.source_tags ->> 'gclid', '') IS NOT NULL
     AND (p_since IS NULL OR q.won_at >= p_since)
   ORDER BY q.won_at, q.id
$$;

REVOKE ALL ON FUNCTION
  public.owner_inbox_leads_v3(integer),
  public.owner_update_lead_v3(uuid, text, text, numeric),
  public.owner_lead_sources(integer),
  public.owner_conversions(timestamptz)
  FROM PUBLIC, anon;

GRANT EXECUTE ON FUNCTION
  public.owner_inbox_leads_v3(integer),
  public.owner_update_lead_v3(uuid, text, text, numeric),
  public.owner_lead_sources(integer),
  public.owner_conversions(timestamptz)
  TO authenticated, service_role;

-- `npm run leads`: owner_list_leads_v2 plus where the lead came from and how far it got.
CREATE OR REPLACE FUNCTION public.owner_list_leads_v3(p_since timestamptz DEFAULT NULL, p_status text DEFAULT NULL)
RETURNS TABLE (
  id             uuid,
  created_at     timestamptz,
  first_name     text,
  email          text,
  phone          text,
  status         text,
  source_page    text,
  spam_reason    text,
  service_street text,
  service_zip    text,
  preferred_time text,
  outside_area   boolean,
  source_channel text,
  heard_about    text,
  landing_path   text,
  referrer_host  text,
  source_tags    jsonb,
  job_value      numeric,
  contacted_at   timestamptz,
  quoted_at      timestamptz,
  won_at         timestamptz
)
LANGUAGE sql
STABLE
SECURITY INVOKER
SET search_path = ''
AS $$
  SELECT q.id, q.created_at, q.first_name, q.email, q.phone, q.status, q.source_page, q.spam_reason,
         q.service_street, q.service_zip, q.preferred_time, q.outside_area,
         q.source_channel, q.heard_about, q.landing_path, q.referrer_host, q.source_tags, q.job_value,
         q.contacted_at, q.quoted_at, q.won_at
    FROM public.quote_requests q
   WHERE (p_since IS NULL OR q.created_at >= p_since)
     AND (p_status IS NULL OR q.status = p_status)
   ORDER BY q.created_at DESC, q.id
$$;

REVOKE ALL ON FUNCTION public.owner_list_leads_v3(timestamptz, text) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.owner_list_leads_v3(timestamptz, text) TO service_role;
