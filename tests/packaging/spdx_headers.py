#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Every source file of Lanescope starts with its licence as an SPDX tag, run by ctest (--check) as
tst_spdx_headers.

usage: spdx_headers.py [--check] [SOURCE_DIR]

The files: every .h and .cpp under app/ core/ widgets/ tests/ get
    // SPDX-License-Identifier: GPL-3.0-or-later
as their first line; every CMakeLists.txt, .sh and .py under those folders and packaging/ and
translations/, and the top-level CMakeLists.txt,
    # SPDX-License-Identifier: GPL-3.0-or-later
as their first line, or their second after a shebang (#!). Hidden folders are left out. (scripts/
is not in the list: add it to HASH_DIRS to tag its scripts too.) Without --check it adds the line where it
is missing, and is idempotent: a file that has it is left byte for byte as it is. With --check it
changes nothing, lists the files without it and exits 1 if there are any.
SOURCE_DIR defaults to the repository this script is in.
"""
import os
import sys

TAG = "SPDX-License-Identifier: GPL-3.0-or-later"
CPP_DIRS = ("app", "core", "widgets", "tests")
CPP_SUFFIXES = (".h", ".cpp")
HASH_DIRS = CPP_DIRS + ("packaging", "translations")
HASH_FILES = ("CMakeLists.txt",)  # at the top level
HASH_SUFFIXES = (".sh", ".py")


def files(root):
    """(path, comment) for every file that carries the tag."""
    out = [(os.path.join(root, name), "#") for name in HASH_FILES if os.path.isfile(os.path.join(root, name))]
    for top in sorted(set(CPP_DIRS + HASH_DIRS)):
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, top)):
            dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
            for name in sorted(filenames):
                if top in CPP_DIRS and name.endswith(CPP_SUFFIXES):
                    out.append((os.path.join(dirpath, name), "//"))
                elif top in HASH_DIRS and (name == "CMakeLists.txt" or name.endswith(HASH_SUFFIXES)):
                    out.append((os.path.join(dirpath, name), "#"))
    return out


def tagged(text, comment):
    """The text with the tag line in its place (unchanged when it is there)."""
    line = f"{comment} {TAG}"
    lines = text.split("\n")
    first = 1 if comment == "#" and lines and lines[0].startswith("#!") else 0
    if len(lines) > first and lines[first].rstrip("\r") == line:
        return text
    newline = "\r\n" if "\r\n" in text else "\n"
    head = newline.join(lines[:first]) + newline if first else ""
    rest = newline.join(lines[first:]) if first else text
    return head + line + newline + rest


def main(argv):
    check = "--check" in argv
    args = [a for a in argv if a != "--check"]
    if len(args) > 1 or any(a.startswith("-") for a in args):
        print(__doc__, file=sys.stderr)
        return 2
    root = os.path.abspath(args[0] if args else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
    missing, changed = [], 0
    for path, comment in files(root):
        with open(path, encoding="utf-8", newline="") as f:
            text = f.read()
        new = tagged(text, comment)
        if new == text:
            continue
        if check:
            missing.append(os.path.relpath(path, root))
        else:
            with open(path, "w", encoding="utf-8", newline="") as f:
                f.write(new)
            changed += 1
    if check:
        for m in missing:
            print(f"{m}: no '{TAG}' line (run tests/packaging/spdx_headers.py)", file=sys.stderr)
        print(f"{len(files(root))} files, {len(missing)} without the SPDX line")
        return 1 if missing else 0
    print(f"{changed} file(s) tagged")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
