# engine-args: --threads 1 --playouts 4000
# Tactics the search must get right: obvious captures, saving a string in atari, ladders
# read from the right side, running only where a ladder breaker helps, playing a
# ladder-breaking move, never filling its own eyes, passing at the end of a finished game,
# and obeying the ko rule. Checked with reg_genmove (the move is not played).

# --- An obvious capture that decides the game (7x7): White's string on row 4 has one
# liberty, F4; the black strings beside it are short of liberties too, so Black must
# capture now (GNU Go 3.8 agrees: F4). ---
boardsize 7
clear_board
komi 0.5
play w B6
play w C6
play w D6
play w E6
play w F6
play b A5
play b B5
play b C5
play b D5
play b E5
play w A4
play w B4
play w C4
play w D4
play w E4
play b G4
play b A3
play b B3
play b C3
play b D3
play b E3
play w B2
play w C2
play w D2
play w E2
play w F2
10 reg_genmove b
#? [F4]

boardsize 9
komi 7
# --- Saving a stone in atari: White's F5 has put Black's E5 in atari (liberty E4);
# extending there gives three liberties and leaves White's D5, E6 and F5 thin. ---
clear_board
play b E5
play w D5
play b C3
play w E6
play b G3
play w F5
20 reg_genmove b
#? [E4]

# --- Ladders (the reading itself is unit-tested in src/search/ladder.rs). # White's E5 in atari (Black D5, E6, F4, E4): running to F5 gives two liberties and the
# ladder up-right works (Black G5, White F6, Black G6...), so running is futile.
clear_board
play b D5
play b E6
play b F4
play w E5
play w C3
play b E4
31 reg_genmove w
#? [!F5]

# --- A ladder breaker decides whether to run (9x9). Black's E5-E6-E7 cuts White's wall in
# two and is in atari (liberty E4). Running to E4 gives two liberties (D4, E3) and the ladder
# towards the lower left: with Black's C3 on its path the ladder fails and E4 saves three
# cutting stones (GNU Go 3.8: after E4, "attack E4" answers 0); without it (Black G3
# instead) the ladder works (GNU Go: E3 captures) and running only loses more stones.
# koan, 4000 playouts: E4 with C3 for 13 of 13 seeds; without C3 not E4 for 12 of 13. ---
clear_board
play b E5
play b E6
play b E7
play w D5
play w D6
play w D7
play w F5
play w F6
play w F7
play w E8
play w F4
play b C3
32 reg_genmove b
#? [E4]

clear_board
play b E5
play b E6
play b E7
play w D5
play w D6
play w D7
play w F5
play w F6
play w F7
play w E8
play w F4
play b G3
33 reg_genmove b
#? [!E4]

# --- A ladder-breaking move (9x9). Black has invaded White's right side (G5, H6, H7).
# White's J6 has two liberties: Black's atari on J7 drives it out through J5, where it joins
# H5 with two liberties (J4, H4), and the ladder down the right edge works. No move next to
# J6 saves it; only H4, on the ladder's path, does, and then the invaders die.
#     A B C D E F G H J
#  9  . X . X O . . . .
#  8  X X X X O . . . .
#  7  . X . X O . . X .
#  6  X X X X O . . X O
#  5  . X . X O . X O .
#  4  X X X X O . . . .
#  3  . X . X O . . . .
#  2  X X X X O . . . .
#  1  . X . X O . . . .
# GNU Go 3.8 (level 10): H4 is the only White move after which "attack J6" fails, and
# its genmove. koan, 4000 playouts: H4 for 21 of 21 seeds. ---
clear_board
play b B9
play b D9
play w E9
play b A8
play b B8
play b C8
play b D8
play w E8
play b B7
play b D7
play w E7
play b H7
play b A6
play b B6
play b C6
play b D6
play w E6
play b H6
play w J6
play b B5
play b D5
play w E5
play b G5
play w H5
play b A4
play b B4
play b C4
play b D4
play w E4
play b B3
play b D3
play w E3
play b A2
play b B2
play b C2
play b D2
play w E2
play b B1
play b D1
play w E1
34 reg_genmove w
#? [H4]

# --- Never fill an own eye, and pass when the game is over (7x7: each side has two
# eyes, one dame at D4 left, White just passed). ---
boardsize 7
clear_board
komi 0.5
play b A7
play b B7
play b C7
play b B6
play b C6
play b A5
play b B5
play b C5
play b A4
play b C4
play b A3
play b B3
play b C3
play b B2
play b C2
play b A1
play b B1
play b C1
play w E7
play w F7
play w G7
play w E6
play w F6
play w E5
play w F5
play w G5
play w E4
play w G4
play w E3
play w F3
play w G3
play w E2
play w F2
play w E1
play w F1
play w G1
40 reg_genmove b
#? [D.]

play b D4
play w D3
play b D5
play w D2
play b D6
play w D1
play b D7
play w pass
41 reg_genmove b
#? [pass|PASS]

# --- Ko under positional superko (5x5): Black captured at D3, then both passed. White's
# retake at C3 is the obvious move under simple ko (the last move was a pass), but it
# recreates the position before Black's capture: positional superko bans it, at the root
# of the search as everywhere else. GNU Go (simple ko only) does retake. ---
boardsize 5
clear_board
komi 0.5
rules ko=positional
play b C4
play b B3
play b C2
play w D4
play w C3
play w E3
play w D2
play b D3
play w pass
play b pass
50 reg_genmove w
#? [!C3]

51 ko-bans w
#? [C3 .*]
