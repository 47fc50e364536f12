-- The x-request-id of the request that created a job, so that the log lines of its work carry
-- it on whichever node runs the job.
ALTER TABLE jobs ADD COLUMN request_id VARCHAR(128);
