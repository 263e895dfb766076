// SPDX-License-Identifier: GPL-3.0-or-later
// PyTorch memory snapshots (core/memsnap) against the truth of the generator that wrote them
// (tests/tools/make_memory_snapshot.py, an allocator model): peaks, segment_alloc/free counts,
// the end state, every fragmentation event, the OOM, the stacks alive at the peak; the same
// across pickle protocols 2 to 5 and with the trace cut to a window; a snapshot lined up with the
// synthetic trace it was made for (and not with another); `lanescope-cli memory --json`.
#include "core/memsnap/MemorySnapshot.h"
#include "core/memsnap/SnapshotAlign.h"
#include "core/memsnap/SnapshotAnalysis.h"
#include "core/model/Trace.h"
#include "core/parse/TraceLoader.h"

#include "tests/CliRun.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>

using namespace lanescope;
using namespace lanescope::memsnap;

namespace {

const QString kGenerator = QStringLiteral(LANESCOPE_SOURCE_DIR "/tests/tools/make_memory_snapshot.py");

QString python() { return QStandardPaths::findExecutable(QStringLiteral("python3")); }

// Runs the generator; false (with a QTest failure message) if it did not write both files.
bool generate(const QStringList &args, QString *error)
{
    QProcess p;
    p.start(python(), QStringList{kGenerator} + args);
    if (!p.waitForFinished(300000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        *error = QString::fromUtf8(p.readAllStandardError());
        return false;
    }
    return true;
}

QJsonObject readJson(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

std::int64_t num(const QJsonValue &v) { return std::int64_t(v.toDouble()); }

// Every figure of one device against the truth.
void compareWithTruth(const MemorySnapshot &snap, const SnapshotAnalysis &a, const QJsonObject &truth)
{
    const QJsonObject t = truth.value(QStringLiteral("devices")).toArray().at(0).toObject();
    QCOMPARE(a.devices.size(), std::size_t(1));
    const DeviceHistory &h = a.devices.front();
    QCOMPARE(h.device, 0);
    QVERIFY(!h.inconsistent);
    QCOMPARE(std::int64_t(h.entries), num(t[QStringLiteral("entries")]));
    QCOMPARE(h.peakAllocated, num(t[QStringLiteral("peak_allocated_bytes")]));
    QCOMPARE(h.peakReserved, num(t[QStringLiteral("peak_reserved_bytes")]));
    QCOMPARE(std::int64_t(h.segmentAllocs), num(t[QStringLiteral("segment_allocs")]));
    QCOMPARE(std::int64_t(h.segmentFrees), num(t[QStringLiteral("segment_frees")]));
    QCOMPARE(std::int64_t(snap.segments.size()), num(t[QStringLiteral("segments")]));
    QCOMPARE(std::int64_t(snap.blocks.size()), num(t[QStringLiteral("blocks")]));

    const QJsonArray frag = t[QStringLiteral("fragmentation_events")].toArray();
    QCOMPARE(std::int64_t(h.fragmentation.size()), std::int64_t(frag.size()));
    for (int i = 0; i < frag.size(); ++i) {
        const QJsonObject f = frag[i].toObject();
        const FragmentationEvent &e = h.fragmentation[std::size_t(i)];
        QCOMPARE(e.timeUs, num(f[QStringLiteral("time_us")]));
        QCOMPARE(e.requested, num(f[QStringLiteral("requested")]));
        QCOMPARE(e.freeInCache, num(f[QStringLiteral("free_in_cache")]));
        QCOMPARE(e.largestFreeBlock, num(f[QStringLiteral("largest_free_block")]));
        QCOMPARE(e.reserved, num(f[QStringLiteral("reserved")]));
        QCOMPARE(e.allocated, num(f[QStringLiteral("allocated")]));
    }
    const QJsonArray ooms = t[QStringLiteral("ooms")].toArray();
    QCOMPARE(std::int64_t(h.ooms.size()), std::int64_t(ooms.size()));
    for (int i = 0; i < ooms.size(); ++i) {
        const QJsonObject o = ooms[i].toObject();
        QCOMPARE(h.ooms[std::size_t(i)].requested, num(o[QStringLiteral("requested")]));
        QCOMPARE(h.ooms[std::size_t(i)].reserved, num(o[QStringLiteral("reserved")]));
        QCOMPARE(h.ooms[std::size_t(i)].allocated, num(o[QStringLiteral("allocated")]));
    }

    // Alive at the peak, by stack: the same groups (bytes, count), the largest first.
    const QJsonArray top = t[QStringLiteral("top_stacks_at_peak")].toArray();
    const std::vector<StackGroup> groups = aliveAtPeak(h);
    QCOMPARE(std::int64_t(groups.size()), std::int64_t(top.size()));
    std::vector<std::pair<std::int64_t, std::int64_t>> want, got;
    for (const QJsonValue &g : top)
        want.emplace_back(num(g[QStringLiteral("bytes")]), num(g[QStringLiteral("count")]));
    for (const StackGroup &g : groups)
        got.emplace_back(g.bytes, g.count);
    std::sort(want.begin(), want.end());
    std::sort(got.begin(), got.end());
    QVERIFY(want == got);
    if (!groups.empty()) {
        QCOMPARE(groups.front().bytes, num(top[0][QStringLiteral("bytes")]));
        const QString fn = top[0][QStringLiteral("function")].toString();
        QVERIFY2(snap.stackSummary(groups.front().stack).startsWith(fn + QLatin1String(" (train.py:")),
                 qPrintable(snap.stackSummary(groups.front().stack)));
    }
}

} // namespace

class TestMemsnap : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir dir;

private slots:
    void initTestCase()
    {
        if (python().isEmpty())
            QSKIP("python3 not found: the snapshot generator cannot run (tests/tools/make_memory_snapshot.py)");
        QVERIFY(dir.isValid());
    }

    void figuresMatchTheAllocatorModel_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("minFragmentation");
        QTest::addColumn<int>("maxFragmentation");
        const QString s = QStringLiteral("--scenario");
        QTest::newRow("prefetch p4") << QStringList{s, QStringLiteral("fsdp-prefetch")} << 1 << 1000000;
        QTest::newRow("prefetch p2") << QStringList{s, QStringLiteral("fsdp-prefetch"), QStringLiteral("--protocol"), QStringLiteral("2")} << 1 << 1000000;
        QTest::newRow("prefetch p3") << QStringList{s, QStringLiteral("fsdp-prefetch"), QStringLiteral("--protocol"), QStringLiteral("3")} << 1 << 1000000;
        QTest::newRow("prefetch p5") << QStringList{s, QStringLiteral("fsdp-prefetch"), QStringLiteral("--protocol"), QStringLiteral("5")} << 1 << 1000000;
        QTest::newRow("prefetch seed 7") << QStringList{s, QStringLiteral("fsdp-prefetch"), QStringLiteral("--seed"), QStringLiteral("7")} << 1 << 1000000;
        QTest::newRow("tuned") << QStringList{s, QStringLiteral("fsdp-tuned")} << 0 << 0; // max_split_size_mb: no fragmentation
        // PyTorch keeps the last max_entries actions: the state before them comes from the end state.
        QTest::newRow("prefetch window") << QStringList{s, QStringLiteral("fsdp-prefetch"), QStringLiteral("--max-entries"), QStringLiteral("1500")} << 1 << 1000000;
    }
    void figuresMatchTheAllocatorModel()
    {
        QFETCH(QStringList, args);
        QFETCH(int, minFragmentation);
        QFETCH(int, maxFragmentation);
        const QString out = dir.filePath(QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('_'))
                                         + QStringLiteral(".pickle"));
        QString err;
        QVERIFY2(generate(QStringList{out} + args, &err), qPrintable(err));
        const SnapshotResult r = openSnapshot(out);
        QVERIFY2(r.snapshot, qPrintable(r.error));
        QVERIFY2(r.snapshot->warnings.isEmpty(), qPrintable(r.snapshot->warnings.join(QLatin1Char('\n'))));
        const QJsonObject truth = readJson(out + QStringLiteral(".truth.json"));
        QCOMPARE(r.snapshot->pickleProtocol, truth[QStringLiteral("protocol")].toInt());
        QVERIFY(r.snapshot->hasTimes);
        QVERIFY(r.snapshot->hasRequestedSizes);
        QVERIFY(r.snapshot->settings.present);
        const SnapshotAnalysis a = analyzeSnapshot(*r.snapshot);
        QVERIFY2(a.warnings.isEmpty(), qPrintable(a.warnings.join(QLatin1Char('\n'))));
        compareWithTruth(*r.snapshot, a, truth);
        QVERIFY(int(a.devices.front().fragmentation.size()) >= minFragmentation);
        QVERIFY(int(a.devices.front().fragmentation.size()) <= maxFragmentation);
        // The curve ends where the end state is: allocated = the live blocks' requested bytes.
        std::int64_t live = 0, reserved = 0;
        for (const Segment &s : r.snapshot->segments)
            reserved += s.totalSize;
        for (const Block &b : r.snapshot->blocks)
            if (b.state == BlockState::ActiveAllocated)
                live += b.requestedSize;
        QCOMPARE(a.devices.front().curve.back().allocated, live);
        QCOMPARE(a.devices.front().curve.back().reserved, reserved);
    }

    // The segment map at a moment: every live allocation inside a live segment, the free bytes
    // the rest.
    void segmentMapIsConsistent()
    {
        const QString out = dir.filePath(QStringLiteral("map.pickle"));
        QString err;
        QVERIFY2(generate({out}, &err), qPrintable(err));
        const SnapshotResult r = openSnapshot(out);
        QVERIFY(r.snapshot);
        const SnapshotAnalysis a = analyzeSnapshot(*r.snapshot);
        const DeviceHistory &h = a.devices.front();
        for (std::uint32_t pos : {std::uint32_t(0), h.peakAllocatedPos, h.peakReservedPos, h.entries / 2, h.entries}) {
            const std::vector<SegmentState> state = stateAtPosition(h, pos);
            std::int64_t reserved = 0, inside = 0;
            for (const SegmentState &s : state) {
                reserved += s.segment.size;
                for (const AllocationSpan &al : s.allocations) {
                    QVERIFY(al.addr >= s.segment.addr);
                    QVERIFY(al.addr + std::uint64_t(al.size) <= s.segment.addr + std::uint64_t(s.segment.size));
                    inside += al.size;
                }
                QVERIFY(s.largestFree <= s.freeBytes);
                QVERIFY(s.freeBytes <= s.segment.size);
            }
            // The curve's point at that position.
            auto it = std::find_if(h.curve.rbegin(), h.curve.rend(), [&](const MemoryPoint &p) { return p.position <= pos; });
            QVERIFY(it != h.curve.rend());
            QCOMPARE(reserved, it->reserved);
            QCOMPARE(inside, it->allocated);
            QCOMPARE(std::int64_t(aliveByStackAt(h, pos).size()) > 0, inside > 0);
        }
        // Each fragmentation event's request went to a segment made for it.
        for (const SegmentEvent &e : h.segmentEvents)
            if (e.malloc())
                QVERIFY(e.requestSize > 0 && e.requestSize <= e.size);
    }

    // expandable_segments:True: segment_map / segment_unmap grow and shrink one segment, which the
    // end state shows whole. Written by Python's pickle directly (PyTorch 2.1+'s keys).
    void expandableSegments()
    {
        const QString out = dir.filePath(QStringLiteral("expandable.pickle"));
        const QString script = QStringLiteral(
            "import pickle, sys\n"
            "A = 0x7f0000000000; M = 1 << 20\n"
            "st = [{'filename': 'train.py', 'line': 7, 'name': 'forward'}]\n"
            "def e(action, addr, size, t): return {'action': action, 'addr': addr, 'size': size, 'stream': 0, 'time_us': t, 'frames': st}\n"
            "trace = [e('segment_map', A, 2*M, 1), e('alloc', A, 2*M, 2), e('segment_map', A + 2*M, 4*M, 3),\n"
            "         e('alloc', A + 2*M, 4*M, 4), e('free_requested', A + 2*M, 4*M, 5), e('free_completed', A + 2*M, 4*M, 5),\n"
            "         e('segment_map', A + 6*M, 2*M, 6), e('segment_unmap', A + 6*M, 2*M, 7)]\n"
            "seg = {'device': 0, 'address': A, 'total_size': 6*M, 'allocated_size': 2*M, 'active_size': 2*M,\n"
            "       'requested_size': 2*M, 'stream': 0, 'segment_type': 'large', 'segment_pool_id': (0, 0),\n"
            "       'is_expandable': True, 'frames': [],\n"
            "       'blocks': [{'address': A, 'size': 2*M, 'requested_size': 2*M, 'state': 'active_allocated', 'frames': st},\n"
            "                  {'address': A + 2*M, 'size': 4*M, 'requested_size': 0, 'state': 'inactive', 'frames': []}]}\n"
            "pickle.dump({'segments': [seg], 'device_traces': [trace]}, open(sys.argv[1], 'wb'))\n");
        QProcess p;
        p.start(python(), {QStringLiteral("-c"), script, out});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        const SnapshotResult r = openSnapshot(out);
        QVERIFY2(r.snapshot, qPrintable(r.error));
        const SnapshotAnalysis a = analyzeSnapshot(*r.snapshot);
        QVERIFY2(a.warnings.isEmpty(), qPrintable(a.warnings.join(QLatin1Char('\n'))));
        const DeviceHistory &h = a.devices.front();
        QVERIFY(!h.inconsistent);
        constexpr std::int64_t M = 1 << 20;
        QCOMPARE(h.curve.front().reserved, std::int64_t(0));
        QCOMPARE(h.peakReserved, 8 * M);
        QCOMPARE(h.peakAllocated, 6 * M);
        QCOMPARE(h.segmentAllocs, 3);
        QCOMPARE(h.segmentFrees, 1);
        QCOMPARE(h.curve.back().reserved, 6 * M);
        QCOMPARE(h.curve.back().allocated, 2 * M);
        // The map at the peak of reserved: the three mapped ranges, one allocation in the first.
        const std::vector<SegmentState> state = stateAtPosition(h, h.peakReservedPos);
        std::int64_t reserved = 0;
        for (const SegmentState &s : state) {
            reserved += s.segment.size;
            QVERIFY(s.segment.expandable);
        }
        QCOMPARE(reserved, 8 * M);
        QCOMPARE(stateAtPosition(h, h.entries).size(), std::size_t(2)); // the two ranges still mapped
    }

    // PyTorch 2.0: a block's stack and request in `history`, no block `address`, no `time_us`.
    void pytorch20Format()
    {
        const QString out = dir.filePath(QStringLiteral("v20.pickle"));
        const QString script = QStringLiteral(
            "import pickle, sys\n"
            "A = 0x7f0000000000; M = 1 << 20\n"
            "st = [{'filename': 'train.py', 'line': 9, 'name': 'layer'}]\n"
            "def e(action, addr, size): return {'action': action, 'addr': addr, 'size': size, 'stream': 0, 'frames': st}\n"
            "trace = [e('segment_alloc', A, 20*M), e('alloc', A, 3*M), e('alloc', A + 3*M, 5*M),\n"
            "         e('free_requested', A, 3*M), e('free_completed', A, 3*M)]\n"
            "seg = {'device': 0, 'address': A, 'total_size': 20*M, 'allocated_size': 5*M, 'active_size': 5*M,\n"
            "       'stream': 0, 'segment_type': 'large',\n"
            "       'blocks': [{'size': 3*M, 'state': 'inactive', 'history': []},\n"
            "                  {'size': 5*M, 'state': 'active_allocated',\n"
            "                   'history': [{'addr': A + 3*M, 'real_size': 5*M - 100, 'frames': st}]},\n"
            "                  {'size': 12*M, 'state': 'inactive', 'history': []}]}\n"
            "pickle.dump({'segments': [seg], 'device_traces': [trace]}, open(sys.argv[1], 'wb'), protocol=2)\n");
        QProcess p;
        p.start(python(), {QStringLiteral("-c"), script, out});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        const SnapshotResult r = openSnapshot(out);
        QVERIFY2(r.snapshot, qPrintable(r.error));
        const MemorySnapshot &snap = *r.snapshot;
        QVERIFY(snap.hasBlockHistory);
        QVERIFY(!snap.hasTimes);
        QVERIFY(!snap.hasRequestedSizes);
        QVERIFY(!snap.settings.present);
        QCOMPARE(snap.blocks.size(), std::size_t(3));
        constexpr std::uint64_t A = 0x7f0000000000ull, M = 1 << 20;
        QCOMPARE(snap.blocks[1].address, A + 3 * M); // from the blocks before it
        QCOMPARE(snap.blocks[2].address, A + 8 * M);
        QCOMPARE(snap.blocks[1].requestedSize, std::int64_t(5 * M - 100));
        QVERIFY(snap.blocks[1].stack != 0);
        QCOMPARE(snap.stackSummary(snap.blocks[1].stack), QStringLiteral("layer (train.py:9)"));
        const SnapshotAnalysis a = analyzeSnapshot(snap);
        const DeviceHistory &h = a.devices.front();
        QVERIFY(!h.inconsistent);
        QCOMPARE(h.peakAllocated, std::int64_t(8 * M)); // the trace's sizes: 3 + 5 MiB
        QCOMPARE(h.peakAllocatedAt, std::int64_t(2));   // entries keep their order only: time is the index
        QCOMPARE(h.segmentAllocs, 1);
        // No time_us: it cannot be put on a trace's clock, and says so.
        Trace empty;
        const SnapshotAlignment al = alignSnapshot(snap, empty);
        QVERIFY(!al.aligned);
        QVERIFY2(al.reason.contains(QStringLiteral("time_us")), qPrintable(al.reason));
    }

    void alignsWithTheSynthTrace()
    {
        const QString trace = dir.filePath(QStringLiteral("prefetch.json"));
        const test::CliRun synth = test::runCli({QStringLiteral("synth"), QStringLiteral("--scenario"), QStringLiteral("fsdp-prefetch"),
                                                 QStringLiteral("-o"), trace});
        QVERIFY2(synth.exitCode == 0, synth.err.constData());
        const QString out = dir.filePath(QStringLiteral("aligned.pickle"));
        QString err;
        QVERIFY2(generate({out, QStringLiteral("--align-trace"), trace}, &err), qPrintable(err));
        const SnapshotResult r = openSnapshot(out);
        QVERIFY2(r.snapshot, qPrintable(r.error));
        const QJsonObject truth = readJson(out + QStringLiteral(".truth.json"));
        const SnapshotAnalysis a = analyzeSnapshot(*r.snapshot);
        compareWithTruth(*r.snapshot, a, truth);

        const LoadResult loaded = loadTrace(trace);
        QVERIFY2(loaded.trace, qPrintable(loaded.error));
        const SnapshotAlignment al = alignSnapshot(*r.snapshot, *loaded.trace);
        QVERIFY2(al.aligned, qPrintable(al.reason));
        // time_us = the call's end rounded to a µs + the offset: within half a µs of it.
        const std::int64_t want = -std::int64_t(truth[QStringLiteral("clock_offset_us")].toDouble()) * 1000;
        QVERIFY2(std::llabs(al.offsetNs - want) <= 500, qPrintable(QString::number(al.offsetNs - want)));
        QCOMPARE(al.matched, al.snapshotEvents);
        QCOMPARE(al.traceCalls, al.snapshotEvents);
        QVERIFY(al.residualNs <= 500);
        // Every stall of the trace is a fragmentation event, on the trace's clock inside a step.
        QCOMPARE(std::int64_t(a.devices.front().fragmentation.size()), std::int64_t(a.devices.front().segmentAllocs));

        // A snapshot of another run does not line up.
        const QString other = dir.filePath(QStringLiteral("other.pickle"));
        QVERIFY2(generate({other}, &err), qPrintable(err));
        const SnapshotResult o = openSnapshot(other);
        QVERIFY(o.snapshot);
        const SnapshotAlignment no = alignSnapshot(*o.snapshot, *loaded.trace);
        QVERIFY(!no.aligned);
        QVERIFY(!no.reason.isEmpty());
        // Nor one made for another seed's trace.
        const QString trace2 = dir.filePath(QStringLiteral("prefetch-seed2.json"));
        QCOMPARE(test::runCli({QStringLiteral("synth"), QStringLiteral("--scenario"), QStringLiteral("fsdp-prefetch"), QStringLiteral("--seed"),
                               QStringLiteral("2"), QStringLiteral("-o"), trace2})
                     .exitCode,
                 0);
        const LoadResult loaded2 = loadTrace(trace2);
        QVERIFY(loaded2.trace);
        const SnapshotAlignment wrong = alignSnapshot(*r.snapshot, *loaded2.trace);
        QVERIFY2(!wrong.aligned, qPrintable(QStringLiteral("matched %1 of %2").arg(wrong.matched).arg(wrong.snapshotEvents)));
    }

    void cliJson()
    {
        const QString trace = dir.filePath(QStringLiteral("prefetch.json"));
        const QString out = dir.filePath(QStringLiteral("aligned.pickle"));
        if (!QFile::exists(out) || !QFile::exists(trace))
            QSKIP("alignsWithTheSynthTrace did not leave its files");
        const QJsonObject truth = readJson(out + QStringLiteral(".truth.json"));
        const QJsonObject t = truth[QStringLiteral("devices")].toArray().at(0).toObject();
        const test::CliRun run = test::runCli({QStringLiteral("memory"), out, QStringLiteral("--trace"), trace, QStringLiteral("--json"),
                                               QStringLiteral("--top"), QStringLiteral("3")});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QJsonObject j = QJsonDocument::fromJson(run.out).object();
        const QJsonObject d = j[QStringLiteral("devices")].toArray().at(0).toObject();
        for (const char *key : {"peak_allocated_bytes", "peak_reserved_bytes", "segment_allocs", "segment_frees", "segments", "blocks"})
            QCOMPARE(num(d[QLatin1String(key)]), num(t[QLatin1String(key)]));
        const QJsonArray f = d[QStringLiteral("fragmentation_events")].toArray();
        QCOMPARE(f.size(), t[QStringLiteral("fragmentation_events")].toArray().size());
        for (const char *key : {"time_us", "requested", "free_in_cache", "largest_free_block"})
            QCOMPARE(num(f[0].toObject()[QLatin1String(key)]), num(t[QStringLiteral("fragmentation_events")].toArray()[0].toObject()[QLatin1String(key)]));
        QVERIFY(d[QStringLiteral("top_stacks_at_peak")].toArray().size() <= 3);
        QVERIFY(j[QStringLiteral("alignment")].toObject()[QStringLiteral("aligned")].toBool());
        QCOMPARE(j[QStringLiteral("fragmentation_per")].toString(), QStringLiteral("step"));
        // The synth trace has 3 steps; their fragmentation adds up to every event.
        const QJsonArray steps = j[QStringLiteral("fragmentation")].toArray();
        QCOMPARE(steps.size(), 3);
        int events = 0;
        for (const QJsonValue &s : steps)
            events += s[QStringLiteral("events")].toInt();
        QCOMPARE(events, f.size());
        QVERIFY(j[QStringLiteral("advice")].toObject()[QStringLiteral("text")].toString().contains(QStringLiteral("PYTORCH_CUDA_ALLOC_CONF=")));

        // Unreadable and refused inputs: exit 3, one line.
        const test::CliRun missing = test::runCli({QStringLiteral("memory"), dir.filePath(QStringLiteral("nope.pickle"))});
        QCOMPARE(missing.exitCode, 3);
        const test::CliRun notPickle = test::runCli({QStringLiteral("memory"), trace});
        QCOMPARE(notPickle.exitCode, 3);
        QVERIFY2(notPickle.err.contains("protocol"), notPickle.err.constData());
        // A pickle that would run os.system: refused by name and offset, nothing run.
        const QString evil = dir.filePath(QStringLiteral("evil.pickle"));
        const QString marker = dir.filePath(QStringLiteral("ran"));
        {
            QFile file(evil);
            QVERIFY(file.open(QIODevice::WriteOnly));
            const QByteArray cmd = "touch " + marker.toUtf8();
            file.write(QByteArray::fromHex("8004") + "cposix\nsystem\n" + QByteArray(1, char(0x8c)) + char(cmd.size()) + cmd
                    + QByteArray::fromHex("85") + "R.");
        }
        const test::CliRun refused = test::runCli({QStringLiteral("memory"), evil, QStringLiteral("--json")});
        QCOMPARE(refused.exitCode, 3);
        QVERIFY2(refused.out.isEmpty(), refused.out.constData());
        QVERIFY2(refused.err.contains("GLOBAL") && refused.err.contains("byte 2"), refused.err.constData());
        QCOMPARE(refused.err.count('\n'), 1);
        QVERIFY(!QFile::exists(marker));
    }
};

QTEST_GUILESS_MAIN(TestMemsnap)
#include "tst_memsnap.moc"
