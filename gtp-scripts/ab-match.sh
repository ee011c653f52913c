#!/usr/bin/env bash
# A/B self-play match between two koan binaries on 9x9, each game pair with its own seeds
# (koan's default seed is fixed, so a plain `koan match` of koan against koan would repeat
# the same two games). Each pair is one `koan match --games 2`, so both binaries play both
# colours with the same seeds. Prints each pair's line and the total for A, the new binary.
#
#   gtp-scripts/ab-match.sh NEW_KOAN OLD_KOAN PAIRS [FIRST_SEED] [ENGINE_ARGS...]
#
# ENGINE_ARGS default to `--threads 1 --playouts 2000`; a playout limit keeps the result
# independent of the machine's load.
set -euo pipefail
new=$1
old=$2
pairs=$3
first=${4:-1}
shift $(($# < 4 ? $# : 4))
args=${*:-"--threads 1 --playouts 2000"}
wins=0
games=0
for ((s = first; s < first + pairs; s++)); do
  line=$("$new" match --black "$new $args --seed $s" --white "$old $args --seed $((s + 100000))" \
    --games 2 --size 9 --komi 7 2>/dev/null | grep '^win rate of A')
  w=$(sed -E 's/.*\(([0-9.]+) of ([0-9]+).*/\1/' <<<"$line")
  n=$(sed -E 's/.*\(([0-9.]+) of ([0-9]+).*/\2/' <<<"$line")
  wins=$(awk -v a="$wins" -v b="$w" 'BEGIN { print a + b }')
  games=$((games + n))
  echo "seed $s: $line"
done
awk -v w="$wins" -v n="$games" 'BEGIN {
  p = w / n; z = 1.96; d = 1 + z * z / n
  c = (p + z * z / (2 * n)) / d; h = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
  printf "total: A %.1f of %d (%.1f%%; 95%% Wilson interval %.1f%% to %.1f%%)\n", w, n, 100 * p, 100 * (c - h), 100 * (c + h)
}'
