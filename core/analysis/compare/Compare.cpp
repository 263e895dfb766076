// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/compare/Compare.h"

#include "core/analysis/advice/Advice.h" // subtractIntervals
#include "core/analysis/run/FigureCatalogue.h"
#include "core/analysis/run/KernelClass.h"

#include <QCoreApplication>
#include <QHash>

#include <algorithm>
#include <cmath>
#include <string>
#include <cstdlib>

namespace lanescope::analysis {

namespace {

// lupdate files Text::tr() strings under "analysis", the context looked up at run time.
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(analysis)
};

using Intervals = std::vector<TimeRange>;

// Sorted, disjoint, non-empty.
Intervals unite(Intervals v)
{
    v.erase(std::remove_if(v.begin(), v.end(), [](const TimeRange &r) { return r.empty(); }), v.end());
    std::sort(v.begin(), v.end(), [](const TimeRange &a, const TimeRange &b) { return a.from < b.from; });
    Intervals out;
    for (const TimeRange &r : v) {
        if (!out.empty() && r.from <= out.back().to)
            out.back().to = std::max(out.back().to, r.to);
        else
            out.push_back(r);
    }
    return out;
}

TimeNs length(const Intervals &v)
{
    TimeNs t = 0;
    for (const TimeRange &r : v)
        t += r.to - r.from;
    return t;
}

CategoryClass categoryOf(const Trace &t, const Track &tr, std::size_t i)
{
    const std::uint16_t c = tr.catId[i];
    return c < t.categoryClass.size() ? t.categoryClass[c] : CategoryClass::Other;
}

// The waterfall's idle parts, in the order overlapping gaps of two streams are given away.
constexpr GapCause kCauseOrder[] = {GapCause::CommWait, GapCause::DataLoader, GapCause::Allocator,
                                    GapCause::Sync,     GapCause::HostLaunch, GapCause::Other};

// The window's time by part, in integer nanoseconds (see Compare.h for the rules).
std::vector<std::pair<const char *, TimeNs>> splitWindow(const Trace &trace, const std::vector<Gap> &gaps, TimeRange w)
{
    std::vector<std::pair<const char *, TimeNs>> parts;
    Intervals assigned = computeIntervals(trace, w); // merged and clipped already
    parts.emplace_back("compute", length(assigned));
    for (GapCause cause : kCauseOrder) {
        Intervals mine;
        for (const Gap &g : gaps)
            if (g.cause == cause)
                mine.push_back(TimeRange{std::max(g.start, w.from), std::min(g.end(), w.to)});
        const Intervals fresh = subtractIntervals(std::move(mine), assigned);
        parts.emplace_back(gapCauseName(cause), length(fresh));
        assigned.insert(assigned.end(), fresh.begin(), fresh.end());
        assigned = unite(std::move(assigned));
    }
    Intervals busy;
    for (const Track &tr : trace.tracks) {
        if (tr.kind != TrackKind::Gpu)
            continue;
        for (std::size_t i = 0; i < tr.size(); ++i)
            if (isGpuActivity(categoryOf(trace, tr, i)) && tr.start[i] < w.to && tr.end(i) > w.from)
                busy.push_back(TimeRange{std::max(tr.start[i], w.from), std::min(tr.end(i), w.to)});
    }
    const Intervals other = subtractIntervals(std::move(busy), assigned);
    const TimeNs otherLen = length(other);
    parts.emplace_back("communication_memory", otherLen);
    TimeNs given = 0;
    for (const auto &p : parts)
        given += p.second;
    parts.emplace_back("idle_short", (w.to - w.from) - given);
    return parts;
}

// The one or two complete steps the median is taken from.
std::vector<Step> medianSteps(const std::vector<Step> &complete)
{
    std::vector<Step> s = complete;
    std::stable_sort(s.begin(), s.end(), [](const Step &a, const Step &b) { return a.dur < b.dur; });
    if (s.empty())
        return s;
    const std::size_t n = s.size();
    if (n % 2)
        return {s[n / 2]};
    return {s[n / 2 - 1], s[n / 2]};
}

QString gpuOf(const Trace &t)
{
    // The device the GPU lanes run on: a node's trace lists every GPU of the machine in
    // deviceProperties (resnet50's lists four), while its kernels run on one.
    const std::vector<const DeviceInfo *> traced = t.tracedDevices();
    if (!traced.empty())
        return traced.front()->name;
    return t.devices.empty() ? QString() : t.devices.front().name;
}

// Counts and totals per normalised name, one row per name over every run.
class NameTable
{
public:
    NameTable(std::size_t runs, bool fold) : m_cache(runs), m_runs(runs), m_fold(fold) {}

