// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/annotations/AnnotationSet.h"

#include <QRandomGenerator>

#include <algorithm>
#include <unordered_map>

namespace lanescope::annotations {

AnnotationSet::Id AnnotationSet::newId() const
{
    Id id = 0;
    while (id == 0 || m_ids.count(id))
        id = QRandomGenerator::global()->generate64();
    return id;
}

AnnotationSet::Id AnnotationSet::add(Annotation a, int index)
{
    if (a.id == 0 || m_ids.count(a.id))
        a.id = newId();
    m_ids.insert(a.id);
    const Id id = a.id;
    if (index < 0 || index >= int(m_items.size()))
        m_items.push_back(std::move(a));
    else
        m_items.insert(m_items.begin() + index, std::move(a));
    ++m_revision;
    return id;
}

bool AnnotationSet::remove(Id id)
{
    const int i = indexOf(id);
    if (i < 0)
        return false;
    m_ids.erase(id);
    m_items.erase(m_items.begin() + i);
    ++m_revision;
    return true;
}

bool AnnotationSet::modify(const Annotation &a)
{
    const int i = indexOf(a.id);
    if (i < 0)
        return false;
    m_items[std::size_t(i)] = a;
    ++m_revision;
    return true;
}

const Annotation *AnnotationSet::find(Id id) const
{
    const int i = indexOf(id);
    return i < 0 ? nullptr : &m_items[std::size_t(i)];
}

int AnnotationSet::indexOf(Id id) const
{
    if (id == 0 || !m_ids.count(id))
        return -1;
    const auto it = std::find_if(m_items.begin(), m_items.end(), [id](const Annotation &a) { return a.id == id; });
    return it == m_items.end() ? -1 : int(it - m_items.begin());
}

void AnnotationSet::clear()
{
    if (m_items.empty())
        return;
    m_items.clear();
    m_ids.clear();
    ++m_revision;
}

void AnnotationSet::setItems(std::vector<Annotation> items)
{
    m_items.clear();
    m_ids.clear();
    m_items.reserve(items.size());
    for (Annotation &a : items) {
        if (a.id == 0 || m_ids.count(a.id))
            a.id = newId();
        m_ids.insert(a.id);
        m_items.push_back(std::move(a));
    }
    ++m_revision;
}

AnnotationSet AnnotationSet::merge(const AnnotationSet &base, const AnnotationSet &mine, const AnnotationSet &theirs, MergeCounts *counts)
{
    MergeCounts c;
    const auto byId = [](const AnnotationSet &s) {
        std::unordered_map<Id, const Annotation *> m;
        m.reserve(s.m_items.size());
        for (const Annotation &a : s.m_items)
            m.emplace(a.id, &a);
        return m;
    };
    const auto baseOf = byId(base), theirsOf = byId(theirs);
    const auto lookup = [](const std::unordered_map<Id, const Annotation *> &m, Id id) {
        const auto it = m.find(id);
        return it == m.end() ? nullptr : it->second;
    };
    std::vector<Annotation> out;
    out.reserve(std::max(mine.m_items.size(), theirs.m_items.size()));
    for (const Annotation &m : mine.m_items) {
        const Annotation *b = lookup(baseOf, m.id), *t = lookup(theirsOf, m.id);
        const bool mineEdited = !b || !m.sameContent(*b);
        if (t) {
            const bool theirsEdited = !b || !t->sameContent(*b);
            if (!mineEdited && theirsEdited) {
                out.push_back(*t);
                ++c.changed;
                continue;
            }
            if (mineEdited && theirsEdited && !m.sameContent(*t))
                ++c.kept;
            out.push_back(m);
        } else if (b && !mineEdited) {
            ++c.removed; // deleted there, untouched here
        } else {
            out.push_back(m); // added here, or edited here after the other side deleted it
        }
    }
    for (const Annotation &t : theirs.m_items) {
        if (mine.m_ids.count(t.id))
            continue;
        const Annotation *b = lookup(baseOf, t.id);
        if (b && t.sameContent(*b))
            continue; // deleted here, untouched there: stays deleted
        out.push_back(t);
        ++c.added;
    }
    if (counts)
        *counts = c;
    AnnotationSet merged;
    merged.setItems(std::move(out));
    return merged;
}

int AnnotationSet::addFindings(const std::vector<Annotation> &findings)
{
    int added = 0;
    for (const Annotation &f : findings) {
        const bool present = std::any_of(m_items.begin(), m_items.end(), [&](const Annotation &a) {
            return a.finding && a.kind == f.kind && a.a.t == f.a.t && a.b.t == f.b.t && a.a.lane == f.a.lane;
        });
        if (present)
            continue;
        Annotation copy = f;
        copy.id = 0;
        copy.finding = true;
        add(std::move(copy));
        ++added;
    }
    return added;
}

} // namespace lanescope::annotations
