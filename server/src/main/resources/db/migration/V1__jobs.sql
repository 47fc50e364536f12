-- One row per job. Written so that SQLite and PostgreSQL read it alike.
CREATE TABLE jobs (
    id            VARCHAR(64)   NOT NULL PRIMARY KEY,
    status        VARCHAR(16)   NOT NULL,
    preset        VARCHAR(64)   NOT NULL,
    filename      VARCHAR(512)  NOT NULL,
    input_bytes   BIGINT        NOT NULL,
    media_kind    VARCHAR(16)   NOT NULL,
    media_format  VARCHAR(32)   NOT NULL,
    media_type    VARCHAR(128)  NOT NULL,
    input_key     VARCHAR(512),
    attempts      INTEGER       NOT NULL DEFAULT 0,
    created_at    BIGINT        NOT NULL,
    updated_at    BIGINT        NOT NULL,
    completed_at  BIGINT,
    result_json   TEXT,
    output_key    VARCHAR(512),
    error_code    VARCHAR(64),
    error_message TEXT
);

CREATE INDEX jobs_status_created ON jobs (status, created_at);
CREATE INDEX jobs_completed ON jobs (completed_at);
