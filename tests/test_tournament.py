"""The tournament (``coursekit tournament``): ps05's strategies, each in its own sandbox, rated with openskill.

A class of five: the reference solution (perfect), a good player (wins if it can, else blocks, else
takes the first empty cell), a seeded random player, one that raises and one that never returns;
with the course's perfect and random computers.
"""

from __future__ import annotations

import copy
import csv
import io
import json
import random
import re
from pathlib import Path

import pytest

from coursekit.cli import main
from coursekit.grading.tournament import (
    CONTESTS,
    Entrant,
    Game,
    Ratings,
    circle_rounds,
    class_entrants,
    notebook_cells,
    places,
    play_game,
    play_tournament,
    round_robin,
    similar_ratings,
)
from coursekit.grading.tournament.records import Standing, Tournament, average_places, ranked

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "assignments" / "source" / "ps05" / "ps05.ipynb"
CORNERS = ROOT / "assignments" / "source" / "ps09" / "ps09.ipynb"
BASKET_AND_CRAWLER = ROOT / "assignments" / "source" / "ps06" / "ps06.ipynb"

GOOD = '''\
def best_move(board):
    """Win if you can, else stop the other's win, else the first empty cell."""
    me = to_move(board)
    for mark in (me, "O" if me == "X" else "X"):
        for move in empty_cells(board):
            rows = list(board)
            x, y = move
            rows[2 - y] = rows[2 - y][:x] + mark + rows[2 - y][x + 1:]
            if winner(rows) == mark:
                return move
    return empty_cells(board)[0]
'''

RANDOM = '''\
import random


def best_move(board):
    return random.choice(empty_cells(board))
'''

BROKEN = '''\
def best_move(board):
    raise ValueError("not written yet")
'''

SLOW = '''\
def best_move(board):
    while True:
        pass
'''


def notebook() -> dict:
    return json.loads(SOURCE.read_text(encoding="utf-8"))


def reference() -> str:
    """The reference solution of best_move (the source notebook's cell, markers and all)."""
    return next("".join(c["source"]) for c in notebook()["cells"]
                if c["metadata"].get("nbgrader", {}).get("grade_id") == "best_move")


def with_best_move(code: str) -> dict:
    """The released notebook with ``code`` in the cell of best_move."""
    nb = copy.deepcopy(notebook())
    for cell in nb["cells"]:
        if cell["metadata"].get("nbgrader", {}).get("grade_id") == "best_move":
            cell["source"] = code
    return nb


CLASS = {"perfect": reference(), "good": GOOD, "random": RANDOM, "broken": BROKEN, "slow": SLOW}


def entrants(names: list[str]) -> list[Entrant]:
    students = [Entrant(name, notebook_cells(with_best_move(CLASS[name]), "best_move") or ()) for name in names]
    return [*students, Entrant("perfect (computer)", computer="perfect"),
            Entrant("random (computer)", computer="random")]


def test_round_robin_plays_every_pairing_on_both_sides():
    pairs = round_robin(["a", "b", "c", "d"])
    assert len(pairs) == 12 and len(set(pairs)) == 12
    assert all((b, a) in pairs for a, b in pairs)


@pytest.mark.parametrize("count", [2, 5, 8])
def test_circle_rounds_pair_everyone_once_and_nobody_twice_in_a_round(count):
    names = [f"p{n}" for n in range(count)]
    rounds = circle_rounds(names)
    pairings = [frozenset(pair) for pairs in rounds for pair in pairs]
    assert len(pairings) == len(set(pairings)) == count * (count - 1) // 2
    assert all(len({name for pair in pairs for name in pair}) == 2 * len(pairs) for pairs in rounds)


def test_pairings_played_side_by_side_give_the_same_results():
    contest = CONTESTS["ps05"]
    runs = [play_tournament(contest, entrants(["good", "random"]), seed=9, jobs=jobs) for jobs in (1, 3)]
    assert runs[0].games_csv() == runs[1].games_csv() and runs[0].csv() == runs[1].csv()


