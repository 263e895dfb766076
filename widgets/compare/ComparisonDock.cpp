// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/compare/ComparisonDock.h"

#include "widgets/compare/CompareCharts.h"
#include "widgets/compare/DiffNameDelegate.h"
#include "widgets/compare/MetricsTableModel.h"
#include "widgets/compare/HardwareDiffModel.h"
#include "widgets/compare/NameDiffModel.h"
#include "widgets/compare/SourceDiffPanel.h"
#include "widgets/compare/RunAlignment.h"
#include "widgets/compare/CompactTable.h"
#include "widgets/compare/TrendChart.h"
#include "widgets/view/Session.h"
#include "widgets/view/SessionAnalyser.h"
#include "widgets/render/SliceHighlight.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDateTime>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace lanescope {

namespace {
constexpr int kAlignStart = -1; // the align box's data for "trace start"
} // namespace

ComparisonDock::ComparisonDock(QWidget *parent)
    : QDockWidget(tr("Comparison"), parent)
    , m_runner(new ComparisonRunner(this))
    , m_noiseRunner(new StepNoiseRunner(this))
{
    setObjectName(QStringLiteral("comparisonDock"));
    auto *content = new QWidget(this);
    auto *layout = new QVBoxLayout(content);
    layout->setContentsMargins(4, 4, 4, 4);

    m_warnings = new QLabel(content);
    m_warnings->setWordWrap(true);
    m_warnings->setTextFormat(Qt::PlainText);
    m_warnings->setStyleSheet(QStringLiteral("QLabel { background: #FFF4CE; color: #5C4400; padding: 4px; }"));
    m_warnings->hide();
    layout->addWidget(m_warnings);
    m_watchNote = new QLabel(content);
    m_watchNote->setObjectName(QStringLiteral("watchNote"));
    m_watchNote->setWordWrap(true);
    m_watchNote->setTextFormat(Qt::PlainText);
    m_watchNote->setStyleSheet(QStringLiteral("QLabel { background: #E3F0FB; color: #123A5C; padding: 4px; }"));
    m_watchNote->hide();
    layout->addWidget(m_watchNote);
    layout->addWidget(buildRunsBox());
    // Long run labels head the tables' columns as letters; this line says which run each is.
    m_keyLegend = new QLabel(content);
    m_keyLegend->setObjectName(QStringLiteral("diffKeyLegend"));
    m_keyLegend->setWordWrap(true);
    m_keyLegend->setTextFormat(Qt::PlainText);
    m_keyLegend->hide();
    layout->addWidget(m_keyLegend);

    m_tabs = new QTabWidget(content);
    // Metrics.
    auto *metricsTab = new QWidget(m_tabs);
    auto *ml = new QVBoxLayout(metricsTab);
    ml->setContentsMargins(0, 0, 0, 0);
    m_metrics = new MetricsTableModel(this);
    m_metricsView = new QTableView(metricsTab);
    // Long run labels head the columns by their keys (the full label is the header's tooltip),
    // and a figure's count and share take lines of their own: three runs fit the dock's width.
    m_compact = new CompactTable(this);
    m_compact->setSourceModel(m_metrics);
    m_metricsView->setModel(m_compact);
    m_metricsView->verticalHeader()->hide();
    m_metricsView->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_metricsView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_metricsView->setWordWrap(false);
    m_metricsView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // The figures' names take what the runs' columns leave, elided at the right (the tooltip and
    // Copy Table keep them whole): the runs' values and deltas never need a sideways scroll.
    // (Set once the model has its columns: a header without sections has none to set.)
    const auto stretchNames = [this] {
        if (m_metricsView->model()->columnCount() > 0)
            m_metricsView->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    };
    connect(m_compact, &QAbstractItemModel::modelReset, this, stretchNames);
    connect(m_compact, &QAbstractItemModel::columnsInserted, this, stretchNames);
    connect(m_compact, &QAbstractItemModel::layoutChanged, this, stretchNames);
    m_metricsView->setTextElideMode(Qt::ElideRight);
    ml->addWidget(m_metricsView, 1);
    auto *copy = new QPushButton(tr("Copy Table"), metricsTab);
    copy->setToolTip(tr("Copy the figures as tab-separated text (pastes into a spreadsheet)"));
    connect(copy, &QPushButton::clicked, this, [this] { QApplication::clipboard()->setText(m_metrics->toTsv()); });
    auto *cl = new QHBoxLayout;
    cl->addStretch(1);
    cl->addWidget(copy);
    ml->addLayout(cl);
    m_tabs->addTab(metricsTab, tr("Metrics"));
    // Charts.
    auto chartTab = [this](QWidget *chart, int which) {
        auto *tab = new QWidget(m_tabs);
        auto *l = new QVBoxLayout(tab);
        l->setContentsMargins(0, 0, 0, 0);
        l->addWidget(chart, 1);
        auto *b = new QPushButton(tr("Export Chart…"), tab);
        b->setToolTip(tr("Write the chart as PNG or SVG"));
        connect(b, &QPushButton::clicked, this, [this, which] { exportChart(which); });
        auto *bl = new QHBoxLayout;
        bl->addStretch(1);
        bl->addWidget(b);
        l->addLayout(bl);
        return tab;
    };
    m_waterfall = new WaterfallChart(m_tabs);
    m_tabs->addTab(chartTab(m_waterfall, 0), tr("Waterfall"));
    m_throughput = new ThroughputChart(m_tabs);
    m_tabs->addTab(chartTab(m_throughput, 1), tr("Throughput"));
    m_trend = new TrendChart(m_tabs);
    m_tabs->addTab(chartTab(m_trend, 2), tr("Trend"));
    m_tabs->addTab(buildDiffTab(), tr("Differences"));
    layout->addWidget(m_tabs, 1);

    m_status = new QLabel(content);
    m_status->setWordWrap(true);
    layout->addWidget(m_status);
    setWidget(content);

    connect(m_runner, &ComparisonRunner::finished, this, &ComparisonDock::showResult);
    connect(m_noiseRunner, &StepNoiseRunner::finished, this, [this](const StepNoisePtr &noise) {
        m_metrics->setNoise(noise);
        m_trend->setNoise(noise);
        m_metricsView->resizeColumnsToContents();
    });
    connect(m_runner, &ComparisonRunner::busyChanged, this, [this](bool busy) {
        if (busy)
            m_status->setText(tr("Comparing…"));
    });
}

