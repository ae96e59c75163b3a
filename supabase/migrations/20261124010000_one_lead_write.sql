-- One implementation per write (docs/decisions/042-one-implementation-per-write.md). The embedded adapter
-- now stores its leads through record_quote_request too, so the function takes the salted hash of the
-- visitor's address (p_ip_hash; send-quote-email passes none). owner_request_review loses its link: the
-- review e-mail's sender reads GOOGLE_REVIEW_URL from its own configuration, so a stolen owner token can
-- no longer make the business e-mail any link to its customers.

DROP FUNCTION IF EXISTS public.record_quote_request(text, text, text, text, text, text, text, boolean, boolean);

CREATE OR REPLACE FUNCTION public.record_quote_request(
  p_first_name      text,
  p_email           text,
  p_phone           text,
  p_idempotency_key text,
  p_source_page     text DEFAULT NULL,
  p_user_agent      text DEFAULT NULL,
  p_spam_reason     text DEFAULT NULL,
  p_webhook         boolean DEFAULT false,
  p_push            boolean DEFAULT false,
  p_ip_hash         text DEFAULT NULL
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
  INSERT INTO public.quote_requests AS q
    (first_name, email, phone, status, idempotency_key, source_page, user_agent, ip_hash, spam_reason)
  VALUES (p_first_name, p_email, p_phone, CASE WHEN p_spam_reason IS NULL THEN 'new' ELSE 'suspected_spam' END,
          p_idempotency_key, p_source_page, p_user_agent, p_ip_hash, left(p_spam_reason, 200))
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

REVOKE ALL ON FUNCTION public.record_quote_request(text, text, text, text, text, text, text, boolean, boolean, text)
  FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.record_quote_request(text, text, text, text, text, text, text, boolean, boolean, text)
  TO service_role;

DROP FUNCTION IF EXISTS public.owner_request_review(uuid, text);

-- SECURITY DEFINER: the owner may not write the outbox, only queue this one kind, once per won lead
-- (UNIQUE (quote_request_id, kind)). Answers queued, already-sent, not-won or no-lead.
CREATE OR REPLACE FUNCTION public.owner_request_review(p_id uuid)
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
  SELECT q.status INTO v_status FROM public.quote_requests q WHERE q.id = p_id FOR UPDATE;
  IF v_status IS NULL OR v_status NOT IN ('new', 'contacted', 'quoted', 'won', 'lost') THEN
    RETURN 'no-lead';
  END IF;
  IF v_status <> 'won' THEN
    RETURN 'not-won';
  END IF;
  INSERT INTO public.quote_outbox AS o (quote_request_id, kind)
  VALUES (p_id, 'review_request')
  ON CONFLICT (quote_request_id, kind) DO NOTHING
  RETURNING o.id INTO v_queued;
  RETURN CASE WHEN v_queued IS NULL THEN 'already-sent' ELSE 'queued' END;
END
$$;

REVOKE ALL ON FUNCTION public.owner_request_review(uuid) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.owner_request_review(uuid) TO authenticated, service_role;
