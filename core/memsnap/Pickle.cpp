// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/memsnap/Pickle.h"

#include <QCoreApplication>

#include <algorithm>
#include <cstring>
#include <deque>
#include <unordered_map>

namespace lanescope::memsnap {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(memsnap)
};

using Kind = PickleValue::Kind;
constexpr std::uint32_t kNoSlot = 0xffffffffu;
// A folded container's item buffer up to this many values stays with its slot for reuse.
constexpr std::size_t kKeptItems = 64;

struct Container
{
    std::vector<PickleValue> items;
    PickleValue foldedAs;          // what a pinned, folded container reads as
    std::uint32_t height = 1;      // 1 + the height of its deepest item
    std::uint32_t memoSlot = kNoSlot;
    std::uint32_t generation = 0;  // bumped when the slot is reused: older references are stale
    Kind kind = Kind::List;
    bool sealed = false;  // placed inside another container: no longer changes
    bool pinned = false;  // referenced from more than one memo slot or DUP'd: never reused
    bool folded = false;
};

// The opcodes, as Python's pickletools names them.
enum Op : unsigned char {
    MARK = '(', STOP = '.', POP = '0', POP_MARK = '1', DUP = '2', FLOAT = 'F', INT = 'I', BININT = 'J',
    BININT1 = 'K', LONG = 'L', BININT2 = 'M', NONE = 'N', PERSID = 'P', BINPERSID = 'Q', REDUCE = 'R',
    STRING = 'S', BINSTRING = 'T', SHORT_BINSTRING = 'U', UNICODE = 'V', BINUNICODE = 'X', APPEND = 'a',
    BUILD = 'b', GLOBAL = 'c', DICT = 'd', EMPTY_DICT = '}', APPENDS = 'e', GET = 'g', BINGET = 'h',
    INST = 'i', LONG_BINGET = 'j', LIST = 'l', EMPTY_LIST = ']', OBJ = 'o', PUT = 'p', BINPUT = 'q',
    LONG_BINPUT = 'r', SETITEM = 's', TUPLE = 't', EMPTY_TUPLE = ')', SETITEMS = 'u', BINFLOAT = 'G',
    PROTO = 0x80, NEWOBJ = 0x81, EXT1 = 0x82, EXT2 = 0x83, EXT4 = 0x84, TUPLE1 = 0x85, TUPLE2 = 0x86,
    TUPLE3 = 0x87, NEWTRUE = 0x88, NEWFALSE = 0x89, LONG1 = 0x8a, LONG4 = 0x8b, BINBYTES = 'B',
    SHORT_BINBYTES = 'C', SHORT_BINUNICODE = 0x8c, BINUNICODE8 = 0x8d, BINBYTES8 = 0x8e, EMPTY_SET = 0x8f,
    ADDITEMS = 0x90, FROZENSET = 0x91, NEWOBJ_EX = 0x92, STACK_GLOBAL = 0x93, MEMOIZE = 0x94, FRAME = 0x95,
    BYTEARRAY8 = 0x96, NEXT_BUFFER = 0x97, READONLY_BUFFER = 0x98,
};

bool importsOrCalls(unsigned char op)
{
    switch (op) {
    case GLOBAL: case STACK_GLOBAL: case REDUCE: case BUILD: case INST: case OBJ: case NEWOBJ: case NEWOBJ_EX:
    case EXT1: case EXT2: case EXT4: case PERSID: case BINPERSID:
        return true;
    default:
        return false;
    }
}

// Protocol 0/1 opcodes whose argument is text up to a newline.
bool textOpcode(unsigned char op)
{
    switch (op) {
    case INT: case LONG: case FLOAT: case STRING: case UNICODE: case PUT: case GET:
        return true;
    default:
        return false;
    }
}

QString opText(unsigned char op)
{
    const char *n = pickleOpcodeName(op);
    const QString hex = QStringLiteral("0x%1").arg(unsigned(op), 2, 16, QLatin1Char('0'));
    return n ? QStringLiteral("%1 (%2)").arg(QLatin1String(n), hex) : hex;
}

} // namespace

