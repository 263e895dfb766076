#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""No "(s)" plural in a user-visible string, run by ctest as tst_plurals.

usage: check_plurals.py SOURCE_DIR

English output has no catalogue, so tr("%n lane(s)", nullptr, n) prints "1 lane(s)" and
"3 lane(s)". A counted message is written as two tr() calls instead, singular and plural, the
count choosing (n == 1 ? tr("%n lane", nullptr, n) : tr("%n lanes", nullptr, n)); zh_CN translates
both alike. This check fails (exit 1, each string listed with its file and line) when a string
literal under app/, core/ or widgets/ still spells a plural as "word(s)", "word(es)",
"entr(ies)" or "child(ren)".
Comments are not looked at; every string literal is, user-visible or not.
"""
import os
import re
import sys

PLURAL = re.compile(r"[A-Za-z]\((?:s|es|ies|ren)\)")
SOURCES = ("app", "core", "widgets")


def literals(text):
    """(line, literal body) for each string or character literal outside comments.
    Raw strings R"(...)" are read to their closing delimiter."""
    i, line, n = 0, 1, len(text)
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
        elif text.startswith("//", i):
            i = text.find("\n", i)
            i = n if i < 0 else i
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            line += text.count("\n", i, end)
            i = end
        elif c == "R" and text.startswith('R"', i) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            open_paren = text.find("(", i + 2)
            delim = text[i + 2:open_paren]
            close = text.find(")" + delim + '"', open_paren)
            close = n if close < 0 else close
            yield line, text[open_paren + 1:close]
            line += text.count("\n", i, close)
            i = close + len(delim) + 2
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            if c == '"':
                yield line, text[i + 1:j]
            i = j + 1
        else:
            i += 1


def main():
    src = os.path.abspath(sys.argv[1])
    found = []
    files = 0
    for top in SOURCES:
        for root, _, names in os.walk(os.path.join(src, top)):
            for name in sorted(names):
                if not name.endswith((".cpp", ".h")):
                    continue
                path = os.path.join(root, name)
                files += 1
                with open(path, encoding="utf-8") as f:
                    text = f.read()
                for line, lit in literals(text):
                    if PLURAL.search(lit):
                        found.append("%s:%d: \"%s\"" % (os.path.relpath(path, src), line, lit[:110]))
    if found:
        print('%d %s a plural as "(s)"; write the singular and the plural as two tr() calls:'
              % (len(found), "string spells" if len(found) == 1 else "strings spell"))
        print("\n".join("  " + f for f in found))
        return 1
    print("%d source files, no \"(s)\" plural in a string literal" % files)
    return 0


if __name__ == "__main__":
    sys.exit(main())
