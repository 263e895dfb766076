// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/compare/NameDiffModel.h"

#include "widgets/compare/DeltaColour.h"

#include "widgets/compare/DistinctNames.h"
#include "widgets/render/GapCauseStyle.h"

#include <QBrush>
#include <QColor>
#include <QLocale>

#include <algorithm>
#include <climits>
#include <cmath>

namespace lanescope {

namespace {
QString ms(double ns)
{
    return QLocale().toString(ns / 1e6, 'f', std::abs(ns) < 1e7 ? 3 : 1);
}

// Run labels up to this long head their columns; longer ones are keyed by a letter.
constexpr int kHeaderLabelChars = 10;
} // namespace

QString NameDiffModel::runKey(int run, const QStringList &labels)
{
    const bool short_ = std::all_of(labels.begin(), labels.end(), [](const QString &l) { return l.size() <= kHeaderLabelChars; });
    if (short_ && run >= 0 && run < labels.size())
        return labels[run];
    return run < 26 ? QString(QChar(u'A' + run)) : QString::number(run + 1);
}

QString NameDiffModel::keyLegend() const
{
    if (m_labels.isEmpty() || runKey(0, m_labels) == m_labels.front())
        return {};
    QStringList parts;
    for (int i = 0; i < m_labels.size(); ++i)
        parts << (i == 0 ? tr("%1: %2 (baseline)") : tr("%1: %2")).arg(runKey(i, m_labels), m_labels[i]);
    return parts.join(QStringLiteral(" · "));
}

NameDiffModel::NameDiffModel(Kind kind, QObject *parent)
    : QAbstractTableModel(parent)
    , m_kind(kind)
{
}

void NameDiffModel::setComparison(const analysis::ComparisonResult *result)
{
    beginResetModel();
    m_rows.clear();
    m_labels.clear();
    if (result) {
        for (const analysis::RunMetrics &m : result->runs)
            m_labels << m.label;
        if (m_kind == Kind::Gaps) {
            for (const analysis::GapDiffRow &g : result->gaps) {
                Row r;
                r.name = GapCauseStyle::key(g.cause);
                r.display = tr("GEMM gaps: %1").arg(GapCauseStyle::label(g.cause));
                r.count = g.count;
                for (TimeNs t : g.totalNs)
                    r.totalNs.push_back(double(t));
                m_rows.push_back(std::move(r));
            }
        } else {
            const auto &rows = m_kind == Kind::Kernels ? result->kernels : result->ops;
            QStringList names;
            for (const analysis::NameDiffRow &n : rows)
                names << n.name;
            // Kernels that share a template read apart in a narrow column; operators are short.
            const QStringList display = m_kind == Kind::Kernels ? distinguishingNames(names) : names;
            for (const analysis::NameDiffRow &n : rows) {
                Row r;
                r.name = n.name;
                r.display = display.value(int(m_rows.size()), n.name);
                r.count = n.count;
                for (TimeNs t : n.totalNs)
                    r.totalNs.push_back(double(t));
                r.perStepNs = n.perStepNs;
                m_rows.push_back(std::move(r));
            }
        }
    }
    QStringList shown;
    for (const Row &r : m_rows)
        shown << r.display;
    const QStringList compact = compactNames(shown);
    for (std::size_t i = 0; i < m_rows.size(); ++i)
        m_rows[i].compact = compact.value(qsizetype(i));
    endResetModel();
}

void NameDiffModel::setPerStep(bool on)
{
    if (on == m_perStep)
        return;
    m_perStep = on;
    if (!m_rows.empty())
        emit dataChanged(index(0, 1), index(rowCount() - 1, columnCount() - 1));
    emit headerDataChanged(Qt::Horizontal, 0, columnCount() - 1);
}

int NameDiffModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_rows.size()); }

int NameDiffModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() || m_labels.isEmpty() ? 0 : 1 + 3 * runs() - 1;
}

QString NameDiffModel::nameAt(int row) const
{
    return row >= 0 && row < int(m_rows.size()) ? m_rows[std::size_t(row)].name : QString();
}

