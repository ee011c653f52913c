#!/usr/bin/env bash
# Makes the 9x9 opening suite gtp-scripts/openings-9x9/ that ab-match.sh uses: the first 10
# moves of koan self-play games (2,000 playouts a move, one thread, a seed of its own for
# every game and engine, so the moves are reproducible and sensible: no side gives a stone
# away), duplicates removed. Every opening is played with both colours in a match, which
# cancels what advantage an opening gives one side.
#
#   gtp-scripts/make-openings.sh [KOAN] [GAMES]      (defaults: target/release/koan, 24)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
koan=${1:-$here/../target/release/koan}
games=${2:-24}
out=$here/openings-9x9
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
engine="$koan --threads 1 --playouts 2000 --seed {seed}"
"$koan" match --black "$engine" --white "$engine" --size 9 --komi 7 --games "$games" \
  --max-moves 10 --seed 7 --concurrency 2 --sgf-dir "$tmp" > /dev/null
rm -rf "$out"
mkdir -p "$out"
n=0
declare -A seen
for f in "$tmp"/game-*.sgf; do
  moves=$(tr -d '\n' < "$f" | grep -o ';[BW]\[[a-z]*\]' | head -10 | tr -d '\n')
  [[ $(grep -o ';' <<<"$moves" | wc -l) -eq 10 ]] || continue
  [[ -z ${seen[$moves]:-} ]] || continue
  seen[$moves]=1
  n=$((n + 1))
  printf '(;GM[1]FF[4]SZ[9]KM[7]RU[Chinese]GC[koan self-play, 2000 playouts]%s)\n' "$moves" \
    > "$out/$(printf 'opening-%02d.sgf' "$n")"
done
echo "$n openings in $out"
