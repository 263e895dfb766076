#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The Simplified Chinese catalogue's typography, run by ctest as tst_zh_style.

usage: check_zh_style.py SOURCE_DIR

Fails (exit 1, each offending translation listed with its rule) when a current zh_CN message:
  units  gives a unit of time in words where it gives a quantity: right after a number or a
         placeholder ("%1 毫秒", "20 秒") or alone in parentheses ("开始（毫秒）"). Most messages
         write the symbol there ("%1 ms", "%2 µs", "%1 s"), as the figures Lanescope formats do,
         so a sentence never reads "12.3 ms ... 5 毫秒". The word stays where it is prose, not a
         quantity: "毫秒数" (a number of milliseconds), "每秒".
  mixed  uses both spellings of one unit (the symbol "ms" and the word "毫秒"). Symbols inside
         an option or identifier ("--gap-ms", "GB/s") are not units of the message.
  paren  has half-width parentheses around Chinese text: "(互连 …)" is "（互连 …）". Parentheses
         around Latin text, numbers or units ("(TF32)", "(150 GB/s)") may stay half-width.
  punct  has a half-width colon, semicolon or comma touching a Chinese character or full-width
         punctuation: "互连:单向" is "互连：单向". "%1:%2", "12:30", "a, b" are left alone, and so
         is ";;", the separator of a file dialog's filters.
  term   leaves "kernel" in English: the catalogue says 内核 (options such as --gap-kernels and
         other identifiers are not words of the message).
"""
import os
import re
import sys
import xml.etree.ElementTree as ET

RETIRED = {"vanished", "obsolete"}
HAN = r"\u4e00-\u9fff"
FULL_PUNCT = r"\u3000-\u303f\uff00-\uffef"
CJK = "[" + HAN + FULL_PUNCT + "]"
# Unit of time: its symbol and its word.
UNITS = [("ms", "毫秒"), ("µs", "微秒"), ("ns", "纳秒"), ("s", "秒")]
QUANTITY = r"(?:%L?\d+|%n|\d+(?:[.,]\d+)?|\b[NK])\s*"


def symbol_re(sym):
    # The symbol as a word of its own: not inside --gap-ms, GB/s, "ms2", a placeholder or a word.
    return re.compile(r"(?<![-_/A-Za-z0-9%µ])" + re.escape(sym) + r"(?![-_/A-Za-z0-9])")


def check(text):
    problems = []
    for sym, word in UNITS:
        # "秒" is also part of 毫秒/微秒/纳秒: look at the bare word only.
        bare = word if word != "秒" else r"(?<![毫微纳])秒"
        if re.search(QUANTITY + bare, text) or re.search(r"[（(]\s*" + bare + r"\s*[）)]", text):
            problems.append("units: %s as a quantity's unit, not %s" % (word, sym))
        if symbol_re(sym).search(text) and re.search(bare, text):
            problems.append("mixed: both %s and %s" % (sym, word))
    for m in re.finditer(r"\(([^()]*)\)", text):
        if re.search("[" + HAN + "]", m.group(1)):
            problems.append("paren: half-width parentheses around \"%s\"" % m.group(1)[:30])
            break
    m = re.search(CJK + r"[:;,]|[:;,]" + CJK, text.replace(";;", "  "))
    if m:
        problems.append("punct: half-width \"%s\"" % m.group(0))
    if re.search(r"(?<![-_A-Za-z])[Kk]ernels?(?![-_A-Za-z(])", text):
        problems.append("term: kernel, not 内核")
    return problems


def main():
    src = os.path.abspath(sys.argv[1])
    path = os.path.join(src, "translations", "lanescope_zh_CN.ts")
    found, checked = [], 0
    for ctx in ET.parse(path).getroot().iter("context"):
        for m in ctx.iter("message"):
            tr = m.find("translation")
            if tr is None or tr.get("type") in RETIRED:
                continue
            forms = [n.text or "" for n in tr.iter("numerusform")] or [tr.text or ""]
            for text in forms:
                if not re.search("[" + HAN + "]", text):
                    continue  # not Chinese text (a name, a format, a unit)
                checked += 1
                for p in check(text):
                    found.append("  [%s] %s\n      %s" % (ctx.findtext("name", ""), p, text[:160]))
    if found:
        print("%d %s in lanescope_zh_CN.ts:" % (len(found), "problem" if len(found) == 1 else "problems"))
        print("\n".join(found))
        return 1
    print("lanescope_zh_CN.ts: %d Chinese messages, units, punctuation and terms consistent" % checked)
    return 0


if __name__ == "__main__":
    sys.exit(main())
