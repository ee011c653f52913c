# What the kgsGtp bridge sends: kgs-rules, kgs-time_settings, time_left, kgs-genmove_cleanup,
# engine-args: --threads 1 --playouts 300 --gogui-ruler
# kgs-game_over. (kgs-rules is covered by rules.tst.)

10 kgs-time_settings none
#? []
11 kgs-time_settings absolute 600
#? []
12 kgs-time_settings byoyomi 600 30 5
#? []
13 kgs-time_settings canadian 600 300 25
#? []
14 kgs-time_settings byoyomi 600 30
#? [syntax error.*]*
15 kgs-time_settings hourglass 60
#? [syntax error.*]*
16 kgs-time_settings absolute -5
#? [syntax error.*]*

# Under byo-yomi, the last number of time_left is the periods left.
kgs-time_settings byoyomi 0 1 3
17 time_left b 1 3
#? []
18 genmove b
#? [[A-HJ-T]\d+|pass]

19 kgs-game_over
#? []

# Cleanup: a lone black stone (E2) in White's area is dead. kgs-genmove_cleanup never
# passes while it stands, and keeps playing until it is captured.
#
#    A B C D E F G H J
#  9 . . . X . . . . .
#  8 . . . X . . . . .
#  7 . . . X . . . . .
#  6 . . . X . . . . .
#  5 . . . X X X X X X
#  4 O O O O O O O O O
#  3 . . . . . . . . .
#  2 . . . . X . . . .
#  1 . . . . . . . . .
20 loadsgf kgs/dead-stone.sgf
#? [white]
21 final_status_list dead
#? [E2]
22 kgs-genmove_cleanup w
#? [!pass]
play b pass
kgs-genmove_cleanup w
play b pass
kgs-genmove_cleanup w
play b pass
kgs-genmove_cleanup w
play b pass
kgs-genmove_cleanup w
play b pass
kgs-genmove_cleanup w
play b pass
23 gogui-rules_board
#? [.*\n[^X\n]{9}\n[^X\n]{9}]
24 final_status_list dead
#? []
