// SPDX-License-Identifier: GPL-3.0-or-later
// Throughput for a model that is no transformer: samples (images) per step in the Analysis dock's
// MFU panel give samples/s per GPU, and MFU is not offered (its 6 × parameters rule is a dense
// transformer's). The figure is RunFigures' and FigureText spells it, so the MFU panel, the
// comparison's Metrics table and throughput chart, the exported headline, the report and
// `lanescope-cli compare --samples-per-step N --json` show the same value. On the real ResNet-50
// pair in ../shared/traces (skipped visibly when absent) and on a synthetic pair.
#include "app/gui/MainWindow.h"

#include "widgets/analysis/AnalysisDock.h"
#include "widgets/analysis/MfuPanel.h"
#include "widgets/compare/CompareCharts.h"
#include "widgets/compare/ComparisonDock.h"
#include "widgets/compare/MetricsTableModel.h"
#include "widgets/view/Session.h"

#include "core/analysis/text/FigureText.h"
#include "core/synth/TraceSynth.h"
#include "tests/CliRun.h"
#include "tests/TestTraces.h"

#include <QChart>
#include <QChartView>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>

using namespace lanescope;

namespace {
constexpr int kTimeoutMs = 180000;
constexpr int kSamplesPerStep = 256;

bool writeSynth(const QString &path, synth::Scenario s)
{
    synth::SynthConfig c;
    c.scenario = s;
    c.layers = 8;
    const synth::SynthOutput out = synth::synthesize(c);
    QFile f(path);
    return f.open(QIODevice::WriteOnly)
        && f.write(out.traces.at(0).data(), qint64(out.traces.at(0).size())) == qint64(out.traces.at(0).size());
}

bool settled(MainWindow &w)
{
    return QTest::qWaitFor(
        [&] {
            return !w.analysisDock()->isBusy() && w.analysisDock()->result() && !w.comparisonDock()->isBusy()
                && w.comparisonDock()->comparison();
        },
        kTimeoutMs);
}
} // namespace

