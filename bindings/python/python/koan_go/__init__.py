"""koan_go: the rules of Go (baduk, weiqi) under every ko rule, every refusal explained.

koan's rules core for Python: simple ko, positional/situational/natural-situational/Spight
superko, Jasiek's fixed ko and basic-fixed, Ing-Spight, Japanese pass-for-ko, three suicide
rules, area and territory counting, SGF records, and Jasiek's ko types.

    >>> import koan_go
    >>> game = koan_go.Game(size=9, rules="japanese")
    >>> game.play("B", "E5")
    >>> game.play("W", "E5")
    Traceback (most recent call last):
      ...
    koan_go.IllegalMove: W E5 is illegal: the point is occupied

Colors are "B"/"W" (or "black"/"white"); vertices are GTP strings ("D4", "pass") or
[x, y] from the top left as @sabaki/go-board numbers them. Bad input raises ValueError or
TypeError; a move the rules refuse raises IllegalMove (a ValueError) whose `.reason` is a
short code.
"""

from ._koan import KO_RULES, PRESETS, SUICIDE_RULES, Game, IllegalMove

__all__ = ["Game", "IllegalMove", "PRESETS", "KO_RULES", "SUICIDE_RULES"]
