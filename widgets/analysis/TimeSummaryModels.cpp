// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/analysis/TimeSummaryModels.h"

#include "core/analysis/text/FigureText.h"

#include <QLocale>

namespace lanescope {

QString summaryMs(TimeNs ns) { return QLocale().toString(double(ns) / 1e6, 'f', 3); }
QString summaryUs(double ns) { return QLocale().toString(ns / 1e3, 'f', 1); }

namespace {
QString streamsText(const std::vector<std::int64_t> &streams)
{
    QStringList s;
    for (std::int64_t x : streams)
        s << QString::number(x);
    return s.join(QStringLiteral(", "));
}
} // namespace

QString KernelSummaryModel::className(analysis::KernelClass c)
{
    switch (c) {
    case analysis::KernelClass::Gemm: return tr("GEMM");
    case analysis::KernelClass::Attention: return tr("attention");
    case analysis::KernelClass::OtherCompute: return tr("other");
    case analysis::KernelClass::Communication: return tr("communication");
    case analysis::KernelClass::Memory: return tr("memcpy/memset");
    }
    return {};
}

QVariant KernelSummaryModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_rows.size()))
        return {};
    const analysis::KernelSummaryRow &r = m_rows[std::size_t(index.row())];
    const QLocale locale;
    if (role == NameRole)
        return r.name;
    if (role == Qt::ToolTipRole && index.column() == NameColumn)
        return r.name;
    if (role == Qt::TextAlignmentRole)
        return index.column() == NameColumn || index.column() == ClassColumn || index.column() == StreamsColumn
            ? QVariant(int(Qt::AlignLeft | Qt::AlignVCenter))
            : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    if (role == SortRole) {
        switch (index.column()) {
        case NameColumn: return r.name;
        case ClassColumn: return className(r.cls);
        case CallsColumn: return qlonglong(r.count);
        case TotalColumn: return qlonglong(r.totalNs);
        case ShareColumn: return r.gpuTimePct;
        case MeanColumn: return r.meanNs;
        case MedianColumn: return r.medianNs;
        case MinColumn: return qlonglong(r.minNs);
        case MaxColumn: return qlonglong(r.maxNs);
        case StreamsColumn: return r.streams.empty() ? qlonglong(-1) : qlonglong(r.streams.front());
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case NameColumn: return r.name;
    case ClassColumn: return className(r.cls);
    case CallsColumn: return locale.toString(qlonglong(r.count));
    case TotalColumn: return summaryMs(r.totalNs);
    case ShareColumn: return locale.toString(r.gpuTimePct, 'f', 1);
    case MeanColumn: return summaryUs(r.meanNs);
    case MedianColumn: return summaryUs(r.medianNs);
    case MinColumn: return summaryUs(double(r.minNs));
    case MaxColumn: return summaryUs(double(r.maxNs));
    case StreamsColumn: return streamsText(r.streams);
    }
    return {};
}

QVariant KernelSummaryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case NameColumn: return tr("Kernel");
        case ClassColumn: return tr("Class");
        case CallsColumn: return tr("Calls");
        case TotalColumn: return tr("Total (ms)");
        case ShareColumn: return tr("GPU %");
        case MeanColumn: return tr("Mean (µs)");
        case MedianColumn: return tr("Median (µs)");
        case MinColumn: return tr("Min (µs)");
        case MaxColumn: return tr("Max (µs)");
        case StreamsColumn: return tr("Streams");
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case ShareColumn: return tr("Share of the GPU time of every kernel, copy and memset in the scope (the column adds up to 100 %)");
        case TotalColumn: return tr("The calls' durations summed: streams running at once each count their own time");
        case StreamsColumn: return tr("The streams the kernel ran on");
        }
    }
    return {};
}

