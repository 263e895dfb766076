// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/measures/source_lines/SourceLines.h"

#include "core/analysis/run/KernelClass.h" // isGpuActivity
#include "core/analysis/run/LaunchedDeviceTime.h"
#include "core/analysis/measures/summaries/OpSummary.h" // pythonCategories

#include <algorithm>
#include <cctype>
#include <limits>
#include <optional>
#include <string>
#include <unordered_map>

namespace lanescope::analysis {

namespace {

// Python's standard library's top-level modules and packages (sys.stdlib_module_names of Python
// 3.11, the private ones included), sorted for a binary search. Kineto writes a stdlib frame's path
// relative to the library's folder ("threading.py", "multiprocessing/spawn.py").
constexpr std::string_view kStdlib[] = {
    "__future__", "__hello__", "__phello__", "_abc", "_aix_support", "_ast", "_asyncio", "_bisect", "_blake2",
    "_bootsubprocess", "_bz2", "_codecs", "_collections", "_collections_abc", "_compat_pickle", "_compression",
    "_contextvars", "_crypt", "_csv", "_ctypes", "_curses", "_datetime", "_decimal", "_elementtree", "_frozen_importlib",
    "_frozen_importlib_external", "_functools", "_gdbm", "_hashlib", "_heapq", "_imp", "_io", "_json", "_locale",
    "_lsprof", "_lzma", "_markupbase", "_md5", "_msi", "_multibytecodec", "_multiprocessing", "_opcode", "_operator",
    "_osx_support", "_overlapped", "_pickle", "_posixshmem", "_posixsubprocess", "_py_abc", "_pydecimal", "_pyio",
    "_queue", "_random", "_sha1", "_sha256", "_sha3", "_sha512", "_signal", "_sitebuiltins", "_socket", "_sqlite3",
    "_sre", "_ssl", "_stat", "_statistics", "_string", "_strptime", "_struct", "_symtable", "_thread",
    "_threading_local", "_tkinter", "_tokenize", "_tracemalloc", "_typing", "_uuid", "_warnings", "_weakref",
    "_weakrefset", "_winapi", "_zoneinfo", "abc", "aifc", "antigravity", "argparse", "array", "ast", "asynchat",
    "asyncio", "asyncore", "atexit", "audioop", "base64", "bdb", "binascii", "bisect", "builtins", "bz2", "cProfile",
    "calendar", "cgi", "cgitb", "chunk", "cmath", "cmd", "code", "codecs", "codeop", "collections", "colorsys",
    "compileall", "concurrent", "configparser", "contextlib", "contextvars", "copy", "copyreg", "crypt", "csv",
    "ctypes", "curses", "dataclasses", "datetime", "dbm", "decimal", "difflib", "dis", "distutils", "doctest", "email",
    "encodings", "ensurepip", "enum", "errno", "faulthandler", "fcntl", "filecmp", "fileinput", "fnmatch", "fractions",
    "ftplib", "functools", "gc", "genericpath", "getopt", "getpass", "gettext", "glob", "graphlib", "grp", "gzip",
    "hashlib", "heapq", "hmac", "html", "http", "idlelib", "imaplib", "imghdr", "imp", "importlib", "inspect", "io",
    "ipaddress", "itertools", "json", "keyword", "lib2to3", "linecache", "locale", "logging", "lzma", "mailbox",
    "mailcap", "marshal", "math", "mimetypes", "mmap", "modulefinder", "msilib", "msvcrt", "multiprocessing", "netrc",
    "nis", "nntplib", "nt", "ntpath", "nturl2path", "numbers", "opcode", "operator", "optparse", "os", "ossaudiodev",
    "pathlib", "pdb", "pickle", "pickletools", "pipes", "pkgutil", "platform", "plistlib", "poplib", "posix",
    "posixpath", "pprint", "profile", "pstats", "pty", "pwd", "py_compile", "pyclbr", "pydoc", "pydoc_data", "pyexpat",
    "queue", "quopri", "random", "re", "readline", "reprlib", "resource", "rlcompleter", "runpy", "sched", "secrets",
    "select", "selectors", "shelve", "shlex", "shutil", "signal", "site", "smtpd", "smtplib", "sndhdr", "socket",
    "socketserver", "spwd", "sqlite3", "sre_compile", "sre_constants", "sre_parse", "ssl", "stat", "statistics",
    "string", "stringprep", "struct", "subprocess", "sunau", "symtable", "sys", "sysconfig", "syslog", "tabnanny",
    "tarfile", "telnetlib", "tempfile", "termios", "textwrap", "this", "threading", "time", "timeit", "tkinter",
    "token", "tokenize", "tomllib", "trace", "traceback", "tracemalloc", "tty", "turtle", "turtledemo", "types",
    "typing", "unicodedata", "unittest", "urllib", "uu", "uuid", "venv", "warnings", "wave", "weakref", "webbrowser",
    "winreg", "winsound", "wsgiref", "xdrlib", "xml", "xmlrpc", "zipapp", "zipfile", "zipimport", "zlib", "zoneinfo",
};

bool isStdlibModule(QStringView top)
{
    const QByteArray u = top.toUtf8();
    const std::string_view v(u.constData(), std::size_t(u.size()));
    return std::binary_search(std::begin(kStdlib), std::end(kStdlib), v);
}

constexpr qsizetype kMaxFrameTextChars = 1024; // a longer file or function keeps its start

constexpr std::int32_t kModuleLine = -2; // lineOf(): a module frame, seen through

// A line's identity: file, line and function.
std::string lineKey(const PythonFrameName &f)
{
    std::string k = f.file.toStdString();
    k += '\n';
    k += std::to_string(f.line);
    k += '\n';
    k += f.function.toStdString();
    return k;
}

struct Node
{
    std::int32_t parent = -1, line = -1;
    std::int64_t calls = 0;
    TimeNs selfNs = 0, gpuSelfNs = 0, longestNs = -1;
    SliceRef longest;
};

struct LineInfo
{
    PythonFrameName name;
    FrameOrigin origin = FrameOrigin::User;
};

// A python_function slice (a call of node `node`) or a launching call with node innermost, for
// the slices of a row.
struct Rec
{
    std::int32_t node;
    std::uint32_t track, slice;
};

// The walk over every CPU lane: a stack of open Python frames per lane, interning one node per
// call path. Shared by sourceLines() and the slices of a row, so both see the same frames.
// The stack is the nesting of the slices, not Kineto's "Python parent id": the two agree on all but
// 6 of the 23,758 frames of the shared with_stack traces (a frame recorded as ending after its next
// sibling began), and the ids would cost a read of every frame's args from the file.
class Walker
{
public:
    Walker(const Trace &t, TimeRange window, const detail::LaunchedDeviceTime *launched /* not null */, bool record)
        : m_t(t), m_window(window), m_launched(launched), m_record(record)
    {
    }

