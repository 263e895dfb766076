// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/timeline/TimelinePanels.h"

#include "core/analysis/measures/collectives/CollectiveBandwidth.h"
#include "core/analysis/measures/mfu/Mfu.h"
#include "widgets/analysis/PeakOverrideStore.h"
#include "core/model/Nesting.h"

#include "core/parse/EventArgs.h"
#include "widgets/timeline/DetailsHtml.h"
#include "widgets/render/GapCauseStyle.h"
#include "widgets/render/Palette.h"
#include "widgets/source/EditorLauncher.h"
#include "widgets/timeline/TimelineSearch.h"
#include "widgets/view/Session.h"

#include <QClipboard>
#include <QCursor>
#include <QGridLayout>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPainter>
#include <QPixmap>
#include <QPushButton>
#include <QStandardItemModel>
#include <QTextBrowser>
#include <QToolTip>
#include <QTreeView>
#include <QUrl>
#include <QVBoxLayout>

namespace lanescope {

namespace {

// The python_function slices enclosing slice i of a CPU lane, innermost first.
std::vector<std::uint32_t> pythonStack(const Trace &t, const Track &trk, std::size_t i)
{
    std::vector<std::uint32_t> frames;
    for (std::uint32_t j : enclosingSlices(trk, i)) {
        const std::uint16_t c = trk.catId[j];
        if (c < t.categories.size() && t.strings.view(t.categories[c]) == "python_function")
            frames.push_back(j);
    }
    return frames;
}

} // namespace

namespace {

QString esc(const QString &s) { return s.toHtmlEscaped(); }

} // namespace

DetailsPanel::DetailsPanel(TimelineView *view, QWidget *parent)
    : QWidget(parent)
    , m_view(view)
    , m_browser(new QTextBrowser(this))
    , m_copyAll(new QPushButton(tr("Copy All as JSON"), this))
{
    m_browser->setOpenLinks(false);
    m_browser->setPlaceholderText(tr("Click a slice to see its details."));
    m_copyAll->setToolTip(tr("Copy the whole event, every argument in full, to the clipboard"));
    m_copyAll->setEnabled(false);
    connect(m_copyAll, &QPushButton::clicked, this, [this] { QGuiApplication::clipboard()->setText(m_json); });
    auto *buttons = new QHBoxLayout;
    buttons->setContentsMargins(4, 2, 4, 2);
    buttons->addStretch(1);
    buttons->addWidget(m_copyAll);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_browser, 1);
    layout->addLayout(buttons);
    connect(view->state(), &ViewState::gapChanged, this, [this](int run, const analysis::Gap &gap) {
        if (run >= 0)
            showGap(run, gap);
    });
    connect(m_browser, &QTextBrowser::anchorClicked, this, [this](const QUrl &url) {
        // A Python frame's source:RUN:LINE:FILE or editor:RUN:LINE:FILE.
        int run = 0, line = 0;
        QString file;
        if (details::sourceLink(url, &run, &file, &line)) {
            if (url.scheme() == QLatin1String("source")) {
                emit sourceRequested(run, file, line);
            } else {
                QString error;
                if (!EditorLauncher().open(file, line, &error))
                    QToolTip::showText(QCursor::pos(), error, m_browser);
            }
            return;
        }
        // slice:RUN:TRACK:SLICE
        const QStringList parts = url.path().split(QLatin1Char(':'));
        if (url.scheme() != QLatin1String("slice") || parts.size() != 3)
            return;
        emit jumpRequested(SliceRef{parts[0].toInt(), parts[1].toUInt(), parts[2].toUInt()});
    });
}

QString DetailsPanel::text() const { return m_browser->toPlainText(); }

