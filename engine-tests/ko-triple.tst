# Triple ko: a six-capture cycle through three kos, under every ko rule.
# engine-args: --threads 1 --playouts 300 --gogui-ruler
#
# ko/triple.sgf, 9x9, setup S0 with Black to move (the start counts as created by White).
# Three identical ko shapes; in each, L is the left point (D) and R the right point (E):
#
#       A B C D E F G H J
#     9 . . . X O . . . .
#     8 . . X O . O . . .      ko 1 (row 8): white stone on D8, Black can take at E8
#     7 . . . X O . . . .
#     6 . . . X O . . . .
#     5 . . X . X O . . .      ko 2 (row 5): black stone on E5, White can take at D5
#     4 . . . X O . . . .
#     3 . . . X O . . . .
#     2 . . X O . O . . .      ko 3 (row 2): white stone on D2, Black can take at E2
#     1 . . . X O . . . .
#
# Write each position as (ko1, ko2, ko3), W = white stone in the ko, B = black stone in it.
# S0 = (W,B,W). The cycle: 1 B E8 (B,B,W), 2 W D5 (B,W,W), 3 B E2 (B,W,B), 4 W D8 (W,W,B),
# 5 B E5 (W,B,B), 6 W D2 (W,B,W) = S0 with Black to move again. S0..S5 are all different and no
# capture retakes the ko just taken, so `simple` allows the whole cycle. The record holds moves
# 1-5 (loadsgf replays it under any rule).

10 loadsgf ko/triple.sgf 1
#? [black]
11 gogui-rules_board
#? [\.{3}XO\.{4}\n\.{2}XO\.O\.{3}\n\.{3}XO\.{4}\n\.{3}XO\.{4}\n\.{2}X\.XO\.{3}\n\.{3}XO\.{4}\n\.{3}XO\.{4}\n\.{2}XO\.O\.{3}\n\.{3}XO\.{4}]
12 loadsgf ko/triple.sgf 4
#? [white]
13 gogui-rules_board
#? [\.{3}XO\.{4}\n\.{2}X\.XO\.{3}\n\.{3}XO\.{4}\n\.{3}XO\.{4}\n\.{2}XO\.O\.{3}\n\.{3}XO\.{4}\n\.{3}XO\.{4}\n\.{2}X\.XO\.{3}\n\.{3}XO\.{4}]
14 loadsgf ko/triple.sgf
#? [white]
15 gogui-rules_board
#? [\.{3}XO\.{4}\n\.{2}XO\.O\.{3}\n\.{3}XO\.{4}\n\.{3}XO\.{4}\n\.{2}X\.XO\.{3}\n\.{3}XO\.{4}\n\.{3}XO\.{4}\n\.{2}X\.XO\.{3}\n\.{3}XO\.{4}]

# ---------------------------------------------------------------------------------------------
# A. The cycle-completing capture, W D2 after moves 1-5 (White to move, position (W,B,B)).
# (W D5 would be the immediate retake in ko 2, recreating S4; the superko rules list it too.)

# simple: the position before Black's last move (S4 = (W,W,B)) is not S0.
100 ko-rule simple
#? []
101 loadsgf ko/triple.sgf
#? [white]
102 is_legal w D2
#? [1]
# positional: S0 stood before.
110 ko-rule positional
#? []
111 loadsgf ko/triple.sgf
#? [white]
112 is_legal w D2
#? [0]
113 ko-bans w
#? [D2 positional: [^\n]*\nD5 positional: [^\n]*]
# situational: S0 stood with Black to move; after W D2 Black is to move.
120 ko-rule situational
#? []
121 loadsgf ko/triple.sgf
#? [white]
122 is_legal w D2
#? [0]
123 ko-bans w
#? [D2 situational: [^\n]*\nD5 situational: [^\n]*]
# natural-situational: S0 is the start, created by White (the player not to move there).
130 ko-rule natural-situational
#? []
131 loadsgf ko/triple.sgf
#? [white]
132 is_legal w D2
#? [0]
133 ko-bans w
#? [D2 natural-situational: [^\n]*\nD5 natural-situational: [^\n]*]
# spight: no pass since S0 stood.
140 ko-rule spight
#? []
141 loadsgf ko/triple.sgf
#? [white]
142 is_legal w D2
#? [0]
143 ko-bans w
#? [D2 spight: [^\n]*\nD5 spight: [^\n]*]
# fixed, basic-fixed: the transition S5 -> S0 is new (and it is no immediate retake).
150 ko-rule fixed
#? []
151 loadsgf ko/triple.sgf
#? [white]
152 is_legal w D2
#? [1]
160 ko-rule basic-fixed
#? []
161 loadsgf ko/triple.sgf
#? [white]
162 is_legal w D2
#? [1]

