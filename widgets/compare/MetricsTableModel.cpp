// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/compare/MetricsTableModel.h"

#include "widgets/compare/DeltaColour.h"

#include "widgets/compare/NameDiffModel.h"
#include "widgets/compare/CompactTable.h"

#include "widgets/render/GapCauseStyle.h"

#include "core/analysis/run/FigureCatalogue.h"
#include "core/analysis/text/FigureText.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QLocale>

#include <algorithm>
#include <cmath>

namespace lanescope {

MetricsTableModel::MetricsTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void MetricsTableModel::setComparison(const analysis::ComparisonResult *result)
{
    beginResetModel();
    m_rows.clear();
    m_labels.clear();
    if (result && !result->runs.empty()) {
        const auto &runs = result->runs;
        for (const analysis::RunMetrics &m : runs)
            m_labels << m.label;
        // The catalogue's figures of the table, in its order (FigureCatalogue.h). The labels name
        // the listed gaps' threshold and filter as the baseline measured them.
        const analysis::FigureScope &scope = runs.front().scope;
        for (const analysis::Figure *f : analysis::figuresOn(analysis::InMetricsTable)) {
            Row r;
            r.key = QString::fromLatin1(f->key);
            r.unit = f->unit;
            r.higherIsBetter = f->higherIsBetter;
            // The critical path's parts share one step: a part that grows took its time from
            // another part, which says nothing good or bad by itself.
            r.judged = f->pathPart < 0;
            if (f->gapCause >= 0) {
                // The cause as the GUI names it everywhere (its colour's legend, the gap table).
                const auto cause = analysis::GapCause(f->gapCause);
                r.label = tr("  gaps: %1").arg(GapCauseStyle::label(cause));
                r.tooltip = tr("Listed gaps whose cause is: %1 — count × total").arg(GapCauseStyle::description(cause));
            } else {
                r.label = f->label(scope);
                r.tooltip = f->description();
            }
            for (const analysis::RunMetrics &m : runs) {
                if (f->isJobFigure())
                    r.values.push_back(m.job ? f->jobValue(*m.job) : std::nullopt);
                else
                    r.values.push_back(f->value(m));
                if (f->count)
                    r.counts.push_back(f->count(m));
            }
            // A cause no run's gaps have: no row (as every row unknown in every run, below).
            if (f->count && std::none_of(r.counts.begin(), r.counts.end(), [](const std::optional<double> &n) { return n && *n > 0; }))
                continue;
            m_rows.push_back(std::move(r));
        }
        // Rows nobody can read anything from: unknown in every run (MFU without its inputs).
        m_rows.erase(std::remove_if(m_rows.begin(), m_rows.end(),
                                    [](const Row &r) {
                                        return std::none_of(r.values.begin(), r.values.end(),
                                                            [](const std::optional<double> &v) { return v.has_value(); });
                                    }),
                     m_rows.end());
    }
    endResetModel();
}

void MetricsTableModel::setNoise(const StepNoisePtr &noise)
{
    m_noise = noise;
    if (rowCount() > 0 && columnCount() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

const analysis::ChangeStats *MetricsTableModel::changeOf(int row, int run) const
{
    // Only a measurement of the very runs shown: the comparison and the noise arrive apart.
    if (!m_noise || m_noise->labels != m_labels || row < 0 || row >= int(m_rows.size()))
        return nullptr;
    const QByteArray key = m_rows[std::size_t(row)].key.toLatin1();
    return m_noise->change(run, std::string_view(key.constData(), std::size_t(key.size())));
}

// The interval's two ends in the unit of the relative change shown: points for a figure in %,
// else % of the baseline's median; each as its sign ("+", "−" or none) and its magnitude.
std::optional<MetricsTableModel::IntervalEnds> MetricsTableModel::intervalEnds(int row, int run) const
{
    const analysis::ChangeStats *c = changeOf(row, run);
    if (!c || !c->ci95Low || !c->ci95High)
        return std::nullopt;
    const Row &r = m_rows[std::size_t(row)];
    double lo = *c->ci95Low, hi = *c->ci95High;
    const bool points = r.unit == Unit::Pct;
    if (!points) {
        const QByteArray key = r.key.toLatin1();
        const double base = m_noise->baselineMedian(std::string_view(key.constData(), std::size_t(key.size())));
        if (base == 0)
            return std::nullopt;
        lo = 100 * lo / std::abs(base);
        hi = 100 * hi / std::abs(base);
    }
    const auto sign = [](double v) { return v > 0 ? QStringLiteral("+") : v < 0 ? QStringLiteral("−") : QString(); };
    const int decimals = points ? 2 : 1;
    return IntervalEnds{sign(lo), QLocale().toString(std::abs(lo), 'f', decimals), sign(hi),
                        QLocale().toString(std::abs(hi), 'f', decimals), points};
}

QString MetricsTableModel::intervalText(int row, int run) const
{
    const std::optional<IntervalEnds> e = intervalEnds(row, run);
    if (!e)
        return {};
    return (e->points ? tr("95 %: %1%2 to %3%4 pt") : tr("95 %: %1%2 to %3%4 %")).arg(e->loSign, e->lo, e->hiSign, e->hi);
}

// The two ends alone, in the unit of the relative change above them.
QString MetricsTableModel::shortIntervalText(int row, int run) const
{
    const std::optional<IntervalEnds> e = intervalEnds(row, run);
    return e ? QStringLiteral("[%1%2, %3%4]").arg(e->loSign, e->lo, e->hiSign, e->hi) : QString();
}

int MetricsTableModel::rowOf(const QString &key) const
{
    for (std::size_t i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].key == key)
            return int(i);
    return -1;
}

int MetricsTableModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_rows.size()); }

int MetricsTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() || m_labels.isEmpty() ? 0 : 2 * int(m_labels.size());
}

int MetricsTableModel::runOfColumn(int column, bool *isDelta) const
{
    *isDelta = column >= 3 && column % 2 == 1;
    if (column == 1)
        return 0;
    return column / 2;
}

QString MetricsTableModel::format(Unit unit, double v)
{
    // Every figure as every other surface spells it (analysis/FigureText.h).
    namespace figure = analysis::figure;
    switch (unit) {
    case Unit::Ms:
        return figure::ms(v);
    case Unit::Pct:
        return figure::pct(v);
    case Unit::Count:
        return figure::count(v);
    case Unit::Bytes:
        return figure::gib(v);
    case Unit::Tflops:
        return figure::tflops(v);
    case Unit::TokensPerS:
        return figure::tokensPerS(v);
    case Unit::SamplesPerS:
        return figure::samplesPerS(v);
    case Unit::Us:
        return figure::us(v);
    }
    return {};
}

QString MetricsTableModel::formatDelta(Unit unit, double delta, std::optional<double> pct)
{
    QString d = format(unit, std::abs(delta));
    // Percentages change by points, not by per cent of themselves.
    if (unit == Unit::Pct)
        d = tr("%1 pt").arg(QLocale().toString(std::abs(delta), 'f', 2));
    const QString sign = delta > 0 ? QStringLiteral("+") : delta < 0 ? QStringLiteral("−") : QString();
    QString text = sign + d;
    if (pct && unit != Unit::Pct)
        text += QStringLiteral(" (%1%2 %)").arg(*pct > 0 ? QStringLiteral("+") : *pct < 0 ? QStringLiteral("−") : QString(),
                                                QLocale().toString(std::abs(*pct), 'f', 1));
    return text;
}

