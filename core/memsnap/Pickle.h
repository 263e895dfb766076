// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A safe reader for the pickles PyTorch writes (torch.cuda.memory._dump_snapshot() calls Python's
// pickle.dump with the default protocol: 4, or 5 on Python 3.14+). It understands the data opcodes
// of protocols 2 to 5 only (containers, strings, bytes, ints, floats, bools, None, the memo) and
// refuses, with the opcode's name and offset, every opcode that would import or call code
// (GLOBAL, STACK_GLOBAL, REDUCE, BUILD, INST, OBJ, NEWOBJ, NEWOBJ_EX, EXT1/2/4, PERSID, BINPERSID)
// and the text opcodes of protocols 0 and 1: reading a pickle never runs anything.
//
// Bounded: every length is checked against the bytes left before it is used, containers nest at
// most PickleLimits::maxDepth deep, memo indices must come in the order Python's pickler writes
// them, and a container cannot be changed once it sits inside another (so the value graph has no
// cycles; shared values, the memo's BINGET, are fine). Strings are interned: one id per distinct
// text, whatever the number of copies or memo references.
//
// The result is a graph of Values in a PickleDocument. A caller that knows the schema can fold
// containers as they are completed (PickleFolder): the memory snapshot's millions of trace
// entries become model records as they are read instead of a generic tree.
#include <QString>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace lanescope::memsnap {

// What bounds the reader's memory, whatever the input: each is an error past it. The memo also
// holds at most one entry per 8 bytes of input (at least 2^20): Python memoizes each container and
// string once, and the smallest of those take more than that.
struct PickleLimits
{
    int maxDepth = 1000;                         // containers inside containers
    std::uint64_t maxStack = 1u << 26;           // values on the machine's stack at once
    std::uint64_t maxContainers = 1u << 23;      // containers alive at once (folded ones are freed)
    std::uint64_t maxStrings = 1u << 22;         // distinct strings (a snapshot has thousands)
};

struct PickleValue
{
    enum class Kind : std::uint8_t {
        None,
        Bool,
        Int,    // fits in int64 (BININT*, LONG1/LONG4 up to 8 bytes)
        BigInt, // LONG1/LONG4 wider than 64 bits: kept as its byte count only
        Float,
        String, // ref: PickleDocument string id
        Bytes,  // ref: PickleDocument string id (the raw bytes)
        List,   // ref: container index
        Tuple,
        Dict,   // items: key, value, key, value...
        Folded, // replaced by a PickleFolder: i is the folder's own index
    };
    Kind kind = Kind::None;
    std::uint32_t ref = 0;
    union {
        std::int64_t i = 0;
        double f;
    };

    // A folder's answer meaning "leave this value out of its parent" (the folder kept it itself).
    static constexpr std::uint32_t kDropped = 0xffffffffu;
    static PickleValue dropped()
    {
        PickleValue v;
        v.kind = Kind::Folded;
        v.ref = kDropped;
        return v;
    }
    static PickleValue folded(std::int64_t index)
    {
        PickleValue v;
        v.kind = Kind::Folded;
        v.i = index;
        return v;
    }

    bool isInt() const { return kind == Kind::Int || kind == Kind::Bool; }
    bool isContainer() const { return kind == Kind::List || kind == Kind::Tuple || kind == Kind::Dict; }
};
static_assert(sizeof(PickleValue) == 16, "PickleValue is the unit of the reader's memory");

class PickleDocument;

// Told about each container the moment it is complete enough to be used by its parent (appended
// to a list, set as a dict value, closed as a tuple). Return a Folded value to replace it (the
// container's storage is then released, and later memo references get the folded value),
// PickleValue::dropped() to leave it out of the parent, or the value itself to keep it.
class PickleFolder
{
public:
    virtual ~PickleFolder() = default;
    // parent: the List/Tuple/Dict receiving it; parentKey: the dict key the value is stored under
    // (a String value), or None inside a list or tuple.
    virtual PickleValue fold(PickleDocument &doc, const PickleValue &value, const PickleValue &parent,
                             const PickleValue &parentKey) = 0;
};

class PickleDocument
{
public:
    PickleDocument();
    ~PickleDocument();
    PickleDocument(const PickleDocument &) = delete;
    PickleDocument &operator=(const PickleDocument &) = delete;

    const PickleValue &root() const { return m_root; }

    // Items of a List or Tuple; keys and values alternating for a Dict; empty for anything else.
    const std::vector<PickleValue> &items(const PickleValue &v) const;
    std::size_t size(const PickleValue &v) const; // items of a List/Tuple, pairs of a Dict
    // A Dict's value for the string key, or a None value (found false) when absent.
    PickleValue get(const PickleValue &dict, std::string_view key, bool *found = nullptr) const;
    // Text of a String or Bytes value (UTF-8 as pickled); empty for anything else.
    std::string_view text(const PickleValue &v) const;
    std::uint32_t stringCount() const;
    std::string_view string(std::uint32_t id) const;
    // The id of a string already read, or kNoString.
    static constexpr std::uint32_t kNoString = 0xffffffffu;
    std::uint32_t findString(std::string_view text) const;
    // Heap bytes the document holds (strings, containers, memo).
    std::size_t memoryBytes() const;

    // Releases a container's items (after a folder has copied what it needs).
    void release(const PickleValue &v);

private:
    friend class PickleReader;
    struct Impl;
    std::unique_ptr<Impl> d;
    PickleValue m_root;
};

struct PickleResult
{
    std::unique_ptr<PickleDocument> document; // null on error
    QString error;                            // one line: what is wrong and at which byte offset
    int protocol = 0;                         // from the PROTO opcode (2..5)
    std::size_t peakBytes = 0;                // the reader's own memory at its largest (approximate)
};

// Reads one pickle from the bytes (the STOP opcode ends it; bytes after it are ignored).
// folder may be null. Never throws; bad input gives an error, never a crash or a hang.
PickleResult readPickle(const char *data, std::size_t size, PickleFolder *folder = nullptr,
                        const PickleLimits &limits = PickleLimits());

// The opcode's name as Python's pickletools spells it ("STACK_GLOBAL"), or null for an unknown byte.
const char *pickleOpcodeName(unsigned char op);

} // namespace lanescope::memsnap
