"""Fuzzing the batch input of `phz ting`, `phz discard` and `phz hu` (HAND `-`).

The batch contract checked here (README: Batches, Errors and exit status, JSON output):

* standard input is read as UTF-8 bytes; lines end in ``\\n``, ``\\r\\n`` or a lone
  ``\\r``; a UTF-8 byte order mark at the very start of stdin is skipped; a line
  is skipped when, decoded, it is blank (``str.strip()`` leaves nothing) or its
  stripped text starts with ``#``;
* every other line gets exactly one answer line on stdout, in input order -- also
  a line that is not valid UTF-8, holds NUL or control characters, is huge, or is
  a broken hand or meld;
* stdout is valid UTF-8; with ``--json`` / ``--brief`` each answer line is one
  JSON object with ``"input"``, which for a valid UTF-8 line under 1,000
  characters is the line exactly (its terminator removed, and the BOM of the
  first line); in plain text no answer holds a raw control character (category
  Cc): echoed input is escaped;
* ``--jobs 2`` prints byte for byte what ``--jobs 1`` prints;
* a good hand gets a real answer, a bad line an error answer (``{"input",
  "error"}``, or ``LINE: error: MESSAGE``); exit status 0 when every line was good,
  1 otherwise; stderr never shows a traceback and holds at most a couple of
  notice lines.

The lines come from a seeded generator (``random.Random(seed)``), so a failure
names its seed and the offending line (repr) with its answer, and reproduces.
Every run is the real console script in a fresh process, fed bytes.
"""
from __future__ import annotations

import json
import os
import random
import re
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


# ---------------------------------------------------------------- running phz on bytes

def _env(extra: dict | None) -> dict:
    """The environment of conftest.run_phz: no colour variables, this checkout first on PYTHONPATH."""
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env.update(extra or {})
    return env


@pytest.fixture
def run_phz_bytes(phz_cmd, tmp_path):
    """Run phz in a fresh process on bytes: run_phz_bytes(*args, input=b"", env={}) -> CompletedProcess
    with bytes stdout and stderr.  Arguments may be str or bytes (bytes go to argv as they are)."""

    def run(*args: str | bytes, input: bytes = b"", env: dict | None = None, timeout: float = 600):
        argv = [os.fsencode(a) for a in (*phz_cmd, *args)]
        return subprocess.run(argv, input=input, capture_output=True, env=_env(env), cwd=tmp_path,
                              timeout=timeout)

    return run


def _short(x, limit: int = 300) -> str:
    """repr of x, cut in the middle when long (huge lines)."""
    r = repr(x)
    if len(r) <= limit:
        return r
    return f"{r[:limit // 2]}…[{len(x)} long]…{r[-limit // 2:]}"


def _stderr_problems(stderr: bytes) -> list[str]:
    text = stderr.decode("utf-8", "replace")
    problems = []
    if "Traceback" in text or "Exception ignored" in text:
        problems.append(f"stderr holds a traceback: {_short(text[-3000:], 3000)}")
    notes = [line for line in text.splitlines() if line.strip()]
    if len(notes) > 2:
        problems.append(f"stderr holds {len(notes)} lines, at most 2 notices expected: {_short(text, 1000)}")
    return problems


# ---------------------------------------------------------------- known hands

GLYPHS = "一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾"
TRADITIONAL = {"贰": "貳", "叁": "叄", "陆": "陸"}  # and 參 for 叁
CANON = {"貳": "贰", "叄": "叁", "參": "叁", "陸": "陆"}

#: hands at rest that are ready (README examples, then solver.app.generate.ready_hands(24, seed=7001))
TING_READY = [
    "一二三壹贰叁贰柒拾四五六八九十七七七伍伍",
    "肆伍陆捌玖拾拾 | 偎:壹壹壹 吃:贰叁肆 提:八八八八 偎:十十十",
    "一二三壹贰叁贰柒拾七八九五五五陆柒捌四六",
    "一二四四五五六六九九九壹壹壹肆伍陆玖玖玖",
    "一二二三三四五七七九九九十壹壹柒柒拾拾拾",
    "二二二四四八九十壹壹贰贰叁叁捌捌捌拾拾拾",
    "三三三四五五六六七八八贰叁叁叁肆伍陆捌拾",
    "一二三六七七七九九九叁叁陆陆 | 吃:贰柒拾 偎:一一一",
    "一二三五五五六六壹贰贰叁伍伍陆陆柒柒捌拾",
    "四四四五五五八八八九九壹壹贰贰叁叁捌玖拾",
    "一一一二二二六六九九九壹壹壹叁叁陆柒柒柒",
    "一一一三三六六六七七七壹贰叁陆陆陆 | 偎:四四四",
    "一一一二三三六六七九九九十壹贰叁叁陆柒捌",
    "一一二三七七七九壹叁叁叁肆肆肆伍伍伍玖玖",
    "一一二三三四四五六六六壹贰肆肆柒捌捌捌拾",
    "二二三四五五五七九九十壹贰叁捌捌捌玖玖拾",
    "二三三四四五七七七九九叁叁叁伍伍伍陆陆陆",
    "一二二三七八八九十十贰叁叁叁柒柒柒捌捌拾",
    "一一一二二二三三三七七七八九叁叁叁伍陆柒",
    "五五贰贰叁肆伍伍陆柒柒捌拾拾 | 偎:陆陆陆 碰:八八八",
    "一二三三三贰贰陆陆陆 | 跑:九九九九 偎:玖玖玖 碰:伍伍伍",
    "二二二四四四五五七七贰肆肆肆伍柒柒捌捌捌",
    "一二二三三四四五七九九十十十叁叁叁肆肆玖",
    "一一二二三三三七七八九十壹壹贰贰贰拾拾拾",
    "一二二十十十壹壹贰贰叁伍伍伍陆陆陆玖玖玖",
    "四四四肆肆拾拾 | 提:九九九九 碰:柒柒柒 碰:叁叁叁 提:陆陆陆陆",
    "二二三四七八九十十贰贰贰伍伍伍捌玖玖拾拾",
    "一一九壹贰贰贰叁伍伍伍玖玖 | 提:六六六六 碰:四四四",
]

