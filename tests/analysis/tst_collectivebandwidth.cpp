// SPDX-License-Identifier: GPL-3.0-or-later
// How fast each collective moved its data (core/analysis/measures/collectives/CollectiveBandwidth.h): for one kernel of
// each collective and group size with a known size and duration, algbw and busbw are nccl-tests'
// figures, computed here by hand; a kernel without sizes takes its launching record_param_comms';
// on a100-2rank-nccl (NCCL 2.17 writes the sizes on the kernels) every kernel's bytes and busbw
// equal a computation from its raw args, read with zlib and QJsonDocument; the per-type rows hold every kernel once.
#include "core/analysis/measures/collectives/CollectiveBandwidth.h"

#include "core/io/MappedSource.h"
#include "core/parse/TraceLoader.h"
#include "tests/TestTraces.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <zlib.h>

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

// The trace's events straight from the file: gunzip with zlib, parse with QJsonDocument.
QJsonArray rawEvents(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QByteArray gz = f.readAll();
    z_stream z{};
    if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK)
        return {};
    QByteArray json;
    char buf[1 << 16];
    z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(gz.constData()));
    z.avail_in = uInt(gz.size());
    int rc = Z_OK;
    while (rc == Z_OK) {
        z.next_out = reinterpret_cast<Bytef *>(buf);
        z.avail_out = sizeof buf;
        rc = inflate(&z, Z_NO_FLUSH);
        json.append(buf, qsizetype(sizeof buf - z.avail_out));
    }
    inflateEnd(&z);
    if (rc != Z_STREAM_END)
        return {};
    return QJsonDocument::fromJson(json).object().value(QStringLiteral("traceEvents")).toArray();
}

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

    // NCCL 2.17 kernels carry their sizes: every kernel's bytes and busbw from its raw args, read
    // here apart from the code under test (zlib and QJsonDocument over the file, nccl-tests'
    // factors written out), the kernels paired by their order in time.
    void realTwoRankTrace()
    {
        LANESCOPE_REQUIRE_TRACE(path, "a100-2rank-nccl.json.gz");
        const QJsonArray events = rawEvents(path);
        QVERIFY(!events.isEmpty());
        struct Raw
        {
            double ts, dur;
            qint64 bytes;
            double busbw;
        };
        std::vector<Raw> raw;
        for (const QJsonValue &v : events) {
            const QJsonObject e = v.toObject();
            const QString name = e.value(QStringLiteral("name")).toString();
            if (e.value(QStringLiteral("cat")).toString() != QLatin1String("kernel") || !name.startsWith(QLatin1String("nccl")))
                continue;
            const QJsonObject a = e.value(QStringLiteral("args")).toObject();
            const qint64 in = a.value(QStringLiteral("In msg nelems")).toInteger(-1);
            const qint64 out = a.value(QStringLiteral("Out msg nelems")).toInteger(-1);
            const QString dtype = a.value(QStringLiteral("dtype")).toString();
            const int n = a.value(QStringLiteral("Group size")).toInt();
            const QString coll = a.value(QStringLiteral("Collective name")).toString();
            const qint64 size = dtype == QLatin1String("Float") ? 4 : dtype == QLatin1String("Long") ? 8 : dtype == QLatin1String("BFloat16") ? 2 : -1;
            QVERIFY2(size > 0 && in >= 0 && out >= 0 && n > 1, qPrintable(name));
            const double factor = coll == QLatin1String("allreduce") ? 2.0 * (n - 1) / n
                : coll == QLatin1String("broadcast")                 ? 1.0
                : coll == QLatin1String("_allgather_base") || coll == QLatin1String("allgather") || coll == QLatin1String("_reduce_scatter_base")
                ? double(n - 1) / n
                : -1;
            QVERIFY2(factor > 0, qPrintable(coll));
            const double ts = e.value(QStringLiteral("ts")).toDouble(), dur = e.value(QStringLiteral("dur")).toDouble();
            const qint64 bytes = std::max(in, out) * size;
            raw.push_back({ts, dur, bytes, double(bytes) / (dur * 1000.0) * factor});
        }
        std::stable_sort(raw.begin(), raw.end(), [](const Raw &a, const Raw &b) { return a.ts < b.ts; });

        const LoadResult l = loadTrace(path);
        QVERIFY2(l.trace, qPrintable(l.error));
        const Trace &t = *l.trace;
        const CollectiveBandwidth b = collectiveBandwidth(t);
        QVERIFY(raw.size() >= 10);
        QCOMPARE(b.kernels.size(), raw.size());
        QCOMPARE(b.withSize, std::int64_t(b.kernels.size()));
        std::int64_t inRows = 0;
        for (const CollectiveTypeRow &r : b.byType)
            inRows += r.count;
        QCOMPARE(inRows, std::int64_t(b.kernels.size()));
        for (std::size_t k = 0; k < raw.size(); ++k) {
            const CollectiveTransfer &x = b.kernels[k];
            QCOMPARE(x.dur, TimeNs(std::llround(raw[k].dur * 1000.0))); // the same kernel
            QCOMPARE(qint64(x.bytes), raw[k].bytes);
            QVERIFY(near(x.busbwGBps, raw[k].busbw));
        }
    }
};

QTEST_GUILESS_MAIN(TestCollectiveBandwidth)
#include "tst_collectivebandwidth.moc"
