// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The file dialogs of the window, as QFileDialog's static functions open them, at a size to read a
// folder in: where the desktop has no dialog of its own, Qt's opened about 470 px wide, its Type
// column cut to "Gzi…ive". A desktop's own dialog sizes itself.
#include <QString>
#include <QStringList>

class QFileDialog;
class QWidget;

namespace lanescope::FileDialogs {

QString getOpenFileName(QWidget *parent, const QString &caption, const QString &dir, const QString &filter);
QStringList getOpenFileNames(QWidget *parent, const QString &caption, const QString &dir, const QString &filter);
QString getSaveFileName(QWidget *parent, const QString &caption, const QString &dir, const QString &filter);
QString getExistingDirectory(QWidget *parent, const QString &caption, const QString &dir);

// The size and columns every one of them gets: at least kMinWidth x kMinHeight px where the screen
// has room, the Type column wide enough for a type's name.
void prepare(QFileDialog *dialog);
constexpr int kMinWidth = 960;
constexpr int kMinHeight = 600;

} // namespace lanescope::FileDialogs
