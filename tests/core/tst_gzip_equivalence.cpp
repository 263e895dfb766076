// SPDX-License-Identifier: GPL-3.0-or-later
// Golden test of .json.gz loading: a trace loads into the same model whether it is read as plain
// JSON or as gzip (one member, or two members split at an arbitrary byte), at every thread count;
// the same events are read back on demand (args, JSON text) and the CLI prints the same analysis.
// Every real trace of ../shared/traces is a row, plus inline traces written for what a streaming
// inflate+parse could get wrong: keys after traceEvents, the bare array form, metadata / counter /
// async events, a 3 MB string holding `, {`, and a ~40 MB trace that is inflated in many pieces.
// Bad gzip (cut, corrupt) must load exactly what zlib can inflate of the same bytes.
//
// The plain form is what zlib inflates (independently of the loader, TestUtil.h); tst_mappedsource
// checks the inflated bytes themselves, this test the whole loaded model and what is built on it.
#include "tests/CliRun.h"
#include "tests/core/LoadHelpers.h"
#include "tests/core/ModelCompare.h"
#include "tests/TestTraces.h"
#include "tests/core/TestUtil.h"

#include "core/analysis/measures/collectives/Collectives.h"
#include "core/analysis/measures/mfu/Mfu.h"
#include "core/analysis/run/Steps.h"
#include "core/parse/EventArgs.h"

#include <QDirIterator>
#include <QElapsedTimer>
#include <QMap>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <functional>
#include <map>

#ifdef __clang__
// QSKIP passes an empty __VA_ARGS__, which clang's -Wpedantic reports at every use.
#pragma clang diagnostic ignored "-Wgnu-zero-variadic-macro-arguments"
#endif

using namespace lanescope;
using namespace lanescope::test;

namespace {

// ---- zlib, independently of the loader ------------------------------------------------------

enum class ZlibEnd { Complete, Cut, Corrupt };

// Inflates every member zlib can; says whether the stream ended properly, ran out, or is corrupt
// (a data error or a bad trailer: zlib's Z_DATA_ERROR).
std::string zlibInflate(const std::string &in, ZlibEnd *end)
{
    std::string out;
    *end = ZlibEnd::Corrupt;
    z_stream zs = {};
    if (inflateInit2(&zs, 16 + MAX_WBITS) != Z_OK)
        return out;
    zs.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(in.data()));
    zs.avail_in = uInt(in.size());
    std::string buf(1 << 16, '\0');
    for (;;) {
        zs.next_out = reinterpret_cast<Bytef *>(buf.data());
        zs.avail_out = uInt(buf.size());
        const int rc = inflate(&zs, Z_NO_FLUSH);
        out.append(buf.data(), buf.size() - zs.avail_out);
        if (rc == Z_STREAM_END) {
            if (zs.avail_in >= 2 && zs.next_in[0] == 0x1f && zs.next_in[1] == 0x8b) {
                inflateReset(&zs);
                continue;
            }
            *end = zs.avail_in == 0 ? ZlibEnd::Complete : ZlibEnd::Corrupt;
            break;
        }
        if (rc == Z_DATA_ERROR || rc == Z_NEED_DICT || rc == Z_MEM_ERROR || rc == Z_STREAM_ERROR) {
            *end = ZlibEnd::Corrupt;
            break;
        }
        if (zs.avail_in == 0 && zs.avail_out != 0) { // everything given was used: the stream is cut
            *end = ZlibEnd::Cut;
            break;
        }
    }
    inflateEnd(&zs);
    return out;
}

// ---- inline traces --------------------------------------------------------------------------

// Kineto writes microseconds with three decimals.
std::string usText(std::int64_t ns)
{
    std::string frac = std::to_string(ns % 1000);
    return std::to_string(ns / 1000) + "." + std::string(3 - frac.size(), '0') + frac;
}

class EventList
{
public:
    void add(const std::string &e)
    {
        if (m_n++)
            m_text += ",\n  ";
        m_text += e;
    }
    const std::string &text() const { return m_text; }
    std::size_t bytes() const { return m_text.size(); }

private:
    std::string m_text;
    std::size_t m_n = 0;
};

const char *const kDeviceProperties =
    R"("deviceProperties": [{"id": 0, "name": "NVIDIA A100-SXM4-80GB", "totalGlobalMem": 85198045184, "computeMajor": 8, "computeMinor": 0, "maxThreadsPerBlock": 1024, "maxThreadsPerMultiprocessor": 2048, "regsPerBlock": 65536, "warpSize": 32, "sharedMemPerBlock": 49152, "numSms": 108}])";
const char *const kDistributedInfo =
    R"("distributedInfo": {"backend": "nccl", "rank": 1, "world_size": 2, "pg_count": 1, "pg_config": [{"pg_name": "0", "pg_desc": "default_pg", "backend_config": "cuda:nccl", "pg_size": 2, "ranks": [0, 1]}], "nccl_version": "2.18.1"})";

