"""The package's API: building games, moves, refusals, records, counting, ko types, and bad
input of every kind raising ValueError or TypeError (never crashing the interpreter)."""

import copy

import pytest

import koan_go
from koan_go import Game, IllegalMove

# The basic ko on 5x5 of koan-core's example: after these moves Black has just taken at D3.
BASIC_KO = [
    ("B", "B3"), ("W", "D2"), ("B", "C2"), ("W", "D4"), ("B", "C4"),
    ("W", "E3"), ("B", "A5"), ("W", "C3"), ("B", "D3"),
]


def basic_ko(**kwargs):
    game = Game(size=5, **kwargs)
    for color, vertex in BASIC_KO:
        game.play(color, vertex)
    return game


def test_a_new_game_is_empty_with_black_to_move():
    game = Game()
    assert game.size == 19
    assert game.to_move == "B"
    assert game.moves == []
    assert game.captures == {"B": 0, "W": 0}
    assert game.komi == 7.5
    assert game.rules.startswith("ko=positional suicide=forbidden scoring=area")
    assert len(game.legal_moves("B")) == 361
    assert game.board() == [[None] * 19 for _ in range(19)]
    assert not game.is_over()
    assert "19x19" in repr(game)


@pytest.mark.parametrize(
    "ko, reason, words",
    [
        ("simple", "ko", "retakes the ko at once: simple ko"),
        ("positional", "superko", "recreates the position after move 8 (W C3): positional superko"),
        ("situational", "superko", "recreates, with black to move, the position after move 8 (W C3): situational superko"),
        ("natural-situational", "superko", ": natural situational superko"),
        ("spight", "superko", "recreates, with no pass since, the position after move 8 (W C3): Spight's superko"),
        ("pass-for-ko", "ko", ": simple ko"),
        ("ing-spight", "ing-spight", "the hot stone D3; a pass or a play that is not a ko play must come first: Ing-Spight ko rule"),
    ],
)
def test_the_ko_retake_raises_illegal_move_with_reason_and_words(ko, reason, words):
    game = basic_ko(ko=ko)
    assert not game.is_legal("W", "C3")
    assert words in game.why_illegal("white", "C3")
    assert game.illegal_reason("W", "C3") == reason
    with pytest.raises(IllegalMove) as caught:
        game.play("W", "C3")
    assert isinstance(caught.value, ValueError)
    assert caught.value.reason == reason
    assert str(caught.value).startswith("W C3 is illegal: ")
    # The refused move changed nothing.
    assert len(game.moves) == 9
    assert game.to_move == "W"


def test_the_superko_refusal_names_the_earlier_move():
    message = basic_ko(rules="chinese").why_illegal("W", "C3")
    assert message == (
        "W C3 is illegal: recreates the position after move 8 (W C3): positional superko"
    ), message


def test_fixed_ko_allows_the_first_retake_and_forbids_repeating_it():
    game = basic_ko(ko="fixed")
    assert game.why_illegal("W", "C3") is None
    game.play("W", "C3")
    assert game.stone_at("D3") is None
    # Black's immediate recapture at D3 would repeat move 9: the same position to the same.
    assert game.illegal_reason("B", "D3") == "fixed-ko"
    assert "repeats an earlier play" in game.why_illegal("B", "D3")


def test_pass_for_ko_requires_a_pass_before_the_recapture():
    game = basic_ko(ko="pass-for-ko")
    game.play("W", "A1")
    game.play("B", "E5")
    assert game.illegal_reason("W", "C3") == "pass-for-ko"
    assert "must pass first" in game.why_illegal("W", "C3")
    game.play("W", "pass")
    game.play("B", "E4")
    assert game.is_legal("W", "C3")


