// SPDX-License-Identifier: GPL-3.0-or-later
// Memory by owner (core/analysis/measures/memory_owners/MemoryOwners): allocations paired with their frees by address on
// small hand-made traces (reuse of an address, a free of a block from before the trace, a block
// never freed, two devices, 2021's "Bytes" without addresses, the owner op under aten::empty, the
// phases), and on the real V100 trace and the synthetic baseline: the bytes alive at the peak,
// summed over owners, are the peak the memory curve shows, and every surface says the same peak.
#include "tests/CliRun.h"
#include "tests/TestTraces.h"

#include "core/analysis/run/Analysis.h"
#include "core/analysis/measures/memory_owners/MemoryOwners.h"
#include "core/io/MappedSource.h"
#include "core/parse/TraceLoader.h"
#include "core/synth/TraceSynth.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <climits>
#include <string>

using namespace lanescope;
using namespace lanescope::analysis;

namespace {

// A [memory] event: "mem(ts, tid, device, addr, bytes, total)"; addr 0 writes no "Addr" and
// total < 0 no "Total Allocated" (2021 Kineto).
std::string mem(int ts, int tid, int device, long long addr, long long bytes, long long total)
{
    std::string s = R"({"ph":"i","cat":"cpu_instant_event","s":"t","name":"[memory]","pid":1,"tid":)" + std::to_string(tid)
        + R"(,"ts":)" + std::to_string(ts) + R"(,"args":{"Device Type":1,"Device Id":)" + std::to_string(device);
    if (addr)
        s += R"(,"Addr":)" + std::to_string(addr);
    s += R"(,"Bytes":)" + std::to_string(bytes);
    if (total >= 0)
        s += R"(,"Total Allocated":)" + std::to_string(total) + R"(,"Total Reserved":1000000)";
    return s + "}}";
}
std::string op(const char *name, int ts, int dur, int tid = 1, const char *cat = "cpu_op")
{
    return std::string(R"({"ph":"X","cat":")") + cat + R"(","name":")" + name + R"(","pid":1,"tid":)" + std::to_string(tid)
        + R"(,"ts":)" + std::to_string(ts) + R"(,"dur":)" + std::to_string(dur) + "}";
}
std::string trace(std::initializer_list<std::string> events)
{
    std::string s = R"({"schemaVersion":1,"traceEvents":[)";
    bool first = true;
    for (const std::string &e : events) {
        s += (first ? "" : ",") + e;
        first = false;
    }
    return s + "]}";
}

// "op:bytes:count" per row, in the rows' order.
QString rowsText(const std::vector<MemoryOwnerRow> &rows)
{
    QStringList out;
    for (const MemoryOwnerRow &r : rows)
        out << QStringLiteral("%1:%2:%3").arg(r.key()).arg(r.bytes).arg(r.count);
    return out.join(QLatin1Char(';'));
}

std::int64_t sumBytes(const std::vector<MemoryOwnerRow> &rows)
{
    std::int64_t n = 0;
    for (const MemoryOwnerRow &r : rows)
        n += r.bytes;
    return n;
}

} // namespace

class TestMemoryOwners : public QObject
{
    Q_OBJECT
private slots:
    void pairing_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<qint64>("peak");
        QTest::addColumn<int>("device");
        QTest::addColumn<QString>("alive");       // alive at the peak
        QTest::addColumn<qint64>("paired");
        QTest::addColumn<qint64>("neverFreedCount");
        QTest::addColumn<qint64>("neverFreedBytes");
        QTest::addColumn<qint64>("unmatchedFrees");
        QTest::addColumn<QString>("top");         // top allocators

