-- The embedded outbox worker that claimed an e-mail (a per-process id). A worker that starts while
-- holding the data folder's lock releases every other worker's claim at once: that process is dead.
ALTER TABLE public.quote_outbox ADD COLUMN IF NOT EXISTS claimed_by text;
