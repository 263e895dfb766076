// SPDX-License-Identifier: GPL-3.0-or-later
// Opening a PyTorch memory snapshot: the pickle read and decoded (core/memsnap), then the
// allocator history analysed; time and memory. The snapshot comes from the generator:
//
//   python3 tests/tools/make_memory_snapshot.py /tmp/snap-2g.pickle --bench-bytes 2000000000
//   build/release/tests/benchmarks/bench_memsnap /tmp/snap-2g.pickle
//
// Prints one JSON object as its last line: open_s, analyze_s, file_mb, entries, model_mb,
// reader_peak_mb (the pickle reader's own structures at their largest), rss_anon_mb after open,
// peak_rss_mb (VmHWM: the process at its largest, the mapped file's pages included).
#include "BenchArgs.h"

#include "core/memsnap/MemorySnapshot.h"
#include "core/memsnap/SnapshotAnalysis.h"
#include "core/util/ProcessMemory.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>

#include <cstdio>

namespace {

// VmHWM from /proc/self/status, in bytes; 0 where unavailable.
std::uint64_t peakResidentBytes()
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').value(0).toULongLong() * 1024;
    return 0;
}

double mb(double bytes) { return bytes / (1024.0 * 1024.0); }

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    BenchArgs args;
    args.repeat = 1;
    if (const int rc = parseBenchArgs("bench_memsnap", &args); rc >= 0)
        return rc;
    double bestOpen = 0, bestAnalyze = 0;
    std::size_t entries = 0, modelBytes = 0, readerPeak = 0, fileBytes = 0;
    std::uint64_t anonAfterOpen = 0;
    for (int i = 0; i < args.repeat; ++i) {
        QElapsedTimer t;
        t.start();
        const lanescope::memsnap::SnapshotResult r = lanescope::memsnap::openSnapshot(args.path);
        const double open = double(t.nsecsElapsed()) / 1e9;
        if (!r.snapshot) {
            std::fprintf(stderr, "%s\n", qPrintable(r.error));
            return 3;
        }
        lanescope::releaseFreedMemory();
        anonAfterOpen = lanescope::residentAnonymousBytes();
        t.restart();
        const lanescope::memsnap::SnapshotAnalysis a = lanescope::memsnap::analyzeSnapshot(*r.snapshot);
        const double analyze = double(t.nsecsElapsed()) / 1e9;
        entries = 0;
        for (const auto &d : r.snapshot->deviceTraces)
            entries += d.entries.size();
        modelBytes = r.snapshot->modelBytes();
        readerPeak = r.snapshot->pickleBytesPeak;
        fileBytes = r.snapshot->fileBytes;
        bestOpen = i == 0 ? open : std::min(bestOpen, open);
        bestAnalyze = i == 0 ? analyze : std::min(bestAnalyze, analyze);
        std::printf("run %d: open %.2f s, analyze %.2f s, %zu devices\n", i + 1, open, analyze, a.devices.size());
    }
    std::printf("{\"open_s\": %.3f, \"analyze_s\": %.3f, \"file_mb\": %.1f, \"entries\": %zu, \"model_mb\": %.1f, "
                "\"reader_peak_mb\": %.1f, \"rss_anon_mb\": %.1f, \"peak_rss_mb\": %.1f}\n",
                bestOpen, bestAnalyze, mb(double(fileBytes)), entries, mb(double(modelBytes)), mb(double(readerPeak)),
                mb(double(anonAfterOpen)), mb(double(peakResidentBytes())));
    return 0;
}
