// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/AppStyle.h"

#include <QApplication>
#include <QPainter>
#include <QPainterPath>
#include <QStyleFactory>
#include <QStyleOption>

#include <cmath>

namespace lanescope {

namespace {

double luminance(const QColor &c)
{
    const auto channel = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}

bool isDark(const QColor &c) { return luminance(c) < 0.2; }

} // namespace

AppStyle::AppStyle()
    : QProxyStyle(QStyleFactory::create(QApplication::style()->name()))
{
}

double AppStyle::contrast(const QColor &a, const QColor &b)
{
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QColor AppStyle::indicatorFrame(const QPalette &palette)
{
    // 60 % of the way: the antialiased ring of a radio button keeps 3:1 where it is drawn thinnest.
    const QColor base = palette.color(QPalette::Base), text = palette.color(QPalette::Text);
    const auto mix = [](float b, float t) { return b + 0.6f * (t - b); };
    return QColor::fromRgbF(mix(base.redF(), text.redF()), mix(base.greenF(), text.greenF()), mix(base.blueF(), text.blueF()));
}

void AppStyle::drawPrimitive(PrimitiveElement element, const QStyleOption *option, QPainter *painter, const QWidget *widget) const
{
    QProxyStyle::drawPrimitive(element, option, painter, widget);
    const bool box = element == PE_IndicatorCheckBox, radio = element == PE_IndicatorRadioButton;
    if (!(box || radio) || baseStyle()->name().compare(QLatin1String("fusion"), Qt::CaseInsensitive) != 0
        || !isDark(option->palette.color(QPalette::Base)))
        return;
    // Fusion's keyboard focus frame stays as it is drawn.
    if ((option->state & State_HasFocus) && (option->state & State_KeyboardFocusChange))
        return;
    // Over Fusion's own frame, on the same geometry (qfusionstyle.cpp).
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, true);
    painter->setBrush(Qt::NoBrush);
    QColor frame = indicatorFrame(option->palette);
    if (!(option->state & State_Enabled))
        frame.setAlphaF(0.5);
    painter->setPen(QPen(frame, 1));
    if (box) {
        painter->translate(0.5, 0.5);
        painter->drawRect(option->rect.adjusted(0, 0, -1, -1));
    } else {
        const QRect r = option->rect;
        const QPointF centre = QPointF(r.center()) + QPointF(1, 1);
        const qreal radius = (r.width() + (r.width() + 1) % 2) / 2.0 - 1;
        QPainterPath circle;
        circle.addEllipse(centre, radius, radius);
        painter->translate(-0.5, -0.5);
        painter->drawPath(circle);
    }
    painter->restore();
}

void installAppStyle() { QApplication::setStyle(new AppStyle); }

} // namespace lanescope
