-- The renditions a job asked for (responsive, hls, poster with its time), as the text of
-- RenditionRequest.stored(); NULL when it asked for none. Their list, once made, is in result_json.
ALTER TABLE jobs ADD COLUMN renditions VARCHAR(200);
