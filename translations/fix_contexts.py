#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Move messages that lupdate filed under the wrong context to the context used at run time.

core/ and app/cli/ call a file-local `tr()` wrapper around QCoreApplication::translate("TraceLoader",
...) etc.; lupdate cannot see through it and files those strings under the enclosing namespace
("lanescope", "lanescope::parse::Merger", ...). This puts them back, by source file, and merges
duplicates. It is a no-op once core/ uses Q_DECLARE_TR_FUNCTIONS(TraceLoader) style helpers. Likewise a
Q_OBJECT class's tr() called outside its members (a file-local helper) goes to its qualified name.
Usage: fix_contexts.py lanescope_zh_CN.ts   (run by update_ts.sh after lupdate)
"""
import os
import re
import sys
import xml.etree.ElementTree as ET

BY_FILE = {
    "core/parse/TraceLoader.cpp": "TraceLoader",
    "core/parse/TraceMerge.cpp": "TraceLoader",
    "core/io/MappedSource.cpp": "MappedSource",
    "core/io/GzipInflater.cpp": "MappedSource",
    "core/parse/EventArgs.cpp": "EventArgs",
    "app/cli/": "cli",
}


def qobject_classes(root_dir):
    """{name: qualified} of the Q_OBJECT classes declared in a namespace: their tr() context at run
    time is the qualified name ("lanescope::AliveStackModel"), but lupdate files a call made outside
    their members (`AliveStackModel::tr` in a file-local helper) under the bare name."""
    found = {}
    for top in ("app", "widgets", "core"):
        for dirpath, _, files in os.walk(os.path.join(root_dir, top)):
            for f in files:
                if not f.endswith(".h"):
                    continue
                text = open(os.path.join(dirpath, f), encoding="utf-8", errors="replace").read()
                namespace = None
                for line in text.splitlines():
                    m = re.match(r"\s*namespace\s+([A-Za-z_:]+)\s*\{", line)
                    if m:
                        namespace = m.group(1)
                for m in re.finditer(r"\bclass\s+(\w+)[^;{]*\{\s*Q_OBJECT", text):
                    if namespace:
                        found.setdefault(m.group(1), namespace + "::" + m.group(1))
    return found


QOBJECTS = {}


def wanted_context(message, current):
    for loc in message.findall("location"):
        name = loc.get("filename", "").replace("\\", "/")
        for key, ctx in BY_FILE.items():
            if key in name:
                return ctx
    if "::" not in current and current in QOBJECTS:
        return QOBJECTS[current]
    return current


def translated(message):
    """True when the message carries a real translation (whatever lupdate marked it)."""
    t = message.find("translation")
    if t is None or t.get("type") == "unfinished":
        return False
    return bool((t.text or "").strip()) or any((n.text or "").strip() for n in t.findall("numerusform"))


def main(path):
    # The sources beside this script (the catalogue may be a copy elsewhere, as the check makes).
    QOBJECTS.update(qobject_classes(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    tree = ET.parse(path)
    root = tree.getroot()
    contexts = {c.findtext("name"): c for c in root.findall("context")}
    moves = []
    for name, ctx in contexts.items():
        for msg in ctx.findall("message"):
            target = wanted_context(msg, name)
            if target != name:
                moves.append((ctx, msg, target))
    for ctx, msg, target in moves:
        ctx.remove(msg)
        dest = contexts.get(target)
        if dest is None:
            dest = ET.SubElement(root, "context")
            ET.SubElement(dest, "name").text = target
            contexts[target] = dest
        existing = {m.findtext("source"): m for m in dest.findall("message")}
        old = existing.get(msg.findtext("source"))
        if old is None:
            dest.append(msg)
        elif translated(old):
            # The string lives on where lupdate filed it anew: the translation already made for it
            # (marked vanished by lupdate, which looked for it in the wrong context) is kept,
            # with the new locations.
            t = old.find("translation")
            t.attrib.pop("type", None)
            for loc in old.findall("location"):
                old.remove(loc)
            for i, loc in enumerate(msg.findall("location")):
                old.insert(i, loc)
        else:
            dest.remove(old)
            dest.append(msg)
    for name, ctx in list(contexts.items()):
        if not ctx.findall("message"):
            root.remove(ctx)
    root[:] = sorted(root, key=lambda c: c.findtext("name") or "")
    ET.indent(tree, space="    ")
    with open(path, "wb") as f:
        f.write(b'<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n')
        tree.write(f, encoding="utf-8", xml_declaration=False)
        f.write(b"\n")


if __name__ == "__main__":
    main(sys.argv[1])