// A Kineto-like training trace: per step a ProfilerStep, a GEMM with flops, its launch and kernel
// (ac2g flow), an NCCL all-reduce with its args, allocator events, a counter, an async span, and
// now and then an op whose name and args hold `, {` and escapes. Iterations go on until the
// events hold at least minBytes. trailingKeys: traceName, displayTimeUnit, baseTimeNanoseconds and
// distributedInfo come after the traceEvents array, as Kineto 2.x writes them.
std::string kinetoTrace(std::size_t minBytes, bool trailingKeys)
{
    EventList ev;
    const std::int64_t t0 = 5045701134376000; // ns
    std::int64_t allocated = 1 << 20;
    for (int i = 0; ev.bytes() < minBytes || i < 4; ++i) {
        const std::int64_t b = t0 + std::int64_t(i) * 2000000;
        const std::string step = "ProfilerStep#" + std::to_string(i);
        const std::string corr = std::to_string(1000 + 2 * i), corrNccl = std::to_string(1001 + 2 * i);
        const std::string ext = std::to_string(50 + i);
        ev.add(R"({"ph": "X", "cat": "user_annotation", "name": ")" + step + R"(", "pid": 100, "tid": 100, "ts": )"
               + usText(b) + R"(, "dur": 1900.000, "args": {"External id": )" + ext + "}}");
        ev.add(R"({"ph": "X", "cat": "gpu_user_annotation", "name": ")" + step + R"(", "pid": 0, "tid": 7, "ts": )"
               + usText(b + 30000) + R"(, "dur": 1500.000, "args": {"External id": )" + ext + R"(, "device": 0, "stream": 7}})");
        ev.add(R"({"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 100, "tid": 100, "ts": )" + usText(b + 10000)
               + R"(, "dur": 50.125, "args": {"External id": )" + ext
               + R"(, "Record function id": 0, "Ev Idx": )" + std::to_string(3 * i)
               + R"(, "Input Dims": [[64, 128], [128, 256]], "Input type": ["float", "float"], "flops": )"
               + std::to_string(4194304 + i) + "}}");
        ev.add(R"({"ph": "i", "cat": "cpu_instant_event", "s": "t", "name": "[memory]", "pid": 100, "tid": 100, "ts": )"
               + usText(b + 12000) + R"(, "args": {"Device Type": 1, "Device Id": 0, "Addr": )" + std::to_string(94000000 + i)
               + R"(, "Bytes": 1048576, "Total Allocated": )" + std::to_string(allocated + (1 << 20))
               + R"(, "Total Reserved": 268435456, "Ev Idx": )" + std::to_string(3 * i + 1) + "}}");
        ev.add(R"({"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 100, "tid": 100, "ts": )"
               + usText(b + 20000) + R"(, "dur": 5.250, "args": {"cbid": 211, "correlation": )" + corr
               + R"(, "External id": )" + ext + "}}");
        ev.add(R"({"ph": "s", "id": )" + corr + R"(, "pid": 100, "tid": 100, "ts": )" + usText(b + 20000)
               + R"(, "cat": "ac2g", "name": "ac2g"})");
        ev.add(R"({"ph": "X", "cat": "kernel", "name": "ampere_sgemm_128x64_nn", "pid": 0, "tid": 7, "ts": )"
               + usText(b + 30000) + R"(, "dur": 400.000, "args": {"queued": 0, "device": 0, "context": 1, "stream": 7, "correlation": )"
               + corr + R"(, "registers per thread": 128, "shared memory": 0, "blocks per SM": 1.5, "warps per SM": 8.0, "grid": [256, 1, 1], "block": [256, 1, 1], "est. achieved occupancy %": 0}})");
        ev.add(R"({"ph": "f", "id": )" + corr + R"(, "pid": 0, "tid": 7, "ts": )" + usText(b + 30000)
               + R"(, "cat": "ac2g", "name": "ac2g", "bp": "e"})");
        ev.add(R"({"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 100, "tid": 100, "ts": )"
               + usText(b + 500000) + R"(, "dur": 7.000, "args": {"cbid": 211, "correlation": )" + corrNccl + "}}");
        ev.add(R"({"ph": "s", "id": )" + corrNccl + R"(, "pid": 100, "tid": 100, "ts": )" + usText(b + 500000)
               + R"(, "cat": "ac2g", "name": "ac2g"})");
        ev.add(R"j({"ph": "X", "cat": "kernel", "name": "ncclKernel_AllReduce_RING_LL_Sum_float(ncclDevComm*, unsigned long, ncclWork*)", "pid": 0, "tid": 20, "ts": )j"
               + usText(b + 600000) + R"(, "dur": 300.500, "args": {"queued": 0, "device": 0, "context": 1, "stream": 20, "correlation": )"
               + corrNccl + R"(, "Collective name": "allreduce", "Process Group Name": "0", "Process Group Description": "default_pg", "Seq": )"
               + std::to_string(i) + R"(, "In msg nelems": 1048576, "Out msg nelems": 1048576, "Group size": 2, "dtype": "Float"}})");
        ev.add(R"({"ph": "f", "id": )" + corrNccl + R"(, "pid": 0, "tid": 20, "ts": )" + usText(b + 600000)
               + R"(, "cat": "ac2g", "name": "ac2g", "bp": "e"})");
        ev.add(R"({"ph": "i", "cat": "cpu_instant_event", "s": "t", "name": "[memory]", "pid": 100, "tid": 100, "ts": )"
               + usText(b + 1800000) + R"(, "args": {"Device Type": 1, "Device Id": 0, "Addr": )" + std::to_string(94000000 + i)
               + R"(, "Bytes": -1048576, "Total Allocated": )" + std::to_string(allocated)
               + R"(, "Total Reserved": 268435456, "Ev Idx": )" + std::to_string(3 * i + 2) + "}}");
        if (i % 5 == 0)
            ev.add(R"({"ph": "C", "name": "GPU Utilization", "pid": 0, "ts": )" + usText(b) + R"(, "args": {"value": )"
                   + std::to_string(double(i % 20) / 20.0) + "}}");
        if (i % 3 == 0) {
            const std::string id = "\"0x" + std::to_string(i) + "\"";
            ev.add(R"({"ph": "b", "cat": "dataloader", "name": "fetch batch", "id": )" + id + R"(, "pid": 100, "tid": 100, "ts": )"
                   + usText(b + 1000) + "}");
            ev.add(R"({"ph": "e", "cat": "dataloader", "name": "fetch batch", "id": )" + id + R"(, "pid": 100, "tid": 100, "ts": )"
                   + usText(b + 800000) + "}");
        }
        if (i % 7 == 0)
            ev.add(R"({"ph": "X", "cat": "cpu_op", "name": "aten::weird, {op} \"q\" [x]", "pid": 100, "tid": 101, "ts": )"
                   + usText(b + 40000) + R"(, "dur": 3.000, "args": {"note": "a, {b}, {\"c\": 1}, ], [", "path": "C:\\tmp\\x, {y}"}})");
    }
    for (const char *m : {
             R"({"name": "process_name", "ph": "M", "ts": 5045701134376.000, "pid": 100, "tid": 0, "args": {"name": "python3"}})",
             R"({"name": "process_labels", "ph": "M", "ts": 5045701134376.000, "pid": 100, "tid": 0, "args": {"labels": "CPU"}})",
             R"({"name": "process_sort_index", "ph": "M", "ts": 5045701134376.000, "pid": 100, "tid": 0, "args": {"sort_index": 100}})",
             R"({"name": "process_name", "ph": "M", "ts": 5045701134376.000, "pid": 0, "tid": 0, "args": {"name": "python3"}})",
             R"({"name": "process_labels", "ph": "M", "ts": 5045701134376.000, "pid": 0, "tid": 0, "args": {"labels": "GPU 0"}})",
             R"({"name": "process_sort_index", "ph": "M", "ts": 5045701134376.000, "pid": 0, "tid": 0, "args": {"sort_index": 16777216}})",
             R"j({"name": "thread_name", "ph": "M", "ts": 5045701134376.000, "pid": 100, "tid": 100, "args": {"name": "thread 100 (python3)"}})j",
             R"({"name": "thread_sort_index", "ph": "M", "ts": 5045701134376.000, "pid": 100, "tid": 100, "args": {"sort_index": 100}})",
             R"({"name": "thread_name", "ph": "M", "ts": 5045701134376.000, "pid": 0, "tid": 7, "args": {"name": "stream 7 "}})",
             R"({"name": "thread_name", "ph": "M", "ts": 5045701134376.000, "pid": 0, "tid": 20, "args": {"name": "stream 20 "}})",
             R"j({"ph": "X", "cat": "Trace", "ts": 5045701134376.000, "dur": 100.000, "pid": "Spans", "tid": "PyTorch Profiler", "name": "PyTorch Profiler (0)", "args": {"Op count": 0}})j",
         })
        ev.add(m);

    std::string out = std::string("{\n  \"schemaVersion\": 1,\n  ") + kDeviceProperties + ",\n  ";
    if (!trailingKeys)
        out += std::string(kDistributedInfo) + ",\n  ";
    out += "\"traceEvents\": [\n  " + ev.text() + "\n]";
    if (trailingKeys)
        out += std::string(",\n  \"traceName\": \"/tmp/run/rank1.pt.trace.json\",\n  \"displayTimeUnit\": \"ms\",\n")
            + "  \"baseTimeNanoseconds\": 1700000000000000000,\n  " + kDistributedInfo;
    out += "\n}\n";
    return out;
}

