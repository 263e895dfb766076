// SPDX-License-Identifier: GPL-3.0-or-later
// How fast each collective moved its data (core/analysis/CollectiveBandwidth.h): for one kernel of
// each collective and group size with a known size and duration, algbw and busbw are nccl-tests'
// figures, computed here by hand; a kernel without sizes takes its launching record_param_comms';
// on a100-2rank-nccl (NCCL 2.17 writes the sizes on the kernels) every kernel's bytes and busbw
// equal a computation from its raw args; the per-type rows hold every kernel once.
#include "core/analysis/CollectiveBandwidth.h"

#include "core/io/MappedSource.h"
#include "core/parse/EventArgs.h"
#include "core/parse/TraceLoader.h"
#include "tests/TestTraces.h"

#include <QtTest>

#include <cmath>

using namespace lanescope;
using namespace lanescope::analysis;

namespace {

std::shared_ptr<const Trace> load(const std::string &json)
{
    return loadTrace(MappedSource::fromBytes(json, QStringLiteral("collective.json"))).trace;
}

std::string kernel(const std::string &name, double durUs, const std::string &args)
{
    return R"({"traceEvents": [{"ph": "X", "cat": "kernel", "name": ")" + name
        + R"(", "pid": 0, "tid": 7, "ts": 100, "dur": )" + std::to_string(durUs) + R"(, "args": {"stream": 7, "correlation": 9)"
        + (args.empty() ? std::string() : ", " + args) + "}}]}";
}

bool near(double a, double b) { return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(b)); }

} // namespace

