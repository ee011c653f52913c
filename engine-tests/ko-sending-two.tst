# Sending two returning one: a three-play cycle (an odd cycle, no ko play in it).
# engine-args: --threads 1 --playouts 300 --gogui-ruler
#
# ko/sending-two.sgf, 7x7, setup S0 with Black to move (the start counts as created by White):
#
#       A B C D E F G
#     7 . . . . . . .
#     3 . . . . . . .
#     2 O O O X X . .
#     1 O . X . X . .      the black stone C1 has two liberties, B1 and D1
#
# Round one: 1 B B1 sends two (B1 C1, one liberty, D1), 2 W D1 captures two, 3 B C1 returns
# one: it captures D1 (which had only C1) and recreates S0, now with White to move.
#
#     S1 (after 1)       S2 (after 2)       S3 = S0
#   2 O O O X X . .    O O O X X . .      O O O X X . .
#   1 O X X . X . .    O . . O X . .      O . X . X . .
#
# Round two: 4 W G7 (elsewhere), 5 B B1, 6 W D1, and 7 B C1 would recreate S0 + G7.

10 loadsgf ko/sending-two.sgf 1
#? [black]
11 gogui-rules_board
#? [\.{7}\n\.{7}\n\.{7}\n\.{7}\n\.{7}\nOOOXX\.{2}\nO\.X\.X\.{2}]
12 loadsgf ko/sending-two.sgf 2
#? [white]
13 gogui-rules_board
#? [\.{7}\n\.{7}\n\.{7}\n\.{7}\n\.{7}\nOOOXX\.{2}\nOXX\.X\.{2}]
14 loadsgf ko/sending-two.sgf 3
#? [black]
15 gogui-rules_board
#? [\.{7}\n\.{7}\n\.{7}\n\.{7}\n\.{7}\nOOOXX\.{2}\nO\.{2}OX\.{2}]
16 loadsgf ko/sending-two.sgf 4
#? [white]
17 gogui-rules_board
#? [\.{7}\n\.{7}\n\.{7}\n\.{7}\n\.{7}\nOOOXX\.{2}\nO\.X\.X\.{2}]
18 loadsgf ko/sending-two.sgf
#? [black]
19 gogui-rules_board
#? [\.{6}O\n\.{7}\n\.{7}\n\.{7}\n\.{7}\nOOOXX\.{2}\nO\.{2}OX\.{2}]

# ---------------------------------------------------------------------------------------------
# A. Round one: after 1 B B1, 2 W D1, Black to move; B C1 recreates S0 with White to move.
# Only the rules that ban any repetition of the position (positional, spight) ban it: a
# positional-versus-situational difference.

# simple: the position before White's last move is S1, not S0.
100 ko-rule simple
#? []
101 loadsgf ko/sending-two.sgf 3
#? [black]
102 is_legal b C1
#? [1]
103 ko-bans b
#? []

# positional: S0 stood before.
110 ko-rule positional
#? []
111 loadsgf ko/sending-two.sgf 3
#? [black]
112 is_legal b C1
#? [0]
113 ko-bans b
#? [C1 positional: [^\n]*]

# situational: S0 stood only with Black to move; after B C1 White is to move.
120 ko-rule situational
#? []
121 loadsgf ko/sending-two.sgf 3
#? [black]
122 is_legal b C1
#? [1]
123 ko-bans b
#? []

# natural-situational: S0 is the start, created by White; Black never created it.
130 ko-rule natural-situational
#? []
131 loadsgf ko/sending-two.sgf 3
#? [black]
132 is_legal b C1
#? [1]
133 ko-bans b
#? []

# spight: S0 stood and nobody has passed.
140 ko-rule spight
#? []
141 loadsgf ko/sending-two.sgf 3
#? [black]
142 is_legal b C1
#? [0]
143 ko-bans b
#? [C1 spight: [^\n]*]

# fixed: the transition S2 -> S0 is new.
150 ko-rule fixed
#? []
151 loadsgf ko/sending-two.sgf 3
#? [black]
152 is_legal b C1
#? [1]
153 ko-bans b
#? []

