"""Word-guessing pictures: the pattern, the letters tried and the wrong guesses left, as text
and as SVG, and a game's transcript.

>>> from coursekit.games.words import WordsObservation
>>> print(observation_text(WordsObservation("_a__e", ("e", "a", "r"), 5)))
_ a _ _ e
tried: e a r
wrong guesses left: 5
"""

from __future__ import annotations

from html import escape

from ..core import display
from ..core.record import Record
from ..games.words import BLANK, LANGUAGE_NAMES, Words, WordsObservation, WordsState

BOX = 30
GAP = 4
MARK = 14
PAD = 8
#: Colours: shown letters dark, letters revealed at the end grey, wrong guesses red.
INK, REVEALED, WRONG, RIGHT = "#222", "#999", "#c0392b", "#2c7fb8"


def spaced(pattern: str) -> str:
    """A pattern with a space between letters, so blanks can be counted: ``_ a _ _ e``.

    >>> spaced("_a__e")
    '_ a _ _ e'
    """
    return " ".join(pattern)


def wrong_guesses(seen: WordsObservation) -> tuple[str, ...]:
    """The guesses that were wrong: letters not in the pattern, words other than the found one.

    >>> wrong_guesses(WordsObservation("_a__e", ("e", "a", "r", "table"), 4))
    ('r', 'table')
    """
    return tuple(g for g in seen.tried if (g not in seen.pattern if len(g) == 1 else g != seen.pattern))


def observation_text(seen: WordsObservation) -> str:
    """The pattern, the guesses tried, and how many wrong guesses are left (what the guesser sees)."""
    if not seen.pattern:
        return "no word is hidden yet"
    tried = " ".join(seen.tried) if seen.tried else "nothing yet"
    lines = [spaced(seen.pattern), f"tried: {tried}", f"wrong guesses left: {seen.wrong_left}"]
    if seen.is_found:
        lines.append("the word is found")
    elif seen.wrong_left <= 0:
        lines.append("no wrong guess left: the game is lost")
    return "\n".join(lines)


def _seen(state: WordsState, max_wrong: int = 6) -> WordsObservation:
    return WordsObservation(state.pattern(), state.guesses, max_wrong - state.wrong_guesses)


def state_text(state: WordsState) -> str:
    """The whole state: what the guesser sees, and the hidden word's length (the word itself
    only when the game is over, as the terminal reveals it).

    >>> print(state_text(WordsState("house", ("e", "x"))))
    _ _ _ _ e
    tried: e x
    wrong guesses: 1
    hidden word: 5 letters
    """
    if state.secret is None:
        return "no word is hidden yet"
    seen = _seen(state)
    tried = " ".join(seen.tried) if seen.tried else "nothing yet"
    lines = [spaced(seen.pattern), f"tried: {tried}", f"wrong guesses: {state.wrong_guesses}"]
    lines.append(f"hidden word: {len(state.secret)} letters" if not seen.is_found else f"the word: {state.secret}")
    return "\n".join(lines)


def move_words(move: str) -> str:
    """A guess in words.

    >>> move_words("e"), move_words("house")
    ('letter e', 'word house')
    """
    return f"letter {move}" if len(move) == 1 else f"word {move}"


def rules_text(rules: Words) -> str:
    """The options in words: ``English, 2,656 words of 4 or more letters, 6 wrong guesses allowed``."""
    return (f"{LANGUAGE_NAMES[rules.language]}, {len(rules.words):,} words of {rules.min_length} or more letters "
            f"(from the {rules.top:,} most frequent), {rules.max_wrong} wrong guesses allowed")


def answer_text(secret: str, move: str) -> str:
    """What a guess got: ``right: 2 places``, ``wrong``, ``right: the word``.

    >>> answer_text("hello", "l"), answer_text("hello", "z"), answer_text("hello", "hello")
    ('right: 2 places', 'wrong', 'right: the word')
    """
    if len(move) > 1:
        return "right: the word" if move == secret else "wrong"
    places = secret.count(move)
    return f"right: {places} place{'s' if places != 1 else ''}" if places else "wrong"


def transcript(record: Record) -> str:
    """A game guess by guess: what each guess got, the pattern after it, and the result."""
    rules = record.rules
    assert isinstance(rules, Words)
    guesser = record.players[0]
    lines = [f"Word guessing, {rules_text(rules)}: guesser {guesser}"]
    state: WordsState = record.start
    secret = next((s.state.secret for s in record.steps if s.state.secret is not None), state.secret)
    if secret is None:
        return "\n".join([*lines, "No word was hidden."])
    lines += [f"The computer hides a word of {len(secret)} letters.", spaced(_seen(WordsState(secret), 0).pattern)]
    for i, step in enumerate(record.moves, start=1):
        seen = _seen(step.state, rules.max_wrong)
        lines += ["", f"Guess {i}: {move_words(step.move)}: {answer_text(secret, step.move)}",
                  f"{spaced(seen.pattern)}   wrong guesses left: {seen.wrong_left}"]
    lines.append("")
    wrong = record.final.wrong_guesses
    if record.end == "won":
        lines.append(f"The guesser ({guesser}) found the word '{secret}' with {wrong} wrong "
                     f"guess{'es' if wrong != 1 else ''}.")
    elif record.end == "lost":
        lines.append(f"The guesser ({guesser}) made {wrong} wrong guesses and lost: the word was '{secret}'.")
    else:
        lines.append(f"The game ended: {record.end}; the word was '{secret}'.")
    return "\n".join(lines)


