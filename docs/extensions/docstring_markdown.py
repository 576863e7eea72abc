"""A griffe extension for the API reference: the docstrings, written for doctest and Sphinx,
made into the Markdown that mkdocstrings renders.

- Each doctest becomes a ``pycon`` code block. Markdown would read ``>>>`` lines as nested
  quotes, and an output like ``['As', 'Kd']`` as a link. A doctest block runs from its first
  ``>>>`` line to the next blank line, as doctest reads it.
- Each Sphinx role (``:func:`equity```, ``:data:`~pokerlab.ranges.holdem.STARTING_HANDS```) becomes
  its name in code, linked to its reference entry where the reference has one; ``~`` shows
  the last part only, as in Sphinx.

>>> prompt = ">" * 3
>>> print(fenced(f"Text.\\n{prompt} 1 + 1\\n2\\n\\nMore.").replace(prompt, "$"))
Text.
<BLANKLINE>
```pycon
$ 1 + 1
2
```
<BLANKLINE>
More.
>>> with_links(":func:`~pokerlab.equity.api.equity` calls :func:`exact_work`.", lambda name: None)
'`equity` calls `exact_work`.'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import griffe

ROLE = re.compile(r":(?:func|meth|class|attr|data|mod|obj|exc):`(~?)([\w.]+)`")
"""A Sphinx cross-reference role: ``~`` (show the last part only), then the target."""


def fenced(text: str) -> str:
    """``text`` with every doctest block wrapped in a fenced ``pycon`` block."""
    out: list[str] = []
    indent: str | None = None  # the open block's indentation, None outside a block
    for line in text.split("\n"):
        if indent is None and line.lstrip().startswith(">>>"):
            indent = line[: len(line) - len(line.lstrip())]
            out += ["", indent + "```pycon"]
        elif indent is not None and not line.strip():
            out.append(indent + "```")
            indent = None
        out.append(line)
    if indent is not None:
        out.append(indent + "```")
    return "\n".join(out)


def with_links(text: str, full_path: Callable[[str], str | None]) -> str:
    """``text`` with each Sphinx role made a code span; where ``full_path`` finds the object
    the role names, an optional cross-reference to it (one that stays plain text if the
    reference has no entry for it, instead of failing the strict build)."""

    def replace(match: re.Match[str]) -> str:
        short, target = match.groups()
        shown = f"`{target.rsplit('.', 1)[-1] if short else target}`"
        path = full_path(target)
        if path is None:
            return shown
        return f'<autoref identifier="{path}" optional><code>{shown.strip("`")}</code></autoref>'

    return ROLE.sub(replace, text)


def resolver(obj: griffe.Object) -> Callable[[str], str | None]:
    """Full paths of names as ``obj``'s docstring uses them: absolute, or in its scope."""

    def full_path(target: str) -> str | None:
        if target.startswith("pokerlab."):
            return target
        first, _, rest = target.partition(".")
        try:
            found = obj.resolve(first)
        except griffe.NameResolutionError:
            return None
        return f"{found}.{rest}" if rest else found

    return full_path


class DocstringMarkdown(griffe.Extension):
    """Fence the doctests and link the roles of every docstring griffe loads."""

    def on_object(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        """Every member of the package, at any depth."""
        if obj.docstring is not None:
            obj.docstring.value = with_links(fenced(obj.docstring.value), resolver(obj))

    def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
        """The package itself, which is nobody's member."""
        self.on_object(obj=pkg)
