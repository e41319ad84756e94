#!/usr/bin/env bash
# Measures how long the desktop app takes from process start until its window is mapped
# (viewable) on an X server, over N runs, on a fresh database each time.
# Usage: scripts/bench-window.sh [BINARY] [RUNS]   (needs Xvfb and xwininfo from x11-utils)
set -euo pipefail
BIN=${1:-target/release/gpuquote-desktop}
RUNS=${2:-5}
TITLE='算力比价台 — GPU Quote Desk'
command -v xwininfo >/dev/null || { echo "install x11-utils (xwininfo)" >&2; exit 1; }
Xvfb :77 -screen 0 1280x800x24 >/dev/null 2>&1 &
XPID=$!
trap 'kill $XPID 2>/dev/null' EXIT
sleep 1
export DISPLAY=:77
for i in $(seq "$RUNS"); do
  tmp=$(mktemp -d)
  start=$(date +%s%N)
  GPUQUOTE_DB=$tmp/db.sqlite3 "$BIN" >/dev/null 2>&1 &
  APP=$!
  until xwininfo -name "$TITLE" 2>/dev/null | grep -q "IsViewable"; do sleep 0.01; done
  end=$(date +%s%N)
  echo "run $i: window viewable after $(( (end - start) / 1000000 )) ms"
  kill $APP; wait $APP 2>/dev/null || true
  rm -rf "$tmp"
done
