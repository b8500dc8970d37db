"""The minesweeper board on the course's board widget, driven as the page drives it (no browser).

Clicks are ``board.hit("x,y")`` (what a click on a cell of the picture sends), controls
``board.press(name, value)``, and a few tests send the page's very messages. Small boards
(6 x 5 with 5 mines) keep the exact chances quick. A test may peek at the mines
(``board.state.mines``) to choose a lucky or an unlucky cell; the board may not show them:
every picture and frame sent to the page while the game goes on is checked for them.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

import coursekit.boards as widgets_module
from coursekit.core import Coord, Record
from coursekit.core.record import Step
from coursekit.core.rules import CHANCE, End
from coursekit.games import GAMES, rules_from_spec
from coursekit.games.minesweeper import Flag, best_cell, probabilities
from coursekit.games.minesweeper.board import FLAG, MOST_CELLS, TOLD, MinesBoard, percent
from coursekit.games.minesweeper.view import END_KINDS


def small(**options: object) -> MinesBoard:
    return MinesBoard(width=6, height=5, mines=5, **options)  # type: ignore[arg-type]


def key(cell: Coord | tuple[int, int]) -> str:
    return f"{cell[0]},{cell[1]}"


def send(board: Any, **content: object) -> None:
    """What the page's front end sends (a click, a control, a tick)."""
    board._message(board, content, [])


# Hidden information: what reaches the page ---------------------------------------------------------

def cell_chunks(svg: str) -> dict[Coord, str]:
    """Each cell's group in a picture, by cell."""
    return {Coord(int(x), int(y)): chunk
            for x, y, chunk in re.findall(r'<g data-cell="(\d+),(\d+)"(.*?)</g>', svg)}


#: What a screen reader may say of a hidden mine while the game goes on (all from what the player sees).
ALLOWED_WORDS = re.compile(r'aria-label="\d+, \d+: (hidden|flagged|a mine: a revealed neighbour told|'
                           r'a mine, discovered by)')


class Spy:
    """Every picture and frame a board sends to the page, with the mines hidden at that moment
    (the mines placed, but neither revealed, discovered nor told), while the game goes on."""

    def __init__(self, board: Any) -> None:
        self.board = board
        self.sent: list[tuple[str, frozenset[Coord]]] = []
        self.said: list[tuple[str, frozenset[Coord]]] = []
        board.observe(self._record, names=["picture", "frames"])
        board.observe(self._record_status, names=["status"])

    def hidden_mines(self) -> frozenset[Coord]:
        state = self.board.state
        seen = state.board
        shown = seen.told | getattr(getattr(state, "seen", None), "discovered", frozenset())
        return frozenset(state.mines - shown - ({seen.exploded} if seen.exploded else set()))

    def _record(self, change: dict[str, Any]) -> None:
        if self.board.is_over and change["name"] == "picture":
            return  # the end: the mines are shown
        pictures = change["new"] if change["name"] == "frames" else [change["new"]]
        self.sent += [(svg, self.hidden_mines()) for svg in pictures]

    def _record_status(self, change: dict[str, Any]) -> None:
        if not self.board.is_over:
            flagged = {step.move.cell for step in self.board.steps if isinstance(step.move, Flag)}
            self.said.append((change["new"], self.hidden_mines() - flagged))

    def check(self) -> int:
        """No picture sent while the game went on shows a hidden mine: its cell has no disc, and what
        a screen reader says of it comes from what the player sees. The pictures checked."""
        checked = 0
        for svg, mines in self.sent:
            chunks = cell_chunks(svg)
            for mine in mines:
                chunk = chunks[mine]
                assert "<circle" not in chunk, f"a hidden mine at {mine} is drawn: {chunk}"
                if "aria-label" in chunk:
                    assert ALLOWED_WORDS.search(chunk), f"the hidden mine at {mine} is said: {chunk}"
            checked += bool(mines)
        for status, mines in self.said:  # the status line never names a hidden mine (but those you flagged)
            assert not [mine for mine in mines if str(mine) in status], status
        return checked


