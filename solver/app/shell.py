"""``phz shell``: an interactive analyser that keeps one hand and follows it through play.

Enter a hand; then, step by step, what happens to it:

* ``? X FROM`` — tile X appears (FROM as ``phz act`` names it: upper-discard,
  self-draw …): the numbered legal moves, the best the one judge of
  ``phz act --advise`` names on the same hand, tile and seen tiles (its
  rollouts, samples and seed), the moves not allowed grouped by reason;
* ``take N`` — make move N of the last ``?``: the tile is laid out in its
  group (RULES.md 3: never put into the hand); passing it leaves it face up
  (seen) and makes it 臭 as the rules say;
* ``-X`` — discard X (it counts as seen); ``seen X…`` — tiles seen elsewhere;
* ``undo``, ``rules NAME``, ``show``, ``help``, ``quit``.

After each step it shows the waits, or the distance to ready and the best
discards.  The process stays up, so the search and the advice stay warm:
every answer after the first is quick (``benchmarks/bench_shell.py``).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Callable, TextIO

from .. import api
from ..model.hand import Hand, HandError
from ..model.notation import parse_hand, parse_tiles
from ..model.results import DiscardAdvice
from ..model.rules import Ruleset, get_ruleset
from ..model.tiles import glyph
from ..text.catalogue import say
from ..text.explain import ORIGIN_ZH, action_text, forbidden_text, resolve_lang
from ..text.replies import printable, quoted, whole_number

__all__ = ["MAX_LINE", "Shell", "run"]

#: the longest line the shell reads, in characters (a hand with its melds takes under 100); a longer one
#: is answered with one line saying so, never read as a hand
MAX_LINE = 1000


@dataclass(frozen=True)
class State:
    """One step of the shell: the hand, the tiles seen, 臭, the last menu (tile, origin, decision)."""
    hand: Hand | None = None
    seen: tuple[int, ...] = ()
    chou: frozenset[int] = frozenset()
    passed_peng: frozenset[int] = frozenset()
    menu: tuple | None = None  # (tile, origin, Decision)


@dataclass
class Shell:
    """The analyser's state and its answers (``step`` takes one line, returns the lines to print)."""
    rules: Ruleset
    lang: str = "en"
    history: list[State] = field(default_factory=lambda: [State()])

    @property
    def state(self) -> State:
        return self.history[-1]

    def w(self, key: str, **kw) -> str:
        """The shell's words ``key`` in its language (``messages/shell.toml``), with ``kw`` in them."""
        return say(f"shell.{key}", self.lang, **kw)

    # ---------------------------------------------------------------- one line

    def step(self, line: str) -> list[str]:
        if len(line.rstrip("\r\n")) > MAX_LINE:  # answered at once (its error would quote it, wrapped)
            return [self.w("too_long", n=MAX_LINE)]
        text = line.strip()
        if not text:
            return []
        try:
            return self._step(text)
        except (ValueError, HandError) as e:
            return [self.w("error", e=e)]

    def _step(self, text: str) -> list[str]:
        word, _, rest = text.partition(" ")
        if word in ("help", "h", "帮助"):
            return self.w("help").split("\n")
        if word == "undo":
            if len(self.history) < 2:
                return [self.w("nothing")]
            self.history.pop()
            return self.summary()
        if word == "show":
            return self.summary()
        if word == "rules":
            self.rules = get_ruleset(rest.strip())
            return [self.w("rules", name=self.rules.name)] + (self.summary() if self.state.hand else [])
        if word == "seen":
            tiles = parse_tiles(rest)
            self._push(replace(self.state, seen=self.state.seen + tiles))
            return [self.w("seen", tiles="".join(glyph(t) for t in self.state.seen))] + self.summary()
        if text.startswith("?"):
            return self.ask(text[1:].strip())
        if word == "take":
            return self.take(rest.strip())
        if text.startswith("-") or word in ("discard", "打"):
            return self.discard(text[1:] if text.startswith("-") else rest)
        try:
            hand = parse_hand(text, self.rules)
        except ValueError:
            if any(c.isascii() and c.isalpha() for c in word):
                return [self.w("unknown", text=quoted(text))]
            raise
        api.load(hand, want="rest" if hand.n_concealed <= hand.rest_count() else "discard", rules=self.rules)
        self.history.append(State(hand))
        return self.summary()

    def _push(self, state: State) -> None:
        self.history.append(state)

    def _hand(self) -> Hand:
        if self.state.hand is None:
            raise ValueError(self.w("no_hand"))
        return self.state.hand

    # ---------------------------------------------------------------- the moves

    def ask(self, rest: str) -> list[str]:
        hand = self._hand()
        if hand.n_concealed > hand.rest_count():
            return [self.w("discard_first")]
        words = rest.replace("，", " ").split()
        if len(words) != 2:
            raise ValueError("? X FROM: a tile and where it comes from (e.g. ? 三 upper-discard)")
        s = self.state
        d = api.decide(hand, tile=words[0], source=words[1], chou=s.chou, passed_peng=s.passed_peng, seen=s.seen,
                       rules=self.rules)
        self._push(replace(s, menu=(d.tile, d.source, d)))
        return self.menu_lines(d)

    def menu_lines(self, d) -> list[str]:
        zh = self.lang == "zh"
        best = self._best(d)
        head = self.w("from", tile=glyph(d.tile), source=ORIGIN_ZH[d.source] if zh else d.source)
        lines = [head]
        for i, a in enumerate(d.actions, 1):
            mark = "★" if i - 1 == best else " "
            lines.append(f"{mark}{i:>2}. {action_text(d, a, self.lang)}")
        reasons: dict[str, list[str]] = {}
        for f in d.forbidden:
            text = forbidden_text(d, f, self.lang)
            head_, sep, why = text.partition(": " if not zh else "：")
            reasons.setdefault(why if sep else text, []).append(head_ if sep else "")
        for why, moves in reasons.items():
            what = "; ".join(m for m in moves if m)
            colon = "：" if zh else ": "
            lines.append(f"   {self.w('not_allowed')}{colon}{what + ' — ' if what else ''}{why}")
        return lines

    def _best(self, d) -> int | None:
        """The index of the best legal action by the advice (the judge of ``phz act --advise`` on the same
        position: its samples and seed), None if not known."""
        from ..game.advice import advise
        from ..game.moves import Move
        from .advise_run import claim_position
        moves = [Move(a.action, chi=a.chi, bi=a.bi) for a in d.actions]
        if len(moves) < 2:
            return 0 if moves else None
        s = self.state
        try:  # phz act --advise's own position (the stage that asks the seat) and the judge's defaults
            best = advise(claim_position(d, self.rules, seen=s.seen, stock=None)).best.move
        except ValueError:
            return None
        return moves.index(best)

    def take(self, rest: str) -> list[str]:
        from ..engine.play_moves import hand_after_take
        menu = self.state.menu
        if menu is None:
            return [self.w("no_menu")]
        x, origin, d = menu
        n = whole_number(rest) or 0  # ASCII digits only: ²、① or 5,000 digits are no number
        if not 1 <= n <= len(d.actions):
            return [self.w("bad_n", n=len(d.actions))]
        a = d.actions[n - 1]
        s = self.state
        if a.action == "hu":
            w = a.win
            self._push(replace(s, menu=None))
            return [self.w("won", x=glyph(x), how=w.how, huxi=w.huxi, score=w.score)]
        if a.action == "pass":
            chou = s.chou | set(a.becomes_chou_chi)
            peng = s.passed_peng | set(a.becomes_chou_peng)
            self._push(replace(s, seen=s.seen + (x,), chou=frozenset(chou), passed_peng=frozenset(peng), menu=None))
            return self.summary()
        assert s.hand is not None  # a menu is asked of a hand (``ask``), and every later state keeps it
        self._push(replace(s, hand=hand_after_take(s.hand, a.action, x, a.chi, a.bi), menu=None))
        return self.summary()

    def discard(self, rest: str) -> list[str]:
        hand = self._hand()
        if hand.n_concealed <= hand.rest_count():
            return [self.w("rest_first")]
        tiles = parse_tiles(rest.strip())
        if len(tiles) != 1:
            raise ValueError("-X: one tile (e.g. -九)")
        x = tiles[0]
        if hand.concealed[x] not in (1, 2):
            return [self.w("not_held", x=glyph(x))]
        s = self.state
        self._push(replace(s, hand=hand.without(x), seen=s.seen + (x,), menu=None))
        return self.summary()

    # ---------------------------------------------------------------- what the hand is

    def summary(self) -> list[str]:
        s = self.state
        if s.hand is None:
            return [self.w("no_hand")]
        hand = s.hand
        lines = [hand.text()]
        if hand.n_concealed > hand.rest_count():
            table = api.discard(hand, seen=s.seen, rules=self.rules)
            lines.append(self.w("discard_hint"))
            for row in table.rows[:3]:
                assert isinstance(row, DiscardAdvice)  # api.discard's rows carry their distances
                lines.append(f"  打 {glyph(row.tile)}: {self._state_text(row.distance, row.limit, row.waits, row.improving)}")
        else:
            t = api.ting(hand, seen=s.seen, rules=self.rules)
            lines.append(self._state_text(t.distance if not t.waits else 0, t.limit, t.waits, t.improving))
        return lines

    def _state_text(self, distance, limit, waits, improving) -> str:
        if waits:
            parts = []
            for wt in waits:
                scores = [x.score for x in (wt.self, wt.other, wt.discard) if x is not None]
                parts.append(f"{glyph(wt.tile)} ({wt.outs} {self.w('live')}, {self.w('score')} "
                             f"{max(scores) if scores else 0})")
            return f"{self.w('ready')} " + ("，" if self.lang == "zh" else ", ").join(parts)
        if distance is None:
            return self.w("far") if limit else self.w("never")
        live = sum(d.live for d in improving)
        tiles = "".join(glyph(d.tile) for d in improving if d.live)
        comma, colon = ("，", "：") if self.lang == "zh" else (", ", ": ")
        return f"{self.w('away', d=distance)}{comma}{self.w('draws', n=live)}" + (f"{colon}{tiles}" if tiles else "")


