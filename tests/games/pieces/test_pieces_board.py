"""The board of every one-way piece, two and three players, driven as the page drives it: by clicks on
its picture's cells (``board.hit("x,y")``), its controls and the messages of its front end."""

from __future__ import annotations

import random
import re
from html import unescape

import pytest

from coursekit.boards.board import Board
from coursekit.core import Coord, Grid
from coursekit.games.pieces import PIECES, KingBoard, PieceBoard
from coursekit.games.pieces.board import GLYPHS, SEAT_COLOURS, SEAT_NAMES
from coursekit.render.svg import CELL, MARGIN, hit_key
from coursekit.solvers import ImpartialSolver, perfect_strategy
from coursekit.solvers.propp import propp_table
from coursekit.solvers.tables import outcome_table

PIECE_NAMES = ["king", "queen", "rook", "knight"]


def send(board: Board, **content: object) -> None:
    """What the page's front end sends (a click, a control, a tick)."""
    board._message(board, content, [])


def clickable(board: PieceBoard) -> set[Coord]:
    """The cells the picture lets you click."""
    return {Coord(int(x), int(y)) for x, y in re.findall(r'data-hit="(\d+),(\d+)"', board.picture)}


def dotted(board: PieceBoard) -> set[Coord]:
    """The cells the picture marks with the highlight dot (and its ring)."""
    height = board.shown_state.grid.height
    found = set()
    for cx, cy in re.findall(r'<circle cx="([\d.]+)" cy="([\d.]+)"[^>]*fill="#7fc97f"', board.picture):
        x, y = (float(cx) - MARGIN - CELL / 2) / CELL, height - 1 - (float(cy) - CELL / 2) / CELL
        found.add(Coord(round(x), round(y)))
    return found


def written(board: PieceBoard) -> dict[Coord, str]:
    """What the picture writes on each cell (the piece's glyph, the hint letters), by cell."""
    height = board.shown_state.grid.height
    found = {}
    for tx, ty, size, text in re.findall(r'<text x="([\d.]+)" y="([\d.]+)" font-size="([\d.]+)"[^>]*>([^<]*)</text>',
                                         board.picture):
        if float(size) < 12:  # the row and column numbers
            continue
        x, y = (float(tx) - MARGIN - CELL / 2) / CELL, height - 1 - (float(ty) - CELL / 2) / CELL
        found[Coord(round(x), round(y))] = unescape(text)
    return found


def targets(board: PieceBoard) -> set[Coord]:
    return {cell for cell in board.shown_state.grid.cells() if board.cell_kind(cell) == "target"}


def play_out(board: PieceBoard, rng: random.Random) -> None:
    """The human clicks cells with a green dot at random until the game ends."""
    for _ in range(200):
        if board.is_over:
            return
        board.hit(hit_key(rng.choice(sorted(dotted(board)))))
    raise AssertionError("the game did not end")


# Two players ------------------------------------------------------------------------------


@pytest.mark.parametrize("piece", PIECE_NAMES)
def test_each_piece_shows_its_glyph_and_exactly_its_legal_targets(piece: str) -> None:
    board = PieceBoard(piece, 7, 6, seed=1)
    assert isinstance(board, Board) and isinstance(board.rules, PIECES[piece])
    start = Coord(6, 5)
    assert board.state.at == start and board.cell_kind(start) == piece
    assert written(board) == {start: GLYPHS[piece]}
    assert f'data-piece="{piece}"' in board.picture  # the piece glides to its new cell
    legal = set(PIECES[piece](Grid(7, 6)).targets(start))
    assert dotted(board) == targets(board) == set(board.rules.legal_moves(board.state)) == legal
    assert clickable(board) == set(Grid(7, 6).cells())  # every cell says something when clicked
    assert board.status == f"Your turn: click a cell with a green dot to move the {piece}."


def test_the_queen_slides_and_the_computer_answers() -> None:
    board = PieceBoard("queen", 8, 8, seed=0)
    assert {Coord(0, 0), Coord(7, 0), Coord(0, 7)} <= dotted(board)
    board.hit("7,3")  # not a Wythoff pair: the perfect computer answers with one
    you, computer = board.steps
    assert (you.player, you.move, computer.player) == (0, Coord(7, 3), 1)
    assert computer.move == Coord(5, 3)  # the only Wythoff pair the queen reaches from [7, 3]
    assert "You moved the queen to [7, 3]. The computer moved the queen to [5, 3]." in board.status
    assert written(board) == {Coord(5, 3): GLYPHS["queen"]}
    assert len(board.frames) == 1 and 'data-piece="queen"' in board.frames[0]  # your move, then its answer


