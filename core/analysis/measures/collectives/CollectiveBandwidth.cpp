// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/measures/collectives/CollectiveBandwidth.h"

#include "core/analysis/run/KernelClass.h"
#include "core/io/SigbusGuard.h"
#include "core/io/SourceReader.h"
#include "core/model/Nesting.h"

#include <QHash>

#include <rapidjson/document.h>
#include <rapidjson/memorystream.h>

#include <algorithm>
#include <map>
#include <optional>
#include <unordered_map>

namespace lanescope::analysis {

const char *collectiveKindName(CollectiveKind k)
{
    switch (k) {
    case CollectiveKind::AllReduce: return "allreduce";
    case CollectiveKind::AllGather: return "allgather";
    case CollectiveKind::ReduceScatter: return "reducescatter";
    case CollectiveKind::Broadcast: return "broadcast";
    case CollectiveKind::Reduce: return "reduce";
    case CollectiveKind::AllToAll: return "alltoall";
    case CollectiveKind::SendRecv: return "sendrecv";
    case CollectiveKind::Unknown: break;
    }
    return "unknown";
}

CollectiveKind collectiveKindOf(const QString &name)
{
    QString n = name.toLower();
    n.remove(QLatin1Char('_'));
    // Longest first: "reducescatter" and "allreduce" contain "reduce".
    if (n.contains(QLatin1String("reducescatter")))
        return CollectiveKind::ReduceScatter;
    if (n.contains(QLatin1String("allreduce")))
        return CollectiveKind::AllReduce;
    if (n.contains(QLatin1String("allgather")))
        return CollectiveKind::AllGather;
    if (n.contains(QLatin1String("alltoall")))
        return CollectiveKind::AllToAll;
    if (n.contains(QLatin1String("broadcast")) || n.contains(QLatin1String("bcast")))
        return CollectiveKind::Broadcast;
    if (n.contains(QLatin1String("send")) || n.contains(QLatin1String("recv")))
        return CollectiveKind::SendRecv;
    if (n.contains(QLatin1String("reduce")))
        return CollectiveKind::Reduce;
    return CollectiveKind::Unknown;
}

double busBandwidthFactor(CollectiveKind k, int n)
{
    switch (k) {
    case CollectiveKind::AllReduce: return n >= 1 ? 2.0 * (n - 1) / n : 0;
    case CollectiveKind::AllGather:
    case CollectiveKind::ReduceScatter:
    case CollectiveKind::AllToAll: return n >= 1 ? double(n - 1) / n : 0;
    case CollectiveKind::Broadcast:
    case CollectiveKind::Reduce:
    case CollectiveKind::SendRecv: return 1.0;
    case CollectiveKind::Unknown: break;
    }
    return 0;
}

int dtypeBytes(const QString &dtype)
{
    static const QHash<QString, int> sizes = {
        {QStringLiteral("Double"), 8}, {QStringLiteral("Float"), 4}, {QStringLiteral("Half"), 2},
        {QStringLiteral("BFloat16"), 2}, {QStringLiteral("Long"), 8}, {QStringLiteral("Int"), 4},
        {QStringLiteral("Short"), 2}, {QStringLiteral("Char"), 1}, {QStringLiteral("Byte"), 1},
        {QStringLiteral("Bool"), 1}, {QStringLiteral("ComplexFloat"), 8}, {QStringLiteral("ComplexDouble"), 16},
        {QStringLiteral("ComplexHalf"), 4}, {QStringLiteral("Float8_e4m3fn"), 1}, {QStringLiteral("Float8_e5m2"), 1},
        {QStringLiteral("Float8_e4m3fnuz"), 1}, {QStringLiteral("Float8_e5m2fnuz"), 1}, {QStringLiteral("UInt16"), 2},
        {QStringLiteral("UInt32"), 4}, {QStringLiteral("UInt64"), 8}, {QStringLiteral("QInt8"), 1},
        {QStringLiteral("QUInt8"), 1}, {QStringLiteral("QInt32"), 4},
    };
    return sizes.value(dtype, 0);
}

namespace {

// What a kernel's or a CPU op's args say about the transfer.
struct TransferArgs
{
    QString collective, dtype;
    std::int64_t inElems = -1, outElems = -1;
    int groupSize = -1;
    bool hasSize() const { return (inElems >= 0 || outElems >= 0) && dtypeBytes(dtype) > 0; }
    bool any() const { return !collective.isEmpty() || !dtype.isEmpty() || inElems >= 0 || outElems >= 0 || groupSize >= 0; }
};

// Whether a recorder writes these args is a property of its PyTorch/Kineto version, the same for
// every event of a trace: Kineto copies record_param_comms' args onto kernels from 2.1 on, and
// record_param_comms carries sizes from PyTorch 2.0 on (1.13's has only "External id"). So once
// this many events of one kind carry none of the five, the rest are not read: a trace of an older
// PyTorch (v100-memory-allreduce: 42,420 NCCL kernels on the 1 GB tile) does not pay two file reads
// per kernel for arguments it cannot hold.
constexpr std::size_t kProbeEvents = 32;

// From the event's JSON text: only the five args it needs, without building every arg as a
// QVariant (a trace can hold tens of thousands of NCCL kernels, each read on every analysis).
TransferArgs transferArgs(std::string_view json)
{
    TransferArgs a;
    if (json.empty())
        return a;
    rapidjson::Document doc;
    rapidjson::MemoryStream stream(json.data(), json.size());
    doc.ParseStream<rapidjson::kParseStopWhenDoneFlag>(stream);
    if (doc.HasParseError() || !doc.IsObject())
        return a;
    const auto args = doc.FindMember("args");
    if (args == doc.MemberEnd() || !args->value.IsObject())
        return a;
    const auto &o = args->value;
    const auto text = [&](const char *key) {
        const auto m = o.FindMember(key);
        return m != o.MemberEnd() && m->value.IsString() ? QString::fromUtf8(m->value.GetString(), int(m->value.GetStringLength())) : QString();
    };
    const auto integer = [&](const char *key, auto *out) {
        const auto m = o.FindMember(key);
        if (m == o.MemberEnd())
            return;
        std::int64_t v = -1;
        if (m->value.IsInt64())
            v = m->value.GetInt64();
        else if (m->value.IsUint64() && m->value.GetUint64() <= std::uint64_t(INT64_MAX))
            v = std::int64_t(m->value.GetUint64());
        else if (m->value.IsString()) { // some Kineto versions write the counts as text
            bool ok = false;
            v = QString::fromUtf8(m->value.GetString(), int(m->value.GetStringLength())).toLongLong(&ok);
            if (!ok)
                v = -1;
        }
        if (v >= 0)
            *out = std::remove_pointer_t<decltype(out)>(v);
    };
    a.collective = text("Collective name");
    a.dtype = text("dtype");
    integer("In msg nelems", &a.inElems);
    integer("Out msg nelems", &a.outElems);
    integer("Group size", &a.groupSize);
    return a;
}

// The CPU op that issued the collective a runtime call launched: the nearest enclosing
// record_param_comms (it carries the sizes), else a c10d:: op. Its ancestors are walked back by
// depth only until that op is found: it sits a few slices before its launch
// (record_param_comms > nccl:all_reduce > cudaLaunchKernel), and a walk to the step's start for
// every kernel would cost more than the rest of the analysis.
std::int64_t commsOpOf(const Trace &t, const Track &cpu, std::size_t call)
{
    constexpr std::size_t kMaxSteps = 512;
    std::int64_t found = -1, c10d = -1;
    forEachEnclosing(cpu, call, kMaxSteps, [&](std::uint32_t j) {
        const std::string_view n = t.strings.view(cpu.nameId[j]);
        if (n == "record_param_comms") {
            found = j;
            return false;
        }
        if (c10d < 0 && n.substr(0, 6) == "c10d::")
            c10d = j;
        return true;
    });
    return found >= 0 ? found : c10d;
}

// Size, group and bandwidths of the given kernels (their collective, start, duration and place
// set), from their args or their launching CPU op's.
void measure(const Trace &t, std::vector<CollectiveTransfer> &kernels)
{
    std::vector<TransferArgs> args(kernels.size());
    if (t.source && !kernels.empty()) {
        // The kernels' own args, in file order (one pass over a .json.gz) ...
        std::vector<std::pair<std::uint64_t, std::size_t>> order;
        for (std::size_t n = 0; n < kernels.size(); ++n)
            order.emplace_back(t.tracks[kernels[n].track].fileOffset[kernels[n].slice], n);
        std::sort(order.begin(), order.end());
        {
            // Reads from the mapping: a file cut short under us faults, and leaves the sizes unread.
            SourceReader reader(*t.source);
            runGuarded([&] {
                std::size_t read = 0;
                bool any = false;
                for (const auto &[offset, n] : order) {
                    args[n] = transferArgs(reader.object(offset));
                    any = any || args[n].any();
                    if (++read == kProbeEvents && !any)
                        break; // a recorder that copies no comms args onto kernels (kProbeEvents)
                }
            });
        }
        // ... then, for kernels without a size, their launching CPU op's.
        std::unordered_map<std::uint64_t, std::size_t> missing; // (track << 32 | slice) -> kernel
        for (std::size_t n = 0; n < kernels.size(); ++n)
            if (!args[n].hasSize())
                missing.emplace((std::uint64_t(kernels[n].track) << 32) | kernels[n].slice, n);
        // The launching call of each: (kernel, cpu track, call slice), in the kernels' order.
        struct Launch
        {
            std::size_t kernel;
            std::uint32_t track, call;
        };
        std::vector<Launch> launches;
        std::size_t flow = 0;
        // The launches of the flows from `flow` on, until `until` launches are found.
        const auto findLaunches = [&](std::size_t until) {
            for (; flow < t.flows.size() && !missing.empty() && launches.size() < until; ++flow) {
                const Flow &f = t.flows[flow];
                if (f.kind != FlowKind::Launch && f.kind != FlowKind::Correlation)
                    continue;
                const auto it = missing.find((std::uint64_t(f.toTrack) << 32) | f.toSlice);
                if (it == missing.end() || f.fromTrack >= t.tracks.size() || t.tracks[f.fromTrack].kind != TrackKind::Cpu)
                    continue;
                launches.push_back({it->second, f.fromTrack, f.fromSlice});
                missing.erase(it);
            }
        };
        // The first kProbeEvents launches found, then (where their comms ops carry args) the rest.
        findLaunches(kProbeEvents);
        const auto opsOf = [&](std::size_t from, std::size_t to) {
            order.clear();
            for (std::size_t k = from; k < to; ++k) {
                const Track &cpu = t.tracks[launches[k].track];
                const std::int64_t op = commsOpOf(t, cpu, launches[k].call);
                if (op >= 0)
                    order.emplace_back(cpu.fileOffset[std::size_t(op)], launches[k].kernel);
            }
            std::sort(order.begin(), order.end());
        };
        opsOf(0, std::min(kProbeEvents, launches.size()));
        SourceReader reader(*t.source);
        bool anyOpArgs = false;
        const auto readOps = [&] {
            for (const auto &[offset, n] : order) {
                const TransferArgs op = transferArgs(reader.object(offset));
                anyOpArgs = anyOpArgs || op.any();
                TransferArgs &a = args[n];
                if (a.collective.isEmpty())
                    a.collective = op.collective;
                if (a.groupSize < 0)
                    a.groupSize = op.groupSize;
                if (!a.hasSize() && op.hasSize()) {
                    a.inElems = op.inElems;
                    a.outElems = op.outElems;
                    a.dtype = op.dtype;
                    kernels[n].sizeFromCpuOp = true;
                }
            }
        };
        runGuarded(readOps);
        // record_param_comms without sizes (PyTorch before 2.0): the rest are not walked to or read.
        if (anyOpArgs) {
            const std::size_t probed = launches.size();
            findLaunches(SIZE_MAX);
            if (launches.size() > probed) {
                opsOf(probed, launches.size());
                runGuarded(readOps);
            }
        }
    }

    for (std::size_t n = 0; n < kernels.size(); ++n) {
        CollectiveTransfer &x = kernels[n];
        const TransferArgs &a = args[n];
        if (!a.collective.isEmpty())
            x.collective = a.collective; // RCCL's "Generic" kernels say it only here
        x.kind = collectiveKindOf(x.collective);
        x.groupSize = a.groupSize;
        x.dtype = a.dtype;
        if (a.hasSize()) {
            x.bytes = std::max(a.inElems, a.outElems) * dtypeBytes(a.dtype);
            if (x.dur > 0) {
                x.algbwGBps = double(x.bytes) / double(x.dur); // bytes per ns = GB/s
                const double f = busBandwidthFactor(x.kind, x.groupSize);
                if (f > 0)
                    x.busbwGBps = x.algbwGBps * f;
            }
        }
    }

}

} // namespace

CollectiveBandwidth collectiveBandwidth(const Trace &t, TimeRange window)
{
    CollectiveBandwidth out;
    std::vector<char> known(t.strings.size(), 0);
    std::vector<std::string_view> collOf(t.strings.size());
    for (std::uint32_t k = 0; k < t.tracks.size(); ++k) {
        const Track &tr = t.tracks[k];
        if (tr.kind != TrackKind::Gpu)
            continue;
        for (std::size_t i = 0; i < tr.size(); ++i) {
            if (!window.empty() && !window.contains(tr.start[i]))
                continue;
            const std::uint16_t c = tr.catId[i];
            if (c >= t.categoryClass.size() || t.categoryClass[c] != CategoryClass::Kernel)
                continue;
            // A million GPU slices share a few hundred names: each name is looked at once.
            const StringId id = tr.nameId[i];
            if (id >= known.size())
                continue;
            if (!known[id]) {
                known[id] = 1;
                collOf[id] = collectiveName(t.strings.view(id));
            }
            const std::string_view coll = collOf[id];
            if (coll.empty())
                continue;
            const std::string_view name = t.strings.view(id);
            CollectiveTransfer x;
            x.kernel = QString::fromUtf8(name.data(), qsizetype(name.size()));
            x.collective = QString::fromLatin1(coll.data(), qsizetype(coll.size()));
            x.start = tr.start[i];
            x.dur = tr.dur[i];
            x.track = k;
            x.slice = std::uint32_t(i);
            out.kernels.push_back(std::move(x));
        }
    }
    std::sort(out.kernels.begin(), out.kernels.end(), [](const CollectiveTransfer &a, const CollectiveTransfer &b) {
        return std::tie(a.start, a.track, a.slice) < std::tie(b.start, b.track, b.slice);
    });
    measure(t, out.kernels);
    for (const CollectiveTransfer &x : out.kernels)
        out.withSize += x.bytes >= 0;
    // Per kind and size (and group size: the same buffer over 2 or 8 ranks is another transfer).
    std::map<std::tuple<int, std::int64_t, int>, std::vector<std::size_t>> groups;
    for (std::size_t n = 0; n < out.kernels.size(); ++n) {
        const CollectiveTransfer &x = out.kernels[n];
        groups[{int(x.kind), x.bytes, x.groupSize}].push_back(n);
    }
    for (const auto &[key, members] : groups) {
        CollectiveTypeRow row;
        row.kind = CollectiveKind(std::get<0>(key));
        row.bytes = std::get<1>(key);
        row.groupSize = std::get<2>(key);
        std::vector<double> busbw;
        for (std::size_t n : members) {
            ++row.count;
            row.totalNs += out.kernels[n].dur;
            if (out.kernels[n].busbwGBps >= 0)
                busbw.push_back(out.kernels[n].busbwGBps);
        }
        if (!busbw.empty()) {
            std::sort(busbw.begin(), busbw.end());
            const std::size_t m = busbw.size();
            row.busbwMedianGBps = m % 2 ? busbw[m / 2] : (busbw[m / 2 - 1] + busbw[m / 2]) / 2;
            row.busbwBestGBps = busbw.back();
        }
        out.byType.push_back(row);
    }
    return out;
}

std::optional<CollectiveTransfer> collectiveTransfer(const Trace &t, std::uint32_t track, std::uint32_t slice)
{
    if (track >= t.tracks.size() || slice >= t.tracks[track].size() || t.tracks[track].kind != TrackKind::Gpu)
        return std::nullopt;
    const Track &tr = t.tracks[track];
    const std::string_view name = t.strings.view(tr.nameId[slice]);
    const std::string_view coll = collectiveName(name);
    if (coll.empty())
        return std::nullopt;
    std::vector<CollectiveTransfer> one(1);
    CollectiveTransfer &x = one.front();
    x.kernel = QString::fromUtf8(name.data(), qsizetype(name.size()));
    x.collective = QString::fromLatin1(coll.data(), qsizetype(coll.size()));
    x.start = tr.start[slice];
    x.dur = tr.dur[slice];
    x.track = track;
    x.slice = slice;
    measure(t, one);
    return one.front();
}

double busbwPctOfLink(double busbwGBps, double linkGBps)
{
    return busbwGBps >= 0 && linkGBps > 0 ? 100.0 * busbwGBps / linkGBps : -1;
}

} // namespace lanescope::analysis
