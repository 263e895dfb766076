// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/render/LaneLayout.h"

#include "core/annotations/LaneKey.h"
#include "widgets/render/CounterLanes.h"
#include "widgets/render/Palette.h"

#include <algorithm>
#include <map>
#include <unordered_map>

namespace lanescope {

namespace {

// The name of most top-level slices of a track (the first 4096 looked at): what a thread without a
// name does ("cudaEventQuery").
QString dominantName(const Trace &t, const Track &trk)
{
    std::unordered_map<StringId, int> count;
    std::size_t seen = 0;
    for (std::size_t i = 0; i < trk.size() && seen < 4096; ++i)
        if (trk.depth[i] == 0) {
            ++count[trk.nameId[i]];
            ++seen;
        }
    StringId best = 0;
    int most = 0;
    for (const auto &[id, n] : count)
        if (n > most || (n == most && id < best)) {
            best = id;
            most = n;
        }
    if (most == 0)
        return QString();
    const std::string_view v = t.strings.view(best);
    return QString::fromUtf8(v.data(), qsizetype(v.size()));
}

QString processKey(std::int64_t pid, const QString &label)
{
    return label.isEmpty() ? QString::number(pid) : label;
}

// What a device process calls its device: "MTIA" for Meta's accelerator (Kineto names the process
// "MTIA 17"), empty for a GPU (CUDA and ROCm: "GPU 0", or no name).
QString acceleratorWord(const Process *proc)
{
    if (!proc)
        return {};
    for (const QString &s : {proc->name, proc->labels})
        if (s.trimmed().startsWith(QLatin1String("MTIA"), Qt::CaseInsensitive))
            return QStringLiteral("MTIA");
    return {};
}

} // namespace

QString LaneLayout::streamRole(const Trace &trace, const Track &track)
{
    TimeNs comm = 0, mem = 0, kernel = 0;
    std::vector<std::int8_t> nameKind(trace.strings.size(), -1); // per name, classified once
    for (std::size_t i = 0; i < track.size(); ++i) {
        const std::uint16_t c = track.catId[i];
        const CategoryClass cc = c < trace.categoryClass.size() ? trace.categoryClass[c] : CategoryClass::Other;
        if (cc == CategoryClass::GpuMemcpy || cc == CategoryClass::GpuMemset) {
            mem += track.dur[i];
        } else if (cc == CategoryClass::Kernel) {
            const StringId id = track.nameId[i];
            if (id >= nameKind.size()) {
                kernel += track.dur[i];
                continue;
            }
            // Per name: 1 communication, 2 memory by its name (MTIA's dma_* are mtia_ccp_events), 0 other.
            if (nameKind[id] < 0) {
                const SliceClass k = Palette::classifyKernelName(trace.strings.view(id));
                nameKind[id] = k == SliceClass::Communication ? 1 : k == SliceClass::Memory ? 2 : 0;
            }
            if (nameKind[id] == 2) {
                mem += track.dur[i];
                continue;
            }
            kernel += track.dur[i];
            if (nameKind[id] == 1)
                comm += track.dur[i];
        }
    }
    if (kernel + mem == 0)
        return {};
    if (comm * 2 > kernel + mem)
        return QStringLiteral("NCCL");
    if (mem * 2 > kernel + mem)
        return QStringLiteral("memcpy");
    return tr("compute");
}

void LaneLayout::build(const std::vector<RunInput> &runs)
{
    // Keep collapse state of groups that survive (same run and key).
    std::map<std::pair<int, QString>, bool> collapsed;
    for (const LaneGroup &g : m_groups)
        collapsed[{g.run, g.key}] = g.collapsed;
    m_groups.clear();
    m_lanes.clear();
    m_counterLanes.clear();
    m_laneOfTrack.assign(runs.size(), {});

    for (int r = 0; r < int(runs.size()); ++r) {
        const Trace *t = runs[std::size_t(r)].trace;
        if (!t)
            continue;
        m_laneOfTrack[std::size_t(r)].assign(t->tracks.size(), -1);
        const QString prefix = runs.size() > 1 ? runs[std::size_t(r)].label + QStringLiteral(" · ") : QString();
        const int firstGroup = int(m_groups.size());

        // Tracks are already in process order then thread sort order (TraceMerge); group them by
        // process, keeping that order, then put GPU processes first.
        struct Proto
        {
            std::int64_t pid;
            QString pidLabel;
            std::vector<std::uint32_t> tracks;
            bool gpu = false;
            int device = -1;
            std::vector<std::uint32_t> counters = {}; // Trace::counters of the process
        };
        std::vector<Proto> protos;
        std::map<QString, std::size_t> protoOf;
        for (std::uint32_t i = 0; i < t->tracks.size(); ++i) {
            const Track &trk = t->tracks[i];
            if (trk.size() == 0 || trk.kind == TrackKind::Counter)
                continue;
            const QString key = processKey(trk.pid, trk.pidLabel);
            auto it = protoOf.find(key);
            if (it == protoOf.end()) {
                it = protoOf.emplace(key, protos.size()).first;
                protos.push_back({trk.pid, trk.pidLabel, {}});
            }
            Proto &p = protos[it->second];
            p.tracks.push_back(i);
            if (trk.kind == TrackKind::Gpu) {
                p.gpu = true;
                if (p.device < 0)
                    p.device = trk.device;
            }
        }
        std::stable_partition(protos.begin(), protos.end(), [](const Proto &p) { return p.gpu; });
        // Counter series under the process of their pid (a GPU's: Kineto writes a device's events
        // with its index as pid); a pid with counters only becomes a group of its own, after the others.
        for (std::uint32_t k = 0; k < t->counters.size(); ++k) {
            const CounterSeries &cs = t->counters[k];
            if (cs.ts.empty())
                continue;
            auto owner = std::find_if(protos.begin(), protos.end(), [&](const Proto &p) { return p.pid == cs.pid && p.pidLabel.isEmpty(); });
            if (owner == protos.end()) {
                protos.push_back({cs.pid, QString(), {}});
                owner = protos.end() - 1;
            }
            owner->counters.push_back(k);
        }
        // Kineto's bookkeeping: processes named by a string, not a pid ("Spans" with the profiler's
        // whole span, "Traces" and "" with one instant each, e.g. "Record Window End"), whose lanes
        // hold one event each. Folded into one collapsed "Profiler" group at the end, not three
        // groups of noise above the threads.
        constexpr std::int64_t kProfilerPid = -2;
        {
            Proto folded{kProfilerPid, tr("Profiler"), {}};
            std::vector<Proto> kept;
            for (Proto &p : protos) {
                const bool bookkeeping = !p.gpu && p.pid < 0 && p.counters.empty() && std::all_of(p.tracks.begin(), p.tracks.end(), [&](std::uint32_t ti) {
                    return t->tracks[ti].size() <= 1;
                });
                if (bookkeeping)
                    folded.tracks.insert(folded.tracks.end(), p.tracks.begin(), p.tracks.end());
                else
                    kept.push_back(std::move(p));
            }
            if (!folded.tracks.empty())
                kept.push_back(std::move(folded));
            protos = std::move(kept);
        }
        if (runs[std::size_t(r)].gpuOnly)
            protos.erase(std::remove_if(protos.begin(), protos.end(), [](const Proto &p) { return !p.gpu; }), protos.end());

        for (const Proto &p : protos) {
            LaneGroup g;
            g.run = r;
            g.gpu = p.gpu;
            g.device = p.device;
            g.key = (p.gpu ? QStringLiteral("gpu:") : QStringLiteral("cpu:")) + processKey(p.pid, p.pidLabel);
            const Process *proc = nullptr;
            for (const Process &pr : t->processes)
                if (pr.pid == p.pid && pr.pidLabel == p.pidLabel)
                    proc = &pr;
            const QString accelerator = p.gpu ? acceleratorWord(proc) : QString();
            if (p.gpu) {
                const qint64 id = p.device >= 0 ? p.device : p.pid;
                QString title = accelerator.isEmpty() ? tr("GPU %1").arg(id) : QStringLiteral("%1 %2").arg(accelerator).arg(id);
                for (const DeviceInfo &d : t->devices)
                    if (d.id == p.device && !d.name.isEmpty())
                        title += QStringLiteral(" · ") + d.name;
                g.title = prefix + title;
                for (const MemorySeries &m : t->memory)
                    if (isAcceleratorMemory(m.deviceType) && m.deviceId == p.device && !m.samples.empty())
                        g.hasMemory = true;
                if (g.hasMemory) {
                    g.memoryDevice = p.device;
                    g.memoryKey = annotations::LaneKey::memory(p.device);
                }
            } else if (!p.pidLabel.isEmpty()) {
                g.title = prefix + p.pidLabel;
            } else {
                const QString name = proc && !proc->name.isEmpty() ? proc->name : tr("Process");
                g.title = prefix + tr("%1 (pid %2)").arg(name).arg(p.pid);
            }
            const auto c = collapsed.find({r, g.key});
            g.defaultCollapsed = p.pid == kProfilerPid;
            g.collapsed = c != collapsed.end() ? c->second : g.defaultCollapsed;
            const int gi = int(m_groups.size());
            for (std::uint32_t ti : p.tracks) {
                const Track &trk = t->tracks[ti];
                Lane lane;
                lane.run = r;
                lane.group = gi;
                lane.track = ti;
                lane.rows = int(trk.maxDepth) + 1;
                lane.key = annotations::LaneKey::forTrack(trk);
                if (trk.kind == TrackKind::Gpu) {
                    const QString role = streamRole(*t, trk);
                    // MTIA lanes by device and the stream their events name ("MTIA 17 · stream 101"):
                    // Kineto's thread names there ("Stream 101") do not say which device.
                    const QString name = accelerator.isEmpty()
                        ? trk.name
                        : tr("%1 %2 · stream %3").arg(accelerator).arg(trk.device >= 0 ? trk.device : trk.pid).arg(trk.streamId());
                    lane.label = role.isEmpty() ? name : name + QStringLiteral(" · ") + role;
                } else if (trk.tid < 0 && trk.tidLabel.isEmpty() && trk.name == QStringLiteral("thread %1").arg(trk.tid)) {
                    // A thread Kineto did not name (a negative id, e.g. the one polling cudaEventQuery
                    // in a100-2rank-nccl): named by what runs on it; the raw id goes to the tooltip.
                    const QString what = dominantName(*t, trk);
                    lane.label = what.isEmpty() ? tr("unnamed thread") : tr("unnamed thread · %1").arg(what);
                } else {
                    lane.label = trk.name;
                    if (trk.tid >= 0 && !trk.name.contains(QString::number(trk.tid)))
                        lane.label += QStringLiteral(" (%1)").arg(trk.tid);
                }
                const int slices = int(std::min<std::size_t>(trk.size(), INT32_MAX));
                const QString rows = lane.rows == 1 ? tr("%n row", nullptr, 1) : tr("%n rows", nullptr, lane.rows);
                lane.tooltip = (slices == 1 ? tr("%1\n%n slice, %2", nullptr, slices) : tr("%1\n%n slices, %2", nullptr, slices))
                                   .arg(lane.label, rows);
                if (trk.kind != TrackKind::Gpu && trk.tid < 0 && trk.tidLabel.isEmpty())
                    lane.tooltip += QLatin1Char('\n') + tr("thread id %1 (the trace names no such thread)").arg(trk.tid);
                lane.height = lane.rows * kRowHeight + 2 * kLanePad;
                m_laneOfTrack[std::size_t(r)][ti] = int(m_lanes.size());
                g.lanes.push_back(int(m_lanes.size()));
                m_lanes.push_back(std::move(lane));
            }
            for (std::uint32_t k : p.counters) {
                const CounterSeries &cs = t->counters[k];
                CounterLane cl;
                cl.run = r;
                cl.group = gi;
                cl.series = k;
                cl.label = cs.name;
                cl.unit = CounterLanes::unitOf(cs.name);
                // As the lanes' keys (annotations/LaneKey.h) name a lane by what it is, not its index.
                cl.key = QStringLiteral("counter:%1:%2").arg(QString::number(cs.pid), cs.name);
                cl.height = kCounterLaneHeight;
                g.counters.push_back(int(m_counterLanes.size()));
                m_counterLanes.push_back(std::move(cl));
            }
            m_groups.push_back(std::move(g));
        }
        // ROCm: the kernels may name the physical device ("GPU 2") and the allocator's [memory]
        // events the visible one (Device Id 0). With one GPU and one accelerator memory series in
        // the trace and no id in common, the series is that GPU's.
        int gpuGroup = -1, gpus = 0, series = 0;
        const MemorySeries *only = nullptr;
        for (int gi = firstGroup; gi < int(m_groups.size()); ++gi)
            if (m_groups[std::size_t(gi)].gpu) {
                gpuGroup = gi;
                ++gpus;
            }
        for (const MemorySeries &m : t->memory)
            if (isAcceleratorMemory(m.deviceType) && !m.samples.empty()) {
                only = &m;
                ++series;
            }
        if (gpus == 1 && series == 1 && !m_groups[std::size_t(gpuGroup)].hasMemory) {
            LaneGroup &g = m_groups[std::size_t(gpuGroup)];
            g.hasMemory = true;
            g.memoryDevice = only->deviceId;
            g.memoryKey = annotations::LaneKey::memory(only->deviceId);
        }
    }
    relayout();
}

void LaneLayout::setCollapsed(int group, bool isCollapsed)
{
    if (group < 0 || group >= int(m_groups.size()))
        return;
    m_groups[std::size_t(group)].collapsed = isCollapsed;
    relayout();
}

void LaneLayout::setMemoryBandsVisible(bool on)
{
    if (on == m_memoryBands)
        return;
    m_memoryBands = on;
    relayout();
}

void LaneLayout::setQueueBandsVisible(bool on)
{
    if (on == m_queueBands)
        return;
    m_queueBands = on;
    relayout();
}

void LaneLayout::setPinned(int lane, bool pin)
{
    if (lane < 0 || lane >= int(m_lanes.size()))
        return;
    const QString &key = m_lanes[std::size_t(lane)].key;
    m_pinned.erase(std::remove(m_pinned.begin(), m_pinned.end(), key), m_pinned.end());
    if (pin) {
        m_pinned.push_back(key);
        m_hiddenLanes.erase(std::remove(m_hiddenLanes.begin(), m_hiddenLanes.end(), key), m_hiddenLanes.end());
    }
    relayout();
}

void LaneLayout::setHidden(int lane, bool hide)
{
    if (lane < 0 || lane >= int(m_lanes.size()))
        return;
    const QString &key = m_lanes[std::size_t(lane)].key;
    m_hiddenLanes.erase(std::remove(m_hiddenLanes.begin(), m_hiddenLanes.end(), key), m_hiddenLanes.end());
    if (hide) {
        m_hiddenLanes.push_back(key);
        m_pinned.erase(std::remove(m_pinned.begin(), m_pinned.end(), key), m_pinned.end());
    }
    relayout();
}

void LaneLayout::showOnlyGroup(int group)
{
    if (group < 0 || group >= int(m_groups.size()))
        return;
    m_onlyGroup = m_groups[std::size_t(group)].key;
    relayout();
}

void LaneLayout::showAllLanes()
{
    m_hiddenLanes.clear();
    m_onlyGroup.clear();
    relayout();
}

void LaneLayout::relayout()
{
    m_visibleOrder.clear();
    m_visibleY.clear();
    for (Lane &lane : m_lanes) {
        lane.queueHeight = m_queueBands && m_groups[std::size_t(lane.group)].gpu ? kQueueBandHeight : 0;
        lane.height = lane.rows * kRowHeight + 2 * kLanePad + lane.queueHeight;
        lane.pinned = std::find(m_pinned.begin(), m_pinned.end(), lane.key) != m_pinned.end();
        lane.hidden = std::find(m_hiddenLanes.begin(), m_hiddenLanes.end(), lane.key) != m_hiddenLanes.end();
    }
    int y = 0;
    // The pinned band: by pin order, then lane order (the same stream of every run together).
    for (const QString &key : m_pinned)
        for (int l = 0; l < int(m_lanes.size()); ++l) {
            Lane &lane = m_lanes[std::size_t(l)];
            if (lane.key != key || lane.hidden)
                continue;
            lane.y = y;
            m_visibleOrder.push_back({Row::Lane, l});
            m_visibleY.push_back(y);
            y += lane.height;
        }
    m_pinnedHeight = y;
    for (int gi = 0; gi < int(m_groups.size()); ++gi) {
        LaneGroup &g = m_groups[std::size_t(gi)];
        g.hidden = !m_onlyGroup.isEmpty() && g.key != m_onlyGroup;
        g.y = y;
        g.lanesHeight = 0;
        g.memoryHeight = 0;
        if (g.hidden)
            continue;
        m_visibleOrder.push_back({Row::Header, gi});
        m_visibleY.push_back(y);
        y += kGroupHeaderHeight;
        for (int l : g.lanes) {
            Lane &lane = m_lanes[std::size_t(l)];
            if (lane.pinned || lane.hidden)
                continue;
            lane.y = y;
            g.lanesHeight += lane.height;
            if (g.collapsed)
                continue;
            m_visibleOrder.push_back({Row::Lane, l});
            m_visibleY.push_back(y);
            y += lane.height;
        }
        for (int c : g.counters) {
            CounterLane &cl = m_counterLanes[std::size_t(c)];
            cl.y = y;
            g.lanesHeight += cl.height;
            if (g.collapsed)
                continue;
            m_visibleOrder.push_back({Row::Counter, c});
            m_visibleY.push_back(y);
            y += cl.height;
        }
        // The memory band: a row of its own under the device's lanes, so the curve never runs
        // over the kernels.
        g.memoryY = y;
        if (g.hasMemory && m_memoryBands) {
            g.memoryHeight = kMemoryBandHeight;
            g.lanesHeight += kMemoryBandHeight;
            if (!g.collapsed) {
                m_visibleOrder.push_back({Row::Memory, gi});
                m_visibleY.push_back(y);
                y += kMemoryBandHeight;
            }
        }
    }
    m_totalHeight = y;
}

LaneLayout::Cut LaneLayout::cutAt(int height) const
{
    for (std::size_t k = 0; k < m_visibleOrder.size(); ++k) {
        const Row &row = m_visibleOrder[k];
        const int rowHeight = row.kind == Row::Header    ? kGroupHeaderHeight
                              : row.kind == Row::Lane    ? m_lanes[std::size_t(row.index)].height
                              : row.kind == Row::Counter ? m_counterLanes[std::size_t(row.index)].height
                                                         : kMemoryBandHeight;
        if (m_visibleY[k] + rowHeight <= height)
            continue;
        Cut cut{m_visibleY[k], 0};
        for (std::size_t j = k; j < m_visibleOrder.size(); ++j)
            cut.lanesLeft += m_visibleOrder[j].kind == Row::Lane;
        return cut;
    }
    return {m_totalHeight, 0};
}

int LaneLayout::laneAt(int y) const
{
    if (m_visibleY.empty() || y < 0 || y >= m_totalHeight)
        return -1;
    const auto it = std::upper_bound(m_visibleY.begin(), m_visibleY.end(), y);
    const Row &row = m_visibleOrder[std::size_t(it - m_visibleY.begin() - 1)];
    return row.kind == Row::Lane ? row.index : -1;
}

int LaneLayout::groupHeaderAt(int y) const
{
    if (m_visibleY.empty() || y < 0 || y >= m_totalHeight)
        return -1;
    const auto it = std::upper_bound(m_visibleY.begin(), m_visibleY.end(), y);
    const Row &row = m_visibleOrder[std::size_t(it - m_visibleY.begin() - 1)];
    return row.kind == Row::Header ? row.index : -1;
}

int LaneLayout::memoryBandAt(int y) const
{
    if (m_visibleY.empty() || y < 0 || y >= m_totalHeight)
        return -1;
    const auto it = std::upper_bound(m_visibleY.begin(), m_visibleY.end(), y);
    const Row &row = m_visibleOrder[std::size_t(it - m_visibleY.begin() - 1)];
    return row.kind == Row::Memory ? row.index : -1;
}

int LaneLayout::counterLaneAt(int y) const
{
    if (m_visibleY.empty() || y < 0 || y >= m_totalHeight)
        return -1;
    const auto it = std::upper_bound(m_visibleY.begin(), m_visibleY.end(), y);
    const Row &row = m_visibleOrder[std::size_t(it - m_visibleY.begin() - 1)];
    return row.kind == Row::Counter ? row.index : -1;
}

int LaneLayout::counterLaneOf(int run, const QString &seriesName) const
{
    for (int i = 0; i < int(m_counterLanes.size()); ++i)
        if (m_counterLanes[std::size_t(i)].run == run && m_counterLanes[std::size_t(i)].label == seriesName)
            return i;
    return -1;
}

int LaneLayout::laneOfTrack(int run, std::uint32_t track) const
{
    if (run < 0 || run >= int(m_laneOfTrack.size()) || track >= m_laneOfTrack[std::size_t(run)].size())
        return -1;
    return m_laneOfTrack[std::size_t(run)][track];
}

int LaneLayout::laneOfKey(int run, const QString &key) const
{
    for (int i = 0; i < int(m_lanes.size()); ++i)
        if (m_lanes[std::size_t(i)].run == run && m_lanes[std::size_t(i)].key == key)
            return i;
    return -1;
}

int LaneLayout::groupOfDevice(int run, int device) const
{
    for (int i = 0; i < int(m_groups.size()); ++i)
        if (m_groups[std::size_t(i)].run == run && m_groups[std::size_t(i)].gpu && m_groups[std::size_t(i)].device == device)
            return i;
    return -1;
}

} // namespace lanescope
