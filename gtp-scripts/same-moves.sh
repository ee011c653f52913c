#!/usr/bin/env bash
# Plays the same scripted self-play games with two koan binaries and compares every answer.
# For refactors that must not change what the engine does: with one thread, a playout limit
# and a seed, the search is deterministic, so the two transcripts must be identical.
#
#   gtp-scripts/same-moves.sh OLD_KOAN NEW_KOAN [PLAYOUTS]
#
# Exit code 0 when every game matches, 1 otherwise (the first differing game is shown).
set -euo pipefail
old=$1
new=$2
playouts=${3:-1500}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
games=0
differ=0
for size in 9 13 19; do
  moves=$((size == 9 ? 50 : 30))
  for rules in chinese japanese "ko-rule fixed" "ko-rule ing-spight" "ko-rule situational" "ko-rule pass-for-ko"; do
    for seed in 1 2; do
      script=$work/game.gtp
      {
        echo "boardsize $size"
        echo "clear_board"
        case $rules in
          ko-rule*) echo "$rules" ;;
          *) echo "rules $rules" ;;
        esac
        echo "komi 7"
        for ((i = 0; i < moves; i++)); do
          echo "genmove b"
          echo "genmove w"
        done
        echo "final_score"
        echo "final_status_list dead"
        echo "ko-bans"
        echo "printsgf"
        echo "quit"
      } >"$script"
      for bin in old new; do
        "${!bin}" --threads 1 --playouts "$playouts" --seed "$seed" --resign-threshold 0 \
          <"$script" >"$work/$bin.out" 2>/dev/null || true
      done
      games=$((games + 1))
      if ! cmp -s "$work/old.out" "$work/new.out"; then
        differ=$((differ + 1))
        echo "differs: size $size, $rules, seed $seed"
        diff "$work/old.out" "$work/new.out" | head -20
      fi
    done
  done
done
echo "$games games compared, $differ differ"
[[ $differ -eq 0 ]]
