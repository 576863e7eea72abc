"""A griffe extension for the API reference: each doctest in a docstring becomes a ``pycon``
code block.

The docstrings are written for Python's doctest, where ``>>>`` starts an example; Markdown
would read those lines as nested quotes, and an output like ``['As', 'Kd']`` as a link.
A doctest block runs from its first ``>>>`` line to the next blank line, as doctest reads it.

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
"""

from __future__ import annotations

from typing import Any

import griffe


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


class DoctestFences(griffe.Extension):
    """Fence the doctests of every docstring griffe loads."""

    def on_object(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        """Every member of the package, at any depth."""
        if obj.docstring is not None:
            obj.docstring.value = fenced(obj.docstring.value)

    def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
        """The package itself, which is nobody's member."""
        self.on_object(obj=pkg)
