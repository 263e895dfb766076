// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The search's results under the timeline: a headline ("first 10,000 of 4,512,004 matches") and
// the sortable table of SearchResultsModel. Choosing a row (click, or the arrow keys) asks for that
// match; the search bar selects it in the lanes and scrolls to it.
#include <QWidget>

class QLabel;
class QTableView;

namespace lanescope {

class SearchResultsModel;

class SearchResultsPanel : public QWidget
{
    Q_OBJECT
public:
    explicit SearchResultsPanel(QWidget *parent = nullptr);

    SearchResultsModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    QString headline() const;
    void setHeadline(const QString &text);
    // Selects the row of hit (when listed) without asking for it again.
    void setCurrentHit(std::size_t hit);

signals:
    void hitRequested(std::size_t hit);

private:
    SearchResultsModel *m_model;
    QLabel *m_headline;
    QTableView *m_table;
    bool m_settingCurrent = false;
};

} // namespace lanescope