QVariant OpSummaryModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_rows.size()))
        return {};
    const analysis::OpSummaryRow &r = m_rows[std::size_t(index.row())];
    if (role == NameRole)
        return r.name;
    if (role == Qt::ToolTipRole && (index.column() == NameColumn || index.column() == ShapesColumn))
        return index.column() == NameColumn ? r.name : r.inputShapes;
    if (role == Qt::TextAlignmentRole)
        return index.column() <= CategoryColumn ? QVariant(int(Qt::AlignLeft | Qt::AlignVCenter))
                                                : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    if (role == SortRole) {
        switch (index.column()) {
        case NameColumn: return r.name;
        case ShapesColumn: return r.inputShapes;
        case CategoryColumn: return r.category;
        case CallsColumn: return qlonglong(r.count);
        case SelfColumn: return qlonglong(r.selfNs);
        case TotalColumn: return qlonglong(r.totalNs);
        case DeviceColumn: return qlonglong(r.deviceNs);
        case DeviceSelfColumn: return qlonglong(r.deviceSelfNs);
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case NameColumn: return r.name;
    case ShapesColumn: return r.inputShapes;
    case CategoryColumn: return r.category;
    case CallsColumn: return QLocale().toString(qlonglong(r.count));
    case SelfColumn: return summaryMs(r.selfNs);
    case TotalColumn: return summaryMs(r.totalNs);
    case DeviceColumn: return summaryMs(r.deviceNs);
    case DeviceSelfColumn: return summaryMs(r.deviceSelfNs);
    }
    return {};
}

QVariant OpSummaryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case NameColumn: return tr("Operator");
        case ShapesColumn: return tr("Input shapes");
        case CategoryColumn: return tr("Category");
        case CallsColumn: return tr("Calls");
        case SelfColumn: return tr("Self CPU (ms)");
        case TotalColumn: return tr("Total CPU (ms)");
        case DeviceColumn: return tr("Device (ms)");
        case DeviceSelfColumn: return tr("Device self (ms)");
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case SelfColumn: return tr("The time the operator is the innermost slice on its thread: its duration minus its children's");
        case TotalColumn: return tr("The calls' durations, children included");
        case DeviceColumn: return tr("GPU time of the kernels, copies and memsets launched from inside the operator (by correlation)");
        case DeviceSelfColumn: return tr("GPU time launched by the operator's own runtime calls, not by its child operators");
        case ShapesColumn: return tr("The operator's \"Input Dims\" (traces recorded with record_shapes=True)");
        }
    }
    return {};
}

QVariant CollectiveTypeModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_rows.size()))
        return {};
    const analysis::CollectiveTypeRow &r = m_rows[std::size_t(index.row())];
    const QLocale locale;
    const QString kind = QString::fromLatin1(analysis::collectiveKindName(r.kind));
    if (role == NameRole)
        return kind;
    if (role == Qt::TextAlignmentRole)
        return index.column() == KindColumn ? QVariant(int(Qt::AlignLeft | Qt::AlignVCenter))
                                            : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    if (role == SortRole) {
        switch (index.column()) {
        case KindColumn: return kind;
        case SizeColumn: return qlonglong(r.bytes);
        case RanksColumn: return r.groupSize;
        case CallsColumn: return qlonglong(r.count);
        case TotalColumn: return qlonglong(r.totalNs);
        case MedianColumn: return r.busbwMedianGBps;
        case BestColumn: return r.busbwBestGBps;
        case LinkColumn: return analysis::busbwPctOfLink(r.busbwMedianGBps, m_linkGBps);
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    const auto gbps = [&](double v) { return v < 0 ? tr("unknown") : locale.toString(v, 'f', 2); };
    switch (index.column()) {
    case KindColumn: return kind;
    case SizeColumn: return r.bytes < 0 ? tr("unknown") : locale.formattedDataSize(r.bytes, 2, QLocale::DataSizeIecFormat);
    case RanksColumn: return r.groupSize < 0 ? tr("unknown") : locale.toString(r.groupSize);
    case CallsColumn: return locale.toString(qlonglong(r.count));
    case TotalColumn: return summaryMs(r.totalNs);
    case MedianColumn: return gbps(r.busbwMedianGBps);
    case BestColumn: return gbps(r.busbwBestGBps);
    case LinkColumn: {
        const double pct = analysis::busbwPctOfLink(r.busbwMedianGBps, m_linkGBps);
        return pct < 0 ? tr("unknown") : locale.toString(pct, 'f', 1);
    }
    }
    return {};
}

QVariant CollectiveTypeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case KindColumn: return tr("Collective");
        case SizeColumn: return tr("Size");
        case RanksColumn: return tr("Ranks");
        case CallsColumn: return tr("Calls");
        case TotalColumn: return tr("Total (ms)");
        case MedianColumn: return tr("Median busbw (GB/s)");
        case BestColumn: return tr("Best busbw (GB/s)");
        case LinkColumn: return tr("% of link");
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case SizeColumn: return tr("The collective's whole buffer, as nccl-tests counts it (all-gather: the output; reduce-scatter: the input)");
        case MedianColumn:
        case BestColumn:
            return tr("Bus bandwidth as nccl-tests computes it: the size over the kernel's duration, times 2(n-1)/n for all-reduce, "
                      "(n-1)/n for all-gather, reduce-scatter and all-to-all. On one rank's trace the duration includes waiting "
                      "for the last rank.");
        case LinkColumn:
            return tr("The median bus bandwidth's share of the GPU's link per direction (NVLink, Infinity Fabric or PCIe, from the "
                      "GPU table in Preferences); a collective across nodes is bound by the network instead. Unknown for a GPU "
                      "the table does not have.");
        }
    }
    return {};
}