ComparisonDock::~ComparisonDock() = default;

QWidget *ComparisonDock::buildRunsBox()
{
    auto *box = new QWidget(this);
    auto *grid = new QVBoxLayout(box);
    grid->setContentsMargins(0, 0, 0, 0);
    // A log_dir's sessions, ticked where they take part (setLogSessions); hidden otherwise.
    m_sessionList = new QListWidget(box);
    m_sessionList->setObjectName(QStringLiteral("logSessionList"));
    m_sessionList->setMaximumHeight(96);
    m_sessionList->setToolTip(tr("The profiling sessions of the log_dir, earliest first: tick those to compare (the earliest "
                                 "ticked is the baseline)"));
    m_sessionList->hide();
    connect(m_sessionList, &QListWidget::itemChanged, this, [this] {
        if (m_filling)
            return;
        QList<int> picked;
        for (int i = 0; i < m_sessionList->count(); ++i)
            if (m_sessionList->item(i)->checkState() == Qt::Checked)
                picked << i;
        emit logSessionsPicked(picked);
    });
    grid->addWidget(m_sessionList);
    auto *row = new QHBoxLayout;
    m_runList = new QListWidget(box);
    m_runList->setMaximumHeight(96);
    m_runList->setToolTip(tr("The runs, the baseline first. Double-click a label to rename it."));
    m_runList->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
    connect(m_runList, &QListWidget::itemChanged, this, &ComparisonDock::runRenamed);
    row->addWidget(m_runList, 1);
    auto *buttons = new QVBoxLayout;
    auto button = [box, buttons](const QString &text, const QString &tip) {
        auto *b = new QToolButton(box);
        b->setText(text);
        b->setToolTip(tip);
        b->setToolButtonStyle(Qt::ToolButtonTextOnly);
        b->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
        buttons->addWidget(b);
        return b;
    };
    m_add = button(tr("Add…"), tr("Add a trace to the comparison"));
    m_up = button(tr("Up"), tr("Move the run up (the top run is the baseline)"));
    m_down = button(tr("Down"), tr("Move the run down"));
    m_remove = button(tr("Remove"), tr("Take the run out of the comparison"));
    buttons->addStretch(1);
    row->addLayout(buttons);
    grid->addLayout(row);
    connect(m_add, &QToolButton::clicked, this, &ComparisonDock::addRunRequested);
    connect(m_up, &QToolButton::clicked, this, [this] { moveSelected(-1); });
    connect(m_down, &QToolButton::clicked, this, [this] { moveSelected(1); });
    connect(m_remove, &QToolButton::clicked, this, &ComparisonDock::removeSelected);

    // Two short rows rather than one long one: the dock must not force the timeline narrower than
    // its metrics need (one row asked ~700 px of a 1400 px window).
    auto *options = new QHBoxLayout;
    options->addWidget(new QLabel(tr("Align on:"), box));
    m_align = new QComboBox(box);
    m_align->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_align->setMinimumContentsLength(12);
    m_align->setToolTip(tr("Put the same complete ProfilerStep of every run (by position: runs number their steps "
                           "differently) at one time, or every trace's start"));
    options->addWidget(m_align);
    options->addWidget(new QLabel(tr("Measure:"), box));
    m_scope = new QComboBox(box);
    m_scope->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_scope->setMinimumContentsLength(10);
    m_scope->addItem(tr("Whole traces"));
    m_scope->addItem(tr("Aligned step only"));
    m_scope->setToolTip(tr("Figures and differences over each whole trace, or over the aligned step of each run"));
    options->addWidget(m_scope);
    m_fold = new QCheckBox(tr("Fold template arguments"), box);
    m_fold->setToolTip(tr("Count kernels that differ only in their template arguments as one row"));
    options->addStretch(1);
    grid->addLayout(options);
    grid->addWidget(m_fold);
    connect(m_align, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_filling)
            applyAlignment();
    });
    connect(m_scope, &QComboBox::currentIndexChanged, this, &ComparisonDock::rerun);
    connect(m_fold, &QCheckBox::toggled, this, &ComparisonDock::rerun);
    return box;
}

