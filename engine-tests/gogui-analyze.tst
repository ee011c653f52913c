# GoGui's analyze commands that search (issue 7): each response must have exactly the
# syntax GoGui parses for its type (the values depend on the search). The commands that
# need no search are pinned byte for byte in transcripts/gogui-analyze.gtp.
boardsize 9
clear_board
play b E5

# gfx: INFLUENCE with a value in -1..1 for each of the 81 points, then a TEXT status line.
10 koan-gfx_ownership
#? [INFLUENCE( [A-HJ][1-9] -?[01]\.\d\d){81}\nTEXT expected result (even|[BW]\+\d+\.\d) after \d+ playouts]

# pspairs: up to ten point and win rate pairs.
20 koan-best_moves
#? [[A-HJ][1-9] \d{1,3}%( [A-HJ][1-9] \d{1,3}%){0,9}]

# var: a sequence of points and passes, the player to move first.
30 koan-pv
#? [([A-HJ][1-9]|pass)( ([A-HJ][1-9]|pass))*]

# The analysis commands' genmove forms: info lines (if the search lasted an interval),
# then the move played. The first entry is checked field by field, the rest of the lines
# only for their characters: gogui-regress matches with Java's regex engine, which
# goes one call deeper for every repetition of a group of varying length and runs out of
# stack on a second of info lines. tests/analysis.rs checks every line's full syntax.
40 lz-genmove_analyze w 1
#? [(?:info move (?:[A-HJ][1-9]|pass) visits \d+ winrate \d+ prior \d+ lcb \d+ order \d+ pv(?: (?:[A-HJ][1-9]|pass))+[ 0-9A-Za-z\n]*\n)?play (?:[A-HJ][1-9]|pass|resign)]

41 kata-genmove_analyze b 1
#? [(?:info move (?:[A-HJ][1-9]|pass) visits \d+ utility -?[01]\.\d{6} winrate [01]\.\d{6} scoreMean -?\d+\.\d{3} scoreStdev \d+\.\d{3} scoreLead -?\d+\.\d{3} scoreSelfplay -?\d+\.\d{3} prior [01]\.\d{6} lcb [01]\.\d{6} utilityLcb -?[01]\.\d{6} order \d+ pv(?: (?:[A-HJ][1-9]|pass))+[ 0-9A-Za-z.\n-]*\n)?play (?:[A-HJ][1-9]|pass|resign)]

42 genmove_analyze w
#? [play ([A-HJ][1-9]|pass|resign)]

# White has passed and Black is ahead: the move (a pass) is clear without a search, and
# GoGui still gets well-formed responses.
boardsize 2
komi 0
play b A1
play w pass
50 koan-gfx_ownership
#? [TEXT no search: the move is clear without one]

51 koan-best_moves
#? []

52 koan-pv
#? []

53 lz-genmove_analyze b 10
#? [play pass]
