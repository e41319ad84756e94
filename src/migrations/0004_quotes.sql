-- Schema 4: quotes (报价单). A quote number has versions (revisions); a version's content can
-- change only while it is a draft. Issuing stores the SHA-256 of its canonical content.
CREATE TABLE quotes (
    id           INTEGER PRIMARY KEY,
    number       TEXT NOT NULL,
    version      INTEGER NOT NULL DEFAULT 1,
    year         INTEGER NOT NULL,
    seq          INTEGER NOT NULL,
    status       TEXT NOT NULL DEFAULT 'draft'
                 CHECK (status IN ('draft', 'issued', 'approved', 'rejected')),
    content      TEXT NOT NULL,
    content_hash TEXT,
    created_at   TEXT NOT NULL,
    issued_at    TEXT,
    UNIQUE (number, version)
);
CREATE INDEX quotes_year_seq ON quotes (year, seq);

CREATE TRIGGER quotes_frozen BEFORE UPDATE OF content, content_hash, number, version ON quotes
WHEN OLD.status != 'draft'
BEGIN SELECT RAISE(ABORT, 'quote is issued and frozen: make a revision instead'); END;
CREATE TRIGGER quotes_no_delete BEFORE DELETE ON quotes
BEGIN SELECT RAISE(ABORT, 'quotes are never deleted: numbers are not reused'); END;
