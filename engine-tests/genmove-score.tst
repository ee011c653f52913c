# engine-args: --threads 1 --playouts 20000 --seed 3
# Lopsided positions, where the win rate hardly tells one move from another and the score
# must: koan takes the free capture when far ahead, and plays for the capture that could
# turn a lost game. Checked with reg_genmove (the move is not played); src/search/tests.rs
# checks the same positions over several seeds.

# --- Far ahead: White's E5 is in atari and could still run out at E6. ---
boardsize 9
clear_board
komi 7.5
play b D5
play b F5
play b E4
play w E5
play w A9
10 reg_genmove b
#? [E6]

# --- The same for White. ---
clear_board
play w D5
play w F5
play w E4
play b E5
play b J1
20 reg_genmove w
#? [E6]

# --- Far behind: capturing White's three stones at B6 is the only way back. ---
clear_board
play b C7
play w C6
play b D7
play w D6
play b E7
play w E6
play b F6
play w F5
play b C5
play w F4
play b D5
play w A3
play b E5
play w B3
play w C3
play w D3
play w E3
play w F3
play w F2
play w F1
30 reg_genmove b
#? [B6]