#: hands at rest that are not ready (README): their distance search costs more, so they are rare
TING_NOT_READY = [
    "一二三四五 六七八 九九玖 肆伍陆 柒捌玖 拾拾壹",
    "二四七七七十十十壹壹壹捌拾拾 | 碰:一一一 吃:二七十",
]

#: hands to discard from (README examples, then solver.app.generate.discard_hands(12, seed=7002))
DISCARD_GOOD = [
    "一二三壹贰叁贰柒拾四五六八九十七七七伍伍捌",
    "二四七七七十十十壹壹壹肆捌拾拾 | 碰:一一一 吃:二七十",
    "二二三四四七九九九十壹壹贰贰叁叁肆伍陆柒柒",
    "二三三五五五七十陆 | 碰:八八八 碰:柒柒柒 碰:二二二 碰:拾拾拾",
    "三三三五五五六七七七贰贰贰叁叁叁肆陆陆捌捌",
    "三四五六六六七七八八九九十十壹壹陆陆陆拾拾",
    "贰肆肆柒柒柒拾拾 | 提:叁叁叁叁 偎:六六六 偎:一一一 吃:一壹壹",
    "二四四五九十十十贰贰肆肆肆伍伍陆陆陆玖玖玖",
    "一二三四四四六六七壹贰叁肆肆肆伍伍陆陆柒柒",
    "二二二五五五七八九壹贰叁肆肆肆伍伍陆陆柒玖",
    "二七八八九十贰贰贰叁叁叁柒柒柒玖玖玖拾拾拾",
    "一二三四五五五六六九九九贰肆肆捌捌捌拾拾拾",
    "一一一二二六七七九十十伍陆玖玖 | 偎:陆陆陆 吃:十拾拾",
    "二四六七七八八九十十贰叁肆肆伍伍伍捌玖拾拾",
]

#: README's batch lines of `phz hu`
HU_README = [
    "一二三壹贰叁贰柒拾七八九五五五陆柒捌四六 ; 五 other",
    "一二三壹贰叁贰柒拾七八九五五五陆柒捌四六 ; 五 self",
    "一二四四五五六六九九九壹壹壹肆伍陆玖玖玖 ; 三 other",
]

SOURCES = ["self", "other", "Other", "SELF", "自摸", "zimo", "他人"]
#: `; TILE SOURCE` parts that are wrong whatever --win / --source say
HU_BAD_TAILS = [" ; 五 nobody", " ; Q self", " ; 五 other extra", " ; self 五", " ; 五 other ; 五 other",
                " ; 五五 other", " ; 五 selfish", " ; 11x other", " ; 五 other other", "；五 other"]
#: `; TILE SOURCE` parts that lack the tile or the source: wrong without --win / --source
HU_SHORT_TAILS = [" ; 五", " ;", ";", " ; 五 "]
#: the --win / --source of the batches that give them (a line without `;` then means `; 五 other`)
HU_DEFAULTS = ("--win", "五", "--source", "other")

INVALID_UTF8 = [
    b"\x80", b"\xbf", b"\x80\x80\x80",                          # lone continuation bytes
    b"\xc3", b"\xe4\xb8", b"\xf0\x9f\x98", b"\xe4",             # truncated sequences
    b"\xc0\xaf", b"\xc1\xbf", b"\xe0\x80\xaf", b"\xf0\x80\x80\xaf", b"\xe0\x9f\xbf",  # overlong
    b"\xed\xa0\x80", b"\xed\xbf\xbf", b"\xed\xa0\xbd\xed\xb8\x80",  # UTF-16 surrogates in UTF-8
    b"\xff", b"\xfe", b"\xff\xfe", b"\xfe\xff",                 # never in UTF-8
    b"\xf5\x80\x80\x80", b"\xf4\x90\x80\x80", b"\xf8\x88\x80\x80\x80",  # beyond U+10FFFF
]
#: control characters (and escape sequences) that are not whitespace: a line holding one is bad
CONTROL = ([chr(c) for c in range(0x20) if not chr(c).isspace()]
           + ["\x7f", "\x1b[31m", "\x1b[0m", "\x1b]0;title\x07", "\x1b[2J", "\x9b", "\x80", "\x8d", "\x9f"])