void DetailsPanel::showGap(int run, const analysis::Gap &gap)
{
    const Trace *t = m_view->trace(run);
    m_json.clear();
    m_html.clear();
    m_copyAll->setEnabled(false);
    if (!t || gap.track >= t->tracks.size()) {
        m_browser->clear();
        return;
    }
    const Track &trk = t->tracks[gap.track];
    using details::row;
    auto name = [](const QString &n) { return esc(details::bounded(n, details::kMaxNameChars)); };
    QString html = QStringLiteral("<p style='font-weight:bold; font-size:larger'>%1</p><table>").arg(esc(tr("Idle gap")));
    if (m_view->runCount() > 1) {
        const QString label = m_view->session()->run(run).label;
        html += row(tr("Run"), esc(run == 0 ? tr("%1 (baseline)").arg(label) : label));
    }
    html += row(tr("Start"), esc(details::startText(double(gap.start - t->minTs), details::timeResolutionNs(trk.start, trk.dur))));
    html += row(tr("Length"), esc(TimeAxis::formatTime(double(gap.dur))));
    html += row(tr("Stream"), esc(m_view->laneLabel(SliceRef{run, gap.track, 0})));
    const QString step = m_view->stepAt(run, gap.start);
    if (!step.isEmpty())
        html += row(tr("Step"), esc(step));
    html += row(tr("Cause"), esc(GapCauseStyle::label(gap.cause)));
    if (!gap.evidence.isEmpty())
        html += row(tr("Evidence"), esc(gap.evidence));
    if (!gap.collective.isEmpty())
        html += row(tr("Waited for"), esc(gap.collective));
    html += row(tr("Kernel before"), gap.before.isEmpty() ? esc(tr("none")) : name(gap.before));
    html += row(tr("Kernel after"), gap.after.isEmpty() ? esc(tr("none")) : name(gap.after));
    if (!gap.gemmBefore.isEmpty() && gap.gemmBefore != gap.before)
        html += row(tr("GEMM before"), name(gap.gemmBefore));
    if (!gap.gemmAfter.isEmpty() && gap.gemmAfter != gap.after)
        html += row(tr("GEMM after"), name(gap.gemmAfter));
    html += QStringLiteral("</table>");
    m_html = html;
    m_browser->setHtml(html);
}

