"""The two-player minesweeper board on the course's board widget, driven as the page drives it (no browser).

Small boards (6 x 5 with 5 mines, 5 x 4 with 3) keep the exact chances and the lookahead quick.
A test may peek at the mines (``board.state.mines``) to choose a lucky or an unlucky cell; the
board may not show them: every picture and frame sent to the page while the game goes on is
checked for them (the ``Spy`` of the one-player tests).
"""

from __future__ import annotations

import pytest

import coursekit.boards as widgets_module
from coursekit.core import Coord, Record
from coursekit.core.rules import CHANCE, End
from coursekit.games import GAMES, rules_from_spec
from coursekit.games.minesweeper import Minesweeper2, Minesweeper2Board, probabilities
from coursekit.games.minesweeper.board import DUEL_COMPUTER_NAMES, MOST_CELLS, MinesDuelBoard, percent
from coursekit.games.minesweeper.view import END_KINDS, FINDER_MARKS
from tests.games.minesweeper.test_minesweeper_board import (
    Spy,
    assert_drawn_from_what_the_player_sees,
    cell_chunks,
    key,
    send,
)


def small(**options: object) -> MinesDuelBoard:
    return MinesDuelBoard(width=6, height=5, mines=5, **options)  # type: ignore[arg-type]


def assert_hides_the_mines(board: MinesDuelBoard) -> None:
    """Before the end, every cell is drawn from the observation alone: a hidden mine looks like any
    hidden cell, a discovered mine shows its finder's letter, and the hints are the exact chances."""
    assert not board.is_over
    seen = board.observation
    chances = probabilities(seen.board) if board.hints else {}
    chunks = cell_chunks(board.picture)
    for cell, chunk in chunks.items():
        kind = board.cell_kind(cell)
        assert kind not in END_KINDS, f"{cell} shows a mine before the end"
        number = seen.board.number(cell)
        finder = seen.finder(cell)
        if number is not None:
            assert kind == str(number) and "<circle" not in chunk
        elif finder is not None:
            mark = FINDER_MARKS[finder]
            assert kind == f"found {mark}" and f">{mark}<" in chunk  # a letter, not colour alone
            if "aria-label" in chunk:
                assert f"a mine, discovered by {board.players[finder]} ({mark})" in chunk
        elif board.hints:
            assert f">{percent(chances[cell])}<" in chunk and kind in {"hint", "safe", "sure mine"}
        else:
            assert kind == "hidden" and "<text" not in chunk and "<circle" not in chunk
    assert_drawn_from_what_the_player_sees(board)


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
        assert board.hit(key(safe_cell(board) if board.state.mines else Coord(0, 0)))
    raise AssertionError("the game did not end")


def assert_replays(board: MinesDuelBoard) -> Record:
    record = board.record
    again = Record.from_json(record.to_json(), rules_from_spec)
    assert again.states == record.states and again.players == record.players
    assert (again.winner, again.end) == (record.winner, record.end)
    assert sum(step.player == CHANCE for step in record.steps) == len(board.state.mines)
    return again


def assert_end_drawn(board: MinesDuelBoard) -> None:
    """At the end: the mines are shown, the discovered ones still lettered by their finder; nothing to click."""
    assert board.is_over and "data-hit" not in board.picture
    seen = board.observation
    chunks = cell_chunks(board.picture)
    for cell in board.state.mines:
        finder = seen.finder(cell)
        assert "<circle" in chunks[cell]
        if cell == seen.board.exploded:
            assert board.cell_kind(cell) == "exploded"
        elif finder is not None:
            assert f">{FINDER_MARKS[finder]}<" in chunks[cell]
        else:
            assert board.cell_kind(cell) == "mine"
    assert board.control("undo")["disabled"]


# Drawing and playing ------------------------------------------------------------------------

def test_the_default_board_is_the_beginner_level_against_the_lookahead() -> None:
    board = MinesDuelBoard()
    assert (board.rules.width, board.rules.height, board.rules.mines) == (9, 9, 10)
    assert len(cell_chunks(board.picture)) == 81 and board.players == ("You", "Computer (lookahead)")
    assert board.human == 1 and not board.watching and board.steps == [] and board.state.mines == frozenset()
    assert board.status == ("A new game: 9 x 9, 10 mines, first reveal safe. "
                            "Your turn (A): click a hidden cell to reveal it (the first reveal is always safe).")
    assert ">Discovered: A You: 0 mines, B Computer (lookahead): 0 mines<" in board.picture
    assert ">10 mines in all; You to reveal (A)<" in board.picture
    assert [c["name"] for c in board.controls] == ["new", "undo", "hints", "seat0", "seat1", "speed", "replay"]
    assert (board.control("seat0")["label"], board.control("seat1")["value"]) == ("A", "lookahead")
    assert_hides_the_mines(board)


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
        MinesDuelBoard(human=3)
    with pytest.raises(ValueError, match="a pair of computers"):
        MinesDuelBoard(computer=("safest", "random"))


