// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/measures/summaries/OpSummary.h"

#include "core/analysis/run/LaunchedDeviceTime.h"
#include "core/io/SigbusGuard.h"
#include "core/io/SourceReader.h"

#include <QCoreApplication>
#include <QHash>

#include <algorithm>
#include <limits>
#include <optional>
#include <unordered_map>

namespace lanescope::analysis {

std::vector<char> pythonCategories(const Trace &t)
{
    std::vector<char> py(t.categories.size(), 0);
    for (std::size_t c = 0; c < t.categories.size(); ++c)
        py[c] = t.strings.view(t.categories[c]) == "python_function";
    return py;
}

namespace {

// The value of "Input Dims" in an event's JSON text, whitespace outside strings removed; empty
// where the key is missing. Only the first occurrence counts (Kineto writes it once, in args).
QString inputDims(std::string_view object)
{
    static constexpr std::string_view key = "\"Input Dims\"";
    const std::size_t k = object.find(key);
    if (k == std::string_view::npos)
        return {};
    std::size_t i = k + key.size();
    while (i < object.size() && (object[i] == ' ' || object[i] == ':' || object[i] == '\n' || object[i] == '\t' || object[i] == '\r'))
        ++i;
    if (i >= object.size() || object[i] != '[')
        return {};
    std::string out;
    int depth = 0;
    bool inString = false;
    for (; i < object.size(); ++i) {
        const char c = object[i];
        if (inString) {
            out += c;
            if (c == '\\' && i + 1 < object.size())
                out += object[++i];
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == ' ' || c == '\n' || c == '\t' || c == '\r')
            continue;
        out += c;
        if (c == '"')
            inString = true;
        else if (c == '[')
            ++depth;
        else if (c == ']' && --depth == 0)
            return QString::fromUtf8(out.data(), qsizetype(out.size()));
        if (out.size() > 4096) // a shape list that long is not one a table can show
            break;
    }
    return {};
}

struct RowKey
{
    StringId name;
    std::uint16_t cat;
    std::int32_t shape;
    bool operator==(const RowKey &o) const { return name == o.name && cat == o.cat && shape == o.shape; }
};
struct RowKeyHash
{
    std::size_t operator()(const RowKey &k) const
    {
        return std::hash<std::uint64_t>()((std::uint64_t(k.name) << 32) ^ (std::uint64_t(k.cat) << 16) ^ std::uint64_t(std::uint32_t(k.shape)) * 0x9E3779B97F4A7C15ull);
    }
};

} // namespace

OpSummary opSummary(const Trace &t, const OpSummaryOptions &options, const detail::LaunchedDeviceTime *given)
{
    OpSummary out;
    const std::vector<char> py = pythonCategories(t);
    // Operators, annotations and runtime calls; not python_function frames (the module tree), nor
    // the profiler's own span ("PyTorch Profiler (0)", category Trace) and other lanes' events.
    const auto counted = [&](std::uint16_t c) {
        if (c >= t.categoryClass.size() || (c < py.size() && py[c]))
            return false;
        const CategoryClass k = t.categoryClass[c];
        return k == CategoryClass::CpuOp || k == CategoryClass::UserAnnotation || k == CategoryClass::Runtime;
    };
    const auto isOp = [&](std::uint16_t c) { return c < t.categoryClass.size() && t.categoryClass[c] == CategoryClass::CpuOp; };
    const TimeRange w = options.window;
    const auto inWindow = [&](const Track &tr, std::size_t i) { return w.empty() || w.contains(tr.start[i]); };

    // Input shapes of the operators in the window, read in file order.
    std::vector<std::vector<std::int32_t>> shapeOf(t.tracks.size());
    QStringList shapes;
    if (options.byInputShapes && t.source) {
        struct Want
        {
            std::uint64_t offset;
            std::uint32_t track, slice;
        };
        std::vector<Want> wanted;
        for (std::size_t k = 0; k < t.tracks.size(); ++k) {
            const Track &tr = t.tracks[k];
            if (tr.kind != TrackKind::Cpu)
                continue;
            for (std::size_t i = 0; i < tr.size(); ++i)
                if (isOp(tr.catId[i]) && inWindow(tr, i))
                    wanted.push_back({tr.fileOffset[i], std::uint32_t(k), std::uint32_t(i)});
        }
        std::sort(wanted.begin(), wanted.end(), [](const Want &a, const Want &b) { return a.offset < b.offset; });
        SourceReader reader(*t.source);
        QHash<QString, std::int32_t> shapeIds;
        // Reads from the mapping: a file cut short under us faults (SigbusGuard.h).
        if (!runGuarded([&] {
                for (const Want &x : wanted) {
                    const QString dims = inputDims(reader.object(x.offset));
                    if (!reader.error().isEmpty()) {
                        out.error = reader.error();
                        break;
                    }
                    if (dims.isEmpty())
                        continue;
                    ++out.opsWithShapes;
                    auto it = shapeIds.constFind(dims);
                    if (it == shapeIds.constEnd()) {
                        it = shapeIds.insert(dims, std::int32_t(shapes.size()));
                        shapes << dims;
                    }
                    auto &v = shapeOf[x.track];
                    if (v.empty())
                        v.assign(t.tracks[x.track].size(), -1);
                    v[x.slice] = *it;
                }
            }))
            out.error = QCoreApplication::translate("analysis", "the trace's file changed on disk: input shapes cannot be read");
        out.shapesRead = out.error.isEmpty();
        if (!out.shapesRead) {
            shapes.clear();
            for (auto &v : shapeOf)
                v.clear();
        }
    } else if (options.byInputShapes) {
        out.error = QCoreApplication::translate("analysis", "the trace's file is not at hand: input shapes cannot be read");
    }

    const std::optional<detail::LaunchedDeviceTime> own = given ? std::nullopt : std::optional<detail::LaunchedDeviceTime>(t);
    const detail::LaunchedDeviceTime &launched = given ? *given : *own;
    std::vector<OpSummaryRow> &rows = out.rows;
    std::unordered_map<RowKey, int, RowKeyHash> rowOf;
    const auto rowFor = [&](const Track &tr, std::size_t track, std::size_t i) {
        const std::int32_t shape = shapeOf[track].empty() ? -1 : shapeOf[track][i];
        const RowKey key{tr.nameId[i], tr.catId[i], shape};
        auto it = rowOf.find(key);
        if (it == rowOf.end()) {
            OpSummaryRow r;
            r.name = t.name(key.name);
            r.category = t.category(key.cat);
            if (shape >= 0)
                r.inputShapes = shapes[shape];
            it = rowOf.emplace(key, int(rows.size())).first;
            rows.push_back(std::move(r));
        }
        return it->second;
    };

    // Self time by a sweep over each lane: every instant goes to the innermost slice open at it
    // (the latest started). Slices that overlap without nesting (a child overrunning its parent,
    // MTIA's runtime lanes) then still add up to the lane's busy time, each instant once.
    struct Frame
    {
        TimeNs end;
        int row; // -1: outside the window (kept: it still owns its time)
    };
    std::vector<Frame> open; // in order of start: the back is the innermost
    TimeNs now = 0;
    // Gives the time up to `to` to the innermost open slice, closing the slices that end before it.
    const auto advance = [&](TimeNs to) {
        while (!open.empty()) {
            std::size_t first = 0; // the open slice that ends first
            for (std::size_t k = 1; k < open.size(); ++k)
                if (open[k].end < open[first].end)
                    first = k;
            const TimeNs until = std::min(to, open[first].end);
            if (until > now && open.back().row >= 0)
                rows[std::size_t(open.back().row)].selfNs += until - now;
            now = std::max(now, until);
            if (open[first].end > to)
                break;
            open.erase(open.begin() + std::ptrdiff_t(first));
        }
        now = std::max(now, to);
    };
    for (std::size_t k = 0; k < t.tracks.size(); ++k) {
        const Track &tr = t.tracks[k];
        if (tr.kind != TrackKind::Cpu)
            continue;
        open.clear();
        now = std::numeric_limits<TimeNs>::min();
        for (std::size_t i = 0; i < tr.size(); ++i) {
            if (!counted(tr.catId[i]))
                continue;
            const TimeNs s = tr.start[i];
            advance(s);
            const TimeNs d = launched.of(k, i);
            if (d > 0) {
                for (const Frame &f : open)
                    if (f.row >= 0)
                        rows[std::size_t(f.row)].deviceNs += d;
                if (!open.empty() && open.back().row >= 0) // the slice it is nested in launched it
                    rows[std::size_t(open.back().row)].deviceSelfNs += d;
            }
            int row = -1;
            if (inWindow(tr, i)) {
                row = rowFor(tr, k, i);
                OpSummaryRow &r = rows[std::size_t(row)];
                if (r.count == 0 || tr.dur[i] > r.maxNs) {
                    r.maxNs = tr.dur[i];
                    r.longestTrack = std::uint32_t(k);
                    r.longestSlice = std::uint32_t(i);
                }
                ++r.count;
                r.totalNs += tr.dur[i];
                r.deviceNs += d;
                r.deviceSelfNs += d;
            }
            open.push_back(Frame{std::max(s, tr.end(i)), row});
        }
        advance(std::numeric_limits<TimeNs>::max());
    }
    std::sort(rows.begin(), rows.end(), [](const OpSummaryRow &a, const OpSummaryRow &b) {
        if (a.selfNs != b.selfNs)
            return a.selfNs > b.selfNs;
        if (a.totalNs != b.totalNs)
            return a.totalNs > b.totalNs;
        if (a.name != b.name)
            return a.name < b.name;
        return a.inputShapes < b.inputShapes;
    });
    return out;
}

} // namespace lanescope::analysis
