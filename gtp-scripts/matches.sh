#!/usr/bin/env bash
# The standard matches of koan against GNU Go 3.8 at level 10, Chinese (area) rules:
#   9x9:   komi 7,   koan --threads 2 --time-per-move 1, 100 games
#   19x19: komi 7.5, koan --threads 2 --time-per-move 2,  20 games
# Colours alternate; koan is engine A (Black in odd games) and gets a seed of its own in
# every game, so that no two games repeat (SEED, default 1, seeds the match's seeds). Each
# match writes its result
# table, progress log, SGF files and engine logs under the results folder, and the script
# fails when either engine made an illegal move, a protocol error or lost on time.
#
# Usage: gtp-scripts/matches.sh [all | 9 | 19] [RESULTS_DIR]
# Environment: GAMES_9, GAMES_19 (game counts), SEED (the match's seed), GNUGO (path to gnugo).
set -euo pipefail
cd "$(dirname "$0")/.."

which=${1:-all}
out=${2:-results/matches-$(date -u +%Y%m%d-%H%M%S)}
gnugo=${GNUGO:-/usr/games/gnugo}
case "$which" in
  all | 9 | 19) ;;
  *) echo "usage: $0 [all | 9 | 19] [RESULTS_DIR]" >&2; exit 2 ;;
esac

if [ ! -x "$gnugo" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get > /dev/null; then
    echo "GNU Go is missing: installing the Debian package gnugo" >&2
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gnugo > /dev/null
  else
    echo "GNU Go is missing at $gnugo. Install it (Debian/Ubuntu: sudo apt-get install gnugo)" >&2
    echo "or set GNUGO=/path/to/gnugo." >&2
    exit 1
  fi
fi

cargo build --release
koan=$PWD/target/release/koan
mkdir -p "$out"
failed=0

# run_match NAME SIZE KOMI GAMES SECONDS_PER_MOVE
run_match() {
  local name=$1 size=$2 komi=$3 games=$4 secs=$5 dir=$out/$1
  mkdir -p "$dir"
  echo "== $name: $games games on ${size}x$size, komi $komi, koan at $secs s per move" >&2
  "$koan" match \
    --black "koan --threads 2 --time-per-move $secs --seed {seed}" \
    --white "$gnugo --mode gtp --level 10 --chinese-rules" \
    --size "$size" --komi "$komi" --rules chinese --games "$games" --seed "${SEED:-1}" \
    --sgf-dir "$dir/sgf" --stderr-dir "$dir/logs" \
    2> >(tee "$dir/progress.log" >&2) | tee "$dir/table.txt"
  # Both columns of the fault rows must be zero.
  if ! awk '/^(illegal moves|protocol errors|timeouts) / { if ($(NF-1) + $NF) bad = 1 }
            END { exit bad }' "$dir/table.txt"; then
    echo "!! $name: illegal moves, protocol errors or timeouts (see $dir/table.txt)" >&2
    failed=1
  fi
}

if [ "$which" = all ] || [ "$which" = 9 ]; then
  run_match 9x9 9 7 "${GAMES_9:-100}" 1
fi
if [ "$which" = all ] || [ "$which" = 19 ]; then
  run_match 19x19 19 7.5 "${GAMES_19:-20}" 2
fi
echo "results in $out" >&2
exit "$failed"
