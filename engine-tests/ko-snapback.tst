# Snapback: the recapture takes more than one stone and makes a new position, so it is legal
# engine-args: --threads 1 --playouts 300 --gogui-ruler
# under every ko rule (docs/ko-rules.md: a snapback's recapture is not an Ing-Spight ko play).
#
# ko/snapback.sgf, 7x7, setup S0 with Black to move:
#
#       A B C D E F G
#     4 . . . . . . .
#     3 X X X X . . .
#     2 X O O O X . .      the white string B1 B2 C2 D2 has two liberties, C1 and D1
#     1 X O . . X . .
#
# Moves: 1 B C1 (throw-in: self-atari, liberty D1), 2 W D1 (captures C1). Now:
#
#     3 X X X X . . .
#     2 X O O O X . .      the white string B1 B2 C2 D2 D1 has one liberty, C1
#     1 X O . O X . .
#
# B C1 captures five stones. The position after it never stood (positional, situational,
# natural-situational, spight), the transition is new (fixed), it is not the position before
# White's last move (simple), it captures five stones (pass-for-ko), and it is not a ko play
# (ing-spight). W D1 itself (capturing the throw-in) is legal under every rule too: the throw-in
# is not an Ing-Spight ko play (nothing cycles back), and it recreates no position.
# After B C1: captured counts `5 1` (Black took five, White took the throw-in; GoGui lists Black's prisoners first), and
#
#     3 X X X X . . .
#     2 X . . . X . .
#     1 X . X . X . .

10 loadsgf ko/snapback.sgf 1
#? [black]
11 gogui-rules_board
#? [\.{7}\n\.{7}\n\.{7}\n\.{7}\nXXXX\.{3}\nXOOOX\.{2}\nXO\.{2}X\.{2}]
12 loadsgf ko/snapback.sgf 2
#? [white]
13 gogui-rules_board
#? [\.{7}\n\.{7}\n\.{7}\n\.{7}\nXXXX\.{3}\nXOOOX\.{2}\nXOX\.X\.{2}]
14 loadsgf ko/snapback.sgf
#? [black]
15 gogui-rules_board
#? [\.{7}\n\.{7}\n\.{7}\n\.{7}\nXXXX\.{3}\nXOOOX\.{2}\nXO\.OX\.{2}]

# simple
100 ko-rule simple
#? []
101 loadsgf ko/snapback.sgf 2
#? [white]
102 is_legal w D1
#? [1]
103 loadsgf ko/snapback.sgf
#? [black]
104 is_legal b C1
#? [1]
105 ko-bans b
#? []
106 play b C1
#? []
107 gogui-rules_captured_count
#? [5 1]
108 gogui-rules_board
#? [\.{7}\n\.{7}\n\.{7}\n\.{7}\nXXXX\.{3}\nX\.{3}X\.{2}\nX\.X\.X\.{2}]

# positional
110 ko-rule positional
#? []
111 loadsgf ko/snapback.sgf 2
#? [white]
112 is_legal w D1
#? [1]
113 loadsgf ko/snapback.sgf
#? [black]
114 is_legal b C1
#? [1]
115 ko-bans b
#? []
116 play b C1
#? []
117 gogui-rules_captured_count
#? [5 1]
118 gogui-rules_board
#? [\.{7}\n\.{7}\n\.{7}\n\.{7}\nXXXX\.{3}\nX\.{3}X\.{2}\nX\.X\.X\.{2}]

# situational
120 ko-rule situational
#? []
121 loadsgf ko/snapback.sgf 2
#? [white]
122 is_legal w D1
#? [1]
123 loadsgf ko/snapback.sgf
#? [black]
124 is_legal b C1
#? [1]
125 ko-bans b
#? []
126 play b C1
#? []
127 gogui-rules_captured_count
#? [5 1]
128 gogui-rules_board
#? [\.{7}\n\.{7}\n\.{7}\n\.{7}\nXXXX\.{3}\nX\.{3}X\.{2}\nX\.X\.X\.{2}]

# natural-situational
130 ko-rule natural-situational
#? []
131 loadsgf ko/snapback.sgf 2
#? [white]
132 is_legal w D1
#? [1]
133 loadsgf ko/snapback.sgf
#? [black]
134 is_legal b C1
#? [1]
135 ko-bans b
#? []
136 play b C1
#? []
137 gogui-rules_captured_count
#? [5 1]
138 gogui-rules_board
#? [\.{7}\n\.{7}\n\.{7}\n\.{7}\nXXXX\.{3}\nX\.{3}X\.{2}\nX\.X\.X\.{2}]

# spight
140 ko-rule spight
#? []
141 loadsgf ko/snapback.sgf 2
#? [white]
142 is_legal w D1
#? [1]
143 loadsgf ko/snapback.sgf
#? [black]
144 is_legal b C1
#? [1]
145 ko-bans b
#? []
146 play b C1
#? []
147 gogui-rules_captured_count
#? [5 1]
148 gogui-rules_board
#? [\.{7}\n\.{7}\n\.{7}\n\.{7}\nXXXX\.{3}\nX\.{3}X\.{2}\nX\.X\.X\.{2}]

# fixed
150 ko-rule fixed
#? []
151 loadsgf ko/snapback.sgf 2
#? [white]
152 is_legal w D1
#? [1]
153 loadsgf ko/snapback.sgf
#? [black]
154 is_legal b C1
#? [1]
155 ko-bans b
#? []
156 play b C1
#? []
157 gogui-rules_captured_count
#? [5 1]
158 gogui-rules_board
#? [\.{7}\n\.{7}\n\.{7}\n\.{7}\nXXXX\.{3}\nX\.{3}X\.{2}\nX\.X\.X\.{2}]

# basic-fixed
160 ko-rule basic-fixed
#? []
161 loadsgf ko/snapback.sgf 2
#? [white]
162 is_legal w D1
#? [1]
163 loadsgf ko/snapback.sgf
#? [black]
164 is_legal b C1
#? [1]
165 ko-bans b
#? []
166 play b C1
#? []
167 gogui-rules_captured_count
#? [5 1]
168 gogui-rules_board
#? [\.{7}\n\.{7}\n\.{7}\n\.{7}\nXXXX\.{3}\nX\.{3}X\.{2}\nX\.X\.X\.{2}]

# ing-spight
170 ko-rule ing-spight
#? []
171 loadsgf ko/snapback.sgf 2
#? [white]
172 is_legal w D1
#? [1]
173 loadsgf ko/snapback.sgf
#? [black]
174 is_legal b C1
#? [1]
175 ko-bans b
#? []
176 play b C1
#? []
177 gogui-rules_captured_count
#? [5 1]
178 gogui-rules_board
#? [\.{7}\n\.{7}\n\.{7}\n\.{7}\nXXXX\.{3}\nX\.{3}X\.{2}\nX\.X\.X\.{2}]

# pass-for-ko
180 ko-rule pass-for-ko
#? []
181 loadsgf ko/snapback.sgf 2
#? [white]
182 is_legal w D1
#? [1]
183 loadsgf ko/snapback.sgf
#? [black]
184 is_legal b C1
#? [1]
185 ko-bans b
#? []
186 play b C1
#? []
187 gogui-rules_captured_count
#? [5 1]
188 gogui-rules_board
#? [\.{7}\n\.{7}\n\.{7}\n\.{7}\nXXXX\.{3}\nX\.{3}X\.{2}\nX\.X\.X\.{2}]
