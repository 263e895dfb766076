// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Item model of what a loaded trace holds: one top-level row per process (GPU processes first, then
// CPU processes, then the allocator's memory series), its tracks and counters as children.
#include "core/model/Trace.h"

#include <QAbstractItemModel>

#include <memory>
#include <vector>

namespace lanescope {

class TraceSummaryModel : public QAbstractItemModel
{
    Q_OBJECT
public:
    enum Column { NameColumn, KindColumn, PidColumn, TidColumn, EventsColumn, DepthColumn, ColumnCount };
    enum Role {
        EventCountRole = Qt::UserRole + 1, // quint64: slices / samples of the row (group: the sum)
        RowKindRole,                       // int: RowKind
    };
    enum class RowKind { CpuTrack, GpuTrack, OtherTrack, Counter, Memory, Group };
    Q_ENUM(RowKind)

    explicit TraceSummaryModel(QObject *parent = nullptr);
    ~TraceSummaryModel() override;

    // Takes the finished trace (or null to clear). The model keeps it alive while it shows it.
    void setTrace(std::shared_ptr<const Trace> trace);
    const std::shared_ptr<const Trace> &trace() const { return m_trace; }

    // Counts of child rows by kind, over all groups (for the summary line and the tests).
    int rowCountOfKind(RowKind kind) const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row
    {
        RowKind kind = RowKind::CpuTrack;
        QString name, pid, tid;
        quint64 events = 0;
        int maxDepth = -1; // -1: not a slice track
    };
    struct Group
    {
        Row header;
        std::vector<Row> rows;
    };
    void rebuild();

    std::shared_ptr<const Trace> m_trace;
    std::vector<Group> m_groups;
};

} // namespace lanescope
