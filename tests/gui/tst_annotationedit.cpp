// SPDX-License-Identifier: GPL-3.0-or-later
// Editing annotations in the window: each drawing tool by simulated mouse, anchored at the
// lane and time under the mouse; move, delete, text and colour edits as undo commands that restore
// the exact state; the sidecar autosave read back by a new window; a damaged sidecar reported while
// the trace still opens; "Annotate findings" adding what Findings computes for the window; the
// export drawing the annotations. In a comparison, "Annotate findings" marks each baseline gap in
// view on the later run at the same aligned time, with that run's idle there.
#include "app/gui/MainWindow.h"

#include "widgets/WarningBanner.h"
#include "widgets/analysis/AnalysisDock.h"
#include "widgets/annotations/AnnotationAutosave.h"
#include "widgets/annotations/AnnotationCommands.h"
#include "widgets/annotations/AnnotationEditor.h"
#include "core/annotations/AnnotationStore.h"
#include "core/analysis/run/KernelClass.h"
#include "core/annotations/Findings.h"
#include "core/annotations/LaneKey.h"
#include "widgets/render/AnnotationPainter.h"
#include "widgets/view/Session.h"
#include "core/synth/TraceSynth.h"
#include "widgets/timeline/TimelineView.h"

#include <QAction>
#include <QApplication>
#include <QFile>
#include <QInputDialog>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>
#include <QUndoStack>
#include <QtTest>

#include <cmath>
#include <memory>

using namespace lanescope;
using annotations::Annotation;
using annotations::Kind;

Q_DECLARE_METATYPE(lanescope::AnnotationTool)

class TestAnnotationEdit : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanupTestCase();
    void drawingToolsCreateAnchoredAnnotations_data();
    void drawingToolsCreateAnchoredAnnotations();
    void moveDeleteEditUndoRedoRestoreExactState();
    void selectModeKeepsTheTimelinesMouse();
    void dragOnACornerResizesAndOnALabelMovesTheText();
    void calloutLabelKeepsItsTimeAndLaneAtAnotherSize();
    void pixelOffsetOfAnEarlierFileIsConverted();
    void autosaveWritesTheSidecarAndANewWindowShowsIt();
    void twoWindowsOnOneTraceKeepEachOthersAnnotations();
    void corruptSidecarIsReportedAndTheTraceOpens();
    void annotateFindingsAddsWhatFindingsComputesForTheWindow();
    void aFullRunRefusesTheNextAnnotation();
    void exportDrawsTheAnnotations();
    void comparisonKeepsEachRunsAnnotationsWithItsRun();
    void comparisonFindingsMarkTheBaselinesGapsInTheLaterRun();

private:
    bool open(MainWindow &w, const QString &path);
    int gpuLane(int nth) const; // the nth GPU lane of run 0 shown
    QPoint rowPoint(int lane, double xFraction) const;
    double expectedRelNs(int x) const; // from the visible window, not the view's own mapping
    double nsPerPx() const;
    void answerTextDialog(const QString &text);
    void drag(QPoint from, QPoint to, Qt::KeyboardModifiers mods = {});
    std::vector<Annotation> items() const { return m_w->session()->annotations(0)->items(); }
    void clearAnnotations();

    QTemporaryDir m_dir;
    QString m_path;
    std::unique_ptr<MainWindow> m_w;
};

void TestAnnotationEdit::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QStandardPaths::setTestModeEnabled(true); // the data folder of AnnotationStore too
    QCoreApplication::setOrganizationName(QStringLiteral("LanescopeTests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_annotationedit"));
    QSettings().clear();
    synth::SynthConfig c;
    c.scenario = synth::Scenario::Baseline;
    c.layers = 16;
    const synth::SynthOutput out = synth::synthesize(c);
    m_path = m_dir.filePath(QStringLiteral("baseline.pt.trace.json"));
    QFile f(m_path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QCOMPARE(f.write(out.traces.at(0).data(), qint64(out.traces.at(0).size())), qint64(out.traces.at(0).size()));
    f.close();
    m_w = std::make_unique<MainWindow>();
    QVERIFY(open(*m_w, m_path));
    // The analysis dock fills in after the load; the tests draw on the window as it then stays.
    QVERIFY(QTest::qWaitFor([&] { return m_w->session()->run(0).analysis && !m_w->analysisDock()->isBusy(); }, 60000));
    QTest::qWait(50);
}

void TestAnnotationEdit::cleanupTestCase() { m_w.reset(); }

bool TestAnnotationEdit::open(MainWindow &w, const QString &path)
{
    w.resize(1400, 900);
    w.show();
    QSignalSpy loaded(&w, &MainWindow::loadFinished);
    w.openFile(path);
    if (!loaded.wait(60000) || !loaded.at(0).at(0).toBool())
        return false;
    return QTest::qWaitForWindowExposed(&w);
}

void TestAnnotationEdit::init()
{
    clearAnnotations();
    m_w->annotationEditor()->toolAction(AnnotationTool::Select)->trigger();
    m_w->timelineView()->fitAll();
    m_w->timelineView()->verticalScrollBar()->setValue(0);
}

void TestAnnotationEdit::clearAnnotations()
{
    m_w->session()->annotations(0)->clear();
    m_w->session()->notifyAnnotationsChanged(0);
    m_w->annotationEditor()->undoStack()->clear();
}

int TestAnnotationEdit::gpuLane(int nth) const
{
    const LaneLayout &layout = m_w->timelineView()->laneLayout();
    for (int i = 0; i < int(layout.lanes().size()); ++i)
        if (layout.lanes()[std::size_t(i)].run == 0 && layout.laneKey(i).startsWith(QLatin1String("gpu:")) && layout.isLaneVisible(i)
            && nth-- == 0)
            return i;
    return -1;
}

QPoint TestAnnotationEdit::rowPoint(int lane, double xFraction) const
{
    const TimelineView *tl = m_w->timelineView();
    const QRect lanes = tl->lanesRect();
    const QRect r = tl->laneRect(lane);
    return QPoint(lanes.left() + int(lanes.width() * xFraction), r.top() + LaneLayout::kLanePad + LaneLayout::kRowHeight / 2);
}