// Chrome's bare array form: B/E pairs, complete and instant events, metadata; closed or not (Chrome
// accepts an array whose ']' never came).
std::string bareArrayTrace(bool closed)
{
    EventList ev;
    for (int i = 0; i < 300; ++i) {
        const std::int64_t b = 1000000 + std::int64_t(i) * 10000;
        ev.add(R"({"name": "frame", "ph": "B", "pid": 1, "tid": 1, "ts": )" + usText(b) + "}");
        ev.add(R"({"name": "draw, {x}", "cat": "gfx", "ph": "X", "pid": 1, "tid": 1, "ts": )" + usText(b + 1000)
               + R"(, "dur": 2.5, "args": {"n": )" + std::to_string(i) + "}}");
        ev.add(R"({"name": "frame", "ph": "E", "pid": 1, "tid": 1, "ts": )" + usText(b + 8000) + "}");
        ev.add(R"({"name": "vsync", "ph": "i", "s": "g", "pid": 1, "tid": 2, "ts": )" + usText(b + 9000) + "}");
    }
    ev.add(R"({"name": "thread_name", "ph": "M", "pid": 1, "tid": 1, "args": {"name": "CrRendererMain"}})");
    ev.add(R"({"name": "process_name", "ph": "M", "pid": 1, "args": {"name": "Renderer"}})");
    return "[\n  " + ev.text() + (closed ? "\n]\n" : ",\n");
}

// Metadata of every kind, counters with several series, async b/e/n with ids and scopes.
std::string metadataCounterAsyncTrace()
{
    EventList ev;
    ev.add(R"({"name": "process_name", "ph": "M", "pid": 7, "tid": 0, "args": {"name": "trainer"}})");
    ev.add(R"({"name": "process_labels", "ph": "M", "pid": 7, "tid": 0, "args": {"labels": "rank 0, {node a}"}})");
    ev.add(R"({"name": "process_sort_index", "ph": "M", "pid": 7, "tid": 0, "args": {"sort_index": -5}})");
    ev.add(R"({"name": "thread_name", "ph": "M", "pid": 7, "tid": 70, "args": {"name": "main"}})");
    ev.add(R"({"name": "thread_sort_index", "ph": "M", "pid": 7, "tid": 70, "args": {"sort_index": 2}})");
    ev.add(R"({"name": "thread_name", "ph": "M", "pid": 7, "tid": 71, "args": {"name": "worker"}})");
    ev.add(R"({"name": "process_name", "ph": "M", "pid": "Spans", "tid": 0, "args": {"name": "spans"}})");
    for (int i = 0; i < 400; ++i) {
        const std::int64_t b = 2000000 + std::int64_t(i) * 5000;
        ev.add(R"({"ph": "X", "cat": "cpu_op", "name": "op)" + std::to_string(i % 13) + R"(", "pid": 7, "tid": )"
               + std::to_string(70 + i % 2) + R"(, "ts": )" + usText(b) + R"(, "dur": 3.000, "args": {"i": )" + std::to_string(i) + "}}");
        ev.add(R"({"ph": "C", "name": "memory", "pid": 7, "ts": )" + usText(b) + R"(, "args": {"allocated": )"
               + std::to_string(1000 + i * 3) + R"(, "reserved": )" + std::to_string(4096 + i) + "}}");
        if (i % 4 == 0)
            ev.add(R"({"ph": "C", "name": "queue depth", "pid": 7, "id": 2, "ts": )" + usText(b) + R"(, "args": {"depth": )"
                   + std::to_string(i % 9) + "}}");
        const std::string id = std::to_string(i / 2);
        ev.add(std::string(R"({"ph": ")") + (i % 2 ? "e" : "b") + R"(", "cat": "request", "name": "req )" + id + R"(", "id": )" + id
               + R"(, "pid": 7, "tid": 70, "ts": )" + usText(b + (i % 2 ? 4000 : 100)) + "}");
        if (i % 10 == 0)
            ev.add(R"({"ph": "n", "cat": "request", "name": "mark", "id": )" + id + R"(, "pid": 7, "tid": 70, "ts": )" + usText(b + 200)
                   + R"(, "args": {"what": "}, {"}})");
    }
    return "{\"traceEvents\": [\n  " + ev.text() + "\n], \"displayTimeUnit\": \"ns\", \"otherData\": {\"version\": \"x, {y}\"}}\n";
}

// One event whose args hold a ~3 MB string full of `, {`, `}, {`, escaped quotes and backslashes
// and multi-byte UTF-8, between ordinary events: a piece boundary lands inside the string.
std::string bigStringTrace()
{
    std::string blob;
    const std::string unit = R"(, {\"ph\": \"X\", \"name\": \"fake\"}, {[\\]} é漢 \u00e9 \n\t)";
    while (blob.size() < 3u << 20)
        blob += unit + std::to_string(blob.size());
    EventList ev;
    for (int i = 0; i < 200; ++i)
        ev.add(R"({"ph": "X", "cat": "cpu_op", "name": "before, {)" + std::to_string(i) + R"(}", "pid": 1, "tid": 1, "ts": )"
               + usText(1000000 + std::int64_t(i) * 1000) + R"(, "dur": 0.500, "args": {"s": "}, {\"a\": [1, 2]}"}})");
    ev.add(R"({"ph": "X", "cat": "cpu_op", "name": "the big one", "pid": 1, "tid": 2, "ts": 1100000.000, "dur": 10.000, "args": {"blob": ")"
           + blob + R"(", "after": 42}})");
    for (int i = 0; i < 200; ++i)
        ev.add(R"({"ph": "X", "cat": "cpu_op", "name": "after, {)" + std::to_string(i) + R"(}", "pid": 1, "tid": 3, "ts": )"
               + usText(1200000 + std::int64_t(i) * 1000) + R"(, "dur": 0.500, "args": {"s": ", {", "k": ", {\"ph\": \"X\"}"}})");
    return "{\"schemaVersion\": 1, \"traceEvents\": [\n  " + ev.text() + "\n], \"traceName\": \", {\\\"traceEvents\\\": [\"}\n";
}

