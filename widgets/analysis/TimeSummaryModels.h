// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The rows of the analysis' "Where the time goes" tab as Qt models: kernels per name and CPU
// operators per name (and input shapes). Plain views of analysis::TimeSummaries (computed once per
// analysis, the same rows analyze --json writes); SortRole gives the raw numbers, so a column sorts
// by value whatever its spelling. Times in ms (totals) and µs (per call), as the headers say.
#include "core/analysis/measures/collectives/CollectiveBandwidth.h"
#include "core/analysis/measures/summaries/KernelSummary.h"
#include "core/analysis/measures/memory_owners/MemoryOwners.h"
#include "core/analysis/measures/summaries/OpSummary.h"
#include "core/analysis/measures/ops_efficiency/OpsEfficiency.h"

#include <QAbstractTableModel>

#include <vector>

namespace lanescope {

// The rows of one summary and what every such table model does with them: one model reset per
// new set of rows, a row per entry. The derived models say how a row reads.
template <typename Row>
class SummaryRowsModel : public QAbstractTableModel
{
public:
    enum Role { SortRole = Qt::UserRole + 1, NameRole };
    using QAbstractTableModel::QAbstractTableModel;

    void setRows(std::vector<Row> rows)
    {
        beginResetModel();
        m_rows = std::move(rows);
        endResetModel();
    }
    const std::vector<Row> &rows() const { return m_rows; }
    int rowCount(const QModelIndex &parent = {}) const override { return parent.isValid() ? 0 : int(m_rows.size()); }

protected:
    std::vector<Row> m_rows;
};

class KernelSummaryModel : public SummaryRowsModel<analysis::KernelSummaryRow>
{
    Q_OBJECT
public:
    enum Column { NameColumn, ClassColumn, CallsColumn, TotalColumn, ShareColumn, MeanColumn, MedianColumn,
                  MinColumn, MaxColumn, StreamsColumn, ColumnCount };
    using SummaryRowsModel::SummaryRowsModel;

    int columnCount(const QModelIndex &parent = {}) const override { return parent.isValid() ? 0 : ColumnCount; }
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    static QString className(analysis::KernelClass c);

};

class OpSummaryModel : public SummaryRowsModel<analysis::OpSummaryRow>
{
    Q_OBJECT
public:
    enum Column { NameColumn, ShapesColumn, CategoryColumn, CallsColumn, SelfColumn, TotalColumn, DeviceColumn,
                  DeviceSelfColumn, ColumnCount };
    using SummaryRowsModel::SummaryRowsModel;

    int columnCount(const QModelIndex &parent = {}) const override { return parent.isValid() ? 0 : ColumnCount; }
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

};

// Collectives per kind, size and group: nccl-tests' bus bandwidth, median and best over the calls.
class CollectiveTypeModel : public SummaryRowsModel<analysis::CollectiveTypeRow>
{
    Q_OBJECT
public:
    enum Column { KindColumn, SizeColumn, RanksColumn, CallsColumn, TotalColumn, MedianColumn, BestColumn, LinkColumn, ColumnCount };
    using SummaryRowsModel::SummaryRowsModel;

    // The device's link per direction (CollectiveBandwidth::linkGBps; <= 0 unknown): the median
    // busbw's share of it. Set before the rows.
    void setLinkGBps(double gbps) { m_linkGBps = gbps; }

    int columnCount(const QModelIndex &parent = {}) const override { return parent.isValid() ? 0 : ColumnCount; }
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    double m_linkGBps = -1;
};

// The model's math per op, shapes and dtype (record_shapes): FLOPs, launched GPU time, achieved
// TFLOPS, the share of the dtype's peak, and the roofline (intensity, TB/s, bound, % of roofline).
class OpEfficiencyModel : public SummaryRowsModel<analysis::OpEfficiencyRow>
{
    Q_OBJECT
public:
    enum Column { NameColumn, ShapesColumn, DtypeColumn, CallsColumn, GpuColumn, TflopColumn, AchievedColumn, PeakColumn,
                  IntensityColumn, TbpsColumn, BoundColumn, RooflineColumn, ColumnCount };
    using SummaryRowsModel::SummaryRowsModel;

    int columnCount(const QModelIndex &parent = {}) const override { return parent.isValid() ? 0 : ColumnCount; }
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

};

// Who holds the device memory (analysis::MemoryOwners), one list of it per model: what is alive at
// the peak (share of the peak), the ops that allocate the most (freed, mean lifetime), what is
// never freed. Bytes and durations spelled by FigureText.h, SortRole the values analyze --json
// writes (bytes, counts, the mean lifetime in ns).
class MemoryOwnerModel : public SummaryRowsModel<analysis::MemoryOwnerRow>
{
    Q_OBJECT
public:
    enum class List { AliveAtPeak, TopAllocators, NeverFreed };
    enum Column { OpColumn, BytesColumn, CountColumn, ShareColumn, FreedColumn, LifetimeColumn, ColumnCount };
    MemoryOwnerModel(List list, QObject *parent) : SummaryRowsModel(parent), m_list(list) {}

    List list() const { return m_list; }
    // The columns this list shows (the others stay hidden in its table).
    bool hasColumn(int column) const;
    // The peak the shares are of (AliveAtPeak). Set before the rows.
    void setPeakBytes(std::int64_t bytes) { m_peakBytes = bytes; }

    int columnCount(const QModelIndex &parent = {}) const override { return parent.isValid() ? 0 : ColumnCount; }
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    // "[no op]" and "[before trace]" as the table shows them (translated; key() is the JSON's).
    static QString ownerText(const analysis::MemoryOwnerRow &row);

private:
    List m_list;
    std::int64_t m_peakBytes = -1;
};

// "compute", "memory" (translated), "unknown".
QString boundText(analysis::Bound bound);

// Cell spellings shared with the module tree and the copied text.
QString summaryMs(TimeNs ns);       // "12.345" (ms, three decimals: µs precision)
QString summaryUs(double ns);       // "87.6" (µs, one decimal)

} // namespace lanescope
