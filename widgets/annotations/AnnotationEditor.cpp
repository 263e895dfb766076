// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/annotations/AnnotationEditor.h"

#include "widgets/annotations/AnnotationCommands.h"
#include "core/annotations/AnnotationFile.h"
#include "core/annotations/Findings.h"
#include "widgets/render/AnnotationPainter.h"
#include "widgets/view/Session.h"
#include "widgets/timeline/TimelineView.h"

#include <QAction>
#include <QActionGroup>
#include <QInputDialog>
#include <QLocale>
#include <QMenu>
#include <QPainter>
#include <QPixmap>
#include <QToolBar>
#include <QToolButton>
#include <QUndoStack>

#include <algorithm>
#include <cmath>

namespace lanescope {

using annotations::Annotation;
using annotations::AnnotationSet;
using annotations::Color;

namespace {

QIcon swatch(Color c)
{
    QPixmap pm(16, 16);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(QColor(0, 0, 0, 90), 1));
    p.setBrush(AnnotationPainter::color(c));
    p.drawRoundedRect(QRectF(1.5, 1.5, 13, 13), 3, 3);
    return QIcon(pm);
}

// A sidecar holds at most kMaxAnnotations (AnnotationFile.h), and so does the data folder's copy:
// a drawing past it could be saved nowhere, so it is refused when it is made (not lost on quit).
int roomIn(const AnnotationSet &set) { return std::max(0, annotations::kMaxAnnotations - set.size()); }

// The findings cut to each set's room; true when some were left out.
bool fitInRoom(std::vector<AddFindingsCommand::Batch> &batches)
{
    bool cut = false;
    for (AddFindingsCommand::Batch &b : batches) {
        const std::size_t room = std::size_t(roomIn(*b.set));
        if (b.findings.size() > room) {
            b.findings.resize(room);
            cut = true;
        }
    }
    batches.erase(std::remove_if(batches.begin(), batches.end(), [](const AddFindingsCommand::Batch &b) { return b.findings.empty(); }),
                  batches.end());
    return cut;
}

// A comparison: the baseline's gaps (run 0's) marked on every later run over the same aligned
// time, added to batches (one per run's set) so they go in the same undoable command.
void addSameRegions(const Session &s, const std::vector<analysis::Gap> &gaps, std::vector<AddFindingsCommand::Batch> &batches)
{
    if (s.runCount() < 2 || gaps.empty() || !s.run(0).trace)
        return;
    const SessionRun &base = s.run(0);
    for (int run = 1; run < s.runCount(); ++run) {
        const SessionRun &r = s.run(run);
        if (!r.trace || !r.annotations)
            continue;
        std::vector<Annotation> regions;
        for (const analysis::Gap &g : gaps)
            regions.push_back(annotations::Findings::sameRegion(*base.trace, base.base(), g, *r.trace, r.base(), r.label));
        auto it = std::find_if(batches.begin(), batches.end(), [&](const AddFindingsCommand::Batch &b) { return b.set == r.annotations; });
        if (it == batches.end())
            batches.push_back({r.annotations, std::move(regions)});
        else
            it->findings.insert(it->findings.end(), regions.begin(), regions.end());
    }
}
} // namespace

