// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Opening traces in a window the way a user does (File > Open), and waiting until the Analysis
// dock has its result: what the window tests that look at the analysed window start from.
#include "app/gui/MainWindow.h"
#include "widgets/analysis/AnalysisDock.h"

#include <QSignalSpy>
#include <QStringList>
#include <QtTest>

namespace lanescope::test {

inline bool openAndAnalyse(MainWindow &w, const QStringList &paths, int timeoutMs = 180000)
{
    QSignalSpy loaded(&w, &MainWindow::loadFinished);
    w.openFiles(paths);
    return loaded.wait(timeoutMs) && loaded.takeFirst().at(0).toBool()
        && QTest::qWaitFor([&] { return !w.analysisDock()->isBusy() && w.analysisDock()->result(); }, timeoutMs);
}

} // namespace lanescope::test