double NameDiffModel::timeOf(const Row &r, int run, bool *known) const
{
    *known = true;
    if (!m_perStep || m_kind == Kind::Gaps)
        return r.totalNs[std::size_t(run)];
    const auto &p = r.perStepNs[std::size_t(run)];
    *known = p.has_value();
    return p.value_or(0);
}

QVariant NameDiffModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_rows.size()))
        return {};
    const Row &r = m_rows[std::size_t(index.row())];
    const int c = index.column();
    const int n = runs();
    if (role == NameRole)
        return r.name;
    if (c == 0) {
        if (role == Qt::DisplayRole || role == SortRole)
            return r.display;
        if (role == CompactRole)
            return r.compact;
        if (role == Qt::ToolTipRole)
            return m_kind == Kind::Gaps ? r.display : tr("%1\nClick to outline it in every run's lanes").arg(r.name);
        return {};
    }
    if (role == Qt::TextAlignmentRole)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (c <= n) { // counts
        const std::int64_t v = r.count[std::size_t(c - 1)];
        if (role == Qt::DisplayRole)
            return QLocale().toString(qlonglong(v));
        if (role == SortRole)
            return qlonglong(v);
        return {};
    }
    bool known = false, baseKnown = false;
    if (c <= 2 * n) { // times
        const int run = c - 1 - n;
        const double t = timeOf(r, run, &known);
        if (role == Qt::DisplayRole)
            return known ? ms(t) : tr("—");
        if (role == SortRole)
            return t;
        if (role == Qt::ToolTipRole) { // the count, where its column is hidden
            const int times = int(std::min<std::int64_t>(r.count[std::size_t(run)], INT_MAX));
            return (times == 1 ? tr("%1: %n time", nullptr, times) : tr("%1: %n times", nullptr, times)).arg(m_labels.value(run));
        }
        return {};
    }
    const int run = c - 2 * n; // deltas, runs 1..n-1
    const double t = timeOf(r, run, &known), b = timeOf(r, 0, &baseKnown);
    if (!known || !baseKnown)
        return role == Qt::DisplayRole ? QVariant(tr("—")) : QVariant();
    const double d = t - b;
    switch (role) {
    case Qt::DisplayRole:
        return (d > 0 ? QStringLiteral("+") : d < 0 ? QStringLiteral("−") : QString()) + ms(std::abs(d));
    case SortRole:
        return std::abs(d);
    case Qt::ForegroundRole:
        // Time spent: less is better, for every kind of row.
        return deltaForeground(d < 0 ? 1 : d > 0 ? -1 : 0);
    default:
        return {};
    }
}

QVariant NameDiffModel::headerData(int section, Qt::Orientation o, int role) const
{
    if (o != Qt::Horizontal || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
        return QAbstractTableModel::headerData(section, o, role);
    const int n = runs();
    const bool perStep = m_perStep && m_kind != Kind::Gaps;
    if (section == 0) {
        // The unit once, here: the run columns are headed by their keys alone, narrow enough for
        // three runs and their deltas beside a readable name.
        const QString what = m_kind == Kind::Kernels ? tr("GPU kernel") : m_kind == Kind::Operators ? tr("CPU operator") : tr("Gap cause");
        return role == Qt::ToolTipRole ? QVariant() : QVariant(perStep ? tr("%1 (ms per step)").arg(what) : tr("%1 (ms)").arg(what));
    }
    // A short key heads each run's column (its label when short, else a letter the legend
    // explains); the tooltip names the run in full.
    const int run = section <= n ? section - 1 : section <= 2 * n ? section - 1 - n : section - 2 * n;
    const QString key = runKey(run, m_labels), label = m_labels.value(run);
    if (role == Qt::ToolTipRole) {
        if (section <= n)
            return tr("How many ran in %1").arg(label);
        if (section <= 2 * n)
            return perStep ? tr("Milliseconds per step in %1").arg(label) : tr("Milliseconds in %1").arg(label);
        return tr("%1 against the baseline %2, in milliseconds").arg(label, m_labels.value(0));
    }
    if (section <= n)
        return tr("Count %1").arg(key);
    if (section <= 2 * n)
        return key;
    return tr("Δ %1").arg(key);
}

} // namespace lanescope
