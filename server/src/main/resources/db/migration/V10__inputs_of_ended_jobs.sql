-- The jobs that ended while their stored input is still there: an input is deleted when its job
-- ends, and its key cleared then; one storage could not delete at the time (an outage) stays
-- listed here until a later sweep deletes it.
CREATE INDEX jobs_ended_with_input ON jobs (completed_at)
    WHERE input_key IS NOT NULL AND status IN ('done', 'failed');
