# Fixed handicap layouts of GTP spec section 4.1.1 on every standard size.
# engine-args: --threads 1 --playouts 300 --gogui-ruler

boardsize 19
10 fixed_handicap 2
#? [D4 Q16]
clear_board
11 fixed_handicap 3
#? [D4 Q16 D16]
clear_board
12 fixed_handicap 4
#? [D4 Q16 D16 Q4]
clear_board
13 fixed_handicap 5
#? [D4 Q16 D16 Q4 K10]
clear_board
14 fixed_handicap 6
#? [D4 Q16 D16 Q4 D10 Q10]
clear_board
15 fixed_handicap 7
#? [D4 Q16 D16 Q4 D10 Q10 K10]
clear_board
16 fixed_handicap 8
#? [D4 Q16 D16 Q4 D10 Q10 K4 K16]
clear_board
17 fixed_handicap 9
#? [D4 Q16 D16 Q4 D10 Q10 K4 K16 K10]
18 gogui-rules_side_to_move
#? [white]
clear_board
19 fixed_handicap 10
#? [invalid number of stones]*

boardsize 13
20 fixed_handicap 9
#? [D4 K10 D10 K4 D7 K7 G4 G10 G7]

boardsize 9
30 fixed_handicap 4
#? [C3 G7 C7 G3]
clear_board
31 fixed_handicap 9
#? [C3 G7 C7 G3 C5 G5 E3 E7 E5]

boardsize 10
40 fixed_handicap 4
#? [C3 H8 C8 H3]
clear_board
41 fixed_handicap 5
#? [invalid number of stones]*

boardsize 7
50 fixed_handicap 4
#? [C3 E5 C5 E3]
clear_board
51 fixed_handicap 5
#? [invalid number of stones]*

boardsize 6
60 fixed_handicap 2
#? [invalid number of stones]*

# Handicap stones are the starting position, not moves: undo cannot remove them.
boardsize 19
fixed_handicap 2
70 undo
#? [cannot undo]*

71 printsgf
#? [.*HA\[2\].*AB\[(dp|pd)\]\[(dp|pd)\].*]
