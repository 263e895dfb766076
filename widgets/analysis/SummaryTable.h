// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The tables of Time spent (kernels, operators, collectives, the roofline's ops, memory owners and
// Python source lines) look and behave as one: sorted by each column's value, filtered on the
// name column by the text typed, rows selected whole, names elided in the middle.
#include <QString>

class QAbstractItemModel;
class QObject;
class QSortFilterProxyModel;
class QTableView;
class QWidget;

namespace lanescope {

// Sorted by `sortRole`, filtered (case-blind) on `nameColumn`'s `nameRole`.
QSortFilterProxyModel *summaryProxy(QAbstractItemModel *model, int sortRole, int nameRole, int nameColumn, QObject *parent);
QTableView *makeSummaryTable(QWidget *parent, QSortFilterProxyModel *proxy, const QString &objectName);

} // namespace lanescope
