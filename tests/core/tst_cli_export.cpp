// SPDX-License-Identifier: GPL-3.0-or-later
// lanescope-cli export: the report picture with no display. Runs the real binary with
// DISPLAY, WAYLAND_DISPLAY and QT_QPA_PLATFORM removed from its environment, then decodes what it
// wrote: a PNG of the asked width with slice colours in it, SVG that parses with the title as
// text, a one-page PDF; the window options, the lanes, --json, and bad usage / unreadable input
// as exit 2 / 3 with one line on stderr.
// Annotations, on the synthetic FSDP baseline (no real trace needed): --annotations FILE,
// the sidecar used by default, sidecar problems as one stderr line with the picture still drawn,
// --annotate-findings; the callout's text in the SVG and its colour at its anchor in the PNG.
// --compare: the synthetic trio stacked and aligned, taller than one run, the title
// "baseline vs prefetch vs tuned" and each label as SVG text, --json's runs; a bad --compare path.
#include "tests/CliRun.h"
#include "tests/TestTraces.h"

#include "core/analysis/run/Analysis.h"
#include "core/annotations/AnnotationStore.h"
#include "core/annotations/LaneKey.h"
#include "core/parse/TraceLoader.h"
#include "widgets/render/AnnotationPainter.h"
#include "widgets/render/PictureExport.h"
#include "core/synth/TraceSynth.h"

#include <QFile>
#include <QGuiApplication>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

namespace {

using Run = lanescope::test::CliRun;

// As a CI job or a cron script runs it: no display, no platform chosen, no runtime folder.
Run cli(const QStringList &args)
{
    return lanescope::test::runCli(args, {QStringLiteral("DISPLAY"), QStringLiteral("WAYLAND_DISPLAY"),
                                          QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("XDG_RUNTIME_DIR")},
                                   120000);
}

// All the text of an SVG's elements, one string per text node.
QStringList svgTexts(const QString &path)
{
    QFile f(path);
    QStringList out;
    if (!f.open(QIODevice::ReadOnly))
        return out;
    QXmlStreamReader xml(&f);
    while (!xml.atEnd())
        if (xml.readNext() == QXmlStreamReader::Characters && !xml.isWhitespace())
            out << xml.text().toString();
    if (xml.hasError())
        out << QStringLiteral("XML ERROR: ") + xml.errorString();
    return out;
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool writeBytes(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

} // namespace

using namespace lanescope;

class TestCliExport : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QTemporaryDir m_data; // XDG_DATA_HOME of the runs: the store's data folder, not the user's
    QString m_trace;      // the real two-rank trace (tests that need it skip without it)
    QString m_synth;      // the synthetic baseline, in a folder of its own
    std::shared_ptr<Trace> m_synthTrace;
    int m_n = 0;

    void requireRealTrace()
    {
        if (!QFileInfo::exists(m_trace))
            QSKIP(qPrintable(QStringLiteral("real trace %1 not found (set LANESCOPE_TRACES_DIR): skipped").arg(m_trace)));
    }
    // A copy of the synthetic trace in a folder of its own (its sidecar is its own too).
    QString freshSynth()
    {
        const QString dir = m_dir.filePath(QStringLiteral("s%1").arg(++m_n));
        QDir().mkpath(dir);
        const QString path = dir + QStringLiteral("/fsdp-baseline.pt.trace.json");
        QFile::copy(m_synth, path);
        return path;
    }
    // A callout at the first GEMM gap's start, on its compute stream.
    annotations::Annotation calloutAtFirstGap(const QString &text) const
    {
        const analysis::AnalysisResult r = analysis::analyze(*m_synthTrace);
        const analysis::Gap &g = r.gaps.at(0);
        annotations::Annotation a;
        a.kind = annotations::Kind::Callout;
        a.color = annotations::Color::Green;
        a.text = text;
        a.a = {g.start - m_synthTrace->minTs, annotations::LaneKey::forTrack(m_synthTrace->tracks[g.track]), 0.5};
        return a;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid() && m_data.isValid());
        qputenv("XDG_DATA_HOME", m_data.path().toLocal8Bit()); // inherited by every CLI run
        m_trace = lanescope::test::tracePath(QStringLiteral("a100-2rank-nccl.json.gz"));
        synth::SynthConfig c;
        c.scenario = synth::Scenario::Baseline;
        const synth::SynthOutput out = synth::synthesize(c);
        QDir().mkpath(m_dir.filePath(QStringLiteral("synth")));
        m_synth = m_dir.filePath(QStringLiteral("synth/fsdp-baseline.pt.trace.json"));
        QVERIFY(writeBytes(m_synth, QByteArray::fromStdString(out.traces.at(0))));
        m_synthTrace = loadTrace(m_synth).trace;
        QVERIFY(m_synthTrace);
    }

