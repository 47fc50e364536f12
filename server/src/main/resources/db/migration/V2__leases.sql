-- A job being processed is leased to one node until lease_until; the node renews the lease while
-- it encodes, and any node may take the job over once the lease has run out.
ALTER TABLE jobs ADD COLUMN lease_owner VARCHAR(128);
ALTER TABLE jobs ADD COLUMN lease_until BIGINT;
CREATE INDEX jobs_lease ON jobs (status, lease_until);
