"""Sphinx configuration for the tricktaking documentation."""

from __future__ import annotations

import tricktaking

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
    (r"py:.*", r"_[A-Za-z_]+"),
    (r"py:class", r"(Sequence|Iterable|Iterator|Callable|Hashable|Mapping|Protocol|Generic)"),
    (r"py:class", r"(ValueError|Exception|TypeError|KeyError|IndexError|NoReturn|TypeAlias)"),
    (r"py:class", r"(int|str|bool|float|object|list|dict|tuple|type|slice|None)"),
    (r"py:.*", r"(Literal|TypeVar|Any|ClassVar|Self)\b.*"),
    (r"py:class", r"(T|S|C|A)"),
    (r"py:.*", r"tricktaking\.[a-z_.]*\._[A-Za-z_]+"),
    (r"py:.*", r"(random|json|hashlib|concurrent|argparse|http)(\..*)?"),
    (r"py:class", r"(Enum|ModuleType|Attribute)"),
    (r"py:class", r"((pathlib\.)?Path|starlette\..*)"),
    (r"py:.*", r"(numpy|np|npt|gymnasium|pettingzoo)(\..*)?"),
]