double TestAnnotationEdit::nsPerPx() const
{
    const TimelineView *tl = m_w->timelineView();
    return (tl->visibleEndNs() - tl->visibleStartNs()) / tl->lanesRect().width();
}

double TestAnnotationEdit::expectedRelNs(int x) const
{
    const TimelineView *tl = m_w->timelineView();
    return tl->visibleStartNs() - double(tl->trace()->minTs) + (x - TimelineView::kHeaderWidth) * nsPerPx();
}

void TestAnnotationEdit::answerTextDialog(const QString &text)
{
    // The callout asks for its text in a modal QInputDialog: answer it once it is up.
    auto attempts = std::make_shared<int>(0);
    auto poll = std::make_shared<std::function<void()>>();
    *poll = [text, attempts, poll] {
        auto *dialog = qobject_cast<QInputDialog *>(QApplication::activeModalWidget());
        if (dialog) {
            dialog->setTextValue(text);
            dialog->accept();
        } else if (++*attempts < 250) {
            QTimer::singleShot(20, *poll);
        }
    };
    QTimer::singleShot(0, *poll);
}

void TestAnnotationEdit::drag(QPoint from, QPoint to, Qt::KeyboardModifiers mods)
{
    QWidget *vp = m_w->timelineView()->viewport();
    QTest::mousePress(vp, Qt::LeftButton, mods, from);
    for (int i = 1; i <= 4; ++i)
        QTest::mouseMove(vp, from + (to - from) * i / 4);
    QTest::mouseRelease(vp, Qt::LeftButton, mods, to);
}

static bool sameState(const std::vector<Annotation> &x, const std::vector<Annotation> &y)
{
    if (x.size() != y.size())
        return false;
    for (std::size_t i = 0; i < x.size(); ++i)
        if (x[i].id != y[i].id || !x[i].sameContent(y[i]))
            return false;
    return true;
}

void TestAnnotationEdit::drawingToolsCreateAnchoredAnnotations_data()
{
    QTest::addColumn<AnnotationTool>("tool");
    QTest::newRow("callout") << AnnotationTool::Callout;
    QTest::newRow("arrow") << AnnotationTool::Arrow;
    QTest::newRow("rect") << AnnotationTool::Rect;
    QTest::newRow("range") << AnnotationTool::Range;
    QTest::newRow("marker") << AnnotationTool::Marker;
}

void TestAnnotationEdit::drawingToolsCreateAnchoredAnnotations()
{
    QFETCH(AnnotationTool, tool);
    TimelineView *tl = m_w->timelineView();
    const Trace &trace = *tl->trace();
    const LaneLayout &layout = tl->laneLayout();
    m_w->annotationEditor()->toolAction(tool)->trigger();
    QCOMPARE(tl->annotationTool(), tool);
    const int lane1 = gpuLane(0), lane2 = gpuLane(1);
    QVERIFY(lane1 >= 0 && lane2 >= 0);
    const QString key1 = annotations::LaneKey::forTrack(trace.tracks[layout.lanes()[std::size_t(lane1)].track]);
    const QString key2 = annotations::LaneKey::forTrack(trace.tracks[layout.lanes()[std::size_t(lane2)].track]);
    const QPoint p1 = rowPoint(lane1, 0.3), p2 = rowPoint(lane2, 0.6);
    const double px = nsPerPx();

    if (tool == AnnotationTool::Marker) {
        // A kernel on the first GPU lane, zoomed so that it is wide.
        const Track &trk = trace.tracks[layout.lanes()[std::size_t(lane1)].track];
        QVERIFY(trk.size() > 10);
        const SliceRef ref{0, layout.lanes()[std::size_t(lane1)].track, std::uint32_t(trk.size() / 2)};
        tl->zoomToSlice(ref);
        const QPoint at = tl->sliceRect(ref).center().toPoint();
        QCOMPARE(tl->sliceAt(at), ref);
        QTest::mouseClick(tl->viewport(), Qt::LeftButton, {}, at);
        QCOMPARE(int(items().size()), 1);
        const Annotation a = items().front();
        QCOMPARE(a.kind, Kind::Marker);
        QCOMPARE(a.a.lane, key1);
        QCOMPARE(a.a.t, trk.start[ref.slice] - trace.minTs);
        QCOMPARE(a.b.t, trk.start[ref.slice] + trk.dur[ref.slice] - trace.minTs);
        QCOMPARE(a.a.y, trk.depth[ref.slice] + 0.5);
        QCOMPARE(a.finding, false);
        return;
    }
    if (tool == AnnotationTool::Callout)
        answerTextDialog(QStringLiteral("the AllGather waits here"));
    drag(p1, p2);
    QCOMPARE(int(items().size()), 1);
    const Annotation a = items().front();
    QVERIFY(std::abs(double(a.a.t) - expectedRelNs(p1.x())) <= px);
    QCOMPARE(a.color, tl->annotationColor());
    switch (tool) {
    case AnnotationTool::Callout:
        QCOMPARE(a.kind, Kind::Callout);
        QCOMPARE(a.text, QStringLiteral("the AllGather waits here"));
        QCOMPARE(a.a.lane, key1);
        QVERIFY(std::abs(a.a.y - 0.5) < 0.1);
        QCOMPARE(a.labelDx, double(p2.x() - p1.x())); // dragged: the text box where the mouse let go
        QCOMPARE(a.labelDy, double(p2.y() - p1.y()));
        // ... kept as the time and the lane there.
        QVERIFY(a.hasLabel);
        QVERIFY(std::abs(double(a.label.t) - expectedRelNs(p2.x())) <= 2 * px);
        QCOMPARE(a.label.lane, tl->laneLayout().laneKey(tl->laneLayout().laneAt(p2.y() - TimelineView::kTopHeight + tl->verticalScrollBar()->value())));
        break;
    case AnnotationTool::Arrow:
    case AnnotationTool::Rect:
        QCOMPARE(a.kind, tool == AnnotationTool::Arrow ? Kind::Arrow : Kind::Rect);
        QCOMPARE(a.a.lane, key1);
        QCOMPARE(a.b.lane, key2);
        QVERIFY(std::abs(double(a.b.t) - expectedRelNs(p2.x())) <= px);
        QVERIFY(std::abs(a.a.y - 0.5) < 0.1 && std::abs(a.b.y - 0.5) < 0.1);
        break;
    case AnnotationTool::Range:
        QCOMPARE(a.kind, Kind::Range);
        QVERIFY(std::abs(double(a.b.t) - expectedRelNs(p2.x())) <= px);
        break;
    default: break;
    }
    // Drawn where it was made: the painter puts the first anchor back under the press.
    const AnnotationPainter::Shape s = tl->annotationPainter().shape(0, a);
    QVERIFY(s.visible);
    QVERIFY(std::abs(s.a.x() - p1.x()) <= 1.0);
    if (tool != AnnotationTool::Range)
        QVERIFY(std::abs(s.a.y() - p1.y()) <= 1.0);
    // One undo step, and the tool stays for the next drawing.
    QCOMPARE(m_w->annotationEditor()->undoStack()->count(), 1);
    QCOMPARE(tl->annotationTool(), tool);
    // A click without a drag makes no arrow, rectangle or range.
    if (tool != AnnotationTool::Callout) {
        QTest::mouseClick(tl->viewport(), Qt::LeftButton, {}, p2);
        QCOMPARE(int(items().size()), 1);
    }
}


