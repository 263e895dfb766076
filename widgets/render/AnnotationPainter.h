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
// tinted, labels light with a dashed border. A finding's label that would cover another label is
// left out, the findings that explain most placed first (a whole-trace picture of 195 gaps labels
// its longest ones and still reads); the user's own labels always show.
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
    // many (beyond, they are placed as findings are). 500 boxes of text fill a 4K screen.
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
    QRectF labelRect(const annotations::Annotation &a, const QPointF &pa, const QPointF &pb, const QRectF &body) const;
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
    mutable int m_dropped = 0;
    mutable std::vector<std::pair<int, annotations::AnnotationSet::Id>> m_droppedIds; // (run, id), of the last paint(); sorted
    static constexpr int kLabelSizeCache = 1 << 16;
    mutable QHash<QString, QSizeF> m_labelSize; // text -> wrapped size: a painter kept by a view lays each label out once
    mutable QHash<QPair<int, QString>, int> m_laneIndex; // (run, key) -> lane, while a LaneIndex lives
    mutable bool m_laneIndexed = false;
};

} // namespace lanescope