def test_rounds_against_similar_ratings_pair_neighbours_and_follow_the_seed():
    ratings = {name: float(number) for number, name in enumerate("abcdefgh")}
    pairs = similar_ratings(list(ratings), ratings.__getitem__, random.Random(3))
    assert pairs[:2] == [("h", "g"), ("g", "h")]
    assert {frozenset(p) for p in pairs} == {frozenset(p) for p in ("hg", "fe", "dc", "ba")}
    tied = dict.fromkeys("abcdefgh", 0.0)
    assert similar_ratings(list(tied), tied.__getitem__, random.Random(3)) == \
        similar_ratings(list(tied), tied.__getitem__, random.Random(3))


def test_a_computer_against_itself_plays_to_a_draw_and_random_marks_lose():
    contest = CONTESTS["ps05"]
    seats = entrants([])
    result = play_tournament(contest, seats, seed=1)
    perfect = next(s for s in result.standings if s.name == "perfect (computer)")
    assert result.standings[0] is perfect and perfect.losses == 0 and perfect.wins >= 1
    assert all(isinstance(g, Game) and len(g.moves) >= 5 for g in result.games)


@pytest.mark.slow
def test_a_large_class_plays_rounds_against_similar_ratings():
    contest = CONTESTS["ps05"]
    class_ = [Entrant(f"{kind} {n}", computer=kind) for kind in ("perfect", "random") for n in range(1, 10)]
    result = play_tournament(contest, class_, seed=4)
    assert len(result.games) == 6 * 18  # 6 rounds of 9 pairings, each on both sides
    assert all(sum(name in (g.first, g.second) for g in result.games) == 12 for name in (e.name for e in class_))
    top = [s.name for s in result.standings[:9]]
    assert sum(name.startswith("perfect") for name in top) >= 8
    assert play_tournament(contest, class_, seed=4).csv() == result.csv()
    assert len(play_tournament(contest, class_[:4], rounds=2).games) == 8


@pytest.fixture(scope="module")
def tournament():
    return play_tournament(CONTESTS["ps05"], entrants(list(CLASS)), seed=7)


@pytest.mark.slow
def test_ratings_order_perfect_good_random(tournament):
    order = [s.name for s in tournament.standings]
    assert order.index("perfect") < order.index("good") < order.index("random") < order.index("broken")
    assert order.index("random") < order.index("slow")
    perfect = tournament.standings[order.index("perfect")]
    assert perfect.losses == 0 and perfect.forfeits == 0
    assert all(s.sigma > 0 for s in tournament.standings)


@pytest.mark.slow
def test_broken_and_slow_strategies_lose_every_game_saying_why(tournament):
    for name, why in (("broken", "ValueError: not written yet"), ("slow", "did not return within")):
        standing = next(s for s in tournament.standings if s.name == name)
        games = [g for g in tournament.games if name in (g.first, g.second)]
        assert len(games) == 2 * (len(tournament.standings) - 1)
        # against each other, the one to move first forfeits first
        lost = [g for g in games if {g.first, g.second} != {"broken", "slow"} or g.first == name]
        assert standing.forfeits == standing.losses == len(lost) == len(games) - 1
        assert all(g.winner != name and g.reason.startswith(f"{name} forfeits: ") and why in g.reason for g in lost)
    standings = list(csv.DictReader(io.StringIO(tournament.csv())))
    assert "not written yet" in next(row for row in standings if row["name"] == "broken")["first forfeit"]


def test_an_illegal_move_loses_the_game_saying_why():
    contest = CONTESTS["ps05"]
    cells = notebook_cells(with_best_move("def best_move(board):\n    return (1, 1)\n"), "best_move") or ()
    result = play_tournament(contest, [Entrant("centre", cells), Entrant("random (computer)", computer="random")])
    assert len(result.games) == 2
    assert all(g.winner == "random (computer)" and "illegal move (1, 1)" in g.reason and "taken" in g.reason
               for g in result.games)