void DetailsPanel::showSlice(SliceRef ref)
{
    const Trace *t = m_view->trace(ref.run);
    m_json.clear();
    m_html.clear();
    m_copyAll->setEnabled(false);
    if (!t || ref.track >= t->tracks.size() || ref.slice >= t->tracks[ref.track].size()) {
        m_browser->clear();
        return;
    }
    const Track &trk = t->tracks[ref.track];
    const std::size_t i = ref.slice;
    using details::row;
    QString html = QStringLiteral("<p style='font-weight:bold; font-size:larger'>%1</p><table>")
                       .arg(esc(details::bounded(t->name(trk.nameId[i]), details::kMaxNameChars)));
    // In a comparison the same kernel lies in every run's lanes: say whose this one is.
    if (m_view->runCount() > 1) {
        const QString label = m_view->session()->run(ref.run).label;
        html += row(tr("Run"), esc(ref.run == 0 ? tr("%1 (baseline)").arg(label) : label));
    }
    html += row(tr("Category"), esc(t->category(trk.catId[i])));
    html += row(tr("Start"), esc(details::startText(double(trk.start[i] - t->minTs), details::timeResolutionNs(trk.start, trk.dur))));
    html += row(tr("Duration"), esc(TimeAxis::formatTime(double(trk.dur[i]))));
    html += row(trk.kind == TrackKind::Gpu ? tr("Stream") : tr("Thread"), esc(m_view->laneLabel(ref)));
    const QString step = m_view->stepAt(ref.run, trk.start[i]);
    if (!step.isEmpty())
        html += row(tr("Step"), esc(step));
    html += QStringLiteral("</table>");

    // Args are not in the model: read this one event back from the file now.
    const EventDetails d = readEventDetails(*t, trk.fileOffset[i]);

    // A communication kernel: how much it moved and how fast (nccl-tests' algbw and busbw).
    if (trk.kind == TrackKind::Gpu) {
        if (const auto x = analysis::collectiveTransfer(*t, ref.track, ref.slice)) {
            const QLocale locale;
            html += QStringLiteral("<p style='font-weight:bold'>%1</p><table>").arg(esc(tr("Collective")));
            html += row(tr("Operation"), esc(x->collective));
            if (x->groupSize > 0)
                html += row(tr("Ranks"), esc(locale.toString(x->groupSize)));
            if (x->bytes >= 0) {
                html += row(tr("Size"), esc(tr("%1 (%2)").arg(locale.formattedDataSize(x->bytes, 2, QLocale::DataSizeIecFormat), x->dtype)));
                if (x->algbwGBps >= 0)
                    html += row(tr("Algorithm bandwidth"), esc(tr("%1 GB/s").arg(locale.toString(x->algbwGBps, 'f', 2))));
                if (x->busbwGBps >= 0)
                    html += row(tr("Bus bandwidth"), esc(tr("%1 GB/s").arg(locale.toString(x->busbwGBps, 'f', 2))));
                // Against the device's link (the GPU table's, or the user's figure in Preferences).
                const analysis::ResolvedPeak dev = analysis::resolveDevicePeak(*t, trk.device, PeakOverrideStore::instance()->overrides());
                if (x->busbwGBps >= 0 && dev.linkGBps > 0)
                    html += row(tr("Of the link"),
                                esc(tr("%1 % of %2 GB/s per direction (%3)")
                                        .arg(locale.toString(analysis::busbwPctOfLink(x->busbwGBps, dev.linkGBps), 'f', 1),
                                             locale.toString(dev.linkGBps, 'g', 6),
                                             QString::fromUtf8(dev.row->link.data(), qsizetype(dev.row->link.size())))));
                if (x->sizeFromCpuOp)
                    html += row(tr("Size from"), esc(tr("its record_param_comms operator")));
            } else {
                html += row(tr("Size"), esc(tr("not recorded (a trace without \"In msg nelems\" / \"dtype\")")));
            }
            html += QStringLiteral("</table>");
            html += QStringLiteral("<p style='color:#667'>%1</p>")
                        .arg(esc(tr("Bus bandwidth as nccl-tests computes it, over this kernel's duration on this rank: "
                                    "waiting for a late rank counts as transfer time here.")));
        }
    }
    // The NCCL metadata of a collective (on its kernel and its record_param_comms operator) as
    // a block of its own, not scattered among the other arguments.
    if (d.ok) {
        if (const QString nccl = details::ncclTable(d.args); !nccl.isEmpty())
            html += QStringLiteral("<p style='font-weight:bold'>%1</p>").arg(esc(tr("NCCL"))) + nccl;
    }

    const auto &flows = m_view->selectedFlows();
    if (!flows.empty() && m_view->selectedSlice() == ref) {
        html += QStringLiteral("<p style='font-weight:bold'>%1</p><ul>").arg(esc(tr("Linked events")));
        int shown = 0;
        for (const FlowLink &f : flows) {
            if (++shown > kMaxFlowLinks) {
                html += QStringLiteral("<li>%1</li>").arg(esc(tr("… and %n more", nullptr, int(flows.size()) - kMaxFlowLinks)));
                break;
            }
            const Track &ot = t->tracks[f.other.track];
            const QString kind = f.kind == FlowKind::Launch ? tr("launch") : f.kind == FlowKind::FwdBwd ? tr("forward/backward")
                                                                                                   : tr("flow");
            html += QStringLiteral("<li>%1 %2 <a href='slice:%3:%4:%5'>%6</a> <span style='color:#667'>(%7, %8)</span></li>")
                        .arg(f.outgoing ? QStringLiteral("→") : QStringLiteral("←"), esc(kind))
                        .arg(f.other.run)
                        .arg(f.other.track)
                        .arg(f.other.slice)
                        .arg(esc(details::bounded(t->name(ot.nameId[f.other.slice]), details::kMaxKeyChars)),
                             esc(m_view->laneLabel(f.other)),
                             esc(TimeAxis::formatTime(double(ot.dur[f.other.slice]))));
        }
        html += QStringLiteral("</ul>");
    }

    // The Python frames around a CPU slice (traces recorded with with_stack=True): its call stack,
    // innermost first, each a link to the frame.
    if (trk.kind == TrackKind::Cpu) {
        const std::vector<std::uint32_t> frames = pythonStack(*t, trk, i);
        if (!frames.empty()) {
            html += QStringLiteral("<p style='font-weight:bold'>%1</p><ul>").arg(esc(tr("Python stack")));
            const EditorLauncher editor; // Open in Editor where the frame's file is on this machine
            for (std::uint32_t f : frames)
                html += details::pythonFrameItem(t->name(trk.nameId[f]), ref.run, ref.track, f, editor);
            html += QStringLiteral("</ul>");
        }
    }

    html += QStringLiteral("<p style='font-weight:bold'>%1</p>").arg(esc(tr("Arguments")));
    if (!d.ok) {
        html += QStringLiteral("<p style='color:#a00'>%1</p>").arg(esc(d.error));
    } else {
        html += details::argsTable(d.args);
        m_json = d.json;
        m_copyAll->setEnabled(true);
    }
    m_html = html;
    m_browser->setHtml(html);
}

