// SPDX-License-Identifier: GPL-3.0-or-later
// lanescope-cli export TRACE -o OUT.png|svg|pdf [--compare B [--compare C ...]] [--labels a,b,c]
//   [--align step|start] [--from-us A --to-us B | --step N] [--width W] [--height H] [--lanes gpu|all]
//   [--no-metrics] [--gap-ms 15] [--annotations FILE] [--annotate-findings] [--threads N] [--json]
// The picture File > Export draws, without a display: the render library paints it offscreen
// (main() starts a QGuiApplication on the offscreen platform for this command). Default: the
// whole trace, GPU lanes and the memory curve, 1920 px wide, as tall as the lanes need.
// Annotations: those of --annotations FILE, else the trace's sidecar when it has one (a sidecar
// problem is one line on stderr and the picture is still drawn); --annotate-findings adds the
// findings in the window (the sidecar of a trace opened through a symbolic link is the one beside
// its target). Nothing is written beside the trace: the export only reads. An -o that is a
// symbolic link is refused: QSaveFile would replace the file it points to.
// With --compare, the comparison's picture as the window shows it: every trace loaded at once,
// stacked and aligned as the GUI aligns them (analysis::alignRuns: the same complete step by
// position, or each trace's start), each run with its own sidecar (--annotations is TRACE's;
// --annotate-findings also marks the baseline's gaps on every later run, as the GUI does),
// the title naming the runs ("baseline vs tuned") and a line of figures per run, each run's
// figures over the window shown (the whole run by default).
// --report OUT.pdf writes File > Report…'s PDF (ReportExport: the title, the runs, the picture
// across the printable width, the metrics table; as many pages as it takes) on --page a4|letter
// (default by the locale, as the window) --orientation landscape|portrait; with -o or alone.
#include "app/cli/Commands.h"
#include "app/cli/JsonWriter.h"
#include "app/cli/OutputPaths.h"

#include "core/analysis/run/Analysis.h"
#include "core/annotations/AnnotationStore.h"
#include "core/annotations/Findings.h"
#include "core/analysis/compare/Compare.h"
#include "core/io/InputFile.h"
#include "core/model/Trace.h"
#include "core/parse/TraceLoader.h"
#include "core/session/RunSet.h"
#include "widgets/render/LaneLayout.h"
#include "widgets/render/PictureExport.h"
#include "widgets/render/TraceViewIndex.h"
#include "core/util/Parallel.h"
#include "core/analysis/compare/CompareTraces.h"
#ifdef LANESCOPE_CLI_REPORT
#include "widgets/compare/MetricsTableModel.h"
#include "widgets/compare/ReportExport.h"
#endif

#include <QCoreApplication>
#include <QDir>
#include <QLocale>
#include <QPageLayout>
#include <QPageSize>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>

#include <cmath>
#include <cstdio>

