// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/memsnap/MemorySnapshotDock.h"

#include "core/analysis/text/FigureText.h"
#include "widgets/memsnap/SnapshotModels.h"
#include "widgets/memsnap/SnapshotPlots.h"
#include "widgets/render/TimeAxis.h"

#include <QComboBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace lanescope {

namespace figure = analysis::figure;

namespace {

QLabel *wrapLabel(QWidget *parent)
{
    auto *l = new QLabel(parent);
    l->setWordWrap(true);
    l->setTextFormat(Qt::PlainText);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    l->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // wraps instead of widening the dock
    return l;
}

QTableView *makeTable(QAbstractItemModel *model, QWidget *parent)
{
    auto *v = new QTableView(parent);
    v->setModel(model);
    v->setSortingEnabled(true);
    v->setSelectionBehavior(QAbstractItemView::SelectRows);
    v->setSelectionMode(QAbstractItemView::SingleSelection);
    v->setWordWrap(false);
    v->verticalHeader()->hide();
    v->verticalHeader()->setDefaultSectionSize(v->fontMetrics().height() + 6);
    v->horizontalHeader()->setStretchLastSection(true);
    v->setEditTriggers(QAbstractItemView::NoEditTriggers);
    return v;
}

} // namespace

MemorySnapshotDock::MemorySnapshotDock(QWidget *parent)
    : QDockWidget(tr("Memory Snapshot"), parent)
{
    setObjectName(QStringLiteral("memorySnapshotDock"));
    auto *root = new QWidget(this);
    auto *layout = new QVBoxLayout(root);
    layout->setContentsMargins(6, 6, 6, 6);

    auto *head = new QHBoxLayout;
    m_deviceBox = new QComboBox(root);
    m_deviceBox->setToolTip(tr("The device whose allocator history is shown"));
    head->addWidget(m_deviceBox);
    m_summary = wrapLabel(root);
    head->addWidget(m_summary, 1);
    layout->addLayout(head);

    m_status = wrapLabel(root);
    m_status->setObjectName(QStringLiteral("snapshotStatus"));
    layout->addWidget(m_status);
    m_busy = new QProgressBar(root);
    m_busy->setRange(0, 0); // busy: the reader does not report a fraction
    m_busy->setMaximumHeight(8);
    m_busy->setTextVisible(false);
    m_busy->hide();
    layout->addWidget(m_busy);
    m_alignment = wrapLabel(root);
    layout->addWidget(m_alignment);

    m_content = new QWidget(root);
    auto *contentLayout = new QVBoxLayout(m_content);
    contentLayout->setContentsMargins(0, 0, 0, 0);
    auto *split = new QSplitter(Qt::Vertical, m_content);
    m_chart = new MemoryTimeChart(split);
    m_chart->setToolTip(tr("Allocated and reserved bytes over the snapshot's window; a click picks the moment"));
    m_map = new SegmentMap(split);
    split->addWidget(m_chart);
    split->addWidget(m_map);

    m_tabs = new QTabWidget(split);
    auto *alivePage = new QWidget(m_tabs);
    auto *aliveLayout = new QVBoxLayout(alivePage);
    aliveLayout->setContentsMargins(0, 4, 0, 0);
    m_momentLabel = wrapLabel(alivePage);
    aliveLayout->addWidget(m_momentLabel);
    m_alive = new AliveStackModel(this);
    m_aliveProxy = new QSortFilterProxyModel(this);
    m_aliveProxy->setSourceModel(m_alive);
    m_aliveProxy->setSortRole(kSortRole);
    m_aliveView = makeTable(m_aliveProxy, alivePage);
    m_aliveView->sortByColumn(AliveStackModel::BytesColumn, Qt::DescendingOrder);
    aliveLayout->addWidget(m_aliveView, 1);
    m_tabs->addTab(alivePage, tr("Alive at Moment"));

    auto *eventPage = new QWidget(m_tabs);
    auto *eventLayout = new QVBoxLayout(eventPage);
    eventLayout->setContentsMargins(0, 4, 0, 0);
    m_advice = wrapLabel(eventPage);
    eventLayout->addWidget(m_advice);
    m_events = new SegmentEventModel(this);
    m_eventProxy = new QSortFilterProxyModel(this);
    m_eventProxy->setSourceModel(m_events);
    m_eventProxy->setSortRole(kSortRole);
    m_eventView = makeTable(m_eventProxy, eventPage);
    m_eventView->sortByColumn(SegmentEventModel::TimeColumn, Qt::AscendingOrder);
    eventLayout->addWidget(m_eventView, 1);
    m_tabs->addTab(eventPage, tr("cudaMalloc / cudaFree"));
    split->addWidget(m_tabs);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setStretchFactor(2, 3);
    split->setSizes({200, 300, 300}); // shares: the segment map and the tables get the most
    split->setChildrenCollapsible(false);
    contentLayout->addWidget(split);
    layout->addWidget(m_content, 1);
    layout->addStretch(0); // takes the room while the content is hidden
    setWidget(root);

    connect(m_deviceBox, &QComboBox::activated, this, [this](int i) { setDevice(m_deviceBox->itemData(i).toInt()); });
    for (SnapshotPlot *plot : {static_cast<SnapshotPlot *>(m_chart), static_cast<SnapshotPlot *>(m_map)})
        connect(plot, &SnapshotPlot::momentPicked, this, [this](qint64 us) { setMoment(us); });
    connect(m_eventView, &QTableView::clicked, this, &MemorySnapshotDock::activateEvent);
    connect(m_eventView, &QTableView::activated, this, &MemorySnapshotDock::activateEvent);

    m_status->setText(tr("Open a PyTorch memory snapshot (.pickle, from torch.cuda.memory._dump_snapshot) with File > Open, "
                         "or drop it on the window; beside a trace of the same run it is drawn on the timeline."));
    m_content->hide();
    m_deviceBox->hide();
}

