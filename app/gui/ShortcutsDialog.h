// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Help > Keyboard Shortcuts: every action of the window that has a shortcut, found by walking its
// menus, toolbars and widgets (not a hand-kept list), then the timeline's own keys and mouse
// gestures; a filter field narrows both.
#include <QDialog>
#include <QList>

class QAction;
class QLineEdit;
class QTreeWidget;
class QTreeWidgetItem;

namespace lanescope {

class ShortcutsDialog : public QDialog
{
    Q_OBJECT
public:
    explicit ShortcutsDialog(QWidget *window, QWidget *parent = nullptr);

    // The actions with a shortcut reachable in window: its menus (and their submenus), toolbars and
    // the actions added to it or any widget in it; each once, in menu order.
    static QList<QAction *> shortcutActions(const QWidget *window);
    // An action's text as shown in the list: without mnemonics ('&') and the "…" of a dialog.
    static QString plainText(const QAction *action);

    QTreeWidget *tree() const { return m_tree; }
    QLineEdit *filterEdit() const { return m_filter; }
    QTreeWidgetItem *actionSection() const { return m_actions; }
    QTreeWidgetItem *timelineSection() const { return m_timelineKeys; }

private:
    void applyFilter(const QString &text);

    QLineEdit *m_filter;
    QTreeWidget *m_tree;
    QTreeWidgetItem *m_actions;
    QTreeWidgetItem *m_timelineKeys;
};

} // namespace lanescope
