-- The owner's inbox on Supabase (docs/decisions/033-owner-inbox.md): the owner signs in with Supabase Auth's
-- e-mail link, and the site calls the two functions below with the owner's own access token. Row level
-- security lets an authenticated user listed in inbox_owners read leads and change their status and note;
-- any other user sees no lead. anon keeps no access. Embedded (PGlite), the site is superuser as before.

-- PGlite has no auth schema: hosted Supabase's auth.uid(), reading the claims PostgREST sets.
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_namespace WHERE nspname = 'auth') THEN
    CREATE SCHEMA auth;
    CREATE FUNCTION auth.uid() RETURNS uuid LANGUAGE sql STABLE
      AS $f$ SELECT nullif(current_setting('request.jwt.claims', true)::jsonb ->> 'sub', '')::uuid $f$;
    GRANT USAGE ON SCHEMA auth TO anon, authenticated, service_role;
  END IF;
END
$$;

-- The owner adds their Supabase Auth user id here once (supabase/README.md).
CREATE TABLE IF NOT EXISTS public.inbox_owners (
  user_id    uuid PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE public.inbox_owners ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON public.inbox_owners FROM PUBLIC, anon, authenticated;
GRANT SELECT, INSERT, UPDATE, DELETE ON public.inbox_owners TO service_role;

-- SECURITY DEFINER: it reads inbox_owners, which the caller cannot.
CREATE OR REPLACE FUNCTION public.is_inbox_owner()
RETURNS boolean
LANGUAGE sql
STABLE
SECURITY DEFINER
SET search_path = ''
AS $$
  SELECT EXISTS (SELECT 1 FROM public.inbox_owners o WHERE o.user_id = auth.uid())
$$;

GRANT SELECT, UPDATE (status, owner_note) ON public.quote_requests TO authenticated;

DROP POLICY IF EXISTS "The inbox owner reads leads" ON public.quote_requests;
CREATE POLICY "The inbox owner reads leads" ON public.quote_requests
  FOR SELECT TO authenticated USING ((SELECT public.is_inbox_owner()));

DROP POLICY IF EXISTS "The inbox owner updates leads" ON public.quote_requests;
CREATE POLICY "The inbox owner updates leads" ON public.quote_requests
  FOR UPDATE TO authenticated
  USING ((SELECT public.is_inbox_owner()))
  WITH CHECK ((SELECT public.is_inbox_owner()));

-- SECURITY INVOKER: the policies above decide what the caller gets.
CREATE OR REPLACE FUNCTION public.owner_inbox_leads(p_limit integer DEFAULT 200)
RETURNS TABLE (
  id          uuid,
  created_at  timestamptz,
  first_name  text,
  email       text,
  phone       text,
  status      text,
  source_page text,
  owner_note  text
)
LANGUAGE sql
STABLE
SECURITY INVOKER
SET search_path = ''
AS $$
  SELECT q.id, q.created_at, q.first_name, q.email, q.phone, q.status, q.source_page, q.owner_note
    FROM public.quote_requests q
   WHERE q.status IN ('new', 'contacted', 'quoted', 'won', 'lost')
   ORDER BY q.created_at DESC, q.id
   LIMIT least(greatest(coalesce(p_limit, 200), 1), 500)
$$;

-- No row back: no such lead, not the owner, or a status the inbox does not set.
CREATE OR REPLACE FUNCTION public.owner_update_lead(p_id uuid, p_status text, p_note text)
RETURNS TABLE (
  id          uuid,
  created_at  timestamptz,
  first_name  text,
  email       text,
  phone       text,
  status      text,
  source_page text,
  owner_note  text
)
LANGUAGE sql
VOLATILE
SECURITY INVOKER
SET search_path = ''
AS $$
  UPDATE public.quote_requests q SET status = p_status, owner_note = nullif(p_note, '')
   WHERE q.id = p_id AND p_status IN ('new', 'contacted', 'quoted', 'won', 'lost')
  RETURNING q.id, q.created_at, q.first_name, q.email, q.phone, q.status, q.source_page, q.owner_note
$$;

REVOKE ALL ON FUNCTION
  public.is_inbox_owner(),
  public.owner_inbox_leads(integer),
  public.owner_update_lead(uuid, text, text)
  FROM PUBLIC, anon;

GRANT EXECUTE ON FUNCTION
  public.is_inbox_owner(),
  public.owner_inbox_leads(integer),
  public.owner_update_lead(uuid, text, text)
  TO authenticated, service_role;
