// SPDX-License-Identifier: GPL-3.0-or-later
// Real recorded traces (../shared/traces) as data: every figure in the table below was derived
// independently with Python's json module from the same files (see the comment at the table), not
// from this loader. Each row skips visibly when its file is absent.
#include "tests/core/LoadHelpers.h"
#include "tests/core/ModelCompare.h"
#include "tests/TestTraces.h"

#include "core/parse/ContentWarnings.h"

#include <QDirIterator>

#include <QtTest>

#ifdef __clang__
// QSKIP passes an empty __VA_ARGS__, which clang's -Wpedantic reports at every use.
#pragma clang diagnostic ignored "-Wgnu-zero-variadic-macro-arguments"
#endif

using namespace lanescope;
using namespace lanescope::test;

class tst_RealTraces : public QObject
{
    Q_OBJECT

private slots:
    void figures_data();
    void figures();
    void threadsAgree_data();
    void threadsAgree();
    void contentWarnings_data();
    void contentWarnings();
};

void tst_RealTraces::figures_data()
{
    // Derived with python3 + json + gzip:
    //   events      len(traceEvents)
    //   tracks      distinct (pid, tid) over ph X/i/I events except name "[memory]"; "stream N" tids and
    //               integer strings normalised to the integer
    //   gpuTracks   of those, lanes with an X event whose cat is kernel/Kernel/gpu_memcpy/Memcpy/
    //               gpu_memset/Memset/gpu_user_annotation
    //   slices      count of ph X/i/I events except "[memory]"
    //   kernels     X events with cat kernel/Kernel (all on GPU lanes)
    //   launch      'f' events of cat ac2g/async whose (cat, id) has an 's'; fwdbwd likewise
    //   correlation (only where there are no flow events) GPU X events whose args.correlation matches a
    //               cuda_runtime X event on a CPU lane; -1: not checked
    //   memory      "[memory]" events per (Device Type, Device Id)
    QTest::addColumn<QString>("file");
    QTest::addColumn<qulonglong>("events");
    QTest::addColumn<int>("tracks");
    QTest::addColumn<int>("gpuTracks");
    QTest::addColumn<qulonglong>("slices");
    QTest::addColumn<int>("kernels");
    QTest::addColumn<int>("launch");
    QTest::addColumn<int>("fwdbwd");
    QTest::addColumn<int>("correlation");
    QTest::addColumn<int>("rank");
    QTest::addColumn<int>("worldSize");
    QTest::addColumn<int>("devices");
    QTest::addColumn<QString>("device0");
    QTest::addColumn<QString>("memory"); // "type:id:count,..." in (type, id) order

    QTest::newRow("a100-2rank-nccl") << QStringLiteral("a100-2rank-nccl.json.gz") << 40573ull << 8 << 2 << 26935ull << 2700 << 3774
                                     << 543 << -1 << 0 << 2 << 8 << QStringLiteral("NVIDIA A100-PG509-200") << QStringLiteral("");
    QTest::newRow("v100-memory-allreduce") << QStringLiteral("v100-memory-allreduce.json.gz") << 216092ull << 7 << 2 << 123381ull
                                           << 19370 << 22290 << 0 << -1 << 1 << 2 << 2 << QStringLiteral("Tesla V100-SXM2-32GB")
                                           << QStringLiteral("0:-1:1240,1:1:26770");
    QTest::newRow("v100-resnet-ns") << QStringLiteral("v100-resnet-ns.pt.trace.json.gz") << 68692ull << 7 << 1 << 45422ull << 4350
                                    << 6095 << 905 << -1 << 0 << 1 << 8 << QStringLiteral("Tesla V100-SXM2-32GB") << QStringLiteral("");
    QTest::newRow("resnet50-dataloader-baseline")
        << QStringLiteral("resnet50-dataloader-baseline.pt.trace.json.gz") << 75718ull << 6 << 1 << 44668ull << 8772 << 9096 << 0 << -1
        << -1 << -1 << 4 << QStringLiteral("Tesla V100-DGXS-32GB") << QStringLiteral("0:-1:4618,1:0:8220");
    QTest::newRow("resnet50-dataloader-optimized")
        << QStringLiteral("resnet50-dataloader-optimized.pt.trace.json.gz") << 71424ull << 6 << 1 << 41908ull << 8868 << 9258 << 0
        << -1 << -1 << -1 << 4 << QStringLiteral("Tesla V100-DGXS-32GB") << QStringLiteral("0:-1:2700,1:0:8280");
    QTest::newRow("mi250-rocm-minitoy") << QStringLiteral("mi250-rocm-minitoy.json.gz") << 220ull << 6 << 1 << 115ull << 14 << 16 << 4
                                        << -1 << -1 << -1 << 4 << QStringLiteral("AMD Radeon Graphics") << QStringLiteral("");
    QTest::newRow("triton-example") << QStringLiteral("triton-example.json.gz") << 71ull << 6 << 1 << 10ull << 1 << 1 << 0 << -1 << -1
                                    << -1 << 8 << QStringLiteral("NVIDIA A100-PG509-200") << QStringLiteral("");
    QTest::newRow("cpu-only") << QStringLiteral("cpu-only.pt.trace.json.gz") << 30ull << 6 << 0 << 18ull << 0 << 0 << 0 << 0 << 34
                              << 300 << 0 << QStringLiteral("") << QStringLiteral("");
    QTest::newRow("compare-small-base") << QStringLiteral("compare-small-base.json.gz") << 33ull << 4 << 2 << 33ull << 6 << 0 << 0 << 2
                                        << 1 << -1 << 0 << QStringLiteral("") << QStringLiteral("");
    QTest::newRow("compare-small-test") << QStringLiteral("compare-small-test.json.gz") << 34ull << 4 << 2 << 34ull << 5 << 0 << 0 << 1
                                        << 1 << -1 << 0 << QStringLiteral("") << QStringLiteral("");
}

