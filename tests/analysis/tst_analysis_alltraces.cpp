// SPDX-License-Identifier: GPL-3.0-or-later
// Every figure of the analysis is finite and within its range on every real trace in
// $LANESCOPE_TRACES_DIR (each *.json / *.json.gz, rank folders included): through the library, and
// through `lanescope-cli analyze --json`, whose numbers are walked key by key. Plus the
// sub-microsecond kernel that HTA's whole-microsecond rounding turns inside out.
#include "tests/TestTraces.h"

#include "core/analysis/run/Analysis.h"
#include "core/io/MappedSource.h"
#include "core/parse/TraceLoader.h"

#include <QDirIterator>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QtTest>

#include <cmath>

using namespace lanescope;
using namespace lanescope::analysis;

namespace {

bool inPct(double v) { return std::isfinite(v) && v >= 0.0 && v <= 100.0; }

// Walks a JSON value; every number must be finite, and keys say what range it must be in.
void checkJson(const QJsonValue &v, const QString &path, QStringList *bad)
{
    if (v.isObject()) {
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it) {
            const QString key = it.key();
            const QString p = path + QLatin1Char('.') + key;
            const QJsonValue x = it.value();
            if (x.isDouble()) {
                const double d = x.toDouble();
                if (!std::isfinite(d))
                    *bad << p + QStringLiteral(" not finite");
                else if (key.endsWith(QLatin1String("_pct")) && key != QLatin1String("mfu_pct") && !inPct(d))
                    *bad << p + QStringLiteral(" = %1 outside 0-100").arg(d);
                else if ((key.endsWith(QLatin1String("_us")) && !key.endsWith(QLatin1String("delta_us"))) && d < 0)
                    *bad << p + QStringLiteral(" = %1 negative").arg(d);
                else if (key.endsWith(QLatin1String("_bytes")) && d < -1)
                    *bad << p + QStringLiteral(" = %1 below -1").arg(d);
                else if ((key == QLatin1String("mfu_pct") || key.endsWith(QLatin1String("_tflops"))
                          || key.endsWith(QLatin1String("_s")) || key.endsWith(QLatin1String("_calls"))) && d < 0)
                    *bad << p + QStringLiteral(" = %1 negative").arg(d);
            } else {
                checkJson(x, p, bad);
            }
        }
    } else if (v.isArray()) {
        const QJsonArray a = v.toArray();
        for (int i = 0; i < a.size(); ++i)
            checkJson(a[i], path + QStringLiteral("[%1]").arg(i), bad);
    }
}

} // namespace

class TestAllTraces : public QObject
{
    Q_OBJECT
private slots:
    void everyFigureInRange_data()
    {
        QTest::addColumn<QString>("path");
        const QString dir = lanescope::test::tracesDir();
        const QStringList files = lanescope::test::realTraceFiles();
        if (files.isEmpty())
            QSKIP(qPrintable(QStringLiteral("no real traces in %1 (set LANESCOPE_TRACES_DIR): skipped").arg(dir)));
        for (const QString &f : files)
            QTest::newRow(qPrintable(QDir(dir).relativeFilePath(f))) << f;
    }
    void everyFigureInRange()
    {
        QFETCH(QString, path);
        const LoadResult r = loadTrace(path);
        QVERIFY2(r.trace, qPrintable(r.error));
        const Trace &t = *r.trace;
        AnalysisOptions o;
        o.mfu.params = 1e6; // small enough that MFU stays a plausible fraction
        o.mfu.tokensPerStep = 1;
        o.mfu.peakTflops = 100;
        o.gaps.minGap = 1'000'000;
        o.gaps.kernels = GapKernels::All;
        const AnalysisResult a = analyze(t, o);

        const TemporalBreakdown &b = a.temporal;
        QVERIFY(b.span >= 0);
        for (TimeNs part : {b.idle, b.compute, b.nonCompute, b.communication})
            QVERIFY2(part >= 0 && part <= b.span, qPrintable(QStringLiteral("part %1 of span %2").arg(part).arg(b.span)));
        QVERIFY(b.overlap >= 0 && b.overlap <= b.communication);
        QVERIFY(b.idle + b.compute + b.nonCompute == b.span);
        for (double p : {b.idlePct, b.computePct, b.nonComputePct, b.commCompOverlapPct})
            QVERIFY2(inPct(p), qPrintable(QString::number(p)));
        if (b.span > 0)
            QVERIFY(std::abs(b.idlePct + b.computePct + b.nonComputePct - 100.0) < 1e-6);
        else
            QCOMPARE(b.idlePct + b.computePct + b.nonComputePct, 0.0);

        for (const Step &s : a.steps)
            QVERIFY(s.dur >= 0);
        for (const Gap &g : a.gaps) {
            QVERIFY(g.dur >= o.gaps.minGap);
            QVERIFY(g.start >= t.minTs && g.end() <= t.maxTs);
            QVERIFY(!g.evidence.isEmpty());
        }
        if (a.mfu.valid) {
            for (double v : {a.mfu.stepS, a.mfu.tokensPerSPerGpu, a.mfu.achievedTflops, a.mfu.peakTflops, a.mfu.mfuPct})
                QVERIFY(std::isfinite(v) && v > 0);
            QVERIFY(a.mfu.mfuPct <= 100.0);
        }
        QVERIFY(a.memory.peakAllocated >= -1 && a.memory.peakReserved >= -1);
        QVERIFY(a.memory.mallocCalls >= 0 && a.memory.freeCalls >= 0 && a.memory.allocEvents >= 0);
        for (const Advice &ad : a.advice) {
            QVERIFY(!ad.id.isEmpty() && !ad.title.isEmpty() && !ad.evidence.isEmpty());
            QVERIFY2(!ad.evidence.contains(QLatin1String("nan"), Qt::CaseInsensitive)
                         && !ad.evidence.contains(QLatin1String("inf"), Qt::CaseInsensitive),
                     qPrintable(ad.evidence));
            // Shares of time are of the union of intervals: never above 100 %.
            static const QRegularExpression share(QStringLiteral("([0-9.]+)% of the analysed time"));
            for (auto m = share.globalMatch(ad.evidence); m.hasNext();) {
                const double v = m.next().captured(1).toDouble();
                QVERIFY2(v >= 0 && v <= 100.0, qPrintable(ad.evidence));
            }
            if (ad.projectedStepS > 0) {
                QVERIFY(ad.projectedStepS <= ad.stepS && ad.projectedStepS > 0);
                QVERIFY(ad.explainedNs > 0);
            }
        }

        // The same through the command line's JSON.
        QProcess p;
        p.start(QStringLiteral(LANESCOPE_CLI_PATH),
                {QStringLiteral("analyze"), path, QStringLiteral("--json"), QStringLiteral("--gap-kernels"), QStringLiteral("all"),
                 QStringLiteral("--params"), QStringLiteral("1e6"), QStringLiteral("--tokens-per-step"), QStringLiteral("1"),
                 QStringLiteral("--peak-tflops"), QStringLiteral("100")});
        QVERIFY(p.waitForFinished(300000));
        QCOMPARE(p.exitCode(), 0);
        QJsonParseError err;
        const QJsonDocument d = QJsonDocument::fromJson(p.readAllStandardOutput(), &err);
        QVERIFY2(err.error == QJsonParseError::NoError, qPrintable(err.errorString()));
        QStringList bad;
        checkJson(d.object(), QStringLiteral("analyze"), &bad);
        QVERIFY2(bad.isEmpty(), qPrintable(bad.join(QStringLiteral("; "))));
    }

