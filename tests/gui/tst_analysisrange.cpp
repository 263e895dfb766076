// SPDX-License-Identifier: GPL-3.0-or-later
// The Analysis dock over any range (core/analysis/run/AnalysisRange.h): on a trace without
// ProfilerStep (MTIA inference), an annotation picked in the timeline (setAnalysisSlice, what a
// double-click calls) is analysed by its name and instance and the Critical Path tab shows its
// path; an operator is not an annotation; a selected range without a step gets the range's path.
#include "core/analysis/run/Analysis.h"
#include "core/parse/TraceLoader.h"
#include "tests/TestTraces.h"
#include "widgets/analysis/AnalysisDock.h"
#include "widgets/analysis/CriticalPathPanel.h"

#include <QComboBox>
#include <QLabel>
#include <QTabWidget>
#include <QtTest>

using namespace lanescope;

namespace {

constexpr int kAnalysisTimeoutMs = 120000;

bool settle(const AnalysisDock &dock)
{
    return QTest::qWaitFor([&] { return !dock.isBusy() && dock.result(); }, kAnalysisTimeoutMs);
}

} // namespace

class TestAnalysisRange : public QObject
{
    Q_OBJECT

    std::shared_ptr<const Trace> m_trace;

private slots:
    void initTestCase()
    {
        const QString path = test::tracePath(QStringLiteral("mtia-inference.json.gz"));
        if (!QFileInfo::exists(path))
            QSKIP(qPrintable(QStringLiteral("real trace %1 not found (set LANESCOPE_TRACES_DIR): skipped").arg(path)));
        m_trace = loadTrace(path).trace;
        QVERIFY(m_trace);
        QVERIFY(analysis::findSteps(*m_trace).empty());
    }

    void annotationPicked()
    {
        AnalysisDock dock;
        dock.setTrace(m_trace);
        QVERIFY(settle(dock));
        QVERIFY(!dock.result()->criticalPath.valid); // the whole trace: no step, no path

        const QString name = QStringLiteral("Stage::PyTorchMRSGIFTask::run");
        const std::vector<analysis::SliceRef> all = analysis::annotationInstances(*m_trace, name);
        QVERIFY(all.size() > 3);
        QVERIFY(dock.setAnalysisSlice(all[2].track, all[2].slice));
        QVERIFY(settle(dock));
        const analysis::CriticalPath &cp = dock.result()->criticalPath;
        QVERIFY2(cp.valid, qPrintable(cp.error));
        QCOMPARE(cp.scope, analysis::RangeKind::Annotation);
        QCOMPARE(cp.instance, 2);
        QCOMPARE(cp.instances, int(all.size()));
        QCOMPARE(cp.lengthNs, m_trace->tracks[all[2].track].dur[all[2].slice]);
        QCOMPARE(dock.options().annotation, name);
        QCOMPARE(dock.options().instance, 2);
        QCOMPARE(dock.tabs()->currentWidget(), static_cast<QWidget *>(dock.criticalPathPanel()));
        QVERIFY(dock.stepBox()->currentText().contains(name));
        QCOMPARE(dock.criticalPathPanel()->sentenceLabel()->text(), analysis::criticalPathSentence(cp));

        // An operator (cpu_op) is no annotation: nothing changes.
        const Track &tr = m_trace->tracks[all[2].track];
        for (std::size_t i = 0; i < tr.size(); ++i) {
            const std::uint16_t c = tr.catId[i];
            if (c < m_trace->categoryClass.size() && m_trace->categoryClass[c] == CategoryClass::CpuOp) {
                QVERIFY(!dock.setAnalysisSlice(all[2].track, std::uint32_t(i)));
                break;
            }
        }
        QCOMPARE(dock.options().instance, 2);

        // Back to the whole trace: no path again.
        dock.stepBox()->setCurrentIndex(0);
        QVERIFY(settle(dock));
        QVERIFY(!dock.result()->criticalPath.valid);
    }

    void selectedRange()
    {
        AnalysisDock dock;
        dock.setTrace(m_trace);
        QVERIFY(settle(dock));
        const TimeNs span = m_trace->maxTs - m_trace->minTs;
        dock.setAnalysisRange(m_trace->minTs + span / 3, m_trace->minTs + span / 2);
        QVERIFY(settle(dock));
        const analysis::CriticalPath &cp = dock.result()->criticalPath;
        QVERIFY2(cp.valid, qPrintable(cp.error));
        QCOMPARE(cp.scope, analysis::RangeKind::Window);
        QCOMPARE(cp.lengthNs, span / 2 - span / 3);
        TimeNs sum = 0;
        for (TimeNs p : cp.partsNs)
            sum += p;
        QCOMPARE(sum, cp.lengthNs);
    }
};

QTEST_MAIN(TestAnalysisRange)
#include "tst_analysisrange.moc"
