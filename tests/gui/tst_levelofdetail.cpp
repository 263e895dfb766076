// SPDX-License-Identifier: GPL-3.0-or-later
// The view index's level of detail (TraceViewIndex::Lod): its answers are the slices'
// own (the first slice ending after t against std::upper_bound over the ends; the work time and
// count before a slice against sums over the slices; a duration too long for its compact column
// read back from the track), and the timeline drawn through it is the picture the slice walk
// draws, pixel for pixel, zoomed out, at 1 %, with every group collapsed (the density strips) and
// with a search active, on a synthetic trace dense enough to fold thousands of slices per pixel
// column and on a real one from ../shared/traces.
#include "tests/TestTraces.h"
#include "core/parse/TraceLoader.h"
#include "core/io/MappedSource.h"
#include "widgets/render/TraceViewIndex.h"
#include "widgets/timeline/TimelineSearch.h"
#include "widgets/timeline/TimelineView.h"
#include "widgets/view/Session.h"

#include <QPainter>
#include <QtTest>

#include <random>
#include <string>

using namespace lanescope;

namespace {

// One CPU thread of steps (5 s each: longer than the Lod's 32-bit duration column holds) with
// operators nested three deep, runtime calls and zero-length slices; two GPU streams of many short
// kernels (GEMMs, NCCL) in bursts with idle gaps; [memory] samples. Deterministic.
std::string synthTrace()
{
    std::mt19937 rng(24);
    auto uni = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    std::string s = R"({"traceEvents": [
{"ph": "M", "name": "process_name", "pid": 1, "tid": 0, "args": {"name": "python3"}},
{"ph": "M", "name": "thread_name", "pid": 1, "tid": 2, "args": {"name": "main"}},
{"ph": "M", "name": "process_labels", "pid": 0, "tid": 0, "args": {"labels": "GPU 0"}})";
    auto x = [&](const char *cat, const std::string &name, int pid, int tid, long long ts, long long dur) {
        s += ",\n{\"ph\": \"X\", \"cat\": \"" + std::string(cat) + "\", \"name\": \"" + name + "\", \"pid\": " + std::to_string(pid)
            + ", \"tid\": " + std::to_string(tid) + ", \"ts\": " + std::to_string(ts) + ", \"dur\": " + std::to_string(dur) + "}";
    };
    const char *ops[] = {"aten::mm", "aten::add", "aten::relu", "aten::copy_", "aten::layer_norm"};
    const char *kernels[] = {"ampere_sgemm_128x64_nn", "vectorized_elementwise_kernel", "ncclKernel_AllReduce_RING_LL_Sum_float",
                             "flash_fwd_kernel"};
    long long mem = 1'000'000'000;
    for (int step = 0; step < 3; ++step) {
        const long long t0 = step * 5'000'000LL; // µs
        x("user_annotation", "ProfilerStep#" + std::to_string(step), 1, 2, t0, 5'000'000);
        long long t = t0 + 10;
        while (t < t0 + 4'990'000) {
            const long long opDur = uni(2, 400);
            x("cpu_op", ops[uni(0, 4)], 1, 2, t, opDur);
            if (opDur > 20) {
                const long long inner = uni(1, int(opDur / 2));
                x("cpu_op", ops[uni(0, 4)], 1, 2, t + 1, inner);
                if (inner > 4)
                    x("cuda_runtime", "cudaLaunchKernel", 1, 2, t + 2, uni(0, int(inner - 3)));
            }
            if (uni(0, 9) == 0)
                x("cpu_op", "aten::empty", 1, 2, t + opDur, 0); // zero-length, at an end
            t += opDur + uni(0, 30) + (uni(0, 200) == 0 ? 40'000 : 0);
            if (uni(0, 4) == 0) {
                mem += uni(-1000, 1000) * 100'000LL;
                mem = std::max(mem, 100'000'000LL);
                s += ",\n{\"ph\": \"i\", \"cat\": \"cpu_instant_event\", \"name\": \"[memory]\", \"pid\": 1, \"tid\": 2, \"ts\": "
                    + std::to_string(t) + ", \"s\": \"t\", \"args\": {\"Device Type\": 1, \"Device Id\": 0, \"Total Allocated\": "
                    + std::to_string(mem) + ", \"Total Reserved\": " + std::to_string(mem + 500'000'000) + "}}";
            }
        }
        for (int stream : {7, 20}) {
            long long k = t0 + 100;
            while (k < t0 + 4'990'000) {
                const long long dur = uni(1, stream == 7 ? 120 : 900);
                s += ",\n{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"" + std::string(kernels[stream == 7 ? uni(0, 3) : 2])
                    + "\", \"pid\": 0, \"tid\": " + std::to_string(stream) + ", \"ts\": " + std::to_string(k) + ", \"dur\": "
                    + std::to_string(dur) + ", \"args\": {\"device\": 0, \"stream\": " + std::to_string(stream) + "}}";
                k += dur + uni(0, 20) + (uni(0, 100) == 0 ? 200'000 : 0);
            }
        }
    }
    s += "\n]}";
    return s;
}

} // namespace

class TestLevelOfDetail : public QObject
{
    Q_OBJECT

