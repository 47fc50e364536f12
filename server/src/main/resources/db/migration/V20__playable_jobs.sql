-- The HLS ladder of a processing job answers from playable_at (ms since the epoch: when its
-- master playlist was first stored) on, under playable_prefix, the storage prefix of the attempt
-- that stored it; both NULL until then, and left as they are once the job ends.
ALTER TABLE jobs ADD COLUMN playable_prefix VARCHAR(200);
ALTER TABLE jobs ADD COLUMN playable_at BIGINT;
