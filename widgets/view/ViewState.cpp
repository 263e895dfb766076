// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/view/ViewState.h"

#include <algorithm>

namespace lanescope {

std::vector<FlowLink> flowsOf(const Trace &trace, SliceRef ref)
{
    std::vector<FlowLink> out;
    if (!ref.isValid())
        return out;
    for (const Flow &f : trace.flows) {
        if (f.fromTrack == ref.track && f.fromSlice == ref.slice)
            out.push_back({SliceRef{ref.run, f.toTrack, f.toSlice}, true, f.kind});
        else if (f.toTrack == ref.track && f.toSlice == ref.slice)
            out.push_back({SliceRef{ref.run, f.fromTrack, f.fromSlice}, false, f.kind});
    }
    return out;
}

ViewState::ViewState(QObject *parent)
    : QObject(parent)
{
    qRegisterMetaType<lanescope::SliceRef>();
    qRegisterMetaType<lanescope::analysis::Gap>();
}

void ViewState::setSpan(double start, double end)
{
    m_axis.spanStart = start;
    m_axis.spanEnd = std::max(end, start + 1000.0);
}

void ViewState::emitWindowIfChanged(double oldStart, double oldRange)
{
    if (m_axis.start != oldStart || m_axis.range != oldRange)
        emit windowChanged(m_axis.start, m_axis.range);
}

void ViewState::setWindow(double start, double range)
{
    const double s = m_axis.start, r = m_axis.range;
    m_axis.setWindow(start, range);
    emitWindowIfChanged(s, r);
}

void ViewState::fitAll()
{
    const double s = m_axis.start, r = m_axis.range;
    m_axis.fitAll();
    emitWindowIfChanged(s, r);
}

TimeAxis ViewState::axisFor(double width) const
{
    TimeAxis a = m_axis;
    a.width = std::max(1.0, width);
    return a;
}

void ViewState::zoomAbout(double width, double px, double factor)
{
    const double s = m_axis.start, r = m_axis.range;
    m_axis.width = std::max(1.0, width);
    m_axis.zoomAbout(px, factor);
    emitWindowIfChanged(s, r);
}

void ViewState::panPx(double width, double dx)
{
    const double s = m_axis.start, r = m_axis.range;
    m_axis.width = std::max(1.0, width);
    m_axis.panPx(dx);
    emitWindowIfChanged(s, r);
}

void ViewState::setSelectedSlice(SliceRef ref)
{
    if (ref == m_selected)
        return;
    m_selected = ref;
    emit selectionChanged(ref);
}

void ViewState::setTimeRange(double a, double b)
{
    const double lo = std::min(a, b), hi = std::max(a, b);
    if (m_rangeActive && lo == m_rangeA && hi == m_rangeB)
        return;
    m_rangeActive = true;
    m_rangeA = lo;
    m_rangeB = hi;
    emit timeRangeChanged(true, lo, hi);
}

void ViewState::clearTimeRange()
{
    if (!m_rangeActive)
        return;
    m_rangeActive = false;
    emit timeRangeChanged(false, m_rangeA, m_rangeB);
}

void ViewState::setGap(int run, const analysis::Gap &gap)
{
    m_gapRun = run;
    m_gap = gap;
    emit gapChanged(run, gap);
}

void ViewState::clearGap()
{
    if (m_gapRun < 0)
        return;
    m_gapRun = -1;
    m_gap = analysis::Gap();
    emit gapChanged(-1, m_gap);
}

void ViewState::setMemoryOverlay(bool on)
{
    if (on == m_memory)
        return;
    m_memory = on;
    emit memoryOverlayChanged(on);
}

void ViewState::setQueueLanes(bool on)
{
    if (on == m_queueLanes)
        return;
    m_queueLanes = on;
    emit queueLanesChanged(on);
}

void ViewState::addOverlayPass(std::shared_ptr<OverlayPass> pass)
{
    if (!pass)
        return;
    const QString key = pass->key();
    m_passes.erase(std::remove_if(m_passes.begin(), m_passes.end(), [&](const auto &p) { return p->key() == key; }),
                   m_passes.end());
    // Stable: passes of one z draw in the order they were added.
    const auto at = std::upper_bound(m_passes.begin(), m_passes.end(), pass->z(),
                                     [](int z, const auto &p) { return z < p->z(); });
    m_passes.insert(at, std::move(pass));
    emit overlayChanged();
}

std::shared_ptr<OverlayPass> ViewState::overlayPass(const QString &key) const
{
    for (const auto &p : m_passes)
        if (p->key() == key)
            return p;
    return nullptr;
}

std::vector<OverlayLayer> ViewState::overlayLayers() const
{
    std::vector<OverlayLayer> layers;
    for (const auto &p : m_passes)
        if (auto d = p->drawing())
            layers.push_back({p->z(), p->inPictures(), std::move(d)});
    return layers;
}

void ViewState::setHighlight(std::shared_ptr<const SliceHighlight> highlight)
{
    if (highlight == m_highlight)
        return;
    m_highlight = std::move(highlight);
    emit highlightChanged();
}

void ViewState::setSearch(std::shared_ptr<const SliceHighlight> matches)
{
    if (matches == m_search)
        return;
    m_search = std::move(matches);
    emit searchChanged();
}

void ViewState::setCursor(double axisNs)
{
    if (axisNs == m_cursor || (std::isnan(axisNs) && std::isnan(m_cursor)))
        return;
    m_cursor = axisNs;
    emit cursorChanged(axisNs);
}

} // namespace lanescope
