// SPDX-License-Identifier: GPL-3.0-or-later
// The ghost of the replayed step over the timeline, on the real ResNet-50 input-bound baseline:
// the analysed step replayed off the UI thread with the data-loader fix (an advice's "Show
// replayed step") and with every shown advice's fix (Analysis > Replayed Step Ghost); each device
// activity outlined where the replay puts it (the pixels of the renderer's time -> x), a line back
// to where it ran, the label at the replayed end; nothing drawn while off; picture exports keep it.
#include "../TestTraces.h"

#include "app/gui/MainWindow.h"
#include "core/analysis/run/Analysis.h"
#include "core/analysis/run/Evidence.h"
#include "core/analysis/text/FigureText.h"
#include "core/analysis/measures/replay/Fixes.h"
#include "core/analysis/measures/replay/Replay.h"
#include "core/analysis/measures/replay/ReplayGraph.h"
#include "core/parse/TraceLoader.h"
#include "widgets/analysis/AdviceList.h"
#include "widgets/analysis/AnalysisDock.h"
#include "widgets/analysis/ReplayGhostController.h"
#include "widgets/render/PictureExport.h"
#include "widgets/render/ReplayGhostOverlay.h"
#include "widgets/timeline/TimelineView.h"
#include "widgets/view/Session.h"
#include "widgets/view/ViewState.h"
#include "tests/gui/CountColour.h"

#include <QListWidget>
#include <QSignalSpy>
#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace lanescope;
using test::countColour;

class TestReplayGhost : public QObject
{
    Q_OBJECT

    std::shared_ptr<const Trace> m_trace;
    std::shared_ptr<const analysis::AnalysisResult> m_result;
    analysis::replay::WhatIf m_expected; // the step replayed with the data-loader fix, here

private slots:
    void initTestCase()
    {
        LANESCOPE_REQUIRE_TRACE(path, "resnet50-dataloader-baseline.pt.trace.json.gz");
        m_trace = loadTrace(path).trace;
        QVERIFY(m_trace);
        m_result = std::make_shared<const analysis::AnalysisResult>(analysis::analyze(*m_trace));
        QVERIFY(m_result->criticalPath.valid);
        // The same replay as the ghost's, straight from core on the critical path's step.
        const analysis::detail::EvidenceIndex index(*m_trace);
        const analysis::replay::ReplayGraph graph = analysis::replay::buildReplayGraph(index, m_result->criticalPath.step);
        std::vector<analysis::replay::Fix> fixes;
        QString error;
        QVERIFY(analysis::replay::parseFixes(QStringLiteral("dataloader"), &fixes, &error));
        m_expected = analysis::replay::whatIf(graph, fixes, -1);
        QVERIFY2(m_expected.valid, qPrintable(m_expected.error));
        QVERIFY(!m_expected.activities.empty());
        // An input-bound step: the fix shortens it.
        QVERIFY(m_expected.combined.projectedNs < m_expected.stepNs);
    }

