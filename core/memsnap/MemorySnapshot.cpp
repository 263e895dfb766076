// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/memsnap/MemorySnapshot.h"

#include "core/io/InputFile.h"
#include "core/io/MappedSource.h"
#include "core/io/SigbusGuard.h"
#include "core/memsnap/Pickle.h"

#include <QCoreApplication>

#include <algorithm>
#include <cstring>
#include <unordered_map>

namespace lanescope::memsnap {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(memsnap)
};

using Kind = PickleValue::Kind;

// A trace with more devices than this is not a snapshot of one machine's GPUs.
constexpr std::size_t kMaxDevices = 4096;

Action actionOf(std::string_view s)
{
    if (s == "alloc") return Action::Alloc;
    if (s == "free_requested") return Action::FreeRequested;
    if (s == "free_completed") return Action::FreeCompleted;
    if (s == "segment_alloc") return Action::SegmentAlloc;
    if (s == "segment_free") return Action::SegmentFree;
    if (s == "segment_map") return Action::SegmentMap;
    if (s == "segment_unmap") return Action::SegmentUnmap;
    if (s == "snapshot") return Action::Snapshot;
    if (s == "oom") return Action::Oom;
    return Action::Unknown;
}

bool intOf(const PickleValue &v, std::int64_t *out)
{
    if (v.kind != Kind::Int && v.kind != Kind::Bool)
        return false;
    *out = v.i;
    return true;
}

// A key's id in the document, looked up once it has been read.
struct Key
{
    std::string_view text;
    std::uint32_t id = PickleDocument::kNoString;
    bool is(const PickleDocument &doc, const PickleValue &k)
    {
        if (k.kind != Kind::String)
            return false;
        if (id != PickleDocument::kNoString)
            return k.ref == id;
        // Not met yet: compare the text (no hash lookup per key of every entry).
        if (doc.string(k.ref) != text)
            return false;
        id = k.ref;
        return true;
    }
};

// Turns the snapshot's frames, stacks and trace entries into model records as the pickle is read:
// a large snapshot is millions of trace entries, and a generic tree of them would take several
// times the file's size.
class SnapshotFolder : public PickleFolder
{
public:
    // expectedEntries: room reserved for the first device's entries. Only the pages written
    // become resident, so a generous guess costs address space, not memory, and spares the
    // copies (and the doubled peak) of a vector growing to millions.
    SnapshotFolder(MemorySnapshot &s, std::size_t expectedEntries) : snap(s), reserveEntries(expectedEntries)
    {
        snap.strings.emplace_back();
        snap.stackOffsets = {0, 0}; // stack 0: no frames
    }

    PickleValue fold(PickleDocument &doc, const PickleValue &value, const PickleValue &parent,
                     const PickleValue &parentKey) override
    {
        if (value.kind == Kind::Dict && parentKey.kind == Kind::None) {
            const auto &items = doc.items(value);
            for (std::size_t i = 0; i + 1 < items.size(); i += 2) {
                if (kAction.is(doc, items[i]))
                    return traceEntry(doc, items, parent);
                if (kFilename.is(doc, items[i]))
                    return frame(doc, items);
            }
            return value;
        }
        if (value.kind == Kind::List && kFrames.is(doc, parentKey))
            return PickleValue::folded(stackOf(doc, doc.items(value)));
        if (value.kind == Kind::List && kDeviceTraces.is(doc, parentKey)) {
            const auto &lists = doc.items(value);
            for (std::size_t d = 0; d < lists.size() && d < kMaxDevices; ++d) {
                DeviceTrace t;
                t.device = int(d);
                auto it = batches.find(batchKey(lists[d]));
                if (it != batches.end()) {
                    t.entries = std::move(it->second);
                    batches.erase(it);
                    lastBatch = nullptr;
                }
                snap.deviceTraces.push_back(std::move(t));
            }
            if (lists.size() > kMaxDevices)
                snap.warnings << Text::tr("device_traces lists %1 devices; only the first %2 are read").arg(lists.size()).arg(kMaxDevices);
            return PickleValue::dropped();
        }
        return value;
    }

    SnapStringId str(const PickleDocument &doc, const PickleValue &v)
    {
        if (v.kind != Kind::String)
            return 0;
        if (v.ref >= idMap.size())
            idMap.resize(std::max<std::size_t>(doc.stringCount(), v.ref + 1), kUnmapped);
        if (idMap[v.ref] == kUnmapped) {
            idMap[v.ref] = SnapStringId(snap.strings.size());
            snap.strings.emplace_back(doc.text(v));
        }
        return idMap[v.ref];
    }

