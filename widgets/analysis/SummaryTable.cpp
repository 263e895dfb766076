// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/analysis/SummaryTable.h"

#include <QHeaderView>
#include <QSortFilterProxyModel>
#include <QTableView>

namespace lanescope {

QSortFilterProxyModel *summaryProxy(QAbstractItemModel *model, int sortRole, int nameRole, int nameColumn, QObject *parent)
{
    auto *proxy = new QSortFilterProxyModel(parent);
    proxy->setSourceModel(model);
    proxy->setSortRole(sortRole);
    proxy->setFilterRole(nameRole);
    proxy->setFilterKeyColumn(nameColumn);
    proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    return proxy;
}

QTableView *makeSummaryTable(QWidget *parent, QSortFilterProxyModel *proxy, const QString &objectName)
{
    auto *v = new QTableView(parent);
    v->setObjectName(objectName);
    v->setModel(proxy);
    v->setSortingEnabled(true);
    v->setSelectionBehavior(QAbstractItemView::SelectRows);
    v->setSelectionMode(QAbstractItemView::ExtendedSelection);
    v->setEditTriggers(QAbstractItemView::NoEditTriggers);
    v->setAlternatingRowColors(true);
    v->setWordWrap(false);
    v->setTextElideMode(Qt::ElideMiddle);
    v->verticalHeader()->hide();
    v->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    v->verticalHeader()->setDefaultSectionSize(v->fontMetrics().height() + 6);
    v->horizontalHeader()->setSectionsMovable(true);
    v->horizontalHeader()->setMinimumSectionSize(24);
    return v;
}

} // namespace lanescope