def assert_drawn_from_what_the_player_sees(board: Any) -> None:
    """While the game goes on, the picture stays the same whatever the hidden mines: other mines
    (any cells not revealed, discovered or told) give the very same picture, words and status."""
    if board.is_over or not board.state.mines:
        return
    before = (board.picture, board.status, board.controls)
    state = board.state
    seen = state.board
    keep = seen.told | getattr(getattr(state, "seen", None), "discovered", frozenset())
    free = [c for c in seen.hidden() if c not in keep]
    decoy = frozenset(keep | set(random.Random(len(board.steps)).sample(free, len(state.mines - keep))))
    steps = list(board.steps)
    board.state = replace(state, mines=decoy)
    if steps:  # the picture shows the last step's state
        board.steps[-1] = Step(steps[-1].player, steps[-1].move, board.state)
    board._say(board.status)
    assert (board.picture, board.status, board.controls) == before
    board.state, board.steps[:] = state, steps
    board._say(board.status)
    assert (board.picture, board.status, board.controls) == before


def assert_hides_the_mines(board: MinesBoard) -> None:
    """Before the end, every cell is drawn from the observation alone, the hints are the exact chances."""
    assert not board.is_over
    seen = board.observation
    chances = probabilities(seen) if board.hints else {}
    chunks = cell_chunks(board.picture)
    for cell in seen.cells():
        kind = board.cell_kind(cell)
        assert kind not in END_KINDS, f"{cell} shows a mine before the end"
        assert "<circle" not in chunks[cell]
        number = seen.number(cell)
        if number is not None:
            assert kind == str(number)
        elif cell in seen.flags:
            assert kind == "flag" and f">{FLAG}<" in chunks[cell]
        elif cell in seen.told:  # the coordinates variant: a revealed neighbour named this mine
            assert kind == "told" and f">{TOLD}<" in chunks[cell]
        elif board.hints:
            assert f">{percent(chances[cell])}<" in chunks[cell] and kind in {"hint", "safe", "sure mine", "best"}
        else:
            assert kind == "hidden" and "<text" not in chunks[cell]
    assert_drawn_from_what_the_player_sees(board)


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
        assert board.hit(key(cell))
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
    assert len(cell_chunks(board.picture)) == 81 and board.picture.count("data-hit=") == 81
    assert board.players == ("You",) and not board.watching
    assert board.steps == [] and board.state.mines == frozenset()  # the mines wait for the first reveal
    assert board.status == ("A new game: 9 x 9, 10 mines, first reveal safe. "
                            "Your turn: click a hidden cell to reveal it (the first reveal is always safe).")
    assert ">Mines left: 10 (10 mines, 0 flags)<" in board.picture
    assert 'aria-label="0, 0: hidden: click to reveal it"' in board.picture
    assert [c["name"] for c in board.controls] == ["new", "undo", "hints", "seat0", "speed", "replay", "flag"]
    assert board.control("seat0")["options"] == ["you", "probability", "knowledge", "random"]
    assert_hides_the_mines(board)
    assert "data-hit" not in board.still() and "<svg" in board.still()  # the saved notebook's still picture


def test_the_options_and_their_limits() -> None:
    assert MinesBoard("expert").rules.mines == 99
    assert (MinesBoard("intermediate", mines=12).rules.mines, MinesBoard(width=4).rules.width) == (12, 4)
    assert MinesBoard(interval=250).speed == 250 and MinesBoard(speed=100).speed == 100
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
    spy = Spy(board)
    clicked = win_by_clicks(board)
    assert board.is_over and board.result == "won" and board.winner == "You"
    assert board.record.end == End.WON
    assert board.status.endswith(f"You won: every safe cell is revealed ({len(clicked)} moves)!")
    assert ": won, every safe cell is revealed<" in board.picture
    assert "data-hit" not in board.picture  # nothing to click at the end
    mines = board.state.mines
    for cell in board.observation.cells():  # the numbers are the true counts, the mines are shown now
        if cell in mines:
            assert board.cell_kind(cell) == "mine" and "<circle" in cell_chunks(board.picture)[cell]
        else:
            count = sum(c in mines for c in board.observation.neighbours(cell))
            assert board.cell_kind(cell) == str(count)
    assert spy.check() > 3
    assert_replays(board)


def test_a_reveal_says_what_it_opened() -> None:
    board = small(seed=0)
    assert board.hit("0,0")
    seen = board.observation
    opened = seen.revealed
    number = seen.number(Coord(0, 0))
    more = f", which opened {opened} cells" if opened > 1 else ""
    assert board.status == f"You revealed [0, 0]: {number}{more}. Your turn: click a hidden cell to reveal it."
    assert Coord(0, 0) not in board.state.mines  # the first reveal is safe
    assert [step.player for step in board.steps] == [0] + [CHANCE] * 5


