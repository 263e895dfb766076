// SPDX-License-Identifier: GPL-3.0-or-later
// One run, one set of figures (analysis/RunFigures.h): every surface that shows a run's step time,
// MFU or listed gaps shows the same number at the same precision — the Metrics table, the MFU
// panel, the advice's projection, the waterfall's title, the exported picture's headline (SVG
// text), and `lanescope-cli compare --json` spelled by the same rule. Data-driven over the demo
// trio (synthetic FSDP baseline, prefetch, tuned; MFU inputs from their sidecar) and the real
// ResNet-50 pair in ../shared/traces (skipped visibly when absent). Also: the label rule is the
// same in the window and the CLI ("a b a" -> "a (2)"), and the baseline keeps its label through
// Compare With… and F5.
#include "app/gui/MainWindow.h"

#include "widgets/analysis/AdviceList.h"
#include "widgets/analysis/AnalysisDock.h"
#include "widgets/analysis/MfuPanel.h"
#include "widgets/compare/CompareCharts.h"
#include "widgets/compare/ComparisonDock.h"
#include "widgets/compare/MetricsTableModel.h"
#include "widgets/view/Session.h"
#include "widgets/view/SessionAnalyser.h"
#include "widgets/view/ViewState.h"

#include "tests/CliRun.h"
#include "tests/TestTraces.h"
#include "core/analysis/text/FigureText.h"
#include "core/synth/TraceSynth.h"

#include <QComboBox>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QListWidget>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace lanescope;

namespace {

constexpr int kTimeoutMs = 180000;

bool settled(MainWindow &w)
{
    return QTest::qWaitFor(
        [&] {
            const bool analysed = !w.analysisDock()->isBusy() && w.analysisDock()->result();
            const bool compared = w.session()->runCount() < 2
                || (!w.comparisonDock()->isBusy() && w.comparisonDock()->comparison());
            return analysed && compared;
        },
        kTimeoutMs);
}

QString cell(const MetricsTableModel *m, const char *key, int run)
{
    const int row = m->rowOf(QString::fromLatin1(key));
    if (row < 0)
        return {};
    return m->data(m->index(row, m->valueColumn(run)), Qt::DisplayRole).toString().trimmed();
}

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

} // namespace

