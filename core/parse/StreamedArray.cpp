// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/parse/StreamedArray.h"

#include "core/io/SigbusGuard.h"
#include "core/util/Parallel.h"
#include "core/util/ScratchAllocator.h"

#include <algorithm>
#include <condition_variable>
#include <cstring>
#include <exception>
#include <mutex>
#include <thread>

namespace lanescope::parse {

namespace {

// Per piece. Measured on this 2-core VM (bench_load, bench_folder): 16 MB pieces cost a 100 MB
// trace 19 % over its plain load, 4-8 MB about 6-12 %, the 1 GB tile within noise of either; a
// folder of 32 gzipped ranks loaded 9.5 s with 16 MB pieces, 7.2-8.7 s with 4-8 MB. Fewer bytes of
// buffers first touched per load is what smaller pieces save; below ~4 MB per-piece costs show.
constexpr std::size_t kPieceBytes = 8u << 20;
constexpr std::size_t kCutSearch = 1u << 20;   // inflated past kPieceBytes to find where to cut

// A piece's bytes, NUL-terminated (the scanner's StringStream stops at the NUL), reused once the
// stitch is past it.
struct Buffer
{
    ScratchArray<char> bytes; // see ScratchArray for why not new[]

    char *data() { return bytes.data(); }
    const char *data() const { return bytes.data(); }
    std::size_t capacity() const { return bytes.size(); }

    void reserve(std::size_t n, std::size_t keep)
    {
        if (n <= capacity())
            return;
        ScratchArray<char> bigger(n);
        if (keep)
            std::memcpy(bigger.data(), bytes.data(), keep);
        bytes = std::move(bigger);
    }
};

struct Piece
{
    Buffer buffer;
    std::size_t n = 0;     // bytes of JSON in it (buffer holds n + 1 with the NUL)
    std::uint64_t at = 0;  // offset of its first byte in the JSON
    bool last = false;     // it runs to the end of the stream
    bool scanned = false;
    std::unique_ptr<ChunkOutput> out;
    ScanEnd end;
};

class Pipeline
{
public:
    Pipeline(InflatingStream &stream, int threads, std::atomic<std::uint64_t> &progress, const std::atomic<bool> *cancel,
             std::size_t maxElementBytes)
        : m_stream(stream), m_input(stream.input()), m_threads(threadCount(std::max(1, threads))), m_progress(progress),
          m_cancel(cancel), m_maxLive(std::size_t(m_threads) + 3), m_maxElementBytes(maxElementBytes)
    {
    }

    ParsedArray run()
    {
        m_carryAt = m_stream.Tell();
        const std::string first = m_stream.takeBuffered();
        m_carry.reserve(first.size() + 1, 0);
        std::memcpy(m_carry.data(), first.data(), first.size());
        m_carryBytes = first.size();

        std::thread producer([this] { guard([this] { produce(); }); });
        try {
            runOnThreads(std::size_t(m_threads), [this](std::size_t) { guard([this] { work(); }); });
        } catch (...) {
            stop();
            producer.join();
            throw;
        }
        producer.join();
        if (m_failure)
            std::rethrow_exception(m_failure);

        ParsedArray r;
        r.chunks = std::move(m_chunks);
        r.end = m_end;
        if (m_faulted)
            r.end.status = ScanEnd::Faulted;
        else if (m_tooLarge && (r.end.status == ScanEnd::EofMidElement || r.end.status == ScanEnd::EofClean))
            r.end.status = ScanEnd::TooLarge; // the piece was cut there by us, not by the file
        // Threads that parsed at least one piece.
        r.threadsUsed = std::max(1, m_workersThatScanned.load());
        if (m_end.status == ScanEnd::ArrayClosed)
            giveBackRest();
        return r;
    }

private:
    template <typename Fn>
    void guard(Fn fn)
    {
        try {
            fn();
        } catch (...) {
            std::lock_guard<std::mutex> g(m_lock);
            if (!m_failure)
                m_failure = std::current_exception();
            m_stop = true;
            m_producerDone = true;
            m_cv.notify_all();
        }
    }

    void stop()
    {
        std::lock_guard<std::mutex> g(m_lock);
        m_stop = true;
        m_cv.notify_all();
    }

    bool cancelled() const { return m_cancel && m_cancel->load(std::memory_order_relaxed); }

