// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The Details panel's rich text for one event, bounded whatever the trace holds. Trace content
// (names, argument keys and values) is user-controlled: a kernel with hundreds of arguments, a
// 1 MB string or a deeply nested array must cost the same small, fixed amount of layout. Every
// piece is escaped and cut to a bound; the full event is available as JSON through "Copy all".
#include "core/model/SliceColumns.h"

#include <QString>
#include <QUrl>
#include <QVariant>
#include <QVariantMap>

#include <cstdint>
#include <vector>

namespace lanescope {
class EditorLauncher;
}

namespace lanescope::details {

constexpr int kMaxArgRows = 250;    // arguments shown; the rest are counted in one last row
constexpr int kMaxValueChars = 400; // per argument value (nested values as compact JSON)
constexpr int kMaxKeyChars = 80;    // per argument name
constexpr int kMaxNameChars = 600;  // the event's name (C++ kernel names run to kilobytes)

// `text` cut to at most `maxChars` characters, ending in "… (N characters)" when cut.
QString bounded(const QString &text, int maxChars);
// A value as the panel shows it: strings as they are, numbers exactly (64-bit integers too),
// arrays and objects as compact JSON, cut to maxChars without serialising more than that.
QString valueText(const QVariant &v, int maxChars = kMaxValueChars);
// One table row: key and already-escaped value HTML.
QString row(const QString &key, const QString &valueHtml);
// The argument table (or "none"): at most kMaxArgRows rows, then a line counting the rest.
QString argsTable(const QVariantMap &args);
// The NCCL metadata PyTorch writes on a collective's kernel and its record_param_comms operator
// ("Collective name", "In/Out msg nelems", "dtype", "Group size", "Process Group Name" and
// "Description", "Process Group Ranks", "Rank", "seq_num" / "Seq", "Comms Id") as a readable table:
// the elements with their bytes, the group by name and its ranks. Empty where the args hold none.
QString ncclTable(const QVariantMap &args);
// Plain text safe for a tooltip: cut to maxChars and escaped as rich text, so a name that
// happens to start with '<' is never laid out as HTML.
QString tooltipText(const QString &plain, int maxChars = 1000);

// The resolution of a track's times as the file wrote them: 1000 ns when every start and
// duration it holds (the first kResolutionSample of each) is a whole microsecond, as traces
// with integer "ts" have, else 1 ns. The Details panel and the tooltips give starts to it.
constexpr std::size_t kResolutionSample = 512;
double timeResolutionNs(const std::vector<std::int64_t> &starts, const DurationColumn &durs);
// A start (ns since the run's first event) to that resolution: "14.389 012 345 s".
QString startText(double relNs, double resolutionNs);

// A Python frame's links in the stack: "source:RUN:LINE:FILE" opens Time spent's Source view at the
// line, "editor:RUN:LINE:FILE" the file in the user's editor (the file percent-encoded, so any path
// survives). sourceLink() parses either; false for anything else.
QString sourceHref(const QString &scheme, int run, const QString &file, int line);
bool sourceLink(const QUrl &url, int *run, QString *file, int *line);
// One frame of the Python stack for the panel: its name as a link to its slice (slice:RUN:TRACK:SLICE),
// then "Source" and, where the file is on this machine (EditorLauncher), "Open in Editor".
QString pythonFrameItem(const QString &frameName, int run, std::uint32_t track, std::uint32_t slice, const EditorLauncher &editor);

} // namespace lanescope::details