@pytest.mark.slow
def test_the_same_seed_gives_the_same_csv():
    contest = CONTESTS["ps05"]
    runs = [play_tournament(contest, entrants(["good", "random"]), seed=seed) for seed in (5, 5, 6)]
    assert runs[0].csv() == runs[1].csv() and runs[0].games_csv() == runs[1].games_csv()
    assert runs[0].games_csv() != runs[2].games_csv()
    rounds = [play_tournament(contest, entrants(["good", "random"]), seed=5, rounds=2) for _ in range(2)]
    assert rounds[0].games_csv() == rounds[1].games_csv() and len(rounds[0].games) == 8


def test_a_game_record_replays_to_its_outcome():
    contest = CONTESTS["ps05"]
    rules = contest.rules()
    from coursekit.grading.tournament.play import _ComputerSeat

    computers = contest.computers()
    game = play_game(contest, rules, ("a", _ComputerSeat(computers["random"])),
                     ("b", _ComputerSeat(computers["perfect"])), seed=2)
    state = rules.initial_state()
    for move in game.moves:
        state = rules.next_state(state, move)
    assert rules.is_over(state)
    assert game.winner == (None if rules.winner(state) is None else "ab"[rules.winner(state)])


@pytest.mark.slow
def test_corners_plays_each_student_s_evaluate_inside_the_course_s_search():
    contest = CONTESTS["ps09"]
    reference = notebook_cells(json.loads(CORNERS.read_text(encoding="utf-8")), "evaluate") or ()
    words = (*reference, "def evaluate(rules, state):\n    return 'far'\n")
    result = play_tournament(contest, [Entrant("reference", reference), Entrant("words", words),
                                       Entrant("random (computer)", computer="random")], seed=3)
    assert [s.name for s in result.standings] == ["reference", "random (computer)", "words"]
    words_games = [g for g in result.games if "words" in (g.first, g.second)]
    refused = "evaluate returned 'far': it must return a number"
    assert len(words_games) == 4 and all(g.winner != "words" and refused in g.reason for g in words_games)
    assert all(g.opening == 4 for g in result.games)  # two random moves a side, then the players
    assert len({g.moves[:4] for g in result.games}) > 1
    assert "6,1-4,1" in contest.text(((6, 1), (4, 1))) and "<svg" in result.html()


@pytest.mark.parametrize("name", ["ps06-basket", "ps06-crawler"])
def test_the_basket_and_the_crawler_rank_the_reference_above_random_moves(name):
    contest = CONTESTS[name]
    reference = notebook_cells(json.loads(BASKET_AND_CRAWLER.read_text(encoding="utf-8")), contest.grade_id) or ()
    lost = (*reference, f"def {contest.function}(*given):\n    return (0, 99)\n")
    result = play_tournament(contest, [Entrant("reference", reference), Entrant("lost", lost),
                                       Entrant("random (computer)", computer="random")], seed=2)
    assert [s.name for s in result.standings] == ["reference", "random (computer)", "lost"]
    assert all(g.winner != "lost" and "illegal move (0, 99)" in g.reason
               for g in result.games if "lost" in (g.first, g.second))
    assert result.html().count("<details>") == len(result.games) == 6


# Replays.

FIGURE = re.compile(r"<figure>(<svg.*?</svg>)<figcaption>(.*?)</figcaption></figure>", re.DOTALL)


def outside_links(page: str) -> list[str]:
    """Every address of another host the page names (the SVG namespace aside)."""
    return [link for link in re.findall(r"https?://[^\s\"'<>)]+", page) if link != "http://www.w3.org/2000/svg"]


def test_a_game_s_replay_shows_a_picture_per_position_as_the_moves_were_played():
    contest = CONTESTS["ps05"]
    result = play_tournament(contest, [Entrant("perfect", computer="perfect"), Entrant("random", computer="random")],
                             seed=2)
    for number, game in enumerate(result.games, 1):
        page = result.replay(number)
        figures = FIGURE.findall(page)
        assert len(figures) == len(game.moves) + 1 >= 6  # the empty board, then one per move
        for played, (picture, caption) in enumerate(figures):
            assert picture.count("<circle") + picture.count("<path") == played  # an X or an O a move
            numbered = sorted(int(n) for n in re.findall(r'fill="#777"[^>]*>(\d)</text>', picture))
            assert numbered == list(range(1, played + 1))  # each numbered in the corner as it was played
            assert caption == ("the start" if not played else f"move {played}: {contest.text(game.moves[played - 1])}")
        assert len({picture for picture, _ in figures}) == len(figures)
        assert page.count("<button") == 4 and "<script>" in page and "<script src" not in page
        assert not outside_links(page) and "@font-face" not in page and "<link" not in page
    assert len(result.pages()) == 1 + len(result.games)


