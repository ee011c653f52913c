#!/usr/bin/env bash
# Regenerates the move model koan embeds (src/search/model-weights.txt): Pachi's self-play
# games at 1,000 playouts a move (gtp-scripts/pachi-selfplay.sh; 9x9 games start from the
# 9x9 openings; the first 4 moves of every game, the book's on 9x9, are left out of the
# training), then `koan train`, which
# prints the model's top-1 and top-5 accuracy on the held-out games (every 10th).
#
#   gtp-scripts/train-model.sh DATA_DIR [GAMES_9x9] [GAMES_19x19]
#       (defaults: 400 and 50 games; records already in DATA_DIR/9x9 and DATA_DIR/19x19
#       are kept and trained on too, so a run can be resumed or extended)
# Environment: PACHI, KOAN, CONCURRENCY as for pachi-selfplay.sh.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
data=${1:?usage: $0 DATA_DIR [GAMES_9x9] [GAMES_19x19]}
koan=${KOAN:-$here/../target/release/koan}
mkdir -p "$data/9x9" "$data/19x19"
"$here/pachi-selfplay.sh" "$data/9x9/run-$(date +%s)" "${2:-400}" 9 =1000
"$here/pachi-selfplay.sh" "$data/19x19/run-$(date +%s)" "${3:-50}" 19 =1000
# GNU Go's games of the ko corpus are trained on too.
"$koan" train --skip-moves 4 --out "$here/../src/search/model-weights.txt" "$data/9x9" "$data/19x19" \
  "$here"/../engine-tests/ko-corpus/*/gnugo-*.sgf
