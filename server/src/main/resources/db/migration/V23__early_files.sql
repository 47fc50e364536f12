-- Every file an attempt stored early of a job's HLS ladder (V20), noted before it is stored and
-- forgotten once the attempt ends done (the files are then the job's renditions) or has deleted
-- them. What an attempt leaves (its node stopped mid-ladder, or storage was out when it gave up)
-- stays listed here until the job's next attempt, or the sweep of ended jobs, deletes it.
CREATE TABLE early_files (
    job_id      VARCHAR(64)  NOT NULL,
    storage_key VARCHAR(600) NOT NULL,
    PRIMARY KEY (job_id, storage_key)
);
