// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The gaps of one analysis as a table: device, stream, start, duration, the kernels on either side,
// the cause (with its colour) and the evidence. Times are shown relative to the trace's first
// event, as lanescope-cli prints them; SortRole gives the raw numbers for a proxy to sort on.
#include "widgets/analysis/AnalysisRunner.h"

#include <QAbstractTableModel>

class QFontMetrics;

namespace lanescope {

class GapTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { DeviceColumn, StreamColumn, StartColumn, DurationColumn, BeforeColumn, AfterColumn,
                  CauseColumn, GemmBeforeColumn, GemmAfterColumn, EvidenceColumn, ColumnCount };
    enum Role {
        SortRole = Qt::UserRole + 1, // numbers for number columns, text otherwise
        CauseKeyRole,                // "comm_wait", ... (any column)
        StartNsRole,                 // absolute model time (qint64, any column)
        EndNsRole,
        CollectiveRole,              // comm_wait: the collective waited on ("AllGather", ...)
    };

    explicit GapTableModel(QObject *parent = nullptr);

    // origin: the time shown as 0 (the trace's first event). result may be null (empty table).
    void setResult(AnalysisResultPtr result, TimeNs origin);
    const AnalysisResultPtr &result() const { return m_result; }
    const analysis::Gap *gap(int row) const; // null when out of range

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // "16.66 ms", "850 µs": how the dock writes durations.
    static QString durationText(TimeNs ns);
    // A kernel's name without "void " and its parameter list (the table's before / after columns).
    static QString shortKernelName(const QString &name);
    // What the table's kernel columns show: shortKernelName without the namespaces in front of the
    // kernel's own name ("vectorized_elementwise_kernel<4, ...>"), so a narrow column elided at its
    // end still shows the kernel's name; the tooltip has the whole of it.
    static QString ownKernelName(const QString &name);
    // A kernel column's text fitted to `width` pixels without losing the kernel's own name: as it
    // is when it fits; else with its template arguments left out ("vectorized_elementwise_kernel<…>",
    // then "vectorized_elementwise_kernel"; a CUTLASS wrapper "Kernel<cutlass_80_..._gemm_...>" is
    // named by its argument); then elided in the middle ("vectorized_e…_kernel"). Never cut to the
    // namespaces in front ("at::native::").
    static QString fitKernelName(const QString &name, const QFontMetrics &fm, int width);

    // Compute idle (analysis::ComputeIdle), written the same way in the dock's header, breakdown
    // and advice: "Compute idle 27.9 %" ...
    static QString computeIdleFigure(const analysis::ComputeIdle &c);
    // ... and what it measures: "of the analysed time (8 steps' CPU spans, 2.91 s) in which no GPU
    // computed".
    static QString computeIdleScope(const analysis::ComputeIdle &c);

private:
    AnalysisResultPtr m_result;
    TimeNs m_origin = 0;
};

} // namespace lanescope