const char *pickleOpcodeName(unsigned char op)
{
    switch (op) {
    case MARK: return "MARK"; case STOP: return "STOP"; case POP: return "POP"; case POP_MARK: return "POP_MARK";
    case DUP: return "DUP"; case FLOAT: return "FLOAT"; case INT: return "INT"; case BININT: return "BININT";
    case BININT1: return "BININT1"; case LONG: return "LONG"; case BININT2: return "BININT2"; case NONE: return "NONE";
    case PERSID: return "PERSID"; case BINPERSID: return "BINPERSID"; case REDUCE: return "REDUCE";
    case STRING: return "STRING"; case BINSTRING: return "BINSTRING"; case SHORT_BINSTRING: return "SHORT_BINSTRING";
    case UNICODE: return "UNICODE"; case BINUNICODE: return "BINUNICODE"; case APPEND: return "APPEND";
    case BUILD: return "BUILD"; case GLOBAL: return "GLOBAL"; case DICT: return "DICT"; case EMPTY_DICT: return "EMPTY_DICT";
    case APPENDS: return "APPENDS"; case GET: return "GET"; case BINGET: return "BINGET"; case INST: return "INST";
    case LONG_BINGET: return "LONG_BINGET"; case LIST: return "LIST"; case EMPTY_LIST: return "EMPTY_LIST";
    case OBJ: return "OBJ"; case PUT: return "PUT"; case BINPUT: return "BINPUT"; case LONG_BINPUT: return "LONG_BINPUT";
    case SETITEM: return "SETITEM"; case TUPLE: return "TUPLE"; case EMPTY_TUPLE: return "EMPTY_TUPLE";
    case SETITEMS: return "SETITEMS"; case BINFLOAT: return "BINFLOAT"; case PROTO: return "PROTO";
    case NEWOBJ: return "NEWOBJ"; case EXT1: return "EXT1"; case EXT2: return "EXT2"; case EXT4: return "EXT4";
    case TUPLE1: return "TUPLE1"; case TUPLE2: return "TUPLE2"; case TUPLE3: return "TUPLE3"; case NEWTRUE: return "NEWTRUE";
    case NEWFALSE: return "NEWFALSE"; case LONG1: return "LONG1"; case LONG4: return "LONG4"; case BINBYTES: return "BINBYTES";
    case SHORT_BINBYTES: return "SHORT_BINBYTES"; case SHORT_BINUNICODE: return "SHORT_BINUNICODE";
    case BINUNICODE8: return "BINUNICODE8"; case BINBYTES8: return "BINBYTES8"; case EMPTY_SET: return "EMPTY_SET";
    case ADDITEMS: return "ADDITEMS"; case FROZENSET: return "FROZENSET"; case NEWOBJ_EX: return "NEWOBJ_EX";
    case STACK_GLOBAL: return "STACK_GLOBAL"; case MEMOIZE: return "MEMOIZE"; case FRAME: return "FRAME";
    case BYTEARRAY8: return "BYTEARRAY8"; case NEXT_BUFFER: return "NEXT_BUFFER"; case READONLY_BUFFER: return "READONLY_BUFFER";
    default: return nullptr;
    }
}

struct PickleDocument::Impl
{
    std::deque<std::string> strings; // a deque: the map's views stay valid as it grows
    std::unordered_map<std::string_view, std::uint32_t> index;
    std::size_t stringBytes = 0;
    std::vector<Container> containers;
    std::vector<std::uint32_t> freeSlots;

    // kNoString when it is new and `limit` strings are held already.
    std::uint32_t intern(std::string_view s, std::uint64_t limit)
    {
        auto it = index.find(s);
        if (it != index.end())
            return it->second;
        if (strings.size() >= limit)
            return PickleDocument::kNoString;
        strings.emplace_back(s);
        stringBytes += s.size() + sizeof(std::string);
        const auto id = std::uint32_t(strings.size() - 1);
        index.emplace(std::string_view(strings.back()), id);
        return id;
    }

