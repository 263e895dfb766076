// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A timeline overlay as a render pass (Qt Creator's supportedRenderPasses()): something drawn over
// the lanes of every view and picture of a session, such as the critical path of a step or the
// ghost of a replayed step. The pass keeps its own state (on or off, what it shows); the view
// state holds the session's passes (ViewState::overlayPasses) and the renderer draws them in z
// order, so a new overlay is one new pass and a registration (widgets/analysis/AnalysisPanels.h),
// not an edit of the view state, the view or the window.
//
// What a pass draws at a moment is an immutable OverlayDrawing: the view and File > Export take
// it when they build their RenderOverlay, and a picture may be painted off the UI thread while the
// pass changes.
#include <QString>

#include <memory>

class QPainter;

namespace lanescope {

class TimelineRenderer;

class OverlayDrawing
{
public:
    virtual ~OverlayDrawing() = default;
    // Paints over the lanes: the painter is clipped to the lanes area (right of the headers,
    // below the ruler and step bands); the renderer gives the geometry (TimelineRenderer::sliceRect,
    // laneRect, axis(), runs()).
    virtual void paint(QPainter &p, const TimelineRenderer &renderer) const = 0;
};

// One pass's drawing as a RenderOverlay carries it.
struct OverlayLayer
{
    int z = 0;
    bool inPictures = true;
    std::shared_ptr<const OverlayDrawing> drawing;
};

class OverlayPass
{
public:
    // The built-in passes' places (lower draws first). All of them draw after the selection and a
    // highlighted name and before the flow arrows, the cursor and a dragged range.
    enum Z : int { CriticalPathZ = 100, ReplayGhostZ = 200 };

    virtual ~OverlayPass() = default;
    // Unique in a session: the measure it shows ("critical_path", "replay").
    virtual QString key() const = 0;
    virtual int z() const = 0;
    // Whether File > Export draws it too (what the user chose to show), or the screen only.
    virtual bool inPictures() const { return true; }
    // What to draw now; null: nothing (off, or nothing to show).
    virtual std::shared_ptr<const OverlayDrawing> drawing() const = 0;
};

} // namespace lanescope