@pytest.mark.parametrize("name", DUEL_COMPUTER_NAMES)
def test_a_game_to_its_end_against_each_computer(name: str) -> None:
    board = small(computer=name, seed=4)
    spy = Spy(board)
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
    assert spy.check() >= 1
    assert_replays(board)


def test_a_mine_clicked_loses_at_once() -> None:
    board = small(computer="safest", seed=1)
    board.hit("0,0")
    mine = min(board.state.mines - board.observation.discovered)
    board.hit(key(mine))
    assert board.is_over and board.result == "lost" and board.winner == "Computer (safest)"
    assert board.observation.exploded_by == 0
    assert board.status == (f"You revealed {mine}: a mine, which loses at once. "
                            f"You revealed a mine at {mine}. The computer won. The mines are shown.")
    assert board.steps[-1].player == 0  # the computer did not answer
    assert board.record.end == End.WON and board.record.winner == 1
    assert f"You revealed a mine at {mine}<" in board.picture
    assert not board.undo() and "the mines are shown" in board.status
    assert_end_drawn(board)
    assert_replays(board)


def test_discoveries_are_credited_lettered_and_counted() -> None:
    board = small(computer="lookahead", seed=4)
    spy = Spy(board)
    credited = [False, False]
    for _ in range(30):
        if board.is_over:
            break
        before = board.observation.discovered
        board.hit(key(safe_cell(board) if board.state.mines else Coord(0, 0)))
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
            count = seen.counts[player]
            assert f"{mark} {board.players[player]}: {count} mine{'' if count == 1 else 's'}" in board.picture
            for cell in seen.found[player]:
                assert board.cell_kind(cell) == f"found {mark}"
        assert_hides_the_mines(board)
    assert credited == [True, True], "the seeded game should give both players a discovery"
    spy.check()


def test_refused_clicks_change_nothing_but_the_status() -> None:
    board = small(computer="safest", seed=2)
    board.hit("0,0")
    before = (board.state, list(board.steps), board.picture, board.controls)
    assert not board.click((0, 0))
    assert board.status == "Not allowed: [0, 0] is already revealed. Your turn (A): click a hidden cell to reveal it."
    assert (board.state, list(board.steps), board.picture, board.controls) == before
    assert not board.next_move()  # the computer answers at once: Step is for computers only
    assert board.status.startswith("Not now: it is your turn")
    assert board.hit("7,1") is False and board.status.startswith("[7, 1] is not a cell of the 6 x 5 board.")
    with pytest.raises(ValueError, match="not a cell"):
        board.click((6, 0))

    watched = small(human=None, computer="safest", seed=2)
    before = (watched.state, watched.picture)
    assert not watched.hit("0,0")
    assert watched.status.startswith("It is not your turn: press Step or ▶ Run")
    assert (watched.state, watched.picture) == before

    board.hit(key(min(board.state.mines - board.observation.discovered)))  # the end
    before = (board.state, board.picture)
    hidden = board.observation.board.hidden()[0]
    assert not board.click(hidden)
    assert board.status.startswith("The game is over: press New game to play again.")
    assert (board.state, board.picture) == before


def test_the_mines_never_reach_the_page_before_the_end_with_or_without_hints() -> None:
    for hints in (False, True):
        board = small(computer="random", seed=7, hints=hints)
        spy = Spy(board)
        assert_hides_the_mines(board)
        play_safely(board)  # checks every position on your turn
        assert_end_drawn(board)
        assert spy.check() > 2
    watched = small(human=None, computer=("random", "lookahead"), seed=3, hints=True)
    spy = Spy(watched)
    while watched.step():
        if not watched.is_over:
            assert_hides_the_mines(watched)
    assert spy.check() > 2


def test_the_hints_are_the_exact_chances_and_go_away() -> None:
    board = small(computer="safest", seed=3)
    assert board.hint_texts() == {} and "Hints:" not in board.picture
    send(board, event="control", name="hints", value=True)
    assert board.hints and "Hints: the chance of a mine on each hidden cell" in board.picture
    for _ in range(4):
        seen = board.observation
        exact = probabilities(seen.board)
        assert board.chances() == exact
        assert board.hint_texts() == {c: percent(p) for c, p in exact.items() if c not in seen.discovered}
        chunks = cell_chunks(board.picture)
        for cell, text in board.hint_texts().items():
            assert f">{text}<" in chunks[cell]
            kind = board.cell_kind(cell)
            assert kind == ("safe" if exact[cell] == 0 else "sure mine" if exact[cell] == 1 else "hint")
        board.hit(key(safe_cell(board) if board.state.mines else Coord(0, 0)))
    board.press("hints", False)
    assert board.hint_texts() == {} and "Hints:" not in board.picture and "%<" not in board.picture
    assert_hides_the_mines(board)
    board.press("hints", True)
    play_safely(board, check=False)
    assert board.chances() is None and board.hint_texts() == {} and "Hints:" not in board.picture