AnnotationEditor::AnnotationEditor(Session *session, TimelineView *view, QWidget *dialogParent)
    : QObject(dialogParent)
    , m_session(session)
    , m_view(view)
    , m_dialogParent(dialogParent)
    , m_undo(new QUndoStack(this))
    , m_toolGroup(new QActionGroup(this))
{
    struct ToolDef
    {
        AnnotationTool tool;
        QString text, tip;
        QKeySequence key;
    };
    const ToolDef defs[] = {
        {AnnotationTool::Select, tr("&Select"), tr("Select, move and edit annotations; drag elsewhere pans as usual"), QKeySequence(Qt::Key_V)},
        {AnnotationTool::Callout, tr("&Text Callout"), tr("Click a point to label it; drag to place the text"), QKeySequence(Qt::Key_T)},
        {AnnotationTool::Arrow, tr("&Arrow"), tr("Drag from the tail to the head"), QKeySequence(Qt::Key_L)},
        {AnnotationTool::Rect, tr("&Rectangle"), tr("Drag a rectangle over the lanes"), QKeySequence(Qt::Key_R)},
        {AnnotationTool::Range, tr("Time &Range"), tr("Drag across the time to highlight it over all lanes of the run"), QKeySequence(Qt::Key_G)},
        {AnnotationTool::Marker, tr("&Marker"), tr("Click a slice to mark it"), QKeySequence(Qt::Key_M)},
    };
    for (const ToolDef &d : defs) {
        QAction *a = new QAction(d.text, this);
        a->setCheckable(true);
        a->setShortcut(d.key);
        a->setToolTip(tr("%1 (%2)").arg(QString(d.text).remove(QLatin1Char('&')), d.key.toString(QKeySequence::NativeText)));
        a->setStatusTip(d.tip);
        a->setData(int(d.tool));
        m_toolGroup->addAction(a);
        m_tools[int(d.tool)] = a;
        connect(a, &QAction::triggered, this, [this, tool = d.tool] {
            if (TimelineView *v = m_view.data())
                v->setAnnotationTool(tool);
        });
    }
    m_tools[int(AnnotationTool::Select)]->setChecked(true);

    m_undoAction = m_undo->createUndoAction(this, tr("&Undo"));
    m_undoAction->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_Z)});
    m_redoAction = m_undo->createRedoAction(this, tr("&Redo"));
    m_redoAction->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)});

    m_editText = new QAction(tr("Edit Annotation &Text…"), this);
    m_editText->setStatusTip(tr("Change the text of the selected annotation (or double-click it)"));
    connect(m_editText, &QAction::triggered, this, [this] {
        const TimelineView *v = m_view.data();
        const TimelineView::AnnotationRef ref = v ? v->selectedAnnotation() : TimelineView::AnnotationRef();
        if (ref.isValid())
            editText(ref.run, ref.id);
    });
    m_delete = new QAction(tr("&Delete Annotation"), this);
    m_delete->setStatusTip(tr("Remove the selected annotation (Delete in the timeline)"));
    connect(m_delete, &QAction::triggered, this, &AnnotationEditor::deleteSelected);

    m_colorMenu = new QMenu(tr("Co&lour"), dialogParent);
    m_colorGroup = new QActionGroup(this);
    for (int i = 0; i < annotations::kColorCount; ++i) {
        const Color c = Color(i);
        QAction *a = m_colorMenu->addAction(swatch(c), annotations::colorLabel(c));
        a->setCheckable(true);
        a->setData(i);
        m_colorGroup->addAction(a);
        connect(a, &QAction::triggered, this, [this, c] { setColor(c); });
    }

    if (view) {
        m_colorGroup->actions().at(int(view->annotationColor()))->setChecked(true);
        connect(view, &TimelineView::annotationToolChanged, this, [this](AnnotationTool tool) { m_tools[int(tool)]->setChecked(true); });
        connect(view, &TimelineView::annotationCreated, this, &AnnotationEditor::onCreated);
        connect(view, &TimelineView::annotationEdited, this, &AnnotationEditor::onEdited);
        connect(view, &TimelineView::annotationDeleteRequested, this, &AnnotationEditor::onDeleteRequested);
        connect(view, &TimelineView::annotationTextEditRequested, this, &AnnotationEditor::editText);
        connect(view, &TimelineView::annotationMenuRequested, this, &AnnotationEditor::showMenu);
        connect(view, &TimelineView::annotationSelectionChanged, this, &AnnotationEditor::updateActions);
    }
    if (session) {
        connect(session, &Session::runsChanged, this, &AnnotationEditor::onRunsChanged);
        connect(session, &Session::annotationsChanged, this, &AnnotationEditor::onRunsChanged); // a set replaced (loaded)
    }
    updateActions();
}

AnnotationEditor::~AnnotationEditor() = default;

QToolBar *AnnotationEditor::createToolBar(QWidget *parent)
{
    auto *bar = new QToolBar(tr("Annotate"), parent);
    bar->setObjectName(QStringLiteral("annotateToolBar"));
    bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    for (QAction *a : m_tools)
        bar->addAction(a);
    bar->addSeparator();
    auto *colour = new QToolButton(bar);
    colour->setMenu(m_colorMenu);
    colour->setPopupMode(QToolButton::InstantPopup);
    colour->setText(tr("Colour"));
    colour->setToolTip(tr("The colour of the selected annotation and of new ones"));
    const TimelineView *v = m_view.data();
    colour->setIcon(swatch(v ? v->annotationColor() : Color::Orange));
    colour->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    connect(m_colorGroup, &QActionGroup::triggered, colour, [colour](QAction *a) { colour->setIcon(a->icon()); });
    bar->addWidget(colour);
    return bar;
}

