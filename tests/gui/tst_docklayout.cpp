// SPDX-License-Identifier: GPL-3.0-or-later
// Docks sized to their content: the Legend holds one grid of swatches, so no layout, fresh or
// restored from a window that showed a folder (the Ranks dock under the legend), gives it more
// height than that grid needs; the timeline gets the rest.
#include "app/gui/MainWindow.h"

#include "../TestTraces.h"

#include <QDockWidget>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QtTest>

using namespace lanescope;

class TestDockLayout : public QObject
{
    Q_OBJECT

    static bool open(MainWindow &w, const QString &path)
    {
        QSignalSpy loaded(&w, &MainWindow::loadFinished);
        w.openFiles({path});
        return loaded.wait(120000) && loaded.first().first().toBool();
    }

    // The legend's content may be given its size hint and the dock's frame, no more. The allowance
    // is a few pixels of rounding in the dock area's splitter.
    static void verifyLegendFits(const MainWindow &w, const char *when)
    {
        auto *legend = w.findChild<QDockWidget *>(QStringLiteral("legendDock"));
        QVERIFY(legend && legend->widget());
        QVERIFY2(legend->isVisible(), when);
        const int need = legend->widget()->sizeHint().height();
        const int has = legend->widget()->height();
        QVERIFY2(has <= need + 4, qPrintable(QStringLiteral("%1: the legend's content is %2 px high, it needs %3 px")
                                                 .arg(QLatin1String(when))
                                                 .arg(has)
                                                 .arg(need)));
        QVERIFY2(has >= need - 4, qPrintable(QStringLiteral("%1: the legend is cut: %2 px of %3 px")
                                                 .arg(QLatin1String(when))
                                                 .arg(has)
                                                 .arg(need)));
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true); // never the user's settings
        QCoreApplication::setOrganizationName(QStringLiteral("LanescopeTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_docklayout"));
    }
    void init() { QSettings().clear(); }
    void cleanupTestCase() { QSettings().clear(); }

    // A fresh window showing a trace: the legend at its content's height.
    void legendFitsFreshWindow()
    {
        LANESCOPE_REQUIRE_TRACE(trace, "cpu-only.pt.trace.json.gz");
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(open(w, trace));
        QTest::qWait(50);
        verifyLegendFits(w, "fresh window");
        if (QTest::currentTestFailed())
            return;
    }

    // A window that showed a folder (Ranks dock under the legend) is closed; the next window, its
    // layout restored with the Ranks dock hidden, shows a trace: the legend does not inherit the
    // height the ranks had.
    void legendFitsAfterFolder()
    {
        LANESCOPE_REQUIRE_TRACE(folder, "torch-cpu-2rank-nw0");
        LANESCOPE_REQUIRE_TRACE(trace, "cpu-only.pt.trace.json.gz");
        {
            MainWindow w;
            w.resize(1400, 900);
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            QVERIFY(open(w, folder));
            QTest::qWait(50);
            QVERIFY(!w.currentFolder().isEmpty());
            verifyLegendFits(w, "the folder's window");
            if (QTest::currentTestFailed())
                return;
            QVERIFY(w.close()); // saves the layout
        }
        QVERIFY(QSettings().contains(QStringLiteral("window/state")));
        MainWindow w2;
        w2.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w2));
        QTest::qWait(50);
        verifyLegendFits(w2, "restored, nothing open");
        if (QTest::currentTestFailed())
            return;
        QVERIFY(open(w2, trace));
        QTest::qWait(50);
        verifyLegendFits(w2, "restored, a trace open");
        if (QTest::currentTestFailed())
            return;
        // And once more: the layout the second window saves is as good.
        QVERIFY(w2.close());
        MainWindow w3;
        w3.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w3));
        QVERIFY(open(w3, trace));
        QTest::qWait(50);
        verifyLegendFits(w3, "third window");
        if (QTest::currentTestFailed())
            return;
    }
};

QTEST_MAIN(TestDockLayout)
#include "tst_docklayout.moc"
