// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/WarningBanner.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QFont>
#include <QPushButton>
#include <QVBoxLayout>
#include <QStyle>
#include <QToolButton>

namespace lanescope {

WarningBanner::WarningBanner(QWidget *parent)
    : QFrame(parent)
    , m_mode(new QLabel(this))
    , m_icon(new QLabel(this))
    , m_text(new QLabel(this))
    , m_notice(new QLabel(this))
    , m_noticeButton(new QPushButton(this))
    , m_close(new QToolButton(this))
    , m_more(new QToolButton(this))
{
    setObjectName(QStringLiteral("WarningBanner"));
    setFrameShape(QFrame::StyledPanel);
    // A fixed amber, not a palette role: it must stand out in light and dark themes alike.
    setStyleSheet(QStringLiteral("#WarningBanner { background: #fff3cd; border: 1px solid #e0b84c; }"
                                 "#WarningBanner QLabel { color: #5c4300; }"));
    setAutoFillBackground(true);

    const int iconSize = style()->pixelMetric(QStyle::PM_SmallIconSize);
    m_icon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(iconSize, iconSize));
    m_icon->setAlignment(Qt::AlignTop);
    // The icon and the close button keep their size; the text takes the rest of the width (a long
    // warning list otherwise wrapped into a column a few words wide beside a wide empty icon cell).
    m_icon->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Preferred);
    m_close->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
    m_text->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    m_text->setTextFormat(Qt::PlainText);
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_close->setAutoRaise(true);
    m_close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    m_close->setToolTip(tr("Dismiss these warnings"));
    m_close->setAccessibleName(tr("Dismiss"));

    m_mode->setObjectName(QStringLiteral("bannerMode"));
    m_mode->setTextFormat(Qt::PlainText);
    m_mode->setWordWrap(true);
    m_mode->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    m_mode->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont bold = m_mode->font();
    bold.setBold(true);
    m_mode->setFont(bold);
    m_mode->hide();
    m_notice->setTextFormat(Qt::PlainText);
    m_notice->setWordWrap(true);
    m_notice->hide();
    m_noticeButton->hide();
    connect(m_noticeButton, &QPushButton::clicked, this, &WarningBanner::noticeActionTriggered);

    auto *noticeRow = new QHBoxLayout;
    noticeRow->setContentsMargins(0, 0, 0, 0);
    noticeRow->addWidget(m_notice, 1);
    noticeRow->addWidget(m_noticeButton);
    auto *texts = new QVBoxLayout;
    texts->setContentsMargins(0, 0, 0, 0);
    texts->addWidget(m_mode);
    texts->addLayout(noticeRow);
    texts->addWidget(m_text);
    // A log_dir of many sessions or a folder of ranks brings a dozen notes: the list folds so the
    // timeline keeps its room, one click away from the whole.
    m_more->setAutoRaise(true);
    m_more->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_more->hide();
    connect(m_more, &QToolButton::clicked, this, [this] {
        m_expanded = !m_expanded;
        showWarningText();
    });
    texts->addWidget(m_more, 0, Qt::AlignLeft);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 4, 4);
    layout->addWidget(m_icon);
    layout->addLayout(texts, 1);
    layout->addWidget(m_close, 0, Qt::AlignTop);

    connect(m_close, &QToolButton::clicked, this, [this] {
        m_noticeText.clear(); // a dismissed notice is gone, not waiting behind the next warnings
        m_notice->hide();
        m_noticeButton->hide();
        hide();
        emit dismissed();
    });
    setVisible(false);
}

void WarningBanner::setWarnings(const QStringList &warnings)
{
    m_warnings.clear();
    for (const QString &w : warnings)
        if (!m_warnings.contains(w))
            m_warnings << w;
    m_expanded = false;
    showWarningText();
}

void WarningBanner::showWarningText()
{
    const QStringList &warnings = m_warnings;
    if (warnings.isEmpty()) {
        m_text->clear();
        m_text->hide();
        m_more->hide();
        m_folded = false;
        updateVisibility();
        return;
    }
    QStringList lines;
    lines << (warnings.size() == 1 ? tr("The trace loaded with %n warning:", nullptr, 1)
                                   : tr("The trace loaded with %n warnings:", nullptr, int(warnings.size())));
    // Folded only where it saves lines: more than one left out.
    const bool long_ = warnings.size() > kFoldedWarnings + 1;
    m_folded = long_ && !m_expanded;
    const qsizetype shown = m_folded ? kFoldedWarnings : warnings.size();
    for (qsizetype i = 0; i < shown; ++i)
        lines << QStringLiteral("• ") + warnings[i];
    m_text->setText(lines.join(QLatin1Char('\n')));
    m_text->show();
    if (long_) {
        const int left = int(warnings.size() - kFoldedWarnings);
        m_more->setText(m_expanded ? tr("Show fewer") : tr("Show %n more", nullptr, left));
        m_more->show();
    } else {
        m_more->hide();
    }
    updateVisibility();
}

void WarningBanner::setNotice(const QString &message, const QString &actionText)
{
    m_noticeText = message;
    m_notice->setText(message);
    m_notice->setVisible(!message.isEmpty());
    m_noticeButton->setText(actionText);
    m_noticeButton->setVisible(!message.isEmpty() && !actionText.isEmpty());
    updateVisibility();
}

void WarningBanner::setMode(const QString &message)
{
    if (message == m_modeText)
        return;
    m_modeText = message;
    m_mode->setText(message);
    m_mode->setVisible(!message.isEmpty());
    updateVisibility();
}

void WarningBanner::updateVisibility() { setVisible(!m_warnings.isEmpty() || !m_noticeText.isEmpty() || !m_modeText.isEmpty()); }

QString WarningBanner::text() const { return m_text->text(); }

} // namespace lanescope
