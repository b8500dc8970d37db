"""The minesweeper board, driven by clicking its buttons (no browser).

Small boards (6 x 5 with 5 mines) keep the exact chances quick. A test may peek at the mines
(``board.state.mines``) to choose a lucky or an unlucky cell; the board may not show them.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

import ipywidgets as widgets
import pytest

import coursekit.widgets as widgets_module
from coursekit.core import Coord, Record
from coursekit.core.rules import CHANCE, End
from coursekit.games import GAMES, rules_from_spec
from coursekit.games.minesweeper import Flag, best_cell, probabilities
from coursekit.widgets._grid import BLANK, shown
from coursekit.widgets.minesweeper import FLAG, MINE, MOST_CELLS, TOLD, MinesBoard, percent
from tests.test_widgets_blank import watch

#: Kinds a cell may have only once the game is over (they show where the mines are).
END_KINDS = {"mine", "exploded", "wrong flag"}


def small(**options: object) -> MinesBoard:
    return MinesBoard(width=6, height=5, mines=5, **options)  # type: ignore[arg-type]


def every_widget(widget: widgets.Widget) -> Iterator[widgets.Widget]:
    yield widget
    for child in getattr(widget, "children", ()):
        yield from every_widget(child)


def looks(board: MinesBoard) -> tuple[object, ...]:
    """Everything a click could change but the status line."""
    texts = [(getattr(w, name, None)) for w in every_widget(board)
             for name in ("value", "description", "tooltip", "disabled") if w is not board.status_label]
    kinds = {cell: board.cell_kind(cell) for cell in board.buttons}
    return board.state, list(board.steps), texts, kinds


def drawing(board: MinesBoard) -> dict[Coord, tuple[str, str, str]]:
    """What each cell shows: its text, its kind and its tooltip."""
    return {cell: (shown(b), board.cell_kind(cell), b.tooltip) for cell, b in board.buttons.items()}


def assert_hides_the_mines(board: MinesBoard) -> None:
    """Before the end, every cell is drawn from the observation alone: a hidden mine looks like any
    hidden cell, and the hints are the exact chances of what the player sees."""
    assert not board.is_over
    seen = board.observation
    chances = probabilities(seen) if board.hints else {}
    for cell, (text, kind, tip) in drawing(board).items():
        assert kind not in END_KINDS and text != MINE, f"{cell} shows a mine before the end"
        number = seen.number(cell)
        if number is not None:
            assert (text, kind) == (str(number) if number else "", str(number))
        elif cell in seen.flags:
            assert (text, kind, tip) == (FLAG, "flag", f"{cell}: flagged")
        elif board.hints:
            assert text == percent(chances[cell])
            assert kind in {"hint", "safe", "sure mine", "best"}
        else:
            assert (text, kind, tip) == ("", "hidden", f"{cell}: hidden")


def safe_cell(board: MinesBoard) -> Coord:
    """A cell to reveal that is no mine: one the chances prove safe, else (peeking) a lucky guess."""
    seen = board.observation
    chances = probabilities(seen)
    proven = [c for c, p in chances.items() if p == 0 and c not in seen.flags]
    if proven:
        return proven[0]
    return next(c for c in seen.hidden() if c not in board.state.mines and c not in seen.flags)


def win_by_clicks(board: MinesBoard, check: bool = True) -> list[Coord]:
    """Click safe cells until the game is won; the cells clicked."""
    clicked: list[Coord] = []
    for _ in range(board.rules.width * board.rules.height):
        if board.is_over:
            return clicked
        if check:
            assert_hides_the_mines(board)
        cell = safe_cell(board) if board.observation.revealed else Coord(0, 0)
        clicked.append(cell)
        board.buttons[cell].click()
    raise AssertionError("the game did not end")


def assert_replays(board: MinesBoard) -> Record:
    record = board.record
    again = Record.from_json(record.to_json(), rules_from_spec)
    assert again.states == record.states and again.players == record.players
    assert (again.winner, again.end) == (record.winner, record.end)
    assert sum(step.player == CHANCE for step in record.steps) == board.rules.mines
    return again


# Drawing and playing ------------------------------------------------------------------------

def test_the_default_board_is_the_beginner_level_with_nothing_revealed() -> None:
    board = MinesBoard()
    assert (board.rules.width, board.rules.height, board.rules.mines) == (9, 9, 10)
    assert len(board.buttons) == 81 and board.players == ("You",) and not board.watching
    assert board.steps == [] and board.state.mines == frozenset()  # the mines wait for the first reveal
    assert board.status == ("A new game: 9 x 9, 10 mines, first reveal safe. "
                            "Your turn: click a hidden cell to reveal it (the first reveal is always safe).")
    assert "Mines left: 10" in board.info_html.value and "Playing" in board.info_html.value
    assert_hides_the_mines(board)
    assert board.buttons[Coord(0, 0)].tooltip == "[0, 0]: hidden"


def test_the_options_and_their_limits() -> None:
    assert MinesBoard("expert").rules.mines == 99
    assert (MinesBoard("intermediate", mines=12).rules.mines, MinesBoard(width=4).rules.width) == (12, 4)
    with pytest.raises(ValueError, match="the levels are"):
        MinesBoard("hard")
    with pytest.raises(ValueError, match="0 to 5 mines"):
        MinesBoard(width=3, height=2, mines=6)
    with pytest.raises(ValueError, match=f"at most {MOST_CELLS:,}"):
        MinesBoard(width=40, height=40, mines=5)
    with pytest.raises(ValueError, match="the computer plays one of"):
        MinesBoard(computer="clever")


def test_a_game_is_won_by_clicking_safe_cells() -> None:
    board = small(seed=3)
    clicked = win_by_clicks(board)
    assert board.is_over and board.result == "won" and board.winner == "You"
    assert board.record.end == End.WON
    assert board.status.endswith(f"You won: every safe cell is revealed ({len(clicked)} moves)!")
    assert "<b>Won</b>" in board.info_html.value
    mines = board.state.mines
    for cell in board.observation.cells():  # the numbers are the true counts, the mines are shown now
        if cell in mines:
            assert board.cell_kind(cell) == "mine" and shown(board.buttons[cell]) == MINE
        else:
            count = sum(c in mines for c in board.observation.neighbours(cell))
            assert board.cell_kind(cell) == str(count)
    assert_replays(board)


def test_a_reveal_says_what_it_opened() -> None:
    board = small(seed=0)
    board.buttons[Coord(0, 0)].click()
    seen = board.observation
    opened = seen.revealed
    number = seen.number(Coord(0, 0))
    more = f", which opened {opened} cells" if opened > 1 else ""
    assert board.status == f"You revealed [0, 0]: {number}{more}. Your turn: click a hidden cell to reveal it."
    assert Coord(0, 0) not in board.state.mines  # the first reveal is safe
    assert [step.player for step in board.steps] == [0] + [CHANCE] * 5


def test_a_game_is_lost_on_a_mine_and_the_mines_are_shown() -> None:
    board = small(seed=1)
    board.buttons[Coord(2, 2)].click()
    mine = min(board.state.mines - {c for c in board.observation.cells() if board.observation.is_revealed(c)})
    board.flag_mode = True
    wrong = next(c for c in board.observation.hidden() if c not in board.state.mines)
    board.buttons[wrong].click()
    right = next(c for c in board.state.mines if c != mine)
    board.buttons[right].click()
    board.flag_mode = False
    board.buttons[mine].click()
    assert board.is_over and board.result == "lost" and board.winner is None
    assert board.record.end == End.LOST
    assert board.status == (f"You revealed {mine}: a mine went off. "
                            f"You lost: a mine went off at {mine}. The mines are shown.")
    assert board.cell_kind(mine) == "exploded" and shown(board.buttons[mine]) == MINE
    assert board.cell_kind(wrong) == "wrong flag" and board.buttons[wrong].tooltip.endswith("a flag, but no mine")
    assert board.cell_kind(right) == "flag" and board.buttons[right].tooltip.endswith("a mine, flagged")
    assert all(board.cell_kind(c) == "mine" for c in board.state.mines - {mine, right})
    assert "<b>Lost</b>" in board.info_html.value
    assert board.flag_toggle.disabled
    assert_replays(board)


def test_flags_go_on_and_off_and_count_the_mines_left() -> None:
    board = small(seed=2)
    board.buttons[Coord(0, 0)].click()
    cell = board.observation.hidden()[0]
    board.flag_toggle.value = True
    assert board.status.endswith("Flag mode: click a hidden cell to put a flag on it or take it off.")
    board.buttons[cell].click()
    assert board.status.startswith(f"You put a flag on {cell}.")
    assert board.steps[-1].move == Flag(cell) and cell in board.observation.flags
    assert (shown(board.buttons[cell]), board.cell_kind(cell), board.mines_left) == (FLAG, "flag", 4)
    assert "Mines left: 4</b> (5 mines, 1 flag)" in board.info_html.value
    board.flag_toggle.value = False
    before = looks(board)
    assert not board.reveal(cell)  # a flagged cell is not revealed
    assert board.status.startswith(
        f"Not allowed: {cell} has a flag: turn on Flag mode and click it to take the flag off.")
    assert looks(board) == before
    board.flag_mode = True
    board.buttons[cell].click()
    assert board.status.startswith(f"You took the flag off {cell}.")
    assert (shown(board.buttons[cell]), board.cell_kind(cell), board.mines_left) == ("", "hidden", 5)
    for extra in board.observation.hidden()[:7]:  # more flags than mines: the counter goes below 0
        assert board.flag(extra)
    assert board.mines_left == -2 and "Mines left: -2" in board.info_html.value
    assert not board.is_over


def test_refused_clicks_change_nothing_but_the_status() -> None:
    board = small(seed=4)
    board.buttons[Coord(0, 0)].click()
    revealed = next(c for c in board.observation.cells() if board.observation.is_revealed(c))
    before = looks(board)
    board.buttons[revealed].click()
    assert board.status == (f"Not allowed: {revealed} is already revealed. "
                            "Your turn: click a hidden cell to reveal it.")
    assert looks(board) == before
    board.flag_mode = True
    before = looks(board)
    board.buttons[revealed].click()
    assert board.status.startswith(f"Not allowed: {revealed} is revealed: only a hidden cell takes a flag.")
    assert looks(board) == before
    board.flag_mode = False
    win_by_clicks(board, check=False)
    before = looks(board)
    for cell in (revealed, min(board.state.mines)):
        assert not board.click(cell)
        assert board.status.startswith("Not allowed: the game is over: every safe cell is revealed.")
        assert looks(board) == before
    with pytest.raises(ValueError, match="not a cell"):
        board.click((6, 0))


def test_the_mines_never_show_before_the_end_with_or_without_hints() -> None:
    for seed in range(4):
        board = small(seed=seed, hints=seed % 2 == 1)
        board.buttons[Coord(5, 4)].click()
        while not board.is_over:
            assert_hides_the_mines(board)
            board.hints = not board.hints
            assert_hides_the_mines(board)
            if not board.observation.flags:  # a flag on a mine looks like any flag
                board.flag(min(board.state.mines))
            assert_hides_the_mines(board)
            board.reveal(safe_cell(board))
        assert board.result == "won"


def assert_hints_are_the_chances(board: MinesBoard) -> set[str]:
    """The hints are the exact chances of what the player sees; the kinds of the hidden cells drawn."""
    seen = board.observation
    chances = probabilities(seen)
    assert board.chances() == chances
    assert board.hint_texts() == {c: percent(p) for c, p in chances.items() if c not in seen.flags}
    best = best_cell(seen, chances)
    assert board.best() == best and board.cell_kind(best) == "best"
    assert board.buttons[best].tooltip.endswith("(the best cell)")
    for cell, text in board.hint_texts().items():
        assert shown(board.buttons[cell]) == text
        if cell != best:
            assert board.cell_kind(cell) == {Fraction(0): "safe", Fraction(1): "sure mine"}.get(chances[cell], "hint")
    return {board.cell_kind(c) for c in chances}


def test_the_hints_are_the_exact_chances_and_go_away() -> None:
    board = small(seed=6)
    board.buttons[Coord(0, 0)].click()
    board.flag(min(board.state.mines))  # a flag stays a flag; the chances do not believe it
    assert board.hint_texts() == {} and board.legend_html.value == ""
    board.hint_toggle.value = True
    assert "the best cell" in board.legend_html.value
    kinds = assert_hints_are_the_chances(board)
    while not board.is_over:
        board.reveal(safe_cell(board))
        if not board.is_over:
            kinds |= assert_hints_are_the_chances(board)
    assert kinds >= {"safe", "hint", "best", "flag"}  # the game met every kind of hint
    board.new_game()
    board.reveal((0, 0))
    board.hints = False
    seen = board.observation
    assert all(board.cell_kind(c) == "hidden" for c in seen.hidden())
    assert all(shown(board.buttons[c]) == "" for c in seen.hidden())


def test_the_hints_end_with_the_game() -> None:
    board = small(seed=6, hints=True)
    assert set(board.hint_texts().values()) == {"17%"}  # 5 mines in 30 cells
    assert "always safe" in board.legend_html.value
    win_by_clicks(board, check=False)
    assert board.chances() is None and board.best() is None and board.hint_texts() == {}
    assert not {board.cell_kind(c) for c in board.buttons} & {"hint", "safe", "sure mine", "best"}


# Watching the computer ------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["probability", "knowledge", "random"])
def test_the_computer_plays_step_by_step_to_the_end(name: str) -> None:
    board = small(computer=name, seed=1)
    assert board.watching and board.players == (f"Computer ({name})",)
    assert board.status.endswith(f'Press "Next move" or \u25b6 to watch the computer ({name}) '
                                 "(the first reveal is always safe).")
    before = looks(board)
    assert not board.click((0, 0))  # you cannot click while the computer plays
    assert board.status.startswith('Not now: the computer plays; press "Next move" or \u25b6 to watch it.')
    assert looks(board) == before
    board.next_button.click()
    assert board.status.startswith("The computer revealed") and "(the first reveal is always safe)" in board.status
    moves = 1
    while not board.is_over:
        assert_hides_the_mines(board)
        board.next_button.click()
        moves += 1
        assert moves <= 30
        assert board.status.startswith("The computer revealed")
        assert any(why in board.status for why in ("(certainly safe)", "the least likely", "chance of a mine"))
    assert board.next_button.disabled and not board.next_move()
    assert board.status.startswith("Not now: the game is over.")
    assert board.winner == (board.players[0] if board.result == "won" else None)
    assert_replays(board)


def test_the_probability_player_says_why() -> None:
    board = small(computer="probability", seed=2)
    said = []
    while not board.is_over:
        board.next_move()
        said.append(board.status.split(". ")[0])
    assert "(certainly safe)" in " ".join(said)
    for line in said[1:]:
        assert "(certainly safe)" in line or "no cell is certainly safe; the least likely to hold a mine: " in line


def test_the_play_control_runs_the_game_and_stops() -> None:
    board = small(computer="probability", seed=3)
    board.player.playing = True
    for tick in range(1, 40):
        if not board.player.playing:
            break
        board.player.value = tick  # what the browser's ▶ does, one tick at a time
    assert board.is_over and not board.player.playing
    board.new_game_button.click()
    assert board.player.value == 0 and not board.is_over and board.steps == []


def test_your_own_strategy_can_play() -> None:
    board = small(computer=lambda rules, seen: seen.hidden()[0], seed=1)
    assert board.players == ("Computer (yours)",)
    board.next_move()
    assert board.status.startswith("The computer revealed [0, 0]")


# Games, seeds, records --------------------------------------------------------------------------

def test_new_game_hides_new_mines_from_the_same_generator() -> None:
    board = small(seed=5, hints=True)
    board.buttons[Coord(0, 0)].click()
    board.flag(board.observation.hidden()[0])
    first = board.state.mines
    board.new_game_button.click()
    assert board.steps == [] and board.state == board.start and board.state.mines == frozenset()
    assert {board.cell_kind(c) for c in board.buttons} == {"hint", "best"}
    assert board.status.startswith("A new game: 6 x 5, 5 mines, first reveal safe.")
    board.buttons[Coord(0, 0)].click()
    assert board.state.mines != first
    again = small(seed=5)
    again.buttons[Coord(0, 0)].click()
    again.flag(again.observation.hidden()[0])
    again.new_game()
    again.buttons[Coord(0, 0)].click()
    assert again.state.mines == board.state.mines  # the whole series follows from the seed


def test_the_same_seed_and_clicks_give_the_same_game() -> None:
    def game(seed: int) -> tuple[object, ...]:
        board = small(seed=seed)
        win_by_clicks(board, check=False)
        return tuple(step.move for step in board.steps)

    assert game(7) == game(7)
    assert len({frozenset(small_mines(seed)) for seed in range(5)}) > 1


def small_mines(seed: int) -> frozenset[Coord]:
    board = small(seed=seed)
    board.reveal((0, 0))
    return board.state.mines


def test_the_watched_computer_is_the_same_for_the_same_seed() -> None:
    def game() -> list[object]:
        board = small(computer="random", seed=8)
        while not board.is_over:
            board.next_move()
        return [step.move for step in board.steps]

    assert game() == game()


def test_records_replay_finished_or_not() -> None:
    board = small(seed=9)
    board.reveal((3, 2))
    board.flag(board.observation.hidden()[0])
    record = board.record
    assert record.end == End.STOPPED
    again = Record.from_json(record.to_json(), rules_from_spec)
    assert again.states == record.states
    assert [s.player for s in record.steps] == [0] + [CHANCE] * 5 + [0]


def test_mines_placed_before_the_first_reveal_and_the_coordinates_variant() -> None:
    board = MinesBoard(width=5, height=4, mines=3, first_safe=False, coordinates=True, seed=1)
    assert [s.player for s in board.steps] == [CHANCE] * 3 and len(board.state.mines) == 3
    assert "(the first reveal" not in board.status
    safe = next(c for c in board.observation.cells() if c not in board.state.mines)
    board.reveal(safe)
    for cell in board.observation.told - board.observation.flags:
        if not board.is_over:
            assert (shown(board.buttons[cell]), board.cell_kind(cell)) == (TOLD, "told")
    if board.is_over:
        assert_replays(board)


def test_the_board_is_the_games_registered_board() -> None:
    assert GAMES["minesweeper"].board_class() is MinesBoard is widgets_module.MinesBoard


# No ghosts in the browser -----------------------------------------------------------------------

def test_no_cell_is_ever_given_an_empty_label() -> None:
    board = small(seed=10, hints=True)
    assert all(b.description != "" for b in board.buttons.values())
    seen = watch(board.buttons)
    board.buttons[Coord(0, 0)].click()
    board.flag_mode = True
    cell = board.observation.hidden()[0]
    board.buttons[cell].click()
    board.buttons[cell].click()
    board.flag_mode = False
    board.hints = False
    board.hints = True
    win_by_clicks(board, check=False)
    board.new_game_button.click()
    board.hints = False
    assert seen, "nothing was watched"
    assert not [c for c, text in seen if text == ""]
    assert (cell, BLANK) in seen  # a hint or flag was really cleared
    assert all(b.description == BLANK for b in board.buttons.values())