        // A at 0x1000 allocated by aten::mm, freed, then reused by aten::add and never freed.
        // The baseline is 1000 bytes held from before the trace.
        QTest::newRow("address reuse")
            << QByteArray::fromStdString(trace({op("aten::mm", 5, 10), mem(10, 1, 0, 4096, 100, 1100), mem(20, 1, 0, 4096, -100, 1000),
                                                op("aten::add", 25, 10), mem(30, 1, 0, 4096, 200, 1200)}))
            << qint64(1200) << 0 << QStringLiteral("[before trace]:1000:0;aten::add:200:1") << qint64(1) << qint64(1)
            << qint64(200) << qint64(0) << QStringLiteral("aten::add:200:1;aten::mm:100:1");
        // A block from before the trace freed (unmatched): the baseline shrinks by it before the
        // peak; aten::cat's block is alive at the peak.
        QTest::newRow("unmatched free")
            << QByteArray::fromStdString(trace({mem(10, 1, 0, 8192, -64, 936), op("aten::cat", 15, 10), mem(20, 1, 0, 4096, 500, 1436),
                                                mem(40, 1, 0, 4096, -500, 936)}))
            << qint64(1436) << 0 << QStringLiteral("[before trace]:936:0;aten::cat:500:1") << qint64(1) << qint64(0)
            << qint64(0) << qint64(1) << QStringLiteral("aten::cat:500:1");
        // Two devices with the same addresses: pairs stay per device; the peak is device 1's.
        QTest::newRow("two devices")
            << QByteArray::fromStdString(trace({op("aten::mm", 5, 40), mem(10, 1, 0, 4096, 300, 300), mem(11, 1, 1, 4096, 700, 700),
                                                mem(20, 1, 0, 4096, -300, 0), mem(30, 1, 1, 8192, 100, 800),
                                                mem(35, 1, 1, 4096, -700, 100)}))
            << qint64(800) << 1 << QStringLiteral("aten::mm:800:2") << qint64(2) << qint64(1) << qint64(100) << qint64(0)
            << QStringLiteral("aten::mm:1100:3");
        // The owner is the op that wanted the block, not aten::empty under it; aten::empty alone
        // owns its block; outside every op: no op.
        QTest::newRow("owner under aten::empty")
            << QByteArray::fromStdString(trace({op("aten::linear", 5, 20), op("aten::empty", 8, 4), mem(10, 1, 0, 4096, 256, 256),
                                                op("aten::empty", 30, 4), mem(31, 1, 0, 8192, 512, 768), mem(40, 1, 0, 12288, 1024, 1792)}))
            << qint64(1792) << 0 << QStringLiteral("[no op]:1024:1;aten::empty:512:1;aten::linear:256:1") << qint64(0)
            << qint64(3) << qint64(1792) << qint64(0) << QStringLiteral("[no op]:1024:1;aten::empty:512:1;aten::linear:256:1");
        // 2021 Kineto: "Bytes" only, no addresses: the ops that allocate, nothing paired or alive.
        QTest::newRow("bytes only")
            << QByteArray::fromStdString(trace({op("aten::mm", 5, 40), mem(10, 1, 0, 0, 300, -1), mem(20, 1, 0, 0, -300, -1),
                                                mem(30, 1, 0, 0, 100, -1)}))
            << qint64(300) << 0 << QString() << qint64(0) << qint64(0) << qint64(0) << qint64(0)
            << QStringLiteral("aten::mm:400:2");
    }
    void pairing()
    {
        QFETCH(QByteArray, json);
        QFETCH(qint64, peak);
        QFETCH(int, device);
        QFETCH(QString, alive);
        QFETCH(qint64, paired);
        QFETCH(qint64, neverFreedCount);
        QFETCH(qint64, neverFreedBytes);
        QFETCH(qint64, unmatchedFrees);
        QFETCH(QString, top);
        const LoadResult r = loadTrace(MappedSource::fromBytes(json.toStdString(), QStringLiteral("mem")));
        QVERIFY2(r.trace, qPrintable(r.error));
        const MemorySummary sum = memorySummary(*r.trace);
        const MemoryOwners m = memoryOwners(*r.trace, sum, findSteps(*r.trace));
        QCOMPARE(m.peakBytes, peak);
        QCOMPARE(m.device, device);
        QCOMPARE(rowsText(m.aliveAtPeak), alive);
        QCOMPARE(m.paired, paired);
        QCOMPARE(m.neverFreedCount, neverFreedCount);
        QCOMPARE(m.neverFreedBytes, neverFreedBytes);
        QCOMPARE(m.unmatchedFrees, unmatchedFrees);
        QCOMPARE(rowsText(m.topAllocators), top);
        if (m.addresses)
            QCOMPARE(sumBytes(m.aliveAtPeak), sum.peakAllocated);
    }

