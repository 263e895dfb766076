// SPDX-License-Identifier: GPL-3.0-or-later
// The Memory Snapshot dock in the real window: a snapshot written by tests/tools/make_memory_snapshot.py
// (python3, skipped visibly without it) opened alone, beside the synthetic fsdp-prefetch trace it was
// made for, and dropped on that trace; the dock's figures against core/memsnap's own, the segment
// map's picture, the table at the peak, hostile pickles, and the snapshot's marks on the timeline.
#include "app/gui/MainWindow.h"
#include "app/gui/SnapshotController.h"
#include "app/gui/StartPage.h"
#include "core/analysis/text/FigureText.h"
#include "core/analysis/run/Steps.h"
#include "core/memsnap/SnapshotAnalysis.h"
#include "widgets/memsnap/MemorySnapshotDock.h"
#include "widgets/memsnap/SnapshotModels.h"
#include "widgets/memsnap/SnapshotPlots.h"
#include "widgets/memsnap/SnapshotTimelineMarks.h"
#include "widgets/timeline/TimelineView.h"
#include "widgets/view/Session.h"

#include "tests/gui/DropEvents.h"

#include <QAbstractItemModelTester>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include <set>

using namespace lanescope;

namespace {
constexpr int kLoadTimeoutMs = 60000;

bool run(const QString &program, const QStringList &args, QString *error)
{
    QProcess p;
    p.start(program, args);
    if (!p.waitForFinished(120000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        *error = QStringLiteral("%1 %2 failed: %3").arg(program, args.join(QLatin1Char(' ')), QString::fromLocal8Bit(p.readAllStandardError()));
        return false;
    }
    return true;
}
} // namespace

class TestMemSnapDock : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_trace, m_aligned, m_alone;
    QString m_skip;

    // Opens paths in w and waits for the snapshot (and the trace, where one is among them).
    static bool openAndWait(MainWindow &w, const QStringList &paths, bool withTrace)
    {
        QSignalSpy snap(w.snapshotController(), &SnapshotController::loadFinished);
        QSignalSpy trace(&w, &MainWindow::loadFinished);
        w.openFiles(paths);
        if (!QTest::qWaitFor([&] { return !snap.isEmpty() && (!withTrace || !trace.isEmpty()); }, kLoadTimeoutMs))
            return false;
        // The alignment with the trace, when the trace came after the snapshot, is a job of its own.
        return QTest::qWaitFor([&] { return !w.snapshotController()->isLoading() && w.snapshotController()->dock()->placement().tried == withTrace; },
                               kLoadTimeoutMs);
    }

    static std::shared_ptr<const memsnap::MemorySnapshot> coreSnapshot(const QString &path)
    {
        return memsnap::openSnapshot(path).snapshot;
    }

    void savePicture(QWidget *widget, const QString &name)
    {
        // Set LANESCOPE_MEMSNAP_PNG_DIR to look at what the tests drew.
        const QString dir = qEnvironmentVariable("LANESCOPE_MEMSNAP_PNG_DIR");
        if (!dir.isEmpty())
            widget->grab().save(QDir(dir).filePath(name));
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
        if (python.isEmpty()) {
            m_skip = QStringLiteral("python3 not found: the snapshot generator cannot run; skipped");
            return;
        }
        const QString generator = QStringLiteral(LANESCOPE_SOURCE_DIR "/tests/tools/make_memory_snapshot.py");
        m_trace = m_dir.filePath(QStringLiteral("prefetch.pt.trace.json"));
        m_aligned = m_dir.filePath(QStringLiteral("prefetch.pickle"));
        m_alone = m_dir.filePath(QStringLiteral("alone.pickle"));
        QString error;
        QVERIFY2(run(QStringLiteral(LANESCOPE_CLI_PATH), {QStringLiteral("synth"), QStringLiteral("--scenario"), QStringLiteral("fsdp-prefetch"),
                                                          QStringLiteral("-o"), m_trace},
                     &error),
                 qPrintable(error));
        QVERIFY2(run(python, {generator, m_aligned, QStringLiteral("--align-trace"), m_trace}, &error), qPrintable(error));
        QVERIFY2(run(python, {generator, m_alone, QStringLiteral("--seed"), QStringLiteral("7")}, &error), qPrintable(error));
    }

    void init()
    {
        if (!m_skip.isEmpty())
            QSKIP(qPrintable(m_skip));
    }

