// SPDX-License-Identifier: GPL-3.0-or-later
// "Annotate findings" on the synthetic FSDP baseline: one annotation per GEMM gap over
// the threshold and one per allocator spike on the memory curve (bursts of allocator calls, and
// allocate-and-free needles where there are any), each where the analysis put it (the gap's stream
// lane and interval, the curve at the spike), worded with the gap's length and cause ("16.7 ms idle: waiting for
// AllGather (stream 20)"), limited to a window when one is given. The expected counts are counted
// here from the analysis result and the memory series, not taken from the function under test.
#include "core/analysis/run/Analysis.h"
#include "core/analysis/measures/memory/MemorySpikes.h"
#include "core/annotations/AnnotationSet.h"
#include "core/annotations/Findings.h"
#include "core/annotations/LaneKey.h"
#include "core/parse/TraceLoader.h"
#include "core/synth/TraceSynth.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

using namespace lanescope;
using namespace lanescope::annotations;

namespace {

struct Baseline
{
    std::shared_ptr<Trace> trace;
    analysis::AnalysisResult result;
};

const Baseline &baseline()
{
    static Baseline b;
    static QTemporaryDir dir;
    if (b.trace)
        return b;
    synth::SynthConfig c;
    c.scenario = synth::Scenario::Baseline;
    const synth::SynthOutput out = synth::synthesize(c);
    const QString path = dir.filePath(QStringLiteral("fsdp-baseline.json"));
    QFile f(path);
    if (f.open(QIODevice::WriteOnly)) {
        f.write(out.traces.at(0).data(), qint64(out.traces.at(0).size()));
        f.close();
    }
    b.trace = loadTrace(path).trace;
    if (b.trace)
        b.result = analysis::analyze(*b.trace); // the defaults: GEMM gaps of 15 ms or more
    return b;
}

// Needles of every accelerator memory series and allocator bursts starting in w (empty: all),
// counted directly.
int spikesIn(const Trace &t, const analysis::AnalysisResult &r, analysis::TimeRange w)
{
    int n = 0;
    for (const MemorySeries &m : t.memory)
        if (isAcceleratorMemory(m.deviceType))
            for (const analysis::MemorySpike &s : analysis::findMemorySpikes(m))
                n += w.empty() || (s.start >= w.from && s.start < w.to);
    for (const analysis::AllocatorSpike &b : r.memory.spikes)
        n += w.empty() || (b.start >= w.from && b.start < w.to);
    return n;
}

int gapsIn(const analysis::AnalysisResult &r, analysis::TimeRange w)
{
    int n = 0;
    for (const analysis::Gap &g : r.gaps)
        n += w.empty() || (g.start < w.to && g.start + g.dur > w.from);
    return n;
}

} // namespace

