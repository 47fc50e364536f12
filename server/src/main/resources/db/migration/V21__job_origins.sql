-- Where a job came from, decided once when it is made: 'sync' (a request that waits for it, its
-- input never stored), 'form' (an upload the service read and checked whole before storing it),
-- 'stored' (a file a client put into storage itself, checked whole only when the job runs).
-- Rows from before: a job processing without a stored input is a synchronous one; any other is
-- taken for 'stored', whose input is checked again, which is always safe.
ALTER TABLE jobs ADD COLUMN origin TEXT NOT NULL DEFAULT 'stored';
UPDATE jobs SET origin = 'sync' WHERE input_key IS NULL AND status = 'processing';
