#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The documents' links resolve, run by ctest as tst_doc_links (no network).

usage: check_links.py SOURCE_DIR

Checks README.md, README.zh_CN.md, CONTRIBUTING.md and docs/*.md: every relative link and image
([text](path), ![alt](path), <a href="path">) names a file or folder of the repository, and every
anchor (#part, path.md#part) names a heading of that document as GitHub spells it (lower case,
punctuation dropped, spaces as hyphens, "-1" for a repeated heading). Links to http(s) and mailto
are not followed. Links inside code (fenced blocks, `spans`) are not links. Before the documents it
checks itself on a few made-up documents, so a checker that finds nothing cannot pass.
Exit 1 with every broken link listed as FILE:LINE: problem.
"""
import glob
import os
import re
import sys
import tempfile
import unicodedata

DOCUMENTS = ["README.md", "README.zh_CN.md", "CONTRIBUTING.md", "docs/*.md"]

FENCE = re.compile(r"^ {0,3}(```|~~~)")
CODE_SPAN = re.compile(r"(`+)(.+?)\1", re.S)
# [text](target "title") with one level of nested brackets in the text (an image inside a link).
LINK = re.compile(r"!?\[((?:[^\[\]]|\[[^\[\]]*\])*)\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)")
HREF = re.compile(r"<a\s[^>]*\b(?:href|src)=\"([^\"]+)\"", re.I)
HEADING = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
HTML_ANCHOR = re.compile(r"<a\s[^>]*\b(?:id|name)=\"([^\"]+)\"", re.I)


def blank_code(text):
    """The text with fenced blocks and code spans blanked (newlines kept, so line numbers hold)."""
    out, fence = [], None
    for line in text.split("\n"):
        m = FENCE.match(line)
        if fence:
            if m and m.group(1) == fence:
                fence = None
            out.append("")
            continue
        if m:
            fence = m.group(1)
            out.append("")
            continue
        out.append(line)
    body = "\n".join(out)
    return CODE_SPAN.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), body)


def slug(heading):
    """GitHub's anchor for a heading's text."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link: its text
    text = re.sub(r"<[^>]+>", "", text)                       # inline HTML
    text = text.replace("`", "").lower()
    kept = []
    for ch in text:
        cat = unicodedata.category(ch)
        if ch in " -_" or cat[0] in "LN" or cat == "Mn":
            kept.append(ch)
    return "".join(kept).replace(" ", "-")


def anchors(path, cache={}):
    if path not in cache:
        names, seen = set(), {}
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for line in blank_code(text).split("\n"):
            m = HEADING.match(line)
            if m:
                base = slug(m.group(2).replace("*", ""))
                n = seen.get(base, 0)
                seen[base] = n + 1
                names.add(base if n == 0 else f"{base}-{n}")
        names.update(HTML_ANCHOR.findall(text))
        cache[path] = names
    return cache[path]


def check_file(path, root):
    """The problems of one document, as "FILE:LINE: what" lines."""
    problems = []
    with open(path, encoding="utf-8") as f:
        text = blank_code(f.read())
    targets = [(m.start(), m.group(2)) for m in LINK.finditer(text)]
    targets += [(m.start(), m.group(1)) for m in HREF.finditer(text)]
    rel = os.path.relpath(path, root)
    for offset, target in sorted(targets):
        line = text.count("\n", 0, offset) + 1
        where = f"{rel}:{line}"
        if not target:
            problems.append(f"{where}: empty link")
            continue
        if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):  # http:, https:, mailto:
            continue
        file_part, _, anchor = target.partition("#")
        dest = path if not file_part else os.path.normpath(os.path.join(os.path.dirname(path), file_part))
        if not os.path.realpath(dest).startswith(os.path.realpath(root) + os.sep) and os.path.realpath(dest) != os.path.realpath(root):
            problems.append(f"{where}: {target} leaves the repository")
            continue
        if not os.path.exists(dest):
            problems.append(f"{where}: {target}: no such file")
            continue
        if anchor:
            if not dest.endswith(".md"):
                problems.append(f"{where}: {target}: an anchor into a file that is not Markdown")
            elif anchor not in anchors(dest):
                problems.append(f"{where}: {target}: no heading '#{anchor}' in {os.path.relpath(dest, root)}")
    return problems


def self_test():
    """The checker finds what it should on made-up documents; returns the failures."""
    failures = []
    with tempfile.TemporaryDirectory() as d:
        def write(name, body):
            p = os.path.join(d, name)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, "w", encoding="utf-8") as f:
                f.write(body)
            return p
        write("docs/b.md", "# Bench marks (figures, not pass/fail)\n## Setup\n## Setup\n## 中文 标题\n")
        write("pic.png", "")
        good = write("a.md", "# Top\n[b](docs/b.md#bench-marks-figures-not-passfail) [s](docs/b.md#setup-1)\n"
                             "[zh](docs/b.md#中文-标题) ![p](pic.png) [self](#top) [web](https://example.org/x#y)\n"
                             "`[not](a link)`\n```sh\n[nor](this)\n```\n[multi\nline](docs/b.md)\n")
        bad = write("c.md", "[gone](docs/none.md)\n[anchor](docs/b.md#nothing)\n\n![pic](\n")
        bad2 = write("d.md", "x [self](#missing) [up](../outside.md)\n")
        if check_file(good, d):
            failures.append(f"good links reported: {check_file(good, d)}")
        if len(check_file(bad, d)) != 2:
            failures.append(f"broken links in c.md: found {check_file(bad, d)}, expected 2")
        if len(check_file(bad2, d)) != 2:
            failures.append(f"broken links in d.md: found {check_file(bad2, d)}, expected 2")
    return failures


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    root = os.path.abspath(sys.argv[1])
    failures = self_test()
    for f in failures:
        print(f"self-test: {f}", file=sys.stderr)
    files = []
    for pattern in DOCUMENTS:
        found = sorted(glob.glob(os.path.join(root, pattern)))
        if not found:
            failures.append(f"{pattern}: missing")
            print(f"{pattern}: missing", file=sys.stderr)
        files += found
    links = 0
    for path in files:
        with open(path, encoding="utf-8") as f:
            links += len(LINK.findall(blank_code(f.read())))
        for p in check_file(path, root):
            print(p, file=sys.stderr)
            failures.append(p)
    print(f"{len(files)} documents, {links} links checked, {len(failures)} problem(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
