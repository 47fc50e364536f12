-- A long video is encoded as chunks, each a unit of work any node may lease, as jobs are. A row
-- is one chunk of one plan (the job's encode at one CRF and bitrate cap): the source frames it
-- covers (seek_us: where to seek in the source, frames: how many to encode), the settings every
-- chunk of the plan shares, and where its encoded output is stored once done.
CREATE TABLE video_chunks (
    id VARCHAR(300) PRIMARY KEY,
    job_id VARCHAR(64) NOT NULL,
    plan VARCHAR(100) NOT NULL,
    idx INTEGER NOT NULL,
    source_key VARCHAR(1024) NOT NULL,
    seek_us BIGINT NOT NULL,
    frames INTEGER NOT NULL,
    strategy VARCHAR(32) NOT NULL,
    crf INTEGER NOT NULL,
    max_width INTEGER NOT NULL,
    max_bitrate_kbps INTEGER NOT NULL,
    status VARCHAR(16) NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    lease_owner VARCHAR(128),
    lease_until BIGINT,
    output_key VARCHAR(1024),
    created_at BIGINT NOT NULL
);
CREATE INDEX video_chunks_claim ON video_chunks (status, lease_until);
CREATE INDEX video_chunks_job ON video_chunks (job_id, plan);
