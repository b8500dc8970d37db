"""Every registered game keeps the rules contract, checked by random play (OpenSpiel's random simulation test).

For every game in ``coursekit.games.GAMES`` and each of its sample configurations, seeded
random games are played through the engine and every state on the way is checked:

- the game type fits the rules (players, chance);
- every legal move is accepted (``why_illegal`` is ``None``) and ``apply`` gives what
  ``next_state`` gives; a sample of illegal moves is refused with a reason, and ``apply``
  raises ``IllegalMoveError`` with that reason;
- states never change when moves are applied to them;
- strategies are shown the player's observation, never more;
- returns agree with the winner and with how the game ended;
- records round-trip through JSON and replay to the same states;
- every game ends within the game's stated ``max_game_length``.

The default run plays a few games per configuration; the slow set plays at least 1,000 per game.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from coursekit.core import IllegalMoveError, Player, Record, play
from coursekit.core.display import as_svg, as_text
from coursekit.core.rules import CHANCE, End, GameType, Utility
from coursekit.games import GAMES, rules_from_spec

#: Values that are never a move of any game.
JUNK: tuple[Any, ...] = (None, "x", 3.5, (), (1, 2, 3), ((0, 0), "up"), [0, 0], (-1, -1), (10**6, 10**6))

CONFIGURATIONS = [(name, i) for name, entry in GAMES.items() for i in range(len(entry.samples()))]


def configuration_id(value: tuple[str, int]) -> str:
    return f"{value[0]}-{value[1]}"


class Watched:
    """A random player that records every observation it is shown and checks it is the player's own."""

    def __init__(self, rules: Any, number: int, rng: random.Random, seen: list[Any]) -> None:
        self.rules, self.number, self.rng, self.seen = rules, number, rng, seen

    def __call__(self, rules: Any, observation: Any) -> Any:
        self.seen.append((self.number, observation))
        return self.rng.choice(rules.legal_moves(observation))


def states_of(record: Record) -> Iterator[Any]:
    yield from record.states


def check_game_type(rules: Any) -> None:
    kind = rules.game_type
    assert isinstance(kind, GameType)
    low, high = kind.players
    assert low <= rules.num_players <= high, f"{rules.name}: {rules.num_players} players outside {kind.players}"
    assert isinstance(kind.utility, Utility)


def check_state(rules: Any, state: Any, foreign_moves: list[Any]) -> None:
    """Legal moves apply, illegal ones are refused with a reason, and the state does not change."""
    before = hash(state), repr(state)
    if rules.is_over(state):
        assert rules.legal_moves(state) == () or all(rules.why_illegal(state, m) for m in rules.legal_moves(state))
        for move in [*JUNK[:3], *foreign_moves[:3]]:
            assert rules.why_illegal(state, move), f"a move after the end was accepted: {move!r}"
        return
    if rules.to_move(state) == CHANCE:
        outcomes = rules.chance_outcomes(state)
        assert outcomes and abs(sum(p for _, p in outcomes) - 1) < 1e-9
        return
    legal = rules.legal_moves(state)
    assert legal, "a state that is not over must have a move"
    assert len(set(legal)) == len(legal), "a move is listed twice"
    for move in legal:
        assert rules.why_illegal(state, move) is None, f"legal move {move!r} refused: {rules.why_illegal(state, move)}"
        assert rules.apply(state, move) == rules.next_state(state, move)
    illegal = [m for m in [*JUNK, *foreign_moves] if m not in legal]
    for move in illegal:
        reason = rules.why_illegal(state, move)
        assert isinstance(reason, str) and reason, f"illegal move {move!r} accepted in {state!r}"
        with pytest.raises(IllegalMoveError) as refused:
            rules.apply(state, move)
        assert str(refused.value) == reason
    assert (hash(state), repr(state)) == before, "applying moves changed the state"


def check_returns(rules: Any, record: Record) -> None:
    returns = record.returns
    assert len(returns) == rules.num_players
    final = record.final
    assert tuple(rules.returns(final)) == tuple(returns)
    if record.end == End.WON:
        assert record.winner is not None and record.winner == rules.winner(final)
        best = returns[record.winner]
        assert all(best > r for p, r in enumerate(returns) if p != record.winner), returns
    elif record.end == End.DRAW:
        assert record.winner is None and len(set(returns)) == 1
    elif record.end == End.LOST:
        assert rules.num_players == 1 and record.winner is None and returns[0] < 0
    if rules.game_type.utility in (Utility.WIN_LOSS, Utility.ZERO_SUM) and rules.num_players > 1:
        assert sum(returns) == 0


def check_record(rules: Any, record: Record) -> None:
    again = Record.from_json(record.to_json(), rules_from_spec)
    assert again.states == record.states
    assert [(s.player, s.move) for s in again.steps] == [(s.player, s.move) for s in record.steps]
    assert (again.winner, again.end, again.returns) == (record.winner, record.end, record.returns)
    saved = json.loads(record.to_json())
    assert saved["end"] == str(record.end) and saved["returns"] == list(record.returns)


#: How many moves of a game are tried as illegal moves in each of its states (see play_and_check).
FOREIGN = 24


