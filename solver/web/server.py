"""``phz serve``'s web app: the page and its JSON API, on the engine, judge, trainer and progress file of
the commands (nothing computed twice, no second rule engine in the page).

Endpoints (every answer JSON; a refusal is ``{"error": "one line"}`` with its status, in the language of
the request's ``lang``)::

    GET  /                          the page (static/index.html)
    GET  /api/info                  rulesets, bots, question kinds, the default language
    POST /api/games                 a new game {rules, players, bots, coach, samples, seed}: its state
    GET  /api/games/{id}            the state of a game (?lang=)
    POST /api/games/{id}/move       {move}: the learner's move (a record's text: ``chi 三四五 比 一二三``)
    POST /api/games/{id}/undo       take back the learner's last decision of the hand
    POST /api/games/{id}/hint       the judge's advice at the learner's decision
    POST /api/games/{id}/next       the next hand, once this one is over
    GET  /api/records               the records in the records folder, newest first
    POST /api/records               {name, text}: a record chosen by the learner, copied into the folder
    POST /api/games/from            {record, hand, n, coach, samples, bot}: a game played on from the
                                    position before move n of a record (review's "play from here")
    POST /api/review                {record, samples, seed}: each decision of the learner graded, worst first
    POST /api/review/drill          {record, index}: that decision of the review a question of the quiz
    POST /api/analyse               {hand, tile, source, seen}: as ting, discard and act answer
    POST /api/quiz/next             {kind}: a question of the library, the drills or the review due
    POST /api/quiz/answer           {qid, answer}: graded, recorded in the progress file, explained
    GET  /api/quiz/{qid}            a question asked (and its answer) again, in another language
    GET  /api/stats                 the progress file's statistics, as phz stats

Safety (``Guard``): requests whose Host is not this server's (DNS rebinding) or whose Origin is
another site's are refused; with a token (any --host but loopback) every request must carry it
(``?token=`` once, then the cookie the page is given, or the ``X-Phz-Token`` header); a POST
must send JSON, which a form of another site cannot.  Nothing is written outside the progress file
and the records folder; a record is only read from that folder, by its plain file name.
"""
from __future__ import annotations

import hmac
import json
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Callable

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send

from solver import limits
from solver.game.winrate import DEFAULT_SAMPLES
from solver.model.rules import Ruleset
from solver.text.page_words import PageError
from solver.text.words import error_in

from . import analysis, quiz_room, reviews
from .rooms import Room, new_room, room_from

__all__ = ["Config", "make_app"]

#: games kept in memory at once; the oldest untouched is let go (its record stays on disk)
MAX_ROOMS = 32
#: the largest request body read (a record sent is read from the folder, never sent)
MAX_BODY = 64 * 1024
#: the judge's deals a choice a game may ask for its coach and hint: (least, most, default)
COACH_SAMPLES = (8, 1000, DEFAULT_SAMPLES)
LOOPBACK = ("127.0.0.1", "localhost", "::1", "[::1]")


@dataclass(frozen=True)
class Config:
    rules: Ruleset  # the ruleset a new game or question is under, unless the page asks another
    records: Path  # the folder of the records of games played at the page
    db: str | None  # the progress file (None: the default one, as phz quiz)
    lang: str | None  # the page's language when the browser does not say (None: the browser's)
    token: str | None = None  # required of every request when set
    loopback: bool = True  # bound to the loopback only: the Host must name it


