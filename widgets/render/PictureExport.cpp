// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/render/PictureExport.h"

#include "core/analysis/text/FigureText.h"
#include "core/io/InputFile.h"

#include "widgets/render/AnnotationPainter.h"
#include "widgets/render/GapCauseStyle.h"
#include "widgets/render/LaneLayout.h"
#include "widgets/render/Palette.h"

#include <QFileInfo>
#include <QFontMetrics>
#include <QLocale>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgGenerator>

#include <algorithm>
#include <cmath>
#include <limits>

namespace lanescope {

namespace {

struct LegendItem
{
    QColor color;
    QString text;
    bool line = false;
};

std::vector<LegendItem> legendItems(const TimelineRenderer &r, const RenderOverlay &o)
{
    std::vector<LegendItem> items;
    for (int c = 0; c < int(SliceClass::Count); ++c)
        if (r.drawnClasses()[std::size_t(c)])
            items.push_back({Palette::color(SliceClass(c)), Palette::label(SliceClass(c)), false});
    if (r.drewMemory())
        items.push_back({Palette::memoryAllocated(), QCoreApplication::translate("lanescope::LegendWidget", "Memory allocated"), true});
    if (r.drewReserved()) // only where the trace records it and its line is drawn
        items.push_back({Palette::memoryReserved(), QCoreApplication::translate("lanescope::LegendWidget", "Memory reserved"), true});
    if (r.drewSpikes())
        items.push_back({Palette::memorySpike(),
                         QCoreApplication::translate("lanescope::LegendWidget", "Memory spike (allocated and freed within 20 ms)"), true});
    if (o.gapRun >= 0)
        items.push_back({GapCauseStyle::color(o.gap.cause), GapCauseStyle::label(o.gap.cause), false});
    return items;
}

QFont sized(QFont f, int px, bool bold = false)
{
    f.setPixelSize(px);
    f.setBold(bold);
    return f;
}

// Lays out the legend in rows of `width`; returns the rows' count (draws when p is non-null).
int layoutLegend(QPainter *p, const std::vector<LegendItem> &items, const QFont &font, int x0, int y0, int width)
{
    const QFontMetrics fm(font);
    int x = x0, row = 0;
    for (const LegendItem &it : items) {
        const int w = 18 + 6 + fm.horizontalAdvance(it.text) + 18;
        if (x > x0 && x + w > x0 + width) {
            x = x0;
            ++row;
        }
        if (p) {
            const int cy = y0 + row * PictureExport::kLegendRowHeight + PictureExport::kLegendRowHeight / 2;
            if (it.line) {
                p->fillRect(QRect(x, cy - 1, 18, 3), it.color);
            } else {
                p->fillRect(QRect(x, cy - 6, 18, 12), it.color);
                p->setPen(it.color.darker(130));
                p->drawRect(QRect(x, cy - 6, 17, 11));
            }
            p->setPen(QColor(0x30, 0x33, 0x38));
            p->drawText(QPoint(x + 24, cy + fm.ascent() / 2 - 1), it.text);
        }
        x += w;
    }
    return items.empty() ? 0 : row + 1;
}

// The renderer set up for the picture's timeline area of `size` (the whole layout, no scroll).
void setUp(TimelineRenderer &r, const PictureInput &in, const PictureOptions &opt, QSize size)
{
    r.setFont(opt.font);
    r.setRuns(in.runs);
    r.setLayout(in.layout);
    r.setMemoryVisible(opt.memory);
    r.setViewport(size, in.windowStart, in.windowRange, 0);
}

int bandHeight(const PictureOptions &opt, int metricLines)
{
    return PictureExport::kMargin + PictureExport::kTitleHeight + (opt.metrics ? metricLines * PictureExport::kMetricsHeight : 0);
}

// The device pixel ratio a PNG is drawn at (image()), which the budget counts in.
qreal effectiveScale(const PictureOptions &opt) { return std::max<qreal>(0.25, opt.scale); }

int devicePixelsOf(int logical, qreal scale) { return int(std::ceil(logical * scale)); }

// The tallest logical height a picture `width` wide at `scale` may have within the budget.
int maxLogicalHeight(int width, qreal scale)
{
    const qint64 rows = PictureExport::kMaxDevicePixels / std::max<qint64>(1, devicePixelsOf(width, scale));
    int h = int(std::min<qint64>(rows, std::numeric_limits<int>::max()) / scale);
    while (h > 0 && devicePixelsOf(h, scale) > rows) // floating-point rounding
        --h;
    return h;
}

} // namespace

PictureExport::Format PictureExport::formatOf(const QString &path)
{
    const QString s = QFileInfo(path).suffix().toLower();
    if (s == QLatin1String("png"))
        return Format::Png;
    if (s == QLatin1String("svg"))
        return Format::Svg;
    if (s == QLatin1String("pdf"))
        return Format::Pdf;
    return Format::Unknown;
}

RenderOverlay PictureExport::pictureOverlay(const RenderOverlay &shown)
{
    RenderOverlay o;
    o.highlight = shown.highlight;
    o.search = shown.search;
    for (const OverlayLayer &layer : shown.layers)
        if (layer.inPictures)
            o.layers.push_back(layer);
    return o;
}

QString PictureExport::defaultTitle(const Trace &t)
{
    QStringList parts;
    parts << QFileInfo(t.path).fileName();
    if (t.rank >= 0)
        parts << (t.worldSize > 0 ? tr("rank %1/%2").arg(t.rank).arg(t.worldSize) : tr("rank %1").arg(t.rank));
    const std::vector<const DeviceInfo *> gpus = t.tracedDevices(); // not the node's other GPUs
    if (!gpus.empty())
        parts << (gpus.size() > 1 ? tr("%1 × %2").arg(gpus.size()).arg(gpus[0]->name) : gpus[0]->name);
    return parts.join(QStringLiteral(" · "));
}

QString PictureExport::metricsLine(const analysis::AnalysisResult &r)
{
    // The run's figures as every surface spells them (analysis/FigureText.h).
    namespace figure = analysis::figure;
    const analysis::RunFigures &f = r.figures;
    QStringList parts;
    if (f.stepTimeNs)
        parts << tr("step %1").arg(figure::stepTime(*f.stepTimeNs));
    // A model that is no transformer: its throughput beside the step time (no MFU for it).
    if (f.samplesPerSPerGpu)
        parts << tr("%1 samples/s/GPU").arg(figure::samplesPerS(*f.samplesPerSPerGpu));
    // The analysis dock's lead figure (compute-stream idle over the analysed steps), named as such;
    // all-GPU idle where there is no compute stream to measure.
    if (f.computeIdlePct)
        parts << tr("compute-stream idle %1").arg(figure::pct(*f.computeIdlePct));
    else
        parts << tr("all-GPU idle %1").arg(figure::pct(f.idlePct));
    if (r.temporal.communication > 0)
        parts << tr("comm/compute overlap %1").arg(figure::pct(f.commCompOverlapPct));
    // The listed gaps under the threshold and filter they were measured with (the figures' scope).
    if (f.gapCount == 0)
        parts << tr("no %1").arg(figure::gapScope(f.scope));
    else
        parts << tr("%1: %2 (%3)").arg(figure::gapScope(f.scope), figure::count(double(f.gapCount)), figure::ms(double(f.gapTotalNs)));
    if (f.mfuPct)
        parts << tr("MFU %1").arg(figure::pct(*f.mfuPct));
    return parts.join(QStringLiteral(" · "));
}

QStringList PictureExport::metricsLines(const PictureInput &in)
{
    QStringList lines;
    if (in.labels.size() >= 2) {
        for (int i = 0; i < int(in.labels.size()); ++i)
            if (i < int(in.analyses.size()) && in.analyses[std::size_t(i)])
                lines << tr("%1: %2").arg(in.labels.at(i), metricsLine(*in.analyses[std::size_t(i)]));
        return lines;
    }
    if (in.analysis)
        lines << metricsLine(*in.analysis);
    return lines;
}

QString PictureExport::comparisonTitle(const PictureInput &in)
{
    QStringList parts{in.labels.join(tr(" vs "))};
    if (!in.runs.empty() && !in.runs.front().trace->devices.empty())
        parts << in.runs.front().trace->devices.front().name;
    return parts.join(QStringLiteral(" · "));
}

PictureExport::Geometry PictureExport::geometry(const PictureInput &in, const PictureOptions &opt)
{
    Geometry g;
    g.top = bandHeight(opt, int(metricsLines(in).size()));
    const int timelineFull = TimelineRenderer::kTopHeight + (in.layout ? in.layout->totalHeight() : 0);
    // The legend lists what the timeline draws: one walk over the visible slices (clipped to one
    // pixel, so nothing is rasterised) tells which classes and curves appear.
    TimelineRenderer r;
    setUp(r, in, opt, QSize(opt.width, timelineFull));
    QImage scratch(QSize(1, 1), QImage::Format_ARGB32_Premultiplied);
    {
        QPainter p(&scratch);
        p.setClipRect(QRect(0, 0, 1, 1));
        r.paintBase(p);
    }
    g.legendRows = layoutLegend(nullptr, legendItems(r, in.overlay), sized(opt.font, 12), kMargin, 0, opt.width - 2 * kMargin);
    const int legendH = g.legendRows * kLegendRowHeight + kMargin;
    g.timeline = QRect(0, g.top, opt.width, timelineFull);
    if (opt.height > 0) {
        g.timeline.setHeight(std::max(TimelineRenderer::kTopHeight + 1, opt.height - g.top - legendH));
    } else if (in.layout && g.top + timelineFull + legendH > maxLogicalHeight(opt.width, effectiveScale(opt))) {
        // As tall as the lanes need, within the pixel budget: cut at a row boundary, and the
        // lanes below summarised in one row.
        const int room = maxLogicalHeight(opt.width, effectiveScale(opt)) - g.top - legendH - TimelineRenderer::kTopHeight
                         - kMoreLanesHeight;
        const LaneLayout::Cut cut = in.layout->cutAt(std::max(0, room));
        g.lanesLeftOut = cut.lanesLeft;
        g.timelineDrawn = TimelineRenderer::kTopHeight + cut.height;
        g.timeline.setHeight(g.timelineDrawn + kMoreLanesHeight);
    }
    if (g.timelineDrawn == 0)
        g.timelineDrawn = g.timeline.height();
    g.size = QSize(opt.width, opt.height > 0 ? opt.height : g.top + g.timeline.height() + legendH);
    return g;
}

QRect PictureExport::timelineRect(const PictureInput &in, const PictureOptions &opt) { return geometry(in, opt).timeline; }

int PictureExport::lanesLeftOut(const PictureInput &in, const PictureOptions &opt) { return geometry(in, opt).lanesLeftOut; }

QString PictureExport::moreLanesText(int lanes) { return tr("+%1 more lanes").arg(lanes); }

qint64 PictureExport::devicePixels(QSize logical, qreal scale)
{
    return qint64(devicePixelsOf(logical.width(), scale)) * qint64(devicePixelsOf(logical.height(), scale));
}

QString PictureExport::sizeError(QSize logical, qreal scale)
{
    const qint64 px = devicePixels(logical, scale);
    if (px <= kMaxDevicePixels)
        return {};
    return tr("a %1 x %2 px picture at scale %3 has %4 device pixels, more than the %5 (2^28) a picture may have; "
              "make it smaller")
        .arg(logical.width())
        .arg(logical.height())
        .arg(scale)
        .arg(px)
        .arg(kMaxDevicePixels);
}

QSize PictureExport::size(const PictureInput &in, const PictureOptions &opt) { return geometry(in, opt).size; }

void PictureExport::paint(QPainter &p, const PictureInput &in, const PictureOptions &opt, QStringList *labels)
{
    paint(p, in, opt, geometry(in, opt), labels);
}

void PictureExport::paint(QPainter &p, const PictureInput &in, const PictureOptions &opt, const Geometry &g, QStringList *labels)
{
    const QSize total = g.size;
    const QStringList lines = opt.metrics ? metricsLines(in) : QStringList();
    p.save();
    p.fillRect(QRect(QPoint(0, 0), total), Qt::white);

    // Title band.
    QString title = opt.title;
    if (title.isEmpty() && !in.runs.empty())
        title = in.labels.size() >= 2 ? comparisonTitle(in) : defaultTitle(*in.runs.front().trace);
    p.setPen(QColor(0x20, 0x22, 0x26));
    p.setFont(sized(opt.font, 16, true));
    p.drawText(QRect(kMargin, kMargin, total.width() - 2 * kMargin, kTitleHeight), Qt::AlignLeft | Qt::AlignVCenter,
               QFontMetrics(p.font()).elidedText(title, Qt::ElideMiddle, total.width() - 2 * kMargin));
    p.setFont(sized(opt.font, 12));
    p.setPen(QColor(0x30, 0x33, 0x38));
    for (int i = 0; i < int(lines.size()); ++i)
        p.drawText(QRect(kMargin, kMargin + kTitleHeight + i * kMetricsHeight, total.width() - 2 * kMargin, kMetricsHeight),
                   Qt::AlignLeft | Qt::AlignVCenter,
                   QFontMetrics(p.font()).elidedText(lines.at(i), Qt::ElideRight, total.width() - 2 * kMargin));

    // The timeline, whole layout from its top: the size and the window decide the picture.
    TimelineRenderer r;
    const QSize drawn(g.timeline.width(), g.timelineDrawn);
    setUp(r, in, opt, drawn);
    p.save();
    p.translate(g.timeline.topLeft());
    p.setClipRect(QRect(QPoint(0, 0), drawn));
    r.paint(p, in.overlay);
    AnnotationPainter annotations(r);
    annotations.setFont(opt.font);
    annotations.paint(p, in.annotations);
    if (labels)
        *labels = annotations.shownLabels();
    p.restore();
    if (g.timelineDrawn < g.timeline.height()) {
        const QRect more(g.timeline.left(), g.timeline.top() + g.timelineDrawn, g.timeline.width(), g.timeline.height() - g.timelineDrawn);
        p.fillRect(more, QColor(0xF3, 0xF4, 0xF6));
        p.setPen(QColor(0xC0, 0xC4, 0xCA));
        p.drawLine(more.topLeft(), more.topRight());
        p.setPen(QColor(0x30, 0x33, 0x38));
        p.setFont(sized(opt.font, 12, true));
        p.drawText(more.adjusted(kMargin, 0, -kMargin, 0), Qt::AlignLeft | Qt::AlignVCenter, moreLanesText(g.lanesLeftOut));
    }

    // Legend of what appears.
    p.setFont(sized(opt.font, 12));
    layoutLegend(&p, legendItems(r, in.overlay), p.font(), kMargin, g.timeline.bottom() + 1, total.width() - 2 * kMargin);
    p.restore();
}

QImage PictureExport::image(const PictureInput &in, const PictureOptions &opt)
{
    const Geometry g = geometry(in, opt);
    const QSize s = g.size;
    const qreal scale = effectiveScale(opt);
    if (!sizeError(s, scale).isEmpty())
        return {}; // an explicit size past the budget: write() says why
    QImage img(QSize(int(std::ceil(s.width() * scale)), int(std::ceil(s.height() * scale))), QImage::Format_ARGB32_Premultiplied);
    img.setDevicePixelRatio(scale);
    img.fill(Qt::white);
    QPainter p(&img);
    paint(p, in, opt, g);
    return img;
}

bool PictureExport::write(const QString &path, const PictureInput &in, const PictureOptions &opt, QString *error)
{
    const Format format = formatOf(path);
    auto fail = [&](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    if (format == Format::Unknown)
        return fail(tr("%1: unknown picture format (use .png, .svg or .pdf)").arg(path));
    if (opt.width < TimelineRenderer::kHeaderWidth + 100)
        return fail(tr("a picture must be at least %1 px wide").arg(TimelineRenderer::kHeaderWidth + 100));
    const Geometry g = geometry(in, opt);
    const QSize s = g.size;
    if (const QString e = sizeError(s, effectiveScale(opt)); !e.isEmpty())
        return fail(e);
    // Written to a temporary file renamed into place: a failed export never leaves half a file.
    // So the place must hold a regular file or nothing: a FIFO or device is never replaced.
    if (const QString why = io::notAReplaceableOutput(path); !why.isEmpty())
        return fail(why);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return fail(tr("cannot write %1: %2").arg(path, file.errorString()));
    switch (format) {
    case Format::Png: {
        const QImage img = image(in, opt); // its own geometry: the same inputs give the same
        if (!img.save(&file, "PNG"))
            return fail(tr("cannot write %1: PNG encoding failed").arg(path));
        break;
    }
    case Format::Svg: {
        QSvgGenerator svg;
        svg.setOutputDevice(&file);
        svg.setSize(s);
        svg.setViewBox(QRect(QPoint(0, 0), s));
        svg.setResolution(96);
        const QString title = !opt.title.isEmpty() || in.runs.empty() ? opt.title
                              : in.labels.size() >= 2                ? comparisonTitle(in)
                                                                     : defaultTitle(*in.runs.front().trace);
        svg.setTitle(title);
        svg.setDescription(tr("Lanescope timeline"));
        QPainter p;
        if (!p.begin(&svg))
            return fail(tr("cannot write %1: SVG output failed").arg(path));
        paint(p, in, opt, g);
        p.end();
        break;
    }
    case Format::Pdf: {
        QPdfWriter pdf(&file);
        pdf.setCreator(QStringLiteral("Lanescope"));
        pdf.setTitle(!opt.title.isEmpty() || in.runs.empty() ? opt.title
                     : in.labels.size() >= 2                ? comparisonTitle(in)
                                                            : defaultTitle(*in.runs.front().trace));
        // One page the picture's size, 1 px = 1 pt, no margins: the PDF is the picture.
        pdf.setResolution(72);
        pdf.setPageSize(QPageSize(QSizeF(s), QPageSize::Point, QString(), QPageSize::ExactMatch));
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        QPainter p;
        if (!p.begin(&pdf))
            return fail(tr("cannot write %1: PDF output failed").arg(path));
        paint(p, in, opt, g);
        p.end();
        break;
    }
    case Format::Unknown: break;
    }
    if (!file.commit())
        return fail(tr("cannot write %1: %2").arg(path, file.errorString()));
    return true;
}

} // namespace lanescope
