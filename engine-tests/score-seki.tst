# Seki (score/seki.sgf, komi 0.5). Black B9 B8 B7 C7 and White D9 D8 D7 have no eyes and
# share C9 and C8: whoever fills one puts its own string in atari. The confirmation search
# finds neither capturable; with no eye and a short-of-eyes opponent in contact, both are in
# seki. The walls around them are unconditionally alive.
#
#      A B C D E F G H J
#    9 O X . O X . X . X
#    8 O X . O X X X X X
#    7 O X X O X . X . X
#    6 O O O X X X X X X
#    5 O . O X . X . X .
#    4 O O O X X X X X X
#    3 . O O X . X . X .
#    2 O O O X X X X X X
#    1 O . O X . X . X .

# Area: stones in seki count, the shared liberties count for nobody.
# Black 42 stones + 13 points, White 21 + 3: 55 - 24 - 0.5.
rules chinese
10 loadsgf score/seki.sgf
#? [white]
11 final_score
#? [B\+30\.5]
12 final_status_list dead
#? []
13 final_status_list seki
#? [B7 C7 D7 B8 D8 B9 D9]
14 final_status_list alive
#? [!.*B9.*]

# Territory (Japanese 1989): no points in seki; Black 13, White 3: 13 - 3 - 0.5.
rules japanese
20 loadsgf score/seki.sgf
#? [white]
21 final_score
#? [B\+9\.5]
22 final_status_list dead
#? []
23 final_status_list seki
#? [B7 C7 D7 B8 D8 B9 D9]
