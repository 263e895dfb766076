// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/text/CriticalPathText.h"

#include "core/analysis/measures/critical_path/CriticalPath.h"
#include "core/analysis/text/Format.h"

#include <QCoreApplication>
#include <QStringList>

namespace lanescope::analysis {

namespace {

// lupdate files Text::tr() strings under "analysis", the context looked up at run time.
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(analysis)
};

} // namespace

namespace criticalPathText {

QString spanMissing() { return Text::tr("the step's CPU span is not in the trace"); }

QString tooManyEvents(std::size_t maxEvents, const QString &step)
{
    return Text::tr("more than %1 events in %2: no critical path").arg(figure::count(double(maxEvents)), step);
}

QString noPath(const QString &step) { return Text::tr("no path from the start of %1 to its end").arg(step); }

} // namespace criticalPathText

QString pathPartLabel(PathPart p)
{
    switch (p) {
    case PathPart::Cpu: return Text::tr("CPU");
    case PathPart::GpuCompute: return Text::tr("GPU compute");
    case PathPart::Communication: return Text::tr("communication");
    case PathPart::LaunchDelay: return Text::tr("launch delay");
    case PathPart::Sync: return Text::tr("synchronisation");
    case PathPart::Idle: return Text::tr("idle");
    }
    return {};
}

QString criticalPathScope(const CriticalPath &cp, TimeNs origin)
{
    AnalysisRange r;
    r.kind = cp.scope;
    r.span = cp.step;
    r.instance = cp.instance;
    r.instances = cp.instances;
    return r.label(origin);
}

QString criticalPathSentence(const CriticalPath &cp)
{
    if (!cp.valid)
        return cp.error;
    const PathPart d = cp.dominant();
    const QString share = figure::pct(cp.sharePct(d));
    // What the path is over: the step, the annotation's instance, the window by its length.
    const QString of = cp.scope == RangeKind::Window ? Text::tr("the window of %1").arg(formatDuration(cp.lengthNs))
                                                     : criticalPathScope(cp);
    QString s;
    switch (d) {
    case PathPart::Cpu:
        s = Text::tr("the path runs through the CPU for %1 of %2: the GPU is starved by the launching thread").arg(share, of);
        break;
    case PathPart::GpuCompute:
        s = Text::tr("the path runs through GPU compute for %1 of %2: the step is bound by its kernels").arg(share, of);
        break;
    case PathPart::Communication:
        s = Text::tr("the path runs through communication for %1 of %2: the GPU waits for collectives").arg(share, of);
        break;
    case PathPart::LaunchDelay:
        s = Text::tr("the path runs through launch delays for %1 of %2: kernels start late after their launch calls").arg(share, of);
        break;
    case PathPart::Sync:
        s = Text::tr("the path runs through synchronisation for %1 of %2: the CPU waits for the GPU").arg(share, of);
        break;
    case PathPart::Idle:
        s = Text::tr("the path runs through idle time for %1 of %2").arg(share, of);
        break;
    }
    QStringList first;
    for (const PathCulprit &c : cp.culprits)
        first << Text::tr("%1 (%2, %3 of the step)")
                     .arg(shortKernelName(c.name.toStdString()), pathPartLabel(c.part),
                          figure::pct(cp.lengthNs > 0 ? 100.0 * double(c.ns) / double(cp.lengthNs) : 0));
    if (!first.isEmpty())
        s += Text::tr("; shorten first: %1").arg(first.join(QStringLiteral(", ")));
    return s;
}

} // namespace lanescope::analysis