RangeStatsPanel::RangeStatsPanel(TimelineView *view, QWidget *parent)
    : QWidget(parent)
    , m_view(view)
    , m_headline(new QLabel(this))
    , m_nameStats(new QLabel(this))
    , m_tree(new QTreeView(this))
    , m_model(new QStandardItemModel(this))
{
    m_headline->setTextFormat(Qt::PlainText);
    m_headline->setContentsMargins(6, 4, 6, 4);
    m_headline->setText(tr("Shift-drag on the timeline to select a time range."));
    m_model->setHorizontalHeaderLabels({tr("Name"), tr("Count"), tr("Total"), tr("Self"), tr("Average")});
    m_model->horizontalHeaderItem(CountColumn)->setToolTip(tr("Slices that overlap the range, on every lane"));
    m_model->horizontalHeaderItem(TotalColumn)->setToolTip(
        tr("Time inside the range, summed over every lane: a slice cut by the range's edges counts only its part inside"));
    m_model->horizontalHeaderItem(SelfColumn)->setToolTip(tr("Total less the time of direct children on the same lane, inside the range"));
    m_model->horizontalHeaderItem(AverageColumn)->setToolTip(tr("Total over count: the average time inside the range"));
    m_model->setSortRole(Qt::UserRole);
    m_tree->setModel(m_model);
    m_tree->setRootIsDecorated(false);
    m_tree->setUniformRowHeights(true);
    m_tree->setSortingEnabled(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_tree->header()->setSectionResizeMode(NameColumn, QHeaderView::Stretch);
    m_tree->header()->setStretchLastSection(false);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_headline);
    layout->addWidget(m_nameStats);
    layout->addWidget(m_tree, 1);
    m_nameStats->setTextFormat(Qt::PlainText);
    m_nameStats->setWordWrap(true);
    // A kernel name is one long word: wrap (and clip) at the dock's width instead of widening the
    // dock area, which would squeeze the timeline to a sliver.
    m_nameStats->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_nameStats->setMinimumWidth(1);
    m_nameStats->setContentsMargins(6, 2, 6, 4);
    m_nameStats->hide();
    connect(m_view->state(), &ViewState::highlightChanged, this, &RangeStatsPanel::updateNameStats);
}

QString RangeStatsPanel::headline() const { return m_headline->text(); }

QString RangeStatsPanel::nameStatsText() const { return m_nameStats->isHidden() ? QString() : m_nameStats->text(); }

void RangeStatsPanel::updateNameStats()
{
    const std::shared_ptr<const SliceHighlight> h = m_view->state()->highlight();
    if (!h) {
        m_nameStats->clear();
        m_nameStats->hide();
        return;
    }
    const QLocale locale;
    const bool inRange = m_view->hasTimeRange();
    QStringList lines;
    lines << (inRange ? tr("%1, inside the range:") : tr("%1, the whole trace:")).arg(h->name);
    for (int r = 0; r < m_view->runCount(); ++r) {
        const Trace *t = m_view->trace(r);
        if (!t)
            continue;
        const NameStats st = inRange ? highlightStats(*t, *h, r, TimeNs(m_view->timeRangeStartNs(r)), TimeNs(m_view->timeRangeEndNs(r)))
                                     : highlightStats(*t, *h, r, 0, 0);
        const QString who = m_view->runCount() > 1 ? m_view->session()->run(r).label + QStringLiteral(": ") : QString();
        if (st.count == 0) {
            lines << who + tr("no slice");
            continue;
        }
        const int count = int(std::min<std::uint64_t>(st.count, INT32_MAX));
        lines << who + (count == 1 ? tr("%n slice, total %1, mean %2, min %3, max %4", nullptr, count)
                                   : tr("%n slices, total %1, mean %2, min %3, max %4", nullptr, count))
                           .arg(TimeAxis::formatTime(double(st.total)), TimeAxis::formatTime(double(st.total) / double(st.count)),
                                TimeAxis::formatTime(double(st.min)), TimeAxis::formatTime(double(st.max)));
    }
    m_nameStats->setText(lines.join(QLatin1Char('\n')));
    m_nameStats->setToolTip(inRange ? tr("Each slice's time inside the range, as the table below counts it")
                                    : tr("Every slice of this name, whole"));
    m_nameStats->show();
}

