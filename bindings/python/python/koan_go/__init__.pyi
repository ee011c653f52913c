from ._koan import KO_RULES as KO_RULES
from ._koan import PRESETS as PRESETS
from ._koan import SUICIDE_RULES as SUICIDE_RULES
from ._koan import Game as Game
from ._koan import IllegalMove as IllegalMove
from ._koan import Vertex as Vertex

__all__ = ["Game", "IllegalMove", "PRESETS", "KO_RULES", "SUICIDE_RULES"]