QVariant MetricsTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_rows.size()))
        return {};
    const Row &r = m_rows[std::size_t(index.row())];
    if (index.column() == 0) {
        if (role == Qt::DisplayRole)
            return r.label;
        if (role == Qt::ToolTipRole)
            return r.tooltip;
        if (role == KeyRole)
            return r.key;
        return {};
    }
    bool isDelta = false;
    const int run = runOfColumn(index.column(), &isDelta);
    if (run < 0 || std::size_t(run) >= r.values.size())
        return {};
    const std::optional<double> &v = r.values[std::size_t(run)];
    const std::optional<double> &base = r.values[0];
    if (role == Qt::TextAlignmentRole)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == ValueRole)
        return v ? QVariant(*v) : QVariant();
    const auto countOf = [&](int k) { return r.counts.empty() ? std::optional<double>() : r.counts[std::size_t(k)]; };
    if (!isDelta) {
        if (role == Qt::DisplayRole) {
            if (!v)
                return tr("—");
            if (const auto n = countOf(run))
                return tr("%1 × %2").arg(format(Unit::Count, *n), format(r.unit, *v));
            return format(r.unit, *v);
        }
        if (role == Qt::ToolTipRole && !v)
            return tr("Unknown for this run (no steps, no memory events, or no MFU inputs)");
        return {};
    }
    if (!v || !base)
        return role == Qt::DisplayRole ? QVariant(tr("—")) : QVariant();
    const double delta = *v - *base;
    const std::optional<double> pct = *base != 0 ? std::optional<double>(100.0 * delta / std::abs(*base)) : std::nullopt;
    // Better or worse, by the metric's direction; a change under 0.5 % of the baseline is neither,
    // nor one that reads as zero at the precision shown, nor one of a figure not judged.
    const QString magnitude = r.unit == Unit::Pct ? QLocale().toString(std::abs(delta), 'f', 2) : format(r.unit, std::abs(delta));
    const bool negligible = (pct ? std::abs(*pct) < 0.5 : delta == 0) || readsAsZero(magnitude);
    const int better = negligible || !r.judged ? 0 : ((delta > 0) == r.higherIsBetter ? 1 : -1);
    // Judged step by step: a change within the noise is shown, but greyed and never called better or worse.
    const analysis::ChangeStats *noise = changeOf(index.row(), run);
    const bool withinNoise = noise && noise->significant && !*noise->significant;
    switch (role) {
    case Qt::DisplayRole: {
        QString text = formatDelta(r.unit, delta, pct);
        if (const auto n = countOf(run); n && countOf(0)) {
            const double dn = *n - *countOf(0);
            text = tr("%1 × %2").arg((dn > 0 ? QStringLiteral("+") : dn < 0 ? QStringLiteral("−") : QString())
                                         + format(Unit::Count, std::abs(dn)),
                                     formatDelta(r.unit, delta, pct));
        }
        if (const QString ci = intervalText(index.row(), run); !ci.isEmpty())
            text += QStringLiteral("  [%1]").arg(ci);
        return text;
    }
    case CompactTable::ShortIntervalRole:
        return shortIntervalText(index.row(), run);
    case SignificantRole:
        return noise && noise->significant ? QVariant(*noise->significant) : QVariant();
    case DeltaRole:
        return delta;
    case DeltaPctRole:
        return pct ? QVariant(*pct) : QVariant();
    case BetterRole:
        return withinNoise ? 0 : better;
    case Qt::ForegroundRole:
        return withinNoise ? QVariant(QBrush(QColor(Qt::gray))) : deltaForeground(better);
    case Qt::FontRole:
        if (better != 0 && !withinNoise) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case Qt::ToolTipRole: {
        QString tip = better > 0 ? tr("Better than the baseline") : better < 0 ? tr("Worse than the baseline") : tr("About the same");
        if (noise && noise->significant) {
            const bool total = r.key == QLatin1String("exposed_comm_us") || r.key == QLatin1String("gap_total_us");
            tip = (*noise->significant ? tr("Beyond the step-to-step noise") : tr("Within the step-to-step noise: not a real change"))
                  + QStringLiteral("\n")
                  + tr("The median per step (every rank's complete steps) changed by %1; 95 % interval %2 (bootstrap over steps); "
                       "Mann-Whitney p = %3.%4")
                        .arg(formatDelta(r.unit, r.unit == Unit::Pct ? noise->change.value_or(0) : noise->change.value_or(0) * 1000.0,
                                         std::nullopt),
                             intervalText(index.row(), run))
                        .arg(noise->pValue.value_or(1), 0, 'g', 3)
                        .arg(total ? tr(" The row is a total over the analysed steps; the interval is of its change per step.") : QString());
            if (!withinNoise)
                tip = (better > 0 ? tr("Better than the baseline") : better < 0 ? tr("Worse than the baseline") : tr("About the same"))
                      + QStringLiteral("\n") + tip;
        }
        return tip;
    }
    default:
        return {};
    }
}

QVariant MetricsTableModel::headerData(int section, Qt::Orientation o, int role) const
{
    if (o != Qt::Horizontal || (role != Qt::DisplayRole && role != CompactTable::ShortHeaderRole))
        return QAbstractTableModel::headerData(section, o, role);
    if (section == 0)
        return role == Qt::DisplayRole ? QVariant(tr("Metric")) : QVariant();
    bool isDelta = false;
    const int run = runOfColumn(section, &isDelta);
    if (run < 0 || run >= m_labels.size())
        return {};
    // Short: the key the Differences tables use too ("A", "Δ B" for long labels).
    const QString name = role == Qt::DisplayRole ? m_labels.at(run) : NameDiffModel::runKey(run, m_labels);
    return isDelta ? tr("Δ %1").arg(name) : name;
}

QString MetricsTableModel::toTsv() const
{
    QStringList lines;
    QStringList head;
    for (int c = 0; c < columnCount(); ++c)
        head << headerData(c, Qt::Horizontal, Qt::DisplayRole).toString();
    lines << head.join(QLatin1Char('\t'));
    for (int r = 0; r < rowCount(); ++r) {
        QStringList cells;
        for (int c = 0; c < columnCount(); ++c)
            cells << data(index(r, c), Qt::DisplayRole).toString().trimmed();
        lines << cells.join(QLatin1Char('\t'));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

} // namespace lanescope
