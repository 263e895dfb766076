// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Where every lane of the timeline sits vertically. A run (one loaded trace) contributes groups of
// lanes: one group per GPU ("GPU 0", a lane per CUDA stream labelled with what runs on it), then one
// per CPU process (a lane per thread), in Kineto's sort order; a process's counter series (Chrome
// "C" events, CUPTI's PM sampling) are rows under its lanes (a GPU's under its streams), before the
// memory band. Several runs stack in one layout
// under one time axis (comparison, multi-rank), each group knowing its run.
#include "core/model/Trace.h"

#include <QCoreApplication>
#include <QString>

#include <cstdint>
#include <vector>

namespace lanescope {

struct Lane
{
    int run = 0;
    int group = 0;
    std::uint32_t track = 0; // index into the run's Trace::tracks
    QString label;
    QString tooltip;
    QString key;  // stable across loads and layouts (annotations/LaneKey.h): what annotations anchor to
    int rows = 1; // maxDepth + 1
    int queueHeight = 0; // the launch queue strip at the bottom of a GPU stream's lane (0: none)
    int y = 0;    // top, in layout coordinates (0 = top of the first group); valid when visible
    int height = 0;
    bool pinned = false; // drawn in the pinned band above every group (the lane menu's Pin to Top)
    bool hidden = false; // not laid out (Hide Lane)
};

// One counter series (Trace::counters) as a row of its own under its process's lanes.
struct CounterLane
{
    int run = 0;
    int group = 0;
    std::uint32_t series = 0; // index into the run's Trace::counters
    QString label;            // the series' name
    QString unit;             // "%", "B", "/s", ... (CounterLanes::unitOf); empty: none known
    QString key;              // counter:<pid>:<name>, stable across loads
    int y = 0;                // top, layout coordinates; valid when its group is expanded
    int height = 0;
};

struct LaneGroup
{
    int run = 0;
    QString title;
    QString key;      // stable across reloads of the same trace: collapse state follows it
    bool gpu = false;
    int device = -1;  // GPU index for GPU groups
    bool collapsed = false;
    bool defaultCollapsed = false; // how a trace never seen before shows it (Kineto's bookkeeping: collapsed)
    bool hasMemory = false; // a memory series exists for the device: the group ends in a memory band
    QString memoryKey;      // the band's stable key, memory:<device> (annotations/LaneKey.h), when hasMemory
    int memoryDevice = -1;  // the memory series' device id (TraceViewIndex::memoryOf): mostly `device`
    bool hidden = false;    // left out by Show Only This Group (another group was chosen)
    std::vector<int> lanes; // indices into LaneLayout::lanes()
    std::vector<int> counters; // indices into LaneLayout::counterLanes(), under the lanes
    int y = 0;              // top of the header
    int lanesHeight = 0;    // height of the lanes, counters and the memory band below the header when expanded
    int memoryY = 0;        // top of the memory band (under the lanes), layout coordinates
    int memoryHeight = 0;   // 0: no band (no memory events for the device, or the bands are hidden)
};

class LaneLayout
{
    Q_DECLARE_TR_FUNCTIONS(LaneLayout)
public:
    static constexpr int kRowHeight = 18;
    static constexpr int kLanePad = 2;          // above and below the rows of a lane
    static constexpr int kGroupHeaderHeight = 22;
    static constexpr int kMemoryBandHeight = 84; // the device memory band under a GPU group's lanes
    static constexpr int kQueueBandHeight = 22;  // a GPU stream's launch queue, under its slices
    static constexpr int kCounterLaneHeight = 40; // a counter series' row

    struct RunInput
    {
        const Trace *trace = nullptr;
        QString label; // shown before group titles when there is more than one run
        bool gpuOnly = false; // leave the CPU process groups out (a report of the GPU lanes)
    };

    void build(const std::vector<RunInput> &runs);
    void clear() { build({}); }