    // Inflates the stream into pieces, each cut just before a likely element start past kPieceBytes.
    void produce()
    {
        struct Done
        {
            Pipeline &p;
            ~Done()
            {
                std::lock_guard<std::mutex> g(p.m_lock);
                p.m_producerDone = true;
                p.m_cv.notify_all();
            }
        } done{*this};
        for (;;) {
            auto piece = std::make_unique<Piece>();
            {
                std::unique_lock<std::mutex> g(m_lock);
                m_cv.wait(g, [&] { return m_stop || m_live < m_maxLive; });
                if (m_stop)
                    return;
                ++m_live;
                if (!m_pool.empty()) {
                    piece->buffer = std::move(m_pool.back());
                    m_pool.pop_back();
                }
            }
            Buffer &b = piece->buffer;
            std::size_t n = m_carryBytes;
            std::size_t target = std::max(kPieceBytes, n) + kCutSearch;
            b.reserve(target + 1, 0);
            std::memcpy(b.data(), m_carry.data(), n);
            n += read(b.data() + n, target - n);
            std::size_t searchFrom = std::min(n, kPieceBytes);
            std::uint64_t cut = UINT64_MAX;
            bool last = false;
            for (;;) {
                if (m_input.over() || m_faulted || cancelled()) {
                    last = true;
                    break;
                }
                cut = findElementStart(b.data(), n, searchFrom, n - searchFrom);
                if (cut != UINT64_MAX)
                    break;
                // One element larger than the piece: read on until one ends, up to the limit (a
                // gzip of gigabytes of one string or of whitespace must not take all memory).
                if (n - std::min(n, kPieceBytes) > m_maxElementBytes) {
                    m_tooLarge = true;
                    last = true;
                    break;
                }
                searchFrom = n;
                target = n + kPieceBytes;
                // Doubling (never past the limit): growing by a piece at a time copied the whole
                // buffer each time, quadratic in the element's size.
                b.reserve(std::max(target + 1, std::min(2 * b.capacity(), kPieceBytes + m_maxElementBytes + kCutSearch + 1)), n);
                n += read(b.data() + n, target - n);
            }
            if (last) {
                piece->n = n;
                m_carryBytes = 0;
            } else {
                piece->n = std::size_t(cut);
                m_carryBytes = n - piece->n;
                m_carry.reserve(m_carryBytes + 1, 0);
                std::memcpy(m_carry.data(), b.data() + piece->n, m_carryBytes);
            }
            b.data()[piece->n] = '\0';
            piece->at = m_carryAt;
            piece->last = last;
            m_carryAt += piece->n;
            {
                std::lock_guard<std::mutex> g(m_lock);
                m_pieces.push_back(std::move(piece));
                m_cv.notify_all();
            }
            if (last)
                return;
        }
    }

    // The compressed bytes are a mapping: if the file is cut on disk meanwhile, reading it faults
    // (SIGBUS) on this thread. The load then fails with "changed on disk", as a mapped one does.
    std::size_t read(char *out, std::size_t n)
    {
        std::size_t got = 0;
        if (!runGuarded([&] { got = m_input.read(out, n); }))
            m_faulted = true;
        return got;
    }

    void work()
    {
        bool scannedOne = false;
        for (;;) {
            Piece *p = nullptr;
            {
                std::unique_lock<std::mutex> g(m_lock);
                m_cv.wait(g, [&] { return m_stop || m_nextToScan < m_pieces.size() || m_producerDone; });
                if (m_stop || m_nextToScan >= m_pieces.size())
                    return;
                p = m_pieces[m_nextToScan++].get();
            }
            if (!scannedOne) {
                scannedOne = true;
                ++m_workersThatScanned;
            }
            p->out = std::make_unique<ChunkOutput>();
            // Reserve as the mapped loader does: Kineto spends 150-400 bytes per slice.
            p->out->slices.reserve(p->n / 160);
            p->out->flows.reserve(p->n / 800);
            p->end = scanPiece(*p->out, p->buffer.data(), p->n, p->at, p->last);
            std::lock_guard<std::mutex> g(m_lock);
            p->scanned = true;
            stitch();
            m_cv.notify_all();
        }
    }

    ScanEnd scanPiece(ChunkOutput &out, const char *data, std::size_t n, std::uint64_t at, bool last)
    {
        ScanShared shared;
        shared.data = data;
        shared.size = n;
        shared.base = at;
        shared.nulTerminated = true;
        shared.copySlowEvents = true;
        shared.cancel = m_cancel;
        const ScanEnd end = scanElements(shared, out, 0, last ? UINT64_MAX : n);
        m_progress.fetch_add(shared.bytesDone.load(), std::memory_order_relaxed);
        return end;
    }