@pytest.mark.parametrize(("piece", "cell", "words"), [
    ("queen", Coord(3, 5), "is not on such a line"),
    ("rook", Coord(6, 6), "is not on such a line"),
    ("knight", Coord(6, 6), "jumps by"),
    ("knight", Coord(8, 8), "must move"),
])
def test_an_illegal_click_explains_and_changes_nothing(piece: str, cell: Coord, words: str) -> None:
    board = PieceBoard(piece, 9, 9, seed=0)
    before = (board.state, board.picture)
    reason = board.rules.why_illegal(board.state, cell)
    assert reason and words in reason
    send(board, event="hit", key=hit_key(cell))
    assert (board.state, board.picture) == before
    assert board.steps == []
    assert board.status == f"Not allowed: {reason}. Your turn: click a cell with a green dot to move the {piece}."


def test_a_click_outside_the_board_or_not_on_a_cell_is_refused() -> None:
    board = PieceBoard("king", 4, 4, seed=0)
    assert board.hit("9,9") is False and board.status.startswith("[9, 9] is not a cell of the board.")
    assert board.hit("north") is False and "a cell's key is 'x,y'" in board.status
    with pytest.raises(ValueError, match="not a cell of the 4 x 4 board"):
        board.click(Coord(4, 0))
    assert board.steps == []


def test_the_rook_cannot_pass_a_blocked_cell_and_blocked_cells_cannot_be_clicked() -> None:
    blocked = {Coord(4, 6), Coord(2, 2)}
    board = PieceBoard("rook", 7, 7, blocked=blocked, seed=0)
    assert clickable(board) == set(Grid(7, 7).cells()) - blocked
    assert {c for c in Grid(7, 7).cells() if board.cell_kind(c) == "blocked"} == blocked
    assert dotted(board) == {Coord(6, y) for y in range(6)} | {Coord(5, 6)}
    assert board.click(Coord(3, 6)) is False
    assert "passes the blocked cell [4, 6]" in board.status
    assert board.click(Coord(4, 6)) is False and "[4, 6] is a blocked cell" in board.status
    assert board.steps == []


@pytest.mark.parametrize("piece", PIECE_NAMES)
def test_a_perfect_computer_from_a_winning_start_always_wins(piece: str) -> None:
    played = 0
    for seed in range(8):
        board = PieceBoard(piece, 7, 6, seed=seed, human=2, blocked_percent=0 if seed < 4 else 20)
        if not ImpartialSolver(board.rules).is_winning(board.start.at):
            continue
        played += 1
        play_out(board, random.Random(seed))
        assert board.winner == "Computer" and board.status.endswith("The computer wins.")
        assert board.record.players == ("Computer", "You") and board.record.winner == 0
        assert clickable(board) == set() and dotted(board) == set()  # nothing to click when it is over
    assert played >= 3


@pytest.mark.parametrize("piece", PIECE_NAMES)
def test_a_perfect_human_beats_the_computer_from_a_winning_start(piece: str) -> None:
    board = PieceBoard(piece, 8, 7, seed=3, computer="random")
    assert ImpartialSolver(board.rules).is_winning(board.start.at)
    best = perfect_strategy()
    while not board.is_over:
        assert board.play(best(board.rules, board.state))
    assert board.winner == "You" and board.status.endswith("You win!") and board.record.end == "won"
    assert board.click(Coord(0, 0)) is False and "The game is over" in board.status


def test_random_blocked_cells_spare_the_start_and_the_corner_and_leave_a_move() -> None:
    for seed in range(6):
        board = PieceBoard("knight", 6, 6, seed=seed, blocked_percent=30)
        blocked = board.state.grid.blocked
        assert len(blocked) == 10 and Coord(5, 5) not in blocked and Coord(0, 0) not in blocked
        assert dotted(board)
        assert clickable(board) == set(board.state.grid.cells()) - blocked