// ---- comparisons ----------------------------------------------------------------------------

// What diffTraces (ModelCompare.h) does not look at.
QString diffMore(const Trace &a, const Trace &b)
{
    QStringList out;
    if (a.pgConfig != b.pgConfig)
        out << QStringLiteral("pgConfig differs: '%1' vs '%2'").arg(a.pgConfig, b.pgConfig);
    if (a.legacyProfiler != b.legacyProfiler)
        out << QStringLiteral("legacyProfiler differs");
    if (a.unrecognisedDeviceWork != b.unrecognisedDeviceWork)
        out << QStringLiteral("unrecognisedDeviceWork differs");
    if (a.jsonBytes != b.jsonBytes)
        out << QStringLiteral("jsonBytes differs: %1 vs %2").arg(a.jsonBytes).arg(b.jsonBytes);
    if (a.sliceCount() != b.sliceCount())
        out << QStringLiteral("sliceCount differs");
    std::map<QString, int> classA, classB;
    for (std::size_t c = 0; c < a.categories.size(); ++c)
        classA[a.category(std::uint16_t(c))] = c < a.categoryClass.size() ? int(a.categoryClass[c]) : -1;
    for (std::size_t c = 0; c < b.categories.size(); ++c)
        classB[b.category(std::uint16_t(c))] = c < b.categoryClass.size() ? int(b.categoryClass[c]) : -1;
    if (classA != classB)
        out << QStringLiteral("category classes differ");
    QList<int> devA, devB;
    for (const DeviceInfo *d : a.tracedDevices())
        devA << d->id;
    for (const DeviceInfo *d : b.tracedDevices())
        devB << d->id;
    if (devA != devB)
        out << QStringLiteral("tracedDevices differ");
    return out.join(QLatin1Char('\n'));
}

QString diffAll(const Trace &a, const Trace &b)
{
    QString d = diffTraces(a, b);
    const QString more = diffMore(a, b);
    if (!more.isEmpty())
        d += (d.isEmpty() ? QString() : QStringLiteral("\n")) + more;
    return d;
}

// Which slices to read back: about 200 spread over the trace (every Nth of every track), and the
// first and last of every track.
std::vector<std::pair<std::size_t, std::size_t>> slicesToRead(const Trace &t)
{
    const std::size_t every = std::max<std::size_t>(1, t.sliceCount() / 200);
    std::vector<std::pair<std::size_t, std::size_t>> out;
    for (std::size_t k = 0; k < t.tracks.size(); ++k) {
        const std::size_t n = t.tracks[k].size();
        for (std::size_t i = 0; i < n; ++i)
            if (i % every == 0 || i + 1 == n)
                out.emplace_back(k, i);
    }
    return out;
}

// Empty when every chosen slice reads back (ok) with the same JSON text and args from both traces.
// The traces must hold the same model (diffTraces), so track k slice i is the same event in both.
QString diffDetails(const Trace &a, const Trace &b, std::size_t *read = nullptr)
{
    QStringList out;
    std::size_t n = 0;
    for (const auto &[k, i] : slicesToRead(a)) {
        if (k >= b.tracks.size() || i >= b.tracks[k].size())
            return QStringLiteral("track %1 slice %2 is missing from the second trace").arg(k).arg(i);
        const EventDetails x = readEventDetails(a, a.tracks[k].fileOffset[i]);
        const EventDetails y = readEventDetails(b, b.tracks[k].fileOffset[i]);
        ++n;
        const QString where = QStringLiteral("track %1 (%2) slice %3 at byte %4").arg(k).arg(a.tracks[k].name).arg(i).arg(a.tracks[k].fileOffset[i]);
        if (!x.ok || !y.ok)
            out << where + QStringLiteral(": not read (%1 / %2)").arg(x.ok ? QStringLiteral("ok") : x.error, y.ok ? QStringLiteral("ok") : y.error);
        else if (x.json != y.json)
            out << where + QStringLiteral(": the JSON text differs");
        else if (x.args != y.args)
            out << where + QStringLiteral(": the args differ");
        if (out.size() >= 10)
            break;
    }
    if (read)
        *read = n;
    return out.join(QLatin1Char('\n'));
}