void TestAnnotationEdit::moveDeleteEditUndoRedoRestoreExactState()
{
    TimelineView *tl = m_w->timelineView();
    AnnotationEditor *ed = m_w->annotationEditor();
    QUndoStack *undo = ed->undoStack();
    ed->toolAction(AnnotationTool::Rect)->trigger();
    const int lane1 = gpuLane(0), lane2 = gpuLane(1);
    drag(rowPoint(lane1, 0.2), rowPoint(lane2, 0.4));
    ed->toolAction(AnnotationTool::Arrow)->trigger();
    drag(rowPoint(lane2, 0.6), rowPoint(lane1, 0.8));
    QCOMPARE(int(items().size()), 2);
    const std::vector<Annotation> created = items();
    ed->toolAction(AnnotationTool::Select)->trigger();

    // Move the rectangle by its middle: both corners by the same time, the lanes as they were.
    const AnnotationPainter::Shape s = tl->annotationPainter().shape(0, created[0]);
    const QPoint mid = s.body.center().toPoint();
    QCOMPARE(tl->annotationAt(mid).id, created[0].id);
    drag(mid, mid + QPoint(60, 0));
    QCOMPARE(tl->selectedAnnotation().id, created[0].id);
    const std::vector<Annotation> moved = items();
    const TimeNs dt = moved[0].a.t - created[0].a.t;
    QVERIFY(std::abs(double(dt) - 60 * nsPerPx()) <= 1);
    QCOMPARE(moved[0].b.t - created[0].b.t, dt);
    QCOMPARE(moved[0].a.lane, created[0].a.lane);
    QCOMPARE(moved[0].b.lane, created[0].b.lane);
    QVERIFY(moved[1].sameContent(created[1]));

    // Recolour, then edit the text by double-click.
    ed->setColor(annotations::Color::Blue);
    const std::vector<Annotation> recoloured = items();
    QCOMPARE(recoloured[0].color, annotations::Color::Blue);
    answerTextDialog(QStringLiteral("prefetch would hide this"));
    const QPoint movedMid = tl->annotationPainter().shape(0, recoloured[0]).body.center().toPoint();
    QTest::mouseDClick(tl->viewport(), Qt::LeftButton, {}, movedMid);
    QTRY_COMPARE(items()[0].text, QStringLiteral("prefetch would hide this"));
    const std::vector<Annotation> edited = items();

    // Delete with the key.
    tl->setFocus();
    QTest::keyClick(tl, Qt::Key_Delete);
    QCOMPARE(int(items().size()), 1);
    QCOMPARE(items()[0].id, created[1].id);
    const std::vector<Annotation> deleted = items();
    QCOMPARE(undo->count(), 6); // two creations, move, recolour, text, delete

    // Undo walks back through each state exactly (ids and order included), redo forward again.
    const std::vector<std::vector<Annotation>> states = {{}, {created[0]}, created, moved, recoloured, edited, deleted};
    for (int i = int(states.size()) - 2; i >= 0; --i) {
        m_w->annotationEditor()->undoAction()->trigger();
        QVERIFY2(sameState(items(), states[std::size_t(i)]), qPrintable(QStringLiteral("after undo to state %1").arg(i)));
    }
    for (int i = 1; i < int(states.size()); ++i) {
        m_w->annotationEditor()->redoAction()->trigger();
        QVERIFY2(sameState(items(), states[std::size_t(i)]), qPrintable(QStringLiteral("after redo to state %1").arg(i)));
    }
    // The shortcuts are the menu's.
    QCOMPARE(ed->undoAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_Z));
    QCOMPARE(ed->redoAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z));
}

void TestAnnotationEdit::selectModeKeepsTheTimelinesMouse()
{
    TimelineView *tl = m_w->timelineView();
    m_w->annotationEditor()->toolAction(AnnotationTool::Range)->trigger();
    const int lane = gpuLane(0);
    drag(rowPoint(lane, 0.45), rowPoint(lane, 0.55));
    QCOMPARE(int(items().size()), 1);
    m_w->annotationEditor()->toolAction(AnnotationTool::Select)->trigger();
    const Trace &trace = *tl->trace();
    const double span = double(trace.maxTs - trace.minTs);
    tl->setVisibleRange(double(trace.minTs) + span / 3, double(trace.minTs) + 2 * span / 3); // room to pan both ways
    // Away from the annotation: a drag pans, a shift-drag selects a time range, and neither edits.
    const double start = tl->visibleStartNs();
    drag(rowPoint(lane, 0.8), rowPoint(lane, 0.7));
    QVERIFY(std::abs(tl->visibleStartNs() - (start + 0.1 * tl->lanesRect().width() * nsPerPx())) <= 2 * nsPerPx());
    drag(rowPoint(lane, 0.1), rowPoint(lane, 0.2), Qt::ShiftModifier);
    QVERIFY(tl->hasTimeRange());
    QCOMPARE(int(items().size()), 1);
    QCOMPARE(m_w->annotationEditor()->undoStack()->count(), 1);
    // Escape leaves a drawing tool for Select.
    m_w->annotationEditor()->toolAction(AnnotationTool::Arrow)->trigger();
    tl->setFocus();
    QTest::keyClick(tl, Qt::Key_Escape);
    QCOMPARE(tl->annotationTool(), AnnotationTool::Select);
    QVERIFY(m_w->annotationEditor()->toolAction(AnnotationTool::Select)->isChecked());
}