void MemorySnapshotDock::setLoading(const QString &path)
{
    m_loading = true;
    m_status->setText(tr("Reading %1…").arg(QFileInfo(path).fileName()));
    m_busy->show();
}

void MemorySnapshotDock::setError(const QString &path, const QString &message)
{
    m_loading = false;
    m_busy->hide();
    setSnapshot(nullptr);
    // The reader names the file itself, in full: said once.
    QString why = message;
    if (why.startsWith(path + QStringLiteral(": ")))
        why = why.mid(path.size() + 2);
    m_status->setText(tr("%1 could not be opened: %2").arg(QFileInfo(path).fileName(), why));
    m_status->setStyleSheet(QStringLiteral("color: #b00020; font-weight: bold;"));
}

void MemorySnapshotDock::setSnapshot(LoadedSnapshotPtr snapshot)
{
    m_snapshot = std::move(snapshot);
    m_loading = false;
    m_busy->hide();
    m_status->setStyleSheet(QString());
    m_placement = {};
    m_stepStarts.clear();
    m_stepNames.clear();
    m_alignment->clear();
    m_deviceBox->clear();
    if (m_snapshot) {
        const memsnap::MemorySnapshot &snap = *m_snapshot->snapshot;
        QStringList notes;
        const int segments = int(snap.segments.size());
        notes << (segments == 1 ? tr("%1: pickle protocol %2, %n segment at its end", nullptr, segments)
                                : tr("%1: pickle protocol %2, %n segments at its end", nullptr, segments))
                     .arg(QFileInfo(m_snapshot->path).fileName())
                     .arg(snap.pickleProtocol);
        if (!snap.hasTimes)
            notes << tr("no time_us in its trace (PyTorch 2.0 or older): the actions are placed by their order");
        const QStringList warnings = snap.warnings + m_snapshot->analysis.warnings;
        if (!warnings.isEmpty())
            notes << (warnings.size() == 1 ? tr("%n warning: %1", nullptr, 1) : tr("%n warnings: %1", nullptr, int(warnings.size())))
                         .arg(warnings.mid(0, 3).join(QStringLiteral("; ")));
        m_status->setText(notes.join(QStringLiteral(" · ")));
        for (const memsnap::DeviceHistory &h : m_snapshot->analysis.devices)
            m_deviceBox->addItem(tr("GPU %1").arg(h.device), h.device);
    }
    m_deviceBox->setEnabled(m_deviceBox->count() > 1);
    m_device = m_deviceBox->count() > 0 ? m_deviceBox->itemData(0).toInt() : -1;
    // Nothing to show (no snapshot, or one without devices): the pictures and tables step aside
    // for the message.
    m_content->setVisible(m_snapshot != nullptr && m_device >= 0);
    m_deviceBox->setVisible(m_snapshot != nullptr);
    if (m_snapshot && m_device < 0)
        m_status->setText(m_status->text() + QStringLiteral(" · ") + tr("no device has segments or actions in it"));
    showDevice();
    if (m_snapshot)
        emit snapshotShown();
}

