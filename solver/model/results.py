"""Answers of the solver, as frozen dataclasses (the typed API returns these)."""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

from ..vocabulary import ORIGIN_ZH as ORIGIN_ZH  # where a tile comes from at a decision (phz act --from)
from ..vocabulary import ORIGINS as ORIGINS
from .groups import Group
from .hand import MELD_ZH, Hand
from .rules import Ruleset
from .tiles import GLYPHS, glyphs

if TYPE_CHECKING:
    from typing import Any

#: who reveals a winning tile: the player (自摸), another player's draw, another player's discard
#: (a ruleset wins on some of them: Ruleset.win_on)
SOURCES = ("self", "other", "discard")

#: how a tile wins, in RULES.md section 4's order of preference
HOWS = ("提胡", "跑胡", "偎胡", "碰胡", "破跑胡", "单吊胡", "编胡", "顺胡", "招胡")
# (招胡, luzhou's: its 招 is compulsory and allows no 破, so no other how competes with it)
#: how a dealt hand wins at once (RULES.md 10, ``solver.engine.dealt``): no tile wins it, so it is not among HOWS
DEALT_HOWS = ("天胡",)

#: why a tile does not win (``phz hu``); source_no_hu: the ruleset never wins on that source
#: (Ruleset.win_on: hunan on no discard)
NO_WIN_REASONS = ("huxi_short", "no_7_groups", "forced_ti", "forced_wei", "forced_zhao", "forced_peng",
                  "source_no_hu")

#: actions at a decision point, in priority order (胡 > 提/偎 > 跑 > 碰 > 吃 > 过)
ACTIONS = ("hu", "ti", "wei", "pao", "zhao", "peng", "chi", "pass")
#: reasons a way to eat is illegal, the first that applies given (chi_from: an origin the ruleset does
#: not eat from, other than the lower player's, e.g. one's own draw in luzhou)
CHI_REASONS = ("geshan", "chi_from", "chou", "kan", "must_wei", "compulsory", "shaobi", "no_discard")
#: every reason a move may be forbidden
FORBID_REASONS = CHI_REASONS + ("peng_passed", "discard_no_hu")

#: the tiles of a 3-tile group (a 句 or 绞 to eat with, or a 比 group), in tile-index order
Shape = tuple[int, int, int]


@dataclass(frozen=True)
class Win:
    """The best decomposition of a winning hand and what it is worth."""
    huxi: int
    deng: int  # includes the 自摸 等 for a self-drawn win
    fan: int
    fan_names: tuple[str, ...]
    score: int
    how: str
    groups: tuple[Group, ...]  # exposed melds in input order, then concealed by first tile, 将 last


@dataclass(frozen=True)
class Wait:
    tile: int
    outs: int
    self: Win | None
    other: Win | None
    discard: Win | None = None  # only under a ruleset that wins on discards

    @property
    def dead(self) -> bool:
        return self.outs == 0


@dataclass(frozen=True)
class Intake:
    """One way to take tile ``tile`` (RULES.md 6 table): ``kind`` chi, peng,
    wei, pao, ti or zhao (luzhou's 招); for 吃 the eating group and the 比 groups."""
    kind: str
    tile: int
    chi: tuple[int, ...] = ()
    bi: tuple[tuple[int, ...], ...] = ()

    def text(self) -> str:
        """吃 四 with 肆肆, 吃 三 with 一二, 比 三四五; 碰 八; 跑 八; ..."""
        t = GLYPHS[self.tile]
        if self.kind != "chi":
            return f"{MELD_ZH[self.kind]} {t}"
        rest = list(self.chi)
        rest.remove(self.tile)
        text = f"吃 {t} with {glyphs(rest)}"
        if self.bi:
            text += ", 比 " + " ".join(glyphs(g) for g in self.bi)
        return text


@dataclass(frozen=True)
class Analysis:
    """Distance of a hand at rest and, at distance k >= 1, the intakes that
    leave a hand at distance k - 1 (by tile, in tile order)."""
    distance: int | None  # None: never ready, or unknown when ``limit``
    limit: bool  # the search stopped at its budget (distance > 2)
    improving: tuple[tuple[int, tuple[Intake, ...]], ...] = ()


@dataclass(frozen=True)
class Draw:
    """An improving draw (进张, RULES.md 6): a tile that brings the hand one
    step nearer to ready, its live copies, and the ways it is taken
    (``吃 四 with 肆肆``, ``碰 八``...; for a wait, ``胡 self`` / ``胡 other``)."""
    tile: int
    live: int
    ways: tuple[str, ...]


