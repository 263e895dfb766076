// SPDX-License-Identifier: GPL-3.0-or-later
// The analysis dock, headless: it analyses off the UI thread and shows what core/analysis computes
// for the same options (gaps, MFU, advice); its controls re-run the analysis; clicking a gap or an
// advice item asks the timeline to go there; MFU inputs are remembered per file; the gap model
// passes QAbstractItemModelTester.
//
// LANESCOPE_DOCK_SCREENSHOT_DIR=/some/dir: also saves a picture of each tab of the dock (with the
// synthetic FSDP baseline) there, for looking at the layout.
#include "widgets/analysis/AdviceList.h"
#include "widgets/analysis/AnalysisCharts.h"
#include "widgets/analysis/AnalysisDock.h"
#include "widgets/render/GapCauseStyle.h"
#include "widgets/analysis/GapTableModel.h"
#include "widgets/analysis/MfuPanel.h"

#include "core/analysis/run/Analysis.h"
#include "core/analysis/text/FigureText.h"
#include "core/parse/TraceLoader.h"
#include "core/synth/TraceSynth.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QFile>
#include <QListWidget>
#include <QLocale>
#include <QProxyStyle>
#include <QSettings>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

#include <numeric>

using namespace lanescope;

namespace {

constexpr int kAnalysisTimeoutMs = 20000;

// The synthetic FSDP run with half the 7B model's 32 layers: the same gaps and causes per layer
// boundary, half the events. (With 8 layers each layer's AllGather outlasts its compute even when
// tuned, and the tuned run rightly gets the AllGather advice.)
std::shared_ptr<const Trace> synthTrace(const QTemporaryDir &dir, synth::Scenario scenario)
{
    synth::SynthConfig c;
    c.scenario = scenario;
    c.layers = 16;
    const synth::SynthOutput out = synth::synthesize(c);
    const QString path = dir.filePath(QString::fromLatin1(synth::scenarioName(scenario)) + QStringLiteral(".json"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(out.traces.at(0).data(), qint64(out.traces.at(0).size())) != qint64(out.traces.at(0).size()))
        qFatal("cannot write %s", qPrintable(path));
    f.close();
    LoadResult r = loadTrace(path);
    if (!r.trace)
        qFatal("cannot load %s: %s", qPrintable(path), qPrintable(r.error));
    return std::move(r.trace);
}

class SingleClickStyle : public QProxyStyle
{
public:
    int styleHint(StyleHint hint, const QStyleOption *option, const QWidget *widget, QStyleHintReturn *ret) const override
    {
        if (hint == QStyle::SH_ItemView_ActivateItemOnSingleClick)
            return 1;
        return QProxyStyle::styleHint(hint, option, widget, ret);
    }
};

// Waits for the analysis asked for last (the dock drops stale results).
bool settle(const AnalysisDock &dock)
{
    return QTest::qWaitFor([&] { return !dock.isBusy() && dock.result(); }, kAnalysisTimeoutMs);
}

// A Triton launcher cpu_op and a "Stream Sync" carry args.stream: GPU time only in HTA's definition
// (tests/analysis/tst_analysis_temporal.cpp works the figures out: ours idle 10 of 35 µs, HTA's 0 of 75).
const char *kStreamEvents = R"json({"schemaVersion":1,"deviceProperties":[{"id":0,"name":"NVIDIA A100-SXM4-80GB"}],"traceEvents":[
{"ph":"X","cat":"cpu_op","name":"triton_poi_fused_add_0","pid":1,"tid":1,"ts":60,"dur":65,"args":{"stream":0,"kernel_backend":"triton"}},
{"ph":"X","cat":"kernel","name":"triton_poi_fused_add_0","pid":0,"tid":7,"ts":100,"dur":10,"args":{"stream":7,"device":0}},
{"ph":"X","cat":"cuda_sync","name":"Stream Sync","pid":0,"tid":7,"ts":115,"dur":10,"args":{"stream":7,"device":0}},
{"ph":"X","cat":"kernel","name":"ncclKernel_AllReduce_RING_LL_Sum_float(ncclWorkElem)","pid":0,"tid":8,"ts":120,"dur":15,"args":{"stream":8,"device":0}}
]})json";

