// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/ranks/RanksDock.h"

#include "core/analysis/text/FigureText.h"
#include "widgets/analysis/ItemActivation.h"
#include "widgets/ranks/RankTableModel.h"
#include "widgets/view/Session.h"
#include "widgets/render/SliceHighlight.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cstring>
#include <limits>
#include <utility>

namespace lanescope {
namespace {

// A long job has thousands of matched collectives: each straggler rank lists its worst ones only.
constexpr int kEventsPerRank = 100;
constexpr int kFileColumnWidth = 200; // px
// Around a collective shown from the list: a quarter of its span each side, at least this much, so
// a call of a few microseconds is still seen next to what ran before it.
constexpr double kMinCollectiveMarginNs = 20'000;

} // namespace

QString RanksDock::stragglerWait(const analysis::StragglerRank &r)
{
    // The others' waits are summed: say over how many, or the reader takes it for one rank's wait.
    const QString over = r.ranksWaitingMin != r.ranksWaitingMax
                             ? tr("summed over the other ranks at each collective (%1 to %2)").arg(r.ranksWaitingMin).arg(r.ranksWaitingMax)
                             : r.ranksWaitingMax == 1 ? tr("waited by the one other rank")
                                                      : tr("summed over the %1 other ranks").arg(r.ranksWaitingMax);
    return tr("%1 per step, %2").arg(analysis::figure::ms(r.waitedPerStepNs), over);
}

RanksDock::RanksDock(QWidget *parent)
    : QDockWidget(tr("Ranks"), parent)
    , m_runner(new RanksRunner(this))
{
    setObjectName(QStringLiteral("ranksDock"));
    auto *content = new QWidget(this);
    auto *layout = new QVBoxLayout(content);
    layout->setContentsMargins(6, 4, 6, 4);

    auto *top = new QHBoxLayout;
    m_status = new QLabel(content);
    m_status->setTextFormat(Qt::PlainText);
    m_status->setWordWrap(true);
    m_align = new QCheckBox(tr("Align clocks"), content);
    m_align->setChecked(true);
    m_align->setToolTip(tr("Put every rank on the reference rank's clock, with the offsets measured on the collectives "
                           "the ranks share (they end at the same moment everywhere). Off: each rank as its own clock "
                           "recorded it. The stragglers are always measured on the aligned clocks."));
    // Summary mode: the selected rank's timeline, loaded on demand (so does a double-click on it).
    m_openRank = new QPushButton(tr("Open Rank's Timeline"), content);
    m_openRank->setToolTip(tr("Load the selected rank's trace and show its timeline and analysis, in place of the rank "
                              "shown now (double-click a rank to do the same)"));
    m_openRank->setEnabled(false);
    m_openRank->hide();
    top->addWidget(m_status, 1);
    top->addWidget(m_openRank);
    top->addWidget(m_align);
    layout->addLayout(top);

    m_job = new QLabel(content);
    m_job->setTextFormat(Qt::PlainText);
    m_job->setWordWrap(true);
    layout->addWidget(m_job);

    auto *split = new QSplitter(Qt::Horizontal, content);
    m_model = new RankTableModel(this);
    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(RankTableModel::ValueRole);
    m_table = new QTableView(split);
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(RankTableModel::Rank, Qt::AscendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideMiddle); // tensorboard_trace_handler's names differ in the middle
    m_table->setToolTip(tr("Click a rank to show its lanes. Highlighted: more than 2 median absolute deviations from the ranks' median."));

    m_stragglers = new QTreeWidget(split);
    m_stragglers->setColumnCount(2);
    m_stragglers->setHeaderLabels({tr("Stragglers (the last rank to arrive at a collective)"), tr("Others' wait")});
    m_stragglers->headerItem()->setToolTip(1, tr("A rank: the other ranks' waits for it per step, summed. A collective: the other "
                                                 "ranks' waits for it there, summed."));
    m_stragglers->setRootIsDecorated(true);
    m_stragglers->setUniformRowHeights(true);
    m_stragglers->header()->setStretchLastSection(false);
    m_stragglers->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_stragglers->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_stragglers->setToolTip(tr("Click a collective to show it on every rank"));
    split->addWidget(m_table);
    split->addWidget(m_stragglers);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 1);
    split->setSizes({700, 350}); // the table's ten columns first