    std::vector<Node> nodes;
    std::vector<LineInfo> lines;
    std::vector<Rec> calls, launches; // with record only
    std::int64_t pythonSlices = 0, tooDeep = 0;
    TimeNs pythonGpuNs = 0;
    bool truncated = false;

    void run()
    {
        const std::vector<char> py = pythonCategories(m_t);
        if (std::find(py.begin(), py.end(), 1) == py.end())
            return;
        for (std::size_t k = 0; k < m_t.tracks.size(); ++k)
            if (m_t.tracks[k].kind == TrackKind::Cpu)
                runTrack(std::uint32_t(k), py);
    }

private:
    struct Open
    {
        std::int32_t node;
        TimeNs end;
    };

    std::int32_t lineOf(StringId name)
    {
        // Names are dense ids: a flat cache, sized once (4 bytes a distinct name of the trace).
        if (m_lineOfName.empty())
            m_lineOfName.assign(m_t.strings.size(), kUnknownLine);
        if (name >= m_lineOfName.size())
            return kModuleLine; // not a name of the table: nothing to read
        if (m_lineOfName[name] != kUnknownLine)
            return m_lineOfName[name];
        PythonFrameName f = parsePythonFrameName(m_t.strings.view(name));
        std::int32_t line = kModuleLine;
        if (!f.isModule) {
            const auto [at, added] = m_lineByKey.emplace(lineKey(f), std::int32_t(lines.size()));
            if (added) {
                const FrameOrigin o = frameOrigin(f.file);
                lines.push_back({std::move(f), o});
            }
            line = at->second;
        }
        m_lineOfName[name] = line;
        return line;
    }

    // The node of `line` called from `parent`; -1 past kMaxSourceFrames.
    std::int32_t intern(std::int32_t parent, std::int32_t line)
    {
        const std::uint64_t key = (std::uint64_t(std::uint32_t(parent + 1)) << 32) | std::uint32_t(line);
        const auto it = m_nodeByKey.find(key);
        if (it != m_nodeByKey.end())
            return it->second;
        if (nodes.size() >= kMaxSourceFrames) {
            truncated = true;
            return -1;
        }
        const std::int32_t n = std::int32_t(nodes.size());
        Node node;
        node.parent = parent;
        node.line = line;
        nodes.push_back(node);
        m_nodeByKey.emplace(key, n);
        return n;
    }

