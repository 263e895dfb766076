// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/measures/collectives/Collectives.h"

#include "core/analysis/measures/collectives/CollectiveBandwidth.h"
#include "core/analysis/run/KernelClass.h"
#include "core/io/SourceReader.h"
#include "core/parse/EventArgs.h"

#include <QCoreApplication>

#include <algorithm>
#include <limits>
#include <map>
#include <numeric>
#include <queue>
#include <tuple>

namespace lanescope::analysis {
namespace {

// lupdate files Text::tr() strings under the "analysis" context, the one looked up at run time.
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(analysis)
};

// Collectives every rank of the group takes part in; Send / Recv / SendRecv are point-to-point.
bool isJobCollective(std::string_view kernelCollective)
{
    static constexpr std::string_view pointToPoint[] = {"SendRecv", "Send", "Recv"};
    if (kernelCollective.empty())
        return false;
    for (auto p : pointToPoint)
        if (kernelCollective == p)
            return false;
    return true;
}

// The step each call starts in, by the steps' GPU spans for device work, their CPU spans for CPU
// work; where spans overlap, the latest step (in CPU start order) that holds the start; -1 in none.
// One sweep over the calls in time order, O((steps + calls) log steps): asking every step for every
// call made a job of 80k steps take seconds. The heap holds the steps begun by the current time,
// latest on top; a step ended by then is dropped when it reaches the top (times only grow).
void assignSteps(const std::vector<Step> &steps, std::vector<CollectiveCall> &calls, bool gpu)
{
    const auto rangeOf = [&](std::size_t k) { return gpu ? steps[k].gpuRange() : TimeRange{steps[k].start, steps[k].end()}; };
    std::vector<std::size_t> byFrom(steps.size());
    std::iota(byFrom.begin(), byFrom.end(), std::size_t(0));
    std::sort(byFrom.begin(), byFrom.end(), [&](std::size_t a, std::size_t b) { return rangeOf(a).from < rangeOf(b).from; });
    std::vector<std::size_t> byStart(calls.size());
    std::iota(byStart.begin(), byStart.end(), std::size_t(0));
    std::sort(byStart.begin(), byStart.end(), [&](std::size_t a, std::size_t b) { return calls[a].start < calls[b].start; });
    std::priority_queue<std::size_t> begun; // step indices
    std::size_t next = 0;
    for (const std::size_t c : byStart) {
        const TimeNs t = calls[c].start;
        for (; next < byFrom.size() && rangeOf(byFrom[next]).from <= t; ++next)
            begun.push(byFrom[next]);
        while (!begun.empty() && !rangeOf(begun.top()).contains(t))
            begun.pop(); // from <= t already: it ended at or before t, so before every later call too
        calls[c].step = begun.empty() ? -1 : steps[begun.top()].number;
    }
}

} // namespace

int MatchedCollective::present() const
{
    return int(std::count_if(call.begin(), call.end(), [](int c) { return c >= 0; }));
}

