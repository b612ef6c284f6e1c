"""The kernel-side Mersenne Twister (solver.engine._mt) against CPython's ``random.Random``.

Each seed (int or str, its key from solver.game.rng_keys) must give the same
state as ``random.Random(seed).getstate()`` and then the same numbers, exactly:
``getrandbits``, ``randrange``, ``random()``, and the deal of deal.py (the 80
tiles shuffled, then the dealer).  The draws run in small test kernels, which
also shows the helpers compose inside other numba kernels.
"""
from __future__ import annotations

import random

import numba
import numpy as np
import pytest

from solver.engine import _mt
from solver.game.deal import deal_tiles, red_up
from solver.game.rng_keys import int_key, key, str_key
from solver.game.session import hand_seed
from solver.model.rules import HUNAN, get_ruleset
from solver.model.ruleset_file import seated
from solver.model.tiles import COPIES, N_KINDS

_pick = random.Random(20240611)
INT_SEEDS = [0, 1, 2, 3, 2**31, 2**32 - 1, 2**32, 2**32 + 1, 2**48 - 1, 2**63 - 1, 12345,
             hand_seed(1, 0), hand_seed(7, 3)]
INT_SEEDS += [_pick.randrange(2**48) for _ in range(6)] + [_pick.randrange(2**63) for _ in range(6)]
_ALPHABET = "abcxyz019:_- 跑胡子一二三壹贰叁éß€😀\x00"
STR_SEEDS = ["phz:random:12345:0", "phz:basic:7:2", "", "a", "跑胡子", "\x00\x00\x00\x00a"]  # NULs: a shorter key
STR_SEEDS += ["".join(_pick.choice(_ALPHABET) for _ in range(_pick.randrange(1, 60))) for _ in range(8)]
SEEDS = INT_SEEDS + STR_SEEDS
LARGE_N = [2**31 - 1, 2**31, 2**32 - 1, 2**32, 2**32 + 1, 3**30, 10**12, 2**62 + 1, 2**63 - 1]


@numba.njit
def _bits(key, n, ks):
    state = _mt.new_state()
    _mt.seed_by_key(state, key, n)
    out = np.empty(len(ks), np.int64)
    for i in range(len(ks)):
        out[i] = _mt.getrandbits(state, ks[i])
    return out


@numba.njit
def _below(key, n, ns):
    state = _mt.new_state()
    _mt.seed_by_key(state, key, n)
    out = np.empty(len(ns), np.int64)
    for i in range(len(ns)):
        out[i] = _mt.randrange(state, ns[i])
    return out


@numba.njit
def _floats(key, n, count):
    state = _mt.new_state()
    _mt.seed_by_key(state, key, n)
    out = np.empty(count, np.float64)
    for i in range(count):
        out[i] = _mt.random(state)
    return out


@numba.njit
def _deal(seed, players):
    """deal.py's deal inside a kernel: the 80 tiles shuffled, then the dealer (then one more word)."""
    state = _mt.new_state()
    _mt.seed_int(state, seed)
    tiles = np.empty(80, np.int64)
    for t in range(80):
        tiles[t] = t // 4
    _mt.shuffle(state, tiles, np.int64(80))
    dealer = _mt.randrange(state, players)
    return tiles, dealer, _mt.next_u32(state)


def _key(seed) -> tuple[np.ndarray, np.int64]:
    words = key(seed)
    return np.array(words, np.int64), np.int64(len(words))


def test_keys_are_cpythons():
    assert int_key(0) == [0] and int_key(-1) == [1] and int_key(2**32) == [0, 1] and int_key(True) == [1]
    assert int_key(2**63 - 1) == [2**32 - 1, 2**31 - 1]
    text = "phz:random:12345:0"
    data = text.encode()
    import hashlib
    number = int.from_bytes(data + hashlib.sha512(data).digest(), "big")
    assert str_key(text) == int_key(number) and len(str_key(text)) == (len(data) + 64 + 3) // 4
    assert len(str_key("\x00" * 4 + "a")) == 17 < (5 + 64 + 3) // 4  # leading zero bytes drop out of the int
    with pytest.raises(TypeError):
        key(1.5)


def test_sha512_is_hashlibs():
    """``_sha512.digest`` against hashlib on messages of every length up to three blocks and a few longer."""
    import hashlib

    from solver.engine import _sha512
    rng = random.Random(11)
    for n in [*range(0, 400), 1000, 4096]:
        data = bytes(rng.randrange(256) for _ in range(n))
        out = np.zeros(64, np.int64)
        _sha512.digest(np.array(list(data), np.int64), np.int64(n), out)
        assert bytes(out.tolist()) == hashlib.sha512(data).digest(), n


