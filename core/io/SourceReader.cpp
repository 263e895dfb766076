// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/io/SourceReader.h"

#include "core/io/GzipInflater.h"
#include "core/io/MappedSource.h"
#include "core/io/SigbusGuard.h"
#include "core/util/JsonBrackets.h"

#include <QCoreApplication>

#include <algorithm>

namespace lanescope {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(SourceReader)
};

// Inflate at least this much at a time: reads in file order then mostly hit what is already here.
constexpr std::size_t kMinFill = 256u << 10;
constexpr std::size_t kFirstObjectBytes = 64u << 10; // most events are a few hundred bytes

} // namespace

SourceReader::SourceReader(const MappedSource &source) : m_src(source) {}

SourceReader::~SourceReader() = default;

std::string_view SourceReader::at(std::uint64_t offset, std::size_t want)
{
    if (offset >= m_src.size())
        return {};
    if (m_src.data())
        return std::string_view(m_src.data() + offset, std::size_t(m_src.size() - offset));
    if (!fill(offset, want))
        return {};
    const std::size_t from = std::size_t(offset - m_begin);
    return std::string_view(m_window.data() + from, m_window.size() - from);
}

bool SourceReader::fill(std::uint64_t offset, std::size_t want)
{
    const std::uint64_t size = m_src.size();
    const std::uint64_t end = std::min<std::uint64_t>(size, offset + want);
    const std::uint64_t have = m_begin + m_window.size();
    if (m_inflater && offset >= m_begin && end <= have)
        return true;
    if (!m_error.isEmpty())
        return false;
    const MappedSource::ResumePoint point = m_src.resumePointFor(offset);
    bool ok = false;
    const bool read = runGuarded([&] {
        // Go on from where we are when that is no farther back than the resume point.
        if (!m_inflater || offset < m_begin || have < point.offset) {
            m_inflater = point.state ? point.state->resume() : m_src.inflateFromStart();
            m_window.clear();
            m_begin = point.offset;
        }
        const std::uint64_t at = m_begin + m_window.size();
        if (offset > at) {
            // Inflate up to offset through the window's own buffer (no allocation per read).
            for (std::uint64_t gap = offset - at; gap > 0;) {
                m_window.resize(std::size_t(std::min<std::uint64_t>(gap, 1u << 20)));
                const std::size_t got = m_inflater->read(reinterpret_cast<unsigned char *>(m_window.data()), m_window.size());
                if (got == 0)
                    return;
                gap -= got;
            }
            m_window.clear();
            m_begin = offset;
        } else {
            m_window.erase(m_window.begin(), m_window.begin() + std::ptrdiff_t(offset - m_begin));
            m_begin = offset;
        }
        const std::size_t need = std::size_t(end - offset);
        if (m_window.size() < need) {
            const std::size_t old = m_window.size();
            const std::size_t grow = std::max(need - old, kMinFill);
            m_window.resize(old + grow);
            const std::size_t got = m_inflater->read(reinterpret_cast<unsigned char *>(m_window.data() + old), grow);
            m_window.resize(old + got);
        }
        ok = m_window.size() >= need;
    });
    if (!read) {
        m_error = Text::tr("%1 changed on disk; reload it").arg(m_src.path());
        m_inflater.reset();
        m_window.clear();
        return false;
    }
    if (!ok) {
        // The loader read these bytes; the file must have changed since, or memory ran out.
        m_error = m_inflater && !m_inflater->error().isEmpty() ? m_inflater->error()
                                                               : Text::tr("%1 changed on disk; reload it").arg(m_src.path());
        m_inflater.reset();
        m_window.clear();
        return false;
    }
    return true;
}

std::string_view SourceReader::object(std::uint64_t offset)
{
    for (std::size_t want = kFirstObjectBytes;; want *= 8) {
        const std::string_view v = at(offset, want);
        if (v.empty() || (v[0] != '{' && v[0] != '['))
            return {};
        const std::uint64_t n = endOfNested(v.data(), v.size(), 0);
        if (n != UINT64_MAX)
            return v.substr(0, std::size_t(n));
        if (offset + v.size() >= m_src.size())
            return {}; // the JSON ends inside it
    }
}

} // namespace lanescope
