// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The comparison's table of figures: one row per metric, a value column per run and, for every
// run after the baseline, a delta column (absolute and %) coloured better (green) or worse (red)
// by the metric's direction. Every row's tooltip says what it measures and over which time, so
// the figures can be checked against the analysis dock's. Where the runs' steps were judged
// (setNoise: the figures that vary by step), a delta also shows its 95 % interval, and a change
// within the step-to-step noise is greyed out.
#include "core/analysis/compare/Compare.h"
#include "core/analysis/run/FigureCatalogue.h"
#include "widgets/compare/StepNoiseRunner.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <optional>

namespace lanescope {

class MetricsTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    // The figure catalogue's units (FigureCatalogue.h): every row is one of its figures.
    using Unit = analysis::FigureUnit;
    struct Row
    {
        QString key; // the figure's key in the catalogue and the CLI's JSON ("step_time_us")
        QString label, tooltip;
        Unit unit = Unit::Count;
        bool higherIsBetter = false;
        bool judged = true; // false: a change is neither better nor worse (a critical-path part)
        std::vector<std::optional<double>> values; // per run, in the unit's base (ns, %, bytes, ...)
        std::vector<std::optional<double>> counts; // per run, where the row is "count × time" (gaps by cause)
    };
    // SignificantRole (delta cells): true beyond the noise, false within it, invalid where not judged.
    enum Role { KeyRole = Qt::UserRole + 1, ValueRole, DeltaRole, DeltaPctRole, BetterRole, SignificantRole };

    explicit MetricsTableModel(QObject *parent = nullptr);
    void setComparison(const analysis::ComparisonResult *result); // null clears
    // The step-to-step noise of the runs shown (null clears); used where its labels are the runs'.
    void setNoise(const StepNoisePtr &noise);
    const StepNoisePtr &noise() const { return m_noise; }
    // "95 %: +3.4 to +6.6 %": the interval of a delta (a change of the median per step), in points
    // for a percentage, else relative to the baseline's median per step; empty where not judged.
    QString intervalText(int row, int run) const;
    QString shortIntervalText(int row, int run) const; // "[+2.5, +8.9]"
    struct IntervalEnds
    {
        QString loSign, lo, hiSign, hi;
        bool points = false; // in points (a figure in %), else in % of the baseline
    };
    std::optional<IntervalEnds> intervalEnds(int row, int run) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation o, int role) const override;

    const std::vector<Row> &rows() const { return m_rows; }
    int rowOf(const QString &key) const;
    // Column layout: 0 the metric, then per run its value, and after each run but the first its delta.
    int valueColumn(int run) const { return run == 0 ? 1 : 2 * run; }
    int deltaColumn(int run) const { return run == 0 ? -1 : 2 * run + 1; }
    static QString format(Unit unit, double v);
    static QString formatDelta(Unit unit, double delta, std::optional<double> pct);
    // The table as tab-separated text with a header line (Copy).
    QString toTsv() const;

private:
    int runOfColumn(int column, bool *isDelta) const;
    const analysis::ChangeStats *changeOf(int row, int run) const;
    std::vector<Row> m_rows;
    QStringList m_labels;
    StepNoisePtr m_noise;
};

} // namespace lanescope