class Guard:
    """The safety of every request (module docstring), before any route."""

    def __init__(self, app: ASGIApp, config: Config):
        self.app, self.config = app, config

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        why = self.refusal(request)
        if why is not None:
            await JSONResponse({"error": why}, status_code=403)(scope, receive, send)
            return
        await self.app(scope, receive, send)

    def refusal(self, request: Request) -> str | None:
        host = request.headers.get("host", "")
        name = host.rsplit(":", 1)[0] if not host.startswith("[") else host.split("]")[0] + "]"
        if self.config.loopback and name not in LOOPBACK:
            return f"refused: this server answers only at 127.0.0.1 (the request named {host!r})"
        origin = request.headers.get("origin")
        if origin is not None and origin not in (f"http://{host}", f"https://{host}"):
            return f"refused: a request from another site ({origin})"
        if request.headers.get("sec-fetch-site") == "cross-site":
            return "refused: a request from another site"
        token = self.config.token
        if token is not None:
            given = (request.query_params.get("token") or request.headers.get("x-phz-token")
                     or request.cookies.get("phz_token") or "")
            if not hmac.compare_digest(given.encode(), token.encode()):
                return "refused: this server needs its token: open the URL phz serve printed (with ?token=…)"
        if request.method == "POST" and "json" not in request.headers.get("content-type", ""):
            return "refused: send JSON (Content-Type: application/json)"
        return None