def test_a_race_s_replay_starts_from_the_secret_and_adds_a_guess_a_picture():
    contest = CONTESTS["ps08"]
    result = play_tournament(contest, [Entrant("minimax", computer="minimax")], seed=4, rounds=1)
    [game] = result.games
    figures = FIGURE.findall(result.replay(1))
    assert len(figures) == len(game.moves) == game.played + 1  # the secret drawn, then each guess
    assert figures[0][1] == f"the start (drawn: {contest.text(game.moves[0])})"
    from coursekit.games.bulls import score

    secret = game.moves[0]
    for guesses, (picture, caption) in enumerate(figures):
        pegs = sum(sum(score(guess, secret)) for guess in game.moves[1:guesses + 1])
        assert picture.count('r="4.5"') == pegs  # a peg for each bull and each cow answered so far
        if guesses:
            assert caption == f"guess {guesses}: {contest.text(game.moves[guesses])}"
    assert len({picture for picture, _ in figures}) == len(figures)


# The ratings plot.

def test_the_ratings_plot_draws_a_row_per_entrant_and_loads_nothing():
    from coursekit.grading.tournament import Standing, ratings_svg

    standings = [Standing("ann", False, 31.0, 7.0), Standing("random (computer)", True, 14.0, 7.5),
                 Standing("bob", False, 22.0, 2.0)]
    svg = ratings_svg(standings)
    assert svg.startswith('<svg role="img" aria-label="ratings: mu with 3 sigma either side"')
    assert svg.count('<g id="ytick_') == 3 and ratings_svg(standings[:2]).count('<g id="ytick_') == 2
    assert svg != ratings_svg([*standings[:2], Standing("bob", False, 22.0, 6.0)])  # the bars follow sigma
    assert all(link.startswith("#") for link in re.findall(r'href="([^"]*)"', svg)) and not outside_links(svg)
    assert "<text" not in svg and "font-face" not in svg and "<!--" not in svg  # text drawn as paths, no font
    result = play_tournament(CONTESTS["ps05"], entrants([]), seed=1)
    page = result.html()
    assert page.count("<svg") == 1 + len(result.games) and not outside_links(page)  # the plot, each game's end


# The command.

def course(tmp_path: Path, students: dict[str, str]) -> Path:
    root = tmp_path / "course"
    (root / "source" / "ps05").mkdir(parents=True)
    (root / "nbgrader_config.py").write_text("c = get_config()\n", encoding="utf-8")
    (root / "source" / "ps05" / "ps05.ipynb").write_text(json.dumps(notebook()), encoding="utf-8")
    for student, code in students.items():
        folder = root / "submitted" / student / "ps05"
        folder.mkdir(parents=True)
        (folder / "ps05.ipynb").write_text(json.dumps(with_best_move(code)), encoding="utf-8")
    return root


