// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The Ranks dock's per-rank table: one row per rank of the folder, in rank order (row =
// the session's run), with the figures analysis::analyzeJob gives each rank: step time, idle %,
// overlap %, GEMM-gap total, exposed communication, peak memory, MFU (where the MFU inputs are
// known), and the clock offset applied to the rank. A figure more than 2 MADs from the ranks'
// median (Ranks.h: outliers, compared as the cells show them) is highlighted with a tooltip giving
// that median. The cells spell the figures as every surface does (FigureText.h rankCell). The
// ranks are shown as soon as the folder is open; the figures fill in when the analysis is done.
#include "core/analysis/job/Ranks.h"

#include <QAbstractTableModel>

#include <memory>
#include <optional>

namespace lanescope {

class RankTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    // StepTime to Mfu: the figure catalogue's figures of a rank, in its order (FigureCatalogue.h,
    // InRanks); outlierKey() names each column's figure.
    enum Column { Rank, File, StepTime, Idle, Overlap, GemmGaps, ExposedComm, PeakMemory, Mfu, ClockOffset, ColumnCount };
    enum Role {
        ValueRole = Qt::UserRole + 1, // the column's number (ns, %, bytes), invalid where unknown: for sorting and tests
        OutlierRole,                  // bool: the figure is an outlier
    };

    struct RankRow
    {
        int rank = -1;
        bool guessed = false;
        QString path;
    };

    explicit RankTableModel(QObject *parent = nullptr);

    void setRanks(std::vector<RankRow> ranks);                  // resets; the figures go
    void setFigures(std::shared_ptr<const analysis::JobResult> job); // per rank in the same order; null clears
    void setClockOffsets(std::vector<TimeNs> offsetsNs, QStringList sources); // applied, per rank
    // A folder shown as its summary: the rank whose timeline is shown (bold), -1 none.
    void setShownRow(int row);
    int shownRow() const { return m_shownRow; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation o, int role) const override;

    const analysis::JobResult *figures() const { return m_job.get(); }
    // The key of the catalogue's rank figure a column shows (analysis::outlierFigures()), or null.
    static const char *outlierKey(int column);
    // The ranks' median the column's outliers are told from (core's, in the column's ValueRole
    // unit), unknown before the analysis or for a column without outliers.
    std::optional<double> medianOf(int column) const;

private:
    std::optional<double> value(int row, int column) const;
    QString text(int row, int column) const;
    bool isOutlier(int row, int column) const;

    std::vector<RankRow> m_ranks;
    std::shared_ptr<const analysis::JobResult> m_job;
    std::vector<TimeNs> m_offsets;
    QStringList m_sources;
    int m_shownRow = -1;
};

} // namespace lanescope
