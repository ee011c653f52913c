# The rules commands: rules, ko-rule, kgs-rules, and their effect on legality.

10 rules
#? [ko=positional suicide=forbidden scoring=area komi=7\.5 end=two-passes pass=free preset=chinese]

11 ko-rule
#? [positional]

12 ko-rule situational
#? []

# chinese with situational superko is exactly the aga preset.
13 rules
#? [ko=situational .* preset=aga]

14 ko-rule NATURAL-SITUATIONAL
#? []

15 ko-rule
#? [natural-situational]

16 ko-rule martian
#? [unknown ko rule]*

# Every GTP name is accepted.
ko-rule simple
ko-rule positional
ko-rule spight
ko-rule fixed
ko-rule basic-fixed
ko-rule ing-spight
ko-rule pass-for-ko
17 ko-rule
#? [pass-for-ko]

# Presets.
20 rules japanese
#? []
21 rules
#? [ko=simple suicide=forbidden scoring=territory .* preset=japanese]
22 rules new_zealand
#? []
23 rules
#? [ko=situational suicide=multi scoring=area .* preset=new_zealand]
24 rules tromp-taylor
#? []
25 rules
#? [ko=positional suicide=all scoring=area .* preset=tromp-taylor]
26 rules ing
27 rules
#? [ko=ing-spight suicide=multi scoring=area .* preset=ing]
28 rules spight
29 rules
#? [ko=spight suicide=forbidden scoring=area .* end=spight pass=free preset=spight]
30 rules jasiek
31 rules
#? [ko=basic-fixed suicide=forbidden scoring=area .* preset=jasiek]
32 rules aga
33 rules
#? [ko=situational suicide=forbidden scoring=area .* preset=aga]

# key=value words, alone or after a preset.
40 rules chinese suicide=all scoring=territory
#? []
41 rules
#? [ko=positional suicide=all scoring=territory .* preset=custom]
42 rules ko=nonsense
#? [unknown ko rule]*
43 rules colour=red
#? [unknown rules key.*]*
44 rules preset-that-does-not-exist
#? [unknown rules preset.*]*

# komi= sets the game's komi; a preset alone leaves komi as the controller set it.
komi 6.5
rules chinese
50 rules
#? [.*komi=6\.5.*]
51 rules komi=0
#? []
52 rules
#? [.*komi=0 .*]

# kgs-rules (what the kgsGtp bridge sends).
60 kgs-rules japanese
#? []
61 ko-rule
#? [simple]
62 kgs-rules newzealand
#? []
63 rules
#? [.*preset=new_zealand]
64 kgs-rules chinese
65 ko-rule
#? [positional]
66 kgs-rules aga
67 ko-rule
#? [situational]
68 kgs-rules tromp-taylor
#? [unknown rules]*
69 kgs-rules
#? [syntax error.*]*

# Changing the ko rule mid-game re-judges the next move against the whole history:
# a basic ko taken, a threat exchanged, then a retake that recreates an older position.
boardsize 5
clear_board
rules japanese
play b B3
play w D2
play b C2
play w D4
play b C4
play w E3
play b A5
play w C3
play b D3
# White may not retake at once under simple ko.
70 is_legal w C3
#? [0]
play w pass
play b pass
# After passes simple ko allows it; positional superko does not (it recreates move 8's position).
71 is_legal w C3
#? [1]
72 ko-rule positional
73 is_legal w C3
#? [0]
74 ko-bans w
#? [C3 positional: recreates the position after move 8]
# Spight: the passes came after that position last stood, so the ban is lifted.
75 ko-rule spight
76 is_legal w C3
#? [1]
# Situational: that position stood with Black to move; after White's retake Black is to move.
77 ko-rule situational
78 is_legal w C3
#? [0]
# Natural situational: White created that position (move 8), White would recreate it.
79 ko-rule natural-situational
80 is_legal w C3
#? [0]
# Fixed: the retake would leave the position after Black's capture (move 9) and create the
# one after move 8; no earlier play made that transition, so it is allowed.
81 ko-rule fixed
82 is_legal w C3
#? [1]