    // The Kineto docs' trace has one kernel of 0.02 µs (subus-kernel.json.gz): rounded to whole
    // microseconds as HTA does, it would end before it starts. Inline, at the same fractional
    // times: launch at .765, kernel [.785, .805).
    void subMicrosecondKernel()
    {
        const char *json = R"json({"schemaVersion":1,"deviceProperties":[{"id":0,"name":"NVIDIA H100"}],"traceEvents":[
{"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":88511388202.765,"dur":0.010,"args":{"correlation":5}},
{"ph":"X","cat":"kernel","name":"Kernel","pid":0,"tid":7,"ts":88511388202.785,"dur":0.020,"args":{"stream":7,"correlation":5,"device":0}}
]})json";
        const LoadResult r = loadTrace(MappedSource::fromBytes(json, QStringLiteral("subus")));
        QVERIFY2(r.trace, qPrintable(r.error));
        const TemporalBreakdown b = temporalBreakdown(*r.trace);
        QCOMPARE(b.activities, std::size_t(1));
        // Rounding leaves nothing to measure, so the exact times are used: 20 ns, all compute.
        QVERIFY(!b.microsecondRounding);
        QCOMPARE(b.span, TimeNs(20));
        QCOMPARE(b.compute, TimeNs(20));
        QCOMPARE(b.idle, TimeNs(0));
        QCOMPARE(b.computePct, 100.0);

        // Beside a longer kernel the rounding stays on, and the short one is an empty interval, never
        // a negative one: compute is the long kernel's whole microseconds.
        const char *json2 = R"json({"schemaVersion":1,"traceEvents":[
{"ph":"X","cat":"kernel","name":"Kernel","pid":0,"tid":7,"ts":100.785,"dur":0.020,"args":{"stream":7}},
{"ph":"X","cat":"kernel","name":"volta_sgemm_128x32_nt","pid":0,"tid":7,"ts":110.500,"dur":20.000,"args":{"stream":7}}
]})json";
        const LoadResult r2 = loadTrace(MappedSource::fromBytes(json2, QStringLiteral("subus2")));
        QVERIFY2(r2.trace, qPrintable(r2.error));
        const TemporalBreakdown b2 = temporalBreakdown(*r2.trace);
        QVERIFY(b2.microsecondRounding);
        // Rounded: [101,101) and [111,130): span 29, busy 19, idle 10.
        QCOMPARE(b2.span, TimeNs(29'000));
        QCOMPARE(b2.compute, TimeNs(19'000));
        QCOMPARE(b2.idle, TimeNs(10'000));
        QCOMPARE(b2.nonCompute, TimeNs(0));
    }
};

QTEST_GUILESS_MAIN(TestAllTraces)
#include "tst_analysis_alltraces.moc"