namespace lanescope::cli {

namespace {

// The annotations to draw: --annotations FILE (unreadable, damaged or too new: exit 3), else the
// sidecar (its problems one line on stderr, never fatal). *from: the file they came from.
bool readAnnotations(const Invocation &args, const QString &tracePath, annotations::AnnotationSet *out, QString *from,
                     bool sidecarOnly = false)
{
    using annotations::FileContent;
    if (sidecarOnly || !args.isSet("annotations")) {
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
    // A regular file of bounded size: a FIFO is refused at once rather than waited on.
    QByteArray bytes;
    QString error;
    if (!io::readSmallFile(file, annotations::kMaxFileBytes, &bytes, &error)) {
        args.fail(QCoreApplication::translate("cli", "cannot read the annotations: %1").arg(error), Unreadable);
        return false;
    }
    FileContent c = annotations::AnnotationFile::read(bytes);
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
    spec.synopsis = QStringLiteral("TRACE -o OUT.png|svg|pdf | --report OUT.pdf [--page a4|letter] [--orientation landscape|portrait] "
                                   "[--compare B ...] [--labels a,b,c] [--align step|start] "
                                   "[--from-us A --to-us B | --step N] [--width W] [--height H] "
                                   "[--lanes gpu|all] [--no-metrics] [--annotations FILE] [--annotate-findings] [--json]");
    spec.positionals = {{QStringLiteral("TRACE"), QT_TRANSLATE_NOOP("cli", "The trace to draw (.json or .json.gz).")}};
    spec.options = {
        text({QStringLiteral("o"), QStringLiteral("output")}, "OUT",
             QT_TRANSLATE_NOOP("cli", "The picture to write: .png, .svg or .pdf (by its suffix); replaced whole. "
                                      "A symbolic link is refused, not written through.")),
        text({QStringLiteral("report")}, "OUT.pdf",
             QT_TRANSLATE_NOOP("cli", "Also (or only) write File > Report…'s PDF: the title, the runs, the picture across the page's "
                                      "width, the metrics table, on as many pages as it takes; replaced whole.")),
        choice({QStringLiteral("page")}, {QStringLiteral("a4"), QStringLiteral("letter")},
               QT_TRANSLATE_NOOP("cli", "With --report: the paper, a4 or letter (default: letter where the locale measures in US units, else a4)."),
               QT_TRANSLATE_NOOP("cli", "--page takes a4 or letter")),
        choice({QStringLiteral("orientation")}, {QStringLiteral("landscape"), QStringLiteral("portrait")},
               QT_TRANSLATE_NOOP("cli", "With --report: landscape (default) or portrait."),
               QT_TRANSLATE_NOOP("cli", "--orientation takes landscape or portrait")),
        text({QStringLiteral("compare")}, "B",
             QT_TRANSLATE_NOOP("cli", "A trace to compare with TRACE, the baseline (repeat for more): the comparison's picture.")),
        text({QStringLiteral("labels")}, "a,b,c",
             QT_TRANSLATE_NOOP("cli", "With --compare: one label per trace, comma-separated (default: the file names).")),
        choice({QStringLiteral("align")}, {QStringLiteral("step"), QStringLiteral("start")},
               QT_TRANSLATE_NOOP("cli", "With --compare: step (default), on the same complete ProfilerStep by position; start, on each trace's first event."),
               QT_TRANSLATE_NOOP("cli", "--align takes step or start")),
        number({QStringLiteral("from-us")}, "A", between(0, kMaxTimeUs), QT_TRANSLATE_NOOP("cli", "Window start, µs from the trace's first event."),
               QT_TRANSLATE_NOOP("cli", "--from-us takes a number of microseconds >= 0")),
        number({QStringLiteral("to-us")}, "B", aboveAtMost(0, kMaxTimeUs), QT_TRANSLATE_NOOP("cli", "Window end, µs from the trace's first event."),
               QT_TRANSLATE_NOOP("cli", "--to-us takes a number of microseconds > 0")),
        integer({QStringLiteral("step")}, "N", atLeast(0), QT_TRANSLATE_NOOP("cli", "Draw ProfilerStep#N (its CPU span)."),
                QT_TRANSLATE_NOOP("cli", "--step takes a step number >= 0")),
        integer({QStringLiteral("width")}, "W", between(TimelineRenderer::kHeaderWidth + 100, 16384),
                QT_TRANSLATE_NOOP("cli", "Picture width in pixels (default 1920). Width x height x scale² may be at most "
                                         "2^28 (268,435,456) pixels: a larger size is refused, and the automatic height stops "
                                         "there, the lanes below summarised as \"+N more lanes\"."),
                QT_TRANSLATE_NOOP("cli", "--width takes a number of pixels from 340 to 16384")),
        integer({QStringLiteral("height")}, "H", between(120, 65535),
                QT_TRANSLATE_NOOP("cli", "Picture height in pixels (default: tall enough for every lane, within 2^28 pixels in all)."),
                QT_TRANSLATE_NOOP("cli", "--height takes a number of pixels from 120 to 65535")),
        number({QStringLiteral("scale")}, "X", between(0.5, 4),
               QT_TRANSLATE_NOOP("cli", "PNG only: device pixel ratio (2: twice the pixels each way, the same layout, for HiDPI slides; default 1)."),
               QT_TRANSLATE_NOOP("cli", "--scale takes a number from 0.5 to 4")),
        choice({QStringLiteral("lanes")}, {QStringLiteral("gpu"), QStringLiteral("all")},
               QT_TRANSLATE_NOOP("cli", "Which lanes: gpu (default) or all (CPU threads too)."),
               QT_TRANSLATE_NOOP("cli", "--lanes takes gpu or all")),
        flag({QStringLiteral("no-metrics")}, QT_TRANSLATE_NOOP("cli", "Leave out the line of headline figures under the title.")),
        number({QStringLiteral("gap-ms")}, "MS", aboveAtMost(0, kMaxTimeMs), QT_TRANSLATE_NOOP("cli", "GEMM gap threshold of the figures (default 15)."),
               QT_TRANSLATE_NOOP("cli", "--gap-ms takes a number of milliseconds > 0")),
        text({QStringLiteral("annotations")}, "FILE",
             QT_TRANSLATE_NOOP("cli", "Draw the annotations of FILE (default: the trace's TRACE.lanescope.json when there is one).")),
        flag({QStringLiteral("annotate-findings")},
             QT_TRANSLATE_NOOP("cli", "Also annotate the GEMM gaps and allocator spikes the analysis finds in the window.")),
        threadsOption(QT_TRANSLATE_NOOP("cli", "Parser threads (0: one per core; at most 256).")),
        flag({QStringLiteral("json")}, QT_TRANSLATE_NOOP("cli", "Print one JSON object: the file written, its size and the window.")),
    };
    return spec;
}

int runExport(const Invocation &args)
{
    const QString out = args.text("output");
    const QString report = args.text("report");
    if (out.isEmpty() && report.isEmpty())
        return args.fail(QCoreApplication::translate("cli", "-o OUT.png|svg|pdf or --report OUT.pdf is required"));
    if (report.isEmpty() && (args.isSet("page") || args.isSet("orientation")))
        return args.fail(QCoreApplication::translate("cli", "--page and --orientation go with --report"));
#ifndef LANESCOPE_CLI_REPORT
    if (!report.isEmpty())
        return args.fail(QCoreApplication::translate("cli", "--report needs the report writer of the GUI build (this lanescope-cli was built without it)"));
#endif
    // What it reads: every trace, --annotations and each trace's sidecar (drawn when present).
    std::vector<NamedPath> inputs;
    for (const QString &p : QStringList{args.positionals().value(0)} + args.texts("compare")) {
        inputs.push_back({p, p == args.positionals().value(0) ? QStringLiteral("TRACE") : QStringLiteral("--compare")});
        inputs.push_back({annotations::AnnotationStore::sidecarPathFor(p), QStringLiteral("TRACE.lanescope.json")});
    }
    if (args.isSet("annotations"))
        inputs.push_back({args.text("annotations"), QStringLiteral("--annotations")});
    std::vector<NamedPath> outputs;
    if (!out.isEmpty())
        outputs.push_back({out, QStringLiteral("-o")});
    if (!report.isEmpty())
        outputs.push_back({report, QStringLiteral("--report")});
    if (const int rc = refuseOutputClash(args, inputs, outputs); rc != Ok)
        return rc;
    if (!out.isEmpty() && PictureExport::formatOf(out) == PictureExport::Format::Unknown)
        return args.fail(QCoreApplication::translate("cli", "%1: unknown picture format (use .png, .svg or .pdf)").arg(out));
    if (!report.isEmpty() && QFileInfo(report).suffix().compare(QLatin1String("pdf"), Qt::CaseInsensitive) != 0)
        return args.fail(QCoreApplication::translate("cli", "%1: a report is a PDF (use .pdf)").arg(report));
    for (const NamedPath &o : outputs)
        if (const int rc = refuseLinkedOutput(args, o.path); rc != Ok)
            return rc;
    const bool window = args.isSet("from-us") || args.isSet("to-us");
    if (window && !(args.isSet("from-us") && args.isSet("to-us")))
        return args.fail(QCoreApplication::translate("cli", "--from-us and --to-us go together"));
    if (window && args.isSet("step"))
        return args.fail(QCoreApplication::translate("cli", "--step and --from-us/--to-us exclude each other"));
    if (window && args.number("to-us", 0) <= args.number("from-us", 0))
        return args.fail(QCoreApplication::translate("cli", "--to-us must be after --from-us"));
    // An explicit size is checked against the pixel budget before anything is loaded or painted.
    static_assert(PictureExport::kMaxDevicePixels == 268435456, "the --width help says 2^28 (268,435,456) pixels");
    if (args.isSet("height"))
        if (const QString e = PictureExport::sizeError(QSize(args.integer("width", 1920), args.integer("height", 0)), args.number("scale", 1));
            !e.isEmpty())
            return args.fail(e);

    // The runs: TRACE, the baseline, then every --compare trace.
    const QStringList paths = QStringList{args.positionals().value(0)} + args.texts("compare");
    const bool comparing = paths.size() >= 2;
    if (!comparing && (args.isSet("labels") || args.isSet("align")))
        return args.fail(QCoreApplication::translate("cli", "--labels and --align go with --compare"));
    QStringList labels;
    if (const int rc = readRunLabels(args, paths, &labels); rc != Ok)
        return rc;

    QElapsedTimer timer;
    timer.start();
    // Every run at once under one memory budget, labelled and aligned as the window and compare
    // do it (session/RunSet.h): the steps found at load serve the alignment.
    session::RunLoadOptions loadOptions;
    loadOptions.threads = args.integer("threads", 0);
    const session::RunSet set = session::loadRuns(session::runSources(paths, labels), loadOptions);
    if (const QString e = set.firstError(); !e.isEmpty()) {
        printErrorLine(QStringLiteral("lanescope-cli: %1").arg(e));
        return Unreadable;
    }
    const std::size_t n = set.runs.size();
    std::vector<std::shared_ptr<Trace>> traces(n);
    labels.clear();
    for (std::size_t i = 0; i < n; ++i) {
        traces[i] = set.runs[i].trace;
        labels << set.runs[i].source.label;
    }
    const Trace &trace0 = *traces[0];

    // Each run's place on the axis: base = the model time drawn at axis 0 (as SessionRun::base()).
    std::vector<TimeNs> base(n, trace0.minTs);
    std::vector<analysis::RunAlignment> aligned(n);
    std::vector<QString> alignedStep(n); // the ProfilerStep each run is aligned on
    if (comparing) {
        analysis::AlignOptions ao;
        ao.mode = args.text("align") == QLatin1String("start") ? analysis::AlignMode::Start : analysis::AlignMode::Step;
        const analysis::Alignment a = session::alignRunSet(set, ao);
        if (!a.error.isEmpty())
            return args.fail(a.error);
        for (const QString &w : a.warnings)
            printErrorLine(QCoreApplication::translate("cli", "lanescope-cli export: %1").arg(w));
        for (std::size_t i = 0; i < n && i < a.runs.size(); ++i) {
            aligned[i] = a.runs[i];
            base[i] = traces[i]->minTs - a.runs[i].offsetNs;
            const std::vector<analysis::Step> &steps = set.runs[i].steps;
            if (a.runs[i].stepIndex >= 0 && std::size_t(a.runs[i].stepIndex) < steps.size())
                alignedStep[i] = steps[std::size_t(a.runs[i].stepIndex)].name;
        }
    }

    // The window, in axis ns (0 = the baseline's first event). Default: every run, whole.
    analysis::AnalysisOptions aopt;
    aopt.gaps.minGap = TimeNs(std::llround(args.number("gap-ms", 15) * 1e6));
    double start = 0, range = double(trace0.maxTs - trace0.minTs);
    for (std::size_t i = 1; i < n; ++i) {
        const double lo = double(traces[i]->minTs - base[i]), hi = double(traces[i]->maxTs - base[i]);
        const double end = std::max(start + range, hi);
        start = std::min(start, lo);
        range = end - start;
    }
    bool ranged = false;
    if (window) {
        // Both bounded by kMaxTimeUs: the nanoseconds stay inside int64.
        const double end = start + range;
        start = args.number("from-us", 0) * 1e3;
        range = args.number("to-us", 0) * 1e3 - start;
        ranged = true;
        if (start > 0 && start >= end) // past every run's last event: a picture of nothing
            return args.fail(QCoreApplication::translate("cli", "the window %1 to %2 µs starts after the trace ends (%3 µs)")
                                 .arg(start / 1e3, 0, 'f', 3)
                                 .arg((start + range) / 1e3, 0, 'f', 3)
                                 .arg(end / 1e3, 0, 'f', 3));
    } else if (args.isSet("step")) {
        const int stepNo = args.integer("step", -1);
        const std::vector<analysis::Step> &steps = set.runs[0].steps; // found at load
        const auto it = std::find_if(steps.begin(), steps.end(), [stepNo](const analysis::Step &s) { return s.number == stepNo; });
        if (it == steps.end())
            return args.fail(QCoreApplication::translate("cli", "%1 has no ProfilerStep#%2").arg(QFileInfo(paths.at(0)).fileName()).arg(stepNo));
        const double margin = double(it->dur) * 0.02;
        start = double(it->start - base[0]) - margin;
        range = double(it->dur) + 2 * margin;
        ranged = comparing; // one trace: its step's figures; a comparison: every run over the window
        if (!comparing)
            aopt.step = stepNo;
    }
    // The headline figures are those of what the picture shows: the step or the window.
    std::vector<analysis::AnalysisResult> results(n);
    runOnThreads(n, [&](std::size_t i) {
        analysis::AnalysisOptions o = aopt;
        if (ranged)
            o.range = {base[i] + TimeNs(std::llround(start)), base[i] + TimeNs(std::llround(start + range))};
        results[i] = analysis::analyze(*traces[i], o);
    });
    range = std::max(range, 100.0);

    // Each run's annotations: --annotations FILE or the sidecar for TRACE, the sidecar for the others.
    std::vector<annotations::AnnotationSet> notes(n);
    QStringList notesFrom;
    std::vector<int> findings(n, 0);
    for (std::size_t i = 0; i < n; ++i) {
        QString from;
        if (!readAnnotations(args, paths.at(int(i)), &notes[i], &from, i > 0))
            return Unreadable;
        notesFrom << from;
        if (args.isSet("annotate-findings")) {
            annotations::FindingsOptions fopt;
            fopt.window = {base[i] + TimeNs(std::floor(start)), base[i] + TimeNs(std::ceil(start + range))};
            std::vector<annotations::Annotation> found = annotations::Findings::annotate(*traces[i], results[i], fopt);
            // As Annotate Findings in the window: each baseline gap in view, marked on this later run.
            if (i > 0)
                for (const analysis::Gap &g : results[0].gaps)
                    if (g.start < base[0] + TimeNs(std::ceil(start + range)) && g.end() > base[0] + TimeNs(std::floor(start)))
                        found.push_back(annotations::Findings::sameRegion(trace0, base[0], g, *traces[i], base[i], labels.at(int(i))));
            findings[i] = notes[i].addFindings(found);
        }
    }

    std::vector<std::shared_ptr<const TraceViewIndex>> indexes(n);
    runOnThreads(n, [&](std::size_t i) { indexes[i] = TraceViewIndex::build(*traces[i]); });
    LaneLayout layout;
    const bool gpuOnly = args.text("lanes", QStringLiteral("gpu")) == QLatin1String("gpu");
    std::vector<LaneLayout::RunInput> layoutRuns;
    PictureInput in;
    for (std::size_t i = 0; i < n; ++i) {
        layoutRuns.push_back({traces[i].get(), comparing ? labels.at(int(i)) : QString(), gpuOnly});
        in.runs.push_back({traces[i].get(), indexes[i].get(), base[i]});
        in.annotations.push_back(&notes[i]);
    }
    layout.build(layoutRuns);
    in.layout = &layout;
    in.windowStart = start;
    in.windowRange = range;
    in.analysis = &results[0];
    if (comparing)
        for (std::size_t i = 0; i < n; ++i) {
            in.labels << labels.at(int(i));
            in.analyses.push_back(&results[i]);
        }
    PictureOptions opt;
    opt.width = args.integer("width", 1920);
    opt.height = args.integer("height", 0);
    opt.scale = args.number("scale", 1);
    if (opt.scale != 1 && QFileInfo(out).suffix().compare(QLatin1String("png"), Qt::CaseInsensitive) != 0)
        return args.fail(QCoreApplication::translate("cli", "--scale applies to a PNG (SVG and PDF are resolution-independent)"));
    opt.metrics = !args.isSet("no-metrics");
    QString error;
    if (!out.isEmpty() && !PictureExport::write(out, in, opt, &error))
        return args.fail(error, Unreadable);
    // The report: ReportExport, as File > Report… writes it. Its table is the comparison the
    // window's comparison dock shows (compareTraces over the whole runs, aligned as --align says),
    // or for one trace the same rows over its analysis.
    int reportPages = 0;
    const QPageSize::PageSizeId pageId = args.isSet("page")
                                             ? (args.text("page") == QLatin1String("letter") ? QPageSize::Letter : QPageSize::A4)
#ifdef LANESCOPE_CLI_REPORT
                                             : ReportExport::defaultPageSize(QLocale());
#else
                                             : QPageSize::A4;
#endif
    const bool portrait = args.text("orientation") == QLatin1String("portrait");
#ifdef LANESCOPE_CLI_REPORT
    if (!report.isEmpty()) {
        analysis::ComparisonResult one;
        analysis::TracesComparison many;
        MetricsTableModel table;
        if (comparing) {
            std::vector<analysis::TraceRun> runs;
            for (std::size_t i = 0; i < n; ++i)
                runs.push_back({labels.at(int(i)), paths.at(int(i)), traces[i].get(), std::nullopt, nullptr});
            analysis::AnalysisOptions whole = aopt;
            whole.step = -1;
            analysis::CompareOptions co;
            co.align.mode = args.text("align") == QLatin1String("start") ? analysis::AlignMode::Start : analysis::AlignMode::Step;
            many = analysis::compareTraces(runs, whole, co);
            if (!many.error.isEmpty())
                return args.fail(many.error);
            table.setComparison(&many.result);
        } else {
            one = analysis::compareRuns({{labels.at(0), paths.at(0), traces[0].get(), &results[0], std::nullopt}});
            table.setComparison(&one);
        }
        ReportInput rin;
        for (std::size_t i = 0; i < n; ++i)
            rin.runLines << QCoreApplication::translate("lanescope::PictureActions", "%1 — %2")
                                .arg(labels.at(int(i)), QDir::toNativeSeparators(paths.at(int(i))));
        rin.picture = in;
        rin.pictureOptions = opt;
        rin.metrics = &table;
        const QPageLayout::Orientation o = portrait ? QPageLayout::Portrait : QPageLayout::Landscape;
        reportPages = ReportExport::pageCount(rin, ReportExport::pageSizePt(pageId, o));
        if (!ReportExport::write(report, rin, pageId, &error, nullptr, o))
            return args.fail(error, Unreadable);
    }
#endif
    const QSize size = PictureExport::size(in, opt);
    const double seconds = double(timer.nsecsElapsed()) / 1e9;
    int totalNotes = 0, totalFindings = 0;
    for (std::size_t i = 0; i < n; ++i) {
        totalNotes += notes[i].size();
        totalFindings += findings[i];
    }

    if (args.isSet("json")) {
        JsonWriter j;
        j.printObject([&] {
            if (out.isEmpty())
                j.field("output", nullptr);
            else
                j.field("output", out);
            if (out.isEmpty())
                j.field("format", nullptr);
            else
                j.field("format", QFileInfo(out).suffix().toLower());
            j.field("width", size.width());
            j.field("height", size.height());
            j.field("scale", opt.scale); // a PNG holds width x scale by height x scale pixels
            j.field("from_us", start / 1e3);
            j.field("to_us", (start + range) / 1e3);
            j.field("lanes", int(layout.lanes().size()));
            j.field("lanes_left_out", PictureExport::lanesLeftOut(in, opt)); // summarised as "+N more lanes" (pixel budget)
            j.field("annotations", totalNotes);
            j.field("findings", totalFindings);
            if (notesFrom.at(0).isEmpty())
                j.field("annotations_file", nullptr);
            else
                j.field("annotations_file", notesFrom.at(0));
            // Every run drawn (one for a trace): its label, file, place on the axis, annotations.
            j.array("runs", [&] {
                for (std::size_t i = 0; i < n; ++i)
                    j.object([&] {
                        j.field("label", labels.at(int(i)));
                        j.field("path", paths.at(int(i)));
                        j.field("offset_us", double(aligned[i].offsetNs) / 1e3);
                        if (!alignedStep[i].isEmpty())
                            j.field("aligned_step", alignedStep[i]);
                        else
                            j.field("aligned_step", nullptr);
                        j.field("annotations", notes[i].size());
                        j.field("findings", findings[i]);
                        if (notesFrom.at(int(i)).isEmpty())
                            j.field("annotations_file", nullptr);
                        else
                            j.field("annotations_file", notesFrom.at(int(i)));
                    });
            });
            j.field("bytes", out.isEmpty() ? 0 : QFileInfo(out).size());
            // --report: the PDF, its pages and paper; null without it.
            if (report.isEmpty()) {
                j.field("report", nullptr);
            } else {
                j.object("report", [&] {
                    j.field("path", report);
                    j.field("pages", reportPages);
                    j.field("page", pageId == QPageSize::Letter ? QStringLiteral("letter") : QStringLiteral("a4"));
                    j.field("orientation", portrait ? QStringLiteral("portrait") : QStringLiteral("landscape"));
                    j.field("bytes", QFileInfo(report).size());
                });
            }
            j.field("seconds", seconds);
        });
    } else {
        if (!report.isEmpty())
            std::printf("%s\n", qPrintable(QCoreApplication::translate("cli", "wrote %1 (%2 pages, %3 %4)")
                                               .arg(report)
                                               .arg(reportPages)
                                               .arg(pageId == QPageSize::Letter ? QStringLiteral("Letter") : QStringLiteral("A4"),
                                                    portrait ? QCoreApplication::translate("cli", "portrait")
                                                             : QCoreApplication::translate("cli", "landscape"))));
        if (!out.isEmpty())
            std::printf("%s\n", qPrintable(QCoreApplication::translate("cli", "wrote %1 (%2 x %3 px, %4 lanes, %5 to %6)")
                                               .arg(out)
                                               .arg(qRound(size.width() * opt.scale))
                                               .arg(qRound(size.height() * opt.scale))
                                               .arg(layout.lanes().size())
                                               .arg(TimeAxis::formatTime(start), TimeAxis::formatTime(start + range))));
        if (const int left = PictureExport::lanesLeftOut(in, opt); left > 0 && !out.isEmpty())
            std::printf("%s\n", qPrintable(QCoreApplication::translate("cli", "%1 lanes did not fit within 2^28 pixels: drawn as one row, \"%2\"")
                                               .arg(left)
                                               .arg(PictureExport::moreLanesText(left))));
    }
    return Ok;
}

} // namespace lanescope::cli
