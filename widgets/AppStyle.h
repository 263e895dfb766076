// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The application's style: the platform's, with the frame of check boxes and radio buttons drawn in
// a colour that stands out from the field behind it where the base style is Fusion (Qt's own, used
// where the desktop has no theme). Fusion draws that frame a shade darker than the window colour,
// which on a dark palette is about the colour of the field itself: an unchecked box all but vanished.
#include <QColor>
#include <QProxyStyle>

class QPalette;

namespace lanescope {

class AppStyle : public QProxyStyle
{
    Q_OBJECT
public:
    AppStyle(); // over the application's style as it is
    void drawPrimitive(PrimitiveElement element, const QStyleOption *option, QPainter *painter, const QWidget *widget = nullptr) const override;

    // The indicator frame's colour on `palette`: 60 % of the way from its base to its text colour,
    // a contrast of at least 3:1 on a dark base (WCAG's for the parts of a control).
    static QColor indicatorFrame(const QPalette &palette);
    // WCAG's contrast ratio of two colours (1 to 21).
    static double contrast(const QColor &a, const QColor &b);
};

// Installs AppStyle over the application's style (main() calls it once; tests too).
void installAppStyle();

} // namespace lanescope