    // Opened alone: the start page steps aside, the dock shows the core's figures for the device.
    void figuresEqualCore()
    {
        MainWindow w;
        w.show();
        QVERIFY(openAndWait(w, {m_alone}, false));
        MemorySnapshotDock *dock = w.snapshotController()->dock();
        QVERIFY(dock->isVisible());
        QVERIFY(w.session()->runCount() == 0);
        QVERIFY2(!w.startPage() || !w.startPage()->isVisible(), "the start page would hide the dock");
        const auto snap = coreSnapshot(m_alone);
        QVERIFY(snap);
        const memsnap::SnapshotAnalysis a = memsnap::analyzeSnapshot(*snap);
        QVERIFY(!a.devices.empty());
        const memsnap::DeviceHistory &h = a.devices.front();
        QCOMPARE(dock->device(), h.device);
        const QString summary = dock->summaryText();
        QVERIFY2(summary.contains(analysis::figure::bytes(double(h.peakAllocated))), qPrintable(summary));
        QVERIFY2(summary.contains(analysis::figure::bytes(double(h.peakReserved))), qPrintable(summary));
        QVERIFY2(summary.contains(QStringLiteral("%1 segment_alloc").arg(h.segmentAllocs)), qPrintable(summary));
        QVERIFY2(summary.contains(QStringLiteral("%1 segment_free").arg(h.segmentFrees)), qPrintable(summary));
        QCOMPARE(dock->eventModel()->rowCount(), int(h.segmentEvents.size() + h.ooms.size()));
        QCOMPARE(dock->eventModel()->fragmentationRows(), int(h.fragmentation.size()));
        QCOMPARE(dock->chart()->history()->peakAllocated, h.peakAllocated);
        QVERIFY(dock->placement().tried == false);
        QVERIFY2(dock->alignmentText().contains(QStringLiteral("No trace")), qPrintable(dock->alignmentText()));
        QAbstractItemModelTester alive(dock->aliveModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester events(dock->eventModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        w.resize(1500, 1000);
        QTest::qWait(50);
        savePicture(dock, QStringLiteral("dock-alone.png"));
        dock->tabs()->setCurrentIndex(1);
        savePicture(dock, QStringLiteral("dock-alone-events.png"));
    }

    // At the peak (the default moment) the table's groups sum to the peak of allocated bytes; a
    // click on the chart moves the moment and the table follows what the curve says there.
    void peakTableSumsToPeak()
    {
        MainWindow w;
        w.show();
        QVERIFY(openAndWait(w, {m_alone}, false));
        MemorySnapshotDock *dock = w.snapshotController()->dock();
        const memsnap::DeviceHistory *h = dock->chart()->history();
        QVERIFY(h);
        QCOMPARE(dock->moment(), h->peakAllocatedAt);
        QCOMPARE(dock->position(), h->peakAllocatedPos);
        QVERIFY(dock->aliveModel()->rowCount() > 0);
        QCOMPARE(dock->aliveModel()->totalBytes(), h->peakAllocated);
        QCOMPARE(dock->momentValue().allocated, h->peakAllocated);
        QVERIFY2(dock->momentText().contains(analysis::figure::bytes(double(h->peakAllocated))), qPrintable(dock->momentText()));

        // Sorted by bytes, largest first, in the view.
        QTableView *table = dock->aliveTable();
        qlonglong previous = std::numeric_limits<qlonglong>::max();
        for (int r = 0; r < table->model()->rowCount(); ++r) {
            const qlonglong b = table->model()->index(r, AliveStackModel::BytesColumn).data(kSortRole).toLongLong();
            QVERIFY(b <= previous);
            previous = b;
        }

        dock->raise();
        MemoryTimeChart *chart = dock->chart();
        QVERIFY(QTest::qWaitForWindowExposed(chart));
        const QRect plot = chart->plotRect();
        QSignalSpy moved(dock, &MemorySnapshotDock::momentChanged);
        QTest::mouseClick(chart, Qt::LeftButton, {}, QPoint(plot.left() + plot.width() / 3, plot.center().y()));
        QCOMPARE(moved.size(), 1);
        QVERIFY(dock->moment() != h->peakAllocatedAt);
        QCOMPARE(dock->position(), memsnap::positionAt(*h, dock->moment()));
        QCOMPARE(dock->aliveModel()->totalBytes(), dock->momentValue().allocated);
        QCOMPARE(chart->moment(), dock->moment());
        QCOMPARE(dock->segmentMap()->moment(), dock->moment());
    }

    // An oom row picked in the events: the cache as the failed request found it, the alive table
    // at that position, and the fragmentation rows highlighted.
    void oomShowsCacheState()
    {
        MainWindow w;
        w.show();
        QVERIFY(openAndWait(w, {m_alone}, false));
        MemorySnapshotDock *dock = w.snapshotController()->dock();
        const memsnap::DeviceHistory *h = dock->chart()->history();
        QVERIFY(h);
        if (h->ooms.empty())
            QSKIP("the generated snapshot has no oom action");
        const memsnap::OomEvent &oom = h->ooms.front();
        QTableView *events = dock->eventTable();
        int row = -1;
        for (int r = 0; r < events->model()->rowCount() && row < 0; ++r)
            if (events->model()->index(r, SegmentEventModel::ActionColumn).data().toString() == QLatin1String("oom"))
                row = r;
        QVERIFY(row >= 0);
        dock->tabs()->setCurrentIndex(1);
        QVERIFY(QTest::qWaitForWindowExposed(events));
        const QModelIndex at = events->model()->index(row, SegmentEventModel::TimeColumn);
        QTest::mouseClick(events->viewport(), Qt::LeftButton, {}, events->visualRect(at).center());
        QCOMPARE(dock->position(), oom.entry);
        QCOMPARE(dock->tabs()->currentIndex(), 0);
        QVERIFY2(dock->momentText().contains(SegmentEventModel::oomText(oom)), qPrintable(dock->momentText()));
        QCOMPARE(dock->aliveModel()->totalBytes(), dock->momentValue().allocated);
        QCOMPARE(dock->momentValue().allocated, oom.allocated);
        // Fragmentation rows are told apart by their background.
        int highlighted = 0;
        for (int r = 0; r < dock->eventModel()->rowCount(); ++r)
            if (dock->eventModel()->index(r, 0).data(Qt::BackgroundRole).isValid())
                ++highlighted;
        QCOMPARE(highlighted, int(h->fragmentation.size() + h->ooms.size()));
        savePicture(dock, QStringLiteral("dock-oom.png"));
    }

    // Every segment of the history covers pixels of the map, free space inside the segments shows
    // as holes, and the blocks are drawn.
    void segmentMapDrawsEverySegment()
    {
        MainWindow w;
        w.resize(1500, 1000);
        w.show();
        QVERIFY(openAndWait(w, {m_alone}, false));
        SegmentMap *map = w.snapshotController()->dock()->segmentMap();
        const memsnap::DeviceHistory *h = map->history();
        QVERIFY(h && !h->segments.empty());
        const QImage img = map->picture();
        QVERIFY(!img.isNull());
        QCOMPARE(map->segmentsDrawn(), int(h->segments.size()));
        QVERIFY(map->blocksDrawn() > 0);
        const QRgb background = map->palette().color(QPalette::Base).rgb();
        const SnapTimeScale s = map->scale();
        const QRect plot = map->plotRect();
        const qreal dpr = img.devicePixelRatio();
        for (const memsnap::SegmentSpan &seg : h->segments) {
            // The segment's first column, the middle of its address range.
            const double xMid = (s.x(seg.fromUs) - plot.left()) * dpr;
            const int x = std::clamp(int(std::floor(xMid)), 0, img.width() - 1);
            const double y0 = (map->yOfAddress(seg.addr) - plot.top()) * dpr;
            const double y1 = (map->yOfAddress(seg.addr + std::uint64_t(seg.size) - 1) - plot.top()) * dpr;
            QVERIFY(!std::isnan(y0) && !std::isnan(y1));
            const int y = std::clamp(int(std::floor((y0 + y1) / 2)), 0, img.height() - 1);
            QVERIFY2(img.pixel(x, y) != background, qPrintable(QStringLiteral("segment at 0x%1 not drawn").arg(seg.addr, 0, 16)));
        }
        // The fragmenting run leaves free space inside its segments: holes in the free colour.
        bool hole = false;
        const QRgb free = SegmentMap::freeColor().rgb();
        for (int y = 0; y < img.height() && !hole; ++y)
            for (int x = 0; x < img.width() && !hole; ++x)
                hole = img.pixel(x, y) == free;
        QVERIFY(hole);
        // Hovering a block tells its size.
        const memsnap::AllocationSpan &big = *std::max_element(h->allocations.begin(), h->allocations.end(),
                                                                [](const auto &a, const auto &b) { return a.size < b.size; });
        const double bx = s.x(big.fromUs) + std::max(1.0, s.x(big.toUs) - s.x(big.fromUs)) / 2;
        const double by = (map->yOfAddress(big.addr) + map->yOfAddress(big.addr + std::uint64_t(big.size) - 1)) / 2;
        QVERIFY2(!std::isnan(by), qPrintable(QStringLiteral("block at 0x%1 outside every segment").arg(big.addr, 0, 16)));
        const QString tip = map->toolTipAt(QPoint(int(bx), int(by)));
        QVERIFY2(tip.contains(QStringLiteral("Block of")), qPrintable(QStringLiteral("%1 (block 0x%2 %3 B, %4-%5 us, at %6,%7)").arg(tip).arg(big.addr, 0, 16).arg(big.size).arg(big.fromUs).arg(big.toUs).arg(bx).arg(by)));
    }

    // Hostile or broken pickles: the reader's message in the dock, nothing run, the window alive.
    void hostilePickle_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        // os.system("touch MARK") as a pickle would call it: GLOBAL then REDUCE.
        QTest::newRow("global-reduce") << QByteArray("\x80\x02") + QByteArray("cos\nsystem\n") + QByteArray("X\x0a\0\0\0touch MARK", 15)
                + QByteArray("\x85R.");
        QTest::newRow("truncated") << QByteArray("\x80\x04\x95\x10\0\0\0\0\0\0\0}\x94(\x8c\x08segments", 24);
        QTest::newRow("empty") << QByteArray();
        QTest::newRow("not-a-dict") << QByteArray("\x80\x02K\x05.", 5);
    }
    void hostilePickle()
    {
        QFETCH(QByteArray, bytes);
        // What the pickle would create if it ran: MARK in the working folder.
        const QString mark = QDir::current().filePath(QStringLiteral("MARK"));
        QFile::remove(mark);
        const QString path = m_dir.filePath(QStringLiteral("hostile.pickle"));
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(bytes);
        }
        // The reader's message, less the path it starts with (the dock names the file once).
        QString expected = memsnap::openSnapshot(path).error;
        QVERIFY(!expected.isEmpty());
        if (expected.startsWith(path + QStringLiteral(": ")))
            expected = expected.mid(path.size() + 2);
        MainWindow w;
        w.show();
        QSignalSpy done(w.snapshotController(), &SnapshotController::loadFinished);
        w.openFiles({path});
        QTRY_COMPARE_WITH_TIMEOUT(done.size(), 1, kLoadTimeoutMs);
        QCOMPARE(done.first().first().toBool(), false);
        MemorySnapshotDock *dock = w.snapshotController()->dock();
        QVERIFY(dock->isVisible());
        QVERIFY(!dock->snapshot());
        QVERIFY2(dock->statusText().contains(expected), qPrintable(dock->statusText()));
        QVERIFY(!QFile::exists(mark));
        savePicture(dock, QStringLiteral("dock-error-%1.png").arg(QString::fromLatin1(QTest::currentDataTag())));
    }

