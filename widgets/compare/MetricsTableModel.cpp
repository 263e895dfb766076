// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/compare/MetricsTableModel.h"

#include "widgets/compare/DeltaColour.h"

#include "widgets/compare/NameDiffModel.h"
#include "widgets/compare/CompactTable.h"

#include "widgets/render/GapCauseStyle.h"

#include "core/analysis/FigureText.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QLocale>

#include <algorithm>
#include <cmath>

namespace lanescope {

namespace {
std::optional<double> opt(double v) { return v; }
} // namespace

MetricsTableModel::MetricsTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void MetricsTableModel::setComparison(const analysis::ComparisonResult *result)
{
    beginResetModel();
    m_rows.clear();
    m_labels.clear();
    if (result && !result->runs.empty()) {
        const auto &runs = result->runs;
        for (const analysis::RunMetrics &m : runs)
            m_labels << m.label;
        auto add = [&](const char *key, const QString &label, const QString &tip, Unit unit, bool higher,
                       const std::function<std::optional<double>(const analysis::RunMetrics &)> &get) {
            Row r;
            r.key = QString::fromLatin1(key);
            r.label = label;
            r.tooltip = tip;
            r.unit = unit;
            r.higherIsBetter = higher;
            for (const analysis::RunMetrics &m : runs)
                r.values.push_back(get(m));
            m_rows.push_back(std::move(r));
        };
        using M = analysis::RunMetrics;
        add("step_time_us", tr("Step time"),
            tr("Median CPU duration of the complete ProfilerSteps (the last step of two or more is left out: "
               "the profiler closes it at its stop)"),
            Unit::Ms, false, [](const M &m) { return m.stepTimeNs; });
        add("tokens_per_s_per_gpu", tr("Tokens/s per GPU"),
            tr("Tokens per step over the median step time (needs the MFU inputs of the Analysis dock)"), Unit::TokensPerS,
            true, [](const M &m) { return m.tokensPerSPerGpu; });
        // A model that is no transformer: its samples (images) per step give this instead; no MFU.
        if (std::any_of(runs.begin(), runs.end(), [](const M &m) { return m.samplesPerSPerGpu.has_value(); }))
            add("samples_per_s_per_gpu", tr("Samples/s per GPU"),
                tr("Samples (images) per step over the median step time (the Analysis dock's MFU panel, with samples)"),
                Unit::SamplesPerS, true, [](const M &m) { return m.samplesPerSPerGpu; });
        add("mfu_pct", tr("MFU"), tr("Model FLOPs utilisation: 6 × parameters × tokens/s over the GPU's peak"), Unit::Pct,
            true, [](const M &m) { return m.mfuPct; });
        add("achieved_tflops", tr("Achieved TFLOPS"), tr("Model FLOPs per second per GPU at the median step time"),
            Unit::Tflops, true, [](const M &m) { return m.achievedTflops; });
        add("compute_idle_pct", tr("Compute-stream idle"),
            tr("Share of the analysed time (the steps' CPU spans) in which no compute stream runs a kernel: the "
               "Analysis dock's lead figure, and the one the advice measures"),
            Unit::Pct, false, [](const M &m) { return m.computeIdlePct; });
        add("idle_pct", tr("All-GPU idle"),
            tr("Share of the analysed GPU time with no kernel, copy or memset on any stream (Holistic Trace "
               "Analysis' temporal breakdown, whole trace)"),
            Unit::Pct, false, [](const M &m) { return opt(m.idlePct); });
        add("compute_pct", tr("GPU compute"), tr("Share of GPU time in computation kernels (GEMM, attention, elementwise…)"),
            Unit::Pct, true, [](const M &m) { return opt(m.computePct); });
        add("non_compute_pct", tr("GPU non-compute"),
            tr("Share of GPU time in communication and memory kernels with no computation at the same time"), Unit::Pct,
            false, [](const M &m) { return opt(m.nonComputePct); });
        add("comm_comp_overlap_pct", tr("Comm–compute overlap"),
            tr("Share of communication time that overlaps computation (higher hides more of it)"), Unit::Pct, true,
            [](const M &m) { return opt(m.commCompOverlapPct); });
        add("exposed_comm_us", tr("Exposed communication"), tr("Communication time not overlapped by any computation"),
            Unit::Ms, false, [](const M &m) { return opt(double(m.exposedCommNs)); });
        // The listed gaps under the threshold and filter they were measured with (the baseline's scope).
        const QString gapScope = analysis::figure::gapScope(runs.front().scope);
        add("gap_count", gapScope,
            tr("Gaps the analysis lists: compute-stream idle of at least the Analysis dock's threshold within GEMM "
               "to GEMM windows"),
            Unit::Count, false, [](const M &m) { return opt(double(m.gapCount)); });
        add("gap_total_us", tr("%1, total").arg(gapScope), tr("Summed length of the listed gaps"), Unit::Ms, false,
            [](const M &m) { return opt(double(m.gapTotalNs)); });
        for (int c = 0; c < GapCauseStyle::kCauseCount; ++c) {
            const auto cause = analysis::GapCause(c);
            const QByteArray key = QByteArrayLiteral("gap_") + analysis::gapCauseName(cause);
            Row r;
            r.key = QString::fromLatin1(key + "_us");
            r.label = tr("  gaps: %1").arg(GapCauseStyle::label(cause));
            r.tooltip = tr("Listed gaps whose cause is: %1 — count × total").arg(GapCauseStyle::description(cause));
            r.unit = Unit::Ms;
            bool any = false;
            for (const M &m : runs) {
                r.values.push_back(double(m.gapTotalByCause[c]));
                r.counts.push_back(double(m.gapCountByCause[c]));
                any = any || m.gapCountByCause[c] > 0;
            }
            if (any)
                m_rows.push_back(std::move(r));
        }
        add("peak_allocated_bytes", tr("Peak allocated"), tr("Highest memory allocated by tensors on the trace's GPU"),
            Unit::Bytes, false, [](const M &m) { return m.peakAllocatedBytes; });
        add("peak_reserved_bytes", tr("Peak reserved"), tr("Highest memory the caching allocator held from the driver"),
            Unit::Bytes, false, [](const M &m) { return m.peakReservedBytes; });
        add("alloc_calls", tr("cudaMalloc calls"), tr("Calls to cudaMalloc (the caching allocator growing on the critical path)"),
            Unit::Count, false, [](const M &m) { return opt(double(m.mallocCalls)); });
        add("free_calls", tr("cudaFree calls"), tr("Calls to cudaFree (the allocator releasing blocks, often with a sync)"),
            Unit::Count, false, [](const M &m) { return opt(double(m.freeCalls)); });
        add("kernel_count", tr("GPU activities"), tr("Kernels, copies and memsets in the whole trace"), Unit::Count, false,
            [](const M &m) { return opt(double(m.kernelCount)); });
        add("host_wait_pct", tr("Host wait"),
            tr("Share of the compute streams' idle time spent waiting for the CPU to launch the next kernel (Holistic "
               "Trace Analysis' idle time breakdown; over the analysed steps)"),
            Unit::Pct, false, [](const M &m) { return m.hostWaitSharePct; });
        add("launches", tr("Kernel launches"),
            tr("GPU activities matched to the call that launched them (CUDA, HIP and MTIA runtime calls)"), Unit::Count, false,
            [](const M &m) { return opt(double(m.launches)); });
        add("launch_delay_median_us", tr("Launch delay, median"),
            tr("From the end of the launch call to the start of its kernel, the median over the launches"), Unit::Us, false,
            [](const M &m) { return m.launchDelayMedianNs; });
        // The critical path of one step per run (the median complete step, or the step analysed):
        // its parts add up to that step's length.
        for (int p = 0; p < analysis::kPathParts; ++p) {
            const auto part = analysis::PathPart(p);
            const QByteArray key = QByteArrayLiteral("critical_path_") + analysis::pathPartName(part) + "_us";
            Row r;
            r.key = QString::fromLatin1(key);
            r.label = tr("  critical path: %1").arg(analysis::pathPartLabel(part));
            r.tooltip = tr("Time the critical path of the run's step (its step: the median complete one, or the one "
                           "analysed) spends as %1; the six parts add up to that step's length")
                            .arg(analysis::pathPartLabel(part));
            r.unit = Unit::Ms;
            for (const M &m : runs)
                r.values.push_back(m.criticalPathNs ? std::optional<double>(double((*m.criticalPathNs)[std::size_t(p)]))
                                                    : std::nullopt);
            m_rows.push_back(std::move(r));
        }
        // A folder run (a job of rank traces): the job's own figures; the rows above are the rank's
        // it is compared through. Unknown for a run that is one trace.
        add("job_step_time_us", tr("Job step time"),
            tr("A folder of rank traces: the median job step, from the first rank's start to the last rank's end"),
            Unit::Ms, false, [](const M &m) { return m.job ? m.job->jobStepTimeNs : std::nullopt; });
        add("job_gap_total_us", tr("Job GEMM gaps, total"),
            tr("A folder of rank traces: the listed gaps of every rank, summed"), Unit::Ms, false,
            [](const M &m) { return m.job ? std::optional<double>(double(m.job->jobGapTotalNs)) : std::nullopt; });
        add("straggler_wait_us_per_step", tr("Waits on stragglers"),
            tr("A folder of rank traces: per step, every rank's wait at a collective for the last rank to arrive, summed"),
            Unit::Ms, false, [](const M &m) { return m.job ? m.job->stragglerWaitPerStepNs : std::nullopt; });
        // Rows nobody can read anything from: unknown in every run (MFU without its inputs).
        m_rows.erase(std::remove_if(m_rows.begin(), m_rows.end(),
                                    [](const Row &r) {
                                        return std::none_of(r.values.begin(), r.values.end(),
                                                            [](const std::optional<double> &v) { return v.has_value(); });
                                    }),
                     m_rows.end());
    }
    endResetModel();
}

int MetricsTableModel::rowOf(const QString &key) const
{
    for (std::size_t i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].key == key)
            return int(i);
    return -1;
}

int MetricsTableModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_rows.size()); }

int MetricsTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() || m_labels.isEmpty() ? 0 : 2 * int(m_labels.size());
}

int MetricsTableModel::runOfColumn(int column, bool *isDelta) const
{
    *isDelta = column >= 3 && column % 2 == 1;
    if (column == 1)
        return 0;
    return column / 2;
}

QString MetricsTableModel::format(Unit unit, double v)
{
    // Every figure as every other surface spells it (analysis/FigureText.h).
    namespace figure = analysis::figure;
    switch (unit) {
    case Unit::Ms:
        return figure::ms(v);
    case Unit::Pct:
        return figure::pct(v);
    case Unit::Count:
        return figure::count(v);
    case Unit::Bytes:
        return figure::gib(v);
    case Unit::Tflops:
        return figure::tflops(v);
    case Unit::TokensPerS:
        return figure::tokensPerS(v);
    case Unit::SamplesPerS:
        return figure::samplesPerS(v);
    case Unit::Us:
        return figure::us(v);
    }
    return {};
}

QString MetricsTableModel::formatDelta(Unit unit, double delta, std::optional<double> pct)
{
    QString d = format(unit, std::abs(delta));
    // Percentages change by points, not by per cent of themselves.
    if (unit == Unit::Pct)
        d = tr("%1 pt").arg(QLocale().toString(std::abs(delta), 'f', 2));
    const QString sign = delta > 0 ? QStringLiteral("+") : delta < 0 ? QStringLiteral("−") : QString();
    QString text = sign + d;
    if (pct && unit != Unit::Pct)
        text += QStringLiteral(" (%1%2 %)").arg(*pct > 0 ? QStringLiteral("+") : *pct < 0 ? QStringLiteral("−") : QString(),
                                                QLocale().toString(std::abs(*pct), 'f', 1));
    return text;
}

