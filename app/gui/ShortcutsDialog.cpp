// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/gui/ShortcutsDialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLineEdit>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QSet>
#include <QToolBar>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace lanescope {

namespace {

struct Found
{
    QAction *action;
    QString where; // the menu path or toolbar
};

void walkMenu(const QMenu *menu, const QString &path, QList<Found> &out, QSet<const QAction *> &seen)
{
    for (QAction *a : menu->actions()) {
        if (a->isSeparator())
            continue;
        if (QMenu *sub = a->menu()) {
            walkMenu(sub, path + QStringLiteral(" › ") + ShortcutsDialog::plainText(a), out, seen);
            continue;
        }
        if (!a->shortcuts().isEmpty() && !seen.contains(a)) {
            seen.insert(a);
            out.push_back({a, path});
        }
    }
}

void addFrom(const QWidget *w, const QString &where, QList<Found> &out, QSet<const QAction *> &seen)
{
    for (QAction *a : w->actions())
        if (!a->shortcuts().isEmpty() && !seen.contains(a)) {
            seen.insert(a);
            out.push_back({a, where});
        }
}

QList<Found> findAll(const QWidget *window)
{
    QList<Found> out;
    QSet<const QAction *> seen;
    if (const auto *main = qobject_cast<const QMainWindow *>(window)) {
        for (QAction *top : main->menuBar()->actions())
            if (QMenu *m = top->menu())
                walkMenu(m, ShortcutsDialog::plainText(top), out, seen);
    }
    for (const QToolBar *bar : window->findChildren<QToolBar *>())
        addFrom(bar, bar->windowTitle(), out, seen);
    // Actions that live on a widget rather than in a menu (a view's own shortcuts).
    addFrom(window, ShortcutsDialog::tr("Window"), out, seen);
    for (const QWidget *w : window->findChildren<QWidget *>())
        if (!qobject_cast<const QMenu *>(w) && !qobject_cast<const QMenuBar *>(w) && !qobject_cast<const QToolBar *>(w))
            addFrom(w, ShortcutsDialog::tr("Window"), out, seen);
    return out;
}

QString shortcutText(const QAction *a)
{
    QStringList keys;
    for (const QKeySequence &k : a->shortcuts())
        keys << k.toString(QKeySequence::NativeText);
    return keys.join(ShortcutsDialog::tr(" or "));
}

} // namespace

QList<QAction *> ShortcutsDialog::shortcutActions(const QWidget *window)
{
    QList<QAction *> actions;
    for (const Found &f : findAll(window))
        actions << f.action;
    return actions;
}

QString ShortcutsDialog::plainText(const QAction *action)
{
    QString t = action->text();
    if (t.isEmpty())
        t = action->toolTip();
    t.replace(QStringLiteral("&&"), QStringLiteral("\x01"));
    t.remove(QLatin1Char('&'));
    t.replace(QLatin1Char('\x01'), QLatin1Char('&'));
    if (t.endsWith(QStringLiteral("…")))
        t.chop(1);
    return t;
}

ShortcutsDialog::ShortcutsDialog(QWidget *window, QWidget *parent)
    : QDialog(parent)
    , m_filter(new QLineEdit(this))
    , m_tree(new QTreeWidget(this))
{
    setObjectName(QStringLiteral("shortcutsDialog"));
    setWindowTitle(tr("Keyboard Shortcuts"));
    m_filter->setPlaceholderText(tr("Filter by action or key"));
    m_filter->setClearButtonEnabled(true);
    m_tree->setColumnCount(3);
    m_tree->setHeaderLabels({tr("Action"), tr("Keys"), tr("Where")});
    m_tree->setRootIsDecorated(false);
    m_tree->setAlternatingRowColors(true);
    m_tree->setSelectionMode(QAbstractItemView::NoSelection);

    m_actions = new QTreeWidgetItem(m_tree, {tr("Menus and toolbars")});
    for (const Found &f : findAll(window))
        new QTreeWidgetItem(m_actions, {plainText(f.action), shortcutText(f.action), f.where});

    // The timeline reads these in its own key and mouse handlers: they are not actions.
    m_timelineKeys = new QTreeWidgetItem(m_tree, {tr("Timeline")});
    const QList<QPair<QString, QString>> keys = {
        {tr("zoom in / out"), tr("W / S")},
        {tr("pan left / right"), tr("A / D")},
        {tr("zoom about the cursor"), tr("Ctrl+wheel")},
        {tr("pan"), tr("Shift+wheel")},
        {tr("pan and scroll"), tr("drag")},
        {tr("select a time range"), tr("Shift+drag")},
        {tr("zoom to a slice"), tr("double-click")},
        {tr("frame the selection / fit all"), tr("F / Home")},
        {tr("clear selection and range"), tr("Esc")},
        {tr("annotate: select, text callout, arrow, rectangle, time range, marker"), tr("V / T / L / R / G / M")},
        {tr("undo / redo an annotation"), tr("Ctrl+Z / Ctrl+Shift+Z")},
    };
    for (const auto &k : keys)
        new QTreeWidgetItem(m_timelineKeys, {k.first, k.second});

    for (QTreeWidgetItem *section : {m_actions, m_timelineKeys}) {
        QFont bold = section->font(0);
        bold.setBold(true);
        section->setFont(0, bold);
        section->setFirstColumnSpanned(true);
        section->setFlags(Qt::ItemIsEnabled);
    }
    m_tree->expandAll();
    m_tree->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_tree->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_tree->setItemsExpandable(false);

    connect(m_filter, &QLineEdit::textChanged, this, &ShortcutsDialog::applyFilter);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_filter);
    layout->addWidget(m_tree, 1);
    layout->addWidget(buttons);
    resize(760, 640);
}

void ShortcutsDialog::applyFilter(const QString &text)
{
    const QString needle = text.trimmed();
    for (QTreeWidgetItem *section : {m_actions, m_timelineKeys}) {
        int shown = 0;
        for (int i = 0; i < section->childCount(); ++i) {
            QTreeWidgetItem *row = section->child(i);
            const bool match = needle.isEmpty() || row->text(0).contains(needle, Qt::CaseInsensitive)
                || row->text(1).contains(needle, Qt::CaseInsensitive)
                || row->text(2).contains(needle, Qt::CaseInsensitive);
            row->setHidden(!match);
            shown += match ? 1 : 0;
        }
        section->setHidden(shown == 0);
    }
}

} // namespace lanescope
