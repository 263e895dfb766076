// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/compare/HardwareDiffModel.h"

#include "widgets/compare/DeltaColour.h"

#include "widgets/compare/NameDiffModel.h"
#include "core/analysis/text/FigureText.h"

#include <QBrush>
#include <QColor>
#include <QLocale>

#include <climits>
#include <cmath>

namespace lanescope {

HardwareDiffModel::HardwareDiffModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void HardwareDiffModel::setComparison(const analysis::ComparisonResult *result)
{
    beginResetModel();
    m_rows.clear();
    m_labels.clear();
    if (result) {
        for (const analysis::RunMetrics &m : result->runs)
            m_labels << m.label;
        m_rows = result->hardware;
    }
    endResetModel();
}

int HardwareDiffModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_rows.size()); }

int HardwareDiffModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() || m_labels.isEmpty() ? 0 : 1 + 2 * runs() - 1;
}

QString HardwareDiffModel::figureText(int row) const
{
    if (row < 0 || row >= int(m_rows.size()))
        return {};
    const analysis::HardwareDiffRow &r = m_rows[std::size_t(row)];
    if (std::string_view(r.kind) == "collective_busbw")
        return tr("%1 bus bandwidth (GB/s)").arg(r.name);
    if (std::string_view(r.kind) == "memory_owner_peak")
        return tr("%1 at the memory peak").arg(r.name);
    return tr("%1 (TFLOPS)").arg(r.name);
}

QVariant HardwareDiffModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_rows.size()))
        return {};
    const analysis::HardwareDiffRow &r = m_rows[std::size_t(index.row())];
    const int c = index.column(), n = runs();
    if (c == 0) {
        if (role == Qt::DisplayRole || role == SortRole)
            return figureText(index.row());
        if (role == Qt::ToolTipRole && std::string_view(r.kind) == "memory_owner_peak")
            return tr("Device memory that %1 allocated and still held when allocated memory peaked "
                      "(allocations paired with their frees by address)")
                .arg(r.name);
        if (role == Qt::ToolTipRole)
            return std::string_view(r.kind) == "collective_busbw"
                       ? tr("Median bus bandwidth (nccl-tests' busbw) over the %1 kernels whose size and group are known, "
                            "each over its duration on this rank")
                             .arg(r.name)
                       : tr("Achieved TFLOPS of %1: its FLOPs from the recorded shapes over the GPU time of the kernels it launched")
                             .arg(r.name);
        return {};
    }
    if (role == Qt::TextAlignmentRole)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (c <= n) {
        const std::size_t run = std::size_t(c - 1);
        const std::optional<double> &v = r.values[run];
        if (role == Qt::DisplayRole) {
            if (!v)
                return tr("—");
            if (std::string_view(r.unit) == "bytes")
                return analysis::figure::bytes(*v);
            return QLocale().toString(*v, 'f', 1);
        }
        if (role == SortRole)
            return v ? *v : -1.0;
        if (role == Qt::ToolTipRole)
            return tr("%1: %n measured", nullptr, int(std::min<std::int64_t>(r.count[run], INT_MAX))).arg(m_labels.value(int(run)));
        return {};
    }
    const std::size_t run = std::size_t(c - n);
    const std::optional<double> p = r.pct(run);
    if (!p)
        return role == Qt::DisplayRole ? QVariant(tr("—")) : QVariant();
    switch (role) {
    case Qt::DisplayRole:
        return (*p > 0 ? QStringLiteral("+") : *p < 0 ? QStringLiteral("−") : QString()) + QLocale().toString(std::abs(*p), 'f', 1)
               + QStringLiteral(" %");
    case SortRole:
        return *p;
    case Qt::ForegroundRole:
        if (std::abs(*p) < 0.05) // shown as 0.0 %: no colour
            return {};
        return deltaForeground((r.higherIsBetter ? *p > 0 : *p < 0) ? 1 : -1);
    default:
        return {};
    }
}

QVariant HardwareDiffModel::headerData(int section, Qt::Orientation o, int role) const
{
    if (o != Qt::Horizontal || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
        return QAbstractTableModel::headerData(section, o, role);
    const int n = runs();
    if (section == 0)
        return role == Qt::ToolTipRole ? QVariant() : QVariant(tr("Figure"));
    const int run = section <= n ? section - 1 : section - n;
    const QString key = NameDiffModel::runKey(run, m_labels), label = m_labels.value(run);
    if (role == Qt::ToolTipRole)
        return section <= n ? tr("The figure in %1").arg(label) : tr("%1 against the baseline %2, in percent").arg(label, m_labels.value(0));
    return section <= n ? key : tr("Δ %1").arg(key);
}

} // namespace lanescope
