"""Every relative link in the project's Markdown resolves, and every repository path the docs
name in backticks exists.

A link (`[text](target)`, `![alt](target)`) to a file must name a file or directory of the
tree; one with `#anchor` into Markdown must name a heading of that file (GitHub's slug rules) or
an `<a id=…>` in it. A path in backticks that looks like a repository path — it holds a `/` and
ends in a known extension, or ends in `/` — must exist, relative to the repository root or to
the document. Decision records (`docs/adr/`) and dated bench reports (`bench/results/`) keep the
paths of the tree they were written against, so only their links are checked. The test lists
every failure at once, as `file:line: what`.
"""

from __future__ import annotations

import re
import subprocess
from collections import Counter
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: Vendored third-party notes and generated trees: not ours to keep in step.
SKIPPED_DIRS = ("node_modules/", "service/api/static/graphiql/", "service/api/static/explorer/")
#: Records of the tree as it was when written: their links are checked, not their code paths.
HISTORICAL_DIRS = ("docs/adr/", "bench/results/")
PATH_SUFFIXES = (
    ".py",
    ".cypher",
    ".surql",
    ".js",
    ".ts",
    ".yaml",
    ".yml",
    ".md",
    ".json",
    ".toml",
    ".graphql",
    ".sh",
    ".txt",
    ".png",
)

FENCE = re.compile(r"^\s*(```|~~~)")
INLINE_CODE = re.compile(r"`([^`\n]+)`")
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*<?([^()\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
HTML_ANCHOR = re.compile(r"<a\s+(?:id|name)=\"([^\"]+)\"")
PATH_LIKE = re.compile(r"^[A-Za-z0-9_.][A-Za-z0-9_./-]*$")
#: Paths named in backticks that are another project's (doc, path).
NOT_OURS = {("deploy/README.md", "schema/compose-spec.json")}  # compose-go's JSON schema


def markdown_files() -> list[Path]:
    """The tracked Markdown files (and new ones git does not ignore), vendored ones left out."""
    out = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "*.md"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    names = sorted(set(out.split()))
    return [
        ROOT / n
        for n in names
        if not n.startswith(SKIPPED_DIRS) and "LICENSE" not in n.upper() and (ROOT / n).is_file()
    ]


def prose_lines(text: str) -> list[tuple[int, str]]:
    """(line number, line) outside fenced code blocks."""
    lines: list[tuple[int, str]] = []
    fenced = False
    for number, line in enumerate(text.splitlines(), start=1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            lines.append((number, line))
    return lines


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: markup dropped, lowercased, punctuation removed, spaces to
    hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link keeps its text
    text = re.sub(r"<[^>]+>", "", text).replace("`", "")
    text = text.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


@cache
def anchors(path: Path) -> frozenset[str]:
    return anchors_in(path.read_text(encoding="utf-8"))


def anchors_in(text: str) -> frozenset[str]:
    seen: Counter[str] = Counter()
    found: set[str] = set()
    for _, line in prose_lines(text):
        found.update(HTML_ANCHOR.findall(line))
        match = HEADING.match(line)
        if match:
            base = slug(match.group(2))
            found.add(base if seen[base] == 0 else f"{base}-{seen[base]}")
            seen[base] += 1
    return frozenset(found)


def link_failures(doc: Path, text: str) -> list[str]:
    failures: list[str] = []
    rel = doc.relative_to(ROOT)
    for number, line in prose_lines(text):
        for target in LINK.findall(INLINE_CODE.sub("", line)):
            if re.match(r"^[a-z][a-z0-9+.-]*:", target):  # http:, mailto:, …
                continue
            path_part, _, anchor = target.partition("#")
            if not path_part:
                if anchor not in anchors_in(text):
                    failures.append(f"{rel}:{number}: link to {target!r}: no heading #{anchor}")
                continue
            dest = (doc.parent / path_part).resolve()
            if path_part.startswith("/") or not dest.exists():
                failures.append(f"{rel}:{number}: link to {target!r}: no such file")
                continue
            if anchor and dest.suffix == ".md" and anchor not in anchors(dest):
                failures.append(f"{rel}:{number}: link to {target!r}: no heading #{anchor}")
    return failures


def looks_like_repo_path(text: str) -> bool:
    """`service/engine/`, `graph_backends/protocol.py`; not `falkordb/` (one folder name, often
    under another root) nor `../shared/…` (outside the repository)."""
    if "/" not in text.rstrip("/") or not PATH_LIKE.match(text) or text.startswith(("./", "../")):
        return False
    return text.endswith("/") or text.endswith(PATH_SUFFIXES)


@cache
def ignored(path: str) -> bool:
    """A path git ignores (a build output such as `build/image-wheels/`) need not exist."""
    done = subprocess.run(["git", "check-ignore", "-q", path], cwd=ROOT, check=False)
    return done.returncode == 0


def code_path_failures(doc: Path, text: str) -> list[str]:
    rel = doc.relative_to(ROOT)
    if str(rel).startswith(HISTORICAL_DIRS):
        return []
    failures: list[str] = []
    for number, line in prose_lines(text):
        for code in INLINE_CODE.findall(line):
            candidate = code.strip()
            if not looks_like_repo_path(candidate):
                continue
            if (str(rel), candidate) in NOT_OURS or ignored(candidate):
                continue
            if not ((ROOT / candidate).exists() or (doc.parent / candidate).exists()):
                failures.append(f"{rel}:{number}: `{candidate}` does not exist")
    return failures


def test_slugs_follow_github() -> None:
    """The slug rules this test applies are GitHub's, on the headings the docs use."""
    assert slug("Retries: idempotency keys") == "retries-idempotency-keys"
    assert slug("Importing history: `retentia import`") == "importing-history-retentia-import"
    assert slug("5.1 Supersession") == "51-supersession"
    assert slug("What `./scripts/test` runs") == "what-scriptstest-runs"


def test_the_checks_can_fail() -> None:
    """A broken link, a missing anchor and a missing path are each reported with their line."""
    assert looks_like_repo_path("service/engine/")
    assert looks_like_repo_path("graph_backends/protocol.py")
    assert not looks_like_repo_path("falkordb/")
    assert not looks_like_repo_path("../shared/bench/README.md")
    assert not looks_like_repo_path("bench/results/scale-<backend>.md")
    probe = ROOT / "docs" / "probe.md"  # never written: the checks read the text given
    text = (
        "# Probe\n\n[gone](no-such-page.md)\n[bad anchor](README.md#no-such-heading)\n"
        "[ok](#probe) [ok](README.md#use-it)\n`service/no_such_module.py` `service/engine/`\n"
        "```\n[in a fence](nowhere.md) `not/checked.py`\n```\n"
    )
    failures = link_failures(probe, text) + code_path_failures(probe, text)
    assert [f.split(": ", 1)[0] for f in failures] == [
        "docs/probe.md:3",
        "docs/probe.md:4",
        "docs/probe.md:6",
    ]


def test_every_link_and_named_path_exists() -> None:
    docs = markdown_files()
    assert any(d.name == "README.md" and d.parent == ROOT for d in docs)
    failures: list[str] = []
    for doc in docs:
        text = doc.read_text(encoding="utf-8")
        failures += link_failures(doc, text) + code_path_failures(doc, text)
    assert not failures, "broken links or paths in the docs:\n" + "\n".join(failures)