QTableView *ComparisonDock::makeDiffView(NameDiffModel *model, QSortFilterProxyModel **proxy)
{
    *proxy = new QSortFilterProxyModel(this);
    (*proxy)->setSourceModel(model);
    (*proxy)->setSortRole(NameDiffModel::SortRole);
    (*proxy)->setFilterCaseSensitivity(Qt::CaseInsensitive);
    (*proxy)->setFilterKeyColumn(0);
    auto *view = new QTableView(this);
    view->setModel(*proxy);
    view->setSortingEnabled(true);
    view->sortByColumn(-1, Qt::AscendingOrder); // the model's order: largest impact first
    view->verticalHeader()->hide();
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setWordWrap(false);
    // The figures keep their width; the name takes what is left, fitted so that what tells it from
    // the most alike other row stays in view (DiffNameDelegate).
    view->setTextElideMode(Qt::ElideMiddle);
    view->setItemDelegateForColumn(0, new DiffNameDelegate(view));
    view->horizontalHeader()->setStretchLastSection(false);
    view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    view->horizontalHeader()->setMinimumSectionSize(40);
    auto fitColumns = [this, view, model] {
        QHeaderView *h = view->horizontalHeader();
        if (model->columnCount() > 0)
            h->setSectionResizeMode(0, QHeaderView::Stretch);
        for (int run = 0; run < model->runs(); ++run)
            view->setColumnHidden(model->countColumn(run), !m_counts->isChecked());
    };
    connect(model, &QAbstractItemModel::modelReset, view, fitColumns);
    connect(m_counts, &QCheckBox::toggled, view, fitColumns);
    QSortFilterProxyModel *p = *proxy;
    connect(view, &QTableView::clicked, this, [this, model, p](const QModelIndex &index) {
        highlightRow(model, p->mapToSource(index).row());
    });
    connect(view, &QTableView::activated, this, [this, model, p](const QModelIndex &index) {
        highlightRow(model, p->mapToSource(index).row());
    });
    return view;
}

