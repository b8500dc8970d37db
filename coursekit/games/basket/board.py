"""A board for the basket (source B): put balls of one colour in the basket; whoever puts the last ball wins.

On the course's board widget: the picture shows each colour's balls left and, beside them,
buttons "put 1", "put 2", ... up to the most balls one move may put. A move is one click, every
legal move is in sight, and a button whose move is not possible now is dashed and greyed, so
the rules show on the board itself. The balls of a move glide into the basket drawn under the
rows. A basket that allows more than :data:`MOST_BUTTONS` balls a move gets a box to type any
move into as well ("B15").

The computer is B's table player (its difficulty is B's depth, changed with a slider), the
perfect player (Nim), a random player, or any strategy of yours. The Nim-sum hints show each
colour's Grundy value, their Nim sum, and which moves win (a ✓ on their buttons).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...boards.board import slider, text_box
from ...boards.game import GameBoard, NotAMove, two_seats
from ...core.rules import Strategy
from . import ENTRIES
from .players import COMPUTERS
from .rules import COLOUR_NAMES, LETTERS, Basket, BasketState, Put, grundy_value, nim_sum, winning_moves
from .source import DEPTH, source_choice
from .view import play_svg

#: The computer players a board can be given by name (the game's, as the terminal offers them).
COMPUTER_NAMES = tuple(COMPUTERS)
#: The most "put n" buttons beside a colour; a basket allowing more balls a move also gets a row to type a number.
MOST_BUTTONS = 9
#: What the hints add to the label of a move that wins.
WIN_MARK = " ✓"


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


class BasketBoard(GameBoard):
    r"""Play the basket against the computer: click "put n" beside a colour to put n balls of it.

    The basket has ``colours`` colours (1 to 6) of ``balls`` balls each and, with a ``cap``, at
    most ``cap`` balls go in at one move; whoever puts the last ball in wins. ``computer`` is
    ``"source"`` (B's table player, looking ``depth`` moves ahead: its difficulty level, which
    the "Difficulty" slider changes from its next move on), ``"perfect"`` (moves to a Nim sum
    of 0 whenever it can), ``"random"``, or any ``strategy(rules, state)``. Every random choice
    comes from one generator seeded with ``seed``: the same seed and the same clicks give the
    same game. ``hints=True`` (or the "Hints" box) writes each colour's Grundy value and the
    Nim sum under the basket, and marks the winning moves' buttons with a ✓ (and a thick
    border). The board's other controls (see :class:`~coursekit.boards.game.GameBoard`)
    start a new game, take moves back, replay the game, change who plays each side (two
    computers play with Step and ▶ Run) and set the speed at which the balls glide in.

    A click on a move that is not allowed (a dashed button, or a move typed into the box of
    a big basket) changes nothing: the status line says why.

    What a program can read and do: ``rules``, ``state``, ``start``, ``steps``, ``record``,
    ``status``, ``is_over``, ``winner``, ``players``, ``picture`` (the SVG the page shows),
    ``depth`` (B's difficulty, settable), ``hints``, ``nim_hint()``, ``click(colour, balls)``
    (or ``click("R3")``), ``put_typed(text)``, ``play(move)``, ``undo()``, ``new_game()``, and
    every control with ``press(name, value)``.

    >>> board = BasketBoard(computer="perfect", seed=1)
    >>> 'data-hit="R3"' in board.picture
    True
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
        computer: str | Strategy = ENTRIES[0].opponent,
        depth: int = DEPTH,
        human: int = 1,
        seed: int | None = 0,
        *,
        hints: bool = False,
        **kwargs: Any,
    ) -> None:
        self.basket = Basket(colours, balls, cap)  # check the options before drawing anything
        if type(depth) is not int or depth < 1:
            raise ValueError(f"the depth (B's difficulty level) is a whole number of at least 1, got {depth!r}")
        self._depth = depth
        self.depth_max = max(depth, self.basket.max_game_length())
        offered: dict[str, Callable[[random.Random], Strategy]] = dict(COMPUTERS)
        offered["source"] = self._source_player  # B's player at the board's difficulty, changed with the slider
        if callable(computer):
            given = computer
            offered["yours"] = lambda _rng: given
            name = "yours"
        elif computer in offered:
            name = computer
        else:
            names = ", ".join(repr(name) for name in COMPUTER_NAMES)
            raise ValueError(f"the computer plays one of {names}, or give a strategy(rules, state); got {computer!r}")
        seats = two_seats(name, human)
        super().__init__(seats, offered, seed, seat_labels=("First", "Second"), hints=hints, **kwargs)
        self.new_game()

    def _source_player(self, rng: random.Random) -> Strategy:
        """B's player at the difficulty set when it moves, its ties broken by the board's generator."""

        def choose(rules: Basket, state: BasketState) -> Put:
            return source_choice(rules, state, self.depth, rng, fast=True)

        return choose

    # What tests and lessons read and set --------------------------------------------------

    @property
    def depth(self) -> int:
        """B's difficulty level: how many moves ahead B's player looks (the "Difficulty" slider)."""
        return self._depth

    @depth.setter
    def depth(self, depth: int) -> None:
        if type(depth) is not int or depth < 1:
            raise ValueError(f"the depth (B's difficulty level) is a whole number of at least 1, got {depth!r}")
        self._depth = depth
        self.depth_max = max(self.depth_max, depth)
        said = f"Difficulty {depth}: B's player now looks {depth} move{'s' if depth != 1 else ''} ahead."
        self._say(f"{said} {self._turn_text()}")

    def nim_hint(self) -> NimHint | None:
        """The hint for the player to move now (``None`` once the game is over), shown or not.

        >>> BasketBoard(seed=0).nim_hint()
        NimHint(values=(3, 3, 3), nim_sum=3, winning=(Put(colour=0, balls=3), Put(colour=1, balls=3), \
Put(colour=2, balls=3)))
        """
        return None if self.is_over else nim_hint(self.basket, self.state)

    def hint_lines(self, state: BasketState | None = None) -> list[str]:
        r"""What the hints write under the basket for ``state`` (the game's, by default).

        >>> print("\n".join(BasketBoard(seed=0).hint_lines()))
        Each colour's Grundy value is the balls left.
        red       3 left   Grundy value   3 = 11
        blue      3 left   Grundy value   3 = 11
        green     3 left   Grundy value   3 = 11
        Nim sum (XOR)                     3 = 11
        You to move: the Nim sum is not 0, so a move wins: R3, B3, G3 (each leaves a Nim sum of 0; marked ✓).
        """
        state = self.state if state is None else state
        if self.basket.is_over(state):
            return ["The game is over: every ball is in the basket."]
        hint = nim_hint(self.basket, state)
        cap = self.basket.cap
        width = max(1, max(hint.values).bit_length(), hint.nim_sum.bit_length())
        value_of = "the balls left" if cap is None else f"the balls left mod {cap + 1} (at most {cap} a move)"
        lines = [f"Each colour's Grundy value is {value_of}."]
        lines += [f"{COLOUR_NAMES[c]:<7} {left:>3} left   Grundy value {value:>3} = {in_binary(value, width)}"
                  for c, (left, value) in enumerate(zip(state.left, hint.values, strict=True))]
        lines.append(f"{'Nim sum (XOR)':<32}{hint.nim_sum:>3} = {in_binary(hint.nim_sum, width)}")
        mover = self.players[self.rules.to_move(state)]
        if hint.winning:
            moves = ", ".join(str(move) for move in hint.winning)
            lines.append(f"{mover} to move: the Nim sum is not 0, so a move wins: {moves} "
                         "(each leaves a Nim sum of 0; marked ✓).")
        else:
            lines.append(f"{mover} to move: the Nim sum is 0, so no move wins: whatever is put, "
                         "a perfect opponent can win.")
        return lines

    # Doing --------------------------------------------------------------------------------

    def click(self, colour: int | str, balls: int | None = None) -> bool | None:
        """Do what clicking "put ``balls``" beside ``colour`` does (``False``, and the status says why, if not
        allowed); ``click("R3")`` is the same as ``click(0, 3)``.

        >>> BasketBoard(seed=0).click(0, 4)
        False
        """
        if isinstance(colour, str):
            return super().click(colour)
        return self.play(Put(colour, balls if balls is not None else 1))

    def play(self, move: Any) -> bool:
        """Put the balls of ``move`` (a :class:`~coursekit.games.basket.Put` or a pair); the computer answers."""
        if isinstance(move, tuple) and len(move) == 2:
            move = Put(*move)
        return super().play(move)

    def put_typed(self, text: str) -> bool:
        """Do what typing ``text`` ("B15", "blue 15") in the box of a big basket and pressing Enter does."""
        try:
            move = self._parse(text)
        except NotAMove as error:
            self._say(f"{error}. {self._turn_text()}")
            return False
        return self.play(move)

    def _parse(self, text: str) -> Put:
        words = text.strip().lower()
        found = re.fullmatch(r"([a-z]+)\s*(-?\d+)", words) or re.fullmatch(r"(-?\d+)\s*([a-z]+)", words)
        if not found:
            raise NotAMove(f"type a colour's letter and a number of balls, like B15, not {text!r}")
        name, number = found.groups() if found.group(1).isalpha() else reversed(found.groups())
        names = [n.lower() for n in COLOUR_NAMES[:self.basket.colours]]
        letters = LETTERS[:self.basket.colours].lower()
        if name in names:
            colour = names.index(name)
        elif len(name) == 1 and name in letters:
            colour = letters.index(name)
        else:
            raise NotAMove(f"there is no colour {name!r}: the colours are {', '.join(names)} "
                           f"({', '.join(letters.upper())})")
        return Put(colour, int(number))

    # What GameBoard asks for --------------------------------------------------------------

    def make_rules(self) -> Basket:
        return self.basket

    def move_for(self, key: str) -> Put:
        letter, number = key[:1], key[1:]
        if not letter or letter not in LETTERS or not number.isdigit():
            raise NotAMove(f"a basket move is a colour's letter and a number of balls, like R2, not {key!r}")
        return Put(LETTERS.index(letter), int(number))

    def describe(self, state: BasketState, move: Any) -> str:
        colour, balls = move
        after = self.rules.next_state(state, move)
        return f"put {balls} {COLOUR_NAMES[colour]} ({Put(colour, balls)}), leaving {leaving(after)}"

    def prompt(self, state: BasketState) -> str:
        cap = self.basket.cap
        limit = "" if cap is None else f" (at most {cap} at a time)"
        return f"put one or more balls of one colour in the basket{limit}."

    def draw(self, state: BasketState, *, hints: bool, live: bool) -> str:
        buttons = []
        if live:
            legal = set(self.rules.legal_moves(state))
            winning = set(winning_moves(self.basket, state)) if hints else set()
            buttons = [(Put(c, n), Put(c, n) in legal, Put(c, n) in winning)
                       for c in range(self.basket.colours)
                       for n in range(1, min(self.basket.most_per_move, MOST_BUTTONS) + 1)]
        return play_svg(state, self.start.left, buttons=buttons, hint=self.hint_lines(state) if hints else ())

    def extra_controls(self) -> list[dict[str, Any]]:
        controls = []
        if "source" in self.seats:
            controls.append(slider("depth", "Difficulty", 1, self.depth_max, self.depth,
                                   title="B's depth: how many moves ahead B's player looks",
                                   valuetext=f"B's player looks {self.depth} moves ahead"))
        if self.basket.most_per_move > MOST_BUTTONS:
            controls.append(text_box("put", "Or put", placeholder="e.g. B15", disabled=not self.human_to_move(),
                                     title="A colour's letter and a number of balls; Enter puts them"))
        return controls

    def on_extra_control(self, name: str, value: Any) -> None:
        if name == "depth":
            self.depth = int(value)
        elif name == "put":
            self.put_typed(str(value))


__all__ = ["COMPUTER_NAMES", "MOST_BUTTONS", "BasketBoard", "NimHint", "in_binary", "leaving", "nim_hint"]
