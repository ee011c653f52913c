# Positional versus situational superko, and natural-situational versus situational.
# engine-args: --threads 1 --playouts 300 --gogui-ruler
#
# ---------------------------------------------------------------------------------------------
# A. A pass in the cycle: a position recreated with the other player to move.
#
# ko/two-ko.sgf, 7x7, setup S0 with Black to move; two kos, ko 1 on row 6, ko 2 on row 2:
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
# Write positions as (ko1, ko2), W/B = colour of the stone in the ko. S0 = (W,B).
# 1 B E6 (B,B), 2 W D2 (B,W), 3 B passes, 4 W D6 (W,W); now B E2 makes (W,B) = S0 again, but
# with White to move: S0 stood only with Black to move. Positional superko bans it; every other
# rule allows it (spight: the pass came after S0 last stood; ing-spight: the pass cooled D2;
# pass-for-ko: Black's pass lifted the ban from White's ko capture D2).
#
# The other ko-bans lines are about B E6, the immediate retake of ko 1, recreating (B,W): it
# stood with Black to move (move 2) and with White to move (after the pass). Natural
# situational allows even that: White created (B,W) (move 2), Black never did.

10 loadsgf ko/two-ko.sgf 1
#? [black]
11 gogui-rules_board
#? [\.{3}XO\.{2}\n\.{2}XO\.O\.\n\.{3}XO\.{2}\n\.{7}\n\.{3}XO\.{2}\n\.{2}X\.XO\.\n\.{3}XO\.{2}]
12 loadsgf ko/two-ko.sgf 5
#? [black]
13 gogui-rules_board
#? [\.{3}XO\.{2}\n\.{2}XO\.O\.\n\.{3}XO\.{2}\n\.{7}\n\.{3}XO\.{2}\n\.{2}XO\.O\.\n\.{3}XO\.{2}]

# simple: the position before White's last move is (B,W); E6 is the retake.
100 ko-rule simple
#? []
101 loadsgf ko/two-ko.sgf 5
#? [black]
102 is_legal b E2
#? [1]
103 ko-bans b
#? [E6 simple: [^\n]*]

# positional: S0 stood.
110 ko-rule positional
#? []
111 loadsgf ko/two-ko.sgf 5
#? [black]
112 is_legal b E2
#? [0]
113 ko-bans b
#? [E2 positional: [^\n]*\nE6 positional: [^\n]*]

# situational: S0 stood only with Black to move.
120 ko-rule situational
#? []
121 loadsgf ko/two-ko.sgf 5
#? [black]
122 is_legal b E2
#? [1]
123 ko-bans b
#? [E6 situational: [^\n]*]

# natural-situational: S0 is the start, created by White; (B,W) was created by White too.
130 ko-rule natural-situational
#? []
131 loadsgf ko/two-ko.sgf 5
#? [black]
132 is_legal b E2
#? [1]
133 ko-bans b
#? []

# spight: S0 last stood at the start, before the pass (move 3); (B,W) stood at the pass.
140 ko-rule spight
#? []
141 loadsgf ko/two-ko.sgf 5
#? [black]
142 is_legal b E2
#? [1]
143 ko-bans b
#? [E6 spight: [^\n]*]

# fixed: new transitions.
150 ko-rule fixed
#? []
151 loadsgf ko/two-ko.sgf 5
#? [black]
152 is_legal b E2
#? [1]
153 ko-bans b
#? []

# basic-fixed: new transition; E6 is the retake.
160 ko-rule basic-fixed
#? []
161 loadsgf ko/two-ko.sgf 5
#? [black]
162 is_legal b E2
#? [1]
163 ko-bans b
#? [E6 simple: [^\n]*]

# ing-spight: D2 is cold since the pass; D6 (move 4) is hot.
170 ko-rule ing-spight
#? []
171 loadsgf ko/two-ko.sgf 5
#? [black]
172 is_legal b E2
#? [1]
173 ko-bans b
#? [E6 ing-spight hot stone: [^\n]*]

# pass-for-ko: Black's pass lifted the ban from W D2; E6 is the retake.
180 ko-rule pass-for-ko
#? []
181 loadsgf ko/two-ko.sgf 5
#? [black]
182 is_legal b E2
#? [1]
183 ko-bans b
#? [E6 simple: [^\n]*]

# ---------------------------------------------------------------------------------------------
# B. Natural-situational versus situational: a position created by the start.
#
# ko/nat-start-pass.sgf, 7x7, setup S0 with Black to move (so the start counts as created by
# White); 1 B passes (S0 now stands with White to move), 2 W C4 takes the ko:
#
#       S0                       after 2 W C4
#     5 . . X O . . .          . . X O . . .
#     4 . X . X O . .          . X O . O . .
#     3 . . X O . . .          . . X O . . .
#
# B D4, the immediate retake, recreates S0 with White to move. Situational superko bans it
# (S0 stood with White to move after the pass); natural situational allows it: Black never
# created S0. Every rule with a basic-ko clause bans it, and so does spight (S0 stood when the
# pass was made), and ing-spight (W C4 is hot); fixed allows it (a new transition).