    // 15 allocations of 2^63 - 1 bytes (a damaged trace) are no allocations: left out and counted,
    // with a warning; the 100 real bytes are what every sum says, never a wrapped figure.
    void implausibleSizesLeftOut()
    {
        std::vector<std::string> events{op("aten::mm", 5, 100)};
        for (int k = 0; k < 15; ++k)
            events.push_back(mem(10 + k, 1, 0, 4096 * (k + 2), INT64_MAX, 100));
        events.push_back(mem(50, 1, 0, 4096, 100, 100));
        std::string json = R"({"schemaVersion":1,"traceEvents":[)";
        for (std::size_t k = 0; k < events.size(); ++k)
            json += (k ? "," : "") + events[k];
        json += "]}";
        const LoadResult r = loadTrace(MappedSource::fromBytes(json, QStringLiteral("mem")));
        QVERIFY2(r.trace, qPrintable(r.error));
        const MemoryOwners m = memoryOwners(*r.trace, memorySummary(*r.trace), findSteps(*r.trace));
        QCOMPARE(m.implausibleSizes, std::int64_t(15));
        QCOMPARE(m.allocations, std::int64_t(1));
        QCOMPARE(rowsText(m.topAllocators), QStringLiteral("aten::mm:100:1"));
        std::int64_t phases = 0;
        for (std::int64_t b : m.phaseAllocatedBytes)
            phases += b;
        QCOMPARE(phases, std::int64_t(100));
        QCOMPARE(m.neverFreedBytes, std::int64_t(100));
        QVERIFY(!m.saturated);
        const QStringList w = memoryOwnersWarnings(m);
        QCOMPARE(w.size(), 1);
        QVERIFY2(w.front().contains(QStringLiteral("left out of the memory owners: 15 ")), qPrintable(w.front()));
        // The analysis carries the warning.
        QVERIFY(analyze(*r.trace).warnings.contains(w.front()));
    }

    // Plausible sizes that add up past what 64 bits hold: the sums stop at INT64_MAX and say so.
    void sumsSaturate()
    {
        std::string json = R"({"schemaVersion":1,"traceEvents":[)" + op("aten::mm", 5, 100000);
        const int n = 8200; // 8200 x 2^50 > 2^63
        for (int k = 0; k < n; ++k)
            json += "," + mem(10 + k, 1, 0, 4096 * (k + 1), kMaxAllocationBytes, 1000);
        json += "]}";
        const LoadResult r = loadTrace(MappedSource::fromBytes(json, QStringLiteral("mem")));
        QVERIFY2(r.trace, qPrintable(r.error));
        const MemoryOwners m = memoryOwners(*r.trace, memorySummary(*r.trace), findSteps(*r.trace));
        QCOMPARE(m.implausibleSizes, std::int64_t(0));
        QCOMPARE(m.allocations, std::int64_t(n));
        QVERIFY(m.saturated);
        QCOMPARE(m.topAllocators.front().bytes, std::int64_t(INT64_MAX));
        QCOMPARE(m.neverFreedBytes, std::int64_t(INT64_MAX));
        QVERIFY(!memoryOwnersWarnings(m).isEmpty());
    }