QVariant MetricsTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_rows.size()))
        return {};
    const Row &r = m_rows[std::size_t(index.row())];
    if (index.column() == 0) {
        if (role == Qt::DisplayRole)
            return r.label;
        if (role == Qt::ToolTipRole)
            return r.tooltip;
        if (role == KeyRole)
            return r.key;
        return {};
    }
    bool isDelta = false;
    const int run = runOfColumn(index.column(), &isDelta);
    if (run < 0 || std::size_t(run) >= r.values.size())
        return {};
    const std::optional<double> &v = r.values[std::size_t(run)];
    const std::optional<double> &base = r.values[0];
    if (role == Qt::TextAlignmentRole)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == ValueRole)
        return v ? QVariant(*v) : QVariant();
    const auto countOf = [&](int k) { return r.counts.empty() ? std::optional<double>() : r.counts[std::size_t(k)]; };
    if (!isDelta) {
        if (role == Qt::DisplayRole) {
            if (!v)
                return tr("—");
            if (const auto n = countOf(run))
                return tr("%1 × %2").arg(format(Unit::Count, *n), format(r.unit, *v));
            return format(r.unit, *v);
        }
        if (role == Qt::ToolTipRole && !v)
            return tr("Unknown for this run (no steps, no memory events, or no MFU inputs)");
        return {};
    }
    if (!v || !base)
        return role == Qt::DisplayRole ? QVariant(tr("—")) : QVariant();
    const double delta = *v - *base;
    const std::optional<double> pct = *base != 0 ? std::optional<double>(100.0 * delta / std::abs(*base)) : std::nullopt;
    // Better or worse, by the metric's direction; a change under 0.5 % of the baseline is neither.
    const bool negligible = pct ? std::abs(*pct) < 0.5 : delta == 0;
    const int better = negligible ? 0 : ((delta > 0) == r.higherIsBetter ? 1 : -1);
    switch (role) {
    case Qt::DisplayRole:
        if (const auto n = countOf(run); n && countOf(0)) {
            const double dn = *n - *countOf(0);
            return tr("%1 × %2").arg((dn > 0 ? QStringLiteral("+") : dn < 0 ? QStringLiteral("−") : QString())
                                         + format(Unit::Count, std::abs(dn)),
                                     formatDelta(r.unit, delta, pct));
        }
        return formatDelta(r.unit, delta, pct);
    case DeltaRole:
        return delta;
    case DeltaPctRole:
        return pct ? QVariant(*pct) : QVariant();
    case BetterRole:
        return better;
    case Qt::ForegroundRole:
        return deltaForeground(better);
    case Qt::FontRole:
        if (better != 0) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case Qt::ToolTipRole:
        return better > 0 ? tr("Better than the baseline") : better < 0 ? tr("Worse than the baseline") : tr("About the same");
    default:
        return {};
    }
}

