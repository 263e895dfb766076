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

// A whole copy of an inflater, for zlib's state (it points into itself, so it cannot be packed).
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
    ZlibInflater(const unsigned char *gz, std::uint64_t size) : GzipInflater(gz, size)
    {
        if (inflateInit2(&m_zs, 16 + MAX_WBITS) != Z_OK) {
            m_state = State::Corrupt;
            m_error = Text::tr("zlib could not be initialised");
            return;
        }
        m_live = true;
    }
    ZlibInflater(const ZlibInflater &o) : GzipInflater(o), m_fed(o.m_fed)
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
    std::shared_ptr<const InflaterSnapshot> snapshot(bool) const override
    {
        return std::make_shared<CopySnapshot>(clone(), kZlibCopyBytes);
    }
    bool packsSnapshots() const override { return false; }
    const char *engine() const override { return "zlib"; }

    std::size_t read(unsigned char *out, std::size_t n) override
    {
        std::size_t got = 0;
        while (got < n && m_state == State::Running) {
            if (m_zs.avail_in == 0 && m_fed < m_inSize) {
                const std::uint64_t chunk = std::min(m_inSize - m_fed, kFeedBytes);
                m_zs.next_in = const_cast<unsigned char *>(m_in + m_fed);
                m_zs.avail_in = static_cast<uInt>(chunk);
                m_fed += chunk;
            }
            const std::size_t room = std::min<std::size_t>(n - got, kFeedBytes);
            m_zs.next_out = out + got;
            m_zs.avail_out = static_cast<uInt>(room);
            const int rc = inflate(&m_zs, Z_NO_FLUSH);
            const std::size_t made = room - m_zs.avail_out;
            got += made;
            m_produced += made;
            if (rc == Z_STREAM_END) {
                // Another gzip member may follow (concatenated .gz files are valid); anything else
                // after the last member is ignored.
                if (memberFollows(m_in, m_inSize, m_fed - m_zs.avail_in))
                    inflateReset(&m_zs);
                else
                    m_state = State::Ended;
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
        }
        return got;
    }

private:
    z_stream m_zs = {};
    bool m_live = false;
    std::uint64_t m_fed = 0;
};

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

// Raw deflate of n bytes with ISA-L's fastest level (~0.1 ms for a state's ~54 KB); empty if it
// would not shrink them.
std::vector<unsigned char> deflateRaw(const unsigned char *p, std::size_t n)
{
    thread_local std::unique_ptr<isal_zstream> z(new isal_zstream);
    thread_local std::vector<unsigned char> levelBuf(ISAL_DEF_LVL1_DEFAULT);
    thread_local std::vector<unsigned char> out;
    out.resize(n);
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
    if (isal_deflate_stateless(z.get()) != COMP_OK || z->total_out >= n)
        return {};
    return std::vector<unsigned char>(out.begin(), out.begin() + std::ptrdiff_t(z->total_out));
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
    bool packsSnapshots() const override { return !m_zlib && m_state == State::Running; }
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
        : m_in(from.m_in), m_inSize(from.m_inSize), m_fed(from.m_fed), m_produced(from.m_produced)
    {
        const inflate_state &st = *from.m_st;
        m_inputAt = std::uint64_t(st.next_in - from.m_in);
        m_live = std::uint32_t(liveBytes(st));
        const auto *raw = reinterpret_cast<const unsigned char *>(&st);
        std::vector<unsigned char> packed = deflateRaw(raw, m_live);
        m_deflated = !packed.empty();
        if (!m_deflated)
            packed.assign(raw, raw + m_live);
        m_packedSize = packed.size();
        m_packed.reset(new unsigned char[m_packedSize]);
        std::memcpy(m_packed.get(), packed.data(), m_packedSize);
    }

    std::unique_ptr<GzipInflater> resume() const override
    {
        std::unique_ptr<inflate_state> st(new inflate_state()); // zeroed: the unused tail is defined
        auto *raw = reinterpret_cast<unsigned char *>(st.get());
        if (m_deflated) {
            std::unique_ptr<inflate_state> unpack(new inflate_state);
            isal_inflate_init(unpack.get());
            unpack->crc_flag = ISAL_DEFLATE;
            unpack->next_in = m_packed.get();
            unpack->avail_in = std::uint32_t(m_packedSize);
            unpack->next_out = raw;
            unpack->avail_out = m_live;
            if (isal_inflate_stateless(unpack.get()) != ISAL_DECOMP_OK || unpack->total_out != m_live)
                throw std::bad_alloc(); // our own bytes, deflated in this process: cannot happen
        } else {
            std::memcpy(raw, m_packed.get(), m_live);
        }
        // The input pointer into the mapping, as it was; the output is set by each read().
        st->next_in = const_cast<std::uint8_t *>(m_in + m_inputAt);
        st->next_out = nullptr;
        st->avail_out = 0;
        return std::make_unique<IsalInflater>(m_in, m_inSize, std::move(st), m_fed, m_produced);
    }
    std::size_t bytes() const override { return sizeof(*this) + m_packedSize; }

private:
    const unsigned char *m_in;
    std::uint64_t m_inSize, m_fed, m_produced, m_inputAt = 0;
    std::uint32_t m_live = 0;
    bool m_deflated = false;
    std::size_t m_packedSize = 0;
    std::unique_ptr<unsigned char[]> m_packed;
};

std::shared_ptr<const InflaterSnapshot> IsalInflater::snapshot(bool packed) const
{
    // Once zlib has taken over (a cut or corrupt stream), or the stream is over, only a copy will do.
    if (!packed || !packsSnapshots())
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