    void pngWithoutADisplay()
    {
        requireRealTrace();
        const QString out = m_dir.filePath(QStringLiteral("a.png"));
        const Run r = cli({QStringLiteral("export"), m_trace, QStringLiteral("-o"), out, QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.err.isEmpty(), r.err.constData()); // no Qt platform chatter
        QJsonParseError e;
        const QJsonObject j = QJsonDocument::fromJson(r.out, &e).object();
        QCOMPARE(e.error, QJsonParseError::NoError);
        const QImage img(out);
        QVERIFY(!img.isNull());
        QCOMPARE(img.width(), 1920); // the default
        QCOMPARE(img.width(), j.value(QStringLiteral("width")).toInt());
        QCOMPARE(img.height(), j.value(QStringLiteral("height")).toInt());
        QCOMPARE(j.value(QStringLiteral("from_us")).toDouble(), 0.0); // the whole trace
        QVERIFY(j.value(QStringLiteral("to_us")).toDouble() > 700000);
        QCOMPARE(j.value(QStringLiteral("bytes")).toInteger(), QFileInfo(out).size());
        // Something is drawn: many colours, not a blank page.
        QSet<QRgb> colours;
        for (int y = 0; y < img.height(); y += 2)
            for (int x = 0; x < img.width(); x += 2)
                colours.insert(img.pixel(x, y));
        QVERIFY2(colours.size() > 20, qPrintable(QString::number(colours.size())));
    }

    void lanesAndWindow_data()
    {
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<int>("width");
        QTest::addColumn<bool>("moreLanes");
        QTest::newRow("gpu lanes, 3840") << QStringList{QStringLiteral("--width"), QStringLiteral("3840")} << 3840 << false;
        QTest::newRow("all lanes") << QStringList{QStringLiteral("--lanes"), QStringLiteral("all")} << 1920 << true;
        QTest::newRow("a step") << QStringList{QStringLiteral("--step"), QStringLiteral("5")} << 1920 << false;
        QTest::newRow("a window") << QStringList{QStringLiteral("--from-us"), QStringLiteral("1000"), QStringLiteral("--to-us"),
                                                 QStringLiteral("51000")}
                                  << 1920 << false;
    }
    void lanesAndWindow()
    {
        requireRealTrace();
        QFETCH(QStringList, extra);
        QFETCH(int, width);
        QFETCH(bool, moreLanes);
        const QString out = m_dir.filePath(QStringLiteral("w.png"));
        const Run base = cli({QStringLiteral("export"), m_trace, QStringLiteral("-o"), out, QStringLiteral("--json")});
        const Run r = cli(QStringList{QStringLiteral("export"), m_trace, QStringLiteral("-o"), out, QStringLiteral("--json")} + extra);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject b = QJsonDocument::fromJson(base.out).object(), j = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(QImage(out).width(), width);
        QCOMPARE(j.value(QStringLiteral("lanes")).toInt() > b.value(QStringLiteral("lanes")).toInt(), moreLanes);
        if (extra.contains(QStringLiteral("--from-us"))) {
            QCOMPARE(j.value(QStringLiteral("from_us")).toDouble(), 1000.0);
            QCOMPARE(j.value(QStringLiteral("to_us")).toDouble(), 51000.0);
        }
        if (extra.contains(QStringLiteral("--step"))) {
            const double span = j.value(QStringLiteral("to_us")).toDouble() - j.value(QStringLiteral("from_us")).toDouble();
            QVERIFY(span < b.value(QStringLiteral("to_us")).toDouble() / 2); // one step of three
            QVERIFY(span > 100000);
        }
    }

    void svgAndPdf()
    {
        requireRealTrace();
        const QString svg = m_dir.filePath(QStringLiteral("a.svg"));
        Run r = cli({QStringLiteral("export"), m_trace, QStringLiteral("-o"), svg});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QFile f(svg);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&f);
        QString text;
        while (!xml.atEnd())
            if (xml.readNext() == QXmlStreamReader::Characters)
                text += xml.text().toString();
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QVERIFY(text.contains(QStringLiteral("a100-2rank-nccl.json.gz · rank 0/2")));
        QVERIFY(text.contains(QStringLiteral("compute-stream idle")));
        QVERIFY(text.contains(QStringLiteral("stream 7")));

        const QString pdf = m_dir.filePath(QStringLiteral("a.pdf"));
        r = cli({QStringLiteral("export"), m_trace, QStringLiteral("-o"), pdf, QStringLiteral("--no-metrics")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QFile pf(pdf);
        QVERIFY(pf.open(QIODevice::ReadOnly));
        const QString bytes = QString::fromLatin1(pf.readAll());
        QVERIFY(bytes.startsWith(QStringLiteral("%PDF-")));
        QCOMPARE(int(bytes.count(QRegularExpression(QStringLiteral("/Type\\s*/Page\\b")))), 1);
    }

    void badUsageAndUnreadable_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("message");
        const QString t = lanescope::test::tracePath(QStringLiteral("a100-2rank-nccl.json.gz"));
        const QString png = QDir::temp().filePath(QStringLiteral("lanescope-never.png"));
        QTest::newRow("no -o") << QStringList{QStringLiteral("export"), t} << 2 << QStringLiteral("-o OUT");
        QTest::newRow("bmp") << QStringList{QStringLiteral("export"), t, QStringLiteral("-o"), QStringLiteral("x.bmp")} << 2
                             << QStringLiteral("unknown picture format");
        QTest::newRow("half a window") << QStringList{QStringLiteral("export"), t, QStringLiteral("-o"), png, QStringLiteral("--from-us"),
                                                      QStringLiteral("5")}
                                       << 2 << QStringLiteral("go together");
        QTest::newRow("backwards") << QStringList{QStringLiteral("export"), t, QStringLiteral("-o"), png, QStringLiteral("--from-us"),
                                                  QStringLiteral("9"), QStringLiteral("--to-us"), QStringLiteral("5")}
                                   << 2 << QStringLiteral("after");
        QTest::newRow("narrow") << QStringList{QStringLiteral("export"), t, QStringLiteral("-o"), png, QStringLiteral("--width"),
                                               QStringLiteral("100")}
                                << 2 << QStringLiteral("--width");
        QTest::newRow("no such step") << QStringList{QStringLiteral("export"), t, QStringLiteral("-o"), png, QStringLiteral("--step"),
                                                     QStringLiteral("999")}
                                      << 2 << QStringLiteral("ProfilerStep#999");
        QTest::newRow("scale of an SVG") << QStringList{QStringLiteral("export"), t, QStringLiteral("-o"), QStringLiteral("x.svg"),
                                                        QStringLiteral("--scale"), QStringLiteral("2")}
                                         << 2 << QStringLiteral("--scale applies to a PNG");
        QTest::newRow("scale too large") << QStringList{QStringLiteral("export"), t, QStringLiteral("-o"), png, QStringLiteral("--scale"),
                                                        QStringLiteral("9")}
                                         << 2 << QStringLiteral("--scale");
        // The pixel budget (2^28 device pixels), refused before the trace is even read.
        QTest::newRow("17.2 GB of pixels") << QStringList{QStringLiteral("export"), t, QStringLiteral("-o"), png, QStringLiteral("--width"),
                                                          QStringLiteral("16384"), QStringLiteral("--height"), QStringLiteral("65535"),
                                                          QStringLiteral("--scale"), QStringLiteral("2")}
                                           << 2 << QStringLiteral("(2^28)");
        QTest::newRow("one row past the budget") << QStringList{QStringLiteral("export"), t, QStringLiteral("-o"), png, QStringLiteral("--width"),
                                                                QStringLiteral("16384"), QStringLiteral("--height"), QStringLiteral("16385")}
                                                 << 2 << QStringLiteral("device pixels");
        QTest::newRow("no such trace") << QStringList{QStringLiteral("export"), QStringLiteral("/nonexistent.json"), QStringLiteral("-o"), png}
                                       << 3 << QStringLiteral("nonexistent");
        QTest::newRow("unwritable") << QStringList{QStringLiteral("export"), t, QStringLiteral("-o"), QStringLiteral("/nonexistent/dir/a.png")}
                                    << 3 << QStringLiteral("cannot write");
    }
    void badUsageAndUnreadable()
    {
        requireRealTrace();
        QFETCH(QStringList, args);
        QFETCH(int, code);
        QFETCH(QString, message);
        const Run r = cli(args);
        QCOMPARE(r.exitCode, code);
        const QString err = QString::fromUtf8(r.err);
        QCOMPARE(int(err.count(QLatin1Char('\n'))), 1);
        QVERIFY2(err.contains(message), qPrintable(err));
        QVERIFY(!QFileInfo::exists(QDir::temp().filePath(QStringLiteral("lanescope-never.png"))));
    }
    // 30,000 GPU streams: as tall as the lanes need would be 1920 x 660,154 px (4.9 GB resident,
    // 69 s as a PNG). The automatic height stops at the pixel budget; the lanes that do not fit are
    // one row at the bottom of the timeline, "+N more lanes", after every lane drawn.
    void automaticHeightWithinBudget()
    {
        constexpr int kStreams = 30000;
        QByteArray json("{\"schemaVersion\": 1, \"traceEvents\": [\n");
        for (int s = 0; s < kStreams; ++s)
            json += QStringLiteral("%1{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"sm90_gemm\", \"pid\": 0, \"tid\": %2, \"ts\": %3, "
                                   "\"dur\": 5, \"args\": {\"device\": 0, \"stream\": %2}}")
                        .arg(s ? QStringLiteral(",\n") : QString())
                        .arg(s + 7)
                        .arg(1000 + s)
                        .toUtf8();
        json += "\n]}\n";
        const QString trace = m_dir.filePath(QStringLiteral("streams.json"));
        QVERIFY(writeBytes(trace, json));
        const QString svg = m_dir.filePath(QStringLiteral("streams.svg"));
        const Run r = cli({QStringLiteral("export"), trace, QStringLiteral("-o"), svg, QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject j = QJsonDocument::fromJson(r.out).object();
        const qint64 w = j.value(QStringLiteral("width")).toInt(), h = j.value(QStringLiteral("height")).toInt();
        QCOMPARE(w, qint64(1920));
        QVERIFY2(w * h <= (qint64(1) << 28), qPrintable(QStringLiteral("%1 x %2").arg(w).arg(h)));
        QVERIFY(h > 100000); // as tall as the budget lets it be, not a token picture
        QCOMPARE(j.value(QStringLiteral("lanes")).toInt(), kStreams);
        const int left = j.value(QStringLiteral("lanes_left_out")).toInt();
        QVERIFY(left > 0);
        const QStringList texts = svgTexts(svg);
        const QString more = QStringLiteral("+%1 more lanes").arg(left);
        const int at = int(texts.indexOf(more));
        QVERIFY2(at > 0, qPrintable(texts.mid(texts.size() - 5).join(QLatin1Char('|'))));
        // Every lane drawn has its label before the row; none after it; together they are all.
        int drawn = 0;
        for (int i = 0; i < int(texts.size()); ++i)
            if (texts.at(i).startsWith(QLatin1String("stream "))) {
                QVERIFY(i < at);
                ++drawn;
            }
        QCOMPARE(drawn + left, kStreams);
    }

    // --- annotations ---------------------------------------------------------------

    void annotationsFileInSvgAndPng()
    {
        const QString trace = freshSynth();
        const annotations::AnnotationStore store(trace);
        annotations::AnnotationSet set;
        set.add(calloutAtFirstGap(QStringLiteral("Look: AllGather waits here")));
        const QString file = m_dir.filePath(QStringLiteral("notes-%1.json").arg(m_n));
        QVERIFY(writeBytes(file, annotations::AnnotationFile::write(set, store.identity())));

        const QString svg = m_dir.filePath(QStringLiteral("ann.svg"));
        Run r = cli({QStringLiteral("export"), trace, QStringLiteral("-o"), svg, QStringLiteral("--annotations"), file, QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.err.isEmpty(), r.err.constData());
        const QJsonObject j = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(j.value(QStringLiteral("annotations")).toInt(), 1);
        QCOMPARE(j.value(QStringLiteral("findings")).toInt(), 0);
        QCOMPARE(j.value(QStringLiteral("annotations_file")).toString(), file);
        const QStringList texts = svgTexts(svg);
        QVERIFY2(texts.contains(QStringLiteral("Look: AllGather waits here")), qPrintable(texts.join(QLatin1Char('|')).left(2000)));

        // The PNG: the callout's colour at its anchor. Where that is, from the picture's geometry
        // for the CLI's defaults (the whole trace, GPU lanes, 1920 px, figures on).
        const QString png = m_dir.filePath(QStringLiteral("ann.png"));
        r = cli({QStringLiteral("export"), trace, QStringLiteral("-o"), png, QStringLiteral("--annotations"), file});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const Trace &t = *m_synthTrace;
        const auto index = TraceViewIndex::build(t);
        const analysis::AnalysisResult result = analysis::analyze(t);
        LaneLayout layout;
        layout.build({{&t, QString(), true}});
        PictureInput in;
        in.runs = {{&t, index.get(), t.minTs}};
        in.layout = &layout;
        in.windowStart = 0;
        in.windowRange = double(t.maxTs - t.minTs);
        in.analysis = &result;
        const PictureOptions opt;
        const QRect tl = PictureExport::timelineRect(in, opt);
        TimelineRenderer renderer;
        renderer.setRuns(in.runs);
        renderer.setLayout(&layout);
        renderer.setViewport(tl.size(), in.windowStart, in.windowRange, 0);
        QPointF at;
        QVERIFY(AnnotationPainter(renderer).anchorPoint(0, set.items()[0].a, &at));
        at += tl.topLeft();
        const QImage img(png);
        QVERIFY(!img.isNull());
        const QColor green = AnnotationPainter::color(annotations::Color::Green);
        QCOMPARE(img.pixelColor(int(at.x()), int(at.y())), green);
        // Drawn without annotations, that pixel is something else.
        const QString plain = m_dir.filePath(QStringLiteral("plain.png"));
        r = cli({QStringLiteral("export"), trace, QStringLiteral("-o"), plain});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(QImage(plain).pixelColor(int(at.x()), int(at.y())) != green);
        // At --scale 2 (a HiDPI slide): twice the pixels each way, the callout at twice its place.
        const QString hidpi = m_dir.filePath(QStringLiteral("ann2x.png"));
        r = cli({QStringLiteral("export"), trace, QStringLiteral("-o"), hidpi, QStringLiteral("--annotations"), file, QStringLiteral("--scale"),
                 QStringLiteral("2")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QImage img2(hidpi);
        QCOMPARE(img2.width(), 2 * img.width());
        QCOMPARE(img2.height(), 2 * img.height());
        QCOMPARE(img2.pixelColor(int(2 * at.x()), int(2 * at.y())), green);
        QVERIFY(!QFileInfo::exists(store.besidePath())); // the export only reads
    }

    void sidecarIsUsedByDefault()
    {
        const QString trace = freshSynth();
        const annotations::AnnotationStore store(trace);
        annotations::AnnotationSet set;
        set.add(calloutAtFirstGap(QStringLiteral("kept beside the trace")));
        const annotations::AnnotationStore::Saved saved = store.save(set);
        QVERIFY2(saved.ok, qPrintable(saved.error));
        QCOMPARE(saved.path, trace + QStringLiteral(".lanescope.json"));
        const QByteArray before = readAll(saved.path);
        const QString svg = m_dir.filePath(QStringLiteral("side.svg"));
        const Run r = cli({QStringLiteral("export"), trace, QStringLiteral("-o"), svg, QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.err.isEmpty(), r.err.constData());
        const QJsonObject j = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(j.value(QStringLiteral("annotations")).toInt(), 1);
        QCOMPARE(j.value(QStringLiteral("annotations_file")).toString(), saved.path);
        QVERIFY(svgTexts(svg).contains(QStringLiteral("kept beside the trace")));
        QCOMPARE(readAll(saved.path), before);
    }

    // A trace opened through a symbolic link finds its own sidecar, the one beside the link's
    // target (it found none: 0 annotations instead of 2).
    void sidecarOfATraceOpenedThroughALink()
    {
        const QString trace = freshSynth();
        const annotations::AnnotationStore store(trace);
        annotations::AnnotationSet set;
        set.add(calloutAtFirstGap(QStringLiteral("one")));
        set.add(calloutAtFirstGap(QStringLiteral("two")));
        const annotations::AnnotationStore::Saved saved = store.save(set);
        QVERIFY2(saved.ok, qPrintable(saved.error));
        const QString links = m_dir.filePath(QStringLiteral("links%1").arg(++m_n));
        QVERIFY(QDir().mkpath(links));
        const QString link = links + QStringLiteral("/linked.pt.trace.json");
        QVERIFY(QFile::link(trace, link));
        const Run r = cli({QStringLiteral("export"), link, QStringLiteral("-o"), m_dir.filePath(QStringLiteral("linked.svg")), QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject j = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(j.value(QStringLiteral("annotations")).toInt(), 2);
        QCOMPARE(QFileInfo(j.value(QStringLiteral("annotations_file")).toString()).canonicalFilePath(), QFileInfo(saved.path).canonicalFilePath());
        QVERIFY(!QFileInfo::exists(annotations::AnnotationStore::sidecarPathFor(link))); // nothing written beside the link
    }

    // -o naming a symbolic link is refused (exit 2, one line): it was written through, replacing
    // the file it points to (victim.txt became a PNG). A dangling link is refused too.
    void outputThatIsALinkIsRefused_data()
    {
        QTest::addColumn<bool>("dangling");
        QTest::newRow("link to a file") << false;
        QTest::newRow("dangling link") << true;
    }
    void outputThatIsALinkIsRefused()
    {
        QFETCH(bool, dangling);
        const QString dir = m_dir.filePath(QStringLiteral("out%1").arg(++m_n));
        QVERIFY(QDir().mkpath(dir));
        const QString victim = dir + QStringLiteral("/victim.txt"), link = dir + QStringLiteral("/link.png");
        if (!dangling)
            QVERIFY(writeBytes(victim, "precious\n"));
        QVERIFY(QFile::link(victim, link));
        const Run r = cli({QStringLiteral("export"), m_synth, QStringLiteral("-o"), link});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.count('\n') == 1 && r.err.contains("symbolic link"), r.err.constData());
        QVERIFY(QFileInfo(link).isSymLink());
        if (dangling)
            QVERIFY(!QFileInfo::exists(victim));
        else
            QCOMPARE(readAll(victim), QByteArray("precious\n"));
    }

    // A sidecar that is not this trace's: one line on stderr naming it, the picture drawn anyway
    // (without it), the sidecar untouched.
    void sidecarProblemIsOneLine_data()
    {
        QTest::addColumn<QByteArray>("content"); // "@other": a valid sidecar of another file
        QTest::addColumn<QString>("message");
        QTest::newRow("damaged") << QByteArray("{\"format\": \"lanescope-annotations\", \"vers") << QStringLiteral("is damaged (not JSON");
        QTest::newRow("newer version") << QByteArray(R"({"format": "lanescope-annotations", "version": 2})")
                                       << QStringLiteral("newer Lanescope (format 2");
        QTest::newRow("another file") << QByteArray("@other") << QStringLiteral("belongs to another file named other.pt.trace.json");
    }
    void sidecarProblemIsOneLine()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, message);
        const QString trace = freshSynth();
        const annotations::AnnotationStore store(trace);
        if (content == "@other") {
            const QString other = QFileInfo(trace).dir().filePath(QStringLiteral("other.pt.trace.json"));
            QVERIFY(writeBytes(other, QByteArray("{\"traceEvents\": []}")));
            annotations::AnnotationSet set;
            set.add(calloutAtFirstGap(QStringLiteral("not for this trace")));
            content = annotations::AnnotationFile::write(set, annotations::AnnotationStore(other).identity());
        }
        QVERIFY(writeBytes(store.besidePath(), content));
        const QString png = m_dir.filePath(QStringLiteral("problem.png"));
        QFile::remove(png);
        const Run r = cli({QStringLiteral("export"), trace, QStringLiteral("-o"), png, QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        const QString err = QString::fromUtf8(r.err);
        QCOMPARE(int(err.count(QLatin1Char('\n'))), 1);
        QVERIFY2(err.contains(message), qPrintable(err));
        QVERIFY2(err.contains(store.besidePath()), qPrintable(err));
        QVERIFY(err.startsWith(QStringLiteral("lanescope-cli export: ")));
        QCOMPARE(QJsonDocument::fromJson(r.out).object().value(QStringLiteral("annotations")).toInt(), 0);
        QVERIFY(!QImage(png).isNull());
        QCOMPARE(readAll(store.besidePath()), content);
    }

    // The sidecar beside the trace is damaged, so the GUI kept this trace's annotations in the
    // data folder: the export draws those, and says both things on one line.
    void damagedSidecarWithAnnotationsInTheDataFolder()
    {
        const QString trace = freshSynth();
        const annotations::AnnotationStore store(trace);
        QVERIFY(writeBytes(store.besidePath(), QByteArray("{oops")));
        annotations::AnnotationSet set;
        set.add(calloutAtFirstGap(QStringLiteral("kept in the data folder")));
        const annotations::AnnotationStore::Saved saved = store.save(set);
        QVERIFY2(saved.ok, qPrintable(saved.error));
        QVERIFY(saved.path.startsWith(m_data.path()));
        const QString svg = m_dir.filePath(QStringLiteral("fallback.svg"));
        const Run r = cli({QStringLiteral("export"), trace, QStringLiteral("-o"), svg, QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        const QString err = QString::fromUtf8(r.err);
        QCOMPARE(int(err.count(QLatin1Char('\n'))), 1);
        QVERIFY2(err.contains(QStringLiteral("is damaged")) && err.contains(QStringLiteral("drawn with the annotations in ") + saved.path),
                 qPrintable(err));
        const QJsonObject j = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(j.value(QStringLiteral("annotations_file")).toString(), saved.path);
        QVERIFY(svgTexts(svg).contains(QStringLiteral("kept in the data folder")));
        QCOMPARE(readAll(store.besidePath()), QByteArray("{oops"));
    }

    void badAnnotationsFile_data()
    {
        QTest::addColumn<QByteArray>("content"); // null: the file does not exist
        QTest::addColumn<QString>("message");
        QTest::newRow("missing") << QByteArray() << QStringLiteral("cannot read");
        QTest::newRow("damaged") << QByteArray("[]") << QStringLiteral("is not a readable annotations file: not a JSON object");
        QTest::newRow("newer version") << QByteArray(R"({"format": "lanescope-annotations", "version": 3})") << QStringLiteral("newer Lanescope");
    }
    void badAnnotationsFile()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, message);
        const QString trace = freshSynth();
        const QString file = m_dir.filePath(QStringLiteral("bad-%1.json").arg(m_n));
        if (!content.isNull())
            QVERIFY(writeBytes(file, content));
        const QString png = m_dir.filePath(QStringLiteral("never-%1.png").arg(m_n));
        const Run r = cli({QStringLiteral("export"), trace, QStringLiteral("-o"), png, QStringLiteral("--annotations"), file});
        QCOMPARE(r.exitCode, 3);
        const QString err = QString::fromUtf8(r.err);
        QCOMPARE(int(err.count(QLatin1Char('\n'))), 1);
        QVERIFY2(err.contains(message) && err.contains(file), qPrintable(err));
        QVERIFY(!QFileInfo::exists(png));
    }

    // Named on the command line, a file written for another trace is drawn, with a warning.
    void annotationsFileOfAnotherTraceWarns()
    {
        const QString trace = freshSynth();
        const QString other = QFileInfo(trace).dir().filePath(QStringLiteral("other.pt.trace.json"));
        QVERIFY(writeBytes(other, QByteArray("{\"traceEvents\": []}")));
        annotations::AnnotationSet set;
        set.add(calloutAtFirstGap(QStringLiteral("moved over from another run")));
        const QString file = m_dir.filePath(QStringLiteral("foreign-%1.json").arg(m_n));
        QVERIFY(writeBytes(file, annotations::AnnotationFile::write(set, annotations::AnnotationStore(other).identity())));
        const QString svg = m_dir.filePath(QStringLiteral("foreign.svg"));
        const Run r = cli({QStringLiteral("export"), trace, QStringLiteral("-o"), svg, QStringLiteral("--annotations"), file});
        QCOMPARE(r.exitCode, 0);
        const QString err = QString::fromUtf8(r.err);
        QCOMPARE(int(err.count(QLatin1Char('\n'))), 1);
        QVERIFY2(err.contains(QStringLiteral("written for another file (other.pt.trace.json")), qPrintable(err));
        QVERIFY(svgTexts(svg).contains(QStringLiteral("moved over from another run")));
    }

    // --annotate-findings: one annotation per GEMM gap and allocator spike in the window, counted
    // here from the analysis the picture's figures come from; added to the file's annotations.
    void annotateFindings_data()
    {
        QTest::addColumn<double>("fromUs"); // -1: the whole trace
        QTest::addColumn<double>("toUs");
        QTest::newRow("whole trace") << -1.0 << -1.0;
        QTest::newRow("around the first gaps") << 70000.0 << 200000.0;
    }
    void annotateFindings()
    {
        QFETCH(double, fromUs);
        QFETCH(double, toUs);
        const Trace &t = *m_synthTrace;
        const QString trace = freshSynth();
        annotations::AnnotationSet mine;
        mine.add(calloutAtFirstGap(QStringLiteral("mine")));
        const QString file = m_dir.filePath(QStringLiteral("mine-%1.json").arg(m_n));
        QVERIFY(writeBytes(file, annotations::AnnotationFile::write(mine, annotations::AnnotationStore(trace).identity())));
        QStringList args{QStringLiteral("export"), trace, QStringLiteral("-o"), m_dir.filePath(QStringLiteral("findings.svg")),
                         QStringLiteral("--annotate-findings"), QStringLiteral("--annotations"), file, QStringLiteral("--json")};
        analysis::AnalysisOptions aopt;
        analysis::TimeRange window{t.minTs, t.maxTs};
        if (fromUs >= 0) {
            args << QStringLiteral("--from-us") << QString::number(fromUs) << QStringLiteral("--to-us") << QString::number(toUs);
            window = {t.minTs + TimeNs(fromUs * 1000), t.minTs + TimeNs(toUs * 1000)};
            aopt.range = window;
        }
        const analysis::AnalysisResult result = analysis::analyze(t, aopt);
        int expected = 0;
        for (const analysis::Gap &g : result.gaps)
            expected += g.start < window.to && g.end() > window.from;
        const int gaps = expected;
        for (const analysis::AllocatorSpike &b : result.memory.spikes)
            expected += window.contains(b.start);
        for (const MemorySeries &m : t.memory)
            if (isAcceleratorMemory(m.deviceType))
                for (const analysis::MemorySpike &sp : analysis::findMemorySpikes(m))
                    expected += window.contains(sp.start);
        QVERIFY(gaps > 0);

        const Run r = cli(args);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.err.isEmpty(), r.err.constData());
        const QJsonObject j = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(j.value(QStringLiteral("findings")).toInt(), expected);
        QCOMPARE(j.value(QStringLiteral("annotations")).toInt(), expected + 1);
        const QString text = svgTexts(m_dir.filePath(QStringLiteral("findings.svg"))).join(QLatin1Char('\n'));
        QVERIFY2(text.contains(QRegularExpression(QStringLiteral("\\d+\\.\\d+ ms idle: waiting for AllGather \\(stream 20\\)"))), qPrintable(text.left(3000)));
        QVERIFY(text.contains(QStringLiteral("mine")));
        QVERIFY(!QFileInfo::exists(annotations::AnnotationStore::sidecarPathFor(trace))); // nothing written beside it
    }
    // --compare: the comparison's picture of the synthetic trio, aligned on the first complete step.
    void compareTrio()
    {
        const QString dir = m_dir.filePath(QStringLiteral("trio"));
        QDir().mkpath(dir);
        QStringList paths;
        const synth::Scenario scenarios[] = {synth::Scenario::Baseline, synth::Scenario::Prefetch, synth::Scenario::Tuned};
        const char *names[] = {"fsdp-baseline", "fsdp-prefetch", "fsdp-tuned"};
        for (int i = 0; i < 3; ++i) {
            synth::SynthConfig c;
            c.scenario = scenarios[i];
            const QString path = dir + QStringLiteral("/%1.pt.trace.json").arg(QString::fromLatin1(names[i]));
            QVERIFY(writeBytes(path, QByteArray::fromStdString(synth::synthesize(c).traces.at(0))));
            paths << path;
        }
        const QString one = m_dir.filePath(QStringLiteral("trio-one.svg"));
        const Run single = cli({QStringLiteral("export"), paths.at(0), QStringLiteral("-o"), one, QStringLiteral("--json")});
        QVERIFY2(single.exitCode == 0, single.err.constData());
        const int oneHeight = QJsonDocument::fromJson(single.out).object().value(QStringLiteral("height")).toInt();

        const QString svg = m_dir.filePath(QStringLiteral("trio.svg"));
        const Run r = cli({QStringLiteral("export"), paths.at(0), QStringLiteral("--compare"), paths.at(1), QStringLiteral("--compare"),
                           paths.at(2), QStringLiteral("--labels"), QStringLiteral("base,pre,tun"), QStringLiteral("-o"), svg,
                           QStringLiteral("--annotate-findings"), QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject j = QJsonDocument::fromJson(r.out).object();
        QVERIFY2(j.value(QStringLiteral("height")).toInt() > oneHeight, r.out.constData());
        const QJsonArray runs = j.value(QStringLiteral("runs")).toArray();
        QCOMPARE(runs.size(), 3);
        int findings = 0;
        for (int i = 0; i < 3; ++i) {
            const QJsonObject run = runs.at(i).toObject();
            QCOMPARE(run.value(QStringLiteral("path")).toString(), paths.at(i));
            QCOMPARE(run.value(QStringLiteral("aligned_step")).isString(), true);
            findings += run.value(QStringLiteral("findings")).toInt();
        }
        QCOMPARE(runs.at(0).toObject().value(QStringLiteral("offset_us")).toDouble(), 0.0);
        QVERIFY(runs.at(0).toObject().value(QStringLiteral("findings")).toInt() > 0); // the baseline's gaps
        QCOMPARE(j.value(QStringLiteral("findings")).toInt(), findings);
        const QStringList texts = svgTexts(svg);
        const QString all = texts.join(QLatin1Char('\n'));
        QVERIFY2(all.contains(QStringLiteral("base vs pre vs tun")), qPrintable(all.left(2000)));
        // The baseline's gaps marked on the later runs ("same region in pre: ...").
        QVERIFY2(all.contains(QStringLiteral("same region in pre")), qPrintable(all.left(2000)));
        QVERIFY(all.contains(QStringLiteral("same region in tun")));
        for (const QString &label : {QStringLiteral("base"), QStringLiteral("pre"), QStringLiteral("tun")}) {
            QVERIFY2(all.contains(label + QStringLiteral(": ")), qPrintable(label)); // its line of figures
            const bool header = std::any_of(texts.begin(), texts.end(), [&](const QString &t) { return t.startsWith(label + QStringLiteral(" · GPU")); });
            QVERIFY2(header, qPrintable(label)); // its lane group's header
        }

        // Aligned on the trace starts instead: every offset 0.
        const Run s = cli({QStringLiteral("export"), paths.at(0), QStringLiteral("--compare"), paths.at(2), QStringLiteral("--align"),
                           QStringLiteral("start"), QStringLiteral("-o"), m_dir.filePath(QStringLiteral("trio-start.png")),
                           QStringLiteral("--json")});
        QVERIFY2(s.exitCode == 0, s.err.constData());
        const QJsonArray startRuns = QJsonDocument::fromJson(s.out).object().value(QStringLiteral("runs")).toArray();
        QCOMPARE(startRuns.size(), 2);
        QCOMPARE(startRuns.at(1).toObject().value(QStringLiteral("offset_us")).toDouble(), 0.0);
        QCOMPARE(startRuns.at(1).toObject().value(QStringLiteral("label")).toString(), QStringLiteral("fsdp-tuned"));
    }

    void compareBadInput_data()
    {
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("says");
        QTest::newRow("missing --compare file") << QStringList{QStringLiteral("--compare"), QStringLiteral("/nonexistent/b.json")} << 3
                                                << QStringLiteral("b.json");
        QTest::newRow("labels without --compare") << QStringList{QStringLiteral("--labels"), QStringLiteral("a")} << 2
                                                  << QStringLiteral("--compare");
        QTest::newRow("labels miscounted") << QStringList{QStringLiteral("--compare"), QString(), QStringLiteral("--labels"),
                                                          QStringLiteral("a,b,c")}
                                           << 2 << QStringLiteral("one label per trace");
    }
    void compareBadInput()
    {
        QFETCH(QStringList, extra);
        QFETCH(int, code);
        QFETCH(QString, says);
        for (QString &e : extra)
            if (e.isEmpty())
                e = m_synth;
        const QString out = m_dir.filePath(QStringLiteral("bad-compare.svg"));
        const Run r = cli(QStringList{QStringLiteral("export"), m_synth, QStringLiteral("-o"), out} + extra);
        QCOMPARE(r.exitCode, code);
        const QString err = QString::fromUtf8(r.err);
        QCOMPARE(int(err.count(QLatin1Char('\n'))), 1);
        QVERIFY2(err.contains(says), qPrintable(err));
        QVERIFY(!QFileInfo::exists(out));
    }
};

// The picture's geometry (computed here to find an anchor's pixel) measures text: a
// QGuiApplication, on the offscreen platform unless one is chosen. The CLI runs get no platform.
int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    TestCliExport test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_cli_export.moc"
