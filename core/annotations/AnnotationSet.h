// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The annotations of one run, in drawing order (later ones on top). A plain value: the GUI's undo
// commands keep copies of the annotations they change and put them back with add(a, index), which
// keeps the id they had. revision() grows with every change (the autosave's dirty check).
//
// Ids are random 64-bit numbers, saved with the annotations: two windows adding to one sidecar
// must not both call their new annotation 7, or merging the file by id (merge()) would take one
// for an edit of the other.
#include "core/annotations/Annotation.h"

#include <unordered_set>
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

    // Replaces every annotation by `items` (ids kept; a zero or repeated one gets a new id): a set
    // merged with what another window saved, taken in as one change.
    void setItems(std::vector<Annotation> items);

    // "Annotate findings" run again must not stack copies: adds each finding unless one of the
    // same kind, anchors and lane is already there (a user's edit of its text or colour is kept).
    // Returns how many were added.
    int addFindings(const std::vector<Annotation> &findings);

    // What a three-way merge by id took from `theirs` (the file as another writer left it).
    struct MergeCounts
    {
        int added = 0;   // there only: drawn by the other writer (or edited there after this one deleted it)
        int changed = 0; // edited there, untouched here
        int removed = 0; // deleted there, untouched here
        int kept = 0;    // edited on both sides: this side's edit kept
        bool any() const { return added + changed + removed > 0; }
    };
    // Merges `mine` (this window's set) with `theirs` (the file now), both descended from `base` (the
    // file when this window last read or wrote it). Per id: an annotation added on either side is
    // kept; one edited on one side only takes that edit; one edited on both keeps mine; one deleted
    // on one side stays deleted unless the other side edited it. Drawing order: mine's, then what
    // came only from theirs, in its order.
    static AnnotationSet merge(const AnnotationSet &base, const AnnotationSet &mine, const AnnotationSet &theirs, MergeCounts *counts);

private:
    Id newId() const;
    std::vector<Annotation> m_items;
    std::unordered_set<Id> m_ids; // every id in m_items: add() checks a taken id in O(1)
    quint64 m_revision = 0;
};

} // namespace lanescope::annotations
