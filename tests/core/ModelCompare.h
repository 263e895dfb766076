// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Field-by-field comparison of two loaded traces, for tests that load the same bytes in different
// ways (thread counts, chunkings). String and category ids are compared by their text: the loader
// interns strings in chunk order, so the ids themselves may legitimately differ.
#include "core/model/Trace.h"

#include <QString>
#include <QStringList>

namespace lanescope::test {

// Empty when a and b hold the same model; else the first differences found, one per line.
inline QString diffTraces(const Trace &a, const Trace &b)
{
    QStringList out;
    auto note = [&](const QString &what) {
        if (out.size() < 20)
            out << what;
    };
#define LS_CMP(expr)                                                                                                   \
    if (!((a.expr) == (b.expr)))                                                                                       \
        note(QStringLiteral(#expr " differs"));

    LS_CMP(eventCount)
    LS_CMP(malformedEvents)
    LS_CMP(truncated)
    LS_CMP(truncatedAtByte)
    LS_CMP(warnings)
    LS_CMP(rank)
    LS_CMP(worldSize)
    LS_CMP(backend)
    LS_CMP(baseTimeNs)
    LS_CMP(displayTimeUnit)
    LS_CMP(schemaVersion)
    LS_CMP(minTs)
    LS_CMP(maxTs)
    LS_CMP(devices.size())
    LS_CMP(processes.size())
    LS_CMP(tracks.size())
    LS_CMP(flows.size())
    LS_CMP(memory.size())
    LS_CMP(counters.size())
    LS_CMP(categories.size())
#undef LS_CMP
    if (!out.isEmpty())
        return out.join(QLatin1Char('\n'));

    for (std::size_t i = 0; i < a.devices.size(); ++i) {
        const auto &x = a.devices[i], &y = b.devices[i];
        if (x.id != y.id || x.name != y.name || x.totalGlobalMem != y.totalGlobalMem
            || x.computeMajor != y.computeMajor || x.computeMinor != y.computeMinor || x.numSms != y.numSms)
            note(QStringLiteral("device %1 differs").arg(i));
    }
    for (std::size_t i = 0; i < a.processes.size(); ++i) {
        const auto &x = a.processes[i], &y = b.processes[i];
        if (x.pid != y.pid || x.pidLabel != y.pidLabel || x.name != y.name || x.labels != y.labels
            || x.sortIndex != y.sortIndex)
            note(QStringLiteral("process %1 differs").arg(i));
    }
    QStringList catsA, catsB;
    for (std::size_t c = 0; c < a.categories.size(); ++c) {
        catsA << a.category(std::uint16_t(c));
        catsB << b.category(std::uint16_t(c));
    }
    catsA.sort();
    catsB.sort();
    if (catsA != catsB)
        note(QStringLiteral("the category sets differ"));

    for (std::size_t t = 0; t < a.tracks.size(); ++t) {
        const Track &x = a.tracks[t], &y = b.tracks[t];
        const QString where = QStringLiteral("track %1 (%2)").arg(t).arg(x.name);
        if (x.kind != y.kind || x.pid != y.pid || x.tid != y.tid || x.pidLabel != y.pidLabel || x.tidLabel != y.tidLabel
            || x.name != y.name || x.sortIndex != y.sortIndex || x.device != y.device || x.stream != y.stream || x.maxDepth != y.maxDepth) {
            note(where + QStringLiteral(": header differs"));
            continue;
        }
        if (x.size() != y.size() || x.dur.size() != x.size() || x.nameId.size() != x.size()
            || x.catId.size() != x.size() || x.depth.size() != x.size() || x.fileOffset.size() != x.size()
            || y.dur.size() != y.size() || y.nameId.size() != y.size() || y.catId.size() != y.size()
            || y.depth.size() != y.size() || y.fileOffset.size() != y.size()) {
            note(where + QStringLiteral(": column sizes differ (%1 vs %2)").arg(x.size()).arg(y.size()));
            continue;
        }
        for (std::size_t k = 0; k < x.size(); ++k) {
            if (x.start[k] != y.start[k] || x.dur[k] != y.dur[k] || x.depth[k] != y.depth[k]
                || x.fileOffset[k] != y.fileOffset[k] || a.strings.view(x.nameId[k]) != b.strings.view(y.nameId[k])
                || a.category(x.catId[k]) != b.category(y.catId[k])) {
                note(where + QStringLiteral(": slice %1 differs").arg(k));
                break;
            }
        }
    }
    for (std::size_t i = 0; i < a.flows.size(); ++i) {
        const Flow &x = a.flows[i], &y = b.flows[i];
        if (x.fromTrack != y.fromTrack || x.fromSlice != y.fromSlice || x.toTrack != y.toTrack
            || x.toSlice != y.toSlice || x.kind != y.kind) {
            note(QStringLiteral("flow %1 differs").arg(i));
            break;
        }
    }
    for (std::size_t i = 0; i < a.memory.size(); ++i) {
        const MemorySeries &x = a.memory[i], &y = b.memory[i];
        if (x.deviceType != y.deviceType || x.deviceId != y.deviceId || x.totalsFromTrace != y.totalsFromTrace
            || x.samples.size() != y.samples.size()) {
            note(QStringLiteral("memory series %1 differs").arg(i));
            continue;
        }
        for (std::size_t k = 0; k < x.samples.size(); ++k) {
            const MemorySample &p = x.samples[k], &q = y.samples[k];
            if (p.ts != q.ts || p.bytes != q.bytes || p.allocated != q.allocated || p.reserved != q.reserved) {
                note(QStringLiteral("memory series %1 sample %2 differs").arg(i).arg(k));
                break;
            }
        }
        if (x.addr != y.addr || x.thread != y.thread)
            note(QStringLiteral("memory series %1 addresses or threads differ").arg(i));
    }
    for (std::size_t i = 0; i < a.counters.size(); ++i) {
        const CounterSeries &x = a.counters[i], &y = b.counters[i];
        if (x.pid != y.pid || x.name != y.name || x.ts != y.ts || x.value != y.value)
            note(QStringLiteral("counter %1 (%2) differs").arg(i).arg(x.name));
    }
    return out.join(QLatin1Char('\n'));
}

} // namespace lanescope::test