    // The live container a value refers to, or null (not a container, stale, folded).
    Container *live(const PickleValue &v)
    {
        if (!v.isContainer() || v.ref >= containers.size())
            return nullptr;
        Container &c = containers[v.ref];
        if (c.generation != std::uint32_t(v.i) || c.folded)
            return nullptr;
        return &c;
    }
    const Container *live(const PickleValue &v) const { return const_cast<Impl *>(this)->live(v); }

    PickleValue create(Kind kind)
    {
        std::uint32_t slot;
        if (!freeSlots.empty()) {
            slot = freeSlots.back();
            freeSlots.pop_back();
        } else {
            slot = std::uint32_t(containers.size());
            containers.emplace_back();
        }
        Container &c = containers[slot];
        // A reused slot keeps its items' buffer (cleared): the next dict of a run of trace
        // entries writes into memory still in cache instead of a fresh allocation.
        std::vector<PickleValue> keep = std::move(c.items);
        keep.clear();
        const std::uint32_t gen = c.generation;
        c = Container();
        c.items = std::move(keep);
        c.generation = gen;
        c.kind = kind;
        PickleValue v;
        v.kind = kind;
        v.ref = slot;
        v.i = gen;
        return v;
    }
};

PickleDocument::PickleDocument() : d(std::make_unique<Impl>()) {}
PickleDocument::~PickleDocument() = default;

const std::vector<PickleValue> &PickleDocument::items(const PickleValue &v) const
{
    static const std::vector<PickleValue> none;
    const Container *c = d->live(v);
    return c ? c->items : none;
}

std::size_t PickleDocument::size(const PickleValue &v) const
{
    const std::size_t n = items(v).size();
    return v.kind == Kind::Dict ? n / 2 : n;
}

PickleValue PickleDocument::get(const PickleValue &dict, std::string_view key, bool *found) const
{
    if (found)
        *found = false;
    if (dict.kind != Kind::Dict)
        return PickleValue();
    const std::uint32_t id = findString(key);
    if (id == kNoString)
        return PickleValue();
    const auto &it = items(dict);
    for (std::size_t i = 0; i + 1 < it.size(); i += 2)
        if (it[i].kind == Kind::String && it[i].ref == id) {
            if (found)
                *found = true;
            return it[i + 1];
        }
    return PickleValue();
}

std::string_view PickleDocument::text(const PickleValue &v) const
{
    if ((v.kind != Kind::String && v.kind != Kind::Bytes) || v.ref >= d->strings.size())
        return {};
    return d->strings[v.ref];
}

std::uint32_t PickleDocument::stringCount() const { return std::uint32_t(d->strings.size()); }

std::string_view PickleDocument::string(std::uint32_t id) const
{
    return id < d->strings.size() ? std::string_view(d->strings[id]) : std::string_view();
}

std::uint32_t PickleDocument::findString(std::string_view text) const
{
    auto it = d->index.find(text);
    return it == d->index.end() ? kNoString : it->second;
}

std::size_t PickleDocument::memoryBytes() const
{
    std::size_t n = d->stringBytes + d->index.size() * (sizeof(std::string_view) + 16)
        + d->containers.capacity() * sizeof(Container) + d->freeSlots.capacity() * 4;
    for (const Container &c : d->containers)
        n += c.items.capacity() * sizeof(PickleValue);
    return n;
}

void PickleDocument::release(const PickleValue &v)
{
    if (Container *c = d->live(v))
        std::vector<PickleValue>().swap(c->items);
}

