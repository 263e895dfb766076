#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Refresh the translation catalogues from the sources, then file core/ and cli strings under the
# contexts they are looked up in at run time (see fix_contexts.py). Translations already made stay.
set -e
cd "$(dirname "$0")/.."
LUPDATE=${LUPDATE:-/usr/lib/qt6/bin/lupdate}
for ts in translations/lanescope_*.ts; do
    "$LUPDATE" -locations absolute -no-ui-lines -I . app widgets core -ts "$ts"
    python3 translations/fix_contexts.py "$ts"
done
