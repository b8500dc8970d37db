"""The sandbox that runs a submission's code: plain data in and out, every limit enforced from outside.

The tests that need isolation (the file system, the network, processes) run only where
bubblewrap is installed (``.ci/run`` installs it); each says so when skipped.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

import coursekit
from coursekit import Coord, Grid
from coursekit.games.corners import Corners
from coursekit.games.corners.checks import graded_rules
from coursekit.grading.codec import CodecError, Opaque, decode, encode
from coursekit.grading.limits import Calls
from coursekit.grading.nbgrader.trusted import Remote
from coursekit.grading.sandbox import CallOverTime, Limits, Sandbox, SandboxProblem, bubblewrap, isolation

ISOLATED = bubblewrap() is not None
needs_bwrap = pytest.mark.skipif(not ISOLATED, reason="bubblewrap is not installed (apt-get install bubblewrap)")
PACKAGE = Path(coursekit.__file__).parent
QUICK = Limits(call_seconds=1.0, cells_seconds=5.0)


def sandbox_pids() -> set[int]:
    """Processes of the sandbox user now (the sandbox runs as ``nobody`` when the grader is root)."""
    pids = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                status = Path(f"/proc/{entry}/status").read_text()
            except OSError:
                continue
            uid = next(line.split()[1] for line in status.splitlines() if line.startswith("Uid:"))
            if uid == "65534":
                pids.add(int(entry))
    return pids


# -- the codec -----------------------------------------------------------------------------

def test_codec_keeps_the_course_types() -> None:
    value = (Coord(1, 2), [3, (4, 5)], {Coord(0, 0): frozenset({1}), "a": {2}}, None, True, 1.5, float("inf"))
    back = decode(encode(value))
    assert back == value
    assert type(back[0]) is Coord and type(back[1][1]) is tuple and type(back[2]["a"]) is set
    grid = Grid(4, 3, blocked=frozenset({Coord(1, 1)}))
    assert decode(encode(grid)) == grid


def test_codec_turns_other_objects_into_opaque_and_refuses_foreign_types() -> None:
    class Always:
        def __eq__(self, other: object) -> bool:
            return True

    assert decode(encode(Always())) == Opaque("test_codec_turns_other_objects_into_opaque_and_refuses_foreign_types."
                                              "<locals>.Always")
    for bad in ['{"data": "subprocess:Popen", "fields": {"args": "ls"}}', '{"named": "os:stat_result", "items": []}',
                '{"what": 1}', '{"tuple": 3}', "not json", '{"dict": [[[1], 2]]}']:
        with pytest.raises(CodecError):
            decode(bad)


# -- cells and calls -----------------------------------------------------------------------

def test_cells_run_in_order_and_calls_cross_as_data() -> None:
    cells = ["from coursekit import Coord\nSTEP = (1, 0)",
             "def move(cell):\n    print('moving', cell)\n    return Coord(cell.x + STEP[0], cell.y + STEP[1])",
             "print('x' * 100_000)"]
    with Sandbox(cells, QUICK) as box:
        assert box.names == {"Coord": "function", "STEP": "value", "move": "function"}
        assert box.call("move", (Coord(2, 3),)) == Coord(3, 3)
        assert box.value("STEP") == (1, 0)
        assert [r["error"] for r in box.results] == [None, None, None]
        assert "more characters of output not kept" in box.results[2]["output"]
        assert len(box.results[2]["output"]) < 25_000


def test_a_failing_cell_keeps_what_the_cells_before_it_defined() -> None:
    cells = ["a = 1", "b = 2\n1 / 0\nc = 3", "import os\nos._exit(7)", "d = a + b"]
    with Sandbox(cells, QUICK) as box:
        errors = [r["error"] for r in box.results]
        assert errors[0] is None and errors[3] is None
        assert errors[1].startswith("ZeroDivisionError")
        assert "ended the program that runs your code" in errors[2]
        assert box.value("d") == 3
        with pytest.raises(SandboxProblem, match="KeyError"):
            box.value("c")


def test_a_call_that_loops_is_stopped_and_the_next_one_runs_in_a_fresh_sandbox() -> None:
    cells = ["def loop():\n    while True:\n        try:\n            pass\n"
             "        except BaseException:\n            pass",
             "def fine(n):\n    return n + 1"]
    with Sandbox(cells, QUICK) as box:
        with pytest.raises(SandboxProblem, match="did not return within 1 s"):
            box.call("loop", ())
        assert box.call("fine", (1,)) == 2
        assert box.restarts == 1


def test_raised_errors_and_odd_answers_come_back_as_messages() -> None:
    cells = ["def oops():\n    raise ValueError('no')", "def exits():\n    raise SystemExit(0)",
             "def crash():\n    import os\n    os._exit(1)",
             "class Yes:\n    def __eq__(self, o):\n        return True",
             "def yes():\n    return Yes()", "def huge():\n    return 'y' * (20 << 20)"]
    with Sandbox(cells, QUICK) as box:
        with pytest.raises(SandboxProblem, match="ValueError: no"):
            box.call("oops", ())
        with pytest.raises(SandboxProblem, match="SystemExit"):
            box.call("exits", ())
        with pytest.raises(SandboxProblem, match="ended the program"):
            box.call("crash", ())
        assert box.call("yes", ()) == Opaque("Yes")
        with pytest.raises(SandboxProblem, match="larger than 8 MB"):
            box.call("huge", ())


def test_memory_is_limited() -> None:
    cells = ["def grab():\n    block = bytearray(3 << 30)\n    return len(block)"]
    with Sandbox(cells, Limits(memory=512 << 20, call_seconds=5.0)) as box, \
            pytest.raises(SandboxProblem, match=r"MemoryError|ended the program"):
        box.call("grab", ())


# -- isolation (bubblewrap) ------------------------------------------------------------------

@needs_bwrap
def test_the_sandbox_sees_no_course_folder_and_writes_nothing_of_it() -> None:
    before = (PACKAGE / "__init__.py").read_bytes()
    cells = [f"""
