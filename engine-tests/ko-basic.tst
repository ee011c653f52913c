# Basic ko under every ko rule (docs/ko-rules.md is the spec).
# engine-args: --threads 1 --playouts 300 --gogui-ruler
#
# ko/basic.sgf, 7x7, setup S0 with Black to move (so the start counts as created by White):
#
#       A B C D E F G
#     7 . . . . . . .
#     6 . . . . . . .
#     5 . . X O . . .
#     4 . X O . O . .      the white stone C4 has one liberty, D4
#     3 . . X O . . .
#     2 . . . . . . .
#     1 . . . . . . .
#
# Moves: 1 B D4 (takes the ko; S1), 2 W G1 (ko threat), 3 B A7 (answer), 4 W C4 (retakes).
# After move 1 the black stone D4 has one liberty, C4; W C4 would capture it and recreate S0.

10 loadsgf ko/basic.sgf 1
#? [black]
11 gogui-rules_board
#? [\.{7}\n\.{7}\n\.{2}XO\.{3}\n\.XO\.O\.{2}\n\.{2}XO\.{3}\n\.{7}\n\.{7}]

# ---------------------------------------------------------------------------------------------
# A. The immediate retake. Position after move 1, White to move:
#       A B C D E F G
#     5 . . X O . . .
#     4 . X . X O . .      W C4 would recreate S0 (with Black to move)
#     3 . . X O . . .
# Only `fixed` allows it: the transition S1 -> S0 has never been made (move 1 was S0 -> S1).

100 loadsgf ko/basic.sgf 2
#? [white]
101 gogui-rules_board
#? [\.{7}\n\.{7}\n\.{2}XO\.{3}\n\.X\.XO\.{2}\n\.{2}XO\.{3}\n\.{7}\n\.{7}]

# simple: recreates the position from before Black's last move, a board play.
110 ko-rule simple
#? []
111 loadsgf ko/basic.sgf 2
#? [white]
112 is_legal w C4
#? [0]
113 ko-bans w
#? [C4 simple: [^\n]*]

# positional: S0 stood before.
120 ko-rule positional
#? []
121 loadsgf ko/basic.sgf 2
#? [white]
122 is_legal w C4
#? [0]
123 ko-bans w
#? [C4 positional: [^\n]*]

# situational: S0 stood with Black to move, and after W C4 Black is to move.
130 ko-rule situational
#? []
131 loadsgf ko/basic.sgf 2
#? [white]
132 is_legal w C4
#? [0]
133 ko-bans w
#? [C4 situational: [^\n]*]

# natural-situational: S0 is the start, which counts as created by White (not to move there).
140 ko-rule natural-situational
#? []
141 loadsgf ko/basic.sgf 2
#? [white]
142 is_legal w C4
#? [0]
143 ko-bans w
#? [C4 natural-situational: [^\n]*]

# spight: S0 stood and nobody has passed since.
150 ko-rule spight
#? []
151 loadsgf ko/basic.sgf 2
#? [white]
152 is_legal w C4
#? [0]
153 ko-bans w
#? [C4 spight: [^\n]*]

# fixed: the first retake is allowed (new transition S1 -> S0); nothing is banned.
160 ko-rule fixed
#? []
161 loadsgf ko/basic.sgf 2
#? [white]
162 is_legal w C4
#? [1]
163 ko-bans w
#? []

# basic-fixed: the simple clause bans it.
170 ko-rule basic-fixed
#? []
171 loadsgf ko/basic.sgf 2
#? [white]
172 is_legal w C4
#? [0]
173 ko-bans w
#? [C4 simple: [^\n]*]

# ing-spight: B D4 was a ko play (captures, and W C4 B D4 ... cycles back), so D4 is hot;
# W C4 is a ko play capturing the hot stone.
180 ko-rule ing-spight
#? []
181 loadsgf ko/basic.sgf 2
#? [white]
182 ko-hot_stones
#? [D4]
183 is_legal w C4
#? [0]
184 ko-bans w
#? [C4 ing-spight hot stone: [^\n]*]

# pass-for-ko: the simple clause applies as well and is reported first.
190 ko-rule pass-for-ko
#? []
191 loadsgf ko/basic.sgf 2
#? [white]
192 is_legal w C4
#? [0]
193 ko-bans w
#? [C4 simple: [^\n]*]

