// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The report picture: a title band (file, rank, GPU) with an optional line of headline figures
// (step time, idle, overlap, GEMM gaps, MFU), the timeline as TimelineRenderer draws it for the
// given window and lanes, and a legend of the colours that actually appear. Written as PNG, SVG
// or PDF (chosen by the file's suffix) at the requested size — drawn at that size, never scaled
// from a screen grab — by File > Export, Edit > Copy Picture and `lanescope-cli export`.
#include "core/analysis/run/Analysis.h"
#include "core/annotations/AnnotationSet.h"
#include "widgets/render/TimelineRenderer.h"

#include <QCoreApplication>
#include <QImage>
#include <QString>

namespace lanescope {

struct PictureInput
{
    std::vector<RenderRun> runs;
    const LaneLayout *layout = nullptr;
    double windowStart = 0, windowRange = 1e6; // axis ns
    RenderOverlay overlay;                     // what the picture shows of the screen's overlay (pictureOverlay())
    const analysis::AnalysisResult *analysis = nullptr; // run 0's, for the figures; may be null
    // A comparison: each run's label and analysis (index = run). With two or more labels the title
    // names the runs ("baseline vs tuned") and the figures take a line per run.
    QStringList labels;
    std::vector<const analysis::AnalysisResult *> analyses;
    // Per run (index = run; null or missing: none): drawn over the timeline by AnnotationPainter,
    // as on screen.
    std::vector<const annotations::AnnotationSet *> annotations;
};

struct PictureOptions
{
    int width = 1920;   // logical pixels of the whole picture
    int height = 0;     // 0: tall enough for every lane of the layout
    qreal scale = 1;    // device pixel ratio of a PNG (2: every pixel doubled, same layout)
    bool metrics = true;
    bool memory = true;
    QString title;      // empty: defaultTitle() of run 0
    QFont font;
};

class PictureExport
{
    Q_DECLARE_TR_FUNCTIONS(lanescope::PictureExport)
public:
    static constexpr int kTitleHeight = 30;
    static constexpr int kMetricsHeight = 20;
    static constexpr int kLegendRowHeight = 22;
    static constexpr int kMargin = 10;
    static constexpr int kMoreLanesHeight = 22; // the "+N more lanes" row under a cut timeline

    // The most device pixels a picture may have (width x scale by height x scale, each rounded
    // up): 2^28, a 1 GiB ARGB image while it is painted. An explicit size beyond it is refused
    // before anything is painted; the automatic height stops there and the lanes that do not fit
    // are summarised in one row, "+N more lanes", at the bottom of the timeline. (A trace with
    // 30,000 GPU streams otherwise asked for a 1920 x 660,154 PNG: 4.9 GB resident, 69 s.)
    static constexpr qint64 kMaxDevicePixels = qint64(1) << 28;
    static qint64 devicePixels(QSize logical, qreal scale);
    // Empty when a picture of this logical size and scale is within kMaxDevicePixels, else why
    // not, in one line.
    static QString sizeError(QSize logical, qreal scale);

    enum class Format { Png, Svg, Pdf, Unknown };
    static Format formatOf(const QString &path); // by suffix

    // "model.pt.trace.json · rank 3/32 · NVIDIA A100-SXM4-80GB"
    static QString defaultTitle(const Trace &trace);
    // "step 3.90 s · GPU idle 28.1 % · overlap 12.0 % · GEMM gaps ≥ 15 ms: 195 (3.30 s) · MFU 28.1 %"
    static QString metricsLine(const analysis::AnalysisResult &result);

    // The figures' lines: one for a trace, one per run ("tuned: step 2.35 s · …") for a comparison.
    static QStringList metricsLines(const PictureInput &in);
    static QString comparisonTitle(const PictureInput &in); // "baseline vs tuned · NVIDIA A100-SXM4-80GB"

    // What a picture keeps of the screen's overlay: the outline of a row of the differences, the
    // search's colours and the overlay passes that draw in pictures (OverlayPass::inPictures: the
    // critical path, the ghost of a replayed step; what the user chose to show). Not the
    // selection and its flows, the hover, the cursor, a dragged range or the gap mark: a picture
    // for a report carries nothing of the pointer's state.
    static RenderOverlay pictureOverlay(const RenderOverlay &shown);

    // The picture's logical size for these inputs.
    static QSize size(const PictureInput &in, const PictureOptions &opt);
    // Paints the whole picture into [0, size) of p; *labels (when given) gets the text of every
    // annotation label drawn (AnnotationPainter::shownLabels()).
    static void paint(QPainter &p, const PictureInput &in, const PictureOptions &opt, QStringList *labels = nullptr);
    static QImage image(const PictureInput &in, const PictureOptions &opt);
    // Writes path (PNG, SVG or PDF by suffix). False with *error on failure (nothing left behind).
    static bool write(const QString &path, const PictureInput &in, const PictureOptions &opt, QString *error);

    // Where the timeline sits inside the picture (for tests that look for a slice's pixels); a
    // cut timeline ends with the "+N more lanes" row.
    static QRect timelineRect(const PictureInput &in, const PictureOptions &opt);
    // The visible lanes the automatic height left out for the pixel budget (the N of "+N more
    // lanes"); 0 when every lane is drawn.
    static int lanesLeftOut(const PictureInput &in, const PictureOptions &opt);
    static QString moreLanesText(int lanes); // "+N more lanes"

private:
    struct Geometry
    {
        QSize size;
        int top = 0;
        QRect timeline;
        int timelineDrawn = 0; // of timeline's height, what the renderer draws (the rest: "+N more lanes")
        int lanesLeftOut = 0;
        int legendRows = 0;
    };
    static Geometry geometry(const PictureInput &in, const PictureOptions &opt);
    static void paint(QPainter &p, const PictureInput &in, const PictureOptions &opt, const Geometry &g, QStringList *labels = nullptr);
};

} // namespace lanescope
