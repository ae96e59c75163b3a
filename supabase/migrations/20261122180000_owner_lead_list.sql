-- The owner's lead list (`npm run leads`): the same two functions serve both backends. Embedded, the site
-- calls them on its own database; on Supabase the owner's command line calls them through RPC with the
-- service role key, which only the owner holds. Neither the anon nor the authenticated role may run them.

CREATE OR REPLACE FUNCTION public.owner_list_leads(p_since timestamptz DEFAULT NULL, p_status text DEFAULT NULL)
RETURNS TABLE (
  id          uuid,
  created_at  timestamptz,
  first_name  text,
  email       text,
  phone       text,
  status      text,
  source_page text,
  spam_reason text
)
LANGUAGE sql
STABLE
SECURITY INVOKER
SET search_path = ''
AS $$
  SELECT q.id, q.created_at, q.first_name, q.email, q.phone, q.status, q.source_page, q.spam_reason
    FROM public.quote_requests q
   WHERE (p_since IS NULL OR q.created_at >= p_since)
     AND (p_status IS NULL OR q.status = p_status)
   ORDER BY q.created_at DESC, q.id
$$;

-- No row back: no lead with that id. A status outside the table's CHECK list fails with 23514.
CREATE OR REPLACE FUNCTION public.owner_set_lead_status(p_id uuid, p_status text)
RETURNS TABLE (id uuid, status text)
LANGUAGE sql
VOLATILE
SECURITY INVOKER
SET search_path = ''
AS $$
  UPDATE public.quote_requests q SET status = p_status WHERE q.id = p_id RETURNING q.id, q.status
$$;

REVOKE ALL ON FUNCTION
  public.owner_list_leads(timestamptz, text),
  public.owner_set_lead_status(uuid, text)
  FROM PUBLIC, anon, authenticated;

GRANT EXECUTE ON FUNCTION
  public.owner_list_leads(timestamptz, text),
  public.owner_set_lead_status(uuid, text)
  TO service_role;
