-- Which request renders an image variant that is not stored yet (docs/api.md "Images by URL"), so
-- that identical misses on several nodes cause one render: the others wait for the variant to be
-- stored. A claim whose claimed_until has passed was left by a node that stopped and is taken over.
CREATE TABLE image_variant_claims (
    variant_key    VARCHAR(200)  NOT NULL PRIMARY KEY,
    claim_id       VARCHAR(64)   NOT NULL,
    claimed_until  BIGINT        NOT NULL
);
