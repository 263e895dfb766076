// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// File > Report…: one landscape PDF page (A4 or Letter) for a report or a ticket. From the top:
// the title, a line per run (its label and file), the picture of PictureExport (annotations
// included) scaled to the page width, and the metrics table. The table is MetricsTableModel's
// display text, cell by cell, so a comparison's values and deltas are the comparison dock's; a
// single trace gets the same rows with its values only. Lives beside MetricsTableModel (in the
// widgets library) but needs no QtWidgets: it paints on any QPaintDevice, offscreen too.
#include "widgets/render/PictureExport.h"

#include <QPageSize>
#include <QStringList>

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

    // Letter where the locale measures in US units, else A4.
    static QPageSize::PageSizeId defaultPageSize(const QLocale &locale);
    // The landscape page in points (A4: 842 x 595).
    static QSizeF pageSizePt(QPageSize::PageSizeId id);

    // The table's text as drawn: the header, then each row's cells (model display text, trimmed).
    static std::vector<QStringList> tableText(const QAbstractItemModel &model);

    // Paints the page into page (points). Returns every line of text drawn (the annotations' labels
    // in the picture among them), a table row's cells joined by tabs, so tests can read what the
    // page says without a PDF text extractor.
    static QStringList paint(QPainter &p, const QRectF &page, const ReportInput &in);
    // The page as SVG (same paint; for tests and previews).
    static QByteArray svg(const ReportInput &in, QPageSize::PageSizeId id);
    // Writes the one-page PDF atomically (QSaveFile). False with *error; the old file then stays.
    static bool write(const QString &path, const ReportInput &in, QPageSize::PageSizeId id, QString *error,
                      QStringList *drawn = nullptr);
};

} // namespace lanescope
