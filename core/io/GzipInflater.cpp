// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/io/GzipInflater.h"

#include <QCoreApplication>

#include <zlib.h>

#ifdef LANESCOPE_HAVE_ISAL
#include <isa-l/igzip_lib.h>
#endif

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <new>
#include <vector>

namespace lanescope::io {

namespace {

// The messages were written for MappedSource, which inflated .json.gz before the loader streamed
// them; they keep that translation context.
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(MappedSource)
};

// avail_in is 32-bit in both libraries: the input is fed at most 1 GiB at a time so >4 GB files work.
constexpr std::uint64_t kFeedBytes = 1ull << 30;

bool memberFollows(const unsigned char *in, std::uint64_t size, std::uint64_t at)
{
    return at + 2 <= size && in[at] == 0x1f && in[at + 1] == 0x8b;
}

// Raw deflate of n bytes at the fastest level (ISA-L's where built in: ~0.1 ms for 54 KB; zlib's
// ~0.3 ms); empty if that would not shrink them. unpackBytes() undoes it.
std::vector<unsigned char> packBytes(const unsigned char *p, std::size_t n)
{
    thread_local std::vector<unsigned char> out;
    out.resize(n);
    std::size_t made = 0;
#ifdef LANESCOPE_HAVE_ISAL
    thread_local std::unique_ptr<isal_zstream> z(new isal_zstream);
    thread_local std::vector<unsigned char> levelBuf(ISAL_DEF_LVL1_DEFAULT);
    isal_deflate_stateless_init(z.get());
    z->level = 1;
    z->level_buf = levelBuf.data();
    z->level_buf_size = std::uint32_t(levelBuf.size());
    z->gzip_flag = IGZIP_DEFLATE;
    z->flush = NO_FLUSH;
    z->end_of_stream = 1;
    z->next_in = const_cast<unsigned char *>(p);
    z->avail_in = std::uint32_t(n);
    z->next_out = out.data();
    z->avail_out = std::uint32_t(out.size());
    if (isal_deflate_stateless(z.get()) != COMP_OK)
        return {};
    made = z->total_out;
#else
    z_stream z = {};
    if (deflateInit2(&z, 1, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        return {};
    z.next_in = const_cast<unsigned char *>(p);
    z.avail_in = uInt(n);
    z.next_out = out.data();
    z.avail_out = uInt(out.size());
    const int rc = deflate(&z, Z_FINISH);
    made = z.total_out;
    deflateEnd(&z);
    if (rc != Z_STREAM_END)
        return {};
#endif
    if (made >= n)
        return {};
    return std::vector<unsigned char>(out.begin(), out.begin() + std::ptrdiff_t(made));
}

bool unpackBytes(const unsigned char *packed, std::size_t size, unsigned char *out, std::size_t n)
{
#ifdef LANESCOPE_HAVE_ISAL
    std::unique_ptr<inflate_state> st(new inflate_state);
    isal_inflate_init(st.get());
    st->crc_flag = ISAL_DEFLATE;
    st->next_in = const_cast<unsigned char *>(packed);
    st->avail_in = std::uint32_t(size);
    st->next_out = out;
    st->avail_out = std::uint32_t(n);
    return isal_inflate_stateless(st.get()) == ISAL_DECOMP_OK && st->total_out == n;
#else
    z_stream z = {};
    if (inflateInit2(&z, -MAX_WBITS) != Z_OK)
        return false;
    z.next_in = const_cast<unsigned char *>(packed);
    z.avail_in = uInt(size);
    z.next_out = out;
    z.avail_out = uInt(n);
    const int rc = inflate(&z, Z_FINISH);
    const bool ok = rc == Z_STREAM_END && z.total_out == n;
    inflateEnd(&z);
    return ok;
#endif
}

// Bytes kept packed (packBytes()), or as they are where packing would not shrink them.
class PackedBytes
{
public:
    PackedBytes() = default;
    PackedBytes(const unsigned char *p, std::size_t n) : m_size(n)
    {
        std::vector<unsigned char> packed = packBytes(p, n);
        m_deflated = !packed.empty();
        m_stored = m_deflated ? packed.size() : n;
        m_bytes.reset(new unsigned char[m_stored]);
        std::memcpy(m_bytes.get(), m_deflated ? packed.data() : p, m_stored);
    }
    std::size_t size() const { return m_size; }     // unpacked
    std::size_t stored() const { return m_stored; } // held
    // Into out[0..size()); our own bytes, packed in this process: false only if memory is corrupt.
    bool unpack(unsigned char *out) const
    {
        if (!m_deflated) {
            if (m_size)
                std::memcpy(out, m_bytes.get(), m_size);
            return true;
        }
        return unpackBytes(m_bytes.get(), m_stored, out, m_size);
    }

private:
    std::size_t m_size = 0, m_stored = 0;
    bool m_deflated = false;
    std::unique_ptr<unsigned char[]> m_bytes;
};

// A whole copy of an inflater's state (how every resume point was kept before packed snapshots).
class CopySnapshot final : public InflaterSnapshot
{
public:
    CopySnapshot(std::unique_ptr<GzipInflater> copy, std::size_t bytes) : m_copy(std::move(copy)), m_bytes(bytes) {}
    std::unique_ptr<GzipInflater> resume() const override { return m_copy->clone(); }
    std::size_t bytes() const override { return m_bytes; }

private:
    std::unique_ptr<GzipInflater> m_copy;
    std::size_t m_bytes;
};

// What a copy of zlib's inflater holds: its inflate_state (~7 KB with the code tables) and the
// 32 KB window inflateCopy() allocates, plus the z_stream.
constexpr std::size_t kZlibCopyBytes = 7 * 1024 + 32 * 1024 + sizeof(z_stream);

class ZlibInflater final : public GzipInflater
{
public:
    // windowBits: 16 + MAX_WBITS for gzip members from their header on; -MAX_WBITS for deflate data
    // resumed at a block start (a ZlibSnapshot), the member's trailer then skipped by hand.
    ZlibInflater(const unsigned char *gz, std::uint64_t size, int windowBits = 16 + MAX_WBITS) : GzipInflater(gz, size)
    {
        if (inflateInit2(&m_zs, windowBits) != Z_OK) {
            m_state = State::Corrupt;
            m_error = Text::tr("zlib could not be initialised");
            return;
        }
        m_live = true;
        m_raw = windowBits < 0;
    }
    ZlibInflater(const ZlibInflater &o)
        : GzipInflater(o), m_fed(o.m_fed), m_raw(o.m_raw), m_atBlock(o.m_atBlock), m_atMember(o.m_atMember)
    {
        // inflateCopy deep-copies the window and fixes up zlib's internal pointers.
        if (o.m_live && inflateCopy(&m_zs, const_cast<z_stream *>(&o.m_zs)) == Z_OK)
            m_live = true;
        else if (o.m_live)
            throw std::bad_alloc();
    }
    ~ZlibInflater() override
    {
        if (m_live)
            inflateEnd(&m_zs);
    }
    std::unique_ptr<GzipInflater> clone() const override { return std::make_unique<ZlibInflater>(*this); }
    std::shared_ptr<const InflaterSnapshot> snapshot(bool packed) const override;
    bool packableHere() const override { return m_state == State::Running && (m_atBlock || m_atMember); }
    const char *engine() const override { return "zlib"; }

    std::size_t read(unsigned char *out, std::size_t n) override { return inflateInto(out, n, Z_NO_FLUSH); }
    // Z_BLOCK: inflate() returns at the end of each deflate block.
    std::size_t readToPackable(unsigned char *out, std::size_t n) override { return inflateInto(out, n, Z_BLOCK); }

private:
    friend class ZlibSnapshot;

    void feedFrom(std::uint64_t at)
    {
        const std::uint64_t chunk = at < m_inSize ? std::min(m_inSize - at, kFeedBytes) : 0;
        m_zs.next_in = const_cast<unsigned char *>(m_in + std::min(at, m_inSize));
        m_zs.avail_in = static_cast<uInt>(chunk);
        m_fed = std::min(at, m_inSize) + chunk;
    }

    std::size_t inflateInto(unsigned char *out, std::size_t n, int flush)
    {
        std::size_t got = 0;
        while (got < n && m_state == State::Running) {
            if (m_zs.avail_in == 0 && m_fed < m_inSize)
                feedFrom(m_fed);
            const std::size_t room = std::min<std::size_t>(n - got, kFeedBytes);
            m_zs.next_out = out + got;
            m_zs.avail_out = static_cast<uInt>(room);
            const int rc = inflate(&m_zs, flush);
            const std::size_t made = room - m_zs.avail_out;
            got += made;
            m_produced += made;
            // Between two deflate blocks (or just past a member's header), not after the last one:
            // the 32 KB window is then the whole state.
            m_atBlock = (m_zs.data_type & 128) && !(m_zs.data_type & 64);
            m_atMember = false;
            if (rc == Z_STREAM_END) {
                m_atBlock = false;
                std::uint64_t at = m_fed - m_zs.avail_in;
                if (m_raw)
                    at += 8; // the member's trailer (CRC-32 and size), which raw inflating leaves
                // Another gzip member may follow (concatenated .gz files are valid); anything else
                // after the last member is ignored.
                if (memberFollows(m_in, m_inSize, at)) {
                    if (m_raw)
                        inflateReset2(&m_zs, 16 + MAX_WBITS);
                    else
                        inflateReset(&m_zs);
                    m_raw = false;
                    feedFrom(at);
                    m_atMember = true;
                } else {
                    m_state = at <= m_inSize ? State::Ended : State::Cut;
                }
            } else if (rc == Z_OK || rc == Z_BUF_ERROR) {
                // No progress with all input read: cut off. (With input left, Z_BUF_ERROR cannot
                // happen; treated as cut rather than spinning.)
                if (made == 0 && m_zs.avail_in == 0 && m_fed >= m_inSize)
                    m_state = State::Cut;
                else if (rc == Z_BUF_ERROR && made == 0 && m_zs.avail_in > 0)
                    m_state = State::Cut;
            } else if (rc != Z_OK) {
                m_state = State::Corrupt;
                m_error = Text::tr("the gzip data is corrupt near compressed byte %1: %2")
                              .arg(m_fed - m_zs.avail_in)
                              .arg(QString::fromLatin1(m_zs.msg ? m_zs.msg : "inflate failed"));
            }
            if (flush == Z_BLOCK && packableHere())
                break;
        }
        return got;
    }

    z_stream m_zs = {};
    bool m_live = false;
    std::uint64_t m_fed = 0;
    bool m_raw = false;      // deflate data without its gzip wrapper (resumed from a ZlibSnapshot)
    bool m_atBlock = false;  // the last inflate() stopped between two blocks
    bool m_atMember = false; // reset for the next member, its header not read yet
};

// zlib's state packed where a deflate block starts: where the next block begins in the input (a
// byte and the bits of it already read) and the last 32 KB of output, deflated (~3 KB on a trace).
// Resuming inflates raw deflate from there with that window as the dictionary (zlib's examples/
// zran.c does the same). At a member's start, only where it begins.
class ZlibSnapshot final : public InflaterSnapshot
{
public:
    explicit ZlibSnapshot(const ZlibInflater &from)
        : m_in(from.m_in), m_inSize(from.m_inSize), m_produced(from.m_produced),
          m_inputAt(from.m_fed - from.m_zs.avail_in), m_member(from.m_atMember)
    {
        if (m_member)
            return;
        m_bits = from.m_zs.data_type & 7;
        unsigned char window[32768];
        uInt have = 0;
        if (inflateGetDictionary(const_cast<z_stream *>(&from.m_zs), window, &have) != Z_OK)
            throw std::bad_alloc(); // cannot happen on a live stream
        m_window = PackedBytes(window, have);
    }
    std::unique_ptr<GzipInflater> resume() const override
    {
        if (m_member) {
            auto z = std::make_unique<ZlibInflater>(m_in, m_inSize);
            z->m_produced = m_produced;
            z->feedFrom(m_inputAt);
            return z;
        }
        auto z = std::make_unique<ZlibInflater>(m_in, m_inSize, -MAX_WBITS);
        z->m_produced = m_produced;
        z->feedFrom(m_inputAt);
        bool ok = z->m_live;
        if (ok && m_bits)
            ok = inflatePrime(&z->m_zs, m_bits, m_in[m_inputAt - 1] >> (8 - m_bits)) == Z_OK;
        if (ok && m_window.size()) {
            std::vector<unsigned char> window(m_window.size());
            ok = m_window.unpack(window.data())
                && inflateSetDictionary(&z->m_zs, window.data(), uInt(window.size())) == Z_OK;
        }
        if (!ok)
            throw std::bad_alloc(); // zlib out of memory; our own bytes otherwise
        return z;
    }
    std::size_t bytes() const override { return sizeof(*this) + m_window.stored(); }

private:
    const unsigned char *m_in;
    std::uint64_t m_inSize, m_produced, m_inputAt;
    bool m_member;
    int m_bits = 0;
    PackedBytes m_window;
};

std::shared_ptr<const InflaterSnapshot> ZlibInflater::snapshot(bool packed) const
{
    if (packed && packableHere())
        return std::make_shared<ZlibSnapshot>(*this);
    return std::make_shared<CopySnapshot>(clone(), kZlibCopyBytes);
}

#ifdef LANESCOPE_HAVE_ISAL
// The bytes of an inflate_state that matter at a pause: everything before tmp_out_buffer (the bit
// buffer, the current block's decode tables, the counters) and the part of tmp_out_buffer in use
// (the last 32 KB of output ISA-L keeps as history, and any output not yet handed out). The rest of
// tmp_out_buffer is always written before it is read, as any output buffer is.
std::size_t liveBytes(const inflate_state &st)
{
    const std::size_t used = std::size_t(std::clamp<std::int32_t>(st.tmp_out_valid, 0, std::int32_t(sizeof st.tmp_out_buffer)));
    return offsetof(inflate_state, tmp_out_buffer) + used;
}

class IsalInflater final : public GzipInflater
{
public:
    // The state an IsalSnapshot saved, its live bytes back in place.
    IsalInflater(const unsigned char *gz, std::uint64_t size, std::unique_ptr<inflate_state> st, std::uint64_t fed,
                 std::uint64_t produced)
        : GzipInflater(gz, size), m_st(std::move(st)), m_fed(fed)
    {
        m_produced = produced;
    }
    IsalInflater(const unsigned char *gz, std::uint64_t size) : GzipInflater(gz, size), m_st(new inflate_state)
    {
        isal_inflate_init(m_st.get());
        m_st->crc_flag = ISAL_GZIP; // parse the gzip header, check the CRC-32 and size in the trailer
        m_st->next_in = const_cast<std::uint8_t *>(gz);
        m_st->avail_in = 0;
    }
    // ISA-L's state is one plain struct (87 KB with 2.30) that keeps its own copy of the last 32 KB
    // of history, so a byte copy resumes anywhere with any output buffer; next_in points into the
    // mapped file, which every copy shares.
    IsalInflater(const IsalInflater &o)
        : GzipInflater(o), m_st(o.m_st ? new inflate_state(*o.m_st) : nullptr), m_fed(o.m_fed),
          m_zlib(o.m_zlib ? o.m_zlib->clone() : nullptr) // once zlib has taken over, only its state is left
    {
    }
    std::unique_ptr<GzipInflater> clone() const override { return std::make_unique<IsalInflater>(*this); }
    std::shared_ptr<const InflaterSnapshot> snapshot(bool packed) const override;
    // Anywhere with ISA-L; once zlib has taken over, where zlib can.
    bool packableHere() const override { return m_zlib ? m_zlib->packableHere() : m_state == State::Running; }
    std::size_t readToPackable(unsigned char *out, std::size_t n) override
    {
        if (!m_zlib)
            return read(out, n);
        const std::size_t got = m_zlib->readToPackable(out, n);
        m_produced = m_zlib->produced();
        m_state = m_zlib->state();
        m_error = m_zlib->error();
        return got;
    }
    const char *engine() const override { return m_zlib ? "zlib" : "isa-l"; }

    std::size_t read(unsigned char *out, std::size_t n) override
    {
        std::size_t got = 0;
        while (got < n && m_state == State::Running) {
            if (m_zlib) {
                got += m_zlib->read(out + got, n - got);
                m_produced = m_zlib->produced();
                m_state = m_zlib->state();
                m_error = m_zlib->error();
                break;
            }
            inflate_state &st = *m_st;
            if (st.avail_in == 0 && m_fed < m_inSize) {
                const std::uint64_t chunk = std::min(m_inSize - m_fed, kFeedBytes);
                st.next_in = const_cast<std::uint8_t *>(m_in + m_fed);
                st.avail_in = static_cast<std::uint32_t>(chunk);
                m_fed += chunk;
            }
            const std::uint32_t inBefore = st.avail_in;
            const std::size_t room = std::min<std::size_t>(n - got, kFeedBytes);
            st.next_out = out + got;
            st.avail_out = static_cast<std::uint32_t>(room);
            const int rc = isal_inflate(&st);
            const std::size_t made = room - st.avail_out;
            got += made;
            m_produced += made;
            if (rc < 0) {
                handOver();
                continue;
            }
            if (st.block_state == ISAL_BLOCK_FINISH) {
                const std::uint64_t used = std::uint64_t(st.next_in - m_in);
                if (!memberFollows(m_in, m_inSize, used)) {
                    m_state = State::Ended;
                    break;
                }
                std::uint8_t *next = st.next_in;
                const std::uint32_t avail = st.avail_in;
                isal_inflate_reset(&st);
                st.crc_flag = ISAL_GZIP;
                st.next_in = next;
                st.avail_in = avail;
                continue;
            }
            if (made == 0 && st.avail_in == inBefore && (st.avail_in > 0 || m_fed >= m_inSize))
                handOver(); // no progress: cut off (or stuck); zlib decides
        }
        return got;
    }

private:
    // zlib inflates the stream again up to where ISA-L got and carries on from there: its verdict
    // (how far a cut stream goes, where corruption is reported) is the one the user sees.
    void handOver()
    {
        // Where zlib stops short of ISA-L (corrupt data ISA-L let through), the bytes between are
        // already out; the stream is then reported corrupt, so nothing is loaded from them.
        auto z = createZlibInflater(m_in, m_inSize);
        z->skip(m_produced);
        m_zlib = std::move(z);
        m_st.reset();
        if (m_zlib->over()) {
            m_state = m_zlib->state();
            m_error = m_zlib->error();
        }
    }

    friend class IsalSnapshot;
    std::unique_ptr<inflate_state> m_st;
    std::uint64_t m_fed = 0;
    std::unique_ptr<GzipInflater> m_zlib; // set once zlib has taken over
};

// ISA-L's state packed: its live bytes (liveBytes()) deflated, with where it was in the input.
// On a trace's JSON about 7 KB, against 87 KB for a copy; packing takes ~0.1 ms, unpacking less.
class IsalSnapshot final : public InflaterSnapshot
{
public:
    explicit IsalSnapshot(const IsalInflater &from)
        : m_in(from.m_in), m_inSize(from.m_inSize), m_fed(from.m_fed), m_produced(from.m_produced),
          m_inputAt(std::uint64_t(from.m_st->next_in - from.m_in)),
          m_state(reinterpret_cast<const unsigned char *>(from.m_st.get()), liveBytes(*from.m_st))
    {
    }

    std::unique_ptr<GzipInflater> resume() const override
    {
        std::unique_ptr<inflate_state> st(new inflate_state()); // zeroed: the unused tail is defined
        if (!m_state.unpack(reinterpret_cast<unsigned char *>(st.get())))
            throw std::bad_alloc(); // our own bytes, packed in this process: cannot happen
        // The input pointer into the mapping, as it was; the output is set by each read().
        st->next_in = const_cast<std::uint8_t *>(m_in + m_inputAt);
        st->next_out = nullptr;
        st->avail_out = 0;
        return std::make_unique<IsalInflater>(m_in, m_inSize, std::move(st), m_fed, m_produced);
    }
    std::size_t bytes() const override { return sizeof(*this) + m_state.stored(); }

private:
    const unsigned char *m_in;
    std::uint64_t m_inSize, m_fed, m_produced, m_inputAt;
    PackedBytes m_state;
};

std::shared_ptr<const InflaterSnapshot> IsalInflater::snapshot(bool packed) const
{
    if (m_zlib && packed) // zlib took over a cut or corrupt stream: its snapshot is all there is
        return m_zlib->snapshot(true);
    if (!packed || !packableHere())
        return std::make_shared<CopySnapshot>(clone(), m_zlib ? kZlibCopyBytes : sizeof(inflate_state));
    return std::make_shared<IsalSnapshot>(*this);
}
#endif

bool useIsal()
{
#ifdef LANESCOPE_HAVE_ISAL
    // LANESCOPE_INFLATE=zlib forces the portable path (benchmarks compare the two; so do the tests).
    return qgetenv("LANESCOPE_INFLATE") != "zlib";
#else
    return false;
#endif
}

} // namespace

bool GzipInflater::skip(std::uint64_t n)
{
    std::vector<unsigned char> sink(std::size_t(std::min<std::uint64_t>(n, 1u << 20)));
    while (n > 0 && !over()) {
        const std::size_t want = std::size_t(std::min<std::uint64_t>(n, sink.size()));
        n -= read(sink.data(), want);
    }
    return n == 0;
}

std::unique_ptr<GzipInflater> createZlibInflater(const unsigned char *gz, std::uint64_t size)
{
    return std::make_unique<ZlibInflater>(gz, size);
}

std::unique_ptr<GzipInflater> GzipInflater::create(const unsigned char *gz, std::uint64_t size)
{
#ifdef LANESCOPE_HAVE_ISAL
    if (useIsal())
        return std::make_unique<IsalInflater>(gz, size);
#endif
    return createZlibInflater(gz, size);
}

const char *GzipInflater::defaultEngine()
{
    return useIsal() ? "isa-l" : "zlib";
}

} // namespace lanescope::io
