"""The web table: play in the browser, or build a frontend on the documented protocol.

Needs the ``web`` extra (Starlette and uvicorn): ``pip install 'tricktaking[web]'``, or
``pip install '.[web]'`` from a clone of the repository.
``tricktaking serve`` starts it; :func:`create_app` is the ASGI application for tests or
for mounting in another server. The protocol (messages, fields, errors) is described in
the docs page "Web table protocol".

Example:
    >>> from tricktaking.web import PROTOCOL_VERSION, create_app
    >>> app = create_app(":memory:", bot_delay=0)
    >>> PROTOCOL_VERSION
    1
"""

# pyright: strict
from __future__ import annotations

from tricktaking.extras import MissingExtraError, missing_modules

if missing_modules("starlette", "uvicorn"):
    raise MissingExtraError(__name__, "web")

from tricktaking.web.app import create_app
from tricktaking.web.protocol import MAX_MESSAGE_BYTES, PROTOCOL_VERSION, ProtocolError
from tricktaking.web.server import serve

__all__ = ["MAX_MESSAGE_BYTES", "PROTOCOL_VERSION", "ProtocolError", "create_app", "serve"]
