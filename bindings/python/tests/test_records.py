"""Game records read with sgfmill, an independent SGF library, and replayed through the
package: after every move the package's board equals sgfmill's, and a record the package
writes reads back the same in sgfmill."""

import pathlib

import pytest
from sgfmill import boards, sgf, sgf_moves

from koan_go import Game

ROOT = pathlib.Path(__file__).resolve().parents[3]
RECORDS = sorted(
    p for folder in ["engine-tests", "gtp-scripts/openings-9x9"]
    for p in (ROOT / folder).rglob("*.sgf")
)
# Records broken on purpose (engine-tests/sgf tests koan's refusals of them).
BROKEN = {"garbage.sgf", "truncated.sgf", "off-board.sgf", "occupied.sgf"}


def sgfmill_rows(board):
    """sgfmill's board as the package's rows: from the top, "B"/"W"/None."""
    n = board.side
    return [
        [None if board.get(row, col) is None else board.get(row, col).upper() for col in range(n)]
        for row in reversed(range(n))
    ]


def replayable(path):
    """The record, sgfmill's start and moves, or None when sgfmill cannot replay it whole
    (setup among the moves, which sgf_moves refuses)."""
    game = sgf.Sgf_game.from_bytes(path.read_bytes())
    try:
        board, plays = sgf_moves.get_setup_and_moves(game)
    except ValueError:
        return None
    return game, board, plays


def test_there_are_records_to_replay():
    assert len([p for p in RECORDS if p.name not in BROKEN]) >= 100


@pytest.mark.parametrize("path", [p for p in RECORDS if p.name not in BROKEN], ids=lambda p: str(p.relative_to(ROOT)))
def test_record_replays_as_sgfmill_plays_it(path):
    text = path.read_text(errors="replace")
    read = replayable(path)
    if read is None:
        pytest.skip("setup among the moves: sgfmill does not replay it")
    record, board, plays = read
    whole = Game.from_sgf(text)
    assert whole.size == record.get_size()
    assert len(whole.moves) == len(plays)
    # Compare at every move of short records, at every fifth and the last of long ones.
    step = 1 if len(plays) <= 80 else 5
    checks = set(range(0, len(plays) + 1, step)) | {len(plays)}
    for number, (color, move) in enumerate(plays, 1):
        if move is not None:
            board.play(move[0], move[1], color)
        if number in checks:
            prefix = Game.from_sgf(text, moves=number + 1)
            assert prefix.board() == sgfmill_rows(board), f"after move {number}"
    assert whole.board() == sgfmill_rows(board)
    # What the package writes, sgfmill reads back to the same position.
    back = sgf.Sgf_game.from_string(whole.to_sgf())
    back_board, back_plays = sgf_moves.get_setup_and_moves(back)
    for color, move in back_plays:
        if move is not None:
            back_board.play(move[0], move[1], color)
    assert sgfmill_rows(back_board) == whole.board()
    assert [c.upper() for c, _ in back_plays] == [c for c, _ in whole.moves]


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_broken_records_are_refused_with_a_message(name):
    text = (ROOT / "engine-tests" / "sgf" / name).read_text(errors="replace")
    with pytest.raises(ValueError, match=".+"):
        Game.from_sgf(text)
