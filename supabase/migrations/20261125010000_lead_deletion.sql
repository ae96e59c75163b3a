-- Deleting leads as the privacy notice promises (docs/decisions/043-lead-deletion.md): the owner deletes one
-- (inbox or `npm run leads -- delete`), and every lead whose last contact is older than the retention goes
-- daily. Each deleted lead's id is queued in lead_file_purges for whoever holds the photo store's keys (the
-- embedded site, or send-quote-email with the service role) to remove its photos, then to clear the queue.

-- The last contact beyond the arrival: a status or note change (the owner's work, or a customer's resend that
-- rescues a suspected-spam lead). NULL until then; greatest() ignores it, so old rows keep their arrival.
ALTER TABLE public.quote_requests ADD COLUMN IF NOT EXISTS last_contact_at timestamptz;
CREATE INDEX IF NOT EXISTS quote_requests_last_contact_idx
  ON public.quote_requests ((greatest(created_at, last_contact_at)));

CREATE OR REPLACE FUNCTION public.quote_request_touched()
RETURNS trigger
LANGUAGE plpgsql
SET search_path = ''
AS $$
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status OR NEW.owner_note IS DISTINCT FROM OLD.owner_note THEN
    NEW.last_contact_at := now();
  END IF;
  RETURN NEW;
END
$$;

DROP TRIGGER IF EXISTS quote_requests_touched ON public.quote_requests;
CREATE TRIGGER quote_requests_touched BEFORE UPDATE OF status, owner_note ON public.quote_requests
  FOR EACH ROW EXECUTE FUNCTION public.quote_request_touched();

-- Photos live outside the database (a folder, or Storage), so their removal is queued with the deletion and
-- survives a crash or an unreachable Storage until the next purge.
CREATE TABLE IF NOT EXISTS public.lead_file_purges (
  lead_id   uuid PRIMARY KEY,
  queued_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE public.lead_file_purges ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON public.lead_file_purges FROM PUBLIC, anon, authenticated;
GRANT SELECT, INSERT, DELETE ON public.lead_file_purges TO service_role;

-- SECURITY DEFINER: the owner deleting a lead may not write the queue itself.
CREATE OR REPLACE FUNCTION public.quote_request_deleted()
RETURNS trigger
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = ''
AS $$
BEGIN
  INSERT INTO public.lead_file_purges (lead_id) VALUES (OLD.id) ON CONFLICT (lead_id) DO NOTHING;
  RETURN NULL;
END
$$;
REVOKE ALL ON FUNCTION public.quote_request_deleted() FROM PUBLIC, anon, authenticated;

DROP TRIGGER IF EXISTS quote_requests_deleted ON public.quote_requests;
CREATE TRIGGER quote_requests_deleted AFTER DELETE ON public.quote_requests
  FOR EACH ROW EXECUTE FUNCTION public.quote_request_deleted();

-- SECURITY DEFINER, as owner_request_review: the owner may delete one lead by its id through this function, never
-- rows of the table directly. A signed-in user other than the inbox owner is refused; the service role (`npm run
-- leads` on Supabase) and the embedded site's superuser carry no user id. Every outbox row of the lead goes with
-- it (ON DELETE CASCADE): an unsent e-mail, webhook, push or review request must not reach anyone about a deleted
-- request, and a sent one only records that it was sent. False: no such lead.
CREATE OR REPLACE FUNCTION public.owner_delete_lead(p_id uuid)
RETURNS boolean
LANGUAGE plpgsql
VOLATILE
SECURITY DEFINER
SET search_path = ''
AS $$
BEGIN
  IF auth.uid() IS NOT NULL AND NOT public.is_inbox_owner() THEN
    RAISE EXCEPTION 'only the inbox owner deletes leads' USING ERRCODE = '42501';
  END IF;
  DELETE FROM public.quote_requests q WHERE q.id = p_id;
  RETURN FOUND;
END
$$;

REVOKE ALL ON FUNCTION public.owner_delete_lead(uuid) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.owner_delete_lead(uuid) TO authenticated, service_role;

-- Every lead whose last contact is older than p_months (the privacy notice says 24). Service role only: the
-- embedded site calls it as its superuser, Supabase's pg_cron as the database owner.
CREATE OR REPLACE FUNCTION public.delete_expired_leads(p_months integer DEFAULT 24)
RETURNS TABLE (id uuid)
LANGUAGE plpgsql
VOLATILE
SECURITY INVOKER
SET search_path = ''
AS $$
BEGIN
  IF p_months IS NULL OR p_months < 1 THEN
    RAISE EXCEPTION 'the retention is a whole number of months, at least 1' USING ERRCODE = '22023';
  END IF;
  RETURN QUERY
    DELETE FROM public.quote_requests q
     WHERE greatest(q.created_at, q.last_contact_at) < now() - make_interval(months => p_months)
    RETURNING q.id;
END
$$;

-- The photo purger's two calls: what is queued, then what it removed.
CREATE OR REPLACE FUNCTION public.lead_file_purges_due(p_limit integer DEFAULT 100)
RETURNS TABLE (lead_id uuid)
LANGUAGE sql
STABLE
SECURITY INVOKER
SET search_path = ''
AS $$
  SELECT p.lead_id FROM public.lead_file_purges p ORDER BY p.queued_at, p.lead_id
   LIMIT least(greatest(coalesce(p_limit, 100), 1), 1000)
$$;

CREATE OR REPLACE FUNCTION public.finish_lead_file_purges(p_ids uuid[])
RETURNS integer
LANGUAGE sql
VOLATILE
SECURITY INVOKER
SET search_path = ''
AS $$
  WITH gone AS (DELETE FROM public.lead_file_purges p WHERE p.lead_id = ANY (p_ids) RETURNING 1)
  SELECT count(*)::integer FROM gone
$$;

REVOKE ALL ON FUNCTION
  public.delete_expired_leads(integer),
  public.lead_file_purges_due(integer),
  public.finish_lead_file_purges(uuid[])
  FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION
  public.delete_expired_leads(integer),
  public.lead_file_purges_due(integer),
  public.finish_lead_file_purges(uuid[])
  TO service_role;

-- Supabase: daily at 10:17 UTC (early morning in Sacramento), where pg_cron is enabled. PGlite has no pg_cron:
-- the embedded site runs the same function on its own timer. Enabling pg_cron later: supabase/README.md.
DO $$
BEGIN
  IF EXISTS (SELECT FROM pg_extension WHERE extname = 'pg_cron') THEN
    PERFORM cron.schedule('delete-expired-leads', '17 10 * * *', 'SELECT count(*) FROM public.delete_expired_leads()');
  END IF;
END
$$;