QVariant MetricsTableModel::headerData(int section, Qt::Orientation o, int role) const
{
    if (o != Qt::Horizontal || (role != Qt::DisplayRole && role != CompactTable::ShortHeaderRole))
        return QAbstractTableModel::headerData(section, o, role);
    if (section == 0)
        return role == Qt::DisplayRole ? QVariant(tr("Metric")) : QVariant();
    bool isDelta = false;
    const int run = runOfColumn(section, &isDelta);
    if (run < 0 || run >= m_labels.size())
        return {};
    // Short: the key the Differences tables use too ("A", "Δ B" for long labels).
    const QString name = role == Qt::DisplayRole ? m_labels.at(run) : NameDiffModel::runKey(run, m_labels);
    return isDelta ? tr("Δ %1").arg(name) : name;
}

QString MetricsTableModel::toTsv() const
{
    QStringList lines;
    QStringList head;
    for (int c = 0; c < columnCount(); ++c)
        head << headerData(c, Qt::Horizontal, Qt::DisplayRole).toString();
    lines << head.join(QLatin1Char('\t'));
    for (int r = 0; r < rowCount(); ++r) {
        QStringList cells;
        for (int c = 0; c < columnCount(); ++c)
            cells << data(index(r, c), Qt::DisplayRole).toString().trimmed();
        lines << cells.join(QLatin1Char('\t'));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

} // namespace lanescope
