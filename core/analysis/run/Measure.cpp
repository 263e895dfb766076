// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/run/Measure.h"

#include <QCoreApplication>
#include <QtGlobal>

#include <algorithm>
#include <mutex>

namespace lanescope::analysis {

// core/analysis/measures/Measures.cpp: the built-in measures, in their JSON order.
std::vector<Measure> builtinMeasures();

namespace {

QString qs(const std::string &s) { return QString::fromStdString(s); }

void setError(QString *error, const QString &text)
{
    if (error)
        *error = text;
}

} // namespace

const detail::LaunchedDeviceTime &MeasureContext::launched()
{
    if (!m_launched)
        m_launched = std::make_unique<detail::LaunchedDeviceTime>(trace);
    return *m_launched;
}

bool MeasureCatalogue::add(Measure m, QString *error)
{
    if (m.key.empty()) {
        setError(error, QCoreApplication::translate("analysis", "a measure without a key"));
        return false;
    }
    if (find(m.key)) {
        setError(error, QCoreApplication::translate("analysis", "the measure key '%1' is taken").arg(qs(m.key)));
        return false;
    }
    if (!m.run) {
        setError(error, QCoreApplication::translate("analysis", "the measure '%1' has no run()").arg(qs(m.key)));
        return false;
    }
    m_measures.push_back(std::make_unique<const Measure>(std::move(m)));
    return true;
}

std::vector<const Measure *> MeasureCatalogue::measures() const
{
    std::vector<const Measure *> out;
    out.reserve(m_measures.size());
    for (const auto &m : m_measures)
        out.push_back(m.get());
    return out;
}

const Measure *MeasureCatalogue::find(std::string_view key) const
{
    for (const auto &m : m_measures)
        if (m->key == key)
            return m.get();
    return nullptr;
}

std::vector<const Measure *> MeasureCatalogue::runOrder(QString *error) const
{
    const std::size_t n = m_measures.size();
    // needs[i]: the indices measure i waits for.
    std::vector<std::vector<std::size_t>> needs(n);
    for (std::size_t i = 0; i < n; ++i) {
        for (const std::string &k : m_measures[i]->needs) {
            std::size_t j = 0;
            while (j < n && m_measures[j]->key != k)
                ++j;
            if (j == n) {
                setError(error, QCoreApplication::translate("analysis", "the measure '%1' needs '%2', which no measure provides")
                                    .arg(qs(m_measures[i]->key), qs(k)));
                return {};
            }
            if (j == i) {
                setError(error, QCoreApplication::translate("analysis", "the measure '%1' needs itself").arg(qs(k)));
                return {};
            }
            needs[i].push_back(j);
        }
    }
    // Kahn's algorithm; among the ready measures the earliest added runs first, so that measures
    // without needs between them keep the catalogue's order (and what they append, say warnings,
    // its order too). n is the handful of measures: quadratic is fine.
    std::vector<const Measure *> out;
    std::vector<bool> done(n, false);
    while (out.size() < n) {
        std::size_t next = n;
        for (std::size_t i = 0; i < n && next == n; ++i)
            if (!done[i] && std::all_of(needs[i].begin(), needs[i].end(), [&](std::size_t j) { return bool(done[j]); }))
                next = i;
        if (next == n) {
            QStringList cycle;
            for (std::size_t i = 0; i < n; ++i)
                if (!done[i])
                    cycle << qs(m_measures[i]->key);
            setError(error, QCoreApplication::translate("analysis", "the needs of the measures %1 form a cycle").arg(cycle.join(QStringLiteral(", "))));
            return {};
        }
        done[next] = true;
        out.push_back(m_measures[next].get());
    }
    return out;
}

namespace {

struct GlobalCatalogue
{
    std::mutex mutex;
    MeasureCatalogue catalogue;
    std::vector<const Measure *> runOrder;
    bool fixed = false;

    GlobalCatalogue()
    {
        QString error;
        for (Measure &m : builtinMeasures())
            if (!catalogue.add(std::move(m), &error))
                qFatal("built-in measures: %s", qPrintable(error));
    }

    // Fixes the catalogue at its first use: from then on it is read without a lock.
    void fix()
    {
        const std::lock_guard<std::mutex> lock(mutex);
        if (fixed)
            return;
        QString error;
        runOrder = catalogue.runOrder(&error);
        // The built-in measures' needs are the program's, and registerMeasure() checks each added one.
        if (runOrder.empty() && !error.isEmpty())
            qFatal("measures: %s", qPrintable(error));
        fixed = true;
    }
};

GlobalCatalogue &global()
{
    static GlobalCatalogue g;
    return g;
}

} // namespace

const MeasureCatalogue &measureCatalogue()
{
    GlobalCatalogue &g = global();
    g.fix();
    return g.catalogue;
}

const std::vector<const Measure *> &measureRunOrder()
{
    GlobalCatalogue &g = global();
    g.fix();
    return g.runOrder;
}

bool registerMeasure(Measure m, QString *error)
{
    GlobalCatalogue &g = global();
    const std::lock_guard<std::mutex> lock(g.mutex);
    if (g.fixed) {
        setError(error, QCoreApplication::translate("analysis", "the measure '%1' comes too late: measures register before the first analysis")
                            .arg(qs(m.key)));
        return false;
    }
    // Checked on a copy of the catalogue's order first, so that a refused measure leaves no trace.
    const std::string key = m.key;
    if (!g.catalogue.add(std::move(m), error))
        return false;
    if (g.catalogue.runOrder(error).empty()) {
        // Undo: rebuild without the last one (registration is rare and the catalogue small).
        MeasureCatalogue kept;
        for (const Measure *x : g.catalogue.measures())
            if (x->key != key)
                kept.add(*x);
        g.catalogue = std::move(kept);
        return false;
    }
    return true;
}

} // namespace lanescope::analysis