    void add(std::size_t run, const Trace &t, StringId id, TimeNs dur)
    {
        std::vector<int> &cache = m_cache[run];
        if (cache.size() != t.strings.size())
            cache.assign(t.strings.size(), -1);
        int &row = cache[id];
        if (row < 0) {
            const QString name = normalizedName(t.strings.view(id), m_fold);
            auto it = m_index.constFind(name);
            if (it == m_index.constEnd()) {
                NameDiffRow r;
                r.name = name;
                r.count.assign(m_runs, 0);
                r.totalNs.assign(m_runs, 0);
                it = m_index.insert(name, int(m_rows.size()));
                m_rows.push_back(std::move(r));
            }
            row = *it;
        }
        ++m_rows[std::size_t(row)].count[run];
        m_rows[std::size_t(row)].totalNs[run] += dur;
    }
    std::vector<NameDiffRow> finish(const std::vector<int> &stepsInScope)
    {
        for (NameDiffRow &r : m_rows) {
            r.deltaNs.resize(m_runs);
            r.perStepNs.resize(m_runs);
            for (std::size_t k = 0; k < m_runs; ++k) {
                r.deltaNs[k] = r.totalNs[k] - r.totalNs[0];
                r.perStepNs[k] = stepsInScope[k] > 0 ? std::optional<double>(double(r.totalNs[k]) / stepsInScope[k]) : std::nullopt;
            }
        }
        std::stable_sort(m_rows.begin(), m_rows.end(), [](const NameDiffRow &a, const NameDiffRow &b) {
            const TimeNs ia = a.impact(), ib = b.impact();
            if (ia != ib)
                return ia > ib;
            const TimeNs ta = a.totalNs.empty() ? 0 : a.totalNs[0], tb = b.totalNs.empty() ? 0 : b.totalNs[0];
            return ta != tb ? ta > tb : a.name < b.name;
        });
        return std::move(m_rows);
    }

private:
    std::vector<std::vector<int>> m_cache; // per run: StringId -> row, -1 not seen yet
    std::size_t m_runs;
    bool m_fold;
    QHash<QString, int> m_index;
    std::vector<NameDiffRow> m_rows;
};

// CPU operators as the differences count them: cpu_op (Operator in 2021 Kineto) and
// user_annotation (record_function, the DataLoader's enumerate, ProfilerStep), not python_function
// (with_stack's Python frames would bury the operators); every CPU event of a legacy trace.
std::vector<char> opCategories(const Trace &t)
{
    std::vector<char> ok(t.categoryClass.size(), 0);
    for (std::size_t c = 0; c < t.categoryClass.size(); ++c) {
        const CategoryClass cc = t.categoryClass[c];
        ok[c] = cc == CategoryClass::CpuOp
            || (cc == CategoryClass::UserAnnotation && t.strings.view(t.categories[c]) != "python_function");
    }
    return ok;
}

} // namespace

Alignment alignRuns(const std::vector<const Trace *> &traces, const std::vector<const std::vector<Step> *> &steps,
                    const AlignOptions &options)
{
    Alignment a;
    a.mode = options.mode;
    a.runs.resize(traces.size());
    if (traces.empty())
        return a;
    int position = options.position;
    std::vector<std::vector<Step>> complete;
    for (const auto *s : steps)
        complete.push_back(s ? completeSteps(*s) : std::vector<Step>{});
    if (options.mode == AlignMode::Step && options.baselineStep >= 0) {
        position = -1;
        for (std::size_t k = 0; k < complete[0].size(); ++k)
            if (complete[0][k].number == options.baselineStep)
                position = int(k);
        if (position < 0) {
            a.error = Text::tr("the first run has no complete ProfilerStep#%1").arg(options.baselineStep);
            return a;
        }
    }
    a.position = options.mode == AlignMode::Step ? position : -1;
    for (std::size_t i = 0; i < traces.size(); ++i) {
        RunAlignment &r = a.runs[i];
        r.anchor = traces[i]->minTs;
        if (options.mode != AlignMode::Step)
            continue;
        if (position < 0 || std::size_t(position) >= complete[i].size()) {
            r.fellBack = true;
            const int have = int(complete[i].size());
            a.warnings << (have == 1 ? Text::tr("run %1 has %n complete step, fewer than the %2 the alignment needs: aligned on its start", nullptr, have)
                                     : Text::tr("run %1 has %n complete steps, fewer than the %2 the alignment needs: aligned on its start", nullptr, have))
                              .arg(i + 1)
                              .arg(position + 1);
            continue;
        }
        const Step &s = complete[i][std::size_t(position)];
        r.stepNumber = s.number;
        r.anchor = s.start;
        // Complete steps are a prefix of the steps, so the position is also the index.
        r.stepIndex = position;
    }
    const TimeNs axis0 = a.runs[0].anchor - traces[0]->minTs;
    for (std::size_t i = 0; i < traces.size(); ++i)
        a.runs[i].offsetNs = axis0 - (a.runs[i].anchor - traces[i]->minTs);
    return a;
}

