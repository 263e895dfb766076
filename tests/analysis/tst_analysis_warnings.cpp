// SPDX-License-Identifier: GPL-3.0-or-later
// AnalysisResult::warnings (what `analyze --json` prints as "warnings"): the trace's own warnings
// first, then "no GPU activity" where nothing was there to analyse — said once, never beside the
// legacy-format or unrecognised-device warning that already explains it.
#include "core/analysis/run/Analysis.h"
#include "core/io/MappedSource.h"
#include "core/parse/ContentWarnings.h"
#include "core/parse/TraceLoader.h"

#include <QtTest>

using namespace lanescope;
using namespace lanescope::analysis;

namespace {

const char *kCpuOnly = R"({"schemaVersion":1,"traceEvents":[
{"ph":"X","cat":"user_annotation","name":"ProfilerStep#1","pid":1,"tid":1,"ts":0,"dur":100},
{"ph":"X","cat":"cpu_op","name":"aten::mm","pid":1,"tid":1,"ts":10,"dur":50}]})";
const char *kGpu = R"({"schemaVersion":1,"traceEvents":[
{"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":10,"dur":2,"args":{"correlation":1}},
{"ph":"X","cat":"kernel","name":"volta_sgemm_128x32_nt","pid":0,"tid":7,"ts":20,"dur":30,"args":{"stream":7,"correlation":1}}]})";
const char *kLegacy = R"([
{"name":"ProfilerStep#1","ph":"X","ts":0,"dur":100,"tid":1,"pid":"CPU functions","args":{}},
{"name":"aten::mm","ph":"X","ts":10,"dur":50,"tid":1,"pid":"CPU functions","args":{}}])";
const char *kHpu = R"({"traceEvents":[
{"ph":"X","cat":"hpu_op","name":"matmul","pid":0,"tid":1,"ts":10,"dur":5},
{"name":"process_labels","ph":"M","pid":0,"tid":0,"args":{"labels":"HPU 0"}}]})";

int countContaining(const QStringList &l, const QString &s)
{
    int n = 0;
    for (const QString &x : l)
        n += x.contains(s);
    return n;
}

} // namespace

class TestAnalysisWarnings : public QObject
{
    Q_OBJECT
private slots:
    void warnings_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<bool>("window");     // analyse [60, 100) µs of the trace instead of all of it
        QTest::addColumn<int>("noGpu");       // "no GPU activity" lines expected
        QTest::addColumn<int>("legacy");      // legacy-format lines expected
        QTest::addColumn<int>("unrecognised"); // "no accelerator work recognised" lines expected
        QTest::addColumn<int>("empty");       // "the trace is empty" / "nothing with a duration" lines expected
        QTest::newRow("cpu only") << QByteArray(kCpuOnly) << false << 1 << 0 << 0 << 0;
        QTest::newRow("gpu") << QByteArray(kGpu) << false << 0 << 0 << 0 << 0;
        QTest::newRow("gpu, empty window") << QByteArray(kGpu) << true << 1 << 0 << 0 << 0;
        QTest::newRow("legacy") << QByteArray(kLegacy) << false << 0 << 1 << 0 << 0;
        QTest::newRow("unrecognised device") << QByteArray(kHpu) << false << 0 << 0 << 1 << 0;
        // An empty trace says so instead of opening as a blank timeline.
        QTest::newRow("no events") << QByteArray(R"({"traceEvents":[]})") << false << 1 << 0 << 0 << 1;
        QTest::newRow("instants only")
            << QByteArray(R"({"traceEvents":[{"ph":"i","name":"Record Window End","pid":"","tid":"","ts":5,"s":"g"},)"
                          R"({"ph":"M","name":"process_name","pid":1,"tid":0,"args":{"name":"python"}}]})")
            << false << 1 << 0 << 0 << 1;
    }
    void warnings()
    {
        QFETCH(QByteArray, json);
        QFETCH(bool, window);
        QFETCH(int, noGpu);
        QFETCH(int, legacy);
        QFETCH(int, unrecognised);
        QFETCH(int, empty);
        const LoadResult r = loadTrace(MappedSource::fromBytes(json.toStdString(), QStringLiteral("w")));
        QVERIFY2(r.trace, qPrintable(r.error));
        AnalysisOptions o;
        if (window)
            o.range = {r.trace->minTs + 60'000, r.trace->minTs + 100'000};
        const AnalysisResult a = analyze(*r.trace, o);
        QCOMPARE(countContaining(a.warnings, QStringLiteral("no GPU activity")), noGpu);
        QCOMPARE(int(a.warnings.count(parse::legacyFormatWarning())), legacy);
        QCOMPARE(countContaining(a.warnings, QStringLiteral("no accelerator work recognised")), unrecognised);
        QCOMPARE(countContaining(a.warnings, QStringLiteral("the trace is empty"))
                     + countContaining(a.warnings, QStringLiteral("nothing with a duration to draw")),
                 empty);
        // The trace's warnings come first, in order.
        for (int i = 0; i < r.trace->warnings.size(); ++i)
            QCOMPARE(a.warnings.value(i), r.trace->warnings[i]);
        QCOMPARE(a.warnings.size(), r.trace->warnings.size() + noGpu);
    }
};

QTEST_GUILESS_MAIN(TestAnalysisWarnings)
#include "tst_analysis_warnings.moc"