    std::shared_ptr<const Trace> m_synth;

    static std::shared_ptr<const Trace> trace(const QString &which, std::shared_ptr<const Trace> synth)
    {
        if (which == QLatin1String("synthetic"))
            return synth;
        return loadTrace(test::tracePath(which)).trace;
    }

private slots:
    void initTestCase()
    {
        m_synth = loadTrace(MappedSource::fromBytes(synthTrace(), QStringLiteral("synth.json"))).trace;
        QVERIFY(m_synth);
        QVERIFY2(m_synth->sliceCount() > 50'000, qPrintable(QString::number(m_synth->sliceCount())));
    }

    // Every answer of the Lod against the slices, at every end, one either side, and random times.
    void answersAreTheSlices()
    {
        const auto index = TraceViewIndex::build(*m_synth);
        std::mt19937 rng(7);
        bool farDur = false;
        std::size_t checked = 0;
        for (std::uint32_t ti = 0; ti < m_synth->tracks.size(); ++ti) {
            const Track &trk = m_synth->tracks[ti];
            for (const TraceViewIndex::DepthIndex &L : index->depths(ti)) {
                const std::size_t n = L.size();
                if (n == 0)
                    continue;
                // Sums over the slices themselves, as DensityStrip builds them without the Lod.
                std::vector<TimeNs> busy(n + 1, 0);
                std::vector<std::uint32_t> work(n + 1, 0);
                for (std::size_t k = 0; k < n; ++k) {
                    const std::uint32_t i = L.idx[k];
                    QCOMPARE(L.durOf(k, trk), trk.dur[i]);
                    QCOMPARE(L.startOf(k, trk), trk.start[i]);
                    farDur |= L.lod.dur[k] == TraceViewIndex::Lod::kFarDur;
                    const bool isWork = index->classifier().classOf(trk, i) != SliceClass::Annotation;
                    QCOMPARE(L.isWork(k), isWork);
                    busy[k + 1] = busy[k] + (isWork ? trk.dur[i] : 0);
                    work[k + 1] = work[k] + (isWork ? 1 : 0);
                }
                std::vector<TimeNs> times;
                for (std::size_t k = 0; k < n; k += 1 + n / 2000)
                    times.insert(times.end(), {L.end[k] - 1, L.end[k], L.end[k] + 1, trk.start[L.idx[k]]});
                const TimeNs lo = trk.start[L.idx[0]] - 1000, hi = L.end[n - 1] + 1000;
                for (int r = 0; r < 2000; ++r)
                    times.push_back(std::uniform_int_distribution<TimeNs>(lo, hi)(rng));
                for (TimeNs t : times) {
                    const std::size_t k = L.upper(t);
                    QCOMPARE(k, std::size_t(std::upper_bound(L.end.begin(), L.end.end(), t) - L.end.begin()));
                    TimeNs b = -1;
                    std::uint32_t w = 0;
                    L.sumsBefore(k, L.bucketOf(t), trk, &b, &w);
                    QCOMPARE(b, busy[k]);
                    QCOMPARE(w, work[k]);
                    // From another bucket than k's: the same sums.
                    L.sumsBefore(k, L.bucketOf(t + 3000), trk, &b, &w);
                    QCOMPARE(b, busy[k]);
                    ++checked;
                }
            }
        }
        QVERIFY(farDur); // the steps' 5 s do not fit the compact column: read back from the track
        QVERIFY(checked > 10'000);
        // Bounded: a few bytes per slice, well under the index's own start-order columns.
        QVERIFY2(index->lodBytes() < 8 * m_synth->sliceCount(), qPrintable(QString::number(index->lodBytes())));
    }

    void samePicture_data()
    {
        QTest::addColumn<QString>("which");
        QTest::addColumn<QString>("state");
        QTest::addColumn<QString>("pattern");
        for (const char *which : {"synthetic", "v100-memory-allreduce.json.gz"}) {
            for (const char *state : {"zoomed out", "1 %", "collapsed", "collapsed 1 %", "searched", "searched 1 %"})
                QTest::newRow(qPrintable(QStringLiteral("%1, %2").arg(QLatin1String(which), QLatin1String(state))))
                    << QString::fromLatin1(which) << QString::fromLatin1(state) << QStringLiteral("nccl");
        }
        QTest::newRow("v100, searched aten") << QStringLiteral("v100-memory-allreduce.json.gz") << QStringLiteral("searched")
                                             << QStringLiteral("aten::");
    }
    void samePicture()
    {
        QFETCH(QString, which);
        QFETCH(QString, state);
        QFETCH(QString, pattern);
        if (which != QLatin1String("synthetic")) {
            LANESCOPE_REQUIRE_TRACE(path, "v100-memory-allreduce.json.gz");
            Q_UNUSED(path);
        }
        const std::shared_ptr<const Trace> t = trace(which, m_synth);
        QVERIFY(t);
        Session session;
        session.setTrace(t, TraceViewIndex::build(*t));
        TimelineView v;
        v.setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        v.resize(1920, 1080);
        v.setSession(&session);
        v.show();
        QVERIFY(QTest::qWaitForWindowExposed(&v));
        if (state.startsWith(QLatin1String("collapsed")))
            for (int g = 0; g < int(v.laneLayout().groups().size()); ++g)
                v.setGroupCollapsed(g, true);
        std::size_t hits = 0;
        if (state.startsWith(QLatin1String("searched"))) {
            const SearchResult found = searchRuns({t.get()}, {session.base(0)}, pattern, false);
            hits = found.hits.size();
            QVERIFY(hits > 0);
            session.state()->setSearch(found.matches);
        }
        const double span = double(t->maxTs - t->minTs), mid = double(t->minTs) + span / 2;
        if (state.endsWith(QLatin1String("1 %")))
            v.setVisibleRange(mid, mid + span / 100);
        else
            v.fitAll();
        auto frame = [&](bool lod) {
            v.setLevelOfDetail(lod);
            QImage img(v.viewport()->size(), QImage::Format_ARGB32_Premultiplied);
            QPainter p(&img);
            v.renderTo(p, img.size());
            return img;
        };
        const QImage walked = frame(false), lod = frame(true);
        int differing = 0;
        for (int y = 0; y < lod.height(); ++y)
            for (int x = 0; x < lod.width(); ++x)
                differing += lod.pixel(x, y) != walked.pixel(x, y);
        QCOMPARE(differing, 0);
        // Something was drawn in the lanes (or the strips): the comparison is not of two blanks.
        QRect area = v.lanesRect();
        if (state.startsWith(QLatin1String("collapsed"))) {
            area = QRect();
            for (int g = 0; g < int(v.laneLayout().groups().size()) && area.isEmpty(); ++g)
                area = v.densityStripRect(g);
        }
        QVERIFY(!area.isEmpty());
        if (state.startsWith(QLatin1String("collapsed"))) {
            // The strip's bars: columns of several heights (busy fractions), not one flat band.
            QSet<int> heights;
            for (int x = area.left(); x <= area.right(); ++x) {
                int h = 0;
                for (int y = area.top(); y <= area.bottom(); ++y)
                    h += lod.pixel(x, y) != lod.pixel(area.left(), area.top());
                heights.insert(h);
            }
            QVERIFY2(heights.size() >= 3, qPrintable(QString::number(heights.size())));
        } else {
            QSet<QRgb> colours;
            for (int y = area.top(); y <= area.bottom(); y += 2)
                for (int x = area.left(); x <= area.right(); x += 3)
                    colours.insert(lod.pixel(x, y));
            QVERIFY2(colours.size() >= 3, qPrintable(QString::number(colours.size())));
        }
    }
};

QTEST_MAIN(TestLevelOfDetail)
#include "tst_levelofdetail.moc"
