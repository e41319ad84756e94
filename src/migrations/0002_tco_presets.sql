-- Schema 2: rent-or-build presets saved by the user (the shipped ones live in data/).
CREATE TABLE tco_presets (
    key      TEXT PRIMARY KEY,
    body     TEXT NOT NULL,
    saved_at TEXT NOT NULL
);