TimeNs NameDiffRow::impact() const
{
    TimeNs m = 0;
    for (TimeNs d : deltaNs)
        m = std::max(m, d < 0 ? -d : d);
    return m;
}

StepSplit splitMedianStep(const Trace &trace, const std::vector<Step> &complete, TimeNs gapNs)
{
    StepSplit s;
    const std::vector<Step> median = medianSteps(complete);
    if (median.empty())
        return s;
    GapOptions go;
    go.minGap = gapNs;
    go.kernels = GapKernels::All;
    const std::vector<Gap> gaps = findGaps(trace, go);
    std::vector<std::pair<const char *, TimeNs>> sum;
    TimeNs dur = 0;
    for (const Step &m : median) {
        const auto parts = splitWindow(trace, gaps, TimeRange{m.start, m.end()});
        if (sum.empty())
            sum = parts;
        else
            for (std::size_t k = 0; k < parts.size(); ++k)
                sum[k].second += parts[k].second;
        dur += m.dur;
    }
    // Integers over one or two: exact in a double (well below 2^52 ns).
    const double m = double(median.size());
    s.stepNs = double(dur) / m;
    for (const auto &p : sum)
        s.parts.emplace_back(p.first, double(p.second) / m);
    return s;
}

bool hasJobRuns(const std::vector<RunMetrics> &runs)
{
    return std::any_of(runs.begin(), runs.end(), [](const RunMetrics &m) { return m.job.has_value(); });
}

QStringList waterfallFixesOf(const char *partName)
{
    const QLatin1String n(partName);
    if (n == QLatin1String("comm_wait"))
        return {QStringLiteral("fsdp_limit_all_gathers")};
    if (n == QLatin1String("host_launch"))
        return {QStringLiteral("launch_bound"), QStringLiteral("cpu_bound_launch")};
    if (n == QLatin1String("allocator"))
        return {QStringLiteral("allocator_churn")};
    if (n == QLatin1String("sync"))
        return {QStringLiteral("sync_on_critical_path")};
    if (n == QLatin1String("dataloader"))
        return {QStringLiteral("dataloader")};
    return {};
}

std::vector<MetricDelta> metricValues(const RunMetrics &m, bool withJob)
{
    // The catalogue's figures of a comparison, in its order (FigureCatalogue.h); a job's figures
    // only where a folder is among the runs.
    const std::vector<const Figure *> &figures = figuresOn(InComparison);
    std::vector<MetricDelta> values;
    values.reserve(figures.size());
    for (const Figure *f : figures) {
        if (f->isJobFigure() && !withJob)
            continue;
        MetricDelta d;
        d.key = f->key;
        d.higherIsBetter = f->higherIsBetter;
        if (f->isJobFigure())
            d.value = m.job ? f->jsonValue(f->jobValue(*m.job)) : std::nullopt;
        else
            d.value = f->jsonValue(f->value(m));
        values.push_back(d);
    }
    return values;
}