class TestRunFigures : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("LanescopeTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_runfigures"));
        QSettings().clear();
        QVERIFY(m_dir.isValid());
    }

    void surfacesAgree_data()
    {
        QTest::addColumn<QStringList>("paths"); // empty: the built-in demo
        QTest::newRow("demo trio") << QStringList{};
        const QString base = test::tracePath(QStringLiteral("resnet50-dataloader-baseline.pt.trace.json.gz"));
        const QString opt = test::tracePath(QStringLiteral("resnet50-dataloader-optimized.pt.trace.json.gz"));
        if (QFileInfo::exists(base) && QFileInfo::exists(opt))
            QTest::newRow("resnet50 pair") << QStringList{base, opt};
        else
            qWarning("resnet50 pair absent from %s: that row is skipped", qPrintable(test::tracesDir()));
    }
    void surfacesAgree()
    {
        QFETCH(QStringList, paths);
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QSignalSpy loaded(&w, &MainWindow::loadFinished);
        if (paths.isEmpty())
            w.openDemo();
        else
            w.openFiles(paths);
        QVERIFY(loaded.wait(kTimeoutMs));
        QVERIFY(loaded.takeFirst().at(0).toBool());
        QVERIFY(settled(w));
        Session *s = w.session();
        QVERIFY(s->runCount() >= 2);
        const analysis::TracesComparison *tc = w.comparisonDock()->comparison();
        QVERIFY(tc && tc->error.isEmpty());
        const MetricsTableModel *m = w.comparisonDock()->metricsModel();

        // One writer: the session's analyser measured every run once; the Analysis dock shows its
        // analysis of run 0 and the comparison compared its analyses, measuring none again.
        const analysis::AnalysisResult *a0 = w.analysisDock()->result().get();
        QVERIFY(a0);
        QCOMPARE(w.analysisDock()->result(), s->run(0).analysis);
        QCOMPARE(tc->reused, s->runCount());
        QCOMPARE(a0->figures.stepTimeNs, tc->result.runs[0].stepTimeNs);
        QCOMPARE(a0->figures.mfuPct, tc->result.runs[0].mfuPct);
        QCOMPARE(a0->figures.gapTotalNs, tc->result.runs[0].gapTotalNs);

        // Export the picture (SVG: its text is searchable) as File > Export Picture does.
        const QString svg = m_dir.filePath(QStringLiteral("%1.svg").arg(QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('-'))));
        MainWindow::ExportRequest req;
        req.path = svg;
        QString error;
        QVERIFY2(w.exportPicture(req, &error), qPrintable(error));
        QFile f(svg);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString svgText = QString::fromUtf8(f.readAll());

        // File > Report…: the text the PDF page says (ReportExport's lines: headline, table rows).
        QStringList report;
        QVERIFY2(w.writeReport(m_dir.filePath(QStringLiteral("%1.pdf").arg(QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('-')))),
                               QPageSize::A4, &error, &report),
                 qPrintable(error));
        const QString reportText = report.join(QLatin1Char('\n'));
        QString stepRow;
        for (const QString &line : report)
            if (line.startsWith(m->data(m->index(m->rowOf(QStringLiteral("step_time_us")), 0), Qt::DisplayRole).toString().trimmed() + QLatin1Char('\t')))
                stepRow = line;
        QVERIFY2(!stepRow.isEmpty(), qPrintable(reportText));

        // The CLI on the same files, with the same MFU inputs.
        QStringList args{QStringLiteral("compare")};
        for (int i = 0; i < s->runCount(); ++i)
            args << s->run(i).path;
        QStringList labels;
        for (int i = 0; i < s->runCount(); ++i)
            labels << s->run(i).label;
        args << QStringLiteral("--labels") << labels.join(QLatin1Char(',')) << QStringLiteral("--json");
        const analysis::MfuInputs in = w.analysisDock()->mfuPanel()->inputs();
        if (in.params > 0 && in.tokensPerStep > 0)
            args << QStringLiteral("--params") << QString::number(in.params, 'g', 17) << QStringLiteral("--tokens-per-step")
                 << QString::number(in.tokensPerStep, 'g', 17);
        const test::CliRun cli = test::runCli(args);
        QCOMPARE(cli.exitCode, 0);
        const QJsonObject json = QJsonDocument::fromJson(cli.out).object();
        const QJsonArray runs = json.value(QStringLiteral("runs")).toArray();
        QCOMPARE(runs.size(), s->runCount());

        namespace figure = analysis::figure;
        for (int i = 0; i < s->runCount(); ++i) {
            const analysis::RunMetrics &r = tc->result.runs[std::size_t(i)];
            QVERIFY(r.stepTimeNs);
            const QString step = figure::stepTime(*r.stepTimeNs);
            // Metrics table, and the report's copy of it and of the headline.
            QCOMPARE(cell(m, "step_time_us", i), step);
            QVERIFY2(stepRow.split(QLatin1Char('\t')).contains(step), qPrintable(stepRow));
            QVERIFY2(reportText.contains(QStringLiteral("%1: step %2").arg(r.label, step)), qPrintable(reportText));
            // Exported headline: "label: step X · …".
            QVERIFY2(svgText.contains(QStringLiteral("%1: step %2").arg(r.label.toHtmlEscaped(), step)),
                     qPrintable(QStringLiteral("headline lacks '%1: step %2'").arg(r.label, step)));
            // CLI JSON: the same value, spelled by the same rule.
            const QJsonObject analysisJson = runs.at(i).toObject().value(QStringLiteral("analysis")).toObject();
            const double cliStepS = analysisJson.value(QStringLiteral("mfu")).toObject().value(QStringLiteral("step_s")).toDouble();
            QCOMPARE(figure::stepTime(cliStepS * 1e9), step);
            if (i > 0) {
                const QJsonObject d = json.value(QStringLiteral("deltas")).toArray().at(i - 1).toObject();
                const double us = d.value(QStringLiteral("step_time_us")).toObject().value(QStringLiteral("value")).toDouble();
                QCOMPARE(figure::stepTime(us * 1e3), step);
            }
            // Listed gaps: the Metrics total and the headline's.
            if (r.gapCount > 0) {
                const QString total = figure::ms(double(r.gapTotalNs));
                QCOMPARE(cell(m, "gap_total_us", i), total);
                QVERIFY2(svgText.contains(QStringLiteral("%1 (%2)").arg(figure::count(double(r.gapCount)), total)),
                         qPrintable(QStringLiteral("headline lacks the gap total %1").arg(total)));
            }
            // MFU where its inputs are known.
            if (r.mfuPct) {
                const QString mfu = figure::pct(*r.mfuPct);
                QCOMPARE(cell(m, "mfu_pct", i), mfu);
                QVERIFY2(svgText.contains(QStringLiteral("MFU %1").arg(mfu.toHtmlEscaped())), qPrintable(mfu));
                const double cliMfu = runs.at(i).toObject().value(QStringLiteral("analysis")).toObject()
                                          .value(QStringLiteral("mfu")).toObject().value(QStringLiteral("mfu_pct")).toDouble();
                QCOMPARE(figure::pct(cliMfu), mfu);
            }
        }

        // Run 0 in the Analysis dock: its header's compute idle, the MFU panel and the advice's projection.
        const analysis::RunMetrics &b = tc->result.runs[0];
        const QString step0 = figure::stepTime(*b.stepTimeNs);
        if (b.computeIdlePct) {
            QCOMPARE(cell(m, "compute_idle_pct", 0), figure::pct(*b.computeIdlePct));
            QVERIFY2(w.analysisDock()->statusText().contains(figure::pct(*b.computeIdlePct)), qPrintable(w.analysisDock()->statusText()));
        }
        QVERIFY2(w.analysisDock()->mfuPanel()->stepTimeText().startsWith(step0), qPrintable(w.analysisDock()->mfuPanel()->stepTimeText()));
        if (b.mfuPct)
            QCOMPARE(w.analysisDock()->mfuPanel()->mfuText(), figure::pct(*b.mfuPct));
        for (const analysis::Advice &a : a0->advice)
            if (a.projectedStepS > 0)
                QVERIFY2(AdviceList::gainText(a).contains(QStringLiteral("step %1 →").arg(step0)), qPrintable(AdviceList::gainText(a)));
        // The waterfall's title names both step times as the table does.
        if (!tc->result.waterfall.empty()) {
            w.comparisonDock()->waterfall()->setRun(1);
            const QString title = w.comparisonDock()->waterfall()->title();
            QVERIFY2(title.contains(step0) && title.contains(figure::stepTime(*tc->result.runs[1].stepTimeNs)), qPrintable(title));
        }
    }

    // "a b a": the same labels in the window, compare and export.
    void labelsAgree()
    {
        const QString a = m_dir.filePath(QStringLiteral("a.json")), b = m_dir.filePath(QStringLiteral("b.json"));
        QVERIFY(writeSynth(a, synth::Scenario::Baseline));
        QVERIFY(writeSynth(b, synth::Scenario::Tuned));
        MainWindow w;
        QSignalSpy loaded(&w, &MainWindow::loadFinished);
        w.openFiles({a, b, a});
        QVERIFY(loaded.wait(kTimeoutMs));
        QCOMPARE(w.session()->runCount(), 3);
        const QStringList expected{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("a (2)")};
        for (int i = 0; i < 3; ++i)
            QCOMPARE(w.session()->run(i).label, expected.at(i));
        const test::CliRun c = test::runCli({QStringLiteral("compare"), a, b, a, QStringLiteral("--json")});
        QCOMPARE(c.exitCode, 0);
        const QJsonArray runs = QJsonDocument::fromJson(c.out).object().value(QStringLiteral("runs")).toArray();
        for (int i = 0; i < 3; ++i)
            QCOMPARE(runs.at(i).toObject().value(QStringLiteral("label")).toString(), expected.at(i));
        const test::CliRun e = test::runCli({QStringLiteral("export"), a, QStringLiteral("--compare"), b, QStringLiteral("--compare"), a,
                                             QStringLiteral("-o"), m_dir.filePath(QStringLiteral("aba.png")), QStringLiteral("--json")});
        QCOMPARE(e.exitCode, 0);
        const QJsonArray drawn = QJsonDocument::fromJson(e.out).object().value(QStringLiteral("runs")).toArray();
        for (int i = 0; i < 3; ++i)
            QCOMPARE(drawn.at(i).toObject().value(QStringLiteral("label")).toString(), expected.at(i));
    }

    // A trace opened alone, then Compare With…: the baseline keeps its name, through F5 and the
    // removal of a run too; the status line counts what is shown.
    void baselineLabelSurvives()
    {
        const QString base = m_dir.filePath(QStringLiteral("base.pt.trace.json")), tuned = m_dir.filePath(QStringLiteral("tuned.json"));
        QVERIFY(writeSynth(base, synth::Scenario::Baseline));
        QVERIFY(writeSynth(tuned, synth::Scenario::Tuned));
        MainWindow w;
        QSignalSpy loaded(&w, &MainWindow::loadFinished);
        w.openFile(base);
        QVERIFY(loaded.wait(kTimeoutMs));
        w.addRuns({tuned});
        QVERIFY(loaded.wait(kTimeoutMs));
        QCOMPARE(w.session()->runCount(), 2);
        QCOMPARE(w.session()->run(0).label, QStringLiteral("base"));
        QCOMPARE(w.session()->run(1).label, QStringLiteral("tuned"));
        QCOMPARE(w.windowTitle(), QStringLiteral("base vs tuned — Lanescope"));
        w.reload();
        QVERIFY(loaded.wait(kTimeoutMs));
        QCOMPARE(w.session()->run(0).label, QStringLiteral("base"));
        QVERIFY(settled(w));
        QCOMPARE(w.comparisonDock()->runList()->item(0)->text().isEmpty(), false);
        w.session()->removeRun(0);
        QCOMPARE(w.session()->runCount(), 1);
        QVERIFY2(!w.statusText().contains(QLatin1String("Comparing 2")), qPrintable(w.statusText()));
        QVERIFY2(w.statusText().contains(QLatin1String("tuned")), qPrintable(w.statusText()));
    }

    // Renaming a run measures nothing again (no request to either dock's runner); every surface
    // shows the new name. A slice selected in another run points the Analysis dock at that run,
    // named in its title, with that run's steps in Scope.
    void renameAnalysesNothingAndTheDockFollowsTheRun()
    {
        const QString base = m_dir.filePath(QStringLiteral("r-base.json")), tuned = m_dir.filePath(QStringLiteral("r-tuned.json"));
        QVERIFY(writeSynth(base, synth::Scenario::Baseline));
        QVERIFY(writeSynth(tuned, synth::Scenario::Tuned));
        MainWindow w;
        QSignalSpy loaded(&w, &MainWindow::loadFinished);
        w.openFiles({base, tuned});
        QVERIFY(loaded.wait(kTimeoutMs));
        QVERIFY(settled(w));
        const quint64 analyses = w.analysisDock()->runner()->requests();
        const quint64 comparisons = w.comparisonDock()->runner()->requests();
        const quint64 measured = w.sessionAnalyser()->requests();
        w.session()->setLabel(1, QStringLiteral("after the fix"));
        QCoreApplication::processEvents();
        QCOMPARE(w.sessionAnalyser()->requests(), measured);
        QCOMPARE(w.analysisDock()->runner()->requests(), analyses);
        QCOMPARE(w.comparisonDock()->runner()->requests(), comparisons);
        QVERIFY(!w.comparisonDock()->isBusy());
        QCOMPARE(w.comparisonDock()->comparison()->result.runs[1].label, QStringLiteral("after the fix"));
        const MetricsTableModel *m = w.comparisonDock()->metricsModel();
        QCOMPARE(m->headerData(m->valueColumn(1), Qt::Horizontal, Qt::DisplayRole).toString(), QStringLiteral("after the fix"));
        QVERIFY(w.windowTitle().contains(QLatin1String("after the fix")));
        QCOMPARE(w.analysisDock()->runBox()->itemText(1), QStringLiteral("after the fix"));

        // The Analysis dock on run 1, through a slice selected there.
        QCOMPARE(w.analysisDock()->run(), 0);
        QVERIFY(w.analysisDock()->runBox()->isVisibleTo(w.analysisDock()));
        SliceRef ref;
        ref.run = 1;
        ref.track = 0;
        ref.slice = 0;
        w.session()->state()->setSelectedSlice(ref);
        QCOMPARE(w.analysisDock()->run(), 1);
        QVERIFY(w.analysisDock()->windowTitle().contains(QLatin1String("after the fix")));
        QVERIFY(settled(w));
        QCOMPARE(w.analysisDock()->result()->figures.stepTimeNs, w.comparisonDock()->comparison()->result.runs[1].stepTimeNs);
        QCOMPARE(w.session()->run(1).analysis, w.analysisDock()->result());
        QCOMPARE(w.analysisDock()->stepBox()->count() > 1, true); // run 1's steps in Scope

        // A step in the Analysis dock is the dock's own analysis: the session keeps the whole trace's.
        const auto whole = w.session()->run(1).analysis;
        w.analysisDock()->setStep(w.analysisDock()->result()->steps.front().number);
        QVERIFY(settled(w));
        QVERIFY(w.analysisDock()->result()->options.step >= 0);
        QCOMPARE(w.session()->run(1).analysis, whole);
        w.analysisDock()->setStep(-1);
        QVERIFY(settled(w));
        QCOMPARE(w.analysisDock()->result(), whole); // back to the analyser's, not measured again

        // A reorder compares again, from the analyses the runs hold: none is measured twice, the
        // analyser is not even asked.
        const quint64 beforeMove = w.sessionAnalyser()->requests();
        w.session()->moveRun(1, 0);
        QVERIFY(settled(w));
        QCOMPARE(w.sessionAnalyser()->requests(), beforeMove);
        QCOMPARE(w.comparisonDock()->comparison()->result.runs[0].label, QStringLiteral("after the fix"));
        QCOMPARE(w.comparisonDock()->comparison()->reused, 2);
    }
};

QTEST_MAIN(TestRunFigures)
#include "tst_runfigures.moc"