std::vector<CollectiveCall> findCollectives(const Trace &trace, const std::vector<Step> &steps)
{
    std::vector<CollectiveCall> out;
    const KernelClassifier classes(trace);
    for (std::uint32_t k = 0; k < trace.tracks.size(); ++k) {
        const Track &tr = trace.tracks[k];
        if (tr.kind != TrackKind::Gpu)
            continue;
        for (std::size_t i = 0; i < tr.size(); ++i) {
            if (classes.of(tr, i) != KernelClass::Communication)
                continue;
            const std::string_view kernel = trace.strings.view(tr.nameId[i]);
            const std::string_view coll = collectiveName(kernel);
            if (coll.empty())
                continue;
            // Point-to-point kernels stay only where their args name a group collective below:
            // NCCL runs all-to-all as SendRecv kernels ("Collective name": "all_to_all").
            CollectiveCall c;
            c.pointToPoint = !isJobCollective(coll);
            c.name = QString::fromLatin1(coll.data(), int(coll.size()));
            c.start = tr.start[i];
            c.end = tr.end(i);
            c.track = k;
            c.slice = std::uint32_t(i);
            out.push_back(std::move(c));
        }
    }
    assignSteps(steps, out, true);
    // Kineto 2.1+ writes what record_param_comms knew on the kernel itself. Read in file order:
    // one pass over a .json.gz.
    if (trace.source && !out.empty()) {
        std::vector<std::pair<std::uint64_t, std::size_t>> order;
        order.reserve(out.size());
        for (std::size_t k = 0; k < out.size(); ++k)
            order.emplace_back(trace.tracks[out[k].track].fileOffset[out[k].slice], k);
        std::sort(order.begin(), order.end());
        SourceReader reader(*trace.source);
        for (const auto &[offset, k] : order) {
            const EventDetails d = readEventDetails(trace, reader, offset, EventParts::ArgsOnly);
            if (!d.ok)
                continue;
            CollectiveCall &c = out[k];
            const QString name = d.args.value(QStringLiteral("Collective name")).toString();
            if (!name.isEmpty())
                c.name = name;
            c.group = d.args.value(QStringLiteral("Process Group Name")).toString();
            bool ok = false;
            const qint64 seq = d.args.value(QStringLiteral("Seq")).toLongLong(&ok);
            if (ok && seq >= 0)
                c.seq = seq;
            // The size as CollectiveBandwidth.cpp reads it: the full buffer, max(in, out) x dtype.
            const int width = dtypeBytes(d.args.value(QStringLiteral("dtype")).toString());
            const qint64 in = d.args.value(QStringLiteral("In msg nelems")).toLongLong(&ok);
            const qint64 inElems = ok ? in : -1;
            const qint64 outv = d.args.value(QStringLiteral("Out msg nelems")).toLongLong(&ok);
            const qint64 outElems = ok ? outv : -1;
            if (width > 0 && std::max(inElems, outElems) >= 0)
                c.bytes = std::max(inElems, outElems) * width;
            const int group = d.args.value(QStringLiteral("Group size")).toInt(&ok);
            if (ok && group > 0)
                c.groupSize = group;
            if (c.pointToPoint && !name.isEmpty()) {
                const CollectiveKind kind = collectiveKindOf(name);
                c.pointToPoint = kind == CollectiveKind::SendRecv || kind == CollectiveKind::Unknown;
            }
        }
    }
    out.erase(std::remove_if(out.begin(), out.end(), [](const CollectiveCall &c) { return c.pointToPoint; }), out.end());
    if (out.empty()) {
        // No NCCL kernel: gloo's collectives run on its CPU worker threads ("gloo:all_reduce").
        for (std::uint32_t k = 0; k < trace.tracks.size(); ++k) {
            const Track &tr = trace.tracks[k];
            if (tr.kind != TrackKind::Cpu)
                continue;
            for (std::size_t i = 0; i < tr.size(); ++i) {
                const std::string_view name = trace.strings.view(tr.nameId[i]);
                if (name.substr(0, 5) != "gloo:" || name.find("send") != std::string_view::npos
                    || name.find("recv") != std::string_view::npos)
                    continue;
                CollectiveCall c;
                c.name = QString::fromUtf8(name.data(), int(name.size()));
                c.start = tr.start[i];
                c.end = tr.end(i);
                c.onGpu = false;
                c.track = k;
                c.slice = std::uint32_t(i);
                out.push_back(std::move(c));
            }
        }
        assignSteps(steps, out, false);
    }
    std::sort(out.begin(), out.end(), [](const CollectiveCall &a, const CollectiveCall &b) {
        return std::tie(a.start, a.end, a.track) < std::tie(b.start, b.end, b.track);
    });
    std::map<std::tuple<int, QString, QString>, int> seen;
    for (CollectiveCall &c : out)
        c.ordinal = seen[{c.step, c.group, c.name}]++;
    return out;
}

