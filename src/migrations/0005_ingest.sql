-- Schema 5: ingest and review. Each capture (scraped page or imported file) is kept raw —
-- deflate-compressed, with its SHA-256, URL or file name, HTTP status and headers — beside the
-- pending snapshot it produced, so it can be shown in review and re-parsed offline. Rows a
-- capture could not use are kept with the reason. Both are append-only like offers.
ALTER TABLE offers ADD COLUMN gpu_memory_gb INTEGER;
ALTER TABLE offers ADD COLUMN source_line INTEGER;

CREATE TABLE captures (
    id           INTEGER PRIMARY KEY,
    snapshot_id  INTEGER NOT NULL REFERENCES snapshots (id),
    url          TEXT NOT NULL,
    final_url    TEXT,
    status       INTEGER,
    headers      TEXT NOT NULL DEFAULT '[]',
    content_type TEXT,
    fetched_at   TEXT NOT NULL,
    body         BLOB NOT NULL,
    body_len     INTEGER NOT NULL,
    sha256       TEXT NOT NULL,
    recipe       TEXT
);
CREATE INDEX captures_snapshot ON captures (snapshot_id);

CREATE TABLE snapshot_skips (
    id          INTEGER PRIMARY KEY,
    snapshot_id INTEGER NOT NULL REFERENCES snapshots (id),
    line        INTEGER,
    reason      TEXT NOT NULL,
    raw         TEXT
);
CREATE INDEX snapshot_skips_snapshot ON snapshot_skips (snapshot_id);

CREATE TRIGGER captures_no_update BEFORE UPDATE ON captures
BEGIN SELECT RAISE(ABORT, 'captures are kept as fetched'); END;
CREATE TRIGGER captures_no_delete BEFORE DELETE ON captures
BEGIN SELECT RAISE(ABORT, 'captures are kept as fetched'); END;
CREATE TRIGGER skips_no_update BEFORE UPDATE ON snapshot_skips
BEGIN SELECT RAISE(ABORT, 'skipped rows are kept as recorded'); END;
CREATE TRIGGER skips_no_delete BEFORE DELETE ON snapshot_skips
BEGIN SELECT RAISE(ABORT, 'skipped rows are kept as recorded'); END;