def test_occupied_and_suicide():
    game = basic_ko()
    assert game.illegal_reason("W", "D3") == "occupied"
    with pytest.raises(IllegalMove, match="point is occupied") as caught:
        game.play("W", "D3")
    assert caught.value.reason == "occupied"
    game = Game(size=5)
    for color, vertex in [("B", "A2"), ("W", "pass"), ("B", "B1")]:
        game.play(color, vertex)
    assert game.illegal_reason("W", "A1") == "suicide"
    game = Game(size=5, ko="simple", suicide="all")
    for color, vertex in [("B", "A2"), ("W", "pass"), ("B", "B1")]:
        game.play(color, vertex)
    game.play("W", "A1")
    assert game.stone_at("A1") is None


def test_vertices_as_sabaki_xy_and_the_board_as_rows_from_the_top():
    game = Game(size=9)
    game.play("B", [0, 0])
    game.play("W", (8, 8))
    assert game.stone_at("A9") == "B"
    assert game.stone_at("J1") == "W"
    rows = game.board()
    assert rows[0][0] == "B" and rows[8][8] == "W"
    assert game.moves == [("B", "A9"), ("W", "J1")]


def test_undo_takes_back_and_refuses_on_an_empty_game():
    game = Game(size=9)
    with pytest.raises(ValueError, match="nothing to undo"):
        game.undo()
    game.play("B", "E5")
    game.undo()
    assert game.moves == [] and game.stone_at("E5") is None and game.to_move == "B"


def test_two_passes_end_the_game_and_the_record_has_a_result():
    game = Game(size=5, komi=0.5)
    game.play("B", "C3")
    game.play("W", "pass")
    game.play("B", "pass")
    assert game.is_over()
    score = game.score()
    assert score == {"score": 24.5, "result": "B+24.5", "dead": [], "judged": True}
    assert "RE[B+24.5]" in game.to_sgf()


def test_rules_as_presets_words_json_and_dicts():
    assert Game(rules="japanese").rules.startswith("ko=simple suicide=forbidden scoring=territory")
    assert "ko=fixed" in Game(rules="japanese ko=fixed").rules
    assert "ko=situational" in Game(rules='{"ko":"SITUATIONAL","scoring":"AREA"}').rules
    assert "ko=situational" in Game(rules={"ko": "SITUATIONAL", "suicide": True}).rules
    assert "suicide=multi" in Game(rules={"ko": "fixed", "suicide": "multi"}).rules
    assert Game(rules="wmsg2008").rules.endswith("pass=wmsg2008")
    for name in koan_go.PRESETS:
        Game(size=9, rules=name)
    for ko in koan_go.KO_RULES:
        assert f"ko={ko} " in Game(size=9, ko=ko).rules
    for suicide in koan_go.SUICIDE_RULES:
        assert f"suicide={suicide} " in Game(size=9, suicide=suicide).rules
    assert Game(komi=0).komi == 0.0


def test_records_round_trip_with_their_rules():
    text = "(;GM[1]FF[4]SZ[9]RU[Japanese]KM[6.5]PB[Lee]PW[Cho];B[cc];W[gg];B[])"
    game = Game.from_sgf(text)
    assert game.rules.startswith("ko=simple")
    assert game.komi == 6.5
    assert game.moves == [("B", "C7"), ("W", "G3"), ("B", "pass")]
    out = game.to_sgf()
    assert "RU[Japanese]" in out and "PB[Lee]" in out
    again = Game.from_sgf(out)
    assert again.board() == game.board() and again.moves == game.moves


def test_counting_with_named_dead_stones_follows_the_scoring():
    setup = "(;SZ[5]KM[0.5]AB[ca][cb][cc][cd][ce]AW[da][db][dc][dd][de][ab])"
    area = Game.from_sgf(setup)
    assert area.score(dead=["A4"]) == {
        "score": 4.5, "result": "B+4.5", "dead": ["A4"], "judged": False,
    }
    territory = Game.from_sgf(setup.replace("KM", "RU[Japanese]KM"))
    # Territory: Black 10 points and 1 prisoner, White 5 points.
    assert territory.score(dead=["A4"])["score"] == 11 - 5 - 0.5
    with pytest.raises(ValueError, match="no stone on B2"):
        area.score(dead=["B2"])


