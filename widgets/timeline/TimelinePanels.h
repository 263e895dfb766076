// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The panels around the timeline: details of the selected slice (args read from the file on
// demand, flow ends as links) or of the selected idle gap, statistics of a shift-drag time range,
// and the colour legend.
#include "core/analysis/measures/gaps/Gaps.h"
#include "widgets/timeline/TimelineView.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QStandardItemModel;
class QTextBrowser;
class QTreeView;

namespace lanescope {

class DetailsPanel : public QWidget
{
    Q_OBJECT
public:
    explicit DetailsPanel(TimelineView *view, QWidget *parent = nullptr);
    void showSlice(SliceRef ref); // reads the event's args from the file
    // An idle gap of a GPU stream (a click in it, or the Analysis dock's): its start, length,
    // cause and evidence, the kernels on either side. Shown whenever the view state's gap is set.
    void showGap(int run, const analysis::Gap &gap);
    QString text() const;          // plain text, for tests
    QString html() const { return m_html; } // what was handed to the browser
    QString json() const { return m_json; } // the whole event, what "Copy all" copies
    QTextBrowser *browser() const { return m_browser; }
    QPushButton *copyAllButton() const { return m_copyAll; }

    static constexpr int kMaxFlowLinks = 50; // a slice with thousands of flows lists the first ones

signals:
    void jumpRequested(lanescope::SliceRef ref);
    // A Python frame's "Source" link: Time spent's Source view at file:line of run `run`.
    void sourceRequested(int run, const QString &file, int line);

private:
    TimelineView *m_view;
    QTextBrowser *m_browser;
    QPushButton *m_copyAll;
    QString m_html, m_json;
};

class RangeStatsPanel : public QWidget
{
    Q_OBJECT
public:
    enum Column { NameColumn, CountColumn, TotalColumn, SelfColumn, AverageColumn, ColumnCount };
    explicit RangeStatsPanel(TimelineView *view, QWidget *parent = nullptr);
    void update(); // from the view's current time range
    QStandardItemModel *model() const { return m_model; }
    QString headline() const;
    // The slices of the session's highlighted name (Select All Like This, a comparison's
    // difference row): count, total, mean, min, max per run, inside the range when there is one.
    QString nameStatsText() const;

private:
    void updateNameStats();

    TimelineView *m_view;
    QLabel *m_headline;
    QLabel *m_nameStats;
    QTreeView *m_tree;
    QStandardItemModel *m_model;
};

class LegendWidget : public QWidget
{
    Q_OBJECT
public:
    explicit LegendWidget(QWidget *parent = nullptr);
};

} // namespace lanescope