def test_a_game_is_lost_on_a_mine_and_the_mines_are_shown() -> None:
    board = small(seed=1)
    spy = Spy(board)
    board.hit("2,2")
    mine = min(board.state.mines)
    board.press("flag", True)
    wrong = next(c for c in board.observation.hidden() if c not in board.state.mines)
    assert board.hit(key(wrong))
    right = next(c for c in board.state.mines if c != mine)
    assert board.hit(key(right))
    assert_hides_the_mines(board)
    board.press("flag", False)
    assert board.hit(key(mine))
    assert board.is_over and board.result == "lost" and board.winner is None
    assert board.record.end == End.LOST
    assert board.status == (f"You revealed {mine}: a mine went off. "
                            f"You lost: a mine went off at {mine}. The mines are shown.")
    assert board.cell_kind(mine) == "exploded"
    assert board.cell_kind(wrong) == "wrong flag" and board.cell_kind(right) == "flag"
    assert all(board.cell_kind(c) == "mine" for c in board.state.mines - {mine, right})
    assert f": lost, a mine went off at {mine}<" in board.picture
    assert board.control("flag")["disabled"] and board.control("undo")["disabled"]
    assert not board.undo() and "the mines are shown" in board.status  # no taking back what you have seen
    assert spy.check() >= 3
    assert_replays(board)


def test_flags_go_on_and_off_and_count_the_mines_left() -> None:
    board = small(seed=2)
    board.hit("0,0")
    cell = board.observation.hidden()[0]
    board.press("flag", True)
    assert board.flag_mode and board.control("flag")["value"] is True
    assert board.status.endswith("Your turn: click a hidden cell to put a flag on it or take it off (Flag mode is on).")
    assert f'aria-label="{cell.x}, {cell.y}: hidden: click to put a flag on it"' in board.picture
    assert board.hit(key(cell))
    assert board.status.startswith(f"You put a flag on {cell}.")
    assert board.steps[-1].move == Flag(cell) and cell in board.observation.flags
    assert (board.cell_kind(cell), board.mines_left) == ("flag", 4)
    assert ">Mines left: 4 (5 mines, 1 flag)<" in board.picture
    board.press("flag", False)
    before = (board.state, list(board.steps), board.picture)
    assert not board.hit(key(cell))  # a flagged cell is not revealed
    assert board.status.startswith(
        f"Not allowed: {cell} has a flag: turn on Flag mode and click it to take the flag off.")
    assert (board.state, list(board.steps), board.picture) == before
    board.flag_mode = True
    board.hit(key(cell))
    assert board.status.startswith(f"You took the flag off {cell}.")
    assert (board.cell_kind(cell), board.mines_left) == ("hidden", 5)
    for extra in board.observation.hidden()[:7]:  # more flags than mines: the counter goes below 0
        assert board.flag(extra)
    assert board.mines_left == -2 and ">Mines left: -2 (5 mines, 7 flags)<" in board.picture
    assert not board.is_over


def test_refused_clicks_change_nothing_but_the_status() -> None:
    board = small(seed=4)
    board.hit("0,0")
    revealed = next(c for c in board.observation.cells() if board.observation.is_revealed(c))
    before = (board.state, list(board.steps), board.picture, board.controls)
    board.hit(key(revealed))
    assert board.status == (f"Not allowed: {revealed} is already revealed. "
                            "Your turn: click a hidden cell to reveal it.")
    assert (board.state, list(board.steps), board.picture, board.controls) == before
    board.press("flag", True)
    before = (board.state, list(board.steps))
    assert board.hit(key(revealed)) is False
    assert board.status.startswith(f"Not allowed: {revealed} is revealed: only a hidden cell takes a flag.")
    assert (board.state, list(board.steps)) == before
    assert board.hit("9,9") is False and board.status.startswith("[9, 9] is not a cell of the 6 x 5 board.")
    assert board.hit("nonsense") is False and board.status.startswith("a cell's key is 'x,y'")
    board.press("flag", False)
    win_by_clicks(board, check=False)
    before = (board.state, list(board.steps), board.picture)
    for cell in (revealed, min(board.state.mines)):
        assert not board.click(cell)
        assert board.status.startswith("The game is over: press New game to play again.")
        assert (board.state, list(board.steps), board.picture) == before
    with pytest.raises(ValueError, match="not a cell"):
        board.click((6, 0))


