// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target for the trace parser (Perfetto's trace_parsing_fuzzer is the model): any bytes
// -> loadTrace with 1 and 2 threads, then every column of the model is read and a few events are
// read back from the bytes. Crashes, sanitizer reports and hangs are the findings. Input that starts
// with the gzip magic is also written to a file and opened from there, once with each inflater
// (ISA-L where built in, and zlib), so cut, corrupt and concatenated gzip streams are fuzzed too, and
// so are the streamed parse of its pieces and the inflated-size estimate the progress uses
// (io/GzipSize). With one thread the load is also made with LANESCOPE_PARSE_RAPIDJSON set: the SAX
// pass's fast path must give the same model, warnings and errors as RapidJSON alone. The module
// tree and the memory owners of each trace are checked against their bounds.
#include "core/analysis/measures/memory_owners/MemoryOwners.h"
#include "core/analysis/measures/summaries/ModuleSummary.h"
#include "core/io/GzipSize.h"
#include "core/io/MappedSource.h"
#include "core/model/Trace.h"
#include "core/parse/EventArgs.h"
#include "core/parse/TraceLoader.h"

#include <QCoreApplication>
#include <QFile>
#include <QStringList>
#include <QTemporaryDir>

#include <cstddef>
#include <cstdint>
#include <string>

