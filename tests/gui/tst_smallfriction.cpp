// SPDX-License-Identifier: GPL-3.0-or-later
// The small frictions of a first hour with the window: the empty Search Results dock does not come
// back at start; Compare With… starts in the shown trace's folder; the report's file field shows
// its path; a load shows a progress bar with its percentage on the start page; an arrow started
// below the last lane lands on that lane; the search's Start column keeps the microsecond; Details
// names the run of a slice in a comparison; a first window on a small screen (QT_SCALE_FACTOR=2 on
// 1920x1080) fits the screen, the docks a share of its width.
#include "app/gui/MainWindow.h"
#include "app/gui/StartPage.h"

#include "tests/gui/TimelineTestTrace.h"
#include "widgets/analysis/AnalysisDock.h"
#include "widgets/annotations/AnnotationTool.h"
#include "widgets/render/TimeAxis.h"
#include "widgets/timeline/TimelinePanels.h"
#include "widgets/timeline/TimelineView.h"
#include "widgets/view/Session.h"

#include "core/annotations/AnnotationSet.h"

#include <QDialog>
#include <QDockWidget>
#include <QFile>
#include <QLineEdit>
#include <QMenuBar>
#include <QProgressBar>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

using namespace lanescope;

namespace {
constexpr int kTimeoutMs = 30000;

bool load(MainWindow &w, const QStringList &paths)
{
    QSignalSpy loaded(&w, &MainWindow::loadFinished);
    w.openFiles(paths);
    return loaded.wait(kTimeoutMs) && loaded.takeFirst().at(0).toBool();
}
} // namespace

