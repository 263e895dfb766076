// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/timeline/SearchResultsPanel.h"

#include "widgets/timeline/SearchResultsModel.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace lanescope {

SearchResultsPanel::SearchResultsPanel(QWidget *parent)
    : QWidget(parent)
    , m_model(new SearchResultsModel(this))
    , m_headline(new QLabel(this))
    , m_table(new QTableView(this))
{
    m_headline->setTextFormat(Qt::PlainText);
    m_headline->setContentsMargins(6, 3, 6, 3);
    m_headline->setText(tr("Find slices with Ctrl+F: the matches are listed here."));
    m_table->setModel(m_model);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(SearchResultsModel::StartColumn, Qt::AscendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 4);
    m_table->horizontalHeader()->setSectionResizeMode(SearchResultsModel::NameColumn, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(SearchResultsModel::LaneColumn, QHeaderView::Interactive);
    m_table->horizontalHeader()->resizeSection(SearchResultsModel::LaneColumn, 260);
    m_table->horizontalHeader()->setStretchLastSection(false);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_headline);
    layout->addWidget(m_table, 1);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex &current) {
        if (!m_settingCurrent && current.isValid())
            emit hitRequested(m_model->hitAt(current.row()));
    });
}

QString SearchResultsPanel::headline() const { return m_headline->text(); }

void SearchResultsPanel::setHeadline(const QString &text) { m_headline->setText(text); }

void SearchResultsPanel::setCurrentHit(std::size_t hit)
{
    const int row = m_model->rowOfHit(hit);
    m_settingCurrent = true;
    if (row < 0) {
        m_table->clearSelection();
    } else {
        const QModelIndex i = m_model->index(row, SearchResultsModel::NameColumn);
        m_table->selectionModel()->setCurrentIndex(i, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        m_table->scrollTo(i);
    }
    m_settingCurrent = false;
}

} // namespace lanescope
