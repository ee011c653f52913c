# The whole GTP v2 command set of section 6, every error string, ids, case.
# engine-args: --threads 1 --playouts 300 --gogui-ruler
# Run: koan regress engine-tests/protocol.tst

10 protocol_version
#? [2]

11 name
#? [koan]

12 version
#? [\d+\.\d+\.\d+\+[0-9a-z-]+]

20 known_command play
#? [true]

21 known_command no_such_command
#? [false]

22 known_command gogui-rules_legal_moves
#? [true]

23 list_commands
#? [protocol_version\nname\nversion\nknown_command\nlist_commands\nquit\nboardsize\nclear_board\nkomi\nfixed_handicap\nplace_free_handicap\nset_free_handicap\nplay\ngenmove\nundo\ntime_settings\ntime_left\nfinal_score\nfinal_status_list\nloadsgf\nreg_genmove\nshowboard\nprintsgf\nis_legal\nall_legal\n.*]

24 no_such_command
#? [unknown command]*

# Error responses always fail a gogui-regress test, so error cases are expected failures
# (a trailing *); the exact error strings are checked by engine-tests/transcripts/.
# Command names are case-sensitive in GTP.
25 NAME
#? [unknown command]*

30 boardsize 9
#? []

31 boardsize 1
#? [unacceptable size]*

32 boardsize 26
#? [unacceptable size]*

33 boardsize nine
#? [syntax error.*]*

34 boardsize
#? [syntax error.*]*

35 gogui-rules_board_size
#? [9]

36 clear_board
#? []

40 komi 6.5
#? []

41 komi -3
#? []

42 komi abc
#? [syntax error.*]*

43 komi 7.5
#? []

# Colours and vertices in any case; no letter I.
50 play B d4
#? []

51 play white E5
#? []

52 play b i5
#? [syntax error.*]*

53 play b J10
#? [syntax error.*]*

54 play x A1
#? [syntax error.*]*

55 play b D4
#? [illegal move]*

56 play b
#? [syntax error.*]*

57 play W PASS
#? []

58 gogui-rules_side_to_move
#? [black]

60 undo
#? []

61 undo
#? []

62 undo
#? []

63 undo
#? [cannot undo]*

70 is_legal b A1
#? [1]

71 is_legal b Z99
#? [syntax error.*]*

72 all_legal b
#? [(A1 B1 C1 D1 E1 F1 G1 H1 J1 A2 .*)]

80 fixed_handicap 2
#? [C3 G7]

81 fixed_handicap 3
#? [board not empty]*

82 clear_board
#? []

83 fixed_handicap 1
#? [invalid number of stones]*

84 fixed_handicap 5
#? [C3 G7 C7 G3 E5]

85 gogui-rules_side_to_move
#? [white]

86 clear_board

87 fixed_handicap 10
#? [invalid number of stones]*

88 set_free_handicap A1 A1
#? [bad vertex list]*

89 set_free_handicap A1
#? [bad vertex list]*

90 set_free_handicap A1 pass
#? [bad vertex list]*

91 set_free_handicap A1 B2 Z9
#? [bad vertex list]*

92 set_free_handicap A1 B2
#? []

93 place_free_handicap 2
#? [board not empty]*

94 clear_board

95 place_free_handicap 4
#? [([A-HJ-T]\d+ ){3}[A-HJ-T]\d+]

96 clear_board

97 place_free_handicap 0
#? [invalid number of stones]*

100 time_settings 300 30 5
#? []

101 time_left b 280 0
#? []

102 time_settings 300 x 5
#? [syntax error.*]*

103 time_left green 10 0
#? [syntax error.*]*

110 final_score
#? [0|[BW]\+\d+(\.\d+)?]

111 final_status_list dead
#? []

112 final_status_list alive
#? []

113 final_status_list nonsense
#? [syntax error.*]*

120 loadsgf does-not-exist.sgf
#? [cannot load file.*]*

121 loadsgf sgf/truncated.sgf
#? [cannot load file.*]*

130 gogui-rules_game_id
#? [Go]

131 gogui-rules_board
#? [\.{9}\n\.{9}\n\.{9}\n\.{9}\n\.{9}\n\.{9}\n\.{9}\n\.{9}\n\.{9}]

132 gogui-rules_captured_count
#? [0 0]

133 gogui-rules_legal_moves
#? [A1 B1 .* pass]

134 gogui-rules_final_result
#? [unknown]

135 play b pass
136 play w pass
137 gogui-rules_legal_moves
#? []

138 gogui-rules_final_result
#? [W\+7\.5]

139 showboard
#? [.*A B C D E F G H J.*]

140 printsgf
#? [\(;GM\[1\]FF\[4\].*SZ\[9\].*KM\[7\.5\].*;B\[\];W\[\]\)]

150 reg_genmove b
#? [[A-HJ]\d|pass]

# reg_genmove does not play: the board is unchanged.
151 gogui-rules_board
#? [\.{9}\n\.{9}\n\.{9}\n\.{9}\n\.{9}\n\.{9}\n\.{9}\n\.{9}\n\.{9}]

# Comments, tabs and blank lines get no answer; an id with a command does.

	# an indented comment
160	name	# trailing comment
#? [koan]

# gogui-rules_captured_count lists the stones captured by Black first, then by White, as
# GoGui's rules documentation says: Black's B1 and A2 take White's A1.
170 boardsize 9
171 play w A1
172 play b B1
173 play b A2
174 gogui-rules_captured_count
#? [1 0]
