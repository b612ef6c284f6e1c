"""Text notation of tiles and hands: glyphs or ASCII in, tile ids and ``Hand`` out.

Tiles are glyphs (一..十 small, 壹..拾 big, traditional 貳叄參陸 and 参 too) or
ASCII digit runs closed by a case letter: ``x``/``s`` small, ``d``/``b`` big,
``0`` is ten, so ``1230x 270d`` is 一二三十贰柒拾 (full-width ``１２３ｘ`` too).  A hand is its concealed tiles,
then optionally ``|`` and melds ``KIND:TILES`` (吃 碰 偎 跑 提 招 垅 or chi peng
wei pao ti zhao long; a ruleset says which it has, and may accept other names
for its own: under luzhou 跑 is 招 and 提 is 垅).  Whitespace is optional between tiles.  Every bad input raises
``HandError`` with a one-line message naming the problem and its column;
``advice`` adds what was read and the fix to a count error (``WORDS``: en/zh).
The way back to text is ``tiles.glyphs`` and ``Hand.text()``.

Text read from a terminal, a pipe or the command line may hold bytes that
are not UTF-8: they arrive as the lone surrogates U+DC80..U+DCFF of Python's
``surrogateescape``.  Such text is refused with a message naming the byte,
and ``printable`` / ``quoted`` show any text safely: escaped bytes, control
characters and long text cut short.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .hand import MAX_GROUPS, MELD_ZH, Hand, HandError, Meld, meld_problem, rest_count
from .results import ORIGIN_ZH, ORIGINS, SOURCES
from .rules import DEFAULT_RULESET, get_ruleset
from .ruleset import MELD_KINDS
from .shown import _SURROGATE, QUOTE_LIMIT, _shown, printable, quoted, unbroken  # noqa: F401 (re-exported)
from .tiles import GLYPH_TO_ID

if TYPE_CHECKING:
    from typing import Any

    from .ruleset import Ruleset

CASE_BASE = {"x": 0, "s": 0, "d": 10, "b": 10}  # ASCII case letter -> id of the tile 1
DIGITS = "0123456789"
BARS = "|｜"
KIND_NAMES = {zh: kind for kind, zh in MELD_ZH.items()} | {k: k for k in MELD_KINDS}
#: the glyphs read as tiles: tiles.GLYPH_TO_ID and 参, the everyday simplified form of 參 (叁)
TILE_GLYPHS = GLYPH_TO_ID | {"参": GLYPH_TO_ID["參"]}
#: full-width digits and case letters read as their ASCII forms (one character for one: columns stay)
_FOLD = str.maketrans({chr(0xFF10 + d): str(d) for d in range(10)} |
                      {chr(ord(c) + 0xFEE0): c for c in "xsdbXSDB"})
# A meld label is the word glued to its colon, tile glyphs and digits left
# out so that 碰:五五五吃:贰叁肆 still reads as two melds; what follows up to
# the next label is that meld's tiles, so spaces inside a meld need no care.
# A label starts only where a word does (the lookbehind) and its word is
# never given back (*+): a long run with no colon is read once, not once
# per character (which took minutes on a line of 200,000 characters).
_WORD = rf"[^\s:：{DIGITS}{''.join(TILE_GLYPHS)}]"
_LABEL = re.compile(rf"(?<![^\s:：{BARS}{DIGITS}{''.join(TILE_GLYPHS)}]){_WORD}*+[:：]")


#: messages of this module that a command may show in either language: key -> (en, zh)
WORDS = {
    "unknown": ("unknown character {char} at column {col} in {text}", "无法识别的字符 {char}（第 {col} 列，{text}）"),
    "no_bar": ("{word} at column {col} starts a meld: melds go after a |, as in {fixed}",
               "第 {col} 列的 {word} 是副露：副露写在 | 之后，如 {fixed}"),
    "read": ("read {tiles}", "读到 {tiles}"),
    "ten": ("in {run}, 10 is two tiles, 一十 (one tile per digit): write 十 as 0 (0x) or 十",
            "{run} 里的 10 是 一十 两张牌（每个数字一张）：十 写作 0（0x）或 十"),
    "quote_bar": ("melds after | must be quoted: phz {command} '… | {kind}:…'",
                  "| 后的副露要加引号：phz {command} '… | {kind}:…'"),
    "error": ("Error: ", "错误："),
    "hint": ("Hint: ", "提示："),
}


def say(key: str, lang: str = "en", **fields: Any) -> str:
    """``WORDS[key]`` in ``lang`` (en or zh) with its fields filled in.

    >>> say("read", "zh", tiles="一二三")
    '读到 一二三'
    """
    return WORDS[key][lang == "zh"].format(**fields)


class NotationError(HandError):
    """A HandError of ``WORDS[key]``: ``str()`` is English, ``in_lang`` any language."""

    def __init__(self, key: str, **fields: Any) -> None:
        super().__init__(say(key, **fields))
        self.key = key
        self.fields = fields

    def in_lang(self, lang: str) -> str:
        return say(self.key, lang, **self.fields)


def check_text(text: str) -> None:
    """Raise HandError naming the first byte of ``text`` that was not UTF-8 (see the module docstring)."""
    bad = _SURROGATE.search(text)
    if bad:
        ch = bad.group()
        what = f"byte 0x{ord(ch) - 0xDC00:02x}" if "\udc80" <= ch <= "\udcff" else f"{_shown(ch)}"
        raise HandError(f"{what} at column {bad.start() + 1} is not UTF-8 text: write hands in UTF-8")


def parse_tiles(text: str) -> tuple[int, ...]:
    """Tile ids of ``text`` in the order written (no meld section allowed).

    >>> parse_tiles("一二3x 肆 10d")
    (0, 1, 2, 13, 10, 19)
    """
    check_text(text)
    text = text.translate(_FOLD)
    bar = _find_bar(text, 0)
    if bar is not None:
        raise HandError(f"'{text[bar]}' at column {bar + 1} in {quoted(text)}: a tile list has no meld section")
    return _tiles(text, 0, len(text))


def parse_hand(text: str, rules: "Ruleset | None" = None) -> Hand:
    """Concealed tiles, then optionally ``|`` and the exposed melds (of ``rules``' kinds, hunan's
    when none is given).

    Counts and copies are left to ``hand.check_hand``; a meld that is not a
    legal group of its kind is rejected here, since the notation cannot hold it.

    >>> parse_hand("一二三 | 碰:壹壹壹 chi:432x").text()
    '一二三 | 碰:壹壹壹 吃:二三四'
    """
    check_text(text)
    text = text.translate(_FOLD)
    bar = _find_bar(text, 0)
    if bar is None:
        try:
            return Hand.of(_tiles(text, 0, len(text)))
        except HandError as e:
            raise _meld_without_bar(text, e) from None
    second = _find_bar(text, bar + 1)
    if second is not None:
        raise HandError(f"second '{text[second]}' at column {second + 1} in {quoted(text)}: "
                        "a hand has one meld section, melds are separated by spaces")
    return Hand.of(_tiles(text, 0, bar), _melds(text, bar + 1, rules))


def _find_bar(text: str, start: int) -> int | None:
    for i in range(start, len(text)):
        if text[i] in BARS:
            return i
    return None


def _melds(text: str, start: int, rules: "Ruleset | None") -> list[Meld]:
    """The melds of ``text[start:]``, in the order written."""
    labels = list(_LABEL.finditer(text, start))
    first = labels[0].start() if labels else len(text)
    stray = text[start:first].strip()
    if stray:
        col = text.index(stray, start) + 1
        raise HandError(f"{quoted(stray)} at column {col} comes before the first meld kind: "
                        "write melds as KIND:TILES, e.g. 吃:一二三 碰:壹壹壹")
    if not labels:
        raise HandError(f"'{text[start - 1]}' at column {start} is followed by no meld: "
                        "write melds as KIND:TILES, e.g. 吃:一二三, or drop the bar")
    # Kinds first: a kind glued to ASCII tiles (555xpeng:) then reads as an
    # unknown kind 'xpeng' rather than as digits with no case letter.
    rules = rules or get_ruleset(DEFAULT_RULESET)
    own = rules.melds
    words = " ".join(MELD_ZH[k] for k in own) + " or " + " ".join(own)
    kinds = []
    for label in labels:
        name = label.group()[:-1]
        if name.lower() not in KIND_NAMES:
            shown = f"unknown meld kind {quoted(name)}" if name else f"meld at column {label.start() + 1} has no kind"
            raise HandError(f"{shown}: use {words}")
        kind = KIND_NAMES[name.lower()]
        kind = rules.meld_aliases.get(kind, kind)
        if kind not in own:
            why = rules.absent.get(kind, "")
            raise HandError(f"meld kind {quoted(name)} at column {label.start() + 1}: the {rules.name} rules"
                            f" have no {MELD_ZH[kind]}{f' ({why})' if why else ''}; use {words}")
        kinds.append(kind)
    melds = []
    for kind, label, after in zip(kinds, labels, labels[1:] + [None]):
        tiles = _tiles(text, label.end(), after.start() if after else len(text))
        if not tiles:
            raise HandError(f"empty meld {quoted(label.group())} at column {label.start() + 1}: "
                            "write its tiles after the colon, e.g. 吃:一二三")
        tiles = tuple(sorted(tiles))
        problem = meld_problem(kind, tiles)
        if problem:
            raise HandError(problem)
        melds.append(Meld(kind, tiles))
    return melds


def _tiles(text: str, start: int, end: int) -> tuple[int, ...]:
    """Tiles of ``text[start:end]``; columns in errors count from the start of ``text``."""
    tiles: list[int] = []
    i = start
    while i < end:
        ch = text[i]
        if ch.isspace():  # includes the full-width space U+3000 and tabs
            i += 1
        elif ch in TILE_GLYPHS:
            tiles.append(TILE_GLYPHS[ch])
            i += 1
        elif ch in DIGITS:
            j = i
            while j < end and text[j] in DIGITS:
                j += 1
            # The case letter must touch the run: "12 3x" is a typo, not 一二三.
            letter = text[j].lower() if j < end else ""
            if letter not in CASE_BASE:
                run = text[i:j]
                raise HandError(f"digits '{run}' at column {i + 1} have no case letter: "
                                f"write {run}x (small) or {run}d (big)")
            base = CASE_BASE[letter]
            tiles.extend(base + (int(d) - 1) % 10 for d in text[i:j])  # '0' is ten: id 9
            i = j + 1
        else:
            raise NotationError("unknown", char=quoted(ch), col=i + 1, text=quoted(text))
    return tuple(tiles)


_KIND_WORD = re.compile(rf"{_WORD}*+[:：]")


def _meld_without_bar(text: str, err: HandError) -> HandError:
    """``err``, or when it is an unknown character that starts a meld (偎:, wei:, or 碰 before its tiles)
    of a hand with no bar, the error saying melds go after a ``|``, with the hand rewritten so."""
    if not isinstance(err, NotationError) or err.key != "unknown":
        return err
    i = err.fields["col"] - 1
    word = _KIND_WORD.match(text, i)
    if word and word.group()[:-1].lower() in KIND_NAMES:
        shown, fixed = word.group(), f"{text[:i].rstrip()} | {text[i:].strip()}"
    elif text[i] in MELD_ZH.values():
        shown, fixed = text[i], f"{text[:i].rstrip()} | {text[i]}:{text[i + 1:].strip()}"
    else:
        return err
    return NotationError("no_bar", word=quoted(shown), col=i + 1, fixed=quoted(fixed.strip()))


def parse_tile(text: str) -> int:
    """The one tile of ``text``.

    >>> parse_tile(" 5d ")
    14
    """
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise HandError(f"{quoted(text.strip())} is not one tile")
    return tiles[0]


def parse_kinds(text: str, what: str) -> tuple[int, ...]:
    """The tile kinds named in ``text`` (``--chou``, ``--passed-peng``), in tile order; ``what`` names the option."""
    try:
        return tuple(sorted(set(parse_tiles(text))))
    except HandError as e:
        raise HandError(f"{what}: {e}") from None


#: the words for who reveals a winning tile (SOURCES)
SOURCE_NAMES = {"self": "self", "zimo": "self", "自摸": "self", "other": "other", "他人": "other",
                "discard": "discard", "打出": "discard", "点炮": "discard"}
assert set(SOURCE_NAMES.values()) == set(SOURCES)
#: the words for where a tile comes from (English or Chinese)
ORIGIN_NAMES = {o: o for o in ORIGINS} | {zh: o for o, zh in ORIGIN_ZH.items()}


def parse_source(text: str) -> str:
    """``self``, ``other`` or ``discard`` (also 自摸, zimo, 他人, 打出, 点炮)."""
    try:
        return SOURCE_NAMES[text.strip().lower()]
    except KeyError:
        raise HandError(f"unknown source {quoted(text)}: use self, other or discard") from None


def parse_origin(text: str) -> str:
    """Where a tile comes from, one of ORIGINS, in English or Chinese (上家打出 …).

    >>> parse_origin("上家打出")
    'upper-discard'
    """
    try:
        return ORIGIN_NAMES[text.strip().lower()]
    except KeyError:
        raise HandError(f"unknown source {quoted(text)}: use {', '.join(ORIGINS)} "
                        f"or {' '.join(ORIGIN_ZH.values())}") from None


_TEN = re.compile(r"[0-9]*10[0-9]*[xsdbXSDB]")


def advice(text: str, message: str, *, want: str = "rest", rules: "Ruleset | None" = None, command: str = "ting",
           piped: bool = False, lang: str = "en") -> tuple[str, str | None]:
    """The error ``message`` that hand ``text`` got from ``phz command``, in ``lang``, and a hint line (None: no hint).

    A count error (``check_hand``'s "N concealed tiles: …" for a hand at rest or,
    ``want="discard"``, to discard from) gets the tiles read appended, unless the
    count is right for the other command (the message says to use it); its hint is

    * ``10x`` (a digit run holding 10) in a hand with too many tiles: the run is
      一十, one tile per digit, and how to write 十;
    * melds after ``|`` must be quoted, when the shell may have eaten them.  phz cannot
      see what the shell ate, so this is what it checks: the hand has no meld, fewer
      concealed tiles than a hand without melds holds but exactly as many as a hand
      with 1 to 6 melds holds, and stdout is a pipe (``piped``: the shell joined the
      ``| …`` to phz's stdout).

    >>> advice("一二三四五六七", "7 concealed tiles: a hand at rest holds 20", piped=True)
    ('7 concealed tiles: a hand at rest holds 20; read 一二三四五六七', "melds after | must be quoted: phz ting '… | 偎:…'")
    """
    try:
        hand = parse_hand(text, rules)
    except NotationError as e:
        return (e.in_lang(lang) if str(e) == message else message), None
    except HandError:
        return message, None
    c = hand.n_concealed
    extra = int(want == "discard")
    held = hand.rest_count() + extra
    if c == held or not message.startswith(f"{c} concealed tiles:"):
        return message, None
    concealed = text.translate(_FOLD)
    ten = _TEN.search(concealed[:_find_bar(concealed, 0)]) if c > held else None
    if ten is None and c == held + 1 - 2 * extra:  # a sound hand for the other command: the message says so
        return message, None
    message += ("；" if lang == "zh" else "; ") + say("read", lang, tiles=hand.text().strip())
    if ten:
        return message, say("ten", lang, run=quoted(ten.group()))
    fits = any(rest_count(m, k) + extra == c for m in range(MAX_GROUPS) for k in range(MAX_GROUPS - m) if m + k)
    if piped and fits and not hand.melds and c < held:
        own = (rules or get_ruleset(DEFAULT_RULESET)).melds
        kind = MELD_ZH["wei" if "wei" in own else own[-1]]
        return message, say("quote_bar", lang, command=command, kind=kind)
    return message, None