    // Transfer against waiting per collective type (JobCollectives.h): the busbw on transfer time
    // beside the ranks' own, so a slow link is not read as a late rank, or the reverse.
    m_transfer = new QTreeWidget(content);
    m_transfer->setColumnCount(TransferColumns);
    m_transfer->setHeaderLabels({tr("Collective"), tr("Size"), tr("Group"), tr("Calls"), tr("Transfer"), tr("Waiting"),
                                 tr("busbw (transfer)"), tr("busbw (per rank)")});
    m_transfer->headerItem()->setToolTip(4, tr("Each call's shortest duration over the ranks (the last rank to arrive waited "
                                               "for nobody), summed over the calls"));
    m_transfer->headerItem()->setToolTip(5, tr("The rest of every rank's duration: spinning until the last rank arrived, summed "
                                               "over the calls and ranks"));
    m_transfer->headerItem()->setToolTip(6, tr("Median bus bandwidth of the calls on their transfer time (nccl-tests' factors): "
                                               "what the link delivers"));
    m_transfer->headerItem()->setToolTip(7, tr("Median bus bandwidth of every rank's own kernels, their waiting included: what one "
                                               "rank's trace shows"));
    m_transfer->setRootIsDecorated(true);
    m_transfer->setUniformRowHeights(true);
    m_transfer->header()->setStretchLastSection(false);
    m_transfer->header()->setSectionResizeMode(QHeaderView::ResizeToContents);

    auto *vsplit = new QSplitter(Qt::Vertical, content);
    vsplit->addWidget(split);
    vsplit->addWidget(m_transfer);
    vsplit->setStretchFactor(0, 3);
    vsplit->setStretchFactor(1, 1);
    layout->addWidget(vsplit, 1);

    setWidget(content);