QVariant OpEfficiencyModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_rows.size()))
        return {};
    const analysis::OpEfficiencyRow &r = m_rows[std::size_t(index.row())];
    const QLocale locale;
    if (role == NameRole)
        return r.name;
    if (role == Qt::ToolTipRole && (index.column() == NameColumn || index.column() == ShapesColumn))
        return index.column() == NameColumn ? r.name : r.shapes;
    if (role == Qt::TextAlignmentRole)
        return index.column() <= DtypeColumn ? QVariant(int(Qt::AlignLeft | Qt::AlignVCenter))
                                             : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    if (role == SortRole) {
        switch (index.column()) {
        case NameColumn: return r.name;
        case ShapesColumn: return r.shapes;
        case DtypeColumn: return r.dtype;
        case CallsColumn: return qlonglong(r.count);
        case GpuColumn: return qlonglong(r.gpuNs);
        case TflopColumn: return r.flops;
        case AchievedColumn: return r.achievedTflops;
        case PeakColumn: return r.pctOfPeak;
        case IntensityColumn: return r.intensity;
        case TbpsColumn: return r.achievedTBps;
        case BoundColumn: return boundText(r.bound);
        case RooflineColumn: return r.pctOfRoofline;
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case NameColumn: return r.name;
    case ShapesColumn: return r.shapes;
    case DtypeColumn: return r.dtype;
    case CallsColumn: return locale.toString(qlonglong(r.count));
    case GpuColumn: return summaryMs(r.gpuNs);
    case TflopColumn: return locale.toString(r.flops / 1e12, 'f', 3);
    case AchievedColumn: return r.achievedTflops < 0 ? tr("unknown") : locale.toString(r.achievedTflops, 'f', 1);
    case PeakColumn: return r.pctOfPeak < 0 ? tr("unknown") : locale.toString(r.pctOfPeak, 'f', 1);
    case IntensityColumn: return r.intensity < 0 ? tr("unknown") : locale.toString(r.intensity, 'f', 1);
    case TbpsColumn: return r.achievedTBps < 0 ? tr("unknown") : locale.toString(r.achievedTBps, 'f', 3);
    case BoundColumn: return boundText(r.bound);
    case RooflineColumn: return r.pctOfRoofline < 0 ? tr("unknown") : locale.toString(r.pctOfRoofline, 'f', 1);
    }
    return {};
}

QVariant OpEfficiencyModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case NameColumn: return tr("Operator");
        case ShapesColumn: return tr("Input shapes");
        case DtypeColumn: return tr("Type");
        case CallsColumn: return tr("Calls");
        case GpuColumn: return tr("GPU (ms)");
        case TflopColumn: return tr("TFLOP");
        case AchievedColumn: return tr("TFLOPS");
        case PeakColumn: return tr("% of peak");
        case IntensityColumn: return tr("FLOP/byte");
        case TbpsColumn: return tr("TB/s");
        case BoundColumn: return tr("Bound");
        case RooflineColumn: return tr("% of roofline");
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case GpuColumn: return tr("GPU time of the kernels the calls launched, their nested operators' included");
        case TflopColumn: return tr("The calls' FLOPs from their input shapes (2MNK for a matrix product, 4·B·H·Lq·Lk·D for attention)");
        case AchievedColumn: return tr("FLOPs over the GPU time: what the kernels achieved");
        case PeakColumn:
            return tr("Of the peak of the operator's type (GPU table in Preferences): bf16/fp16 the dense tensor peak, fp32 "
                      "matrix products FP32 (PyTorch leaves TF32 off for them), fp32 convolutions TF32 (cuDNN's default), fp64 FP64");
        case IntensityColumn: return tr("Arithmetic intensity: FLOPs per byte read and written (inputs once, the output once)");
        case TbpsColumn: return tr("Bytes moved over the GPU time, in TB/s: against the GPU's memory bandwidth for memory-bound operators");
        case BoundColumn:
            return tr("Which roof bounds the operator: compute where its intensity reaches the ridge point (peak over memory "
                      "bandwidth), memory below it");
        case RooflineColumn: return tr("Achieved TFLOPS over what the roofline allows at this intensity: min(peak, intensity × memory bandwidth)");
        }
    }
    return {};
}