void MemorySnapshotDock::setPlacement(const SnapshotPlacement &placement)
{
    m_placement = placement;
    if (!placement.tried) {
        m_alignment->setText(m_snapshot ? tr("No trace shown to align it with: open the trace of the same run to see the "
                                             "snapshot's events on its timeline.")
                                        : QString());
        return;
    }
    const memsnap::SnapshotAlignment &a = placement.alignment;
    if (a.aligned) {
        m_alignment->setText(tr("Aligned with %1: %2 of %3 segment events matched its cudaMalloc / cudaFree calls "
                                "(median deviation %4, worst %5); its events are drawn on the timeline.")
                                 .arg(placement.traceLabel)
                                 .arg(a.matched)
                                 .arg(a.snapshotEvents)
                                 .arg(figure::duration(double(a.residualNs)), figure::duration(double(a.maxErrorNs))));
        if (a.device >= 0 && a.device != m_device && m_snapshot && m_snapshot->device(a.device))
            setDevice(a.device);
    } else {
        m_alignment->setText(tr("Not aligned with %1: %2").arg(placement.traceLabel, a.reason));
    }
}

void MemorySnapshotDock::setSteps(std::vector<std::int64_t> startsUs, QStringList names)
{
    m_stepStarts = std::move(startsUs);
    m_stepNames = std::move(names);
    updateAdvice();
}

void MemorySnapshotDock::updateAdvice()
{
    const memsnap::DeviceHistory *h = m_snapshot ? m_snapshot->device(m_device) : nullptr;
    m_figures.clear();
    if (!h) {
        m_advice->clear();
        return;
    }
    QString advice;
    if (!h->fragmentation.empty()) {
        const int n = int(h->fragmentation.size());
        // The core's advice says the count itself; this line stands in where it gives none.
        if (!m_snapshot->advice.present)
            advice = n == 1 ? tr("%n cudaMalloc happened while the cache had enough free memory, only in pieces smaller than "
                             "the request (highlighted).",
                             nullptr, 1)
                        : tr("%n cudaMallocs happened while the cache had enough free memory, only in pieces smaller than "
                             "the request (highlighted).",
                             nullptr, n);
        // Per step of the aligned trace: where the fragmentation grows.
        if (!m_stepStarts.empty()) {
            m_figures = memsnap::fragmentationFigures(m_snapshot->analysis, m_stepStarts);
            QStringList parts;
            for (const memsnap::FragmentationFigure &f : m_figures) {
                if (f.events == 0)
                    continue;
                const auto it = std::find(m_stepStarts.begin(), m_stepStarts.end(), f.fromUs);
                const QString name = it != m_stepStarts.end() && int(it - m_stepStarts.begin()) < m_stepNames.size()
                                         ? m_stepNames[int(it - m_stepStarts.begin())]
                                         : tr("outside the steps");
                parts << (f.events == 1 ? tr("%1: %n event, %2 requested", nullptr, 1) : tr("%1: %n events, %2 requested", nullptr, f.events))
                             .arg(name, figure::bytes(double(f.requestedBytes)));
            }
            if (!parts.isEmpty())
                advice += QLatin1Char(' ') + tr("Per step: %1.").arg(parts.join(QStringLiteral("; ")));
        }
        if (m_snapshot->advice.present)
            advice = (m_snapshot->advice.text + QLatin1Char(' ') + advice).trimmed();
    } else {
        advice = tr("No fragmentation: every cudaMalloc was needed (the cache had no room for its request).");
    }
    if (!h->ooms.empty())
        advice += QLatin1Char(' ')
            + (h->ooms.size() == 1 ? tr("%n out-of-memory event: pick it to see the cache at that moment.", nullptr, 1)
                                   : tr("%n out-of-memory events: pick one to see the cache at that moment.", nullptr, int(h->ooms.size())));
    m_advice->setText(advice);
}

