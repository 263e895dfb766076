// The palette's classes (widgets/render/Palette): events without a category — the legacy,
// non-Kineto exporter writes none — are coloured by their names instead of all brown "Other";
// events with a category keep the category's class.
#include "TestTraces.h"

#include "io/MappedSource.h"
#include "parse/TraceLoader.h"
#include "render/Palette.h"

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

} // namespace

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

QTEST_GUILESS_MAIN(TestPalette)
#include "tst_palette.moc"
