# Eternal life (chosei): a four-play cycle with no basic ko in it.
# engine-args: --threads 1 --playouts 300 --gogui-ruler
#
# ko/eternal-life.sgf, 7x7, setup S0 with Black to move (the start counts as created by White):
#
#       A B C D E F G
#     3 . . . . . . .
#     2 O O O X X X .
#     1 O . . O O X .      the white pair D1 E1 has one liberty, C1
#
# The cycle: 1 B C1 recaptures two (D1 E1), 2 W E1 throws in (self-atari, liberty D1),
# 3 B B1 sacrifices two (B1 C1, one liberty, D1), 4 W D1 captures two = S0, Black to move:
#
#     S1 (after 1)       S2 (after 2)       S3 (after 3)       S4 = S0
#   2 O O O X X X .    O O O X X X .      O O O X X X .      O O O X X X .
#   1 O . X . . X .    O . X . O X .      O X X . O X .      O . . O O X .
#
# No play of the cycle retakes a basic ko (every capture takes two stones), so `simple` and
# `pass-for-ko` allow it for ever; the superko rules ban the play that first repeats a
# position; `fixed` lets it run once. Under `ing-spight` the throw-in is not a ko play (the
# sacrifice is not next to E1, the only point differing from S1), but the sacrifice, the capture
# and the recapture are ko plays, so a capture of a hot stone needs a threat first.

10 loadsgf ko/eternal-life.sgf 1
#? [black]
11 gogui-rules_board
#? [\.{7}\n\.{7}\n\.{7}\n\.{7}\n\.{7}\nOOOXXX\.\nO\.{2}OOX\.]
12 loadsgf ko/eternal-life.sgf 2
#? [white]
13 gogui-rules_board
#? [\.{7}\n\.{7}\n\.{7}\n\.{7}\n\.{7}\nOOOXXX\.\nO\.X\.{2}X\.]
14 loadsgf ko/eternal-life.sgf 3
#? [black]
15 gogui-rules_board
#? [\.{7}\n\.{7}\n\.{7}\n\.{7}\n\.{7}\nOOOXXX\.\nO\.X\.OX\.]
16 loadsgf ko/eternal-life.sgf 4
#? [white]
17 gogui-rules_board
#? [\.{7}\n\.{7}\n\.{7}\n\.{7}\n\.{7}\nOOOXXX\.\nOXX\.OX\.]
18 loadsgf ko/eternal-life.sgf
#? [black]
19 gogui-rules_board
#? [\.{7}\n\.{7}\n\.{7}\n\.{7}\n\.{7}\nOOOXXX\.\nO\.{2}OOX\.]

# ---------------------------------------------------------------------------------------------
# A. The cycle-completing capture: after moves 1-3, White to move, W D1 recreates S0.

# simple: the position before Black's last move (S2, before B B1) is not S0.
100 ko-rule simple
#? []
101 loadsgf ko/eternal-life.sgf 4
#? [white]
102 is_legal w D1
#? [1]
103 ko-bans w
#? []

# positional: S0 stood before.
110 ko-rule positional
#? []
111 loadsgf ko/eternal-life.sgf 4
#? [white]
112 is_legal w D1
#? [0]
113 ko-bans w
#? [D1 positional: [^\n]*]

# situational: S0 stood with Black to move; after W D1 Black is to move.
120 ko-rule situational
#? []
121 loadsgf ko/eternal-life.sgf 4
#? [white]
122 is_legal w D1
#? [0]
123 ko-bans w
#? [D1 situational: [^\n]*]

# natural-situational: S0 is the start, created by White (the player not to move there).
130 ko-rule natural-situational
#? []
131 loadsgf ko/eternal-life.sgf 4
#? [white]
132 is_legal w D1
#? [0]
133 ko-bans w
#? [D1 natural-situational: [^\n]*]

# spight: no pass since S0 stood.
140 ko-rule spight
#? []
141 loadsgf ko/eternal-life.sgf 4
#? [white]
142 is_legal w D1
#? [0]
143 ko-bans w
#? [D1 spight: [^\n]*]

# fixed: the transition S3 -> S0 is new.
150 ko-rule fixed
#? []
151 loadsgf ko/eternal-life.sgf 4
#? [white]
152 is_legal w D1
#? [1]
153 ko-bans w
#? []

# basic-fixed: new transition, and not the position before Black's last move.
160 ko-rule basic-fixed
#? []
161 loadsgf ko/eternal-life.sgf 4
#? [white]
162 is_legal w D1
#? [1]
163 ko-bans w
#? []

