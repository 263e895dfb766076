// SPDX-License-Identifier: GPL-3.0-or-later
// Transfer against skew over a job's ranks (core/analysis/job/JobCollectives.h). Per collective type and
// group size, a two-rank job whose calls last `transfer` on the late rank and `transfer + skew` on
// the early one: the split is exact and the busbw on transfer time is nccl-tests' figure computed
// here by hand (the factor written out per row), next to the busbw of the early rank's own kernel.
// A synthetic 8-rank job with one late rank: the split per type and per rank equals the facts the
// generator wrote, exactly, through analyze DIR's path and through the rank summaries' map/reduce;
// rank 0's busbw per type (on its own kernels) too.
#include "core/analysis/job/JobCollectives.h"

#include "core/analysis/job/RankSummaryJson.h"
#include "core/analysis/job/Ranks.h"
#include "core/io/FolderLoad.h"
#include "core/io/MappedSource.h"
#include "core/parse/TraceLoader.h"
#include "core/synth/TraceSynth.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <map>

using namespace lanescope;
using namespace lanescope::analysis;

namespace {

std::shared_ptr<Trace> load(std::string json, const QString &name)
{
    LoadOptions lo;
    lo.threads = 1;
    const LoadResult l = loadTrace(MappedSource::fromBytes(std::move(json), name), lo);
    return l.trace;
}

// One rank of a job of `world`: one NCCL kernel per call, each starting at 1000 + 100 k µs.
std::string rankTrace(int rank, int world, const QString &kernel, const QString &args, const std::vector<double> &durUs)
{
    std::string s = "{\"schemaVersion\": 1, \"distributedInfo\": {\"backend\": \"nccl\", \"rank\": " + std::to_string(rank)
        + ", \"world_size\": " + std::to_string(world) + "},\n\"traceEvents\": [\n";
    for (std::size_t k = 0; k < durUs.size(); ++k) {
        s += std::string(k ? ",\n" : "") + "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"" + kernel.toStdString()
            + "\", \"pid\": 0, \"tid\": 20, \"ts\": " + std::to_string(1000 + 100000 * k) + ", \"dur\": " + QString::number(durUs[k], 'f', 3).toStdString()
            + ", \"args\": {\"stream\": 20, \"correlation\": " + std::to_string(10 + k) + ", " + args.toStdString() + "}}";
    }
    return s + "\n]}\n";
}

struct SynthJob
{
    std::vector<RankFile> ranks;
    QJsonObject facts;
};

const SynthJob &lateRankJob()
{
    static SynthJob job;
    if (!job.ranks.empty())
        return job;
    synth::SynthConfig c;
    c.ranksToWrite = 8;
    c.straggler = 5;
    c.layers = 4; // the same physics as 32 layers, an eighth of the events
    const synth::SynthOutput out = synth::synthesize(c);
    for (std::size_t r = 0; r < out.traces.size(); ++r) {
        const QString name = QStringLiteral("rank-%1.pt.trace.json").arg(r);
        job.ranks.push_back({name, load(out.traces[r], name), int(r), false});
    }
    job.facts = QJsonDocument::fromJson(QByteArray::fromStdString(out.facts)).object();
    return job;
}

void compareWithFacts(const JobCollectives &c, const QJsonObject &facts)
{
    const QJsonObject job = facts.value(QStringLiteral("job_collectives")).toObject();
    QCOMPARE(c.calls, job.value(QStringLiteral("calls")).toInteger());
    QVERIFY(c.calls > 0);
    // Microseconds as the facts and the JSON write them: nanosecond sums / 1000.
    QCOMPARE(double(c.transferNs) / 1000.0, job.value(QStringLiteral("transfer_us")).toDouble());
    QCOMPARE(double(c.skewNs) / 1000.0, job.value(QStringLiteral("skew_us")).toDouble());
    const QJsonArray byRank = job.value(QStringLiteral("skew_by_rank")).toArray();
    QCOMPARE(c.byRank.size(), std::size_t(byRank.size()));
    for (qsizetype k = 0; k < byRank.size(); ++k) {
        const QJsonObject f = byRank.at(k).toObject();
        QCOMPARE(c.byRank[std::size_t(k)].rank, f.value(QStringLiteral("rank")).toInt());
        QCOMPARE(double(c.byRank[std::size_t(k)].skewNs) / 1000.0, f.value(QStringLiteral("skew_us")).toDouble());
        QCOMPARE(double(c.byRank[std::size_t(k)].durationNs) / 1000.0, f.value(QStringLiteral("duration_us")).toDouble());
    }
    // The late rank waited least: its kernels are the calls' transfers, nearly all of them.
    std::size_t least = 0;
    for (std::size_t k = 1; k < c.byRank.size(); ++k)
        if (c.byRank[k].skewNs < c.byRank[least].skewNs)
            least = k;
    QCOMPARE(c.byRank[least].rank, 5);
    const QJsonArray types = facts.value(QStringLiteral("collective_bandwidth")).toArray();
    QCOMPARE(c.byType.size(), std::size_t(types.size()));
    for (const QJsonValue &v : types) {
        const QJsonObject f = v.toObject();
        const auto it = std::find_if(c.byType.begin(), c.byType.end(), [&](const JobCollectiveType &t) {
            return QLatin1String(collectiveKindName(t.kind)) == f.value(QStringLiteral("collective")).toString()
                && t.bytes == f.value(QStringLiteral("bytes")).toInteger() && t.groupSize == f.value(QStringLiteral("group_size")).toInt();
        });
        QVERIFY2(it != c.byType.end(), qPrintable(f.value(QStringLiteral("collective")).toString()));
        QCOMPARE(it->count, f.value(QStringLiteral("count")).toInteger());
        QCOMPARE(double(it->transferNs) / 1000.0, f.value(QStringLiteral("transfer_us")).toDouble());
        QCOMPARE(double(it->skewNs) / 1000.0, f.value(QStringLiteral("skew_us")).toDouble());
        QCOMPARE(it->busbwMedianGBps, f.value(QStringLiteral("transfer_busbw_median_gbps")).toDouble());
        // On transfer time the link's figure; on each rank's own kernels lower by the waits.
        QVERIFY(it->rankBusbwMedianGBps < it->busbwMedianGBps);
    }
}

} // namespace