class TestSmallFriction : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_trace, m_other;

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("LanescopeTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_smallfriction"));
        QSettings().clear();
        QVERIFY(m_dir.isValid());
        QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("runs/baseline")));
        m_trace = m_dir.filePath(QStringLiteral("runs/baseline/timeline.json"));
        m_other = m_dir.filePath(QStringLiteral("runs/tuned.json"));
        for (const QString &p : {m_trace, m_other}) {
            QFile f(p);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(test::kTimelineTrace);
        }
    }

    void emptySearchDockStaysClosedAtStart()
    {
        {
            MainWindow w;
            w.show();
            auto *search = w.findChild<QDockWidget *>(QStringLiteral("searchResultsDock"));
            QVERIFY(search);
            search->show(); // shown once: its state is saved with the layout
            w.close();
        }
        MainWindow again;
        again.show();
        QCoreApplication::processEvents();
        auto *search = again.findChild<QDockWidget *>(QStringLiteral("searchResultsDock"));
        QVERIFY(search);
        QVERIFY(!search->isVisible());
        QSettings().clear();
    }

    void compareWithStartsBesideTheShownTrace()
    {
        MainWindow w;
        w.show();
        QVERIFY(load(w, {m_trace}));
        QCOMPARE(QDir(w.compareDialogDir()), QDir(QFileInfo(m_trace).absolutePath()));
    }

    void reportFieldShowsItsPath()
    {
        MainWindow w;
        w.show();
        QVERIFY(load(w, {m_trace}));
        QAction *report = nullptr;
        for (QAction *a : w.findChildren<QAction *>())
            if (a->text() == MainWindow::tr("Re&port…"))
                report = a;
        QVERIFY(report);
        int fieldWidth = -1, textWidth = 0;
        QTimer::singleShot(0, &w, [&] {
            auto *dialog = qobject_cast<QDialog *>(QApplication::activeModalWidget());
            if (!dialog)
                return;
            if (auto *path = dialog->findChild<QLineEdit *>(QStringLiteral("reportPath"))) {
                dialog->adjustSize();
                fieldWidth = path->width();
                textWidth = path->fontMetrics().horizontalAdvance(path->text());
            }
            dialog->reject();
        });
        report->trigger();
        QVERIFY2(fieldWidth >= textWidth, qPrintable(QStringLiteral("%1 px field for %2 px of path").arg(fieldWidth).arg(textWidth)));
    }

    void loadShowsProgressOnTheStartPage()
    {
        MainWindow w;
        w.show();
        QVERIFY(w.startPage() && w.startPage()->isVisible());
        QSignalSpy loaded(&w, &MainWindow::loadFinished);
        w.openFiles({m_trace});
        QProgressBar *bar = w.startPage()->loadProgress();
        QVERIFY(bar->isVisible());
        QVERIFY(bar->isTextVisible());
        QVERIFY2(bar->text().endsWith(QLatin1Char('%')), qPrintable(bar->text()));
        QVERIFY(loaded.wait(kTimeoutMs));
        QVERIFY(!w.startPage()->isVisible() || !bar->isVisible());
    }

    void arrowBelowTheLastLaneLandsOnIt()
    {
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        QVERIFY(load(w, {m_trace}));
        TimelineView *tl = w.timelineView();
        const QRect lanes = tl->lanesRect();
        // The lowest lane's bottom, and room under it.
        int bottom = 0;
        QString lastKey;
        for (const Lane &l : tl->laneLayout().lanes())
            if (!l.hidden && !l.pinned && l.height > 0 && l.y + l.height > bottom) {
                bottom = l.y + l.height;
                lastKey = l.key;
            }
        const int yBelow = TimelineView::kTopHeight + bottom + 30;
        QVERIFY2(yBelow < tl->viewport()->height(), "no room under the lanes");
        tl->setAnnotationTool(AnnotationTool::Arrow);
        QSignalSpy created(tl, &TimelineView::annotationCreated);
        QWidget *vp = tl->viewport();
        const QPoint from(lanes.left() + 100, yBelow), to(lanes.left() + 300, yBelow);
        QTest::mousePress(vp, Qt::LeftButton, {}, from);
        for (int i = 1; i <= 4; ++i)
            QTest::mouseMove(vp, from + (to - from) * i / 4);
        QTest::mouseRelease(vp, Qt::LeftButton, {}, to);
        QCOMPARE(created.count(), 1);
        const auto a = created.first().at(1).value<annotations::Annotation>();
        QCOMPARE(a.a.lane, lastKey);
    }

    void searchStartKeepsTheMicrosecond()
    {
        // 1,234,567 µs from the start: three significant digits would read "1.23 s".
        QCOMPARE(TimeAxis::formatPrecise(1'234'567'000.0, 1e3), QStringLiteral("1.234 567 s"));
    }

    void detailsNameTheRun()
    {
        MainWindow w;
        w.show();
        QVERIFY(load(w, {m_trace, m_other}));
        QCOMPARE(w.session()->runCount(), 2);
        const Trace *t = w.timelineView()->trace(1);
        QVERIFY(t);
        std::uint32_t track = 0, slice = 0;
        QVERIFY(test::findSlice(*t, "ampere_sgemm_128x64_nn", &track, &slice));
        w.detailsPanel()->showSlice(SliceRef{1, track, slice});
        QString text = w.detailsPanel()->text();
        QVERIFY2(text.contains(w.session()->run(1).label) && !text.contains(QLatin1String("(baseline)")), qPrintable(text));
        w.detailsPanel()->showSlice(SliceRef{0, track, slice});
        text = w.detailsPanel()->text();
        QVERIFY2(text.contains(QStringLiteral("%1 (baseline)").arg(w.session()->run(0).label)), qPrintable(text));
    }

    void firstWindowFitsASmallScreen()
    {
        // 1920x1080 at scale factor 2, less a panel: 960x510 logical pixels available.
        const QRect available(0, 0, 960, 510);
        MainWindow w;
        w.fitToScreen(available);
        w.show();
        QCoreApplication::processEvents();
        QTest::qWait(50);
        QString mins;
        for (QDockWidget *d : w.findChildren<QDockWidget *>())
            if (d->isVisible())
                mins += QStringLiteral("%1 %2x%3; ").arg(d->objectName()).arg(d->minimumSizeHint().width()).arg(d->minimumSizeHint().height());
        QVERIFY2(w.width() <= available.width() && w.height() <= available.height(),
                 qPrintable(QStringLiteral("%1x%2, min %3x%4: %5").arg(w.width()).arg(w.height()).arg(w.minimumSizeHint().width()).arg(w.minimumSizeHint().height()).arg(mins)));
        QVERIFY(QRect(w.pos(), w.size()).intersects(available));
        // The docks a share of the width: the timeline keeps more than half of it.
        QVERIFY2(w.analysisDock()->width() <= w.width() * 45 / 100,
                 qPrintable(QStringLiteral("dock %1 of %2").arg(w.analysisDock()->width()).arg(w.width())));
    }
};

QTEST_MAIN(TestSmallFriction)
#include "tst_smallfriction.moc"