def test_the_blocked_cells_slider_starts_a_new_game_with_that_share_blocked() -> None:
    board = PieceBoard("king", 6, 6, seed=1)
    board.click(Coord(4, 4))
    assert board.control("blocked")["value"] == 0
    send(board, event="control", name="blocked", value=25)
    assert board.blocked_percent == 25 and board.steps == [] and len(board.state.grid.blocked) == 9
    assert board.status.startswith("A new game with 25% of the cells blocked at random. Your turn:")
    assert board.control("blocked")["value"] == 25
    board.press("blocked", 0)
    assert not board.state.grid.blocked


def test_hints_write_p_and_n_on_the_cells() -> None:
    board = PieceBoard("queen", 6, 5, seed=0)
    assert not board.hints and written(board) == {board.state.at: GLYPHS["queen"]}
    assert board.control("hints")["label"] == "Hints: P/N"
    send(board, event="control", name="hints", value=True)
    assert board.hints
    table = outcome_table("queen", Grid(6, 5))
    assert written(board) == {c: GLYPHS["queen"] if c == board.state.at else table[c] for c in Grid(6, 5).cells()}
    assert 'aria-label="1, 0: move the queen here, class N"' in board.picture
    board.click(Coord(2, 1))  # the game ends at once: [0, 0] is the computer's, or it moves on
    assert set(written(board).values()) <= {"P", "N", GLYPHS["queen"]}
    board.hints = False  # a program may set it: the picture follows
    assert written(board) == {board.state.at: GLYPHS["queen"]}


def test_hints_follow_the_blocked_cells_of_each_new_game() -> None:
    board = PieceBoard("king", 6, 6, seed=2, blocked_percent=25, hints=False)
    board.hints = True
    for _game in range(3):
        grid = board.state.grid
        table = outcome_table("king", grid)
        shown = written(board)
        assert all(shown[c] == table[c] for c in grid.free_cells() if c != board.state.at)
        assert not set(shown) & grid.blocked
        board.press("new")


def test_undo_and_replay_take_the_piece_back() -> None:
    board = KingBoard(Grid(7, 5), seed=1)
    board.click(Coord(5, 3))
    board.click(Coord(3, 1))
    assert len(board.steps) == 4
    board.press("replay", 1)
    assert board.replaying and written(board) == {Coord(5, 3): GLYPHS["king"]} and clickable(board) == set()
    assert board.status.startswith("Move 1 of 4: You moved the king to [5, 3].")
    assert board.click(Coord(4, 2)) is False and len(board.steps) == 4
    board.press("replay", 4)
    board.press("undo")
    assert len(board.steps) == 2 and board.state.at == board.steps[-1].state.at
    assert board.status.startswith("Took back your move.") and dotted(board) == targets(board)


def test_king_board_is_a_piece_board() -> None:
    board = KingBoard(Grid(4, 4), seed=0, human=2)
    assert isinstance(board, PieceBoard) and board.piece == "king" and board.human == 2
    assert board.steps and board.steps[0].player == 0
    assert board.seats == ["perfect", "you"]


def test_seats_two_computers_play_by_step_and_run() -> None:
    board = PieceBoard("knight", 7, 7, seed=5)
    board.press("seat0", "random")
    assert board.human is None and clickable(board) == set()
    assert board.players == ("First (random)", "Second (perfect)")
    assert board.step() and len(board.steps) == 1
    board.press("run")
    while board.running:
        send(board, event="tick", version=board.version)
    assert board.is_over and board.winner in board.players


