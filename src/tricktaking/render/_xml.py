"""Building SVG documents with :mod:`xml.etree`: escaping and well-formedness for free.

Every text and attribute goes through ElementTree, which escapes it, so a seat name
such as ``<script>`` is drawn as text and never injected as markup. Escaping is not
enough for characters XML cannot hold at all (control characters, U+FFFE and U+FFFF,
lone surrogates): :func:`to_svg` replaces those with U+FFFD, so every document parses
and encodes to UTF-8. Numbers are written by :func:`num` so the same picture is always
the same string.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from tricktaking.errors import safe_repr
from tricktaking.render._errors import RenderError

__all__ = ["SVG_NS", "Svg", "element", "num", "svg_root", "to_svg", "xml_text"]

SVG_NS = "http://www.w3.org/2000/svg"

# Everything outside XML 1.0's Char production; surrogates are in no range, so a lone
# one (which no encoder accepts) is replaced as well.
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


class Svg(str):
    """An SVG document: a ``str`` that Jupyter displays as a picture.

    Example:
        >>> from tricktaking.render import back_svg
        >>> picture = back_svg()
        >>> isinstance(picture, str), picture._repr_svg_() == picture
        (True, True)
    """

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


def num(value: float) -> str:
    """A coordinate as short, deterministic text: at most two decimals, no ``-0``."""
    text = f"{round(value, 2):.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def xml_text(text: str) -> str:
    """``text`` with every character XML 1.0 cannot hold replaced by U+FFFD.

    Example:
        >>> from tricktaking.render._xml import xml_text
        >>> xml_text("Ann" + chr(0) + chr(0xFFFF) + chr(0xD800)) == "Ann" + chr(0xFFFD) * 3
        True
    """
    return _NOT_XML.sub("\ufffd", text)


def _clean(root: ET.Element) -> None:
    """Make every text, tail and attribute value of the tree XML-safe, in place."""
    for node in root.iter():
        if node.text:
            node.text = xml_text(node.text)
        if node.tail:
            node.tail = xml_text(node.tail)
        for name, value in node.attrib.items():
            node.attrib[name] = xml_text(value)


def element(
    tag: str,
    parent: ET.Element | None = None,
    text: str | None = None,
    **attributes: str | float,
) -> ET.Element:
    """A new element (appended to ``parent`` if given); ``_`` in names becomes ``-``.

    A trailing ``_`` is dropped (``class_`` is ``class``); numbers are formatted by
    :func:`num`.
    """
    attrib = {
        name.rstrip("_").replace("_", "-"): value if isinstance(value, str) else num(value)
        for name, value in attributes.items()
    }
    node = ET.Element(tag, attrib) if parent is None else ET.SubElement(parent, tag, attrib)
    if text is not None:
        node.text = text
    return node


def to_svg(root: ET.Element) -> Svg:
    """The document text of ``root`` (an ``svg`` element), without an XML declaration.

    One element per line, indented by depth: stored pictures diff line by line. Every
    character XML cannot hold is replaced first (see :func:`xml_text`).
    """
    _clean(root)
    ET.indent(root, space=" ")
    return Svg(ET.tostring(root, encoding="unicode"))


def svg_root(width: float, height: float, size: float | None, *, class_: str) -> ET.Element:
    """An ``svg`` element with a ``viewBox`` of ``width`` by ``height``, ``size`` px wide."""
    root = element(
        "svg",
        xmlns=SVG_NS,
        version="1.1",
        viewBox=f"0 0 {num(width)} {num(height)}",
        class_=class_,
        role="img",
    )
    if size is not None:
        checked: object = size  # callers may pass anything; check it
        if not isinstance(checked, int | float) or isinstance(checked, bool) or not 0 < size < 1e6:
            raise RenderError(
                f"size must be a positive number of pixels or None, not {safe_repr(size)}"
            )
        root.set("width", num(size))
        root.set("height", num(size * height / width))
    return root