QWidget *ComparisonDock::buildDiffTab()
{
    auto *tab = new QWidget(this);
    auto *l = new QVBoxLayout(tab);
    l->setContentsMargins(0, 0, 0, 0);
    auto *bar = new QHBoxLayout;
    m_filter = new QLineEdit(tab);
    m_filter->setPlaceholderText(tr("Filter names…"));
    m_filter->setClearButtonEnabled(true);
    bar->addWidget(m_filter, 1);
    // Counts off by default: three runs' times and deltas fit the dock's width; each time's
    // tooltip still says how many ran.
    m_counts = new QCheckBox(tr("Counts"), tab);
    m_counts->setToolTip(tr("Show how many of each ran in every run"));
    bar->addWidget(m_counts);
    m_perStep = new QCheckBox(tr("Per step"), tab);
    m_perStep->setToolTip(tr("Time per ProfilerStep instead of the whole trace's total (on by itself when the runs "
                             "recorded different numbers of steps)"));
    bar->addWidget(m_perStep);
    l->addLayout(bar);

    auto *inner = new QTabWidget(tab);
    m_kernels = new NameDiffModel(NameDiffModel::Kind::Kernels, this);
    m_ops = new NameDiffModel(NameDiffModel::Kind::Operators, this);
    m_gaps = new NameDiffModel(NameDiffModel::Kind::Gaps, this);
    m_kernelView = makeDiffView(m_kernels, &m_kernelProxy);
    m_opView = makeDiffView(m_ops, &m_opProxy);
    m_gapView = makeDiffView(m_gaps, &m_gapProxy);
    inner->addTab(m_kernelView, tr("GPU kernels"));
    inner->addTab(m_opView, tr("CPU operators"));
    inner->addTab(m_gapView, tr("Gaps"));
    // How well each run used the hardware: busbw per collective, TFLOPS per operator and shapes.
    m_hardware = new HardwareDiffModel(this);
    m_hardwareProxy = new QSortFilterProxyModel(this);
    m_hardwareProxy->setSourceModel(m_hardware);
    m_hardwareProxy->setSortRole(HardwareDiffModel::SortRole);
    m_hardwareProxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_hardwareProxy->setFilterKeyColumn(0);
    m_hardwareView = new QTableView(tab);
    m_hardwareView->setModel(m_hardwareProxy);
    m_hardwareView->setSortingEnabled(true);
    m_hardwareView->sortByColumn(-1, Qt::AscendingOrder);
    m_hardwareView->verticalHeader()->hide();
    m_hardwareView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_hardwareView->setWordWrap(false);
    m_hardwareView->setTextElideMode(Qt::ElideMiddle);
    m_hardwareView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_hardwareView->horizontalHeader()->setMinimumSectionSize(40);
    connect(m_hardware, &QAbstractItemModel::modelReset, m_hardwareView, [this] {
        if (m_hardware->columnCount() > 0)
            m_hardwareView->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    });
    inner->addTab(m_hardwareView, tr("Hardware use"));
    m_sourceDiff = new SourceDiffPanel(tab);
    inner->addTab(m_sourceDiff, tr("Python lines"));
    inner->setTabToolTip(inner->indexOf(m_sourceDiff), tr("Which lines of Python launch more GPU time or take more CPU time than in the baseline (traces recorded with with_stack=True)"));
    l->addWidget(inner, 1);
    m_highlightStatus = new QLabel(tab);
    m_highlightStatus->setWordWrap(true);
    m_highlightStatus->setText(tr("Click a row to outline its slices in every run's lanes; Esc in the timeline keeps them, "
                                  "a second click on the row clears them."));
    l->addWidget(m_highlightStatus);
    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString &text) {
        for (QSortFilterProxyModel *p : {m_kernelProxy, m_opProxy, m_gapProxy, m_hardwareProxy})
            p->setFilterFixedString(text);
        m_sourceDiff->setFilter(text);
    });
    connect(m_perStep, &QCheckBox::toggled, this, [this](bool on) {
        m_kernels->setPerStep(on);
        m_ops->setPerStep(on);
    });
    return tab;
}