def test_the_mines_never_reach_the_page_before_the_end_with_or_without_hints() -> None:
    for seed in range(4):
        board = small(seed=seed, hints=seed % 2 == 1)
        spy = Spy(board)
        board.hit("5,4")
        while not board.is_over:
            assert_hides_the_mines(board)
            board.press("hints", not board.hints)
            assert_hides_the_mines(board)
            if not board.observation.flags:  # a flag on a mine looks like any flag
                board.flag(min(board.state.mines))
            assert_hides_the_mines(board)
            board.press("replay", 0)  # the replay of the start: nothing of the mines either
            board.press("replay", board.control("replay")["max"])
            board.reveal(safe_cell(board))
        assert board.result == "won"
        assert spy.check() > 5


def test_the_coordinates_variant_draws_the_named_mines_only() -> None:
    board = MinesBoard(width=5, height=4, mines=3, first_safe=False, coordinates=True, seed=1)
    spy = Spy(board)
    assert [s.player for s in board.steps] == [CHANCE] * 3 and len(board.state.mines) == 3
    assert "(the first reveal" not in board.status
    safe = next(c for c in board.observation.cells() if c not in board.state.mines)
    board.reveal(safe)
    for cell in board.observation.told - board.observation.flags:
        if not board.is_over:
            assert board.cell_kind(cell) == "told" and f">{TOLD}<" in cell_chunks(board.picture)[cell]
    spy.check()
    if not board.is_over:
        assert_hides_the_mines(board)


def assert_hints_are_the_chances(board: MinesBoard) -> set[str]:
    """The hints are the exact chances of what the player sees; the kinds of the hidden cells drawn."""
    seen = board.observation
    chances = probabilities(seen)
    assert board.chances() == chances
    assert board.hint_texts() == {c: percent(p) for c, p in chances.items() if c not in seen.flags}
    best = best_cell(seen, {c: p for c, p in chances.items() if c not in seen.flags})
    chunks = cell_chunks(board.picture)
    assert board.best() == best and board.cell_kind(best) == "best"
    assert "(the best cell)" in chunks[best] and f"Underlined ({best}): the best cell" in board.picture
    for cell, text in board.hint_texts().items():
        assert f">{text}<" in chunks[cell]
        if cell != best:
            assert board.cell_kind(cell) == {Fraction(0): "safe", Fraction(1): "sure mine"}.get(chances[cell], "hint")
    return {board.cell_kind(c) for c in chances}


def test_the_hints_are_the_exact_chances_and_go_away() -> None:
    board = small(seed=6)
    board.hit("0,0")
    board.flag(min(board.state.mines))  # a flag stays a flag; the chances do not believe it
    assert board.hint_texts() == {} and "Hints:" not in board.picture
    send(board, event="control", name="hints", value=True)
    assert board.hints and board.control("hints")["value"] is True
    assert "Hints: the chance of a mine on each hidden cell" in board.picture
    kinds = assert_hints_are_the_chances(board)
    while not board.is_over:
        board.reveal(safe_cell(board))
        if not board.is_over:
            kinds |= assert_hints_are_the_chances(board)
    assert kinds >= {"safe", "hint", "best", "flag"}  # the game met every kind of hint
    board.press("new")
    board.reveal((0, 0))
    board.press("hints", False)
    seen = board.observation
    assert all(board.cell_kind(c) == "hidden" for c in seen.hidden())
    assert "%<" not in board.picture


def test_the_hints_end_with_the_game() -> None:
    board = small(seed=6, hints=True)
    assert set(board.hint_texts().values()) == {"17%"}  # 5 mines in 30 cells
    assert "The first reveal is always safe, whatever its chance says." in board.picture
    win_by_clicks(board, check=False)
    assert board.chances() is None and board.best() is None and board.hint_texts() == {}
    assert not {board.cell_kind(c) for c in cell_chunks(board.picture)} & {"hint", "safe", "sure mine", "best"}
    assert "%<" not in board.picture


# Undo, replay, seats -----------------------------------------------------------------------------

