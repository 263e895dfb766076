// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/parse/InflatingStream.h"

#include <algorithm>

namespace lanescope::parse {

namespace {
constexpr std::size_t kStreamBuffer = 1u << 20;
}

InflatingInput::InflatingInput(std::unique_ptr<io::GzipInflater> inflater, const std::atomic<bool> *cancel,
                               std::uint64_t spacing, bool copies)
    : m_inflater(std::move(inflater)), m_cancel(cancel), m_copies(copies)
{
    if (spacing == 0)
        spacing = copies ? kResumeSpacing : kPackedResumeSpacing;
    m_spacing = spacing;
    m_nextPoint = spacing;
}

std::size_t InflatingInput::read(char *out, std::size_t n)
{
    std::size_t got = 0;
    while (got < n && !m_inflater->over()) {
        if (m_cancel && m_cancel->load(std::memory_order_relaxed))
            break;
        if (m_pointDue) {
            // ISA-L packs anywhere, so right at the multiple of the spacing; zlib at the next block.
            if (m_copies || m_inflater->packableHere()) {
                const std::uint64_t at = m_inflater->produced();
                m_points.push_back(MappedSource::ResumePoint{at, m_inflater->snapshot(!m_copies)});
                m_pointDue = false;
                while (m_nextPoint <= at)
                    m_nextPoint += m_spacing;
            } else {
                got += m_inflater->readToPackable(reinterpret_cast<unsigned char *>(out + got), n - got);
            }
            continue;
        }
        // Stop at the next multiple of the spacing.
        const std::uint64_t toPoint = m_nextPoint - m_inflater->produced();
        const std::size_t step = std::size_t(std::min<std::uint64_t>(n - got, toPoint));
        got += m_inflater->read(reinterpret_cast<unsigned char *>(out + got), step);
        if (m_inflater->produced() == m_nextPoint && !m_inflater->over())
            m_pointDue = true;
    }
    return got;
}

bool InflatingStream::refill()
{
    m_bufAt += m_buf.size();
    m_buf.resize(kStreamBuffer);
    m_buf.resize(m_in.read(m_buf.data(), m_buf.size()));
    m_pos = 0;
    return !m_buf.empty();
}

std::string InflatingStream::takeBuffered()
{
    std::string rest = m_buf.substr(m_pos);
    m_bufAt += m_pos;
    m_buf = std::string();
    m_pos = 0;
    return rest;
}

void InflatingStream::unread(std::string bytes, std::uint64_t at)
{
    // Only ever called with what was taken from here (and inflated after it): nothing is lost.
    m_buf = std::move(bytes);
    m_pos = 0;
    m_bufAt = at;
}

} // namespace lanescope::parse
