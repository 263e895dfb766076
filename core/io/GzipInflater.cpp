// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/io/GzipInflater.h"

#include <QCoreApplication>

#include <zlib.h>

#ifdef LANESCOPE_HAVE_ISAL
#include <isa-l/igzip_lib.h>
#endif

#include <algorithm>
#include <cstring>
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
class IsalInflater final : public GzipInflater
{
public:
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

    std::unique_ptr<inflate_state> m_st;
    std::uint64_t m_fed = 0;
    std::unique_ptr<GzipInflater> m_zlib; // set once zlib has taken over
};
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