void TestAnnotationEdit::dragOnACornerResizesAndOnALabelMovesTheText()
{
    TimelineView *tl = m_w->timelineView();
    AnnotationEditor *ed = m_w->annotationEditor();
    ed->toolAction(AnnotationTool::Rect)->trigger();
    drag(rowPoint(gpuLane(0), 0.2), rowPoint(gpuLane(0), 0.3));
    ed->toolAction(AnnotationTool::Callout)->trigger();
    answerTextDialog(QStringLiteral("a label to drag"));
    QTest::mouseClick(tl->viewport(), Qt::LeftButton, {}, rowPoint(gpuLane(1), 0.6));
    QCOMPARE(int(items().size()), 2);
    const std::vector<Annotation> before = items();
    ed->toolAction(AnnotationTool::Select)->trigger();

    // The rectangle's second corner: only that corner follows the mouse.
    const AnnotationPainter::Shape rect = tl->annotationPainter().shape(0, before[0]);
    const QPoint corner = rect.b.toPoint();
    drag(corner, corner + QPoint(40, 0));
    const Annotation resized = items()[0];
    QVERIFY(resized.a == before[0].a);
    QVERIFY(std::abs(double(resized.b.t - before[0].b.t) - 40 * nsPerPx()) <= 1);
    QCOMPARE(resized.b.lane, before[0].b.lane);

    // The callout's text box: the label moves, its point stays.
    const AnnotationPainter::Shape callout = tl->annotationPainter().shape(0, before[1]);
    const QPoint label = callout.label.center().toPoint();
    drag(label, label + QPoint(30, 20));
    const Annotation movedLabel = items()[1];
    QVERIFY(movedLabel.a == before[1].a);
    QCOMPARE(movedLabel.labelDx, before[1].labelDx + 30);
    QCOMPARE(movedLabel.labelDy, before[1].labelDy + 20);
    QVERIFY(movedLabel.hasLabel);
    const QPointF movedBy = tl->annotationPainter().shape(0, movedLabel).label.topLeft() - callout.label.topLeft();
    QVERIFY2(std::abs(movedBy.x() - 30) <= 1 && std::abs(movedBy.y() - 20) <= 1,
             qPrintable(QStringLiteral("moved by (%1, %2)").arg(movedBy.x()).arg(movedBy.y())));
    QCOMPARE(ed->undoStack()->count(), 4);
    ed->undoAction()->trigger();
    ed->undoAction()->trigger();
    QVERIFY(sameState(items(), before));
}

// A callout's text box placed at one window size lands at the same time and lane at another size,
// zoom and scroll: where it is drawn is computed here from the time and the lane's row alone.
void TestAnnotationEdit::calloutLabelKeepsItsTimeAndLaneAtAnotherSize()
{
    TimelineView *tl = m_w->timelineView();
    AnnotationEditor *ed = m_w->annotationEditor();
    ed->toolAction(AnnotationTool::Callout)->trigger();
    answerTextDialog(QStringLiteral("the text box stays here"));
    const QPoint p1 = rowPoint(gpuLane(0), 0.40);
    const QPoint p2 = rowPoint(gpuLane(1), 0.55) + QPoint(0, 5); // the box's top-left in the next lane
    drag(p1, p2);
    ed->toolAction(AnnotationTool::Select)->trigger();
    QCOMPARE(int(items().size()), 1);
    const Annotation a = items().front();
    QVERIFY(a.hasLabel);
    const TimeNs labelT = TimeNs(std::llround(expectedRelNs(p2.x())));
    const QString laneKey = tl->laneLayout().laneKey(gpuLane(1));
    const double rows = double(p2.y() - tl->laneRect(gpuLane(1)).top() - LaneLayout::kLanePad) / LaneLayout::kRowHeight;
    QCOMPARE(a.label.lane, laneKey);
    QVERIFY(std::abs(double(a.label.t - labelT)) <= nsPerPx());
    QVERIFY(std::abs(a.label.y - rows) < 1e-6);

    const QSize before = m_w->size();
    struct View
    {
        QSize window;
        double at; // where the box's time lies across the lanes (its point at 0.2)
    };
    for (const View &v : {View{QSize(1280, 800), 0.45}, View{QSize(1920, 1080), 0.3}}) {
        m_w->resize(v.window);
        QTest::qWait(50);
        // Zoomed so that the point is at 20 % of the lanes' width and the box's time at v.at.
        const double axisPoint = double(tl->trace()->minTs + a.a.t) - double(m_w->session()->run(0).base());
        const double range = double(a.label.t - a.a.t) / (v.at - 0.2);
        m_w->session()->state()->setWindow(axisPoint - 0.2 * range, range);
        tl->viewport()->repaint();
        const int lane = tl->laneLayout().laneOfKey(0, laneKey);
        const double ex = TimelineView::kHeaderWidth + (double(a.label.t) - expectedRelNs(TimelineView::kHeaderWidth)) / nsPerPx();
        const double ey = tl->laneRect(lane).top() + LaneLayout::kLanePad + a.label.y * LaneLayout::kRowHeight;
        const QRectF drawn = tl->annotationPainter().shape(0, items().front()).label;
        QVERIFY2(std::abs(drawn.left() - ex) <= 1 && std::abs(drawn.top() - ey) <= 1,
                 qPrintable(QStringLiteral("%1x%2: drawn at (%3, %4), expected (%5, %6)")
                                .arg(v.window.width()).arg(v.window.height()).arg(drawn.left()).arg(drawn.top()).arg(ex).arg(ey)));
    }
    m_w->resize(before);
    QTest::qWait(50);
}

