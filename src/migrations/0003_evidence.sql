-- Schema 3: evidence behind vendor scorecards. Append-only: the newest row per (vendor, fact)
-- is the current value; older rows are the history.
CREATE TABLE evidence (
    id         INTEGER PRIMARY KEY,
    vendor_id  INTEGER NOT NULL REFERENCES vendors (id),
    fact       TEXT NOT NULL,
    value      TEXT NOT NULL,
    source     TEXT NOT NULL DEFAULT '',
    as_of      TEXT NOT NULL,
    seed_key   TEXT UNIQUE,
    entered_at TEXT NOT NULL
);
CREATE INDEX evidence_current ON evidence (vendor_id, fact, as_of, id);