def run(rules: Ruleset, lang: str | None, stdin: TextIO, echo: Callable[[str], None], interactive: bool,
        columns: int = 80) -> None:
    """Read lines until quit or end of input; ``interactive``: prompt ``phz>``.  Every line printed
    fits ``columns`` (wrapped, a tile never split)."""
    from ..text.table_view import wrap

    def write(text: str) -> None:
        # As text: a control character of a reply quoted back (ESC, NUL ...) escaped, never sent to the terminal.
        for line in wrap(printable(text), columns, indent="      "):
            echo(line)

    shell = Shell(rules, resolve_lang(lang))
    write(shell.w("hello"))
    while True:
        if interactive:
            try:
                line = input("phz> ")
            except (EOFError, KeyboardInterrupt):
                write("")
                return
        else:
            line = read_line(stdin)
            if not line:
                return
        if line.strip() in ("quit", "q", "exit", "退出"):
            return
        for out in shell.step(line):
            write(out)


def read_line(stream: TextIO, limit: int = MAX_LINE) -> str:
    """The next line of ``stream`` ('' at its end), read as UTF-8 (a byte that is not is read as �,
    whatever the locale).  Of a line longer than ``limit`` characters, more than ``limit`` are kept
    (enough for ``Shell.step`` to say it is too long) and the rest is read and dropped a piece at a
    time: a line of a gigabyte takes no more memory than a short one."""
    binary = getattr(stream, "buffer", None)
    if binary is not None:
        data = binary.readline(4 * limit + 4)  # at least limit + 1 characters (one takes 4 bytes at most)
        line, whole = data.decode("utf-8", "replace"), not data or data.endswith(b"\n")
        while not whole:
            piece = binary.readline(1 << 16)
            whole = not piece or piece.endswith(b"\n")
            if piece and len(line) <= limit:  # cut inside the limit by a short read: keep reading it
                line += piece.decode("utf-8", "replace")
        return line
    line = stream.readline(limit + 1)
    whole = not line or line.endswith("\n")
    while not whole:
        piece = stream.readline(1 << 16)
        whole = not piece or piece.endswith("\n")
        if piece and len(line) <= limit:
            line += piece
    return line
