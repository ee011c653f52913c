# A live group with a false eye (score/false-eye.sgf, komi 0.5). Black's top group has two
# real eyes, A9 and C9, and a false eye at E9: the diagonal F8 is White's, so the stone F9
# hangs in atari (its only liberty is E9) and White captures it by playing there. F9 is dead;
# the rest of the group is unconditionally alive. With F9 gone, E9 and F9 touch both colours:
# neutral, not Black's.
#
#      A B C D E F G H J
#    9 . X . X . X O . O
#    8 X X X X X O O O O
#    7 . . X . X O . . O
#    6 X X X X X O O O O
#    5 . . X . X O . O .
#    4 X X X X X O O O O
#    3 . . X . X O . . O
#    2 X X X X X O O O O
#    1 . . X . X O . O .

# Area: Black 30 stones + 14 points, White 26 + 9: 44 - 35 - 0.5.
rules chinese
10 loadsgf score/false-eye.sgf
#? [white]
11 final_score
#? [B\+8\.5]
12 final_status_list dead
#? [F9]
13 final_status_list seki
#? []

# Territory: Black 14, White 9 + 1 prisoner: 14 - 10 - 0.5.
rules japanese
20 loadsgf score/false-eye.sgf
#? [white]
21 final_score
#? [B\+3\.5]
22 final_status_list dead
#? [F9]
23 final_status_list seki
#? []