def test_the_command_plays_the_class_and_writes_csv_and_html(tmp_path, capsys):
    root = course(tmp_path, {"ann": GOOD, "bob": BROKEN})
    out = tmp_path / "out"
    assert main(["tournament", "ps05", "--course", str(root), "--out", str(out), "--seed", "2"]) == 0
    printed = capsys.readouterr()
    assert "ann" in printed.out and "[" in printed.err and "4/4" not in printed.out
    rows = list(csv.DictReader(io.StringIO((out / "tournament.csv").read_text(encoding="utf-8"))))
    assert {row["name"] for row in rows} == {"ann", "bob", "perfect (computer)", "source (computer)",
                                             "random (computer)"}
    assert next(r for r in rows if r["name"] == "bob")["wins"] == "0"
    page = (out / "tournament.html").read_text(encoding="utf-8")
    games = list(csv.DictReader(io.StringIO((out / "tournament-games.csv").read_text(encoding="utf-8"))))
    assert len(games) == 20 and page.count("<details>") == 20  # every game replayed as a picture
    last = games[-1]["moves"].split()
    assert f">{len(last)}<" in page.split("<details>")[-1]  # the last game's marks numbered up to its last move
    assert "<svg" in page and "not written yet" in page and "<script" not in page and "http://" not in \
        page.replace("http://www.w3.org/2000/svg", "")
    replays = sorted((out / "games").glob("*.html"))
    assert len(replays) == 20 and page.count("href='games/") == 20
    last_page = (out / "games" / "20.html").read_text(encoding="utf-8")
    assert last_page.count("<figure>") == len(last) + 1 and "<script>" in last_page and "src=" not in last_page


def test_the_command_with_pseudonyms_names_no_student(tmp_path, capsys):
    root = course(tmp_path, {"ann": GOOD, "bob": RANDOM})
    out = tmp_path / "out"
    assert main(["tournament", "ps05", "--course", str(root), "--out", str(out), "--pseudonyms"]) == 0
    for name in ("tournament.csv", "tournament.html", "tournament-games.csv", "games/1.html"):
        text = (out / name).read_text(encoding="utf-8")
        assert "ann" not in text and "bob" not in text and re.search(r"student [12]\b", text)
    assert "ann" in (out / "pseudonyms.csv").read_text(encoding="utf-8")
    assert "ann" not in capsys.readouterr().out


def test_a_submission_without_the_strategy_s_cell_plays_and_loses_saying_why(tmp_path):
    root = course(tmp_path, {"ann": GOOD})
    nb = with_best_move(GOOD)
    nb["cells"] = [c for c in nb["cells"] if c["metadata"].get("nbgrader", {}).get("grade_id") != "best_move"]
    (root / "submitted" / "ann" / "ps05" / "ps05.ipynb").write_text(json.dumps(nb), encoding="utf-8")
    students, refused = class_entrants(root, CONTESTS["ps05"])
    assert [s.name for s in students] == ["ann"] and refused == {}
    result = play_tournament(CONTESTS["ps05"], [*students, Entrant("random (computer)", computer="random")])
    assert all(g.winner == "random (computer)" and "defines no function best_move" in g.reason
               and "no cell best_move" in g.reason for g in result.games)


def test_help(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["tournament", "--help"])
    assert stop.value.code == 0 and "--pseudonyms" in capsys.readouterr().out


def test_an_assignment_with_two_tournaments_is_named_in_full(tmp_path, capsys):
    assert main(["tournament", "ps06", "--course", str(tmp_path)]) == 2
    assert "ps06-basket, ps06-crawler" in capsys.readouterr().err