void MemorySnapshotDock::setDevice(int device)
{
    if (device == m_device)
        return;
    m_device = device;
    const int i = m_deviceBox->findData(device);
    if (i >= 0)
        m_deviceBox->setCurrentIndex(i);
    showDevice();
}

void MemorySnapshotDock::showDevice()
{
    const memsnap::DeviceHistory *h = m_snapshot ? m_snapshot->device(m_device) : nullptr;
    m_chart->setData(m_snapshot, m_device);
    m_map->setData(m_snapshot, m_device);
    m_events->setDevice(m_snapshot, m_device);
    if (!h) {
        m_summary->clear();
        m_advice->clear();
        m_alive->setGroups(nullptr, {}, 0);
        m_momentLabel->clear();
        return;
    }
    const int fragmentation = int(h->fragmentation.size());
    m_summary->setText((fragmentation == 1 ? tr("Peak allocated %1, peak reserved %2 · %3 segment_alloc, %4 segment_free · %n fragmentation "
                                                "event · %5 segments and %6 blocks at the end",
                                                nullptr, fragmentation)
                                           : tr("Peak allocated %1, peak reserved %2 · %3 segment_alloc, %4 segment_free · %n fragmentation "
                                                "events · %5 segments and %6 blocks at the end",
                                                nullptr, fragmentation))
                           .arg(figure::bytes(double(h->peakAllocated)), figure::bytes(double(h->peakReserved)))
                           .arg(h->segmentAllocs)
                           .arg(h->segmentFrees)
                           .arg(std::count_if(m_snapshot->snapshot->segments.begin(), m_snapshot->snapshot->segments.end(),
                                              [&](const memsnap::Segment &s) { return s.device == m_device; }))
                           .arg([&] {
                               std::size_t n = 0;
                               for (const memsnap::Segment &s : m_snapshot->snapshot->segments)
                                   if (s.device == m_device)
                                       n += s.blockCount;
                               return n;
                           }()));
    updateAdvice();
    m_eventView->resizeColumnsToContents();
    // The peak of allocated bytes until the user picks another moment.
    m_moment = h->peakAllocatedAt;
    m_position = h->peakAllocatedPos;
    m_eventNote.clear();
    updateMoment();
    m_aliveView->resizeColumnsToContents();
}

void MemorySnapshotDock::setMoment(std::int64_t us)
{
    const memsnap::DeviceHistory *h = m_snapshot ? m_snapshot->device(m_device) : nullptr;
    if (!h)
        return;
    us = std::clamp(us, h->beginUs, h->endUs);
    setPosition(memsnap::positionAt(*h, us), us);
}

void MemorySnapshotDock::setPosition(std::uint32_t position, std::int64_t us)
{
    const memsnap::DeviceHistory *h = m_snapshot ? m_snapshot->device(m_device) : nullptr;
    if (!h)
        return;
    position = std::min(position, h->entries);
    if (position == m_position && us == m_moment)
        return;
    m_position = position;
    m_moment = std::clamp(us, h->beginUs, h->endUs);
    m_eventNote.clear();
    updateMoment();
}

