// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Undo commands for annotation edits: one per create, move/resize, text edit, recolour,
// delete and "Annotate findings". Each holds the run's AnnotationSet itself (shared with the
// session), not the run's index, so reordering the runs of a comparison cannot make an undo edit
// another run; after each change it tells the session which run now holds that set, and the view
// and the autosave follow.
#include "core/annotations/AnnotationSet.h"

#include <QCoreApplication>
#include <QPointer>
#include <QUndoCommand>

#include <memory>
#include <vector>

namespace lanescope {

class Session;

class AnnotationCommand : public QUndoCommand
{
    Q_DECLARE_TR_FUNCTIONS(lanescope::AnnotationCommand)
public:
    AnnotationCommand(Session *session, std::shared_ptr<annotations::AnnotationSet> set, const QString &text);

protected:
    annotations::AnnotationSet &set() { return *m_set; }
    Session *session() const { return m_session.data(); }
    void notify();

private:
    QPointer<Session> m_session;
    std::shared_ptr<annotations::AnnotationSet> m_set;
};

// Adds one annotation on top; undo removes it, redo puts it back with the same id.
class AddAnnotationCommand : public AnnotationCommand
{
public:
    AddAnnotationCommand(Session *session, std::shared_ptr<annotations::AnnotationSet> set, annotations::Annotation a);
    void redo() override;
    void undo() override;
    annotations::AnnotationSet::Id annotationId() const { return m_a.id; }

private:
    annotations::Annotation m_a;
};

// Removes one annotation; undo puts it back at its place in the drawing order.
class RemoveAnnotationCommand : public AnnotationCommand
{
public:
    RemoveAnnotationCommand(Session *session, std::shared_ptr<annotations::AnnotationSet> set, annotations::AnnotationSet::Id id);
    void redo() override;
    void undo() override;

private:
    annotations::Annotation m_a;
    int m_index = -1;
};

// Replaces an annotation by an edited copy (moved, resized, new text, new colour).
class ModifyAnnotationCommand : public AnnotationCommand
{
public:
    ModifyAnnotationCommand(Session *session, std::shared_ptr<annotations::AnnotationSet> set, annotations::Annotation before,
                            annotations::Annotation after, const QString &text);
    void redo() override;
    void undo() override;

private:
    annotations::Annotation m_before, m_after;
};

// "Annotate findings" over several runs at once: adds each run's findings (AnnotationSet::addFindings,
// so no copy of one already there); undo removes exactly those that were added.
class AddFindingsCommand : public AnnotationCommand
{
public:
    struct Batch
    {
        std::shared_ptr<annotations::AnnotationSet> set;
        std::vector<annotations::Annotation> findings;
    };
    AddFindingsCommand(Session *session, std::vector<Batch> batches, const QString &text);
    void redo() override;
    void undo() override;
    int addedCount() const; // after the first redo

private:
    struct Added
    {
        std::shared_ptr<annotations::AnnotationSet> set;
        std::vector<annotations::Annotation> items; // with their ids, in the order added
    };
    std::vector<Batch> m_batches;
    std::vector<Added> m_added;
    bool m_done = false;
};

} // namespace lanescope
