// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/TraceSummaryModel.h"

#include <QLocale>

#include <algorithm>
#include <map>
#include <tuple>

namespace lanescope {

namespace {

// Rows of one process while the groups are being built; ordered afterwards.
struct ProcessKey
{
    std::int64_t pid;
    QString label;
    bool operator<(const ProcessKey &o) const { return std::tie(pid, label) < std::tie(o.pid, o.label); }
};

QString pidText(std::int64_t pid, const QString &label) { return label.isEmpty() ? QString::number(pid) : label; }

} // namespace

TraceSummaryModel::TraceSummaryModel(QObject *parent)
    : QAbstractItemModel(parent)
{
}

TraceSummaryModel::~TraceSummaryModel() = default;

void TraceSummaryModel::setTrace(std::shared_ptr<const Trace> trace)
{
    beginResetModel();
    m_trace = std::move(trace);
    rebuild();
    endResetModel();
}

void TraceSummaryModel::rebuild()
{
    m_groups.clear();
    if (!m_trace)
        return;
    const Trace &t = *m_trace;

    struct Building
    {
        Group group;
        bool gpu = false;
        int device = -1;
        std::int64_t sortIndex = 0;
    };
    std::map<ProcessKey, Building> byProcess;
    auto processFor = [&](std::int64_t pid, const QString &label) -> Building & {
        auto [it, inserted] = byProcess.try_emplace(ProcessKey{pid, label});
        if (inserted) {
            Building &b = it->second;
            b.group.header.kind = RowKind::Group;
            b.group.header.pid = pidText(pid, label);
            b.sortIndex = pid;
            for (const Process &p : t.processes) {
                if (p.pid == pid && p.pidLabel == label) {
                    b.group.header.name = p.name;
                    if (!p.labels.isEmpty())
                        b.group.header.name = p.name.isEmpty() ? p.labels : tr("%1 (%2)").arg(p.name, p.labels);
                    b.sortIndex = p.sortIndex;
                    break;
                }
            }
            if (b.group.header.name.isEmpty())
                b.group.header.name = tr("Process %1").arg(b.group.header.pid);
        }
        return it->second;
    };

    for (const Track &track : t.tracks) {
        Building &b = processFor(track.pid, track.pidLabel);
        Row r;
        r.kind = track.kind == TrackKind::Gpu ? RowKind::GpuTrack
               : track.kind == TrackKind::Cpu ? RowKind::CpuTrack
                                              : RowKind::OtherTrack;
        r.name = track.name;
        r.pid = b.group.header.pid;
        if (!track.tidLabel.isEmpty())
            r.tid = track.tidLabel;
        else if (track.kind == TrackKind::Gpu)
            r.tid = tr("stream %1").arg(track.tid);
        else
            r.tid = QString::number(track.tid);
        r.events = track.size();
        r.maxDepth = track.maxDepth;
        if (track.kind == TrackKind::Gpu) {
            b.gpu = true;
            if (b.device < 0 || (track.device >= 0 && track.device < b.device))
                b.device = track.device;
        }
        b.group.rows.push_back(r);
    }
    for (const CounterSeries &c : t.counters) {
        Building &b = processFor(c.pid, QString());
        Row r;
        r.kind = RowKind::Counter;
        r.name = c.name;
        r.pid = b.group.header.pid;
        r.events = c.ts.size();
        b.group.rows.push_back(r);
    }

    std::vector<Building> ordered;
    ordered.reserve(byProcess.size());
    for (auto &entry : byProcess)
        ordered.push_back(std::move(entry.second));
    // GPU processes first (by device), then the rest by the trace's own sort order.
    std::stable_sort(ordered.begin(), ordered.end(), [](const Building &a, const Building &b) {
        if (a.gpu != b.gpu)
            return a.gpu;
        if (a.gpu && a.device != b.device)
            return a.device < b.device;
        return a.sortIndex < b.sortIndex;
    });
    for (Building &b : ordered) {
        Row &h = b.group.header;
        h.kind = RowKind::Group;
        for (const Row &r : b.group.rows) {
            h.events += r.events;
            h.maxDepth = std::max(h.maxDepth, r.maxDepth);
        }
        // Within a process: GPU streams, CPU threads, other lanes, counters; stable keeps trace order.
        std::stable_sort(b.group.rows.begin(), b.group.rows.end(),
                         [](const Row &x, const Row &y) {
                             auto rank = [](RowKind k) {
                                 return k == RowKind::GpuTrack ? 0 : k == RowKind::CpuTrack ? 1 : k == RowKind::OtherTrack ? 2 : 3;
                             };
                             return rank(x.kind) < rank(y.kind);
                         });
        m_groups.push_back(std::move(b.group));
    }

    if (!t.memory.empty()) {
        Group mem;
        mem.header.kind = RowKind::Group;
        mem.header.name = tr("Memory (allocator)");
        for (const MemorySeries &m : t.memory) {
            Row r;
            r.kind = RowKind::Memory;
            if (m.deviceType == 1)
                r.name = tr("GPU %1 memory").arg(m.deviceId);
            else if (m.deviceType == 0)
                r.name = tr("CPU memory");
            else
                r.name = tr("device type %1, id %2 memory").arg(m.deviceType).arg(m.deviceId);
            if (!m.totalsFromTrace)
                r.name = tr("%1 (totals derived from Bytes)").arg(r.name);
            r.events = m.samples.size();
            mem.header.events += r.events;
            mem.rows.push_back(r);
        }
        m_groups.push_back(std::move(mem));
    }
}

int TraceSummaryModel::rowCountOfKind(RowKind kind) const
{
    int n = 0;
    for (const Group &g : m_groups) {
        if (kind == RowKind::Group) {
            ++n;
            continue;
        }
        n += int(std::count_if(g.rows.begin(), g.rows.end(), [kind](const Row &r) { return r.kind == kind; }));
    }
    return n;
}

// Top-level (group) indexes carry internalId 0; a child carries its group's row + 1.
QModelIndex TraceSummaryModel::index(int row, int column, const QModelIndex &parent) const
{
    if (column < 0 || column >= ColumnCount || row < 0)
        return {};
    if (!parent.isValid())
        return row < int(m_groups.size()) ? createIndex(row, column, quintptr(0)) : QModelIndex();
    if (parent.internalId() != 0 || parent.row() >= int(m_groups.size()))
        return {};
    if (row >= int(m_groups[std::size_t(parent.row())].rows.size()))
        return {};
    return createIndex(row, column, quintptr(parent.row()) + 1);
}

QModelIndex TraceSummaryModel::parent(const QModelIndex &child) const
{
    if (!child.isValid() || child.internalId() == 0)
        return {};
    return createIndex(int(child.internalId() - 1), 0, quintptr(0));
}

int TraceSummaryModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return int(m_groups.size());
    if (parent.column() > 0 || parent.internalId() != 0)
        return 0;
    return int(m_groups[std::size_t(parent.row())].rows.size());
}

