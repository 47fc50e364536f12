-- The rendered variants of images by URL (docs/api.md "Images by URL") and when each was last
-- served, so that every node evicts the least recently used ones once their bytes pass
-- SERVICE_IMAGE_URL_CACHE_BYTES. A hit moves last_used_at at most once a minute per variant.
CREATE TABLE image_variants (
    variant_key   VARCHAR(200)  NOT NULL PRIMARY KEY,
    bytes         BIGINT        NOT NULL,
    last_used_at  BIGINT        NOT NULL
);
CREATE INDEX image_variants_last_used_at ON image_variants (last_used_at);
