-- Alerts and review requests on Supabase (docs/decisions/033-owner-inbox.md). The inbox owner saves push
-- subscriptions with their own token (row level security); send-quote-email queues an `owner_push` row per
-- lead that is not suspected spam when it holds the VAPID keys (p_push), and delivers it and the owner's
-- `review_request` rows with the outbox's backoff. A review request carries the site's GOOGLE_REVIEW_URL in
-- its payload, so the link is configured once, on the site. The inbox reads the requests' state through
-- owner_review_requests().

GRANT SELECT, INSERT, UPDATE, DELETE ON public.owner_push_subscriptions TO authenticated;
DROP POLICY IF EXISTS "The inbox owner keeps push subscriptions" ON public.owner_push_subscriptions;
CREATE POLICY "The inbox owner keeps push subscriptions" ON public.owner_push_subscriptions
  FOR ALL TO authenticated
  USING ((SELECT public.is_inbox_owner()))
  WITH CHECK ((SELECT public.is_inbox_owner()));

-- SECURITY INVOKER: another user's insert breaks the policy (42501).
CREATE OR REPLACE FUNCTION public.owner_save_push_subscription(p_endpoint text, p_p256dh text, p_auth text)
RETURNS boolean
LANGUAGE sql
VOLATILE
SECURITY INVOKER
SET search_path = ''
AS $$
  INSERT INTO public.owner_push_subscriptions AS s (endpoint, p256dh, auth) VALUES (p_endpoint, p_p256dh, p_auth)
  ON CONFLICT (endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth
  RETURNING true
$$;

-- Whether each lead's review request is queued or sent, for the inbox owner only: the outbox stays private.
-- Beside owner_inbox_leads, whose return type stays as it was, so every migration re-applies harmlessly.
CREATE OR REPLACE FUNCTION public.owner_review_requests()
RETURNS TABLE (quote_request_id uuid, sent_at timestamptz)
LANGUAGE sql
STABLE
SECURITY DEFINER
SET search_path = ''
AS $$
  SELECT o.quote_request_id, o.sent_at FROM public.quote_outbox o
   WHERE o.kind = 'review_request' AND public.is_inbox_owner()
$$;

-- SECURITY DEFINER: the owner may not write the outbox, only queue this one kind, once per won lead
-- (UNIQUE (quote_request_id, kind)). Answers queued, already-sent, not-won or no-lead.
CREATE OR REPLACE FUNCTION public.owner_request_review(p_id uuid, p_review_url text)
RETURNS text
LANGUAGE plpgsql
VOLATILE
SECURITY DEFINER
SET search_path = ''
AS $$
DECLARE
  v_status text;
  v_queued uuid;
BEGIN
  IF NOT public.is_inbox_owner() THEN
    RAISE EXCEPTION 'only the inbox owner sends review requests' USING ERRCODE = '42501';
  END IF;
  IF p_review_url IS NULL OR p_review_url !~ '^https://[^[:space:]]+$' OR char_length(p_review_url) > 500 THEN
    RAISE EXCEPTION 'the review link must be an https address' USING ERRCODE = '22023';
  END IF;
  SELECT q.status INTO v_status FROM public.quote_requests q WHERE q.id = p_id FOR UPDATE;
  IF v_status IS NULL OR v_status NOT IN ('new', 'contacted', 'quoted', 'won', 'lost') THEN
    RETURN 'no-lead';
  END IF;
  IF v_status <> 'won' THEN
    RETURN 'not-won';
  END IF;
  INSERT INTO public.quote_outbox AS o (quote_request_id, kind, payload)
  VALUES (p_id, 'review_request', jsonb_build_object('reviewUrl', p_review_url))
  ON CONFLICT (quote_request_id, kind) DO NOTHING
  RETURNING o.id INTO v_queued;
  RETURN CASE WHEN v_queued IS NULL THEN 'already-sent' ELSE 'queued' END;
END
$$;

REVOKE ALL ON FUNCTION
  public.owner_review_requests(),
  public.owner_save_push_subscription(text, text, text),
  public.owner_request_review(uuid, text)
  FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION
  public.owner_review_requests(),
  public.owner_save_push_subscription(text, text, text),
  public.owner_request_review(uuid, text)
  TO authenticated, service_role;

-- p_push: send-quote-email has the VAPID keys, so every lead that is not suspected spam queues a push.
DROP FUNCTION IF EXISTS public.record_quote_request(text, text, text, text, text, text, text, boolean);

CREATE OR REPLACE FUNCTION public.record_quote_request(
  p_first_name      text,
  p_email           text,
  p_phone           text,
  p_idempotency_key text,
  p_source_page     text DEFAULT NULL,
  p_user_agent      text DEFAULT NULL,
  p_spam_reason     text DEFAULT NULL,
  p_webhook         boolean DEFAULT false,
  p_push            boolean DEFAULT false
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
  v_kinds  text[] := array_remove(ARRAY[
    CASE WHEN p_webhook THEN 'lead_webhook' END,
    CASE WHEN p_push THEN 'owner_push' END], NULL);
BEGIN
  INSERT INTO public.quote_requests AS q (first_name, email, phone, status, idempotency_key, source_page, user_agent, spam_reason)
  VALUES (p_first_name, p_email, p_phone, CASE WHEN p_spam_reason IS NULL THEN 'new' ELSE 'suspected_spam' END,
          p_idempotency_key, p_source_page, p_user_agent, left(p_spam_reason, 200))
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING q.id INTO v_lead;

  IF v_lead IS NOT NULL THEN
    IF p_spam_reason IS NULL THEN
      INSERT INTO public.quote_outbox AS o (quote_request_id, kind)
      VALUES (v_lead, 'owner_notification')
      RETURNING o.id INTO v_outbox;
      INSERT INTO public.quote_outbox (quote_request_id, kind) SELECT v_lead, unnest(v_kinds);
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
    RETURN QUERY SELECT v_lead, v_outbox, false;
    RETURN;
  END IF;

  SELECT o.id INTO v_outbox FROM public.quote_outbox o
   WHERE o.quote_request_id = v_lead AND o.kind = 'owner_notification';
  RETURN QUERY SELECT v_lead, v_outbox, true;
END
$$;

REVOKE ALL ON FUNCTION public.record_quote_request(text, text, text, text, text, text, text, boolean, boolean) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.record_quote_request(text, text, text, text, text, text, text, boolean, boolean) TO service_role;

-- The worker's reads: a row's payload (a review request's link), the phones to push to; and its drop on
-- 404/410 (service role only).
CREATE OR REPLACE FUNCTION public.outbox_payload(p_outbox_id uuid)
RETURNS jsonb
LANGUAGE sql
STABLE
SECURITY INVOKER
SET search_path = ''
AS $$
  SELECT o.payload FROM public.quote_outbox o WHERE o.id = p_outbox_id
$$;

CREATE OR REPLACE FUNCTION public.owner_push_targets()
RETURNS TABLE (endpoint text, p256dh text, auth text)
LANGUAGE sql
STABLE
SECURITY INVOKER
SET search_path = ''
AS $$
  SELECT s.endpoint, s.p256dh, s.auth FROM public.owner_push_subscriptions s ORDER BY s.created_at
$$;

CREATE OR REPLACE FUNCTION public.drop_owner_push_subscription(p_endpoint text)
RETURNS void
LANGUAGE sql
VOLATILE
SECURITY INVOKER
SET search_path = ''
AS $$
  DELETE FROM public.owner_push_subscriptions s WHERE s.endpoint = p_endpoint
$$;

REVOKE ALL ON FUNCTION
  public.outbox_payload(uuid),
  public.owner_push_targets(),
  public.drop_owner_push_subscription(text)
  FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION
  public.outbox_payload(uuid),
  public.owner_push_targets(),
  public.drop_owner_push_subscription(text)
  TO service_role;
