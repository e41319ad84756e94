//! Synthetic catalogs for benchmarks and load tests (not used by the app).

use crate::error::Result;
use crate::store::Store;
use rusqlite::params;

/// Adds `vendors` synthetic vendors, each with `snapshots` snapshots of `offers` offers (the last
/// snapshot of each vendor pending, the others approved), in one transaction. Deterministic.
pub fn fill(store: &mut Store, vendors: usize, snapshots: usize, offers: usize) -> Result<()> {
    store.write(|tx| {
        let accs: Vec<i64> = {
            let mut s = tx.prepare("SELECT id FROM accelerators ORDER BY id")?;
            let ids = s.query_map([], |r| r.get(0))?.collect::<rusqlite::Result<_>>()?;
            ids
        };
        let mut vend = tx.prepare(
            "INSERT INTO vendors (key, name_zh, name_en, created_at) VALUES (?1, ?2, ?3, 'synthetic')",
        )?;
        let mut snap = tx.prepare(
            "INSERT INTO snapshots (vendor_id, captured_at, origin, source, confidence, review_state, created_at)
             VALUES (?1, ?2, 'file', 'synthetic', 'medium', ?3, 'synthetic')",
        )?;
        let mut off = tx.prepare(
            "INSERT INTO offers (snapshot_id, accelerator_id, gpus, mode, tenancy, interruptible,
             billing, price, currency, region)
             VALUES (?1, ?2, ?3, ?4, 'dedicated', ?5, ?6, ?7, ?8, ?9)",
        )?;
        let modes = ["container", "vm", "bare_metal"];
        let billing = ["hour", "day", "month", "year"];
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut rnd = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for v in 0..vendors {
            vend.execute(params![
                format!("synthetic-{v}"),
                format!("合成供应商{v}"),
                format!("Synthetic {v}")
            ])?;
            let vid = tx.last_insert_rowid();
            for s in 0..snapshots {
                let state = if s + 1 == snapshots && snapshots > 1 { "pending" } else { "approved" };
                snap.execute(params![vid, format!("2026-{:02}-01T00:00:00Z", s % 12 + 1), state])?;
                let sid = tx.last_insert_rowid();
                for _ in 0..offers {
                    let r = rnd();
                    let cents = 50 + (r >> 16) % 100_000;
                    off.execute(params![
                        sid,
                        accs[((r >> 40) as usize) % accs.len()],
                        [1, 2, 4, 8][(r % 4) as usize],
                        modes[((r >> 4) % 3) as usize],
                        (r >> 12) % 5 == 0,
                        billing[((r >> 8) % 4) as usize],
                        format!("{}.{:02}", cents / 100, cents % 100),
                        if (r >> 20) % 3 == 0 { "USD" } else { "CNY" },
                        format!("region-{}", (r >> 24) % 20),
                    ])?;
                }
            }
        }
        Ok(())
    })
}
