// SPDX-License-Identifier: GPL-3.0-or-later
// The palette's classes (widgets/render/Palette): events without a category — the legacy,
// non-Kineto exporter writes none — are coloured by their names instead of all brown "Other";
// events with a category keep the category's class. Its light and dark schemes: every
// slice name reads on its fill at WCAG AA, each class keeps its hue, and switching the theme
// repaints the timeline with the dark scheme.
#include "app/gui/Preferences.h"
#include "tests/TestTraces.h"
#include "tests/gui/TimelineTestTrace.h"

#include "core/io/MappedSource.h"
#include "core/parse/TraceLoader.h"
#include "widgets/render/Palette.h"
#include "widgets/render/TimelineRenderer.h"

#include <QApplication>
#include <QDir>
#include <QtTest>

#include <map>

using namespace lanescope;

namespace {

// A bare array as PyTorch 1.13 without Kineto writes it: no "cat", pid "CPU functions".
const char *kLegacy = R"json([
{"name":"ProfilerStep#1","ph":"X","ts":0,"dur":500,"tid":1,"pid":"CPU functions","args":{}},
{"name":"enumerate(DataLoader)#_SingleProcessDataLoaderIter.__next__","ph":"X","ts":1,"dur":80,"tid":1,"pid":"CPU functions","args":{}},
{"name":"aten::mm","ph":"X","ts":100,"dur":20,"tid":1,"pid":"CPU functions","args":{}},
{"name":"gloo:all_reduce","ph":"X","ts":200,"dur":50,"tid":2,"pid":"CPU functions","args":{}},
{"name":"nccl:all_reduce","ph":"X","ts":260,"dur":50,"tid":3,"pid":"CPU functions","args":{}},
{"name":"MmBackward0","ph":"X","ts":320,"dur":10,"tid":1,"pid":"CPU functions","args":{}}
])json";

// The same names with Kineto's categories: the category decides, as before.
const char *kKineto = R"json({"schemaVersion":1,"traceEvents":[
{"ph":"X","cat":"user_annotation","name":"ProfilerStep#1","pid":1,"tid":1,"ts":0,"dur":500},
{"ph":"X","cat":"cpu_op","name":"aten::mm","pid":1,"tid":1,"ts":100,"dur":20},
{"ph":"X","cat":"cpu_op","name":"gloo:all_reduce","pid":1,"tid":2,"ts":200,"dur":50},
{"ph":"X","cat":"Trace","name":"aten::fake","pid":1,"tid":1,"ts":330,"dur":5}
]})json";

std::map<std::string, SliceClass> classesByName(const Trace &t)
{
    const SliceClassifier c(t);
    std::map<std::string, SliceClass> out;
    for (const Track &tr : t.tracks)
        for (std::size_t i = 0; i < tr.size(); ++i)
            out[std::string(t.strings.view(tr.nameId[i]))] = c.classOf(tr, i);
    return out;
}

const char *schemeName(Palette::Scheme s) { return s == Palette::Scheme::Dark ? "dark" : "light"; }

} // namespace

Q_DECLARE_METATYPE(lanescope::Palette::Scheme)

