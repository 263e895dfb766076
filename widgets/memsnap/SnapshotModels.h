// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The Memory Snapshot dock's tables, over finished values of core/memsnap: AliveStackModel, the
// allocations alive at a moment grouped by Python stack (memsnap::aliveByStack), and
// SegmentEventModel, every segment_alloc / segment_free (cudaMalloc / cudaFree) with the request
// that caused it, the fragmentation events marked, and the oom actions.
#include "widgets/memsnap/LoadedSnapshot.h"

#include <QAbstractTableModel>

#include <vector>

namespace lanescope {

// Both models answer kSortRole with a number (bytes, µs) where the column holds one, so a
// QSortFilterProxyModel sorts them as numbers; kTimeRole is a row's snapshot time (µs).
inline constexpr int kSortRole = Qt::UserRole + 1;
inline constexpr int kTimeRole = Qt::UserRole + 2;

class AliveStackModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { BytesColumn, ShareColumn, CountColumn, StackColumn, ColumnCount };
    explicit AliveStackModel(QObject *parent = nullptr);
    // The groups alive at a moment of a device, largest first, and the device's allocated bytes
    // then (the share's denominator).
    void setGroups(LoadedSnapshotPtr snapshot, std::vector<memsnap::StackGroup> groups, std::int64_t allocated);
    const std::vector<memsnap::StackGroup> &groups() const { return m_groups; }
    std::int64_t totalBytes() const; // the groups' bytes summed

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    LoadedSnapshotPtr m_snapshot;
    std::vector<memsnap::StackGroup> m_groups;
    std::int64_t m_allocated = 0;
};

class SegmentEventModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { TimeColumn, ActionColumn, SizeColumn, RequestColumn, FragmentationColumn, StackColumn, ColumnCount };
    explicit SegmentEventModel(QObject *parent = nullptr);
    void setDevice(LoadedSnapshotPtr snapshot, int device);

    struct Row
    {
        std::int64_t timeUs = 0;
        int segmentEvent = -1;  // index into DeviceHistory::segmentEvents, or -1
        int fragmentation = -1; // index into DeviceHistory::fragmentation, or -1
        int oom = -1;           // index into DeviceHistory::ooms, or -1
    };
    const std::vector<Row> &rows() const { return m_rows; }
    int fragmentationRows() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // "segment_alloc 1.00 GiB for a request of 600.0 MiB: 1.50 GiB free in the cache, its largest
    // free block 400.0 MiB (reserved 20.00 GiB, allocated 18.50 GiB)": what a fragmentation
    // event's row says in full (its tooltip, the dock's moment line).
    static QString fragmentationText(const memsnap::FragmentationEvent &e);
    static QString oomText(const memsnap::OomEvent &e);

private:
    LoadedSnapshotPtr m_snapshot;
    const memsnap::DeviceHistory *m_history = nullptr;
    std::vector<Row> m_rows;
};

} // namespace lanescope
