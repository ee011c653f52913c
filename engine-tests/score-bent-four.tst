# Bent four in the corner (score/bent-four.sgf, komi 6.5). White's B9 and A8 sit inside
# Black's corner; neither side gains by moving now (A9, C9 and A7 are all self-atari or
# suicide for Black), but White can at any time play C9, let Black capture, and start a ko
# in the bent-four shape that White takes first. Under the Japanese rules' confirmation phase
# (Article 7-2, ko rule pass-for-ko) Black may not retake that ko before passing, so ko
# threats elsewhere do not matter: the corner is dead, and White's two stones live. The
# engine's local search reaches the same verdict under area scoring, where a pass is a move
# elsewhere and local play has no ko threats either.
#
#      A B C D E F G H J
#    9 . O . X O . O . O
#    8 O X X X O O O O O
#    7 . X X X O . O . O
#    6 X X X X O O O O O
#    5 O O O O O X X X X
#    4 X X X X X X . X .
#    3 . X . X . X X X X
#    2 X X X X X X . X .
#    1 . X . X . X X X X

# Territory: Black 10; White 14 (the corner) + 4 + 11 prisoners: 10 - 29 - 6.5.
rules japanese
10 loadsgf score/bent-four.sgf
#? [black]
11 final_score
#? [W\+25\.5]
12 final_status_list dead
#? [A6 B6 C6 D6 B7 C7 D7 B8 C8 D8 D9]
13 final_status_list seki
#? []
14 final_status_list alive
#? [.* A8 .* B9 .*]

# Area: Black 30 stones + 10, White 23 stones + 18: 40 - 41 - 6.5.
rules chinese
20 loadsgf score/bent-four.sgf
#? [black]
21 final_score
#? [W\+7\.5]
22 final_status_list dead
#? [A6 B6 C6 D6 B7 C7 D7 B8 C8 D8 D9]