@pytest.mark.parametrize("text", STR_SEEDS, ids=repr)
def test_text_keys_made_in_kernels(text):
    data = text.encode()
    buf = np.zeros(len(data) + 64, np.int64)
    buf[:len(data)] = list(data)
    words = np.zeros(len(data) // 4 + 20, np.int64)
    n = _mt.text_key(buf, np.int64(len(data)), words)
    assert words[:n].tolist() == str_key(text)


def test_bot_keys_made_in_kernels_are_bot_seeds_keys():
    """The random bots' kernel makes each seat's key from the hand's seed (``bot_keys``): the key of
    ``session.bot_seed``'s text, for seeds of every size and sign, every seat, every bot's name."""
    from solver.engine import _game_policies as GP
    from solver.game.session import bot_prefix, bot_seed
    seeds = [0, 1, 9, 10, 99, 100, -1, -10, 2**48 - 1, 2**63 - 1, -2**63 + 1, *INT_SEEDS]
    seeds += [_pick.randrange(10 ** _pick.randrange(1, 19)) for _ in range(200)]
    buf = np.zeros(GP.KEY_TEXT + 64, np.int64)
    keys = np.zeros((4, GP.KEY_WORDS), np.int64)
    lens = np.zeros(4, np.int64)
    for name in ("random", "keen", "x" * 40):
        prefix = np.array(list(bot_prefix(name).encode()), np.int64)
        for seed in seeds:
            GP.bot_keys(prefix, np.int64(seed), np.int64(4), buf, keys, lens)
            assert [keys[p, :lens[p]].tolist() for p in range(4)] == [str_key(bot_seed(seed, p, name))
                                                                     for p in range(4)], (name, seed)


@pytest.mark.parametrize("seed", SEEDS, ids=repr)
def test_state_after_seeding(seed):
    state = np.zeros(_mt.STATE_SIZE, np.int64)
    _mt.seed_by_key(state, *_key(seed))
    assert tuple(state.tolist()) == random.Random(seed).getstate()[1]


@pytest.mark.parametrize("seed", [0, 1, -1, 5, -5, 2**32 - 1, 2**32, -2**32, 2**48 - 1, 2**63 - 1, -2**63 + 1, -2**63])
def test_seed_int(seed):
    state = np.zeros(_mt.STATE_SIZE, np.int64)
    _mt.seed_int(state, np.int64(seed))
    assert tuple(state.tolist()) == random.Random(seed).getstate()[1]


@pytest.mark.parametrize("group", range(0, len(SEEDS), 3))
def test_four_seeded_at_once(group):
    """``seed4`` (four states side by side) gives each state CPython's, whatever the keys' lengths (an
    int's one or two words, a text's tens); a state given twice (a table of two) is seeded once."""
    seeds = (SEEDS + SEEDS)[group:group + 4]
    keys = [_key(s) for s in seeds]
    states = np.zeros((4, _mt.STATE_SIZE), np.int64)
    _mt.seed4(states[0], *keys[0], states[1], *keys[1], states[2], *keys[2], states[3], *keys[3])
    assert [tuple(row) for row in states.tolist()] == [random.Random(s).getstate()[1] for s in seeds]
    _mt.seed4(states[0], *keys[0], states[1], *keys[1], states[1], *keys[1], states[2], *keys[2])
    assert [tuple(row) for row in states[:3].tolist()] == [random.Random(s).getstate()[1] for s in seeds[:3]]


@pytest.mark.parametrize("seed", SEEDS, ids=repr)
def test_getrandbits_32(seed):
    rng = random.Random(seed)
    got = _bits(*_key(seed), np.full(2000, 32, np.int64))
    assert got.tolist() == [rng.getrandbits(32) for _ in range(2000)]


@pytest.mark.parametrize("seed", SEEDS[::3], ids=repr)
def test_getrandbits_any_width(seed):
    ks = [k for k in range(64) for _ in range(12)]
    random.Random(1).shuffle(ks)
    rng = random.Random(seed)
    assert _bits(*_key(seed), np.array(ks, np.int64)).tolist() == [rng.getrandbits(k) for k in ks]


@pytest.mark.parametrize("seed", SEEDS, ids=repr)
def test_randrange(seed):
    ns = [n for _ in range(10) for n in range(1, 41)] + LARGE_N * 3
    rng = random.Random(seed)
    assert _below(*_key(seed), np.array(ns, np.int64)).tolist() == [rng.randrange(n) for n in ns]


@pytest.mark.parametrize("seed", SEEDS, ids=repr)
def test_random(seed):
    rng = random.Random(seed)
    assert _floats(*_key(seed), 700).tolist() == [rng.random() for _ in range(700)]  # 1,400 words: a twist


@pytest.mark.parametrize("seed", INT_SEEDS, ids=repr)
def test_shuffle_and_dealer(seed):
    for players in (3, 2, 4):
        rng = random.Random(seed)
        tiles = [t for t in range(N_KINDS) for _ in range(COPIES)]
        rng.shuffle(tiles)
        dealer = rng.randrange(players)
        got_tiles, got_dealer, after = _deal(np.int64(seed), np.int64(players))
        assert (got_tiles.tolist(), got_dealer, after) == (tiles, dealer, rng.getrandbits(32))


@pytest.mark.parametrize("rules", [HUNAN, get_ruleset("luzhou"), seated(HUNAN, 2)], ids=["hunan", "luzhou", "hunan-2"])
def test_deal_py_in_a_kernel(rules):
    """The helpers composed in another kernel deal what solver.game.deal deals."""
    players = np.int64(rules.game.players)
    for seed in [hand_seed(s, i) for s in (1, 99) for i in range(20)] + [0, 2**63 - 1]:
        tiles, dealer, _ = _deal(np.int64(seed), players)
        hands, at = [], 0
        for n in rules.game.deal:
            hands.append(tiles[at:at + n].tolist())
            at += n
        stock = tiles[at + rules.game.set_aside:].tolist()  # (two players: 埋牌)
        if rules.game.shows_last and rules.game.red_last_up:  # (start_hand moves a red last tile up)
            stock = red_up(stock, rules)
        assert (hands, stock, dealer) == deal_tiles(seed, rules)
