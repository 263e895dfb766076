// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What a loaded trace holds, at a glance: a headline (devices, rank, events, span) over a tree of
// processes with their tracks, counters and memory series.
#include "core/model/Trace.h"

#include <QWidget>

#include <memory>

class QLabel;
class QTreeView;

namespace lanescope {

class TraceSummaryModel;

class TraceSummaryView : public QWidget
{
    Q_OBJECT
public:
    explicit TraceSummaryView(QWidget *parent = nullptr);
    ~TraceSummaryView() override;

    void setTrace(std::shared_ptr<const Trace> trace); // null clears
    TraceSummaryModel *model() const { return m_model; }
    QTreeView *treeView() const { return m_tree; }
    QString headline() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void updateHeadline();

    TraceSummaryModel *m_model;
    QTreeView *m_tree;
    QLabel *m_headline;
};

} // namespace lanescope