    // The trace and its snapshot on the command line's order: aligned, the marks on the timeline
    // where the memory band is, a slice picked on the timeline moves the dock's moment.
    void alignedMarksOnTimeline()
    {
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QVERIFY(openAndWait(w, {m_trace, m_aligned}, true));
        MemorySnapshotDock *dock = w.snapshotController()->dock();
        QVERIFY2(dock->placement().aligned(), qPrintable(dock->alignmentText()));
        QVERIFY2(dock->alignmentText().startsWith(QStringLiteral("Aligned")), qPrintable(dock->alignmentText()));
        const memsnap::DeviceHistory *h = dock->chart()->history();
        QVERIFY(h);
        // The fragmentation per ProfilerStep of the trace: every event from the first step on.
        const std::vector<analysis::Step> steps = w.session()->run(0).stepList();
        QVERIFY(!steps.empty());
        std::int64_t firstUs = std::numeric_limits<std::int64_t>::max();
        for (const analysis::Step &st : steps)
            firstUs = std::min(firstUs, dock->placement().alignment.toSnapshotUs(st.start));
        int inSteps = 0, summed = 0;
        for (const memsnap::FragmentationEvent &e : h->fragmentation)
            inSteps += e.timeUs >= firstUs ? 1 : 0;
        for (const memsnap::FragmentationFigure &f : dock->fragmentationFigures())
            summed += f.events;
        QCOMPARE(int(dock->fragmentationFigures().size()), int(steps.size()));
        QCOMPARE(summed, inSteps);
        QVERIFY2(dock->adviceText().contains(QStringLiteral("Per step: %1").arg(steps.front().name)), qPrintable(dock->adviceText()));

        TimelineView *tl = w.timelineView();
        QVERIFY(QTest::qWaitForWindowExposed(tl));
        tl->fitAll();
        QTest::qWait(50); // the dock's first sizing, a queued call
        SnapshotTimelineMarks *marks = w.snapshotController()->marks();
        QVERIFY(marks->isVisible());
        QVERIFY(marks->group() >= 0);
        marks->layoutMarks();
        // Fit to the whole trace: every event is in the window, folded per pixel but counted.
        int mallocs = 0, frees = 0;
        for (const memsnap::SegmentEvent &e : h->segmentEvents)
            (e.malloc() ? mallocs : frees)++;
        QCOMPARE(marks->markCount(SnapshotTimelineMarks::Kind::SegmentAlloc), mallocs);
        QCOMPARE(marks->markCount(SnapshotTimelineMarks::Kind::SegmentFree), frees);
        QCOMPARE(marks->markCount(SnapshotTimelineMarks::Kind::Fragmentation), int(h->fragmentation.size()));
        QVERIFY(h->fragmentation.size() > 0);
        // The marks sit on the device's memory band and are drawn there.
        const int g = marks->group();
        const double bandBottom = tl->memoryY(g, 0), bandTop = tl->memoryY(g, tl->memoryScaleBytes(g));
        QVERIFY(!std::isnan(bandBottom));
        for (const SnapshotTimelineMarks::Mark &m : marks->marks())
            QVERIFY(m.at.y() >= bandTop - 1 && m.at.y() <= bandBottom + 1);
        // The picture first: its paint lays the marks out for the view as it is then.
        const QImage shot = tl->viewport()->grab().toImage();
        // The last one: drawn over its neighbours' edges.
        const SnapshotTimelineMarks::Mark &fm = *std::find_if(marks->marks().rbegin(), marks->marks().rend(), [](const auto &m) {
            return m.kind == SnapshotTimelineMarks::Kind::Fragmentation;
        });
        const qreal dpr = shot.devicePixelRatio();
        QCOMPARE(QColor(shot.pixel(int(fm.at.x() * dpr), int(fm.at.y() * dpr))).rgb(), SnapshotTimelineMarks::fragmentationColor().rgb());
        QVERIFY(!marks->toolTipAt(fm.at.toPoint()).isEmpty());
        savePicture(tl, QStringLiteral("timeline-marks.png"));
        tl->setVisibleRange(double(dock->placement().alignment.toTraceNs(h->fragmentation.front().timeUs)) - 30e6,
                            double(dock->placement().alignment.toTraceNs(h->fragmentation.front().timeUs)) + 30e6);
        QTest::qWait(50);
        savePicture(tl, QStringLiteral("timeline-marks-zoomed.png"));

        // A slice selected on the timeline: the dock shows the allocator at its start.
        const Trace &t = *w.session()->run(0).trace;
        std::uint32_t track = 0;
        while (track < t.tracks.size() && t.tracks[track].size() == 0)
            ++track;
        QVERIFY(track < t.tracks.size());
        const std::uint32_t slice = std::uint32_t(t.tracks[track].size() / 2);
        tl->selectSlice(SliceRef{0, track, slice});
        const std::int64_t expected = std::clamp(dock->placement().alignment.toSnapshotUs(t.tracks[track].start[slice]), h->beginUs, h->endUs);
        QCOMPARE(dock->moment(), expected);

        // A fragmentation row picked in the dock: the timeline brings it into view, zoom kept.
        const double range = tl->visibleEndNs() - tl->visibleStartNs();
        tl->setVisibleRange(double(t.minTs), double(t.minTs) + range / 1000);
        const double zoomed = tl->visibleEndNs() - tl->visibleStartNs();
        QTableView *events = dock->eventTable();
        dock->tabs()->setCurrentIndex(1);
        int row = -1; // the last highlighted cudaMalloc
        for (int r = 0; r < events->model()->rowCount(); ++r)
            if (events->model()->index(r, 0).data(Qt::BackgroundRole).isValid()
                && events->model()->index(r, SegmentEventModel::ActionColumn).data().toString() == QLatin1String("segment_alloc"))
                row = r;
        QVERIFY(row >= 0);
        const qint64 rowUs = events->model()->index(row, 0).data(kTimeRole).toLongLong();
        QVERIFY(QTest::qWaitForWindowExposed(events));
        events->scrollTo(events->model()->index(row, 0));
        QTest::mouseClick(events->viewport(), Qt::LeftButton, {}, events->visualRect(events->model()->index(row, 0)).center());
        const double at = double(dock->placement().alignment.toTraceNs(rowUs));
        QVERIFY(tl->visibleStartNs() <= at && at <= tl->visibleEndNs());
        QCOMPARE(tl->visibleEndNs() - tl->visibleStartNs(), zoomed);
        savePicture(tl, QStringLiteral("timeline-event-picked.png"));
        savePicture(dock, QStringLiteral("dock-aligned.png"));
        savePicture(&w, QStringLiteral("window-aligned.png"));
    }