class TestCollectiveBandwidth : public QObject
{
    Q_OBJECT
private slots:
    void oneKernel_data()
    {
        QTest::addColumn<QString>("kernelName");
        QTest::addColumn<QString>("args");
        QTest::addColumn<double>("durUs");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<qint64>("bytes");
        QTest::addColumn<double>("algbw");
        QTest::addColumn<double>("busbw");
        // 2^27 floats = 512 MiB in 10 ms: 53.687 GB/s algbw, x 2*7/8 on the bus.
        QTest::newRow("all-reduce, 8 ranks") << "ncclDevKernel_AllReduce_Sum_f32_RING_LL(ncclDevComm*, unsigned long, ncclWork*)"
                                             << R"("Collective name": "allreduce", "In msg nelems": 134217728, "Out msg nelems": 134217728, "Group size": 8, "dtype": "Float")"
                                             << 10000.0 << "allreduce" << qint64(536870912) << 53.6870912 << 93.9524096;
        // All-gather: the output (n x the input) is the buffer; x 7/8.
        QTest::newRow("all-gather, 8 ranks") << "ncclDevKernel_AllGather_RING_LL(ncclDevComm*, unsigned long, ncclWork*)"
                                             << R"("Collective name": "_allgather_base", "In msg nelems": 16777216, "Out msg nelems": 134217728, "Group size": 8, "dtype": "BFloat16")"
                                             << 5000.0 << "allgather" << qint64(268435456) << 53.6870912 << 46.9762048;
        // Reduce-scatter: the input is the buffer; x 3/4.
        QTest::newRow("reduce-scatter, 4 ranks") << "ncclDevKernel_ReduceScatter_Sum_bf16_RING_LL(ncclDevComm*, unsigned long, ncclWork*)"
                                                 << R"("Collective name": "_reduce_scatter_base", "In msg nelems": 4194304, "Out msg nelems": 1048576, "Group size": 4, "dtype": "Half")"
                                                 << 100.0 << "reducescatter" << qint64(8388608) << 83.88608 << 62.91456;
        QTest::newRow("broadcast, 2 ranks") << "ncclKernel_Broadcast_RING_LL_Sum_int8_t(ncclDevComm*, unsigned long, ncclWork*)"
                                            << R"("Collective name": "broadcast", "In msg nelems": 1048576, "Out msg nelems": 1048576, "Group size": 2, "dtype": "Float")"
                                            << 50.0 << "broadcast" << qint64(4194304) << 83.88608 << 83.88608;
        QTest::newRow("all-to-all, 16 ranks") << "ncclDevKernel_SendRecv(ncclDevComm*, unsigned long, ncclWork*)"
                                              << R"("Collective name": "all_to_all", "In msg nelems": 1048576, "Out msg nelems": 1048576, "Group size": 16, "dtype": "BFloat16")"
                                              << 40.0 << "alltoall" << qint64(2097152) << 52.4288 << 49.152;
        QTest::newRow("send") << "ncclDevKernel_SendRecv(ncclDevComm*, unsigned long, ncclWork*)"
                              << R"("Collective name": "send", "In msg nelems": 1000, "Out msg nelems": 1000, "Group size": 2, "dtype": "Float")"
                              << 1.0 << "sendrecv" << qint64(4000) << 4.0 << 4.0;
        // RCCL: the kernel's name says nothing, the args do.
        QTest::newRow("RCCL generic all-reduce") << "ncclDevKernel_Generic(ncclDevComm*, unsigned long, ncclWork*)"
                                                 << R"("Collective name": "allreduce", "In msg nelems": 1048576, "Out msg nelems": 1048576, "Group size": 2, "dtype": "BFloat16")"
                                                 << 100.0 << "allreduce" << qint64(2097152) << 20.97152 << 20.97152;
        // No group size: the algorithm bandwidth only.
        QTest::newRow("no group size") << "ncclDevKernel_AllReduce_Sum_f32_RING_LL(ncclDevComm*, unsigned long, ncclWork*)"
                                       << R"("Collective name": "allreduce", "In msg nelems": 1000, "Out msg nelems": 1000, "dtype": "Float")"
                                       << 1.0 << "allreduce" << qint64(4000) << 4.0 << -1.0;
        // No sizes at all (and no CPU op): the kernel name's collective, nothing else.
        QTest::newRow("no sizes") << "ncclKernel_AllGather_RING_LL_Sum_int8_t(ncclDevComm*, unsigned long, ncclWork*)" << ""
                                  << 10.0 << "allgather" << qint64(-1) << -1.0 << -1.0;
        QTest::newRow("unknown dtype") << "ncclDevKernel_AllReduce_Sum_f32_RING_LL(ncclDevComm*, unsigned long, ncclWork*)"
                                       << R"("Collective name": "allreduce", "In msg nelems": 1000, "Out msg nelems": 1000, "Group size": 2, "dtype": "Mystery")"
                                       << 1.0 << "allreduce" << qint64(-1) << -1.0 << -1.0;
    }
    void oneKernel()
    {
        QFETCH(QString, kernelName);
        QFETCH(QString, args);
        QFETCH(double, durUs);
        QFETCH(QString, kind);
        QFETCH(qint64, bytes);
        QFETCH(double, algbw);
        QFETCH(double, busbw);
        const auto t = load(kernel(kernelName.toStdString(), durUs, args.toStdString()));
        QVERIFY(t);
        const CollectiveBandwidth b = collectiveBandwidth(*t);
        QCOMPARE(int(b.kernels.size()), 1);
        const CollectiveTransfer &x = b.kernels.front();
        QCOMPARE(QString::fromLatin1(collectiveKindName(x.kind)), kind);
        QCOMPARE(qint64(x.bytes), bytes);
        QVERIFY2(near(x.algbwGBps, algbw), qPrintable(QString::number(x.algbwGBps, 'g', 17)));
        QVERIFY2(near(x.busbwGBps, busbw), qPrintable(QString::number(x.busbwGBps, 'g', 17)));
        QCOMPARE(int(b.byType.size()), 1);
        QCOMPARE(b.byType.front().count, 1);
        QCOMPARE(b.byType.front().busbwBestGBps, x.busbwGBps);
        QCOMPARE(b.withSize, bytes >= 0 ? 1 : 0);
    }

