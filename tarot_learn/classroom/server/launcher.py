"""``tarot-learn classroom``: start the class server and print the address students open.

    tarot-learn classroom                          # this machine only, new passwords printed
    tarot-learn classroom --host 0.0.0.0 --https --password tulip-river-seven   # the whole room

One process: Jupyter Server with Voila (the pages) and :mod:`tarot_learn.classroom.server.extension`
(our pages under ``/tarot/``), which serves the one :class:`~.classroom.Classroom` made here.  The
class password admits a browser (the class's own login page, or ``?token=PW`` in an address) as an
identity of its own (:mod:`.identity`).  Only ``<class-dir>/pages`` (the lessons and the tables page)
is served; Jupyter's config, data and runtime folders are the class's own, so nothing a page does
writes into the teacher's Jupyter folders.  Changing either password changes the cookie secret:
everyone logs in again.
"""

from __future__ import annotations

import argparse
import hashlib
import hmac
import os
import secrets
import socket
import tempfile
from pathlib import Path
from typing import Any

from tarot_learn.classroom.model.challenge import CLASS_DIR_ENV
from tarot_learn.classroom.server import classroot
from tarot_learn.classroom.server.classroom import DEFAULT_CLASS_DIR
from tarot_learn.errors import OptionError

__all__ = ["add_arguments", "run", "server_config", "warm_pools", "DEFAULTS"]

# The pool, culling and guard figures a class of 30 to 60 on a 2-core machine was measured with
# (benchmarks/classroom_load.py).
DEFAULTS = {"standby": 30, "refill_gap": 2.0, "cull_idle": 90, "max_kernels": 120, "per_student": 4}
EXTENSIONS = ("voila", "tarot_learn.classroom.server.extension")


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The ``classroom`` subcommand's options."""
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on: 0.0.0.0 serves the whole LAN (default 127.0.0.1, this machine)")
    p.add_argument("--port", type=int, default=8890, help="port (default 8890)")
    p.add_argument("--password", default=None, help="the class password (default: a new one, printed)")
    p.add_argument("--teacher-password", default=None,
                   help="the teacher pages' password (default: a new one, printed)")
    p.add_argument("--class-dir", default=DEFAULT_CLASS_DIR,
                   help=f"the class folder: results, tables and learners' data (default ./{DEFAULT_CLASS_DIR})")
    p.add_argument("--standby", type=int, default=DEFAULTS["standby"],
                   help=f"warm kernels kept ready for the tables page, about 90 MB each: the class's size "
                        f"when a whole class opens it together (default {DEFAULTS['standby']})")
    p.add_argument("--warm", action="append", default=[], metavar="PAGE=COUNT",
                   help="also keep COUNT warm kernels for another page, e.g. 04_tarot_solitaire.ipynb=30 before "
                        "the whole class opens that lesson (repeat for several)")
    p.add_argument("--cull-idle", type=int, default=DEFAULTS["cull_idle"], metavar="SECONDS",
                   help=f"free a kernel whose page has gone (closed, dropped) for this long, whatever it does "
                        f"(default {DEFAULTS['cull_idle']})")
    p.add_argument("--kernels-per-student", type=int, default=DEFAULTS["per_student"], metavar="N",
                   help=f"pages (kernels) one browser may have open at once (default {DEFAULTS['per_student']})")
    p.add_argument("--kernels-per-address", type=int, default=None, metavar="N",
                   help="pages one network address may hold (default: --kernels-per-student + 2, room for a "
                        "second browser on a laptop); 0 turns the address limit off, for a class whose "
                        "laptops all reach this server through one address (a school proxy or NAT)")
    p.add_argument("--table-advice", action="store_true",
                   help="let a player at a shared table ask the strong robot's advice on their own turn "
                        "(the card, the king call, the discard, and why)")
    p.add_argument("--https", action="store_true",
                   help="serve over HTTPS (no one on the network reads the traffic): with --certfile and "
                        "--keyfile, or a self-signed certificate made in the class folder")
    p.add_argument("--certfile", default=None, help="the certificate for --https (PEM)")
    p.add_argument("--keyfile", default=None, help="its private key for --https (PEM)")
    p.add_argument("--site", default=None, metavar="DIR",
                   help="also serve the static site built by make lite (e.g. dist/lite) at /site/, so the "
                        "room's browsers fetch it from this laptop, not the internet")


def _per_address(args: argparse.Namespace) -> int:
    """Kernels one address may hold: by default room for a second browser on a laptop; 0: no limit."""
    given = args.kernels_per_address
    return args.kernels_per_student + 2 if given is None else given


