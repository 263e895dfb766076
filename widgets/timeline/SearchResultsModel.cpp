// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/timeline/SearchResultsModel.h"

#include "widgets/render/TimeAxis.h"
#include "widgets/timeline/DetailsHtml.h"

#include <algorithm>
#include <numeric>

namespace lanescope {

SearchResultsModel::SearchResultsModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void SearchResultsModel::setResults(std::shared_ptr<const SearchResult> result, std::vector<std::shared_ptr<const Trace>> traces,
                                    LaneLabel laneLabel)
{
    beginResetModel();
    m_result = std::move(result);
    m_traces = std::move(traces);
    m_laneLabel = std::move(laneLabel);
    m_rows.resize(m_result ? std::min(m_result->hits.size(), kMaxRows) : 0);
    std::iota(m_rows.begin(), m_rows.end(), std::size_t(0)); // the first ones by time
    endResetModel();
}

void SearchResultsModel::clear() { setResults(nullptr, {}, {}); }

int SearchResultsModel::rowOfHit(std::size_t hit) const
{
    const auto it = std::find(m_rows.begin(), m_rows.end(), hit);
    return it == m_rows.end() ? -1 : int(it - m_rows.begin());
}

SliceRef SearchResultsModel::refAt(int row) const
{
    if (row < 0 || row >= rowCount())
        return {};
    const SearchHit &h = m_result->hits[m_rows[std::size_t(row)]];
    return SliceRef{h.run, h.track, h.slice};
}

int SearchResultsModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_rows.size()); }

int SearchResultsModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QString SearchResultsModel::nameOf(std::size_t hit) const
{
    const SearchHit &h = m_result->hits[hit];
    const Trace &t = *m_traces[std::size_t(h.run)];
    return t.name(t.tracks[h.track].nameId[h.slice]);
}

TimeNs SearchResultsModel::durOf(std::size_t hit) const
{
    const SearchHit &h = m_result->hits[hit];
    return m_traces[std::size_t(h.run)]->tracks[h.track].dur[h.slice];
}

QVariant SearchResultsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const std::size_t hit = m_rows[std::size_t(index.row())];
    const SearchHit &h = m_result->hits[hit];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn: return details::bounded(nameOf(hit), details::kMaxNameChars);
        case LaneColumn: return m_laneLabel ? m_laneLabel(SliceRef{h.run, h.track, h.slice}) : QString();
        // To the microsecond: a kernel of a few µs must be found again by its start.
        case StartColumn: return TimeAxis::formatPrecise(double(h.start), 1e3);
        case DurationColumn: return TimeAxis::formatTime(double(durOf(hit)));
        }
        break;
    case Qt::ToolTipRole:
        if (index.column() == NameColumn)
            return details::tooltipText(nameOf(hit));
        break;
    case Qt::TextAlignmentRole:
        if (index.column() == StartColumn || index.column() == DurationColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case SortRole:
        switch (index.column()) {
        case NameColumn: return nameOf(hit);
        case LaneColumn: return data(index, Qt::DisplayRole);
        case StartColumn: return qint64(h.start);
        case DurationColumn: return qint64(durOf(hit));
        }
        break;
    default: break;
    }
    return {};
}

QVariant SearchResultsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case NameColumn: return tr("Name");
    case LaneColumn: return tr("Lane");
    case StartColumn: return tr("Start");
    case DurationColumn: return tr("Duration");
    }
    return {};
}

void SearchResultsModel::sort(int column, Qt::SortOrder order)
{
    if (!m_result || column < 0 || column >= ColumnCount)
        return;
    emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    const QModelIndexList before = persistentIndexList();
    std::vector<std::size_t> hitsBefore;
    for (const QModelIndex &i : before)
        hitsBefore.push_back(m_rows[std::size_t(i.row())]);
    // Keys computed once per row (names and lane labels are built strings), ties by time.
    std::vector<QVariant> keys(m_rows.size());
    for (std::size_t r = 0; r < m_rows.size(); ++r)
        keys[r] = data(index(int(r), column), SortRole);
    std::vector<std::size_t> perm(m_rows.size());
    std::iota(perm.begin(), perm.end(), std::size_t(0));
    const bool text = column == NameColumn || column == LaneColumn;
    std::stable_sort(perm.begin(), perm.end(), [&](std::size_t a, std::size_t b) {
        const int c = text ? keys[a].toString().compare(keys[b].toString(), Qt::CaseInsensitive)
                           : (keys[a].toLongLong() < keys[b].toLongLong() ? -1 : keys[a].toLongLong() > keys[b].toLongLong() ? 1 : 0);
        return order == Qt::AscendingOrder ? c < 0 : c > 0;
    });
    std::vector<std::size_t> rows(m_rows.size());
    for (std::size_t r = 0; r < perm.size(); ++r)
        rows[r] = m_rows[perm[r]];
    m_rows = std::move(rows);
    QModelIndexList after;
    for (int k = 0; k < before.size(); ++k)
        after.push_back(index(rowOfHit(hitsBefore[std::size_t(k)]), before[k].column()));
    changePersistentIndexList(before, after);
    emit layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

} // namespace lanescope