# Computers, seats, undo and replay ----------------------------------------------------------------

def test_two_computers_play_step_by_step() -> None:
    board = MinesDuelBoard(width=5, height=4, mines=3, computer=("random", "lookahead"), human=None, seed=1)
    assert board.watching and board.players == ("Computer A (random)", "Computer B (lookahead)")
    assert board.control("step")["disabled"] is False
    assert board.status.endswith("Computer A (random) to reveal: press Step or ▶ Run.")
    moves = 0
    while not board.is_over:
        turn = board.observation.turn
        board.press("step")
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


def test_run_plays_two_computers_to_the_end_by_ticks() -> None:
    board = small(human=None, computer="safest", seed=3)
    send(board, event="control", name="run", value=True)
    assert board.running
    for _ in range(40):
        if not board.running:
            break
        send(board, event="tick", version=board.version)  # what the page sends every `speed` ms
    assert board.is_over and not board.running
    board.press("new")
    assert not board.is_over and board.steps == [] and not board.running


def test_sitting_second_the_computer_reveals_first() -> None:
    board = small(computer="safest", human=2, seed=2)
    assert board.players == ("Computer (safest)", "You")
    assert board.steps[0].player == 0 and board.observation.turn == 1
    assert board.status.startswith("A new game: 6 x 5, 5 mines, first reveal safe. The computer revealed ")
    assert board.status.endswith("Your turn (B): click a hidden cell to reveal it.")
    assert not board.undo()  # nothing of yours to take back
    play_safely(board)
    assert_replays(board)


def test_the_seat_choices_change_who_plays() -> None:
    board = small(computer="safest", seed=7)
    board.hit("0,0")
    board.press("seat0", "random")
    assert board.watching and board.human is None
    assert board.players == ("Computer A (random)", "Computer B (safest)")
    assert board.step() and board.status.startswith("Computer A (random) revealed")
    board.press("seat1", "you")
    assert board.human == 2 and board.players == ("Computer (random)", "You")
    assert board.status.endswith("Your turn (B): click a hidden cell to reveal it.")
    board.press("seat0", "you")
    assert board.players == ("A (you)", "B (you)") and board.status.startswith("B (you) to reveal (B):")


def test_undo_takes_back_your_reveal_and_the_answer() -> None:
    board = small(computer="safest", seed=8)
    board.hit("0,0")
    after_first = list(board.steps)
    board.hit(key(safe_cell(board)))
    assert len([s for s in board.steps if s.player != CHANCE]) == 4
    assert board.undo() and board.steps == after_first
    assert board.status.startswith("Took back your move. Your turn (A)")
    assert board.undo() and board.steps == [] and board.state.mines == frozenset()
    assert not board.undo() and board.control("undo")["disabled"]


def test_the_replay_slider_goes_by_the_reveals() -> None:
    board = small(computer="safest", seed=8)
    board.hit("0,0")
    board.hit(key(safe_cell(board)))
    assert board.control("replay")["max"] == 4
    board.press("replay", 2)
    assert board.status.startswith("Move 2 of 4: The computer revealed ")
    assert "data-hit" not in board.picture and board.hit("5,4") is False
    board.press("replay", 4)
    assert not board.replaying and board.status.startswith("Your turn (A)")


def test_your_own_strategy_can_play() -> None:
    def first_hidden(rules: Minesweeper2, seen: Minesweeper2Board) -> tuple[int, int]:
        cell = seen.board.hidden()[0]
        return cell.x, cell.y

    board = small(computer=first_hidden, seed=1)
    assert board.players == ("You", "Computer (yours)")
    board.hit("5,4")
    assert ". The computer revealed [0, 0] (" in board.status


# Games, seeds, records --------------------------------------------------------------------------

def test_new_game_hides_new_mines_from_the_same_generator() -> None:
    board = small(computer="safest", seed=5, hints=True)
    board.hit("0,0")
    first = board.state.mines
    board.press("new")
    assert board.steps == [] and board.state == board.rules.initial_state() and not board.is_over
    assert board.status.startswith("A new game: 6 x 5, 5 mines")
    assert_hides_the_mines(board)
    board.hit("0,0")
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
    board.hit("2,2")
    again = assert_replays(board)
    assert again.end == End.STOPPED
    for safe in (True, False):
        board = MinesDuelBoard(width=5, height=4, mines=3, computer="random", first_safe=safe, seed=2)
        play_safely(board, check=False)
        assert_replays(board)


def test_the_board_is_the_games_registered_board() -> None:
    assert GAMES["minesweeper2"].board_class() is MinesDuelBoard is widgets_module.MinesDuelBoard
