# Passes and ko bans: Spight's pass-lifted superko, and pass-for-ko (Japanese 1989 7-2).
# engine-args: --threads 1 --playouts 300 --gogui-ruler
#
# =============================================================================================
# Spight. ko/two-ko.sgf, 7x7, setup S0 with Black to move; two kos, ko 1 on row 6, ko 2 on row 2:
#
#       A B C D E F G
#     7 . . . X O . .
#     6 . . X O . O .      ko 1: white stone D6, Black can take at E6
#     5 . . . X O . .
#     4 . . . . . . .
#     3 . . . X O . .
#     2 . . X . X O .      ko 2: black stone E2, White can take at D2
#     1 . . . X O . .
#
# Positions as (ko1, ko2), W/B = colour of the stone in the ko. S0 = (W,B).
#   1 B E6 -> (B,B)   2 W D2 -> (B,W)   3 B pass (S3 = S2)   4 W D6 -> (W,W)
#   5 B E2 -> (W,B)   6 W pass (S6 = S5)   7 B E6 -> (B,B)
# Spight bans recreating a position unless a pass came after the last state at which it stood
# (k < L). Positional superko does not care about passes.

10 loadsgf ko/two-ko.sgf 5
#? [black]
11 gogui-rules_board
#? [\.{3}XO\.{2}\n\.{2}XO\.O\.\n\.{3}XO\.{2}\n\.{7}\n\.{3}XO\.{2}\n\.{2}XO\.O\.\n\.{3}XO\.{2}]
12 loadsgf ko/two-ko.sgf 7
#? [black]
13 gogui-rules_board
#? [\.{3}XO\.{2}\n\.{2}XO\.O\.\n\.{3}XO\.{2}\n\.{7}\n\.{3}XO\.{2}\n\.{2}X\.XO\.\n\.{3}XO\.{2}]
14 loadsgf ko/two-ko.sgf
#? [white]
15 gogui-rules_board
#? [\.{3}XO\.{2}\n\.{2}X\.XO\.\n\.{3}XO\.{2}\n\.{7}\n\.{3}XO\.{2}\n\.{2}X\.XO\.\n\.{3}XO\.{2}]

# A. After moves 1-4, Black to move. B E2 recreates S0 (stood at 0 < pass 3): allowed.
# B E6 recreates (B,W), which stood at states 2 and 3: state 3 is the pass itself, so the pass
# does not lift it (it is also the basic-ko retake). Positional bans both.
100 ko-rule spight
#? []
101 loadsgf ko/two-ko.sgf 5
#? [black]
102 is_legal b E2
#? [1]
103 is_legal b E6
#? [0]
104 ko-bans b
#? [E6 spight: [^\n]*]
110 ko-rule positional
#? []
111 loadsgf ko/two-ko.sgf 5
#? [black]
112 is_legal b E2
#? [0]
113 is_legal b E6
#? [0]
114 ko-bans b
#? [E2 positional: [^\n]*\nE6 positional: [^\n]*]

# B. After moves 1-6 (White passed at move 6), Black to move in (W,B). B E6 recreates (B,B),
# which last stood at move 1, before both passes: allowed under spight only.
200 ko-rule spight
#? []
201 loadsgf ko/two-ko.sgf 7
#? [black]
202 is_legal b E6
#? [1]
203 ko-bans b
#? []
210 ko-rule positional
#? []
211 loadsgf ko/two-ko.sgf 7
#? [black]
212 is_legal b E6
#? [0]
213 ko-bans b
#? [E6 positional: [^\n]*]