void ComparisonDock::setSession(Session *session)
{
    if (Session *old = m_session.data())
        old->disconnect(this);
    m_session = session;
    m_sourceDiff->setSession(session);
    if (!session) {
        // Detached (the ranks of one job are no comparison): nothing of the runs before stays.
        fillRuns();
        fillAlign();
        rerun();
        return;
    }
    connect(session, &Session::runsChanged, this, [this] {
        fillRuns();
        fillAlign();
        rerun();
    });
    connect(session, &Session::offsetsChanged, this, &ComparisonDock::rerun);
    // Measured differently: the runs' analyses are measured again (the analyser), then compared.
    connect(session, &Session::settingsChanged, this, &ComparisonDock::rerun);
    // A new name measures nothing again: the comparison in hand is relabelled.
    connect(session, &Session::runRenamed, this, [this](int run) {
        fillRuns();
        relabel(run);
    });
    fillRuns();
    fillAlign();
    rerun();
}

analysis::AnalysisOptions ComparisonDock::options() const
{
    const Session *s = m_session.data();
    return s ? s->settings().options() : analysis::AnalysisOptions{};
}

bool ComparisonDock::isBusy() const { return m_runner->isBusy() || m_waiting; }

void ComparisonDock::setSessionAnalyser(SessionAnalyser *analyser)
{
    if (m_analyser)
        m_analyser->disconnect(this);
    m_analyser = analyser;
    if (analyser)
        connect(analyser, &SessionAnalyser::analysed, this, [this] {
            if (m_waiting)
                rerun();
        });
}

const LatestRunner *ComparisonDock::runner() const { return m_runner; }

QString ComparisonDock::statusText() const { return m_status->text(); }

void ComparisonDock::fillRuns()
{
    m_filling = true;
    m_runList->clear();
    Session *s = m_session.data();
    for (int i = 0; s && i < s->runCount(); ++i) {
        auto *item = new QListWidgetItem(s->run(i).label, m_runList);
        item->setFlags(item->flags() | Qt::ItemIsEditable);
        item->setToolTip(i == 0 ? tr("%1 — the baseline").arg(s->run(i).path) : s->run(i).path);
        if (i == 0) {
            QFont f = item->font();
            f.setBold(true);
            item->setFont(f);
        }
    }
    const bool comparing = s && s->runCount() >= 2;
    m_up->setEnabled(comparing);
    m_down->setEnabled(comparing);
    m_remove->setEnabled(comparing);
    m_filling = false;
}