void tst_RealTraces::figures()
{
    QFETCH(QString, file);
    QFETCH(qulonglong, events);
    QFETCH(int, tracks);
    QFETCH(int, gpuTracks);
    QFETCH(qulonglong, slices);
    QFETCH(int, kernels);
    QFETCH(int, launch);
    QFETCH(int, fwdbwd);
    QFETCH(int, correlation);
    QFETCH(int, rank);
    QFETCH(int, worldSize);
    QFETCH(int, devices);
    QFETCH(QString, device0);
    QFETCH(QString, memory);
    const QString tracePath = lanescope::test::tracePath(file);
    if (!QFileInfo::exists(tracePath))
        QSKIP(qPrintable(QStringLiteral("real trace %1 not found (set LANESCOPE_TRACES_DIR): skipped").arg(tracePath)));

    const LoadResult r = loadTrace(tracePath);
    QVERIFY2(r.trace, qPrintable(r.error));
    const Trace &t = *r.trace;
    QCOMPARE(qulonglong(t.eventCount), events);
    QCOMPARE(t.malformedEvents, quint64(0));
    QVERIFY(!t.truncated);
    QVERIFY(t.gzipped);
    QCOMPARE(int(t.tracks.size()), tracks);
    QCOMPARE(countKind(t, TrackKind::Gpu), gpuTracks);
    QCOMPARE(qulonglong(t.sliceCount()), slices);
    int kernelSlices = 0;
    for (const Track &tr : t.tracks)
        if (tr.kind == TrackKind::Gpu)
            for (std::size_t i = 0; i < tr.size(); ++i)
                kernelSlices += t.categoryClass[tr.catId[i]] == CategoryClass::Kernel;
    QCOMPARE(kernelSlices, kernels);
    QCOMPARE(countFlows(t, FlowKind::Launch), launch);
    QCOMPARE(countFlows(t, FlowKind::FwdBwd), fwdbwd);
    if (correlation >= 0)
        QCOMPARE(countFlows(t, FlowKind::Correlation), correlation);
    QVERIFY2(!anyWarningContains(t, QStringLiteral("could not be tied")), qPrintable(t.warnings.join(QLatin1Char('\n'))));
    QCOMPARE(t.rank, rank);
    QCOMPARE(t.worldSize, worldSize);
    QCOMPARE(int(t.devices.size()), devices);
    if (devices > 0)
        QCOMPARE(t.devices[0].name, device0);

    QStringList mem;
    for (const MemorySeries &m : t.memory)
        mem << QStringLiteral("%1:%2:%3").arg(m.deviceType).arg(m.deviceId).arg(m.samples.size());
    QCOMPARE(mem.join(QLatin1Char(',')), memory);
    for (const MemorySeries &m : t.memory)
        for (std::size_t i = 1; i < m.samples.size(); ++i)
            QVERIFY(m.samples[i - 1].ts <= m.samples[i].ts);

    // Structural invariants of the model.
    for (const Track &tr : t.tracks) {
        QCOMPARE(tr.dur.size(), tr.size());
        QCOMPARE(tr.depth.size(), tr.size());
        for (std::size_t i = 0; i < tr.size(); ++i) {
            QVERIFY(tr.dur[i] >= 0);
            QVERIFY(tr.depth[i] <= tr.maxDepth);
            QVERIFY(i == 0 || tr.start[i - 1] <= tr.start[i]);
            QVERIFY(tr.start[i] >= t.minTs && tr.end(i) <= t.maxTs);
        }
        if (tr.kind == TrackKind::Gpu)
            QVERIFY(tr.device >= 0);
    }
    for (const Flow &f : t.flows) {
        QVERIFY(f.fromTrack < t.tracks.size() && f.toTrack < t.tracks.size());
        QVERIFY(f.fromSlice < t.tracks[f.fromTrack].size() && f.toSlice < t.tracks[f.toTrack].size());
        if (f.kind == FlowKind::Launch || f.kind == FlowKind::Correlation)
            QCOMPARE(t.tracks[f.toTrack].kind, TrackKind::Gpu);
    }
}