# ---------------------------------------------------------------------------------------------
# B. After a threat exchange (2 W G1, 3 B A7), White to move:
#       A B C D E F G
#     7 X . . . . . .
#     5 . . X O . . .
#     4 . X . X O . .      W C4 now creates S0 + G1 + A7, a position that never stood
#     3 . . X O . . .
#     1 . . . . . . O
# Legal under every rule but pass-for-ko, where Black's ko capture bans the recapture until
# White passes (plays elsewhere do not lift it).

200 loadsgf ko/basic.sgf 4
#? [white]
201 gogui-rules_board
#? [X\.{6}\n\.{7}\n\.{2}XO\.{3}\n\.X\.XO\.{2}\n\.{2}XO\.{3}\n\.{7}\n\.{6}O]

# simple: the position before Black's last move (A7) is not the one W C4 creates.
210 ko-rule simple
#? []
211 loadsgf ko/basic.sgf 4
#? [white]
212 is_legal w C4
#? [1]

# positional, situational, natural-situational, spight: the position is new.
220 ko-rule positional
#? []
221 loadsgf ko/basic.sgf 4
#? [white]
222 is_legal w C4
#? [1]
230 ko-rule situational
#? []
231 loadsgf ko/basic.sgf 4
#? [white]
232 is_legal w C4
#? [1]
240 ko-rule natural-situational
#? []
241 loadsgf ko/basic.sgf 4
#? [white]
242 is_legal w C4
#? [1]
250 ko-rule spight
#? []
251 loadsgf ko/basic.sgf 4
#? [white]
252 is_legal w C4
#? [1]

# fixed, basic-fixed: a new transition (and not an immediate retake).
260 ko-rule fixed
#? []
261 loadsgf ko/basic.sgf 4
#? [white]
262 is_legal w C4
#? [1]
270 ko-rule basic-fixed
#? []
271 loadsgf ko/basic.sgf 4
#? [white]
272 is_legal w C4
#? [1]

# ing-spight: G1 and A7 are not ko plays; they ended the run, D4 is cold.
280 ko-rule ing-spight
#? []
281 loadsgf ko/basic.sgf 4
#? [white]
282 ko-hot_stones
#? []
283 is_legal w C4
#? [1]

# pass-for-ko: still banned; White has not passed since Black's ko capture.
290 ko-rule pass-for-ko
#? []
291 loadsgf ko/basic.sgf 4
#? [white]
292 is_legal w C4
#? [0]
293 ko-bans w
#? [C4 pass-for-ko: [^\n]*]

# ---------------------------------------------------------------------------------------------
# C. After White's retake (move 4), Black to move:
#       A B C D E F G
#     7 X . . . . . .
#     5 . . X O . . .
#     4 . X O . O . .      B D4 would recreate S3 (the position after B A7, White to move)
#     3 . . X O . . .
#     1 . . . . . . O
# Banned by every rule except fixed (S4 -> S3 is a new transition, though S3 stood before).

300 loadsgf ko/basic.sgf
#? [black]
301 gogui-rules_board
#? [X\.{6}\n\.{7}\n\.{2}XO\.{3}\n\.XO\.O\.{2}\n\.{2}XO\.{3}\n\.{7}\n\.{6}O]

310 ko-rule simple
#? []
311 loadsgf ko/basic.sgf
#? [black]
312 is_legal b D4
#? [0]
320 ko-rule positional
#? []
321 loadsgf ko/basic.sgf
#? [black]
322 is_legal b D4
#? [0]
# situational: S3 stood with White to move, as it would after B D4.
330 ko-rule situational
#? []
331 loadsgf ko/basic.sgf
#? [black]
332 is_legal b D4
#? [0]
# natural-situational: Black created S3 (move 3).
340 ko-rule natural-situational
#? []
341 loadsgf ko/basic.sgf
#? [black]
342 is_legal b D4
#? [0]
350 ko-rule spight
#? []
351 loadsgf ko/basic.sgf
#? [black]
352 is_legal b D4
#? [0]
360 ko-rule fixed
#? []
361 loadsgf ko/basic.sgf
#? [black]
362 is_legal b D4
#? [1]
370 ko-rule basic-fixed
#? []
371 loadsgf ko/basic.sgf
#? [black]
372 is_legal b D4
#? [0]
373 ko-bans b
#? [D4 simple: [^\n]*]
# ing-spight: W C4 was a ko play after the run was broken, so C4 is hot.
380 ko-rule ing-spight
#? []
381 loadsgf ko/basic.sgf
#? [black]
382 ko-hot_stones
#? [C4]
383 is_legal b D4
#? [0]
390 ko-rule pass-for-ko
#? []
391 loadsgf ko/basic.sgf
#? [black]
392 is_legal b D4
#? [0]