// The memo: one 4-byte index per slot into a table of values. Slots whose value was folded away
// share entry 0 (None) and a freed entry is reused, so the dict Python memoizes for every trace
// entry costs 4 bytes once folded, not 16.
class Memo
{
public:
    Memo() { values.emplace_back(); }
    std::size_t size() const { return slot.size(); }
    const PickleValue &operator[](std::size_t i) const { return values[slot[i]]; }
    void push(const PickleValue &v) { slot.push_back(store(v)); }
    void set(std::size_t i, const PickleValue &v)
    {
        if (slot[i])
            freeList.push_back(slot[i]);
        slot[i] = store(v);
    }
    std::size_t bytes() const
    {
        return slot.capacity() * 4 + values.capacity() * sizeof(PickleValue) + freeList.capacity() * 4;
    }

private:
    std::vector<std::uint32_t> slot;
    std::vector<PickleValue> values;
    std::vector<std::uint32_t> freeList;
    std::uint32_t store(const PickleValue &v)
    {
        if (v.kind == Kind::None)
            return 0;
        if (!freeList.empty()) {
            const std::uint32_t i = freeList.back();
            freeList.pop_back();
            values[i] = v;
            return i;
        }
        values.push_back(v);
        return std::uint32_t(values.size() - 1);
    }
};

// The pickle machine. One pass over the bytes; every read checked against the end first.
class PickleReader
{
public:
    PickleReader(const unsigned char *data, std::size_t size, PickleFolder *f, const PickleLimits &l,
                 PickleDocument &document)
        : p(data), n(size), folder(f), limits(l), doc(document), D(*document.d)
    {
    }

    bool run(PickleValue *root, int *protocol, QString *error);
    void setRoot(const PickleValue &root) { doc.m_root = root; }
    std::size_t peakBytes = 0;

private:
    const unsigned char *p;
    std::size_t n;
    std::size_t pos = 0, opPos = 0;
    unsigned char op = 0;
    PickleFolder *folder;
    PickleLimits limits;
    PickleDocument &doc;
    PickleDocument::Impl &D;
    std::vector<PickleValue> stack;
    std::vector<std::size_t> marks;
    Memo memo;
    std::uint64_t memoLimit = std::min<std::uint64_t>(kNoSlot - 1, std::max<std::uint64_t>(n / 8, 1u << 20));
    QString err;

