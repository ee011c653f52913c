# The WMSG 2008 supplementary pass rule (rules pass=wmsg2008, preset wmsg2008): a player may
# engine-args: --threads 1 --playouts 300 --gogui-ruler
# not pass if some basic ko is open for him and is neither a disturbing life nor an internal
# disturbing death (dead ko included), and he has a legal play that is not on a
# two-eye-formation of his. Positions and their ko types: ko-classify.tst.

10 rules wmsg2008
#? []
11 rules
#? [ko=positional suicide=forbidden scoring=area komi=7\.5 end=two-passes pass=wmsg2008 preset=wmsg2008]

# Internal fighting ko F9/E9, open for White: White may not pass (a fighting ko bans the
# pass wherever it is); the ko is closed for Black, who may pass.
20 loadsgf ko-classify/internal-fighting.sgf
#? [black]
rules wmsg2008
21 ko-classify
#? [F9 E9 open=W type=fighting location=internal .*]
22 is_legal w pass
#? [0]
23 is_legal b pass
#? [1]
24 ko-bans w
#? [pass wmsg2008: the internal fighting ko at F9 is open for white]
play b pass
25 gogui-rules_legal_moves
#? [!.*pass.*]
26 play w pass
#? [illegal move]*
# White takes the ko: now it is open for Black, who may not pass; White may.
27 play w F9
#? []
28 is_legal b pass
#? [0]
29 is_legal w pass
#? [1]

# Internal dead ko E9/D9, open for Black: an internal disturbing death; the pass is free.
30 loadsgf ko-classify/internal-dead.sgf
#? [black]
rules wmsg2008
31 is_legal b pass
#? [1]
32 play b pass
#? []

# External dead ko E9/D9, open for Black: an external disturbing death bans Black's pass.
40 loadsgf ko-classify/external-dead.sgf
#? [black]
rules wmsg2008
41 is_legal b pass
#? [0]
42 play b pass
#? [illegal move]*
# With the free pass rule the same pass is legal.
43 rules pass=free
#? []
44 is_legal b pass
#? [1]

# Internal double disturbing death F9/E9, open for White: internal, so White may pass.
50 loadsgf ko-classify/double-disturbing-death.sgf
#? [black]
rules wmsg2008
51 is_legal w pass
#? [1]

# A ko in a living group's eye (living-eye.sgf), open for Black: an internal dead ko, so it
# does not ban Black's pass (as a disturbing life would not).
52 loadsgf ko-classify/living-eye.sgf
#? [black]
rules wmsg2008
53 is_legal b pass
#? [1]

# A disturbing life (two-sekis.sgf, classified within the default node budget) does not ban
# the pass; nor would a ko the solver cannot classify within its budget.
55 loadsgf ko-classify/two-sekis.sgf
#? [black]
rules wmsg2008
56 is_legal b pass
#? [1]

# No ko at all: passing is always legal.
boardsize 9
clear_board
rules wmsg2008
60 is_legal b pass
#? [1]

# genmove never passes where the rule forbids it, even when the opponent has passed.
loadsgf ko-classify/internal-fighting.sgf
rules wmsg2008
play b pass
70 genmove w
#? [!pass]

# A ko from a real game: GNU Go against itself (ko-corpus/9x9/gnugo-l10-9x9-008.sgf) after
# move 42, Black to move. The ko at F4 is a fighting ko open for Black; its region is bounded
# by strings the engine judges alive (basis=judged), and the rule acts on that judgement:
# Black may not pass, and genmove does not pass.
60 loadsgf ko-corpus/9x9/gnugo-l10-9x9-008.sgf 43
#? [black]
rules wmsg2008
61 ko-classify
#? [F4 G4 open=B type=fighting location=external .* basis=judged]
62 is_legal b pass
#? [0]
63 genmove b
#? [!pass]
# Kept to exact answers (koan-param pass_rule_basis exact), the judged ko binds no more.
undo
64 koan-param pass_rule_basis exact
#? []
65 is_legal b pass
#? [1]
66 koan-param pass_rule_basis
#? [exact]
