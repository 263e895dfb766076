// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/memsnap/SnapshotModels.h"

#include "core/analysis/text/FigureText.h"
#include "widgets/render/Palette.h"
#include "widgets/render/TimeAxis.h"

#include <QColor>
#include <QFont>
#include <QLocale>

#include <algorithm>

namespace lanescope {

namespace figure = analysis::figure;

namespace {

constexpr std::size_t kTooltipFrames = 16; // a deeper stack's tooltip ends with "… N more"

QString stackTooltip(const memsnap::MemorySnapshot &snap, memsnap::StackId stack)
{
    const std::size_t depth = snap.stackDepth(stack);
    if (depth == 0)
        return AliveStackModel::tr("No stack recorded (record_memory_history with stacks=\"python\" or \"all\" records one)");
    QStringList lines;
    for (std::size_t k = 0; k < std::min(depth, kTooltipFrames); ++k)
        lines << snap.frameText(snap.stackFrame(stack, k));
    if (depth > kTooltipFrames)
        lines << (depth - kTooltipFrames == 1 ? AliveStackModel::tr("… %n more frame", nullptr, 1)
                                              : AliveStackModel::tr("… %n more frames", nullptr, int(depth - kTooltipFrames)));
    return lines.join(QLatin1Char('\n'));
}

QString stackText(const memsnap::MemorySnapshot &snap, memsnap::StackId stack)
{
    const QString s = snap.stackSummary(stack);
    return s.isEmpty() ? AliveStackModel::tr("(no stack)") : s;
}

} // namespace

// ---------------------------------------------------------------------------------------------

AliveStackModel::AliveStackModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void AliveStackModel::setGroups(LoadedSnapshotPtr snapshot, std::vector<memsnap::StackGroup> groups, std::int64_t allocated)
{
    beginResetModel();
    m_snapshot = std::move(snapshot);
    m_groups = m_snapshot ? std::move(groups) : std::vector<memsnap::StackGroup>{};
    m_allocated = allocated;
    endResetModel();
}

std::int64_t AliveStackModel::totalBytes() const
{
    std::int64_t sum = 0;
    for (const memsnap::StackGroup &g : m_groups)
        sum += g.bytes;
    return sum;
}

int AliveStackModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_groups.size()); }

int AliveStackModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant AliveStackModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_groups.size()) || !m_snapshot)
        return {};
    const memsnap::StackGroup &g = m_groups[std::size_t(index.row())];
    const double share = m_allocated > 0 ? 100.0 * double(g.bytes) / double(m_allocated) : 0.0;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case BytesColumn: return figure::bytes(double(g.bytes));
        case ShareColumn: return figure::pct(share);
        case CountColumn: return QLocale().toString(qlonglong(g.count));
        case StackColumn: return stackText(*m_snapshot->snapshot, g.stack);
        }
        break;
    case kSortRole:
        switch (index.column()) {
        case BytesColumn:
        case ShareColumn: return qlonglong(g.bytes);
        case CountColumn: return qlonglong(g.count);
        case StackColumn: return stackText(*m_snapshot->snapshot, g.stack);
        }
        break;
    case Qt::ToolTipRole:
        return stackTooltip(*m_snapshot->snapshot, g.stack);
    case Qt::TextAlignmentRole:
        if (index.column() != StackColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        break;
    default: break;
    }
    return {};
}

QVariant AliveStackModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case BytesColumn: return tr("Bytes");
    case ShareColumn: return tr("Share");
    case CountColumn: return tr("Allocations");
    case StackColumn: return tr("Allocated at");
    }
    return {};
}

// ---------------------------------------------------------------------------------------------

SegmentEventModel::SegmentEventModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void SegmentEventModel::setDevice(LoadedSnapshotPtr snapshot, int device)
{
    beginResetModel();
    m_snapshot = std::move(snapshot);
    m_history = m_snapshot ? m_snapshot->device(device) : nullptr;
    m_rows.clear();
    if (m_history) {
        const auto &events = m_history->segmentEvents;
        const auto &frag = m_history->fragmentation;
        m_rows.reserve(events.size() + m_history->ooms.size());
        // A fragmentation event names its segment_alloc by its entry in the device's trace: looked
        // up in the entries sorted once (a large snapshot has hundreds of thousands of each).
        std::vector<std::pair<std::uint32_t, int>> byEntry;
        byEntry.reserve(frag.size());
        for (std::size_t k = 0; k < frag.size(); ++k)
            byEntry.emplace_back(frag[k].entry, int(k));
        std::sort(byEntry.begin(), byEntry.end());
        for (std::size_t i = 0; i < events.size(); ++i) {
            Row r;
            r.timeUs = events[i].timeUs;
            r.segmentEvent = int(i);
            const auto f = std::lower_bound(byEntry.begin(), byEntry.end(), std::make_pair(events[i].entry, -1));
            if (f != byEntry.end() && f->first == events[i].entry)
                r.fragmentation = f->second;
            m_rows.push_back(r);
        }
        for (std::size_t i = 0; i < m_history->ooms.size(); ++i) {
            Row r;
            r.timeUs = m_history->ooms[i].timeUs;
            r.oom = int(i);
            m_rows.push_back(r);
        }
        std::stable_sort(m_rows.begin(), m_rows.end(), [](const Row &a, const Row &b) { return a.timeUs < b.timeUs; });
    }
    endResetModel();
}

