# ko-classify: types of basic ko (docs/ko-types.md). The positions are 9x9 setups in
# ko-classify/*.sgf; their answers are justified move by move in core/src/ko_types/tests.rs.
# Answer lines of ko-classify_detail: COLOR ROLE TARGET yes MOVE [line=V,V..]|no|unknown
# (a yes with its forcing line: Z's moves and the opponent's replies in turn, Z first).

# No ko on an empty board: an empty list, and errors for a vertex.
boardsize 9
clear_board
10 ko-classify
#? []

11 ko-classify E5
#? [no basic ko at E5]*

12 ko-classify_detail E5
#? [no basic ko at E5]*

13 ko-classify Z99
#? [syntax error.*]*

# External fighting ko: a dame ko between two unconditionally alive walls. Each player
# connects and lives on the ko; neither can capture the other's wall, which is in the locale.
20 loadsgf ko-classify/external-fighting.sgf
#? [black]

21 ko-classify
#? [E5 D5 open=B type=fighting location=external closed-killers=B,W strong-killers=none basis=exact]

22 ko-classify D5
#? [E5 D5 open=B type=fighting location=external closed-killers=B,W strong-killers=none basis=exact]

23 ko-classify_detail E5
#? [B open ko yes E5 line=E5,pass,D5\nB open locale no\nB closed ko yes D5 line=D5\nB closed locale no\nW open ko yes D5 line=D5,pass,E5\nW open locale no\nW closed ko yes E5 line=E5\nW closed locale no\nbasis=exact]

24 ko-classify C5
#? [no basic ko at C5]*

# Internal fighting ko: White D9-D8-E8 and Black F8-G8-G9 race, and the ko decides.
30 loadsgf ko-classify/internal-fighting.sgf
#? [black]

31 ko-classify
#? [F9 E9 open=W type=fighting location=internal closed-killers=B,W strong-killers=B,W basis=exact]

32 ko-classify_detail F9
#? [B open ko yes E9 line=E9,pass,F7,F9,E9,E7,D7,pass,F9,pass,E8\nB open locale yes E9 line=E9,pass,F7,F9,E9,E7,D7,pass,F9,E8,D9,D8,E7,E8,D8,pass,E8\nB closed ko yes F7 line=F7,F9,E9,E7,D7,pass,F9,pass,E8\nB closed locale yes F7 line=F7,F9,E9,E7,D7,pass,F9,E8,D9,D8,E7,E8,D8,pass,E8\nW open ko yes F9 line=F9,pass,F7,E9,F9,E7,G7,pass,E9,pass,F8\nW open locale yes F9 line=F9,pass,F7,E9,F9,pass,G7,F8,G8,pass,E9,pass,F8,pass,G9\nW closed ko yes F7 line=F7,E9,F9,E7,G7,pass,E9,pass,F8\nW closed locale yes F7 line=F7,E9,F9,pass,G7,F8,G8,pass,E9,pass,F8,pass,G9\nbasis=exact]

# Internal dead ko: White's stones around the ko cannot live; Black lives on the locale too.
40 loadsgf ko-classify/internal-dead.sgf
#? [black]

41 ko-classify
#? [E9 D9 open=B type=dead-ko location=internal closed-killers=B strong-killers=B basis=exact]

42 ko-classify_detail D9
#? [B open ko yes E9 line=E9,G8,D9\nB open locale no\nB closed ko yes D9 line=D9\nB closed locale yes F8 line=F8,pass,D9,pass,E8,pass,F9\nW open ko no\nW open locale no\nW closed ko no\nW closed locale no\nbasis=exact]

# External dead ko: Black kills on the ko but cannot own the whole locale.
50 loadsgf ko-classify/external-dead.sgf
#? [black]

51 ko-classify
#? [E9 D9 open=B type=dead-ko location=external closed-killers=B strong-killers=none basis=exact]

52 ko-classify_detail E9
#? [B open ko yes E9 line=E9,E7,D9\nB open locale no\nB closed ko yes D9 line=D9\nB closed locale no\nW open ko no\nW open locale no\nW closed ko no\nW closed locale no\nbasis=exact]

# Double disturbing death: only Black as the closed player kills; Black as the open player
# cannot, so it is not a dead ko.
60 loadsgf ko-classify/double-disturbing-death.sgf
#? [black]

61 ko-classify
#? [F9 E9 open=W type=disturbing-death location=internal closed-killers=B strong-killers=B basis=exact]

62 ko-classify_detail E9
#? [B open ko no\nB open locale no\nB closed ko yes D8 line=D8,pass,F9\nB closed locale yes D8 line=D8,pass,F9,pass,E8,pass,D9\nW open ko no\nW open locale no\nW closed ko no\nW closed locale no\nbasis=exact]

