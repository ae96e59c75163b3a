-- The owner's webhook in Supabase mode: send-quote-email has LEAD_WEBHOOK_URL among its secrets, so it tells
-- record_quote_request (p_webhook) to queue a `lead_webhook` outbox row beside the e-mail, for every lead that
-- is not suspected spam. claim_quote_outbox now returns each row's kind and hands out only the kinds the
-- caller can deliver (p_kinds): without a mail transport the webhook still goes, with the same backoff.
-- request_quote_email_retry() is unchanged: it asks send-quote-email to deliver every due row, of both kinds.
--
-- New parameters change both signatures, so the old functions are dropped and their grants repeated.

DROP FUNCTION IF EXISTS public.record_quote_request(text, text, text, text, text, text, text);

CREATE OR REPLACE FUNCTION public.record_quote_request(
  p_first_name      text,
  p_email           text,
  p_phone           text,
  p_idempotency_key text,
  p_source_page     text DEFAULT NULL,
  p_user_agent      text DEFAULT NULL,
  p_spam_reason     text DEFAULT NULL,
  p_webhook         boolean DEFAULT false
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
      IF p_webhook THEN
        INSERT INTO public.quote_outbox (quote_request_id, kind) VALUES (v_lead, 'lead_webhook');
      END IF;
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
    IF p_webhook THEN
      INSERT INTO public.quote_outbox (quote_request_id, kind) VALUES (v_lead, 'lead_webhook')
      ON CONFLICT (quote_request_id, kind) DO NOTHING;
    END IF;
    RETURN QUERY SELECT v_lead, v_outbox, false;
    RETURN;
  END IF;

  SELECT o.id INTO v_outbox FROM public.quote_outbox o
   WHERE o.quote_request_id = v_lead AND o.kind = 'owner_notification';
  RETURN QUERY SELECT v_lead, v_outbox, true;
END
$$;

REVOKE ALL ON FUNCTION public.record_quote_request(text, text, text, text, text, text, text, boolean) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.record_quote_request(text, text, text, text, text, text, text, boolean) TO service_role;

DROP FUNCTION IF EXISTS public.claim_quote_outbox(integer, integer, uuid);

-- Claim up to p_limit due outbox rows of the kinds in p_kinds (NULL: every kind), p_prefer first, for one
-- send attempt: bumps attempts and reserves each row for p_lease_ms, so a crash mid-send retries it.
CREATE OR REPLACE FUNCTION public.claim_quote_outbox(
  p_limit    integer,
  p_lease_ms integer,
  p_prefer   uuid DEFAULT NULL,
  p_kinds    text[] DEFAULT NULL
)
RETURNS TABLE (
  outbox_id        uuid,
  kind             text,
  quote_request_id uuid,
  attempts         integer,
  first_name       text,
  email            text,
  phone            text,
  source_page      text,
  created_at       timestamptz
)
LANGUAGE sql
SECURITY INVOKER
SET search_path = ''
AS $$
  WITH due AS (
    SELECT o.id FROM public.quote_outbox o
     WHERE o.sent_at IS NULL AND o.next_attempt_at <= now()
       AND (p_kinds IS NULL OR o.kind = ANY (p_kinds))
     ORDER BY (o.id = p_prefer) IS TRUE DESC, o.next_attempt_at, o.created_at
     LIMIT greatest(p_limit, 0)
     FOR UPDATE SKIP LOCKED
  ), claimed AS (
    UPDATE public.quote_outbox o
       SET attempts = o.attempts + 1,
           next_attempt_at = now() + (greatest(p_lease_ms, 0) * interval '1 millisecond')
      FROM due
     WHERE o.id = due.id
    RETURNING o.id, o.kind, o.quote_request_id, o.attempts
  )
  SELECT c.id, c.kind, c.quote_request_id, c.attempts, q.first_name, q.email, q.phone, q.source_page, q.created_at
    FROM claimed c JOIN public.quote_requests q ON q.id = c.quote_request_id
   ORDER BY (c.id = p_prefer) IS TRUE DESC, q.created_at
$$;

REVOKE ALL ON FUNCTION public.claim_quote_outbox(integer, integer, uuid, text[]) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.claim_quote_outbox(integer, integer, uuid, text[]) TO service_role;
