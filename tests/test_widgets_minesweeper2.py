"""The two-player minesweeper board, driven by clicking its buttons (no browser).

Small boards (6 x 5 with 5 mines, 5 x 4 with 3) keep the exact chances and the lookahead quick.
A test may peek at the mines (``board.state.mines``) to choose a lucky or an unlucky cell; the
board may not show them.
"""

from __future__ import annotations

from collections.abc import Iterator

import ipywidgets as widgets
import pytest

import coursekit.widgets as widgets_module
from coursekit.core import Coord, Record
from coursekit.core.rules import CHANCE, End
from coursekit.games import GAMES, rules_from_spec
from coursekit.games.minesweeper import probabilities
from coursekit.games.minesweeper2 import Minesweeper2, Minesweeper2Board
from coursekit.views.minesweeper import FINDER_MARKS
from coursekit.widgets._grid import BLANK, shown
from coursekit.widgets.minesweeper import MINE, MOST_CELLS, percent
from coursekit.widgets.minesweeper2 import COMPUTER_NAMES, MinesDuelBoard
from tests.test_widgets_blank import watch

#: Kinds a cell may have only once the game is over (they show where the mines are).
END_KINDS = {"mine", "exploded"}


def small(**options: object) -> MinesDuelBoard:
    return MinesDuelBoard(width=6, height=5, mines=5, **options)  # type: ignore[arg-type]


def every_widget(widget: widgets.Widget) -> Iterator[widgets.Widget]:
    yield widget
    for child in getattr(widget, "children", ()):
        yield from every_widget(child)


def looks(board: MinesDuelBoard) -> tuple[object, ...]:
    """Everything a click could change but the status line."""
    texts = [getattr(w, name, None) for w in every_widget(board)
             for name in ("value", "description", "tooltip", "disabled") if w is not board.status_label]
    kinds = {cell: board.cell_kind(cell) for cell in board.buttons}
    return board.state, list(board.steps), texts, kinds


def assert_hides_the_mines(board: MinesDuelBoard) -> None:
    """Before the end, every cell is drawn from the observation alone: a hidden mine looks like any
    hidden cell, a discovered mine shows its finder's letter, and the hints are the exact chances."""
    assert not board.is_over
    seen = board.observation
    chances = probabilities(seen.board) if board.hints else {}
    for cell, button in board.buttons.items():
        text, kind, tip = shown(button), board.cell_kind(cell), button.tooltip
        assert kind not in END_KINDS and text != MINE, f"{cell} shows a mine before the end"
        number = seen.board.number(cell)
        finder = seen.finder(cell)
        if number is not None:
            assert (text, kind) == (str(number) if number else "", str(number))
        elif finder is not None:
            mark = FINDER_MARKS[finder]
            assert (text, kind) == (mark, f"found {mark}")
            assert tip == f"{cell}: a mine, discovered by {board.players[finder]} ({mark})"
        elif board.hints:
            assert text == percent(chances[cell]) and kind in {"hint", "safe", "sure mine"}
        else:
            assert (text, kind, tip) == ("", "hidden", f"{cell}: hidden")


def safe_cell(board: MinesDuelBoard) -> Coord:
    """A hidden cell that is no mine (peeking), the least likely to be one first."""
    seen = board.observation
    chances = probabilities(seen.board)
    cells = [c for c in seen.board.hidden() if c not in board.state.mines]
    return min(cells, key=lambda c: (chances[c], -c.y, c.x)) if cells else seen.board.hidden()[0]


def play_safely(board: MinesDuelBoard, check: bool = True) -> None:
    """Click safe cells on your turn until the game is over (the computer may still lose on a mine)."""
    for _ in range(board.rules.width * board.rules.height):
        if board.is_over:
            return
        if check:
            assert_hides_the_mines(board)
        board.buttons[safe_cell(board) if board.state.mines else Coord(0, 0)].click()
    raise AssertionError("the game did not end")


def assert_replays(board: MinesDuelBoard) -> Record:
    record = board.record
    again = Record.from_json(record.to_json(), rules_from_spec)
    assert again.states == record.states and again.players == record.players
    assert (again.winner, again.end) == (record.winner, record.end)
    assert sum(step.player == CHANCE for step in record.steps) == len(board.state.mines)
    return again