// What the analysis reads from the file itself (event args): the collectives and the measured flops.
QString diffArgAnalysis(const Trace &a, const Trace &b)
{
    QStringList out;
    const analysis::MeasuredFlops fa = analysis::measuredFlops(a), fb = analysis::measuredFlops(b);
    if (fa.flops != fb.flops || fa.opsRead != fb.opsRead || fa.opsWithFlops != fb.opsWithFlops)
        out << QStringLiteral("measured flops differ: %1 in %2 of %3 vs %4 in %5 of %6")
                   .arg(fa.flops)
                   .arg(fa.opsWithFlops)
                   .arg(fa.opsRead)
                   .arg(fb.flops)
                   .arg(fb.opsWithFlops)
                   .arg(fb.opsRead);
    const auto ca = analysis::findCollectives(a, analysis::findSteps(a));
    const auto cb = analysis::findCollectives(b, analysis::findSteps(b));
    if (ca.size() != cb.size())
        out << QStringLiteral("collectives: %1 vs %2").arg(ca.size()).arg(cb.size());
    else
        for (std::size_t i = 0; i < ca.size(); ++i) {
            const auto &x = ca[i], &y = cb[i];
            if (x.name != y.name || x.group != y.group || x.seq != y.seq || x.step != y.step || x.ordinal != y.ordinal
                || x.start != y.start || x.end != y.end || x.onGpu != y.onGpu || x.track != y.track || x.slice != y.slice) {
                out << QStringLiteral("collective %1 differs (%2 / %3)").arg(i).arg(x.name, y.name);
                break;
            }
        }
    return out.join(QLatin1Char('\n'));
}

// The CLI's JSON with what legitimately differs between the two files taken out: where the input
// is and how big it is on disk, whether it was gzipped and how long it took. Done on the text, so
// every other number is compared exactly as printed.
QByteArray normalisedCliJson(QByteArray out, const QStringList &inputs)
{
    for (const QString &in : inputs)
        out.replace(in.toUtf8(), "INPUT");
    out.replace(".json.gz", ".json");
    static const QRegularExpression legit(QStringLiteral(
        ",?\"(path|folder|bytes|gzipped|load_seconds|mb_per_s|anon_rss_bytes)\":(\"([^\"\\\\]|\\\\.)*\"|[^,}\\]]*)"));
    return QString::fromUtf8(out).remove(legit).replace(QLatin1String("{,"), QLatin1String("{")).toUtf8();
}

// Where two texts first differ, with some context.
QString firstDifference(const QByteArray &a, const QByteArray &b)
{
    qsizetype i = 0;
    while (i < a.size() && i < b.size() && a[i] == b[i])
        ++i;
    const qsizetype from = std::max<qsizetype>(0, i - 120);
    return QStringLiteral("at byte %1:\n  %2\n  %3")
        .arg(i)
        .arg(QString::fromUtf8(a.mid(from, 240)), QString::fromUtf8(b.mid(from, 240)));
}

} // namespace

class tst_GzipEquivalence : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void models_data();
    void models();
    void cliAnalyze_data();
    void cliAnalyze();
    void cliFolders_data();
    void cliFolders();
    void badGzip_data();
    void badGzip();
    void comparisonsCanFail();

private:
    // One trace in its three forms on disk.
    struct Forms
    {
        QString plain, gz, gz2; // plain JSON; gzip; gzip as two members split mid-way
        std::uint64_t plainBytes = 0, gzBytes = 0;
        std::size_t split = 0; // where the JSON is split between the two members
        std::size_t elements = 0; // of traceEvents, counted by TestUtil's scanner
    };
    // The traces of the rows: a real file (read in place) or an inline trace made on first use.
    struct Source
    {
        QString realPath;
        std::function<std::string()> make;
        // What the inline trace was written to hold, checked on the plain load: a row whose edge case
        // the loader ignored in both forms alike would otherwise pass for nothing. Empty: as expected.
        std::function<QString(const Trace &)> expect;
    };
    bool forms(const QString &name, Forms *f, QString *why);
    void addSourceRows(const std::function<void(const QString &)> &addRow);
    QStringList realFiles() const;
    QStringList realFolders() const;

    QTemporaryDir m_dir;
    QTemporaryDir m_cache; // XDG_CACHE_HOME: inflated copies never go to the user's cache
    QMap<QString, Source> m_sources;
    QMap<QString, Forms> m_forms;
    QElapsedTimer m_timer;
};

QStringList tst_GzipEquivalence::realFiles() const
{
    QStringList files;
    for (const QString &f : realTraceFiles())
        files << QDir(tracesDir()).relativeFilePath(f);
    files.sort();
    return files;
}