# C. After moves 1-7, White to move in (B,B). W D2 recreates (B,W), which last stood at state 3,
# before White's own pass at move 6: allowed. W D6 recreates (W,B), which stood at state 6, the
# pass: banned (also the basic-ko retake).
300 ko-rule spight
#? []
301 loadsgf ko/two-ko.sgf
#? [white]
302 is_legal w D2
#? [1]
303 is_legal w D6
#? [0]
304 ko-bans w
#? [D6 spight: [^\n]*]
310 ko-rule positional
#? []
311 loadsgf ko/two-ko.sgf
#? [white]
312 is_legal w D2
#? [0]
313 ko-bans w
#? [D2 positional: [^\n]*\nD6 positional: [^\n]*]

# =============================================================================================
# Pass-for-ko. ko/pass-for-ko.sgf, 7x7, the basic ko of ko-basic.tst (setup: white stone C4
# with one liberty, D4; Black to move). 1 B D4 takes it: a ko capture (one stone captured, the
# capturing stone alone with the captured point as its only liberty), which bans White from
# playing C4 capturing D4 until White passes. Then three exchanges elsewhere: 2 W G1, 3 B A7,
# 4 W G2, 5 B A6, 6 W G3, 7 B A5. White to move:
#
#       A B C D E F G
#     7 X . . . . . .
#     6 X . . . . . .
#     5 X . X O . . .
#     4 . X . X O . .      W C4 would capture D4
#     3 . . X O . . O
#     2 . . . . . . O
#     1 . . . . . . O

20 loadsgf ko/pass-for-ko.sgf
#? [white]
21 gogui-rules_board
#? [X\.{6}\nX\.{6}\nX\.XO\.{3}\n\.X\.XO\.{2}\n\.{2}XO\.{2}O\n\.{6}O\n\.{6}O]

# simple, positional, ing-spight: the position after W C4 is new, D4 is cold: legal.
400 ko-rule simple
#? []
401 loadsgf ko/pass-for-ko.sgf
#? [white]
402 is_legal w C4
#? [1]
410 ko-rule positional
#? []
411 loadsgf ko/pass-for-ko.sgf
#? [white]
412 is_legal w C4
#? [1]
420 ko-rule ing-spight
#? []
421 loadsgf ko/pass-for-ko.sgf
#? [white]
422 is_legal w C4
#? [1]

# pass-for-ko: the ban has lasted through six plays elsewhere.
430 ko-rule pass-for-ko
#? []
431 loadsgf ko/pass-for-ko.sgf
#? [white]
432 is_legal w C4
#? [0]
433 ko-bans w
#? [C4 pass-for-ko: [^\n]*]
# One more play elsewhere and a pass by Black: only White's own pass lifts White's ban.
434 play w G5
#? []
435 play b pass
#? []
436 is_legal w C4
#? [0]
437 ko-bans w
#? [C4 pass-for-ko: [^\n]*]
# (The same game judged by simple: the last move was a pass, the retake is legal.)
438 ko-rule simple
#? []
439 is_legal w C4
#? [1]
440 ko-rule pass-for-ko
#? []
# White passes: the ban is lifted. After Black plays elsewhere, White may recapture.
441 play w pass
#? []
442 play b A3
#? []
443 is_legal w C4
#? [1]
444 ko-bans w
#? []
445 play w C4
#? []
# White's recapture is a ko capture in turn: Black may not take back at D4 until Black passes.
# At once the simple clause bans it; after an exchange elsewhere the pass-for-ko clause does.
446 is_legal b D4
#? [0]
447 ko-bans b
#? [D4 simple: [^\n]*]
448 play b A2
#? []
449 play w G6
#? []
450 is_legal b D4
#? [0]
451 ko-bans b
#? [D4 pass-for-ko: [^\n]*]
452 ko-rule simple
#? []
453 is_legal b D4
#? [1]
454 ko-rule pass-for-ko
#? []
455 play b pass
#? []
456 play w G7
#? []
457 gogui-rules_board
#? [X\.{5}O\nX\.{5}O\nX\.XO\.{2}O\n\.XO\.O\.{2}\nX\.XO\.{2}O\nX\.{5}O\n\.{6}O]
458 is_legal b D4
#? [1]
459 ko-bans b
#? []
