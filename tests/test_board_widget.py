"""The course's board widget and what every game's board shares (seats, undo, replay, hints,
step and run), driven as the page drives them: by the messages its front end sends."""

from __future__ import annotations

import re

import pytest

from coursekit.boards.board import Board, button
from coursekit.games import GAMES
from coursekit.games.beans import BeansState
from coursekit.games.beans.board import BeansBoard


def send(board: Board, **content: object) -> None:
    """What the page's front end sends (a click, a control, a tick)."""
    board._message(board, content, [])


def test_the_page_messages_do_what_the_methods_do() -> None:
    board, twin = BeansBoard(3, 6, seed=5), BeansBoard(3, 6, seed=5)
    send(board, event="hit", key="both")
    assert twin.click("both")
    assert (board.state, board.status, board.picture) == (twin.state, twin.status, twin.picture)
    send(board, event="control", name="hints", value=True)
    twin.press("hints", True)
    assert board.picture == twin.picture
    send(board, event="control", name="undo", value=True)
    twin.undo()
    assert board.state == twin.state == BeansState(3, 6, 0)


def test_malformed_or_unknown_messages_change_nothing() -> None:
    board = BeansBoard(3, 6, seed=1)
    before = (board.version, board.state, board.status)
    for content in ({}, {"event": "hit"}, {"event": "hit", "key": 3}, {"event": "control", "name": "format_disk"},
                    {"event": "tick", "version": board.version}, {"event": "nonsense"}):
        send(board, **content)
    board._message(board, ["not", "a", "dict"], [])
    assert (board.version, board.state, board.status) == before


def test_a_click_that_means_no_move_says_why_and_changes_nothing() -> None:
    board = BeansBoard(3, 6, seed=1)
    assert board.hit("purple") is False
    assert board.status.startswith("a beans move is one of white, both, black, not 'purple'.")
    assert board.state == BeansState(3, 6, 0) and not board.steps


def test_undo_takes_back_your_move_and_the_answer() -> None:
    board = BeansBoard(5, 4, seed=2)
    board.click("white")
    board.click("black")
    assert len(board.steps) == 4
    assert board.undo() and len(board.steps) == 2 and board.state == board.steps[-1].state
    assert board.undo() and board.steps == [] and board.state == BeansState(5, 4, 0)
    assert board.undo() is False
    assert board.control("undo")["disabled"] is True


def test_replay_shows_earlier_positions_and_plays_nothing_meanwhile() -> None:
    board = BeansBoard(5, 4, seed=2)
    board.click("white")
    board.press("replay", 1)
    assert board.replaying and board.shown_state == board.steps[0].state
    assert board.status.startswith("Move 1 of 2: You took 1 white")
    assert "data-hit" not in board.picture  # nothing can be clicked
    assert board.click("black") is False and len(board.steps) == 2
    assert "slide the replay to the end" in board.status
    board.press("replay", 2)
    assert not board.replaying and "data-hit" in board.picture
    with pytest.raises(ValueError, match="from 0 to 2"):
        board.show_move(3)


def test_seats_change_who_plays_and_two_computers_play_by_step_and_run() -> None:
    board = BeansBoard(4, 5, seed=3)
    board.press("seat0", "article")
    assert board.players == ("First (article)", "Second (perfect)")
    assert board.control("step")["disabled"] is False and board.click("white") is False
    assert "not your turn" in board.status
    assert board.step() and len(board.steps) == 1
    board.press("run")
    assert board.running and board.control("run")["label"] == "⏸ Pause"
    version = board.version
    send(board, event="tick", version=version - 1)  # a tick from before the last picture: ignored
    assert len(board.steps) == 1
    while board.running:
        send(board, event="tick", version=board.version)
    assert board.is_over and board.winner in board.players
    assert board.control("step")["disabled"] is True
    board.press("seat0", "you")
    board.press("new")
    assert board.players == ("You", "Computer") and board.status.startswith("Your turn")


