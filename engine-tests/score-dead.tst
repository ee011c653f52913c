# Scoring a finished game with dead stones inside territory (score/dead-in-territory.sgf,
# engine-args: --threads 1 --playouts 300 --gogui-ruler
# komi 0.5). Every string on the board is either unconditionally alive (the two combs) or
# taken by the confirmation search: the lone stones and the two-stone strings have no eye and
# fall to an attacker moving first.
#
#      A B C D E F G H J
#    9 . O . X O . . . .      dead White: B9, A5 B5
#    8 X X X X O O O O O      dead Black: G7, G3, H1 J1
#    7 . . . X O . X . .
#    6 X X X X O O O O O      Black: 21 stones, 15 points of territory
#    5 O O . X O . . . .      White: 25 stones, 20 points of territory
#    4 X X X X O O O O O
#    3 . . . X O . X . .
#    2 X X X X O O O O O
#    1 . . . X O . . X X

# Area: 36 - 45 - 0.5.
rules chinese
10 loadsgf score/dead-in-territory.sgf
#? [white]
11 final_score
#? [W\+9\.5]
12 final_status_list dead
#? [H1 J1 G3 A5 B5 G7 B9]
13 final_status_list seki
#? []
14 final_status_list alive
#? [D1 E1 A2 B2 .* D9 E9]

# Territory: (15 + 3 prisoners) - (20 + 4 prisoners) - 0.5.
rules japanese
20 loadsgf score/dead-in-territory.sgf
#? [white]
21 final_score
#? [W\+6\.5]
22 final_status_list dead
#? [H1 J1 G3 A5 B5 G7 B9]
23 final_status_list seki
#? []

# After two passes the game is over and GoGui's result agrees with final_score.
play w pass
play b pass
24 gogui-rules_final_result
#? [W\+6\.5]
25 final_score
#? [W\+6\.5]
