"""Building SVG documents with :mod:`xml.etree`: escaping and well-formedness for free.

Every text and attribute goes through ElementTree, which escapes it, so a seat name
such as ``<script>`` is drawn as text and never injected as markup. Numbers are
written by :func:`num` so the same picture is always the same string.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from tricktaking.render._errors import RenderError

__all__ = ["SVG_NS", "Svg", "element", "num", "svg_root", "to_svg"]

SVG_NS = "http://www.w3.org/2000/svg"


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

    One element per line, indented by depth: stored pictures diff line by line.
    """
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
            raise RenderError(f"size must be a positive number of pixels or None, not {size!r}")
        root.set("width", num(size))
        root.set("height", num(size * height / width))
    return root
