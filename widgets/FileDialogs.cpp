// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/FileDialogs.h"

#include <QFileDialog>
#include <QHeaderView>
#include <QScreen>
#include <QTreeView>

#include <algorithm>

namespace lanescope::FileDialogs {

void prepare(QFileDialog *dialog)
{
    QSize size(std::max(dialog->width(), kMinWidth), std::max(dialog->height(), kMinHeight));
    const QWidget *parent = dialog->parentWidget();
    if (const QScreen *screen = parent ? parent->screen() : dialog->screen())
        size = size.boundedTo(screen->availableGeometry().size() - QSize(32, 64)); // the frame and title bar
    dialog->resize(size);
    // Qt's own dialog (no desktop dialog): in its detail view the name takes about half the width
    // (trace names are long), the Type ("Gzip archive") and Date Modified columns their text whole.
    if (auto *tree = dialog->findChild<QTreeView *>(QStringLiteral("treeView"))) {
        QHeaderView *h = tree->header();
        const int ch = tree->fontMetrics().averageCharWidth();
        if (h->count() > 3) {
            h->resizeSection(0, std::max(h->sectionSize(0), size.width() * 9 / 20));
            h->resizeSection(2, std::max(h->sectionSize(2), ch * 24));
            h->resizeSection(3, std::max(h->sectionSize(3), ch * 26));
        }
    }
}

namespace {

QStringList run(QFileDialog &d)
{
    prepare(&d);
    return d.exec() == QDialog::Accepted ? d.selectedFiles() : QStringList();
}

} // namespace

QString getOpenFileName(QWidget *parent, const QString &caption, const QString &dir, const QString &filter)
{
    QFileDialog d(parent, caption, dir, filter);
    d.setAcceptMode(QFileDialog::AcceptOpen);
    d.setFileMode(QFileDialog::ExistingFile);
    return run(d).value(0);
}

QStringList getOpenFileNames(QWidget *parent, const QString &caption, const QString &dir, const QString &filter)
{
    QFileDialog d(parent, caption, dir, filter);
    d.setAcceptMode(QFileDialog::AcceptOpen);
    d.setFileMode(QFileDialog::ExistingFiles);
    return run(d);
}

QString getSaveFileName(QWidget *parent, const QString &caption, const QString &dir, const QString &filter)
{
    QFileDialog d(parent, caption, dir, filter);
    d.setAcceptMode(QFileDialog::AcceptSave);
    d.setFileMode(QFileDialog::AnyFile);
    return run(d).value(0);
}

QString getExistingDirectory(QWidget *parent, const QString &caption, const QString &dir)
{
    QFileDialog d(parent, caption, dir);
    d.setAcceptMode(QFileDialog::AcceptOpen);
    d.setFileMode(QFileDialog::Directory);
    d.setOption(QFileDialog::ShowDirsOnly, true);
    return run(d).value(0);
}

} // namespace lanescope::FileDialogs
