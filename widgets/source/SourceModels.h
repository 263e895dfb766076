// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The Source view's tables as Qt models: a row per Python line (file:line, function) and a row per
// file (the roll-up), plain views of analysis::SourceLines (the rows analyze --json writes as
// source_lines). As every summary model: SortRole the raw numbers (ns, counts), NameRole what the
// filter matches ("file:line function"), times in ms as the headers say.
#include "core/analysis/measures/source_lines/SourceLines.h"
#include "widgets/analysis/TimeSummaryModels.h"

namespace lanescope {

class SourceLineModel : public SummaryRowsModel<analysis::SourceLine>
{
    Q_OBJECT
public:
    enum Column { LocationColumn, FunctionColumn, CallsColumn, GpuColumn, GpuSelfColumn, CpuTotalColumn, CpuSelfColumn,
                  ColumnCount };
    using SummaryRowsModel::SummaryRowsModel;

    int columnCount(const QModelIndex &parent = {}) const override { return parent.isValid() ? 0 : ColumnCount; }
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    // "user code", "PyTorch", "Python's library", "built-in" (translated).
    static QString originText(analysis::FrameOrigin origin);
};

class SourceFileModel : public SummaryRowsModel<analysis::SourceFile>
{
    Q_OBJECT
public:
    enum Column { FileColumn, LinesColumn, CallsColumn, GpuColumn, GpuSelfColumn, CpuTotalColumn, CpuSelfColumn, ColumnCount };
    using SummaryRowsModel::SummaryRowsModel;

    int columnCount(const QModelIndex &parent = {}) const override { return parent.isValid() ? 0 : ColumnCount; }
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
};

} // namespace lanescope
