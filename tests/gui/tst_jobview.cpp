// SPDX-License-Identifier: GPL-3.0-or-later
// The compact job view of a folder of ranks: a synthetic job of 64 ranks (rank 37 the straggler)
// opened in a 1920x1080 window shows every rank's row at once, each with its compute stream's busy
// time drawn where core's ComputeBusy says it is, the straggler's row marked, and a click on a row
// opens that rank's lanes in the timeline.
#include "app/gui/MainWindow.h"

#include "core/analysis/measures/temporal/ComputeBusy.h"
#include "core/synth/TraceSynth.h"
#include "widgets/ranks/JobView.h"
#include "widgets/ranks/RanksDock.h"
#include "widgets/render/LaneLayout.h"
#include "widgets/timeline/TimelineView.h"
#include "widgets/view/Session.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace lanescope;

namespace {

constexpr int kRanks = 64;
constexpr int kStraggler = 37;

bool put(const QString &path, const std::string &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes.data(), qint64(bytes.size())) == qint64(bytes.size());
}

} // namespace

class TestJobView : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_job;

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("LanescopeTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_jobview"));
        QSettings().clear();
        synth::SynthConfig c;
        c.ranksToWrite = kRanks;
        c.gpus = kRanks;
        c.straggler = kStraggler;
        c.layers = 1; // small and quick: the straggler and the collectives follow the same model
        const synth::SynthOutput out = synth::synthesize(c);
        QCOMPARE(int(out.traces.size()), kRanks);
        QVERIFY(QDir(m_dir.path()).mkdir(QStringLiteral("job")));
        m_job = m_dir.filePath(QStringLiteral("job"));
        for (int k = 0; k < kRanks; ++k)
            QVERIFY(put(QDir(m_job).filePath(QStringLiteral("rank-%1.pt.trace.json").arg(k)), out.traces[std::size_t(k)]));
    }

    void sixtyFourRanksFitOneScreen()
    {
        MainWindow w;
        w.resize(1920, 1080);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QSignalSpy loaded(&w, &MainWindow::loadFinished);
        w.openFiles({m_job});
        QVERIFY(loaded.wait(180000));
        QVERIFY(loaded.first().first().toBool());
        QCOMPARE(w.session()->runCount(), kRanks);
        JobView *jv = w.jobView();
        // More ranks than the timeline shows: the job view is what the window shows.
        QCOMPARE(w.centralView(), static_cast<QWidget *>(jv));
        QVERIFY(QTest::qWaitFor([&] { return !w.ranksDock()->isBusy() && w.ranksDock()->result(); }, 180000));
        QCoreApplication::processEvents();

        // Every rank a row, all inside the view, inside the 1080-pixel window.
        QCOMPARE(jv->rowCount(), kRanks);
        QCOMPARE(jv->rowsShown(), kRanks);
        QVERIFY(jv->rowHeight() >= JobView::kMinRowHeight);
        const QRect inWindow(jv->mapTo(&w, QPoint(0, 0)), jv->size());
        QVERIFY(w.rect().contains(inWindow));
        QVERIFY(w.height() <= 1080);
        for (int i = 0; i < kRanks; ++i) {
            QVERIFY2(jv->rect().contains(jv->rowRect(i)), qPrintable(QString::number(i)));
            QCOMPARE(jv->rowLabel(i).section(QStringLiteral(" · "), 0, 0), w.session()->run(i).label);
        }

        // The straggler's row is marked.
        QCOMPARE(jv->stragglerRow(), kStraggler);
        QVERIFY(jv->rowLabel(kStraggler).contains(QStringLiteral("straggler")));
        const QImage img = jv->grab().toImage();
        const QColor mark = img.pixelColor(1, jv->rowRect(kStraggler).center().y());
        const QColor plain = img.pixelColor(1, jv->rowRect(kStraggler + 1).center().y());
        QVERIFY2(mark.red() > 150 && mark.green() < 80, qPrintable(mark.name()));
        QVERIFY(mark != plain);

        // Each row draws its compute stream busy where core says it is busy: the middle of its
        // longest busy interval in the window is painted, not the idle colour or the background.
        const ViewState *v = w.session()->state();
        for (int i = 0; i < kRanks; i += 9) {
            const analysis::ComputeBusy busy = analysis::computeBusy(*w.session()->run(i).trace);
            QVERIFY(busy.track >= 0 && !busy.busy.empty());
            const analysis::TimeRange longest = *std::max_element(busy.busy.begin(), busy.busy.end(), [](const auto &a, const auto &b) {
                return a.to - a.from < b.to - b.from;
            });
            const QRect strip = jv->stripRect(i);
            const double mid = double(longest.from + longest.to) / 2 - double(w.session()->base(i));
            const int x = strip.left() + int((mid - v->windowStart()) * strip.width() / v->windowRange());
            QVERIFY(strip.contains(QPoint(x, strip.center().y())));
            const QColor c = img.pixelColor(x, strip.center().y());
            const auto distance = [&](const QColor &o) {
                return std::abs(c.red() - o.red()) + std::abs(c.green() - o.green()) + std::abs(c.blue() - o.blue());
            };
            QVERIFY2(distance(JobView::busyColour()) < distance(JobView::idleColour()),
                     qPrintable(QStringLiteral("rank %1 at x %2: %3").arg(i).arg(x).arg(c.name())));
        }
        if (!qEnvironmentVariableIsEmpty("LANESCOPE_TEST_PICTURES"))
            w.grab().save(QDir(qEnvironmentVariable("LANESCOPE_TEST_PICTURES")).filePath(QStringLiteral("jobview.png")));

        // A click on a row opens that rank's lanes.
        const int row = 12;
        QTest::mouseClick(jv, Qt::LeftButton, {}, jv->rowRect(row).center());
        QCOMPARE(w.centralView(), static_cast<QWidget *>(w.timelineView()));
        int groupY = -1;
        for (const LaneGroup &g : w.timelineView()->laneLayout().groups())
            if (g.run == row && groupY < 0)
                groupY = g.y;
        QVERIFY(groupY > 0);
        QCOMPARE(w.timelineView()->verticalScrollBar()->value(), std::min(groupY, w.timelineView()->verticalScrollBar()->maximum()));
        // And View > Job Overview brings the rows back.
        QAction *overview = nullptr;
        for (QAction *a : w.findChildren<QAction *>())
            if (a->shortcut() == QKeySequence(Qt::CTRL | Qt::Key_J))
                overview = a;
        QVERIFY(overview && overview->isEnabled());
        overview->trigger();
        QCOMPARE(w.centralView(), static_cast<QWidget *>(jv));
    }
};

QTEST_MAIN(TestJobView)
#include "tst_jobview.moc"