int TraceSummaryModel::columnCount(const QModelIndex &) const { return ColumnCount; }

QVariant TraceSummaryModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Group &g = m_groups[std::size_t(index.internalId() == 0 ? index.row() : int(index.internalId() - 1))];
    const Row &r = index.internalId() == 0 ? g.header : g.rows[std::size_t(index.row())];

    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn:
            return r.name;
        case KindColumn:
            switch (r.kind) {
            case RowKind::CpuTrack:
                return tr("CPU thread");
            case RowKind::GpuTrack:
                return tr("GPU stream");
            case RowKind::OtherTrack:
                return tr("Other lane");
            case RowKind::Counter:
                return tr("Counter");
            case RowKind::Memory:
                return tr("Memory");
            case RowKind::Group: {
                if (g.rows.empty())
                    return tr("Process");
                const bool gpu = std::any_of(g.rows.begin(), g.rows.end(),
                                             [](const Row &x) { return x.kind == RowKind::GpuTrack; });
                if (gpu)
                    return tr("GPU process");
                if (g.rows.front().kind == RowKind::Memory)
                    return tr("Allocator");
                return tr("CPU process");
            }
            }
            return {};
        case PidColumn:
            return r.pid;
        case TidColumn:
            return r.tid;
        case EventsColumn:
            return QLocale().toString(r.events);
        case DepthColumn:
            return r.maxDepth >= 0 ? QVariant(r.maxDepth) : QVariant();
        }
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == EventsColumn || index.column() == DepthColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::ToolTipRole:
        if (index.column() == EventsColumn)
            return r.kind == RowKind::Counter || r.kind == RowKind::Memory ? tr("Samples in this series")
                                                                           : tr("Slices on this lane");
        return {};
    case EventCountRole:
        return QVariant::fromValue<quint64>(r.events);
    case RowKindRole:
        return int(r.kind);
    }
    return {};
}

QVariant TraceSummaryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Name");
    case KindColumn:
        return tr("Kind");
    case PidColumn:
        return tr("PID");
    case TidColumn:
        return tr("TID / stream");
    case EventsColumn:
        return tr("Events");
    case DepthColumn:
        return tr("Max depth");
    }
    return {};
}

} // namespace lanescope