namespace {

std::uint64_t touch(const lanescope::Trace &t)
{
    std::uint64_t h = t.eventCount + t.malformedEvents + t.truncatedAtByte + std::uint64_t(t.minTs) + std::uint64_t(t.maxTs);
    for (const auto &tr : t.tracks) {
        if (tr.dur.size() != tr.size() || tr.nameId.size() != tr.size() || tr.catId.size() != tr.size()
            || tr.depth.size() != tr.size() || tr.fileOffset.size() != tr.size())
            __builtin_trap();
        for (std::size_t i = 0; i < tr.size(); ++i) {
            if (i && tr.start[i - 1] > tr.start[i])
                __builtin_trap(); // columns must be sorted by start
            if (tr.depth[i] > tr.maxDepth || tr.catId[i] >= t.categories.size())
                __builtin_trap();
            h += std::uint64_t(tr.end(i)) + tr.depth[i] + tr.fileOffset[i] + t.strings.view(tr.nameId[i]).size()
                + std::uint64_t(t.category(tr.catId[i]).size());
        }
        h += std::uint64_t(tr.name.size() + tr.pidLabel.size() + tr.tidLabel.size());
    }
    for (const auto &f : t.flows) {
        if (f.fromTrack >= t.tracks.size() || f.toTrack >= t.tracks.size()
            || f.fromSlice >= t.tracks[f.fromTrack].size() || f.toSlice >= t.tracks[f.toTrack].size())
            __builtin_trap();
        h += std::uint64_t(t.tracks[f.fromTrack].start[f.fromSlice]) + std::uint64_t(f.kind);
    }
    for (const auto &m : t.memory)
        for (const auto &s : m.samples)
            h += std::uint64_t(s.ts + s.bytes + s.allocated + s.reserved);
    for (const auto &c : t.counters) {
        if (c.ts.size() != c.value.size())
            __builtin_trap();
        for (std::size_t i = 0; i < c.ts.size(); ++i)
            h += std::uint64_t(c.ts[i]) + std::uint64_t(c.value[i] == c.value[i]);
    }
    for (const auto &p : t.processes)
        h += std::uint64_t(p.name.size() + p.labels.size());
    for (const auto &d : t.devices)
        h += std::uint64_t(d.name.size());
    for (const auto &w : t.warnings)
        h += std::uint64_t(w.size());
    // Read back the first and last slice of every track (bounded), as the details panel would.
    int reads = 0;
    for (const auto &tr : t.tracks) {
        if (tr.size() == 0 || reads > 16)
            continue;
        for (std::size_t i : {std::size_t(0), tr.size() - 1}) {
            const auto d = lanescope::readEventDetails(t, tr.fileOffset[i]);
            h += std::uint64_t(d.ok) + std::uint64_t(d.args.size()) + std::uint64_t(d.json.size());
            ++reads;
        }
    }
    return h;
}

// The analyses whose sizes come from the input, checked against their bounds: the module tree
// (depth, node count, name and path lengths, parents before children) and the memory owners (no
// sum wraps below zero, however large the events' sizes).
std::uint64_t boundedAnalyses(const lanescope::Trace &t)
{
    using namespace lanescope::analysis;
    std::uint64_t h = 0;
    const ModuleSummary m = moduleSummary(t);
    if (m.nodes.size() > kMaxModuleNodes)
        __builtin_trap();
    for (std::size_t k = 0; k < m.nodes.size(); ++k) {
        const ModuleNode &n = m.nodes[k];
        if (n.depth >= kMaxModuleDepth || n.parent >= int(k) || n.name.size() > kMaxModuleNameChars
            || n.path.size() > kMaxModulePathChars || n.count < 0 || n.cpuNs < 0)
            __builtin_trap();
        h += std::uint64_t(n.depth) + std::uint64_t(n.path.size());
    }
    const MemoryOwners o = memoryOwners(t, memorySummary(t), findSteps(t));
    for (const auto *rows : {&o.topAllocators, &o.neverFreed})
        for (const MemoryOwnerRow &r : *rows) {
            if (r.bytes < 0 || r.count < 0 || r.lifetimeNs < 0)
                __builtin_trap();
            h += std::uint64_t(r.bytes);
        }
    if (o.neverFreedBytes < 0 || o.unmatchedFreeBytes < 0 || o.implausibleSizes < 0)
        __builtin_trap();
    return h + std::uint64_t(o.implausibleSizes);
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    static QCoreApplication *app = new QCoreApplication(*argc, *argv); // for tr(); lives for the run
    (void)app;
    static QTemporaryDir cache;
    if (cache.isValid())
        qputenv("XDG_CACHE_HOME", QFile::encodeName(cache.path()));
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    static volatile std::uint64_t sink = 0;
    const std::string bytes(reinterpret_cast<const char *>(data), size);
    std::uint64_t seen[2] = {0, 0};
    QString errors[2];
    QStringList warnings[2];
    for (int threads : {1, 2}) {
        lanescope::LoadOptions options;
        options.threads = threads;
        const auto r = lanescope::loadTrace(lanescope::MappedSource::fromBytes(bytes), options);
        if (r.trace)
            sink = sink + touch(*r.trace);
        else if (r.error.isEmpty())
            __builtin_trap(); // a failed load must say why
        if (threads == 1) {
            errors[0] = r.error;
            if (r.trace) {
                seen[0] = touch(*r.trace);
                warnings[0] = r.trace->warnings;
                sink = sink + boundedAnalyses(*r.trace);
            }
        }
    }
    {
        // The SAX pass's fast path (parse/EventReader.h) must read exactly what RapidJSON reads.
        qputenv("LANESCOPE_PARSE_RAPIDJSON", "1");
        lanescope::LoadOptions options;
        options.threads = 1;
        const auto r = lanescope::loadTrace(lanescope::MappedSource::fromBytes(bytes), options);
        qunsetenv("LANESCOPE_PARSE_RAPIDJSON");
        errors[1] = r.error;
        if (r.trace) {
            seen[1] = touch(*r.trace);
            warnings[1] = r.trace->warnings;
        }
        if (seen[0] != seen[1] || errors[0] != errors[1] || warnings[0] != warnings[1])
            __builtin_trap();
    }
    if (size >= 2 && data[0] == 0x1f && data[1] == 0x8b) {
        const lanescope::io::InflatedSize need = lanescope::io::estimateInflatedSize(data, size);
        sink = sink + need.bytes + std::uint64_t(need.exact);
        static QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("input.json.gz"));
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(bytes.data(), qint64(size)) != qint64(size))
            return 0;
        f.close();
        std::uint64_t loaded[2] = {0, 0};
        bool ok[2] = {false, false};
        for (int zlib : {0, 1}) {
            if (zlib)
                qputenv("LANESCOPE_INFLATE", "zlib");
            lanescope::LoadOptions options;
            options.threads = 2;
            const auto r = lanescope::loadTrace(path, options);
            qunsetenv("LANESCOPE_INFLATE");
            if (r.trace) {
                ok[zlib] = true;
                loaded[zlib] = r.trace->jsonBytes;
                sink = sink + touch(*r.trace);
            } else if (r.error.isEmpty()) {
                __builtin_trap();
            }
        }
        if (ok[0] != ok[1] || loaded[0] != loaded[1])
            __builtin_trap(); // the two inflaters must agree on what the file holds
        if (ok[1] && need.exact && loaded[1] != need.bytes)
            __builtin_trap(); // an estimate called exact must be what zlib inflates
    }
    return 0;
}