# ing-spight: B B1 was a ko play (B1 is hot, see C below); W D1 is a ko play capturing it.
170 ko-rule ing-spight
#? []
171 loadsgf ko/eternal-life.sgf 4
#? [white]
172 is_legal w D1
#? [0]
173 ko-bans w
#? [D1 ing-spight hot stone: [^\n]*]

# pass-for-ko: it captures two stones, and no ko capture (exactly one stone) was made; simple allows it.
180 ko-rule pass-for-ko
#? []
181 loadsgf ko/eternal-life.sgf 4
#? [white]
182 is_legal w D1
#? [1]
183 ko-bans w
#? []

# ---------------------------------------------------------------------------------------------
# B. Round two: the record has all four plays, Black to move in S0; B C1 would make S0 -> S1
# again. (The record breaks the superko rules at move 4; loadsgf replays it anyway. ing-spight
# is left out here: its record would have broken the rule at move 4 as well, see C.)

# simple: the cycle can go on for ever.
200 ko-rule simple
#? []
201 loadsgf ko/eternal-life.sgf
#? [black]
202 is_legal b C1
#? [1]
203 ko-bans b
#? []

# positional: S1 stood.
210 ko-rule positional
#? []
211 loadsgf ko/eternal-life.sgf
#? [black]
212 is_legal b C1
#? [0]
213 ko-bans b
#? [C1 positional: [^\n]*]

# situational: S1 stood with White to move.
220 ko-rule situational
#? []
221 loadsgf ko/eternal-life.sgf
#? [black]
222 is_legal b C1
#? [0]
223 ko-bans b
#? [C1 situational: [^\n]*]

# natural-situational: Black created S1 (move 1).
230 ko-rule natural-situational
#? []
231 loadsgf ko/eternal-life.sgf
#? [black]
232 is_legal b C1
#? [0]
233 ko-bans b
#? [C1 natural-situational: [^\n]*]

# spight: no pass.
240 ko-rule spight
#? []
241 loadsgf ko/eternal-life.sgf
#? [black]
242 is_legal b C1
#? [0]
243 ko-bans b
#? [C1 spight: [^\n]*]

# fixed: S0 -> S1 is the transition of move 1.
250 ko-rule fixed
#? []
251 loadsgf ko/eternal-life.sgf
#? [black]
252 is_legal b C1
#? [0]
253 ko-bans b
#? [C1 fixed: [^\n]*]

# basic-fixed: the fixed clause (it is no immediate retake).
260 ko-rule basic-fixed
#? []
261 loadsgf ko/eternal-life.sgf
#? [black]
262 is_legal b C1
#? [0]
263 ko-bans b
#? [C1 fixed: [^\n]*]

# pass-for-ko: no ko capture in the cycle; simple allows it.
270 ko-rule pass-for-ko
#? []
271 loadsgf ko/eternal-life.sgf
#? [black]
272 is_legal b C1
#? [1]
273 ko-bans b
#? []

# ---------------------------------------------------------------------------------------------
# C. ing-spight: the hot stones along the cycle, and eternal life acting as a ko.
# After 1 B C1 (a ko play: W E1, B B1, W D1 cycles back): C1 is hot.
300 ko-rule ing-spight
#? []
301 loadsgf ko/eternal-life.sgf 2
#? [white]
302 ko-hot_stones
#? [C1]
# After 2 W E1, the throw-in: not a ko play, so the run ends and nothing is hot.
303 loadsgf ko/eternal-life.sgf 3
#? [black]
304 ko-hot_stones
#? []
305 is_legal b B1
#? [1]
# After 3 B B1: a ko play, B1 is hot (C1 was cooled by the throw-in).
306 loadsgf ko/eternal-life.sgf 4
#? [white]
307 ko-hot_stones
#? [B1]
# A threat and its answer (neither a ko play) cool B1; then W D1 is legal, and it is a ko
# play, so D1 is hot and the recapture B C1 (a ko play taking D1 and E1) is banned in turn.
308 play w G7
#? []
309 play b A7
#? []
310 ko-hot_stones
#? []
311 is_legal w D1
#? [1]
312 play w D1
#? []
313 gogui-rules_board
#? [X\.{5}O\n\.{7}\n\.{7}\n\.{7}\n\.{7}\nOOOXXX\.\nO\.{2}OOX\.]
314 ko-hot_stones
#? [D1]
315 is_legal b C1
#? [0]
316 ko-bans b
#? [C1 ing-spight hot stone: [^\n]*]
