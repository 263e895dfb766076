// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// File > Report… and `lanescope-cli export --report`: a PDF laid out for the page (A4 or Letter,
// landscape or portrait) for a report or a ticket. From the top: the title, a line per run (its
// label and file), the picture of PictureExport (annotations included) across the printable width
// at a fixed scale (its smallest text, 10 px, prints at 7.2 pt), and the metrics table at its
// columns' widths. A picture taller than the page breaks between lanes, each page repeating the
// picture's title band and time ruler; a table longer than the page repeats its header row. Each
// page says "Page i of n". The table is MetricsTableModel's display text, cell by cell, so a
// comparison's values and deltas are the comparison dock's; a single trace gets the same rows with
// its values only. Lives beside MetricsTableModel (in the widgets library) but needs no QtWidgets:
// it paints on any QPaintDevice, offscreen too.
#include "widgets/render/PictureExport.h"

#include <QPageLayout>
#include <QPageSize>
#include <QStringList>

#include <functional>

class QAbstractItemModel;
class QLocale;

namespace lanescope {

struct ReportInput
{
    QString title;          // empty: the picture's title (comparisonTitle or defaultTitle of run 0)
    QStringList runLines;   // "baseline — /traces/fsdp-baseline.pt.trace.json", one per run
    PictureInput picture;
    PictureOptions pictureOptions;
    const QAbstractItemModel *metrics = nullptr; // a MetricsTableModel; null or empty: no table
};

class ReportExport
{
    Q_DECLARE_TR_FUNCTIONS(lanescope::ReportExport)
public:
    static constexpr qreal kMarginPt = 28;
    // Picture pixels to points: the picture's smallest text (10 px) prints at 7.2 pt, its lane
    // labels and slice names (11-12 px) at 8 to 8.6 pt.
    static constexpr qreal kPictureScale = 0.72;
    static constexpr qreal kTablePt = 8;    // the table's text
    static constexpr qreal kMinTextPt = 7;  // nothing on the page is smaller

    // Letter where the locale measures in US units, else A4.
    static QPageSize::PageSizeId defaultPageSize(const QLocale &locale);
    // The page in points (A4 landscape: 842 x 595).
    static QSizeF pageSizePt(QPageSize::PageSizeId id, QPageLayout::Orientation o = QPageLayout::Landscape);
    // The picture's width in pixels that spans the printable width of such a page at kPictureScale.
    static int pictureWidthPx(QSizeF pagePt);

    // The table's text as drawn: the header, then each row's cells (model display text, trimmed).
    static std::vector<QStringList> tableText(const QAbstractItemModel &model);

    // Paints the pages of pagePt (points each) with p; nextPage() is called between two pages (a
    // PDF writer's newPage(), or a translation for the SVG). Returns every line of text drawn once
    // (the annotations' labels in the picture among them; a repeated header is not repeated here),
    // a table row's cells joined by tabs, so tests can read what the pages say without a PDF text
    // extractor. *pages (when given): how many pages were painted.
    static QStringList paint(QPainter &p, QSizeF pagePt, const ReportInput &in, const std::function<void()> &nextPage,
                             int *pages = nullptr);
    // How many pages the report takes.
    static int pageCount(const ReportInput &in, QSizeF pagePt);
    // The pages as one SVG, stacked top to bottom (same paint; for tests and previews).
    static QByteArray svg(const ReportInput &in, QPageSize::PageSizeId id, QPageLayout::Orientation o = QPageLayout::Landscape);
    // Writes the PDF atomically (QSaveFile). False with *error; the old file then stays.
    static bool write(const QString &path, const ReportInput &in, QPageSize::PageSizeId id, QString *error,
                      QStringList *drawn = nullptr, QPageLayout::Orientation o = QPageLayout::Landscape);
};

} // namespace lanescope
