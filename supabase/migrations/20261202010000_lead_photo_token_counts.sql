-- How many photos each upload token sent to be judged, stored or not (docs/decisions/051-uploads-refused-before-
-- reading.md): a token gets five, so a file that fails to decode cannot be sent again and again. A row goes with
-- its lead. Counted by one statement in app/server/quote/lead-photos.server.ts, before any photo is decoded.
CREATE TABLE public.lead_photo_token_counts (
  token_hash       text PRIMARY KEY CHECK (char_length(token_hash) = 64),
  quote_request_id uuid NOT NULL REFERENCES public.quote_requests (id) ON DELETE CASCADE,
  photos           integer NOT NULL CHECK (photos > 0),
  first_at         timestamptz NOT NULL DEFAULT now()
);

-- Row level security with no policy, as every table (the baseline's access section).
ALTER TABLE public.lead_photo_token_counts ENABLE ROW LEVEL SECURITY;
