// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/analysis/LaunchPanel.h"

#include "widgets/analysis/AnalysisPanels.h"

#include "core/analysis/run/Analysis.h"
#include "core/analysis/text/FigureText.h"
#include "widgets/analysis/ItemActivation.h"

#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace lanescope {

namespace figure = analysis::figure;

namespace {

QTreeWidget *makeTree(QWidget *parent, const QStringList &headers)
{
    auto *t = new QTreeWidget(parent);
    t->setRootIsDecorated(false);
    t->setUniformRowHeights(true);
    t->setAlternatingRowColors(true);
    t->setColumnCount(int(headers.size()));
    t->setHeaderLabels(headers);
    t->header()->setStretchLastSection(true);
    return t;
}

// Numbers right-aligned, the value itself for sorting and tests.
void setNumber(QTreeWidgetItem *item, int column, const QString &text, double value)
{
    item->setText(column, text);
    item->setData(column, Qt::UserRole, value);
    item->setTextAlignment(column, Qt::AlignRight | Qt::AlignVCenter);
}

} // namespace

LaunchPanel::LaunchPanel(QWidget *parent) : QWidget(parent)
{
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    m_summary->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // wraps at the dock's width
    m_summary->setMinimumWidth(1);
    m_summary->setTextFormat(Qt::PlainText);
    m_summary->setContentsMargins(6, 2, 6, 2);

    auto *split = new QSplitter(Qt::Vertical, this);
    split->setChildrenCollapsible(false);
    m_streams = makeTree(split, {tr("Stream"), tr("Idle"), tr("Host wait"), tr("Kernel wait"), tr("Other"), tr("Queue mean"),
                                 tr("Queue max"), tr("Queue full")});
    m_streams->setObjectName(QStringLiteral("launchStreams"));
    m_streams->header()->setStretchLastSection(false);
    const QString categories =
        tr("Holistic Trace Analysis' idle time breakdown: each gap before a kernel on the stream is\n"
           "- host wait: the kernel's launch call started after the stream's previous work ended (the CPU did not enqueue fast enough);\n"
           "- kernel wait: otherwise, a gap under 30 µs (launch overhead between back-to-back kernels);\n"
           "- other: the rest.\n"
           "The Gaps tab's causes look further: a comm_wait gap (the stream waiting on a collective), a sync or an allocator gap "
           "is \"other\" here unless the CPU launched late.");
    m_streams->setToolTip(categories);
    for (int c : {HostWaitCol, KernelWaitCol, OtherCol})
        m_streams->headerItem()->setToolTip(c, categories);
    m_streams->headerItem()->setToolTip(IdleCol, tr("The stream's idle time between its kernels, copies and memsets"));
    m_streams->headerItem()->setToolTip(QueueMeanCol, tr("Operations launched on the stream and not yet finished, on average over time"));
    m_streams->headerItem()->setToolTip(QueueFullCol, tr("Time with %1 operations queued: cudaLaunchKernel blocks the CPU then").arg(analysis::kQueueLimit));

    m_launches = makeTree(split, {tr("Launch delay"), tr("At"), tr("Call"), tr("Kernel"), tr("Name")});
    m_launches->setObjectName(QStringLiteral("launchWorst"));
    m_launches->setToolTip(tr("The launches that waited longest between the end of their launch call and the start of their kernel. "
                              "Click: select the kernel in the timeline."));
    m_launches->headerItem()->setToolTip(DelayCol, tr("Kernel start minus the end of its launch call"));
    m_launches->headerItem()->setToolTip(CallCol, tr("How long the launch call ran on the CPU"));
    m_launches->headerItem()->setToolTip(KernelCol, tr("How long the kernel ran on the GPU"));
    onItemActivation(m_launches, this, [this](const QModelIndex &i) { activateLaunch(i.row()); });

    split->addWidget(m_streams);
    split->addWidget(m_launches);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_summary);
    layout->addWidget(split, 1);
}