def _checked(args: argparse.Namespace) -> None:
    if not 1 <= args.port <= 65535:
        raise OptionError(f"--port {args.port}: choose a port from 1 to 65535")
    if not 0 <= args.standby <= 60:
        raise OptionError(f"--standby {args.standby}: choose from 0 to 60 warm kernels")
    if not 2 <= args.cull_idle <= 86400:
        raise OptionError(f"--cull-idle {args.cull_idle}: choose from 2 to 86400 seconds")
    if not 1 <= args.kernels_per_student <= 20:
        raise OptionError(f"--kernels-per-student {args.kernels_per_student}: choose from 1 to 20")
    if args.kernels_per_address is not None and not 0 <= args.kernels_per_address <= 200:
        raise OptionError(f"--kernels-per-address {args.kernels_per_address}: choose from 0 (no address "
                          "limit) to 200")
    if (args.certfile or args.keyfile) and not args.https:
        raise OptionError("--certfile and --keyfile are for --https: add --https")
    for flag, value in (("--password", args.password), ("--teacher-password", args.teacher_password)):
        if value is not None and (len(value) < 4 or len(value) > 200 or not value.isprintable() or " " in value):
            raise OptionError(f"{flag}: choose 4 to 200 characters without spaces")
    if args.password and args.password == args.teacher_password:
        raise OptionError("--teacher-password must differ from --password (students know the class password)")


def warm_pools(args: argparse.Namespace, pages: Path) -> dict[str, int]:
    """``{page: warm kernels}``: the tables page's ``--standby``, then each ``--warm PAGE=COUNT``."""
    pools = {classroot.TABLES_PAGE: args.standby}
    for item in args.warm:
        page, _, count = item.partition("=")
        if not (pages / page).is_file() or "/" in page:
            raise OptionError(f"--warm {item}: {page!r} is not one of the class's pages ({classroot.TABLES_PAGE}, "
                              f"{', '.join(classroot.lessons(pages))})")
        if not count.isdigit() or not 0 <= int(count) <= 60:
            raise OptionError(f"--warm {item}: write PAGE=COUNT with a COUNT from 0 to 60")
        pools[page] = int(count)
    if sum(pools.values()) > DEFAULTS["max_kernels"] // 2:
        raise OptionError(f"--standby and --warm ask for {sum(pools.values())} warm kernels: keep it to "
                          f"{DEFAULTS['max_kernels'] // 2} at most (each takes about 90 MB)")
    return pools