# Playing the ko capture flips who is open; the type does not change.
63 play w F9
#? []

64 ko-classify
#? [E9 F9 open=B type=disturbing-death location=internal closed-killers=B strong-killers=B basis=exact]

# A ko in the eye of an unconditionally alive group (living-eye.sgf; the issue's example of a
# disturbing life). By the engine's definitions it is an internal dead ko: Black, as the closed
# player, connects on C1 and the ko's points are stones of the alive group (B closed ko yes
# C1); as the open player B1 W - B C1. Black can also own the whole locale: A3 (takes A1-A2-
# B2) W - B C1 W - B A1 W B2 B A2 W - B B2. White's stones inside never live: no everywhere.
65 loadsgf ko-classify/living-eye.sgf
#? [black]

66 ko-classify
#? [B1 C1 open=B type=dead-ko location=internal closed-killers=B strong-killers=B basis=exact]

67 ko-classify_detail C1
#? [B open ko yes B1 line=B1,pass,C1\nB open locale yes B1 line=B1,pass,A3,pass,C1,pass,A1,B2,A2,pass,B2\nB closed ko yes C1 line=C1\nB closed locale yes A3 line=A3,pass,C1,pass,A1,B2,A2,pass,B2\nW open ko no\nW open locale no\nW closed ko no\nW closed locale no\nbasis=exact]

# Two sekis joined by a ko (two-sekis.sgf): a disturbing life. Each closed player, moving
# first, holds the ko as an eye (Released Ko Rule) and can kill its own seki partner with it,
# but that leaves it a straight three (one eye), and connecting the ko fills the other eye
# (a locked seki); all eight answers are no (TWO_SEKIS in core/src/ko_types/tests.rs, which
# reads them with more nodes; docs/ko-types.md, "Test positions"). The `ko-classify` line
# needs only the two closed roles on the ko, about 2,770,000 nodes, within the default budget:
# the same answer on any machine, however busy.
70 loadsgf ko-classify/two-sekis.sgf
#? [black]

71 ko-classify
#? [D9 C9 open=B type=disturbing-life location=internal closed-killers=none strong-killers=none basis=exact]

# The node budget. A plain ko in the centre of an open board: far too much to read in 1,000
# nodes, so the answer is unknown for want of nodes (`reason=search`), on any machine.
80 koan-param ko_classify_nodes
#? [2900000]

81 boardsize 9
clear_board
play b D6
play b C5
play b D4
play w E6
play w D5
play w F5
play w E4
koan-param ko_classify_nodes 1000
#? []

82 ko-classify
#? [E5 D5 open=B type=unknown location=unknown closed-killers=none strong-killers=none basis=exact reason=search]

# The time limit is an outer guard only: with a millisecond the same ko is unknown for want
# of time, at once rather than after seconds.
83 koan-param ko_classify_time
#? [60]

84 koan-param ko_classify_nodes 2900000
koan-param ko_classify_time 0.001
#? []

85 ko-classify E5
#? [E5 D5 open=B type=unknown location=unknown closed-killers=none strong-killers=none basis=exact reason=time]

86 ko-classify_detail E5
#? [B open ko unknown\nB open locale unknown\nB closed ko unknown\nB closed locale unknown\nW open ko unknown\nW open locale unknown\nW closed ko unknown\nW closed locale unknown\nbasis=exact]

87 koan-param ko_classify_time 0
#? [ko_classify_time: '0' is not a number of seconds.*]*

88 koan-param ko_classify_nodes 0
#? [ko_classify_nodes: '0' is not a number of nodes.*]*

89 koan-param ko_classify_time 2.5
koan-param ko_classify_time
#? [2.5]

# A judged ko from a real game (GNU Go against itself, ko-corpus/9x9/gnugo-l10-9x9-008.sgf
# after move 42): its yes answers print whole forcing lines too, read with the judged walls
# (Black open: F4 takes, White may not retake at once, G4 connects).
90 loadsgf ko-corpus/9x9/gnugo-l10-9x9-008.sgf 43
#? [black]

91 ko-classify_detail F4
#? [B open ko yes F4 line=F4,pass,G4\n.*basis=judged walls=.*]

# A judged wall that the answers' lines capture is read again as an ordinary stone
# (ko-corpus/9x9/koan-pachi-9x9-016.sgf after move 63, the ko C1/B1, White open): Black's G1
# is judged alive, White's captures of it left a closed killer's locale unknown; demoted,
# the ko is an internal fighting ko and the detail names the demoted wall.
92 loadsgf ko-corpus/9x9/koan-pachi-9x9-016.sgf 64
#? [white]

93 ko-classify C1
#? [C1 B1 open=W type=fighting location=internal closed-killers=B,W .*basis=judged]

94 ko-classify_detail C1
#? [.*basis=judged walls=.* demoted=G1]
