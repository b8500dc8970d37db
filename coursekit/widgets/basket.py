"""A board for the basket (source B): put balls of one colour in the basket; whoever puts the last ball wins.

The basket is drawn as its picture; beside each colour sits a row of buttons, "put 1", "put 2",
... up to the most balls one move may put. A move is one click, every legal move is in sight,
and a button whose move is not possible now is greyed out, so the rules show on the board
itself (a colour dropdown, a number and a "Put" button would take three actions for one move
and hide which numbers are allowed). A basket that allows more than :data:`MOST_BUTTONS`
balls a move gets a row to type any number into as well.

The computer is B's table player (its difficulty is B's depth, changed with a slider), the
perfect player (Nim), a random player, or any strategy of yours. The Nim-sum hints show each
colour's Grundy value, their Nim sum, and which moves win (a ✓ on their buttons).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from typing import Any

import ipywidgets as widgets

from ..core.engine import random_strategy
from ..core.rules import Strategy
from ..games.basket import (
    COLOUR_NAMES,
    LETTERS,
    Basket,
    BasketState,
    Put,
    grundy_value,
    nim_sum,
    perfect_strategy,
    source_choice,
    winning_moves,
)
from ..views.basket import FILLS, basket_svg
from ._play import PlayBoard

#: The computer players a board can be given by name.
COMPUTER_NAMES = ("source", "perfect", "random")
#: The most "put n" buttons beside a colour; a basket allowing more balls a move also gets a row to type a number.
MOST_BUTTONS = 9
#: What the hints add to the label of a move that wins.
WIN_MARK = " ✓"
BUTTON_PX = 64


@dataclass(frozen=True)
class NimHint:
    """What the hints say of a position: each colour's Grundy value, their Nim sum, the winning moves.

    >>> hint = nim_hint(Basket(), BasketState((1, 2, 0)))
    >>> hint.values, hint.nim_sum, hint.winning
    ((1, 2, 0), 3, (Put(colour=1, balls=1),))
    """

    values: tuple[int, ...]
    nim_sum: int
    winning: tuple[Put, ...]


def nim_hint(rules: Basket, state: BasketState) -> NimHint:
    """The Nim-sum hint for the player to move in ``state``.

    >>> nim_hint(Basket(cap=2), BasketState((3, 3, 3))).nim_sum  # each colour is worth 3 mod 3 = 0
    0
    """
    values = tuple(grundy_value(left, rules.cap) for left in state.left)
    return NimHint(values, nim_sum(rules, state), winning_moves(rules, state))


def in_binary(value: int, width: int) -> str:
    """``value`` in binary with ``width`` digits, as the Nim sum is worked out.

    >>> in_binary(5, 4)
    '0101'
    """
    return format(value, f"0{width}b")


def leaving(state: BasketState) -> str:
    """The balls left, in words: ``"red 1, blue 3, green 3"`` (or that the basket is full).

    >>> leaving(BasketState((1, 3, 0))), leaving(BasketState((0, 0, 0)))
    ('red 1, blue 3, green 0', 'no balls: the basket is full')
    """
    if state.is_full:
        return "no balls: the basket is full"
    return ", ".join(f"{COLOUR_NAMES[colour]} {left}" for colour, left in enumerate(state.left))


class BasketBoard(PlayBoard):
    r"""Play the basket against the computer: click "put n" beside a colour to put n balls of it.

    The basket has ``colours`` colours (1 to 6) of ``balls`` balls each and, with a ``cap``, at
    most ``cap`` balls go in at one move; whoever puts the last ball in wins. ``computer`` is
    ``"source"`` (B's table player, looking ``depth`` moves ahead: its difficulty level, which
    the "Difficulty" slider changes from its next move on), ``"perfect"`` (moves to a Nim sum
    of 0 whenever it can), ``"random"``, or any ``strategy(rules, state)``. Every random choice
    comes from one generator seeded with ``seed``: the same seed and the same clicks give the
    same game. ``hints=True`` (or the "Nim-sum hints" toggle) shows each colour's Grundy value,
    the Nim sum, and the winning moves, which also get a ✓ on their buttons.

    A click on a move that is not allowed (a button greyed out a moment too late, or a number
    typed into the row for big baskets) changes nothing: the status line says why.

    What a program can read and do: ``rules``, ``state``, ``start``, ``steps``, ``record``,
    ``status``, ``is_over``, ``winner``, ``players``, ``depth`` (B's difficulty, settable),
    ``hints`` (on or off, settable), ``nim_hint()``, ``click(colour, balls)``,
    ``play(move)``, ``new_game()``, and the widgets ``picture`` (the basket's SVG),
    ``buttons`` (a dict from each :class:`~coursekit.games.basket.Put` to its button),
    ``depth_slider``, ``hint_toggle``, ``hint_html``, ``new_game_button``, ``status_label``,
    and for big baskets ``colour_menu``, ``count_box`` and ``put_button``.

    >>> board = BasketBoard(computer="perfect", seed=1)
    >>> board.buttons[Put(0, 3)].description
    'put 3'
    >>> board.click(0, 3)
    True
    >>> print(board.status.replace(". ", ".\n"))
    You put 3 red (R3), leaving red 0, blue 3, green 3.
    The computer put 1 blue (B1), leaving red 0, blue 2, green 3.
    Your turn: put one or more balls of one colour in the basket.
    >>> board.click(0, 1)
    False
    >>> board.status.split(". ")[0]
    'Not allowed: red has no balls left'
    """

    def __init__(
        self,
        colours: int = 3,
        balls: int = 3,
        cap: int | None = None,
        computer: str | Strategy = "source",
        depth: int = 3,
        human_first: bool = True,
        seed: int | None = 0,
        *,
        hints: bool = False,
        **kwargs: Any,
    ) -> None:
        self.basket = Basket(colours, balls, cap)  # check the options before drawing anything
        if type(depth) is not int or depth < 1:
            raise ValueError(f"the depth (B's difficulty level) is a whole number of at least 1, got {depth!r}")
        super().__init__(self._computer_move, human_first, seed, _no_article, **kwargs)
        self.kind = computer if isinstance(computer, str) else "yours"
        self.strategy = self._choose(computer)
        self.picture = widgets.HTML()
        self.depth_slider = widgets.IntSlider(
            value=depth, min=1, max=max(depth, self.basket.max_game_length()), description="Difficulty",
            tooltip="B's depth: how many moves ahead B's player looks", continuous_update=False)
        self.depth_slider.observe(self._on_depth, names="value")
        self.hint_toggle = widgets.ToggleButton(
            value=bool(hints), description="Nim-sum hints",
            tooltip="Show each colour's Grundy value, the Nim sum and the winning moves")
        self.hint_toggle.observe(lambda _change: self._redraw(), names="value")
        self.hint_html = widgets.HTML()
        self.buttons: dict[Put, widgets.Button] = {}
        self.row_labels: list[widgets.HTML] = []
        rows = [self._colour_row(colour) for colour in range(self.basket.colours)]
        if self.basket.most_per_move > MOST_BUTTONS:
            rows.append(self._typing_row())
        controls = [self.new_game_button, self.hint_toggle]
        if self.kind == "source":
            controls.insert(1, self.depth_slider)
        self.children = (self.picture, widgets.VBox(rows), self.status_label, widgets.HBox(controls), self.hint_html)
        self.new_game()

    # Setting up ---------------------------------------------------------------------------

    def _choose(self, computer: str | Strategy) -> Strategy:
        if callable(computer):
            return computer
        if computer == "source":
            return self._source_move
        if computer == "perfect":
            return perfect_strategy(self.rng)
        if computer == "random":
            return random_strategy(self.rng)
        names = ", ".join(repr(name) for name in COMPUTER_NAMES)
        raise ValueError(f"the computer plays one of {names}, or give a strategy(rules, state); got {computer!r}")

    def _colour_row(self, colour: int) -> widgets.HBox:
        """A colour's name and its buttons "put 1", "put 2", ..."""
        name = COLOUR_NAMES[colour]
        label = widgets.HTML(layout=widgets.Layout(width="130px"))
        self.row_labels.append(label)
        row: list[widgets.Widget] = [label]
        layout = widgets.Layout(width=f"{BUTTON_PX}px")
        for balls in range(1, min(self.basket.most_per_move, MOST_BUTTONS) + 1):
            move = Put(colour, balls)
            button = widgets.Button(description=f"put {balls}", tooltip=f"put {balls} {name}", layout=layout)
            button.on_click(lambda _button, move=move: self.click(*move))
            self.buttons[move] = button
            row.append(button)
        return widgets.HBox(row)

    def _typing_row(self) -> widgets.HBox:
        """For big baskets: a colour, any number of balls, and "Put"."""
        options = [(f"{COLOUR_NAMES[c]} ({LETTERS[c]})", c) for c in range(self.basket.colours)]
        self.colour_menu = widgets.Dropdown(options=options, value=0, description="Or put",
                                            layout=widgets.Layout(width="220px"))
        self.count_box = widgets.IntText(value=1, description="balls:", layout=widgets.Layout(width="160px"))
        self.put_button = widgets.Button(description="Put", tooltip="Put that many balls of that colour")
        self.put_button.on_click(lambda _button: self.put_typed())
        return widgets.HBox([self.colour_menu, self.count_box, self.put_button])

    # What tests and lessons read and set --------------------------------------------------

    @property
    def depth(self) -> int:
        """B's difficulty level: how many moves ahead B's player looks (the "Difficulty" slider)."""
        return int(self.depth_slider.value)

    @depth.setter
    def depth(self, depth: int) -> None:
        if depth > self.depth_slider.max:
            self.depth_slider.max = depth
        self.depth_slider.value = depth

    @property
    def hints(self) -> bool:
        """Whether the Nim-sum hints are shown."""
        return bool(self.hint_toggle.value)

    @hints.setter
    def hints(self, on: bool) -> None:
        self.hint_toggle.value = bool(on)

    def nim_hint(self) -> NimHint | None:
        """The hint for the player to move now (``None`` once the game is over), shown or not.

        >>> BasketBoard(seed=0).nim_hint()
        NimHint(values=(3, 3, 3), nim_sum=3, winning=(Put(colour=0, balls=3), Put(colour=1, balls=3), \
Put(colour=2, balls=3)))
        """
        return None if self.is_over else nim_hint(self.basket, self.state)

    # Doing --------------------------------------------------------------------------------

    def click(self, colour: int, balls: int) -> bool:
        """Do what clicking "put ``balls``" beside ``colour`` does (``False``, and the status says why, if not allowed).

        >>> BasketBoard(seed=0).click(0, 4)
        False
        """
        return self.play(Put(colour, balls))

    def put_typed(self) -> bool:
        """Do what the "Put" button of a big basket does: put the typed number of the chosen colour."""
        return self.play(Put(int(self.colour_menu.value), int(self.count_box.value)))

    def _computer_move(self, rules: Basket, state: BasketState) -> Put:
        """The computer's move, by the strategy chosen now."""
        return Put(*self.strategy(rules, state))

    def _source_move(self, rules: Basket, state: BasketState) -> Put:
        """B's player at the difficulty set now, its ties broken by the board's generator."""
        return source_choice(rules, state, self.depth, self.rng, fast=True)

    def _on_depth(self, change: dict[str, Any]) -> None:
        depth = change["new"]
        said = f"Difficulty {depth}: B's player now looks {depth} move{'s' if depth != 1 else ''} ahead."
        self.status_label.value = f"{said} {self._turn_text()}"

    # What PlayBoard asks for --------------------------------------------------------------

    def _make_rules(self) -> Basket:
        return self.basket

    def _describe(self, state: BasketState, move: Any) -> str:
        colour, balls = move
        after = self.rules.next_state(state, move)
        return f"put {balls} {COLOUR_NAMES[colour]} ({Put(colour, balls)}), leaving {leaving(after)}"

    def _hint(self) -> str:
        cap = self.basket.cap
        limit = "" if cap is None else f" (at most {cap} at a time)"
        return f"put one or more balls of one colour in the basket{limit}."

    # Drawing ------------------------------------------------------------------------------

    def _redraw(self) -> None:
        state = self.state
        self.picture.value = basket_svg(state)
        hint = self.nim_hint() if self.hints else None
        winning = set(hint.winning) if hint else set()
        legal = set(self.rules.legal_moves(state))
        for move, button in self.buttons.items():
            wins = move in winning
            button.disabled = move not in legal
            button.description = f"put {move.balls}{WIN_MARK if wins else ''}"
            button.button_style = "success" if wins else ""
            button.tooltip = f"put {move.balls} {COLOUR_NAMES[move.colour]}" + (": this move wins" if wins else "")
        for colour, label in enumerate(self.row_labels):
            name = COLOUR_NAMES[colour]
            label.value = (f'<b style="color:{FILLS[name]}">{name} ({LETTERS[colour]})</b>'
                           f": {state.left[colour]} left")
        if self.basket.most_per_move > MOST_BUTTONS:
            self.put_button.disabled = self.is_over
        self.hint_html.value = self._hint_html(hint) if self.hints else ""

    def _hint_html(self, hint: NimHint | None) -> str:
        if hint is None:
            return "<p>The game is over: every ball is in the basket.</p>"
        cap = self.basket.cap
        width = max(1, max(hint.values).bit_length(), hint.nim_sum.bit_length())
        value_of = "the balls left" if cap is None else f"the balls left mod {cap + 1} (at most {cap} a move)"
        rows = "".join(
            f"<tr><td>{COLOUR_NAMES[c]}</td><td>{left}</td><td>{value}</td><td><code>{in_binary(value, width)}"
            "</code></td></tr>" for c, (left, value) in enumerate(zip(self.state.left, hint.values, strict=True)))
        table = ("<table><tr><th>colour</th><th>left</th><th>Grundy value</th><th>in binary</th></tr>"
                 f"{rows}<tr><td colspan=\"2\"><b>Nim sum</b> (XOR)</td><td><b>{hint.nim_sum}</b></td>"
                 f"<td><code><b>{in_binary(hint.nim_sum, width)}</b></code></td></tr></table>")
        mover = self.players[self.rules.to_move(self.state)]
        if hint.winning:
            moves = ", ".join(str(move) for move in hint.winning)
            verdict = (f"{mover} to move: the Nim sum is not 0, so a move wins: {moves} "
                       "(each leaves a Nim sum of 0; marked ✓).")
        else:
            verdict = (f"{mover} to move: the Nim sum is 0, so no move wins: whatever is put, "
                       "a perfect opponent can win.")
        return f"<div>Each colour's Grundy value is {escape(value_of)}.</div>{table}<div>{escape(verdict)}</div>"


def _no_article(_rng: random.Random) -> Callable[[Basket, BasketState], Put]:
    raise AssertionError("the basket board chooses its computer itself")


__all__ = ["COMPUTER_NAMES", "MOST_BUTTONS", "BasketBoard", "NimHint", "in_binary", "leaving", "nim_hint"]