    const std::vector<LaneGroup> &groups() const { return m_groups; }
    const std::vector<Lane> &lanes() const { return m_lanes; }
    const std::vector<CounterLane> &counterLanes() const { return m_counterLanes; }
    int totalHeight() const { return m_totalHeight; }

    void setCollapsed(int group, bool collapsed);
    // The memory bands shown (the memory overlay on) or left out (no room kept for them).
    void setMemoryBandsVisible(bool on);
    bool memoryBandsVisible() const { return m_memoryBands; }
    // Each GPU stream lane ends in a strip for its launch queue (View > Launch Queues).
    void setQueueBandsVisible(bool on);
    bool queueBandsVisible() const { return m_queueBands; }
    bool isLaneVisible(int lane) const
    {
        const Lane &l = m_lanes[std::size_t(lane)];
        const LaneGroup &g = m_groups[std::size_t(l.group)];
        return !l.hidden && (l.pinned || (!g.collapsed && !g.hidden));
    }

    // What the lane menu changes: pinned lanes (in the order pinned) first, hidden lanes and groups
    // left out. Kept by lane and group key, not index, so it survives collapse, rebuilds and
    // reloads, and a key applies to every run that has it (a comparison's runs pin together).
    void setPinned(int lane, bool pinned);
    void setHidden(int lane, bool hidden); // hiding a pinned lane unpins it
    void showOnlyGroup(int group);         // every group with another key hidden
    void showAllLanes();                   // nothing hidden (pins stay)
    bool anyHidden() const { return !m_hiddenLanes.empty() || !m_onlyGroup.isEmpty(); }
    bool anyPinned() const { return !m_pinned.empty(); }
    int pinnedHeight() const { return m_pinnedHeight; } // the pinned band, from y = 0

    // Where to cut the layout for a picture at most `height` tall: at the top of the first row
    // (group header, lane or memory band) that does not fit whole; `lanesLeft` visible lanes lie
    // at or below the cut. Everything fits: {totalHeight(), 0}.
    struct Cut
    {
        int height = 0;
        int lanesLeft = 0;
    };
    Cut cutAt(int height) const;

    // Hit tests in layout coordinates; -1 when nothing is there.
    int laneAt(int y) const;
    int groupHeaderAt(int y) const;
    int memoryBandAt(int y) const; // the group whose memory band is at y
    int counterLaneAt(int y) const; // the counter lane at y (an index into counterLanes())
    int counterLaneOf(int run, const QString &seriesName) const; // by its series' name; -1: none
    int laneOfTrack(int run, std::uint32_t track) const;
    int groupOfDevice(int run, int device) const;
    // The lane's stable key (gpu:<device>:stream:<id>, cpu:<pid>:<tid>) and back; -1 when the run
    // has no lane of that key (a memory:<device> key names a group: groupOfDevice).
    const QString &laneKey(int lane) const { return m_lanes[std::size_t(lane)].key; }
    int laneOfKey(int run, const QString &key) const;

    // "compute", "NCCL", "memcpy" or empty: what mostly runs on a GPU stream, by kernel time.
    static QString streamRole(const Trace &trace, const Track &track);

private:
    void relayout();

    std::vector<LaneGroup> m_groups;
    std::vector<Lane> m_lanes;
    std::vector<CounterLane> m_counterLanes;
    std::vector<std::vector<int>> m_laneOfTrack; // [run][track] -> lane or -1
    struct Row
    {
        enum Kind : std::uint8_t { Header, Lane, Memory, Counter } kind;
        int index; // group for Header and Memory, lane for Lane, counter lane for Counter
    };
    std::vector<Row> m_visibleOrder; // headers, lanes and memory bands, top to bottom
    std::vector<int> m_visibleY;
    int m_totalHeight = 0;
    int m_pinnedHeight = 0;
    std::vector<QString> m_pinned;      // lane keys, in the order pinned
    std::vector<QString> m_hiddenLanes; // lane keys
    QString m_onlyGroup;                // group key; empty: every group

    bool m_memoryBands = true;
    bool m_queueBands = false;
};

} // namespace lanescope