    StackId stackOf(const PickleDocument &doc, const std::vector<PickleValue> &items)
    {
        key.clear();
        for (const PickleValue &f : items)
            if (f.kind == Kind::Folded && f.ref != PickleValue::kDropped) {
                const auto id = std::uint32_t(f.i);
                key.append(reinterpret_cast<const char *>(&id), sizeof id);
            }
        (void)doc;
        if (key.empty())
            return 0;
        auto it = stacks.find(key);
        if (it != stacks.end())
            return it->second;
        const auto id = StackId(snap.stackOffsets.size() - 1);
        for (std::size_t i = 0; i < key.size(); i += 4) {
            std::uint32_t f;
            std::memcpy(&f, key.data() + i, 4);
            snap.stackFrames.push_back(f);
        }
        snap.stackOffsets.push_back(std::uint32_t(snap.stackFrames.size()));
        stacks.emplace(key, id);
        return id;
    }

    // A frames value as the folder left it: a folded stack, or (an unusual writer) a list.
    StackId stackValue(const PickleDocument &doc, const PickleValue &v)
    {
        if (v.kind == Kind::Folded && v.ref != PickleValue::kDropped)
            return StackId(v.i);
        if (v.kind == Kind::List)
            return stackOf(doc, doc.items(v));
        return 0;
    }

    Key kAction{"action"}, kAddr{"addr"}, kSize{"size"}, kStream{"stream"}, kTime{"time_us"}, kFrames{"frames"},
        kDeviceFree{"device_free"}, kFilename{"filename"}, kName{"name"}, kLine{"line"},
        kDeviceTraces{"device_traces"}, kCompileContext{"compile_context"}, kUserMetadata{"user_metadata"};
    std::int64_t wrongTypes = 0, unknownActions = 0;

private:
    static constexpr std::uint32_t kUnmapped = 0xffffffffu;
    MemorySnapshot &snap;
    std::vector<SnapStringId> idMap;
    std::unordered_map<std::string, StackId> stacks;
    std::unordered_map<std::uint64_t, std::uint32_t> frameIds;
    std::unordered_map<std::uint64_t, std::vector<TraceEntry>> batches; // node-based: lastBatch stays valid
    std::vector<TraceEntry> *lastBatch = nullptr;
    std::size_t reserveEntries = 0;
    std::uint64_t lastBatchKey = 0;
    static constexpr std::uint8_t kNoAction = 0xff;
    std::vector<std::uint8_t> actionIds; // string id -> Action
    std::string key;

    static std::uint64_t batchKey(const PickleValue &list) { return (std::uint64_t(list.ref) << 32) | std::uint32_t(list.i); }

    PickleValue frame(const PickleDocument &doc, const std::vector<PickleValue> &items)
    {
        Frame f;
        for (std::size_t i = 0; i + 1 < items.size(); i += 2) {
            const PickleValue &k = items[i], &v = items[i + 1];
            if (kFilename.is(doc, k))
                f.filename = str(doc, v);
            else if (kName.is(doc, k))
                f.name = str(doc, v);
            else if (kLine.is(doc, k) && !intOf(v, &f.line))
                ++wrongTypes;
        }
        // Frames are few and repeat: the same (file, name, line) is one Frame.
        const std::uint64_t h = (std::uint64_t(f.filename) * 0x9E3779B97F4A7C15ull) ^ (std::uint64_t(f.name) << 20)
            ^ std::uint64_t(f.line) * 0xC2B2AE3D27D4EB4Full;
        auto range = frameIds.find(h);
        if (range != frameIds.end()) {
            const Frame &g = snap.frames[range->second];
            if (g.filename == f.filename && g.name == f.name && g.line == f.line)
                return PickleValue::folded(range->second);
        }
        const auto id = std::uint32_t(snap.frames.size());
        snap.frames.push_back(f);
        frameIds[h] = id;
        return PickleValue::folded(id);
    }

