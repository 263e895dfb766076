// lanescope-cli export TRACE -o OUT.png|svg|pdf [--from-us A --to-us B | --step N] [--width W]
//   [--height H] [--lanes gpu|all] [--no-metrics] [--gap-ms 15] [--annotations FILE]
//   [--annotate-findings] [--threads N] [--json]
// The picture File > Export draws, without a display: the render library paints it offscreen
// (main() starts a QGuiApplication on the offscreen platform for this command). Default: the
// whole trace, GPU lanes and the memory curve, 1920 px wide, as tall as the lanes need.
// Annotations: those of --annotations FILE, else the trace's sidecar when it has one (a sidecar
// problem is one line on stderr and the picture is still drawn); --annotate-findings adds the
// findings in the window. Nothing is written beside the trace: the export only reads.
#include "Commands.h"
#include "JsonWriter.h"

#include "analysis/Analysis.h"
#include "annotations/AnnotationStore.h"
#include "annotations/Findings.h"
#include "model/Trace.h"
#include "render/LaneLayout.h"
#include "render/PictureExport.h"
#include "render/TraceViewIndex.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>

#include <cmath>
#include <cstdio>

namespace lanescope::cli {

namespace {

// The annotations to draw: --annotations FILE (unreadable, damaged or too new: exit 3), else the
// sidecar (its problems one line on stderr, never fatal). *from: the file they came from.
bool readAnnotations(const Invocation &args, const QString &tracePath, annotations::AnnotationSet *out, QString *from)
{
    using annotations::FileContent;
    if (!args.isSet("annotations")) {
        const annotations::AnnotationStore store(tracePath);
        annotations::AnnotationStore::Loaded l = store.load();
        if (!l.problems.isEmpty())
            printErrorLine(l.path.isEmpty() ? QCoreApplication::translate("cli", "lanescope-cli export: %1; drawn without annotations")
                                                  .arg(l.problems.join(QStringLiteral("; ")))
                                            : QCoreApplication::translate("cli", "lanescope-cli export: %1; drawn with the annotations in %2")
                                                  .arg(l.problems.join(QStringLiteral("; ")), l.path));
        *out = std::move(l.set);
        *from = l.path;
        return true;
    }
    const QString file = args.text("annotations");
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly)) {
        args.fail(QCoreApplication::translate("cli", "cannot read %1: %2").arg(file, f.errorString()), Unreadable);
        return false;
    }
    FileContent c = annotations::AnnotationFile::read(f.read(annotations::kMaxFileBytes + 1));
    switch (c.status) {
    case FileContent::Status::Corrupt:
        args.fail(QCoreApplication::translate("cli", "%1 is not a readable annotations file: %2").arg(file, c.error), Unreadable);
        return false;
    case FileContent::Status::NewerVersion:
        args.fail(QCoreApplication::translate("cli", "%1 was written by a newer Lanescope (annotations format %2; this one reads up to %3)")
                      .arg(file)
                      .arg(c.version)
                      .arg(annotations::kFormatVersion),
                  Unreadable);
        return false;
    case FileContent::Status::Ok: break;
    }
    // Named on the command line, so drawn even when written for another file; but said.
    QString idError;
    const annotations::TraceIdentity id = annotations::TraceIdentity::ofFile(tracePath, &idError);
    if (id.isValid() && !c.trace.sameFile(id))
        printErrorLine(QCoreApplication::translate("cli", "lanescope-cli export: %1 was written for another file (%2, %3 bytes); drawn anyway")
                           .arg(file, c.trace.name.isEmpty() ? QStringLiteral("?") : c.trace.name)
                           .arg(c.trace.size));
    *out = std::move(c.set);
    *from = file;
    return true;
}

} // namespace

CommandSpec exportArguments()
{
    CommandSpec spec;
    spec.synopsis = QStringLiteral("TRACE -o OUT.png|svg|pdf [--from-us A --to-us B | --step N] [--width W] [--height H] "
                                   "[--lanes gpu|all] [--no-metrics] [--annotations FILE] [--annotate-findings] [--json]");
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
        text({QStringLiteral("annotations")}, "FILE",
             QT_TRANSLATE_NOOP("cli", "Draw the annotations of FILE (default: the trace's TRACE.lanescope.json when there is one).")),
        flag({QStringLiteral("annotate-findings")},
             QT_TRANSLATE_NOOP("cli", "Also annotate the GEMM gaps and allocator spikes the analysis finds in the window.")),
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

    annotations::AnnotationSet notes;
    QString notesFrom;
    if (!readAnnotations(args, path, &notes, &notesFrom))
        return Unreadable;
    int findings = 0;
    if (args.isSet("annotate-findings")) {
        annotations::FindingsOptions fopt;
        fopt.window = {trace->minTs + TimeNs(std::floor(start)), trace->minTs + TimeNs(std::ceil(start + range))};
        findings = notes.addFindings(annotations::Findings::annotate(*trace, result, fopt));
    }

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
    in.annotations = {&notes};
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
            j.field("annotations", notes.size());
            j.field("findings", findings);
            if (notesFrom.isEmpty())
                j.field("annotations_file", nullptr);
            else
                j.field("annotations_file", notesFrom);
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
