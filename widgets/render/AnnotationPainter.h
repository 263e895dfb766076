// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Draws the runs' annotations (core/annotations) over a TimelineRenderer's picture, with the
// renderer's own geometry (axis, lane layout, scroll, memory scale), so the screen, PictureExport
// and `lanescope-cli export` put every annotation on the same spot. Called after the renderer's
// paint()/paintOverlay() on the same painter: the annotations are the topmost layer.
//
// Where an anchor lands: x from its time (run-relative ns -> axis through the run's base), y from
// its lane key's row in the layout (slice lanes: rows from the lane's top; memory lanes: the
// curve's value). A lane of a collapsed group points at the group's header; an annotation whose
// lane the layout does not show (CPU lanes left out of a GPU-only export) is not drawn.
//
// Style: user annotations solid, their labels filled with their colour; findings dashed and
// tinted, labels light with a dashed border. The user's own labels always show. A finding's label
// sits at what it labels — a gap's above, below or inside the part of the gap in view, a range's
// in the part of its run in view — or is left out (its shape still drawn) when every such place
// would cover another label or a reserved area (the marked gap's chip); the findings that explain
// most in view are placed first. What is left out is summarised: one label per lane and cause for
// its gaps ("5 gaps ≥ 32.0 ms idle: waiting for the data loader (160 ms in all)"), one per run for
// its "same region" ranges, each at one of the gaps or ranges it counts, else in its lane group's
// header row or at the top of its lane, over what is there if it must: a summary is never left out.
#include "core/annotations/AnnotationSet.h"
#include "widgets/render/TimelineRenderer.h"

#include <QColor>
#include <QFont>
#include <QHash>
#include <QPair>
#include <QPointF>
#include <QRectF>

#include <map>
#include <tuple>
#include <unordered_set>
#include <vector>

class QPainter;

namespace lanescope {

class AnnotationPainter
{
public:
    static constexpr int kLabelMaxWidth = 360; // wrap longer text
    static constexpr int kLabelPad = 4;
    static constexpr double kAnchorRadius = 3.5;
    // Labels laid out per frame at most, and the user labels shown whatever they cover up to that
    // many (beyond, they are placed as findings are). 500 boxes of text fill a 4K screen. The
    // summaries of left-out labels have a bound of their own: they always show.
    static constexpr int kMaxLabels = 500;
    // More shapes than this in the window: drawn plainly (no antialiasing, no dashes) and once per
    // pixel footprint.
    static constexpr int kMaxShapes = 500;

    explicit AnnotationPainter(const TimelineRenderer &renderer);
    void setFont(const QFont &font); // the label font's family; its size is the painter's own

    static QColor color(annotations::Color c);
    static QColor textColor(annotations::Color c); // black or white, whichever contrasts more

    // Picture x of run-relative time t of run.
    double xOf(int run, TimeNs t) const;
    // Picture position of an anchor; false when its lane is not in the layout.
    bool anchorPoint(int run, const annotations::Anchor &a, QPointF *out) const;

    // Picture position of a callout's `label` anchor (its text box's top-left): as anchorPoint, but
    // a height outside the lane is kept (a box above or below the lane it is anchored to). False
    // when the lane is not in the layout.
    bool labelPoint(int run, const annotations::Anchor &a, QPointF *out) const;
    // The anchor, in run's terms, of a picture point where a callout's text box begins: its time,
    // and of the run's lanes in view the one under it or nearest to it (rows from its top, negative
    // above it). False when the run shows no lane.
    bool labelAnchorAt(int run, QPointF at, annotations::Anchor *out) const;
    // The text box's top-left a callout is drawn with: at its label anchor, else its pixel offset.
    QPointF labelTopLeft(int run, const annotations::Annotation &a, QPointF point) const;

    // Areas no finding's label may cover (the marked gap's chip); the user's own labels show anyway.
    void setReserved(std::vector<QRectF> areas) { m_reserved = std::move(areas); }

    // Where an annotation is drawn, in picture coordinates (for hit tests of editing tools).
    struct Shape
    {
        bool visible = false; // its lane is in the layout
        QPointF a, b;         // anchor points (range: top and bottom of the run at a.t, b.t)
        QRectF body;          // rect, range, marker: the outlined area; callout: the anchor's dot
        QRectF label;         // the text box (empty without text)
    };
    Shape shape(int run, const annotations::Annotation &a) const;
    // The topmost of run's annotations under pos (its label, its outline or area, its line or dot,
    // within `tolerance` px); 0 when none. For the editing tools' selection.
    annotations::AnnotationSet::Id hitTest(int run, const annotations::AnnotationSet &set, QPointF pos, double tolerance = 4) const;