void tst_RealTraces::threadsAgree_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("v100-memory-allreduce") << QStringLiteral("v100-memory-allreduce.json.gz");
    QTest::newRow("resnet50-dataloader-baseline") << QStringLiteral("resnet50-dataloader-baseline.pt.trace.json.gz");
    QTest::newRow("v100-resnet-ns") << QStringLiteral("v100-resnet-ns.pt.trace.json.gz");
    QTest::newRow("a100-2rank-nccl") << QStringLiteral("a100-2rank-nccl.json.gz");
}

void tst_RealTraces::threadsAgree()
{
    QFETCH(QString, file);
    const QString tracePath = lanescope::test::tracePath(file);
    if (!QFileInfo::exists(tracePath))
        QSKIP(qPrintable(QStringLiteral("real trace %1 not found (set LANESCOPE_TRACES_DIR): skipped").arg(tracePath)));
    LoadOptions one, four;
    one.threads = 1;
    four.threads = 4;
    const LoadResult a = loadTrace(tracePath, one);
    const LoadResult b = loadTrace(tracePath, four);
    QVERIFY2(a.trace && b.trace, qPrintable(a.error + b.error));
    QCOMPARE(a.trace->threadsUsed, 1);
    const QString diff = diffTraces(*a.trace, *b.trace);
    QVERIFY2(diff.isEmpty(), qPrintable(diff));
}

QTEST_GUILESS_MAIN(tst_RealTraces)
#include "tst_real_traces.moc"

// The README of ../shared/traces says which recordings come from PyTorch built without Kineto (the
// torch-cpu-2rank-* folders); those, and only those, get the legacy-format warning. No real trace has
// device processes whose work goes unrecognised (MTIA's did before its categories were known).
void tst_RealTraces::contentWarnings_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<bool>("legacy");
    const QStringList files = realTraceFiles();
    if (files.isEmpty())
        QSKIP(qPrintable(QStringLiteral("no real traces in %1 (set LANESCOPE_TRACES_DIR): skipped").arg(tracesDir())));
    for (const QString &f : files) {
        const QString rel = QDir(tracesDir()).relativeFilePath(f);
        QTest::newRow(qPrintable(rel)) << f << rel.startsWith(QLatin1String("torch-cpu-2rank-"));
    }
}

void tst_RealTraces::contentWarnings()
{
    QFETCH(QString, path);
    QFETCH(bool, legacy);
    const LoadResult r = loadTrace(path);
    QVERIFY2(r.trace, qPrintable(r.error));
    QCOMPARE(r.trace->legacyProfiler, legacy);
    QCOMPARE(int(r.trace->warnings.count(parse::legacyFormatWarning())), legacy ? 1 : 0);
    QVERIFY2(!anyWarningContains(*r.trace, QStringLiteral("no accelerator work recognised")),
             qPrintable(r.trace->warnings.join(QLatin1Char('\n'))));
}
