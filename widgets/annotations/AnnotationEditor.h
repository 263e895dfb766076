// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The annotation editing of the main window: the tool actions (Select, Text callout,
// Arrow, Rectangle, Time range, Marker), the colour menu, the undo stack and the commands the
// timeline's input turns into (TimelineView only routes the mouse: it says what was drawn, moved,
// deleted or double-clicked, and this pushes one undo command for each), and "Annotate findings".
#include "core/analysis/run/Analysis.h"
#include "core/annotations/Annotation.h"
#include "core/annotations/AnnotationSet.h"
#include "widgets/annotations/AnnotationTool.h"

#include <QObject>
#include <QPointer>

#include <functional>

class QAction;
class QActionGroup;
class QMenu;
class QToolBar;
class QUndoStack;
class QWidget;

namespace lanescope {

class Session;
class TimelineView;

class AnnotationEditor : public QObject
{
    Q_OBJECT
public:
    // dialogParent: where the text dialog and menus open (the window).
    AnnotationEditor(Session *session, TimelineView *view, QWidget *dialogParent);
    ~AnnotationEditor() override;

    QUndoStack *undoStack() const { return m_undo; }
    QAction *toolAction(AnnotationTool tool) const { return m_tools[int(tool)]; }
    QActionGroup *toolGroup() const { return m_toolGroup; }
    QAction *undoAction() const { return m_undoAction; }
    QAction *redoAction() const { return m_redoAction; }
    QAction *editTextAction() const { return m_editText; }
    QAction *deleteAction() const { return m_delete; }
    QMenu *colorMenu() const { return m_colorMenu; }
    // The "Annotate" toolbar: the tools, then the colour menu.
    QToolBar *createToolBar(QWidget *parent);

    // Adds the findings (core/annotations/Findings.h) of every run with an analysis, those in the
    // timeline's window, as one undoable command; returns how many were added (0: no command).
    int annotateFindings();
    // The finding of one gap of run's analysis (the gap table's context menu); false when it is
    // there already, or the run holds the most annotations a file can (kMaxAnnotations: every
    // addition past it is refused with message(), as it could not be saved).
    bool annotateGap(int run, const analysis::Gap &gap);

    void editText(int run, annotations::AnnotationSet::Id id); // asks for the new text
    void setColor(annotations::Color color); // the selection's colour and that of new drawings
    void deleteSelected();

signals:
    void message(const QString &text); // for the status bar

private:
    QString fullText() const; // the refusal when a run holds kMaxAnnotations
    void onCreated(int run, const annotations::Annotation &a);
    void onEdited(int run, const annotations::Annotation &before, const annotations::Annotation &after);
    void onDeleteRequested(int run, annotations::AnnotationSet::Id id);
    void showMenu(int run, annotations::AnnotationSet::Id id, QPoint globalPos);
    void updateActions();
    void onRunsChanged();
    bool askText(const QString &title, const QString &initial, QString *out);

    QPointer<Session> m_session;
    QPointer<TimelineView> m_view;
    QPointer<QWidget> m_dialogParent;
    QUndoStack *m_undo;
    QActionGroup *m_toolGroup;
    QAction *m_tools[6] = {};
    QAction *m_undoAction = nullptr;
    QAction *m_redoAction = nullptr;
    QAction *m_editText = nullptr;
    QAction *m_delete = nullptr;
    QMenu *m_colorMenu = nullptr;
    QActionGroup *m_colorGroup = nullptr;
    std::vector<const annotations::AnnotationSet *> m_knownSets; // the history refers to these
};

} // namespace lanescope