    PickleValue traceEntry(const PickleDocument &doc, const std::vector<PickleValue> &items, const PickleValue &parent)
    {
        TraceEntry e;
        bool bad = false;
        for (std::size_t i = 0; i + 1 < items.size(); i += 2) {
            const PickleValue &k = items[i], &v = items[i + 1];
            std::int64_t x = 0;
            if (kAction.is(doc, k)) {
                e.action = v.kind == Kind::String ? actionById(doc, v.ref) : Action::Unknown;
                bad |= v.kind != Kind::String;
            } else if (kAddr.is(doc, k) || kDeviceFree.is(doc, k)) {
                if (intOf(v, &x))
                    e.addr = std::uint64_t(x);
                else
                    bad = true;
            } else if (kSize.is(doc, k)) {
                if (intOf(v, &x))
                    e.size = x;
                else
                    bad = true;
            } else if (kStream.is(doc, k)) {
                if (intOf(v, &x))
                    e.stream = x;
                else
                    bad = true;
            } else if (kTime.is(doc, k)) {
                if (intOf(v, &x)) {
                    e.timeUs = x;
                    e.hasTime = true;
                } else {
                    bad = true;
                }
            } else if (kFrames.is(doc, k)) {
                e.stack = stackValue(doc, v);
            } else if (kCompileContext.is(doc, k)) {
                snap.hasCompileContext = true;
            } else if (kUserMetadata.is(doc, k)) {
                snap.hasUserMetadata = true;
            }
        }
        wrongTypes += bad;
        unknownActions += e.action == Action::Unknown;
        snap.hasTimes |= e.hasTime;
        // Entries come in runs into one list: look its batch up once per run.
        const std::uint64_t bk = batchKey(parent);
        if (!lastBatch || bk != lastBatchKey) {
            lastBatch = &batches[bk];
            lastBatchKey = bk;
            if (lastBatch->empty() && reserveEntries) {
                lastBatch->reserve(reserveEntries);
                reserveEntries = 0;
            }
        }
        lastBatch->push_back(e);
        return PickleValue::dropped();
    }

    Action actionById(const PickleDocument &doc, std::uint32_t id)
    {
        if (id >= actionIds.size())
            actionIds.resize(std::max<std::size_t>(doc.stringCount(), id + 1), kNoAction);
        if (actionIds[id] == kNoAction)
            actionIds[id] = std::uint8_t(actionOf(doc.string(id)));
        return Action(actionIds[id]);
    }
};

// The segments at the end, with their blocks.
void readSegments(const PickleDocument &doc, const PickleValue &list, SnapshotFolder &folder, MemorySnapshot &snap)
{
    std::int64_t wrong = 0;
    auto num = [&](const PickleValue &d, const char *key, std::int64_t *out) {
        bool found = false;
        const PickleValue v = doc.get(d, key, &found);
        if (!found)
            return false;
        if (!intOf(v, out)) {
            ++wrong;
            return false;
        }
        return true;
    };
    for (const PickleValue &sv : doc.items(list)) {
        if (sv.kind != Kind::Dict) {
            ++wrong;
            continue;
        }
        Segment s;
        std::int64_t x = 0;
        if (num(sv, "device", &x))
            s.device = int(std::clamp<std::int64_t>(x, 0, kMaxDevices - 1));
        if (num(sv, "address", &x))
            s.address = std::uint64_t(x);
        if (!num(sv, "total_size", &s.totalSize) || s.totalSize < 0) {
            ++wrong;
            continue;
        }
        num(sv, "allocated_size", &s.allocatedSize);
        num(sv, "active_size", &s.activeSize);
        num(sv, "requested_size", &s.requestedSize);
        num(sv, "stream", &s.stream);
        bool found = false;
        const PickleValue type = doc.get(sv, "segment_type", &found);
        if (found) {
            if (type.kind == Kind::String)
                s.large = doc.text(type) != "small";
            else
                ++wrong;
        } else {
            s.large = s.totalSize != 2 * 1024 * 1024;
        }
        const PickleValue exp = doc.get(sv, "is_expandable", &found);
        if (found && exp.kind == Kind::Bool)
            s.expandable = exp.i != 0;
        const PickleValue pool = doc.get(sv, "segment_pool_id", &found);
        if (found) {
            const auto &pi = doc.items(pool);
            for (std::size_t i = 0; i < 2 && i < pi.size(); ++i)
                intOf(pi[i], &s.poolId[i]);
        }
        s.stack = folder.stackValue(doc, doc.get(sv, "frames"));
        s.firstBlock = std::uint32_t(snap.blocks.size());
        std::uint64_t addr = s.address;
        for (const PickleValue &bv : doc.items(doc.get(sv, "blocks"))) {
            if (bv.kind != Kind::Dict) {
                ++wrong;
                continue;
            }
            Block b;
            if (!num(bv, "size", &b.size) || b.size < 0) {
                ++wrong;
                continue;
            }
            b.address = num(bv, "address", &x) ? std::uint64_t(x) : addr; // before 2.1: blocks follow each other
            addr = b.address + std::uint64_t(b.size);
            if (num(bv, "requested_size", &b.requestedSize))
                snap.hasRequestedSizes = true;
            const PickleValue st = doc.get(bv, "state");
            const std::string_view stt = doc.text(st);
            b.state = stt == "active_allocated"      ? BlockState::ActiveAllocated
                : stt == "active_pending_free"        ? BlockState::ActivePendingFree
                : stt == "inactive"                   ? BlockState::Inactive
                                                      : BlockState::Unknown;
            b.stack = folder.stackValue(doc, doc.get(bv, "frames"));
            // 1.13/2.0: history [{addr, real_size, frames}], the latest last.
            const PickleValue hist = doc.get(bv, "history", &found);
            if (found) {
                snap.hasBlockHistory = true;
                const auto &h = doc.items(hist);
                if (!h.empty()) {
                    if (!b.stack)
                        b.stack = folder.stackValue(doc, doc.get(h.back(), "frames"));
                    if (b.requestedSize < 0)
                        num(h.back(), "real_size", &b.requestedSize);
                }
            }
            snap.blocks.push_back(b);
        }
        s.blockCount = std::uint32_t(snap.blocks.size() - s.firstBlock);
        snap.segments.push_back(s);
    }
    if (wrong) {
        const int fields = int(std::min<std::int64_t>(wrong, 1 << 30));
        snap.warnings << (fields == 1 ? Text::tr("%n segment or block field of the wrong type was ignored", nullptr, fields)
                                      : Text::tr("%n segment or block fields of the wrong type were ignored", nullptr, fields));
    }
}

