"""The ruleset type: every threshold, table and flag of the rule book (RULES.md) as one data object.

A ruleset is a TOML file (the shipped ones are in ``solver/rulesets``;
``solver.model.ruleset_file`` reads and checks them); ``Ruleset`` is what a
file says, resolved and typed.  Kernels never read it directly: the engine
turns a ruleset into the integer arrays it passes to them.

>>> from solver.model.rules import get_ruleset
>>> r = get_ruleset("luzhou")
>>> r.min_huxi, r.deng(19, self_drawn=False), r.deng(20, self_drawn=True)
(10, 1, 3)
>>> r.group_huxi("peng", 1), r.group_huxi("peng", 2), r.take["kan", "other"].makes
(6, 1, 'zhao')
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Mapping

from .tiles import RED

#: group patterns that carry 胡息 ("ju" a plain sequence, "ju123" 一二三/壹贰叁,
#: "ju2710" 二七十/贰柒拾); an exposed 吃 meld is valued as the pattern it forms
PATTERNS = ("ju", "ju123", "ju2710", "jiao", "kan", "peng", "wei", "pao", "ti", "zhao", "long", "jiang")
#: patterns of identical tiles (their 胡息 may differ per tile)
SAME_TILE_PATTERNS = ("kan", "peng", "wei", "pao", "ti", "zhao", "long", "jiang")
#: every meld kind a ruleset may have, and those of four tiles
MELD_KINDS = ("chi", "peng", "wei", "pao", "ti", "zhao", "long")
FOUR_KINDS = ("pao", "ti", "zhao", "long")
#: the melds a hand may be dealt, laid out before play (前提: 提, and 垅 where a ruleset has it)
DEALT_KINDS = ("ti", "long")
#: what the hand holds of a tile, and where the tile comes from (the take table's rows and columns)
HOLDINGS = ("wei", "peng", "kan", "pair", "less")
TAKE_SOURCES = ("self", "other", "discard")
#: the groups a taken tile can make (``free``: it joins the concealed tiles)
TAKE_MAKES = {"wei": ("ti", "pao", "zhao", "free"), "peng": ("ti", "pao", "zhao", "free"),
              "kan": ("ti", "pao", "zhao", "free"), "pair": ("wei", "peng", "free"), "less": ("free",)}
#: fan conditions; the last four are the context a game gives a win (``Ruleset.fan``'s ``conditions``):
#: haidi (the last stock tile, 海底), tianhu (天胡), dihu (地胡), qishou (a win on the 亮张, 起手胡)
FAN_CONDITIONS = ("red", "all_triplets", "haidi", "tianhu", "dihu", "qishou")
GAME_CONDITIONS = frozenset({"haidi", "tianhu", "dihu", "qishou"})
#: where a tile may be eaten from (the ``phz act --from`` origins that are not the lower player's)
CHI_ORIGINS = ("upper-discard", "upper-draw", "self-draw")
PASS_RULES = ("chou", "hu_only")
TIANHU = ("none", "three_ti_or_five_kan", "dealer_seven_groups")
DIHU = ("none", "lower_on_first_discard")
PAY = ("each", "discarder")
SIT_OUT = ("opposite",)  # the seat opposite the dealer (dealer + 2) sits out a hand of four
SIT_OUT_AFTER = {"opposite": 2}  # ... that many seats after the dealer
PENALTY_PAID = ("third_to_each", "to_each")
#: the offences a game record may show (besides the ruleset's own 比 offence, ``Ruleset.shaobi``): each
#: needs an amount in [penalties]
OFFENCES = ("诈胡", "走跑", "失提", "臭张")


@dataclass(frozen=True)
class Take:
    """One cell of the take table: what a tile makes for what the hand holds of it, from one source."""
    makes: str  # TAKE_MAKES
    compulsory: bool  # made whenever the player does not win on the tile
    po: bool  # 破跑: a win may put the tile into another group, the meld or 坎 staying
    others_win: bool  # another player may still win on the tile


@dataclass(frozen=True)
class Fan:
    name: str
    condition: str  # FAN_CONDITIONS
    fan: int
    red_min: int = 0
    red_max: int = 80


@dataclass(frozen=True)
class Game:
    """What a whole game needs of a ruleset (the game engine reads these; RULES 10, 10b)."""
    players: int  # seats at the table: 2, 3 or 4 (with 4, one sits out each hand: 坐底)
    sit_out: str  # SIT_OUT: who sits out a hand at a table of four
    deal: tuple[int, ...]  # tiles dealt to each player who plays, the dealer first
    liang_zhang: bool
    tianhu: str
    dihu: str
    last_tile_wins: bool
    pay: str
    penalty_paid: str  # PENALTY_PAID: how the amounts of Ruleset.penalties reach the other players
    shown_last: bool = False  # four at the table: no 亮张; the stock's last tile is shown, never won on
    red_last_up: bool = False  # ... and while it is red it moves to the top of the stock
    buried: int = 0  # two players: tiles set aside face down unseen (埋牌)

    @property
    def playing(self) -> int:
        """The players dealt a hand: one of four sits out."""
        return self.players - 1 if self.players == 4 else self.players

    @property
    def shows_last(self) -> bool:
        """The stock's last tile is shown (and never won on): four at the table, ``shown_last``."""
        return self.players == 4 and self.shown_last

    @property
    def liang(self) -> bool:
        """The dealer shows his 21st tile (亮张): not where the last tile is shown instead."""
        return self.liang_zhang and not self.shows_last

    @property
    def last_wins(self) -> bool:
        """The last stock tile may be won on."""
        return self.last_tile_wins and not self.shows_last

    @property
    def set_aside(self) -> int:
        """Tiles buried unseen (埋牌) by the deal: two players only."""
        return self.buried if self.players == 2 else 0

    def sits_out(self, dealer: int) -> int | None:
        """The seat that sits out a hand dealt by ``dealer`` (坐底: opposite him), or None."""
        return (dealer + SIT_OUT_AFTER[self.sit_out]) % 4 if self.players == 4 else None


