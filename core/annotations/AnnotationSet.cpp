#include "annotations/AnnotationSet.h"

#include <algorithm>

namespace lanescope::annotations {

AnnotationSet::Id AnnotationSet::add(Annotation a, int index)
{
    if (a.id == 0 || find(a.id))
        a.id = m_nextId;
    m_nextId = std::max(m_nextId, a.id + 1);
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
    if (id == 0)
        return -1;
    const auto it = std::find_if(m_items.begin(), m_items.end(), [id](const Annotation &a) { return a.id == id; });
    return it == m_items.end() ? -1 : int(it - m_items.begin());
}

void AnnotationSet::clear()
{
    if (m_items.empty())
        return;
    m_items.clear();
    ++m_revision;
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