    // A folder shown whole: a click shows a rank's lanes. Its summary: a click selects, and a
    // double-click (or the button) loads the rank's timeline, seconds of work, not done by a stray click.
    onItemActivation(m_table, this, [this](const QModelIndex &i) {
        if (!isSummary())
            activateRank(m_proxy->mapToSource(i).row());
    });
    connect(m_table, &QAbstractItemView::doubleClicked, this, [this](const QModelIndex &i) {
        if (isSummary())
            activateRank(m_proxy->mapToSource(i).row());
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            [this] { m_openRank->setEnabled(isSummary() && selectedRank() >= 0); });
    connect(m_openRank, &QPushButton::clicked, this, [this] { activateRank(selectedRank()); });
    const auto rankOf = [](const QModelIndex &i) {
        const QModelIndex first = i.siblingAtColumn(0);
        return first.data(RankIndexRole).isValid() ? first.data(RankIndexRole).toInt() : -1;
    };
    onItemActivation(m_stragglers, this, [this, rankOf](const QModelIndex &i) {
        const QModelIndex first = i.siblingAtColumn(0);
        const int event = first.data(EventRole).isValid() ? first.data(EventRole).toInt() : -1;
        if (isSummary()) {
            if (const int row = rankOf(i); row >= 0)
                m_table->selectRow(m_proxy->mapFromSource(m_model->index(row, 0)).row());
            if (event >= 0 && shownRank() >= 0)
                showCollective(event); // on the rank shown, where it took part
            return;
        }
        if (event >= 0)
            showCollective(event);
        else if (first.data(RankIndexRole).isValid())
            activateRank(first.data(RankIndexRole).toInt());
    });
    connect(m_stragglers, &QAbstractItemView::doubleClicked, this, [this, rankOf](const QModelIndex &i) {
        if (!isSummary())
            return;
        const QModelIndex first = i.siblingAtColumn(0);
        const int event = first.data(EventRole).isValid() ? first.data(EventRole).toInt() : -1;
        const int row = rankOf(i);
        if (row < 0)
            return;
        if (row == shownRank()) {
            if (event >= 0)
                showCollective(event);
            return;
        }
        m_pendingEvent = event; // shown once the rank's timeline is there
        activateRank(row);
    });
    connect(m_align, &QCheckBox::toggled, this, &RanksDock::applyOffsets);
    connect(m_runner, &RanksRunner::finished, this, &RanksDock::showResult);
    connect(m_runner, &RanksRunner::busyChanged, this, &RanksDock::updateStatus);
    updateStatus();
}

RanksDock::~RanksDock() = default;

void RanksDock::setSession(Session *session)
{
    if (Session *old = m_session.data())
        old->disconnect(this);
    m_session = session;
    m_options = sessionOptions();
    if (!session)
        return;
    connect(session, &Session::runsChanged, this, [this] {
        if (hasRanks() && !sessionMatches())
            clear(); // another trace opened, or a run removed: no longer this folder
        else if (isSummary())
            followShownRank();
    });
    connect(session, &Session::settingsChanged, this, &RanksDock::followSettings);
}

analysis::AnalysisOptions RanksDock::sessionOptions() const
{
    const Session *s = m_session.data();
    return s ? s->settings().options() : analysis::AnalysisOptions{};
}

bool RanksDock::sessionMatches() const
{
    const Session *s = m_session.data();
    if (!s)
        return false;
    if (m_summaryMode)
        return s->runCount() == 0 || (s->runCount() == 1 && shownRank() >= 0); // nothing, or one of its ranks
    if (s->runCount() != int(m_ranks.size()))
        return false;
    for (int i = 0; i < s->runCount(); ++i)
        if (s->run(i).trace.get() != m_ranks[std::size_t(i)].trace.get())
            return false;
    return true;
}

void RanksDock::setRanks(std::vector<RankFile> ranks, analysis::ClockAlignment clocks)
{
    m_summaryMode = false;
    m_openRank->hide();
    m_options = sessionOptions(); // what the ranks are measured with
    m_ranks = std::move(ranks);
    m_clocks = std::move(clocks);
    m_clocks.ranks.resize(m_ranks.size()); // a missing entry is no offset
    m_result.reset();
    std::vector<RankTableModel::RankRow> rows;
    for (const RankFile &r : m_ranks)
        rows.push_back({r.rank, r.rankGuessed, r.path});
    m_model->setRanks(std::move(rows));
    applyOffsets();
    fillStragglers();
    rerun();
    fitColumns();
}

void RanksDock::setSummary(std::vector<RankFile> ranks, RanksResultPtr result)
{
    m_runner->request({}); // a full folder's analysis in flight is not this one's
    m_summaryMode = true;
    m_summaryStale = false;
    m_pendingEvent = -1;
    m_options = sessionOptions(); // what the summary was measured with
    m_ranks = std::move(ranks);
    m_result = std::move(result);
    m_clocks = m_result ? m_result->job.clocks : analysis::ClockAlignment{};
    m_clocks.ranks.resize(m_ranks.size());
    std::vector<RankTableModel::RankRow> rows;
    for (const RankFile &r : m_ranks)
        rows.push_back({r.rank, r.rankGuessed, r.path});
    m_model->setRanks(std::move(rows));
    m_align->setChecked(true); // the offsets column shows the job's clocks; no timeline to move
    applyOffsets();
    m_openRank->show();
    m_openRank->setEnabled(false);
    showResult(m_result);
    followShownRank();
}

int RanksDock::shownRank() const
{
    const Session *s = m_session.data();
    if (!m_summaryMode || !s || s->runCount() != 1)
        return -1;
    const QString path = s->run(0).path;
    for (std::size_t i = 0; i < m_ranks.size(); ++i)
        if (m_ranks[i].path == path)
            return int(i);
    return -1;
}

int RanksDock::selectedRank() const
{
    const QModelIndexList rows = m_table->selectionModel() ? m_table->selectionModel()->selectedRows() : QModelIndexList{};
    return rows.isEmpty() ? -1 : m_proxy->mapToSource(rows.first()).row();
}

void RanksDock::followShownRank()
{
    const int shown = shownRank();
    m_model->setShownRow(shown);
    updateStatus();
    if (shown < 0)
        return;
    const QModelIndex row = m_proxy->mapFromSource(m_model->index(shown, 0));
    m_table->selectRow(row.row());
    m_table->scrollTo(row);
    // Once the window has shown the rank (it fits the view to a new run after this signal).
    if (const int event = std::exchange(m_pendingEvent, -1); event >= 0)
        QTimer::singleShot(0, this, [this, event] { showCollective(event); });
}

void RanksDock::clear()
{
    m_summaryMode = false;
    m_summaryStale = false;
    m_pendingEvent = -1;
    m_openRank->hide();
    m_ranks.clear();
    m_clocks = {};
    m_result.reset();
    m_model->setRanks({});
    m_runner->request({}); // drops what is in flight
    fillStragglers();
    fillTransfer();
    updateStatus();
}

void RanksDock::followSettings()
{
    const analysis::AnalysisOptions o = sessionOptions();
    const bool same = analysis::sameMeasures(o, m_options);
    // MFU inputs that give no MFU either way (no parameters or tokens) change no figure of a summary.
    const auto noMfu = [](const analysis::AnalysisOptions &x) { return !(x.mfu.params > 0 && x.mfu.tokensPerStep > 0); };
    analysis::AnalysisOptions withoutMfu = o;
    withoutMfu.mfu = m_options.mfu;
    const bool sameFigures = same || (noMfu(o) && noMfu(m_options) && analysis::sameMeasures(withoutMfu, m_options));
    m_options = o;
    if (!sameFigures && isSummary()) {
        // The ranks' models are gone: measuring again means loading the folder again (Reload).
        m_summaryStale = true;
        updateStatus();
    } else if (!same && hasRanks() && !isSummary()) {
        rerun();
    }
}

bool RanksDock::clocksAligned() const { return m_align->isChecked(); }

void RanksDock::setClocksAligned(bool on) { m_align->setChecked(on); }

TimeNs RanksDock::appliedOffsetNs(int i) const
{
    if (i < 0 || i >= int(m_clocks.ranks.size()) || !clocksAligned())
        return 0;
    return m_clocks.ranks[std::size_t(i)].offsetNs();
}

bool RanksDock::isBusy() const { return m_runner->isBusy(); }

QString RanksDock::statusText() const { return m_status->text(); }

QString RanksDock::jobText() const { return m_job->text(); }

void RanksDock::applyOffsets()
{
    // The session's axis counts from each run's first event, moved by the run's offset
    // (Session.h: axis = absolute - (minTs - offset)). On the common clock a rank's event sits at
    // absolute + clock offset; counting from the job's first event there (origin) gives
    // offset = minTs + clock offset - origin, so every rank's event lands where the clocks say.
    std::vector<TimeNs> applied;
    QStringList sources;
    for (int i = 0; i < int(m_ranks.size()); ++i) {
        applied.push_back(appliedOffsetNs(i));
        const analysis::RankClock &c = m_clocks.ranks[std::size_t(i)];
        if (!clocksAligned())
            sources << tr("Align clocks is off: the rank's own clock");
        else if (c.source == analysis::RankClock::Source::Reference)
            sources << tr("The reference clock");
        else if (c.source == analysis::RankClock::Source::Collectives)
            sources << (c.matched == 1 ? tr("Measured on %n matching collective, to %1 µs (median deviation)", nullptr, c.matched)
                                       : tr("Measured on %n matching collectives, which agree to %1 µs (median deviation)", nullptr, c.matched))
                           .arg(QLocale().toString(double(c.spreadNs) / 1000.0, 'f', 3));
        else
            sources << tr("From the traces' epochs (baseTimeNanoseconds) alone: no collective matched");
    }
    m_model->setClockOffsets(applied, sources);
    Session *s = m_session.data();
    if (!s || m_summaryMode || !sessionMatches())
        return; // a summary shows one rank at most, alone on its own clock
    TimeNs origin = std::numeric_limits<TimeNs>::max();
    for (int i = 0; i < s->runCount(); ++i)
        origin = std::min(origin, s->run(i).trace->minTs + applied[std::size_t(i)]);
    for (int i = 0; i < s->runCount(); ++i)
        s->setOffset(i, s->run(i).trace->minTs + applied[std::size_t(i)] - origin);
}

void RanksDock::rerun()
{
    if (m_summaryMode)
        return; // no model to measure: the summary came with the folder
    RanksInput in;
    if (hasRanks()) {
        in.ranks = m_ranks;
        in.options.analysis = m_options;
        in.options.alignClocks = true; // the stragglers are a matter of the true clocks, whatever is shown
    }
    m_runner->request(std::move(in));
    updateStatus();
}

void RanksDock::showResult(const RanksResultPtr &result)
{
    if (!hasRanks())
        return;
    m_result = result;
    m_model->setFigures(result && result->error.isEmpty() ? std::shared_ptr<const analysis::JobResult>(result, &result->job)
                                                          : nullptr);
    fitColumns();
    fillStragglers();
    fillTransfer();
    updateStatus();
    emit analysisFinished();
}

void RanksDock::fitColumns()
{
    m_table->resizeColumnsToContents();
    // The file names are long and alike: the figures matter more than seeing all of them.
    m_table->setColumnWidth(RankTableModel::File, std::min(m_table->columnWidth(RankTableModel::File), kFileColumnWidth));
}

void RanksDock::fillStragglers()
{
    m_stragglers->clear();
    if (!m_result || !m_result->error.isEmpty())
        return;
    const analysis::Stragglers &s = m_result->job.stragglers;
    if (s.events.empty()) {
        auto *none = new QTreeWidgetItem(m_stragglers, {tr("No collective matched across the ranks: no straggler can be told.")});
        none->setFlags(Qt::ItemIsEnabled);
        return;
    }
    const auto indexOf = [this](int rank) {
        for (std::size_t i = 0; i < m_ranks.size(); ++i)
            if (m_ranks[i].rank == rank)
                return int(i);
        return -1;
    };
    for (const analysis::StragglerRank &br : s.byRank) {
        auto *item = new QTreeWidgetItem(m_stragglers);
        item->setText(0, tr("rank %1 made the others wait %2").arg(br.rank).arg(stragglerWait(br)));
        item->setText(1, analysis::figure::ms(br.waitedPerStepNs));
        item->setToolTip(0, (s.steps == 1 ? tr("Last to arrive at %1 of %2 collectives; %3 of waiting in all over %n step. Click to show its lanes.",
                                               nullptr, s.steps)
                                          : tr("Last to arrive at %1 of %2 collectives; %3 of waiting in all over %n steps. Click to show its lanes.",
                                               nullptr, s.steps))
                                .arg(br.timesLast)
                                .arg(s.events.size())
                                .arg(analysis::figure::ms(double(br.waitedNs))));
        item->setData(0, EventRole, -1);
        item->setData(0, RankIndexRole, indexOf(br.rank));
        QFont bold = item->font(0);
        bold.setBold(true);
        item->setFont(0, bold);
        item->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
        int listed = 0, more = 0;
        for (std::size_t e = 0; e < s.events.size(); ++e) {
            const analysis::StragglerEvent &ev = s.events[e];
            if (ev.rank != br.rank)
                continue;
            if (listed == kEventsPerRank) {
                ++more;
                continue;
            }
            ++listed;
            auto *child = new QTreeWidgetItem(item);
            const QString step = ev.step >= 0 ? tr("step %1").arg(ev.step) : tr("outside the steps");
            child->setText(0, (ev.ranksWaiting == 1 ? tr("%1 · %2: %n rank waited, the first %3", nullptr, ev.ranksWaiting)
                                                    : tr("%1 · %2: %n ranks waited, the first %3", nullptr, ev.ranksWaiting))
                                  .arg(step, ev.collective, analysis::figure::ms(double(ev.maxWaitNs))));
            child->setText(1, analysis::figure::ms(double(ev.waitedNs)));
            child->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
            child->setToolTip(0, tr("Click to show this collective on every rank"));
            child->setData(0, EventRole, int(e));
            child->setData(0, RankIndexRole, indexOf(br.rank));
        }
        if (more > 0) {
            auto *rest = new QTreeWidgetItem(item, {tr("… and %n more", nullptr, more)});
            rest->setFlags(Qt::ItemIsEnabled);
        }
    }
    if (QTreeWidgetItem *worst = m_stragglers->topLevelItem(0))
        worst->setExpanded(true);
}

void RanksDock::fillTransfer()
{
    m_transfer->clear();
    if (!m_result || !m_result->error.isEmpty())
        return;
    const analysis::JobCollectives &c = m_result->job.transfer;
    if (c.calls == 0) {
        new QTreeWidgetItem(m_transfer, {tr("No collective matched across the ranks: transfer and waiting cannot be told apart.")});
        return;
    }
    const auto gbps = [](double v) { return v >= 0 ? tr("%1 GB/s").arg(v, 0, 'f', 1) : QStringLiteral("-"); };
    auto *types = new QTreeWidgetItem(m_transfer, {tr("By collective"), QString(), QString(), QLocale().toString(qlonglong(c.calls)),
                                                   analysis::figure::ms(double(c.transferNs)), analysis::figure::ms(double(c.skewNs))});
    for (const analysis::JobCollectiveType &t : c.byType)
        new QTreeWidgetItem(types, {QString::fromLatin1(analysis::collectiveKindName(t.kind)),
                                    t.bytes >= 0 ? analysis::figure::bytes(double(t.bytes)) : QStringLiteral("-"),
                                    t.groupSize > 0 ? QString::number(t.groupSize) : QStringLiteral("-"),
                                    QLocale().toString(qlonglong(t.count)), analysis::figure::ms(double(t.transferNs)),
                                    analysis::figure::ms(double(t.skewNs)), gbps(t.busbwMedianGBps), gbps(t.rankBusbwMedianGBps)});
    types->setExpanded(true);
    auto *ranks = new QTreeWidgetItem(m_transfer, {tr("Waiting per rank, per step")});
    for (const analysis::JobCollectiveRank &r : c.byRank) {
        auto *item = new QTreeWidgetItem(ranks, {tr("rank %1").arg(r.rank), QString(), QString(), QLocale().toString(qlonglong(r.calls)),
                                                 QString(), analysis::figure::ms(r.skewPerStepNs)});
        item->setToolTip(5, tr("%1 of its %2 in the matched collectives").arg(analysis::figure::ms(double(r.skewNs)),
                                                                            analysis::figure::ms(double(r.durationNs))));
    }
    ranks->setExpanded(true);
}

void RanksDock::updateStatus()
{
    m_job->clear();
    if (!hasRanks()) {
        m_status->setText(tr("Open a folder of rank traces (File > Open Folder…) to see its ranks side by side."));
        m_align->setEnabled(false);
        return;
    }
    // A summary's clocks are measured, but no timeline is there to move: the column shows them.
    m_align->setEnabled(!m_summaryMode);
    const int ref = m_clocks.reference >= 0 && m_clocks.reference < rankCount() ? m_clocks.reference : 0;
    QString head = (rankCount() == 1 ? tr("%n rank, clocks on rank %1's", nullptr, 1) : tr("%n ranks, clocks on rank %1's", nullptr, rankCount()))
                       .arg(m_ranks[std::size_t(ref)].rank);
    if (m_summaryMode) {
        const int shown = shownRank();
        head = shown >= 0 ? tr("%1 · summary of the job, rank %2's timeline shown").arg(head).arg(m_ranks[std::size_t(shown)].rank)
                          : tr("%1 · summary of the job: double-click a rank to load its timeline").arg(head);
        if (m_summaryStale)
            head = tr("%1 · measured with the options the folder was opened with: Reload (F5) to measure with the new ones").arg(head);
    }
    if (isBusy()) {
        m_status->setText(tr("%1 · analysing…").arg(head));
        return;
    }
    if (!m_result) {
        m_status->setText(head);
        return;
    }
    if (!m_result->error.isEmpty()) {
        m_status->setText(m_result->error);
        return;
    }
    const analysis::JobResult &j = m_result->job;
    const int matched = int(j.collectives.collectives.size());
    m_status->setText((matched == 1 ? tr("%1 · %n collective matched by %2", nullptr, matched)
                                    : tr("%1 · %n collectives matched by %2", nullptr, matched))
                          .arg(head, j.collectives.bySeq ? tr("sequence number") : tr("order within the step")));
    QStringList parts;
    const analysis::JobFigures &f = j.job;
    if (f.stepTimeNs)
        parts << tr("job step %1 (first rank's start to last rank's end)").arg(analysis::figure::stepTime(*f.stepTimeNs));
    if (f.temporal.activities > 0)
        parts << tr("GPU idle %1").arg(analysis::figure::pct(f.temporal.idlePct));
    if (f.mfu.valid)
        parts << tr("MFU %1").arg(analysis::figure::pct(f.mfu.mfuPct));
    // Two questions, each answered once: whom the others wait for (the straggler list's first rank,
    // its figure as the list spells it), and whether a rank's own step is slower. In a synchronous
    // job the waits make every rank's step as long as the straggler's, so the longest median step
    // is named only where it stands out from the others as the table shows them.
    if (!j.stragglers.byRank.empty()) {
        const analysis::StragglerRank &worst = j.stragglers.byRank.front();
        parts << tr("the others wait for rank %1: %2").arg(worst.rank).arg(stragglerWait(worst));
    }
    parts << slowestRankText(j);
    parts.removeAll(QString());
    m_job->setText(parts.join(QStringLiteral(" · ")));
}

QString RanksDock::slowestRankText(const analysis::JobResult &j) const
{
    const analysis::JobFigures &f = j.job;
    const auto &keys = analysis::outlierFigures();
    const std::size_t k = std::size_t(std::find_if(keys.begin(), keys.end(), [](const char *key) { return std::strcmp(key, "step_time_us") == 0; }) -
                                       keys.begin());
    const std::optional<double> medianUs = k < f.outlierMedians.size() ? f.outlierMedians[k] : std::nullopt;
    if (f.slowestRank < 0 || !medianUs)
        return {};
    for (const analysis::RankFigures &r : j.ranks) {
        if (r.rank != f.slowestRank || !r.stepTimeNs)
            continue;
        const bool standsOut = std::any_of(r.outliers.begin(), r.outliers.end(), [](const char *key) { return std::strcmp(key, "step_time_us") == 0; });
        if (standsOut)
            return tr("slowest rank by median step time: %1, %2 against the ranks' median %3")
                .arg(r.rank)
                .arg(analysis::figure::stepTime(*r.stepTimeNs), analysis::figure::stepTime(*medianUs * 1e3));
        return tr("no rank's median step stands out from the ranks' median %1").arg(analysis::figure::stepTime(*medianUs * 1e3));
    }
    return {};
}

void RanksDock::activateRank(int row)
{
    if (row >= 0 && row < rankCount())
        emit rankActivated(row);
}

void RanksDock::showCollective(int event)
{
    Session *s = m_session.data();
    if (!s || !m_result || !sessionMatches() || event < 0 || event >= int(m_result->eventSpans.size()))
        return;
    std::vector<CollectiveSpan> spans = m_result->eventSpans[std::size_t(event)];
    if (m_summaryMode) {
        // One rank on screen, as the session's only run: its call alone.
        const int shown = shownRank();
        spans.erase(std::remove_if(spans.begin(), spans.end(), [shown](const CollectiveSpan &c) { return c.rankIndex != shown; }), spans.end());
        for (CollectiveSpan &c : spans)
            c.rankIndex = 0;
    }
    if (spans.empty())
        return;
    // From the first arrival to the last end, on the axis as shown (aligned or not).
    double lo = std::numeric_limits<double>::max(), hi = std::numeric_limits<double>::lowest();
    auto h = std::make_shared<SliceHighlight>();
    h->name = m_result->job.stragglers.events[std::size_t(event)].collective;
    h->runs.resize(std::size_t(s->runCount()));
    h->counts.assign(std::size_t(s->runCount()), 0);
    for (const CollectiveSpan &c : spans) {
        lo = std::min(lo, double(c.start - s->base(c.rankIndex)));
        hi = std::max(hi, double(c.end - s->base(c.rankIndex)));
        auto &tracks = h->runs[std::size_t(c.rankIndex)];
        tracks.resize(std::max(tracks.size(), std::size_t(c.track) + 1));
        tracks[c.track].slices.push_back(c.slice);
        tracks[c.track].maxDur = std::max(tracks[c.track].maxDur, c.end - c.start);
        ++h->counts[std::size_t(c.rankIndex)];
    }
    const double margin = std::max((hi - lo) * 0.25, kMinCollectiveMarginNs);
    s->state()->setWindow(lo - margin, hi - lo + 2 * margin);
    s->state()->setHighlight(std::move(h));
}

} // namespace lanescope