CollectiveMatch matchCollectives(const std::vector<std::vector<CollectiveCall>> &perRank, const std::vector<int> &rankNumbers)
{
    CollectiveMatch m;
    const std::size_t n = perRank.size();
    bool anyCall = false;
    m.bySeq = true;
    for (const auto &calls : perRank)
        for (const CollectiveCall &c : calls) {
            anyCall = true;
            if (c.seq < 0)
                m.bySeq = false;
        }
    if (!anyCall) {
        m.bySeq = false;
        return m;
    }

    // Key -> per rank call index.
    using Key = std::tuple<int, QString, QString, std::int64_t>; // step (or -1), group, name (order key only), seq or ordinal
    std::map<Key, std::vector<int>> byKey;
    for (std::size_t r = 0; r < n; ++r)
        for (std::size_t i = 0; i < perRank[r].size(); ++i) {
            const CollectiveCall &c = perRank[r][i];
            const Key k = m.bySeq ? Key{-1, c.group, QString(), c.seq} : Key{c.step, c.group, c.name, c.ordinal};
            auto &v = byKey[k];
            if (v.empty())
                v.assign(n, -1);
            if (v[r] < 0)
                v[r] = int(i);
        }

    if (!m.bySeq) {
        // By order: only ranks with the usual count of a (step, group, name) can be paired by position.
        std::map<std::tuple<int, QString, QString>, std::vector<int>> counts; // per rank
        for (std::size_t r = 0; r < n; ++r)
            for (const CollectiveCall &c : perRank[r]) {
                auto &v = counts[{c.step, c.group, c.name}];
                if (v.empty())
                    v.assign(n, 0);
                ++v[r];
            }
        for (const auto &[g, perRankCount] : counts) {
            std::map<int, int> freq;
            for (int c : perRankCount)
                if (c > 0)
                    ++freq[c];
            int usual = 0, most = 0;
            for (const auto &[c, f] : freq)
                if (f > most || (f == most && c > usual)) {
                    most = f;
                    usual = c;
                }
            QStringList odd;
            for (std::size_t r = 0; r < n; ++r)
                if (perRankCount[r] > 0 && perRankCount[r] != usual)
                    odd << QString::number(rankNumbers[r]);
            if (odd.isEmpty())
                continue;
            // The group's keys are adjacent in byKey (step, group, name lead the key): visit only
            // those, not every key of the job for every odd group.
            const auto [step, group, name] = g;
            for (auto it = byKey.lower_bound(Key{step, group, name, std::numeric_limits<std::int64_t>::min()});
                 it != byKey.end() && std::get<0>(it->first) == step && std::get<1>(it->first) == group && std::get<2>(it->first) == name;
                 ++it)
                for (std::size_t r = 0; r < n; ++r)
                    if (perRankCount[r] != usual)
                        it->second[r] = -1;
            m.warnings << (odd.size() == 1 ? Text::tr("%1 in step %2: rank %3 ran it a different number of times than the others; not matched there")
                                           : Text::tr("%1 in step %2: ranks %3 ran it a different number of times than the others; not matched there"))
                              .arg(std::get<2>(g))
                              .arg(std::get<0>(g))
                              .arg(odd.join(QStringLiteral(", ")));
        }
    }

    for (auto &[k, v] : byKey) {
        MatchedCollective mc;
        mc.call = std::move(v);
        if (mc.present() < 2)
            continue;
        int first = 0;
        while (mc.call[std::size_t(first)] < 0)
            ++first;
        const CollectiveCall &c = perRank[std::size_t(first)][std::size_t(mc.call[std::size_t(first)])];
        mc.name = c.name;
        mc.group = c.group;
        mc.step = c.step;
        mc.seq = c.seq;
        mc.ordinal = c.ordinal;
        m.collectives.push_back(std::move(mc));
    }
    // By step, then by where the first rank that has it started it.
    const auto firstStart = [&](const MatchedCollective &mc) {
        for (std::size_t r = 0; r < n; ++r)
            if (mc.call[r] >= 0)
                return std::pair<std::size_t, TimeNs>(r, perRank[r][std::size_t(mc.call[r])].start);
        return std::pair<std::size_t, TimeNs>(n, 0);
    };
    std::stable_sort(m.collectives.begin(), m.collectives.end(), [&](const MatchedCollective &a, const MatchedCollective &b) {
        return std::make_pair(a.step, firstStart(a)) < std::make_pair(b.step, firstStart(b));
    });
    return m;
}

} // namespace lanescope::analysis