    // Forward, backward (on the autograd thread, or under evaluate_function), optimizer and
    // FSDP's all-gather by the ranges around each allocation; outside every step: other.
    void phases()
    {
        const std::string json = trace({
            op("ProfilerStep#1", 0, 100, 1, "user_annotation"),
            op("aten::mm", 5, 10), mem(10, 1, 0, 4096, 100, 100), // forward
            op("FSDP::all_gather", 20, 10, 1, "user_annotation"), op("aten::empty", 22, 4), mem(23, 1, 0, 8192, 1000, 1100),
            op("autograd::engine::evaluate_function: MmBackward0", 40, 10, 2), op("aten::mm", 42, 5, 2),
            mem(44, 2, 0, 12288, 10, 1110), // backward: the autograd thread (no ProfilerStep on it)
            op("Optimizer.step#SGD.step", 60, 20, 1, "user_annotation"), op("aten::add", 62, 5), mem(64, 1, 0, 16384, 7, 1117),
            op("aten::mul", 150, 10), mem(155, 1, 0, 20480, 3, 1120) // after the step: other
        });
        const LoadResult r = loadTrace(MappedSource::fromBytes(json, QStringLiteral("phases")));
        QVERIFY2(r.trace, qPrintable(r.error));
        const MemorySummary sum = memorySummary(*r.trace);
        const MemoryOwners m = memoryOwners(*r.trace, sum, findSteps(*r.trace));
        auto at = [&](MemoryPhase p) { return m.phaseAllocatedBytes[std::size_t(p)]; };
        QCOMPARE(at(MemoryPhase::Forward), qint64(100));
        QCOMPARE(at(MemoryPhase::FsdpAllGather), qint64(1000));
        QCOMPARE(at(MemoryPhase::Backward), qint64(10));
        QCOMPARE(at(MemoryPhase::Optimizer), qint64(7));
        QCOMPARE(at(MemoryPhase::Other), qint64(3));
        QCOMPARE(rowsText(m.aliveAtPeak), QStringLiteral("aten::empty:1000:1;aten::mm:110:2;aten::add:7:1;aten::mul:3:1"));
        // The band's curve: at the last sample each phase holds its bytes, and the stack is the total.
        const std::vector<MemoryPhaseCurve> curves = memoryPhaseCurves(*r.trace, findSteps(*r.trace));
        QCOMPARE(curves.size(), std::size_t(1));
        const auto alive = curves[0].aliveAfter(curves[0].phase.size() - 1);
        QCOMPARE(alive[std::size_t(MemoryPhase::FsdpAllGather)], qint64(1000));
        QCOMPARE(alive[std::size_t(MemoryPhase::Backward)], qint64(10));
        QCOMPARE(alive[std::size_t(MemoryPhase::BeforeTrace)], qint64(0));
    }

    // The real trace: every block paired, the peak's owners add up to the peak the curve shows,
    // and the phase curve at the peak matches the owners' phases.
    void v100()
    {
        LANESCOPE_REQUIRE_TRACE(path, "v100-memory-allreduce.json.gz");
        const LoadResult r = loadTrace(path);
        QVERIFY2(r.trace, qPrintable(r.error));
        const AnalysisResult a = analyze(*r.trace);
        const MemoryOwners &m = a.memoryOwners;
        QVERIFY(m.addresses);
        QVERIFY(m.peakBytes > 0);
        QCOMPARE(m.peakBytes, a.memory.peakAllocated);
        QVERIFY(a.figures.peakAllocatedBytes);
        QCOMPARE(double(m.peakBytes), *a.figures.peakAllocatedBytes); // one figure, one computation
        QCOMPARE(sumBytes(m.aliveAtPeak), a.memory.peakAllocated);
        std::int64_t phases = 0;
        for (std::int64_t b : m.phaseAtPeak)
            phases += b;
        QCOMPARE(phases, m.peakBytes);
        QVERIFY(m.phaseAtPeak[std::size_t(MemoryPhase::Forward)] > 0);
        QVERIFY(m.phaseAtPeak[std::size_t(MemoryPhase::Backward)] > 0);
        QVERIFY(m.phaseAtPeak[std::size_t(MemoryPhase::BeforeTrace)] > 0); // parameters: held before it began
        QCOMPARE(m.paired + m.neverFreedCount, m.allocations);
        QVERIFY(!m.topAllocators.empty());
        for (std::size_t k = 1; k < m.topAllocators.size(); ++k)
            QVERIFY(m.topAllocators[k - 1].bytes >= m.topAllocators[k].bytes);

        const std::vector<MemoryPhaseCurve> curves = memoryPhaseCurves(*r.trace, a.steps);
        const MemoryPhaseCurve *c = nullptr;
        for (const MemoryPhaseCurve &x : curves)
            if (x.device == m.device)
                c = &x;
        QVERIFY(c);
        std::size_t peak = 0;
        while (c->series->samples[peak].allocated != m.peakBytes)
            ++peak;
        const auto alive = c->aliveAfter(peak);
        for (int k = 0; k < kMemoryPhases; ++k)
            QCOMPARE(alive[std::size_t(k)], m.phaseAtPeak[std::size_t(k)]);
    }