// A callout of a file written before labels had anchors (label_dx/label_dy in pixels): once its
// point is in view, its box is kept where it is drawn, as a time and a lane, and the sidecar is
// written in the new form.
void TestAnnotationEdit::pixelOffsetOfAnEarlierFileIsConverted()
{
    TimelineView *tl = m_w->timelineView();
    Annotation old;
    old.kind = Kind::Callout;
    old.text = QStringLiteral("from an earlier file");
    const QPoint p = rowPoint(gpuLane(0), 0.5);
    old.a = {TimeNs(std::llround(expectedRelNs(p.x()))), tl->laneLayout().laneKey(gpuLane(0)), 0.5};
    old.labelDx = 40;
    old.labelDy = 30;
    QVERIFY(!old.hasLabel);
    const QRectF drawnBefore = tl->annotationPainter().shape(0, old).label;
    m_w->session()->annotations(0)->add(old);
    m_w->session()->notifyAnnotationsChanged(0);
    tl->viewport()->repaint();
    QVERIFY(QTest::qWaitFor([&] { return !items().empty() && items().front().hasLabel; }, 5000));
    const Annotation converted = items().front();
    const QRectF drawnAfter = tl->annotationPainter().shape(0, converted).label;
    QVERIFY2(std::abs(drawnAfter.left() - drawnBefore.left()) <= 1 && std::abs(drawnAfter.top() - drawnBefore.top()) <= 1,
             qPrintable(QStringLiteral("(%1, %2) -> (%3, %4)").arg(drawnBefore.left()).arg(drawnBefore.top()).arg(drawnAfter.left()).arg(drawnAfter.top())));
    m_w->annotationAutosave()->flush();
    QFile f(annotations::AnnotationStore::sidecarPathFor(m_path));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray saved = f.readAll();
    QVERIFY2(saved.contains("\"label\": {\"t_ns\": "), saved.constData());
    QVERIFY(!saved.contains("label_dx"));
}

// The same trace in two windows, each drawing and autosaving: neither's save drops the other's
// annotation; the saving window shows the merge and says so.
void TestAnnotationEdit::twoWindowsOnOneTraceKeepEachOthersAnnotations()
{
    m_w->annotationAutosave()->flush();
    MainWindow other;
    QVERIFY(open(other, m_path));
    QCOMPARE(other.session()->annotations(0)->size(), 0);
    const auto note = [](const QString &text, TimeNs t) {
        Annotation a;
        a.kind = Kind::Range;
        a.a.t = t;
        a.b.t = t + 50000;
        a.text = text;
        return a;
    };
    const auto draw = [](MainWindow &w, const Annotation &a) {
        w.annotationEditor()->undoStack()->push(new AddAnnotationCommand(w.session(), w.session()->annotationsPtr(0), a));
        QVERIFY(w.annotationAutosave()->isPending());
        QTRY_VERIFY_WITH_TIMEOUT(!w.annotationAutosave()->isPending(), 3000); // written by the autosave's timer
    };
    const auto texts = [](const annotations::AnnotationSet &set) {
        QStringList t;
        for (const Annotation &a : set.items())
            t << a.text;
        t.sort();
        return t;
    };
    QSignalSpy mergedInOther(other.annotationAutosave(), &AnnotationAutosave::mergedFromDisk);
    QSignalSpy mergedInFirst(m_w->annotationAutosave(), &AnnotationAutosave::mergedFromDisk);

    draw(*m_w, note(QStringLiteral("window 1"), 1000));
    draw(other, note(QStringLiteral("window 2"), 2000)); // it read the file before window 1 wrote it
    const QStringList both = {QStringLiteral("window 1"), QStringLiteral("window 2")};
    QCOMPARE(texts(*other.session()->annotations(0)), both); // window 1's note is on screen in window 2
    QCOMPARE(mergedInOther.count(), 1);
    QVERIFY2(mergedInOther.at(0).at(0).toString().contains(QStringLiteral("1 added")), qPrintable(mergedInOther.at(0).at(0).toString()));
    QCOMPARE(texts(annotations::AnnotationStore(m_path).load().set), both);

    draw(*m_w, note(QStringLiteral("window 1 again"), 3000));
    QCOMPARE(mergedInFirst.count(), 1);
    const QStringList all = {QStringLiteral("window 1"), QStringLiteral("window 1 again"), QStringLiteral("window 2")};
    QCOMPARE(texts(*m_w->session()->annotations(0)), all);
    QCOMPARE(texts(annotations::AnnotationStore(m_path).load().set), all);
    // Undo in window 1 still removes what window 1 drew (its ids survived the merge).
    m_w->annotationEditor()->undoAction()->trigger();
    QCOMPARE(texts(*m_w->session()->annotations(0)), both);
    m_w->annotationAutosave()->flush();
    other.annotationAutosave()->flush();
    QCOMPARE(texts(annotations::AnnotationStore(m_path).load().set), both);
}

void TestAnnotationEdit::autosaveWritesTheSidecarAndANewWindowShowsIt()
{
    const QString sidecar = annotations::AnnotationStore::sidecarPathFor(m_path);
    m_w->annotationAutosave()->flush();
    QFile::remove(sidecar);
    m_w->annotationEditor()->toolAction(AnnotationTool::Rect)->trigger();
    drag(rowPoint(gpuLane(0), 0.3), rowPoint(gpuLane(1), 0.5));
    m_w->annotationEditor()->toolAction(AnnotationTool::Callout)->trigger();
    answerTextDialog(QStringLiteral("kept across sessions"));
    QTest::mouseClick(m_w->timelineView()->viewport(), Qt::LeftButton, {}, rowPoint(gpuLane(0), 0.7));
    QCOMPARE(int(items().size()), 2);
    QVERIFY(m_w->annotationAutosave()->isPending()); // debounced, not written at once
    QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(sidecar), 3000);
    QVERIFY(!m_w->annotationAutosave()->isPending());

    MainWindow other;
    QVERIFY(open(other, m_path));
    QVERIFY(other.warningBanner()->warnings().isEmpty());
    const std::vector<Annotation> &back = other.session()->annotations(0)->items();
    QCOMPARE(back.size(), items().size());
    const std::vector<Annotation> mine = items();
    for (std::size_t i = 0; i < back.size(); ++i)
        QVERIFY2(back[i].sameContent(mine[i]),
                 qPrintable(QStringLiteral("%1: %2 %3 %4 / %5 %6 %7 / %8 %9")
                                .arg(i)
                                .arg(back[i].a.t)
                                .arg(back[i].a.lane)
                                .arg(back[i].a.y, 0, 'g', 17)
                                .arg(mine[i].a.t)
                                .arg(mine[i].a.lane)
                                .arg(mine[i].a.y, 0, 'g', 17)
                                .arg(back[i].b.y, 0, 'g', 17)
                                .arg(mine[i].b.y, 0, 'g', 17)));
    // Drawn in the new window as in the first.
    const AnnotationPainter::Shape s1 = m_w->timelineView()->annotationPainter().shape(0, items()[0]);
    other.timelineView()->resize(m_w->timelineView()->size());
    other.session()->state()->setWindow(m_w->session()->state()->windowStart(), m_w->session()->state()->windowRange());
    QTRY_COMPARE(other.timelineView()->viewport()->size(), m_w->timelineView()->viewport()->size());
    QCoreApplication::processEvents();
    const AnnotationPainter::Shape s2 = other.timelineView()->annotationPainter().shape(0, back[0]);
    QVERIFY(std::abs(s1.a.x() - s2.a.x()) <= 1 && std::abs(s1.b.x() - s2.b.x()) <= 1);

    // Deleting the last annotation sticks too: the sidecar is written empty on close.
    clearAnnotations();
    QVERIFY(other.close());
    m_w->annotationAutosave()->flush();
    annotations::AnnotationStore store(m_path);
    QVERIFY(store.load().set.isEmpty());
}