# ---------------------------------------------------------------------------------------------
# B. Earlier: after three ko captures in a row (moves 1-3), White to move, position (B,W,B):
#
#       A B C D E F G H J
#     8 . . X . X O . . .      W D8 would capture E8 (placed by move 1)
#     5 . . X O . O . . .      White holds ko 2 (D5, move 2)
#     2 . . X . X O . . .      W D2 would capture E2 (placed by move 3), the ko just taken
#
# ing-spight: moves 1-3 are all ko plays, so E8, D5 and E2 are hot; both of White's captures
# are ko plays capturing a hot stone: White may take no ko.
200 ko-rule ing-spight
#? []
201 loadsgf ko/triple.sgf 4
#? [white]
202 ko-hot_stones
#? [E8 D5 E2]
203 is_legal w D8
#? [0]
204 is_legal w D2
#? [0]
205 ko-bans w
#? [D2 ing-spight hot stone: [^\n]*\nD8 ing-spight hot stone: [^\n]*]
# A play elsewhere is legal, is not a ko play and cools every stone; then Black may take back
# ko 2 (D5 is cold now), and after Black's answer elsewhere White may take ko 1.
206 play w J5
#? []
207 ko-hot_stones
#? []
208 is_legal b E5
#? [1]
209 play b A5
#? []
210 is_legal w D8
#? [1]

# pass-for-ko: moves 1 and 3 were ko captures; White has not passed, so both recaptures are
# banned (D2 is also an immediate retake, and the simple clause is reported first).
220 ko-rule pass-for-ko
#? []
221 loadsgf ko/triple.sgf 4
#? [white]
222 is_legal w D8
#? [0]
223 is_legal w D2
#? [0]
224 ko-bans w
#? [D2 simple: [^\n]*\nD8 pass-for-ko: [^\n]*]

# The other rules, for comparison: only the immediate retake D2 is banned, D8 makes a new
# position (W,W,B) by a new transition.
230 ko-rule simple
#? []
231 loadsgf ko/triple.sgf 4
#? [white]
232 is_legal w D8
#? [1]
233 is_legal w D2
#? [0]
240 ko-rule positional
#? []
241 loadsgf ko/triple.sgf 4
#? [white]
242 is_legal w D8
#? [1]
243 is_legal w D2
#? [0]
250 ko-rule fixed
#? []
251 loadsgf ko/triple.sgf 4
#? [white]
252 is_legal w D8
#? [1]

# ---------------------------------------------------------------------------------------------
# C. Going round again. Under `simple` the cycle never ends; under `fixed` and `basic-fixed`
# it runs once: after 6 W D2 (back to S0), 7 B E8 would repeat move 1's transition S0 -> S1.
# B E2, the immediate retake of ko 3 (S0 -> S5, a position that stood, by a new transition),
# is allowed by `fixed` and banned by the simple clause of `basic-fixed`, which leaves Black no
# ko capture at all there.
300 ko-rule simple
#? []
301 loadsgf ko/triple.sgf
#? [white]
302 play w D2
#? []
303 gogui-rules_board
#? [\.{3}XO\.{4}\n\.{2}XO\.O\.{3}\n\.{3}XO\.{4}\n\.{3}XO\.{4}\n\.{2}X\.XO\.{3}\n\.{3}XO\.{4}\n\.{3}XO\.{4}\n\.{2}XO\.O\.{3}\n\.{3}XO\.{4}]
304 is_legal b E8
#? [1]
305 play b E8
#? []
306 is_legal w D5
#? [1]

310 ko-rule fixed
#? []
311 loadsgf ko/triple.sgf
#? [white]
312 play w D2
#? []
313 is_legal b E8
#? [0]
314 ko-bans b
#? [E8 fixed: [^\n]*]
315 is_legal b E2
#? [1]

320 ko-rule basic-fixed
#? []
321 loadsgf ko/triple.sgf
#? [white]
322 play w D2
#? []
323 is_legal b E8
#? [0]
324 ko-bans b
#? [E2 simple: [^\n]*\nE8 fixed: [^\n]*]
325 is_legal b E2
#? [0]