    void ghostAtProjectedTimes()
    {
        if (!m_trace)
            QSKIP("no trace");
        TimelineView v;
        v.setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        v.resize(TimelineView::kHeaderWidth + 1200, 900);
        v.show();
        v.setTrace(m_trace);
        v.session()->setAnalysis(0, m_result);
        const analysis::Step &step = m_expected.step;
        const double from = double(step.start), to = double(step.start + m_expected.stepNs);
        const double margin = (to - from) * 0.05;
        v.setVisibleRange(from - margin, to + margin);
        const QImage off = v.renderFrame();

        ReplayGhostController ghost(v.session());
        QVERIFY(!ghost.isOn());
        QSignalSpy ready(&ghost, &ReplayGhostController::ghostReady);
        ghost.showAdvice(QStringLiteral("dataloader"));
        QVERIFY(ghost.isOn());
        QTRY_VERIFY_WITH_TIMEOUT(ReplayGhostPass::ghostOf(v.state()) != nullptr, 60000);
        QVERIFY(ghost.message().isEmpty());
        const std::shared_ptr<const ReplayGhost> g = ReplayGhostPass::ghostOf(v.state());
        const analysis::replay::WhatIf &w = *g->whatIf;
        // Computed off the UI thread on the same step with the same fix: the same replay.
        QCOMPARE(w.combined.id, QStringLiteral("dataloader"));
        QCOMPARE(w.stepNs, m_expected.stepNs);
        QCOMPARE(w.combined.projectedNs, m_expected.combined.projectedNs);
        QCOMPARE(w.activities.size(), m_expected.activities.size());

        const QImage on = v.renderFrame();
        QVERIFY(on != off);
        // The renderer's time -> x: the lanes' width over the window (checked on the measured
        // slices' own rectangles first).
        const QRect lanes = v.lanesRect();
        const double x0 = v.visibleStartNs(0), pxPerNs = lanes.width() / (v.visibleEndNs(0) - x0);
        auto xOf = [&](TimeNs t) { return lanes.left() + (double(t) - x0) * pxPerNs; };
        TimelineRenderer r;
        // The view's renderer is private: a renderer over the same runs, layout and window.
        r.setRuns({RenderRun{m_trace.get(), v.session()->index(0), v.session()->base(0)}});
        r.setLayout(&v.laneLayout());
        r.setFont(v.font());
        r.setViewport(v.viewport()->size(), v.state()->windowStart(), v.state()->windowRange(), 0);
        const ReplayGhostGeometry geo = replayGhostGeometry(r, *g);
        QVERIFY(!geo.boxes.empty());
        int checked = 0, moved = 0;
        const QColor line = replayGhostLineColor();
        for (const ReplayGhostGeometry::Box &b : geo.boxes) {
            const analysis::replay::ProjectedActivity &a = w.activities[b.activity];
            const analysis::replay::ProjectedActivity &e = m_expected.activities[b.activity];
            QCOMPARE(a.projectedStart, e.projectedStart);
            QCOMPARE(a.projectedEnd, e.projectedEnd);
            const QRectF measured = v.sliceRect({0, a.track, a.slice});
            QVERIFY(!measured.isNull());
            QVERIFY2(std::abs(measured.left() - xOf(a.start)) <= 1.0, "the measured slice sits at its start's x");
            QVERIFY2(std::abs(b.rect.left() - xOf(a.projectedStart)) <= 0.5, "the box starts at the projected start's x");
            QVERIFY(b.rect.right() >= std::max(xOf(a.projectedStart) + 1.0, xOf(a.projectedEnd)) - 0.5);
            // In the activity's own row of its lane.
            QVERIFY(b.rect.top() >= measured.top() - 0.5 && b.rect.bottom() <= measured.bottom() + 0.5);
            // Drawn: the outline's colour on the picture at the box's left edge.
            if (b.rect.left() > lanes.left() + 2 && b.rect.right() < lanes.right() - 2 && b.rect.width() >= 3) {
                const int x = int(std::round(b.rect.left())), y = int(b.rect.center().y());
                QVERIFY2(countColour(on, line, QRect(x - 1, y - 1, 3, 3)) > 0, "the box's outline is drawn");
                ++checked;
            }
        }
        QVERIFY(checked > 0);
        // Every activity of the step in the window lies in a box of its row, from its projected
        // start to its projected end (back-to-back ones share a box).
        int covered = 0;
        for (const analysis::replay::ProjectedActivity &a : w.activities) {
            const double a0 = xOf(a.projectedStart), a1 = std::max(a0 + 1.0, xOf(a.projectedEnd));
            if (a1 < lanes.left() || a0 > lanes.right())
                continue;
            const QRectF measured = v.sliceRect({0, a.track, a.slice});
            if (measured.isNull())
                continue; // a lane out of the view's height
            moved += std::abs(a0 - xOf(a.start)) > kReplayGhostTiePx ? 1 : 0;
            const bool in = std::any_of(geo.boxes.begin(), geo.boxes.end(), [&](const ReplayGhostGeometry::Box &b) {
                return b.rect.left() <= a0 + 0.5 && b.rect.right() >= a1 - 0.5 && b.rect.center().y() >= measured.top()
                    && b.rect.center().y() <= measured.bottom();
            });
            QVERIFY2(in, qPrintable(QStringLiteral("activity at %1 ns projected to %2 ns has no box").arg(a.start).arg(a.projectedStart)));
            ++covered;
        }
        QVERIFY(covered >= 20);
        // The data loader's wait gone: work moves earlier, each moved box tied to where it ran.
        QVERIFY(moved > 0);
        QVERIFY(!geo.ties.empty());
        for (const QLineF &t : geo.ties)
            QVERIFY(t.x2() < t.x1()); // earlier, never later
        // The replayed end marked and labelled: "replayed: 176.5 ms → 114.1 ms (dataloader)".
        QVERIFY(geo.endVisible);
        QVERIFY(std::abs(geo.endX - xOf(step.start + w.combined.projectedNs)) <= 0.5);
        QVERIFY(geo.endX < geo.measuredEndX);
        QCOMPARE(replayGhostLabel(w), QStringLiteral("replayed: %1 → %2 (dataloader)")
                                          .arg(analysis::figure::stepTime(double(w.stepNs)),
                                               analysis::figure::stepTime(double(w.combined.projectedNs))));
        // Nothing of the ghost in the picture without it.
        QCOMPARE(countColour(off, line, lanes), 0);
        QVERIFY(countColour(on, line, lanes) > 100);
        // A picture export of what is shown keeps it, drawn by the same renderer pass.
        const std::vector<OverlayLayer> kept = PictureExport::pictureOverlay(v.overlay()).layers;
        QVERIFY(std::any_of(kept.begin(), kept.end(), [](const OverlayLayer &l) { return l.z == OverlayPass::ReplayGhostZ && l.drawing; }));
        PictureInput in;
        in.runs = {RenderRun{m_trace.get(), v.session()->index(0), v.session()->base(0)}};
        in.layout = &v.laneLayout();
        in.windowStart = v.state()->windowStart();
        in.windowRange = v.state()->windowRange();
        PictureOptions opt;
        opt.width = 1400;
        opt.metrics = false;
        const QRect timeline = PictureExport::timelineRect(in, opt);
        QCOMPARE(countColour(PictureExport::image(in, opt), line, timeline), 0);
        in.overlay = PictureExport::pictureOverlay(v.overlay());
        QVERIFY(countColour(PictureExport::image(in, opt), line, timeline) > 100);

        // Off: the picture is what it was.
        ghost.setOn(false);
        QVERIFY(!ReplayGhostPass::ghostOf(v.state()));
        QCOMPARE(v.renderFrame(), off);
    }