def test_a_seat_is_you_or_a_computer_the_board_offers() -> None:
    board = BeansBoard(3, 6)
    with pytest.raises(ValueError, match="'you' or by one of the computers 'perfect', 'article', 'random'"):
        board.set_seat(0, "clever")
    with pytest.raises(ValueError, match="no control 'explode'"):
        board.press("explode")
    board.set_seat(1, "you")
    with pytest.raises(ValueError, match="cannot be used now"):
        board.press("undo")


def test_the_same_seed_gives_the_same_games_watched() -> None:
    def watched(seed: int) -> tuple[object, ...]:
        board = BeansBoard(6, 7, seed=seed)
        board.set_seat(0, "random")
        while board.step():
            pass
        return board.record.states

    assert watched(4) == watched(4)
    assert len({watched(seed) for seed in range(8)}) > 1


def test_a_saved_notebook_shows_a_still_picture_of_the_last_state() -> None:
    board = BeansBoard(3, 6, seed=1)
    board.click("white")
    bundle = board._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    still = data["text/html"]
    assert "application/vnd.jupyter.widget-view+json" in data
    assert "<svg" in still and "1 white and 6 black beans" in still and board.status in still
    assert not re.search(r"data-hit|tabindex|role=\"button\"", still)
    assert "take 1" not in still  # no drawn buttons either: nothing invites a click


def test_the_base_board_shows_what_it_is_given() -> None:
    board = Board()
    board.show("<svg/>", "one", [button("b", "B")])
    board.show("<svg/>", "two")
    assert board.version == 2 and board.status == "two" and board.control("b")["label"] == "B"
    with pytest.raises(KeyError):
        board.control("c")


@pytest.mark.slow
def test_an_executed_notebook_keeps_a_still_picture_of_the_board_as_the_last_cell_left_it() -> None:
    import nbclient
    import nbformat

    notebook = nbformat.v4.new_notebook()
    notebook.cells = [
        nbformat.v4.new_code_cell("from coursekit.boards import BeansBoard\nboard = BeansBoard(3, 6, seed=1)\nboard"),
        nbformat.v4.new_code_cell("board.click('white')"),
    ]
    nbclient.NotebookClient(notebook, kernel_name="python3", timeout=120).execute()
    (output,) = notebook.cells[0].outputs
    still = output["data"]["text/html"]
    assert "application/vnd.jupyter.widget-view+json" in output["data"]
    twin = BeansBoard(3, 6, seed=1)
    twin.click("white")
    assert "1 white and 6 black beans" in still and twin.status in still  # the state after the second cell
    assert not re.search(r"data-hit|tabindex|role=\"button\"", still) and "take 1" not in still


@pytest.mark.parametrize("name", sorted(name for name, entry in GAMES.items() if entry.board))
def test_a_board_refuses_an_option_it_does_not_know(name: str) -> None:
    """A misspelt or removed option (``human_first`` after the seats were numbered) is refused, not lost."""
    board_class = GAMES[name].board_class()
    with pytest.raises(TypeError, match=f"{board_class.__name__} takes no option 'no_such_option'"):
        board_class(no_such_option=True)


def test_the_readme_s_boards_are_made_as_it_shows() -> None:
    """The README's "Play on a board" cell runs as written: every board comes from its game's folder."""
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    cell = readme.split("- Play on a board in any notebook:", 1)[1].split("```python", 1)[1].split("```", 1)[0]
    code = "\n".join(line[2:] for line in cell.splitlines())
    made: dict[str, object] = {}
    lines = [line for line in code.splitlines() if line.strip()]
    imports = [line for line in lines if line.startswith(("from ", "import "))]
    boards = [line for line in lines if not line.startswith(("from ", "import "))]
    exec("\n".join(imports), made)
    for line in boards:
        board = eval(line.split("#")[0].strip(), made)
        assert isinstance(board, Board), line
    assert len(boards) == 13
