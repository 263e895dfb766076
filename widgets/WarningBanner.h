#pragma once
// A bar across the top of the window that lists what went wrong while loading (a truncated file,
// malformed events...). Shown whenever there is something to say; the user may dismiss it.
#include <QFrame>
#include <QStringList>

class QLabel;
class QToolButton;

namespace lanescope {

class WarningBanner : public QFrame
{
    Q_OBJECT
public:
    explicit WarningBanner(QWidget *parent = nullptr);

    // Shows the banner with these warnings, or hides it when the list is empty.
    void setWarnings(const QStringList &warnings);
    QStringList warnings() const { return m_warnings; }
    QString text() const;

signals:
    void dismissed();

private:
    QStringList m_warnings;
    QLabel *m_icon;
    QLabel *m_text;
    QToolButton *m_close;
};

} // namespace lanescope