import os
def look():
    return sorted(os.listdir({str(PACKAGE.parent)!r}))
def write():
    try:
        with open({str(PACKAGE / '__init__.py')!r}, 'a') as f:
            f.write('# changed')
        return 'written'
    except OSError as error:
        return type(error).__name__
def environment():
    return sorted(os.environ)
"""]
    with Sandbox(cells, QUICK) as box:
        seen = box.call("look", ())
        assert "coursekit" in seen and "assignments" not in seen and "tests" not in seen
        assert box.call("write", ()) in ("PermissionError", "OSError")
        assert box.call("environment", ()) == sorted(["HOME", "LANG", "OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS",
                                                       "PATH", "PWD"])
    assert (PACKAGE / "__init__.py").read_bytes() == before


@needs_bwrap
def test_no_network_and_no_process_outlives_the_sandbox() -> None:
    cells = ["""
import os, socket, subprocess
def connect():
    try:
        socket.create_connection(('1.1.1.1', 80), timeout=1)
        return 'connected'
    except OSError as error:
        return type(error).__name__
def daemon():
    subprocess.Popen(['sleep', '300'], start_new_session=True)
    return os.getpid()
def fork_bomb():
    count = 0
    try:
        while True:
            if os.fork() == 0:
                while True:
                    pass
            count += 1
    except OSError:
        return count
