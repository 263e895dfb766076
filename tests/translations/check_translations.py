#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The translation check, run by ctest as tst_translations.

usage: check_translations.py LUPDATE SOURCE_DIR

Fails (exit 1, the offending messages listed) when
  1. a message of a catalogue has no finished translation (type="unfinished"), or
  2. the catalogue is out of date with the sources: lupdate + fix_contexts.py (what
     translations/update_ts.sh runs) over a copy adds a message the catalogue lacks, or retires
     one it still holds as current.
The fix for both: run translations/update_ts.sh, translate what it marks unfinished, commit.
"""
import os
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

RETIRED = {"vanished", "obsolete"}


def messages(path):
    """(context, source, comment) -> translation element, for the current (not retired) messages."""
    out = {}
    for ctx in ET.parse(path).getroot().iter("context"):
        name = ctx.findtext("name", "")
        for m in ctx.iter("message"):
            tr = m.find("translation")
            if tr is not None and tr.get("type") in RETIRED:
                continue
            out[(name, m.findtext("source", ""), m.findtext("comment", ""))] = tr
    return out


def show(keys):
    return "\n".join("  [%s] %r" % (k[0], k[1][:100]) for k in sorted(keys)[:15]) + (
        "\n  ... and %d more" % (len(keys) - 15) if len(keys) > 15 else "")


def main():
    lupdate, src = sys.argv[1], os.path.abspath(sys.argv[2])
    tsdir = os.path.join(src, "translations")
    catalogues = sorted(f for f in os.listdir(tsdir) if f.startswith("lanescope_") and f.endswith(".ts"))
    if not catalogues:
        print("no translations/lanescope_*.ts in", src)
        return 1
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        for name in catalogues:
            committed = os.path.join(tsdir, name)
            have = messages(committed)
            unfinished = [k for k, tr in have.items()
                          if tr is None or tr.get("type") == "unfinished"
                          or not (tr.text or "").strip() and not list(tr.iter("numerusform"))]
            if unfinished:
                failed = True
                print("%s: %d message(s) without a finished translation:\n%s" % (name, len(unfinished), show(unfinished)))

            fresh = os.path.join(tmp, name)
            shutil.copy(committed, fresh)
            # -I .: includes name their library from the repository root ("widgets/analysis/...").
            run = subprocess.run([lupdate, "-locations", "absolute", "-no-ui-lines", "-I", ".", "app", "widgets", "core", "-ts", fresh],
                                 cwd=src, capture_output=True, text=True, timeout=300)
            if run.returncode != 0:
                print("lupdate failed:", run.stdout, run.stderr)
                return 1
            subprocess.run([sys.executable, os.path.join(tsdir, "fix_contexts.py"), fresh], check=True, timeout=60)
            now = messages(fresh)
            added, retired = set(now) - set(have), set(have) - set(now)
            if added or retired:
                failed = True
                print("%s is out of date with the sources (run translations/update_ts.sh):" % name)
                if added:
                    print(" %d source string(s) not in it:\n%s" % (len(added), show(added)))
                if retired:
                    print(" %d message(s) no source has any more:\n%s" % (len(retired), show(retired)))
            if not failed:
                print("%s: %d messages, every one translated, up to date with the sources" % (name, len(have)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
