# Captures, suicide under each suicide rule, capture counts (Black's prisoners first, as
# engine-args: --threads 1 --playouts 300 --gogui-ruler
# GoGui reads them), simple ko on the board.

boardsize 5
clear_board
komi 0

# A single stone captured in the corner.
play w A1
play b A2
10 play b B1
#? []

11 gogui-rules_captured_count
#? [1 0]

12 gogui-rules_board
#? [\.\.\.\.\.\n\.\.\.\.\.\n\.\.\.\.\.\nX\.\.\.\.\n\.X\.\.\.]

# A1 is now a suicide for White (no liberty, captures nothing).
13 is_legal w A1
#? [0]

14 play w A1
#? [illegal move]*

# Tromp-Taylor allows single-stone suicide, but its positional superko bans this one:
# a lone stone that removes itself recreates the position.
15 rules tromp-taylor
#? []

16 is_legal w A1
#? [0]

151 ko-bans w
#? [A1 positional: .*]

# With suicide=all and simple ko it is legal: the stone disappears, Black gets the prisoner.
152 ko-rule simple
#? []

17 play w A1
#? []

18 gogui-rules_captured_count
#? [2 0]

19 gogui-rules_board
#? [\.\.\.\.\.\n\.\.\.\.\.\n\.\.\.\.\.\nX\.\.\.\.\n\.X\.\.\.]

# new_zealand allows multi-stone suicide only.
20 rules new_zealand
#? []

21 is_legal w A1
#? [0]

clear_board
play b A3
play b B2
play b C1
play w A1
play w B1
22 is_legal w A2
#? [1]

23 play w A2
#? []

24 gogui-rules_board
#? [\.\.\.\.\.\n\.\.\.\.\.\nX\.\.\.\.\n\.X\.\.\.\n\.\.X\.\.]

25 gogui-rules_captured_count
#? [3 0]

# A multi-stone capture that is not suicide: capturing gives liberties.
rules chinese
clear_board
play w B1
play w B2
play b A1
play b A2
play b C1
play b C2
play w pass
30 play b B3
#? []

31 gogui-rules_captured_count
#? [2 0]

# Filling the last liberty of an own string is suicide if it captures nothing.
clear_board
play b A1
play w A2
play w B2
play w C1
32 is_legal b B1
#? [0]

# ... but it is legal when it captures.
clear_board
play w A1
play w B2
play b A2
play b C1
play b B3
play b C2
33 is_legal b B1
#? [1]

34 play b B1
#? []

35 gogui-rules_captured_count
#? [2 0]

# Basic ko: the immediate retake is illegal, after an exchange it is legal.
rules japanese
clear_board
play b B3
play w D2
play b C2
play w D4
play b C4
play w E3
play b A5
play w C3
40 play b D3
#? []

41 is_legal w C3
#? [0]

42 ko-bans w
#? [C3 simple: .*]

43 play w A1
#? []

44 play b A2
#? []

45 is_legal w C3
#? [1]

46 play w C3
#? []