    void runTrack(std::uint32_t k, const std::vector<char> &py)
    {
        const Track &tr = m_t.tracks[k];
        const bool windowed = !m_window.empty();
        const bool launching = m_launched->anyOn(k);
        std::vector<Open> &st = m_stack;
        st.clear();
        TimeNs cursor = 0; // self time is credited up to here
        // Closes the frames that ended by t, crediting each its innermost time.
        const auto popUntil = [&](TimeNs t) {
            while (!st.empty() && st.back().end <= t) {
                nodes[std::size_t(st.back().node)].selfNs += st.back().end - cursor;
                cursor = st.back().end;
                st.pop_back();
            }
        };
        for (std::size_t i = 0; i < tr.size(); ++i) {
            const std::uint16_t c = tr.catId[i];
            const TimeNs start = tr.start[i];
            if (c < py.size() && py[c]) {
                const std::int32_t line = lineOf(tr.nameId[i]);
                if (line == kModuleLine)
                    continue;
                TimeNs s = start, e = tr.end(i);
                if (windowed) {
                    if (e > s ? (e <= m_window.from || s >= m_window.to) : !m_window.contains(s))
                        continue;
                    s = std::max(s, m_window.from);
                    e = std::max(s, std::min(e, m_window.to));
                }
                popUntil(s);
                if (!st.empty()) {
                    e = std::min(e, st.back().end); // a callee that outlives its caller ends with it
                    nodes[std::size_t(st.back().node)].selfNs += s - cursor;
                }
                cursor = s;
                ++pythonSlices;
                if (st.size() >= std::size_t(kMaxSourceDepth)) {
                    ++tooDeep;
                    continue;
                }
                const std::int32_t n = intern(st.empty() ? -1 : st.back().node, line);
                if (n < 0)
                    continue;
                Node &node = nodes[std::size_t(n)];
                ++node.calls;
                if (e - s > node.longestNs) {
                    node.longestNs = e - s;
                    node.longest = {k, std::uint32_t(i)};
                }
                if (m_record)
                    calls.push_back({n, k, std::uint32_t(i)});
                st.push_back({n, e});
            } else if (launching) {
                if (windowed && !m_window.contains(start))
                    continue;
                TimeNs ns = 0;
                ns = m_launched->of(k, i);
                // Recording a row's slices, a runtime call that launched only empty activities
                // still outlines them.
                if (ns <= 0
                    && !(m_record && c < m_t.categoryClass.size() && m_t.categoryClass[c] == CategoryClass::Runtime))
                    continue;
                popUntil(start);
                if (st.empty())
                    continue;
                const std::int32_t n = st.back().node;
                nodes[std::size_t(n)].gpuSelfNs += ns;
                pythonGpuNs += ns;
                if (m_record)
                    launches.push_back({n, k, std::uint32_t(i)});
            }
        }
        popUntil(std::numeric_limits<TimeNs>::max());
    }

