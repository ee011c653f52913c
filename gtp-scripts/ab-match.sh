#!/usr/bin/env bash
# A/B self-play match between two koan binaries on 9x9, one `koan match`: two games at once,
# a seed of its own for every game and engine, every opening of gtp-scripts/openings-9x9
# played with both colours, and an SPRT that stops the match once it is decided. Prints the
# progress on stderr and koan match's table (win rate, Elo with its 95% interval, the SPRT's
# LLR and verdict) for A, the new binary.
#
#   gtp-scripts/ab-match.sh NEW_KOAN OLD_KOAN PAIRS [FIRST_SEED] [ENGINE_ARGS...]
#
# PAIRS: at most 2 x PAIRS games. FIRST_SEED (default 1) chooses the games' seeds.
# ENGINE_ARGS default to `--threads 1 --playouts 2000`; a playout limit keeps the result
# independent of the machine's load. Environment: CONCURRENCY (default 2), SPRT (the two Elo
# bounds, default "0 10"; empty: no SPRT), OPENING_MOVES (default 8; 0: no openings).
set -euo pipefail
new=$1
old=$2
pairs=$3
first=${4:-1}
shift $(($# < 4 ? $# : 4))
args=${*:-"--threads 1 --playouts 2000"}
here=$(dirname "$0")
opening_moves=${OPENING_MOVES:-8}
sprt=${SPRT-"0 10"}
extra=()
if [[ -n $sprt ]]; then
  read -r elo0 elo1 <<<"$sprt"
  extra+=(--sprt "$elo0" "$elo1")
fi
if ((opening_moves > 0)); then
  extra+=(--openings "$here/openings-9x9" --opening-moves "$opening_moves")
fi
exec "$new" match --black "$new $args --seed {seed}" --white "$old $args --seed {seed}" \
  --games $((2 * pairs)) --size 9 --komi 7 --seed "$first" \
  --concurrency "${CONCURRENCY:-2}" "${extra[@]}"