void ComparisonDock::fillAlign()
{
    Session *s = m_session.data();
    m_filling = true;
    // The choice survives a refill when it still exists; a list that offered only "Trace start"
    // (one run) says nothing about what a comparison should use: its first complete step.
    const QVariant keep = m_align->count() > 1 ? m_align->currentData() : QVariant();
    m_align->clear();
    const int n = s && s->runCount() >= 2 ? commonCompleteSteps(*s) : 0;
    for (int k = 0; k < n; ++k)
        m_align->addItem(k == 0 ? tr("First complete step") : tr("Complete step %1").arg(k + 1), k);
    m_align->addItem(tr("Trace start"), kAlignStart);
    const int i = m_align->findData(keep);
    m_align->setCurrentIndex(i >= 0 ? i : 0);
    m_filling = false;
}

void ComparisonDock::applyAlignment()
{
    Session *s = m_session.data();
    if (!s || s->runCount() < 2)
        return;
    analysis::AlignOptions a;
    const int pos = m_align->currentData().toInt();
    a.mode = pos == kAlignStart ? analysis::AlignMode::Start : analysis::AlignMode::Step;
    a.position = std::max(pos, 0);
    std::vector<TimeNs> before;
    for (int i = 0; i < s->runCount(); ++i)
        before.push_back(s->run(i).offsetNs);
    alignSession(*s, a); // moved offsets re-run the comparison through offsetsChanged
    bool moved = false;
    for (int i = 0; i < s->runCount(); ++i)
        moved = moved || s->run(i).offsetNs != before[std::size_t(i)];
    if (!moved) // same offsets, other alignment choice: the result's alignment still changes
        rerun();
}

void ComparisonDock::rerun()
{
    Session *s = m_session.data();
    ComparisonInput in;
    if (s && s->runCount() >= 2) {
        for (int i = 0; i < s->runCount(); ++i) {
            in.traces.push_back(s->run(i).trace);
            in.jobs.push_back(s->run(i).job);
            in.analyses.push_back(s->run(i).analysis); // measured already: not again
            in.labels << s->run(i).label;
            in.paths << s->run(i).path;
        }
    }
    in.options = options();
    const int pos = m_align->currentData().toInt();
    in.compare.align.mode = pos == kAlignStart ? analysis::AlignMode::Start : analysis::AlignMode::Step;
    in.compare.align.position = std::max(pos, 0);
    in.compare.foldTemplates = m_fold->isChecked();
    in.compare.waterfallGapNs = analysis::kAdviceGapNs;
    if (m_scope->currentIndex() == 1 && pos != kAlignStart && s && s->runCount() >= 2) {
        // The aligned step of the baseline, by its number; the others follow by position.
        const auto steps = analysis::completeSteps(s->run(0).stepList());
        if (pos < int(steps.size())) {
            in.compare.scopeToStep = true;
            in.compare.align.baselineStep = steps[std::size_t(pos)].number;
        }
    }
    if (in.traces.size() < 2) {
        m_result.reset();
        showResult(nullptr);
    }
    // Whole traces are compared from the analyses the session's analyser writes: wait for them
    // rather than measure the runs a second time.
    m_waiting = in.traces.size() >= 2 && !in.compare.scopeToStep && m_analyser && !m_analyser->servesAll();
    if (m_waiting) {
        m_runner->request(ComparisonInput{}); // a request in flight is stale now
        return;
    }
    m_runner->request(std::move(in));
}

void ComparisonDock::relabel(int run)
{
    Session *s = m_session.data();
    if (!s || !m_result || run < 0 || run >= s->runCount() || run >= int(m_result->result.runs.size()))
        return;
    auto copy = std::make_shared<analysis::TracesComparison>(*m_result);
    analysis::ComparisonResult &c = copy->result;
    const QString old = c.runs[std::size_t(run)].label, now = s->run(run).label;
    c.runs[std::size_t(run)].label = now;
    if (run >= 1 && run - 1 < int(c.deltas.size()))
        c.deltas[std::size_t(run - 1)].label = now;
    for (analysis::Waterfall &w : c.waterfall)
        if (w.label == old)
            w.label = now;
    showResult(copy);
}

