// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/source/SourceModels.h"

#include <QLocale>

namespace lanescope {

namespace {

QString headerTip(int timeColumn)
{
    switch (timeColumn) {
    case 0: return SourceLineModel::tr("GPU time of the kernels, copies and memsets launched while the line was on the Python stack of the launching thread");
    case 1: return SourceLineModel::tr("GPU time launched with the line the innermost Python frame (after \"My code only\" folding, its library callees' launches too)");
    case 2: return SourceLineModel::tr("The line's calls' durations (a recursive call counted once)");
    case 3: return SourceLineModel::tr("Time the line was the innermost Python frame of its thread (the CPU operators it calls included)");
    }
    return {};
}

// The time columns both tables end with, k from 0: GPU, GPU self, CPU, CPU self (ns).
template <typename Row>
qint64 timeNs(const Row &r, int k)
{
    switch (k) {
    case 0: return r.gpuNs;
    case 1: return r.gpuSelfNs;
    case 2: return r.cpuTotalNs;
    }
    return r.cpuSelfNs;
}

} // namespace

QString SourceLineModel::originText(analysis::FrameOrigin origin)
{
    switch (origin) {
    case analysis::FrameOrigin::User: return tr("user code");
    case analysis::FrameOrigin::Torch: return tr("PyTorch");
    case analysis::FrameOrigin::Stdlib: return tr("Python's library");
    case analysis::FrameOrigin::BuiltIn: return tr("built-in");
    }
    return {};
}

QVariant SourceLineModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_rows.size()))
        return {};
    const analysis::SourceLine &r = m_rows[std::size_t(index.row())];
    if (role == NameRole)
        return r.location() + QLatin1Char(' ') + r.function;
    if (role == Qt::ToolTipRole && index.column() <= FunctionColumn)
        return tr("%1\n%2 (%3)").arg(r.file.isEmpty() ? r.function : r.location(), r.function, originText(r.origin));
    if (role == Qt::TextAlignmentRole)
        return index.column() <= FunctionColumn ? QVariant(int(Qt::AlignLeft | Qt::AlignVCenter))
                                                : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    if (role == SortRole) {
        switch (index.column()) {
        case LocationColumn: return r.location();
        case FunctionColumn: return r.function;
        case CallsColumn: return qlonglong(r.calls);
        case GpuColumn:
        case GpuSelfColumn:
        case CpuTotalColumn:
        case CpuSelfColumn: return qlonglong(timeNs(r, index.column() - GpuColumn));
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case LocationColumn: return r.file.isEmpty() ? QString() : r.location();
    case FunctionColumn: return r.function;
    case CallsColumn: return QLocale().toString(qlonglong(r.calls));
    case GpuColumn:
    case GpuSelfColumn:
    case CpuTotalColumn:
    case CpuSelfColumn: return summaryMs(timeNs(r, index.column() - GpuColumn));
    }
    return {};
}

QVariant SourceLineModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case LocationColumn: return tr("Line");
        case FunctionColumn: return tr("Function");
        case CallsColumn: return tr("Calls");
        case GpuColumn: return tr("GPU (ms)");
        case GpuSelfColumn: return tr("GPU self (ms)");
        case CpuTotalColumn: return tr("CPU (ms)");
        case CpuSelfColumn: return tr("CPU self (ms)");
        }
    }
    if (role == Qt::ToolTipRole && section >= GpuColumn)
        return headerTip(section - GpuColumn);
    return {};
}

QVariant SourceFileModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_rows.size()))
        return {};
    const analysis::SourceFile &r = m_rows[std::size_t(index.row())];
    const QString file = r.file.isEmpty() ? tr("(built-in)") : r.file;
    if (role == NameRole)
        return file;
    if (role == Qt::ToolTipRole && index.column() == FileColumn)
        return tr("%1 (%2)").arg(file, SourceLineModel::originText(r.origin));
    if (role == Qt::TextAlignmentRole)
        return index.column() == FileColumn ? QVariant(int(Qt::AlignLeft | Qt::AlignVCenter))
                                            : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    if (role == SortRole) {
        switch (index.column()) {
        case FileColumn: return file;
        case LinesColumn: return qlonglong(r.lines);
        case CallsColumn: return qlonglong(r.calls);
        case GpuColumn:
        case GpuSelfColumn:
        case CpuTotalColumn:
        case CpuSelfColumn: return qlonglong(timeNs(r, index.column() - GpuColumn));
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case FileColumn: return file;
    case LinesColumn: return QLocale().toString(qlonglong(r.lines));
    case CallsColumn: return QLocale().toString(qlonglong(r.calls));
    case GpuColumn:
    case GpuSelfColumn:
    case CpuTotalColumn:
    case CpuSelfColumn: return summaryMs(timeNs(r, index.column() - GpuColumn));
    }
    return {};
}

QVariant SourceFileModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case FileColumn: return tr("File");
        case LinesColumn: return tr("Lines");
        case CallsColumn: return tr("Calls");
        case GpuColumn: return tr("GPU (ms)");
        case GpuSelfColumn: return tr("GPU self (ms)");
        case CpuTotalColumn: return tr("CPU (ms)");
        case CpuSelfColumn: return tr("CPU self (ms)");
        }
    }
    if (role == Qt::ToolTipRole && section >= GpuColumn)
        return headerTip(section - GpuColumn);
    return {};
}

} // namespace lanescope