// The legacy exporter's bare array (PyTorch built without Kineto).
const char *kLegacy = R"json([
{"name":"ProfilerStep#1","ph":"X","ts":0,"dur":50,"tid":1,"pid":"CPU functions","args":{}},
{"name":"aten::mm","ph":"X","ts":10,"dur":20,"tid":1,"pid":"CPU functions","args":{}}
])json";

std::shared_ptr<const Trace> loadBytes(const QTemporaryDir &dir, const QString &name, const QByteArray &bytes)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
    f.close();
    LoadResult r = loadTrace(path);
    if (!r.trace)
        qFatal("cannot load %s: %s", qPrintable(path), qPrintable(r.error));
    return std::move(r.trace);
}

} // namespace

class TestAnalysisDock : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::shared_ptr<const Trace> m_baseline, m_tuned;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // MFU inputs are remembered in settings: a throwaway test location, never the user's.
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("LanescopeTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_analysisdock"));
        QSettings().clear();
        m_baseline = synthTrace(m_dir, synth::Scenario::Baseline);
        m_tuned = synthTrace(m_dir, synth::Scenario::Tuned);
    }

    void startsEmpty()
    {
        AnalysisDock dock;
        QVERIFY(!dock.result());
        QVERIFY(!dock.isBusy());
        QCOMPARE(dock.gapModel()->rowCount(), 0);
        QCOMPARE(dock.gapThresholdNs(), TimeNs(15'000'000));
        QVERIFY(dock.gemmGapsOnly());
        QCOMPARE(dock.gapThresholdBox()->value(), 15.0); // in ms
    }

    void gapTableMatchesCore()
    {
        AnalysisDock dock;
        QSignalSpy finished(&dock, &AnalysisDock::analysisFinished);
        dock.setTrace(m_baseline);
        QVERIFY(dock.isBusy());
        QVERIFY(settle(dock));
        QCOMPARE(finished.count(), 1);
        const analysis::AnalysisResult core = analysis::analyze(*m_baseline, dock.options());
        QVERIFY(!core.gaps.empty());
        QCOMPARE(dock.gapModel()->rowCount(), int(core.gaps.size()));
        QCOMPARE(dock.gapProxy()->rowCount(), int(core.gaps.size()));
        for (int i = 0; i < dock.gapModel()->rowCount(); ++i) {
            const analysis::Gap &g = core.gaps[std::size_t(i)];
            const QModelIndex idx = dock.gapModel()->index(i, GapTableModel::CauseColumn);
            QCOMPARE(idx.data(GapTableModel::StartNsRole).toLongLong(), qint64(g.start));
            QCOMPARE(idx.data(GapTableModel::EndNsRole).toLongLong(), qint64(g.end()));
            QCOMPARE(idx.data(GapTableModel::CauseKeyRole).toString(), QString::fromLatin1(analysis::gapCauseName(g.cause)));
            QCOMPARE(idx.data().toString(), GapCauseStyle::label(g.cause));
            QCOMPARE(idx.data(Qt::DecorationRole).value<QColor>(), GapCauseStyle::color(g.cause));
        }
        QVERIFY(dock.tabs()->tabText(0).contains(QString::number(core.gaps.size())));
        // The histogram counts the same gaps.
        const auto &counts = dock.gapHistogram()->counts();
        QCOMPARE(std::accumulate(counts.begin(), counts.end(), 0), int(core.gaps.size()));
        // The breakdown shows core's figures.
        QVERIFY(dock.breakdownChart()->overlapText().contains(QLocale().toString(core.temporal.commCompOverlapPct, 'f', 1)));
        // Steps: the list and the scope box.
        QCOMPARE(dock.stepList()->topLevelItemCount(), int(core.steps.size()));
        QCOMPARE(dock.stepBox()->count(), int(core.steps.size()) + 1);
        // Fits a ~450 px dock: nothing inside (a long kernel name, say) asks for more.
        dock.gapView()->selectRow(0);
        QVERIFY2(dock.minimumSizeHint().width() <= 450, qPrintable(QString::number(dock.minimumSizeHint().width())));
    }

    void thresholdChangesRows()
    {
        AnalysisDock dock;
        dock.setTrace(m_baseline);
        QVERIFY(settle(dock));
        const int before = dock.gapModel()->rowCount();

        // Down to 1 ms and every gap of a compute stream: more rows, as many as core finds.
        dock.setGapThresholdNs(1'000'000);
        dock.setGemmGapsOnly(false);
        QVERIFY(dock.isBusy());
        QVERIFY(settle(dock));
        QCOMPARE(dock.options().gaps.kernels, analysis::GapKernels::All);
        const analysis::AnalysisResult fine = analysis::analyze(*m_baseline, dock.options());
        QCOMPARE(dock.gapModel()->rowCount(), int(fine.gaps.size()));
        QVERIFY2(dock.gapModel()->rowCount() > before, qPrintable(QStringLiteral("%1 vs %2").arg(dock.gapModel()->rowCount()).arg(before)));

        // Through the controls: 50 ms (longer than every FSDP wait) in µs units lists fewer.
        dock.gapUnitBox()->setCurrentIndex(1); // µs: the same threshold, re-expressed
        QCOMPARE(dock.gapThresholdBox()->value(), 1000.0);
        QCOMPARE(dock.gapThresholdNs(), TimeNs(1'000'000));
        dock.gapThresholdBox()->setValue(50'000);
        QCOMPARE(dock.gapThresholdNs(), TimeNs(50'000'000));
        QVERIFY(settle(dock));
        const analysis::AnalysisResult coarse = analysis::analyze(*m_baseline, dock.options());
        QCOMPARE(dock.gapModel()->rowCount(), int(coarse.gaps.size()));
        QVERIFY(coarse.gaps.size() < fine.gaps.size());

        // The smallest threshold is 1 µs.
        dock.gapThresholdBox()->setValue(0);
        QCOMPARE(dock.gapThresholdNs(), AnalysisDock::kMinGapNs);
        QVERIFY(settle(dock));
    }

    void causeFilter()
    {
        AnalysisDock dock;
        dock.setTrace(m_baseline);
        dock.setGapThresholdNs(1'000'000);
        dock.setGemmGapsOnly(false);
        QVERIFY(settle(dock));
        auto *filter = dock.findChild<QComboBox *>(QStringLiteral("gapCauseFilter"));
        QVERIFY(filter);
        int sum = 0;
        for (int i = 1; i < filter->count(); ++i) {
            filter->setCurrentIndex(i);
            for (int r = 0; r < dock.gapProxy()->rowCount(); ++r)
                QCOMPARE(dock.gapProxy()->index(r, 0).data(GapTableModel::CauseKeyRole).toString(), filter->currentData().toString());
            sum += dock.gapProxy()->rowCount();
        }
        QCOMPARE(sum, dock.gapModel()->rowCount());
        filter->setCurrentIndex(0);
        QCOMPARE(dock.gapProxy()->rowCount(), dock.gapModel()->rowCount());
    }

    void clickingAGapEmitsIt()
    {
        AnalysisDock dock;
        dock.resize(450, 800);
        dock.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dock));
        dock.setTrace(m_baseline);
        QVERIFY(settle(dock));
        QSignalSpy spy(&dock, &AnalysisDock::gapActivated);
        QTableView *view = dock.gapView();
        // Sort by duration, longest first, and click the second row: the proxy's order is not the model's.
        view->sortByColumn(GapTableModel::DurationColumn, Qt::DescendingOrder);
        const QModelIndex proxyIndex = dock.gapProxy()->index(1, GapTableModel::DurationColumn);
        const analysis::Gap *g = dock.gapModel()->gap(dock.gapProxy()->mapToSource(proxyIndex).row());
        QVERIFY(g);
        QVERIFY(g->dur <= dock.gapModel()->gap(dock.gapProxy()->mapToSource(dock.gapProxy()->index(0, 0)).row())->dur);
        view->scrollTo(proxyIndex);
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(proxyIndex).center());
        QCOMPARE(spy.count(), 1);
        const QList<QVariant> args = spy.takeFirst();
        QCOMPARE(args.at(0).toInt(), 0); // run 0: the dock analyses one trace
        const auto picked = args.at(1).value<analysis::Gap>();
        QCOMPARE(picked.device, g->device);
        QCOMPARE(picked.stream, g->stream);
        QCOMPARE(picked.track, g->track);
        QCOMPARE(picked.start, g->start);
        QCOMPARE(picked.end(), g->end());
        QCOMPARE(picked.cause, g->cause);
        QCOMPARE(picked.evidenceTrack, g->evidenceTrack);
        QCOMPARE(picked.evidenceSlice, g->evidenceSlice);
        // Enter on the current row goes there again (a key press comes in a later turn of the
        // event loop than the click, as it does for people).
        QTest::qWait(1);
        QTest::keyClick(view, Qt::Key_Return);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.takeFirst().at(1).value<analysis::Gap>().start, g->start);

        // Under a style that activates items on a single click (clicked() and activated() both
        // come), one click still emits once, and so does Enter.
        SingleClickStyle style;
        view->setStyle(&style);
        QTest::qWait(10);
        QSignalSpy activations(view, &QAbstractItemView::activated);
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(proxyIndex).center());
        QCOMPARE(activations.count(), 1);
        QCOMPARE(spy.count(), 1);
        QTest::qWait(1);
        QTest::keyClick(view, Qt::Key_Return);
        QCOMPARE(spy.count(), 2);
        view->setStyle(nullptr);
    }

    void parseCount_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<double>("value");
        QTest::newRow("7e9") << QStringLiteral("7e9") << 7e9;
        QTest::newRow("7B") << QStringLiteral("7B") << 7e9;
        QTest::newRow("7b") << QStringLiteral(" 7b ") << 7e9;
        QTest::newRow("6.7 B") << QStringLiteral("6.7 B") << 6.7e9;
        QTest::newRow("350M") << QStringLiteral("350M") << 350e6;
        QTest::newRow("8k") << QStringLiteral("8k") << 8000.0;
        QTest::newRow("1T") << QStringLiteral("1T") << 1e12;
        QTest::newRow("grouped") << QStringLiteral("7,000,000,000") << 7e9;
        QTest::newRow("plain") << QStringLiteral("8192") << 8192.0;
        QTest::newRow("empty") << QString() << 0.0;
        QTest::newRow("word") << QStringLiteral("seven") << 0.0;
        QTest::newRow("negative") << QStringLiteral("-5") << 0.0;
        QTest::newRow("unit only") << QStringLiteral("B") << 0.0;
    }
    void parseCount()
    {
        QFETCH(QString, text);
        QFETCH(double, value);
        bool ok = false;
        QCOMPARE(MfuPanel::parseCount(text, &ok), value);
        QCOMPARE(ok, value > 0);
    }

    void mfuMatchesCore()
    {
        AnalysisDock dock;
        dock.setTrace(m_baseline);
        QVERIFY(settle(dock));
        MfuPanel *mfu = dock.mfuPanel();
        // The synthetic run is on A100s: the table's 312 TFLOPS, 32 GPUs.
        QVERIFY2(mfu->gpuText().contains(QLatin1String("A100")), qPrintable(mfu->gpuText()));
        QCOMPARE(mfu->tablePeakTflops(), 312.0);
        QCOMPARE(m_baseline->worldSize, 32);
        QCOMPARE(mfu->mfuText(), QStringLiteral("—")); // no tokens yet

        mfu->setParams(QStringLiteral("7B"));
        mfu->setTokensPerStep(QStringLiteral("8192"));
        QVERIFY(settle(dock));
        analysis::AnalysisOptions o;
        o.mfu.params = 7e9;
        o.mfu.tokensPerStep = 8192;
        const analysis::MfuResult core = analysis::analyze(*m_baseline, o).mfu;
        QVERIFY(core.valid);
        QCOMPARE(dock.result()->mfu.mfuPct, core.mfuPct);
        const QLocale locale;
        QCOMPARE(mfu->mfuText(), QStringLiteral("%1 %").arg(locale.toString(core.mfuPct, 'f', 1)));
        QVERIFY(mfu->achievedText().startsWith(locale.toString(core.achievedTflops, 'f', 1)));
        QCOMPARE(mfu->tokensPerSecondText(), locale.toString(core.tokensPerSPerGpu, 'f', 0));
        // The step time as every surface spells it, and which steps it is the median of.
        QVERIFY(mfu->stepTimeText().startsWith(analysis::figure::stepTime(core.stepS * 1e9)));
        QVERIFY(mfu->stepTimeText().contains(QLatin1String("median of 2 complete steps")));

        // The same tokens given for all 32 GPUs: the same MFU.
        mfu->setTokensPerStep(QStringLiteral("262144"), true);
        QVERIFY(settle(dock));
        QVERIFY(qAbs(dock.result()->mfu.mfuPct - core.mfuPct) < 1e-9);

        // An edited peak is used instead of the table's.
        mfu->setPeakTflops(156);
        QVERIFY(settle(dock));
        QVERIFY(qAbs(dock.result()->mfu.mfuPct - 2 * core.mfuPct) < 1e-9);
        QCOMPARE(mfu->mfuText(), QStringLiteral("%1 %").arg(locale.toString(2 * core.mfuPct, 'f', 1)));
    }

    void mfuInputsRememberedPerFile()
    {
        {
            AnalysisDock dock;
            dock.setTrace(m_baseline);
            dock.mfuPanel()->setParams(QStringLiteral("13B"));
            dock.mfuPanel()->setTokensPerStep(QStringLiteral("4M"), true);
            dock.mfuPanel()->setPeakTflops(300);
            QVERIFY(settle(dock));
            // Another file starts from what it knows: no parameter count (never a guessed 7e9).
            dock.setTrace(m_tuned);
            QCOMPARE(dock.mfuPanel()->inputs().params, 0.0);
            QCOMPARE(dock.mfuPanel()->inputs().tokensPerStep, 0.0);
            QCOMPARE(dock.mfuPanel()->inputs().peakTflops, 312.0);
            QVERIFY(settle(dock));
        }
        // A new dock (a new session) opening the first file again gets its inputs back.
        AnalysisDock dock;
        dock.setTrace(m_baseline);
        const analysis::MfuInputs in = dock.mfuPanel()->inputs();
        QCOMPARE(in.params, 13e9);
        QCOMPARE(in.tokensPerStep, 4e6);
        QVERIFY(in.tokensGlobal);
        QCOMPARE(in.peakTflops, 300.0);
        QVERIFY(settle(dock));
        QVERIFY(dock.result()->mfu.valid);
        QCOMPARE(dock.result()->mfu.peakTflops, 300.0);
    }

    void gapModelTester()
    {
        AnalysisDock dock;
        QAbstractItemModelTester tester(dock.gapModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester proxyTester(dock.gapProxy(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        dock.setTrace(m_baseline);
        QVERIFY(settle(dock));
        dock.setGapThresholdNs(1'000'000);
        dock.setGemmGapsOnly(false);
        QVERIFY(settle(dock));
        dock.gapView()->sortByColumn(GapTableModel::CauseColumn, Qt::AscendingOrder);
        // Every role of every cell, as a view would ask.
        for (int r = 0; r < dock.gapModel()->rowCount(); ++r)
            for (int c = 0; c < dock.gapModel()->columnCount(); ++c)
                for (int role : {int(Qt::DisplayRole), int(Qt::ToolTipRole), int(Qt::DecorationRole), int(Qt::TextAlignmentRole),
                                 int(GapTableModel::SortRole)})
                    dock.gapModel()->index(r, c).data(role);
        dock.setTrace(nullptr);
        QCOMPARE(dock.gapModel()->rowCount(), 0);
    }

    void advice()
    {
        AnalysisDock dock;
        dock.resize(450, 800);
        dock.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dock));
        dock.setTrace(m_baseline);
        QVERIFY(settle(dock));
        const analysis::AnalysisResult core = analysis::analyze(*m_baseline, dock.options());
        AdviceList *list = dock.adviceList();
        QVERIFY(!core.advice.empty());
        QCOMPARE(list->count(), int(core.advice.size()));
        QVERIFY(!list->showsNoProblems());

        // Clicking an item asks for where its evidence is.
        dock.tabs()->setCurrentWidget(list);
        QSignalSpy spy(&dock, &AnalysisDock::rangeRequested);
        QListWidget *w = list->listWidget();
        const QRect r = w->visualItemRect(w->item(0));
        QVERIFY(r.height() > w->fontMetrics().height()); // title and evidence, wrapped
        QTest::mouseClick(w->viewport(), Qt::LeftButton, {}, r.center());
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).toLongLong(), qint64(core.advice.front().where.from));
        QCOMPARE(spy.at(0).at(1).toLongLong(), qint64(core.advice.front().where.to));

        // The tuned run has nothing to say.
        dock.setTrace(m_tuned);
        QVERIFY(settle(dock));
        QCOMPARE(list->count(), 0);
        QVERIFY(list->showsNoProblems());
    }

    void stepScope()
    {
        AnalysisDock dock;
        dock.setTrace(m_baseline);
        QVERIFY(settle(dock));
        const int steps = int(dock.result()->steps.size());
        QVERIFY(steps >= 2);
        const analysis::Step second = dock.result()->steps[1];
        dock.setStep(second.number);
        QCOMPARE(dock.step(), second.number);
        QVERIFY(settle(dock));
        QCOMPARE(dock.options().step, second.number);
        QVERIFY(!dock.result()->analysed.empty());
        for (const analysis::Gap &g : dock.result()->gaps)
            QVERIFY(dock.result()->analysed.contains(g.start));
        const analysis::AnalysisResult core = analysis::analyze(*m_baseline, dock.options());
        QCOMPARE(dock.gapModel()->rowCount(), int(core.gaps.size()));
        QCOMPARE(dock.stepList()->topLevelItemCount(), steps); // the list still shows every step

        // A range from the timeline, then back to the whole trace.
        dock.setAnalysisRange(second.start, second.end());
        QVERIFY(settle(dock));
        QCOMPARE(dock.options().step, -1);
        QCOMPARE(dock.result()->analysed.from, second.start);
        dock.setAnalysisRange(0, 0);
        dock.setStep(-1);
        QVERIFY(settle(dock));
        QVERIFY(dock.result()->analysed.empty());

        // Clicking a step in the list shows it.
        QSignalSpy spy(&dock, &AnalysisDock::rangeRequested);
        QTreeWidgetItem *item = dock.stepList()->topLevelItem(1);
        emit dock.stepList()->itemClicked(item, 0);
        QCOMPARE(spy.count(), 1);
        QVERIFY(spy.at(0).at(0).toLongLong() <= second.start);
        QVERIFY(spy.at(0).at(1).toLongLong() >= second.end());
    }


    // The "HTA definition" toggle re-runs the analysis with HTA's GPU time and says so.
    void htaDefinitionToggle()
    {
        const auto trace = loadBytes(m_dir, QStringLiteral("stream-events.json"), kStreamEvents);
        AnalysisDock dock;
        QCheckBox *box = dock.htaBox();
        QVERIFY(box);
        QVERIFY(!box->isChecked()); // our definition by default
        QVERIFY(box->toolTip().contains(QLatin1String("Holistic Trace Analysis")));
        QVERIFY(box->toolTip().contains(QLatin1String("Triton")));
        dock.setTrace(trace);
        QVERIFY(settle(dock));
        QCOMPARE(dock.options().definition, analysis::GpuTimeDefinition::Lanescope);
        QCOMPARE(dock.result()->temporal.span, TimeNs(35'000));
        QCOMPARE(dock.result()->temporal.idle, TimeNs(10'000));
        QVERIFY(!dock.statusText().contains(QLatin1String("HTA")));

        box->click();
        QVERIFY(dock.htaDefinition());
        QVERIFY(settle(dock));
        QCOMPARE(dock.options().definition, analysis::GpuTimeDefinition::Hta);
        const analysis::AnalysisResult core = analysis::analyze(*trace, dock.options());
        QCOMPARE(dock.result()->temporal.definition, analysis::GpuTimeDefinition::Hta);
        QCOMPARE(dock.result()->temporal.span, core.temporal.span);
        QCOMPARE(dock.result()->temporal.span, TimeNs(75'000));
        QCOMPARE(dock.result()->temporal.idle, TimeNs(0));
        QCOMPARE(dock.result()->temporal.streamEvents, std::size_t(2));
        QVERIFY2(dock.statusText().contains(QLatin1String("HTA definition")), qPrintable(dock.statusText()));

        dock.setHtaDefinition(false);
        QVERIFY(settle(dock));
        QCOMPARE(dock.result()->temporal.definition, analysis::GpuTimeDefinition::Lanescope);
    }

    // What the trace cannot show is said at the top of the dock, and only then.
    void warningsShown()
    {
        const auto legacy = loadBytes(m_dir, QStringLiteral("legacy.json"), kLegacy);
        QVERIFY(!legacy->warnings.isEmpty());
        AnalysisDock dock;
        dock.resize(450, 600);
        dock.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dock));
        dock.setTrace(m_baseline);
        QVERIFY(settle(dock));
        QVERIFY(dock.result()->warnings.isEmpty());
        QVERIFY(!dock.warningsLabel()->isVisible());

        dock.setTrace(legacy);
        QVERIFY(settle(dock));
        QVERIFY(!dock.result()->warnings.isEmpty());
        QVERIFY(dock.warningsLabel()->isVisible());
        QCOMPARE(dock.warningsLabel()->text(), dock.result()->warnings.join(QLatin1Char('\n')));
        QVERIFY(dock.warningsLabel()->text().contains(QLatin1String("legacy profiler format")));
        // Above the scope row and the tabs.
        QVERIFY(dock.warningsLabel()->mapTo(&dock, QPoint(0, 0)).y() < dock.tabs()->mapTo(&dock, QPoint(0, 0)).y());

        dock.setTrace(m_baseline);
        QVERIFY(settle(dock));
        QVERIFY(!dock.warningsLabel()->isVisible());
    }

    // Each advice item shows what the fix is worth (replayed, or at most): core's projected step time and MFU.
    void adviceGains()
    {
        AnalysisDock dock;
        dock.setTrace(m_baseline);
        dock.mfuPanel()->setParams(QStringLiteral("7B"));
        dock.mfuPanel()->setTokensPerStep(QStringLiteral("8192"));
        QVERIFY(settle(dock));
        const analysis::AnalysisResult core = analysis::analyze(*m_baseline, dock.options());
        QVERIFY(core.mfu.valid);
        QListWidget *w = dock.adviceList()->listWidget();
        QCOMPARE(w->count(), int(core.advice.size()));
        const QLocale l;
        int projected = 0, replayed = 0;
        for (int i = 0; i < w->count(); ++i) {
            const analysis::Advice &a = core.advice[std::size_t(i)];
            const QString gain = w->item(i)->data(AdviceList::GainRole).toString();
            if (a.projectedStepS <= 0) {
                QVERIFY(gain.isEmpty());
                continue;
            }
            ++projected;
            // The synthetic baseline's steps last seconds; MFU is known.
            QVERIFY(a.stepS > 1 && a.projectedStepS < a.stepS && a.projectedMfuPct > a.mfuPct);
            // In milliseconds with one decimal, MFU with one: as the Metrics table and the headline say them.
            // A replayed projection says so; only an arithmetic bound says "at most".
            QCOMPARE(gain, (a.projectionReplayed ? QStringLiteral("Fix replayed: step %1 ms → %2 ms, MFU %3 % → %4 %")
                                                 : QStringLiteral("Fix worth at most: step %1 ms → %2 ms, MFU %3 % → %4 %"))
                               .arg(l.toString(a.stepS * 1e3, 'f', 1), l.toString(a.projectedStepS * 1e3, 'f', 1),
                                    l.toString(a.mfuPct, 'f', 1), l.toString(a.projectedMfuPct, 'f', 1)));
            QVERIFY(w->item(i)->toolTip().contains(gain));
            QCOMPARE(w->item(i)->toolTip().contains(QLatin1String("upper bound")), !a.projectionReplayed);
            replayed += a.projectionReplayed;
        }
        QVERIFY(projected > 0); // the comm-wait advice explains idle time
        QVERIFY(replayed > 0);  // the synthetic baseline's steps replay: fsdp_limit_all_gathers is replayed

        // Without MFU only the step is projected.
        analysis::Advice a;
        a.stepS = 0.1765;
        a.projectedStepS = 0.1142;
        QCOMPARE(AdviceList::gainText(a), QStringLiteral("Fix worth at most: step %1 ms → %2 ms")
                                              .arg(l.toString(176.5, 'f', 1), l.toString(114.2, 'f', 1)));
        a.projectionReplayed = true;
        QCOMPARE(AdviceList::gainText(a), QStringLiteral("Fix replayed: step %1 ms → %2 ms")
                                              .arg(l.toString(176.5, 'f', 1), l.toString(114.2, 'f', 1)));
        a.projectedStepS = 0;
        QVERIFY(AdviceList::gainText(a).isEmpty());
    }

    void staleResultsAreDropped()
    {
        // Options changed while a run is in flight: only the latest result is shown.
        AnalysisDock dock;
        QSignalSpy finished(&dock, &AnalysisDock::analysisFinished);
        dock.setTrace(m_baseline);
        dock.setTrace(m_tuned);
        dock.setTrace(m_baseline);
        dock.setGapThresholdNs(2'000'000);
        QVERIFY(settle(dock));
        QCOMPARE(finished.count(), 1);
        QCOMPARE(dock.gapModel()->rowCount(), int(analysis::analyze(*m_baseline, dock.options()).gaps.size()));
    }

    void screenshot()
    {
        const QString dir = qEnvironmentVariable("LANESCOPE_DOCK_SCREENSHOT_DIR");
        if (dir.isEmpty())
            QSKIP("set LANESCOPE_DOCK_SCREENSHOT_DIR to save pictures of the dock");
        QSettings().clear(); // the MFU inputs of the tests before
        AnalysisDock dock;
        dock.resize(450, 900);
        dock.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dock));
        dock.setTrace(m_baseline);
        dock.mfuPanel()->setTokensPerStep(QStringLiteral("8192"));
        dock.setGapThresholdNs(1'000'000);
        dock.setGemmGapsOnly(false);
        QVERIFY(settle(dock));
        dock.gapView()->selectRow(3);
        QDir().mkpath(dir);
        for (int i = 0; i < dock.tabs()->count(); ++i) {
            dock.tabs()->setCurrentIndex(i);
            QTest::qWait(50);
            QVERIFY(dock.grab().save(QDir(dir).filePath(QStringLiteral("dock-%1.png").arg(i))));
        }
        if (qEnvironmentVariableIsSet("LANESCOPE_DOCK_SCREENSHOT_WAIT")) // for `import -window root` under xvfb-run
            QTest::qWait(qEnvironmentVariableIntValue("LANESCOPE_DOCK_SCREENSHOT_WAIT"));
    }
};

QTEST_MAIN(TestAnalysisDock)
#include "tst_analysisdock.moc"