void TestAnnotationEdit::corruptSidecarIsReportedAndTheTraceOpens()
{
    const QString copy = m_dir.filePath(QStringLiteral("damaged.pt.trace.json"));
    QVERIFY(QFile::copy(m_path, copy));
    const QString sidecar = annotations::AnnotationStore::sidecarPathFor(copy);
    const QByteArray garbage = "{\"format\": \"lanescope-annotations\", \"version\": 1, \"annotations\": [tru";
    {
        QFile f(sidecar);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(garbage);
    }
    MainWindow w;
    QVERIFY(open(w, copy));
    QVERIFY(w.trace());
    QVERIFY(w.session()->annotations(0)->isEmpty());
    const QString banner = w.warningBanner()->warnings().join(QLatin1Char('\n'));
    QVERIFY2(banner.contains(sidecar), qPrintable(banner));
    // Drawing on it goes elsewhere: the damaged file is never overwritten.
    w.annotationEditor()->toolAction(AnnotationTool::Range)->trigger();
    const QRect lanes = w.timelineView()->lanesRect();
    const int y = lanes.top() + 30;
    QTest::mousePress(w.timelineView()->viewport(), Qt::LeftButton, {}, QPoint(lanes.left() + 100, y));
    QTest::mouseMove(w.timelineView()->viewport(), QPoint(lanes.left() + 200, y));
    QTest::mouseRelease(w.timelineView()->viewport(), Qt::LeftButton, {}, QPoint(lanes.left() + 200, y));
    QCOMPARE(w.session()->annotations(0)->size(), 1);
    w.annotationAutosave()->flush();
    QFile f(sidecar);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), garbage);
    const QString kept = w.annotationAutosave()->pathOf(w.session()->annotations(0));
    QVERIFY2(kept.startsWith(annotations::AnnotationStore::dataFolder()), qPrintable(kept));
    QVERIFY(QFile::exists(kept));
}

// A run that holds the most annotations one file can (a sidecar of 20,000 loaded) refuses the
// next at once, with a message, rather than taking one that could never be saved (and was lost on
// quit); with one deleted there is room again.
void TestAnnotationEdit::aFullRunRefusesTheNextAnnotation()
{
    QVERIFY(QTest::qWaitFor([&] { return m_w->session()->run(0).analysis && !m_w->analysisDock()->isBusy(); }, 60000));
    const SessionRun &run = m_w->session()->run(0);
    QVERIFY(!run.analysis->gaps.empty());
    const analysis::Gap gap = run.analysis->gaps.front();
    // 20,000 notes that are not the gap's finding (shifted by 1 + k ns).
    Annotation note = annotations::Findings::forGap(*run.trace, gap);
    note.finding = false;
    annotations::AnnotationSet *set = m_w->session()->annotations(0);
    for (int k = 0; k < annotations::kMaxAnnotations; ++k) {
        Annotation a = note;
        a.a.t += k + 1;
        a.b.t += k + 1;
        set->add(a);
    }
    m_w->session()->notifyAnnotationsChanged(0);
    QCOMPARE(set->size(), annotations::kMaxAnnotations);
    QSignalSpy said(m_w->annotationEditor(), &AnnotationEditor::message);
    QVERIFY(!m_w->annotationEditor()->annotateGap(0, gap));
    QCOMPARE(set->size(), annotations::kMaxAnnotations);
    QVERIFY(!said.isEmpty());
    QVERIFY2(said.last().at(0).toString().contains(QStringLiteral("the most one file holds")), qPrintable(said.last().at(0).toString()));
    QCOMPARE(m_w->annotationEditor()->annotateFindings(), 0);
    QCOMPARE(set->size(), annotations::kMaxAnnotations);
    // Room for one again.
    set->remove(set->items().back().id);
    m_w->session()->notifyAnnotationsChanged(0);
    QVERIFY(m_w->annotationEditor()->annotateGap(0, gap));
    QCOMPARE(set->size(), annotations::kMaxAnnotations);
}