    // A kernel without sizes: the record_param_comms around its launch says them.
    void sizeFromTheCpuOp()
    {
        const std::string json = R"json({"traceEvents": [
          {"ph": "X", "cat": "cpu_op", "name": "c10d::allreduce_", "pid": 1, "tid": 1, "ts": 0, "dur": 50},
          {"ph": "X", "cat": "cpu_op", "name": "record_param_comms", "pid": 1, "tid": 1, "ts": 1, "dur": 40,
           "args": {"Collective name": "allreduce", "In msg nelems": 1000000, "Out msg nelems": 1000000, "Group size": 4, "dtype": "BFloat16"}},
          {"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 1, "tid": 1, "ts": 5, "dur": 4, "args": {"correlation": 77}},
          {"ph": "X", "cat": "kernel", "name": "ncclDevKernel_AllReduce_Sum_bf16_RING_LL(ncclDevComm*, unsigned long, ncclWork*)",
           "pid": 0, "tid": 7, "ts": 20, "dur": 100, "args": {"stream": 7, "correlation": 77}}]})json";
        const auto t = load(json);
        QVERIFY(t);
        const CollectiveBandwidth b = collectiveBandwidth(*t);
        QCOMPARE(int(b.kernels.size()), 1);
        const CollectiveTransfer &x = b.kernels.front();
        QVERIFY(x.sizeFromCpuOp);
        QCOMPARE(x.bytes, std::int64_t(2000000));
        QCOMPARE(x.groupSize, 4);
        QVERIFY(near(x.algbwGBps, 20.0));
        QVERIFY(near(x.busbwGBps, 30.0)); // 2 * 3/4
    }

    // NCCL 2.17 kernels carry their sizes: every kernel's bytes and busbw from its raw args.
    void realTwoRankTrace()
    {
        LANESCOPE_REQUIRE_TRACE(path, "a100-2rank-nccl.json.gz");
        const LoadResult l = loadTrace(path);
        QVERIFY2(l.trace, qPrintable(l.error));
        const Trace &t = *l.trace;
        const CollectiveBandwidth b = collectiveBandwidth(t);
        QVERIFY(b.kernels.size() >= 10);
        QCOMPARE(b.withSize, std::int64_t(b.kernels.size()));
        std::int64_t inRows = 0;
        for (const CollectiveTypeRow &r : b.byType)
            inRows += r.count;
        QCOMPARE(inRows, std::int64_t(b.kernels.size()));
        for (const CollectiveTransfer &x : b.kernels) {
            const EventDetails d = readEventDetails(t, t.tracks[x.track].fileOffset[x.slice]);
            QVERIFY(d.ok);
            const qint64 in = d.args.value(QStringLiteral("In msg nelems")).toLongLong();
            const qint64 out = d.args.value(QStringLiteral("Out msg nelems")).toLongLong();
            const QString dtype = d.args.value(QStringLiteral("dtype")).toString();
            const int n = d.args.value(QStringLiteral("Group size")).toInt();
            const qint64 size = dtype == QLatin1String("Float") ? 4 : dtype == QLatin1String("Long") ? 8 : dtype == QLatin1String("BFloat16") ? 2 : -1;
            QVERIFY2(size > 0, qPrintable(dtype));
            const qint64 bytes = std::max(in, out) * size;
            QCOMPARE(qint64(x.bytes), bytes);
            const double algbw = double(bytes) / double(t.tracks[x.track].dur[x.slice]);
            const QString coll = d.args.value(QStringLiteral("Collective name")).toString();
            const double factor = coll == QLatin1String("allreduce") ? 2.0 * (n - 1) / n : coll == QLatin1String("broadcast") ? 1.0 : -1;
            QVERIFY2(factor > 0, qPrintable(coll));
            QVERIFY(near(x.algbwGBps, algbw));
            QVERIFY(near(x.busbwGBps, algbw * factor));
        }
    }
};

QTEST_GUILESS_MAIN(TestCollectiveBandwidth)
#include "tst_collectivebandwidth.moc"
