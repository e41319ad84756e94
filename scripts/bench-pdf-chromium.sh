#!/usr/bin/env bash
# The same quote content printed by headless Chromium, to compare with the in-process PDF writer
# (cargo bench -p gpuquote --bench pdf). Writes an HTML page from `gpuquote quote show --json`
# (same lines, totals, 大写, sources, assumptions, notes, approval block), prints it RUNS times
# and reports the median time and the size.
# Usage: scripts/bench-pdf-chromium.sh [RUNS]   (needs a built target/debug/gpuquote and chromium)
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-5}
BIN=${GPUQUOTE_BIN:-target/debug/gpuquote}
CHROMIUM=$(command -v chromium || echo /usr/lib/chromium/chromium)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
db="$tmp/db.sqlite3"
notes=$(printf '本报价单仅用于内部审批，请在签字前核对价格来源与采集时间。%.0s' $(seq 12))
n=$("$BIN" --db "$db" quote new --gpu H100 --count 8 --duration 3mo --vendor 极智算 --requester 张三 --notes "$notes")
"$BIN" --db "$db" quote issue "$n" >/dev/null
"$BIN" --db "$db" quote show "$n" --json > "$tmp/q.json"
python3 - "$tmp/q.json" "$tmp/q.html" <<'PY'
import json, sys, html
q = json.load(open(sys.argv[1])); c = q["content"]; e = html.escape
rows = "".join(
    f"<tr><td>{'推荐 / Recommended' if l['role']=='recommended' else '备选 / Alternative'}</td><td>{e(l['vendor'])}</td>"
    f"<td>{e(l['offer'])}<br>{e(l['unit_price'])}</td><td>{e(l['billing_plan'])}</td>"
    f"<td class=r>¥{float(l['list_total_cny']):,.2f}</td><td class=r>¥{float(l['effective_total_cny']):,.2f}</td>"
    f"<td class=r>{e(l['technical_score'] or '—')}</td></tr>" for l in c["lines"])
src = "".join(f"<li>{e(l['vendor'])} — 价格快照 #{l['snapshot_id']}, {e(l['captured_at'][:10])}: {e(l['source'])}</li>" for l in c["lines"])
lst = lambda xs: "".join(f"<li>{e(x)}</li>" for x in xs)
sig = "".join(f"<div class=s><b>{e(r)}</b><p>签字 / Signature ________</p><p>日期 / Date ________</p></div>" for r in c["approvals"])
open(sys.argv[2], "w").write(f"""<!doctype html><html lang=zh-CN><meta charset=utf-8><style>
@page {{ size: A4; margin: 15mm }} body {{ font-family: 'Noto Sans CJK SC', sans-serif; font-size: 9pt }}
table {{ border-collapse: collapse; width: 100% }} td, th {{ border: 1px solid #555; padding: 3px; vertical-align: top }}
th {{ background: #eee }} .r {{ text-align: right }} .s {{ display: inline-block; width: 24% }}</style>
<h1>报价单 / Quotation <small>{e(q['number'])} v{q['version']}</small></h1>
<p>日期 / Date: {c['date']} · 有效期至 / Valid until: {c['valid_until']} · 经办人 / Requester: {e(c['requester'])}</p>
<p>算力需求 / Requirement: {e(c['requirement'])}</p>
<table><tr><th>方案</th><th>供应商</th><th>在售规格</th><th>计费方案</th><th>标价总额</th><th>有效成本</th><th>技术分</th></tr>{rows}</table>
<p class=r>不含税 ¥{float(c['net_cny']):,.2f} · 税额 ¥{float(c['tax_cny']):,.2f} · 合计 ¥{float(c['total_cny']):,.2f}</p>
<p>合计（大写）: 人民币{e(c['total_uppercase'])}</p>
<h3>价格来源</h3><ul>{src}</ul><h3>假设</h3><ul>{lst(c['assumptions'])}</ul><h3>注意</h3><ul>{lst(c['warnings'])}</ul>
<h3>备注</h3><p>{e(c['notes'])}</p>{sig}<p>SHA-256 {e(q.get('content_hash') or '')}</p></html>""")
PY
times=()
for i in $(seq "$RUNS"); do
  s=$(date +%s%N)
  "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking \
    --disable-component-update --disable-sync --no-pdf-header-footer --print-to-pdf="$tmp/c.pdf" "file://$tmp/q.html" >/dev/null 2>&1
  times+=($(( ($(date +%s%N) - s) / 1000000 )))
done
sorted=$(printf '%s\n' "${times[@]}" | sort -n | tr '\n' ' ')
median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (RUNS + 1) / 2 ))p")
echo "chromium print-to-pdf: runs ${sorted}ms; median ${median} ms; size $(stat -c %s "$tmp/c.pdf") bytes; pages $(pdfinfo "$tmp/c.pdf" | awk '/Pages/ {print $2}')"