void TestAnnotationEdit::annotateFindingsAddsWhatFindingsComputesForTheWindow()
{
    TimelineView *tl = m_w->timelineView();
    QVERIFY(QTest::qWaitFor([&] { return m_w->session()->run(0).analysis && !m_w->analysisDock()->isBusy(); }, 60000));
    const SessionRun &run = m_w->session()->run(0);
    QVERIFY(run.analysis->gaps.size() > 4);
    // A window over the middle third of the run: some gaps in view, some not.
    const double span = double(run.trace->maxTs - run.trace->minTs);
    tl->setVisibleRange(double(run.trace->minTs) + span / 3, double(run.trace->minTs) + 2 * span / 3);
    annotations::FindingsOptions options;
    options.window = {TimeNs(std::floor(tl->visibleStartNs())), TimeNs(std::ceil(tl->visibleEndNs()))};
    const std::vector<Annotation> expected = annotations::Findings::annotate(*run.trace, *run.analysis, options);
    QVERIFY(!expected.empty());
    QVERIFY(expected.size() < annotations::Findings::annotate(*run.trace, *run.analysis).size());

    m_w->annotateFindingsAction()->trigger();
    QCOMPARE(items().size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        QVERIFY(items()[i].finding);
        QVERIFY(items()[i].sameContent(expected[i]));
    }
    QCOMPARE(m_w->annotationEditor()->undoStack()->count(), 1);
    // Again: nothing new, no second command.
    m_w->annotateFindingsAction()->trigger();
    QCOMPARE(items().size(), expected.size());
    QCOMPARE(m_w->annotationEditor()->undoStack()->count(), 1);
    // One undo removes them all; redo puts them back with their ids.
    const std::vector<Annotation> added = items();
    m_w->annotationEditor()->undoAction()->trigger();
    QVERIFY(items().empty());
    m_w->annotationEditor()->redoAction()->trigger();
    QVERIFY(sameState(items(), added));
    // Over the whole trace the painter leaves out labels of findings that would cover others; a
    // left-out label is not on screen, so a click there is not on its finding (it pans as usual).
    m_w->annotationEditor()->undoAction()->trigger();
    tl->fitAll();
    m_w->annotateFindingsAction()->trigger();
    tl->viewport()->repaint();
    const int dropped = tl->annotationPainter().droppedLabels();
    QVERIFY(dropped > 0);
    int checked = 0;
    for (const Annotation &f : items()) {
        if (!tl->annotationPainter().labelDropped(0, f.id))
            continue;
        const AnnotationPainter::Shape shape = tl->annotationPainter().shape(0, f);
        const QPoint centre = shape.label.center().toPoint();
        if (!tl->lanesRect().contains(centre) || shape.body.adjusted(-4, -4, 4, 4).contains(centre))
            continue;
        ++checked;
        QVERIFY2(tl->annotationAt(centre).id != f.id, qPrintable(f.text));
    }
    QVERIFY(checked > 0);
    m_w->annotationEditor()->undoAction()->trigger();
    QVERIFY(items().empty());
    tl->setVisibleRange(double(run.trace->minTs) + span / 3, double(run.trace->minTs) + 2 * span / 3);
    m_w->annotateFindingsAction()->trigger();
    QCOMPARE(items().size(), added.size());
    // Findings are edited like the others: a gap's finding deleted from the context of its label.
    tl->selectAnnotation({0, items().front().id});
    m_w->annotationEditor()->deleteAction()->trigger();
    QCOMPARE(items().size(), expected.size() - 1);
}