@pytest.mark.parametrize(("kwargs", "words"), [
    ({"piece": "bishop"}, "king"),
    ({"players": 4}, "2 or 3 players"),
    ({"human": 3}, "1 to 2"),
    ({"human": 0}, "1 to 2"),
    ({"players": 3, "human": 4}, "1 to 3"),
    ({"computer": "clever"}, "perfect"),
    ({"players": 3, "computer": ["random"]}, "each of the 2 computer players"),
    ({"blocked_percent": 120}, "between 0 and 100"),
    ({"start": (9, 9)}, "outside"),
])
def test_bad_arguments_are_refused_with_a_reason(kwargs: dict[str, object], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        PieceBoard(**kwargs)  # type: ignore[arg-type]


def test_same_seed_same_game() -> None:
    def game(seed: int) -> tuple[object, ...]:
        board = PieceBoard("knight", 8, 8, computer="random", seed=seed, blocked_percent=10)
        play_out(board, random.Random(7))
        return board.record.states

    assert game(3) == game(3)
    assert len({game(seed) for seed in range(6)}) > 1


# Three players ----------------------------------------------------------------------------


def test_three_players_the_computer_plays_the_other_two() -> None:
    board = PieceBoard("rook", 6, 6, players=3, human=2, computer="random", seed=4)
    assert board.record.players == ("Red", "You", "Green")
    assert [step.player for step in board.steps] == [0]  # Red moved first
    assert board.rules.num_players == 3 and board.rules.to_move(board.state) == 1
    assert board.turn == "You (blue) to move"
    assert f'fill="{SEAT_COLOURS[1]}">You (blue) to move</text>' in board.picture  # the line above the grid
    assert board.status.startswith(f"Red moved the rook to {board.steps[0].move}.")
    assert [spec["label"] for spec in board.controls if spec["name"].startswith("seat")] == list(SEAT_NAMES)
    move = sorted(dotted(board))[0]
    assert board.click(move)
    players = [step.player for step in board.steps]
    assert players[:3] == [0, 1, 2] or board.is_over
    assert players == [(k % 3) for k in range(len(players))]
    if not board.is_over:
        assert f"You moved the rook to {move}. Green moved the rook to" in board.status
        assert "Red moved the rook to" in board.status


def test_three_player_games_end_and_name_the_winner() -> None:
    winners = set()
    for seed in range(12):
        board = PieceBoard("queen", 5, 5, players=3, human=seed % 3 + 1, computer="random", seed=seed)
        play_out(board, random.Random(seed))
        record = board.record
        assert record.end == "won" and record.winner is not None
        assert board.winner == record.players[record.winner]
        winners.add(board.winner)
        expected = "You win!" if board.winner == "You" else f"{board.winner} wins."
        assert board.status.endswith(expected)
        assert board.turn.endswith(" won")
        assert f'fill="{SEAT_COLOURS[record.winner]}">{board.turn}</text>' in board.picture
    assert "You" in winners and winners & set(SEAT_NAMES)


def test_each_computer_player_may_have_its_own_strategy() -> None:
    calls: list[str] = []

    def first_move(name: str):  # type: ignore[no-untyped-def]
        def choose(rules, state):  # type: ignore[no-untyped-def]
            calls.append(name)
            return rules.legal_moves(state)[0]
        return choose

    board = PieceBoard("king", 6, 6, players=3, human=3, computer=[first_move("a"), first_move("b")], seed=0)
    assert calls == ["a", "b"] and board.rules.to_move(board.state) == 2
    assert board.seats == ["yours 1", "yours 2", "you"]
    board.click(sorted(dotted(board))[0])
    assert calls[:4] == ["a", "b", "a", "b"]


def test_three_player_hints_show_propps_classes() -> None:
    board = PieceBoard("king", 5, 4, players=3, human=1, hints=True, computer="random", seed=0)
    assert board.hints and board.control("hints")["label"] == "Hints: N/O/P/Q"
    table = propp_table("king", Grid(5, 4))
    assert written(board) == {c: GLYPHS["king"] if c == board.state.at else table[c] for c in Grid(5, 4).cells()}
    assert set(written(board).values()) >= {"N", "O", "P", "Q"}


@pytest.mark.parametrize("computer", [None, "propp", "spoiler"])
def test_three_player_computers_win_alone_when_propp_says_they_can(computer: str | None) -> None:
    checked = 0
    for width in range(2, 10):
        table = propp_table("king", Grid(width, 2))
        start = Coord(width - 1, 1)
        if table[start] != "N":
            continue
        board = PieceBoard("king", width, 2, players=3, human=2, computer=computer, seed=width)
        assert table[board.steps[0].move] == "P"  # Red moved where it wins alone
        play_out(board, random.Random(width))
        assert board.winner == "Red"
        checked += 1
    assert checked >= 2


def test_a_three_player_board_refuses_an_unknown_computer() -> None:
    with pytest.raises(ValueError, match="'spoiler'"):
        PieceBoard(players=3, computer="clever")


def test_a_saved_notebook_shows_the_board_still() -> None:
    board = PieceBoard("queen", 5, 4, players=3, seed=2, hints=True)
    still = board.still()
    assert GLYPHS["queen"] in still and "to move" in still and board.status in still
    assert not re.search(r'data-hit|tabindex|role="button"', still)