void readSettings(const PickleDocument &doc, const PickleValue &d, MemorySnapshot &snap)
{
    if (d.kind != Kind::Dict)
        return;
    snap.settings.present = true;
    snap.settings.conf = QString::fromUtf8(doc.text(doc.get(d, "PYTORCH_CUDA_ALLOC_CONF")).data(),
                                           int(doc.text(doc.get(d, "PYTORCH_CUDA_ALLOC_CONF")).size()));
    std::int64_t x = 0;
    // SIZE_MAX when unset: it pickles as a number wider than int64, or as -1 through int64_t.
    if (intOf(doc.get(d, "max_split_size"), &x) && x > 0)
        snap.settings.maxSplitSize = x;
    const PickleValue e = doc.get(d, "expandable_segments");
    snap.settings.expandableSegments = e.kind == Kind::Bool && e.i;
    const PickleValue g = doc.get(d, "garbage_collection_threshold");
    if (g.kind == Kind::Float)
        snap.settings.garbageCollectionThreshold = g.f;
}

} // namespace

const char *actionName(Action a)
{
    switch (a) {
    case Action::Alloc: return "alloc";
    case Action::FreeRequested: return "free_requested";
    case Action::FreeCompleted: return "free_completed";
    case Action::SegmentAlloc: return "segment_alloc";
    case Action::SegmentFree: return "segment_free";
    case Action::SegmentMap: return "segment_map";
    case Action::SegmentUnmap: return "segment_unmap";
    case Action::Snapshot: return "snapshot";
    case Action::Oom: return "oom";
    case Action::Unknown: break;
    }
    return "unknown";
}

std::size_t MemorySnapshot::stackDepth(StackId s) const
{
    return std::size_t(s) + 1 < stackOffsets.size() ? stackOffsets[s + 1] - stackOffsets[s] : 0;
}

const Frame &MemorySnapshot::stackFrame(StackId s, std::size_t i) const
{
    return frames[stackFrames[stackOffsets[s] + i]];
}

QString MemorySnapshot::text(SnapStringId id) const
{
    return id < strings.size() ? QString::fromStdString(strings[id]) : QString();
}

QString MemorySnapshot::frameText(const Frame &f) const
{
    return QStringLiteral("%1 (%2:%3)").arg(text(f.name), text(f.filename)).arg(f.line);
}

QString MemorySnapshot::stackSummary(StackId s) const
{
    const std::size_t n = stackDepth(s);
    if (!n)
        return QString();
    for (std::size_t i = 0; i < n; ++i) {
        const Frame &f = stackFrame(s, i);
        const std::string &file = f.filename < strings.size() ? strings[f.filename] : strings.front();
        const bool torchOwn = file.find("/torch/") != std::string::npos || file.rfind("torch/", 0) == 0
            || file.rfind("<frozen", 0) == 0 || file.empty() || file == "??";
        if (!torchOwn)
            return frameText(f);
    }
    return frameText(stackFrame(s, 0));
}

int MemorySnapshot::deviceCount() const
{
    int n = int(deviceTraces.size());
    for (const Segment &s : segments)
        n = std::max(n, s.device + 1);
    return n;
}

