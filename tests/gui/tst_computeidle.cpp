// SPDX-License-Identifier: GPL-3.0-or-later
// One compute-idle figure: the analysis dock's header, breakdown and advice
// show one compute-idle figure, computed once in core, each naming what it measures; an advice item
// clicked lists exactly the gaps it counts; the GEMM filter names its window and the table the
// GEMMs at its ends; after a click in the dock the timeline keeps its keys. Data-driven on the
// demo's synthetic FSDP baseline and on ../shared/traces/v100-memory-allreduce.json.gz (skipped
// visibly when absent).
#include "app/gui/MainWindow.h"

#include "widgets/analysis/AdviceList.h"
#include "widgets/analysis/AnalysisCharts.h"
#include "widgets/analysis/AnalysisDock.h"
#include "widgets/analysis/GapTableModel.h"
#include "widgets/analysis/MfuPanel.h"
#include "widgets/render/GapCauseStyle.h"
#include "widgets/timeline/TimelineView.h"

#include "tests/TestTraces.h"
#include "core/analysis/run/Analysis.h"
#include "core/parse/TraceLoader.h"
#include "core/synth/TraceSynth.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QRegularExpression>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using namespace lanescope;

namespace {

constexpr int kAnalysisTimeoutMs = 60000;

bool settle(const AnalysisDock &dock)
{
    return QTest::qWaitFor([&] { return !dock.isBusy() && dock.result(); }, kAnalysisTimeoutMs);
}

// "Compute idle 27.9 %" in a widget's text: the number, as written (locale decimal point).
QString computeIdleIn(const QString &text)
{
    static const QRegularExpression re(QStringLiteral("Compute idle ([0-9]+[.,][0-9]) %"));
    const QRegularExpressionMatch m = re.match(text);
    return m.hasMatch() ? m.captured(1) : QString();
}

} // namespace

