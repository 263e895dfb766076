// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Annotations: what the user (or "Annotate findings") draws on a run's timeline for a report — a
// text callout with a leader line, an arrow, a rectangle, a time-range highlight, a marker on a
// slice. A model of its own (QtCore only) that widgets/render/AnnotationPainter draws through the
// same pass as the screen and the exports.
//
// Anchoring. Every annotation belongs to one run (an AnnotationSet per trace) and is placed by
// anchors: a time and a lane. Times are integer ns relative to the run's own first event
// (Trace::minTs), never the shared axis, so aligning a run on a step or correcting its clock (the
// session's offset) moves its annotations with it: axis = minTs + t - RenderRun::base. Lanes are
// stable keys (LaneKey.h: "gpu:0:stream:7", "cpu:4242:4242", "memory:0"), never row indices, so
// collapsing groups, hiding CPU lanes or reordering runs cannot move an annotation to another lane.
// Inside its lane an anchor's height `y` is in rows for slice lanes (0 = the top of the first row,
// 0.5 its middle, Lane::rows the bottom) and in bytes for a memory lane (the curve's value there).
// A callout's text box is placed the same way (`label`: a time and a lane of the same run), so every
// window size, zoom and picture draws it at the same time and lane as its point, and a note of the
// baseline in a comparison stays on the baseline's lanes.
//
// Kinds and their anchors:
//   callout  a: the point the leader line touches; label: the text box's top-left
//   arrow    a: tail, b: head
//   rect     a, b: opposite corners
//   range    a.t .. b.t over all lanes of the run (lanes and heights unused)
//   marker   a: the slice's start, lane and row (y = depth + 0.5); b.t: the slice's end
// Every kind may carry text (a callout always does); a "finding" was generated from the analysis
// and is drawn in a distinct style (dashed, tinted), but is edited and removed like the others.
//
// File format (the sidecar, AnnotationStore.h), one small JSON object, times as JSON integers:
//   {
//     "format": "lanescope-annotations", "version": 1,
//     "trace": {"name": "x.pt.trace.json.gz", "size": 48213377, "head_bytes": 1048576,
//               "head_sha256": "9f2c...e1"},
//     "annotations": [
//       {"id": "3f9c0e2a7b114d05", "kind": "callout", "color": "orange", "text": "AllGather waits here", "finding": false,
//        "a": {"t_ns": 73366912, "lane": "gpu:0:stream:7", "y": 0.5},
//        "label": {"t_ns": 73866912, "lane": "gpu:0:stream:7", "y": -1.5}},
//       {"id": "c41d8a90e6f2b317", "kind": "rect", "color": "blue", "text": "16.7 ms idle: waiting for AllGather (stream 20)",
//        "finding": true, "a": {"t_ns": 73366912, "lane": "gpu:0:stream:7", "y": 0},
//        "b": {"t_ns": 90036337, "lane": "gpu:0:stream:7", "y": 3}}
//     ]
//   }
// Versioning: "version" is the format's major version. A reader takes any version up to its own
// and ignores members it does not know (later minor additions); a file of a newer version is
// reported and left untouched, never overwritten. An annotation of an unknown kind or colour in a
// file of this version is reported as damage, not dropped silently. "id" (16 hex digits) came after
// the first files: one without it gets an id derived from its place and content, the same in
// every reader. So did "label": a callout of an earlier file has "label_dx"/"label_dy" instead, its
// text box's offset from the point in logical pixels of whatever window drew it. Such a callout is
// drawn with that pixel offset until a window shows its point: the window then converts the offset
// to a "label" anchor at the zoom and size it is shown at (where the box is drawn there stays where
// it is), and its next save writes the new form. A finding's callout has no "label": the painter
// places its box beside the point (label_dx/label_dy, when a file has them, are its first choice).
#include "core/model/Trace.h"

#include <QString>

#include <cstdint>

namespace lanescope::annotations {

enum class Kind : std::uint8_t { Callout, Arrow, Rect, Range, Marker };
constexpr int kKindCount = int(Kind::Marker) + 1;
const char *kindKey(Kind kind); // "callout", "arrow", "rect", "range", "marker" (the file's spelling)
bool kindFromKey(const QString &key, Kind *out);

// A small palette of mid-tone colours that read on the timeline's light background and on a dark
// one alike (text on them is drawn black or white, whichever contrasts).
enum class Color : std::uint8_t { Red, Orange, Green, Blue, Purple, Grey };
constexpr int kColorCount = int(Color::Grey) + 1;
const char *colorKey(Color color);     // "red", ... (the file's spelling)
bool colorFromKey(const QString &key, Color *out);
std::uint32_t colorRgb(Color color);   // 0xRRGGBB
QString colorLabel(Color color);       // translated, for a colour menu

struct Anchor
{
    TimeNs t = 0;   // ns since the run's Trace::minTs
    QString lane;   // LaneKey; empty for a range
    double y = 0;   // rows (slice lanes) or bytes (memory lanes) from the lane's top / the curve's zero
    bool operator==(const Anchor &o) const { return t == o.t && lane == o.lane && y == o.y; }
};

struct Annotation
{
    std::uint64_t id = 0; // given by AnnotationSet::add (random, never 0); saved, so windows sharing a file merge by it
    Kind kind = Kind::Callout;
    Anchor a, b;
    // Callout: the text box's top-left. hasLabel: at `label` (the run's time and a lane, as a, with y
    // in rows of that lane, negative above its top); else labelDx/labelDy logical pixels from a's
    // point (a finding, placed by the painter; a callout of an earlier file, until converted).
    bool hasLabel = false;
    Anchor label;
    double labelDx = 24, labelDy = -36;
    Color color = Color::Orange;
    QString text;
    bool finding = false;

    // The same drawing, ids aside.
    bool sameContent(const Annotation &o) const
    {
        return kind == o.kind && a == o.a && b == o.b && hasLabel == o.hasLabel && (!hasLabel || label == o.label)
            && labelDx == o.labelDx && labelDy == o.labelDy && color == o.color && text == o.text && finding == o.finding;
    }
};

} // namespace lanescope::annotations
