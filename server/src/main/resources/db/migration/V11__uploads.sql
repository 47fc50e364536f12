-- Resumable uploads (tus 1.0, /api/uploads): how many of the declared bytes have arrived, what
-- the upload asks of its job (the Upload-Metadata header as sent, checked when it was created),
-- the API key that created it (NULL when keys were off), when it expires unless a byte arrives,
-- and the job it became once complete. Kept in the job database so that any node can answer for it.
CREATE TABLE uploads (
    id              VARCHAR(64)   NOT NULL PRIMARY KEY,
    owner_key_name  VARCHAR(64),
    upload_length   BIGINT        NOT NULL,
    upload_offset   BIGINT        NOT NULL,
    metadata        TEXT          NOT NULL,
    created_at      BIGINT        NOT NULL,
    expires_at      BIGINT        NOT NULL,
    job_id          VARCHAR(64)
);
CREATE INDEX uploads_expires_at ON uploads (expires_at);
CREATE INDEX uploads_owner ON uploads (owner_key_name);

-- The resumable upload a job was made from, NULL for a job submitted in one request.
ALTER TABLE jobs ADD COLUMN upload_id VARCHAR(64);