20 loadsgf ko/nat-start-pass.sgf 1
#? [black]
21 gogui-rules_board
#? [\.{7}\n\.{7}\n\.{2}XO\.{3}\n\.X\.XO\.{2}\n\.{2}XO\.{3}\n\.{7}\n\.{7}]
22 loadsgf ko/nat-start-pass.sgf
#? [black]
23 gogui-rules_board
#? [\.{7}\n\.{7}\n\.{2}XO\.{3}\n\.XO\.O\.{2}\n\.{2}XO\.{3}\n\.{7}\n\.{7}]

# simple: recreates the position from before White's last move (a board play).
200 ko-rule simple
#? []
201 loadsgf ko/nat-start-pass.sgf
#? [black]
202 is_legal b D4
#? [0]
203 ko-bans b
#? [D4 simple: [^\n]*]

# positional: S0 stood.
210 ko-rule positional
#? []
211 loadsgf ko/nat-start-pass.sgf
#? [black]
212 is_legal b D4
#? [0]
213 ko-bans b
#? [D4 positional: [^\n]*]

# situational: S0 stood with White to move.
220 ko-rule situational
#? []
221 loadsgf ko/nat-start-pass.sgf
#? [black]
222 is_legal b D4
#? [0]
223 ko-bans b
#? [D4 situational: [^\n]*]

# natural-situational: S0 was created by White (the start), never by Black.
230 ko-rule natural-situational
#? []
231 loadsgf ko/nat-start-pass.sgf
#? [black]
232 is_legal b D4
#? [1]
233 ko-bans b
#? []

# spight: S0 last stood at the pass itself.
240 ko-rule spight
#? []
241 loadsgf ko/nat-start-pass.sgf
#? [black]
242 is_legal b D4
#? [0]
243 ko-bans b
#? [D4 spight: [^\n]*]

# fixed: S2 -> S0 is a new transition.
250 ko-rule fixed
#? []
251 loadsgf ko/nat-start-pass.sgf
#? [black]
252 is_legal b D4
#? [1]
253 ko-bans b
#? []

# basic-fixed: the simple clause.
260 ko-rule basic-fixed
#? []
261 loadsgf ko/nat-start-pass.sgf
#? [black]
262 is_legal b D4
#? [0]
263 ko-bans b
#? [D4 simple: [^\n]*]

# ing-spight: W C4 was a ko play: C4 is hot.
270 ko-rule ing-spight
#? []
271 loadsgf ko/nat-start-pass.sgf
#? [black]
272 is_legal b D4
#? [0]
273 ko-bans b
#? [D4 ing-spight hot stone: [^\n]*]

# pass-for-ko: the simple clause.
280 ko-rule pass-for-ko
#? []
281 loadsgf ko/nat-start-pass.sgf
#? [black]
282 is_legal b D4
#? [0]
283 ko-bans b
#? [D4 simple: [^\n]*]

# The same stones with White to move at the start (ko/nat-start-w.sgf: PL[W], 1 W C4): now the
# start counts as created by Black, and natural situational bans B D4 as situational does.
30 loadsgf ko/nat-start-w.sgf 1
#? [white]
31 gogui-rules_board
#? [\.{7}\n\.{7}\n\.{2}XO\.{3}\n\.X\.XO\.{2}\n\.{2}XO\.{3}\n\.{7}\n\.{7}]
32 loadsgf ko/nat-start-w.sgf
#? [black]
33 gogui-rules_board
#? [\.{7}\n\.{7}\n\.{2}XO\.{3}\n\.XO\.O\.{2}\n\.{2}XO\.{3}\n\.{7}\n\.{7}]

# natural-situational: Black created S0 (the start: Black was not to move).
300 ko-rule natural-situational
#? []
301 loadsgf ko/nat-start-w.sgf
#? [black]
302 is_legal b D4
#? [0]
303 ko-bans b
#? [D4 natural-situational: [^\n]*]

# situational: S0 stood with White to move (the start).
310 ko-rule situational
#? []
311 loadsgf ko/nat-start-w.sgf
#? [black]
312 is_legal b D4
#? [0]
313 ko-bans b
#? [D4 situational: [^\n]*]

