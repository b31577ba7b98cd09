"""Sphinx configuration for the tricktaking documentation."""

from __future__ import annotations

import typing

import attrs

import tricktaking

if typing.TYPE_CHECKING:  # pytest imports this file on Pythons without Sphinx installed
    from sphinx.application import Sphinx

project = "tricktaking"
author = "The tricktaking developers"
copyright = "2026, The tricktaking developers"
release = tricktaking.__version__
version = release

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "myst_parser",
]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build"]
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

html_theme = "furo"
html_title = f"tricktaking {release}"

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_typehints_format = "short"
autodoc_preserve_defaults = True
autodoc_default_options = {"members": True, "show-inheritance": False}
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_rtype = False

# No intersphinx: the docs build offline. Names from the standard library and attrs
# therefore cannot be linked; they are listed here instead of silently dropped.
nitpicky = True
nitpick_ignore_regex = [
    (r"py:.*", r"(typing|typing_extensions|collections\.abc|enum|attrs|attr)\..*"),
    (r"py:class", r"collections\.Counter"),
    (r"py:.*", r"_[A-Za-z_]+"),
    (r"py:class", r"(Sequence|Iterable|Iterator|Callable|Hashable|Mapping|Protocol|Generic)"),
    (r"py:class", r"(ValueError|Exception|TypeError|KeyError|IndexError|NoReturn|TypeAlias)"),
    (r"py:class", r"(int|str|bool|float|object|list|dict|tuple|type|slice|None)"),
    (r"py:.*", r"(Literal|TypeVar|Any|ClassVar|Self)\b.*"),
    (r"py:class", r"(T|S|C|A)"),
    (r"py:.*", r"tricktaking\.[a-z_.]*\._[A-Za-z_]+"),
    (r"py:.*", r"tricktaking(\.[a-z_]+)*\._[a-z_]+\..*"),  # names in private modules
    (r"py:.*", r"(random|json|hashlib|concurrent|argparse|http)(\..*)?"),
    (r"py:class", r"(Enum|ModuleType|Attribute)"),
    (r"py:class", r"((pathlib\.)?Path|starlette\..*|fractions\.Fraction)"),
    (r"py:.*", r"(numpy|np|npt|gymnasium|pettingzoo)(\..*)?"),
]


def _attrs_signature(  # noqa: PLR0917 (the event's signature)
    app: Sphinx,
    what: str,
    name: str,
    obj: object,
    options: object,
    signature: str | None,
    return_annotation: str | None,
) -> tuple[str, str | None] | None:
    """Show an attrs class's defaults as values (``first_dealer=0``), not as the
    ``attr_dict['first_dealer'].default`` expression of its generated ``__init__``."""
    if what != "class" or not isinstance(obj, type) or not attrs.has(obj):
        return None
    parts: list[str] = []
    keyword_only = False
    for field in attrs.fields(obj):
        if not field.init:
            continue
        if field.kw_only and not keyword_only:
            parts.append("*")
            keyword_only = True
        shown = field.alias or field.name
        if field.default is attrs.NOTHING:
            parts.append(shown)
        elif isinstance(field.default, attrs.Factory):  # type: ignore[arg-type]
            parts.append(f"{shown}=...")
        else:
            parts.append(f"{shown}={field.default!r}")
    return f"({', '.join(parts)})", return_annotation


def _literal_values(  # noqa: PLR0917 (the event's signature)
    app: Sphinx, what: str, name: str, obj: object, options: object, lines: list[str]
) -> None:
    """Open a ``Literal`` alias's docs with its values, in words.

    Napoleon reads a first line such as ``"free": any bid`` as "type: description";
    a first line without a colon keeps the alias's own text as written.
    """
    if what == "data" and typing.get_origin(obj) is typing.Literal:
        values = ", ".join(f"``{value!r}``" for value in typing.get_args(obj))
        lines[:0] = [f"One of the strings {values}.", ""]


def setup(app: Sphinx) -> dict[str, object]:
    app.connect("autodoc-process-signature", _attrs_signature)
    app.connect("autodoc-process-docstring", _literal_values, priority=400)  # before napoleon
    return {"parallel_read_safe": True}
