"""The documentation: the README's examples run, the reference lists what ``pl`` gives, and
doctests in docstrings render as Python sessions."""

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import pokerlab

ROOT = Path(__file__).resolve().parents[1]


def _load_docstring_markdown():
    path = ROOT / "docs" / "extensions" / "docstring_markdown.py"
    spec = importlib.util.spec_from_file_location("docstring_markdown", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


docstring_markdown = _load_docstring_markdown()
fenced = docstring_markdown.fenced

LINES = st.lists(st.sampled_from([">>> f(1)", "... more", "[1, 2]", "", "Text [a] [b].", "  >>> g()", "out"]))


@given(LINES)
def test_every_doctest_line_ends_up_inside_a_pycon_fence(lines):
    inside = False
    for line in fenced("\n".join(lines)).splitlines():
        if line.strip() in ("```pycon", "```"):
            inside = line.strip() == "```pycon"
        elif line.lstrip().startswith(">>>"):
            assert inside, line
        elif not line.strip():
            assert not inside, "a blank line ends a doctest, so it ends the fence"


@given(LINES)
def test_fencing_only_adds_fences_and_the_blank_lines_before_them(lines):
    out = fenced("\n".join(lines)).split("\n")
    kept = [line for i, line in enumerate(out) if line.strip() not in ("```pycon", "```")
            and not (not line and i + 1 < len(out) and out[i + 1].strip() == "```pycon")]
    assert kept == (lines or [""])


def test_text_without_doctests_is_left_alone():
    text = "A paragraph.\n\n- a list [x] [y]\n"
    assert fenced(text) == text


def test_sphinx_roles_become_code_linked_where_the_name_is_known():
    known = {"equity": "pokerlab.equity.api.equity"}.get
    text = ":func:`equity` and :data:`~pokerlab.ranges.holdem.STARTING_HANDS`, not :meth:`nowhere`"
    out = docstring_markdown.with_links(text, lambda name: known(name) or (name if "." in name else None))
    link = '<autoref identifier="{}" optional><code>{}</code></autoref>'
    assert out == (f"{link.format('pokerlab.equity.api.equity', 'equity')} and "
                   f"{link.format('pokerlab.ranges.holdem.STARTING_HANDS', 'STARTING_HANDS')}, not `nowhere`")


def test_the_reference_page_of_the_package_names_everything_it_exports():
    page = (ROOT / "docs" / "reference" / "pokerlab.md").read_text()
    named = set(re.findall(r"`pl\.(\w+)`", page))
    assert set(pokerlab.__all__) <= named, sorted(set(pokerlab.__all__) - named)
    assert {"equity", "grid", "outs", "videopoker", "preflop", "algorithms"} <= named


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_the_readme_python_examples_run(tmp_path):
    blocks = re.findall(r"```python\n(.*?)```", (ROOT / "README.md").read_text(), re.S)
    assert blocks
    for code in blocks:
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path)
        assert out.returncode == 0, out.stderr
