// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/parse/ContentWarnings.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <algorithm>
#include <map>

namespace lanescope::parse {
namespace {

// lupdate files Text::tr() strings under the "TraceLoader" context, the one looked up at run time.
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(TraceLoader)
};

bool isDeviceActivity(const Trace &t, const Track &tr)
{
    if (tr.kind != TrackKind::Gpu)
        return false;
    for (std::uint16_t c : tr.catId) {
        const CategoryClass cc = c < t.categoryClass.size() ? t.categoryClass[c] : CategoryClass::Other;
        if (cc == CategoryClass::Kernel || cc == CategoryClass::GpuMemcpy || cc == CategoryClass::GpuMemset)
            return true;
    }
    return false;
}

} // namespace

QString legacyFormatWarning()
{
    return Text::tr("legacy profiler format: no device activity, ranks or memory recorded");
}

bool isDeviceLikeName(const QString &s)
{
    // Kineto labels device processes "GPU N" (CUDA, ROCm), "MTIA N", and its other backends after
    // their device: Intel "XPU", Habana "HPU"; vendors' out-of-tree backends use NPU / MLU / GCU.
    static const QRegularExpression re(QStringLiteral("^(GPU|MTIA|XPU|HPU|NPU|TPU|IPU|MLU|GCU|DCU)\\s*\\d+\\b"),
                                       QRegularExpression::CaseInsensitiveOption);
    return re.match(s.trimmed()).hasMatch();
}

void addContentWarnings(Trace &t, bool arrayFormat)
{
    // A file that parses but holds nothing to draw ({"traceEvents":[]}, a profiler stopped before
    // its first step) would open as a blank timeline: say what is there instead.
    const bool anySlice = std::any_of(t.tracks.begin(), t.tracks.end(), [](const Track &tr) {
        return tr.kind != TrackKind::Counter && tr.dur.max() > 0;
    });
    if (!anySlice && t.memory.empty()) {
        const int events = int(std::min<std::uint64_t>(t.eventCount, INT32_MAX));
        t.warnings << (events == 0   ? Text::tr("the trace is empty: it holds no events")
                       : events == 1 ? Text::tr("the trace holds %n event but nothing with a duration to draw "
                                                "(metadata, counters or instants only)",
                                                nullptr, events)
                                     : Text::tr("the trace holds %n events but nothing with a duration to draw "
                                                "(metadata, counters or instants only)",
                                                nullptr, events));
        return;
    }

    const bool anyDeviceWork = std::any_of(t.tracks.begin(), t.tracks.end(),
                                           [&](const Track &tr) { return isDeviceActivity(t, tr); });

    // PyTorch built without Kineto (e.g. Debian's python3-torch 1.13) falls back to the autograd
    // profiler's own exporter: a bare array of "X" events in pid "CPU functions", with no "cat", no
    // args, no distributedInfo and no [memory] events, whatever the profiler was asked to record.
    const bool noCategories = std::all_of(t.categories.begin(), t.categories.end(),
                                          [&](StringId id) { return t.strings.view(id).empty(); });
    const bool cpuFunctions = std::any_of(t.tracks.begin(), t.tracks.end(), [](const Track &tr) {
        return tr.pidLabel == QLatin1String("CPU functions");
    });
    t.legacyProfiler = arrayFormat && t.schemaVersion == 0 && noCategories && cpuFunctions;
    if (t.legacyProfiler && !anyDeviceWork)
        t.warnings << legacyFormatWarning();

    if (anyDeviceWork)
        return;
    // Events on processes named after a device, none of them device work we know: say so rather
    // than show a GPU breakdown of zeros (before MTIA support its traces looked exactly like that).
    std::map<QString, std::uint64_t> byCategory;
    QStringList devices;
    std::uint64_t events = 0;
    for (const Process &p : t.processes) {
        if (!isDeviceLikeName(p.name) && !isDeviceLikeName(p.labels))
            continue;
        std::uint64_t here = 0;
        for (const Track &tr : t.tracks) {
            if (tr.pid != p.pid || tr.pidLabel != p.pidLabel)
                continue;
            here += tr.size();
            for (std::uint16_t c : tr.catId)
                ++byCategory[t.category(c)];
        }
        if (here == 0)
            continue; // Kineto names every visible device, busy or not
        events += here;
        devices << (isDeviceLikeName(p.name) ? p.name : p.labels);
    }
    if (events == 0)
        return;
    std::vector<std::pair<std::uint64_t, QString>> cats;
    for (const auto &[cat, n] : byCategory)
        cats.emplace_back(n, cat.isEmpty() ? Text::tr("(none)") : cat);
    std::sort(cats.rbegin(), cats.rend());
    QStringList top;
    for (std::size_t i = 0; i < cats.size() && i < 3; ++i)
        top << QStringLiteral("%1 (%2)").arg(cats[i].second).arg(cats[i].first);
    devices.removeDuplicates();
    t.unrecognisedDeviceWork = true;
    t.warnings << Text::tr("no accelerator work recognised: %1 events on %2 have categories %3 that are not device "
                           "activity, so the GPU breakdown, gaps and MFU are empty")
                      .arg(events)
                      .arg(devices.join(QStringLiteral(", ")), top.join(QStringLiteral(", ")));
}

} // namespace lanescope::parse
