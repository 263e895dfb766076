// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// File > Export Picture: where to, which format (by the file's suffix: PNG, SVG, PDF), how large,
// which lanes, and whether the headline figures go in the title band. The picture itself is drawn
// by PictureExport (widgets/render) at the chosen size, never grabbed from the screen.
#include <QDialog>

class QCheckBox;
class QComboBox;
class QLineEdit;
class QSpinBox;

namespace lanescope {

class ExportDialog : public QDialog
{
    Q_OBJECT
public:
    enum class Size { Window, Window2x, Width };
    enum class Lanes { AsShown, Gpu, All };

    ExportDialog(const QString &suggestedPath, int windowWidth, QWidget *parent = nullptr);

    QString path() const;
    Size size() const;
    int width() const; // logical px for Size::Width; the window's width otherwise
    Lanes lanes() const;
    bool metrics() const;
    QString title() const; // empty: the default title

    void setPath(const QString &path);

private:
    void browse();
    void updateState();

    int m_windowWidth;
    QLineEdit *m_path;
    QComboBox *m_size;
    QSpinBox *m_width;
    QComboBox *m_lanes;
    QCheckBox *m_metrics;
    QLineEdit *m_title;
};

} // namespace lanescope
