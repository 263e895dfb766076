// SPDX-License-Identifier: GPL-3.0-or-later
// bench_ranks [--min-steps N] [--max-steps N] [--ranks R] [--threads N]: how `analyze DIR` and
// `merge` scale with the number of steps. For 10k steps up to 1M (the sizes of 10k, 20k, 50k,
// 100k, 200k, 500k, 1M between --min-steps and --max-steps), R rank traces (default 2) are
// generated in memory: per step a ProfilerStep span, a GEMM kernel and an NCCL AllReduce kernel
// (matched across the ranks by order within the step; the second rank's clock 7 µs off). Then:
//   analyze_dir: analyzeJob over the loaded ranks (each rank summarised, then the reduce step),
//                what `analyze DIR` runs after loading the folder;
//   merge:       each summary written as `analyze RANKFILE --summary` writes it, read back, and
//                reduced, what `merge` runs.
// Each is printed as seconds and microseconds per step; per step must stay flat as steps grow
// (the work is O(n log n) at most). The last line is one JSON object: "steps", "load_us_per_step",
// "analyze_dir_us_per_step", "merge_us_per_step" (arrays, one entry per size), and
// "analyze_dir_growth" / "merge_growth": the per-step time at the largest size over that at the
// smallest.
#include "core/analysis/job/RankSummaryJson.h"
#include "core/analysis/job/Ranks.h"
#include "core/io/FolderLoad.h"
#include "core/io/MappedSource.h"
#include "core/parse/TraceLoader.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QStringList>

#include <cstdio>
#include <string>
#include <vector>

using namespace lanescope;