# ---------------------------------------------------------------------------------------------
# C. Natural-situational versus situational: a position created by the other player.
#
# ko/nat-other.sgf, 7x7, setup (White stone C4 in the ko) with Black to move; 1 B G1 (elsewhere:
# Black creates S1), 2 W passes (S1 stands with Black to move), 3 B D4 takes the ko:
#
#       S1 = S2                  after 3 B D4
#     5 . . X O . . .          . . X O . . .
#     4 . X O . O . .          . X . X O . .
#     3 . . X O . . .          . . X O . . .
#     1 . . . . . . X          . . . . . . X
#
# W C4, the immediate retake, recreates S1 with Black to move: situational bans it (S1 stood
# with Black to move after the pass); natural situational allows it (Black created S1, White
# never did).

40 loadsgf ko/nat-other.sgf 2
#? [white]
41 gogui-rules_board
#? [\.{7}\n\.{7}\n\.{2}XO\.{3}\n\.XO\.O\.{2}\n\.{2}XO\.{3}\n\.{7}\n\.{6}X]
42 loadsgf ko/nat-other.sgf
#? [white]
43 gogui-rules_board
#? [\.{7}\n\.{7}\n\.{2}XO\.{3}\n\.X\.XO\.{2}\n\.{2}XO\.{3}\n\.{7}\n\.{6}X]

# simple: recreates the position from before Black's last move.
400 ko-rule simple
#? []
401 loadsgf ko/nat-other.sgf
#? [white]
402 is_legal w C4
#? [0]
403 ko-bans w
#? [C4 simple: [^\n]*]

# positional: S1 stood.
410 ko-rule positional
#? []
411 loadsgf ko/nat-other.sgf
#? [white]
412 is_legal w C4
#? [0]
413 ko-bans w
#? [C4 positional: [^\n]*]

# situational: S1 stood with Black to move.
420 ko-rule situational
#? []
421 loadsgf ko/nat-other.sgf
#? [white]
422 is_legal w C4
#? [0]
423 ko-bans w
#? [C4 situational: [^\n]*]

# natural-situational: S1 was created by Black.
430 ko-rule natural-situational
#? []
431 loadsgf ko/nat-other.sgf
#? [white]
432 is_legal w C4
#? [1]
433 ko-bans w
#? []

# spight: S1 last stood at the pass itself.
440 ko-rule spight
#? []
441 loadsgf ko/nat-other.sgf
#? [white]
442 is_legal w C4
#? [0]
443 ko-bans w
#? [C4 spight: [^\n]*]

# fixed: S3 -> S1 is a new transition.
450 ko-rule fixed
#? []
451 loadsgf ko/nat-other.sgf
#? [white]
452 is_legal w C4
#? [1]
453 ko-bans w
#? []

# basic-fixed: the simple clause.
460 ko-rule basic-fixed
#? []
461 loadsgf ko/nat-other.sgf
#? [white]
462 is_legal w C4
#? [0]
463 ko-bans w
#? [C4 simple: [^\n]*]

# ing-spight: B D4 was a ko play: D4 is hot.
470 ko-rule ing-spight
#? []
471 loadsgf ko/nat-other.sgf
#? [white]
472 is_legal w C4
#? [0]
473 ko-bans w
#? [C4 ing-spight hot stone: [^\n]*]

# pass-for-ko: the simple clause (and B D4 was a ko capture).
480 ko-rule pass-for-ko
#? []
481 loadsgf ko/nat-other.sgf
#? [white]
482 is_legal w C4
#? [0]
483 ko-bans w
#? [C4 simple: [^\n]*]

# A record without PL whose first move is White's: whoever moves first was the player to
# move at the start, so S0 stood with White to move and counts as created by Black. B D4
# would recreate S0 with White to move: banned under situational and natural-situational.
# (Loading up to move 1 shows the start; either answer is accepted here, the engine says black.)
50 loadsgf ko/no-pl-white-first.sgf 1
#? [(black|white)]
51 gogui-rules_board
#? [\.{7}\n\.{7}\n\.{2}XO\.{3}\n\.X\.XO\.{2}\n\.{2}XO\.{3}\n\.{7}\n\.{7}]
52 loadsgf ko/no-pl-white-first.sgf
#? [black]
53 gogui-rules_board
#? [\.{7}\n\.{7}\n\.{2}XO\.{3}\n\.XO\.O\.{2}\n\.{2}XO\.{3}\n\.{7}\n\.{7}]

500 ko-rule situational
#? []
501 loadsgf ko/no-pl-white-first.sgf
#? [black]
502 is_legal b D4
#? [0]
510 ko-rule natural-situational
#? []
511 loadsgf ko/no-pl-white-first.sgf
#? [black]
512 is_legal b D4
#? [0]
# Unaffected: rules that do not ask who was to move.
520 ko-rule positional
#? []
521 loadsgf ko/no-pl-white-first.sgf
#? [black]
522 is_legal b D4
#? [0]
530 ko-rule simple
#? []
531 loadsgf ko/no-pl-white-first.sgf
#? [black]
532 is_legal b D4
#? [0]