#: whitespace (str.isspace) that is no line separator: tabs, vertical tab, form feed, \x1c-\x1f, NEL, LS...
WHITESPACE = ["\t", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x1f", "\x85", "\xa0", "\u2028", "\u2029",
              "\u3000", "\u2003", " "]
#: what separates tiles in the generated hands
SPACES = [" ", " ", "\t", "\u3000", "  "]
BLANKS = ["", " ", "   ", "\t", "\u3000", "\x0b\x0c", "\x1c\x1d\x1e\x1f", "\x85", "\u2028", " \u2029 ", "\xa0"]
COMMENTS = ["#", "# two hands and a typo", "  # 一二三壹贰叁贰柒拾四五六八九十七七七伍伍", "\t#\x00\x1b[31m",
            "#|| 碰:", "\u3000# ; 五 other", "##", "# \x85 \u2028"]
BOM = "\ufeff".encode()


# ---------------------------------------------------------------- the generator

@dataclass
class Line:
    raw: bytes  # the line's bytes, without its terminator
    kind: str  # "good": a valid hand (a real answer); "bad": an error answer; "any": either
    why: str  # which generator made it


def _split(hand: str) -> tuple[list[str], str]:
    """(concealed glyphs, meld text after the bar or '') of a canonical hand."""
    conc, _, melds = hand.partition("|")
    return [ch for ch in conc if not ch.isspace()], melds.strip()


def _join(conc: list[str], melds: str) -> str:
    return "".join(conc) + (f" | {melds}" if melds else "")


def _counts(hand: str) -> dict[str, int]:
    counts = dict.fromkeys(GLYPHS, 0)
    for ch in hand:
        ch = CANON.get(ch, ch)
        if ch in counts:
            counts[ch] += 1
    return counts


def _ascii(conc: list[str]) -> str:
    small = "".join(str((GLYPHS.index(g) + 1) % 10) for g in conc if GLYPHS.index(g) < 10)
    big = "".join(str((GLYPHS.index(g) - 9) % 10) for g in conc if GLYPHS.index(g) >= 10)
    return " ".join(part for part in (small and small + "x", big and big + "d") if part)