std::size_t MemorySnapshot::modelBytes() const
{
    std::size_t n = segments.capacity() * sizeof(Segment) + blocks.capacity() * sizeof(Block)
        + frames.capacity() * sizeof(Frame) + (stackFrames.capacity() + stackOffsets.capacity()) * 4;
    for (const std::string &s : strings)
        n += sizeof(std::string) + s.capacity();
    for (const DeviceTrace &t : deviceTraces) // size, not capacity: the reserve past it is never touched
        n += sizeof(DeviceTrace) + t.entries.size() * sizeof(TraceEntry);
    return n;
}

SnapshotResult readSnapshot(const char *data, std::size_t size, const QString &name)
{
    SnapshotResult r;
    auto snap = std::make_shared<MemorySnapshot>();
    snap->path = name;
    snap->fileBytes = size;
    if (size >= 2 && static_cast<unsigned char>(data[0]) == 0x1f && static_cast<unsigned char>(data[1]) == 0x8b) {
        r.error = Text::tr("%1: a gzip-compressed file; decompress it first (gunzip), snapshots are read as PyTorch writes them")
                      .arg(name);
        return r;
    }
    // A trace entry takes at least ~40 bytes of pickle (its dict, six keys by memo reference, the
    // numbers): more entries than that cannot be in the file.
    constexpr std::size_t kMinEntryBytes = 40;
    SnapshotFolder folder(*snap, size / kMinEntryBytes);
    PickleResult p = readPickle(data, size, &folder);
    if (!p.document) {
        r.error = name.isEmpty() ? p.error : QStringLiteral("%1: %2").arg(name, p.error);
        return r;
    }
    snap->pickleProtocol = p.protocol;
    snap->pickleBytesPeak = p.peakBytes;
    const PickleDocument &doc = *p.document;
    const PickleValue root = doc.root();
    if (root.kind == Kind::List) {
        // torch.cuda.memory_snapshot() (1.x) pickled alone: just the list of segments.
        readSegments(doc, root, folder, *snap);
    } else if (root.kind != Kind::Dict) {
        r.error = Text::tr("%1: not a PyTorch memory snapshot (the pickle holds no dict)").arg(name);
        return r;
    } else {
        bool hasSegments = false, hasTraces = false;
        const PickleValue segs = doc.get(root, "segments", &hasSegments);
        doc.get(root, "device_traces", &hasTraces);
        hasTraces |= !snap->deviceTraces.empty();
        if (!hasSegments && !hasTraces) {
            r.error = Text::tr("%1: not a PyTorch memory snapshot (no \"segments\" or \"device_traces\")").arg(name);
            return r;
        }
        if (segs.kind == Kind::List)
            readSegments(doc, segs, folder, *snap);
        else if (hasSegments)
            snap->warnings << Text::tr("\"segments\" is not a list; ignored");
        readSettings(doc, doc.get(root, "allocator_settings"), *snap);
        doc.get(root, "external_annotations", &snap->hasExternalAnnotations);
    }
    if (folder.wrongTypes) {
        const int fields = int(std::min<std::int64_t>(folder.wrongTypes, 1 << 30));
        snap->warnings << (fields == 1 ? Text::tr("%n trace entry field of the wrong type was ignored", nullptr, fields)
                                       : Text::tr("%n trace entry fields of the wrong type were ignored", nullptr, fields));
    }
    if (folder.unknownActions)
        snap->warnings << Text::tr("%n trace entries with an unknown action were ignored", nullptr,
                                   int(std::min<std::int64_t>(folder.unknownActions, 1 << 30)));
    std::sort(snap->segments.begin(), snap->segments.end(), [](const Segment &a, const Segment &b) {
        return a.device != b.device ? a.device < b.device : a.address < b.address;
    });
    r.snapshot = std::move(snap);
    return r;
}

SnapshotResult openSnapshot(const QString &path)
{
    SnapshotResult r;
    const QString why = io::notAReadableFile(path);
    if (!io::notAReadableFileReason(path).isEmpty()) {
        r.error = why;
        return r;
    }
    MappedSource::OpenResult src = MappedSource::open(path);
    if (!src.source) {
        r.error = src.error;
        return r;
    }
    if (src.source->gzipped()) {
        r.error = Text::tr("%1: a gzip-compressed file; decompress it first (gunzip), snapshots are read as PyTorch writes them")
                      .arg(path);
        return r;
    }
    src.source->adviseSequential();
    const bool ok = runGuarded([&] { r = readSnapshot(src.source->data(), std::size_t(src.source->size()), path); });
    if (!ok) {
        r = SnapshotResult();
        r.error = Text::tr("%1: the file changed while it was read").arg(path);
    }
    return r;
}

} // namespace lanescope::memsnap
