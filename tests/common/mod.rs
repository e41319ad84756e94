//! The test harness shared by the integration tests: the `gpuquote` binary on a real database
//! file in a temporary directory.
#![allow(dead_code)] // each test crate uses part of it

use assert_cmd::Command;
use serde_json::Value;
use std::path::PathBuf;

pub struct Env {
    dir: tempfile::TempDir,
}

impl Env {
    pub fn new() -> Self {
        Env { dir: tempfile::tempdir().expect("tempdir") }
    }
    pub fn db(&self) -> PathBuf {
        self.dir.path().join("catalog.sqlite3")
    }
    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }
    pub fn cmd(&self) -> Command {
        let mut c = Command::cargo_bin("gpuquote").expect("binary");
        c.arg("--db").arg(self.db()).env_remove("GPUQUOTE_DB");
        c
    }
    pub fn ok(&self, args: &[&str]) -> String {
        let out = self.cmd().args(args).output().expect("run");
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stdout).to_string()
    }
    pub fn fail(&self, args: &[&str]) -> String {
        let out = self.cmd().args(args).output().expect("run");
        assert!(
            !out.status.success(),
            "{args:?} should fail: {}",
            String::from_utf8_lossy(&out.stdout)
        );
        String::from_utf8_lossy(&out.stderr).to_string()
    }
    pub fn json(&self, args: &[&str]) -> Value {
        let out = self.ok(&[args, &["--json"]].concat());
        serde_json::from_str(&out).expect("json")
    }
    pub fn counts(&self) -> (i64, i64, i64) {
        let c = rusqlite::Connection::open(self.db()).expect("open");
        let q = |sql: &str| c.query_row(sql, [], |r| r.get::<_, i64>(0)).expect(sql);
        (
            q("SELECT count(*) FROM snapshots"),
            q("SELECT count(*) FROM offers"),
            q("SELECT count(*) FROM captures"),
        )
    }
}
