// SPDX-License-Identifier: GPL-3.0-or-later
// View > Critical Path: the critical path of the analysed step drawn over the lanes of the
// synthetic FSDP baseline (through the AllGather stream and the compute stream), nothing drawn
// while the toggle is off; and the Analysis dock's Critical Path tab shows the same figures.
#include "core/analysis/run/Analysis.h"
#include "core/analysis/text/FigureText.h"
#include "core/parse/TraceLoader.h"
#include "core/synth/TraceSynth.h"
#include "widgets/analysis/CriticalPathPanel.h"
#include "widgets/render/CriticalPathOverlay.h"
#include "widgets/timeline/TimelineView.h"
#include "widgets/view/Session.h"
#include "tests/gui/CountColour.h"

#include <QFile>
#include <QLabel>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

using namespace lanescope;
using test::countColour;

class TestCriticalPathOverlay : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    std::shared_ptr<const Trace> m_trace;
    std::shared_ptr<const analysis::AnalysisResult> m_result;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        synth::SynthConfig c;
        c.scenario = synth::Scenario::Baseline;
        const synth::SynthOutput out = synth::synthesize(c);
        const QString path = m_dir.filePath(QStringLiteral("fsdp-baseline.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(out.traces.at(0).data(), qint64(out.traces.at(0).size()));
        f.close();
        m_trace = loadTrace(path).trace;
        QVERIFY(m_trace);
        m_result = std::make_shared<const analysis::AnalysisResult>(analysis::analyze(*m_trace));
        QVERIFY(m_result->criticalPath.valid);
    }

    void drawnWhenOn()
    {
        const analysis::CriticalPath &cp = m_result->criticalPath;
        TimelineView v;
        v.setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        v.resize(TimelineView::kHeaderWidth + 1000, 700);
        v.show();
        v.setTrace(m_trace);
        v.session()->setAnalysis(0, m_result);
        QVERIFY(!v.criticalPathVisible()); // off at first
        // A stretch of the step where the path runs through an AllGather and the compute after it.
        const analysis::PathSegment *ag = nullptr;
        for (const analysis::PathSegment &s : cp.segments)
            if (s.part == analysis::PathPart::Communication && (!ag || s.to - s.from > ag->to - ag->from))
                ag = &s;
        QVERIFY(ag);
        const TimeNs len = ag->to - ag->from;
        v.setVisibleRange(double(ag->from - len), double(ag->to + 2 * len));
        const QImage off = v.renderFrame();

        v.setCriticalPathVisible(true);
        QVERIFY(CriticalPathPass::of(v.session())->isOn());
        const QImage on = v.renderFrame();
        QVERIFY(on != off);
        // The AllGather outlined in the communication colour on its own lane (the NCCL stream).
        const int agLane = v.laneLayout().laneOfTrack(0, ag->track);
        QVERIFY(agLane >= 0);
        const QRect agRect = v.laneRect(agLane);
        const QColor comm = criticalPathColor(analysis::PathPart::Communication);
        QVERIFY(countColour(on, comm, agRect) > 50);
        QCOMPARE(countColour(off, comm, agRect), 0);
        // The compute stream's kernels after it, in the GPU compute colour.
        const QColor compute = criticalPathColor(analysis::PathPart::GpuCompute);
        QVERIFY(countColour(on, compute, on.rect()) > countColour(off, compute, off.rect()));

        // Off again: the picture is what it was.
        v.setCriticalPathVisible(false);
        QCOMPARE(v.renderFrame(), off);
    }

    void nothingWithoutAnalysis()
    {
        // On, but no run analysed: nothing to draw, the picture does not change.
        TimelineView v;
        v.setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        v.resize(TimelineView::kHeaderWidth + 600, 400);
        v.show();
        v.setTrace(m_trace);
        v.setVisibleRange(double(m_trace->minTs), double(m_trace->minTs) + 5e7);
        const QImage off = v.renderFrame();
        v.setCriticalPathVisible(true);
        QCOMPARE(v.renderFrame(), off);
    }

    void dockPanel()
    {
        const analysis::CriticalPath &cp = m_result->criticalPath;
        CriticalPathPanel panel;
        panel.setResult(m_result);
        QCOMPARE(panel.sentenceLabel()->text(), analysis::criticalPathSentence(cp));
        QTreeWidget *parts = panel.partList();
        QCOMPARE(parts->topLevelItemCount(), analysis::kPathParts);
        for (int k = 0; k < analysis::kPathParts; ++k) {
            const auto part = analysis::PathPart(k);
            QCOMPARE(parts->topLevelItem(k)->text(0), analysis::pathPartLabel(part));
            QCOMPARE(parts->topLevelItem(k)->text(1), analysis::figure::pct(cp.sharePct(part)));
        }
        panel.setResult(nullptr);
        QCOMPARE(parts->topLevelItemCount(), 0);
        QVERIFY(panel.sentenceLabel()->text().isEmpty());
    }
};

QTEST_MAIN(TestCriticalPathOverlay)
#include "tst_criticalpathoverlay.moc"
