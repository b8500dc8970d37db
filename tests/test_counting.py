"""Counting positions and games: the published tic-tac-toe figures, and brute force on small boards."""

from dataclasses import dataclass

import pytest

from coursekit.core.rules import CHANCE, GameRules, GameType
from coursekit.games.tictactoe import TicTacToe
from coursekit.solvers.counting import count, count_games, reachable


def playouts(rules, state):
    """Every complete game from ``state``, one by one (the slow way): yields each final state."""
    if rules.is_over(state):
        yield state
        return
    for move in rules.legal_moves(state):
        yield from playouts(rules, rules.next_state(state, move))


def positions_by_layers(rules):
    """Reachable positions, one layer of moves at a time (a second way to find them)."""
    layer = {rules.initial_state()}
    seen = set(layer)
    while layer:
        layer = {rules.next_state(s, m) for s in layer if not rules.is_over(s) for m in rules.legal_moves(s)} - seen
        seen |= layer
    return seen


def images(rules, state):
    """Every symmetric image of a board (applying the permutations by hand)."""
    return {"".join(state.cells[i] for i in perm) + str(state.turn) for perm in rules.symmetries}


# ------------------------------------------------------------------------------- REFERENCE.md


@pytest.fixture(scope="module")
def classic():
    rules = TicTacToe()
    return count(rules, canonical=rules.canonical)


def test_tic_tac_toe_has_5478_positions_765_up_to_symmetry(classic):
    assert classic.positions == 5_478
    assert classic.positions_up_to_symmetry == 765


def test_tic_tac_toe_has_958_terminal_positions_138_up_to_symmetry(classic):
    assert classic.terminal == 958
    assert classic.terminal_up_to_symmetry == 138


def test_tic_tac_toe_has_255168_games_won_and_drawn_as_published(classic):
    assert classic.games == 255_168
    assert classic.wins == (131_184, 77_904)
    assert classic.draws == 46_080
    assert sum(classic.wins) + classic.draws == classic.games


def test_the_full_game_tree_has_549946_nodes(classic):
    assert classic.tree_nodes == 549_946


# ------------------------------------------------------------------------------- brute force


@pytest.mark.parametrize(("width", "height", "k", "players"),
                         [(3, 2, 2, 2), (3, 2, 3, 2), (4, 2, 3, 2), (2, 2, 2, 3), (3, 2, 2, 3), (3, 3, 3, 2)])
def test_counts_agree_with_brute_force(width, height, k, players):
    rules = TicTacToe(width, height, k, players)
    counts = count(rules, canonical=rules.canonical)
    every = positions_by_layers(rules)
    assert counts.positions == len(every) == len(set(reachable(rules)))
    assert counts.terminal == sum(1 for s in every if rules.is_over(s))
    by_image = {min(images(rules, s)) for s in every}
    assert counts.positions_up_to_symmetry == len(by_image)
    assert counts.terminal_up_to_symmetry == len({min(images(rules, s)) for s in every if rules.is_over(s)})
    if width * height <= 8:  # the playouts one by one
        ends = list(playouts(rules, rules.initial_state()))
        assert counts.games == len(ends)
        assert counts.wins == tuple(sum(1 for s in ends if rules.winner(s) == p) for p in range(players))
        assert counts.draws == sum(1 for s in ends if rules.winner(s) is None)


def test_counting_from_a_position_counts_only_what_follows_it():
    rules = TicTacToe()
    state = rules.position("XO./.X./...")
    counts = count(rules, state)
    ends = list(playouts(rules, state))
    assert counts.games == len(ends) and counts.draws == sum(1 for s in ends if rules.winner(s) is None)
    assert counts.positions == len(reachable(rules, state))
    assert counts.positions_up_to_symmetry is None


def test_reachable_lists_children_before_parents():
    rules = TicTacToe(3, 2, 2)
    order = reachable(rules)
    where = {s: i for i, s in enumerate(order)}
    assert order[-1] == rules.initial_state()
    for state in order:
        for move in rules.legal_moves(state):
            assert where[rules.next_state(state, move)] < where[state]


def test_the_game_counts_of_a_position_add_up_over_its_moves():
    rules = TicTacToe()
    start = rules.initial_state()
    total = count_games(rules, start)
    parts = [count_games(rules, rules.next_state(start, m)) for m in rules.legal_moves(start)]
    assert total.games == sum(p.games for p in parts)
    assert total.tree_nodes == 1 + sum(p.tree_nodes for p in parts)


# ------------------------------------------------------------------------------- chance


@dataclass(frozen=True)
class Coins:
    """Toss a coin ``left`` times; heads scores a point for player 0, tails for player 1."""

    left: int
    heads: int = 0


@dataclass(frozen=True)
class CoinGame(GameRules):
    tosses: int = 3
    num_players: int = 2
    name = "coins"
    game_type = GameType(chance=True)

    def initial_state(self, rng=None):
        return Coins(self.tosses)

    def to_move(self, state):
        return CHANCE

    def legal_moves(self, state):
        return ()

    def chance_outcomes(self, state):
        return (("heads", 0.5), ("tails", 0.5))

    def next_state(self, state, move):
        return Coins(state.left - 1, state.heads + (move == "heads"))

    def is_over(self, state):
        return state.left == 0

    def winner(self, state):
        tails = self.tosses - state.heads
        return 0 if state.heads > tails else 1 if tails > state.heads else None

    def spec(self):
        return {"game": self.name, "tosses": self.tosses}


def test_chance_outcomes_count_as_branches():
    counts = count(CoinGame(3))
    assert counts.games == 8  # 2 ** 3 sequences of tosses
    assert counts.wins == (4, 4) and counts.draws == 0
    assert counts.positions == 1 + 2 + 3 + 4  # by number of heads after each toss
    even = count(CoinGame(2))
    assert even.games == 4 and even.draws == 2 and even.wins == (1, 1)