@pytest.mark.parametrize("problem", ["unknown assignment", "no course", "no submissions", "no source"])
def test_bad_input_is_one_line_and_exit_status_2(tmp_path, capsys, problem):
    root = course(tmp_path, {} if problem == "no submissions" else {"ann": GOOD})
    args = {"unknown assignment": ["ps99", "--course", str(root)],
            "no course": ["ps05", "--course", str(tmp_path / "nowhere")],
            "no submissions": ["ps05", "--course", str(root)],
            "no source": ["ps05", "--course", str(tmp_path)]}[problem]
    assert main(["tournament", *args]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("coursekit: error: ") and len(err.splitlines()) == 1


# ps08: a race of guessers on the same secrets.

GUESSES = ROOT / "assignments" / "source" / "ps08" / "ps08.ipynb"

#: A consistent guesser, but a poor one: among the codes left (up to 30 of them tried), the one whose answers
#: split them into the fewest groups (the reference takes the most). Its first guess, the dearest, scores
#: 30 x 5,040 pairs: 0.14 s of CPU here (with 150 tried, 0.81 s: too near the contest's second a call).
FEWEST_GROUPS = '''\
@cache
def choose(history):
    left = [code for code in all_secrets() if all(score(code, g) == (b, c) for g, b, c in history)]
    if len(left) <= 2:
        return left[-1]
    tried = left[::len(left) // 30 + 1]
    return min(tried, key=lambda code: (len({score(secret, code) for secret in left}), code))


def next_guess(history):
    return choose(tuple(history))
'''

#: Any code not asked yet, at random (the answers ignored).
ANY_CODE = '''\
import random


def next_guess(history):
    asked = {guess for guess, _, _ in history}
    return random.choice([code for code in all_secrets() if code not in asked])
'''

GUESSERS = {"fewest groups": FEWEST_GROUPS, "any code": ANY_CODE,
            "broken": "def next_guess(history):\n    raise ValueError('not written yet')\n",
            "same guess": "def next_guess(history):\n    return '0123'\n",
            "number": "def next_guess(history):\n    return 123\n"}


def guessers(names: list[str]) -> list[Entrant]:
    """The reference solution and the guessers named, each after the notebook's setup cell."""
    reference = notebook_cells(json.loads(GUESSES.read_text(encoding="utf-8")), "next_guess") or ()
    setup = reference[:-1]
    return [Entrant("reference", reference), *(Entrant(name, (*setup, GUESSERS[name])) for name in names)]


@pytest.mark.slow
def test_guessers_race_on_the_same_secrets_and_fewer_guesses_rate_higher():
    contest = CONTESTS["ps08"]
    entrants = [*guessers(["fewest groups", "any code"]), Entrant("minimax (computer)", computer="minimax")]
    result = play_tournament(contest, entrants, seed=3, rounds=40, jobs=2)
    order = [s.name for s in result.standings]
    assert order.index("reference") < order.index("fewest groups") < order.index("any code")
    assert len(result.games) == 40 * 4
    secrets = {}
    for game in result.games:  # every entrant is given the same secret in a match, drawn from the seed
        secrets.setdefault(game.match, set()).add(game.moves[0])
        assert game.opening == 1 and (game.winner is not None) == (game.moves[-1] == game.moves[0])
    assert len(secrets) == 40 and all(len(drawn) == 1 for drawn in secrets.values())
    assert len({next(iter(drawn)) for drawn in secrets.values()}) > 30
    standing = {s.name: s for s in result.standings}
    assert standing["reference"].wins == standing["fewest groups"].wins == 40
    assert standing["reference"].average < standing["fewest groups"].average
    assert standing["any code"].wins < 3 and standing["any code"].forfeits == 0
    rows = list(csv.DictReader(io.StringIO(result.games_csv())))
    unsolved = [row for row in rows if row["player"] == "any code" and row["solved"] == "no"]
    assert unsolved and all(row["guesses"] == "12" and "after 12 guesses, its limit" in row["reason"]
                            for row in unsolved)
    for row in rows:  # the places follow the guesses: fewer is better, an unsolved secret last
        rivals = [r for r in rows if r["secret"] == row["secret"]]
        better = [r for r in rivals if r["solved"] == "yes" and (row["solved"] == "no"
                                                                   or int(r["guesses"]) < int(row["guesses"]))]
        assert int(row["place"]) == 1 + len(better)


def test_a_guesser_that_fails_loses_every_secret_saying_why():
    contest = CONTESTS["ps08"]
    entrants = [*guessers(["broken", "same guess", "number"])[1:], Entrant("minimax (computer)", computer="minimax")]
    result = play_tournament(contest, entrants, seed=1, rounds=3)
    assert result.standings[0].name == "minimax (computer)"
    why = {"broken": "next_guess failed: ValueError: not written yet",
           "same guess": "0123 was asked already (guess 1: 0123",
           "number": "next_guess answered 123, not a move: it must return a str of 4 different digits"}
    for name, reason in why.items():
        games = [g for g in result.games if g.first == name]
        assert len(games) == 3 and all(g.winner is None and g.reason.startswith(f"{name} forfeits: ")
                                       and reason in g.reason for g in games), games
        standing = next(s for s in result.standings if s.name == name)
        assert standing.losses == standing.forfeits == 3 and standing.wins == 0
    assert "not written yet" in result.csv() and "not written yet" in result.html()


@pytest.mark.slow
def test_the_same_key_races_on_the_same_secrets_with_the_same_results():
    contest = CONTESTS["ps08"]
    computers = [Entrant(name, computer=name) for name in ("consistent", "minimax", "entropy")]
    runs = [play_tournament(contest, computers, seed=seed, rounds=4, jobs=jobs)
            for seed, jobs in ((8, 1), (8, 3), (9, 1))]
    assert runs[0].csv() == runs[1].csv() and runs[0].games_csv() == runs[1].games_csv()
    assert runs[0].games_csv() != runs[2].games_csv()
    header = runs[0].csv().splitlines()[0]
    assert "solved" in header and "average guesses" in header
    assert "secret" in runs[0].games_csv().splitlines()[0]
    from coursekit.games import GAMES

    assert contest.rules().max_guesses == GAMES["bulls"].role("checks").MAX_GUESSES  # the grading's limit


def test_the_command_races_the_class_s_guessers_and_the_course_s(tmp_path, capsys):
    root = tmp_path / "course"
    (root / "source" / "ps08").mkdir(parents=True)
    (root / "nbgrader_config.py").write_text("c = get_config()\n", encoding="utf-8")
    (root / "source" / "ps08" / "ps08.ipynb").write_text(GUESSES.read_text(encoding="utf-8"), encoding="utf-8")
    for student, code in (("ann", FEWEST_GROUPS), ("bob", GUESSERS["broken"])):
        nb = json.loads(GUESSES.read_text(encoding="utf-8"))
        for cell in nb["cells"]:
            if cell["metadata"].get("nbgrader", {}).get("grade_id") == "next_guess":
                cell["source"] = code
        (root / "submitted" / student / "ps08").mkdir(parents=True)
        (root / "submitted" / student / "ps08" / "ps08.ipynb").write_text(json.dumps(nb), encoding="utf-8")
    out = tmp_path / "out"
    assert main(["tournament", "ps08", "--course", str(root), "--out", str(out), "--rounds", "2"]) == 0
    assert "ann" in capsys.readouterr().out
    rows = {row["name"]: row for row in csv.DictReader(io.StringIO((out / "tournament.csv").read_text("utf-8")))}
    assert set(rows) == {"ann", "bob", "consistent (computer)", "minimax (computer)", "entropy (computer)"}
    assert rows["ann"]["solved"] == "2" and rows["bob"]["solved"] == "0" and "not written yet" in \
        rows["bob"]["first forfeit"]
    games = list(csv.DictReader(io.StringIO((out / "tournament-games.csv").read_text("utf-8"))))
    assert len(games) == 10 and {g["secret"] for g in games} == {"1", "2"}
    assert main(["tournament", "ps08", "--course", str(root), "--rounds", "0"]) == 2


def _race_places(guesses: dict[str, list[int | None]]) -> list[dict[str, int]]:
    """Each puzzle's places, as the tournament makes them from the games (``None``: not solved)."""
    puzzles = len(next(iter(guesses.values())))
    return [places([Game((name,), tuple(range(1 + (count or 12))), name if count else None, opening=1, match=number)
                    for name, counts in guesses.items() for count in [counts[number]]])
            for number in range(puzzles)]


def test_ratings_of_a_race_follow_the_average_place_ties_included() -> None:
    """A race of 16 whose right order is known: on every puzzle eleven entrants tie first, grace alone is
    12th and four tie last, but the first eleven differ on a few puzzles. Plackett-Luce rated grace
    first (openskill.py issues 155 and 173); the course's ratings order them by their average place."""
    names = [f"s{n:02d}" for n in range(15)] + ["grace"]
    guesses: dict[str, list[int | None]] = {name: [] for name in names}
    for puzzle in range(20):
        for number, name in enumerate(names[:11]):
            guesses[name].append(5 + (1 if puzzle % 11 == number and number >= 6 else 0))
        guesses["grace"].append(9)
        for name in names[11:15]:
            guesses[name].append(None)
    matches = _race_places(guesses)
    assert matches[0]["grace"] == 12 and matches[0]["s00"] == 1 and matches[0]["s14"] == 13
    average = {name: sum(m[name] for m in matches) / len(matches) for name in names}
    ratings = Ratings(names)
    for match in matches:
        ratings.rate(match)
    order = sorted(names, key=lambda name: (-ratings.ordinal(name), name))
    assert [average[name] for name in order] == sorted(average.values())
    assert order.index("grace") == 11
    ties = [ratings.ordinal(name) for name in names[11:15]]
    assert max(ties) - min(ties) < 1e-9  # always tied, rated alike


def test_ratings_rate_a_tie_as_a_tie_and_keep_the_gap_of_places() -> None:
    """The case of the openskill issue: places 1, 1, 12, 13 in one match; the two tied first gain alike and
    more than the third, who gains more than the last."""
    ratings = Ratings(["a", "b", "c", "d"])
    ratings.rate({"a": 1, "b": 1, "c": 12, "d": 13})
    mu = {name: ratings.mu_sigma(name)[0] for name in "abcd"}
    assert mu["a"] == mu["b"] > mu["c"] > mu["d"]


def test_race_standings_show_each_entrant_s_average_place_beside_the_rating() -> None:
    """ann solves both secrets in 3 guesses, bob in 3 and 5, cy neither: places 1, 1 / 1, 2 / 3, 3."""
    games = [Game((name,), ((0, 1, 2, 3),) * (1 + count), name if count < 12 else None, opening=1, match=number)
             for number, counts in enumerate(({"ann": 3, "bob": 3, "cy": 12}, {"ann": 3, "bob": 5, "cy": 12}))
             for name, count in counts.items()]
    standings = [Standing(name, False, 25.0, 8.0) for name in ("ann", "bob", "cy")]
    for game in games:
        standing = next(s for s in standings if s.name == game.first)
        standing.wins += game.winner is not None
        standing.losses += game.winner is None
    result = Tournament("ps08", 0, standings, games, CONTESTS["ps08"])
    rows = {row["name"]: row for row in csv.DictReader(io.StringIO(result.csv()))}
    assert {name: rows[name]["average place"] for name in rows} == {"ann": "1.00", "bob": "1.50", "cy": "3.00"}
    assert "<th>average place</th>" in result.html() and "<td>1.50</td>" in result.html()
    assert result.table().splitlines()[0].split()[-2:] == ["place", "forfeits"]


def test_a_race_s_standings_follow_the_average_place_where_a_rating_moved_match_by_match_does_not() -> None:
    """ann finds the first 12 secrets first (3 guesses to bob's 4), bob the last 4 (3 to her 4): ann beats
    bob on 12 of 16 and her average place is 1.25 to his 1.75, but a rating moved match by match remembers
    the last matches most and puts bob first. A race's standings rank by the average place."""
    counts = {"ann": [3] * 12 + [4] * 4, "bob": [4] * 12 + [3] * 4, "cy": [5] * 16, "dee": [6] * 16}
    games = [Game((name,), ((0, 1, 2, 3),) * (1 + found[number]), name, opening=1, match=number)
             for number in range(16) for name, found in counts.items()]
    average = average_places(games)
    assert average == {"ann": 1.25, "bob": 1.75, "cy": 3.0, "dee": 4.0}
    ratings = Ratings(list(counts))
    for number in range(16):
        ratings.rate(places([g for g in games if g.match == number]))
    assert sorted(counts, key=lambda name: -ratings.ordinal(name))[:2] == ["bob", "ann"]
    standings = [Standing(name, False, *ratings.mu_sigma(name), wins=16, moves=sum(found))
                 for name, found in counts.items()]
    assert [s.name for s in ranked(standings, games, race=True)] == ["ann", "bob", "cy", "dee"]
    assert [s.name for s in ranked(standings, games, race=False)][:2] == ["bob", "ann"]  # a duel keeps the rating
