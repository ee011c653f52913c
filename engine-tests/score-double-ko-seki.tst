# Double-ko seki (score/double-ko-seki.sgf, komi 0.5). Black's inner group C1-C6 D2 D4 D6 and
# White's inner group E1 E2 E4 E6 F1-F6 share the liberty D1. Ko a: Black may take White's
# lone D3 at E3; ko b: White may take Black's lone E5 at D5. Whoever takes first puts the
# other in atari, the other takes in the other ko, and the first cannot go on: under the
# confirmation-phase ko rule the recapture needs a pass, after which the position comes back.
# Neither inner group can be captured by an attacker moving first (the search ends in a
# repetition); the lone ko stones can be taken, but only inside the seki, so they live with
# it. Both sides are in seki, under both scorings.
#
#      A B C D E F G H J
#    9 . O . O X . X . X
#    8 O O O O X X X X X
#    7 O O O O X X X . X
#    6 . O X X O O X X X
#    5 O O X . X O X . X
#    4 O O X X O O X X X
#    3 . O X O . O X . X
#    2 O O X X O O X X X
#    1 O O X . O O X . X

# Area: Black 37 stones + 7 points (its eye D5 in the seki counts), White 31 + 5 (E3);
# D1 is neutral: 44 - 36 - 0.5.
rules chinese
10 loadsgf score/double-ko-seki.sgf
#? [white]
11 final_score
#? [B\+7\.5]
12 final_status_list dead
#? []
13 final_status_list seki
#? [C1 E1 F1 C2 D2 E2 F2 C3 D3 F3 C4 D4 E4 F4 C5 E5 F5 C6 D6 E6 F6]

# Territory: D5 and E3 are eye points of stones in seki, no territory: 6 - 4 - 0.5.
rules japanese
20 loadsgf score/double-ko-seki.sgf
#? [white]
21 final_score
#? [B\+1\.5]
22 final_status_list dead
#? []
23 final_status_list seki
#? [C1 E1 F1 C2 D2 E2 F2 C3 D3 F3 C4 D4 E4 F4 C5 E5 F5 C6 D6 E6 F6]
