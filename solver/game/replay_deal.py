"""A record's deal line read and checked (``solver.game.replay``): the hands of the seats that play, the
亮张, the stock, the seat sitting out, the shown last tile and the tiles set aside (RULES.md 10, 10b)."""
from __future__ import annotations

from ..model.hand import HandError
from ..model.notation import parse_tiles
from ..model.rules import Ruleset
from ..model.shown import value_text
from ..model.tiles import COPIES, N_KINDS, glyph, glyphs
from .deal import deal_tiles
from .engine import Game
from .record import HandRecord, RecordError
from .table import playing

__all__ = ["deal_of", "tile_of"]


def deal_of(rules: Ruleset, h: HandRecord, no: int, ev: dict, *, lenient: bool) -> tuple[Game, int]:
    """The game a record's deal line ``ev`` (line ``no`` of hand ``h``) deals, checked against the table
    and the hand's seed, and how many stock tiles it names; RecordError naming the fix otherwise."""
    g = rules.game
    n, sizes = g.players, g.deal
    dealer = ev.get("dealer")
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < n:
        raise RecordError(no, f'the deal needs its "dealer": a seat, 0 to {n - 1}, not {dealer!r}')
    order = playing(dealer, n, g.sits_out(dealer))
    if ev.get("out", g.sits_out(dealer)) != g.sits_out(dealer):
        raise RecordError(no, f'"out" is {value_text(ev.get("out"))}: dealt by seat {dealer}, seat '
                              f'{g.sits_out(dealer)} sits out (坐底)' if g.sits_out(dealer) is not None else
                              f'"out" is {value_text(ev.get("out"))}: nobody sits out at a table of {n}; drop it')
    hands = ev.get("hands")
    if not isinstance(hands, list) or len(hands) != len(order) or not all(isinstance(x, str) for x in hands):
        raise RecordError(no, f'the deal needs "hands": {len(order)} strings of tiles, the dealer\'s first')
    tiles = []
    for i, text in enumerate(hands):
        try:
            tiles.append(list(parse_tiles(text)))
        except HandError as e:
            raise RecordError(no, f"hand {i + 1} of the deal: {e}") from None
        if len(tiles[i]) != sizes[i]:
            raise RecordError(no, f"hand {i + 1} of the deal (seat {order[i]}) holds {len(tiles[i])}"
                                  f" tiles: the {rules.name} deal gives {sizes[i]}")
    liang = ev.get("liang")
    if g.liang:
        if liang is None and not lenient:
            raise RecordError(no, 'the deal names no "liang" (亮张), the dealer\'s tile shown to all')
        x = tiles[0][-1] if liang is None else tile_of(no, liang, "liang")
        if x not in tiles[0]:
            raise RecordError(no, f"the 亮张 {glyph(x)} is not in the dealer's hand")
        tiles[0].remove(x)
        tiles[0].append(x)
    elif liang is not None:
        raise RecordError(no, f"the {rules.name} rules have no 亮张: drop \"liang\"")
    stock_text = ev.get("stock", "")
    if not isinstance(stock_text, str):
        raise RecordError(no, '"stock" is a string of tiles, the top first')
    try:
        stock = list(parse_tiles(stock_text))
    except HandError as e:
        raise RecordError(no, f"the stock: {e}") from None
    buried_text = ev.get("buried", "")
    try:
        buried = list(parse_tiles(buried_text)) if isinstance(buried_text, str) else None
    except HandError:
        buried = None
    if buried is None or (buried and len(buried) != g.set_aside):
        raise RecordError(no, f'"buried" is the {g.set_aside} tiles set aside (埋牌), a string of tiles'
                              if g.set_aside else '"buried": only a hand of two sets tiles aside; drop it')
    if g.shows_last and stock and ev.get("last", glyph(stock[-1])) != glyph(stock[-1]):
        raise RecordError(no, f'"last" is {value_text(ev.get("last"))}, but the stock ends with {glyph(stock[-1])}')
    counts = [0] * N_KINDS
    for t in [t for x in tiles for t in x] + stock + buried:
        counts[t] += 1
    over = [t for t in range(N_KINDS) if counts[t] > COPIES]
    if over:
        raise RecordError(no, f"{glyph(over[0])} is dealt {counts[over[0]]} times: there are {COPIES} of each tile")
    missing = [t for t in range(N_KINDS) for _ in range(COPIES - counts[t])]
    typed = len(stock)
    if missing:
        if not lenient:
            raise RecordError(no, f"the deal holds {N_KINDS * COPIES - len(missing)} tiles, not "
                                  f"{N_KINDS * COPIES}: {glyphs(missing)} missing")
        stock += missing[:len(missing) - (g.set_aside - len(buried))]  # a typed stock may stop early
    if h.seed is not None:
        hs, st, _ = deal_tiles(h.seed, rules)
        if [sorted(x) for x in hs] != [sorted(x) for x in tiles] or st != stock or \
                (g.liang and hs[0][-1] != tiles[0][-1]):
            raise RecordError(no, f"the deal is not the deal of seed {h.seed} (its hand line, line {h.line})")
    try:
        return Game(rules, hands=tiles, stock=stock, dealer=dealer, lenient=lenient, explain=True), typed
    except ValueError as e:
        raise RecordError(no, str(e)) from None


def tile_of(no: int, text, what: str) -> int:
    try:
        got = parse_tiles(text) if isinstance(text, str) else ()
    except HandError:
        got = ()
    if len(got) != 1:
        raise RecordError(no, f"{what} {text!r} is not one tile (一..十, 壹..拾)")
    return got[0]