    void combinedAdvice()
    {
        if (!m_trace)
            QSKIP("no trace");
        Session session;
        session.setTrace(m_trace);
        session.setAnalysis(0, m_result);
        ReplayGhostController ghost(&session);
        const QStringList ids = ghost.replayableAdvice();
        QVERIFY(ids.contains(QStringLiteral("dataloader")));
        ghost.setOn(true);
        QTRY_VERIFY_WITH_TIMEOUT(ReplayGhostPass::ghostOf(session.state()) != nullptr, 60000);
        const analysis::replay::WhatIf &w = *ReplayGhostPass::ghostOf(session.state())->whatIf;
        // Every shown advice a replay applies, at once: at least as short as the data loader's alone.
        QCOMPARE(w.combined.id.split(QLatin1Char(',')).size(), w.fixes.size());
        QVERIFY(w.combined.id.split(QLatin1Char(',')).contains(QStringLiteral("dataloader")));
        QVERIFY(w.combined.projectedNs <= m_expected.combined.projectedNs);
        // A new analysis of the run replays again; off clears.
        session.setAnalysis(0, std::make_shared<const analysis::AnalysisResult>(*m_result));
        QTRY_VERIFY_WITH_TIMEOUT(ReplayGhostPass::ghostOf(session.state()) != nullptr && !ghost.isBusy(), 60000);
        ghost.setOn(false);
        QVERIFY(!ReplayGhostPass::ghostOf(session.state()));
        QVERIFY(!ghost.isOn());
    }

    void windowWiring()
    {
        if (!m_trace)
            QSKIP("no trace");
        // The window: Analysis > Replayed Step Ghost draws every shown advice combined once the
        // dock's analysis is in; an advice item's Show Replayed Step that advice's alone, and
        // the menu's check follows.
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto *action = w.findChild<QAction *>(QStringLiteral("replayGhostAction"));
        QVERIFY(action);
        QVERIFY(action->isCheckable() && !action->isChecked());
        action->trigger(); // on before any trace: replays as soon as an analysis arrives
        w.openFile(m_trace->path);
        ViewState *state = w.session()->state();
        QTRY_VERIFY_WITH_TIMEOUT(ReplayGhostPass::ghostOf(state) != nullptr, 60000);
        QVERIFY(ReplayGhostPass::ghostOf(state)->whatIf->combined.id.split(QLatin1Char(',')).contains(QStringLiteral("dataloader")));
        action->trigger();
        QVERIFY(!ReplayGhostPass::ghostOf(state));
        AdviceList *list = w.analysisDock()->adviceList();
        QTRY_VERIFY(list->count() > 0);
        int row = 0;
        while (row < list->count() && list->listWidget()->item(row)->data(AdviceList::IdRole).toString() != QLatin1String("dataloader"))
            ++row;
        QVERIFY(row < list->count());
        list->requestReplay(row);
        QVERIFY(action->isChecked());
        QTRY_VERIFY_WITH_TIMEOUT(ReplayGhostPass::ghostOf(state) != nullptr, 60000);
        QCOMPARE(ReplayGhostPass::ghostOf(state)->whatIf->combined.id, QStringLiteral("dataloader"));
        QCOMPARE(ReplayGhostPass::ghostOf(state)->whatIf->combined.projectedNs, m_expected.combined.projectedNs);
    }

    void adviceListAsks()
    {
        if (!m_trace)
            QSKIP("no trace");
        // The advice list's "Show replayed step" names the item's advice, for items a replay applies.
        AdviceList list;
        list.setResult(m_result);
        QSignalSpy asked(&list, &AdviceList::replayRequested);
        int replayable = 0;
        for (int row = 0; row < list.count(); ++row) {
            const QString id = list.listWidget()->item(row)->data(AdviceList::IdRole).toString();
            std::vector<analysis::replay::Fix> fixes;
            QString error;
            const bool can = analysis::replay::parseFixes(id, &fixes, &error);
            QCOMPARE(list.canReplay(row), can);
            // The tooltip says so where the menu offers it.
            QCOMPARE(list.listWidget()->item(row)->toolTip().contains(QLatin1String("Right-click")), can);
            list.requestReplay(row);
            if (can) {
                ++replayable;
                QCOMPARE(asked.size(), replayable);
                QCOMPARE(asked.last().at(0).toString(), id);
            }
            QCOMPARE(asked.size(), replayable);
        }
        QVERIFY(replayable > 0);
    }
};

QTEST_MAIN(TestReplayGhost)
#include "tst_replayghost.moc"
