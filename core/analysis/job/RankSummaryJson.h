// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A rank's summary as a file: `lanescope-cli analyze RANKFILE
// --summary OUT.json` is the map step a cluster scheduler fans out, one per rank; `lanescope-cli
// merge SUMMARIES...` reads them back and runs the same reduce step as `analyze DIR`. Integers
// (nanoseconds, bytes) are written as integers and doubles in their shortest round-trip form, so
// a summary read back is the summary written, bit for bit, and merge equals analyze DIR.
#include "core/analysis/job/Ranks.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <string>
#include <vector>

namespace lanescope::analysis {

constexpr int kRankSummaryVersion = 1;
// Larger is not a summary: one rank's figures and collective arrival times (with their sizes) take about 230 bytes
// per collective, so even a million collectives stay far below; a bound keeps `merge` from
// reading a device or a runaway file into memory.
constexpr qint64 kMaxRankSummaryBytes = 512ll << 20;

std::string rankSummaryToJson(const RankSummary &summary);
// False with *error set (one line) where the bytes are not a summary this version reads.
bool rankSummaryFromJson(const QByteArray &json, RankSummary *summary, QString *error);

// Where a merge was given one rank twice: the same file under two names (after links), or two
// files that summarise one trace (the same rank, clock base, first timestamp, events and
// collectives, whatever its path). Empty when every summary is its own; else one line naming both files.
// `files[k]` is the file summaries[k] was read from.
QString repeatedRankSummary(const QStringList &files, const std::vector<RankSummary> &summaries);

} // namespace lanescope::analysis
