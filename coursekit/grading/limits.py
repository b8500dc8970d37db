"""Calling a student's function under watch: a time limit per call and in total, errors explained.

A call that runs longer than its limit is stopped (with ``signal.setitimer`` in the main
thread, where Jupyter runs a cell) and fails with a message that says so, instead of
using up the whole cell's time. An exception raised by the student's function becomes
an ``AssertionError`` that names the call, the error and the student's line.

>>> calls = Calls("double", per_call=1.0, total=5.0)
>>> calls.call(lambda n: 2 * n, (21,), "double(21)")
42
>>> calls.call(lambda n: 1 // n, (0,), "double(0)")
Traceback (most recent call last):
...
AssertionError: double(0) raised ZeroDivisionError: integer division or modulo by zero
  (line 1 of <lambda>: calls.call(lambda n: 1 // n, (0,), "double(0)"))
"""

from __future__ import annotations

import signal
import threading
import time
import traceback
from collections.abc import Callable, Sequence
from types import FrameType
from typing import Any


class _TimeUp(BaseException):
    """Raised inside a student's function by the alarm.

    A ``BaseException``, so that ``except Exception`` in the student's code does not
    swallow it.
    """


#: After the limit, the alarm rings again at this interval (seconds) until the call stops:
#: a first ring can be swallowed where Python ignores exceptions (a finalizer, a garbage
#: collector callback), and the next one must still stop the call.
RING_AGAIN = 0.05


class _Alarm:
    """The SIGALRM handler of one call: it raises only while the call is running."""

    def __init__(self) -> None:
        self.armed = True

    def __call__(self, signum: int, frame: FrameType | None) -> None:
        if self.armed:
            raise _TimeUp("the call took too long")


class Described(Exception):
    """An error that already carries its description (a call in the sandbox that raised, ran
    too long or ended the process): :func:`describe_error` shows the description as it is."""

    def __init__(self, description: str) -> None:
        super().__init__(description)
        self.description = description


def alarm_available() -> bool:
    """Whether a running call can be stopped: ``SIGALRM`` exists and this is the main thread."""
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


def describe_error(error: BaseException) -> str:
    """``"Name: message"`` plus the last line of the traceback outside this package.

    >>> try:
    ...     [][1]
    ... except IndexError as error:
    ...     print(describe_error(error).splitlines()[0])
    IndexError: list index out of range
    """
    if isinstance(error, Described):
        return error.description
    text = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
    here = __file__.rsplit("limits", 1)[0]  # this package's folder: its frames are not the student's
    frames = [f for f in traceback.extract_tb(error.__traceback__) if not f.filename.startswith(here)]
    if frames:
        last = frames[-1]
        where = f"line {last.lineno} of {last.name}"
        if last.line:
            where += f": {last.line.strip()}"
        text += f"\n  ({where})"
    if isinstance(error, NotImplementedError):
        text += "\n  The function is not written yet: replace `raise NotImplementedError()` by your code."
    elif isinstance(error, RecursionError):
        text += "\n  The recursion goes too deep: does every call get closer to a cell (or position) with no move?"
    return text


class Calls:
    """Calls of one student function, with a limit per call and for all calls together.

    ``name`` is the function's name as the student wrote it; ``per_call`` and ``total`` are
    seconds. Each failure raises ``AssertionError`` with a message that names the call.
    """

    def __init__(self, name: str, per_call: float, total: float) -> None:
        if per_call <= 0 or total <= 0:
            raise ValueError("time limits must be positive")
        self.name = name
        self.per_call = per_call
        self.total = total
        self.spent = 0.0
        self.count = 0

    def call(self, func: Callable[..., Any], args: Sequence[Any], shown: str, context: str = "") -> Any:
        """``func(*args)`` within the limits; ``shown`` is how the call reads (``"f(3, 4)"``).

        ``context`` (a picture of the position, say) is added to every failure message.
        """
        tail = f"\n\n{context}" if context else ""
        use_alarm = alarm_available()
        previous: Any = None
        alarm = _Alarm()
        if use_alarm:
            previous = signal.signal(signal.SIGALRM, alarm)
            signal.setitimer(signal.ITIMER_REAL, self.per_call, RING_AGAIN)
        start = time.perf_counter()
        try:
            result = func(*args)
        except _TimeUp:
            raise AssertionError(self._too_slow(shown) + tail) from None
        except Exception as error:
            raise AssertionError(f"{shown} raised {describe_error(error)}{tail}") from None
        finally:
            elapsed = time.perf_counter() - start
            alarm.armed = False
            if use_alarm:
                signal.setitimer(signal.ITIMER_REAL, 0)
                signal.signal(signal.SIGALRM, previous)
        self.count += 1
        self.spent += elapsed
        if elapsed > self.per_call:  # only without the alarm, or when C code held it up
            raise AssertionError(self._too_slow(shown) + tail)
        if self.spent > self.total:
            raise AssertionError(
                f"{self.name} is too slow: {self.count} calls took {self.spent:.1f} s together, more than the "
                f"{self.total:g} s allowed for all the positions of this test. Compute less on each call "
                f"(remember what you found, for example with functools.cache)."
            )
        return result

    def _too_slow(self, shown: str) -> str:
        return (
            f"{shown} did not return within {self.per_call:g} s, the limit for one call. "
            f"Does it loop forever, or search the same positions again and again? "
            f"(Remember what you found, for example with functools.cache.)"
        )
