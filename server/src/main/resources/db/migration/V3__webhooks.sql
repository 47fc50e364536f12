-- A job may name a URL to call when it ends; links in that call are made from callback_origin
-- when the service has no public URL of its own.
ALTER TABLE jobs ADD COLUMN callback_url VARCHAR(2048);
ALTER TABLE jobs ADD COLUMN callback_origin VARCHAR(512);

-- The outbox: one row per event to deliver, written in the transaction that ends the job, sent
-- by whichever node claims it (a lease, as for jobs) and kept with its last outcome.
CREATE TABLE webhook_deliveries (
    event_id        VARCHAR(128)  NOT NULL PRIMARY KEY,
    job_id          VARCHAR(64)   NOT NULL,
    url             VARCHAR(2048) NOT NULL,
    state           VARCHAR(16)   NOT NULL,
    attempts        INTEGER       NOT NULL DEFAULT 0,
    created_at      BIGINT        NOT NULL,
    next_attempt_at BIGINT        NOT NULL,
    last_attempt_at BIGINT,
    last_status     INTEGER,
    last_error      VARCHAR(512),
    delivered_at    BIGINT,
    lease_owner     VARCHAR(128),
    lease_until     BIGINT
);

CREATE INDEX webhook_deliveries_due ON webhook_deliveries (state, next_attempt_at);
CREATE INDEX webhook_deliveries_job ON webhook_deliveries (job_id);