void RangeStatsPanel::update()
{
    updateNameStats();
    m_model->removeRows(0, m_model->rowCount());
    const Trace *t0 = m_view->trace(0);
    if (!t0 || !m_view->hasTimeRange()) {
        m_headline->setText(tr("Shift-drag on the timeline to select a time range."));
        return;
    }
    const QLocale locale;
    const int runs = m_view->runCount();
    std::uint64_t slices = 0;
    constexpr std::size_t kMaxRows = 5000; // the long tail of names says little and costs a lot
    auto item = [](const QString &text, const QVariant &sortKey) {
        auto *it = new QStandardItem(text);
        it->setData(sortKey, Qt::UserRole);
        return it;
    };
    auto num = [&](double ns) {
        QStandardItem *it = item(TimeAxis::formatTime(ns), ns);
        it->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        return it;
    };
    // One run: its names at the top level. Several (a comparison): a row per run, its names below,
    // each run's statistics over the same stretch of the shared axis.
    for (int r = 0; r < runs; ++r) {
        const Trace *t = m_view->trace(r);
        if (!t)
            continue;
        const TimeNs a = TimeNs(m_view->timeRangeStartNs(r)), b = TimeNs(m_view->timeRangeEndNs(r));
        const auto stats = rangeStats(*t, a, b);
        QStandardItem *parent = m_model->invisibleRootItem();
        std::uint64_t runSlices = 0;
        if (runs > 1) {
            QStandardItem *head = item(m_view->session()->run(r).label, r);
            QFont f = head->font();
            f.setBold(true);
            head->setFont(f);
            m_model->appendRow({head, item(QString(), 0), item(QString(), 0), item(QString(), 0), item(QString(), 0)});
            parent = head;
        }
        for (std::size_t k = 0; k < stats.size(); ++k) {
            const RangeNameStats &st = stats[k];
            runSlices += st.count;
            if (k >= kMaxRows)
                continue;
            const QString name = t->name(st.name);
            QStandardItem *count = item(locale.toString(quint64(st.count)), quint64(st.count));
            count->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            QStandardItem *nameItem = item(name, name);
            nameItem->setToolTip(details::tooltipText(name));
            parent->appendRow({nameItem, count, num(double(st.total)), num(double(st.self)),
                               num(st.count ? double(st.total) / double(st.count) : 0)});
        }
        if (runs > 1)
            m_model->item(m_model->rowCount() - 1, CountColumn)->setText(locale.toString(quint64(runSlices)));
        slices += runSlices;
    }
    const double a0 = m_view->timeRangeStartNs(0), b0 = m_view->timeRangeEndNs(0);
    const int sliceCount = int(std::min<std::uint64_t>(slices, INT32_MAX));
    m_headline->setText((sliceCount == 1 ? tr("Range %1 (from %2): %n slice", nullptr, sliceCount)
                                         : tr("Range %1 (from %2): %n slices", nullptr, sliceCount))
                            .arg(TimeAxis::formatTime(b0 - a0), TimeAxis::formatTime(a0 - double(t0->minTs))));
    m_tree->sortByColumn(TotalColumn, Qt::DescendingOrder);
    if (runs > 1)
        m_tree->expandAll();
}

LegendWidget::LegendWidget(QWidget *parent)
    : QWidget(parent)
{
    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(8, 6, 8, 6);
    grid->setHorizontalSpacing(6);
    grid->setVerticalSpacing(3);
    // Painted swatches: a box for slice classes, a thick line for curves and arrows.
    auto swatch = [this](const QColor &c, bool line) {
        QPixmap pm(18, 12);
        pm.fill(Qt::transparent);
        QPainter p(&pm);
        if (line) {
            p.fillRect(QRect(0, 5, 18, 3), c);
        } else {
            p.fillRect(QRect(0, 0, 18, 12), c);
            p.setPen(c.darker(130));
            p.drawRect(QRect(0, 0, 17, 11));
        }
        auto *l = new QLabel(this);
        l->setPixmap(pm);
        return l;
    };
    const int perColumn = 3;
    int n = 0;
    for (int c = 0; c < int(SliceClass::Count); ++c, ++n) {
        const auto cls = SliceClass(c);
        auto *text = new QLabel(Palette::label(cls), this);
        text->setToolTip(Palette::description(cls));
        grid->addWidget(swatch(Palette::color(cls), false), n % perColumn, (n / perColumn) * 2);
        grid->addWidget(text, n % perColumn, (n / perColumn) * 2 + 1);
    }
    const struct
    {
        QColor color;
        QString text;
    } extras[] = {{Palette::memoryAllocated(), tr("Memory allocated")},
                  {Palette::memoryReserved(), tr("Memory reserved")},
                  {Palette::memorySpike(), tr("Memory spike (allocated and freed within 20 ms)")},
                  {Palette::flowArrow(), tr("Flow (CPU launch → GPU kernel)")}};
    for (const auto &e : extras) {
        grid->addWidget(swatch(e.color, true), n % perColumn, (n / perColumn) * 2);
        grid->addWidget(new QLabel(e.text, this), n % perColumn, (n / perColumn) * 2 + 1);
        ++n;
    }
    grid->setColumnStretch(grid->columnCount(), 1);
    grid->setRowStretch(perColumn, 1);
    // No use for more height than the grid: its dock is kept at this (WindowSettings::fitSmallDocks).
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
}

} // namespace lanescope
