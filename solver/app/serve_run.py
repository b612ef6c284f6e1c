"""The work of ``phz serve`` (``serve_command`` declares it): the socket bound, the address printed
(with a token unless bound to the loopback), the kernels warmed in the background, the app served until
Ctrl-C or SIGTERM."""
from __future__ import annotations

import ipaddress
import secrets
import socket
import threading
from pathlib import Path

import click

__all__ = ["run"]


def run(*, host: str, port: int, records: str | None, db: str | None, lang: str | None, rules) -> None:
    import uvicorn

    from solver.text.catalogue import say
    from solver.trainer.progress import default_path
    from solver.web.server import Config, make_app

    loopback = _loopback(host)
    token = None if loopback else secrets.token_urlsafe(16)
    folder = Path(records) if records else (Path(db).parent if db else default_path().parent) / "records"
    try:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
    except (OSError, UnicodeError) as e:
        raise click.BadParameter(f"cannot listen on {host} port {port}: {getattr(e, 'strerror', None) or e}"
                                 " (another port: --port, or 0 for any free one)", param_hint="--host/--port") \
            from None
    real = sock.getsockname()[1]
    shown = "127.0.0.1" if loopback else (_address() if host in ("0.0.0.0", "::") else host)
    url = f"http://{shown if ':' not in shown else f'[{shown}]'}:{real}/" + (f"?token={token}" if token else "")
    app = make_app(Config(rules=rules, records=folder, db=db, lang=lang, token=token, loopback=loopback))
    click.echo(f"phz serves at {url}", color=False)
    click.echo(say("serve_run.stop_hint", lang or "en"))
    threading.Thread(target=_warm, args=(rules,), daemon=True, name="phz-warm").start()
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", access_log=False, lifespan="off"))
    server.run(sockets=[sock])


def _warm(rules) -> None:
    """The kernels a game at the page runs, loaded while the learner reads the page (else the first move
    of the first game waits half a second for them): one hand of strong bots, thrown away."""
    from solver.game.engine import Game
    from solver.game.players import make_bot, play_hand
    try:
        play_hand(Game(rules, seed=0), [make_bot("strong", 0, s) for s in range(rules.game.players)])
    except Exception:  # noqa: BLE001 -- only a warm-up: the game at the page says what is wrong, if anything
        pass


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _address() -> str:
    """This machine's address on its network, for a URL a phone can open (the loopback if none)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # no packet is sent: the route chooses the address
            return str(s.getsockname()[0])
        except OSError:
            return "127.0.0.1"
