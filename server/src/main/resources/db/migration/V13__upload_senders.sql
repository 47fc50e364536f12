-- Who sent a resumable upload: the origin (scheme and host) the links of its callback are made
-- from, and the x-request-id of the request that created it. With them any node can make the job
-- of an upload whose last byte arrived on a node that stopped before making it, even when the
-- client never asks again.
ALTER TABLE uploads ADD COLUMN sender_origin TEXT;
ALTER TABLE uploads ADD COLUMN request_id TEXT;