QString AnnotationEditor::fullText() const
{
    return tr("This trace has %1 annotations, the most one file holds (and can save); delete some to add more")
        .arg(QLocale().toString(annotations::kMaxAnnotations));
}

bool AnnotationEditor::askText(const QString &title, const QString &initial, QString *out)
{
    bool ok = false;
    const QString text = QInputDialog::getMultiLineText(m_dialogParent, title, tr("Text:"), initial, &ok);
    if (!ok)
        return false;
    *out = text.trimmed().left(annotations::kMaxTextChars);
    return true;
}

void AnnotationEditor::onCreated(int run, const Annotation &drawn)
{
    Session *s = m_session.data();
    if (!s || !s->annotations(run))
        return;
    if (roomIn(*s->annotations(run)) == 0) {
        emit message(fullText());
        return;
    }
    Annotation a = drawn;
    if (a.kind == annotations::Kind::Callout) {
        QString text;
        if (!askText(tr("Text Callout"), QString(), &text) || text.isEmpty())
            return; // a callout is its text
        a.text = text;
    }
    auto *cmd = new AddAnnotationCommand(s, s->annotationsPtr(run), a);
    m_undo->push(cmd);
    if (TimelineView *v = m_view.data())
        v->selectAnnotation({run, cmd->annotationId()});
}

void AnnotationEditor::onEdited(int run, const Annotation &before, const Annotation &after)
{
    Session *s = m_session.data();
    if (!s || !s->annotations(run))
        return;
    m_undo->push(new ModifyAnnotationCommand(s, s->annotationsPtr(run), before, after, tr("Move Annotation")));
}

void AnnotationEditor::onDeleteRequested(int run, AnnotationSet::Id id)
{
    Session *s = m_session.data();
    if (!s || !s->annotations(run) || !s->annotations(run)->find(id))
        return;
    m_undo->push(new RemoveAnnotationCommand(s, s->annotationsPtr(run), id));
}

void AnnotationEditor::deleteSelected()
{
    const TimelineView *v = m_view.data();
    const TimelineView::AnnotationRef ref = v ? v->selectedAnnotation() : TimelineView::AnnotationRef();
    if (ref.isValid())
        onDeleteRequested(ref.run, ref.id);
}

void AnnotationEditor::editText(int run, AnnotationSet::Id id)
{
    Session *s = m_session.data();
    const Annotation *a = s && s->annotations(run) ? s->annotations(run)->find(id) : nullptr;
    if (!a)
        return;
    const Annotation before = *a;
    QString text;
    if (!askText(tr("Annotation Text"), before.text, &text) || text == before.text)
        return;
    if (text.isEmpty() && before.kind == annotations::Kind::Callout) {
        emit message(tr("A callout needs text: delete it instead"));
        return;
    }
    Annotation after = before;
    after.text = text;
    m_undo->push(new ModifyAnnotationCommand(s, s->annotationsPtr(run), before, after, tr("Edit Annotation Text")));
}

void AnnotationEditor::setColor(Color color)
{
    if (QAction *a = m_colorGroup->actions().value(int(color)))
        a->setChecked(true);
    TimelineView *v = m_view.data();
    if (!v)
        return;
    v->setAnnotationColor(color);
    Session *s = m_session.data();
    const TimelineView::AnnotationRef ref = v->selectedAnnotation();
    const Annotation *a = s && s->annotations(ref.run) ? s->annotations(ref.run)->find(ref.id) : nullptr;
    if (!a || a->color == color)
        return;
    Annotation after = *a;
    after.color = color;
    m_undo->push(new ModifyAnnotationCommand(s, s->annotationsPtr(ref.run), *a, after, tr("Recolour Annotation")));
}