int SegmentEventModel::fragmentationRows() const
{
    return int(std::count_if(m_rows.begin(), m_rows.end(), [](const Row &r) { return r.fragmentation >= 0; }));
}

int SegmentEventModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_rows.size()); }

int SegmentEventModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QString SegmentEventModel::fragmentationText(const memsnap::FragmentationEvent &e)
{
    return tr("cudaMalloc of %1 for a request of %2 while %3 was free in the cache, its largest free block %4 "
              "(reserved %5, allocated %6)")
        .arg(figure::bytes(double(e.segmentSize)), figure::bytes(double(e.requested)), figure::bytes(double(e.freeInCache)),
             figure::bytes(double(e.largestFreeBlock)), figure::bytes(double(e.reserved)), figure::bytes(double(e.allocated)));
}

QString SegmentEventModel::oomText(const memsnap::OomEvent &e)
{
    return tr("Out of memory: a request of %1 failed with %2 left on the device; the cache held %3 reserved, %4 "
              "allocated, %5 free, its largest free block %6")
        .arg(figure::bytes(double(e.requested)), figure::bytes(double(e.deviceFree)), figure::bytes(double(e.reserved)),
             figure::bytes(double(e.allocated)), figure::bytes(double(e.freeInCache)), figure::bytes(double(e.largestFreeBlock)));
}

QVariant SegmentEventModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || !m_history || index.row() >= int(m_rows.size()))
        return {};
    const Row &r = m_rows[std::size_t(index.row())];
    const memsnap::MemorySnapshot &snap = *m_snapshot->snapshot;
    const memsnap::SegmentEvent *ev = r.segmentEvent >= 0 ? &m_history->segmentEvents[std::size_t(r.segmentEvent)] : nullptr;
    const memsnap::FragmentationEvent *fr = r.fragmentation >= 0 ? &m_history->fragmentation[std::size_t(r.fragmentation)] : nullptr;
    const memsnap::OomEvent *oom = r.oom >= 0 ? &m_history->ooms[std::size_t(r.oom)] : nullptr;
    const int c = index.column();
    if (role == kTimeRole)
        return qlonglong(r.timeUs);
    if (role == Qt::DisplayRole || role == kSortRole) {
        const bool sort = role == kSortRole;
        switch (c) {
        case TimeColumn:
            return sort ? QVariant(qlonglong(r.timeUs)) : QVariant(TimeAxis::formatTime(double(r.timeUs - m_history->beginUs) * 1000.0));
        case ActionColumn:
            return QString::fromLatin1(memsnap::actionName(ev ? ev->action : memsnap::Action::Oom));
        case SizeColumn: {
            const std::int64_t size = ev ? ev->size : oom->requested;
            return sort ? QVariant(qlonglong(size)) : QVariant(figure::bytes(double(size)));
        }
        case RequestColumn: {
            const std::int64_t req = ev ? ev->requestSize : oom->requested;
            if (sort)
                return qlonglong(req);
            return req >= 0 ? figure::bytes(double(req)) : tr("none after it");
        }
        case FragmentationColumn:
            if (fr)
                return sort ? QVariant(qlonglong(fr->freeInCache))
                            : QVariant(tr("%1 free, largest %2").arg(figure::bytes(double(fr->freeInCache)), figure::bytes(double(fr->largestFreeBlock))));
            if (oom)
                return sort ? QVariant(qlonglong(oom->freeInCache))
                            : QVariant(tr("%1 free, largest %2").arg(figure::bytes(double(oom->freeInCache)), figure::bytes(double(oom->largestFreeBlock))));
            return sort ? QVariant(qlonglong(-1)) : QVariant(QString());
        case StackColumn: {
            const memsnap::StackId stack = ev ? ev->requestStack : oom->stack;
            return stackText(snap, stack);
        }
        }
        return {};
    }
    if (role == Qt::ToolTipRole) {
        QString head;
        if (fr)
            head = fragmentationText(*fr);
        else if (oom)
            head = oomText(*oom);
        const QString stack = stackTooltip(snap, ev ? ev->requestStack : oom->stack);
        return head.isEmpty() ? stack : head + QStringLiteral("\n\n") + stack;
    }
    if (role == Qt::BackgroundRole && (fr || oom)) {
        QColor c2 = Palette::memorySpike();
        c2.setAlpha(oom ? 110 : 60);
        return c2;
    }
    if (role == Qt::FontRole && (fr || oom)) {
        QFont f;
        f.setBold(true);
        return f;
    }
    if (role == Qt::TextAlignmentRole && (c == SizeColumn || c == RequestColumn || c == TimeColumn))
        return int(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant SegmentEventModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TimeColumn: return tr("Time");
    case ActionColumn: return tr("Action");
    case SizeColumn: return tr("Size");
    case RequestColumn: return tr("Request");
    case FragmentationColumn: return tr("Fragmentation");
    case StackColumn: return tr("Requested at");
    }
    return {};
}

} // namespace lanescope
