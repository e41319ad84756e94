-- Schema 1: the price catalog. Snapshots and their offers are append-only: a new capture is a
-- new snapshot; only a snapshot's review fields may change.
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE accelerators (
    id           INTEGER PRIMARY KEY,
    key          TEXT NOT NULL UNIQUE,
    name         TEXT NOT NULL,
    maker        TEXT NOT NULL,
    family       TEXT NOT NULL,
    aliases      TEXT NOT NULL DEFAULT '[]',
    memory_gb    INTEGER,
    memory_type  TEXT,
    fp16_tflops  TEXT,
    interconnect TEXT,
    nvlink       INTEGER NOT NULL DEFAULT 0,
    domestic     INTEGER NOT NULL DEFAULT 0,
    source       TEXT NOT NULL,
    confidence   TEXT NOT NULL CHECK (confidence IN ('high', 'medium', 'low')),
    builtin      INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE vendors (
    id         INTEGER PRIMARY KEY,
    key        TEXT NOT NULL UNIQUE,
    name_zh    TEXT NOT NULL,
    name_en    TEXT NOT NULL,
    website    TEXT,
    region     TEXT,
    example    INTEGER NOT NULL DEFAULT 0,
    note       TEXT,
    builtin    INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL
);

CREATE TABLE snapshots (
    id           INTEGER PRIMARY KEY,
    vendor_id    INTEGER NOT NULL REFERENCES vendors (id),
    seed_key     TEXT UNIQUE,
    captured_at  TEXT NOT NULL,
    origin       TEXT NOT NULL CHECK (origin IN ('article', 'manual', 'file', 'scrape')),
    source       TEXT NOT NULL,
    confidence   TEXT NOT NULL CHECK (confidence IN ('high', 'medium', 'low')),
    review_state TEXT NOT NULL DEFAULT 'pending'
                 CHECK (review_state IN ('pending', 'approved', 'rejected')),
    reviewer     TEXT,
    reviewed_at  TEXT,
    review_note  TEXT,
    note         TEXT,
    created_at   TEXT NOT NULL
);
CREATE INDEX snapshots_current ON snapshots (vendor_id, review_state, captured_at, id);

CREATE TABLE offers (
    id             INTEGER PRIMARY KEY,
    snapshot_id    INTEGER NOT NULL REFERENCES snapshots (id),
    accelerator_id INTEGER NOT NULL REFERENCES accelerators (id),
    gpus           INTEGER NOT NULL CHECK (gpus > 0),
    mode           TEXT NOT NULL CHECK (mode IN ('container', 'vm', 'bare_metal')),
    tenancy        TEXT NOT NULL CHECK (tenancy IN ('dedicated', 'shared')),
    interruptible  INTEGER NOT NULL DEFAULT 0,
    billing        TEXT NOT NULL CHECK (billing IN ('hour', 'day', 'month', 'year')),
    price          TEXT NOT NULL,
    price_max      TEXT,
    price_basis    TEXT NOT NULL DEFAULT 'instance' CHECK (price_basis IN ('instance', 'gpu')),
    currency       TEXT NOT NULL CHECK (length(currency) = 3),
    from_price     INTEGER NOT NULL DEFAULT 0,
    region         TEXT,
    instance_type  TEXT,
    fees           TEXT,
    note           TEXT
);
CREATE INDEX offers_snapshot ON offers (snapshot_id, accelerator_id);

CREATE TRIGGER offers_no_update BEFORE UPDATE ON offers
BEGIN SELECT RAISE(ABORT, 'offers are append-only: record a new snapshot instead'); END;
CREATE TRIGGER offers_no_delete BEFORE DELETE ON offers
BEGIN SELECT RAISE(ABORT, 'offers are append-only: record a new snapshot instead'); END;
CREATE TRIGGER snapshots_no_rewrite
BEFORE UPDATE OF vendor_id, seed_key, captured_at, origin, source, confidence, created_at ON snapshots
BEGIN SELECT RAISE(ABORT, 'snapshots are append-only: only the review fields may change'); END;
CREATE TRIGGER snapshots_no_delete BEFORE DELETE ON snapshots
BEGIN SELECT RAISE(ABORT, 'snapshots are append-only: reject a snapshot instead of deleting it'); END;

CREATE TABLE fx_rates (
    id         INTEGER PRIMARY KEY,
    base       TEXT NOT NULL CHECK (length(base) = 3),
    quote      TEXT NOT NULL CHECK (length(quote) = 3),
    rate       TEXT NOT NULL,
    as_of      TEXT NOT NULL,
    source     TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX fx_rates_pair ON fx_rates (base, quote, as_of, id);
