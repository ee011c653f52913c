#!/usr/bin/env bash
# Pachi self-play game records for training koan's move model: Pachi against itself with
# `koan match`, one thread each, two games at once, every game from one of the 9x9 openings
# (both colours) on 9x9 or from the empty board otherwise. Pachi has no seed option, so its
# games differ by its own randomness and the openings. The records land in OUT_DIR as
# game-NNN.sgf (with PB/PW and the result); the match table is OUT_DIR/table.txt.
#
#   gtp-scripts/pachi-selfplay.sh OUT_DIR [GAMES] [SIZE] [SECONDS_PER_MOVE | =PLAYOUTS]
#       (defaults: 20 games, 9x9, pachi -t 2, which thinks about 1 s a move; `=1000` gives
#       Pachi 1,000 playouts a move instead, as its own -t option reads it)
# Environment: PACHI (default /work/pachi/pachi, or `pachi` on PATH), KOAN (default
# target/release/koan), CONCURRENCY (default 2).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: $0 OUT_DIR [GAMES] [SIZE] [SECONDS_PER_MOVE]}
games=${2:-20}
size=${3:-9}
secs=${4:-2}
pachi=${PACHI:-/work/pachi/pachi}
[[ -x $pachi ]] || pachi=$(command -v pachi || true)
if [[ -z $pachi ]]; then
  echo "pachi-selfplay: Pachi not found; set PACHI=/path/to/pachi" >&2
  exit 1
fi
koan=${KOAN:-$here/../target/release/koan}
komi=7
[[ $size == 9 ]] || komi=7.5
openings=()
[[ $size == 9 ]] && openings=(--openings "$here/openings-9x9" --opening-moves 4)
mkdir -p "$out"
engine="$pachi -t $secs threads=1,pondering=0"
if [[ $secs == =* ]]; then limit=60; else limit=$((secs * 5 + 10)); fi
"$koan" match --black "$engine" --white "$engine" --size "$size" --komi "$komi" \
  --rules chinese --games "$games" --concurrency "${CONCURRENCY:-2}" \
  --time-per-move-limit "$limit" "${openings[@]}" \
  --sgf-dir "$out" --stderr-dir "$out/logs" | tee "$out/table.txt"
