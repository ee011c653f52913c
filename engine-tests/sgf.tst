# loadsgf and printsgf: setup stones, PL, passes as [] and [tt], move numbers, variations,
# engine-args: --threads 1 --playouts 300 --gogui-ruler
# records that break the current ko rule, malformed files, and a round trip.

10 loadsgf sgf/setup-and-passes.sgf
#? [white]

11 gogui-rules_board
#? [\.{9}\n\.{9}\n\.\.X\.\.\.O\.\.\n\.\.\.O\.{5}\n\.{4}O\.{4}\n\.{9}\n\.{6}X\.\.\n\.{9}\n\.{9}]

# Setup stones are the starting position: four moves can be undone, not more.
12 undo
#? []
undo
undo
13 undo
#? []
14 undo
#? [cannot undo]*

# Move number N: the position before move N.
20 loadsgf sgf/setup-and-passes.sgf 2
#? [black]

21 gogui-rules_board
#? [\.{9}\n\.{9}\n\.\.X\.\.\.O\.\.\n\.{9}\n\.{4}O\.{4}\n\.{9}\n\.{6}X\.\.\n\.{9}\n\.{9}]

22 loadsgf sgf/setup-and-passes.sgf 1
#? [white]

# Komi comes from the file.
23 printsgf
#? [.*KM\[5\.5\].*]

# AE in a later setup node; variations: the main line is the first.
30 loadsgf sgf/erase.sgf
#? [black]

31 gogui-rules_board
#? [\.{5}\n\.X\.{3}\n\.\.X\.\.\n\.\.\.O\.\n\.{4}O]

# A record that breaks the current ko rule still loads (played under other rules).
rules japanese
40 loadsgf sgf/ko-retake.sgf
#? [black]

41 gogui-rules_board
#? [X\.{4}\n\.\.XO\.\n\.XO\.O\n\.\.XO\.\n\.{5}]

# Impossible records and bad files.
50 loadsgf sgf/occupied.sgf
#? [cannot load file.*]*

51 loadsgf sgf/off-board.sgf
#? [cannot load file.*]*

52 loadsgf sgf/garbage.sgf
#? [cannot load file.*]*

53 loadsgf sgf/truncated.sgf
#? [cannot load file.*]*

54 loadsgf sgf/setup-and-passes.sgf x
#? [syntax error.*]*

55 loadsgf
#? [syntax error.*]*

# tt is a real point on boards larger than 19.
60 loadsgf sgf/big.sgf
#? [white]

61 gogui-rules_board_size
#? [25]

62 is_legal w U6
#? [0]

# Round trip: what printsgf writes, loadsgf reads back to the same position.
loadsgf sgf/setup-and-passes.sgf
70 printsgf /tmp/koan-sgf-roundtrip.sgf
#? []
clear_board
71 loadsgf /tmp/koan-sgf-roundtrip.sgf
#? [white]
72 gogui-rules_board
#? [\.{9}\n\.{9}\n\.\.X\.\.\.O\.\.\n\.\.\.O\.{5}\n\.{4}O\.{4}\n\.{9}\n\.{6}X\.\.\n\.{9}\n\.{9}]
73 undo
#? []
undo
undo
undo
74 undo
#? [cannot undo]*

# A handicap game round trip keeps HA and the stones.
boardsize 9
fixed_handicap 3
play w E5
80 printsgf /tmp/koan-sgf-roundtrip2.sgf
#? []
clear_board
81 loadsgf /tmp/koan-sgf-roundtrip2.sgf
#? [black]
82 gogui-rules_board
#? [\.{9}\n\.{9}\n\.\.X\.\.\.X\.\.\n\.{9}\n\.{4}O\.{4}\n\.{9}\n\.\.X\.{6}\n\.{9}\n\.{9}]