class TestJobCollectives : public QObject
{
    Q_OBJECT
private slots:
    void perTypeAndGroup_data()
    {
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<QString>("collectiveName");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<int>("group");
        QTest::addColumn<qint64>("inElems");
        QTest::addColumn<qint64>("outElems");
        QTest::addColumn<double>("factor"); // nccl-tests' busbw / algbw, written out
        QTest::addColumn<bool>("matched");  // a group collective: split across the ranks
        const qint64 m = 1 << 24;           // 16 Mi bf16 elements: 32 MiB
        const auto rows = [&](const char *tag, const char *kernel, const char *name, const char *kind, qint64 in, qint64 outPer2,
                              qint64 outPer8, double f2, double f8, bool matched) {
            QTest::newRow(qPrintable(QStringLiteral("%1, 2 ranks").arg(QLatin1String(tag))))
                << QString::fromLatin1(kernel) << QString::fromLatin1(name) << QString::fromLatin1(kind) << 2 << in << outPer2 << f2 << matched;
            QTest::newRow(qPrintable(QStringLiteral("%1, 8 ranks").arg(QLatin1String(tag))))
                << QString::fromLatin1(kernel) << QString::fromLatin1(name) << QString::fromLatin1(kind) << 8 << in << outPer8 << f8 << matched;
        };
        rows("all-reduce", "ncclDevKernel_AllReduce_Sum_bf16_RING_LL(ncclDevComm*, unsigned long, ncclWork*)", "allreduce", "allreduce", m,
             m, m, 2.0 * 1 / 2, 2.0 * 7 / 8, true);
        rows("all-gather", "ncclDevKernel_AllGather_RING_LL(ncclDevComm*, unsigned long, ncclWork*)", "_allgather_base", "allgather", m / 8,
             m / 8 * 2, m, 1.0 / 2, 7.0 / 8, true);
        rows("reduce-scatter", "ncclDevKernel_ReduceScatter_Sum_bf16_RING_LL(ncclDevComm*, unsigned long, ncclWork*)",
             "_reduce_scatter_base", "reducescatter", m, m / 2, m / 8, 1.0 / 2, 7.0 / 8, true);
        rows("broadcast", "ncclDevKernel_Broadcast_RING_LL(ncclDevComm*, unsigned long, ncclWork*)", "broadcast", "broadcast", m, m, m, 1,
             1, true);
        // NCCL runs all-to-all as SendRecv kernels; the args say which collective they are.
        rows("all-to-all", "ncclDevKernel_SendRecv(ncclDevComm*, unsigned long, ncclWork*)", "all_to_all", "alltoall", m, m, m, 1.0 / 2,
             7.0 / 8, true);
        rows("send/recv", "ncclDevKernel_SendRecv(ncclDevComm*, unsigned long, ncclWork*)", "send", "sendrecv", m, m, m, 1, 1, false);
    }