class TestAnnotationsFindings : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(baseline().trace);
        // What the scenario was built to contain: serialized AllGathers and allocator churn.
        QVERIFY(baseline().result.gaps.size() > 100);
        QVERIFY(baseline().result.memory.spikes.size() > 100);
        qInfo("baseline: %d gaps, %d allocator bursts, %d memory findings", int(baseline().result.gaps.size()),
              int(baseline().result.memory.spikes.size()), spikesIn(*baseline().trace, baseline().result, {}));
    }

    void oneAnnotationPerGapWhereTheGapIs()
    {
        const Trace &t = *baseline().trace;
        const auto &gaps = baseline().result.gaps;
        FindingsOptions o;
        o.memorySpikes = false;
        o.allocatorBursts = false;
        const std::vector<Annotation> f = Findings::annotate(t, baseline().result, o);
        QCOMPARE(int(f.size()), int(gaps.size()));
        for (std::size_t i = 0; i < gaps.size(); ++i) {
            const analysis::Gap &g = gaps[i];
            const Annotation &a = f[i];
            QVERIFY(a.finding);
            QCOMPARE(a.kind, Kind::Rect);
            QCOMPARE(a.a.t, g.start - t.minTs);
            QCOMPARE(a.b.t, g.end() - t.minTs);
            QCOMPARE(a.a.lane, LaneKey::forTrack(t.tracks[g.track]));
            QCOMPARE(a.a.lane, QStringLiteral("gpu:%1:stream:%2").arg(g.device).arg(g.stream));
            QCOMPARE(a.b.lane, a.a.lane);
            QCOMPARE(a.b.y, double(t.tracks[g.track].maxDepth + 1)); // the whole lane's height
            // "16.7 ms idle: waiting for AllGather (stream 20)": length, the collective and the
            // stream it ran on, as the gap's evidence says.
            QVERIFY2(a.text.startsWith(Findings::formatDuration(g.dur) + QStringLiteral(" idle: ")), qPrintable(a.text));
            QCOMPARE(g.cause, analysis::GapCause::CommWait);
            QVERIFY(g.evidenceTrack >= 0);
            const QString stream = QString::number(t.tracks[std::size_t(g.evidenceTrack)].streamId());
            QCOMPARE(a.text, Findings::formatDuration(g.dur) + QStringLiteral(" idle: waiting for %1 (stream %2)").arg(g.collective, stream));
            QVERIFY2(g.evidence.contains(QStringLiteral("on stream ") + stream), qPrintable(g.evidence));
            QCOMPARE(a.color, Color::Blue);
        }
        // The case study's words: most gaps wait for an AllGather (the rest for a ReduceScatter).
        const auto allGathers = std::count_if(gaps.begin(), gaps.end(), [](const analysis::Gap &g) { return g.collective == QLatin1String("AllGather"); });
        QVERIFY(allGathers > 100);
        QCOMPARE(std::count_if(f.begin(), f.end(), [](const Annotation &a) { return a.text.contains(QStringLiteral("waiting for AllGather (stream ")); }),
                 allGathers);
        QCOMPARE(Findings::formatDuration(16'669'425), QStringLiteral("16.7 ms"));
        QCOMPARE(Findings::formatDuration(15'200'000), QStringLiteral("15.2 ms"));
    }

    void allocatorBurstsOnTheMemoryCurve()
    {
        const Trace &t = *baseline().trace;
        FindingsOptions o;
        o.gaps = false;
        o.memorySpikes = false;
        const std::vector<Annotation> f = Findings::annotate(t, baseline().result, o);
        const auto &bursts = baseline().result.memory.spikes;
        QCOMPARE(int(f.size()), int(bursts.size()));
        const MemorySeries *gpu = nullptr;
        for (const MemorySeries &m : t.memory)
            if (!gpu && isAcceleratorMemory(m.deviceType) && !m.samples.empty())
                gpu = &m;
        QVERIFY(gpu);
        for (std::size_t i = 0; i < f.size(); ++i) {
            QCOMPARE(f[i].kind, Kind::Callout);
            QVERIFY(f[i].finding);
            QCOMPARE(f[i].a.t, bursts[i].start - t.minTs);
            QCOMPARE(f[i].a.lane, LaneKey::memory(gpu->deviceId));
            // On the curve: the allocated total of the last sample at or before the burst.
            std::int64_t allocated = gpu->samples.front().allocated;
            for (const MemorySample &s : gpu->samples)
                if (s.ts <= bursts[i].start)
                    allocated = s.allocated;
            QCOMPARE(f[i].a.y, double(allocated));
            QCOMPARE(f[i].text, QStringLiteral("allocator: %1 cudaMalloc, %2 cudaFree, %3 on the CPU")
                                    .arg(bursts[i].mallocs)
                                    .arg(bursts[i].frees)
                                    .arg(Findings::formatDuration(bursts[i].cpuTime)));
        }
    }

    // The needles of MemorySpikes.h (the baseline has none above its threshold): a series with one.
    void needleOnTheMemoryCurve()
    {
        Trace t;
        t.minTs = 1'000'000;
        MemorySeries m;
        m.deviceType = 1;
        m.deviceId = 2;
        const std::int64_t gb = 1'000'000'000;
        m.samples = {{1'000'000, gb, gb, 2 * gb}, {2'000'000, 2 * gb, 3 * gb, 4 * gb}, {2'500'000, -2 * gb, gb, 4 * gb}};
        t.memory.push_back(m);
        const std::vector<analysis::MemorySpike> needles = analysis::findMemorySpikes(t.memory[0]);
        QCOMPARE(int(needles.size()), 1);
        const std::vector<Annotation> f = Findings::annotate(t, analysis::AnalysisResult());
        QCOMPARE(int(f.size()), 1);
        QCOMPARE(f[0].a.lane, QStringLiteral("memory:2"));
        QCOMPARE(f[0].a.t, TimeNs(1'000'000));
        QCOMPARE(f[0].a.y, double(3 * gb)); // the needle's top
        QCOMPARE(f[0].text, QStringLiteral("1.86 GiB allocated and freed within 500 µs"));
        QCOMPARE(f[0].color, Color::Red);
    }

    void window_data()
    {
        QTest::addColumn<qint64>("fromUs"); // relative to the first event; -1: no window
        QTest::addColumn<qint64>("toUs");
        QTest::newRow("whole trace") << qint64(-1) << qint64(-1);
        QTest::newRow("the first gap and a little") << qint64(73000) << qint64(100000);
        QTest::newRow("second step") << qint64(3915910) << qint64(7825632);
        QTest::newRow("one second") << qint64(5000000) << qint64(6000000);
        QTest::newRow("before the first gap") << qint64(0) << qint64(1000);
        QTest::newRow("past the end") << qint64(900000000) << qint64(900001000);
    }
    void window()
    {
        QFETCH(qint64, fromUs);
        QFETCH(qint64, toUs);
        const Trace &t = *baseline().trace;
        FindingsOptions o;
        if (fromUs >= 0)
            o.window = {t.minTs + fromUs * 1000, t.minTs + toUs * 1000};
        const int gaps = gapsIn(baseline().result, o.window), spikes = spikesIn(t, baseline().result, o.window);
        const std::vector<Annotation> f = Findings::annotate(t, baseline().result, o);
        QCOMPARE(int(f.size()), gaps + spikes);
        QCOMPARE(int(std::count_if(f.begin(), f.end(), [](const Annotation &a) { return a.kind == Kind::Rect; })), gaps);
        if (fromUs < 0)
            QCOMPARE(gaps, int(baseline().result.gaps.size()));
        if (QByteArray(QTest::currentDataTag()) == "the first gap and a little")
            QCOMPARE(gaps, 1);
        if (QByteArray(QTest::currentDataTag()) == "before the first gap" || QByteArray(QTest::currentDataTag()) == "past the end")
            QCOMPARE(gaps, 0);
        for (const Annotation &a : f) {
            if (o.window.empty())
                break;
            if (a.kind == Kind::Rect)
                QVERIFY(a.a.t + t.minTs < o.window.to && a.b.t + t.minTs > o.window.from);
            else
                QVERIFY(o.window.contains(a.a.t + t.minTs));
        }
    }

    void runAgainAddsNothing()
    {
        const Trace &t = *baseline().trace;
        AnnotationSet set;
        const std::vector<Annotation> f = Findings::annotate(t, baseline().result);
        QCOMPARE(set.addFindings(f), int(f.size()));
        QCOMPARE(set.addFindings(f), 0);
        QCOMPARE(set.size(), int(f.size()));
    }

    void causesAreWorded_data()
    {
        QTest::addColumn<int>("cause");
        QTest::addColumn<QString>("words");
        QTest::newRow("host launch") << int(analysis::GapCause::HostLaunch) << QStringLiteral("20.0 ms idle: the CPU launched the next kernel late");
        QTest::newRow("allocator") << int(analysis::GapCause::Allocator) << QStringLiteral("20.0 ms idle: allocator calls");
        QTest::newRow("data loader") << int(analysis::GapCause::DataLoader) << QStringLiteral("20.0 ms idle: waiting for the data loader");
        QTest::newRow("sync") << int(analysis::GapCause::Sync) << QStringLiteral("20.0 ms idle: the CPU synchronised");
        QTest::newRow("other") << int(analysis::GapCause::Other) << QStringLiteral("20.0 ms idle: no cause in the trace");
        QTest::newRow("collective without evidence") << int(analysis::GapCause::CommWait) << QStringLiteral("20.0 ms idle: waiting for ReduceScatter");
    }
    void causesAreWorded()
    {
        QFETCH(int, cause);
        QFETCH(QString, words);
        analysis::Gap g;
        g.cause = analysis::GapCause(cause);
        g.dur = 20'000'000;
        g.collective = QStringLiteral("ReduceScatter");
        const Annotation a = Findings::forGap(*baseline().trace, g);
        QVERIFY2(a.text.startsWith(words), qPrintable(a.text));
    }
};

QTEST_GUILESS_MAIN(TestAnnotationsFindings)
#include "tst_annotations_findings.moc"