# basic-fixed: new transition, no immediate retake.
160 ko-rule basic-fixed
#? []
161 loadsgf ko/sending-two.sgf 3
#? [black]
162 is_legal b C1
#? [1]
163 ko-bans b
#? []

# ing-spight: no ko play in the cycle (nothing hot), and no odd cycle seen yet: it is remembered now.
170 ko-rule ing-spight
#? []
171 loadsgf ko/sending-two.sgf 3
#? [black]
172 is_legal b C1
#? [1]
173 ko-bans b
#? []

# pass-for-ko: C1 captures one stone but keeps two liberties (B1, D1): no ko capture, no ko ban.
180 ko-rule pass-for-ko
#? []
181 loadsgf ko/sending-two.sgf 3
#? [black]
182 is_legal b C1
#? [1]
183 ko-bans b
#? []

# ---------------------------------------------------------------------------------------------
# B. Round two, after 4 W G7 (elsewhere), 5 B B1, 6 W D1: B C1 would recreate S0 + G7 (the
# position after move 4) with White to move. Ing-Spight allows the odd cycle once and bans its
# second completion.

# simple: never a basic ko.
200 ko-rule simple
#? []
201 loadsgf ko/sending-two.sgf
#? [black]
202 is_legal b C1
#? [1]
203 ko-bans b
#? []

# positional: S0 + G7 stood after move 4.
210 ko-rule positional
#? []
211 loadsgf ko/sending-two.sgf
#? [black]
212 is_legal b C1
#? [0]
213 ko-bans b
#? [C1 positional: [^\n]*]

# situational: S0 + G7 stood only with Black to move.
220 ko-rule situational
#? []
221 loadsgf ko/sending-two.sgf
#? [black]
222 is_legal b C1
#? [1]
223 ko-bans b
#? []

# natural-situational: White created S0 + G7 (move 4).
230 ko-rule natural-situational
#? []
231 loadsgf ko/sending-two.sgf
#? [black]
232 is_legal b C1
#? [1]
233 ko-bans b
#? []

# spight: no pass.
240 ko-rule spight
#? []
241 loadsgf ko/sending-two.sgf
#? [black]
242 is_legal b C1
#? [0]
243 ko-bans b
#? [C1 spight: [^\n]*]

# fixed: every transition of round two is new (G7 is on the board).
250 ko-rule fixed
#? []
251 loadsgf ko/sending-two.sgf
#? [black]
252 is_legal b C1
#? [1]
253 ko-bans b
#? []

# basic-fixed: the same.
260 ko-rule basic-fixed
#? []
261 loadsgf ko/sending-two.sgf
#? [black]
262 is_legal b C1
#? [1]
263 ko-bans b
#? []

# ing-spight: B B1, W D1, B C1 would complete the odd cycle of moves 1-3 again, identity for identity (G7 does not touch its points).
270 ko-rule ing-spight
#? []
271 loadsgf ko/sending-two.sgf
#? [black]
272 is_legal b C1
#? [0]
273 ko-bans b
#? [C1 ing-spight odd cycle: [^\n]*]

# pass-for-ko: no ko capture.
280 ko-rule pass-for-ko
#? []
281 loadsgf ko/sending-two.sgf
#? [black]
282 is_legal b C1
#? [1]
283 ko-bans b
#? []

# ---------------------------------------------------------------------------------------------
# C. Round two after a pass: after round one (moves 1-3), 4 W passes; then B B1 would recreate
# S1 (White to move).

# simple: the last move was a pass.
300 ko-rule simple
#? []
301 loadsgf ko/sending-two.sgf 4
#? [white]
302 play w pass
#? []
303 is_legal b B1
#? [1]
304 ko-bans b
#? []

# positional: S1 stood.
310 ko-rule positional
#? []
311 loadsgf ko/sending-two.sgf 4
#? [white]
312 play w pass
#? []
313 is_legal b B1
#? [0]
314 ko-bans b
#? [B1 positional: [^\n]*]

# situational: S1 stood with White to move (after move 1).
320 ko-rule situational
#? []
321 loadsgf ko/sending-two.sgf 4
#? [white]
322 play w pass
#? []
323 is_legal b B1
#? [0]
324 ko-bans b
#? [B1 situational: [^\n]*]