@dataclass(frozen=True)
class BotTuning:
    """What the bots' race model (``solver.game.bot_strong``) takes as typical of play under a
    ruleset (its file's optional [bots] table): averages measured in self-play, not rules.  A file
    without the table (and without a base that has one) gets these values, measured under hunan."""
    #: the chance per stock draw that a player with 0, 1, … melds laid out wins (the last entry for
    #: as many melds or more)
    hazard: tuple[float, ...] = (0.0, 0.015, 0.048, 0.075, 0.12, 0.12, 0.2)
    #: the score of a typical win (the mean in self-play): what another player's win costs
    typical_score: float = 2.3
    #: the chance per stock draw that a hand k intakes from ready takes its next step, when nothing
    #: better is known (k = 0, 1, …; the last entry for as far or farther)
    steps: tuple[float, ...] = (0.08, 0.125, 0.33, 0.45, 0.5, 0.5, 0.5, 0.5)
    #: what the counted chances are worth: a wait is met about as often as its share of the unseen
    #: tiles says (hu_factor), an intake less often (take_factor: other claims come first)
    hu_factor: float = 1.0
    take_factor: float = 0.75
    #: the melds a player lays out per stock draw, and the discards per stock draw
    meld_rate: float = 0.2
    discard_rate: float = 0.7
    #: the score of a win not yet in sight (two intakes or more away)
    far_score: float = 1.5
    #: the moves weighed one intake further on, the best by the plain value first
    look: int = 6
    #: the judge's win chances as they come true: the win rate observed in the judge bot's self-play
    #: where the rollouts predict 0, 1/(n-1), …, 1 (n entries, evenly spaced; read linearly between
    #: them).  The rollouts' players are not the judge's opponents; the advice shows the win
    #: chance read off this curve (``winrate.Estimate.win``).  (0, 1) would be as predicted.
    win_curve: tuple[float, ...] = (0.0, 0.108, 0.203, 0.286, 0.359, 0.439, 0.5, 0.541, 0.564, 0.576, 0.59)
    #: the others' hidden hands in the judge's samples, kept as play keeps a hand: for each tile face up
    #: in front of a player and each meld he laid out (about one a turn he has had), a sampled hand of
    #: his takes a tile of those nobody holds this many times and gives back its least useful
    #: (``winrate.kept_of``); 0 deals them at random.  Fitted to the distance to ready of real hands
    kept_draws: float = 5.0
    #: who plays every seat of the judge's rollouts (``ROLLOUT_POLICIES``): keen plays about as well as
    #: basic; with the quick policy (fast) the judge bot lost 0.90 ± 0.47 a hand to race (hunan, 500 deals)
    rollout_policy: str = "keen"
    #: the follow-up discards the judge weighs after a claim that owes one
    follow_ups: int = 2
    #: the judge's close calls: when its best two choices are still within each other's noise after its
    #: deals (``--samples``), the two play on, up to this many times as many deals (``winrate.race``); 1: never
    close_calls: float = 3.0
    #: the judge's race (``winrate.race``): every choice is played on the first ``race_first`` deals, then
    #: the ``race_keep[0]`` best that are not clearly worse go on to ``race_round`` × ``--samples`` deals,
    #: and of those the ``race_keep[1]`` best to ``--samples``
    race_first: int = 24
    race_round: float = 0.4
    race_keep: tuple[int, ...] = (6, 3)
    #: how far ahead ``keen`` (the bot, and the judge's rollouts) looks: 0 readiness alone, 1 also a hand
    #: one intake from ready (``solver.engine._game_keen``)
    keen_level: int = 1
    #: ``keen`` counts each live improving tile of a hand one intake from ready for how often it can come
    #: to the hand as the hand holds it (``keen_steps.reach``); False: each copy alike
    keen_reach: bool = False
    #: the advice and the coach warn that a discard lets another player win, 碰 or 跑 at once from this
    #: chance, when it is also ``danger_gap`` above the safest discard's
    danger: float = 0.5
    danger_gap: float = 0.25
    #: the review's grades: the expected-score loss (points of net score) from which a decision is an
    #: inaccuracy, a mistake, a blunder, and the win chance given up (as shown) from which it is, where worse
    grade_points: tuple[float, ...] = (1.0, 3.0, 6.0)
    grade_win: tuple[float, ...] = (0.04, 0.10, 0.20)