def cookie_secret(class_dir: Path, password: str, teacher: str) -> bytes:
    """The secret that signs every cookie: the class folder's own random key mixed with both
    passwords, so a restart with the same passwords keeps students logged in and a new one logs
    everyone out."""
    key_file = class_dir / "cookie.key"
    if not key_file.is_file():
        class_dir.mkdir(parents=True, exist_ok=True)
        fd = os.open(key_file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(secrets.token_bytes(32))
    return hmac.new(key_file.read_bytes(), f"{password}\n{teacher}".encode(), hashlib.sha256).digest()


def server_config(args: argparse.Namespace, pages: Path, token: str) -> Any:
    """The traitlets configuration (a ``traitlets.config.Config``) of the class server."""
    from traitlets.config import Config

    from tarot_learn.classroom.server.guard import PAGE_MESSAGES

    c = Config()
    c.ServerApp.update(ip=args.host, port=args.port, port_retries=0, open_browser=False, root_dir=str(pages),
                       default_url="/tarot/", terminals_enabled=False, allow_root=True,
                       jpserver_extensions={name: True for name in EXTENSIONS},
                       contents_manager_class="tarot_learn.classroom.server.app.ReadOnlyContents",
                       kernel_manager_class="tarot_learn.classroom.server.pool.ClassroomKernelManager",
                       kernel_websocket_connection_class="tarot_learn.classroom.server.guard.GuardedConnection",
                       authorizer_class="tarot_learn.classroom.server.guard.ClassAuthorizer",
                       identity_provider_class="tarot_learn.classroom.server.identity.ClassIdentityProvider")
    c.IdentityProvider.token = token
    # Kernels talk to the server over local sockets, not TCP ports another user could reach.
    c.KernelManager.transport = "ipc"
    # "null" keeps Voila's page on the MathJax bundled with it (else it loads MathJax from a CDN);
    # a widget message is small: a megabyte-long frame is a client misbehaving.
    c.ServerApp.tornado_settings = {"mathjax_url": "null", "mathjax_config": "null",
                                    "websocket_max_message_size": 1 << 20,
                                    "tarot_learn_table_advice": args.table_advice}
    c.ClassroomKernelManager.update(
        pools=warm_pools(args, pages), refill_gap=DEFAULTS["refill_gap"], max_kernels=DEFAULTS["max_kernels"],
        per_identity=args.kernels_per_student, per_address=_per_address(args),
        orphan_after=float(args.cull_idle),
        cull_idle_timeout=0,  # kernels are culled by their pages' absence (orphan_after), not by idleness
        # A page may only talk to its widgets: no code runs from a browser, no page shuts a kernel down.
        allowed_message_types=list(PAGE_MESSAGES))
    c.VoilaConfiguration.update(template="tarot", show_tracebacks=False, preheat_kernel=True)
    return c


def lan_address() -> str | None:
    """This machine's address on the LAN: the source address of a route out (a UDP "connect" sends
    no packet), or None without a network."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: only the routing table is consulted
            address = s.getsockname()[0]
        except OSError:
            return None
    return None if address.startswith("127.") or address == "0.0.0.0" else address


def _hosts(host: str) -> list[str]:
    if host not in ("0.0.0.0", "::", ""):
        return [host]
    lan = lan_address()
    return ([lan] if lan else []) + ["127.0.0.1"]


def own_jupyter_dirs(class_dir: Path) -> None:
    """Point Jupyter's config, data and runtime folders at the class's own (the runtime folder is
    short, under the system's temporary folder: it holds the kernels' local sockets)."""
    data = class_dir / "jupyter" / "data"
    data.mkdir(parents=True, exist_ok=True)
    os.environ["JUPYTER_DATA_DIR"] = str(data)
    os.environ["JUPYTER_RUNTIME_DIR"] = tempfile.mkdtemp(prefix="tarot-class-")
    # The configuration is the launcher's alone: no config folder is read (nor written).
    os.environ["JUPYTER_NO_CONFIG"] = "1"


def run(args: argparse.Namespace) -> int:
    """Build the class root, start the server and serve until Ctrl-C."""
    from tarot_learn.classroom.assets import jupyter_data_dir
    from tarot_learn.classroom.server.app import ClassroomServer
    from tarot_learn.classroom.server.classroom import Classroom
    from tarot_learn.classroom.server.site import SITE_PATH, checked_site

    from tarot_learn.classroom.server import auth_log, auth_tls

    _checked(args)
    class_dir = Path(args.class_dir).resolve()
    pages = classroot.build(class_dir)
    token = args.password or secrets.token_urlsafe(9)
    teacher = args.teacher_password or secrets.token_urlsafe(12)
    # Kernels inherit the environment: the class folder goes there, the teacher's password does not.
    os.environ.update({CLASS_DIR_ENV: str(class_dir), "TAROT_LEARN_DATA": str(class_dir / "learners")})
    os.environ["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(jupyter_data_dir()),
                                                              os.environ.get("JUPYTER_PATH")]))
    own_jupyter_dirs(class_dir)
    mask = auth_log.install([token, teacher])
    config = server_config(args, pages, token)
    config.ServerApp.cookie_secret = cookie_secret(class_dir, token, teacher)
    if args.https:
        config.ServerApp.certfile, config.ServerApp.keyfile = auth_tls.certificate(
            class_dir / "tls", _hosts(args.host), args.certfile, args.keyfile)
    app = ClassroomServer(config=config)
    app.classroom = Classroom(class_dir, teacher)
    app.site = checked_site(args.site) if args.site else None
    app.initialize(argv=[], find_extensions=False)
    auth_log.install(mask.secrets, app.log)
    app.check_loaded()
    scheme = "https" if args.https else "http"
    for host in _hosts(args.host):
        print(f"Students open: {scheme}://{host}:{args.port}/")
        if app.site is not None:
            print(f"The static site (no password): {scheme}://{host}:{args.port}/{SITE_PATH}")
    print(f"Class password: {token}    Teacher password: {teacher}    Class folder: {class_dir}")
    if args.https and not args.certfile:
        print("The certificate is self-signed: each browser warns once; accept it for this address.")
    warm = sum(warm_pools(args, pages).values())
    if warm:
        print(f"Warming {warm} kernels (about {warm * 90} MB) so a whole class opens its pages at once; "
              f"--standby sets how many.")
    print("Ctrl-C stops the server (the class folder keeps results and games).", flush=True)
    app.start()
    return 0