    bool fail(const QString &what)
    {
        // translate() with the context spelled out: lupdate files a Text::tr() in a member of this
        // class under "Text", not the struct's "memsnap".
        err = QCoreApplication::translate("memsnap", "pickle: %1 at byte %2 (opcode %3)").arg(what).arg(opPos).arg(opText(op));
        return false;
    }
    bool need(std::uint64_t k)
    {
        if (k > n - pos) {
            const int missing = int(std::min<std::uint64_t>(k - (n - pos), 1u << 30));
            return fail(missing == 1 ? Text::tr("the data ends %n byte short (truncated)", nullptr, missing)
                                     : Text::tr("the data ends %n bytes short (truncated)", nullptr, missing));
        }
        return true;
    }
    std::uint64_t le(int bytes)
    {
        std::uint64_t v = 0;
        for (int i = 0; i < bytes; ++i)
            v |= std::uint64_t(p[pos + std::size_t(i)]) << (8 * i);
        pos += std::size_t(bytes);
        return v;
    }
    bool push(const PickleValue &v)
    {
        if (stack.size() >= limits.maxStack)
            return fail(Text::tr("more than %1 values on the stack").arg(limits.maxStack));
        stack.push_back(v);
        return true;
    }
    bool pushInt(std::int64_t v)
    {
        PickleValue x;
        x.kind = Kind::Int;
        x.i = v;
        return push(x);
    }
    bool pushText(Kind kind, std::uint64_t len)
    {
        if (!need(len))
            return false;
        PickleValue x;
        x.kind = kind;
        x.ref = D.intern(std::string_view(reinterpret_cast<const char *>(p + pos), std::size_t(len)), limits.maxStrings);
        if (x.ref == PickleDocument::kNoString)
            return fail(Text::tr("more than %1 distinct strings").arg(limits.maxStrings));
        pos += std::size_t(len);
        return push(x);
    }
    bool top(PickleValue *v)
    {
        if (stack.empty() || (!marks.empty() && marks.back() == stack.size()))
            return fail(Text::tr("the stack is empty"));
        *v = stack.back();
        return true;
    }
    bool popMark(std::size_t *start)
    {
        if (marks.empty())
            return fail(Text::tr("no MARK to pop to"));
        *start = marks.back();
        marks.pop_back();
        return true;
    }
    // A value read back from the stack or the memo: a container must still be the one referred to.
    bool check(const PickleValue &v)
    {
        if (!v.isContainer())
            return true;
        if (v.ref >= D.containers.size() || D.containers[v.ref].generation != std::uint32_t(v.i))
            return fail(Text::tr("a reference to a value that no longer exists"));
        return true;
    }
    void forgetContainer(const PickleValue &v, const PickleValue &replacement)
    {
        Container &c = D.containers[v.ref];
        if (c.items.capacity() > kKeptItems || c.pinned)
            std::vector<PickleValue>().swap(c.items);
        else
            c.items.clear(); // kept for the slot's next container (PickleDocument::Impl::create)
        c.folded = true;
        c.foldedAs = replacement;
        if (c.pinned)
            return;
        if (c.memoSlot != kNoSlot && c.memoSlot < memo.size())
            memo.set(c.memoSlot, replacement);
        ++c.generation;
        D.freeSlots.push_back(v.ref);
    }
    bool place(const PickleValue &target, PickleValue item, const PickleValue &key, bool foldIt, bool dictValue = false);
    // A new container, or an invalid value (None, with the error set) past maxContainers alive.
    PickleValue newContainer(Kind kind)
    {
        if (D.containers.size() - D.freeSlots.size() >= limits.maxContainers) {
            fail(Text::tr("more than %1 containers at once").arg(limits.maxContainers));
            return PickleValue();
        }
        return D.create(kind);
    }
    bool pushContainer(Kind kind)
    {
        const PickleValue c = newContainer(kind);
        return c.isContainer() && push(c);
    }
    bool placeRange(const PickleValue &target, std::size_t from, bool pairs);
    bool memoize(std::uint64_t index);
    bool fromMark(Kind kind);
    bool tuple(std::size_t count);
};

bool PickleReader::place(const PickleValue &target, PickleValue item, const PickleValue &key, bool foldIt, bool dictValue)
{
    if (!item.isContainer()) { // the common case: a number or a string into an open container
        Container *t = D.live(target);
        if (t && !t->sealed) {
            t->items.push_back(item);
            return true;
        }
    }
    if (!check(target) || !check(item))
        return false;
    if (!D.live(target))
        return fail(Text::tr("adds to something that is not a list, tuple or dict"));
    if (D.containers[target.ref].sealed)
        return fail(Text::tr("changes a container already placed inside another (refused: it could make a cycle)"));
    if (item.isContainer()) {
        if (item.ref == target.ref)
            return fail(Text::tr("puts a container inside itself"));
        Container *ic = D.live(item);
        if (!ic) // a pinned container folded earlier
            item = D.containers[item.ref].foldedAs;
        else if (foldIt && folder) {
            const PickleValue r = folder->fold(doc, item, target, key);
            if (r.kind == Kind::Folded) {
                forgetContainer(item, r.ref == PickleValue::kDropped ? PickleValue() : r);
                if (r.ref == PickleValue::kDropped) {
                    if (dictValue) // its key goes too
                        D.containers[target.ref].items.pop_back();
                    return true;
                }
                item = r;
            }
        }
        if (Container *c = D.live(item)) {
            c->sealed = true;
            Container &t = D.containers[target.ref];
            t.height = std::max(t.height, c->height + 1);
            if (t.height > std::uint32_t(limits.maxDepth))
                return fail(Text::tr("containers nested more than %1 deep").arg(limits.maxDepth));
        }
    }
    D.containers[target.ref].items.push_back(item);
    return true;
}