def test_undo_takes_back_a_move_with_the_mines_it_placed() -> None:
    board = small(seed=7)
    assert board.control("undo")["disabled"] and not board.undo()
    board.hit("0,0")
    assert len(board.steps) == 6 and not board.control("undo")["disabled"]
    cell = safe_cell(board)
    board.hit(key(cell))
    assert board.undo() and len(board.steps) == 6 and board.observation.is_revealed(cell) is False
    assert board.status.startswith("Took back your move. Your turn")
    assert board.undo() and board.steps == [] and board.state == board.start  # the mines went with the first reveal
    assert board.state.mines == frozenset() and not board.undo()
    board.hit("0,0")
    assert len(board.state.mines) == 5


def test_the_replay_slider_goes_by_your_moves() -> None:
    board = small(seed=8)
    board.hit("0,0")
    board.flag(board.observation.hidden()[0])
    board.reveal(safe_cell(board))
    replay = board.control("replay")
    assert (replay["max"], replay["value"]) == (3, 3)  # three moves; the five mines are no moves
    send(board, event="control", name="replay", value=1)
    assert board.replaying and board.shown_state == board.steps[5].state
    assert board.status.startswith("Move 1 of 3: You revealed [0, 0]: ")
    assert "data-hit" not in board.picture  # nothing can be clicked meanwhile
    assert board.hit("5,4") is False and "slide the replay to the end" in board.status
    board.press("replay", 0)
    assert board.status == "The start, before any of the 3 moves. Slide to the end to play on."
    board.press("replay", 3)
    assert not board.replaying and "data-hit" in board.picture
    with pytest.raises(ValueError, match="from 0 to 3"):
        board.show_move(4)


# Watching the computer ------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["probability", "knowledge", "random"])
def test_the_computer_plays_step_by_step_to_the_end(name: str) -> None:
    board = small(computer=name, seed=1)
    spy = Spy(board)
    assert board.watching and board.players == (f"Computer ({name})",)
    assert board.status.endswith(f"Press Step or ▶ Run to watch the computer ({name}) "
                                 "(the first reveal is always safe).")
    assert "data-hit" not in board.picture and board.control("flag")["disabled"]
    before = (board.state, board.picture)
    assert not board.hit("0,0")  # you cannot click while the computer plays
    assert board.status.startswith("It is not your turn: press Step or ▶ Run to let the computer move.")
    assert (board.state, board.picture) == before
    board.press("step")
    assert board.status.startswith("The computer revealed") and "(the first reveal is always safe)" in board.status
    moves = 1
    while not board.is_over:
        assert_hides_the_mines(board)
        board.press("step")
        moves += 1
        assert moves <= 30
        assert board.status.startswith("The computer revealed")
        assert any(why in board.status for why in ("(certainly safe)", "the least likely", "chance of a mine"))
    assert board.control("step")["disabled"] and not board.next_move()
    assert board.status.startswith("Not now: the game is over.")
    assert board.winner == (board.players[0] if board.result == "won" else None)
    spy.check()
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


def test_run_plays_the_game_by_ticks_and_stops() -> None:
    board = small(computer="probability", seed=3)
    send(board, event="control", name="run", value=True)
    assert board.running and board.control("run")["label"] == "⏸ Pause"
    for _ in range(40):
        if not board.running:
            break
        send(board, event="tick", version=board.version)  # what the page sends every `speed` ms
    assert board.is_over and not board.running
    assert board.status.startswith("The computer revealed") and "The computer" in board.status.split(". ")[-1]
    board.press("new")
    assert not board.is_over and board.steps == [] and not board.running


def test_the_player_choice_hands_the_board_to_a_computer_and_back() -> None:
    board = small(seed=4)
    board.hit("0,0")
    board.press("seat0", "probability")
    assert board.watching and board.players == ("Computer (probability)",)
    assert board.step() and board.status.startswith("The computer revealed")
    board.press("seat0", "you")
    assert not board.watching and board.status.startswith("Your turn")
    assert board.undo() and len([s for s in board.steps if s.player != CHANCE]) == 1  # the computer's move, gone


def test_your_own_strategy_can_play() -> None:
    board = small(computer=lambda rules, seen: seen.hidden()[0], seed=1)
    assert board.players == ("Computer (yours)",) and "yours" in board.control("seat0")["options"]
    board.next_move()
    assert board.status.startswith("The computer revealed [0, 0]")


def test_a_computer_move_not_allowed_is_said_and_stops() -> None:
    board = small(computer=lambda rules, seen: (9, 9), seed=1)
    board.press("run")
    send(board, event="tick", version=board.version)
    assert not board.running and board.steps == []
    assert board.status.startswith("The computer's move Coord(x=9, y=9) is not allowed:")


