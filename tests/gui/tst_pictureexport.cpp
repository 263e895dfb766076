// SPDX-License-Identifier: GPL-3.0-or-later
// The report picture: PNG decoded at the expected size with the slice colours in it,
// 2x doubling the pixels; SVG that parses as XML with the title and the lane names as text; PDF
// with one page of the picture's aspect ratio; failures that say why and leave nothing behind;
// and the main window's export of what it shows, with the analysis' headline figures.
#include "app/gui/MainWindow.h"

#include "tests/gui/TimelineTestTrace.h"
#include "widgets/analysis/AnalysisDock.h"
#include "core/analysis/run/Analysis.h"
#include "widgets/render/Palette.h"
#include "core/io/MappedSource.h"
#include "core/parse/TraceLoader.h"
#include "widgets/render/PictureExport.h"
#include "widgets/view/Session.h"
#include "core/synth/TraceSynth.h"
#include "widgets/timeline/TimelineView.h"

#include <QFile>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include "core/analysis/run/Analysis.h"

#include <QtTest>

#include <sys/stat.h>

using namespace lanescope;

namespace {

QString svgText(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QXmlStreamReader xml(&f);
    QString text;
    while (!xml.atEnd()) {
        if (xml.readNext() == QXmlStreamReader::Characters)
            text += xml.text().toString() + QLatin1Char('\n');
    }
    return xml.hasError() ? QStringLiteral("XML ERROR: ") + xml.errorString() : text;
}

// A trace of `streams` GPU streams, a kernel each: far taller, as every lane, than a picture at
// 16384 px and scale 4 may be (2^28 device pixels: 1024 logical rows).
std::string manyStreams(int streams)
{
    std::string s = "{\"schemaVersion\": 1, \"traceEvents\": [\n";
    for (int k = 0; k < streams; ++k)
        s += std::string(k ? ",\n" : "") + "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"sm90_gemm\", \"pid\": 0, \"tid\": "
            + std::to_string(k + 7) + ", \"ts\": " + std::to_string(1000 + k) + ", \"dur\": 5, \"args\": {\"device\": 0, \"stream\": "
            + std::to_string(k + 7) + "}}";
    return s + "\n]}\n";
}

int countColour(const QImage &img, const QColor &c)
{
    int n = 0;
    const QRgb want = c.rgb();
    for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width(); ++x)
            n += (img.pixel(x, y) | 0xFF000000u) == want;
    return n;
}

} // namespace

class TestPictureExport : public QObject
{
    Q_OBJECT

private:
    std::shared_ptr<const Trace> m_trace;
    std::shared_ptr<const TraceViewIndex> m_index;
    LaneLayout m_layout;
    QTemporaryDir m_dir;

