// SPDX-License-Identifier: GPL-3.0-or-later
// The analysis dock's Launch tab: each stream's idle time by Holistic Trace Analysis' categories
// and its queue, the launch summary and the slowest launches, as core/analysis computes them; a
// click on a launch selects its kernel in the timeline and zooms to it.
#include "app/gui/MainWindow.h"
#include "widgets/analysis/AnalysisDock.h"
#include "widgets/analysis/LaunchPanel.h"
#include "widgets/render/LaneLayout.h"
#include "widgets/render/TimelineRenderer.h"
#include "widgets/timeline/TimelineView.h"

#include "core/analysis/run/Analysis.h"
#include "core/analysis/text/FigureText.h"
#include "core/analysis/measures/queue/QueueLength.h"
#include "core/parse/TraceLoader.h"
#include "core/synth/TraceSynth.h"

#include <QAction>
#include <QFile>
#include <QImage>
#include <QScrollBar>
#include <QLabel>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

using namespace lanescope;

namespace {

constexpr int kAnalysisTimeoutMs = 60000;

// The synthetic FSDP baseline with 8 layers: a launch-bound packing phase at every step's start.
QString writeSynth(const QTemporaryDir &dir)
{
    synth::SynthConfig c;
    c.layers = 8;
    const synth::SynthOutput out = synth::synthesize(c);
    const QString path = dir.filePath(QStringLiteral("baseline.json"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(out.traces.at(0).data(), qint64(out.traces.at(0).size())) != qint64(out.traces.at(0).size()))
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

} // namespace

class TestLaunchPanel : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { m_path = writeSynth(m_dir); }

    // What the tab shows is core's result, cell by cell.
    void showsCoreFigures()
    {
        const LoadResult lr = loadTrace(m_path);
        QVERIFY2(lr.trace, qPrintable(lr.error));
        const auto result = std::make_shared<const analysis::AnalysisResult>(analysis::analyze(*lr.trace));
        LaunchPanel panel;
        panel.setResult(result, lr.trace->minTs);
        const analysis::AnalysisResult &r = *result;
        QVERIFY(r.launchStats.launches > 0);
        QVERIFY(panel.summaryLabel()->text().contains(analysis::figure::count(double(r.launchStats.launches))));
        QVERIFY(panel.summaryLabel()->text().contains(analysis::figure::us(*r.launchStats.medianDelayNs)));
        QCOMPARE(panel.streamList()->topLevelItemCount(), int(r.idleBreakdown.streams.size()));
        for (int i = 0; i < panel.streamList()->topLevelItemCount(); ++i) {
            const QTreeWidgetItem *item = panel.streamList()->topLevelItem(i);
            const analysis::StreamIdle &s = r.idleBreakdown.streams[std::size_t(i)];
            QCOMPARE(item->data(LaunchPanel::HostWaitCol, Qt::UserRole).toDouble(), double(s.hostWait));
            QCOMPARE(item->data(LaunchPanel::KernelWaitCol, Qt::UserRole).toDouble(), double(s.kernelWait));
            QCOMPARE(item->data(LaunchPanel::OtherCol, Qt::UserRole).toDouble(), double(s.other));
            QVERIFY(item->text(LaunchPanel::HostWaitCol).contains(analysis::figure::pct(s.sharePct(s.hostWait))));
        }
        // How HTA's "other" relates to the Gaps tab's causes.
        QVERIFY(panel.streamList()->headerItem()->toolTip(LaunchPanel::OtherCol).contains(QStringLiteral("comm_wait")));
        QCOMPARE(panel.launchList()->topLevelItemCount(), int(r.launchStats.worst.size()));
        QSignalSpy spy(&panel, &LaunchPanel::launchActivated);
        panel.activateLaunch(0);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).toUInt(), r.launchStats.worst.front().track);
        QCOMPARE(spy.at(0).at(1).toUInt(), r.launchStats.worst.front().slice);
        panel.setResult(nullptr, 0);
        QCOMPARE(panel.launchList()->topLevelItemCount(), 0);
    }

    // In the window: a click on the slowest launch selects its kernel and shows it.
    void clickSelectsKernel()
    {
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.openFile(m_path);
        QVERIFY(QTest::qWaitFor([&] { return w.trace() && !w.analysisDock()->isBusy() && w.analysisDock()->result(); },
                                kAnalysisTimeoutMs));
        AnalysisDock *dock = w.analysisDock();
        LaunchPanel *panel = dock->launchPanel();
        dock->tabs()->setCurrentWidget(panel);
        QTreeWidget *list = panel->launchList();
        QVERIFY(list->topLevelItemCount() > 0);
        const analysis::Launch &worst = dock->result()->launchStats.worst.front();
        const QModelIndex index = list->model()->index(0, 0);
        list->scrollTo(index);
        list->setFocus();
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualRect(index).center());
        QTest::keyClick(list, Qt::Key_Return); // an activation whatever the style
        TimelineView *tl = w.timelineView();
        QTRY_COMPARE(tl->selectedSlice().track, worst.track);
        QCOMPARE(tl->selectedSlice().slice, worst.slice);
        const Track &track = w.trace()->tracks[worst.track];
        QVERIFY(tl->visibleStartNs() <= double(track.start[worst.slice]));
        QVERIFY(tl->visibleEndNs() >= double(track.end(worst.slice)));
        QVERIFY(tl->visibleEndNs() - tl->visibleStartNs() < double(w.trace()->maxTs - w.trace()->minTs) / 100);
    }

    // View > Launch Queues: a strip under every GPU stream's lane (none under CPU threads) with the
    // stream's queue drawn in it; off again, the lanes are as before.
    void queueLanes()
    {
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.openFile(m_path);
        QVERIFY(QTest::qWaitFor([&] { return bool(w.trace()); }, kAnalysisTimeoutMs));
        TimelineView *tl = w.timelineView();
        auto *action = w.findChild<QAction *>(QStringLiteral("queueLanesAction"));
        QVERIFY(action);
        QVERIFY(!action->isChecked());
        const int before = tl->laneLayout().totalHeight();
        action->trigger();
        QVERIFY(tl->queueLanesVisible());
        const LaneLayout &layout = tl->laneLayout();
        int gpuLanes = 0, compute = -1;
        for (int li = 0; li < int(layout.lanes().size()); ++li) {
            const Lane &lane = layout.lanes()[std::size_t(li)];
            const bool gpu = layout.groups()[std::size_t(lane.group)].gpu;
            QCOMPARE(lane.queueHeight, gpu ? LaneLayout::kQueueBandHeight : 0);
            gpuLanes += gpu;
            if (gpu && w.trace()->tracks[lane.track].streamId() == 7)
                compute = li;
        }
        QVERIFY(gpuLanes > 0 && compute >= 0);
        QCOMPARE(layout.totalHeight(), before + gpuLanes * LaneLayout::kQueueBandHeight);
        // The series drawn is core's: the compute stream's, whose highest point is the queue's max.
        const std::vector<std::vector<analysis::QueuePoint>> series = analysis::queueSeriesByTrack(*w.trace());
        const auto &pts = series[layout.lanes()[std::size_t(compute)].track];
        QVERIFY(!pts.empty());
        // Something is drawn in the compute lane's strip, right of the labels.
        tl->fitAll();
        tl->verticalScrollBar()->setValue(0);
        const Lane &lane = layout.lanes()[std::size_t(compute)];
        const int stripTop = TimelineRenderer::kTopHeight + lane.y + lane.height - lane.queueHeight;
        const QImage on = tl->viewport()->grab().toImage();
        if (const QByteArray dir = qgetenv("LANESCOPE_QUEUE_SCREENSHOT_DIR"); !dir.isEmpty()) // to look at
            on.save(QString::fromLocal8Bit(dir) + QStringLiteral("/queue-lanes.png"));
        action->trigger();
        QCOMPARE(tl->laneLayout().totalHeight(), before);
        QVERIFY(stripTop + LaneLayout::kQueueBandHeight < on.height());
        int inked = 0;
        const QColor bg = on.pixelColor(TimelineRenderer::kHeaderWidth + 2, stripTop + 3);
        for (int x = TimelineRenderer::kHeaderWidth + 1; x < on.width(); ++x)
            for (int y = stripTop + 4; y < stripTop + LaneLayout::kQueueBandHeight - 2; ++y)
                inked += on.pixelColor(x, y) != bg;
        QVERIFY2(inked > 20, qPrintable(QStringLiteral("%1 pixels drawn in the strip").arg(inked)));
    }

private:
    QTemporaryDir m_dir;
    QString m_path;
};

QTEST_MAIN(TestLaunchPanel)
#include "tst_launchpanel.moc"