bool MemoryOwnerModel::hasColumn(int column) const
{
    switch (column) {
    case OpColumn:
    case BytesColumn:
    case CountColumn: return true;
    case ShareColumn: return m_list == List::AliveAtPeak;
    case FreedColumn:
    case LifetimeColumn: return m_list == List::TopAllocators;
    }
    return false;
}

QString MemoryOwnerModel::ownerText(const analysis::MemoryOwnerRow &row)
{
    switch (row.kind) {
    case analysis::MemoryOwnerRow::Kind::Op: return row.op;
    case analysis::MemoryOwnerRow::Kind::NoOp: return tr("[no op]");
    case analysis::MemoryOwnerRow::Kind::BeforeTrace: return tr("[before trace]");
    }
    return row.op;
}

QVariant MemoryOwnerModel::data(const QModelIndex &index, int role) const
{
    namespace figure = analysis::figure;
    if (!index.isValid() || index.row() >= int(m_rows.size()))
        return {};
    const analysis::MemoryOwnerRow &r = m_rows[std::size_t(index.row())];
    const double share = m_peakBytes > 0 ? 100.0 * double(r.bytes) / double(m_peakBytes) : -1.0;
    const double lifetime = r.meanLifetimeNs();
    if (role == NameRole)
        return ownerText(r);
    if (role == Qt::ToolTipRole && index.column() == OpColumn) {
        if (r.kind == analysis::MemoryOwnerRow::Kind::BeforeTrace)
            return tr("Blocks the allocator held before the trace began, less those freed in it up to the peak");
        if (r.kind == analysis::MemoryOwnerRow::Kind::NoOp)
            return tr("Allocations made outside every CPU operator");
        return r.op;
    }
    if (role == Qt::TextAlignmentRole)
        return index.column() == OpColumn ? QVariant(int(Qt::AlignLeft | Qt::AlignVCenter))
                                          : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    if (role == SortRole) {
        switch (index.column()) {
        case OpColumn: return ownerText(r);
        case BytesColumn: return qlonglong(r.bytes);
        case CountColumn: return qlonglong(r.count);
        case ShareColumn: return share;
        case FreedColumn: return qlonglong(r.freed);
        case LifetimeColumn: return lifetime;
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case OpColumn: return ownerText(r);
    case BytesColumn: return figure::bytes(double(r.bytes));
    // The blocks from before the trace were not counted one by one.
    case CountColumn: return r.kind == analysis::MemoryOwnerRow::Kind::BeforeTrace ? QString() : figure::count(double(r.count));
    case ShareColumn: return share < 0 ? QString() : figure::pct(share);
    case FreedColumn: return figure::count(double(r.freed));
    case LifetimeColumn: return lifetime < 0 ? QString() : figure::duration(lifetime);
    }
    return {};
}

QVariant MemoryOwnerModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case OpColumn: return tr("Operator");
        case BytesColumn: return tr("Bytes");
        case CountColumn: return tr("Allocations");
        case ShareColumn: return tr("Of peak");
        case FreedColumn: return tr("Freed");
        case LifetimeColumn: return tr("Mean lifetime");
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case OpColumn: return tr("The CPU operator that made the allocations: the innermost one around them on their thread, aten::empty and its kin skipped");
        case BytesColumn:
            return m_list == List::AliveAtPeak  ? tr("Bytes of the operator's allocations still held at the peak of allocated memory")
                : m_list == List::TopAllocators ? tr("Bytes the operator allocated over the whole trace, on every device")
                                                : tr("Bytes the operator allocated and the trace never freed");
        case CountColumn: return tr("How many allocations");
        case ShareColumn: return tr("The bytes' share of the peak of allocated memory: the rows add up to it");
        case FreedColumn: return tr("Of the allocations, those freed within the trace");
        case LifetimeColumn: return tr("From allocation to free, averaged over the freed allocations");
        }
    }
    return {};
}

QString boundText(analysis::Bound bound)
{
    switch (bound) {
    case analysis::Bound::Compute: return OpEfficiencyModel::tr("compute");
    case analysis::Bound::Memory: return OpEfficiencyModel::tr("memory");
    case analysis::Bound::Unknown: break;
    }
    return OpEfficiencyModel::tr("unknown");
}

} // namespace lanescope
