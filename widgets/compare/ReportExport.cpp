// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/compare/ReportExport.h"

#include "core/io/InputFile.h"
#include "widgets/render/AnnotationPainter.h"
#include "widgets/render/LaneLayout.h"
#include "widgets/render/TimelineRenderer.h"

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
#include <cmath>

namespace lanescope {

namespace {

// Sizes in pixels of the 72-dpi page, that is in points: a point size would be measured at the
// screen's resolution (96 dpi offscreen), a third wider than it prints.
QFont pointFont(QFont f, qreal pt, bool bold = false)
{
    f.setPixelSize(std::max(1, qRound(pt)));
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

QSizeF ReportExport::pageSizePt(QPageSize::PageSizeId id, QPageLayout::Orientation o)
{
    const QSizeF s = QPageSize(id).size(QPageSize::Point);
    const qreal longSide = std::max(s.width(), s.height()), shortSide = std::min(s.width(), s.height());
    return o == QPageLayout::Landscape ? QSizeF(longSide, shortSide) : QSizeF(shortSide, longSide);
}

int ReportExport::pictureWidthPx(QSizeF pagePt)
{
    return int(std::floor((pagePt.width() - 2 * kMarginPt) / kPictureScale));
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

namespace {

// One pass over the report's pages: with a painter it paints them, without one it only counts
// them (the footer says "Page i of n", so the count comes first).
class Pager
{
public:
    Pager(QPainter *p, QSizeF pagePt, const ReportInput &in, int pageTotal, const std::function<void()> &nextPage)
        : m_p(p), m_page(pagePt), m_in(in), m_total(pageTotal), m_nextPage(nextPage)
    {
        m_content = QRectF(QPointF(0, 0), pagePt).adjusted(ReportExport::kMarginPt, ReportExport::kMarginPt, -ReportExport::kMarginPt,
                                                           -ReportExport::kMarginPt);
        // The footer's line at the bottom of the margin box.
        m_footerH = QFontMetricsF(pointFont(in.pictureOptions.font, ReportExport::kMinTextPt + 1)).height();
        m_bottom = m_content.bottom() - m_footerH - 4;
        m_y = m_content.top();
    }

    QStringList drawn;
    int pages() const { return m_pageNo; }

    void run()
    {
        startPage();
        heading();
        picture();
        table();
        footer();
    }

private:
    QPainter *m_p;
    QSizeF m_page;
    const ReportInput &m_in;
    int m_total;
    const std::function<void()> &m_nextPage;
    QRectF m_content;
    qreal m_footerH = 0, m_bottom = 0, m_y = 0;
    int m_pageNo = 0;
    // A timeline of thousands of lanes would print as hundreds of pages: after this many, one
    // line says how many lanes are left out.
    static constexpr int kMaxPicturePages = 20;

    qreal room() const { return m_bottom - m_y; }
    bool fresh() const { return m_y <= m_content.top(); }

    void startPage()
    {
        ++m_pageNo;
        m_y = m_content.top();
        if (m_p)
            m_p->fillRect(QRectF(QPointF(0, 0), m_page), Qt::white);
    }
    void footer()
    {
        if (!m_p)
            return;
        m_p->setFont(pointFont(m_in.pictureOptions.font, ReportExport::kMinTextPt + 1));
        m_p->setPen(QColor(0x60, 0x64, 0x6A));
        m_p->drawText(QRectF(m_content.left(), m_content.bottom() - m_footerH, m_content.width(), m_footerH), Qt::AlignRight | Qt::AlignVCenter,
                      ReportExport::tr("Page %1 of %2").arg(m_pageNo).arg(std::max(m_total, m_pageNo)));
    }
    void newPage()
    {
        footer();
        if (m_p && m_nextPage)
            m_nextPage();
        startPage();
    }

    void heading()
    {
        const QFont base = m_in.pictureOptions.font;
        const QString title = m_in.title.isEmpty() ? pictureTitle(m_in.picture, m_in.pictureOptions) : m_in.title;
        const QFont titleFont = pointFont(base, 14, true);
        const qreal titleH = QFontMetricsF(titleFont).height();
        if (m_p) {
            m_p->setPen(QColor(0x20, 0x22, 0x26));
            m_p->setFont(titleFont);
            m_p->drawText(QRectF(m_content.left(), m_y, m_content.width(), titleH), Qt::AlignLeft | Qt::AlignVCenter,
                          QFontMetricsF(titleFont).elidedText(title, Qt::ElideMiddle, m_content.width()));
        }
        drawn << title;
        m_y += titleH + 4;
        const QFont runFont = pointFont(base, 9);
        const QFontMetricsF runFm(runFont);
        for (const QString &line : m_in.runLines) {
            if (runFm.height() > room())
                newPage();
            if (m_p) {
                m_p->setFont(runFont);
                m_p->setPen(QColor(0x30, 0x33, 0x38));
                m_p->drawText(QRectF(m_content.left(), m_y, m_content.width(), runFm.height()), Qt::AlignLeft | Qt::AlignVCenter,
                              runFm.elidedText(line, Qt::ElideMiddle, m_content.width()));
            }
            drawn << line;
            m_y += runFm.height();
        }
        m_y += 6;
    }

    // The picture whole (or, with an explicit height, its first rows and the legend) at the page's y.
    void paintPicture(const PictureOptions &opt, QSize size, QStringList *labels)
    {
        const qreal s = ReportExport::kPictureScale;
        if (m_p) {
            m_p->save();
            m_p->translate(m_content.left(), m_y);
            m_p->scale(s, s);
            m_p->setClipRect(QRect(QPoint(0, 0), size));
            PictureExport::paint(*m_p, m_in.picture, opt, labels);
            m_p->restore();
            frame(opt.width * s, size.height() * s);
        }
        m_y += size.height() * s;
    }

    // A later part of the timeline: the ruler (as on screen, it stays at the top) and the lanes
    // from layout row `from`, `height` pixels of them.
    void paintLanes(const PictureOptions &opt, int from, int height)
    {
        const qreal s = ReportExport::kPictureScale;
        const QSize size(opt.width, TimelineRenderer::kTopHeight + height);
        if (m_p) {
            TimelineRenderer r;
            r.setFont(opt.font);
            r.setRuns(m_in.picture.runs);
            r.setLayout(m_in.picture.layout);
            r.setMemoryVisible(opt.memory);
            r.setViewport(size, m_in.picture.windowStart, m_in.picture.windowRange, from);
            m_p->save();
            m_p->translate(m_content.left(), m_y);
            m_p->scale(s, s);
            m_p->setClipRect(QRect(QPoint(0, 0), size));
            m_p->fillRect(QRect(QPoint(0, 0), size), Qt::white);
            r.paint(*m_p, m_in.picture.overlay);
            AnnotationPainter notes(r);
            notes.setFont(opt.font);
            notes.paint(*m_p, m_in.picture.annotations);
            m_p->restore();
            frame(opt.width * s, size.height() * s);
        }
        m_y += size.height() * s;
    }

    void frame(qreal w, qreal h)
    {
        m_p->setPen(QColor(0xC0, 0xC4, 0xCA));
        m_p->setBrush(Qt::NoBrush);
        m_p->drawRect(QRectF(m_content.left(), m_y, w, h));
    }

    // One line of text at the page's y (a continued picture's caption, the lanes left out).
    void caption(const QString &text)
    {
        const QFont f = pointFont(m_in.pictureOptions.font, 9);
        const QFontMetricsF fm(f);
        if (m_p) {
            m_p->setFont(f);
            m_p->setPen(QColor(0x30, 0x33, 0x38));
            m_p->drawText(QRectF(m_content.left(), m_y, m_content.width(), fm.height()), Qt::AlignLeft | Qt::AlignVCenter,
                          fm.elidedText(text, Qt::ElideMiddle, m_content.width()));
        }
        m_y += fm.height() + 2;
    }

    void picture()
    {
        if (m_in.picture.runs.empty())
            return;
        const qreal s = ReportExport::kPictureScale;
        PictureOptions opt = m_in.pictureOptions;
        opt.width = ReportExport::pictureWidthPx(m_page);
        opt.height = 0; // as tall as the lanes need: the pages take what does not fit on one
        opt.scale = 1;
        opt.font.setPixelSize(12);
        const QSize size = PictureExport::size(m_in.picture, opt);
        const QRect timeline = PictureExport::timelineRect(m_in.picture, opt);
        QStringList labels;
        const int minRows = 3 * LaneLayout::kRowHeight; // less room than this: start on a new page
        const int tooFew = std::min(minRows, size.height());
        if (room() < tooFew * s && !fresh())
            newPage();
        const LaneLayout *layout = m_in.picture.layout;
        if (size.height() * s <= room() || !layout) {
            paintPicture(opt, size, &labels); // on this page whole
        } else {
            // Too tall for the page: the first part with the title band and the legend, the rest
            // of the lanes on the pages after, each under the time ruler again. The lanes break at
            // the top of the first row that does not fit whole.
            const int lanesTotal = timeline.height() - TimelineRenderer::kTopHeight;
            const int legendH = size.height() - timeline.bottom() - 1;
            const int head = timeline.top() + TimelineRenderer::kTopHeight;
            const int roomPx = std::max(LaneLayout::kRowHeight, int(std::floor(room() / s)) - head - legendH);
            const int cut = layout->cutAt(roomPx).height;
            int offset = std::min(cut > 0 ? cut : roomPx, lanesTotal);
            PictureOptions first = opt;
            first.height = head + offset + legendH;
            paintPicture(first, QSize(opt.width, first.height), &labels);
            const QString title = m_in.title.isEmpty() ? pictureTitle(m_in.picture, m_in.pictureOptions) : m_in.title;
            int pictures = 1;
            while (offset < lanesTotal) {
                newPage();
                if (++pictures > kMaxPicturePages) {
                    caption(PictureExport::moreLanesText(layout->cutAt(offset).lanesLeft));
                    break;
                }
                caption(ReportExport::tr("%1 (continued)").arg(title));
                const int roomRows = std::max(LaneLayout::kRowHeight, int(std::floor(room() / s)) - TimelineRenderer::kTopHeight);
                int to = std::min(layout->cutAt(offset + roomRows).height, lanesTotal);
                if (to <= offset) // one row taller than the page: cut through it
                    to = std::min(offset + roomRows, lanesTotal);
                paintLanes(opt, offset, to - offset);
                offset = to;
            }
        }
        drawn << labels; // the annotations' labels the picture shows
        if (m_in.pictureOptions.metrics)
            for (const QString &line : PictureExport::metricsLines(m_in.picture))
                drawn << line; // drawn inside the picture's band
        m_y += 8;
    }

    void table()
    {
        const QAbstractItemModel *model = m_in.metrics;
        const std::vector<QStringList> rows = model ? ReportExport::tableText(*model) : std::vector<QStringList>();
        if (rows.empty())
            return;
        const QFont base = m_in.pictureOptions.font;
        // Each column as wide as its widest cell; when the columns do not fit the width, smaller
        // text (down to kMinTextPt), then the metric's name elided in the middle.
        qreal pt = ReportExport::kTablePt;
        std::vector<qreal> widths;
        for (;; pt -= 1) {
            const QFontMetricsF fm(pointFont(base, pt, true));
            widths.assign(rows.front().size(), 0);
            for (const QStringList &row : rows)
                for (int c = 0; c < int(row.size()) && c < int(widths.size()); ++c)
                    widths[std::size_t(c)] = std::max(widths[std::size_t(c)], fm.horizontalAdvance(row.at(c)) + 10);
            qreal total = 0;
            for (qreal w : widths)
                total += w;
            if (total <= m_content.width() || pt <= ReportExport::kMinTextPt) {
                if (total > m_content.width() && !widths.empty())
                    widths[0] = std::max(60.0, widths[0] - (total - m_content.width()));
                break;
            }
        }
        qreal tableW = 0;
        for (qreal w : widths)
            tableW += w;
        tableW = std::min(tableW, m_content.width());
        const qreal rowH = QFontMetricsF(pointFont(base, pt, true)).height() + 2;
        if (rowH * 2 > room() && !fresh())
            newPage(); // not a header alone at the foot of a page
        row(rows.front(), -1, pt, widths, tableW, rowH);
        drawn << rows.front().join(QLatin1Char('\t'));
        for (std::size_t r = 1; r < rows.size(); ++r) {
            if (rowH > room()) {
                newPage();
                row(rows.front(), -1, pt, widths, tableW, rowH); // the header again on each page
            }
            row(rows[r], int(r) - 1, pt, widths, tableW, rowH);
            drawn << rows[r].join(QLatin1Char('\t'));
        }
    }

    // One table row (modelRow -1: the header), the metric's name left, figures right, deltas in
    // the model's better/worse colours; the zebra stripes as wide as the table.
    void row(const QStringList &cells, int modelRow, qreal pt, const std::vector<qreal> &widths, qreal tableW, qreal rowH)
    {
        if (m_p) {
            const QFont base = m_in.pictureOptions.font;
            if (modelRow % 2 == 1)
                m_p->fillRect(QRectF(m_content.left(), m_y, tableW, rowH), QColor(0xF3, 0xF4, 0xF6));
            qreal x = m_content.left();
            for (int c = 0; c < int(cells.size()) && c < int(widths.size()); ++c) {
                QColor colour(0x20, 0x22, 0x26);
                bool bold = modelRow < 0;
                if (modelRow >= 0) {
                    const QModelIndex idx = m_in.metrics->index(modelRow, c);
                    const QVariant fg = m_in.metrics->data(idx, Qt::ForegroundRole);
                    if (fg.canConvert<QBrush>())
                        colour = fg.value<QBrush>().color();
                    bold = m_in.metrics->data(idx, Qt::FontRole).value<QFont>().bold();
                }
                const QFont f = pointFont(base, pt, bold);
                m_p->setFont(f);
                m_p->setPen(colour);
                const qreal w = widths[std::size_t(c)];
                const QString text = QFontMetricsF(f).elidedText(cells.at(c), Qt::ElideMiddle, w - 10);
                m_p->drawText(QRectF(x + 5, m_y, w - 10, rowH), (c == 0 ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignVCenter, text);
                x += w;
            }
            if (modelRow < 0) {
                m_p->setPen(QColor(0x90, 0x94, 0x9A));
                m_p->drawLine(QPointF(m_content.left(), m_y + rowH), QPointF(m_content.left() + tableW, m_y + rowH));
            }
        }
        m_y += rowH;
    }
};

} // namespace

int ReportExport::pageCount(const ReportInput &in, QSizeF pagePt)
{
    const std::function<void()> none;
    Pager pager(nullptr, pagePt, in, 0, none);
    pager.run();
    return pager.pages();
}

QStringList ReportExport::paint(QPainter &p, QSizeF pagePt, const ReportInput &in, const std::function<void()> &nextPage, int *pages)
{
    const int total = pageCount(in, pagePt);
    p.save();
    Pager pager(&p, pagePt, in, total, nextPage);
    pager.run();
    p.restore();
    if (pages)
        *pages = pager.pages();
    return pager.drawn;
}

QByteArray ReportExport::svg(const ReportInput &in, QPageSize::PageSizeId id, QPageLayout::Orientation o)
{
    const QSizeF s = pageSizePt(id, o);
    const int n = pageCount(in, s);
    const QSizeF all(s.width(), s.height() * n);
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator gen;
    gen.setOutputDevice(&buffer);
    gen.setSize(all.toSize());
    gen.setViewBox(QRectF(QPointF(0, 0), all));
    gen.setResolution(72); // 1 unit = 1 pt, as on the PDF page
    QPainter p(&gen);
    int page = 0;
    paint(p, s, in, [&] {
        ++page;
        p.resetTransform();
        p.translate(0, s.height() * page);
    });
    p.end();
    return buffer.data();
}

bool ReportExport::write(const QString &path, const ReportInput &in, QPageSize::PageSizeId id, QString *error, QStringList *drawn,
                         QPageLayout::Orientation o)
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
        pdf.setPageLayout(QPageLayout(QPageSize(id), o, QMarginsF(0, 0, 0, 0)));
        QPainter p;
        if (!p.begin(&pdf)) {
            file.cancelWriting();
            return fail(tr("cannot write %1: PDF output failed").arg(path));
        }
        const QStringList lines = paint(p, pageSizePt(id, o), in, [&] { pdf.newPage(); });
        p.end();
        if (drawn)
            *drawn = lines;
    }
    if (!file.commit())
        return fail(tr("cannot write %1: %2").arg(path, file.errorString()));
    return true;
}


} // namespace lanescope
