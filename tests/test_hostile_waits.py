"""Code that waits instead of computing, in real sandboxes: it costs seconds, never a grading slot's whole time.

- A function that sleeps 15 s a call (no CPU time) is stopped once it has waited its CPU limit
  plus 2 s (:func:`~coursekit.grading.limits.wait_backstop`), and a check of several such calls
  stops asking after two of them (:data:`~coursekit.grading.limits.WAITS`): the check costs two
  stops, not one a call.
- A cell that floods the measured helper's channel from a thread, without reading the answers,
  while its main thread sleeps, is stopped at the cell's waiting limit: the grader never blocks
  writing to it. The cells after it run afresh.
- Honest code is never stopped by waiting: a call that uses most of its CPU limit, and one that
  asks the grader's measured helper thousands of times, pass beside processes that keep both cores
  busy (waiting for a processor is not waiting).
- End to end, with real ``coursekit grade`` and nbgrader: a ps08 guesser that plays the reference's
  guesses but sleeps 15 s a call scores 0 on every test, in well under a minute of grading, and its
  feedback says that it waited instead of computing (``python -m benchmarks.grading_sleeper`` measures it against
  the rules of before, which kept it for the whole 600 s of its submission).
"""

from __future__ import annotations

import contextlib
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path

import pytest
from nbgrader_course import Source, Student, run_course

from coursekit.grading.limits import WAITS, Calls, wait_backstop, wall_backstop
from coursekit.grading.nbgrader.trusted import Remote
from coursekit.grading.sandbox import CallOverTime, Limits, Sandbox

NAP = "def nap(n):\n    import time\n    time.sleep(15)\n    return n"
WORK = ("def work(seconds):\n    import time\n    end = time.process_time() + seconds\n"
        "    while time.process_time() < end:\n        pass\n    return seconds")
WALK = "def walk(n):\n    total = 0\n    for k in range(n):\n        total += helper(k)\n    return total"
#: A student's cell: a thread sends the measured helper's requests without end and reads no answer,
#: while the cell itself sleeps (the runner's own ``reply`` is found in the stand-in's closure).
FLOOD = '''\
import threading, time
send = next(c.cell_contents for c in helper.__closure__ if getattr(c.cell_contents, "__name__", "") == "reply")
def flood():
    while True:
        send({"callback": "helper", "args": ["1"]})
threading.Thread(target=flood, daemon=True).start()
time.sleep(1000)
'''


def helper(n: int) -> int:
    return n


@contextlib.contextmanager
def busy(count: int) -> Iterator[None]:
    """``count`` processes that burn CPU until the block ends."""
    burners = [subprocess.Popen([sys.executable, "-c", "while True:\n    pass"]) for _ in range(count)]
    try:
        time.sleep(0.5)
        yield
    finally:
        for burner in burners:
            burner.kill()
        for burner in burners:
            burner.wait()


def test_a_call_that_sleeps_is_stopped_after_its_cpu_limit_plus_two_seconds() -> None:
    with Sandbox([NAP], Limits()) as box:
        began = time.monotonic()
        with pytest.raises(CallOverTime, match=r"^waited 3 s by the clock without computing \(its limit is 1 s of "
                                               r"CPU time") as slept:
            box.call("nap", (1,), cpu=1.0)
        took = time.monotonic() - began
    assert not slept.value.cpu
    assert wait_backstop(1.0) <= took < wall_backstop(1.0) / 2  # 3 s and a little, where the clock alone gave 20 s


@pytest.mark.timeout(120)
def test_a_check_of_sleeping_calls_stops_asking_after_two() -> None:
    """Six calls of a check, each sleeping 15 s: two are stopped (about 3 s each), four are not asked."""
    with Sandbox([NAP], Limits()) as box:
        calls = Calls("nap", per_call=1.0, total=10.0)
        nap = Remote(box, "nap")
        messages = []
        began = time.monotonic()
        for n in range(6):
            try:
                calls.call(nap, (n,), f"nap({n})")
            except AssertionError as error:
                messages.append(str(error))
        took = time.monotonic() - began
    assert len(messages) == 6 and calls.waited == WAITS == 2 and calls.count == 2
    assert messages[0].startswith("nap(0) waited 3 s by the clock without computing") and "sleep" in messages[0]
    assert messages[1].endswith("The rest of this test is not asked.")
    assert all(m.startswith(f"nap({n}) was not asked: 2 calls of nap in this test waited (slept")
               for n, m in enumerate(messages[2:], start=2))
    # two stops of about 3 s and a fresh sandbox after each; the wall clock alone stopped each call after 20 s
    assert took < 20.0, took