void TestAnnotationEdit::exportDrawsTheAnnotations()
{
    m_w->annotationEditor()->toolAction(AnnotationTool::Callout)->trigger();
    answerTextDialog(QStringLiteral("exported callout text"));
    QTest::mouseClick(m_w->timelineView()->viewport(), Qt::LeftButton, {}, rowPoint(gpuLane(0), 0.5));
    QCOMPARE(int(items().size()), 1);
    MainWindow::ExportRequest req;
    req.path = m_dir.filePath(QStringLiteral("annotated.svg"));
    QString error;
    QVERIFY2(m_w->exportPicture(req, &error), qPrintable(error));
    QFile f(req.path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QVERIFY(f.readAll().contains("exported callout text"));
}

void TestAnnotationEdit::comparisonKeepsEachRunsAnnotationsWithItsRun()
{
    synth::SynthConfig c;
    c.scenario = synth::Scenario::Prefetch;
    c.layers = 16;
    const synth::SynthOutput out = synth::synthesize(c);
    const QString other = m_dir.filePath(QStringLiteral("prefetch.pt.trace.json"));
    {
        QFile f(other);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(out.traces.at(0).data(), qint64(out.traces.at(0).size()));
    }
    const QString sidecarA = annotations::AnnotationStore::sidecarPathFor(m_path);
    QFile::remove(sidecarA);
    MainWindow w;
    w.resize(1400, 900);
    w.show();
    QSignalSpy loaded(&w, &MainWindow::loadFinished);
    w.openFiles({m_path, other}, {QStringLiteral("baseline"), QStringLiteral("prefetch")});
    QVERIFY(loaded.wait(60000));
    QVERIFY(loaded.at(0).at(0).toBool());
    QCOMPARE(w.session()->runCount(), 2);
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    TimelineView *tl = w.timelineView();
    // A rectangle on the second run's first GPU lane.
    const LaneLayout &layout = tl->laneLayout();
    int lane = -1;
    for (int i = 0; i < int(layout.lanes().size()) && lane < 0; ++i)
        if (layout.lanes()[std::size_t(i)].run == 1 && layout.laneKey(i).startsWith(QLatin1String("gpu:")) && layout.isLaneVisible(i))
            lane = i;
    QVERIFY(lane >= 0);
    tl->verticalScrollBar()->setValue(std::max(0, layout.lanes()[std::size_t(lane)].y - 40));
    const QRect r = tl->laneRect(lane);
    const QRect lanes = tl->lanesRect();
    w.annotationEditor()->toolAction(AnnotationTool::Rect)->trigger();
    QTest::mousePress(tl->viewport(), Qt::LeftButton, {}, QPoint(lanes.left() + 100, r.top() + 5));
    QTest::mouseMove(tl->viewport(), QPoint(lanes.left() + 150, r.top() + 10));
    QTest::mouseMove(tl->viewport(), QPoint(lanes.left() + 200, r.top() + 12));
    QTest::mouseRelease(tl->viewport(), Qt::LeftButton, {}, QPoint(lanes.left() + 200, r.top() + 12));
    QCOMPARE(w.session()->annotations(0)->size(), 0);
    QCOMPARE(w.session()->annotations(1)->size(), 1);
    const Annotation drawn = w.session()->annotations(1)->items().front();
    QCOMPARE(drawn.a.lane, layout.laneKey(lane));

    // Reordering the runs moves the drawing with its run, and undo still finds it there.
    const annotations::AnnotationSet *prefetchSet = w.session()->annotations(1);
    w.session()->moveRun(1, 0);
    QCOMPARE(w.session()->annotations(0), prefetchSet);
    QCOMPARE(w.annotationEditor()->undoStack()->count(), 1);
    w.annotationEditor()->undoAction()->trigger();
    QVERIFY(w.session()->annotations(0)->isEmpty());
    w.annotationEditor()->redoAction()->trigger();
    QVERIFY(w.session()->annotations(0)->items().front().sameContent(drawn));

    // Each run's sidecar holds its own: the prefetch run's has the rectangle, the baseline none.
    w.annotationAutosave()->flush();
    QVERIFY(!QFile::exists(sidecarA));
    annotations::AnnotationStore store(other);
    const annotations::AnnotationStore::Loaded back = store.load();
    QVERIFY(back.problems.isEmpty());
    QCOMPARE(back.set.size(), 1);
    QVERIFY(back.set.items().front().sameContent(drawn));

    // The gap table's "Annotate This Gap": one finding, not twice.
    QVERIFY(QTest::qWaitFor([&] { return w.session()->run(0).analysis != nullptr; }, 60000));
    const analysis::Gap gap = w.session()->run(0).analysis->gaps.at(0);
    QVERIFY(w.annotationEditor()->annotateGap(0, gap));
    QVERIFY(!w.annotationEditor()->annotateGap(0, gap));
    QCOMPARE(w.session()->annotations(0)->size(), 2);
    QVERIFY(w.session()->annotations(0)->items().back().finding);
    QFile::remove(annotations::AnnotationStore::sidecarPathFor(other));
}

void TestAnnotationEdit::comparisonFindingsMarkTheBaselinesGapsInTheLaterRun()
{
    synth::SynthConfig c;
    c.scenario = synth::Scenario::Tuned;
    c.layers = 16;
    const synth::SynthOutput out = synth::synthesize(c);
    const QString tuned = m_dir.filePath(QStringLiteral("tuned.pt.trace.json"));
    {
        QFile f(tuned);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(out.traces.at(0).data(), qint64(out.traces.at(0).size()));
    }
    QFile::remove(annotations::AnnotationStore::sidecarPathFor(m_path));
    QFile::remove(annotations::AnnotationStore::sidecarPathFor(tuned));
    MainWindow w;
    w.resize(1400, 900);
    w.show();
    QSignalSpy loaded(&w, &MainWindow::loadFinished);
    w.openFiles({m_path, tuned}, {QStringLiteral("baseline"), QStringLiteral("tuned")});
    QVERIFY(loaded.wait(60000));
    QVERIFY(loaded.at(0).at(0).toBool());
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    Session *s = w.session();
    QVERIFY(QTest::qWaitFor([&] { return s->run(0).analysis && s->run(1).analysis && !w.analysisDock()->isBusy(); }, 60000));
    TimelineView *tl = w.timelineView();
    // A window over part of the trace: only the baseline gaps in it count.
    const double span = tl->visibleEndNs(0) - tl->visibleStartNs(0);
    s->state()->setWindow(span * 0.2, span * 0.3);
    QTest::qWait(20);
    const TimeNs from = TimeNs(std::floor(tl->visibleStartNs(0))), to = TimeNs(std::ceil(tl->visibleEndNs(0)));
    std::vector<analysis::Gap> inView;
    for (const analysis::Gap &g : s->run(0).analysis->gaps)
        if (g.start < to && g.end() > from)
            inView.push_back(g);
    QVERIFY(!inView.empty());

    QVERIFY(w.annotationEditor()->annotateFindings() > 0);
    QCOMPARE(w.annotationEditor()->undoStack()->count(), 1); // one command for both runs
    const Trace &base = *s->run(0).trace;
    const Trace &later = *s->run(1).trace;
    std::vector<Annotation> regions;
    for (const Annotation &a : s->annotations(1)->items())
        if (a.finding && a.kind == annotations::Kind::Range)
            regions.push_back(a);
    QCOMPARE(int(regions.size()), int(inView.size()));
    for (std::size_t i = 0; i < inView.size(); ++i) {
        const analysis::Gap &g = inView[i];
        // The same axis time: the gap's start on run 0's axis, in run 1's own relative ns.
        const TimeNs axisStart = g.start - s->run(0).base();
        const auto it = std::find_if(regions.begin(), regions.end(), [&](const Annotation &a) {
            return a.a.t == axisStart + s->run(1).base() - later.minTs && a.b.t - a.a.t == g.dur;
        });
        QVERIFY2(it != regions.end(), qPrintable(QString::number(i)));
        // That run's idle on the same stream there, summed here slice by slice.
        const QString lane = annotations::LaneKey::forTrack(base.tracks[g.track]);
        const auto track = std::find_if(later.tracks.begin(), later.tracks.end(),
                                        [&](const Track &t) { return annotations::LaneKey::forTrack(t) == lane; });
        QVERIFY(track != later.tracks.end());
        const TimeNs wFrom = later.minTs + it->a.t, wTo = later.minTs + it->b.t;
        TimeNs busy = 0, reach = wFrom;
        for (std::size_t k = 0; k < track->size(); ++k)
            if (analysis::isGpuActivity(later.categoryClass[track->catId[k]])) {
                const TimeNs a0 = std::max(track->start[k], reach), a1 = std::min(track->end(k), wTo);
                if (a1 > a0) {
                    busy += a1 - a0;
                    reach = a1;
                }
            }
        const TimeNs idle = g.dur - busy;
        QCOMPARE(it->text, idle == 0 ? QStringLiteral("same region in tuned: no idle")
                                     : QStringLiteral("same region in tuned: %1 idle").arg(annotations::Findings::formatDuration(idle)));
        // Against itself, the region of a gap is exactly that gap's idle.
        QCOMPARE(annotations::Findings::sameRegion(base, s->run(0).base(), g, base, s->run(0).base(), QStringLiteral("self")).text,
                 QStringLiteral("same region in self: %1 idle").arg(annotations::Findings::formatDuration(g.dur)));
    }
    // The baseline still gets its own gap findings; undo takes everything back in one step.
    QVERIFY(std::count_if(s->annotations(0)->items().begin(), s->annotations(0)->items().end(),
                          [](const Annotation &a) { return a.finding && a.kind == annotations::Kind::Rect; })
            >= int(inView.size()));
    w.annotationEditor()->undoAction()->trigger();
    QVERIFY(s->annotations(0)->isEmpty());
    QVERIFY(s->annotations(1)->isEmpty());
}

QTEST_MAIN(TestAnnotationEdit)
#include "tst_annotationedit.moc"