def test_kos_are_the_ko_classify_answers():
    kos = basic_ko(ko="simple").kos()
    assert len(kos) == 1
    ko = kos[0]
    assert ko["points"] == ["C3", "D3"]
    assert ko["open"] == "W"
    assert set(ko) == {
        "points", "open", "type", "location", "basis", "reason",
        "closed_killers", "strong_killers", "line",
    }
    assert ko["line"].startswith("C3 D3 open=W type=" + ko["type"])


def test_copies_are_independent():
    game = basic_ko()
    other = game.copy()
    other.undo()
    assert len(game.moves) == 9 and len(other.moves) == 8
    assert len(copy.deepcopy(game).moves) == 9


@pytest.mark.parametrize("size", [0, 1, 26, 1000, -1, 10**30])
def test_bad_sizes_raise_value_error(size):
    with pytest.raises(ValueError, match="board size"):
        Game(size=size)


@pytest.mark.parametrize(
    "kwargs, error, words",
    [
        ({"size": "19"}, TypeError, "size must be an int"),
        ({"rules": "klingon"}, ValueError, "unknown rules 'klingon'"),
        ({"rules": 7}, TypeError, "rules must be a str or a dict"),
        ({"rules": {"ko": "NOPE"}}, ValueError, "NOPE"),
        ({"rules": "{not json"}, ValueError, "not valid JSON"),
        ({"ko": "bogus"}, ValueError, "unknown ko rule 'bogus'"),
        ({"suicide": "sometimes"}, ValueError, "sometimes"),
        ({"komi": float("nan")}, ValueError, "komi"),
        ({"komi": 1e9}, ValueError, "komi"),
        ({"komi": "7.5"}, TypeError, None),
    ],
)
def test_bad_game_arguments(kwargs, error, words):
    with pytest.raises(error, match=words):
        Game(**kwargs)


@pytest.mark.parametrize("color", ["X", "", "blue", "bw"])
def test_bad_colors_raise_value_error(color):
    game = Game(size=9)
    with pytest.raises(ValueError, match="invalid color"):
        game.play(color, "E5")
    with pytest.raises(ValueError):
        game.legal_moves(color)


@pytest.mark.parametrize("vertex", ["Z1", "A0", "A10", "I5", "", "E", "55", "passs", [9, 0], [0], (1, 2, 3), ["a", 1]])
def test_bad_vertices_raise_value_error(vertex):
    game = Game(size=9)
    with pytest.raises(ValueError):
        game.play("B", vertex)
    with pytest.raises(ValueError):
        game.is_legal("B", vertex)
    assert game.moves == []


@pytest.mark.parametrize("vertex", [None, 5, 4.5, {"x": 1}])
def test_vertices_of_the_wrong_type_raise_type_error(vertex):
    with pytest.raises(TypeError):
        Game(size=9).play("B", vertex)
    with pytest.raises(TypeError):
        Game(size=9).play(None, "E5")


@pytest.mark.parametrize(
    "text",
    ["", "garbage", "(;SZ[19]", "(;SZ[1000])", "(;SZ[0])", "(;SZ[5];B[aa];W[aa])", "(;FF[4]SZ[9];B[zz])", ";;;", "(;SZ[9]AB[ee]AB[ee" + "(" * 5000],
)
def test_broken_records_raise_value_error(text):
    with pytest.raises(ValueError):
        Game.from_sgf(text)


def test_scoring_bad_dead_lists():
    game = Game(size=9)
    with pytest.raises(TypeError):
        game.score(dead="A1")
    with pytest.raises(TypeError):
        game.score(dead=5)
    with pytest.raises(ValueError):
        game.score(dead=["Z9"])


def test_a_panic_inside_koan_is_a_runtime_error_not_a_crash():
    from koan_go import _koan

    with pytest.raises(RuntimeError, match="internal error in koan .*: boom"):
        _koan._panic_for_tests("boom")
    # The interpreter and the package go on.
    assert Game(size=9).legal_moves("B")[0] == "A1"