class TestNumbersAgree : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_demoPath;

    // The trace of the data row, or null after QSKIP.
    std::shared_ptr<const Trace> traceOfRow(QString *path = nullptr)
    {
        QFETCH(QString, trace);
        QString p = trace == QLatin1String("demo") ? m_demoPath : lanescope::test::tracePath(trace);
        if (path)
            *path = p;
        if (!QFileInfo::exists(p))
            return nullptr;
        LoadResult r = loadTrace(p);
        return std::move(r.trace);
    }

    void rows()
    {
        QTest::addColumn<QString>("trace");
        QTest::newRow("demo fsdp-baseline") << QStringLiteral("demo");
        QTest::newRow("v100-memory-allreduce") << QStringLiteral("v100-memory-allreduce.json.gz");
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("LanescopeTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_computeidle"));
        QSettings().clear();
        // The demo's baseline, as Help > Open demo writes it (the default configuration).
        synth::SynthConfig c;
        c.scenario = synth::Scenario::Baseline;
        const synth::SynthOutput out = synth::synthesize(c);
        m_demoPath = m_dir.filePath(QStringLiteral("fsdp-baseline.pt.trace.json"));
        QFile f(m_demoPath);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QCOMPARE(f.write(out.traces.at(0).data(), qint64(out.traces.at(0).size())), qint64(out.traces.at(0).size()));
    }

    // core's figure on known intervals: a 100 ns window, computing 10..40 and 60..70, listed gaps
    // 40..60 and 80..95 (and one before the window, which does not count).
    void computeIdleByHand()
    {
        const std::vector<analysis::Step> steps(1);
        analysis::AdviceInputs in;
        in.steps = &steps;
        in.windows = {analysis::TimeRange{0, 100}};
        in.computeBusy = {analysis::TimeRange{10, 40}, analysis::TimeRange{60, 70}};
        std::vector<analysis::Gap> gaps(3);
        gaps[0].start = -20, gaps[0].dur = 10;
        gaps[1].start = 40, gaps[1].dur = 20;
        gaps[2].start = 80, gaps[2].dur = 15;
        const analysis::ComputeIdle c = analysis::computeIdle(in, gaps);
        QCOMPARE(c.analysedNs, TimeNs(100));
        QCOMPARE(c.steps, 1);
        QCOMPARE(c.idleNs, TimeNs(60));
        QCOMPARE(c.idlePct, 60.0);
        QCOMPARE(c.inGapsNs, TimeNs(35));
        QCOMPARE(c.inGapsPct, 35.0);
        QCOMPARE(c.gaps, 3);
    }

    void sameComputeIdleEverywhere_data() { rows(); }
    void sameComputeIdleEverywhere()
    {
        QString path;
        const auto trace = traceOfRow(&path);
        if (!trace)
            QSKIP(qPrintable(QStringLiteral("trace %1 not found (set LANESCOPE_TRACES_DIR): skipped").arg(path)));
        AnalysisDock dock;
        dock.setTrace(trace);
        QVERIFY(settle(dock));
        const analysis::AnalysisResult core = analysis::analyze(*trace, dock.options());
        const analysis::ComputeIdle &c = core.computeIdle;
        QVERIFY(c.analysedNs > 0);
        QVERIFY(c.idleNs > 0 && c.idleNs <= c.analysedNs);
        QVERIFY(c.inGapsNs <= c.idleNs);
        // Every advice item's idle time is a part of the whole the header names.
        for (const analysis::Advice &a : core.advice)
            QVERIFY2(a.explainedNs <= c.idleNs, qPrintable(a.id));

        const QString expected = QLocale().toString(c.idlePct, 'f', 1);
        const QString header = dock.statusText(), breakdown = dock.breakdownChart()->computeIdleText(),
                      advice = dock.adviceList()->summaryText();
        QCOMPARE(computeIdleIn(header), expected);
        QCOMPARE(computeIdleIn(breakdown), expected);
        QCOMPARE(computeIdleIn(advice), expected);
        // The header leads with it, and says how much of it the listed gaps hold.
        QVERIFY2(header.startsWith(QStringLiteral("Compute idle")), qPrintable(header));
        QVERIFY2(header.contains(QStringLiteral("%1 % in the %2 gaps").arg(QLocale().toString(c.inGapsPct, 'f', 1)).arg(c.gaps)),
                 qPrintable(header));
        // Each names its window; the all-GPU figure is named as the other measure it is.
        for (const QString &t : {header, breakdown, advice})
            QVERIFY2(t.contains(GapTableModel::computeIdleScope(c)), qPrintable(t));
        QVERIFY2(header.contains(QStringLiteral("All-GPU idle %1 %").arg(QLocale().toString(core.temporal.idlePct, 'f', 1))),
                 qPrintable(header));
        QVERIFY(breakdown.contains(QStringLiteral("differs by definition")));
        QVERIFY(dock.breakdownChart()->overlapText().contains(QStringLiteral("all-GPU idle %1").arg(GapTableModel::durationText(core.temporal.idle))));
    }

    void adviceClickListsItsGaps_data() { rows(); }
    void adviceClickListsItsGaps()
    {
        QString path;
        const auto trace = traceOfRow(&path);
        if (!trace)
            QSKIP(qPrintable(QStringLiteral("trace %1 not found (set LANESCOPE_TRACES_DIR): skipped").arg(path)));
        AnalysisDock dock;
        dock.resize(600, 800);
        dock.show();
        dock.setTrace(trace);
        QVERIFY(settle(dock));
        const std::vector<analysis::Advice> advice = dock.result()->advice;
        int listing = 0;
        for (int i = 0; i < int(advice.size()); ++i) {
            const analysis::Advice &a = advice[std::size_t(i)];
            if (!a.listsGaps)
                continue;
            ++listing;
            // The count the item cites is the count the table will show.
            QVERIFY2(a.evidence.contains(QString::number(a.gapCount)), qPrintable(a.evidence));
            // Back to the default table first, then a click on the item.
            dock.setGapThresholdNs(AnalysisDock::kDefaultGapNs);
            dock.setGemmGapsOnly(true);
            QVERIFY(settle(dock));
            dock.tabs()->setCurrentWidget(dock.adviceList());
            QListWidget *list = dock.adviceList()->listWidget();
            QTRY_VERIFY(list->isVisible());
            const QRect r = list->visualItemRect(list->item(i));
            QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, r.center());
            QVERIFY(settle(dock));
            QCOMPARE(dock.gapThresholdNs(), analysis::kAdviceGapNs);
            QVERIFY(!dock.gemmGapsOnly());
            QCOMPARE(dock.tabs()->currentWidget(), dock.gapView()->parentWidget());
            QCOMPARE(dock.gapProxy()->rowCount(), a.gapCount);
            const int all = int(dock.result()->gaps.size());
            QCOMPARE(dock.tabs()->tabText(dock.tabs()->currentIndex()),
                     a.gapCount == all ? QStringLiteral("Gaps (%1)").arg(all) : QStringLiteral("Gaps (%1 of %2)").arg(a.gapCount).arg(all));
            for (int row = 0; row < dock.gapProxy()->rowCount(); ++row) {
                const QModelIndex idx = dock.gapProxy()->index(row, 0);
                QCOMPARE(idx.data(GapTableModel::CauseKeyRole).toString(), GapCauseStyle::key(a.gapCause));
                if (!a.gapCollective.isEmpty())
                    QVERIFY(idx.data(GapTableModel::CollectiveRole).toString().contains(a.gapCollective));
            }
        }
        if (listing == 0)
            qWarning("no advice item that lists gaps on this trace: nothing clicked");
        else
            qInfo("%d advice item(s) clicked, each listing its gaps", listing);
        if (QByteArray(QTest::currentDataTag()).startsWith("demo"))
            QVERIFY2(listing > 0, "the demo's baseline gets the AllGather advice");
    }

    void gemmWindowsNamed_data() { rows(); }
    void gemmWindowsNamed()
    {
        QString path;
        const auto trace = traceOfRow(&path);
        if (!trace)
            QSKIP(qPrintable(QStringLiteral("trace %1 not found (set LANESCOPE_TRACES_DIR): skipped").arg(path)));
        AnalysisDock dock;
        dock.setTrace(trace);
        QVERIFY(settle(dock));
        const QCheckBox *gemm = dock.findChild<QCheckBox *>(QStringLiteral("gapGemmOnly"));
        QVERIFY(gemm);
        QVERIFY(gemm->text().contains(QStringLiteral("GEMM-to-GEMM")));
        QVERIFY(gemm->toolTip().contains(QStringLiteral("within a GEMM-to-GEMM window")));
        QVERIFY(dock.statusText().contains(QStringLiteral("within GEMM-to-GEMM windows")));
        const GapTableModel *m = dock.gapModel();
        QCOMPARE(m->headerData(GapTableModel::GemmBeforeColumn, Qt::Horizontal).toString(), QStringLiteral("GEMM before"));
        for (int row = 0; row < m->rowCount(); ++row) {
            const analysis::Gap *g = m->gap(row);
            // Inside a GEMM-to-GEMM window both ends are known; the table names them.
            QVERIFY(!g->gemmBefore.isEmpty() && !g->gemmAfter.isEmpty());
            QCOMPARE(m->index(row, GapTableModel::GemmBeforeColumn).data().toString(), GapTableModel::ownKernelName(g->gemmBefore));
            QCOMPARE(m->index(row, GapTableModel::GemmAfterColumn).data().toString(), GapTableModel::ownKernelName(g->gemmAfter));
            // The whole name in the tooltip.
            QVERIFY(!m->index(row, GapTableModel::GemmBeforeColumn).data(Qt::ToolTipRole).toString().isEmpty());
        }
    }

    // The kernel's own name first, whatever namespaces (anonymous ones too) and templates surround it.
    void kernelOwnName()
    {
        QCOMPARE(GapTableModel::ownKernelName(QStringLiteral(
                     "void at::native::(anonymous namespace)::multi_tensor_apply_kernel<at::native::TensorListMetadata<3>, int>(int, float*)")),
                 QStringLiteral("multi_tensor_apply_kernel<at::native::TensorListMetadata<3>, int>"));
        QCOMPARE(GapTableModel::ownKernelName(QStringLiteral("void at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunctor_add<float> >(int)")),
                 QStringLiteral("vectorized_elementwise_kernel<4, at::native::CUDAFunctor_add<float> >"));
        QCOMPARE(GapTableModel::ownKernelName(QStringLiteral("volta_sgemm_128x64_nn")), QStringLiteral("volta_sgemm_128x64_nn"));
        QCOMPARE(GapTableModel::ownKernelName(QStringLiteral("Memcpy HtoD (Pageable -> Device)")), QStringLiteral("Memcpy HtoD"));
    }

    // What the trace does not know stays visibly empty; an FP32 SGEMM trace is told the tensor-core
    // peak does not apply.
    void mfuUnknownInputsEmpty_data() { rows(); }
    void mfuUnknownInputsEmpty()
    {
        QString path;
        const auto trace = traceOfRow(&path);
        if (!trace)
            QSKIP(qPrintable(QStringLiteral("trace %1 not found (set LANESCOPE_TRACES_DIR): skipped").arg(path)));
        AnalysisDock dock;
        dock.setTrace(trace);
        QVERIFY(settle(dock));
        MfuPanel *mfu = dock.mfuPanel();
        const QLineEdit *params = mfu->findChild<QLineEdit *>(QStringLiteral("mfuParams"));
        QVERIFY(params);
        QVERIFY(params->text().isEmpty());
        QVERIFY(params->placeholderText().contains(QStringLiteral("unknown")));
        QCOMPARE(mfu->inputs().params, 0.0);
        QCOMPARE(mfu->mfuText(), QStringLiteral("—"));
        QVERIFY(!dock.result()->mfu.valid);
        QVERIFY2(mfu->noteText().contains(QStringLiteral("parameter count")), qPrintable(mfu->noteText()));
        const bool v100 = trace->devices.size() > 0 && trace->devices.front().name.contains(QStringLiteral("V100"));
        QCOMPARE(mfu->fp32Gemms(), v100); // volta_sgemm_* there; bf16 tensor-core GEMMs in the demo
        QCOMPARE(mfu->noteText().contains(QStringLiteral("FP32")), v100);
    }

    // A range that holds no whole step says so, not that the trace has no steps.
    void rangeWithoutWholeStep()
    {
        LoadResult r = loadTrace(m_demoPath);
        QVERIFY(r.trace);
        AnalysisDock dock;
        dock.setTrace(r.trace);
        QVERIFY(settle(dock));
        const auto steps = dock.result()->steps;
        QVERIFY(steps.size() >= 2);
        // From the middle of the first step to the middle of the second: no step wholly inside.
        const TimeNs a = steps[0].start + steps[0].dur / 2, b = steps[1].start + steps[1].dur / 2;
        dock.setAnalysisRange(a, b);
        QVERIFY(settle(dock));
        QVERIFY(dock.result()->mfu.stepS <= 0);
        const QString note = dock.mfuPanel()->noteText();
        QVERIFY2(note.contains(QStringLiteral("No whole ProfilerStep lies inside the analysed range")), qPrintable(note));
        QVERIFY(!note.contains(QStringLiteral("has no ProfilerStep#N spans")));
        QVERIFY(note.contains(QString::number(steps.size())));
    }

    // W zooms the timeline after a gap row was clicked in the dock.
    void keysAfterGapClick()
    {
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        w.openFile(m_demoPath);
        QVERIFY(QTest::qWaitFor([&] { return w.trace() && !w.analysisDock()->isBusy() && w.analysisDock()->result(); },
                                kAnalysisTimeoutMs));
        AnalysisDock *dock = w.analysisDock();
        QTableView *view = dock->gapView();
        dock->tabs()->setCurrentWidget(view->parentWidget());
        QVERIFY(view->model()->rowCount() > 0);
        const QModelIndex index = view->model()->index(0, 0);
        view->scrollTo(index);
        view->setFocus();
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(index).center());
        QTest::keyClick(view, Qt::Key_Return); // an activation whatever the style
        TimelineView *tl = w.timelineView();
        QTRY_VERIFY(tl->hasHighlight());
        QTRY_VERIFY(tl->hasFocus());
        // Keys typed into the window (through the window system, as a user's reach the focus widget).
        QWindow *win = w.windowHandle();
        QVERIFY(win);
        const double before = tl->visibleEndNs() - tl->visibleStartNs();
        QTest::keyClick(win, Qt::Key_W);
        const double after = tl->visibleEndNs() - tl->visibleStartNs();
        QVERIFY2(after < before * 0.95, qPrintable(QStringLiteral("%1 -> %2 ns").arg(before).arg(after)));
        QTest::keyClick(win, Qt::Key_S);
        QVERIFY(tl->visibleEndNs() - tl->visibleStartNs() > after);
    }
};

QTEST_MAIN(TestNumbersAgree)
#include "tst_computeidle.moc"
