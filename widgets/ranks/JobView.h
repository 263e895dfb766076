// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The compact job view of a folder of ranks: one row per rank, so that 64 ranks fit one 1080p
// screen where the timeline gives each rank's lanes ~170 px. A row is the rank's compute stream
// (core/analysis/measures/temporal/ComputeBusy.h) over the session's window, on the session's clock: busy where it
// runs something, idle in between, and the rank's listed gaps (its analysis in the Ranks dock's
// job) in their causes' colours. The straggler's row (the rank the others waited on most, else the
// slowest) is marked. A click on a row asks the window to open that rank's lanes (rankActivated).
// The wheel zooms the shared window, as on the timeline.
#include "core/analysis/measures/temporal/ComputeBusy.h"
#include "widgets/ranks/RanksRunner.h"

#include <QPointer>
#include <QWidget>

#include <vector>

namespace lanescope {

class Session;
class ViewState;

class JobView : public QWidget
{
    Q_OBJECT
public:
    static constexpr int kLabelWidth = 150; // the rank column
    static constexpr int kRulerHeight = 24;
    static constexpr int kLegendHeight = 22;
    static constexpr int kMaxRowHeight = 24;
    static constexpr int kMinRowHeight = 4; // fewer than this per rank: the rest are left out ("+N more ranks")

    explicit JobView(QWidget *parent = nullptr);
    static QColor busyColour();
    static QColor idleColour();

    void setSession(Session *session); // its runs are the ranks, in rank order
    void setJob(RanksResultPtr result); // the gaps and the straggler; null: rows without them

    int rowCount() const { return int(m_rows.size()); }
    int rowsShown() const;       // rows that fit (the rest are counted at the bottom)
    int rowHeight() const;
    QRect rowRect(int row) const; // the whole row, label included
    QRect stripRect(int row) const; // the time strip of the row
    int rowAt(QPoint pos) const;  // -1 outside the rows
    int stragglerRow() const;     // -1 when the job does not say
    QString rowLabel(int row) const;

signals:
    void rankActivated(int run);

protected:
    void paintEvent(QPaintEvent *) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    bool event(QEvent *event) override;

private:
    struct Row
    {
        QString label;
        analysis::ComputeBusy busy;
        TimeNs base = 0; // the run's axis origin (Session::base)
    };
    void rebuild();
    int topOfRows() const { return kRulerHeight + kLegendHeight; }
    int stripWidth() const { return std::max(1, width() - kLabelWidth); }
    double xOf(const Row &row, TimeNs model) const;
    void paintRow(QPainter &p, int index, const QRect &strip) const;
    QString tooltipOf(int row) const;

    QPointer<Session> m_session;
    ViewState *m_state = nullptr; // the session's (its window); used only while m_session lives
    RanksResultPtr m_job;
    std::vector<Row> m_rows;
    std::vector<const Trace *> m_rowTraces; // each row's trace, for rebuild() to keep what it measured
    int m_hover = -1;
};

} // namespace lanescope
