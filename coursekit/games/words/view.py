"""Word-guessing pictures: the pattern, the letters tried and the wrong guesses left, as text
and as SVG, and a game's transcript.

>>> from coursekit.games.words import WordsObservation
>>> print(observation_text(WordsObservation("_a__e", ("e", "a", "r"), 5)))
_ a _ _ e
tried: e a r
wrong guesses left: 5
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ...core import display
from ...core.record import Record
from ...render.svg import caption_lines, hit_open
from .rules import BLANK, LANGUAGE_NAMES, Words, WordsObservation, WordsState

BOX = 30
GAP = 4
MARK = 14
PAD = 8
#: Colours (each at least 4.5:1 on white): shown letters dark, letters revealed at the end grey,
#: wrong guesses red, right ones blue.
INK, REVEALED, WRONG, RIGHT = "#222", "#6b6b6b", "#c0392b", "#1f6391"
#: The board's letter keys: size, gap, and how many to a row.
KEY, KEY_GAP, KEYS_PER_ROW = 30, 4, 11


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


def _opening(width: int, height: int, caption: str) -> list[str]:
    """The start of a words picture: the SVG element, its title and the caption on top.

    >>> _opening(220, 90, "a <b>")[1]
    '<title>a &lt;b&gt;</title>'
    """
    return [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="sans-serif" role="img">',
            f"<title>{escape(caption)}</title>",
            f'<text x="{PAD}" y="12" font-size="11" fill="#333" dominant-baseline="central">{escape(caption)}</text>']


def _letter_boxes(pattern: str, secret: str | None, top: int) -> list[str]:
    """A box for each letter of ``pattern`` at height ``top``: a found letter dark, a blank one
    empty, or the ``secret``'s letter in grey when the word is shown.

    >>> boxes = _letter_boxes("a_", "ab", 22)
    >>> len(boxes), REVEALED in boxes[3]
    (4, True)
    """
    out = []
    for i, letter in enumerate(pattern):
        x = PAD + i * (BOX + GAP)
        out.append(f'<rect x="{x}" y="{top}" width="{BOX}" height="{BOX}" fill="#fff" stroke="#555"/>')
        shown, ink = (letter, INK) if letter != BLANK else ((secret[i], REVEALED) if secret else ("", INK))
        if shown:
            out.append(f'<text x="{x + BOX / 2:g}" y="{top + BOX / 2:g}" font-size="18" font-weight="bold" '
                       f'fill="{ink}" text-anchor="middle" dominant-baseline="central">{escape(shown)}</text>')
    return out


def _picture(pattern: str, secret: str | None, tried: tuple[str, ...], wrong: tuple[str, ...], left: int,
             caption: str) -> str:
    """Boxes for the letters (found letters dark, ``secret``'s other letters grey), the guesses
    tried (wrong ones red) and a row of marks: filled for a wrong guess made, empty for one left."""
    marks = len(wrong) + max(left, 0)
    width = max(PAD * 2 + len(pattern) * (BOX + GAP), PAD * 2 + marks * (MARK + GAP), 220)
    height = 20 + BOX + 22 + MARK + 2 * PAD + 12
    top = 22
    out = [*_opening(width, height, caption), *_letter_boxes(pattern, secret, top)]
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


def _key(x: float, y: float, letter: str, seen: WordsObservation, live: bool) -> str:
    """One letter key: clickable while not tried; a tried one says so in a mark as well as a colour
    (a tick: in the word; struck through: not in it)."""
    tried = letter in seen.letters_tried
    found = tried and letter in seen.pattern
    centre_x, centre_y = x + KEY / 2, y + KEY / 2
    if not tried:
        out = [hit_open(letter, f"guess the letter {letter}") if live else "<g>",
               f'<rect x="{x:g}" y="{y:g}" width="{KEY}" height="{KEY}" rx="5" fill="#fff" stroke="#333"/>',
               f'<text x="{centre_x:g}" y="{centre_y:g}" font-size="16" fill="{INK}" text-anchor="middle" '
               f'dominant-baseline="central">{escape(letter)}</text>', "</g>"]
        return "".join(out)
    said = "in the word" if found else "not in the word"
    out = [f'<g data-used="{"right" if found else "wrong"}"><title>{escape(letter)}: tried, {said}</title>',
           f'<rect x="{x:g}" y="{y:g}" width="{KEY}" height="{KEY}" rx="5" fill="#ececec" stroke="#6b6b6b" '
           'stroke-dasharray="3 2"/>',
           f'<text x="{centre_x - 3:g}" y="{centre_y:g}" font-size="16" fill="{RIGHT if found else WRONG}" '
           f'text-anchor="middle" dominant-baseline="central">{escape(letter)}</text>']
    if found:
        out.append(f'<text x="{x + KEY - 7:g}" y="{y + 8:g}" font-size="10" fill="{RIGHT}" text-anchor="middle" '
                   'dominant-baseline="central">\u2713</text>')
    else:
        out.append(f'<line x1="{x + 5:g}" y1="{y + KEY - 5:g}" x2="{x + KEY - 5:g}" y2="{y + 5:g}" '
                   f'stroke="{WRONG}" stroke-width="2"/>')
    out.append("</g>")
    return "".join(out)


def board_svg(seen: WordsObservation, alphabet: str, *, secret: str | None = None, live: bool = False,
              notes: Sequence[str] = ()) -> str:
    """The board's picture: the pattern, a key for every letter of ``alphabet``, the wrong-guess
    marks, the whole words tried and ``notes`` (lines of text below).

    With ``live``, each letter not tried yet is a key to click (``data-hit`` is the letter). A
    letter tried is drawn greyed and dashed, with a tick when it is in the word and struck
    through when not, so it reads without colour. ``secret`` (given at the end of a game) writes
    the letters never found in grey.

    >>> svg = board_svg(WordsObservation("_a__e", ("e", "a", "r"), 5), "abcdefr", live=True)
    >>> svg.count("data-hit="), 'data-hit="b"' in svg, 'data-hit="e"' in svg
    (4, True, False)
    >>> svg.count('data-used="right"'), svg.count('data-used="wrong"')
    (2, 1)
    """
    rows = -(-len(alphabet) // KEYS_PER_ROW)
    wrong = wrong_guesses(seen)
    marks = len(wrong) + max(seen.wrong_left, 0)
    width = max(PAD * 2 + len(seen.pattern) * (BOX + GAP), PAD * 2 + KEYS_PER_ROW * (KEY + KEY_GAP),
                PAD * 2 + marks * (MARK + GAP), 220)
    if seen.is_found:
        caption = "the word is found"
    elif seen.wrong_left <= 0:
        caption = "no wrong guess left"
    else:
        caption = f"{seen.length} letters: guess a letter or the word"
    top = 22
    keys_top = top + BOX + 12
    marks_top = keys_top + rows * (KEY + KEY_GAP) + 6
    words = [w for w in seen.words_tried if w != seen.pattern]
    lines = [f"{len(wrong)} wrong, {max(seen.wrong_left, 0)} left",
             *([f"words tried: {', '.join(words)} (wrong)"] if words else []), *notes]
    height = marks_top + MARK + 8 + 16 * len(lines) + PAD
    out = [*_opening(width, height, caption), *_letter_boxes(seen.pattern, secret, top)]
    for i, letter in enumerate(alphabet):
        row, column = divmod(i, KEYS_PER_ROW)
        out.append(_key(PAD + column * (KEY + KEY_GAP), keys_top + row * (KEY + KEY_GAP), letter, seen,
                        live and not seen.is_over))
    for i in range(marks):
        cx = PAD + i * (MARK + GAP) + MARK / 2
        fill = WRONG if i < len(wrong) else "#fff"
        out.append(f'<circle cx="{cx:g}" cy="{marks_top + MARK / 2:g}" r="{MARK / 2 - 1:g}" fill="{fill}" '
                   f'stroke="{WRONG}"/>')
    out += caption_lines(lines, PAD, marks_top + MARK + 14, 16, 11, "#333")
    out.append("</svg>")
    return "".join(out)


__all__ = ["answer_text", "board_svg", "move_words", "observation_svg", "observation_text", "record_svg", "spaced",
           "state_svg", "state_text", "transcript", "wrong_guesses"]


display.register(WordsObservation, text=observation_text, svg=observation_svg)
display.register(WordsState, text=state_text, svg=state_svg)
display.register(Words, text=transcript, svg=record_svg, move=move_words)
