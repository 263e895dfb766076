#pragma once
// The annotations of one run, in drawing order (later ones on top). A plain value: the GUI's undo
// commands keep copies of the annotations they change and put them back with add(a, index), which
// keeps the id they had. revision() grows with every change (the autosave's dirty check).
#include "annotations/Annotation.h"

#include <vector>

namespace lanescope::annotations {

class AnnotationSet
{
public:
    using Id = std::uint64_t;

    const std::vector<Annotation> &items() const { return m_items; }
    int size() const { return int(m_items.size()); }
    bool isEmpty() const { return m_items.empty(); }
    quint64 revision() const { return m_revision; }

    // Adds a at `index` (-1 or past the end: on top) and returns its id: a.id when it is set and
    // not taken (an undone removal), else a new one.
    Id add(Annotation a, int index = -1);
    bool remove(Id id);
    // Replaces the annotation with a.id by a; false when there is none.
    bool modify(const Annotation &a);
    const Annotation *find(Id id) const;
    int indexOf(Id id) const; // -1 when absent
    void clear();

    // "Annotate findings" run again must not stack copies: adds each finding unless one of the
    // same kind, anchors and lane is already there (a user's edit of its text or colour is kept).
    // Returns how many were added.
    int addFindings(const std::vector<Annotation> &findings);

private:
    std::vector<Annotation> m_items;
    Id m_nextId = 1;
    quint64 m_revision = 0;
};

} // namespace lanescope::annotations