    // The CLI says the same peak in "memory" and "memory_owners", and its owners add up to it.
    void cliSurfaces()
    {
        LANESCOPE_REQUIRE_TRACE(path, "v100-memory-allreduce.json.gz");
        const test::CliRun run = test::runCli({QStringLiteral("analyze"), path, QStringLiteral("--json"), QStringLiteral("--top"), QStringLiteral("3")});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(run.out).object();
        const QJsonObject mo = o.value(QStringLiteral("memory_owners")).toObject();
        const double peak = o.value(QStringLiteral("memory")).toObject().value(QStringLiteral("peak_allocated_bytes")).toDouble();
        QVERIFY(peak > 0);
        QCOMPARE(mo.value(QStringLiteral("peak_bytes")).toDouble(), peak);
        double alive = 0;
        for (const QJsonValue &v : mo.value(QStringLiteral("alive_at_peak")).toArray())
            alive += v.toObject().value(QStringLiteral("bytes")).toDouble();
        QCOMPARE(alive, peak);
        QVERIFY(mo.value(QStringLiteral("never_freed_bytes")).isDouble());
        QCOMPARE(mo.value(QStringLiteral("top_allocators")).toArray().size(), 3);
    }

    // The synthetic baseline: its facts name the peak's owners, and we find exactly those.
    void synthBaseline()
    {
        synth::SynthConfig c;
        c.scenario = synth::Scenario::Baseline;
        const synth::SynthOutput out = synth::synthesize(c);
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("baseline.json"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(out.traces.at(0).data(), qint64(out.traces.at(0).size()));
        f.close();
        const LoadResult r = loadTrace(file);
        QVERIFY2(r.trace, qPrintable(r.error));
        const QJsonObject facts = QJsonDocument::fromJson(QByteArray::fromStdString(out.facts))
                                      .object().value(QStringLiteral("ranks")).toArray().at(0).toObject()
                                      .value(QStringLiteral("memory_owners")).toObject();
        QVERIFY(!facts.isEmpty());
        const AnalysisResult a = analyze(*r.trace);
        const MemoryOwners &m = a.memoryOwners;
        QCOMPARE(double(m.peakBytes), facts.value(QStringLiteral("peak_bytes")).toDouble());
        QCOMPARE(sumBytes(m.aliveAtPeak), a.memory.peakAllocated);
        QMap<QString, QPair<double, double>> want, got;
        for (const QJsonValue &v : facts.value(QStringLiteral("alive_at_peak")).toArray()) {
            const QJsonObject row = v.toObject();
            want[row.value(QStringLiteral("op")).toString()] = {row.value(QStringLiteral("bytes")).toDouble(),
                                                                row.value(QStringLiteral("count")).toDouble()};
        }
        for (const MemoryOwnerRow &row : m.aliveAtPeak)
            got[row.key()] = {double(row.bytes), double(row.count)};
        QVERIFY(!want.isEmpty());
        QCOMPARE(got, want);
    }
};

QTEST_GUILESS_MAIN(TestMemoryOwners)
#include "tst_memoryowners.moc"