    void perTypeAndGroup()
    {
        QFETCH(QString, kernel);
        QFETCH(QString, collectiveName);
        QFETCH(QString, kind);
        QFETCH(int, group);
        QFETCH(qint64, inElems);
        QFETCH(qint64, outElems);
        QFETCH(double, factor);
        QFETCH(bool, matched);
        const QString args = QStringLiteral(R"("Collective name": "%1", "In msg nelems": %2, "Out msg nelems": %3, "Group size": %4, "dtype": "BFloat16", "Process Group Name": "0")")
                                 .arg(collectiveName)
                                 .arg(inElems)
                                 .arg(outElems)
                                 .arg(group);
        // Three calls; rank 1 arrives late at each (its kernel is the transfer), rank 0 waits.
        const std::vector<double> transferUs = {1000.0, 1250.5, 1500.25}, skewUs = {300.0, 0.125, 4000.0};
        std::vector<double> early;
        for (std::size_t k = 0; k < transferUs.size(); ++k)
            early.push_back(transferUs[k] + skewUs[k]);
        std::vector<RankFile> ranks;
        ranks.push_back({QStringLiteral("rank0.json"), load(rankTrace(0, 2, kernel, args, early), QStringLiteral("rank0.json")), 0, false});
        ranks.push_back({QStringLiteral("rank1.json"), load(rankTrace(1, 2, kernel, args, transferUs), QStringLiteral("rank1.json")), 1, false});
        QVERIFY(ranks[0].trace && ranks[1].trace);
        const double bytes = 2.0 * double(std::max(inElems, outElems));

        // One rank's trace: busbw on its own kernel (rank 1's: the transfer alone).
        const CollectiveBandwidth one = collectiveBandwidth(*ranks[1].trace);
        QCOMPARE(one.kernels.size(), transferUs.size());
        for (std::size_t k = 0; k < transferUs.size(); ++k) {
            const CollectiveTransfer &x = one.kernels[k];
            QCOMPARE(QLatin1String(collectiveKindName(x.kind)), kind);
            QCOMPARE(double(x.bytes), bytes);
            QCOMPARE(x.groupSize, group);
            QCOMPARE(x.busbwGBps, bytes / (transferUs[k] * 1000.0) * factor);
        }

        JobOptions o;
        o.threads = 1;
        const JobResult j = analyzeJob(ranks, o);
        const JobCollectives &c = j.transfer;
        if (!matched) {
            // Point-to-point: two ranks, not the group; no split (JobCollectives.h).
            QCOMPARE(c.calls, std::int64_t(0));
            QVERIFY(c.byType.empty());
            return;
        }
        QCOMPARE(c.calls, std::int64_t(transferUs.size()));
        QCOMPARE(c.byType.size(), std::size_t(1));
        const JobCollectiveType &t = c.byType.front();
        QCOMPARE(QLatin1String(collectiveKindName(t.kind)), kind);
        QCOMPARE(double(t.bytes), bytes);
        QCOMPARE(t.groupSize, group);
        QCOMPARE(t.count, std::int64_t(3));
        QCOMPARE(t.rankCalls, std::int64_t(6));
        QCOMPARE(t.transferNs, TimeNs(std::llround((transferUs[0] + transferUs[1] + transferUs[2]) * 1000)));
        QCOMPARE(t.skewNs, TimeNs(std::llround((skewUs[0] + skewUs[1] + skewUs[2]) * 1000)));
        // Median over the calls on transfer time: the middle call's; the best: the fastest call's.
        QCOMPARE(t.busbwMedianGBps, bytes / (transferUs[1] * 1000.0) * factor);
        QCOMPARE(t.busbwBestGBps, bytes / (transferUs[0] * 1000.0) * factor);
        // Over the six rank kernels (1000, 1250.5, 1250.625, 1300, 1500.25, 5500.25 µs): the middle two's mean.
        QCOMPARE(t.rankBusbwMedianGBps, (bytes / (1250.625 * 1000.0) * factor + bytes / (1300.0 * 1000.0) * factor) / 2);
        QCOMPARE(c.byRank.size(), std::size_t(2));
        QCOMPARE(c.byRank[0].skewNs, t.skewNs);
        QCOMPARE(c.byRank[1].skewNs, TimeNs(0));
    }