class Lines:
    """Seeded lines for one command ("ting", "discard" or "hu"); ``defaults``: the hu batch
    is given --win 五 --source other."""

    def __init__(self, command: str, seed: int, *, defaults: bool = False, utf8_only: bool = False,
                 controls: bool = True):
        self.command = command
        self.rng = random.Random(seed)
        self.defaults = defaults
        self.utf8_only = utf8_only  # only valid UTF-8 (to check the checks on today's code)
        self.controls = controls  # non-whitespace control characters in lines
        if command == "discard":
            self.good, self.not_ready = DISCARD_GOOD, []
        else:
            self.good, self.not_ready = TING_READY, TING_NOT_READY

    # -- hands

    def _hand(self) -> str:
        """A canonical valid hand (rarely one that is not ready)."""
        rng = self.rng
        if self.not_ready and rng.random() < 0.04:
            return rng.choice(self.not_ready)
        return rng.choice(self.good)

    def _variant(self, hand: str) -> str:
        """The same hand written another valid way."""
        rng = self.rng
        conc, melds = _split(hand)
        r = rng.random()
        if r < 0.12 and conc:
            text = _ascii(conc) + (f" | {melds}" if melds else "")
        else:
            text = "".join(g + (rng.choice(SPACES) if rng.random() < 0.15 else "")
                           for g in conc).rstrip()
            if melds:
                text += rng.choice([" | ", "|", "  |  ", " | "]) + melds
        if rng.random() < 0.1:
            for a, b in TRADITIONAL.items():
                text = text.replace(a, b if a != "叁" or rng.random() < 0.5 else "參")
        if melds and rng.random() < 0.15:
            text = text.replace("|", "｜").replace(":", "：")
        if rng.random() < 0.15:
            text = rng.choice(SPACES) + text
        if rng.random() < 0.15:
            text += rng.choice(SPACES)
        return text

    def _tail(self, hand: str) -> tuple[str, bool]:
        """A `; TILE SOURCE` part for a hu line of the canonical ``hand`` (or none, with
        --win/--source): (tail, False when the tile makes a fifth copy)."""
        rng = self.rng
        counts = _counts(hand)
        if self.defaults and rng.random() < 0.3:
            return "", counts["五"] < 4
        tile = rng.choice([g for g in GLYPHS if counts[g] < 4])
        if tile in TRADITIONAL and rng.random() < 0.2:
            tile = TRADITIONAL[tile]
        sep = rng.choice([" ; ", ";", " ;  ", "  ;"])
        return f"{sep}{tile}{rng.choice(SPACES)}{rng.choice(SOURCES)}{rng.choice(['', ' '])}", True

    def _line_of(self, text: str, kind: str, canonical: str) -> tuple[str, str]:
        """The line of a hand written ``text`` (a hu line gets a tail for the tiles of
        ``canonical``, the same hand in glyphs): (line, kind)."""
        if self.command != "hu":
            return text, kind
        tail, fits = self._tail(canonical)
        return text + tail, kind if fits else "bad"

    # -- the kinds of lines

    def good_line(self) -> Line:
        if self.command == "hu" and self.rng.random() < 0.05:
            return Line(self.rng.choice(HU_README).encode(), "good", "hu-readme")
        hand = self._hand()
        text, kind = self._line_of(self._variant(hand), "good", hand)
        return Line(text.encode(), kind, "good")

    def near_line(self) -> Line:
        """A valid hand with one tile added, removed or replaced, 4 concealed or 5 copies of a tile."""
        rng = self.rng
        hand = self._hand()
        conc, melds = _split(hand)
        counts = _counts(hand)
        op = rng.choice(["add", "remove", "four", "five", "replace"] if rng.random() < 0.3
                        else ["add", "remove", "four", "five"])
        kind = "bad"
        if op == "add":
            conc.insert(rng.randrange(len(conc) + 1), rng.choice(GLYPHS))
        elif op == "remove":
            del conc[rng.randrange(len(conc))]
        elif op == "four":
            kans = [g for g in GLYPHS if conc.count(g) == 3]
            if kans:
                g = rng.choice(kans)
                others = [k for k, c in enumerate(conc) if c != g]
                conc[rng.choice(others)] = g
            else:
                conc.append(rng.choice(GLYPHS))
        elif op == "five":
            g = rng.choice(GLYPHS)
            others = [k for k, c in enumerate(conc) if c != g]
            need = 5 - counts[g]
            if need <= len(others):
                for k in rng.sample(others, need):
                    conc[k] = g
            else:
                conc += [g] * need
        else:
            conc[rng.randrange(len(conc))] = rng.choice(GLYPHS)
            kind = "any"
        text = _join(conc, melds)
        text, kind = self._line_of(text, kind, text)
        return Line(text.encode(), kind, f"near-{op}")

    def meld_line(self) -> Line:
        """A hand with a broken meld section."""
        rng = self.rng
        hand = self._hand()
        conc, melds = _split(hand)
        base = "".join(conc)
        tokens = melds.split()
        ops = ["empty", "bad-chi", "ti3", "bar2", "fw-empty", "fw-bar2", "kind", "nocolon", "bar-end",
               "bare-meld", "bar-only"]
        if tokens:
            ops += ["short-token"] * 3
        op = rng.choice(ops)
        sep = f" {melds}" if melds else ""
        if op == "empty":
            text = f"{base} |{sep} 碰:"
        elif op == "bad-chi":
            text = f"{base} |{sep} 吃:一二四"
        elif op == "ti3":
            text = f"{base} |{sep} 提:八八八"
        elif op == "bar2":
            text = f"{base} || {melds or '碰:一一一'}"
        elif op == "fw-empty":
            text = f"{base} ｜{sep} 碰："
        elif op == "fw-bar2":
            text = f"{base} ｜｜ {melds or '碰：一一一'}"
        elif op == "kind":
            text = f"{base} |{sep} foo:一一一"
        elif op == "nocolon":
            text = f"{base} |{sep} 碰一一一"
        elif op == "bar-end":
            text = f"{base} |{sep} |"
        elif op == "bare-meld":
            text = f"{base} 碰:一一一"
        elif op == "bar-only":
            text = rng.choice(["|", "||", "｜", "| 碰:一一一", "|碰:", "：", " | "])
        else:  # a meld one tile short: 提:八八八, 偎:壹壹, 吃:贰叁
            k = rng.randrange(len(tokens))
            tokens[k] = tokens[k][:-1]
            text = f"{base} | {' '.join(tokens)}"
        text, _ = self._line_of(text, "bad", hand)
        return Line(text.encode(), "bad", f"meld-{op}")

    def ascii_line(self) -> Line:
        """ASCII notation, as written or with a typo."""
        rng = self.rng
        hand = self._hand()
        conc, melds = _split(hand)
        text = _ascii(conc)
        op = rng.choice(["ok", "ok", "space", "no-letter", "letter", "upper", "glued"])
        kind = "bad"
        if op == "ok":
            kind = "good"
        elif op == "space":  # 12 3x: the digits before the space have no case letter
            digits = len(text.split()[0]) - 1
            k = rng.randrange(1, digits) if digits > 1 else 0
            text = text[:k] + " " + text[k:] if k else text.replace("x", "", 1).replace("d", "", 1)
        elif op == "no-letter":
            k = rng.choice([m.start() for m in re.finditer("[xd]", text)])
            text = text[:k] + text[k + 1:]
        elif op == "letter":
            k = rng.choice([m.start() for m in re.finditer("[xd]", text)])
            text = text[:k] + rng.choice("yzq") + text[k + 1:]
        elif op == "upper":
            text, kind = text.upper(), "any"
        else:
            text, kind = text.replace(" ", ""), "any"
        if melds:
            text += f" | {melds}"
        text, kind = self._line_of(text, kind, hand)
        return Line(text.encode(), kind, f"ascii-{op}")

    def _insert(self, text: str, piece: bytes) -> bytes:
        """text's bytes with piece inserted between two characters (or at an end)."""
        k = self.rng.randrange(len(text) + 1)
        return text[:k].encode() + piece + text[k:].encode()

    def invalid_line(self) -> Line:
        """A line that is not valid UTF-8: a hand with invalid bytes inserted, or invalid bytes alone."""
        rng = self.rng
        pieces = b"".join(rng.choice(INVALID_UTF8) for _ in range(rng.choice([1, 1, 1, 2, 3])))
        r = rng.random()
        if r < 0.75:
            hand = self._hand()
            text, _ = self._line_of(self._variant(hand), "bad", hand)
            raw = self._insert(text, pieces)
        elif r < 0.9:
            raw = pieces
        else:
            raw = pieces + b" " + rng.choice(self.good).encode()
        return Line(raw, "bad", "invalid-utf8")

    def control_line(self) -> Line:
        """A hand with a control character (NUL, ESC sequences, DEL, C1...) or odd whitespace inside."""
        rng = self.rng
        hand = self._hand()
        text, fits = self._line_of(self._variant(hand), "good", hand)
        if self.controls and rng.random() < 0.7:
            piece = "".join(rng.choice(CONTROL) for _ in range(rng.choice([1, 1, 2])))
            kind = "bad"
        else:
            piece = rng.choice(WHITESPACE)  # whitespace: the hand may well stay valid
            kind = "any" if fits == "good" else "bad"
        if rng.random() < 0.1:
            return Line(piece.encode() * rng.randint(1, 5), kind, "control-alone")
        return Line(self._insert(text, piece.encode()), kind, "control")

    def random_bytes_line(self) -> Line:
        rng = self.rng
        alphabet = [b for b in range(256) if b not in (0x0a, 0x0d)]
        raw = bytes(rng.choice(alphabet) for _ in range(rng.randint(1, 60)))
        try:
            raw.decode("utf-8")
        except UnicodeDecodeError:
            if self.utf8_only:
                return self.random_text_line()
            return Line(raw, "bad", "random-bytes")
        if not self.controls and any(ch in raw.decode() for ch in CONTROL):
            return self.random_text_line()
        return Line(raw, "any", "random-bytes")

    def random_text_line(self) -> Line:
        rng = self.rng
        alphabet = (GLYPHS + "貳叄參陸" + "0123456789xsdbXD" + " |｜:：;；#" + "吃碰偎跑提" + "abcQ!?/\\\"'{}[]"
                    + "中文字牌😀\u200b\u200d\ufeff\ufffd\u0301" + "".join(WHITESPACE))
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 40)))
        return Line(text.encode(), "any", "random-text")

    def skipped_line(self) -> Line:
        return Line(self.rng.choice(BLANKS + COMMENTS).encode(), "skip", "skipped")

    def hu_tail_line(self) -> Line:
        rng = self.rng
        hand = self._variant(self._hand())
        if rng.random() < 0.5:
            tail = rng.choice(HU_SHORT_TAILS)
            kind = "any" if self.defaults else "bad"
            if not self.defaults and rng.random() < 0.3:
                tail = ""  # no `;` at all, and no --win / --source
        else:
            tail, kind = rng.choice(HU_BAD_TAILS), "bad"
        return Line((hand + tail).encode(), kind, "hu-tail")

    def huge_line(self) -> Line:
        rng = self.rng
        n = 200_000
        hand = rng.choice(self.good)
        r = rng.randrange(9 if not self.utf8_only else 7)
        if r == 0:
            return Line(("一" * n).encode(), "bad", "huge-one-tile")
        if r == 1:
            return Line(("".join(rng.choice(GLYPHS) for _ in range(n))).encode(), "bad", "huge-glyphs")
        if r == 2:
            text, _ = self._line_of(hand, "good", hand)
            return Line((" " * n + text).encode(), "any", "huge-spaces")
        if r == 3:
            return Line((hand + "Q" * n).encode(), "bad", "huge-q")
        if r == 4:
            return Line(("|" * n).encode(), "bad", "huge-bars")
        if r == 5:
            return Line(("一 | " + "碰:一一一 " * (n // 6)).encode(), "bad", "huge-melds")
        if r == 6:
            if not self.controls:
                return Line(("1" * n + "x").encode(), "bad", "huge-digits")
            return Line(("\x00" * n).encode(), "bad", "huge-nul")
        if r == 7:
            return Line(b"\xff" * n, "bad", "huge-ff")
        return Line(hand.encode() + b"\xed\xa0\x80" * (n // 3), "bad", "huge-surrogates")

    def line(self) -> Line:
        rng = self.rng
        makers = [(self.good_line, 34), (self.near_line, 10), (self.meld_line, 8), (self.ascii_line, 4),
                  (self.control_line, 8), (self.random_text_line, 2), (self.skipped_line, 9)]
        if not self.utf8_only:
            makers += [(self.invalid_line, 12), (self.random_bytes_line, 3)]
        if self.command == "hu":
            makers.append((self.hu_tail_line, 8))
        if rng.random() < 0.004:
            return Line(BOM + rng.choice(self.good).encode(), "any", "bom-not-first")
        maker = rng.choices([m for m, _ in makers], [w for _, w in makers])[0]
        return maker()

    def batch(self, n: int, *, huge: int = 2, bom: bool = True, lone_cr: bool = True
              ) -> tuple[bytes, list[Line]]:
        """n lines (``huge`` of them huge) as stdin bytes with mixed terminators, and the lines
        that get an answer, in order."""
        rng = self.rng
        lines = [self.line() for _ in range(n)]
        for _ in range(huge):
            lines.insert(rng.randrange(len(lines) + 1), self.huge_line())
        ends = [b"\n"] * 14 + [b"\r\n"] * 4 + ([b"\r"] * 2 if lone_cr else [])
        parts = [BOM] if bom else []
        for k, line in enumerate(lines):
            parts.append(line.raw)
            if k < len(lines) - 1 or rng.random() < 0.8:
                parts.append(rng.choice(ends))
        return b"".join(parts), [line for line in lines if answered(line.raw)]


def answered(raw: bytes) -> bool:
    """Whether a line gets an answer: not blank and not a # comment once decoded."""
    stripped = raw.decode("utf-8", "surrogateescape").strip()
    return bool(stripped) and not stripped.startswith("#")


# ---------------------------------------------------------------- judging the answers

_CC = re.compile("[\x00-\x1f\x7f-\x9f]")  # exactly the characters of Unicode category Cc
#: per command and mode, the key every good answer holds (and an error answer does not)
GOOD_KEY = {("ting", "json"): "waits", ("ting", "brief"): "waits", ("discard", "json"): "discards",
            ("discard", "brief"): "discards", ("hu", "json"): "win"}


def _text_of(raw: bytes) -> str | None:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return None


def judge(command: str, mode: str, data: bytes, lines: list[Line], result) -> tuple[list[str], list[str]]:
    """Problems with one run's answers (all of them) and with its stdout, stderr and exit status."""
    problems: list[str] = []
    stdout = result.stdout
    try:
        out = stdout.decode("utf-8")
    except UnicodeDecodeError as e:
        problems.append(f"stdout is not valid UTF-8: {e}; around it: {_short(stdout[max(0, e.start - 80):e.end + 80])}")
        out = stdout.decode("utf-8", "replace")
    problems += _stderr_problems(result.stderr)
    answers = out.split("\n")
    if answers[-1] == "":
        answers.pop()
    elif answers:
        problems.append(f"stdout does not end with a newline: {_short(answers[-1])}")
    if len(answers) != len(lines):
        problems.append(f"{len(lines)} lines to answer, {len(answers)} answer lines on stdout "
                        f"(exit status {result.returncode}); stderr: {_short(result.stderr[-2000:], 2000)}")
    errors = 0
    line_problems: list[str] = []
    for k, (line, answer) in enumerate(zip(lines, answers)):
        text = _text_of(line.raw)  # (the BOM before the first line is not in line.raw)
        found = []
        if mode == "text":
            is_error = ": error: " in answer
            if _CC.search(answer):
                found.append("a raw control character in a plain-text answer")
            if (is_error and text is not None and len(text) < 1000 and all(ch.isprintable() for ch in text)
                    and not answer.startswith(text + ": error: ")):
                found.append("the error answer does not start with `LINE: error: `")
            if not answer.strip():
                found.append("an empty answer")
        else:
            try:
                obj = json.loads(answer)
            except ValueError as e:
                obj = None
                found.append(f"not one JSON object ({e})")
            if not isinstance(obj, dict) or "input" not in obj:
                is_error = True
                if obj is not None:
                    found.append('not a JSON object with "input"')
            else:
                is_error = "error" in obj
                if is_error and not isinstance(obj["error"], str):
                    found.append('"error" is not a string')
                if text is not None and len(text) < 1000 and obj["input"] != text:
                    found.append(f'"input" is not the line: {_short(obj["input"])}')
                if not is_error and GOOD_KEY[command, mode] not in obj:
                    found.append(f'a good answer without "{GOOD_KEY[command, mode]}"')
        errors += is_error
        if line.kind == "good" and is_error:
            found.append("a good hand got an error answer")
        if line.kind == "bad" and not is_error:
            found.append("a bad line got a real answer, not an error")
        if found:
            line_problems.append(f"answered line {k} ({line.why}, {line.kind}): {_short(line.raw)} -> "
                                 f"{_short(answer)}: {'; '.join(found)}")
    want = 1 if errors or any(line.kind == "bad" for line in lines) else 0
    if result.returncode != want:
        problems.append(f"exit status {result.returncode}, expected {want} ({errors} error answers)")
    return problems, line_problems


def check_run(command: str, mode: str, data: bytes, lines: list[Line], result, what: str) -> None:
    problems, line_problems = judge(command, mode, data, lines, result)
    if problems or line_problems:
        shown = problems + line_problems[:12]
        more = len(line_problems) - 12
        pytest.fail(f"{what}: {len(problems)} problems with the run, {len(line_problems)} answer lines wrong"
                    + (f" (first 12 shown, {more} more)" if more > 0 else "") + ":\n  " + "\n  ".join(shown),
                    pytrace=False)


MODE_ARGS = {"text": (), "json": ("--json",), "brief": ("--brief",)}


def run_batch(run_phz_bytes, command: str, mode: str, n: int, seed: int, *, jobs: bool, huge: int = 2,
              bom: bool = True, defaults: bool = False, utf8_only: bool = False, controls: bool = True,
              lone_cr: bool = True) -> dict:
    """Generate a batch, run it (and with --jobs 2, compare), check everything; the time of each run.
    (utf8_only, controls=False, lone_cr=False narrow the generator, to try the checks on code that
    fails the rest.)"""
    gen = Lines(command, seed, defaults=defaults, utf8_only=utf8_only, controls=controls)
    data, lines = gen.batch(n, huge=huge, bom=bom, lone_cr=lone_cr)
    args = (command, "-", *MODE_ARGS[mode], *(HU_DEFAULTS if defaults else ()))
    what = f"phz {' '.join(args[:1] + args[2:])} on {n} lines of seed {seed}"
    times = {}
    start = time.perf_counter()
    one = run_phz_bytes(*args, input=data)
    times["jobs 1"] = time.perf_counter() - start
    check_run(command, mode, data, lines, one, what)
    if jobs:
        start = time.perf_counter()
        two = run_phz_bytes(*args, "--jobs", "2", input=data)
        times["jobs 2"] = time.perf_counter() - start
        problems = _stderr_problems(two.stderr)
        if two.stdout != one.stdout or two.returncode != one.returncode:
            a, b = one.stdout.split(b"\n"), two.stdout.split(b"\n")
            k = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
            problems.append(f"--jobs 2 differs from --jobs 1 (exit {two.returncode} vs {one.returncode}, "
                            f"{len(b)} vs {len(a)} output lines); first difference at output line {k}: "
                            f"jobs 2 {_short(b[k] if k < len(b) else None)} vs jobs 1 "
                            f"{_short(a[k] if k < len(a) else None)}"
                            + (f"; its input line {_short(lines[k].raw)}" if k < len(lines) else ""))
        if problems:
            pytest.fail(f"{what} --jobs 2:\n  " + "\n  ".join(problems), pytrace=False)
    return times


# ---------------------------------------------------------------- the fuzz tests

LINES = 2400  # per run: over 2 × 200 answered lines, so --jobs 2 really answers in two processes
FUZZ = [("ting", "text"), ("ting", "json"), ("ting", "brief"),
        ("discard", "text"), ("discard", "json"), ("discard", "brief"),
        ("hu", "text"), ("hu", "json")]
SEEDS = {"ting": 11, "discard": 12, "hu": 13}


@pytest.mark.parametrize("command, mode", FUZZ, ids=[f"{c}-{m}" for c, m in FUZZ])
def test_batch_fuzz(run_phz_bytes, command, mode):
    """A few thousand seeded lines of every kind: one answer per line, in order, and the contract."""
    run_batch(run_phz_bytes, command, mode, LINES, SEEDS[command], jobs=command != "hu")


@pytest.mark.parametrize("mode", ["text", "json"])
def test_batch_fuzz_hu_with_win_and_source(run_phz_bytes, mode):
    """hu with --win 五 --source other: a line without `;` (or with `; 五`) takes them."""
    run_batch(run_phz_bytes, "hu", mode, LINES, 14, jobs=False, defaults=True)


@pytest.mark.parametrize("command, mode", [("ting", "json"), ("discard", "brief"), ("hu", "json")])
def test_batch_of_good_hands_exits_0(run_phz_bytes, command, mode):
    """Only good hands, blank lines and comments (a BOM first, \\n and \\r\\n line ends): exit 0."""
    gen = Lines(command, 15)
    lines = [gen.good_line() if gen.rng.random() < 0.85 else gen.skipped_line() for _ in range(600)]
    lines = [line for line in lines if line.kind in ("good", "skip")]
    data = BOM + b"".join(line.raw + gen.rng.choice([b"\n", b"\r\n"]) for line in lines)
    result = run_phz_bytes(command, "-", *MODE_ARGS[mode], input=data)
    check_run(command, mode, data, [line for line in lines if answered(line.raw)], result,
              f"phz {command} {mode} on good hands")
    assert result.returncode == 0


@pytest.mark.slow
def test_batch_fuzz_100k_lines(run_phz_bytes):
    """100,000 seeded lines in all through the commands and modes, with --jobs 2 where it exists."""
    plan = [("ting", "brief", 20_000, True), ("ting", "json", 15_000, True), ("ting", "text", 10_000, False),
            ("discard", "brief", 15_000, True), ("discard", "json", 10_000, False),
            ("discard", "text", 5_000, True), ("hu", "json", 15_000, False), ("hu", "text", 10_000, False)]
    assert sum(n for *_, n, _ in plan) == 100_000
    for k, (command, mode, n, jobs) in enumerate(plan):
        run_batch(run_phz_bytes, command, mode, n, 100 + k, jobs=jobs, huge=5, bom=k % 2 == 0,
                  defaults=command == "hu" and mode == "text")


# ---------------------------------------------------------------- small cases

GOOD_LINE = {"ting": TING_READY[0], "discard": DISCARD_GOOD[0], "hu": HU_README[0]}
ENVS = {"default": {}, "PYTHONIOENCODING=utf-8": {"PYTHONIOENCODING": "utf-8"}}


@pytest.mark.parametrize("env", ENVS, ids=list(ENVS))
@pytest.mark.parametrize("command", ["ting", "discard", "hu"])
def test_invalid_utf8_line_gets_an_error_answer(run_phz_bytes, command, env):
    """printf 'GOOD\\n\\xff\\n' | phz COMMAND --json: two answers, the second an error; exit 1."""
    result = run_phz_bytes(command, "--json", input=GOOD_LINE[command].encode() + b"\n\xff\n", env=ENVS[env])
    assert _stderr_problems(result.stderr) == []
    out = result.stdout.decode("utf-8")  # strict
    answers = out.splitlines()
    assert len(answers) == 2, out
    first, second = map(json.loads, answers)
    assert first["input"] == GOOD_LINE[command] and "error" not in first
    assert GOOD_KEY[command, "json"] in first
    assert isinstance(second["error"], str) and isinstance(second["input"], str)
    assert result.returncode == 1


def test_hu_batch_output_is_utf8(run_phz_bytes):
    """printf '\\xff ; 一 self\\n' | phz hu --json: valid UTF-8 out, an error answer, exit 1."""
    result = run_phz_bytes("hu", "--json", input=b"\xff ; \xe4\xb8\x80 self\n")
    assert _stderr_problems(result.stderr) == []
    out = result.stdout.decode("utf-8")  # strict
    answers = out.splitlines()
    assert len(answers) == 1, out
    assert "error" in json.loads(answers[0])
    assert result.returncode == 1


def test_invalid_utf8_argument(run_phz_bytes):
    """phz ting --json $'\\xff': valid UTF-8 JSON with an error on stdout, one line on stderr, exit 2."""
    result = run_phz_bytes("ting", "--json", b"\xff")
    out = result.stdout.decode("utf-8")  # strict
    answers = out.splitlines()
    assert len(answers) == 1, out
    obj = json.loads(answers[0])
    assert isinstance(obj["input"], str) and isinstance(obj["error"], str)
    err = result.stderr.decode("utf-8", "replace")
    assert "Traceback" not in err
    assert len(err.splitlines()) == 1, err
    assert result.returncode == 2


def test_lone_carriage_return_ends_a_line(run_phz_bytes):
    """Old Mac line ends: `A\\rB\\r` is two lines, each with its answer."""
    a, b = TING_READY[0], TING_READY[1]
    result = run_phz_bytes("ting", "--json", input=f"{a}\r{b}\r".encode())
    answers = result.stdout.decode("utf-8").splitlines()
    assert [json.loads(x)["input"] for x in answers] == [a, b], answers
    assert result.returncode == 0


def test_plain_text_error_escapes_control_characters(run_phz_bytes):
    """An echoed line shows no raw NUL, ESC or DEL: the terminal gets no escape sequence."""
    line = "\x1b[31m" + TING_READY[0] + "\x00\x7f"
    result = run_phz_bytes("ting", input=line.encode() + b"\n")
    answers = result.stdout.decode("utf-8").split("\n")
    assert answers[-1] == "" and len(answers) == 2, answers
    assert ": error: " in answers[0]
    assert not _CC.search(answers[0]), repr(answers[0])
    assert result.returncode == 1



def test_huge_meld_section_is_answered_in_seconds(run_phz_bytes):
    """A 200,000-character run of junk after a meld (no colon, no space) is one error answer in
    seconds: reading the meld section must not be quadratic in the length of such a run (the
    meld-label search took ~7 s at 40,000 characters, ~170 s at 200,000)."""
    lines = [TING_READY[1] + "Q" * 200_000, "一 | " + "peng" * 50_000]
    start = time.perf_counter()
    try:
        result = run_phz_bytes("ting", "--json", input="".join(f"{x}\n" for x in lines).encode(), timeout=30)
    except subprocess.TimeoutExpired:
        pytest.fail(f"no answer within 30 s to two 200,000-character lines: {[_short(x) for x in lines]}",
                    pytrace=False)
    elapsed = time.perf_counter() - start
    assert _stderr_problems(result.stderr) == []
    answers = result.stdout.decode("utf-8").splitlines()
    assert len(answers) == 2 and all("error" in json.loads(a) for a in answers), _short(result.stdout)
    assert result.returncode == 1
    assert elapsed < 15, f"{elapsed:.1f} s to answer two 200,000-character lines"