# Games, seeds, records --------------------------------------------------------------------------

def test_new_game_hides_new_mines_from_the_same_generator() -> None:
    board = small(seed=5, hints=True)
    board.hit("0,0")
    board.flag(board.observation.hidden()[0])
    first = board.state.mines
    board.press("new")
    assert board.steps == [] and board.state == board.start and board.state.mines == frozenset()
    assert {board.cell_kind(c) for c in cell_chunks(board.picture)} == {"hint", "best"}
    assert board.status.startswith("A new game: 6 x 5, 5 mines, first reveal safe.")
    board.hit("0,0")
    assert board.state.mines != first
    again = small(seed=5)
    again.hit("0,0")
    again.flag(again.observation.hidden()[0])
    again.new_game()
    again.hit("0,0")
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
        while board.step():
            pass
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


def test_the_board_is_the_games_registered_board() -> None:
    assert GAMES["minesweeper"].board_class() is MinesBoard is widgets_module.MinesBoard


def test_the_page_messages_do_what_the_methods_do() -> None:
    board, twin = small(seed=11), small(seed=11)
    send(board, event="hit", key="0,0")
    assert twin.click((0, 0))
    send(board, event="control", name="flag", value=True)
    twin.flag_mode = True
    cell = board.observation.hidden()[0]
    send(board, event="hit", key=key(cell))
    assert twin.click(cell)
    assert (board.state, board.status, board.picture, board.controls) == (
        twin.state, twin.status, twin.picture, twin.controls)


def contrast(foreground: str, background: str) -> float:
    """The WCAG contrast ratio of two colours ``#rrggbb`` (or ``#rgb``)."""

    def luminance(colour: str) -> float:
        value = colour.lstrip("#")
        value = "".join(2 * c for c in value) if len(value) == 3 else value
        channels = [int(value[i:i + 2], 16) / 255 for i in (0, 2, 4)]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    light, dark = sorted((luminance(foreground), luminance(background)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def assert_readable(svg: str) -> int:
    """Every text on a cell has a contrast of at least 4.5 to 1 with what is under it; the texts checked."""
    checked = 0
    for cell, chunk in cell_chunks(svg).items():
        under = re.search(r'<rect [^>]*fill="(#[0-9a-f]+)"', chunk)
        assert under, cell
        for ink in re.findall(r'<text [^>]*fill="(#[0-9a-f]+)"', chunk):
            disc = re.search(r'<circle [^>]*fill="(#[0-9a-f]+)"', chunk)  # a lettered disc: A or B
            background = disc.group(1) if disc else under.group(1)
            assert contrast(ink, background) >= 4.5, (cell, ink, background)
            checked += 1
    for ink in re.findall(r'<text [^>]*fill="(#[0-9a-f]+)"[^>]*>[^<]*</text>(?!</g>)', svg):
        assert contrast(ink, "#ffffff") >= 4.5, ink  # the edges' numbers and the lines under the board
    return checked


def test_the_texts_are_readable_and_hidden_cells_differ_by_shape() -> None:
    board = small(seed=6, hints=True)
    pictures = [board.picture]
    board.hit("0,0")
    board.flag(board.observation.hidden()[0])
    pictures.append(board.picture)
    win_by_clicks(board, check=False)
    pictures.append(board.picture)
    lost = small(seed=1)
    lost.hit("2,2")
    lost.press("flag", True)
    lost.hit(key(next(c for c in lost.observation.hidden() if c not in lost.state.mines)))
    lost.press("flag", False)
    lost.hit(key(min(lost.state.mines)))
    pictures.append(lost.picture)
    from coursekit.games.minesweeper.board import MinesDuelBoard

    duel = MinesDuelBoard(width=6, height=5, mines=5, computer="lookahead", seed=4, hints=True)
    while not duel.is_over and not duel.observation.discovered:
        duel.hit(key(next(c for c in duel.observation.board.hidden() if c not in duel.state.mines)
                     if duel.state.mines else Coord(0, 0)))
    pictures.append(duel.picture)
    assert sum(assert_readable(svg) for svg in pictures) > 50
    for cell, chunk in cell_chunks(pictures[1]).items():  # a hidden cell is a raised tile, a revealed one flat
        assert ("<path" in chunk) == (not board.history[7].board.is_revealed(cell))