namespace {

std::string rankTrace(int rank, int ranks, int steps)
{
    std::string s;
    s.reserve(std::size_t(steps) * 420 + 512);
    s += "{\"schemaVersion\": 1, \"distributedInfo\": {\"backend\": \"nccl\", \"rank\": " + std::to_string(rank)
         + ", \"world_size\": " + std::to_string(ranks) + "},\n\"traceEvents\": [\n";
    const long long skew = 7 * rank; // µs: a clock the collectives pull back into line
    for (int i = 0; i < steps; ++i) {
        const long long t = 1000 + 100LL * i + skew;
        const std::string n = std::to_string(i);
        if (i)
            s += ",\n";
        s += "{\"ph\": \"X\", \"cat\": \"user_annotation\", \"name\": \"ProfilerStep#" + n + "\", \"pid\": 1, \"tid\": 1, \"ts\": "
             + std::to_string(t) + ", \"dur\": 90},\n";
        s += "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"sm90_xmma_gemm_bf16\", \"pid\": 0, \"tid\": 7, \"ts\": "
             + std::to_string(t + 10) + ", \"dur\": 40},\n";
        s += "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"ncclDevKernel_AllReduce_Sum_bf16_RING_LL\", \"pid\": 0, \"tid\": 20, "
             "\"ts\": "
             + std::to_string(t + 60 + (rank == ranks - 1 ? 3 : 0)) + ", \"dur\": 20}";
    }
    s += "\n]}\n";
    return s;
}

double seconds(const QElapsedTimer &t) { return double(t.nsecsElapsed()) / 1e9; }

QString list(const std::vector<double> &v)
{
    QStringList parts;
    for (double x : v)
        parts << QString::number(x, 'g', 7);
    return QLatin1Char('[') + parts.join(QLatin1Char(',')) + QLatin1Char(']');
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    int minSteps = 1, maxSteps = 1000000, ranks = 2, threads = 0;
    QStringList args = QCoreApplication::arguments().mid(1);
    while (!args.isEmpty()) {
        const QString a = args.takeFirst();
        if (a == QLatin1String("--min-steps") && !args.isEmpty())
            minSteps = std::max(1, args.takeFirst().toInt());
        else if (a == QLatin1String("--max-steps") && !args.isEmpty())
            maxSteps = std::max(1, args.takeFirst().toInt());
        else if (a == QLatin1String("--ranks") && !args.isEmpty())
            ranks = std::max(2, args.takeFirst().toInt());
        else if (a == QLatin1String("--threads") && !args.isEmpty())
            threads = args.takeFirst().toInt();
        else {
            std::fprintf(stderr, "usage: bench_ranks [--min-steps N] [--max-steps N] [--ranks R] [--threads N]\n");
            return 2;
        }
    }
    std::vector<int> sizes;
    for (int s : {10000, 20000, 50000, 100000, 200000, 500000, 1000000})
        if (s >= minSteps && s <= maxSteps)
            sizes.push_back(s);
    if (sizes.empty())
        sizes.push_back(maxSteps);

    std::vector<double> stepsDone, loadUs, dirUs, mergeUs;
    for (const int steps : sizes) {
        std::vector<RankFile> files(static_cast<std::size_t>(ranks));
        QElapsedTimer t;
        double loadS = 0;
        for (int r = 0; r < ranks; ++r) {
            const QString name = QStringLiteral("rank-%1.pt.trace.json").arg(r);
            auto source = MappedSource::fromBytes(rankTrace(r, ranks, steps), name);
            LoadOptions lo;
            lo.threads = threads;
            t.restart();
            LoadResult lr = loadTrace(source, lo);
            loadS += seconds(t);
            if (!lr.trace) {
                std::fprintf(stderr, "bench_ranks: %s\n", qPrintable(lr.error));
                return 3;
            }
            files[std::size_t(r)] = {name, lr.trace, r, false};
        }

        analysis::JobOptions jo;
        jo.threads = threads;
        t.restart();
        const analysis::JobResult dir = analysis::analyzeJob(files, jo);
        const double dirS = seconds(t);

        // merge: the map step's output (not timed: it is analyze RANKFILE --summary's), then what
        // merge does with it: parse each summary, reduce.
        std::vector<std::string> written;
        for (const RankFile &f : files)
            written.push_back(analysis::rankSummaryToJson(analysis::summarizeRank(f)));
        files.clear(); // the traces are not merge's
        t.restart();
        std::vector<analysis::RankSummary> read(written.size());
        for (std::size_t r = 0; r < written.size(); ++r) {
            QString error;
            if (!analysis::rankSummaryFromJson(QByteArray::fromStdString(written[r]), &read[r], &error)) {
                std::fprintf(stderr, "bench_ranks: summary %zu: %s\n", r, qPrintable(error));
                return 3;
            }
        }
        const analysis::JobResult merged = analysis::reduceJob(std::move(read), jo);
        const double mergeS = seconds(t);

        stepsDone.push_back(steps);
        loadUs.push_back(loadS * 1e6 / steps);
        dirUs.push_back(dirS * 1e6 / steps);
        mergeUs.push_back(mergeS * 1e6 / steps);
        std::fprintf(stderr,
                     "%8d steps x %d ranks: load %7.3f s (%6.3f us/step)  analyze DIR %7.3f s (%6.3f us/step)  "
                     "merge %7.3f s (%6.3f us/step)  [%zu job steps, %zu collectives matched]\n",
                     steps, ranks, loadS, loadUs.back(), dirS, dirUs.back(), mergeS, mergeUs.back(), merged.job.steps.size(),
                     dir.collectives.collectives.size());
        if (merged.job.steps.size() != std::size_t(steps) || dir.collectives.collectives.size() != std::size_t(steps)) {
            std::fprintf(stderr, "bench_ranks: the job lost steps or collectives\n");
            return 1;
        }
    }
    std::printf("{\"ranks\":%d,\"steps\":%s,\"load_us_per_step\":%s,\"analyze_dir_us_per_step\":%s,\"merge_us_per_step\":%s,"
                "\"analyze_dir_growth\":%.3f,\"merge_growth\":%.3f}\n",
                ranks, qPrintable(list(stepsDone)), qPrintable(list(loadUs)), qPrintable(list(dirUs)), qPrintable(list(mergeUs)),
                dirUs.back() / dirUs.front(), mergeUs.back() / mergeUs.front());
    return 0;
}