void AnnotationEditor::showMenu(int run, AnnotationSet::Id id, QPoint globalPos)
{
    auto *menu = new QMenu(m_dialogParent);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->addAction(tr("Edit &Text…"), this, [this, run, id] { editText(run, id); });
    menu->addMenu(m_colorMenu);
    menu->addSeparator();
    menu->addAction(tr("&Delete"), this, [this, run, id] { onDeleteRequested(run, id); });
    menu->popup(globalPos);
}

void AnnotationEditor::updateActions()
{
    const TimelineView *v = m_view.data();
    const bool selected = v && v->selectedAnnotation().isValid();
    m_editText->setEnabled(selected);
    m_delete->setEnabled(selected);
}

void AnnotationEditor::onRunsChanged()
{
    // The history stays through renaming and reordering runs (commands hold their run's set); a
    // run gone or a new trace shown clears it, since its steps would edit drawings no longer shown.
    Session *s = m_session.data();
    std::vector<const AnnotationSet *> now;
    for (int i = 0; s && i < s->runCount(); ++i)
        now.push_back(s->annotations(i));
    const bool lost = std::any_of(m_knownSets.begin(), m_knownSets.end(),
                                  [&](const AnnotationSet *set) { return std::find(now.begin(), now.end(), set) == now.end(); });
    if (lost)
        m_undo->clear();
    m_knownSets = now;
}

int AnnotationEditor::annotateFindings()
{
    Session *s = m_session.data();
    const TimelineView *v = m_view.data();
    if (!s || !v)
        return 0;
    std::vector<AddFindingsCommand::Batch> batches;
    bool analysed = false;
    for (int run = 0; run < s->runCount(); ++run) {
        const SessionRun &r = s->run(run);
        if (!r.analysis || !r.trace || !r.annotations)
            continue;
        analysed = true;
        annotations::FindingsOptions options;
        options.window = {TimeNs(std::floor(v->visibleStartNs(run))), TimeNs(std::ceil(v->visibleEndNs(run)))};
        std::vector<Annotation> found = annotations::Findings::annotate(*r.trace, *r.analysis, options);
        if (!found.empty())
            batches.push_back({r.annotations, std::move(found)});
    }
    if (!analysed) {
        emit message(tr("Nothing to annotate yet: the analysis has not finished"));
        return 0;
    }
    // In a comparison, the baseline's gaps in view, and the same region of each later run.
    if (s->runCount() >= 2 && s->run(0).analysis && s->run(0).trace) {
        const TimeNs from = TimeNs(std::floor(v->visibleStartNs(0))), to = TimeNs(std::ceil(v->visibleEndNs(0)));
        std::vector<analysis::Gap> inView;
        for (const analysis::Gap &g : s->run(0).analysis->gaps)
            if (g.start < to && g.end() > from)
                inView.push_back(g);
        addSameRegions(*s, inView, batches);
    }
    if (fitInRoom(batches) && batches.empty()) {
        emit message(fullText());
        return 0;
    }
    auto *cmd = new AddFindingsCommand(s, std::move(batches), tr("Annotate Findings"));
    const int before = m_undo->index();
    m_undo->push(cmd); // deleted by the stack at once when it added nothing (obsolete)
    const int added = m_undo->index() == before + 1 ? cmd->addedCount() : 0;
    emit message(added == 1 ? tr("Added %n finding in view", nullptr, added)
                 : added > 1 ? tr("Added %n findings in view", nullptr, added)
                             : tr("No new findings in view"));
    return added;
}

bool AnnotationEditor::annotateGap(int run, const analysis::Gap &gap)
{
    Session *s = m_session.data();
    if (!s || run < 0 || run >= s->runCount() || !s->run(run).trace || !s->run(run).annotations)
        return false;
    std::vector<AddFindingsCommand::Batch> batches{{s->run(run).annotations, {annotations::Findings::forGap(*s->run(run).trace, gap)}}};
    if (run == 0)
        addSameRegions(*s, {gap}, batches); // a baseline gap: its region in the later runs too
    if (fitInRoom(batches) && (batches.empty() || batches.front().set != s->run(run).annotations)) {
        emit message(fullText());
        return false;
    }
    const int before = m_undo->index();
    m_undo->push(new AddFindingsCommand(s, std::move(batches), tr("Annotate Gap")));
    return m_undo->index() == before + 1;
}

} // namespace lanescope
