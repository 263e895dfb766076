// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/compare/ReportExport.h"

#include "core/io/InputFile.h"

#include <QAbstractItemModel>
#include <QBrush>
#include <QBuffer>
#include <QFontMetricsF>
#include <QLocale>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgGenerator>

#include <algorithm>

namespace lanescope {

namespace {

QFont pointFont(QFont f, qreal pt, bool bold = false)
{
    f.setPointSizeF(pt);
    f.setBold(bold);
    return f;
}

QString pictureTitle(const PictureInput &in, const PictureOptions &opt)
{
    if (!opt.title.isEmpty() || in.runs.empty())
        return opt.title;
    return in.labels.size() >= 2 ? PictureExport::comparisonTitle(in) : PictureExport::defaultTitle(*in.runs.front().trace);
}

} // namespace

QPageSize::PageSizeId ReportExport::defaultPageSize(const QLocale &locale)
{
    return locale.measurementSystem() == QLocale::ImperialUSSystem ? QPageSize::Letter : QPageSize::A4;
}

QSizeF ReportExport::pageSizePt(QPageSize::PageSizeId id)
{
    const QSizeF s = QPageSize(id).size(QPageSize::Point);
    return QSizeF(std::max(s.width(), s.height()), std::min(s.width(), s.height()));
}

std::vector<QStringList> ReportExport::tableText(const QAbstractItemModel &m)
{
    std::vector<QStringList> rows;
    if (m.columnCount() == 0)
        return rows;
    QStringList head;
    for (int c = 0; c < m.columnCount(); ++c)
        head << m.headerData(c, Qt::Horizontal, Qt::DisplayRole).toString();
    rows.push_back(head);
    for (int r = 0; r < m.rowCount(); ++r) {
        QStringList cells;
        for (int c = 0; c < m.columnCount(); ++c)
            cells << m.data(m.index(r, c), Qt::DisplayRole).toString().trimmed();
        rows.push_back(cells);
    }
    return rows;
}

QStringList ReportExport::paint(QPainter &p, const QRectF &page, const ReportInput &in)
{
    QStringList drawn;
    const QRectF content = page.adjusted(kMarginPt, kMarginPt, -kMarginPt, -kMarginPt);
    p.save();
    p.fillRect(page, Qt::white);
    const QFont base = in.pictureOptions.font;
    qreal y = content.top();

    // Title and the runs.
    const QString title = in.title.isEmpty() ? pictureTitle(in.picture, in.pictureOptions) : in.title;
    p.setPen(QColor(0x20, 0x22, 0x26));
    p.setFont(pointFont(base, 14, true));
    const qreal titleH = QFontMetricsF(p.font()).height();
    p.drawText(QRectF(content.left(), y, content.width(), titleH), Qt::AlignLeft | Qt::AlignVCenter,
               QFontMetricsF(p.font()).elidedText(title, Qt::ElideMiddle, content.width()));
    drawn << title;
    y += titleH + 4;
    p.setFont(pointFont(base, 8.5));
    p.setPen(QColor(0x30, 0x33, 0x38));
    const QFontMetricsF runFm(p.font());
    for (const QString &line : in.runLines) {
        p.drawText(QRectF(content.left(), y, content.width(), runFm.height()), Qt::AlignLeft | Qt::AlignVCenter,
                   runFm.elidedText(line, Qt::ElideMiddle, content.width()));
        drawn << line;
        y += runFm.height();
    }
    y += 6;

    // The table's size first: the picture takes what is left above it. Fewer points per row
    // (down to 6) when a comparison of many runs would not fit the width or a third of the height.
    const std::vector<QStringList> table = in.metrics ? tableText(*in.metrics) : std::vector<QStringList>();
    qreal pt = 8;
    std::vector<qreal> widths;
    qreal rowH = 0;
    for (; !table.empty(); pt -= 0.5) {
        const QFontMetricsF fm(pointFont(base, pt, true));
        widths.assign(table.front().size(), 0);
        for (const QStringList &row : table)
            for (int c = 0; c < int(row.size()) && c < int(widths.size()); ++c)
                widths[std::size_t(c)] = std::max(widths[std::size_t(c)], fm.horizontalAdvance(row.at(c)) + 10);
        rowH = fm.height() + 2;
        qreal total = 0;
        for (qreal w : widths)
            total += w;
        if (pt <= 6 || (total <= content.width() && rowH * qreal(table.size()) <= content.height() / 3))
            break;
    }
    const qreal tableH = table.empty() ? 0 : rowH * qreal(table.size()) + 8;

    // The picture, scaled to the page width (or to the height left, whichever is smaller).
    if (!in.picture.runs.empty()) {
        const QSize s = PictureExport::size(in.picture, in.pictureOptions);
        const qreal avail = content.bottom() - tableH - y;
        const qreal scale = std::min(content.width() / s.width(), std::max(avail, 1.0) / s.height());
        p.save();
        p.translate(content.left(), y);
        p.scale(scale, scale);
        p.setClipRect(QRect(QPoint(0, 0), s));
        QStringList labels;
        PictureExport::paint(p, in.picture, in.pictureOptions, &labels);
        p.restore();
        drawn << labels; // the annotations' labels the picture shows
        p.setPen(QColor(0xC0, 0xC4, 0xCA));
        p.drawRect(QRectF(content.left(), y, s.width() * scale, s.height() * scale));
        if (in.pictureOptions.metrics)
            for (const QString &line : PictureExport::metricsLines(in.picture))
                drawn << line; // drawn inside the picture's band
        y += s.height() * scale + 8;
    }

    // The table: the metric's name left, figures right, deltas in the model's better/worse colours.
    for (std::size_t r = 0; r < table.size(); ++r) {
        const QStringList &row = table[r];
        const qreal top = y + rowH * qreal(r);
        if (r % 2 == 1)
            p.fillRect(QRectF(content.left(), top, content.width(), rowH), QColor(0xF3, 0xF4, 0xF6));
        qreal x = content.left();
        for (int c = 0; c < int(row.size()); ++c) {
            QColor colour(0x20, 0x22, 0x26);
            bool bold = r == 0;
            if (r > 0) {
                const QModelIndex idx = in.metrics->index(int(r) - 1, c);
                const QVariant fg = in.metrics->data(idx, Qt::ForegroundRole);
                if (fg.canConvert<QBrush>())
                    colour = fg.value<QBrush>().color();
                bold = in.metrics->data(idx, Qt::FontRole).value<QFont>().bold();
            }
            p.setFont(pointFont(base, pt, bold));
            p.setPen(colour);
            const qreal w = widths[std::size_t(c)];
            p.drawText(QRectF(x + 5, top, w - 10, rowH), (c == 0 ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignVCenter, row.at(c));
            x += w;
        }
        if (r == 0) {
            p.setPen(QColor(0x90, 0x94, 0x9A));
            p.drawLine(QPointF(content.left(), top + rowH), QPointF(x, top + rowH));
        }
        drawn << row.join(QLatin1Char('\t'));
    }
    p.restore();
    return drawn;
}

QByteArray ReportExport::svg(const ReportInput &in, QPageSize::PageSizeId id)
{
    const QSizeF s = pageSizePt(id);
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator gen;
    gen.setOutputDevice(&buffer);
    gen.setSize(s.toSize());
    gen.setViewBox(QRectF(QPointF(0, 0), s));
    gen.setResolution(72); // 1 unit = 1 pt, as on the PDF page
    QPainter p(&gen);
    paint(p, QRectF(QPointF(0, 0), s), in);
    p.end();
    return buffer.data();
}

bool ReportExport::write(const QString &path, const ReportInput &in, QPageSize::PageSizeId id, QString *error,
                         QStringList *drawn)
{
    auto fail = [&](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    if (in.picture.runs.empty())
        return fail(tr("nothing to report: open a trace first"));
    // A temporary file renamed over the old one on commit: a failed write leaves the old report.
    // Only a regular file is replaced (never a FIFO, a device, nor a link's target).
    if (const QString why = io::notAReplaceableOutput(path); !why.isEmpty())
        return fail(why);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return fail(tr("cannot write %1: %2").arg(path, file.errorString()));
    {
        QPdfWriter pdf(&file);
        pdf.setCreator(QStringLiteral("Lanescope"));
        pdf.setTitle(in.title.isEmpty() ? pictureTitle(in.picture, in.pictureOptions) : in.title);
        pdf.setResolution(72);
        pdf.setPageLayout(QPageLayout(QPageSize(id), QPageLayout::Landscape, QMarginsF(0, 0, 0, 0)));
        QPainter p;
        if (!p.begin(&pdf)) {
            file.cancelWriting();
            return fail(tr("cannot write %1: PDF output failed").arg(path));
        }
        const QStringList lines = paint(p, QRectF(QPointF(0, 0), pageSizePt(id)), in);
        p.end();
        if (drawn)
            *drawn = lines;
    }
    if (!file.commit())
        return fail(tr("cannot write %1: %2").arg(path, file.errorString()));
    return true;
}

} // namespace lanescope