ComparisonResult compareRuns(const std::vector<CompareRun> &runs, const CompareOptions &options)
{
    ComparisonResult out;
    if (runs.empty())
        return out;
    const std::size_t n = runs.size();
    std::vector<const Trace *> traces;
    std::vector<const std::vector<Step> *> steps;
    for (const CompareRun &r : runs) {
        traces.push_back(r.trace);
        steps.push_back(&r.analysis->steps);
    }
    out.alignment = alignRuns(traces, steps, options.align);
    if (!out.alignment.error.isEmpty()) {
        out.error = out.alignment.error;
        return out;
    }
    const bool scoped = options.scopeToStep && options.align.mode == AlignMode::Step;
    if (scoped)
        for (std::size_t i = 0; i < n; ++i)
            if (out.alignment.runs[i].stepIndex < 0) {
                out.error = Text::tr("%1 has no complete step at position %2, the one compared").arg(runs[i].label).arg(out.alignment.position + 1);
                return out;
            }
    // The alignment's warnings, with the runs' labels.
    for (std::size_t i = 0; i < n; ++i)
        if (out.alignment.runs[i].fellBack) {
            const int have = int(completeSteps(runs[i].analysis->steps).size());
            out.warnings << (have == 1 ? Text::tr("%1 has %n complete step, fewer than the %2 the alignment needs: aligned on its start", nullptr, have)
                                       : Text::tr("%1 has %n complete steps, fewer than the %2 the alignment needs: aligned on its start", nullptr, have))
                                .arg(runs[i].label)
                                .arg(out.alignment.position + 1);
        }

    NameTable kernels(n, options.foldTemplates), ops(n, options.foldTemplates);
    std::vector<int> stepsInScope(n, 0);
    std::vector<GapDiffRow> gapRows(6);
    for (std::size_t c = 0; c < 6; ++c) {
        gapRows[c].cause = GapCause(c);
        gapRows[c].count.assign(n, 0);
        gapRows[c].totalNs.assign(n, 0);
    }

    for (std::size_t i = 0; i < n; ++i) {
        const Trace &t = *runs[i].trace;
        const AnalysisResult &a = *runs[i].analysis;
        RunMetrics m;
        static_cast<RunFigures &>(m) = a.figures; // one set of figures: the analysis'
        m.label = runs[i].label;
        m.path = runs[i].path;
        m.gpu = gpuOf(t);
        m.worldSize = t.worldSize;
        m.job = runs[i].job;
        if (m.job && m.job->worldSize > 0)
            m.worldSize = m.job->worldSize;
        m.steps = int(a.steps.size());
        std::vector<Step> complete = completeSteps(a.steps);
        TimeRange kernelWindow, opWindow;
        if (scoped) {
            const Step &s = a.steps[std::size_t(out.alignment.runs[i].stepIndex)];
            complete = {s};
            kernelWindow = s.gpuRange();
            opWindow = TimeRange{s.start, s.end()};
            stepsInScope[i] = 1;
        } else {
            stepsInScope[i] = m.steps;
        }
        m.completeSteps = int(complete.size());

        const StepSplit split = splitMedianStep(t, complete, options.waterfallGapNs);
        out.splits.push_back(split);
        // The waterfall splits the step the figures measured: the same steps, the same time.
        if (m.stepTimeNs && !complete.empty() && *m.stepTimeNs != split.stepNs)
            out.warnings << Text::tr("%1: the analysis measured its step time over other steps than the comparison's (%2 against %3 ns)")
                                .arg(m.label)
                                .arg(*m.stepTimeNs, 0, 'f', 1)
                                .arg(split.stepNs, 0, 'f', 1);
        for (std::size_t c = 0; c < 6; ++c) {
            gapRows[c].count[i] += m.gapCountByCause[c];
            gapRows[c].totalNs[i] += m.gapTotalByCause[c];
        }

        const std::vector<char> opCat = opCategories(t);
        for (const Track &tr : t.tracks) {
            const bool gpu = tr.kind == TrackKind::Gpu, cpu = tr.kind == TrackKind::Cpu;
            if (!gpu && !cpu)
                continue;
            for (std::size_t k = 0; k < tr.size(); ++k) {
                if (gpu) {
                    if (!isGpuActivity(categoryOf(t, tr, k)) || (!kernelWindow.empty() && !kernelWindow.contains(tr.start[k])))
                        continue;
                    kernels.add(i, t, tr.nameId[k], tr.dur[k]);
                } else {
                    const std::uint16_t c = tr.catId[k];
                    const bool op = t.legacyProfiler || (c < opCat.size() && opCat[c]);
                    if (!op || (!opWindow.empty() && !opWindow.contains(tr.start[k])))
                        continue;
                    ops.add(i, t, tr.nameId[k], tr.dur[k]);
                }
            }
        }
        for (const QString &w : a.warnings)
            out.warnings << QStringLiteral("%1: %2").arg(m.label, w);
        out.runs.push_back(std::move(m));
    }

    // Deltas and waterfall against run 0.
    const RunMetrics &base = out.runs[0];
    const bool withJob = hasJobRuns(out.runs);
    const std::vector<MetricDelta> baseValues = metricValues(base, withJob);
    for (std::size_t i = 1; i < n; ++i) {
        DeltaRow row;
        row.label = out.runs[i].label;
        row.metrics = metricValues(out.runs[i], withJob);
        for (std::size_t k = 0; k < row.metrics.size(); ++k) {
            MetricDelta &d = row.metrics[k];
            const std::optional<double> b = baseValues[k].value;
            if (d.value && b) {
                d.delta = *d.value - *b;
                if (*b != 0)
                    d.pct = 100.0 * *d.delta / std::abs(*b);
            }
        }
        out.deltas.push_back(std::move(row));

        const RunMetrics &r = out.runs[i];
        if (!base.stepTimeNs || !r.stepTimeNs)
            continue;
        // Without GPU activity every step would read as idle: there is no GPU time to split.
        if (runs[0].analysis->temporal.activities == 0 || runs[i].analysis->temporal.activities == 0) {
            out.warnings << Text::tr("no step-time waterfall for %1: %2 has no GPU activity to split its steps into")
                                .arg(r.label, runs[i].analysis->temporal.activities == 0 ? r.label : base.label);
            continue;
        }
        Waterfall w;
        w.label = r.label;
        w.fromNs = *base.stepTimeNs;
        w.toNs = *r.stepTimeNs;
        const StepSplit &sb = out.splits[0], &sr = out.splits[i];
        for (std::size_t k = 0; k < sr.parts.size(); ++k) {
            WaterfallPart part{sr.parts[k].first, sr.parts[k].second - sb.parts[k].second, std::nullopt, QString()};
            // Beside the measured change, what the baseline's replay projected for this cause's fix.
            for (const QString &id : waterfallFixesOf(part.name)) {
                const auto a = std::find_if(runs[0].analysis->advice.begin(), runs[0].analysis->advice.end(),
                                            [&](const Advice &x) { return x.id == id && x.projectedStepS > 0 && x.stepS > 0; });
                if (a == runs[0].analysis->advice.end())
                    continue;
                // The advice's step is the baseline's step time (the same figure as fromNs).
                part.projectedDeltaNs = std::round((a->projectedStepS - a->stepS) * 1e9);
                part.projectedBy = id;
                break;
            }
            w.parts.push_back(std::move(part));
        }
        out.waterfall.push_back(std::move(w));
    }

    out.kernels = kernels.finish(stepsInScope);
    std::vector<const AnalysisResult *> analyses;
    for (const CompareRun &r : runs)
        analyses.push_back(r.analysis);
    out.hardware = hardwareDiffs(analyses);
    out.ops = ops.finish(stepsInScope);
    for (GapDiffRow &g : gapRows) {
        bool any = false;
        g.deltaNs.resize(n);
        for (std::size_t k = 0; k < n; ++k) {
            g.deltaNs[k] = g.totalNs[k] - g.totalNs[0];
            any = any || g.count[k] > 0;
        }
        if (any)
            out.gaps.push_back(std::move(g));
    }
    const auto gapImpact = [](const GapDiffRow &g) {
        TimeNs m = 0;
        for (TimeNs d : g.deltaNs)
            m = std::max(m, d < 0 ? -d : d);
        return m;
    };
    std::stable_sort(out.gaps.begin(), out.gaps.end(),
                     [&](const GapDiffRow &a, const GapDiffRow &b) { return gapImpact(a) > gapImpact(b); });

    // Not comparable as they stand.
    for (std::size_t i = 1; i < n; ++i) {
        const RunMetrics &r = out.runs[i];
        if (!base.gpu.isEmpty() && !r.gpu.isEmpty() && base.gpu != r.gpu)
            out.warnings << Text::tr("different GPU models: %1 ran on %2, %3 on %4; kernel times and MFU are not comparable as they stand")
                                .arg(base.label, base.gpu, r.label, r.gpu);
        if (base.worldSize > 0 && r.worldSize > 0 && base.worldSize != r.worldSize)
            out.warnings << Text::tr("different world sizes: %1 ran on %2 ranks, %3 on %4; per-GPU figures compare, totals do not")
                                .arg(base.label)
                                .arg(base.worldSize)
                                .arg(r.label)
                                .arg(r.worldSize);
        if (!scoped && base.steps != r.steps)
            out.warnings << Text::tr("different step counts: %2 in %1, %4 in %3; compare the per-step figures, not the totals")
                                .arg(base.label)
                                .arg(base.steps)
                                .arg(r.label)
                                .arg(r.steps);
    }
    for (const RunMetrics &r : out.runs)
        if (!r.stepTimeNs)
            out.warnings << Text::tr("%1 has no ProfilerStep: no step time, no MFU and no waterfall for it").arg(r.label);
    return out;
}

} // namespace lanescope::analysis
