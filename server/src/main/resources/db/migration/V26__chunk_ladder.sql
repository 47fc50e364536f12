-- A chunk of an HLS ladder encodes every rung of its span from one decode: the rungs' sizes and
-- caps (ChunkLadder's text), so any node encodes it as the job's node planned it; NULL for an MP4 chunk.
ALTER TABLE video_chunks ADD COLUMN ladder TEXT;
