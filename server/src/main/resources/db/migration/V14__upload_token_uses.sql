-- The one use of each upload token (POST /api/uploads/tokens): recorded when the upload it
-- allows is created, so a second upload with the same token is refused on every node. The token
-- itself is never stored (it is checked by its signature); only its random id, the API key it
-- acts for, the upload or job it made, what kind of file it allows (NULL: any) and until when
-- it is valid, after which a sweep deletes the row.
CREATE TABLE upload_token_uses (
    token_id        VARCHAR(64)   NOT NULL PRIMARY KEY,
    owner_key_name  VARCHAR(64)   NOT NULL,
    upload_id       VARCHAR(64),
    job_id          VARCHAR(64),
    media_kind      VARCHAR(16),
    expires_at      BIGINT        NOT NULL
);
CREATE INDEX upload_token_uses_upload ON upload_token_uses (upload_id);
CREATE INDEX upload_token_uses_expires_at ON upload_token_uses (expires_at);
