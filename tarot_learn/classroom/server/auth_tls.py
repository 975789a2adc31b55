"""The certificate of ``--https``: the teacher's own (a certificate and its key), or one made here,
self-signed, with the ``openssl`` command, kept in the class folder so browsers see the same one
after a restart."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from tarot_learn.errors import OptionError

__all__ = ["certificate"]

DAYS = 365


def certificate(folder: Path, host_names: list[str], certfile: str | None = None,
                keyfile: str | None = None) -> tuple[str, str]:
    """``(certificate, key)`` paths: the teacher's, checked to exist, or a self-signed pair in
    ``folder`` (made once) valid for ``host_names``."""
    if certfile or keyfile:
        if not (certfile and keyfile):
            raise OptionError("--certfile and --keyfile go together: give both, or neither for a self-signed one")
        for flag, name in (("--certfile", certfile), ("--keyfile", keyfile)):
            if not Path(name).is_file():
                raise OptionError(f"{flag} {name}: no such file")
        return str(Path(certfile).resolve()), str(Path(keyfile).resolve())
    cert, key = folder / "class-server.crt", folder / "class-server.key"
    if cert.is_file() and key.is_file():
        return str(cert), str(key)
    openssl = shutil.which("openssl")
    if openssl is None:
        raise OptionError("--https without --certfile needs the openssl command to make a certificate: "
                          "install openssl, or give --certfile and --keyfile")
    folder.mkdir(parents=True, exist_ok=True)
    names = ",".join(f"IP:{h}" if h.replace(".", "").isdigit() or ":" in h else f"DNS:{h}"
                     for h in dict.fromkeys(host_names + ["localhost", "127.0.0.1"]))
    argv = [openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", str(DAYS), "-subj",
            "/CN=tarot-learn class server", "-addext", f"subjectAltName={names}",
            "-keyout", str(key), "-out", str(cert)]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=60)
    if done.returncode != 0:
        raise OptionError(f"openssl could not make a certificate: {done.stderr.strip().splitlines()[-1:]}")
    key.chmod(0o600)
    return str(cert), str(key)
