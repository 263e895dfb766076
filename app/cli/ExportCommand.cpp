// lanescope-cli export TRACE -o OUT.png|svg|pdf [--from-us A --to-us B | --step N] [--width W]
//   [--height H] [--lanes gpu|all] [--no-metrics] [--gap-ms 15] [--threads N] [--json]
// The picture File > Export draws, without a display: the render library paints it offscreen
// (main() starts a QGuiApplication on the offscreen platform for this command). Default: the
// whole trace, GPU lanes and the memory curve, 1920 px wide, as tall as the lanes need.
#include "Commands.h"
#include "JsonWriter.h"

#include "analysis/Analysis.h"
#include "model/Trace.h"
#include "render/LaneLayout.h"
#include "render/PictureExport.h"
#include "render/TraceViewIndex.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>

#include <cmath>
#include <cstdio>

namespace lanescope::cli {

CommandSpec exportArguments()
{
    CommandSpec spec;
    spec.synopsis = QStringLiteral("TRACE -o OUT.png|svg|pdf [--from-us A --to-us B | --step N] [--width W] [--height H] "
                                   "[--lanes gpu|all] [--no-metrics] [--json]");
    spec.positionals = {{QStringLiteral("TRACE"), QT_TRANSLATE_NOOP("cli", "The trace to draw (.json or .json.gz).")}};
    spec.options = {
        text({QStringLiteral("o"), QStringLiteral("output")}, "OUT",
             QT_TRANSLATE_NOOP("cli", "The picture to write: .png, .svg or .pdf (by its suffix).")),
        number({QStringLiteral("from-us")}, "A", atLeast(0), QT_TRANSLATE_NOOP("cli", "Window start, µs from the trace's first event."),
               QT_TRANSLATE_NOOP("cli", "--from-us takes a number of microseconds >= 0")),
        number({QStringLiteral("to-us")}, "B", above(0), QT_TRANSLATE_NOOP("cli", "Window end, µs from the trace's first event."),
               QT_TRANSLATE_NOOP("cli", "--to-us takes a number of microseconds > 0")),
        integer({QStringLiteral("step")}, "N", atLeast(0), QT_TRANSLATE_NOOP("cli", "Draw ProfilerStep#N (its CPU span)."),
                QT_TRANSLATE_NOOP("cli", "--step takes a step number >= 0")),
        integer({QStringLiteral("width")}, "W", between(TimelineRenderer::kHeaderWidth + 100, 16384),
                QT_TRANSLATE_NOOP("cli", "Picture width in pixels (default 1920)."),
                QT_TRANSLATE_NOOP("cli", "--width takes a number of pixels from 340 to 16384")),
        integer({QStringLiteral("height")}, "H", between(120, 65535),
                QT_TRANSLATE_NOOP("cli", "Picture height in pixels (default: tall enough for every lane)."),
                QT_TRANSLATE_NOOP("cli", "--height takes a number of pixels from 120 to 65535")),
        choice({QStringLiteral("lanes")}, {QStringLiteral("gpu"), QStringLiteral("all")},
               QT_TRANSLATE_NOOP("cli", "Which lanes: gpu (default) or all (CPU threads too)."),
               QT_TRANSLATE_NOOP("cli", "--lanes takes gpu or all")),
        flag({QStringLiteral("no-metrics")}, QT_TRANSLATE_NOOP("cli", "Leave out the line of headline figures under the title.")),
        number({QStringLiteral("gap-ms")}, "MS", above(0), QT_TRANSLATE_NOOP("cli", "GEMM gap threshold of the figures (default 15)."),
               QT_TRANSLATE_NOOP("cli", "--gap-ms takes a number of milliseconds > 0")),
        integer({QStringLiteral("threads")}, "N", atLeast(0), QT_TRANSLATE_NOOP("cli", "Parser threads (0: one per core)."),
                QT_TRANSLATE_NOOP("cli", "--threads takes a whole number >= 0")),
        flag({QStringLiteral("json")}, QT_TRANSLATE_NOOP("cli", "Print one JSON object: the file written, its size and the window.")),
    };
    return spec;
}

int runExport(const Invocation &args)
{
    const QString out = args.text("output");
    if (out.isEmpty())
        return args.fail(QCoreApplication::translate("cli", "-o OUT.png|svg|pdf is required"));
    if (PictureExport::formatOf(out) == PictureExport::Format::Unknown)
        return args.fail(QCoreApplication::translate("cli", "%1: unknown picture format (use .png, .svg or .pdf)").arg(out));
    const bool window = args.isSet("from-us") || args.isSet("to-us");
    if (window && !(args.isSet("from-us") && args.isSet("to-us")))
        return args.fail(QCoreApplication::translate("cli", "--from-us and --to-us go together"));
    if (window && args.isSet("step"))
        return args.fail(QCoreApplication::translate("cli", "--step and --from-us/--to-us exclude each other"));
    if (window && args.number("to-us", 0) <= args.number("from-us", 0))
        return args.fail(QCoreApplication::translate("cli", "--to-us must be after --from-us"));

    QElapsedTimer timer;
    timer.start();
    const QString path = args.positionals().value(0);
    std::shared_ptr<Trace> trace = loadTraceOrReport(path, args.integer("threads", 0));
    if (!trace)
        return Unreadable;
    const auto index = TraceViewIndex::build(*trace);

    // The window, in axis ns (0 = the trace's first event). Default: exactly the trace.
    analysis::AnalysisOptions aopt;
    aopt.gaps.minGap = TimeNs(std::llround(args.number("gap-ms", 15) * 1e6));
    double start = 0, range = double(trace->maxTs - trace->minTs);
    if (window) {
        start = args.number("from-us", 0) * 1e3;
        range = args.number("to-us", 0) * 1e3 - start;
        aopt.range = {trace->minTs + TimeNs(std::llround(start)), trace->minTs + TimeNs(std::llround(start + range))};
    } else if (args.isSet("step")) {
        const int n = args.integer("step", -1);
        const std::vector<analysis::Step> steps = analysis::findSteps(*trace);
        const auto it = std::find_if(steps.begin(), steps.end(), [n](const analysis::Step &s) { return s.number == n; });
        if (it == steps.end())
            return args.fail(QCoreApplication::translate("cli", "%1 has no ProfilerStep#%2").arg(QFileInfo(path).fileName()).arg(n));
        const double margin = double(it->dur) * 0.02;
        start = double(it->start - trace->minTs) - margin;
        range = double(it->dur) + 2 * margin;
        aopt.step = n;
    }
    // The headline figures are those of what the picture shows: the step or the window.
    const analysis::AnalysisResult result = analysis::analyze(*trace, aopt);
    range = std::max(range, 100.0);

    LaneLayout layout;
    const bool gpuOnly = args.text("lanes", QStringLiteral("gpu")) == QLatin1String("gpu");
    layout.build({{trace.get(), QString(), gpuOnly}});
    PictureInput in;
    in.runs = {{trace.get(), index.get(), trace->minTs}};
    in.layout = &layout;
    in.windowStart = start;
    in.windowRange = range;
    in.analysis = &result;
    in.gapThresholdNs = aopt.gaps.minGap;
    PictureOptions opt;
    opt.width = args.integer("width", 1920);
    opt.height = args.integer("height", 0);
    opt.metrics = !args.isSet("no-metrics");
    QString error;
    if (!PictureExport::write(out, in, opt, &error))
        return args.fail(error, Unreadable);
    const QSize size = PictureExport::size(in, opt);
    const double seconds = double(timer.nsecsElapsed()) / 1e9;

    if (args.isSet("json")) {
        JsonWriter j;
        j.printObject([&] {
            j.field("output", out);
            j.field("format", QFileInfo(out).suffix().toLower());
            j.field("width", size.width());
            j.field("height", size.height());
            j.field("from_us", start / 1e3);
            j.field("to_us", (start + range) / 1e3);
            j.field("lanes", int(layout.lanes().size()));
            j.field("bytes", QFileInfo(out).size());
            j.field("seconds", seconds);
        });
    } else {
        std::printf("%s\n", qPrintable(QCoreApplication::translate("cli", "wrote %1 (%2 x %3 px, %4 lanes, %5 to %6)")
                                           .arg(out)
                                           .arg(size.width())
                                           .arg(size.height())
                                           .arg(layout.lanes().size())
                                           .arg(TimeAxis::formatTime(start), TimeAxis::formatTime(start + range))));
    }
    return Ok;
}

} // namespace lanescope::cli