#: the ways of a wait as an improving draw, by source
WIN_WAYS = {"self": "胡 self", "other": "胡 other", "discard": "胡 discard"}


@dataclass(frozen=True)
class Ting:
    """Waits of a hand at rest and its distance to ready.

    The engines (``reference``, ``fast``) fill ``waits`` only; ``solver.api``
    adds ``distance`` (0 when ready; None when no sequence of intakes makes
    the hand ready, or, with ``limit``, when the search stopped at its
    budget) and ``improving`` (the waits at distance 0), in tile order.
    """
    hand: Hand
    waits: tuple[Wait, ...]  # tile-index order
    distance: int | None = None
    improving: tuple[Draw, ...] = ()
    limit: bool = False

    @property
    def ready(self) -> bool:
        return bool(self.waits)


@dataclass(frozen=True)
class DiscardRow:
    tile: int
    outs: int
    expected_score: Fraction
    best_score: int
    waits: tuple[Wait, ...]


@dataclass(frozen=True)
class DiscardAdvice(DiscardRow):
    """A discard row as ``solver.api`` answers it: also, as for ``Ting``, the
    distance to ready of the hand it leaves and its improving draws (the
    engines' rows stay plain ``DiscardRow``, whose fields they fill fast)."""
    distance: int | None = None
    improving: tuple[Draw, ...] = ()
    limit: bool = False
    #: beyond the distance search (``limit``): (tiles missing from the 门子 the hand still needs, their
    #: best 胡息), the shape measure (``solver.model.shape``) that ranks such discards
    shape: tuple[int, int] | None = None

    @property
    def improving_live(self) -> int:
        return sum(d.live for d in self.improving)


@dataclass(frozen=True)
class Discards:
    hand: Hand
    rows: tuple[DiscardRow, ...]  # ranked (RULES.md section 6); DiscardAdvice from solver.api


@dataclass(frozen=True)
class HuResult:
    hand: Hand
    tile: int
    source: str
    win: Win | None
    reason: str | None  # None when it wins
    huxi: int | None  # of the best win, or of the highest-huxi 7-门子 split when it does not win
    groups: tuple[Group, ...]
    decompositions: tuple[Win, ...] = ()  # every distinct one, best first (``--all``)

    @property
    def wins(self) -> bool:
        return self.win is not None


# ---------------------------------------------------------------- decision points (phz act)

@dataclass(frozen=True)
class Action:
    """One thing the player may (or must) do with the tile.

    ``onto`` says what the tile joins for 提/偎/跑/碰: 'kan', 'wei', 'peng' or
    'pair'.  ``left`` is the concealed non-坎 tiles to discard from after the
    move (None when no discard follows).  ``discard`` is False for 八块.
    """
    action: str  # one of ACTIONS
    compulsory: bool = False
    chi: Shape | None = None
    bi: tuple[Shape, ...] = ()
    left: tuple[int, ...] | None = None
    discard: bool = False
    onto: str | None = None
    chou_wei: bool = False
    win: Win | None = None
    becomes_chou_chi: tuple[int, ...] = ()
    becomes_chou_peng: tuple[int, ...] = ()


@dataclass(frozen=True)
class Forbidden:
    """A move the player may not make, and why (one of FORBID_REASONS).

    ``detail`` depends on the reason: for 'kan' the 坎 tiles (kinds) that
    would take part; for 'shaobi' the copies of X that could not be laid out;
    for 'compulsory' the compulsory move ('ti', 'wei' or 'pao'); else ().
    """
    action: str
    reason: str
    chi: Shape | None = None
    bi: tuple[Shape, ...] = ()
    detail: tuple[Any, ...] = ()  # by reason: tiles (int) or a meld kind (str)


@dataclass(frozen=True)
class Candidate:
    """A way to eat, legal (``reason`` None) or not."""
    chi: Shape
    bi: tuple[Shape, ...]
    reason: str | None
    detail: tuple[Any, ...] = ()  # by reason: tiles (int) or a meld kind (str)


@dataclass(frozen=True)
class Decision:
    """A decision point: a hand at rest, a tile from where it came, and every move with or without its reason."""
    hand: Hand
    tile: int
    source: str  # one of ORIGINS
    actions: tuple[Action, ...]
    forbidden: tuple[Forbidden, ...]
    rules: Ruleset = field(compare=False, repr=False)  # the ruleset decided under
    chou: tuple[int, ...] = ()
    passed_peng: tuple[int, ...] = ()
    candidates: tuple[Candidate, ...] = ()  # sorted by (chi, bi)

    @property
    def compulsory(self) -> Action | None:
        """The compulsory 提/偎/跑, if any."""
        return next((a for a in self.actions if a.compulsory), None)