@pytest.mark.timeout(150)
def test_a_cell_that_floods_the_channel_from_a_thread_is_stopped_and_the_next_cells_run() -> None:
    """The grader answers the flood until the sandbox's input is full, then waits for it without blocking:
    the cell is stopped when it has waited the cells' limit plus 2 s (22 s with the course's limits),
    where the grader used to block in ``write`` until the student's own code ended."""
    limits = Limits()
    cells = ["def helper(n):\n    return n", FLOOD, "def after():\n    return 'fresh'"]
    began = time.monotonic()
    with Sandbox(cells, limits, setup=[0], measured={"helper": helper}) as box:
        took = time.monotonic() - began
        error = box.results[1]["error"]
        assert error is not None and error.startswith("This cell flooded the channel: it sent the grader messages "
                                                      "without reading its answers"), error
        assert box.results[2]["error"] is None and box.call("after", ()) == "fresh"
    assert wait_backstop(limits.cells_seconds) <= took < 60.0, took


@pytest.mark.timeout(120)
def test_a_call_that_floods_the_channel_is_stopped_at_its_waiting_limit_and_the_next_call_runs_afresh() -> None:
    flooding = "def call_flood():\n" + "".join(f"    {line}\n" for line in FLOOD.splitlines())
    cells = ["def helper(n):\n    return n", flooding, "def after():\n    return 'fresh'"]
    with Sandbox(cells, Limits(), setup=[0], measured={"helper": helper}) as box:
        began = time.monotonic()
        with pytest.raises(CallOverTime, match=r"^flooded the channel: it sent the grader messages without reading "
                                               r"its answers, and was stopped after \d+ s by the clock") as flooded:
            box.call("call_flood", (), cpu=1.0)
        took = time.monotonic() - began
        assert not flooded.value.cpu and box.call("after", ()) == "fresh" and box.restarts == 1
    assert wait_backstop(1.0) <= took < wall_backstop(1.0), took


@pytest.mark.timeout(60)
def test_a_call_that_asks_its_measured_helper_without_end_is_stopped_by_its_cpu_time() -> None:
    """Each round trip is answered at once, so the grader is never left waiting: its CPU limit still stops it."""
    cells = ["def helper(n):\n    return n", "def forever():\n    while True:\n        helper(1)"]
    with Sandbox(cells, Limits(), setup=[0], measured={"helper": helper}) as box:
        began = time.monotonic()
        with pytest.raises(CallOverTime, match=r"did not return within 0\.2 s of CPU time") as over:
            box.call("forever", (), seconds=60, cpu=0.2)
        assert over.value.cpu and len(box.recorded["helper"]) > 100
    assert time.monotonic() - began < 60


@pytest.mark.timeout(120)
def test_honest_calls_are_not_stopped_for_waiting_on_a_busy_machine(
        alone: Callable[[], AbstractContextManager[None]]) -> None:
    """A call that needs 0.8 s of its 1 s of CPU time, and one that asks the grader's helper 3,000 times (a round
    trip each), beside four processes that burn CPU on this machine's cores: the first may take several seconds
    by the clock, more than its CPU limit + 2 s, and is still not stopped; neither is ever said to wait."""
    cells = ["def helper(n):\n    return n", WORK, WALK]
    with Sandbox(cells, Limits(), setup=[0], measured={"helper": helper}) as box, alone(), busy(4):
        assert box.call("work", (0.8,), cpu=1.0) == 0.8
        assert box.call("walk", (3000,), cpu=3.0) == sum(range(3000)) and len(box.recorded["helper"]) == 3000
        calls = Calls("work", per_call=1.0, total=10.0)
        assert calls.call(Remote(box, "work"), (0.8,), "work(0.8)") == 0.8 and calls.waited == 0


def sleeping_guesser(source: Source) -> str:
    """ps08's reference ``next_guess``, answering each call after 15 s of sleep (no CPU time)."""
    return (source.reference("next_guess") + "\n\n_reference_guess = next_guess\n\n\n"
            "def next_guess(history):\n    import time\n    time.sleep(15)\n    return _reference_guess(history)\n")


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_a_sleeping_ps08_guesser_is_graded_fast_with_a_clear_message(tmp_path: Path) -> None:
    source = Source("ps08")
    run = run_course(source, {"sleeper": Student({"next_guess": sleeping_guesser(source)}, zero="all")}, tmp_path)
    assert run.scores["sleeper"] == run.expected("sleeper")
    assert run.grades["sleeper"]["score"] in ("0", "0.0")
    feedback = " ".join(run.feedback("sleeper").split())
    assert feedback.count("waited 3 s by the clock without computing (its limit is 1 s of CPU time") >= 4
    assert "needs manual grading" not in run.log, run.log
    # the whole coursekit grade command (its start and the reference's warm-up included); before, 600 s
    assert run.seconds["autograde"] < 120, run.seconds