class TestThroughput : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("LanescopeTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_throughput"));
        QSettings().clear();
        QVERIFY(m_dir.isValid());
    }

    void samplesPerSecondAgree_data()
    {
        QTest::addColumn<QStringList>("paths");
        const QString base = test::tracePath(QStringLiteral("resnet50-dataloader-baseline.pt.trace.json.gz"));
        const QString opt = test::tracePath(QStringLiteral("resnet50-dataloader-optimized.pt.trace.json.gz"));
        if (QFileInfo::exists(base) && QFileInfo::exists(opt))
            QTest::newRow("resnet50 pair") << QStringList{base, opt};
        else
            qWarning("resnet50 pair absent from %s: that row is skipped", qPrintable(test::tracesDir()));
        const QString a = m_dir.filePath(QStringLiteral("baseline.json")), b = m_dir.filePath(QStringLiteral("tuned.json"));
        QVERIFY(writeSynth(a, synth::Scenario::Baseline) && writeSynth(b, synth::Scenario::Tuned));
        QTest::newRow("synthetic pair") << QStringList{a, b};
    }
    void samplesPerSecondAgree()
    {
        QFETCH(QStringList, paths);
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QSignalSpy loaded(&w, &MainWindow::loadFinished);
        w.openFiles(paths);
        QVERIFY(loaded.wait(kTimeoutMs));
        QVERIFY(settled(w));
        MfuPanel *mfu = w.analysisDock()->mfuPanel();
        mfu->setParams(QString()); // no model size: samples need none
        mfu->setItems(analysis::StepItems::Samples);
        mfu->setTokensPerStep(QString::number(kSamplesPerStep));
        QTest::qWait(50);
        QVERIFY(settled(w));
        QVERIFY(QTest::qWaitFor([&] { return w.comparisonDock()->comparison()->result.runs[0].samplesPerSPerGpu.has_value(); }, kTimeoutMs));
        Session *s = w.session();
        const analysis::TracesComparison *tc = w.comparisonDock()->comparison();
        const MetricsTableModel *m = w.comparisonDock()->metricsModel();
        namespace figure = analysis::figure;

        // The panel: samples/s, and no MFU with a word why.
        const analysis::RunFigures &f0 = w.analysisDock()->result()->figures;
        QVERIFY(f0.samplesPerSPerGpu && f0.stepTimeNs);
        QVERIFY(!f0.mfuPct && !f0.tokensPerSPerGpu);
        QCOMPARE(*f0.samplesPerSPerGpu, kSamplesPerStep / (*f0.stepTimeNs / 1e9)); // per GPU: one GPU per run here
        QCOMPARE(mfu->tokensPerSecondText(), figure::samplesPerS(*f0.samplesPerSPerGpu));
        QCOMPARE(mfu->mfuText(), QStringLiteral("—"));
        QVERIFY2(mfu->noteText().contains(QLatin1String("transformer")), qPrintable(mfu->noteText()));

        // The exported headline and the report.
        const QString svg = m_dir.filePath(QStringLiteral("%1.svg").arg(QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('-'))));
        MainWindow::ExportRequest req;
        req.path = svg;
        QString error;
        QVERIFY2(w.exportPicture(req, &error), qPrintable(error));
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString svgText = QString::fromUtf8(file.readAll());
        QStringList report;
        QVERIFY2(w.writeReport(m_dir.filePath(QStringLiteral("report.pdf")), QPageSize::A4, &error, &report), qPrintable(error));
        const QString reportText = report.join(QLatin1Char('\n'));

        // The CLI, with the same samples per step.
        QStringList args{QStringLiteral("compare")};
        QStringList labels;
        for (int i = 0; i < s->runCount(); ++i) {
            args << s->run(i).path;
            labels << s->run(i).label;
        }
        args << QStringLiteral("--labels") << labels.join(QLatin1Char(',')) << QStringLiteral("--samples-per-step")
             << QString::number(kSamplesPerStep) << QStringLiteral("--json");
        const test::CliRun cli = test::runCli(args);
        QCOMPARE(cli.exitCode, 0);
        const QJsonObject json = QJsonDocument::fromJson(cli.out).object();
        const QJsonArray runs = json.value(QStringLiteral("runs")).toArray();
        QCOMPARE(runs.size(), s->runCount());

        for (int i = 0; i < s->runCount(); ++i) {
            const analysis::RunMetrics &r = tc->result.runs[std::size_t(i)];
            QVERIFY(r.samplesPerSPerGpu);
            QVERIFY(!r.mfuPct);
            const QString value = figure::samplesPerS(*r.samplesPerSPerGpu);
            const int row = m->rowOf(QStringLiteral("samples_per_s_per_gpu"));
            QVERIFY(row >= 0);
            QCOMPARE(m->data(m->index(row, m->valueColumn(i)), Qt::DisplayRole).toString().trimmed(), value);
            QVERIFY2(svgText.contains(QStringLiteral("%1 samples/s/GPU").arg(value.toHtmlEscaped())), qPrintable(value));
            QVERIFY2(reportText.contains(value), qPrintable(reportText));
            const double cliValue = runs.at(i).toObject().value(QStringLiteral("analysis")).toObject().value(QStringLiteral("mfu")).toObject()
                                   .value(QStringLiteral("samples_per_s_per_gpu")).toDouble();
            QCOMPARE(figure::samplesPerS(cliValue), value);
            QVERIFY(runs.at(i).toObject().value(QStringLiteral("analysis")).toObject().value(QStringLiteral("mfu")).toObject()
                        .value(QStringLiteral("mfu_pct")).isNull());
        }
        // The throughput chart shows samples/s, not the step time alone.
        QCOMPARE(w.comparisonDock()->throughput()->chartView()->chart()->title(), ThroughputChart::tr("Throughput per run"));
    }

    // Export Chart replaces only a regular file: a FIFO chosen in the save dialog stays a FIFO
    // (the chart was renamed over it); a new path is written as before.
    void chartExportLeavesAFifoAlone()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QChartView view;
        view.resize(400, 300);
        const QString fifo = dir.filePath(QStringLiteral("chart.png"));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        QString error;
        QVERIFY(!writeChart(&view, fifo, &error));
        QVERIFY2(error.contains(QStringLiteral("FIFO")), qPrintable(error));
        struct stat st = {};
        QCOMPARE(::lstat(QFile::encodeName(fifo).constData(), &st), 0);
        QVERIFY(S_ISFIFO(st.st_mode));
        const QString png = dir.filePath(QStringLiteral("new.png"));
        QVERIFY2(writeChart(&view, png, &error), qPrintable(error));
        QVERIFY(QFileInfo(png).size() > 0);
    }
};

QTEST_MAIN(TestThroughput)
#include "tst_throughput.moc"
