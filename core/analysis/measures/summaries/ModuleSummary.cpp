// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/measures/summaries/ModuleSummary.h"

#include "core/analysis/run/LaunchedDeviceTime.h"
#include "core/analysis/measures/summaries/OpSummary.h" // pythonCategories

#include <algorithm>
#include <map>
#include <optional>
#include <string_view>

namespace lanescope::analysis {

namespace {
constexpr std::string_view kModulePrefix = "nn.Module: ";
bool isModuleName(std::string_view n) { return n.size() > kModulePrefix.size() && n.substr(0, kModulePrefix.size()) == kModulePrefix; }

// A node's name, elided in the middle past kMaxModuleNameChars (a damaged trace's megabyte name
// would otherwise be copied into every node and path under it).
QString nodeName(std::string_view sliceName)
{
    const std::string_view rest = sliceName.substr(kModulePrefix.size());
    constexpr std::size_t half = std::size_t(kMaxModuleNameChars) / 2;
    if (rest.size() <= std::size_t(kMaxModuleNameChars) * 4) { // UTF-8: at most 4 bytes a character
        const QString n = QString::fromUtf8(rest.data(), qsizetype(rest.size()));
        if (n.size() <= kMaxModuleNameChars)
            return n;
        return n.left(qsizetype(half) - 1) + QChar(0x2026) + n.right(qsizetype(half));
    }
    // Only the ends are decoded (a cut UTF-8 sequence reads as a replacement character).
    return QString::fromUtf8(rest.data(), qsizetype(half * 4)).left(qsizetype(half) - 1) + QChar(0x2026)
        + QString::fromUtf8(rest.data() + rest.size() - half * 4, qsizetype(half * 4)).right(qsizetype(half));
}

// The parent's path and the name, keeping the end past kMaxModulePathChars.
QString childPath(const QString &parent, const QString &name)
{
    QString p = parent + QLatin1Char('/') + name;
    if (p.size() > kMaxModulePathChars)
        p = QChar(0x2026) + p.right(kMaxModulePathChars - 1);
    return p;
}
} // namespace

QString moduleName(std::string_view sliceName)
{
    if (!isModuleName(sliceName))
        return {};
    const std::string_view rest = sliceName.substr(kModulePrefix.size());
    return QString::fromUtf8(rest.data(), qsizetype(rest.size()));
}

ModuleSummary moduleSummary(const Trace &t, TimeRange window, const detail::LaunchedDeviceTime *given)
{
    ModuleSummary out;
    const std::vector<char> py = pythonCategories(t);
    if (std::find(py.begin(), py.end(), 1) == py.end())
        return out;
    // Which names are modules, each name looked at once.
    std::vector<std::int8_t> isModule(t.strings.size(), -1);
    const auto moduleId = [&](StringId id) {
        if (isModule[id] < 0)
            isModule[id] = isModuleName(t.strings.view(id));
        return isModule[id] == 1;
    };

    std::vector<ModuleNode> nodes;            // in order of creation
    std::vector<std::vector<int>> children;   // [node] in order of first call
    std::vector<int> roots;
    std::map<std::pair<int, StringId>, int> nodeOf; // (parent, name) -> node
    const std::optional<detail::LaunchedDeviceTime> own = given ? std::nullopt : std::optional<detail::LaunchedDeviceTime>(t);
    const detail::LaunchedDeviceTime &launched = given ? *given : *own;

    struct Frame
    {
        TimeNs end;
        int node;
        bool counted; // started in the window
    };
    std::vector<Frame> stack;
    for (std::size_t k = 0; k < t.tracks.size(); ++k) {
        const Track &tr = t.tracks[k];
        if (tr.kind != TrackKind::Cpu)
            continue;
        stack.clear();
        const bool launches = launched.anyOn(k);
        for (std::size_t i = 0; i < tr.size(); ++i) {
            const std::uint16_t c = tr.catId[i];
            const bool module = c < py.size() && py[c] && moduleId(tr.nameId[i]);
            if (!module && !launches)
                continue;
            const TimeNs s = tr.start[i];
            while (!stack.empty() && stack.back().end <= s)
                stack.pop_back();
            if (!module) {
                const TimeNs d = launched.of(k, i);
                if (d > 0)
                    for (const Frame &f : stack)
                        if (f.counted)
                            nodes[std::size_t(f.node)].deviceNs += d;
                continue;
            }
            const int parent = stack.empty() ? -1 : stack.back().node;
            // Deeper than the bound: not a node, nor on the stack (so all deeper frames are left
            // out too); the launches under it still count to the frames above.
            if (parent >= 0 && nodes[std::size_t(parent)].depth + 1 >= kMaxModuleDepth) {
                ++out.tooDeep;
                out.truncated = true;
                continue;
            }
            auto it = nodeOf.find({parent, tr.nameId[i]});
            if (it == nodeOf.end()) {
                if (nodes.size() >= kMaxModuleNodes) {
                    out.truncated = true;
                    continue;
                }
                ModuleNode n;
                n.name = nodeName(t.strings.view(tr.nameId[i]));
                n.parent = parent;
                n.depth = parent < 0 ? 0 : nodes[std::size_t(parent)].depth + 1;
                n.path = parent < 0 ? n.name : childPath(nodes[std::size_t(parent)].path, n.name);
                it = nodeOf.emplace(std::make_pair(parent, tr.nameId[i]), int(nodes.size())).first;
                (parent < 0 ? roots : children[std::size_t(parent)]).push_back(int(nodes.size()));
                nodes.push_back(std::move(n));
                children.emplace_back();
            }
            const bool counted = window.empty() || window.contains(s);
            if (counted) {
                ModuleNode &n = nodes[std::size_t(it->second)];
                if (n.count == 0 || tr.dur[i] > n.maxNs) {
                    n.maxNs = tr.dur[i];
                    n.longestTrack = std::uint32_t(k);
                    n.longestSlice = std::uint32_t(i);
                }
                ++n.count;
                n.cpuNs += tr.dur[i];
            }
            const TimeNs e = stack.empty() ? tr.end(i) : std::min(tr.end(i), stack.back().end);
            stack.push_back(Frame{e, it->second, counted});
        }
    }

    // Depth first, children in order of first call. A module not called in the window stays
    // where one of its submodules was (it started before the window): with 0 calls.
    std::vector<char> keep(nodes.size(), 0);
    for (std::size_t n = nodes.size(); n-- > 0;) // children were created after their parents
        if (nodes[n].count > 0 || keep[n]) {
            keep[n] = 1;
            if (nodes[n].parent >= 0)
                keep[std::size_t(nodes[n].parent)] = 1;
        }
    std::vector<int> newIndex(nodes.size(), -1);
    std::vector<int> todo(roots.rbegin(), roots.rend());
    while (!todo.empty()) {
        const int n = todo.back();
        todo.pop_back();
        if (!keep[std::size_t(n)])
            continue;
        ModuleNode node = nodes[std::size_t(n)];
        node.parent = node.parent >= 0 ? newIndex[std::size_t(node.parent)] : -1;
        newIndex[std::size_t(n)] = int(out.nodes.size());
        out.nodes.push_back(std::move(node));
        const auto &ch = children[std::size_t(n)];
        todo.insert(todo.end(), ch.rbegin(), ch.rend());
    }
    return out;
}

} // namespace lanescope::analysis