void ComparisonDock::showResult(const ComparisonPtr &result)
{
    m_result = result;
    const analysis::ComparisonResult *c = result && result->error.isEmpty() ? &result->result : nullptr;
    // The noise is of whole traces' steps: an aligned step alone has none to judge.
    if (c && !result->result.runs.empty() && m_scope->currentIndex() == 0) {
        measureNoise(*result); // the noise shown until it arrives is the previous runs' only where the labels match
    } else {
        m_noiseRunner->request({});
        m_metrics->setNoise(nullptr);
        m_trend->setNoise(nullptr);
    }
    m_compact->setBreakLines(c && c->runs.size() >= 3);
    m_metrics->setComparison(c);
    m_waterfall->setComparison(c);
    m_throughput->setComparison(c);
    m_kernels->setComparison(c);
    m_ops->setComparison(c);
    m_gaps->setComparison(c);
    m_hardware->setComparison(c);
    m_sourceDiff->refresh(); // the runs' analyses, which the comparison waited for
    m_keyLegend->setText(m_kernels->keyLegend());
    m_keyLegend->setVisible(!m_keyLegend->text().isEmpty());
    m_metricsView->resizeColumnsToContents();
    QStringList warnings;
    if (result && !result->error.isEmpty())
        warnings << result->error;
    if (c)
        warnings += c->warnings;
    m_warnings->setText(warnings.join(QLatin1Char('\n')));
    m_warnings->setVisible(!warnings.isEmpty());
    if (c) {
        // Step counts that differ make totals unfair: per-step figures by default then.
        bool differ = false;
        for (const analysis::RunMetrics &m : c->runs)
            differ = differ || m.steps != c->runs.front().steps;
        if (differ && !m_perStep->isChecked())
            m_perStep->setChecked(true);
        m_status->setText(c->alignment.position >= 0
                              ? tr("%n runs compared, aligned on complete step %1", nullptr, int(c->runs.size()))
                                    .arg(c->alignment.position + 1)
                              : tr("%n runs compared, aligned on their starts", nullptr, int(c->runs.size())));
    } else {
        m_status->setText(result ? tr("The runs could not be compared.") : tr("Open two or more traces to compare them."));
    }
    emit warningsChanged(warnings);
    emit comparisonFinished();
}

void ComparisonDock::highlightRow(NameDiffModel *model, int sourceRow)
{
    Session *s = m_session.data();
    if (!s || model->kind() == NameDiffModel::Kind::Gaps)
        return;
    const QString name = model->nameAt(sourceRow);
    const auto &current = s->state()->highlight();
    if (name.isEmpty() || (current && current->name == name)) {
        s->state()->setHighlight(nullptr);
        m_highlightStatus->setText(tr("Outline cleared."));
        return;
    }
    std::vector<const Trace *> traces;
    for (int i = 0; i < s->runCount(); ++i)
        traces.push_back(s->trace(i));
    auto h = buildSliceHighlight(traces, name, m_fold->isChecked());
    QStringList counts;
    for (int i = 0; i < s->runCount(); ++i)
        counts << tr("%1 in %2").arg(QLocale().toString(qulonglong(h->counts[std::size_t(i)])), s->run(i).label);
    m_highlightStatus->setText(tr("%1: %2 — outlined in yellow.").arg(name, counts.join(tr(", "))));
    s->state()->setHighlight(std::move(h));
}

void ComparisonDock::moveSelected(int delta)
{
    Session *s = m_session.data();
    const int row = m_runList->currentRow();
    if (!s || row < 0 || row + delta < 0 || row + delta >= s->runCount())
        return;
    s->moveRun(row, row + delta);
    applyAlignment();
    m_runList->setCurrentRow(row + delta);
}