def _picture(pattern: str, secret: str | None, tried: tuple[str, ...], wrong: tuple[str, ...], left: int,
             caption: str) -> str:
    """Boxes for the letters (found letters dark, ``secret``'s other letters grey), the guesses
    tried (wrong ones red) and a row of marks: filled for a wrong guess made, empty for one left."""
    marks = len(wrong) + max(left, 0)
    width = max(PAD * 2 + len(pattern) * (BOX + GAP), PAD * 2 + marks * (MARK + GAP), 220)
    height = 20 + BOX + 22 + MARK + 2 * PAD + 12
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif" role="img">',
           f"<title>{escape(caption)}</title>",
           f'<text x="{PAD}" y="12" font-size="11" fill="#333" dominant-baseline="central">{escape(caption)}</text>']
    top = 22
    for i, letter in enumerate(pattern):
        x = PAD + i * (BOX + GAP)
        out.append(f'<rect x="{x}" y="{top}" width="{BOX}" height="{BOX}" fill="#fff" stroke="#555"/>')
        shown, ink = (letter, INK) if letter != BLANK else ((secret[i], REVEALED) if secret else ("", INK))
        if shown:
            out.append(f'<text x="{x + BOX / 2:g}" y="{top + BOX / 2:g}" font-size="18" font-weight="bold" '
                       f'fill="{ink}" text-anchor="middle" dominant-baseline="central">{escape(shown)}</text>')
    y = top + BOX + 14
    x = PAD
    for guess in tried:
        colour = WRONG if guess in wrong else RIGHT
        decoration = ' text-decoration="line-through"' if guess in wrong else ""
        out.append(f'<text x="{x}" y="{y}" font-size="12" fill="{colour}"{decoration} '
                   f'dominant-baseline="central">{escape(guess)}</text>')
        x += 8 * len(guess) + 8
    y += 12
    for i in range(marks):
        cx = PAD + i * (MARK + GAP) + MARK / 2
        fill = WRONG if i < len(wrong) else "#fff"
        out.append(f'<circle cx="{cx:g}" cy="{y + MARK / 2:g}" r="{MARK / 2 - 1:g}" fill="{fill}" stroke="{WRONG}"/>')
    out.append(f'<text x="{PAD}" y="{y + MARK + 8}" font-size="10" fill="#555" dominant-baseline="central">'
               f'{len(wrong)} wrong, {max(left, 0)} left</text>')
    out.append("</svg>")
    return "".join(out)


def observation_svg(seen: WordsObservation) -> str:
    """What the guesser sees: the pattern in boxes, the guesses tried, a mark per wrong guess (made or left)."""
    caption = "the word is found" if seen.is_found else (
        "no wrong guess left" if seen.wrong_left <= 0 else f"{seen.length} letters: guess a letter or the word")
    return _picture(seen.pattern, None, seen.tried, wrong_guesses(seen), seen.wrong_left, caption)


def state_svg(state: WordsState) -> str:
    """The pattern with the marks of the wrong guesses made (the hidden word's letters are not drawn)."""
    if state.secret is None:
        return _picture("", None, (), (), 0, "no word is hidden yet")
    seen = _seen(state, 0)
    return _picture(seen.pattern, None, seen.tried, wrong_guesses(seen), 0, f"{len(state.secret)} letters")


def record_svg(record: Record) -> str:
    """A game's end: the word (letters never found in grey), the guesses, the wrong-guess marks."""
    rules = record.rules
    assert isinstance(rules, Words)
    final: WordsState = record.final
    seen = _seen(final, rules.max_wrong)
    caption = {"won": "found", "lost": "lost"}.get(str(record.end), str(record.end))
    return _picture(seen.pattern, final.secret, seen.tried, wrong_guesses(seen), seen.wrong_left,
                    f"{caption} after {len(record.moves)} guesses")


def register() -> None:
    """Register the word-guessing views with :mod:`coursekit.core.display`."""
    display.register(WordsObservation, text=observation_text, svg=observation_svg)
    display.register(WordsState, text=state_text, svg=state_svg)
    display.register(Words, text=transcript, svg=record_svg, move=move_words)


__all__ = ["answer_text", "move_words", "observation_svg", "observation_text", "record_svg", "register", "spaced",
           "state_svg", "state_text", "transcript", "wrong_guesses"]
