# Fixed ko (Jasiek): only (before, after) pairs of board plays count. A position may be
# engine-args: --threads 1 --playouts 300 --gogui-ruler
# recreated, the same transition may not be made twice. basic-fixed adds the basic-ko clause.
#
# ko/basic.sgf, 7x7, setup S0 with Black to move:
#
#       A B C D E F G
#     5 . . X O . . .
#     4 . X O . O . .      the white stone C4 has one liberty, D4
#     3 . . X O . . .
#
# 1 B D4 takes the ko (transition S0 -> S1). The triple ko and eternal life suites show the
# same on longer cycles (ko-triple.tst C, ko-eternal-life.tst B).

10 loadsgf ko/basic.sgf 2
#? [white]
11 gogui-rules_board
#? [\.{7}\n\.{7}\n\.{2}XO\.{3}\n\.X\.XO\.{2}\n\.{2}XO\.{3}\n\.{7}\n\.{7}]

# A. The first retake: W C4 makes S1 -> S0, a transition never made, though S0 stood.
100 ko-rule fixed
#? []
101 loadsgf ko/basic.sgf 2
#? [white]
102 is_legal w C4
#? [1]
103 ko-bans w
#? []
# basic-fixed: the simple clause bans the immediate retake.
110 ko-rule basic-fixed
#? []
111 loadsgf ko/basic.sgf 2
#? [white]
112 is_legal w C4
#? [0]
113 ko-bans w
#? [C4 simple: [^\n]*]

# B. Once, then not. Under fixed, 2 W C4 retakes (back to S0, Black to move); 3 B D4 would make
# S0 -> S1 again, the transition of move 1: banned. The ko works like an eye for White.
# After 3 B A1, 4 W G7 elsewhere, B D4 leaves a new position: legal; and White may retake once
# from the new position; then Black's second capture from S0 + A1 + G7 is banned again.
200 ko-rule fixed
#? []
201 loadsgf ko/basic.sgf 2
#? [white]
202 play w C4
#? []
203 gogui-rules_board
#? [\.{7}\n\.{7}\n\.{2}XO\.{3}\n\.XO\.O\.{2}\n\.{2}XO\.{3}\n\.{7}\n\.{7}]
204 is_legal b D4
#? [0]
205 ko-bans b
#? [D4 fixed: [^\n]*]
206 play b A1
#? []
207 play w G7
#? []
208 is_legal b D4
#? [1]
209 play b D4
#? []
210 is_legal w C4
#? [1]
211 play w C4
#? []
212 gogui-rules_board
#? [\.{6}O\n\.{7}\n\.{2}XO\.{3}\n\.XO\.O\.{2}\n\.{2}XO\.{3}\n\.{7}\nX\.{6}]
213 is_legal b D4
#? [0]
214 ko-bans b
#? [D4 fixed: [^\n]*]

# C. After a threat exchange and White's retake (the whole record: 2 W G1, 3 B A7, 4 W C4),
# Black's immediate retake B D4 recreates S3 by the new transition S4 -> S3: fixed allows it,
# basic-fixed bans it by the simple clause.
300 ko-rule fixed
#? []
301 loadsgf ko/basic.sgf
#? [black]
302 is_legal b D4
#? [1]
310 ko-rule basic-fixed
#? []
311 loadsgf ko/basic.sgf
#? [black]
312 is_legal b D4
#? [0]
313 ko-bans b
#? [D4 simple: [^\n]*]