def make_app(config: Config) -> Starlette:
    """The app of ``config`` (module docstring)."""
    rooms: OrderedDict[str, Room] = OrderedDict()
    rooms_lock = threading.Lock()
    quizzes = quiz_room.Quizzes(config)
    judged = reviews.Reviews(config.records, config.db)
    static = resources.files("solver.web") / "static"

    def room(request: Request) -> Room:
        with rooms_lock:
            r = rooms.get(request.path_params["id"])
            if r is None:
                raise PageError("no_game", 404)
            rooms.move_to_end(r.id)
            return r

    def page(request: Request) -> Response:
        html = (static / "index.html").read_text(encoding="utf-8")
        response = HTMLResponse(html, headers={"Cache-Control": "no-store", "Content-Security-Policy": CSP})
        if config.token is not None and request.query_params.get("token"):
            response.set_cookie("phz_token", config.token, httponly=True, samesite="strict")
        return response

    def info(request: Request) -> dict:
        from solver.game import roster
        from solver.model.rules import get_ruleset
        from solver.model.ruleset_file import RANGES
        from solver.text.table_view import origin_words
        from solver.trainer import kinds
        from solver.vocabulary import ORIGINS, shipped_rulesets
        low, high = RANGES["game.players"]
        names = shipped_rulesets()
        seats = {n: get_ruleset(n).game.players for n in names} | {config.rules.name: config.rules.game.players}
        served = config.rules.name  # a house file's ruleset is listed too
        listed = list(names) if served in names else [*names, served]
        return {"rulesets": listed, "rules": config.rules.name, "lang": config.lang, "seats": seats,
                "players": {"min": low, "max": high, "default": config.rules.game.players},
                "bots": [{"name": b.name, "en": b.about[0], "zh": b.about[1]} for b in roster.bots().values()],
                "kinds": [{"name": k, "zh": kinds.name_zh(k)} for k in kinds.names()],
                "origins": [{"name": o, "en": origin_words(o, "en"), "zh": origin_words(o, "zh")} for o in ORIGINS],
                "samples": {"coach": dict(zip(("min", "max", "default"), COACH_SAMPLES)),
                            "review": {"min": limits.REVIEW_SAMPLES[0], "max": limits.REVIEW_SAMPLES[1],
                                       "default": DEFAULT_SAMPLES}}}

    def new_game(request: Request, body: dict) -> dict:
        rules = _rules(body, config)
        n = rules.game.players
        bots = _bots(body.get("bots", "basic"), n)
        seed = _int(body, "seed", *limits.SEED, None)
        samples = _int(body, "samples", *COACH_SAMPLES)
        assert samples is not None  # a default given
        r = new_room(rules, bots, coaching=bool(body.get("coach", True)), seed=seed, folder=_folder(config),
                     samples=samples)
        return keep(r, _lang(request, body))

    def game_state(request: Request) -> dict:
        r = room(request)
        with r.lock:
            return r.state(_lang(request, {}))

    def act(step: Callable[[Room, dict, str], Any]):
        def endpoint(request: Request, body: dict) -> dict:
            r = room(request)
            lang = _lang(request, body)
            with r.lock:  # a MoveRefused (a ValueError) says why in ``lang``
                out = step(r, body, lang)
                return out if out is not None else r.state(lang)
        return endpoint

    def keep(r: Room, lang: str) -> dict:
        with rooms_lock:
            rooms[r.id] = r
            while len(rooms) > MAX_ROOMS:
                rooms.popitem(last=False)
        return r.state(lang)

    def from_record(request: Request, body: dict) -> dict:
        path = reviews.record_path(config.records, body.get("record"))
        hand = _int(body, "hand", 1, limits.HANDS[1], None)
        n = _int(body, "n", *limits.MOVE, None)
        if hand is None or n is None:
            raise PageError("from_where")
        samples = _int(body, "samples", *COACH_SAMPLES)
        assert samples is not None  # a default given
        given = body.get("bot")
        r = room_from(path, hand, n, coaching=bool(body.get("coach", True)), folder=_folder(config),
                      samples=samples, bot=None if given is None else _bot(given))
        return keep(r, _lang(request, body))

    def records_list(request: Request) -> dict:
        return {"records": reviews.listing(config.records)}

    def record_upload(request: Request, body: dict) -> dict:
        return reviews.upload(_folder(config), body)

    def review(request: Request, body: dict) -> dict:
        return judged.review(body, _lang(request, body))

    def drill(request: Request, body: dict) -> dict:
        return judged.drill(body)

    def analyse(request: Request, body: dict) -> dict:
        return analysis.analyse(body, _rules(body, config), _lang(request, body))

    def quiz_next(request: Request, body: dict) -> dict:
        return quizzes.next(body, _rules(body, config), _lang(request, body))

    def quiz_answer(request: Request, body: dict) -> dict:
        return quizzes.answer(body, _lang(request, body))

    def quiz_shown(request: Request) -> dict:
        return quizzes.shown(request.path_params["qid"], _lang(request, {}))

    def stats(request: Request) -> dict:
        return quizzes.stats(_rules({"rules": request.query_params.get("rules")}, config), _lang(request, {}))

    routes = [
        Route("/", page),
        Route("/api/info", _json(info)),
        Route("/api/games", _json(new_game, body=True), methods=["POST"]),
        Route("/api/games/from", _json(from_record, body=True), methods=["POST"]),
        Route("/api/games/{id}", _json(game_state)),
        Route("/api/games/{id}/move", _json(act(lambda r, b, lang: r.move(_text(b, "move"), lang)), body=True),
              methods=["POST"]),
        Route("/api/games/{id}/undo", _json(act(lambda r, b, lang: r.undo(lang)), body=True), methods=["POST"]),
        Route("/api/games/{id}/hint", _json(act(lambda r, b, lang: r.hint(lang)), body=True), methods=["POST"]),
        Route("/api/games/{id}/next", _json(act(lambda r, b, lang: r.next_hand(lang)), body=True), methods=["POST"]),
        Route("/api/records", _json(records_list)),
        Route("/api/records", _json(record_upload, body=True, most=reviews.UPLOAD_BYTES), methods=["POST"]),
        Route("/api/review", _json(review, body=True), methods=["POST"]),
        Route("/api/review/drill", _json(drill, body=True), methods=["POST"]),
        Route("/api/analyse", _json(analyse, body=True), methods=["POST"]),
        Route("/api/quiz/next", _json(quiz_next, body=True), methods=["POST"]),
        Route("/api/quiz/answer", _json(quiz_answer, body=True), methods=["POST"]),
        Route("/api/quiz/{qid}", _json(quiz_shown)),
        Route("/api/stats", _json(stats)),
        Mount("/static", app=StaticFiles(directory=str(static)), name="static"),
    ]
    app = Starlette(routes=routes)
    app.add_middleware(Guard, config=config)
    return app


#: the page loads only its own files: no script, style or font from anywhere else
CSP = "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'"