    // A synthetic 8-rank job, rank 5 computing 15 % slower: every rank but 5 waits at each
    // collective. The split equals the generator's facts exactly.
    void lateRank()
    {
        const SynthJob &job = lateRankJob();
        QCOMPARE(job.ranks.size(), std::size_t(8));
        JobOptions o;
        o.threads = 2;
        const JobResult j = analyzeJob(job.ranks, o);
        compareWithFacts(j.transfer, job.facts);
        // Rank 0's own analysis (analyze RANKFILE --json's collectives.by_type): each type's busbw
        // on its kernels' durations, the waits included, as the facts computed them.
        const std::vector<CollectiveTypeRow> &rows = j.ranks[0].analysis.collectives.byType;
        const QJsonArray types = job.facts.value(QStringLiteral("collective_bandwidth")).toArray();
        QCOMPARE(rows.size(), std::size_t(types.size()));
        for (const QJsonValue &v : types) {
            const QJsonObject f = v.toObject();
            const auto it = std::find_if(rows.begin(), rows.end(), [&](const CollectiveTypeRow &t) {
                return QLatin1String(collectiveKindName(t.kind)) == f.value(QStringLiteral("collective")).toString()
                    && t.bytes == f.value(QStringLiteral("bytes")).toInteger();
            });
            QVERIFY(it != rows.end());
            QCOMPARE(it->count, f.value(QStringLiteral("count")).toInteger());
            QCOMPARE(it->groupSize, f.value(QStringLiteral("group_size")).toInt());
            QCOMPARE(it->busbwMedianGBps, f.value(QStringLiteral("busbw_median_gbps")).toDouble());
            QCOMPARE(it->busbwBestGBps, f.value(QStringLiteral("busbw_best_gbps")).toDouble());
        }
    }

    // The map/reduce path (analyze RANKFILE --summary, merge): the summaries carry each call's size
    // and group, so the reduce step finds the same split.
    void lateRankThroughSummaries()
    {
        const SynthJob &job = lateRankJob();
        std::vector<RankSummary> summaries;
        for (const RankFile &r : job.ranks) {
            RankSummary back;
            QString error;
            QVERIFY2(rankSummaryFromJson(QByteArray::fromStdString(rankSummaryToJson(summarizeRank(r))), &back, &error), qPrintable(error));
            summaries.push_back(std::move(back));
        }
        const JobResult j = reduceJob(std::move(summaries));
        compareWithFacts(j.transfer, job.facts);
    }

    // A summary written before the calls carried sizes reads back with them unknown: the split is
    // still made, the busbw is unknown.
    void summaryWithoutSizes()
    {
        const SynthJob &job = lateRankJob();
        std::vector<RankSummary> summaries;
        for (const RankFile &r : job.ranks) {
            RankSummary s = summarizeRank(r);
            for (CollectiveCall &c : s.calls) {
                c.bytes = -1;
                c.groupSize = -1;
            }
            summaries.push_back(std::move(s));
        }
        const JobResult j = reduceJob(std::move(summaries));
        QCOMPARE(j.transfer.skewNs / 1000.0, job.facts.value(QStringLiteral("job_collectives")).toObject().value(QStringLiteral("skew_us")).toDouble());
        for (const JobCollectiveType &t : j.transfer.byType) {
            QCOMPARE(t.bytes, std::int64_t(-1));
            QCOMPARE(t.busbwMedianGBps, -1.0);
        }
    }
};

QTEST_GUILESS_MAIN(TestJobCollectives)
#include "tst_jobcollectives.moc"