memsnap::MemoryPoint MemorySnapshotDock::momentValue() const
{
    const memsnap::DeviceHistory *h = m_snapshot ? m_snapshot->device(m_device) : nullptr;
    if (!h || h->curve.empty())
        return {};
    // The last point at or before the position (the curve has one per change of a total).
    const auto &c = h->curve;
    auto it = std::upper_bound(c.begin(), c.end(), m_position,
                               [](std::uint32_t pos, const memsnap::MemoryPoint &pt) { return pos < pt.position; });
    return it == c.begin() ? c.front() : *(it - 1);
}

void MemorySnapshotDock::updateMoment()
{
    const memsnap::DeviceHistory *h = m_snapshot ? m_snapshot->device(m_device) : nullptr;
    if (!h)
        return;
    m_chart->setMoment(m_moment);
    m_map->setMoment(m_moment);
    const memsnap::MemoryPoint v = momentValue();
    m_alive->setGroups(m_snapshot, memsnap::aliveByStackAt(*h, m_position), v.allocated);
    // The cache at the moment: what its segments hold free, and the largest piece of it.
    std::int64_t freeBytes = 0, largest = 0;
    const std::vector<memsnap::SegmentState> state = memsnap::stateAtPosition(*h, m_position);
    for (const memsnap::SegmentState &s : state) {
        freeBytes += s.freeBytes;
        largest = std::max(largest, s.largestFree);
    }
    const QString when = TimeAxis::formatTime(double(m_moment - h->beginUs) * 1000.0);
    QString text = m_position == h->peakAllocatedPos ? tr("At %1, the peak of allocated memory: ").arg(when) : tr("At %1: ").arg(when);
    text += (state.size() == 1 ? tr("allocated %1, reserved %2; free in the cache %3 in %n segment, its largest free block %4", nullptr, 1)
                               : tr("allocated %1, reserved %2; free in the cache %3 in %n segments, its largest free block %4", nullptr,
                                    int(state.size())))
                .arg(figure::bytes(double(v.allocated)), figure::bytes(double(v.reserved)), figure::bytes(double(freeBytes)),
                     figure::bytes(double(largest)));
    if (!m_eventNote.isEmpty())
        text += QStringLiteral("\n") + m_eventNote;
    m_momentLabel->setText(text);
    emit momentChanged(m_device, qint64(m_moment));
}

void MemorySnapshotDock::activateEvent(const QModelIndex &proxyIndex)
{
    const QModelIndex src = m_eventProxy->mapToSource(proxyIndex);
    const memsnap::DeviceHistory *h = m_snapshot ? m_snapshot->device(m_device) : nullptr;
    if (!src.isValid() || !h)
        return;
    const SegmentEventModel::Row &row = m_events->rows()[std::size_t(src.row())];
    // The cache as the action found it: the state before its entry.
    std::uint32_t entry = 0;
    if (row.segmentEvent >= 0)
        entry = h->segmentEvents[std::size_t(row.segmentEvent)].entry;
    else if (row.oom >= 0)
        entry = h->ooms[std::size_t(row.oom)].entry;
    m_position = std::min(entry, h->entries);
    m_moment = std::clamp(row.timeUs, h->beginUs, h->endUs);
    if (row.fragmentation >= 0)
        m_eventNote = SegmentEventModel::fragmentationText(h->fragmentation[std::size_t(row.fragmentation)]);
    else if (row.oom >= 0)
        m_eventNote = SegmentEventModel::oomText(h->ooms[std::size_t(row.oom)]);
    else
        m_eventNote.clear();
    updateMoment();
    if (row.oom >= 0)
        m_tabs->setCurrentIndex(0); // the cache state and what was alive when it failed
    emit eventPicked(m_device, qint64(row.timeUs));
}

QString MemorySnapshotDock::summaryText() const { return m_summary->text(); }
QString MemorySnapshotDock::statusText() const { return m_status->text(); }
QString MemorySnapshotDock::alignmentText() const { return m_alignment->text(); }
QString MemorySnapshotDock::momentText() const { return m_momentLabel->text(); }
QString MemorySnapshotDock::adviceText() const { return m_advice->text(); }

} // namespace lanescope