    const Trace &m_t;
    TimeRange m_window;
    const detail::LaunchedDeviceTime *m_launched;
    bool m_record;
    static constexpr std::int32_t kUnknownLine = -3;
    std::vector<std::int32_t> m_lineOfName; // by name id; kUnknownLine until looked at
    std::unordered_map<std::string, std::int32_t> m_lineByKey;
    std::unordered_map<std::uint64_t, std::int32_t> m_nodeByKey;
    std::vector<Open> m_stack;
};

bool byCost(TimeNs gpuA, TimeNs cpuA, TimeNs gpuB, TimeNs cpuB, bool &decided)
{
    decided = true;
    if (gpuA != gpuB)
        return gpuA > gpuB;
    if (cpuA != cpuB)
        return cpuA > cpuB;
    decided = false;
    return false;
}

// Nodes (parents before children) to a SourceLines: depth-first frames, inclusive times, the
// per-line and per-file rows. order (optional) receives each node's index in frames.
SourceLines finish(const std::vector<Node> &nodes, const std::vector<LineInfo> &lineInfo, std::vector<std::int32_t> *order = nullptr)
{
    SourceLines out;
    const std::size_t n = nodes.size();
    // Children in order of first call (node index), as compressed rows.
    std::vector<std::int32_t> first(n + 2, 0), kids(n);
    std::vector<std::int32_t> roots;
    for (const Node &node : nodes)
        if (node.parent >= 0)
            ++first[std::size_t(node.parent) + 2];
    for (std::size_t i = 2; i < first.size(); ++i)
        first[i] += first[i - 1];
    for (std::size_t i = 0; i < n; ++i) {
        if (nodes[i].parent >= 0)
            kids[std::size_t(first[std::size_t(nodes[i].parent) + 1]++)] = std::int32_t(i);
        else
            roots.push_back(std::int32_t(i));
    }
    // first[p] .. first[p + 1]: p's children now.
    std::vector<std::int32_t> pos(n, -1);
    out.frames.resize(n);
    std::int32_t next = 0;
    std::vector<std::pair<std::int32_t, std::int32_t>> dfs; // (node, next child offset)
    for (const std::int32_t r : roots) {
        dfs.push_back({r, first[std::size_t(r)]});
        pos[std::size_t(r)] = next++;
        while (!dfs.empty()) {
            auto &[v, at] = dfs.back();
            if (at < first[std::size_t(v) + 1]) {
                const std::int32_t c = kids[std::size_t(at++)];
                pos[std::size_t(c)] = next++;
                dfs.push_back({c, first[std::size_t(c)]});
            } else {
                out.frames[std::size_t(pos[std::size_t(v)])].subtreeEnd = next;
                dfs.pop_back();
            }
        }
    }
    for (std::size_t i = 0; i < n; ++i) {
        const Node &node = nodes[i];
        SourceFrame &f = out.frames[std::size_t(pos[i])];
        f.parent = node.parent >= 0 ? pos[std::size_t(node.parent)] : -1;
        f.line = node.line;
        f.calls = node.calls;
        f.cpuSelfNs = node.selfNs;
        f.gpuSelfNs = node.gpuSelfNs;
        f.longestNs = std::max<TimeNs>(node.longestNs, 0);
        f.longest = node.longest;
        out.pythonCpuNs += node.selfNs;
        out.pythonGpuNs += node.gpuSelfNs;
    }
    // Inclusive: self plus the children's, children after their parent.
    for (std::size_t i = n; i-- > 0;) {
        SourceFrame &f = out.frames[i];
        f.cpuTotalNs += f.cpuSelfNs;
        f.gpuNs += f.gpuSelfNs;
        if (f.parent >= 0) {
            out.frames[std::size_t(f.parent)].cpuTotalNs += f.cpuTotalNs;
            out.frames[std::size_t(f.parent)].gpuNs += f.gpuNs;
        }
    }
    for (std::size_t i = 0; i < n; ++i)
        if (out.frames[i].parent >= 0)
            out.frames[i].depth = out.frames[std::size_t(out.frames[i].parent)].depth + 1;

    // Rows per line and per file: each call path's totals once, at the line's (file's) outermost
    // occurrence on its stack, so recursion does not count twice.
    std::vector<SourceLine> rows(lineInfo.size());
    std::vector<char> used(lineInfo.size(), 0), haveLongest(lineInfo.size(), 0);
    std::unordered_map<std::string, std::int32_t> fileIndex;
    std::vector<std::int32_t> fileOfLine(lineInfo.size(), -1);
    std::vector<SourceFile> files;
    for (std::size_t l = 0; l < lineInfo.size(); ++l) {
        rows[l].file = lineInfo[l].name.file;
        rows[l].line = lineInfo[l].name.line;
        rows[l].function = lineInfo[l].name.function;
        rows[l].origin = lineInfo[l].origin;
    }
    std::vector<std::int32_t> openLine(lineInfo.size(), 0), openFile;
    std::vector<std::int32_t> ancestors;
    for (std::size_t i = 0; i < n; ++i) {
        const SourceFrame &f = out.frames[i];
        while (!ancestors.empty() && out.frames[std::size_t(ancestors.back())].subtreeEnd <= std::int32_t(i)) {
            const SourceFrame &a = out.frames[std::size_t(ancestors.back())];
            --openLine[std::size_t(a.line)];
            --openFile[std::size_t(fileOfLine[std::size_t(a.line)])];
            ancestors.pop_back();
        }
        const std::size_t l = std::size_t(f.line);
        if (fileOfLine[l] < 0) {
            const auto [at, added] = fileIndex.emplace(rows[l].file.toStdString(), std::int32_t(files.size()));
            if (added) {
                SourceFile file;
                file.file = rows[l].file;
                file.origin = rows[l].origin;
                files.push_back(file);
                openFile.push_back(0);
            }
            fileOfLine[l] = at->second;
            ++files[std::size_t(at->second)].lines;
        }
        SourceLine &row = rows[l];
        SourceFile &file = files[std::size_t(fileOfLine[l])];
        used[l] = 1;
        row.calls += f.calls;
        row.cpuSelfNs += f.cpuSelfNs;
        row.gpuSelfNs += f.gpuSelfNs;
        file.calls += f.calls;
        file.cpuSelfNs += f.cpuSelfNs;
        file.gpuSelfNs += f.gpuSelfNs;
        if (openLine[l] == 0) {
            row.cpuTotalNs += f.cpuTotalNs;
            row.gpuNs += f.gpuNs;
        }
        if (openFile[std::size_t(fileOfLine[l])] == 0) {
            file.cpuTotalNs += f.cpuTotalNs;
            file.gpuNs += f.gpuNs;
        }
        if (f.calls > 0 && (!haveLongest[l] || f.longestNs > row.longestNs)) {
            haveLongest[l] = 1;
            row.longestNs = f.longestNs;
            row.longest = f.longest;
        }
        ++openLine[l];
        ++openFile[std::size_t(fileOfLine[l])];
        ancestors.push_back(std::int32_t(i));
    }

    // Sorted rows; frames point at them.
    std::vector<std::int32_t> sorted;
    for (std::size_t l = 0; l < rows.size(); ++l)
        if (used[l])
            sorted.push_back(std::int32_t(l));
    std::sort(sorted.begin(), sorted.end(), [&](std::int32_t a, std::int32_t b) {
        const SourceLine &x = rows[std::size_t(a)], &y = rows[std::size_t(b)];
        bool decided = false;
        const bool less = byCost(x.gpuNs, x.cpuTotalNs, y.gpuNs, y.cpuTotalNs, decided);
        if (decided)
            return less;
        if (x.file != y.file)
            return x.file < y.file;
        if (x.line != y.line)
            return x.line < y.line;
        return x.function < y.function;
    });
    std::vector<std::int32_t> rowOf(rows.size(), -1);
    out.lines.reserve(sorted.size());
    for (std::size_t r = 0; r < sorted.size(); ++r) {
        rowOf[std::size_t(sorted[r])] = std::int32_t(r);
        out.lines.push_back(std::move(rows[std::size_t(sorted[r])]));
    }
    for (SourceFrame &f : out.frames)
        f.line = rowOf[std::size_t(f.line)];
    std::stable_sort(files.begin(), files.end(), [](const SourceFile &x, const SourceFile &y) {
        bool decided = false;
        const bool less = byCost(x.gpuNs, x.cpuTotalNs, y.gpuNs, y.cpuTotalNs, decided);
        return decided ? less : x.file < y.file;
    });
    out.files = std::move(files);
    if (order)
        *order = std::move(pos);
    return out;
}

// Folds `all`'s frames as myCodeOnly() does, as nodes of a new tree; fold[i] is frame i's node.
std::vector<Node> foldNodes(const SourceLines &all, std::vector<std::int32_t> &fold)
{
    std::vector<Node> nodes;
    std::unordered_map<std::uint64_t, std::int32_t> byKey;
    fold.assign(all.frames.size(), -1);
    for (std::size_t i = 0; i < all.frames.size(); ++i) { // parents first
        const SourceFrame &f = all.frames[i];
        const bool kept = f.parent < 0 || all.lines[std::size_t(f.line)].origin == FrameOrigin::User;
        std::int32_t n;
        if (kept) {
            const std::int32_t parent = f.parent < 0 ? -1 : fold[std::size_t(f.parent)];
            const std::uint64_t key = (std::uint64_t(std::uint32_t(parent + 1)) << 32) | std::uint32_t(f.line);
            const auto [at, added] = byKey.emplace(key, std::int32_t(nodes.size()));
            if (added) {
                Node node;
                node.parent = parent;
                node.line = f.line;
                nodes.push_back(node);
            }
            n = at->second;
            Node &node = nodes[std::size_t(n)];
            node.calls += f.calls;
            if (f.calls > 0 && f.longestNs > node.longestNs) {
                node.longestNs = f.longestNs;
                node.longest = f.longest;
            }
        } else {
            n = fold[std::size_t(f.parent)];
        }
        fold[i] = n;
        nodes[std::size_t(n)].selfNs += f.cpuSelfNs;
        nodes[std::size_t(n)].gpuSelfNs += f.gpuSelfNs;
    }
    return nodes;
}

std::vector<LineInfo> lineInfoOf(const SourceLines &s)
{
    std::vector<LineInfo> info;
    info.reserve(s.lines.size());
    for (const SourceLine &l : s.lines)
        info.push_back({PythonFrameName{l.file, l.line, l.function, false}, l.origin});
    return info;
}

// Device activities per launching call: (call track << 32 | call slice, activity), sorted. The
// last launch linked to an activity wins, as in LaunchedDeviceTime.
std::vector<std::pair<std::uint64_t, SliceRef>> activitiesByCall(const Trace &t)
{
    std::unordered_map<std::uint64_t, std::uint64_t> launchOf; // activity -> call
    for (const Flow &f : t.flows) {
        if (f.kind != FlowKind::Launch && f.kind != FlowKind::Correlation)
            continue;
        if (f.toTrack >= t.tracks.size() || f.fromTrack >= t.tracks.size())
            continue;
        const Track &to = t.tracks[f.toTrack];
        if (to.kind != TrackKind::Gpu || t.tracks[f.fromTrack].kind == TrackKind::Gpu || f.toSlice >= to.size()
            || f.fromSlice >= t.tracks[f.fromTrack].size())
            continue;
        const std::uint16_t c = to.catId[f.toSlice];
        if (c >= t.categoryClass.size() || !isGpuActivity(t.categoryClass[c]))
            continue;
        launchOf[(std::uint64_t(f.toTrack) << 32) | f.toSlice] = (std::uint64_t(f.fromTrack) << 32) | f.fromSlice;
    }
    std::vector<std::pair<std::uint64_t, SliceRef>> out;
    out.reserve(launchOf.size());
    for (const auto &[activity, call] : launchOf)
        out.push_back({call, SliceRef{std::uint32_t(activity >> 32), std::uint32_t(activity & 0xffffffffu)}});
    std::sort(out.begin(), out.end(), [](const auto &a, const auto &b) {
        return a.first != b.first ? a.first < b.first
                                  : (a.second.track != b.second.track ? a.second.track < b.second.track : a.second.slice < b.second.slice);
    });
    return out;
}

// The walk again, recording: the python_function slices of the calls for which callHit(the unfolded
// tree, its line -> row of `lines`, a node of that tree) holds, and the activities launched while
// the innermost frame was a node for which launchHit holds.
template <typename CallHit, typename LaunchHit>
SourceSlices collectSlices(const Trace &trace, const SourceLines &lines, std::size_t maxEach, CallHit callHit, LaunchHit launchHit)
{
    SourceSlices out;
    const detail::LaunchedDeviceTime launched(trace);
    Walker w(trace, lines.window, &launched, true);
    w.run();
    // The tree sourceLines() measured (the same walk): walker node -> all.frames.
    std::vector<std::int32_t> order;
    const SourceLines all = finish(w.nodes, w.lines, &order);
    // The walker's lines and lines.lines differ in order: match by key.
    std::unordered_map<std::string, std::int32_t> rowByKey;
    for (std::size_t r = 0; r < lines.lines.size(); ++r)
        rowByKey.emplace(lineKey(PythonFrameName{lines.lines[r].file, lines.lines[r].line, lines.lines[r].function, false}),
                         std::int32_t(r));
    std::vector<std::int32_t> rowOfAllLine(all.lines.size(), -1);
    for (std::size_t l = 0; l < all.lines.size(); ++l) {
        const auto it = rowByKey.find(lineKey(PythonFrameName{all.lines[l].file, all.lines[l].line, all.lines[l].function, false}));
        if (it != rowByKey.end())
            rowOfAllLine[l] = it->second;
    }
    const auto push = [&](std::vector<SliceRef> &v, SliceRef r) {
        if (v.size() >= maxEach)
            out.truncated = true;
        else
            v.push_back(r);
    };
    for (const Rec &c : w.calls) {
        const std::int32_t f = order[std::size_t(c.node)];
        if (callHit(all, rowOfAllLine, f))
            push(out.frames, {c.track, c.slice});
    }
    const auto acts = activitiesByCall(trace);
    for (const Rec &l : w.launches) {
        const std::int32_t f = order[std::size_t(l.node)];
        if (!launchHit(all, rowOfAllLine, f))
            continue;
        const std::uint64_t key = (std::uint64_t(l.track) << 32) | l.slice;
        auto it = std::lower_bound(acts.begin(), acts.end(), key, [](const auto &a, std::uint64_t k) { return a.first < k; });
        for (; it != acts.end() && it->first == key; ++it)
            push(out.activities, it->second);
    }
    const auto bySlice = [](const SliceRef &a, const SliceRef &b) {
        return a.track != b.track ? a.track < b.track : a.slice < b.slice;
    };
    std::sort(out.frames.begin(), out.frames.end(), bySlice);
    std::sort(out.activities.begin(), out.activities.end(), bySlice);
    return out;
}

} // namespace

const char *frameOriginName(FrameOrigin origin)
{
    switch (origin) {
    case FrameOrigin::User: return "user";
    case FrameOrigin::Stdlib: return "stdlib";
    case FrameOrigin::Torch: return "torch";
    case FrameOrigin::BuiltIn: return "builtin";
    }
    return "user";
}

const FoldRule kFoldRules[5] = {
    {FrameOrigin::BuiltIn, "no file: <built-in ...>, <frozen ...>, <string>"},
    {FrameOrigin::Torch, "torch/... (relative), or .../site-packages/torch/..., .../dist-packages/torch/..."},
    {FrameOrigin::Stdlib, ".../lib/python3.*/... outside site-packages and dist-packages"},
    {FrameOrigin::Stdlib, "a relative path whose first part is a standard-library module (threading.py, multiprocessing/...)"},
    {FrameOrigin::User, "anything else: kept"},
};

FrameOrigin frameOrigin(QStringView file)
{
    if (file.isEmpty() || file.startsWith(u'<'))
        return FrameOrigin::BuiltIn;
    const bool packages = file.contains(u"/site-packages/") || file.contains(u"/dist-packages/");
    if (file.startsWith(u"torch/") || file.contains(u"/site-packages/torch/") || file.contains(u"/dist-packages/torch/"))
        return FrameOrigin::Torch;
    if (!packages && file.contains(u"/lib/python3"))
        return FrameOrigin::Stdlib;
    if (!file.startsWith(u'/') && !(file.size() > 1 && file[1] == u':')) { // relative (not "C:...")
        qsizetype end = file.indexOf(u'/');
        QStringView top = end < 0 ? file : file.left(end);
        if (end < 0 && top.endsWith(u".py"))
            top.chop(3);
        if (isStdlibModule(top))
            return FrameOrigin::Stdlib;
    }
    return FrameOrigin::User;
}

PythonFrameName parsePythonFrameName(std::string_view name)
{
    PythonFrameName f;
    static constexpr std::string_view module = "nn.Module: ";
    if (name.substr(0, module.size()) == module) {
        f.isModule = true;
        f.function = QString::fromUtf8(name.data(), qsizetype(std::min<std::size_t>(name.size(), kMaxFrameTextChars)));
        return f;
    }
    // "file(123): function": the first "(digits): " in the name.
    for (std::size_t p = name.find("): "); p != std::string_view::npos; p = name.find("): ", p + 1)) {
        std::size_t d = p;
        while (d > 0 && name[d - 1] >= '0' && name[d - 1] <= '9')
            --d;
        if (d == p || d == 0 || name[d - 1] != '(' || p - d > 9)
            continue;
        int line = 0;
        for (std::size_t i = d; i < p; ++i)
            line = line * 10 + (name[i] - '0');
        f.file = QString::fromUtf8(name.data(), qsizetype(std::min<std::size_t>(d - 1, kMaxFrameTextChars)));
        const std::string_view fn = name.substr(p + 3);
        f.function = QString::fromUtf8(fn.data(), qsizetype(std::min<std::size_t>(fn.size(), kMaxFrameTextChars)));
        f.line = line;
        return f;
    }
    // A built-in: "<built-in method sum of numpy.ndarray object at 0x7fdc6815fbd0>" names the object
    // by its address, which differs per object; one method is one row.
    std::string_view s = name;
    const std::size_t at = s.rfind(" at 0x");
    if (at != std::string_view::npos && s.size() > at + 6 && s.back() == '>') {
        bool hex = true;
        for (std::size_t i = at + 6; i + 1 < s.size(); ++i)
            hex = hex && std::isxdigit(static_cast<unsigned char>(s[i]));
        if (hex) {
            std::string t(s.substr(0, at));
            t += '>';
            f.function = QString::fromStdString(t.substr(0, std::size_t(kMaxFrameTextChars)));
            return f;
        }
    }
    f.function = QString::fromUtf8(s.data(), qsizetype(std::min<std::size_t>(s.size(), kMaxFrameTextChars)));
    return f;
}

QString SourceLine::location() const
{
    if (file.isEmpty())
        return function;
    return QStringLiteral("%1:%2").arg(file).arg(line);
}

SourceLines sourceLines(const Trace &trace, TimeRange window, const detail::LaunchedDeviceTime *launched)
{
    const std::vector<char> py = pythonCategories(trace);
    if (std::find(py.begin(), py.end(), 1) == py.end()) {
        SourceLines none;
        none.window = window;
        return none;
    }
    const std::optional<detail::LaunchedDeviceTime> own = launched ? std::nullopt : std::optional<detail::LaunchedDeviceTime>(trace);
    Walker w(trace, window, launched ? launched : &*own, false);
    w.run();
    SourceLines out = finish(w.nodes, w.lines);
    out.window = window;
    out.pythonSlices = w.pythonSlices;
    out.tooDeep = w.tooDeep;
    out.truncated = w.truncated;
    return out;
}

SourceLines myCodeOnly(const SourceLines &all)
{
    if (all.myCodeOnly)
        return all;
    std::vector<std::int32_t> fold;
    SourceLines out = finish(foldNodes(all, fold), lineInfoOf(all));
    out.myCodeOnly = true;
    out.window = all.window;
    out.pythonSlices = all.pythonSlices;
    out.tooDeep = all.tooDeep;
    out.truncated = all.truncated;
    return out;
}

SourceSlices sourceLineSlices(const Trace &trace, const SourceLines &lines, int line, std::size_t maxEach)
{
    if (line < 0 || std::size_t(line) >= lines.lines.size())
        return {};
    // A line's calls and the activities launched with it anywhere on the stack. Folding changes
    // neither for a user line (every user frame is kept), so the unfolded tree answers; a line of
    // other code is kept, folded, only where it is a stack's root.
    const bool rootsOnly = lines.myCodeOnly && lines.lines[std::size_t(line)].origin != FrameOrigin::User;
    std::vector<char> onStack;
    bool built = false;
    const auto isLine = [&](const SourceLines &all, const std::vector<std::int32_t> &rowOf, std::size_t i) {
        const SourceFrame &f = all.frames[i];
        return rowOf[std::size_t(f.line)] == line && (!rootsOnly || f.parent < 0);
    };
    const auto ensure = [&](const SourceLines &all, const std::vector<std::int32_t> &rowOf) {
        if (built)
            return;
        built = true;
        onStack.assign(all.frames.size(), 0);
        for (std::size_t i = 0; i < all.frames.size(); ++i) {
            const SourceFrame &f = all.frames[i];
            onStack[i] = char(isLine(all, rowOf, i) || (f.parent >= 0 && onStack[std::size_t(f.parent)]));
        }
    };
    return collectSlices(
        trace, lines, maxEach,
        [&](const SourceLines &all, const std::vector<std::int32_t> &rowOf, std::int32_t f) {
            return isLine(all, rowOf, std::size_t(f));
        },
        [&](const SourceLines &all, const std::vector<std::int32_t> &rowOf, std::int32_t f) {
            ensure(all, rowOf);
            return onStack[std::size_t(f)] != 0;
        });
}

SourceSlices sourceFrameSlices(const Trace &trace, const SourceLines &lines, int frame, std::size_t maxEach)
{
    if (frame < 0 || std::size_t(frame) >= lines.frames.size())
        return {};
    // The unfolded tree's frame i stands for node target[i] of `lines` (-1: another one), and
    // inside[i] says whether its stack runs through `frame`'s.
    std::vector<char> calls, inside;
    bool built = false;
    const auto ensure = [&](const SourceLines &all) {
        if (built)
            return;
        built = true;
        std::vector<std::int32_t> fold(all.frames.size());
        if (lines.myCodeOnly) {
            std::vector<std::int32_t> order;
            std::vector<std::int32_t> nodeOf;
            const std::vector<Node> nodes = foldNodes(all, nodeOf);
            finish(nodes, lineInfoOf(all), &order);
            for (std::size_t i = 0; i < fold.size(); ++i)
                fold[i] = order[std::size_t(nodeOf[i])];
        } else {
            for (std::size_t i = 0; i < fold.size(); ++i)
                fold[i] = std::int32_t(i);
        }
        const SourceFrame &target = lines.frames[std::size_t(frame)];
        calls.assign(all.frames.size(), 0);
        inside.assign(all.frames.size(), 0);
        for (std::size_t i = 0; i < all.frames.size(); ++i) {
            const std::int32_t g = fold[i];
            inside[i] = char(g >= frame && g < target.subtreeEnd);
            // A folded frame's calls are its own, not those of the node it folds into.
            const bool kept = !lines.myCodeOnly || all.frames[i].parent < 0
                || all.lines[std::size_t(all.frames[i].line)].origin == FrameOrigin::User;
            calls[i] = char(g == frame && kept);
        }
    };
    return collectSlices(
        trace, lines, maxEach,
        [&](const SourceLines &all, const std::vector<std::int32_t> &, std::int32_t f) {
            ensure(all);
            return calls[std::size_t(f)] != 0;
        },
        [&](const SourceLines &all, const std::vector<std::int32_t> &, std::int32_t f) {
            ensure(all);
            return inside[std::size_t(f)] != 0;
        });
}

std::vector<SourceLineDelta> compareSourceLines(const SourceLines &a, const SourceLines &b)
{
    std::vector<SourceLineDelta> out;
    std::unordered_map<std::string, std::size_t> at;
    const auto add = [&](const SourceLines &s, bool second) {
        for (std::size_t r = 0; r < s.lines.size(); ++r) {
            const SourceLine &l = s.lines[r];
            const auto [it, added] = at.emplace(lineKey(PythonFrameName{l.file, l.line, l.function, false}), out.size());
            if (added) {
                SourceLineDelta d;
                d.file = l.file;
                d.line = l.line;
                d.function = l.function;
                d.origin = l.origin;
                out.push_back(d);
            }
            SourceLineDelta &d = out[it->second];
            if (second) {
                d.rowB = int(r);
                d.callsB = l.calls;
                d.cpuTotalB = l.cpuTotalNs;
                d.cpuSelfB = l.cpuSelfNs;
                d.gpuB = l.gpuNs;
                d.gpuSelfB = l.gpuSelfNs;
            } else {
                d.rowA = int(r);
                d.callsA = l.calls;
                d.cpuTotalA = l.cpuTotalNs;
                d.cpuSelfA = l.cpuSelfNs;
                d.gpuA = l.gpuNs;
                d.gpuSelfA = l.gpuSelfNs;
            }
        }
    };
    add(a, false);
    add(b, true);
    std::stable_sort(out.begin(), out.end(), [](const SourceLineDelta &x, const SourceLineDelta &y) {
        bool decided = false;
        const bool less = byCost(x.gpuDeltaNs(), x.cpuTotalDeltaNs(), y.gpuDeltaNs(), y.cpuTotalDeltaNs(), decided);
        if (decided)
            return less;
        if (x.file != y.file)
            return x.file < y.file;
        if (x.line != y.line)
            return x.line < y.line;
        return x.function < y.function;
    });
    return out;
}

std::optional<PythonFrameName> launchingPythonFrame(const Trace &trace, std::uint32_t track, std::uint32_t slice, bool myCode)
{
    if (track >= trace.tracks.size() || slice >= trace.tracks[track].size())
        return std::nullopt;
    const Track &tr = trace.tracks[track];
    const std::vector<char> py = pythonCategories(trace);
    const TimeNs t = tr.start[slice];
    // The Python frames open at t, innermost first: slices starting at or before t, latest first,
    // back to the first one at depth 0 (nothing before it can be open). Bounded, as slicesAround.
    std::vector<PythonFrameName> open;
    constexpr std::size_t kMaxScan = 1'000'000;
    std::size_t n = 0;
    for (std::size_t i = slice + 1; i-- > 0 && n < kMaxScan; ++n) {
        const std::uint16_t c = tr.catId[i];
        if (i != slice && c < py.size() && py[c] && tr.start[i] <= t && tr.end(i) > t) {
            PythonFrameName f = parsePythonFrameName(trace.strings.view(tr.nameId[i]));
            if (!f.isModule) {
                if (!myCode || frameOrigin(f.file) == FrameOrigin::User)
                    return f;
                open.push_back(std::move(f));
            }
        }
        if (tr.depth[i] == 0)
            break;
    }
    if (open.empty())
        return std::nullopt;
    return open.back(); // no user frame: the outermost, as myCodeOnly() keeps the root
}

} // namespace lanescope::analysis
