"""No secret in the server's log: the class password, the teacher's, tokens, seat and page keys,
presenter tickets, cookie values and XSRF tokens are masked in every line, tornado's access log included.

>>> masked = SecretMask(["tulip-garden-42"])
>>> masked.mask("200 GET /voila/render/a.ipynb?token=tulip-garden-42&x=1 (10.0.0.5) 4ms")
'200 GET /voila/render/a.ipynb?token=***&x=1 (10.0.0.5) 4ms'
>>> masked.mask("seat key=8f3a9c and tulip-garden-42, Cookie: tarot_identity=2|abc; _xsrf=2|xyz")
'seat key=*** and ***, Cookie: ***'
"""

from __future__ import annotations

import logging
import re
from typing import Iterable

__all__ = ["SecretMask", "install", "LOGGERS"]

# A query or form parameter, a header or a JSON field that carries a secret, up to its end.
FIELDS = re.compile(r"""(?ix)
    (?P<head>(?:token|password|teacher_password|key|seat_key|page_key|_xsrf|code|ticket)=)[^&\s;,'"]+
  | (?P<cookie>(?:cookie|set-cookie|authorization):\s*)[^\n]+
  | (?P<json>"(?:token|password|key|seat_key|page_key)"\s*:\s*")[^"]*
""")
# Jupyter's, Voila's and tornado's loggers (the server's own log goes through ServerApp's).
LOGGERS = ("", "tornado.access", "tornado.application", "tornado.general", "ServerApp", "Voila",
           "tarot-learn-classroom", "traitlets")


class SecretMask(logging.Filter):
    """A logging filter that masks ``secrets`` and every secret-bearing field of a record's text."""

    def __init__(self, secrets: Iterable[str]) -> None:
        super().__init__()
        self.secrets = sorted({s for s in secrets if s}, key=len, reverse=True)

    def mask(self, text: str) -> str:
        for secret in self.secrets:
            text = text.replace(secret, "***")
        return FIELDS.sub(lambda m: (m.group("head") or m.group("cookie") or m.group("json")) + "***", text)

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            text = record.getMessage()
        except Exception:  # a record whose arguments do not fit its format: keep it as it is
            return True
        record.msg, record.args = self.mask(text), ()
        if record.exc_info and not record.exc_text:
            record.exc_text = self.mask(logging.Formatter().formatException(record.exc_info))
        elif record.exc_text:
            record.exc_text = self.mask(record.exc_text)
        return True


def install(secrets: Iterable[str], app_log: logging.Logger | None = None) -> SecretMask:
    """Put one :class:`SecretMask` on the server's loggers and on each of their handlers (a record
    logged to a child logger reaches its parents' handlers without their loggers' filters)."""
    mask = SecretMask(secrets)
    loggers = [logging.getLogger(name) for name in LOGGERS] + ([app_log] if app_log is not None else [])
    for logger in loggers:
        if mask not in logger.filters:
            logger.addFilter(mask)
        for handler in logger.handlers:
            if mask not in handler.filters:
                handler.addFilter(mask)
    return mask
