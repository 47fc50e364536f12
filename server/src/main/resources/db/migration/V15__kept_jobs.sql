-- A kept job (form field keep=true, or a key of SERVICE_KEEP_KEYS): retention passes it by, and its
-- files have stable URLs. kept_as is NULL for a job that is not kept, else who may read those URLs
-- ('public', or 'private': signed links); keep_hours how long after it ended it is deleted all the
-- same (NULL: until DELETE); link_ttl_sec how long its private links last (NULL: the default).
ALTER TABLE jobs ADD COLUMN kept_as VARCHAR(16);
ALTER TABLE jobs ADD COLUMN keep_hours BIGINT;
ALTER TABLE jobs ADD COLUMN link_ttl_sec BIGINT;
