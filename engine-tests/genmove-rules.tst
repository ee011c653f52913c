# The rule changes the best move: positions where koan must play one move under one ko rule
# engine-args: --threads 1 --playouts 3000
# and another under a second rule. Each is asked with reg_genmove (the move is not played).
# docs/ko-rules.md ("The rule changes the best move") has the diagrams for Go players.
#
# All four positions are one ko fight, everything else settled. White has just captured a
# ko whose winner wins the game (komi is set so: the side that connects the ko wins by 1.5,
# the other loses by 2.5). The side to move has exactly one ko threat, a placement in the
# opponent's straight four; the opponent has none.
#
# - simple, basic-fixed, positional, situational, ing-spight: the immediate retake is banned
#   (basic ko; the position before White's capture; the hot stone). The threat is the only
#   winning move: the opponent answers, the retake is then new, and the opponent, without a
#   threat, cannot retake back.
# - fixed (Jasiek, no basic-ko clause): the immediate retake is legal (that transition was
#   never made) and wins: the opponent's retake would repeat the capture just made. The
#   threat loses: it changes the position, so after the answer and the retake the opponent
#   may retake once from the new position, and the only threat is gone.
#
# Checked: koan with 200,000 playouts gives the same moves (seeds 7, 8); final_score of the
# two resolutions gives the margins above; GNU Go 3.8 (simple ko) finds the retake illegal,
# owl_attack on the opponent's group 0 before the threat and after its answer, and 1 with the
# answer as the only defence when the answer is skipped.

# --- A. 7x7, Black to move after 1 W D1 (retake-7x7.sgf). ---
#       A B C D E F G
#     7 . X X X O O .
#     6 X X . X O O .      White's eye space G4-G7 is a straight four:
#     5 X X X X O O .      B G6 (or G5) threatens to kill, W answers G5 (G6).
#     4 . X X X O O .
#     3 X X . X O O O
#     2 X X X X O O O
#     1 . X X W . O O      W = White's capture at D1; Black's stone on E1 was taken.
ko-rule fixed
loadsgf genmove-rules/retake-7x7.sgf
play w D1
100 reg_genmove b
#? [E1]

ko-rule basic-fixed
loadsgf genmove-rules/retake-7x7.sgf
play w D1
101 reg_genmove b
#? [G6|G5]

ko-rule simple
loadsgf genmove-rules/retake-7x7.sgf
play w D1
102 reg_genmove b
#? [G6|G5]

# --- B. The same with colours swapped and the board turned over (retake-7x7-white.sgf),
# White to move after 1 B D7; komi -7.5. ---
ko-rule fixed
loadsgf genmove-rules/retake-7x7-white.sgf
play b D7
200 reg_genmove w
#? [E7]

ko-rule simple
loadsgf genmove-rules/retake-7x7-white.sgf
play b D7
201 reg_genmove w
#? [G2|G3]

# --- C. 9x9, Black to move after 1 W E1 (retake-9x9.sgf), komi 9.5; the straight four is
# J6-J9, the threat J8 or J7. ---
ko-rule fixed
loadsgf genmove-rules/retake-9x9.sgf
play w E1
300 reg_genmove b
#? [F1]

ko-rule positional
loadsgf genmove-rules/retake-9x9.sgf
play w E1
301 reg_genmove b
#? [J8|J7]

ko-rule situational
loadsgf genmove-rules/retake-9x9.sgf
play w E1
302 reg_genmove b
#? [J8|J7]

# --- D. C with colours swapped and the board turned over (retake-9x9-white.sgf), White to
# move after 1 B E9, komi -9.5. Under ing-spight Black's E9 is a hot stone. ---
ko-rule fixed
loadsgf genmove-rules/retake-9x9-white.sgf
play b E9
400 reg_genmove w
#? [F9]

ko-rule ing-spight
loadsgf genmove-rules/retake-9x9-white.sgf
play b E9
401 reg_genmove w
#? [J2|J3]