QStringList tst_GzipEquivalence::realFolders() const
{
    QStringList dirs = QDir(tracesDir()).entryList({QStringLiteral("torch-cpu-2rank-*")}, QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    return dirs;
}

void tst_GzipEquivalence::initTestCase()
{
    m_timer.start();
    QVERIFY(m_dir.isValid());
    QVERIFY(m_cache.isValid());
    qputenv("XDG_CACHE_HOME", QFile::encodeName(m_cache.path())); // the CLI runs inherit it
    QVERIFY2(QFileInfo::exists(QStringLiteral(LANESCOPE_CLI_PATH)), LANESCOPE_CLI_PATH);
    for (const QString &rel : realFiles())
        m_sources.insert(rel, {QDir(tracesDir()).filePath(rel), {}, {}});
    const auto kineto = [](const Trace &t) {
        QStringList bad;
        if (t.rank != 1 || t.worldSize != 2 || t.backend != QLatin1String("nccl") || t.pgConfig != QLatin1String("0:2:0,1"))
            bad << QStringLiteral("distributedInfo not read");
        if (t.baseTimeNs != 1700000000000000000 || t.displayTimeUnit != QLatin1String("ms") || t.schemaVersion != 1)
            bad << QStringLiteral("the keys after traceEvents not read");
        if (t.devices.size() != 1 || t.counters.empty() || t.memory.empty() || countFlows(t, FlowKind::Launch) == 0
            || countKind(t, TrackKind::Gpu) != 2)
            bad << QStringLiteral("devices, counters, memory, flows or GPU lanes missing");
        return bad.join(QStringLiteral("; "));
    };
    m_sources.insert(QStringLiteral("inline: keys after traceEvents"), {{}, [] { return kinetoTrace(400000, true); }, kineto});
    m_sources.insert(QStringLiteral("inline: bare array"), {{}, [] { return bareArrayTrace(true); }, {}});
    m_sources.insert(QStringLiteral("inline: bare array without ]"), {{}, [] { return bareArrayTrace(false); }, {}});
    m_sources.insert(QStringLiteral("inline: metadata, counters, async"), {{}, [] { return metadataCounterAsyncTrace(); }, [](const Trace &t) {
                         bool named = false;
                         for (const Process &p : t.processes)
                             named |= p.name == QLatin1String("trainer") && p.labels == QLatin1String("rank 0, {node a}");
                         return named && t.counters.size() >= 2 && countKind(t, TrackKind::Cpu) >= 2 && t.tracks.size() > 2
                                 && t.displayTimeUnit == QLatin1String("ns")
                             ? QString()
                             : QStringLiteral("process names, counters or async lanes missing");
                     }});
    m_sources.insert(QStringLiteral("inline: 3 MB string"), {{}, [] { return bigStringTrace(); }, [](const Trace &t) {
                         for (const Track &tr : t.tracks)
                             if (tr.size() == 1) {
                                 const EventDetails d = readEventDetails(t, tr.fileOffset[0]);
                                 if (d.ok && d.args.value(QStringLiteral("blob")).toString().size() > 2000000
                                     && d.args.value(QStringLiteral("after")).toInt() == 42)
                                     return QString();
                             }
                         return QStringLiteral("the event with the 3 MB string does not read back");
                     }});
    m_sources.insert(QStringLiteral("inline: 40 MB"), {{}, [] { return kinetoTrace(40u << 20, true); }, kineto});
}

// Writes the three forms of a source on first use. A gzipped source is inflated with zlib; a plain
// one compressed with zlib. The two-member form splits the JSON at a byte that is no event boundary.
bool tst_GzipEquivalence::forms(const QString &name, Forms *f, QString *why)
{
    if (const auto it = m_forms.constFind(name); it != m_forms.constEnd()) {
        *f = *it;
        return true;
    }
    const auto src = m_sources.constFind(name);
    if (src == m_sources.constEnd()) {
        *why = QStringLiteral("no source %1").arg(name);
        return false;
    }
    const QString base = m_dir.filePath(QStringLiteral("t%1").arg(m_forms.size()));
    Forms out;
    out.plain = base + QStringLiteral(".json");
    out.gz = base + QStringLiteral(".json.gz");
    out.gz2 = base + QStringLiteral("-2members.json.gz");
    std::string plain;
    if (!src->realPath.isEmpty()) {
        const std::string file = readFile(src->realPath);
        if (file.size() >= 2 && std::uint8_t(file[0]) == 0x1f && std::uint8_t(file[1]) == 0x8b) {
            ZlibEnd end;
            plain = zlibInflate(file, &end);
            if (end != ZlibEnd::Complete) {
                *why = QStringLiteral("%1: zlib does not inflate it whole").arg(src->realPath);
                return false;
            }
            out.gz = src->realPath; // read in place
            out.gzBytes = file.size();
        } else {
            plain = file;
        }
    } else {
        plain = src->make();
    }
    if (out.gzBytes == 0) {
        const std::string gz = gzipBytes(plain, 6);
        if (gz.empty() || !writeFile(out.gz, gz)) {
            *why = QStringLiteral("could not write %1").arg(out.gz);
            return false;
        }
        out.gzBytes = gz.size();
    }
    out.split = plain.size() / 2 + 7;
    const std::string two = gzipBytes(plain.substr(0, out.split), 1) + gzipBytes(plain.substr(out.split), 9);
    out.plainBytes = plain.size();
    out.elements = scanElementEnds(plain).ends.size();
    if (!writeFile(out.plain, plain) || !writeFile(out.gz2, two)) {
        *why = QStringLiteral("could not write %1").arg(base);
        return false;
    }
    m_forms.insert(name, out);
    *f = out;
    return true;
}

void tst_GzipEquivalence::addSourceRows(const std::function<void(const QString &)> &addRow)
{
    if (realFiles().isEmpty())
        addRow(QString()); // a row that skips visibly: the real traces are absent
    for (auto it = m_sources.constBegin(); it != m_sources.constEnd(); ++it)
        addRow(it.key());
}

#define LS_SKIP_ABSENT(name)                                                                                     \
    if ((name).isEmpty())                                                                                        \
        QSKIP(qPrintable(QStringLiteral("no real traces in %1 (set LANESCOPE_TRACES_DIR): skipped").arg(tracesDir())));

void tst_GzipEquivalence::models_data()
{
    QTest::addColumn<QString>("source");
    QTest::addColumn<int>("threads"); // LoadOptions::threads; 0: the default
    addSourceRows([](const QString &s) {
        for (int threads : {0, 1, 2})
            QTest::newRow(qPrintable(QStringLiteral("%1 threads=%2").arg(s.isEmpty() ? QStringLiteral("real traces") : s).arg(threads)))
                << s << threads;
    });
}

void tst_GzipEquivalence::models()
{
    QFETCH(QString, source);
    QFETCH(int, threads);
    LS_SKIP_ABSENT(source);
    Forms f;
    QString why;
    QVERIFY2(forms(source, &f, &why), qPrintable(why));
    LoadOptions o;
    o.threads = threads;
    const LoadResult plain = loadTrace(f.plain, o);
    QVERIFY2(plain.trace, qPrintable(plain.error));
    const Trace &p = *plain.trace;
    QVERIFY(!p.gzipped);
    QCOMPARE(p.jsonBytes, f.plainBytes);
    QVERIFY(p.eventCount > 0);
    QCOMPARE(p.eventCount, quint64(f.elements));
    QCOMPARE(p.malformedEvents, quint64(0));
    QVERIFY2(!p.truncated, qPrintable(p.warnings.join(QLatin1Char('\n'))));
    if (const auto &expect = m_sources[source].expect) {
        const QString bad = expect(p);
        QVERIFY2(bad.isEmpty(), qPrintable(bad));
    }
    // The plain offsets point at each event's '{' (the gzip forms must give the same offsets).
    for (const Track &tr : p.tracks)
        for (std::size_t i = 0; i < tr.size(); i += std::max<std::size_t>(1, tr.size() / 16))
            QCOMPARE(p.source->data()[tr.fileOffset[i]], '{');

    for (const QString &gzPath : {f.gz, f.gz2}) {
        const LoadResult gz = loadTrace(gzPath, o);
        QVERIFY2(gz.trace, qPrintable(gzPath + QStringLiteral(": ") + gz.error));
        const Trace &g = *gz.trace;
        QVERIFY(g.gzipped);
        QCOMPARE(g.fileBytes, quint64(QFileInfo(gzPath).size()));
        QCOMPARE(g.jsonBytes, f.plainBytes);
        // A load figure, not the model (info --json prints it as threads_used): a .json.gz is cut
        // into 8 MB pieces as it is inflated, a plain file into one chunk per thread of at least
        // 8 MB, so the two may differ; each is at least 1 and at most the threads asked for.
        if (threads > 0)
            QVERIFY2(g.threadsUsed >= 1 && g.threadsUsed <= threads,
                     qPrintable(QStringLiteral("%1: threadsUsed %2 of %3").arg(gzPath).arg(g.threadsUsed).arg(threads)));
        const QString diff = diffAll(p, g);
        QVERIFY2(diff.isEmpty(), qPrintable(gzPath + QStringLiteral(":\n") + diff));
        std::size_t read = 0;
        const QString details = diffDetails(p, g, &read);
        QVERIFY2(details.isEmpty(), qPrintable(gzPath + QStringLiteral(":\n") + details));
        QVERIFY(read > 0 || p.sliceCount() == 0);
        if (threads == 0) { // the args the analysis reads; once per source is enough
            const QString args = diffArgAnalysis(p, g);
            QVERIFY2(args.isEmpty(), qPrintable(gzPath + QStringLiteral(":\n") + args));
        }
    }
}

void tst_GzipEquivalence::cliAnalyze_data()
{
    QTest::addColumn<QString>("source");
    QTest::addColumn<QStringList>("flags");
    const QStringList variants[] = {{QStringLiteral("--json")},
                                    {QStringLiteral("--json"), QStringLiteral("--hta"), QStringLiteral("--measure-flops")}};
    addSourceRows([&](const QString &s) {
        for (const QStringList &v : variants)
            QTest::newRow(qPrintable(QStringLiteral("%1: analyze %2").arg(s.isEmpty() ? QStringLiteral("real traces") : s, v.join(QLatin1Char(' ')))))
                << s << v;
    });
}

// `lanescope-cli analyze FILE --json [--hta --measure-flops]` prints the same object for the three forms.
void tst_GzipEquivalence::cliAnalyze()
{
    QFETCH(QString, source);
    QFETCH(QStringList, flags);
    LS_SKIP_ABSENT(source);
    Forms f;
    QString why;
    QVERIFY2(forms(source, &f, &why), qPrintable(why));
    const CliRun plain = runCli(QStringList{QStringLiteral("analyze"), f.plain} + flags);
    QVERIFY2(plain.exitCode == 0, plain.err.constData());
    QVERIFY(plain.out.startsWith('{'));
    const QByteArray expected = normalisedCliJson(plain.out, {f.plain});
    for (const QString &gzPath : {f.gz, f.gz2}) {
        const CliRun gz = runCli(QStringList{QStringLiteral("analyze"), gzPath} + flags);
        QVERIFY2(gz.exitCode == 0, gz.err.constData());
        QCOMPARE(gz.err, plain.err);
        const QByteArray got = normalisedCliJson(gz.out, {gzPath});
        QVERIFY2(got == expected, qPrintable(gzPath + QStringLiteral(": the JSON differs ") + firstDifference(expected, got)));
    }
}

void tst_GzipEquivalence::cliFolders_data()
{
    QTest::addColumn<QString>("folder");
    QTest::addColumn<QStringList>("flags");
    const QStringList dirs = realFolders();
    if (dirs.isEmpty())
        QTest::newRow("torch-cpu-2rank-*") << QString() << QStringList();
    for (const QString &d : dirs) {
        QTest::newRow(qPrintable(d + QStringLiteral(": analyze --json"))) << d << QStringList{QStringLiteral("--json")};
        QTest::newRow(qPrintable(d + QStringLiteral(": analyze --json --hta"))) << d << QStringList{QStringLiteral("--json"), QStringLiteral("--hta")};
    }
}

// A folder of rank traces (the collectives read from each rank's args, the clock alignment, the
// stragglers): the same JSON for the folder of gzip files, of plain files and of two-member files.
void tst_GzipEquivalence::cliFolders()
{
    QFETCH(QString, folder);
    QFETCH(QStringList, flags);
    if (folder.isEmpty())
        QSKIP(qPrintable(QStringLiteral("no torch-cpu-2rank-* folder in %1 (set LANESCOPE_TRACES_DIR): skipped").arg(tracesDir())));
    const QString gzDir = QDir(tracesDir()).filePath(folder);
    const QString plainDir = m_dir.filePath(folder + QStringLiteral("-plain")), twoDir = m_dir.filePath(folder + QStringLiteral("-2members"));
    if (!QFileInfo::exists(plainDir)) {
        QVERIFY(QDir().mkpath(plainDir));
        QVERIFY(QDir().mkpath(twoDir));
        const QStringList files = QDir(gzDir).entryList({QStringLiteral("*.json.gz")}, QDir::Files, QDir::Name);
        QVERIFY(!files.isEmpty());
        for (const QString &name : files) {
            ZlibEnd end;
            const std::string plain = zlibInflate(readFile(QDir(gzDir).filePath(name)), &end);
            QVERIFY(end == ZlibEnd::Complete);
            const std::size_t split = plain.size() / 3 + 11;
            QVERIFY(writeFile(QDir(plainDir).filePath(name.chopped(3)), plain));
            QVERIFY(writeFile(QDir(twoDir).filePath(name), gzipBytes(plain.substr(0, split), 1) + gzipBytes(plain.substr(split), 6)));
        }
    }
    const CliRun plain = runCli(QStringList{QStringLiteral("analyze"), plainDir} + flags);
    QVERIFY2(plain.exitCode == 0, plain.err.constData());
    QVERIFY(plain.out.contains("\"ranks\""));
    const QByteArray expected = normalisedCliJson(plain.out, {plainDir});
    for (const QString &dir : {gzDir, twoDir}) {
        const CliRun gz = runCli(QStringList{QStringLiteral("analyze"), dir} + flags);
        QVERIFY2(gz.exitCode == 0, gz.err.constData());
        const QByteArray got = normalisedCliJson(gz.out, {dir});
        QVERIFY2(got == expected, qPrintable(dir + QStringLiteral(": the JSON differs ") + firstDifference(expected, got)));
    }
}

void tst_GzipEquivalence::badGzip_data()
{
    QTest::addColumn<QString>("source");
    QTest::addColumn<bool>("twoMembers");
    QTest::addColumn<QString>("damage"); // "cut N" (keep N % of the bytes) or "flip"
    QStringList sources{QStringLiteral("inline: keys after traceEvents"), QStringLiteral("inline: 3 MB string")};
    if (m_sources.contains(QStringLiteral("a100-2rank-nccl.json.gz")))
        sources << QStringLiteral("a100-2rank-nccl.json.gz");
    else
        QTest::newRow("a100-2rank-nccl.json.gz") << QString() << false << QString();
    for (const QString &s : sources)
        for (bool two : {false, true})
            for (const char *damage : {"cut 50", "cut 90", "flip"})
                QTest::newRow(qPrintable(QStringLiteral("%1%2 %3").arg(s, two ? QStringLiteral(" (2 members)") : QString(), QLatin1String(damage))))
                    << s << two << QString::fromLatin1(damage);
}

// A cut gzip loads what zlib inflates of the same bytes, as a truncated trace; a corrupt one is
// refused with a message saying so.
void tst_GzipEquivalence::badGzip()
{
    QFETCH(QString, source);
    QFETCH(bool, twoMembers);
    QFETCH(QString, damage);
    LS_SKIP_ABSENT(source);
    Forms f;
    QString why;
    QVERIFY2(forms(source, &f, &why), qPrintable(why));
    std::string gz = readFile(twoMembers ? f.gz2 : f.gz);
    QVERIFY(gz.size() > 100);
    if (damage.startsWith(QLatin1String("cut")))
        gz.resize(gz.size() * std::size_t(damage.mid(4).toInt()) / 100);
    else
        gz[gz.size() / 2] = char(gz[gz.size() / 2] ^ 0x55);
    const QString bad = m_dir.filePath(QStringLiteral("bad.json.gz")), inflated = m_dir.filePath(QStringLiteral("bad-inflated.json"));
    QVERIFY(writeFile(bad, gz));
    ZlibEnd end;
    const std::string byZlib = zlibInflate(gz, &end);
    const LoadResult g = loadTrace(bad);
    if (damage == QLatin1String("flip")) {
        QVERIFY(end == ZlibEnd::Corrupt);
        QVERIFY2(!g.trace, "a corrupt gzip loaded");
        QVERIFY2(g.error.contains(QLatin1String("corrupt")), qPrintable(g.error));
        return;
    }
    QVERIFY(end == ZlibEnd::Cut);
    QVERIFY(byZlib.size() > 0 && byZlib.size() < f.plainBytes);
    QVERIFY(writeFile(inflated, byZlib));
    const LoadResult p = loadTrace(inflated);
    QVERIFY2(p.trace, qPrintable(p.error));
    QVERIFY2(g.trace, qPrintable(g.error));
    QVERIFY(p.trace->truncated);
    QCOMPARE(g.trace->eventCount, p.trace->eventCount);
    QCOMPARE(g.trace->truncated, p.trace->truncated);
    QCOMPARE(g.trace->truncatedAtByte, p.trace->truncatedAtByte);
    QCOMPARE(g.trace->jsonBytes, quint64(byZlib.size()));
    // The gzip load says once more than the plain one: that the gzip stream ended early.
    QStringList extra = g.trace->warnings;
    for (const QString &w : p.trace->warnings)
        QVERIFY2(extra.removeOne(w), qPrintable(QStringLiteral("missing warning: ") + w));
    QVERIFY2(extra.size() == 1, qPrintable(g.trace->warnings.join(QLatin1Char('\n'))));
    g.trace->warnings = p.trace->warnings;
    const QString diff = diffAll(*p.trace, *g.trace);
    QVERIFY2(diff.isEmpty(), qPrintable(diff));
    const QString details = diffDetails(*p.trace, *g.trace);
    QVERIFY2(details.isEmpty(), qPrintable(details));
}

// The comparisons above do see a difference: one changed duration, one changed arg value, one
// changed analysis figure.
void tst_GzipEquivalence::comparisonsCanFail()
{
    const std::string a = kinetoTrace(20000, true);
    std::string durChanged = a, argChanged = a;
    const std::size_t dur = durChanged.find("\"dur\": 50.125");
    QVERIFY(dur != std::string::npos);
    durChanged.replace(dur, 13, "\"dur\": 50.126");
    const std::size_t flops = argChanged.find("\"flops\": 4194304");
    QVERIFY(flops != std::string::npos);
    argChanged.replace(flops, 16, "\"flops\": 4194305");
    QCOMPARE(argChanged.size(), a.size());

    const LoadResult ra = loadText(a), rd = loadText(durChanged), rf = loadText(argChanged);
    QVERIFY(ra.trace && rd.trace && rf.trace);
    QVERIFY(!diffAll(*ra.trace, *rd.trace).isEmpty());
    QVERIFY(diffAll(*ra.trace, *rf.trace).isEmpty()); // args are not in the model ...
    QVERIFY(!diffDetails(*ra.trace, *rf.trace).isEmpty()); // ... but read back they differ
    QVERIFY(!diffArgAnalysis(*ra.trace, *rf.trace).isEmpty());

    const QString pa = m_dir.filePath(QStringLiteral("fail-a.json")), pf = m_dir.filePath(QStringLiteral("fail-f.json.gz"));
    QVERIFY(writeFile(pa, a));
    QVERIFY(writeFile(pf, gzipBytes(argChanged)));
    const QStringList flags{QStringLiteral("--json"), QStringLiteral("--measure-flops")};
    const CliRun ca = runCli(QStringList{QStringLiteral("analyze"), pa} + flags);
    const CliRun cf = runCli(QStringList{QStringLiteral("analyze"), pf} + flags);
    QCOMPARE(ca.exitCode, 0);
    QCOMPARE(cf.exitCode, 0);
    QVERIFY(normalisedCliJson(ca.out, {pa}) != normalisedCliJson(cf.out, {pf}));
    // ... while what the normalising takes out is only what may differ.
    QVERIFY(normalisedCliJson(R"({"path":"/x/a.json.gz","load_seconds":0.5,"events":3})", {}) == R"({"events":3})");
    QVERIFY(normalisedCliJson(R"({"events":3,"bytes":12,"gzipped":true})", {}) == R"({"events":3})");
}

QTEST_GUILESS_MAIN(tst_GzipEquivalence)
#include "tst_gzip_equivalence.moc"