def assert_end_drawn(board: MinesDuelBoard) -> None:
    """At the end: the mines are shown, the discovered ones still lettered by their finder."""
    assert board.is_over
    seen = board.observation
    for cell in board.state.mines:
        finder = seen.finder(cell)
        if cell == seen.board.exploded:
            assert (board.cell_kind(cell), shown(board.buttons[cell])) == ("exploded", MINE)
        elif finder is not None:
            assert shown(board.buttons[cell]) == FINDER_MARKS[finder]
        else:
            assert (board.cell_kind(cell), shown(board.buttons[cell])) == ("mine", MINE)
    assert board.next_button.disabled


# Drawing and playing ------------------------------------------------------------------------

def test_the_default_board_is_the_beginner_level_against_the_lookahead() -> None:
    board = MinesDuelBoard()
    assert (board.rules.width, board.rules.height, board.rules.mines) == (9, 9, 10)
    assert len(board.buttons) == 81 and board.players == ("You", "Computer (lookahead)")
    assert board.human == 0 and not board.watching and board.steps == [] and board.state.mines == frozenset()
    assert board.status == ("A new game: 9 x 9, 10 mines, first reveal safe. "
                            "Your turn (A): click a hidden cell to reveal it (the first reveal is always safe).")
    info = board.info_html.value
    assert "You: <b>0 mines</b> discovered" in info and "Computer (lookahead): <b>0 mines</b>" in info
    assert "You to reveal (A)" in info
    assert_hides_the_mines(board)
    assert board.next_button not in board.children[3].children  # you play: no "Next move"


def test_the_options_and_their_limits() -> None:
    assert MinesDuelBoard("expert", computer="safest").rules.mines == 99
    assert MinesDuelBoard(width=4, height=3, mines=2, first_safe=False).rules == Minesweeper2(4, 3, 2, False)
    with pytest.raises(ValueError, match="the levels are"):
        MinesDuelBoard("hard")
    with pytest.raises(ValueError, match="0 to 5 mines"):
        MinesDuelBoard(width=3, height=2, mines=6)
    with pytest.raises(ValueError, match=f"at most {MOST_CELLS:,}"):
        MinesDuelBoard(width=40, height=40, mines=5)
    with pytest.raises(ValueError, match="the computer plays one of"):
        MinesDuelBoard(computer="clever")
    with pytest.raises(ValueError, match="human is your seat"):
        MinesDuelBoard(human=2)
    with pytest.raises(ValueError, match="a pair of computers"):
        MinesDuelBoard(computer=("safest", "random"))


@pytest.mark.parametrize("name", COMPUTER_NAMES)
def test_a_game_to_its_end_against_each_computer(name: str) -> None:
    board = small(computer=name, seed=4)
    play_safely(board)
    seen = board.observation
    first, second = seen.counts
    you, it = board.players
    assert it == f"Computer ({name})"
    if seen.exploded_by is not None:  # only the computer can have hit a mine: you clicked safe cells
        assert seen.exploded_by == 1 and board.result == "won" and board.winner == "You"
        assert board.status.endswith(f"The computer revealed a mine at {seen.board.exploded}. "
                                     "You won! The mines are shown.")
    else:
        assert seen.board.is_won
        result = "draw" if first == second else "won" if first > second else "lost"
        assert board.result == result
        assert board.winner == {"draw": None, "won": you, "lost": it}[result]
        assert board.record.end == (End.DRAW if result == "draw" else End.WON)
        assert board.status.endswith({"draw": "A draw.", "won": "You won!", "lost": "The computer won."}[result]
                                     + " The mines are shown.")
    assert_end_drawn(board)
    assert_replays(board)


def test_a_mine_clicked_loses_at_once() -> None:
    board = small(computer="safest", seed=1)
    board.buttons[Coord(0, 0)].click()
    mine = min(board.state.mines - board.observation.discovered)
    board.buttons[mine].click()
    assert board.is_over and board.result == "lost" and board.winner == "Computer (safest)"
    assert board.observation.exploded_by == 0
    assert board.status == (f"You revealed {mine}: a mine, which loses at once. "
                            f"You revealed a mine at {mine}. The computer won. The mines are shown.")
    assert board.steps[-1].player == 0  # the computer did not answer
    assert board.record.end == End.WON and board.record.winner == 1
    assert "The computer won" in board.info_html.value
    assert_end_drawn(board)
    assert_replays(board)