void ComparisonDock::removeSelected()
{
    Session *s = m_session.data();
    const int row = m_runList->currentRow();
    if (!s || row < 0 || s->runCount() <= 1)
        return;
    s->removeRun(row);
    applyAlignment();
}

void ComparisonDock::runRenamed(QListWidgetItem *item)
{
    Session *s = m_session.data();
    if (m_filling || !s)
        return;
    const int row = m_runList->row(item);
    const QString label = item->text().trimmed();
    if (row < 0 || row >= s->runCount())
        return;
    if (label.isEmpty()) {
        const QSignalBlocker block(m_runList);
        item->setText(s->run(row).label);
        return;
    }
    s->setLabel(row, label); // runsChanged refills the list and re-labels the table
}

void ComparisonDock::setLogSessions(const std::vector<session::LogSession> &sessions, const std::vector<bool> &checked)
{
    m_logSessions = sessions;
    m_filling = true;
    m_sessionList->clear();
    for (std::size_t i = 0; i < sessions.size(); ++i) {
        const session::LogSession &s = sessions[i];
        const int files = int(s.files.size());
        auto *item = new QListWidgetItem(
            (files == 1 ? tr("%1 — %n file", nullptr, files) : tr("%1 — %n files", nullptr, files)).arg(s.label), m_sessionList);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        item->setCheckState(i < checked.size() && checked[i] ? Qt::Checked : Qt::Unchecked);
        item->setToolTip(tr("Started %1 in %2").arg(QDateTime::fromMSecsSinceEpoch(s.startMs).toString(Qt::ISODate), s.folder));
    }
    m_filling = false;
    // As tall as its sessions, up to five rows: no empty box under two sessions.
    const int rows = std::min(5, std::max(1, m_sessionList->count()));
    m_sessionList->setMaximumHeight(rows * std::max(m_sessionList->sizeHintForRow(0), 1) + 2 * m_sessionList->frameWidth() + 2);
    m_sessionList->setVisible(!sessions.empty());
}

void ComparisonDock::setWatchNote(const QString &text)
{
    m_watchNote->setText(text);
    m_watchNote->setVisible(!text.isEmpty());
}

QString ComparisonDock::watchNote() const { return m_watchNote->text(); }

void ComparisonDock::measureNoise(const analysis::TracesComparison &result)
{
    Session *s = m_session.data();
    StepNoiseInput in;
    const auto &runs = result.result.runs;
    if (s && s->runCount() == int(runs.size()) && result.analyses.size() == runs.size()) {
        for (int i = 0; i < s->runCount(); ++i) {
            const SessionRun &r = s->run(i);
            in.labels << runs[std::size_t(i)].label;
            std::vector<std::shared_ptr<const Trace>> traces;
            if (r.job)
                for (const RankFile &f : *r.job)
                    traces.push_back(f.trace);
            else
                traces.push_back(r.trace);
            in.traces.push_back(std::move(traces));
            const analysis::RunFigures &f = result.analyses[std::size_t(i)].figures;
            in.mfu.push_back(f.mfuPct && f.stepTimeNs ? std::optional<analysis::MfuAtStep>(analysis::MfuAtStep{*f.mfuPct, *f.stepTimeNs / 1000.0})
                                                      : std::nullopt);
        }
    }
    in.options = options();
    m_noiseRunner->request(std::move(in)); // fewer than two runs: nothing, and nothing shown
}

void ComparisonDock::exportChart(int which)
{
    QChartView *view = which == 0 ? m_waterfall->chartView() : which == 1 ? m_throughput->chartView() : m_trend->chartView();
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Chart"),
                                                      which == 0   ? QStringLiteral("waterfall.png")
                                                      : which == 1 ? QStringLiteral("throughput.png")
                                                                   : QStringLiteral("trend.png"),
                                                      tr("PNG image (*.png);;SVG drawing (*.svg)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!writeChart(view, path, &error))
        QMessageBox::warning(this, tr("Export failed"), error);
}

} // namespace lanescope