    // An annotation being drawn or dragged in `run`: drawn on top; `replaces`: instead of the one
    // with its id (a move), else added (a new drawing). No copy of the set per frame.
    struct Draft
    {
        int run = -1;
        const annotations::Annotation *a = nullptr;
        bool replaces = false;
    };
    // sets[run]: that run's annotations (null or missing: none). Draws into the lanes area only.
    void paint(QPainter &p, const std::vector<const annotations::AnnotationSet *> &sets) const;
    void paint(QPainter &p, const std::vector<const annotations::AnnotationSet *> &sets, const Draft &draft) const;
    // How many labels the last paint() left out to keep findings from covering each other.
    // hitTest() does not take a left-out label for its annotation (it is not on screen).
    int droppedLabels() const { return m_dropped; }
    bool labelDropped(int run, annotations::AnnotationSet::Id id) const;
    // Of droppedLabels(), how many a summary label of the last paint() counts.
    int summarisedLabels() const { return m_summarised; }
    // The text of every label the last paint() drew (summaries included), in drawing order.
    const QStringList &shownLabels() const { return m_shown; }
    // The summaries the last paint() drew: whose run, what they say, where, how many they count.
    struct Summary
    {
        int run = -1;
        QString text;
        QRectF box;
        int counted = 0;
    };
    const std::vector<Summary> &summaries() const { return m_summaries; }

private:
    // For one paint() or hitTest(): lane keys looked up in a hash of the layout's lanes, not by a
    // walk over them per anchor.
    class LaneIndex
    {
    public:
        explicit LaneIndex(const AnnotationPainter &painter);
        ~LaneIndex();
        LaneIndex(const LaneIndex &) = delete;
        LaneIndex &operator=(const LaneIndex &) = delete;

    private:
        const AnnotationPainter &m_p;
    };
    int laneOf(int run, const QString &key) const;
    Shape shapeOf(int run, const annotations::Annotation &a, bool withLabel) const;
    QRectF runExtent(int run) const; // top and bottom of the run's groups, as drawn
    QSizeF labelSize(const QString &text) const;
    QRectF labelRect(int run, const annotations::Annotation &a, const QPointF &pa, const QPointF &pb, const QRectF &body) const;
    // Where a finding's label of `size` may go, best first (the first is labelRect()'s); none when
    // what it labels is not in view.
    std::vector<QRectF> labelCandidates(int run, const annotations::Annotation &a, const Shape &s, QSizeF size) const;
    void paintShape(QPainter &p, const annotations::Annotation &a, const Shape &s) const;
    // A crowded frame's shapes: drawn once per pixel footprint, fills gathered by colour and row
    // band and merged into runs (flush()).
    struct PlainBatch
    {
        std::unordered_set<quint64> footprints;
        std::map<std::tuple<QRgb, int, int>, std::vector<std::pair<int, int>>> spans; // (rgba, top, bottom) -> [x0, x1]
        void flush(QPainter &p);
    };
    void paintShapePlain(QPainter &p, const annotations::Annotation &a, const Shape &s, PlainBatch &batch) const;
    void paintLabel(QPainter &p, const annotations::Annotation &a, const Shape &s) const;

    const TimelineRenderer &m_r;
    QFont m_font;
    mutable int m_dropped = 0, m_summarised = 0;
    mutable QStringList m_shown;
    mutable std::vector<Summary> m_summaries;
    std::vector<QRectF> m_reserved;
    // Findings' labels the last paint() placed elsewhere than labelRect(): where they are on screen.
    mutable QHash<QPair<int, annotations::AnnotationSet::Id>, QRectF> m_placedAt;
    mutable std::vector<std::pair<int, annotations::AnnotationSet::Id>> m_droppedIds; // (run, id), of the last paint(); sorted
    static constexpr int kLabelSizeCache = 1 << 16;
    mutable QHash<QString, QSizeF> m_labelSize; // text -> wrapped size: a painter kept by a view lays each label out once
    mutable QHash<QPair<int, QString>, int> m_laneIndex; // (run, key) -> lane, while a LaneIndex lives
    mutable bool m_laneIndexed = false;
};

} // namespace lanescope
