"""Sphinx configuration for the tricktaking documentation."""

from __future__ import annotations

import re
import sys
import typing

import attrs

import tricktaking

if typing.TYPE_CHECKING:  # pytest imports this file on Pythons without Sphinx installed
    from docutils import nodes
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
    "sphinx_copybutton",
]
# The copy button copies what a reader types: no ">>> ", "... " or "$ " prompts, and none
# of the output lines of a doctest or a console session.
copybutton_prompt_text = r">>> |\.\.\.(?: |$)|\$ "
copybutton_prompt_is_regexp = True
copybutton_only_copy_prompt_lines = True
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
# NumPy's ArrayLike is a union of NumPy's private protocols: show its name instead.
autodoc_type_aliases = {
    "npt.ArrayLike": "numpy.typing.ArrayLike",
    "npt.ArrayLike | None": "numpy.typing.ArrayLike | None",
}
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
    (r"py:.*", r"(numpy|np|npt|gymnasium|pettingzoo|stable_baselines3)(\..*)?"),
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
        elif isinstance(field.default, attrs.Factory) or callable(field.default):  # type: ignore[arg-type]
            parts.append(f"{shown}=...")  # a function's repr is its address
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


# The package's type variables are private names (``_S``, ``_A_co``); a reader sees them
# as the one-letter names a signature would use (``S``, ``A``).
_TYPE_VARIABLE = re.compile(r"(?<![\w.])_([A-Z][A-Za-z]*?)(?:_co|_contra)?\b")


def _type_variables() -> dict[str, str]:
    """Every private type variable of the package's modules: its name and the name shown."""
    found: dict[str, str] = {}
    for name, module in list(sys.modules.items()):
        if name.partition(".")[0] != "tricktaking" or module is None:
            continue
        for attribute, value in list(vars(module).items()):
            if attribute.startswith("_") and isinstance(value, typing.TypeVar):
                found[attribute] = _TYPE_VARIABLE.sub(r"\1", attribute)
    return found


def _public_names(text: str) -> str:
    names = _type_variables()
    return _TYPE_VARIABLE.sub(lambda found: names.get(found.group(0), found.group(0)), text)


def _private_defaults(obj: object, signature: str) -> str:
    """A default that is a private constant (``limit=_LIMIT``) shown as its value."""
    module = sys.modules.get(getattr(obj, "__module__", "") or "")

    def value(found: re.Match[str]) -> str:
        name = found.group(1)
        if module is not None and hasattr(module, name):
            return "=" + repr(getattr(module, name))
        return found.group(0)

    return re.sub(r"=(_[A-Za-z_]\w*)\b", value, signature)


def _is_protocol(obj: object) -> bool:
    return isinstance(obj, type) and bool(getattr(obj, "_is_protocol", False))


def _signature(  # noqa: PLR0917 (the event's signature)
    app: Sphinx,
    what: str,
    name: str,
    obj: object,
    options: object,
    signature: str | None,
    return_annotation: str | None,
) -> tuple[str, str | None] | None:
    """Real signatures: a protocol is not called, type variables and defaults are public."""
    if what == "class" and _is_protocol(obj):
        return "", None  # ``GameState(*args, **kwargs)`` is typing's, not the protocol's
    given = signature, return_annotation
    found = _attrs_signature(app, what, name, obj, options, signature, return_annotation)
    if found is not None:
        signature, return_annotation = found
    if signature:
        signature = _private_defaults(obj, _public_names(signature))
    if return_annotation:
        return_annotation = _public_names(return_annotation)
    if (signature, return_annotation) == given:
        return None
    return signature or "", return_annotation


def _public_bases(
    app: Sphinx, name: str, obj: object, options: object, bases: list[object]
) -> None:
    """Bases as a reader may use them: no private class, type variables by public names."""
    shown: list[object] = []
    for given in bases:
        base = given
        while isinstance(base, type) and base.__name__.startswith("_"):
            base = next((b for b in base.__bases__ if b is not object), object)
        if base is not object:
            shown.append(_public_names(_restify(base)))
    bases[:] = shown or [object]


def _restify(base: object) -> str:
    from sphinx.util.typing import restify  # noqa: PLC0415 - Sphinx only, when building

    return restify(base)


def _public_type_names(app: Sphinx, doctree: nodes.document) -> None:
    """The type variables in the parameter and return types autodoc wrote, by public name.

    Those types come from the annotations, not from the signature, so they are renamed in
    the document itself; a reference to one becomes plain text (a type variable has no
    page of its own).
    """
    from docutils import nodes  # noqa: PLC0415 - Sphinx only, when building
    from sphinx import addnodes  # noqa: PLC0415

    names = _type_variables()
    for reference in list(doctree.findall(addnodes.pending_xref)):
        target = str(reference.get("reftarget", "")).rpartition(".")[2]
        if target in names:
            reference.replace_self(nodes.literal(text=names[target]))
    for paragraph in list(doctree.findall(nodes.paragraph)):
        _alias_names(paragraph)
    for text in list(doctree.findall(nodes.Text)):
        renamed = _public_names(str(text))
        if renamed != str(text) and text.parent is not None:
            text.parent.replace(text, nodes.Text(renamed))


def _alias_names(paragraph: nodes.Element) -> None:
    """``TypeAliasForwardRef('numpy.typing.ArrayLike') | None`` (Sphinx's words for an
    aliased type in a union) as the alias's name."""
    from docutils import nodes  # noqa: PLC0415 - Sphinx only, when building

    children = list(paragraph.children)
    for index, child in enumerate(children[:-3]):
        parts = [node.astext().strip() for node in children[index : index + 4]]
        if parts[0] == "TypeAliasForwardRef" and parts[1] == "(" and parts[3] == ")":
            for node in children[index + 1 : index + 4]:
                paragraph.remove(node)
            paragraph.replace(child, nodes.emphasis(text=parts[2].strip("'") + " "))
            return _alias_names(paragraph)
    return None


def setup(app: Sphinx) -> dict[str, object]:
    app.connect("autodoc-process-signature", _signature)
    app.connect("autodoc-process-bases", _public_bases)
    app.connect("autodoc-process-docstring", _literal_values, priority=400)  # before napoleon
    app.connect("doctree-read", _public_type_names)
    return {"parallel_read_safe": True}