def _json(handler: Callable, *, body: bool = False, most: int = MAX_BODY):
    """An endpoint answering ``handler``'s dict as JSON; a PageError (or a ValueError, the solver's one-line
    errors) as ``{"error": …}`` in the language the request asks in; anything else as a 500 with one line,
    never a traceback."""
    from starlette.concurrency import run_in_threadpool

    async def endpoint(request: Request) -> Response:
        said = request.query_params.get("lang")  # the language of a refusal (a POST's body may say another)
        try:
            if body:
                raw = bytearray()
                async for chunk in request.stream():  # read no further than the limit
                    raw += chunk
                    if len(raw) > most + 1024:  # a JSON object around a text of ``most`` bytes
                        raise PageError("too_large", 413, kb=most // 1024)
                try:
                    data = json.loads(raw or b"{}")
                except (ValueError, UnicodeDecodeError):
                    raise PageError("not_json") from None
                if not isinstance(data, dict):
                    raise PageError("not_object")
                said = data.get("lang") or said
                out = await run_in_threadpool(handler, request, data)
            else:
                out = await run_in_threadpool(handler, request)
        except PageError as e:
            return JSONResponse({"error": e.said("zh" if said == "zh" else "en")}, status_code=e.status)
        except ValueError as e:  # the solver's one-line errors (a hand, a tile), in Chinese where it has them
            line = str(e).splitlines()[0] if str(e) else type(e).__name__
            return JSONResponse({"error": error_in(line, "zh" if said == "zh" else "en")}, status_code=400)
        except Exception as e:  # noqa: BLE001 -- the page gets one line; the server goes on
            return JSONResponse({"error": f"internal error: {type(e).__name__}: {e}"}, status_code=500)
        return JSONResponse(out, headers={"Cache-Control": "no-store"})
    return endpoint


def _text(body: dict, key: str, limit: int = 200) -> str:
    value = body.get(key)
    if not isinstance(value, str) or not value.strip():
        raise PageError("text", key=key)
    if len(value) > limit:
        raise PageError("text_long", key=key, limit=limit)
    return value.strip()


def _int(body: dict, key: str, low: int, high: int, default: int | None) -> int | None:
    value = body.get(key)
    if value is None or value == "":
        return default
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise PageError("number", key=key, low=low, high=high)
    return value


def _lang(request: Request, body: dict) -> str:
    lang = body.get("lang") or request.query_params.get("lang") or "en"
    if lang not in ("en", "zh"):
        raise PageError("lang")
    return lang


def _rules(body: dict, config: Config) -> Ruleset:
    from solver.model.rules import get_ruleset
    name = body.get("rules")
    rules = config.rules
    if name not in (None, "", config.rules.name):
        if not isinstance(name, str):
            raise PageError("rules_name")
        from solver.vocabulary import shipped_rulesets
        if name not in shipped_rulesets():
            raise PageError("rules_one_of", names=", ".join(shipped_rulesets()))
        rules = get_ruleset(name)
    from solver.model.ruleset_file import RANGES
    players = _int(body, "players", *RANGES["game.players"], None)
    if players is not None and players != rules.game.players:
        from solver.model.ruleset_file import seated
        rules = seated(rules, players)
    return rules


def _bots(given: object, n: int) -> tuple[str, ...]:
    """The bots of a table of ``n``: one name for every other seat, or a list of ``n - 1``."""
    names = [given] * (n - 1) if isinstance(given, str) else given
    if not isinstance(names, list) or len(names) != n - 1 or not all(isinstance(b, str) for b in names):
        raise PageError("bots_list", n=n - 1)
    return tuple(_bot(b) for b in names)


def _bot(name: object) -> str:
    """``name`` if it names a bot of phz; PageError otherwise."""
    from solver.game import roster
    if not isinstance(name, str) or name not in roster.names():
        raise PageError("no_bot", name=repr(name), names=", ".join(roster.names()))
    return name


def _folder(config: Config) -> Path:
    try:
        config.records.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise PageError("folder", 500, folder=config.records, why=e.strerror) from None
    return config.records


def _now() -> float:
    return time.time()