"""]
    with Sandbox(cells, Limits(call_seconds=3.0)) as box:
        assert box.call("connect", ()) != "connected"
        assert box.call("daemon", ()) < 100  # its own PID namespace: it cannot see or signal the grader
        assert box.call("fork_bomb", ()) < Limits().processes
    if os.geteuid() == 0:  # the killed processes are gone once the kernel has reaped them (a moment)
        deadline = time.monotonic() + 10
        while sandbox_pids() and time.monotonic() < deadline:
            time.sleep(0.1)
        left = {pid: Path(f"/proc/{pid}/stat").read_text(errors="replace")[:80] for pid in sandbox_pids()
                if Path(f"/proc/{pid}/stat").exists()}
        assert left == {}, left


def test_isolation_says_what_is_not_protected(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COURSEKIT_SANDBOX", "process")
    assert "NOT protected" in isolation()
    with Sandbox(["def f():\n    return 1"], QUICK) as box:
        assert not box.isolated and box.call("f", ()) == 1


def test_a_measured_helper_is_answered_and_counted_by_the_grader() -> None:
    """The setup cell's helper becomes a stand-in that asks the grader: the count cannot be faked."""
    def neighbours(n: int) -> list[int]:
        return [n - 1, n + 1]

    cells = ["def neighbours(n):\n    return []",  # the setup cell's own version is replaced
             "def walk(n):\n    seen = [neighbours(k) for k in range(n)]\n    return seen[-1]",
             "def liar(n):\n    import gc\n    return 'asked nothing'"]
    with Sandbox(cells, QUICK, setup=[0], measured={"neighbours": neighbours}) as box:
        assert box.call("walk", (3,)) == [1, 3]
        assert box.recorded == {"neighbours": [(0,), (1,), (2,)]}
        assert box.call("liar", (3,)) == "asked nothing"
        assert box.recorded == {}


# -- time is the sandbox's CPU time, read from outside; arguments stay the same object -----------

SPIN = "def spin(n):\n    total = 0\n    for k in range(n):\n        total += k\n    return total"
NAP = "def nap(seconds):\n    import time\n    time.sleep(seconds)\n    return seconds"


@pytest.mark.parametrize("where", ["bubblewrap", "process"])
def test_the_grader_reads_the_sandbox_s_cpu_time_from_outside(where: str, monkeypatch: pytest.MonkeyPatch) -> None:
    if where == "bubblewrap" and not ISOLATED:
        pytest.skip("bubblewrap is not installed")
    if where == "process":
        monkeypatch.setenv("COURSEKIT_SANDBOX", "process")
    # the runner's own clock is the student's: a cell that fakes time.process_time changes nothing outside
    fake = "import time\ntime.process_time = lambda: 0.0\ntime.perf_counter = lambda: 0.0"
    with Sandbox([fake, SPIN, NAP], QUICK) as box:
        before = box.cpu_seconds()
        box.call("spin", (3_000_000,))
        spun = box.cpu_seconds() - before
        box.call("nap", (0.3,))
        napped = box.cpu_seconds() - before - spun
    assert spun >= 0.05 and napped < 0.05  # computing is counted, sleeping is not


def test_a_call_over_its_cpu_limit_is_stopped_and_one_that_sleeps_by_the_backstop() -> None:
    cells = ["def loop():\n    while True:\n        pass", NAP, SPIN]
    with Sandbox(cells, QUICK) as box:
        with pytest.raises(CallOverTime, match=r"did not return within 0\.2 s of CPU time") as over:
            box.call("loop", (), seconds=30, cpu=0.2)
        assert over.value.cpu
        spent = box.cpu_seconds()
        assert 0.2 <= spent < 1.0  # counted, until the process was stopped
        with pytest.raises(CallOverTime, match=r"did not return within 0\.3 s by the clock") as slept:
            box.call("nap", (5,), seconds=0.3, cpu=0.2)
        assert not slept.value.cpu
        assert box.call("spin", (10,)) == 45 and box.cpu_seconds() >= spent  # never goes back after a restart


def test_a_remote_function_is_timed_by_its_sandbox_s_cpu_time() -> None:
    with Sandbox([SPIN], QUICK) as box:
        spin = Remote(box, "spin")
        calls = Calls("spin", per_call=0.2, total=10.0)
        assert calls.call(spin, (1000,), "spin(1000)") == sum(range(1000))
        assert calls.clock is None and calls.spent < 0.2
        with pytest.raises(AssertionError, match=r"spin\(10 \*\* 9\) did not return within 0\.2 s, the limit for one "
                                                 r"call \(seconds of CPU time"):
            calls.call(spin, (10 ** 9,), "spin(10 ** 9)")


