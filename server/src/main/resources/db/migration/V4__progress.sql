-- How far the encoding of a processing job has got, 0 to 100. It only grows: writes are
-- conditional on the stored value being lower, so a late or repeated report cannot move it back.
ALTER TABLE jobs ADD COLUMN progress INTEGER NOT NULL DEFAULT 0;
