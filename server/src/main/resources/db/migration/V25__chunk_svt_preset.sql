-- An AV1 chunk is encoded at its plan's SVT-AV1 speed preset, which the job's preset chose: every
-- chunk of the plan must use the same one, whichever node takes it.
ALTER TABLE video_chunks ADD COLUMN svt_preset INTEGER NOT NULL DEFAULT 10;
