// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The analysis' advice: each item the change to make (bold) over the evidence behind it and what
// the fix is worth at most (the projected step time and MFU), wrapped to the dock's width. Selecting an item asks for its place in the timeline; with no advice the list
// gives way to a quiet "No problems found". An item's context menu offers "Show replayed step"
// where a replay can apply its fix (core/analysis/measures/replay/Fixes.h).
#include "widgets/analysis/AnalysisRunner.h"

#include <QWidget>

class QLabel;
class QListWidget;
class QStackedWidget;

namespace lanescope {

class AnalysisFeed;

class AdviceList : public QWidget
{
    Q_OBJECT
public:
    enum Role { EvidenceRole = Qt::UserRole + 1, IdRole, FromNsRole, ToNsRole, GainRole };

    explicit AdviceList(QWidget *parent = nullptr);
    // The dock's Advice tab: follows the dock's analysis and says its count in its windowTitle
    // (the dock itself wires its ranges and the gaps an item lists).
    explicit AdviceList(AnalysisFeed *feed, QWidget *parent = nullptr);
    void setResult(const AnalysisResultPtr &result); // null clears
    // "Fix worth at most: step 3.90 s → 2.80 s, MFU 28 % → 39 %"; empty when the item projects no gain.
    static QString gainText(const analysis::Advice &advice);
    int count() const;
    QListWidget *listWidget() const { return m_list; }
    bool showsNoProblems() const;
    // The line above the items: compute idle, the whole the items' shares are parts of.
    QString summaryText() const;
    // Whether a replay can apply the item's fix; requestReplay emits replayRequested for it.
    bool canReplay(int row) const;
    void requestReplay(int row);

signals:
    void rangeRequested(qint64 startNs, qint64 endNs);
    void itemActivated(int row); // clicked or Enter: the dock lists the item's gaps
    // "Show replayed step" on an item whose fix a replay can apply: its ghost over the timeline.
    void replayRequested(const QString &adviceId);

private:
    void request(int row);

    QStackedWidget *m_stack;
    QListWidget *m_list;
    QLabel *m_empty;
    QLabel *m_summary;
};

} // namespace lanescope