    // A snapshot dropped on the trace shown: aligned with it, the trace stays.
    void dropOnOpenTrace()
    {
        MainWindow w;
        w.show();
        QSignalSpy loaded(&w, &MainWindow::loadFinished);
        w.openFiles({m_trace});
        QTRY_COMPARE_WITH_TIMEOUT(loaded.size(), 1, kLoadTimeoutMs);
        const auto trace = w.session()->run(0).trace;
        QSignalSpy aligned(w.snapshotController(), &SnapshotController::alignmentFinished);
        QVERIFY(dropFiles(&w, {m_aligned}));
        QTRY_COMPARE_WITH_TIMEOUT(aligned.size(), 1, kLoadTimeoutMs);
        QCOMPARE(w.session()->runCount(), 1);
        QCOMPARE(w.session()->run(0).trace, trace);
        QCOMPARE(loaded.size(), 1); // the trace was not opened again
        QVERIFY2(w.snapshotController()->dock()->placement().aligned(), qPrintable(w.snapshotController()->dock()->alignmentText()));
        QVERIFY(w.snapshotController()->marks()->isVisible());
    }

    // A large snapshot (LANESCOPE_MEMSNAP_BIG=path, e.g. the generator's --target-bytes
    // 60000000): the dock's pictures cost what their pixels need. Prints the times.
    void largeSnapshotDrawsBounded()
    {
        const QString big = qEnvironmentVariable("LANESCOPE_MEMSNAP_BIG");
        if (big.isEmpty())
            QSKIP("set LANESCOPE_MEMSNAP_BIG to a large snapshot to time the dock on it");
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QElapsedTimer load;
        load.start();
        QVERIFY(openAndWait(w, {big}, false));
        const qint64 loadMs = load.elapsed();
        MemorySnapshotDock *dock = w.snapshotController()->dock();
        const memsnap::DeviceHistory *h = dock->chart()->history();
        QVERIFY(h);
        SegmentMap *segments = dock->segmentMap();
        segments->resize(segments->width() - 1, segments->height()); // the picture made again
        QElapsedTimer paint;
        paint.start();
        const QImage map = segments->picture();
        const qint64 mapMs = paint.restart();
        dock->chart()->grab();
        const qint64 chartMs = paint.restart();
        dock->setMoment(h->beginUs + (h->endUs - h->beginUs) / 3);
        const qint64 momentMs = paint.elapsed();
        qInfo("%s: %zu allocations, %zu segments, %zu curve points: loaded and analysed in %lld ms, segment map %lld ms, "
              "chart %lld ms, a moment picked %lld ms",
              qPrintable(big), h->allocations.size(), h->segments.size(), h->curve.size(), loadMs, mapMs, chartMs, momentMs);
        QCOMPARE(dock->segmentMap()->segmentsDrawn(), int(h->segments.size()));
        QVERIFY(mapMs < 5000 && chartMs < 1000);
    }

    // A snapshot of another run beside the trace: not aligned, and the dock says why.
    void refusedAlignmentSaysWhy()
    {
        MainWindow w;
        w.show();
        QVERIFY(openAndWait(w, {m_trace, m_alone}, true));
        MemorySnapshotDock *dock = w.snapshotController()->dock();
        QVERIFY(dock->placement().tried);
        QVERIFY(!dock->placement().aligned());
        QVERIFY(!dock->placement().alignment.reason.isEmpty());
        QVERIFY2(dock->alignmentText().contains(dock->placement().alignment.reason), qPrintable(dock->alignmentText()));
        QVERIFY(!w.snapshotController()->marks()->isVisible());
    }
};

QTEST_MAIN(TestMemSnapDock)
#include "tst_memsnapdock.moc"