# natural-situational: Black created S1 (move 1).
330 ko-rule natural-situational
#? []
331 loadsgf ko/sending-two.sgf 4
#? [white]
332 play w pass
#? []
333 is_legal b B1
#? [0]
334 ko-bans b
#? [B1 natural-situational: [^\n]*]

# spight: S1 last stood at move 1, before the pass (move 4).
340 ko-rule spight
#? []
341 loadsgf ko/sending-two.sgf 4
#? [white]
342 play w pass
#? []
343 is_legal b B1
#? [1]
344 ko-bans b
#? []

# fixed: S0 -> S1 is the transition of move 1.
350 ko-rule fixed
#? []
351 loadsgf ko/sending-two.sgf 4
#? [white]
352 play w pass
#? []
353 is_legal b B1
#? [0]
354 ko-bans b
#? [B1 fixed: [^\n]*]

# basic-fixed: the fixed clause.
360 ko-rule basic-fixed
#? []
361 loadsgf ko/sending-two.sgf 4
#? [white]
362 play w pass
#? []
363 is_legal b B1
#? [0]
364 ko-bans b
#? [B1 fixed: [^\n]*]

# ing-spight: B1 is not the last play of the odd cycle, and no stone is hot.
370 ko-rule ing-spight
#? []
371 loadsgf ko/sending-two.sgf 4
#? [white]
372 play w pass
#? []
373 is_legal b B1
#? [1]
374 ko-bans b
#? []

# pass-for-ko: no ko capture.
380 ko-rule pass-for-ko
#? []
381 loadsgf ko/sending-two.sgf 4
#? [white]
382 play w pass
#? []
383 is_legal b B1
#? [1]
384 ko-bans b
#? []

# Where B B1 is allowed, play on: 5 B B1, 6 W D1 (legal: under spight S2 stood only before the
# pass), and 7 B C1 would recreate S0 = S3 = S4.

# simple
400 ko-rule simple
#? []
401 loadsgf ko/sending-two.sgf 4
#? [white]
402 play w pass
#? []
403 play b B1
#? []
404 play w D1
#? []
405 gogui-rules_board
#? [\.{7}\n\.{7}\n\.{7}\n\.{7}\n\.{7}\nOOOXX\.{2}\nO\.{2}OX\.{2}]
406 is_legal b C1
#? [1]
407 ko-bans b
#? []

# spight: S0 last stood at move 4 itself (the pass left it on the board): a pass lifts only bans on positions that stood before it.
410 ko-rule spight
#? []
411 loadsgf ko/sending-two.sgf 4
#? [white]
412 play w pass
#? []
413 play b B1
#? []
414 play w D1
#? []
415 gogui-rules_board
#? [\.{7}\n\.{7}\n\.{7}\n\.{7}\n\.{7}\nOOOXX\.{2}\nO\.{2}OX\.{2}]
416 is_legal b C1
#? [0]
417 ko-bans b
#? [C1 spight: [^\n]*]

# ing-spight: the same odd cycle again; passes do not break it.
420 ko-rule ing-spight
#? []
421 loadsgf ko/sending-two.sgf 4
#? [white]
422 play w pass
#? []
423 play b B1
#? []
424 play w D1
#? []
425 gogui-rules_board
#? [\.{7}\n\.{7}\n\.{7}\n\.{7}\n\.{7}\nOOOXX\.{2}\nO\.{2}OX\.{2}]
426 is_legal b C1
#? [0]
427 ko-bans b
#? [C1 ing-spight odd cycle: [^\n]*]

# pass-for-ko
430 ko-rule pass-for-ko
#? []
431 loadsgf ko/sending-two.sgf 4
#? [white]
432 play w pass
#? []
433 play b B1
#? []
434 play w D1
#? []
435 gogui-rules_board
#? [\.{7}\n\.{7}\n\.{7}\n\.{7}\n\.{7}\nOOOXX\.{2}\nO\.{2}OX\.{2}]
436 is_legal b C1
#? [1]
437 ko-bans b
#? []
