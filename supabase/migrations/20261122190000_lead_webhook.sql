-- The owner's webhook (LEAD_WEBHOOK_URL, embedded mode): a second kind of outbox row beside the e-mail, with
-- the same claims, retries and backoff. Rows of this kind are written only when the webhook is configured.
ALTER TABLE public.quote_outbox DROP CONSTRAINT IF EXISTS quote_outbox_kind_check;
ALTER TABLE public.quote_outbox
  ADD CONSTRAINT quote_outbox_kind_check CHECK (kind IN ('owner_notification', 'lead_webhook'));
