#include "widgets/compare/NameDiffModel.h"

#include "widgets/render/GapCauseStyle.h"

#include <QBrush>
#include <QColor>
#include <QLocale>

#include <cmath>

namespace lanescope {

namespace {
QString ms(double ns)
{
    return QLocale().toString(ns / 1e6, 'f', std::abs(ns) < 1e7 ? 3 : 1);
}
} // namespace

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
            for (const analysis::NameDiffRow &n : m_kind == Kind::Kernels ? result->kernels : result->ops) {
                Row r;
                r.name = r.display = n.name;
                r.count = n.count;
                for (TimeNs t : n.totalNs)
                    r.totalNs.push_back(double(t));
                r.perStepNs = n.perStepNs;
                m_rows.push_back(std::move(r));
            }
        }
    }
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
        if (role == Qt::ToolTipRole)
            return m_kind == Kind::Gaps ? r.display : tr("%1\nClick to outline it in every run's lanes").arg(r.display);
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
        const double t = timeOf(r, c - 1 - n, &known);
        if (role == Qt::DisplayRole)
            return known ? ms(t) : tr("—");
        if (role == SortRole)
            return t;
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
        if (d < 0)
            return QBrush(QColor(0x1B, 0x7F, 0x3A));
        if (d > 0)
            return QBrush(QColor(0xC6, 0x28, 0x28));
        return {};
    default:
        return {};
    }
}

QVariant NameDiffModel::headerData(int section, Qt::Orientation o, int role) const
{
    if (o != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, o, role);
    const int n = runs();
    if (section == 0)
        return m_kind == Kind::Kernels ? tr("GPU kernel") : m_kind == Kind::Operators ? tr("CPU operator") : tr("Gap cause");
    if (section <= n)
        return tr("Count %1").arg(m_labels.value(section - 1));
    const bool perStep = m_perStep && m_kind != Kind::Gaps;
    if (section <= 2 * n)
        return perStep ? tr("ms/step %1").arg(m_labels.value(section - 1 - n)) : tr("ms %1").arg(m_labels.value(section - 1 - n));
    return tr("Δ ms %1").arg(m_labels.value(section - 2 * n));
}

} // namespace lanescope