class TestPalette : public QObject
{
    Q_OBJECT
private slots:
    void byName_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("cls");
        QTest::newRow("aten") << QStringLiteral("aten::addmm") << int(SliceClass::CpuOp);
        QTest::newRow("gloo") << QStringLiteral("gloo:all_reduce") << int(SliceClass::Communication);
        QTest::newRow("nccl") << QStringLiteral("nccl:broadcast") << int(SliceClass::Communication);
        QTest::newRow("step") << QStringLiteral("ProfilerStep#3") << int(SliceClass::Annotation);
        QTest::newRow("dataloader") << QStringLiteral("enumerate(DataLoader)#_MultiProcessingDataLoaderIter.__next__")
                                    << int(SliceClass::Annotation);
        QTest::newRow("unknown") << QStringLiteral("MmBackward0") << int(SliceClass::Other);
        QTest::newRow("prefix only") << QStringLiteral("my aten::op") << int(SliceClass::Other);
    }
    void byName()
    {
        QFETCH(QString, name);
        QFETCH(int, cls);
        QCOMPARE(int(Palette::classifyUncategorised(name.toStdString())), cls);
    }

    // The category decides, except for the 2021 dialect's ProfilerStep#N written as an "Operator".
    void byCategory_data()
    {
        QTest::addColumn<int>("cat");
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("cls");
        QTest::newRow("2021 step operator") << int(CategoryClass::CpuOp) << QStringLiteral("ProfilerStep#5") << int(SliceClass::Annotation);
        QTest::newRow("operator") << int(CategoryClass::CpuOp) << QStringLiteral("aten::conv2d") << int(SliceClass::CpuOp);
        QTest::newRow("step-like operator") << int(CategoryClass::CpuOp) << QStringLiteral("ProfilerStep") << int(SliceClass::CpuOp);
        QTest::newRow("user annotation") << int(CategoryClass::UserAnnotation) << QStringLiteral("ProfilerStep#2") << int(SliceClass::Annotation);
        QTest::newRow("runtime") << int(CategoryClass::Runtime) << QStringLiteral("cudaLaunchKernel") << int(SliceClass::Runtime);
    }
    void byCategory()
    {
        QFETCH(int, cat);
        QFETCH(QString, name);
        QFETCH(int, cls);
        QCOMPARE(int(Palette::classify(CategoryClass(cat), name.toStdString())), cls);
    }

    void legacyGolden()
    {
        const LoadResult r = loadTrace(MappedSource::fromBytes(kLegacy, QStringLiteral("legacy")), LoadOptions{});
        QVERIFY2(r.trace, qPrintable(r.error));
        QVERIFY(r.trace->legacyProfiler);
        const auto c = classesByName(*r.trace);
        QCOMPARE(int(c.at("ProfilerStep#1")), int(SliceClass::Annotation));
        QCOMPARE(int(c.at("enumerate(DataLoader)#_SingleProcessDataLoaderIter.__next__")), int(SliceClass::Annotation));
        QCOMPARE(int(c.at("aten::mm")), int(SliceClass::CpuOp));
        QCOMPARE(int(c.at("gloo:all_reduce")), int(SliceClass::Communication));
        QCOMPARE(int(c.at("nccl:all_reduce")), int(SliceClass::Communication));
        QCOMPARE(int(c.at("MmBackward0")), int(SliceClass::Other));
    }

    void categoryStillDecides()
    {
        const LoadResult r = loadTrace(MappedSource::fromBytes(kKineto, QStringLiteral("kineto")), LoadOptions{});
        QVERIFY2(r.trace, qPrintable(r.error));
        const auto c = classesByName(*r.trace);
        QCOMPARE(int(c.at("ProfilerStep#1")), int(SliceClass::Annotation));
        QCOMPARE(int(c.at("aten::mm")), int(SliceClass::CpuOp));
        QCOMPARE(int(c.at("gloo:all_reduce")), int(SliceClass::CpuOp)); // a cpu_op, whatever its name
        QCOMPARE(int(c.at("aten::fake")), int(SliceClass::Other));      // a category we do not know
    }

    void contrastRatio()
    {
        // WCAG 2's own end points and a figure worked by hand: #767676 on white is 4.54:1.
        QCOMPARE(Palette::contrastRatio(Qt::white, Qt::black), 21.0);
        QCOMPARE(Palette::contrastRatio(QColor(0x3B, 0x6E, 0xB4), QColor(0x3B, 0x6E, 0xB4)), 1.0);
        QVERIFY(qAbs(Palette::contrastRatio(QColor(0x76, 0x76, 0x76), Qt::white) - 4.54) < 0.01);
        QCOMPARE(Palette::contrastRatio(Qt::white, QColor(0x76, 0x76, 0x76)),
                 Palette::contrastRatio(QColor(0x76, 0x76, 0x76), Qt::white));
    }

    // Every fill a slice can have, in both schemes: its name's colour reads on it at AA (4.5:1).
    void sliceTextContrast_data()
    {
        QTest::addColumn<Palette::Scheme>("scheme");
        QTest::addColumn<int>("cls");
        QTest::addColumn<int>("shade");
        for (Palette::Scheme s : {Palette::Scheme::Light, Palette::Scheme::Dark})
            for (int c = 0; c < int(SliceClass::Count); ++c)
                for (int shade = 0; shade < Palette::kShades; ++shade)
                    QTest::addRow("%s %s shade %d", schemeName(s), qPrintable(Palette::label(SliceClass(c))), shade)
                        << s << c << shade;
    }
    void sliceTextContrast()
    {
        QFETCH(Palette::Scheme, scheme);
        QFETCH(int, cls);
        QFETCH(int, shade);
        const QColor fill = Palette::color(SliceClass(cls), shade, scheme);
        const QColor text = Palette::textColor(SliceClass(cls), shade, scheme);
        const double ratio = Palette::contrastRatio(fill, text);
        QVERIFY2(ratio >= 4.5, qPrintable(QStringLiteral("%1 on %2: %3:1").arg(text.name(), fill.name()).arg(ratio, 0, 'f', 2)));
        // The renderer draws names in one of the scheme's two inks.
        const Palette::Chrome &ch = Palette::chrome(scheme);
        QVERIFY(text == ch.darkText || text == ch.lightText);
    }

    // A GEMM is the same blue in both schemes (and so on): the dark fills are the light ones' hues,
    // and the classes stay apart from each other and from the lanes they sit on.
    void meaningKeptInBothSchemes()
    {
        for (int c = 0; c < int(SliceClass::Count); ++c) {
            const QColor light = Palette::color(SliceClass(c), 0, Palette::Scheme::Light);
            const QColor dark = Palette::color(SliceClass(c), 0, Palette::Scheme::Dark);
            if (light.hsvSaturation() > 40) {
                const int dh = std::abs(light.hsvHue() - dark.hsvHue());
                QVERIFY2(std::min(dh, 360 - dh) <= 6, qPrintable(Palette::label(SliceClass(c))));
            }
        }
        for (Palette::Scheme s : {Palette::Scheme::Light, Palette::Scheme::Dark}) {
            const Palette::Chrome &ch = Palette::chrome(s);
            for (int a = 0; a < int(SliceClass::Count); ++a) {
                const QColor ca = Palette::color(SliceClass(a), 0, s);
                // A slice stands out from its lane (1.2:1 at least, both lane stripes).
                QVERIFY2(Palette::contrastRatio(ca, ch.background) >= 1.2 && Palette::contrastRatio(ca, ch.laneAlt) >= 1.2,
                         qPrintable(QStringLiteral("%1 %2").arg(QLatin1String(schemeName(s)), Palette::label(SliceClass(a)))));
                for (int b = a + 1; b < int(SliceClass::Count); ++b) {
                    const QColor cb = Palette::color(SliceClass(b), 0, s);
                    const int d = std::abs(ca.red() - cb.red()) + std::abs(ca.green() - cb.green()) + std::abs(ca.blue() - cb.blue());
                    QVERIFY2(d >= 40, qPrintable(QStringLiteral("%1 vs %2").arg(Palette::label(SliceClass(a)), Palette::label(SliceClass(b)))));
                }
            }
            // The lane labels and the ruler's read on their backgrounds.
            QVERIFY(Palette::contrastRatio(ch.label, ch.headerBg) >= 4.5);
            QVERIFY(Palette::contrastRatio(ch.label, ch.rulerBg) >= 4.5);
            QVERIFY(Palette::contrastRatio(ch.label, ch.groupBg) >= 4.5);
        }
        QCOMPARE(Palette::schemeFor(QColor(0x2b, 0x2d, 0x30)), Palette::Scheme::Dark);
        QCOMPARE(Palette::schemeFor(QColor(0xef, 0xef, 0xef)), Palette::Scheme::Light);
    }

    // Preferences' theme: the timeline repaints in the dark scheme and back.
    void themeSwitchRepaintsTheTimeline()
    {
        applyTheme(Theme::Light);
        const auto trace = test::loadTimelineTrace();
        QVERIFY(trace);
        const auto view = test::makeTestView(trace, 0);
        QVERIFY(QTest::qWaitForWindowExposed(view.get()));
        const QImage light = view->viewport()->grab().toImage().convertToFormat(QImage::Format_RGB32);
        // Below the last lane: the timeline's background.
        const QPoint empty(TimelineRenderer::kHeaderWidth + 537, light.height() - 3); // off the grid lines
        const QColor lightBg = light.pixelColor(empty);
        QCOMPARE(lightBg, Palette::chrome(Palette::Scheme::Light).background);
        const SliceRef gemm = test::sliceRef(*trace, "ampere_sgemm_128x64_nn");
        const QRectF r = view->sliceRect(gemm);
        QVERIFY(r.width() > 100);
        const QPoint inGemm(int(r.left()) + 4, int(r.top()) + 1); // a pixel of the fill, above the name
        const int shade = SliceClassifier::shadeOf(trace->tracks[gemm.track].nameId[gemm.slice]);
        QCOMPARE(light.pixelColor(inGemm), Palette::color(SliceClass::Gemm, shade, Palette::Scheme::Light));

        applyTheme(Theme::Dark);
        QApplication::processEvents();
        const QImage dark = view->viewport()->grab().toImage().convertToFormat(QImage::Format_RGB32);
        QVERIFY(dark != light);
        QVERIFY(dark.pixelColor(empty).lightness() < 50);
        QCOMPARE(dark.pixelColor(empty), Palette::chrome(Palette::Scheme::Dark).background);
        QCOMPARE(dark.pixelColor(inGemm), Palette::color(SliceClass::Gemm, shade, Palette::Scheme::Dark));
        // The lane header too, not only the lanes.
        QVERIFY(dark.pixelColor(5, light.height() - 3).lightness() < 60);
        int darkPixels = 0;
        for (int y = 0; y < dark.height(); y += 3)
            for (int x = 0; x < dark.width(); x += 3)
                darkPixels += dark.pixelColor(x, y).lightness() < 80;
        QVERIFY2(darkPixels > (dark.width() / 3) * (dark.height() / 3) / 2, "most of the dark timeline is dark");

        applyTheme(Theme::Light);
        QApplication::processEvents();
        QCOMPARE(view->viewport()->grab().toImage().convertToFormat(QImage::Format_RGB32), light);
        applyTheme(Theme::System);
    }

    // The real 2-rank legacy traces: every operator, collective and step annotation gets its class,
    // and what stays "Other" is what the names do not say (autograd nodes, record_function labels).
    void realLegacyTraces_data()
    {
        QTest::addColumn<QString>("file");
        int rows = 0;
        for (const char *run : {"torch-cpu-2rank-nw0", "torch-cpu-2rank-nw2"}) {
            const QDir dir(lanescope::test::tracePath(QString::fromLatin1(run)));
            for (const QString &f : dir.entryList({QStringLiteral("*.json.gz")}, QDir::Files, QDir::Name)) {
                QTest::newRow(qPrintable(QStringLiteral("%1/%2").arg(QString::fromLatin1(run), f))) << dir.filePath(f);
                ++rows;
            }
        }
        if (rows == 0)
            QTest::newRow("absent") << QString();
    }
    void realLegacyTraces()
    {
        QFETCH(QString, file);
        if (file.isEmpty())
            QSKIP("real traces torch-cpu-2rank-nw0/-nw2 not found (set LANESCOPE_TRACES_DIR): skipped");
        const LoadResult r = loadTrace(file);
        QVERIFY2(r.trace, qPrintable(r.error));
        QVERIFY(r.trace->legacyProfiler);
        const Trace &t = *r.trace;
        const SliceClassifier c(t);
        std::size_t counts[int(SliceClass::Count)] = {};
        std::size_t steps = 0, loaders = 0, gloo = 0;
        for (const Track &tr : t.tracks)
            for (std::size_t i = 0; i < tr.size(); ++i) {
                const std::string_view n = t.strings.view(tr.nameId[i]);
                const SliceClass k = c.classOf(tr, i);
                ++counts[int(k)];
                if (n.substr(0, 6) == "aten::")
                    QCOMPARE(int(k), int(SliceClass::CpuOp));
                if (n.substr(0, 5) == "gloo:") {
                    QCOMPARE(int(k), int(SliceClass::Communication));
                    ++gloo;
                }
                if (n.substr(0, 13) == "ProfilerStep#") {
                    QCOMPARE(int(k), int(SliceClass::Annotation));
                    ++steps;
                }
                if (n.substr(0, 21) == "enumerate(DataLoader)") {
                    QCOMPARE(int(k), int(SliceClass::Annotation));
                    ++loaders;
                }
            }
        qInfo("%s: cpu ops %zu, communication %zu, annotations %zu, other %zu", qPrintable(QFileInfo(file).fileName()),
              counts[int(SliceClass::CpuOp)], counts[int(SliceClass::Communication)], counts[int(SliceClass::Annotation)],
              counts[int(SliceClass::Other)]);
        QCOMPARE(steps, std::size_t(3)); // ProfilerStep#1-3
        QVERIFY(loaders >= 3);          // one DataLoader fetch per step at least
        QVERIFY(gloo >= 3);             // the DDP all_reduces on the gloo threads
        // Most slices are operators now; "Other" is what the names leave open.
        QVERIFY(counts[int(SliceClass::CpuOp)] > counts[int(SliceClass::Other)]);
    }
};

QTEST_MAIN(TestPalette)
#include "tst_palette.moc"
