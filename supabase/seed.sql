-- SAMPLE DATA — REPLACE BEFORE LAUNCH.
--
-- These reviews are invented placeholders so the reviews strip has something to show on a fresh
-- install. They are NOT real customer reviews. The owner must replace them with real reviews
-- (or set published = false on them) before the site goes live:
--
--   UPDATE public.reviews SET published = false WHERE source = 'sample';
--
-- Every new database runs this file once, after the first migrations (PGlite or PostgreSQL). Every row is
-- marked source = 'sample' so it can be found and removed.

INSERT INTO public.reviews (author, avatar, rating, text, review_date, source, published) VALUES
  ('Maria G.', NULL, 5,
   'Our driveway looks brand new. They showed up right on time and were done before lunch.',
   '2025-04-12', 'sample', true),
  ('Jason T.', NULL, 5,
   'We had years of oil stains and black mildew on the driveway and the back patio in Folsom. The crew walked the whole property with me first, explained what would come out and what might not, and then got basically all of it out. Fair price and they cleaned up after themselves.',
   '2025-06-03', 'sample', true),
  ('Linda P.', NULL, 5,
   'Friendly, fast and careful around my plants. House siding is bright white again.',
   '2025-07-21', 'sample', true),
  ('Derek M.', NULL, 5,
   'Had our pavers cleaned and sealed in Roseville. The color came back and the joints were re-sanded properly. Two weeks later we had a big storm and the water just beads right off. Would absolutely hire them again for the front walkway.',
   '2025-09-08', 'sample', true),
  ('Priya S.', NULL, 5,
   'Great job on the roof and gutters. Scheduling took a few days longer than I hoped, but the result was worth it.',
   '2025-10-30', 'sample', true),
  ('Tom R.', NULL, 5,
   'Quick quote, same-week service in Citrus Heights. Deck and fence look fantastic.',
   '2026-01-17', 'sample', true),
  ('Angela W.', NULL, 5,
   'We manage a small retail center in Rancho Cordova and needed the sidewalks and storefronts cleaned before opening hours. They came first thing in the morning, kept the area safe, and everything was spotless by the time our tenants arrived. Easy to work with and very professional.',
   '2026-02-26', 'sample', true);