    // Under m_lock: takes the scanned pieces in order into the result.
    void stitch()
    {
        while (!m_stop && m_stitched < m_pieces.size() && m_pieces[m_stitched]->scanned) {
            const std::size_t k = m_stitched;
            Piece &p = *m_pieces[k];
            if (k == 0 || m_end.status == ScanEnd::AtBoundary) {
                m_chunks.push_back(std::move(p.out));
                m_cur = m_chunks.back().get();
                m_end = p.end;
            } else {
                // The cut before p was inside an element (a ",{" in a string or in args): parse
                // again from that element's start across both pieces; p's own parse is dropped.
                Piece &q = *m_pieces[k - 1];
                const std::size_t from = std::size_t(m_end.pos - q.at);
                Buffer joined;
                const std::size_t n = (q.n - from) + p.n;
                joined.reserve(n + 1, 0);
                std::memcpy(joined.data(), q.buffer.data() + from, q.n - from);
                std::memcpy(joined.data() + (q.n - from), p.buffer.data(), p.n);
                joined.data()[n] = '\0';
                const std::uint64_t at = m_end.pos;
                m_end = scanPiece(*m_cur, joined.data(), n, at, p.last);
                p.out.reset();
                m_pool.push_back(std::move(p.buffer));
                p.buffer = std::move(joined);
                p.n = n;
                p.at = at;
            }
            if (k > 0)
                release(*m_pieces[k - 1]);
            ++m_stitched;
            // Only a piece that ends exactly where the next begins, or inside an element that the
            // next one finishes, lets the array go on.
            if (p.last || (m_end.status != ScanEnd::AtBoundary && m_end.status != ScanEnd::EofMidElement))
                m_stop = true;
        }
    }

    void release(Piece &p)
    {
        if (!p.buffer.data())
            return;
        m_pool.push_back(std::move(p.buffer));
        p.buffer = Buffer();
        --m_live;
    }

    // The array closed inside the last piece taken: what follows it (the rest of that piece, the
    // pieces inflated after it, the producer's carry) goes back to the stream for the top level.
    void giveBackRest()
    {
        const Piece &p = *m_pieces[m_stitched - 1];
        std::string rest(p.buffer.data() + (m_end.pos - p.at), std::size_t(p.at + p.n - m_end.pos));
        for (std::size_t k = m_stitched; k < m_pieces.size(); ++k)
            rest.append(m_pieces[k]->buffer.data(), m_pieces[k]->n);
        rest.append(m_carry.data(), m_carryBytes);
        m_stream.unread(std::move(rest), m_end.pos);
    }

    InflatingStream &m_stream;
    InflatingInput &m_input;
    const int m_threads;
    std::atomic<std::uint64_t> &m_progress;
    const std::atomic<bool> *m_cancel;
    const std::size_t m_maxLive; // pieces holding a buffer at once (scanning, waiting, kept for a re-parse)

    std::mutex m_lock;
    std::condition_variable m_cv;
    std::vector<std::unique_ptr<Piece>> m_pieces; // published, in stream order
    std::vector<Buffer> m_pool;
    std::size_t m_live = 0;
    std::size_t m_nextToScan = 0;
    std::size_t m_stitched = 0;
    bool m_stop = false;
    bool m_producerDone = false;
    std::atomic<bool> m_faulted{false}; // the producer's read of the mapping faulted
    std::atomic<int> m_workersThatScanned{0};
    const std::size_t m_maxElementBytes;
    bool m_tooLarge = false; // set by the producer before it publishes its last piece
    std::exception_ptr m_failure;

    // The producer's bytes after its last piece (the next piece starts with them).
    Buffer m_carry;
    std::size_t m_carryBytes = 0;
    std::uint64_t m_carryAt = 0;

    std::vector<std::unique_ptr<ChunkOutput>> m_chunks;
    ChunkOutput *m_cur = nullptr;
    ScanEnd m_end;
};

} // namespace

ParsedArray parseStreamedArray(InflatingStream &stream, int threads, std::atomic<std::uint64_t> &progress,
                                 const std::atomic<bool> *cancel, std::size_t maxElementBytes)
{
    Pipeline pipeline(stream, threads, progress, cancel, maxElementBytes);
    return pipeline.run();
}

} // namespace lanescope::parse
