// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The window's pictures: File > Export Picture (its dialog), Edit > Copy Picture and File > Report…
// (its dialog), each the picture of what the timeline shows (its window and lanes) drawn by the
// one renderer (render/PictureExport), with the runs' figures as the session holds them.
#include <QObject>
#include <QPageLayout>
#include <QPageSize>
#include <QString>
#include <QStringList>

namespace lanescope {

class MainWindow;

class PictureActions : public QObject
{
    Q_OBJECT
public:
    explicit PictureActions(MainWindow *window);

    struct ExportRequest
    {
        QString path;
        int width = 0;      // 0: the timeline's width
        qreal scale = 1;    // PNG pixel ratio
        int lanes = 0;      // ExportDialog::Lanes
        bool metrics = true;
        QString title;
    };
    bool exportPicture(const ExportRequest &request, QString *error);
    void copyPicture(); // the PNG of the timeline's window on the clipboard
    // One landscape PDF page with the picture of the timeline's window, the runs and the metrics
    // table (a comparison's with the comparison dock's deltas). False with *error while nothing is
    // shown or the figures are still being measured.
    // drawn: every line of text the page says (ReportExport::write), for tests.
    bool writeReport(const QString &path, QPageSize::PageSizeId page, QString *error, QStringList *drawn = nullptr,
                     QPageLayout::Orientation orientation = QPageLayout::Landscape);

    void showExportDialog();
    void showReportDialog();

    // The folder Export Picture and Report propose: the last one written to (QSettings "exportDir"),
    // else the user's Pictures folder for a picture, Documents for a report, else home; never the
    // trace's own folder, which may be shared or read-only, unless the user wrote there before.
    enum class Kind { Picture, Report };
    static QString proposedFolder(Kind kind);
    static void rememberFolder(const QString &writtenPath);

signals:
    void status(const QString &text); // for the window's status line

private:
    // The default file name of a picture or report, without its ending: the runs' names.
    QString fileStem() const;

    MainWindow *m_window;
};

} // namespace lanescope
