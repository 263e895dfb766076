// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The state every view of a session shares (Qt Creator's TimelineZoomControl): the time window,
// the selected time range, the selected slice and the selected gap. Setters clamp and emit only
// on change; the signals carry the new values, so any number of views, docks and exporters follow
// one state without reading each other. Times are axis nanoseconds: 0 is the session's origin
// (each run's first event, moved by its offset; see Session).
#include "core/analysis/measures/gaps/Gaps.h"
#include "widgets/render/OverlayPass.h"
#include "widgets/render/SliceHighlight.h"
#include "widgets/render/SliceRef.h"
#include "widgets/render/TimeAxis.h"

#include <QObject>

#include <cmath>
#include <limits>
#include <memory>
#include <vector>

namespace lanescope {

class ViewState : public QObject
{
    Q_OBJECT
public:
    explicit ViewState(QObject *parent = nullptr);

    // The data span the window is clamped to (set by the session from its runs).
    void setSpan(double start, double end);
    double spanStart() const { return m_axis.spanStart; }
    double spanEnd() const { return m_axis.spanEnd; }

    // The window.
    double windowStart() const { return m_axis.start; }
    double windowRange() const { return m_axis.range; }
    double windowEnd() const { return m_axis.end(); }
    void setWindow(double start, double range); // clamped as TimeAxis::setWindow
    void fitAll();
    // The mapping for a view `width` pixels wide: the same window, that width's scale.
    TimeAxis axisFor(double width) const;
    // Zoom and pan in a view of `width` pixels (px from the left edge of its lanes).
    void zoomAbout(double width, double px, double factor);
    void panPx(double width, double dx);

    // The selected slice (invalid: none).
    SliceRef selectedSlice() const { return m_selected; }
    void setSelectedSlice(SliceRef ref);

    // The selected time range (shift-drag), axis ns, a <= b.
    bool hasTimeRange() const { return m_rangeActive; }
    double timeRangeStart() const { return m_rangeA; }
    double timeRangeEnd() const { return m_rangeB; }
    void setTimeRange(double a, double b);
    void clearTimeRange();

    // The gap picked in the analysis (the whole value: its track and evidence are drawn).
    bool hasGap() const { return m_gapRun >= 0; }
    int gapRun() const { return m_gapRun; }
    const analysis::Gap &gap() const { return m_gap; }
    void setGap(int run, const analysis::Gap &gap);
    void clearGap();

    bool memoryOverlay() const { return m_memory; }
    void setMemoryOverlay(bool on);
    // Each GPU stream's launch queue (operations launched and not yet finished) under its lane.
    bool queueLanes() const { return m_queueLanes; }
    void setQueueLanes(bool on);

    // The overlay passes every view and picture of the session draws over the lanes
    // (OverlayPass.h; the critical path, the ghost of a replayed step, ...), in z order. Each
    // keeps its own state and calls overlayPassChanged() when what it draws changed.
    void addOverlayPass(std::shared_ptr<OverlayPass> pass); // replaces the pass of the same key
    std::shared_ptr<OverlayPass> overlayPass(const QString &key) const; // null: none
    const std::vector<std::shared_ptr<OverlayPass>> &overlayPasses() const { return m_passes; }
    // The drawings of the passes that draw now, as a RenderOverlay carries them.
    std::vector<OverlayLayer> overlayLayers() const;
    void overlayPassChanged() { emit overlayChanged(); }

    // The slices of one name marked in every run (a row of the comparison's differences).
    const std::shared_ptr<const SliceHighlight> &highlight() const { return m_highlight; }
    void setHighlight(std::shared_ptr<const SliceHighlight> highlight); // null clears

    // The matches of the search bar's query in every run (null: no search active): drawn in their
    // colours over the rest, which is dimmed.
    const std::shared_ptr<const SliceHighlight> &search() const { return m_search; }
    void setSearch(std::shared_ptr<const SliceHighlight> matches);

    // The cursor line shared by every run's lanes (axis ns); NaN while the mouse is elsewhere.
    double cursor() const { return m_cursor; }
    void setCursor(double axisNs);

signals:
    void windowChanged(double startNs, double rangeNs);
    void selectionChanged(lanescope::SliceRef ref);
    void timeRangeChanged(bool active, double startNs, double endNs);
    void gapChanged(int run, const lanescope::analysis::Gap &gap); // run -1: cleared
    void memoryOverlayChanged(bool on);
    void queueLanesChanged(bool on);
    void overlayChanged(); // a pass added, or what one draws changed
    void highlightChanged();
    void searchChanged();
    void cursorChanged(double axisNs);

private:
    void emitWindowIfChanged(double oldStart, double oldRange);

    TimeAxis m_axis; // width unused: each view brings its own
    SliceRef m_selected;
    bool m_rangeActive = false;
    double m_rangeA = 0, m_rangeB = 0;
    int m_gapRun = -1;
    analysis::Gap m_gap;
    bool m_memory = true;
    bool m_queueLanes = false;
    std::vector<std::shared_ptr<OverlayPass>> m_passes; // z order
    std::shared_ptr<const SliceHighlight> m_highlight;
    std::shared_ptr<const SliceHighlight> m_search;
    double m_cursor = std::numeric_limits<double>::quiet_NaN();
};

} // namespace lanescope

Q_DECLARE_METATYPE(lanescope::analysis::Gap)