def test_the_rules_of_a_game_stay_one_object_caches_included() -> None:
    cells = ["seen = []\n"
             "def remember(rules, state):\n"
             "    seen.append(rules)\n"
             "    rules.legal_moves(state)\n"
             "    return [len({id(r) for r in seen}), len(rules.__dict__)]",
             "def change(board):\n    board.append('changed')\n    return len(board)",
             "def tamper(grid):\n    object.__setattr__(grid, 'blocked', frozenset())\n    return id(grid)",
             "def look(grid):\n    return [id(grid), len(grid.blocked)]"]
    rules = graded_rules()
    state = rules.initial_state()
    with Sandbox(cells, QUICK) as box:
        answers = [box.call("remember", (Corners.from_spec(rules.spec()), state)) for _ in range(5)]
        assert [a[0] for a in answers] == [1] * 5  # the same object on every call, though sent five times
        assert answers[-1][1] >= answers[0][1] > 0  # its cached properties stay filled
        board = ["XO.", "...", "..."]
        assert [box.call("change", (board,)) for _ in range(3)] == [4, 4, 4]  # a list comes afresh every time
        grid = Grid(3, 3, blocked=frozenset({Coord(1, 1)}))
        kept, blocked = box.call("look", (grid,))
        assert blocked == 1
        assert box.call("look", (grid,)) == [kept, 1]
        assert box.call("tamper", (grid,)) == kept
        assert box.call("look", (grid,))[1] == 1  # a field set anew: the grid is decoded afresh


def test_measured_helpers_answer_in_the_sandbox_when_a_check_counts_nothing() -> None:
    def play(n: int) -> int:
        return n + 1

    cells = ["def play(n):\n    return n + 1", "def twice(n):\n    return play(play(n))"]
    with Sandbox(cells, QUICK, setup=[0], measured={"play": play}) as box:
        assert box.call("twice", (1,)) == 3 and len(box.recorded["play"]) == 2
        assert box.call("twice", (1,), measure=False) == 3 and box.recorded == {}
        remote = Remote(box, "twice")
        remote.measuring(False)
        assert remote(5) == 7 and remote.asked("play") == []
        remote.measuring(True)
        assert remote(5) == 7 and remote.asked("play") == [(5,), (6,)]


BACKGROUND = '''\
import os
def background(seconds):
    """Start a process that computes for ``seconds`` of CPU time after this call has returned."""
    if os.fork() == 0:
        import time
        end = time.process_time() + seconds
        while time.process_time() < end:
            pass
        os._exit(0)
    return "started"
'''


@pytest.mark.parametrize("where", ["bubblewrap", "process"])
def test_a_process_left_computing_in_the_sandbox_is_counted_while_it_runs(where: str,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """A call that returns at once and leaves a process computing does not get that CPU time for free: the next
    call, which only sleeps, is stopped over its CPU limit, because the process below is counted while it runs."""
    if where == "bubblewrap" and not ISOLATED:
        pytest.skip("bubblewrap is not installed")
    if where == "process":
        monkeypatch.setenv("COURSEKIT_SANDBOX", "process")
    with Sandbox([BACKGROUND, NAP], QUICK) as box:
        before = box.cpu_seconds()
        assert box.call("background", (4.0,), seconds=5, cpu=0.5) == "started"
        with pytest.raises(CallOverTime, match=r"did not return within 0\.5 s of CPU time") as over:
            box.call("nap", (3,), seconds=10, cpu=0.5)
        assert over.value.cpu and box.cpu_seconds() - before >= 0.5
    with Sandbox([NAP], QUICK) as box:  # the check can fail: sleeping alone stays within the limit
        assert box.call("nap", (1,), seconds=10, cpu=0.5) == 1