bool PickleReader::placeRange(const PickleValue &target, std::size_t from, bool pairs)
{
    const std::size_t count = stack.size() - from;
    if (pairs && count % 2)
        return fail(Text::tr("a dict's items come in pairs; one value left over"));
    // A dict's items come in one batch: one allocation instead of a doubling per item (later
    // batches, a long list's, grow geometrically as usual).
    if (Container *t = D.live(target); t && !t->sealed && t->items.empty())
        t->items.reserve(count);
    for (std::size_t i = from; i < stack.size(); i += pairs ? 2 : 1) {
        if (pairs) {
            if (!place(target, stack[i], PickleValue(), false) || !place(target, stack[i + 1], stack[i], true, true))
                return false;
        } else if (!place(target, stack[i], PickleValue(), true)) {
            return false;
        }
    }
    stack.resize(from);
    return true;
}

bool PickleReader::memoize(std::uint64_t index)
{
    PickleValue v;
    if (!top(&v))
        return false;
    if (index > memo.size())
        return fail(Text::tr("memo index %1 out of order (%2 stored)").arg(index).arg(memo.size()));
    if (index >= memoLimit)
        return fail(Text::tr("more than %1 memo entries (one per 8 bytes of input)").arg(memoLimit));
    if (index == memo.size())
        memo.push(v);
    else {
        if (Container *old = D.live(memo[std::size_t(index)]))
            old->pinned = true;
        memo.set(std::size_t(index), v);
    }
    if (Container *c = D.live(v)) {
        if (c->memoSlot == kNoSlot)
            c->memoSlot = std::uint32_t(std::min<std::uint64_t>(index, kNoSlot - 1));
        else
            c->pinned = true;
    }
    return true;
}

bool PickleReader::fromMark(Kind kind)
{
    std::size_t start;
    if (!popMark(&start))
        return false;
    const PickleValue c = newContainer(kind);
    if (!c.isContainer() || !placeRange(c, start, kind == Kind::Dict))
        return false;
    return push(c);
}

bool PickleReader::tuple(std::size_t count)
{
    const std::size_t floor = marks.empty() ? 0 : marks.back();
    if (stack.size() - floor < count)
        return fail(Text::tr("the stack is empty"));
    const PickleValue c = newContainer(Kind::Tuple);
    if (!c.isContainer() || !placeRange(c, stack.size() - count, false))
        return false;
    return push(c);
}

