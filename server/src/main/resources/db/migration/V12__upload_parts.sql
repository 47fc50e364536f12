-- Where the bytes of a resumable upload are kept until it is complete: one storage object per
-- piece that arrived, named in order, one per line. Written by the same conditional update that
-- moves the offset, so a piece is listed exactly when its bytes are counted, whichever node took them.
ALTER TABLE uploads ADD COLUMN parts TEXT NOT NULL DEFAULT '';

-- Until when one request is making the job of a complete upload; another request may take over
-- after that time, so a node that stops between the last byte and the job leaves no upload behind.
ALTER TABLE uploads ADD COLUMN finishing_until BIGINT;

-- For an upload sent straight to the bucket (POST /api/uploads/direct): the object the client
-- puts the file to, which becomes the job's input. NULL for a tus upload.
ALTER TABLE uploads ADD COLUMN direct_key VARCHAR(200);