#: the policies that may play the judge's rollouts (``BotTuning.rollout_policy``; ``solver.game.winrate``)
ROLLOUT_POLICIES = ("fast", "keen")



def on_curve(curve: tuple[float, ...], p: float) -> float:
    """``p``, a win chance the rollouts predict, read off ``curve`` (``BotTuning.win_curve``)."""
    x = min(max(p, 0.0), 1.0) * (len(curve) - 1)
    i = min(int(x), len(curve) - 2)
    return curve[i] + (curve[i + 1] - curve[i]) * (x - i)


@dataclass(frozen=True)
class Ruleset:
    name: str
    title: str
    aliases: tuple[str, ...]
    melds: tuple[str, ...]  # the meld kinds of this ruleset
    meld_aliases: Mapping[str, str]  # other meld kinds the notation reads as one of ``melds``
    absent: Mapping[str, str]  # why a meld kind is not among ``melds``, for messages
    sequence: str  # what the explanations call a sequence (句; luzhou 列)
    dealt_four: str
    pao_needs_jiang: bool  # the 将 rule: a hand with a 4-tile group wins with exactly one pair
    #: pattern -> 胡息 of its group, by the group's first tile (20 values)
    huxi: Mapping[str, tuple[int, ...]]
    min_huxi: int
    deng_base: int
    deng_step: int
    deng_add: int
    self_draw_deng: int
    fans: tuple[Fan, ...]
    fan_overrides: Mapping[frozenset[str], int]
    fans_add: bool
    plain_fan: int
    take: Mapping[tuple[str, str], Take]  # (holding, source) -> Take
    win_on: tuple[str, ...]
    peng_compulsory: bool
    chi_from: tuple[str, ...]
    passed: str  # PASS_RULES
    own_discard_makes_chou: bool
    shaobi: str  # the name of the 比 offence (烧比, 吃包子)
    weights: Mapping[str, int]  # source -> how often a live copy arrives by it
    penalties: Mapping[str, int]
    game: Game
    bots: BotTuning = BotTuning()
    #: the resolved content, as read (``phz rules show --toml`` and the digest come from it)
    data: Mapping[str, Any] = field(default_factory=dict, repr=False)
    digest: str = ""  # of the resolved content: two rulesets with one digest answer alike
    path: str = ""  # the file it was read from ("" for a shipped one)
    red_tiles: frozenset[int] = RED

    # ---------------------------------------------------------------- derived facts

    def group_huxi(self, pattern: str, first_tile: int) -> int:
        """胡息 of a group of ``pattern`` whose first tile is ``first_tile``."""
        return self.huxi[pattern][first_tile]

    def deng(self, huxi: int, *, self_drawn: bool) -> int:
        d = (huxi - self.deng_base) // self.deng_step + self.deng_add
        return d + (self.self_draw_deng if self_drawn else 0)

    @property
    def four_kinds(self) -> tuple[str, ...]:
        return tuple(k for k in self.melds if k in FOUR_KINDS)

    @property
    def self_pair_must_wei(self) -> bool:
        """A self-drawn tile onto a concealed pair makes a compulsory triplet (偎, or luzhou's own 碰)."""
        return self.take["pair", "self"].compulsory

    @property
    def kan_always_taken(self) -> bool:
        """A 坎 makes its 4-tile group with the fourth copy from every source (a 坎 tile is never
        discarded): no player holds a 坎 of a tile that was shown face up and left."""
        return all(self.take["kan", source].compulsory for source in ("self", "other", "discard"))

    @property
    def win_on_discard(self) -> bool:
        return "discard" in self.win_on

    @cached_property
    def source_weights(self) -> tuple[int, int, int]:
        """(self, other, discard) weights of the expected score, 0 for a source it does not win on."""
        own, other, discard = (self.weights[s] if s in self.win_on else 0 for s in TAKE_SOURCES)
        return own, other, discard

    @property
    def self_weight(self) -> int:
        return self.weights["self"]

    @property
    def other_weight(self) -> int:
        return self.weights["other"]

    @property
    def fan_names(self) -> tuple[str, ...]:
        """Every fan name a hand can be given, in report order."""
        return tuple(f.name for f in self.fans)

    def fan(self, red_count: int, *, duidui: bool,
            conditions: frozenset[str] = frozenset()) -> tuple[int, tuple[str, ...]]:
        """(fan, names in table order) of a completed hand with ``red_count`` red tiles; a fan
        whose condition is one of GAME_CONDITIONS counts when ``conditions`` names it.

        >>> from solver.model.rules import get_ruleset
        >>> r = get_ruleset("hunan")
        >>> r.fan(5, duidui=False, conditions=frozenset({"haidi"})), r.fan(10, duidui=False, conditions={"haidi"})
        ((1, ('海底',)), (4, ('红胡', '海底')))
        """
        got = [f for f in self.fans
               if (f.condition == "red" and f.red_min <= red_count <= f.red_max)
               or (f.condition == "all_triplets" and duidui)
               or (f.condition in conditions and f.condition in GAME_CONDITIONS)]
        if not got:
            return self.plain_fan, ()
        names = tuple(f.name for f in got)
        key = frozenset(names)
        if key in self.fan_overrides:
            return self.fan_overrides[key], names
        total = sum(f.fan for f in got) if self.fans_add else max(f.fan for f in got)
        return total, names

    def condition_fans(self, condition: str) -> tuple[Fan, ...]:
        """The fans of this ruleset that a game condition (GAME_CONDITIONS) brings."""
        return tuple(f for f in self.fans if f.condition == condition)