void LaunchPanel::setResult(const AnalysisResultPtr &result, TimeNs origin)
{
    m_streams->clear();
    m_launches->clear();
    m_summary->clear();
    if (!result)
        return;
    const analysis::AnalysisResult &r = *result;
    const analysis::LaunchStats &l = r.launchStats;
    const bool hta = r.options.definition == analysis::GpuTimeDefinition::Hta;
    QString text;
    if (l.launches == 0) {
        text = tr("No kernel matched to the call that launched it.");
    } else {
        text = tr("%1 launches: launch delay median %2, p95 %3; %4 ran shorter on the GPU than their launch call, %5 calls over 50 µs, %6 delays over 100 µs.")
                   .arg(figure::count(double(l.launches)), figure::us(l.medianDelayNs.value_or(0)), figure::us(l.p95DelayNs.value_or(0)),
                        figure::count(double(l.gpuShorterThanCpu)), figure::count(double(l.runtimeOutliers)),
                        figure::count(double(l.delayOutliers)));
    }
    if (const auto share = r.figures.hostWaitSharePct)
        text += QLatin1Char(' ') + tr("Host wait: %1 of the compute streams' idle time.").arg(figure::pct(*share));
    text += QLatin1Char(' ')
        + (hta ? tr("(Holistic Trace Analysis' definitions: its launch calls, the whole trace.)")
               : tr("(Over the analysed steps; CUDA, HIP and MTIA launch calls.)"));
    m_summary->setText(text);

    for (const analysis::StreamIdle &s : r.idleBreakdown.streams) {
        auto *item = new QTreeWidgetItem(m_streams);
        item->setText(StreamCol, s.device >= 0 ? tr("GPU %1 stream %2").arg(s.device).arg(s.stream) : tr("stream %1").arg(s.stream));
        setNumber(item, IdleCol, figure::ms(double(s.idle)), double(s.idle));
        const auto part = [&](int col, TimeNs ns) {
            setNumber(item, col, tr("%1 (%2)").arg(figure::ms(double(ns)), figure::pct(s.sharePct(ns))), double(ns));
        };
        part(HostWaitCol, s.hostWait);
        part(KernelWaitCol, s.kernelWait);
        part(OtherCol, s.other);
        for (const analysis::StreamQueue &q : r.queueLengths) {
            if (q.stream != s.stream || q.device != s.device)
                continue;
            setNumber(item, QueueMeanCol, QLocale().toString(q.mean, 'f', 1), q.mean);
            setNumber(item, QueueMaxCol, figure::count(q.max), q.max);
            setNumber(item, QueueFullCol, figure::ms(double(q.fullNs)), double(q.fullNs));
        }
    }
    for (int c = 0; c < StreamColumnCount; ++c)
        m_streams->resizeColumnToContents(c);

    for (const analysis::Launch &w : l.worst) {
        auto *item = new QTreeWidgetItem(m_launches);
        setNumber(item, DelayCol, figure::us(double(w.delay)), double(w.delay));
        setNumber(item, AtCol, figure::ms(double(w.start - origin)), double(w.start - origin));
        setNumber(item, CallCol, figure::us(double(w.cpuDur)), double(w.cpuDur));
        setNumber(item, KernelCol, figure::us(double(w.gpuDur)), double(w.gpuDur));
        item->setText(NameCol, w.name);
        item->setToolTip(NameCol, w.name);
        item->setData(DelayCol, TrackRole, w.track);
        item->setData(DelayCol, SliceRole, w.slice);
    }
    for (int c = 0; c < NameCol; ++c)
        m_launches->resizeColumnToContents(c);
}

void LaunchPanel::activateLaunch(int row)
{
    const QTreeWidgetItem *item = m_launches->topLevelItem(row);
    if (!item)
        return;
    emit launchActivated(item->data(DelayCol, TrackRole).toUInt(), item->data(DelayCol, SliceRole).toUInt());
}

LaunchPanel::LaunchPanel(AnalysisFeed *feed, QWidget *parent) : LaunchPanel(parent)
{
    connect(feed, &AnalysisFeed::changed, this, [this, feed] { setResult(feed->result(), feed->origin()); });
    connect(this, &LaunchPanel::launchActivated, feed, &AnalysisFeed::sliceRequested);
}

} // namespace lanescope
