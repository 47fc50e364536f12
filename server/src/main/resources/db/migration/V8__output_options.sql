-- What a job asked of its output beyond its preset, each NULL for the preset's own choice: the
-- pinned image quality (1 to 100), the output format (a short name: webp, mp4), a smaller maximum
-- width; and the image formats (avif,webp) the Accept header of a synchronous request listed.
ALTER TABLE jobs ADD COLUMN option_quality INTEGER;
ALTER TABLE jobs ADD COLUMN option_format VARCHAR(16);
ALTER TABLE jobs ADD COLUMN option_width INTEGER;
ALTER TABLE jobs ADD COLUMN accepted_formats VARCHAR(64);
