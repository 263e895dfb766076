// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A bar across the top of the window that lists what went wrong while loading (a truncated file,
// malformed events...). Shown whenever there is something to say; the user may dismiss it. A notice
// with one action button may stand above the warnings ("fsdp.json changed on disk" / "Reload").
#include <QFrame>
#include <QStringList>

class QLabel;
class QPushButton;
class QToolButton;

namespace lanescope {

class WarningBanner : public QFrame
{
    Q_OBJECT
public:
    explicit WarningBanner(QWidget *parent = nullptr);

    // Shows the banner with these warnings, or hides it when the list is empty. A warning given
    // twice (the same note of two runs' loads) is listed once; a long list shows its first
    // kFoldedWarnings lines and a button that unfolds the rest.
    static constexpr int kFoldedWarnings = 3;
    void setWarnings(const QStringList &warnings);
    bool folded() const { return m_folded; }
    QToolButton *moreButton() const { return m_more; }
    QStringList warnings() const { return m_warnings; }
    QString text() const;

    // A one-line notice above the warnings with an action button labelled actionText (none when
    // empty); noticeActionTriggered() when it is pressed. An empty message removes the notice.
    void setNotice(const QString &message, const QString &actionText = {});
    QString notice() const { return m_noticeText; }
    QPushButton *noticeButton() const { return m_noticeButton; }

    // A line on top that says how what is shown was opened (a folder shown as its summary, and
    // why): no warning, but the user must know it. Empty: none.
    void setMode(const QString &message);
    QString mode() const { return m_modeText; }

signals:
    void dismissed();
    void noticeActionTriggered();

private:
    void updateVisibility();
    void showWarningText();

    QStringList m_warnings;
    QString m_noticeText;
    QString m_modeText;
    QLabel *m_mode;
    QLabel *m_icon;
    QLabel *m_text;
    QLabel *m_notice;
    QPushButton *m_noticeButton;
    QToolButton *m_close;
    QToolButton *m_more;
    bool m_expanded = false; // the user unfolded the list
    bool m_folded = false;   // lines are left out of the text now
};

} // namespace lanescope
