// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The search's matches as a table (name, lane, start, duration), sortable by any column. Bounded:
// a query matching millions of slices lists the first kMaxRows of them by time (the timeline draws
// and steps through all of them); the model says how many there are in all.
#include "widgets/timeline/TimelineSearch.h"
#include "widgets/render/SliceRef.h"

#include <QAbstractTableModel>

#include <functional>
#include <memory>
#include <vector>

namespace lanescope {

class SearchResultsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { NameColumn, LaneColumn, StartColumn, DurationColumn, ColumnCount };
    static constexpr std::size_t kMaxRows = 10000;
    static constexpr int SortRole = Qt::UserRole; // the raw value a column sorts by

    using LaneLabel = std::function<QString(SliceRef)>;

    explicit SearchResultsModel(QObject *parent = nullptr);

    // The traces by run (kept alive with the result), and how a hit's lane is named.
    void setResults(std::shared_ptr<const SearchResult> result, std::vector<std::shared_ptr<const Trace>> traces,
                    LaneLabel laneLabel);
    void clear();

    std::size_t totalMatches() const { return m_result ? m_result->hits.size() : 0; }
    std::size_t hitAt(int row) const { return m_rows[std::size_t(row)]; } // index into the result's hits
    int rowOfHit(std::size_t hit) const;                                   // -1: not listed
    SliceRef refAt(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

private:
    QString nameOf(std::size_t hit) const;
    TimeNs durOf(std::size_t hit) const;

    std::shared_ptr<const SearchResult> m_result;
    std::vector<std::shared_ptr<const Trace>> m_traces;
    LaneLabel m_laneLabel;
    std::vector<std::size_t> m_rows; // hit indices in display order
};

} // namespace lanescope
