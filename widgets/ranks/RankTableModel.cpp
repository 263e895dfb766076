// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/ranks/RankTableModel.h"

#include "core/analysis/run/FigureCatalogue.h"
#include "core/analysis/text/FigureText.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QFileInfo>
#include <QLocale>

#include <algorithm>
#include <cstring>

namespace lanescope {
namespace {

// The clock offset, in ms to the microsecond (it is no figure of the run: FigureText has no spelling of it).
constexpr int kOffsetDecimals = 3;

} // namespace

RankTableModel::RankTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

const char *RankTableModel::outlierKey(int column)
{
    // The figure columns are the catalogue's figures of a rank, in its order (FigureCatalogue.h).
    const auto &figures = analysis::figuresOn(analysis::InRanks);
    const int k = column - StepTime;
    if (column < StepTime || column > Mfu || k >= int(figures.size()))
        return nullptr;
    return figures[std::size_t(k)]->rankKey();
}

void RankTableModel::setRanks(std::vector<RankRow> ranks)
{
    beginResetModel();
    m_ranks = std::move(ranks);
    m_shownRow = -1;
    m_job.reset();
    m_offsets.clear();
    m_sources.clear();
    endResetModel();
}

void RankTableModel::setFigures(std::shared_ptr<const analysis::JobResult> job)
{
    if (job && job->ranks.size() != m_ranks.size())
        job.reset(); // not this folder's (cannot happen: the dock drops results of other folders)
    m_job = std::move(job);
    if (!m_ranks.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

void RankTableModel::setClockOffsets(std::vector<TimeNs> offsetsNs, QStringList sources)
{
    m_offsets = std::move(offsetsNs);
    m_sources = std::move(sources);
    if (!m_ranks.empty())
        emit dataChanged(index(0, ClockOffset), index(rowCount() - 1, ClockOffset));
}

void RankTableModel::setShownRow(int row)
{
    if (row == m_shownRow)
        return;
    const int old = m_shownRow;
    m_shownRow = row;
    for (const int r : {old, row})
        if (r >= 0 && r < rowCount())
            emit dataChanged(index(r, 0), index(r, ColumnCount - 1), {Qt::FontRole});
}

int RankTableModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_ranks.size()); }

int RankTableModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

std::optional<double> RankTableModel::value(int row, int column) const
{
    const RankRow &r = m_ranks[std::size_t(row)];
    switch (column) {
    case Rank: return double(r.rank);
    case File: return std::nullopt;
    case ClockOffset:
        return std::size_t(row) < m_offsets.size() ? std::optional<double>(double(m_offsets[std::size_t(row)])) : std::nullopt;
    default: break;
    }
    if (!m_job)
        return std::nullopt;
    return analysis::rankFigure(m_job->ranks[std::size_t(row)], outlierKey(column));
}

std::optional<double> RankTableModel::medianOf(int column) const
{
    const char *key = outlierKey(column);
    if (!key || !m_job)
        return std::nullopt;
    const auto &keys = analysis::outlierFigures();
    const std::size_t k = std::size_t(std::find(keys.begin(), keys.end(), key) - keys.begin());
    return k < m_job->job.outlierMedians.size() ? m_job->job.outlierMedians[k] : std::nullopt;
}

bool RankTableModel::isOutlier(int row, int column) const
{
    const char *key = outlierKey(column);
    if (!key || !m_job)
        return false;
    const auto &o = m_job->ranks[std::size_t(row)].outliers;
    return std::any_of(o.begin(), o.end(), [key](const char *k) { return std::strcmp(k, key) == 0; });
}

QString RankTableModel::text(int row, int column) const
{
    const RankRow &r = m_ranks[std::size_t(row)];
    if (column == Rank)
        return r.guessed ? tr("%1 (guessed)").arg(r.rank) : QString::number(r.rank);
    if (column == File)
        return QFileInfo(r.path).fileName();
    const std::optional<double> v = value(row, column);
    if (!v)
        return m_job || column == ClockOffset ? tr("–") : QString(); // known unknown, or not analysed yet
    if (column == ClockOffset)
        return QLocale().toString(*v / 1e6, 'f', kOffsetDecimals);
    return analysis::figure::rankCell(outlierKey(column), *v);
}

QVariant RankTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const int row = index.row(), column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return text(row, column);
    case ValueRole: {
        if (column == File)
            return QFileInfo(m_ranks[std::size_t(row)].path).fileName();
        const std::optional<double> v = value(row, column);
        return v ? QVariant(*v) : QVariant();
    }
    case OutlierRole:
        return isOutlier(row, column);
    case Qt::FontRole:
        if (row == m_shownRow) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case Qt::TextAlignmentRole:
        return column == File ? QVariant(Qt::AlignLeft | Qt::AlignVCenter) : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::BackgroundRole:
        if (isOutlier(row, column))
            return QBrush(QColor(0xFF, 0xD5, 0xCC));
        return {};
    case Qt::ForegroundRole:
        if (isOutlier(row, column))
            return QBrush(QColor(0xA0, 0x20, 0x10));
        return {};
    case Qt::ToolTipRole: {
        const RankRow &r = m_ranks[std::size_t(row)];
        if (column == File)
            return r.path;
        if (column == Rank && r.guessed)
            return tr("The trace does not say its rank (no distributedInfo): ranks are numbered in file-name order.");
        if (column == ClockOffset)
            return m_sources.value(row);
        if (column == Mfu && m_job && !value(row, column))
            return tr("Give the model's parameters and tokens per step in the Analysis dock's MFU inputs.");
        if (isOutlier(row, column)) {
            const std::optional<double> median = medianOf(column);
            return tr("More than 2 median absolute deviations (and 1 %) from the ranks' median, %1")
                .arg(median ? analysis::figure::rankCell(outlierKey(column), *median) : tr("–"));
        }
        return {};
    }
    default:
        return {};
    }
}

QVariant RankTableModel::headerData(int section, Qt::Orientation o, int role) const
{
    if (o != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case Rank: return tr("Rank");
        case File: return tr("File");
        case StepTime: return tr("Step (ms)");
        case Idle: return tr("Idle %");
        case Overlap: return tr("Overlap %");
        case GemmGaps: return tr("GEMM gaps (ms)");
        case ExposedComm: return tr("Exposed comm (ms)");
        case PeakMemory: return tr("Peak mem (GiB)");
        case Mfu: return tr("MFU %");
        case ClockOffset: return tr("Clock offset (ms)");
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case StepTime: return tr("Median CPU duration of the rank's complete ProfilerSteps");
        case Idle: return tr("GPU idle share of the rank's trace (temporal breakdown)");
        case Overlap: return tr("Share of communication time overlapped by computation");
        case GemmGaps: return tr("Sum of the listed idle gaps between GEMMs (the Analysis dock's threshold)");
        case ExposedComm: return tr("Communication time not hidden behind computation");
        case PeakMemory: return tr("Peak allocated GPU memory");
        case Mfu: return tr("Model FLOPs utilisation from the step time and the Analysis dock's MFU inputs");
        case ClockOffset: return tr("Added to the rank's times to put them on the reference rank's clock (0 with Align clocks off)");
        default: return {};
        }
    }
    return {};
}

} // namespace lanescope