    PictureInput input() const
    {
        PictureInput in;
        in.runs = {{m_trace.get(), m_index.get(), m_trace->minTs}};
        in.layout = &m_layout;
        in.windowStart = 0;
        in.windowRange = 1e6;
        return in;
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("LanescopeTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_pictureexport"));
        QSettings().clear();
        m_trace = test::loadTimelineTrace();
        QVERIFY(m_trace);
        m_index = TraceViewIndex::build(*m_trace);
        m_layout.build({{m_trace.get(), QString()}});
        QVERIFY(m_dir.isValid());
    }

    void png_data()
    {
        QTest::addColumn<int>("width");
        QTest::addColumn<double>("scale");
        QTest::newRow("1920") << 1920 << 1.0;
        QTest::newRow("960 at 2x") << 960 << 2.0;
        QTest::newRow("3840") << 3840 << 1.0;
    }
    void png()
    {
        QFETCH(int, width);
        QFETCH(double, scale);
        PictureOptions opt;
        opt.width = width;
        opt.scale = scale;
        const QString path = m_dir.filePath(QStringLiteral("t%1.png").arg(width));
        QString error;
        QVERIFY2(PictureExport::write(path, input(), opt, &error), qPrintable(error));
        const QImage img(path);
        QVERIFY(!img.isNull());
        const QSize logical = PictureExport::size(input(), opt);
        QCOMPARE(img.size(), logical * scale);
        QCOMPARE(logical.width(), width);
        // Tall enough for every lane: title band + ruler + lanes + legend.
        QVERIFY(logical.height() >= TimelineRenderer::kTopHeight + m_layout.totalHeight());
        const SliceRef gemm = test::sliceRef(*m_trace, "ampere_sgemm_128x64_nn");
        const SliceRef nccl = test::sliceRef(*m_trace, "ncclKernel_AllReduce_RING_LL_Sum_float");
        const int gemmShade = SliceClassifier::shadeOf(m_trace->tracks[gemm.track].nameId[gemm.slice]);
        const int ncclShade = SliceClassifier::shadeOf(m_trace->tracks[nccl.track].nameId[nccl.slice]);
        const QImage flat = img.convertToFormat(QImage::Format_RGB32);
        // 300 µs of 1 ms across the lanes, a row tall, less its name: hundreds of pixels at least.
        QVERIFY(countColour(flat, Palette::color(SliceClass::Gemm, gemmShade)) > 500);
        QVERIFY(countColour(flat, Palette::color(SliceClass::Communication, ncclShade)) > 500);
        if (qEnvironmentVariableIsSet("LANESCOPE_EXPORT_DIR"))
            img.save(QDir(qEnvironmentVariable("LANESCOPE_EXPORT_DIR")).filePath(QFileInfo(path).fileName()));
    }

    void svgHasTitleAndLanesAsText()
    {
        PictureOptions opt;
        opt.width = 1600;
        const QString path = m_dir.filePath(QStringLiteral("t.svg"));
        QString error;
        QVERIFY2(PictureExport::write(path, input(), opt, &error), qPrintable(error));
        const QString text = svgText(path);
        QVERIFY2(!text.startsWith(QStringLiteral("XML ERROR")), qPrintable(text));
        QVERIFY2(text.contains(PictureExport::defaultTitle(*m_trace)), qPrintable(text.left(500)));
        QVERIFY(PictureExport::defaultTitle(*m_trace).contains(QStringLiteral("rank 0/2")));
        for (const Lane &l : m_layout.lanes())
            QVERIFY2(text.contains(l.label), qPrintable(l.label));
        QVERIFY(text.contains(QStringLiteral("GEMM"))); // the legend names what appears
    }

    void comparisonNamesItsRunsWithALineOfFiguresEach()
    {
        // Two runs of the same trace, each with its analysis: the title says "baseline vs tuned",
        // the band grows by one line of figures per run, each line led by its run's label.
        const analysis::AnalysisResult a = analysis::analyze(*m_trace);
        PictureInput one = input();
        one.analysis = &a;
        PictureInput two = input();
        two.runs.push_back(two.runs.front());
        two.analysis = &a;
        two.labels = {QStringLiteral("baseline"), QStringLiteral("tuned")};
        two.analyses = {&a, &a};
        PictureOptions opt;
        opt.width = 1600;
        QCOMPARE(PictureExport::metricsLines(one).size(), 1);
        const QStringList lines = PictureExport::metricsLines(two);
        QCOMPARE(lines.size(), 2);
        QVERIFY(lines.at(0).startsWith(QStringLiteral("baseline: ")));
        QVERIFY(lines.at(1).startsWith(QStringLiteral("tuned: ")));
        // Each line leads with the analysis dock's figure, compute-stream idle, named as such.
        QVERIFY(a.computeIdle.analysedNs > 0);
        QVERIFY2(lines.at(0).contains(QStringLiteral("compute-stream idle %1 %").arg(QLocale().toString(a.computeIdle.idlePct, 'f', 1))),
                 qPrintable(lines.at(0)));
        QCOMPARE(PictureExport::timelineRect(two, opt).top() - PictureExport::timelineRect(one, opt).top(),
                 PictureExport::kMetricsHeight);
        const QString path = m_dir.filePath(QStringLiteral("cmp.svg"));
        QString error;
        QVERIFY2(PictureExport::write(path, two, opt, &error), qPrintable(error));
        const QString text = svgText(path);
        QVERIFY2(text.contains(QStringLiteral("baseline vs tuned")), qPrintable(text.left(400)));
        // Without figures the band is the title alone, whatever the runs.
        opt.metrics = false;
        QCOMPARE(PictureExport::timelineRect(two, opt).top(), PictureExport::timelineRect(one, opt).top());
    }

    void pdfHasOnePageOfThePicturesShape()
    {
        PictureOptions opt;
        opt.width = 2000;
        const QString path = m_dir.filePath(QStringLiteral("t.pdf"));
        QString error;
        QVERIFY2(PictureExport::write(path, input(), opt, &error), qPrintable(error));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray pdf = f.readAll();
        QVERIFY(pdf.startsWith("%PDF-"));
        const QString s = QString::fromLatin1(pdf);
        QCOMPARE(int(s.count(QRegularExpression(QStringLiteral("/Type\\s*/Page\\b")))), 1);
        const QRegularExpressionMatch box =
            QRegularExpression(QStringLiteral("/MediaBox\\s*\\[\\s*0\\s+0\\s+([0-9.]+)\\s+([0-9.]+)\\s*\\]")).match(s);
        QVERIFY2(box.hasMatch(), "no MediaBox");
        const QSize logical = PictureExport::size(input(), opt);
        const double aspect = box.captured(1).toDouble() / box.captured(2).toDouble();
        QVERIFY2(std::abs(aspect - double(logical.width()) / logical.height()) < 0.01,
                 qPrintable(QStringLiteral("%1 vs %2x%3").arg(aspect).arg(logical.width()).arg(logical.height())));
    }

    // The pixel budget: an explicit size past 2^28 device pixels is refused before anything is
    // painted (17.2 GB asked for at 16384 x 65535 x 2), with nothing left behind.
    void sizePastTheBudgetIsRefused_data()
    {
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        QTest::addColumn<double>("scale");
        QTest::addColumn<bool>("boundary"); // one row less is exactly the budget
        QTest::newRow("16384 x 65535 at 2x") << 16384 << 65535 << 2.0 << false;
        QTest::newRow("one row past") << 16384 << 16385 << 1.0 << true;
        QTest::newRow("4x of a quarter") << 4096 << 4097 << 4.0 << true;
    }
    void sizePastTheBudgetIsRefused()
    {
        QFETCH(int, width);
        QFETCH(int, height);
        QFETCH(double, scale);
        QFETCH(bool, boundary);
        PictureOptions opt;
        opt.width = width;
        opt.height = height;
        opt.scale = scale;
        const QString path = m_dir.filePath(QStringLiteral("huge.png"));
        QString error;
        QVERIFY(!PictureExport::write(path, input(), opt, &error));
        QVERIFY2(error.contains(QStringLiteral("(2^28)")), qPrintable(error));
        QVERIFY(!error.contains(QLatin1Char('\n')));
        QVERIFY(!QFileInfo::exists(path));
        QVERIFY(PictureExport::image(input(), opt).isNull());
        if (boundary)
            QCOMPARE(PictureExport::sizeError(QSize(width, height - 1), scale), QString());
    }

    // The automatic height obeys the same budget: the lanes that do not fit are one row at the
    // bottom of the timeline, "+N more lanes", after every lane drawn.
    void automaticHeightStopsAtTheBudget()
    {
        constexpr int kStreams = 300;
        const LoadResult r = loadTrace(MappedSource::fromBytes(manyStreams(kStreams), QStringLiteral("streams.json")));
        QVERIFY2(r.trace, qPrintable(r.error));
        const std::shared_ptr<const TraceViewIndex> index = TraceViewIndex::build(*r.trace);
        LaneLayout layout;
        layout.build({{r.trace.get(), QString()}});
        QCOMPARE(int(layout.lanes().size()), kStreams);
        PictureInput in;
        in.runs = {{r.trace.get(), index.get(), r.trace->minTs}};
        in.layout = &layout;
        in.windowRange = 1e6;
        PictureOptions opt;
        opt.width = 16384;
        opt.scale = 4;
        const QSize size = PictureExport::size(in, opt);
        QVERIFY2(PictureExport::devicePixels(size, opt.scale) <= PictureExport::kMaxDevicePixels,
                 qPrintable(QStringLiteral("%1 x %2").arg(size.width()).arg(size.height())));
        QVERIFY(size.height() > 1000); // as tall as the budget lets it be
        const int left = PictureExport::lanesLeftOut(in, opt);
        QVERIFY(left > 0 && left < kStreams);
        const QString path = m_dir.filePath(QStringLiteral("streams.svg"));
        QString error;
        QVERIFY2(PictureExport::write(path, in, opt, &error), qPrintable(error));
        const QStringList texts = svgText(path).split(QLatin1Char('\n'));
        const int at = int(texts.indexOf(QStringLiteral("+%1 more lanes").arg(left)));
        QVERIFY2(at > 0, qPrintable(texts.mid(texts.size() - 6).join(QLatin1Char('|'))));
        int drawn = 0;
        for (int i = 0; i < int(texts.size()); ++i)
            if (texts.at(i).startsWith(QLatin1String("stream "))) {
                QVERIFY(i < at);
                ++drawn;
            }
        QCOMPARE(drawn + left, kStreams);
        // Every lane fits once the picture is allowed more pixels per row: nothing left out.
        opt.scale = 1;
        opt.width = 1920;
        QCOMPARE(PictureExport::lanesLeftOut(in, opt), 0);
    }

    void failuresSayWhyAndLeaveNothing_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown format") << QStringLiteral("t.bmp") << QStringLiteral("unknown picture format");
        QTest::newRow("missing folder") << QStringLiteral("no/such/dir/t.png") << QStringLiteral("cannot write");
    }
    void failuresSayWhyAndLeaveNothing()
    {
        QFETCH(QString, path);
        QFETCH(QString, message);
        const QString full = m_dir.filePath(path);
        QString error;
        QVERIFY(!PictureExport::write(full, input(), PictureOptions(), &error));
        QVERIFY2(error.contains(message), qPrintable(error));
        QVERIFY(!QFileInfo::exists(full));
    }

    // What stands at the path is neither replaced nor written through: a FIFO stays a FIFO (the
    // window's Export Picture dialog writes through here too), a link's target is untouched.
    void nonRegularOutputIsLeftAlone_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::newRow("FIFO") << QStringLiteral("fifo");
        QTest::newRow("link to a file") << QStringLiteral("link");
        QTest::newRow("folder") << QStringLiteral("folder");
    }
    void nonRegularOutputIsLeftAlone()
    {
        QFETCH(QString, kind);
        const QString full = m_dir.filePath(QStringLiteral("special-%1.png").arg(kind));
        const QString victim = m_dir.filePath(QStringLiteral("victim-%1.txt").arg(kind));
        QFile v(victim);
        QVERIFY(v.open(QIODevice::WriteOnly) && v.write("kept") == 4);
        v.close();
        mode_t want = 0;
        if (kind == QLatin1String("fifo")) {
            QCOMPARE(::mkfifo(QFile::encodeName(full).constData(), 0600), 0);
            want = S_IFIFO;
        } else if (kind == QLatin1String("link")) {
            QVERIFY(QFile::link(victim, full));
            want = S_IFLNK;
        } else {
            QVERIFY(QDir().mkpath(full));
            want = S_IFDIR;
        }
        QString error;
        QVERIFY(!PictureExport::write(full, input(), PictureOptions(), &error));
        QVERIFY2(error.contains(full), qPrintable(error));
        struct stat st = {};
        QCOMPARE(::lstat(QFile::encodeName(full).constData(), &st), 0);
        QCOMPARE(st.st_mode & S_IFMT, want);
        QVERIFY(v.open(QIODevice::ReadOnly));
        QCOMPARE(v.readAll(), QByteArray("kept"));
    }

    void mainWindowExportsWhatItShows()
    {
        synth::SynthConfig c;
        c.scenario = synth::Scenario::Baseline;
        c.layers = 8;
        const synth::SynthOutput out = synth::synthesize(c);
        const QString trace = m_dir.filePath(QStringLiteral("baseline.pt.trace.json"));
        {
            QFile f(trace);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(out.traces.at(0).data(), qint64(out.traces.at(0).size()));
        }
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QSignalSpy loaded(&w, &MainWindow::loadFinished);
        w.openFile(trace);
        QVERIFY(loaded.wait(60000));
        QVERIFY(QTest::qWaitFor([&] { return w.session()->runCount() == 1 && w.session()->run(0).analysis; }, 30000));
        // The view index came from the load job, not the UI thread.
        QVERIFY(w.session()->run(0).index);
        MainWindow::ExportRequest req;
        req.path = m_dir.filePath(QStringLiteral("window.svg"));
        QString error;
        QVERIFY2(w.exportPicture(req, &error), qPrintable(error));
        const QString text = svgText(req.path);
        QVERIFY2(text.contains(QStringLiteral("compute-stream idle")), qPrintable(text.left(800)));
        QVERIFY(text.contains(QStringLiteral("baseline.pt.trace.json")));
        // GPU lanes only: no CPU thread lane in the picture.
        req.path = m_dir.filePath(QStringLiteral("gpu.svg"));
        req.lanes = 1;
        QVERIFY2(w.exportPicture(req, &error), qPrintable(error));
        const QString gpuText = svgText(req.path);
        QVERIFY(gpuText.contains(QStringLiteral("GPU 0")));
        bool cpuLane = false;
        for (const Lane &l : w.timelineView()->laneLayout().lanes())
            if (w.trace()->tracks[l.track].kind == TrackKind::Cpu && text.contains(l.label) && !gpuText.contains(l.label))
                cpuLane = true;
        QVERIFY2(cpuLane, "the full picture shows a CPU lane that the GPU-only one leaves out");
        // PNG at 2x of the window.
        req.path = m_dir.filePath(QStringLiteral("window.png"));
        req.lanes = 0;
        req.scale = 2;
        QVERIFY2(w.exportPicture(req, &error), qPrintable(error));
        const QImage img(req.path);
        QCOMPARE(img.width(), 2 * w.timelineView()->viewport()->width());
    }

    // The legend lists what the picture draws: "Memory reserved" only where a reserved line is
    // drawn (a trace whose samples carry no "Total Reserved" has none), the gap mark's cause only
    // with a gap mark.
    void legendListsOnlyWhatIsDrawn()
    {
        std::string noReserved = test::kTimelineTrace;
        for (std::size_t at; (at = noReserved.find(", \"Total Reserved\": ")) != std::string::npos;)
            noReserved.erase(at, noReserved.find('}', at) - at);
        const std::shared_ptr<const Trace> allocatedOnly =
            loadTrace(MappedSource::fromBytes(noReserved, QStringLiteral("allocated-only.json"))).trace;
        QVERIFY(allocatedOnly);
        LaneLayout layout;
        layout.build({{allocatedOnly.get(), QString()}});
        const std::shared_ptr<const TraceViewIndex> index = TraceViewIndex::build(*allocatedOnly);
        const QString reserved = QCoreApplication::translate("lanescope::LegendWidget", "Memory reserved");
        const QString allocated = QCoreApplication::translate("lanescope::LegendWidget", "Memory allocated");
        PictureOptions opt;
        opt.width = 1600;
        opt.metrics = false;
        QString error;
        // With both lines.
        const QString both = m_dir.filePath(QStringLiteral("legend-both.svg"));
        QVERIFY2(PictureExport::write(both, input(), opt, &error), qPrintable(error));
        QVERIFY(svgText(both).contains(allocated));
        QVERIFY(svgText(both).contains(reserved));
        // Allocated only: no reserved entry.
        PictureInput in;
        in.runs = {{allocatedOnly.get(), index.get(), allocatedOnly->minTs}};
        in.layout = &layout;
        in.windowRange = 1e6;
        const QString one = m_dir.filePath(QStringLiteral("legend-allocated.svg"));
        QVERIFY2(PictureExport::write(one, in, opt, &error), qPrintable(error));
        QVERIFY(svgText(one).contains(allocated));
        QVERIFY2(!svgText(one).contains(reserved), qPrintable(svgText(one)));
        // Memory hidden: neither.
        opt.memory = false;
        const QString none = m_dir.filePath(QStringLiteral("legend-none.svg"));
        QVERIFY2(PictureExport::write(none, input(), opt, &error), qPrintable(error));
        QVERIFY(!svgText(none).contains(allocated));
        QVERIFY(!svgText(none).contains(reserved));
    }

    // The window's picture carries nothing of the pointer's state: with a slice selected (and its
    // flows), a gap marked and a time range dragged it is the same picture as without them, and
    // its legend has no entry for the gap mark.
    void mainWindowExportHasNoSelectionOrGapMark()
    {
        synth::SynthConfig c;
        c.scenario = synth::Scenario::Baseline;
        c.layers = 8;
        const synth::SynthOutput out = synth::synthesize(c);
        const QString trace = m_dir.filePath(QStringLiteral("marked.pt.trace.json"));
        {
            QFile f(trace);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(out.traces.at(0).data(), qint64(out.traces.at(0).size()));
        }
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QSignalSpy loaded(&w, &MainWindow::loadFinished);
        w.openFile(trace);
        QVERIFY(loaded.wait(60000));
        QVERIFY(QTest::qWaitFor([&] { return w.session()->runCount() == 1 && w.session()->run(0).analysis; }, 30000));
        const analysis::AnalysisResult &result = *w.session()->run(0).analysis;
        QVERIFY(!result.gaps.empty());
        MainWindow::ExportRequest req;
        req.width = 1400;
        QString error;
        req.path = m_dir.filePath(QStringLiteral("plain.png"));
        QVERIFY2(w.exportPicture(req, &error), qPrintable(error));
        const QImage plain(req.path);
        // Select a kernel, mark a gap, drag a range; the screen shows them.
        const Trace &t = *w.trace();
        std::uint32_t track = 0;
        while (track < t.tracks.size() && (t.tracks[track].kind != TrackKind::Gpu || t.tracks[track].size() < 3))
            ++track;
        QVERIFY(track < t.tracks.size());
        ViewState *state = w.session()->state();
        state->setSelectedSlice({0, track, 1});
        state->setGap(0, result.gaps.front());
        state->setTimeRange(state->windowStart() + state->windowRange() * 0.2, state->windowStart() + state->windowRange() * 0.4);
        QVERIFY(w.timelineView()->overlay().selected.isValid());
        QCOMPARE(w.timelineView()->overlay().gapRun, 0);
        req.path = m_dir.filePath(QStringLiteral("marked.png"));
        QVERIFY2(w.exportPicture(req, &error), qPrintable(error));
        const QImage marked(req.path);
        QCOMPARE(marked.size(), plain.size());
        QVERIFY2(marked == plain, "the selection, the gap mark or the range reached the picture");
        req.path = m_dir.filePath(QStringLiteral("marked.svg"));
        QVERIFY2(w.exportPicture(req, &error), qPrintable(error));
        QVERIFY(!svgText(req.path).contains(TimelineRenderer::gapChipText(result.gaps.front())));
    }

    // File > Export Picture of a trace taller than the pixel budget allows at the width and
    // scale asked for: the window's export stops there too, with the "+N more lanes" row.
    void mainWindowExportKeepsToTheBudget()
    {
        const QString trace = m_dir.filePath(QStringLiteral("streams.pt.trace.json"));
        {
            const std::string json = manyStreams(300);
            QFile f(trace);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(json.data(), qint64(json.size()));
        }
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QSignalSpy loaded(&w, &MainWindow::loadFinished);
        w.openFile(trace);
        QVERIFY(loaded.wait(60000));
        QVERIFY(QTest::qWaitFor([&] { return w.session()->runCount() == 1; }, 30000));
        MainWindow::ExportRequest req;
        req.path = m_dir.filePath(QStringLiteral("streams-window.svg"));
        req.width = 16384;
        req.scale = 4;
        req.lanes = 1; // the GPU lanes: every stream
        QString error;
        QVERIFY2(w.exportPicture(req, &error), qPrintable(error));
        const QString text = svgText(req.path);
        const QRegularExpressionMatch more = QRegularExpression(QStringLiteral("^\\+(\\d+) more lanes$"), QRegularExpression::MultilineOption).match(text);
        QVERIFY2(more.hasMatch(), qPrintable(text.right(300)));
        QVERIFY(more.captured(1).toInt() > 0);
    }
};

QTEST_MAIN(TestPictureExport)
#include "tst_pictureexport.moc"
