// SPDX-License-Identifier: GPL-3.0-or-later
// The roofline chart (widgets/analysis/RooflineChart.h) draws a compute roof for each data type
// counted: on an H100 trace with fp8 and bf16 GEMMs (analysis::opsEfficiency of a hand-written
// trace), the fp8 roof at 1,979 TFLOPS (the dominant one, most FLOPs) and the bf16 roof at 989,
// each flat from its own ridge point (peak / 3.35 TB/s), the memory roof rising to the highest.
#include "core/analysis/measures/ops_efficiency/OpsEfficiency.h"
#include "core/io/MappedSource.h"
#include "core/parse/TraceLoader.h"
#include "widgets/analysis/RooflineChart.h"

#include <QChart>
#include <QLineSeries>
#include <QtTest>

using namespace lanescope;

namespace {

// Two fp8 GEMMs (_scaled_mm on Float8 inputs) and one bf16 GEMM, each 4096^3 in 200 µs.
std::string h100Trace()
{
    const auto op = [](int at, const char *name, const char *types, int corr) {
        const std::string c = std::to_string(corr);
        return std::string(R"({"ph": "X", "cat": "cpu_op", "name": ")") + name + R"(", "pid": 1, "tid": 1, "ts": )" + std::to_string(at)
            + R"(, "dur": 50, "args": {"Input Dims": [[4096, 4096], [4096, 4096]], "Input type": )" + types + R"(}},
      {"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 1, "tid": 1, "ts": )"
            + std::to_string(at + 10) + R"(, "dur": 5, "args": {"correlation": )" + c + R"(}},
      {"ph": "X", "cat": "kernel", "name": "gemm_kernel", "pid": 0, "tid": 7, "ts": )" + std::to_string(at + 20)
            + R"(, "dur": 200, "args": {"stream": 7, "correlation": )" + c + "}}";
    };
    const char *fp8 = R"(["c10::Float8_e4m3fn", "c10::Float8_e4m3fn", "float", "float"])";
    return R"({"deviceProperties": [{"id": 0, "name": "NVIDIA H100 80GB HBM3"}], "traceEvents": [)" + op(0, "aten::_scaled_mm", fp8, 1)
        + ",\n" + op(1000, "aten::_scaled_mm", fp8, 2) + ",\n"
        + op(2000, "aten::mm", R"(["c10::BFloat16", "c10::BFloat16"])", 3) + "]}";
}

} // namespace

class TestRooflineChart : public QObject
{
    Q_OBJECT

private slots:
    void aRoofPerDataType()
    {
        const auto l = loadTrace(MappedSource::fromBytes(h100Trace(), QStringLiteral("h100.json")));
        QVERIFY2(l.trace, qPrintable(l.error));
        const analysis::OpsEfficiency e = analysis::opsEfficiency(*l.trace, {}, analysis::RooflinePeaks{989, 494, 67, 67, 3.35});
        QCOMPARE(e.dominantDtype, QStringLiteral("fp8"));
        QCOMPARE(int(e.roofs.size()), 2);

        RooflineChart chart;
        chart.resize(700, 420);
        chart.setData(e, e.ops);
        chart.show();
        QCOMPARE(int(chart.computeRoofs().size()), 2);
        QCOMPARE(chart.computeRoof(), chart.computeRoofs().front());
        const double hbm = 3.35;
        const double expected[] = {1979, 989};
        for (int k = 0; k < 2; ++k) {
            const QList<QPointF> roof = chart.computeRoofs()[std::size_t(k)]->points();
            QCOMPARE(roof.size(), 2);
            QCOMPARE(roof.at(0), QPointF(expected[k] / hbm, expected[k])); // its ridge point
            QCOMPARE(roof.at(1).y(), expected[k]);
        }
        // The memory roof runs up to the highest ridge, under both roofs' ridge points.
        const QList<QPointF> slope = chart.memoryRoof()->points();
        QCOMPARE(slope.last(), QPointF(1979 / hbm, 1979.0));
        QVERIFY(qFuzzyCompare(slope.first().y() / slope.first().x(), hbm));
        QVERIFY2(chart.computeRoofs()[0]->name().contains(QLatin1String("fp8")), qPrintable(chart.computeRoofs()[0]->name()));
        QVERIFY2(chart.computeRoofs()[1]->name().contains(QLatin1String("bf16")), qPrintable(chart.computeRoofs()[1]->name()));
        QVERIFY2(chart.noteText().contains(QLatin1String("bf16")), qPrintable(chart.noteText()));
        QCOMPARE(chart.pointCount(), 2); // a point per row: the fp8 and the bf16 GEMM
        if (const QString dir = qEnvironmentVariable("LANESCOPE_TEST_PICTURES"); !dir.isEmpty())
            QVERIFY(chart.grab().save(dir + QStringLiteral("/roofline-fp8-bf16.png")));
    }

    // One dtype: one roof, as before.
    void oneDataTypeOneRoof()
    {
        analysis::OpsEfficiency e;
        e.peaks = analysis::RooflinePeaks{312, 156, 19.5, 19.5, 2.039};
        e.dominantDtype = QStringLiteral("bf16");
        e.dominantPeakTflops = 312;
        e.roofs = {{QStringLiteral("bf16"), 312, 1e12}};
        RooflineChart chart;
        chart.setData(e, {});
        QCOMPARE(int(chart.computeRoofs().size()), 1);
        QCOMPARE(chart.memoryRoof()->points().last(), chart.computeRoof()->points().first());
    }
};

QTEST_MAIN(TestRooflineChart)
#include "tst_rooflinechart.moc"