bool PickleReader::run(PickleValue *root, int *protocol, QString *error)
{
    auto done = [&](bool ok) {
        if (!ok && error)
            *error = err;
        return ok;
    };
    if (n == 0) {
        err = Text::tr("pickle: the file is empty");
        return done(false);
    }
    if (p[0] != PROTO) {
        op = p[0];
        err = Text::tr("pickle: protocol 0 or 1 (the first opcode is %1, not PROTO); only protocols 2 to 5, "
                       "which PyTorch writes, are read")
                  .arg(opText(p[0]));
        return done(false);
    }
    std::size_t touched = 0;
    while (true) {
        if (pos >= n) {
            opPos = pos;
            err = Text::tr("pickle: the data ends at byte %1 before its STOP opcode (truncated)").arg(n);
            return done(false);
        }
        opPos = pos;
        op = p[pos++];
        if (importsOrCalls(op))
            return done(fail(Text::tr("refused: this opcode imports or calls code, which a snapshot never needs")));
        if (textOpcode(op))
            return done(fail(Text::tr("refused: a protocol 0/1 text opcode; only protocols 2 to 5 are read")));
        bool ok = true;
        switch (op) {
        case PROTO: {
            if (!need(1))
                return done(false);
            const int v = p[pos++];
            if (v < 2 || v > 5)
                return done(fail(Text::tr("protocol %1 is not read (only 2 to 5)").arg(v)));
            if (protocol)
                *protocol = v;
            break;
        }
        case FRAME: {
            if (!need(8))
                return done(false);
            const std::uint64_t len = le(8);
            if (len > n - pos)
                return done(fail(Text::tr("a frame of %1 bytes runs past the end (truncated)").arg(len)));
            break;
        }
        case STOP:
            if (!top(root))
                return done(false);
            if (!check(*root))
                return done(false);
            if (const Container *c = D.live(*root); !c && root->isContainer())
                *root = D.containers[root->ref].foldedAs;
            return done(true);
        case MARK:
            if (marks.size() >= limits.maxStack)
                return done(fail(Text::tr("too many MARKs")));
            marks.push_back(stack.size());
            break;
        case POP:
            if (!marks.empty() && marks.back() == stack.size())
                marks.pop_back();
            else if (stack.empty())
                return done(fail(Text::tr("the stack is empty")));
            else
                stack.pop_back();
            break;
        case POP_MARK: {
            std::size_t start;
            if (!popMark(&start))
                return done(false);
            stack.resize(start);
            break;
        }
        case DUP: {
            PickleValue v;
            if (!top(&v))
                return done(false);
            if (Container *c = D.live(v))
                c->pinned = true;
            ok = push(v);
            break;
        }
        case NONE: ok = push(PickleValue()); break;
        case NEWTRUE:
        case NEWFALSE: {
            PickleValue v;
            v.kind = Kind::Bool;
            v.i = op == NEWTRUE;
            ok = push(v);
            break;
        }
        case BININT:
            if (!need(4))
                return done(false);
            ok = pushInt(std::int32_t(std::uint32_t(le(4))));
            break;
        case BININT1:
            if (!need(1))
                return done(false);
            ok = pushInt(std::int64_t(le(1)));
            break;
        case BININT2:
            if (!need(2))
                return done(false);
            ok = pushInt(std::int64_t(le(2)));
            break;
        case LONG1:
        case LONG4: {
            const int lenBytes = op == LONG1 ? 1 : 4;
            if (!need(std::uint64_t(lenBytes)))
                return done(false);
            const std::int64_t len = op == LONG1 ? std::int64_t(le(1)) : std::int64_t(std::int32_t(std::uint32_t(le(4))));
            if (len < 0)
                return done(fail(Text::tr("a negative length")));
            if (!need(std::uint64_t(len)))
                return done(false);
            PickleValue v;
            if (len <= 8) {
                std::uint64_t u = len ? le(int(len)) : 0;
                if (len > 0 && len < 8 && (u >> (8 * len - 1)) & 1)
                    u |= ~std::uint64_t(0) << (8 * len); // two's complement: sign-extend
                v.kind = Kind::Int;
                v.i = std::int64_t(u);
            } else {
                pos += std::size_t(len);
                v.kind = Kind::BigInt;
                v.i = len;
            }
            ok = push(v);
            break;
        }
        case BINFLOAT: {
            if (!need(8))
                return done(false);
            std::uint64_t u = 0;
            for (int i = 0; i < 8; ++i) // big-endian
                u = (u << 8) | p[pos + std::size_t(i)];
            pos += 8;
            PickleValue v;
            v.kind = Kind::Float;
            std::memcpy(&v.f, &u, 8);
            ok = push(v);
            break;
        }
        case SHORT_BINUNICODE:
            if (!need(1))
                return done(false);
            ok = pushText(Kind::String, le(1));
            break;
        case BINUNICODE:
            if (!need(4))
                return done(false);
            ok = pushText(Kind::String, le(4));
            break;
        case BINUNICODE8:
            if (!need(8))
                return done(false);
            ok = pushText(Kind::String, le(8));
            break;
        case SHORT_BINBYTES:
        case SHORT_BINSTRING:
            if (!need(1))
                return done(false);
            ok = pushText(Kind::Bytes, le(1));
            break;
        case BINBYTES:
            if (!need(4))
                return done(false);
            ok = pushText(Kind::Bytes, le(4));
            break;
        case BINSTRING: {
            if (!need(4))
                return done(false);
            const std::int32_t len = std::int32_t(std::uint32_t(le(4)));
            if (len < 0)
                return done(fail(Text::tr("a negative length")));
            ok = pushText(Kind::Bytes, std::uint64_t(len));
            break;
        }
        case BINBYTES8:
        case BYTEARRAY8:
            if (!need(8))
                return done(false);
            ok = pushText(Kind::Bytes, le(8));
            break;
        case NEXT_BUFFER:
            return done(fail(Text::tr("refused: an out-of-band buffer, which a file cannot carry")));
        case READONLY_BUFFER:
            break;
        case EMPTY_LIST: ok = pushContainer(Kind::List); break;
        case EMPTY_SET: ok = pushContainer(Kind::List); break;
        case EMPTY_DICT: ok = pushContainer(Kind::Dict); break;
        case EMPTY_TUPLE: ok = pushContainer(Kind::Tuple); break;
        case LIST: ok = fromMark(Kind::List); break;
        case FROZENSET: ok = fromMark(Kind::List); break;
        case DICT: ok = fromMark(Kind::Dict); break;
        case TUPLE: ok = fromMark(Kind::Tuple); break;
        case TUPLE1: ok = tuple(1); break;
        case TUPLE2: ok = tuple(2); break;
        case TUPLE3: ok = tuple(3); break;
        case APPEND:
        case SETITEM: {
            const std::size_t k = op == APPEND ? 1 : 2;
            const std::size_t floor = marks.empty() ? 0 : marks.back();
            if (stack.size() < floor + k + 1)
                return done(fail(Text::tr("the stack is empty")));
            if (!placeRange(stack[stack.size() - k - 1], stack.size() - k, op == SETITEM))
                return done(false);
            break;
        }
        case APPENDS:
        case SETITEMS:
        case ADDITEMS: {
            std::size_t start;
            if (!popMark(&start))
                return done(false);
            const std::size_t floor = marks.empty() ? 0 : marks.back();
            if (start <= floor)
                return done(fail(Text::tr("nothing to add the items to")));
            if (!placeRange(stack[start - 1], start, op == SETITEMS))
                return done(false);
            break;
        }
        case MEMOIZE: ok = memoize(memo.size()); break;
        case BINPUT:
            if (!need(1))
                return done(false);
            ok = memoize(le(1));
            break;
        case LONG_BINPUT:
            if (!need(4))
                return done(false);
            ok = memoize(le(4));
            break;
        case BINGET:
        case LONG_BINGET: {
            const int k = op == BINGET ? 1 : 4;
            if (!need(std::uint64_t(k)))
                return done(false);
            const std::uint64_t idx = le(k);
            if (idx >= memo.size())
                return done(fail(Text::tr("memo entry %1 was never stored").arg(idx)));
            PickleValue v = memo[std::size_t(idx)];
            if (!check(v))
                return done(false);
            if (v.isContainer() && !D.live(v))
                v = D.containers[v.ref].foldedAs;
            ok = push(v);
            break;
        }
        default:
            return done(fail(Text::tr("unknown opcode")));
        }
        if (!ok)
            return done(false);
        if (++touched == 1u << 20) { // now and then: the machine's own memory, for the figures
            touched = 0;
            peakBytes = std::max(peakBytes, stack.capacity() * sizeof(PickleValue) + memo.bytes()
                                                + marks.capacity() * sizeof(std::size_t) + D.stringBytes
                                                + D.containers.capacity() * sizeof(Container));
        }
    }
}

PickleResult readPickle(const char *data, std::size_t size, PickleFolder *folder, const PickleLimits &limits)
{
    PickleResult r;
    auto doc = std::make_unique<PickleDocument>();
    PickleReader reader(reinterpret_cast<const unsigned char *>(data), data ? size : 0, folder, limits, *doc);
    PickleValue root;
    const bool ok = reader.run(&root, &r.protocol, &r.error);
    r.peakBytes = std::max(reader.peakBytes, doc->memoryBytes());
    if (!ok)
        return r;
    reader.setRoot(root);
    r.document = std::move(doc);
    return r;
}

} // namespace lanescope::memsnap
