// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/annotations/AnnotationCommands.h"

#include "widgets/view/Session.h"

namespace lanescope {

using annotations::Annotation;
using annotations::AnnotationSet;

AnnotationCommand::AnnotationCommand(Session *session, std::shared_ptr<AnnotationSet> set, const QString &text)
    : QUndoCommand(text)
    , m_session(session)
    , m_set(std::move(set))
{
}

void AnnotationCommand::notify()
{
    if (Session *s = m_session.data())
        s->notifyAnnotationsChanged(s->runOfAnnotations(m_set.get()));
}

AddAnnotationCommand::AddAnnotationCommand(Session *session, std::shared_ptr<AnnotationSet> set, Annotation a)
    : AnnotationCommand(session, std::move(set), tr("Add Annotation"))
    , m_a(std::move(a))
{
}

void AddAnnotationCommand::redo()
{
    m_a.id = set().add(m_a); // the first time a new id; after an undo the same one
    notify();
}

void AddAnnotationCommand::undo()
{
    set().remove(m_a.id);
    notify();
}

RemoveAnnotationCommand::RemoveAnnotationCommand(Session *session, std::shared_ptr<AnnotationSet> set, AnnotationSet::Id id)
    : AnnotationCommand(session, set, tr("Delete Annotation"))
{
    if (const Annotation *a = set->find(id))
        m_a = *a;
    m_a.id = id;
}

void RemoveAnnotationCommand::redo()
{
    m_index = set().indexOf(m_a.id);
    if (const Annotation *a = set().find(m_a.id))
        m_a = *a;
    set().remove(m_a.id);
    notify();
}

void RemoveAnnotationCommand::undo()
{
    if (m_index >= 0)
        set().add(m_a, m_index);
    notify();
}

ModifyAnnotationCommand::ModifyAnnotationCommand(Session *session, std::shared_ptr<AnnotationSet> set, Annotation before,
                                                 Annotation after, const QString &text)
    : AnnotationCommand(session, std::move(set), text)
    , m_before(std::move(before))
    , m_after(std::move(after))
{
    m_after.id = m_before.id;
}

void ModifyAnnotationCommand::redo()
{
    set().modify(m_after);
    notify();
}

void ModifyAnnotationCommand::undo()
{
    set().modify(m_before);
    notify();
}

AddFindingsCommand::AddFindingsCommand(Session *session, std::vector<Batch> batches, const QString &text)
    : AnnotationCommand(session, nullptr, text)
    , m_batches(std::move(batches))
{
}

void AddFindingsCommand::redo()
{
    if (!m_done) {
        // addFindings appends what it adds: those are the items past the old end.
        for (const Batch &b : m_batches) {
            const int before = b.set->size();
            b.set->addFindings(b.findings);
            Added added{b.set, {}};
            for (int i = before; i < b.set->size(); ++i)
                added.items.push_back(b.set->items()[std::size_t(i)]);
            m_added.push_back(std::move(added));
        }
        m_done = true;
        if (addedCount() == 0)
            setObsolete(true); // nothing new: QUndoStack::push drops the command

    } else {
        for (const Added &a : m_added)
            for (const Annotation &item : a.items)
                a.set->add(item);
    }
    if (Session *s = session())
        for (const Added &a : m_added)
            s->notifyAnnotationsChanged(s->runOfAnnotations(a.set.get()));
}

void AddFindingsCommand::undo()
{
    for (const Added &a : m_added)
        for (const Annotation &item : a.items)
            a.set->remove(item.id);
    if (Session *s = session())
        for (const Added &a : m_added)
            s->notifyAnnotationsChanged(s->runOfAnnotations(a.set.get()));
}

int AddFindingsCommand::addedCount() const
{
    int n = 0;
    for (const Added &a : m_added)
        n += int(a.items.size());
    return n;
}

} // namespace lanescope