def test_discoveries_are_credited_lettered_and_counted() -> None:
    board = small(computer="lookahead", seed=4)
    credited = [False, False]
    for _ in range(30):
        if board.is_over:
            break
        before = board.observation.discovered
        board.buttons[safe_cell(board) if board.state.mines else Coord(0, 0)].click()
        if board.is_over:
            break
        seen = board.observation
        for player in (0, 1):
            new = seen.found[player] - before
            if new:
                credited[player] = True
                who = "You" if player == 0 else "The computer"
                words = ", discovering " + ("1 mine" if len(new) == 1 else f"{len(new)} mines")
                assert any(part.startswith(who) and words in part for part in board.status.split(". "))
        for player, mark in enumerate(FINDER_MARKS):
            assert f"{board.players[player]}: <b>{seen.counts[player]} mine" in board.info_html.value
            for cell in seen.found[player]:
                assert (shown(board.buttons[cell]), board.cell_kind(cell)) == (mark, f"found {mark}")
        assert_hides_the_mines(board)
    assert credited == [True, True], "the seeded game should give both players a discovery"


def test_refused_clicks_change_nothing_but_the_status() -> None:
    board = small(computer="safest", seed=2)
    board.buttons[Coord(0, 0)].click()
    before = looks(board)
    assert not board.click((0, 0))
    assert board.status == "Not allowed: [0, 0] is already revealed. Your turn (A): click a hidden cell to reveal it."
    assert looks(board) == before
    assert not board.next_move()  # the computer answers at once: no "Next move" in your game
    assert board.status.startswith("Not now: the computer answers at once")
    assert looks(board) == before
    with pytest.raises(ValueError, match="not a cell"):
        board.click((6, 0))

    watched = small(human=None, computer="safest", seed=2)
    before = looks(watched)
    assert not watched.click((0, 0))
    assert watched.status.startswith('Not your turn: two computers play; press "Next move" or \u25b6')
    assert looks(watched) == before

    board.buttons[min(board.state.mines - board.observation.discovered)].click()  # the end
    before = looks(board)
    hidden = board.observation.board.hidden()[0]
    assert not board.click(hidden)
    assert board.status.startswith("Not allowed: the game is over. You revealed a mine at")
    assert looks(board) == before


def test_the_mines_never_show_before_the_end_with_or_without_hints() -> None:
    for hints in (False, True):
        board = small(computer="random", seed=7, hints=hints)
        assert_hides_the_mines(board)
        play_safely(board)  # checks every position on your turn
        assert_end_drawn(board)


def test_the_hints_are_the_exact_chances_and_go_away() -> None:
    board = small(computer="safest", seed=3)
    assert board.hint_texts() == {} and board.legend_html.value == ""
    board.hints = True
    assert board.hint_toggle.value and "Chances: each hidden cell" in board.legend_html.value
    for _ in range(4):
        seen = board.observation
        exact = probabilities(seen.board)
        assert board.chances() == exact
        assert board.hint_texts() == {c: percent(p) for c, p in exact.items() if c not in seen.discovered}
        for cell, text in board.hint_texts().items():
            assert shown(board.buttons[cell]) == text
            kind = board.cell_kind(cell)
            assert kind == ("safe" if exact[cell] == 0 else "sure mine" if exact[cell] == 1 else "hint")
        board.buttons[safe_cell(board) if board.state.mines else Coord(0, 0)].click()
    board.hints = False
    assert board.hint_texts() == {} and board.legend_html.value == ""
    assert_hides_the_mines(board)
    board.hints = True
    play_safely(board, check=False)
    assert board.chances() is None and board.hint_texts() == {} and board.legend_html.value == ""


def test_two_computers_play_step_by_step() -> None:
    board = MinesDuelBoard(width=5, height=4, mines=3, computer=("random", "lookahead"), human=None, seed=1)
    assert board.watching and board.players == ("Computer A (random)", "Computer B (lookahead)")
    assert board.next_button in board.children[3].children
    assert board.status.endswith('Computer A (random) to reveal: press "Next move" or \u25b6.')
    moves = 0
    while not board.is_over:
        turn = board.observation.turn
        assert board.next_move()
        moves += 1
        assert board.status.startswith(f"{board.players[turn]} revealed ")
        assert [s.player for s in board.steps if s.player != CHANCE][-1] == turn
        if not board.is_over:
            assert board.observation.turn == 1 - turn
            assert_hides_the_mines(board)
    assert moves == len([s for s in board.steps if s.player != CHANCE])
    assert not board.next_move() and board.status.startswith("Not now: the game is over")
    assert board.result in {"A won", "B won", "draw"}
    assert_end_drawn(board)
    assert_replays(board)