def play_and_check(name: str, index: int, seed: int, *, every_state: bool) -> None:
    rules = GAMES[name].samples()[index]
    check_game_type(rules)
    assert rules_from_spec(rules.spec()) == rules
    rng = random.Random(seed)
    seen: list[Any] = []
    players = [Player(f"P{p}", Watched(rules, p, random.Random(rng.random()), seen)) for p in range(rules.num_players)]
    record = play(rules, players, rng=rng)
    moves = record.moves
    assert record.end in (End.WON, End.DRAW, End.LOST), "a game without a move limit must end by its rules"
    assert len(moves) <= rules.max_game_length(), f"{len(moves)} moves, more than {rules.max_game_length()}"
    # Strategies saw exactly the observation of the state they moved from.
    movers = [(i, step) for i, step in enumerate(record.steps) if step.player != CHANCE]
    assert len(seen) == len(movers)
    states = record.states
    for (number, shown), (i, step) in zip(seen, movers, strict=True):
        assert number == step.player
        assert shown == rules.observation(states[i], number)
        if rules.game_type.perfect_information:
            assert shown == states[i]
    check_returns(rules, record)
    check_record(rules, record)
    if every_state:
        # Moves made elsewhere in the game, at most FOREIGN of them spread over it (all of them would make
        # a long game's check quadratic: every state against every move).
        foreign = [step.move for step in moves[::-1]][::max(1, len(moves) // FOREIGN)]
        for state in states:
            check_state(rules, state, foreign)


@pytest.mark.parametrize("configuration", CONFIGURATIONS, ids=configuration_id)
def test_random_games_keep_the_rules(configuration: tuple[str, int]) -> None:
    name, index = configuration
    for seed in range(3):
        play_and_check(name, index, seed, every_state=True)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_draws_itself_and_names_its_parts(name: str) -> None:
    entry = GAMES[name]
    assert entry.title and entry.source and entry.samples()
    for rules in entry.samples():
        assert isinstance(rules, entry.rules) and rules.name == name
        state = rules.initial_state(random.Random(0))
        assert as_text(state) and as_svg(state), f"{name}: its state has no text or no picture"
        record = play(rules, [Player(f"P{p}", lambda r, s: r.legal_moves(s)[0]) for p in range(rules.num_players)],
                      rng=random.Random(0))
        assert str(record) and record._repr_svg_(), f"{name}: its record has no transcript or no picture"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_board_a_game_names_exists(name: str) -> None:
    entry = GAMES[name]
    if entry.board:
        board = entry.board_class()
        assert board.__name__ == entry.board.rpartition(":")[2]


#: The games whose entry names their computer players (each game's folder declares them).
WITH_COMPUTERS = sorted(name for name, entry in GAMES.items() if entry.computers)

#: Games whose faces are not one ``play NAME --computer`` against one board seat, each checked by its own
#: tests instead (tests/games/<game>/).
OTHER_SHAPES = {
    "minesweeper": "one play command serves both minesweepers (tests/games/minesweeper/test_minesweeper_entries.py)",
    "minesweeper2": "played as 'play minesweeper --players 2' (tests/games/minesweeper/test_minesweeper_entries.py)",
    "path": "a puzzle: no computer plays it, the terminal searches paths",
    "pursuit": "the terminal names each side's computers, --tom and --jerry (tests/games/pursuit/)",
}


def terminal_computers(name: str) -> tuple[str, ...]:
    """The choices of ``coursekit play NAME --computer``."""
    from coursekit.cli import build_parser

    parser = build_parser()
    play_parser = next(a for a in parser._subparsers._group_actions[0].choices["play"]._actions
                       if a.dest == "game").choices[name]
    option = next(a for a in play_parser._actions if "--computer" in a.option_strings)
    return tuple(option.choices)


def test_the_games_that_moved_into_their_folders_name_their_computers() -> None:
    assert {"beans", "tictactoe"} <= set(WITH_COMPUTERS)


@pytest.mark.parametrize("name", WITH_COMPUTERS)
def test_the_terminal_and_the_board_offer_the_same_computers_with_the_same_default(name: str) -> None:
    """Both faces read the game's entry: the same computer players, in the same order, and the same one
    facing a person by default."""
    if name in OTHER_SHAPES:
        pytest.skip(OTHER_SHAPES[name])
    entry = GAMES[name]
    assert terminal_computers(name) == entry.computers
    board = entry.board_class()()
    assert tuple(board.computers) == entry.computers
    assert [seat for seat in board.seats if seat != "you"] == [entry.opponent] * (len(board.seats) - 1)
    assert "you" in board.seats


@pytest.mark.parametrize("name", WITH_COMPUTERS)
def test_the_board_numbers_the_seats_as_the_terminal_does(name: str) -> None:
    """``human=1`` on a board is the terminal's ``--human 1``: the first seat to move."""
    import inspect

    entry = GAMES[name]
    board_class = entry.board_class()
    if "human" not in inspect.signature(board_class).parameters:
        pytest.skip(f"{board_class.__name__} has no numbered seat to give you (one player, or a side to choose)")
    first, second = board_class(human=1), board_class(human=2)
    assert first.seats[0] == "you" and second.seats[1] == "you"


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_thousand_random_games_per_game(name: str) -> None:
    samples = len(GAMES[name].samples())
    per_sample = -(-1000 // samples)
    for index in range(samples):
        for seed in range(per_sample):
            play_and_check(name, index, 1000 + seed, every_state=seed % 50 == 0)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_terminal_offers_the_commands_a_game_names(name: str) -> None:
    from coursekit.cli import build_parser

    parser = build_parser()
    for command in GAMES[name].commands:
        # ``--help`` of a command that exists ends in argparse's exit; an unknown one is a usage error.
        with pytest.raises(SystemExit) as done:
            parser.parse_args([command, name, "--help"])
        assert done.value.code == 0, f"coursekit {command} {name} does not exist"