def test_the_play_control_runs_two_computers_to_the_end() -> None:
    board = small(human=None, computer="safest", seed=3)
    board.player.playing = True
    for tick in range(1, 40):
        if not board.player.playing:
            break
        board.player.value = tick  # what the browser's ▶ does, one tick at a time
    assert board.is_over and not board.player.playing
    board.new_game_button.click()
    assert board.player.value == 0 and not board.is_over and board.steps == []


def test_sitting_second_the_computer_reveals_first() -> None:
    board = small(computer="safest", human=1, seed=2)
    assert board.players == ("Computer (safest)", "You")
    assert board.steps[0].player == 0 and board.observation.turn == 1
    assert board.status.startswith("A new game: 6 x 5, 5 mines, first reveal safe. The computer revealed ")
    assert board.status.endswith("Your turn (B): click a hidden cell to reveal it.")
    play_safely(board)
    assert_replays(board)


def test_your_own_strategy_can_play() -> None:
    def first_hidden(rules: Minesweeper2, seen: Minesweeper2Board) -> tuple[int, int]:
        cell = seen.board.hidden()[0]
        return cell.x, cell.y

    board = small(computer=first_hidden, seed=1)
    assert board.players == ("You", "Computer (yours)")
    board.buttons[Coord(5, 4)].click()
    assert ". The computer revealed [0, 0] (" in board.status


# Games, seeds, records --------------------------------------------------------------------------

def test_new_game_hides_new_mines_from_the_same_generator() -> None:
    board = small(computer="safest", seed=5, hints=True)
    board.buttons[Coord(0, 0)].click()
    first = board.state.mines
    board.new_game_button.click()
    assert board.steps == [] and board.state == board.rules.initial_state() and not board.is_over
    assert board.status.startswith("A new game: 6 x 5, 5 mines")
    assert_hides_the_mines(board)
    board.buttons[Coord(0, 0)].click()
    assert board.state.mines != first  # seed 5 gives other mines the second time


def test_the_same_seed_and_clicks_give_the_same_game() -> None:
    def game(seed: int) -> list[Record]:
        board = small(computer="random", seed=seed)
        records = []
        for _ in range(2):
            play_safely(board, check=False)
            records.append(board.record)
            board.new_game()
        return records

    assert game(6) == game(6)
    assert game(6)[0].final.mines != game(8)[0].final.mines


def test_records_replay_finished_or_not() -> None:
    board = small(computer="lookahead", seed=9)
    board.buttons[Coord(2, 2)].click()
    again = assert_replays(board)
    assert again.end == End.STOPPED
    for safe in (True, False):
        board = MinesDuelBoard(width=5, height=4, mines=3, computer="random", first_safe=safe, seed=2)
        play_safely(board, check=False)
        assert_replays(board)


def test_the_board_is_the_games_registered_board() -> None:
    assert GAMES["minesweeper2"].board_class() is MinesDuelBoard is widgets_module.MinesDuelBoard


# No ghosts in the browser -----------------------------------------------------------------------

def test_no_cell_is_ever_given_an_empty_label() -> None:
    board = small(computer="lookahead", seed=10, hints=True)
    assert all(b.description != "" for b in board.buttons.values())
    seen = watch(board.buttons)
    board.buttons[Coord(0, 0)].click()
    board.hints = False
    board.hints = True
    play_safely(board, check=False)
    board.new_game_button.click()
    board.hints = False
    watched = small(human=None, computer="random", seed=10, hints=True)
    seen += watch(watched.buttons)
    while watched.next_move():
        pass
    watched.new_game_button.click()
    assert seen, "nothing was watched"
    assert not [c for c, text in seen if text == ""]
    assert any(text == BLANK for _c, text in seen)  # hints or marks were really cleared
    assert all(b.description == BLANK for b in board.buttons.values())
    assert all(b.description == BLANK or b.description.endswith("%") for b in watched.buttons.values())
