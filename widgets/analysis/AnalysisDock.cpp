// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/analysis/AnalysisDock.h"

#include "core/analysis/text/FigureText.h"

#include "widgets/analysis/AdviceList.h"
#include "widgets/analysis/AnalysisCharts.h"
#include "widgets/analysis/AnalysisPanels.h"
#include "widgets/analysis/CriticalPathPanel.h"
#include "widgets/render/GapCauseStyle.h"
#include "widgets/view/Session.h"
#include "widgets/view/SessionAnalyser.h"
#include "widgets/timeline/DetailsHtml.h"
#include "widgets/analysis/GapColumnFit.h"
#include "widgets/analysis/GapTableModel.h"
#include "widgets/analysis/KernelNameDelegate.h"
#include "widgets/analysis/ItemActivation.h"
#include "widgets/analysis/LaunchPanel.h"
#include "widgets/analysis/MfuPanel.h"
#include "widgets/analysis/TimeSummaryPanel.h"
#include "widgets/timeline/TimelineView.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMainWindow>
#include <QPainter>
#include <QPalette>
#include <QPixmap>
#include <QProgressBar>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStyledItemDelegate>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace lanescope {

namespace {

constexpr int kAllSteps = -1;
constexpr int kSelectedRange = -2; // step box entry for setAnalysisRange
constexpr int kSelectedAnnotation = -3; // step box entry for setAnalysisSlice

enum StepColumn { StepNameColumn, StepStartColumn, StepDurColumn, StepGpuDurColumn, StepColumnCount };
enum StepRole { StepFromRole = Qt::UserRole + 1, StepToRole, StepNumberRole };

QIcon swatch(const QColor &c)
{
    QPixmap pm(12, 12);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.setPen(c.darker(140));
    p.setBrush(c);
    p.drawRect(0, 0, 11, 11);
    return QIcon(pm);
}

// Causes read from their start ("Communication wait"); kernel names keep both ends (the view's mode).
class ElideRightDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        option->textElideMode = Qt::ElideRight;
    }
};

} // namespace

// The gap table's filter: the cause picked in "Show:" and, for an advice item that counts only the
// waits on one collective, that collective (by name, as Advice::gapCollective).
class GapFilterProxy : public QSortFilterProxyModel
{
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;
    void setFilter(const QString &causeKey, const QString &collective)
    {
        m_cause = causeKey;
        m_collective = collective;
        invalidateFilter();
    }
    const QString &collective() const { return m_collective; }

protected:
    bool filterAcceptsRow(int row, const QModelIndex &parent) const override
    {
        const QModelIndex i = sourceModel()->index(row, 0, parent);
        if (!m_cause.isEmpty() && i.data(GapTableModel::CauseKeyRole).toString() != m_cause)
            return false;
        return m_collective.isEmpty() || i.data(GapTableModel::CollectiveRole).toString().contains(m_collective, Qt::CaseInsensitive);
    }

private:
    QString m_cause, m_collective;
};

namespace {

QString msText(TimeNs ns) { return analysis::figure::duration(double(ns), analysis::figure::TimeUnit::Ms, 3); }

} // namespace

AnalysisDock::AnalysisDock(QWidget *parent)
    : QDockWidget(tr("Analysis"), parent)
    , m_runner(new AnalysisRunner(this))
    , m_rerun(new QTimer(this))
{
    setObjectName(QStringLiteral("analysisDock")); // QMainWindow::saveState needs it
    auto *content = new QWidget(this);

    // In a comparison: which run the dock analyses (it follows the run of the selected slice too).
    m_runBox = new QComboBox(content);
    m_runBox->setObjectName(QStringLiteral("analysisRun"));
    m_runBox->setToolTip(tr("The run of the comparison this dock analyses; selecting a slice of another run switches to it"));
    m_runBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_runBox->setVisible(false);
    m_runLabel = new QLabel(tr("Run:"), content);
    m_runLabel->setVisible(false);
    connect(m_runBox, &QComboBox::activated, this, [this](int index) { setRun(index); });

    // Scope and progress, above the tabs: they concern every tab.
    m_stepBox = new QComboBox(content);
    m_stepBox->setObjectName(QStringLiteral("analysisStep"));
    m_stepBox->setToolTip(tr("Analyse the whole trace, one ProfilerStep, or the range selected in the timeline"));
    m_stepBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_hta = new QCheckBox(tr("HTA definition"), content);
    m_hta->setObjectName(QStringLiteral("analysisHtaDefinition"));
    m_hta->setToolTip(tr("Count GPU time as Holistic Trace Analysis does: every event that carries a stream, also the "
                         "CPU-side Triton launcher operators torch.compile writes and cuda_sync events (\"Stream Sync\", "
                         "counted as non-compute). Changes the GPU idle / compute / non-compute breakdown and the "
                         "communication overlap to HTA's figures; the gaps, MFU and advice stay the same. Off: only "
                         "kernels, copies and memsets on the device count."));
    m_warnings = new QLabel(content);
    m_warnings->setObjectName(QStringLiteral("analysisWarnings"));
    m_warnings->setTextFormat(Qt::PlainText);
    m_warnings->setWordWrap(true);
    m_warnings->setFrameShape(QFrame::StyledPanel);
    m_warnings->setContentsMargins(4, 2, 4, 2);
    m_warnings->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // wraps at the dock's width
    m_warnings->setMinimumWidth(1);
    {
        // The window banner's warning colours: they must stand out from the figures below.
        QPalette pal = m_warnings->palette();
        pal.setColor(QPalette::Window, QColor(0xFF, 0xF4, 0xCE));
        pal.setColor(QPalette::WindowText, QColor(0x5C, 0x40, 0x00));
        m_warnings->setPalette(pal);
        m_warnings->setAutoFillBackground(true);
    }
    m_warnings->setVisible(false);
    m_busy = new QProgressBar(content);
    m_busy->setRange(0, 0); // indeterminate: analyze() reports no progress, and takes well under a second
    m_busy->setTextVisible(false);
    m_busy->setMaximumWidth(60);
    m_busy->setMaximumHeight(12);
    m_busy->setVisible(false);
    m_status = new QLabel(content);
    m_status->setObjectName(QStringLiteral("analysisStatus"));
    m_status->setTextFormat(Qt::PlainText);
    m_status->setWordWrap(true);
    auto *top = new QHBoxLayout;
    top->addWidget(m_runLabel);
    top->addWidget(m_runBox);
    top->addWidget(new QLabel(tr("Scope:"), content));
    top->addWidget(m_stepBox);
    top->addWidget(m_hta);
    top->addWidget(m_busy);
    top->addStretch(1);

    m_tabs = new QTabWidget(content);
    m_tabs->setDocumentMode(true);
    m_tabs->setUsesScrollButtons(true);

    // The dock's own tabs (they hold its settings controls), and the registered panels among them
    // by their order (AnalysisPanels.h); each panel follows m_feed by itself.
    m_feed = new AnalysisFeed(this);
    struct Tab
    {
        int order;
        QWidget *widget;
        QString title, toolTip;
    };
    std::vector<Tab> tabs;

    m_gapTab = new QWidget(m_tabs);
    buildGapTab(m_gapTab);
    tabs.push_back({panelorder::Gaps, m_gapTab, tr("Gaps"), {}});

    m_mfu = new MfuPanel;
    auto *mfuScroll = new QScrollArea(m_tabs);
    mfuScroll->setWidget(m_mfu);
    mfuScroll->setWidgetResizable(true);
    mfuScroll->setFrameShape(QFrame::NoFrame);
    tabs.push_back({panelorder::Mfu, mfuScroll, tr("MFU"), {}});

    auto *stepsTab = new QWidget(m_tabs);
    m_steps = new QTreeWidget(stepsTab);
    m_steps->setObjectName(QStringLiteral("analysisSteps"));
    m_steps->setRootIsDecorated(false);
    m_steps->setUniformRowHeights(true);
    m_steps->setAlternatingRowColors(true);
    m_steps->setColumnCount(StepColumnCount);
    m_steps->setHeaderLabels({tr("Step"), tr("Start"), tr("Duration"), tr("GPU span")});
    m_steps->header()->setStretchLastSection(false); // right-aligned numbers stay next to their names
    m_steps->headerItem()->setToolTip(StepDurColumn, tr("The CPU span of ProfilerStep#N"));
    m_steps->headerItem()->setToolTip(StepGpuDurColumn, tr("From the first to the last GPU activity of the step"));
    m_steps->setToolTip(tr("Click: show the step in the timeline. Double-click: analyse this step only."));
    m_stepSummary = new QLabel(stepsTab);
    m_stepSummary->setWordWrap(true);
    m_stepSummary->setTextFormat(Qt::PlainText);
    m_stepSummary->setContentsMargins(6, 2, 6, 2);
    auto *stepsLayout = new QVBoxLayout(stepsTab);
    stepsLayout->setContentsMargins(0, 0, 0, 0);
    stepsLayout->addWidget(m_steps, 1);
    stepsLayout->addWidget(m_stepSummary);
    tabs.push_back({panelorder::Steps, stepsTab, tr("Steps"), {}});

    for (const AnalysisPanelKind &kind : analysisPanels()) {
        QWidget *panel = kind.create ? kind.create(m_feed, m_tabs) : nullptr;
        if (!panel)
            continue; // an overlay only
        tabs.push_back({kind.order, panel, kind.title ? kind.title() : kind.key, kind.toolTip ? kind.toolTip() : QString()});
        // A panel that says a count in its title ("Advice (3)"): its tab says it.
        connect(panel, &QWidget::windowTitleChanged, this, [this, panel](const QString &title) {
            if (!title.isEmpty())
                m_tabs->setTabText(m_tabs->indexOf(panel), title);
        });
    }
    std::stable_sort(tabs.begin(), tabs.end(), [](const Tab &a, const Tab &b) { return a.order < b.order; });
    for (const Tab &t : tabs) {
        const int at = m_tabs->addTab(t.widget, t.title);
        if (!t.toolTip.isEmpty())
            m_tabs->setTabToolTip(at, t.toolTip);
    }
    // The built-in panels the dock hands out (adviceList(), launchPanel(), ...) and wires itself.
    m_advice = m_tabs->findChild<AdviceList *>();
    m_launch = m_tabs->findChild<LaunchPanel *>();
    m_criticalPath = m_tabs->findChild<CriticalPathPanel *>();
    m_summary = m_tabs->findChild<TimeSummaryPanel *>();
    if (auto *charts = m_tabs->findChild<BreakdownPanel *>()) {
        m_breakdown = charts->breakdown();
        m_histogram = charts->histogram();
    }
    // What the panels ask for, in the run the dock analyses.
    connect(m_feed, &AnalysisFeed::sliceRequested, this, [this](quint32 track, quint32 slice) {
        emit launchActivated(m_run, track, slice);
        returnFocus();
    });
    connect(m_feed, &AnalysisFeed::rangeRequested, this, [this](qint64 from, qint64 to) { emit rangeRequested(from, to); });

    auto *layout = new QVBoxLayout(content);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(4);
    layout->addWidget(m_warnings);
    layout->addLayout(top);
    layout->addWidget(m_status);
    layout->addWidget(m_tabs, 1);
    setWidget(content);

    m_rerun->setSingleShot(true);
    m_rerun->setInterval(kRerunDelayMs);
    connect(m_rerun, &QTimer::timeout, this, &AnalysisDock::runNow);
    connect(m_runner, &AnalysisRunner::finished, this, &AnalysisDock::showResult);
    connect(m_runner, &AnalysisRunner::busyChanged, this, &AnalysisDock::updateBusy);
    connect(m_stepBox, &QComboBox::currentIndexChanged, this, [this] {
        if (m_stepBox->isEnabled())
            scheduleRerun();
    });
    connect(m_mfu, &MfuPanel::inputsChanged, this, [this] {
        if (m_showingSettings)
            return; // the session's inputs, being shown
        m_settings.mfu = m_mfu->inputs();
        scheduleRerun();
    });
    connect(m_hta, &QCheckBox::toggled, this, [this](bool on) {
        m_settings.definition = on ? analysis::GpuTimeDefinition::Hta : analysis::GpuTimeDefinition::Lanescope;
        scheduleRerun();
    });
    if (m_advice) {
        connect(m_advice, &AdviceList::rangeRequested, this, [this](qint64 from, qint64 to) {
            emit rangeRequested(from, to);
            returnFocus();
        });
        // An advice item clicked also lists the gaps it counts.
        connect(m_advice, &AdviceList::itemActivated, this, [this](int row) { showAdviceGaps(row); });
    }
    connect(m_steps, &QTreeWidget::itemClicked, this, [this](QTreeWidgetItem *item) {
        emit rangeRequested(item->data(0, StepFromRole).toLongLong(), item->data(0, StepToRole).toLongLong());
        returnFocus();
    });
    connect(m_steps, &QTreeWidget::itemDoubleClicked, this,
            [this](QTreeWidgetItem *item) { setStep(item->data(0, StepNumberRole).toInt()); });

    clearViews();
}

AnalysisDock::~AnalysisDock() = default;

void AnalysisDock::buildGapTab(QWidget *tab)
{
    m_threshold = new QDoubleSpinBox(tab);
    m_threshold->setObjectName(QStringLiteral("gapThreshold"));
    m_threshold->setToolTip(tr("List idle gaps at least this long"));
    m_threshold->setKeyboardTracking(false); // typing "150" runs once, not for 1, 15 and 150
    m_unit = new QComboBox(tab);
    m_unit->setObjectName(QStringLiteral("gapUnit"));
    m_unit->addItem(tr("ms"), 1e6);
    m_unit->addItem(tr("µs"), 1e3);
    m_gemmOnly = new QCheckBox(tr("GEMM-to-GEMM only"), tab);
    m_gemmOnly->setObjectName(QStringLiteral("gapGemmOnly"));
    m_gemmOnly->setChecked(true);
    m_gemmOnly->setToolTip(tr("Only gaps within a GEMM-to-GEMM window of a stream: a GEMM ran on the stream before the gap "
                              "and another runs after it (the FSDP layer-boundary signature). The kernels between the two "
                              "GEMMs (an elementwise kernel, a norm, a copy) do not end the window, so the kernel right "
                              "before or after a gap need not be a GEMM: the GEMM before / after columns name the window's "
                              "ends. Off: every gap of a compute stream."));
    m_collectiveNote = new QLabel(tab);
    m_collectiveNote->setObjectName(QStringLiteral("gapCollectiveFilter"));
    m_collectiveNote->setVisible(false);
    m_causeFilter = new QComboBox(tab);
    m_causeFilter->setObjectName(QStringLiteral("gapCauseFilter"));
    m_causeFilter->addItem(tr("All causes"), QString());
    for (int c = 0; c < GapCauseStyle::kCauseCount; ++c) {
        const auto cause = analysis::GapCause(c);
        m_causeFilter->addItem(swatch(GapCauseStyle::color(cause)), GapCauseStyle::label(cause), GapCauseStyle::key(cause));
        m_causeFilter->setItemData(c + 1, GapCauseStyle::description(cause), Qt::ToolTipRole);
    }

    m_gapModel = new GapTableModel(this);
    m_gapFilter = new GapFilterProxy(this);
    m_gapProxy = m_gapFilter;
    m_gapProxy->setSourceModel(m_gapModel);
    m_gapProxy->setSortRole(GapTableModel::SortRole);

    m_gapView = new QTableView(tab);
    m_gapView->setObjectName(QStringLiteral("gapTable"));
    m_gapView->setModel(m_gapProxy);
    m_gapView->setSortingEnabled(true);
    m_gapView->sortByColumn(GapTableModel::StartColumn, Qt::AscendingOrder);
    m_gapView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_gapView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_gapView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_gapView->setAlternatingRowColors(true);
    m_gapView->setWordWrap(false);
    m_gapView->setTextElideMode(Qt::ElideMiddle); // kernel names differ at both ends
    m_gapView->setItemDelegateForColumn(GapTableModel::CauseColumn, new ElideRightDelegate(m_gapView));
    m_gapView->setItemDelegateForColumn(GapTableModel::EvidenceColumn, new ElideRightDelegate(m_gapView));
    // Kernel columns keep the kernel's own name: template arguments go first, then the middle.
    for (int c : {GapTableModel::BeforeColumn, GapTableModel::AfterColumn, GapTableModel::GemmBeforeColumn,
                  GapTableModel::GemmAfterColumn})
        m_gapView->setItemDelegateForColumn(c, new KernelNameDelegate(m_gapView));
    m_gapView->verticalHeader()->hide();
    m_gapView->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_gapView->verticalHeader()->setDefaultSectionSize(m_gapView->fontMetrics().height() + 6);
    QHeaderView *h = m_gapView->horizontalHeader();
    h->setStretchLastSection(true);
    h->setSectionsMovable(true);
    h->setMinimumSectionSize(24); // the style's default (~50 px) wastes half a narrow dock on two digits
    // In a narrow dock the cause matters more than the kernel names: show it right after the duration.
    h->moveSection(h->visualIndex(GapTableModel::CauseColumn), h->visualIndex(GapTableModel::DurationColumn) + 1);
    h->resizeSection(GapTableModel::BeforeColumn, 140);
    h->resizeSection(GapTableModel::AfterColumn, 140);
    h->resizeSection(GapTableModel::GemmBeforeColumn, 140);
    h->resizeSection(GapTableModel::GemmAfterColumn, 140);
    int causeWidth = 0;
    for (int c = 0; c < GapCauseStyle::kCauseCount; ++c)
        causeWidth = std::max(causeWidth, h->fontMetrics().horizontalAdvance(GapCauseStyle::label(analysis::GapCause(c))));
    const int icon = m_gapView->style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, m_gapView);
    h->resizeSection(GapTableModel::CauseColumn, causeWidth + icon + 28); // text, swatch, margins
    m_gapView->setToolTip(tr("Click a gap (or press Enter) to show it in the timeline"));
    new GapColumnFit(m_gapView); // no sideways scrolling in a dock of any width

    m_gapDetails = new QLabel(tab);
    m_gapDetails->setObjectName(QStringLiteral("gapDetails"));
    m_gapDetails->setWordWrap(true);
    m_gapDetails->setTextFormat(Qt::PlainText);
    m_gapDetails->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_gapDetails->setContentsMargins(4, 2, 4, 2);
    // Kernel names are long words: let the label wrap (and clip) at the dock's width rather than
    // widen the dock to the longest name.
    m_gapDetails->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_gapDetails->setMinimumWidth(1);

    auto *controls = new QHBoxLayout;
    controls->setSpacing(4);
    controls->addWidget(new QLabel(tr("At least"), tab));
    controls->addWidget(m_threshold);
    controls->addWidget(m_unit);
    controls->addSpacing(8);
    controls->addWidget(m_gemmOnly);
    controls->addStretch(1);
    auto *filterRow = new QHBoxLayout;
    filterRow->setSpacing(4);
    filterRow->addWidget(new QLabel(tr("Show:"), tab));
    filterRow->addWidget(m_causeFilter, 1);
    filterRow->addWidget(m_collectiveNote);
    auto *layout = new QVBoxLayout(tab);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->setSpacing(4);
    layout->addLayout(controls);
    layout->addLayout(filterRow);
    layout->addWidget(m_gapView, 1);
    layout->addWidget(m_gapDetails);

    unitChanged(); // range and value for the default unit
    connect(m_threshold, &QDoubleSpinBox::valueChanged, this, &AnalysisDock::thresholdEdited);
    connect(m_unit, &QComboBox::currentIndexChanged, this, &AnalysisDock::unitChanged);
    connect(m_gemmOnly, &QCheckBox::toggled, this, [this](bool on) {
        m_settings.gapKernels = on ? analysis::GapKernels::Gemm : analysis::GapKernels::All;
        scheduleRerun();
    });
    // Picking a cause by hand drops an advice item's collective filter.
    connect(m_causeFilter, &QComboBox::currentIndexChanged, this, [this] { setGapFilter(m_causeFilter->currentData().toString(), {}); });
    // A click (or Enter) goes to the gap; clicking it again goes there again after the user has
    // moved the timeline elsewhere.
    onItemActivation(m_gapView, this, [this](const QModelIndex &i) { activateGap(m_gapProxy->mapToSource(i).row()); });
    connect(m_gapView->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &AnalysisDock::updateGapDetails);
    connect(m_gapProxy, &QAbstractItemModel::modelReset, this, &AnalysisDock::updateGapDetails);
    for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(m_gapProxy, signal, this, &AnalysisDock::updateGapTabText);
    connect(m_gapProxy, &QAbstractItemModel::modelReset, this, &AnalysisDock::updateGapTabText);
    connect(m_gapProxy, &QAbstractItemModel::layoutChanged, this, &AnalysisDock::updateGapTabText);
    connect(m_gapModel, &QAbstractItemModel::modelReset, this, [this] {
        // The number columns as narrow as their contents, so the cause still shows in a narrow dock.
        // (QHeaderView reserves room for a sort arrow in every section. sizeHintForColumn is public in
        // QAbstractItemView, protected in QTableView.)
        if (m_gapModel->rowCount() == 0)
            return;
        QHeaderView *header = m_gapView->horizontalHeader();
        for (int c : {GapTableModel::DeviceColumn, GapTableModel::StreamColumn, GapTableModel::StartColumn,
                      GapTableModel::DurationColumn}) {
            const int label = header->fontMetrics().horizontalAdvance(m_gapModel->headerData(c, Qt::Horizontal).toString())
                + 12 + (header->sortIndicatorSection() == c ? 16 : 0);
            header->resizeSection(c, std::max(static_cast<QAbstractItemView *>(m_gapView)->sizeHintForColumn(c), label));
        }
    });
}

double AnalysisDock::unitNs() const { return m_unit->currentData().toDouble(); }

void AnalysisDock::unitChanged()
{
    // The same threshold, written in the other unit.
    const QSignalBlocker block(m_threshold);
    const double unit = unitNs();
    const bool ms = unit >= 1e6;
    m_threshold->setDecimals(ms ? 3 : 0);
    m_threshold->setRange(double(kMinGapNs) / unit, 100e9 / unit); // 1 µs .. 100 s
    m_threshold->setSingleStep(ms ? 1 : 100);
    m_threshold->setValue(double(m_settings.gapThresholdNs) / unit);
}

void AnalysisDock::thresholdEdited()
{
    const TimeNs ns = std::max<TimeNs>(kMinGapNs, TimeNs(std::llround(m_threshold->value() * unitNs())));
    if (ns == m_settings.gapThresholdNs)
        return;
    m_settings.gapThresholdNs = ns;
    scheduleRerun();
}

void AnalysisDock::setGapThresholdNs(TimeNs ns)
{
    m_settings.gapThresholdNs = std::max(kMinGapNs, ns);
    // Below a millisecond, microseconds read better (and keep whole-µs precision).
    if (m_settings.gapThresholdNs < 1'000'000 && unitNs() >= 1e6)
        m_unit->setCurrentIndex(1); // unitChanged() writes the value
    else
        unitChanged();
    scheduleRerun();
}

void AnalysisDock::setGemmGapsOnly(bool on) { m_gemmOnly->setChecked(on); }
bool AnalysisDock::gemmGapsOnly() const { return m_gemmOnly->isChecked(); }

void AnalysisDock::setStep(int stepNumber)
{
    const int i = m_stepBox->findData(stepNumber);
    m_stepBox->setCurrentIndex(i >= 0 ? i : 0);
}

void AnalysisDock::setHtaDefinition(bool on) { m_hta->setChecked(on); }
bool AnalysisDock::htaDefinition() const { return m_hta->isChecked(); }

int AnalysisDock::step() const { return m_stepBox->currentIndex() >= 0 ? m_stepBox->currentData().toInt() : kAllSteps; }

void AnalysisDock::setAnalysisRange(qint64 fromNs, qint64 toNs)
{
    m_range = {fromNs, toNs};
    const int existing = m_stepBox->findData(kSelectedRange);
    if (m_range.empty()) {
        if (existing >= 0) {
            if (m_stepBox->currentIndex() == existing)
                m_stepBox->setCurrentIndex(0);
            m_stepBox->removeItem(existing);
        }
        return;
    }
    const QString text = tr("Selected range (%1)").arg(GapTableModel::durationText(m_range.to - m_range.from));
    if (existing >= 0) {
        m_stepBox->setItemText(existing, text);
        if (m_stepBox->currentIndex() == existing)
            scheduleRerun();
        else
            m_stepBox->setCurrentIndex(existing);
    } else {
        m_stepBox->addItem(text, kSelectedRange);
        m_stepBox->setEnabled(true);
        m_stepBox->setCurrentIndex(m_stepBox->count() - 1);
    }
}

bool AnalysisDock::setAnalysisSlice(quint32 track, quint32 slice)
{
    if (!m_trace)
        return false;
    // A ProfilerStep's slice: its step.
    if (m_result)
        for (const analysis::Step &s : m_result->steps)
            if (s.track == track && s.slice == slice) {
                setStep(s.number);
                if (m_criticalPath)
                    m_tabs->setCurrentWidget(m_criticalPath);
                return true;
            }
    // Annotations only (record_function, python_function; the legacy format's have no category):
    // not an operator or a runtime call, which a double-click zooms to and no more.
    const Trace &t = *m_trace;
    if (track >= t.tracks.size() || slice >= t.tracks[track].size() || t.tracks[track].kind != TrackKind::Cpu)
        return false;
    const std::uint16_t cat = t.tracks[track].catId[slice];
    const CategoryClass cc = cat < t.categoryClass.size() ? t.categoryClass[cat] : CategoryClass::Other;
    if (cc != CategoryClass::UserAnnotation && cc != CategoryClass::Other)
        return false;
    const analysis::AnalysisRange r = analysis::sliceRange(t, track, slice);
    if (!r.ok())
        return false;
    m_annotation = {r.span.name, r.instance, r.label()};
    addAnnotationItem();
    if (m_criticalPath)
        m_tabs->setCurrentWidget(m_criticalPath);
    return true;
}

void AnalysisDock::addAnnotationItem()
{
    const QString text = m_annotation.label;
    const int existing = m_stepBox->findData(kSelectedAnnotation);
    if (existing >= 0) {
        m_stepBox->setItemText(existing, text);
        if (m_stepBox->currentIndex() == existing)
            scheduleRerun();
        else
            m_stepBox->setCurrentIndex(existing);
    } else {
        m_stepBox->addItem(text, kSelectedAnnotation);
        m_stepBox->setEnabled(true);
        m_stepBox->setCurrentIndex(m_stepBox->count() - 1);
    }
}

analysis::AnalysisOptions AnalysisDock::options() const
{
    analysis::AnalysisOptions o = m_settings.options();
    const int s = step();
    if (s >= 0)
        o.step = s;
    else if (s == kSelectedRange)
        o.range = m_range;
    else if (s == kSelectedAnnotation && !m_annotation.name.isEmpty()) {
        o.annotation = m_annotation.name;
        o.instance = m_annotation.instance;
    }
    return o;
}

const LatestRunner *AnalysisDock::runner() const { return m_runner; }

bool AnalysisDock::isBusy() const
{
    if (m_rerun->isActive() || m_runner->isBusy())
        return true;
    if (!delegates() || !m_trace)
        return false;
    // Waiting for the session's analyser, until its analysis of this run is the one shown.
    const Session *s = m_session.data();
    if (!s)
        return false;
    return !m_analyser->serves(m_run) || !m_result || m_result != s->run(m_run).analysis;
}

bool AnalysisDock::delegates() const
{
    const Session *s = m_session.data();
    if (!m_analyser || !s || m_run >= s->runCount())
        return false;
    return s->run(m_run).trace == m_trace && m_requested.range.empty() && m_requested.step < 0 && m_requested.annotation.isEmpty();
}

void AnalysisDock::setSessionAnalyser(SessionAnalyser *analyser)
{
    if (m_analyser)
        m_analyser->disconnect(this);
    m_analyser = analyser;
    if (analyser)
        connect(analyser, &LatestRunner::busyChanged, this, &AnalysisDock::updateBusy);
    runNow();
}

void AnalysisDock::takeSessionAnalysis()
{
    const Session *s = m_session.data();
    if (!s || !delegates() || !m_analyser->serves(m_run))
        return;
    const AnalysisResultPtr a = s->run(m_run).analysis;
    if (a != m_result)
        showResult(a);
    updateBusy();
}

QString AnalysisDock::statusText() const { return m_status->text(); }

void AnalysisDock::setSession(Session *session)
{
    if (Session *old = m_session.data()) {
        old->disconnect(this);
        old->state()->disconnect(this);
    }
    m_session = session;
    m_run = 0;
    m_feed->setSession(session);
    if (!session)
        return;
    connect(session, &Session::runsChanged, this, [this] {
        Session *s = m_session.data();
        // A reordered run keeps its analysis: follow the trace to its new place. The run analysed
        // gone, or new runs in place of the old: the baseline.
        int at = -1;
        for (int i = 0; s && i < s->runCount() && m_trace; ++i)
            if (s->run(i).trace == m_trace)
                at = i;
        m_run = std::max(at, 0);
        updateRunBox();
        if (at >= 0)
            m_feed->show(m_trace, m_run, m_result); // the panels follow the run to its new place
        if (at < 0)
            setTrace(s && s->runCount() > 0 ? s->run(0).trace : nullptr);
    });
    connect(session, &Session::runRenamed, this, &AnalysisDock::updateRunBox); // no analysis again
    connect(session, &Session::settingsChanged, this, &AnalysisDock::followSession);
    connect(session, &Session::analysisChanged, this, [this](int run) {
        if (run == m_run)
            takeSessionAnalysis();
    });
    // The run of the selected slice is the run the user looks at.
    connect(session->state(), &ViewState::selectionChanged, this, [this](SliceRef ref) {
        if (ref.isValid() && ref.run != m_run)
            setRun(ref.run);
    });
    updateRunBox();
    showSettings(session->settings());
    setTrace(session->runCount() > 0 ? session->run(0).trace : nullptr);
}

void AnalysisDock::commitSettings()
{
    if (Session *s = m_session.data())
        s->setSettings(m_settings); // followSession finds them equal: nothing more
}

void AnalysisDock::followSession()
{
    const Session *s = m_session.data();
    if (!s || s->settings() == m_settings)
        return; // our own edit coming back
    showSettings(s->settings());
    if (m_trace)
        runNow();
}

void AnalysisDock::showSettings(const analysis::AnalysisSettings &settings)
{
    m_settings = settings;
    {
        // Not the user's edits: nothing re-runs, nothing is remembered as a preference.
        const QSignalBlocker blockGemm(m_gemmOnly), blockHta(m_hta), blockUnit(m_unit);
        m_gemmOnly->setChecked(settings.gapKernels == analysis::GapKernels::Gemm);
        m_hta->setChecked(settings.definition == analysis::GpuTimeDefinition::Hta);
        if (settings.gapThresholdNs < 1'000'000 && unitNs() >= 1e6)
            m_unit->setCurrentIndex(1);
    }
    unitChanged(); // the threshold in the unit shown
    // The MFU panel holds its inputs as typed text: only what differs is written into it (it
    // remembers them for the file, as the user's typing would be).
    m_showingSettings = true;
    const analysis::MfuInputs shown = m_mfu->inputs(), &want = settings.mfu;
    const auto count = [](double v) { return v > 0 ? QString::number(v, 'g', 17) : QString(); };
    if (shown.params != want.params)
        m_mfu->setParams(count(want.params));
    if (shown.tokensPerStep != want.tokensPerStep || shown.tokensGlobal != want.tokensGlobal)
        m_mfu->setTokensPerStep(count(want.tokensPerStep), want.tokensGlobal);
    if (shown.peakTflops != want.peakTflops)
        m_mfu->setPeakTflops(want.peakTflops);
    if (shown.items != want.items)
        m_mfu->setItems(want.items);
    m_showingSettings = false;
}

void AnalysisDock::setRun(int run)
{
    Session *s = m_session.data();
    if (!s || run < 0 || run >= s->runCount() || (run == m_run && s->run(run).trace == m_trace))
        return;
    m_run = run;
    updateRunBox();
    setTrace(s->run(run).trace, true);
}

void AnalysisDock::updateRunBox()
{
    Session *s = m_session.data();
    const int n = s ? s->runCount() : 0;
    const QSignalBlocker block(m_runBox);
    m_runBox->clear();
    for (int i = 0; i < n; ++i)
        m_runBox->addItem(i == 0 && n > 1 ? tr("%1 (baseline)").arg(s->run(i).label) : s->run(i).label);
    m_runBox->setCurrentIndex(std::min(m_run, n - 1));
    m_runBox->setVisible(n > 1);
    m_runLabel->setVisible(n > 1);
    // The dock's title names the run in a comparison: its figures are that run's.
    setWindowTitle(n > 1 && m_run < n ? tr("Analysis — %1").arg(s->run(m_run).label) : tr("Analysis"));
}

void AnalysisDock::setTrace(std::shared_ptr<const Trace> trace, bool keepSessionSettings)
{
    m_trace = std::move(trace);
    m_result.reset();
    m_range = {};
    m_annotation = {};
    m_stepsOf = nullptr;
    {
        const QSignalBlocker block(m_stepBox);
        m_stepBox->clear();
        m_stepBox->addItem(tr("Whole trace"), kAllSteps);
        m_stepBox->setEnabled(false); // until the steps are known
    }
    m_mfu->setTrace(m_trace); // restores this file's inputs (and says so through inputsChanged)
    if (keepSessionSettings && m_session)
        showSettings(m_session->settings()); // the comparison's inputs, not this file's alone
    else
        m_settings.mfu = m_mfu->inputs();
    clearViews();
    runNow();
}

void AnalysisDock::scheduleRerun()
{
    if (!m_trace) {
        commitSettings(); // nothing to analyse here: the session's other readers follow now
        return;
    }
    m_rerun->start();
    updateBusy();
}

void AnalysisDock::runNow()
{
    m_rerun->stop();
    commitSettings();
    m_requested = options();
    if (delegates()) {
        // The whole trace: the session's analyser measures it, for every surface at once.
        m_runner->request(nullptr, {});
        m_analyser->setFocusRun(m_run); // it measures with the session's settings, committed above
        if (m_analyser->serves(m_run)) {
            takeSessionAnalysis();
            return;
        }
        m_status->setText(tr("Analysing…"));
        updateBusy();
        return;
    }
    m_runner->request(m_trace, m_requested);
    if (m_trace)
        m_status->setText(tr("Analysing…"));
    updateBusy();
}

void AnalysisDock::updateBusy()
{
    const bool busy = isBusy();
    m_busy->setVisible(busy);
    if (busy != m_wasBusy) {
        m_wasBusy = busy;
        emit busyChanged(busy);
    }
}

void AnalysisDock::clearViews()
{
    m_gapModel->setResult(nullptr, 0);
    m_feed->show(m_trace, m_run, nullptr);
    m_steps->clear();
    m_stepSummary->clear();
    m_warnings->clear();
    m_warnings->setVisible(false);
    m_tabs->setTabText(m_tabs->indexOf(m_gapTab), tr("Gaps"));
    m_status->setText(m_trace ? tr("Analysing…") : tr("No trace loaded."));
}

void AnalysisDock::fillSteps()
{
    const Trace &t = *m_trace;
    const auto &steps = m_result->steps;
    m_steps->clear();
    {
        const QSignalBlocker block(m_stepBox);
        const int keep = step();
        while (m_stepBox->count() > 1)
            m_stepBox->removeItem(1);
        for (const analysis::Step &s : steps)
            m_stepBox->addItem(s.name, s.number);
        if (!m_range.empty())
            m_stepBox->addItem(tr("Selected range (%1)").arg(GapTableModel::durationText(m_range.to - m_range.from)),
                               kSelectedRange);
        if (!m_annotation.name.isEmpty())
            m_stepBox->addItem(m_annotation.label, kSelectedAnnotation);
        m_stepBox->setEnabled(m_stepBox->count() > 1);
        const int i = m_stepBox->findData(keep);
        m_stepBox->setCurrentIndex(i >= 0 ? i : 0);
    }
    QList<QTreeWidgetItem *> items;
    TimeNs sum = 0, lo = 0, hi = 0;
    for (const analysis::Step &s : steps) {
        auto *item = new QTreeWidgetItem;
        item->setText(StepNameColumn, s.name);
        item->setText(StepStartColumn, msText(s.start - t.minTs));
        item->setText(StepDurColumn, msText(s.dur));
        item->setText(StepGpuDurColumn, s.gpuDur >= 0 ? msText(s.gpuDur) : tr("no GPU work"));
        for (int c = StepStartColumn; c < StepColumnCount; ++c)
            item->setTextAlignment(c, Qt::AlignRight | Qt::AlignVCenter);
        const analysis::TimeRange g = s.gpuRange();
        item->setData(0, StepFromRole, qint64(std::min(s.start, g.from)));
        item->setData(0, StepToRole, qint64(std::max(s.end(), g.to)));
        item->setData(0, StepNumberRole, s.number);
        items << item;
        sum += s.dur;
        lo = items.size() == 1 ? s.dur : std::min(lo, s.dur);
        hi = std::max(hi, s.dur);
    }
    m_steps->addTopLevelItems(items);
    for (int c = 0; c < StepColumnCount; ++c)
        m_steps->resizeColumnToContents(c);
    if (steps.empty())
        m_stepSummary->setText(tr("No ProfilerStep#N spans in the trace: the analysis covers the whole trace, and MFU "
                                  "needs steps (torch.profiler with a schedule and prof.step())."));
    else
        m_stepSummary->setText(tr("Steps: %1; mean %2, shortest %3, longest %4.")
                                   .arg(steps.size())
                                   .arg(msText(sum / TimeNs(steps.size())), msText(lo), msText(hi)));
    m_stepsOf = m_trace.get();
}

void AnalysisDock::showResult(const AnalysisResultPtr &result)
{
    if (!m_trace || !result)
        return;
    if (m_rerun->isActive())
        return; // the options changed since this run was asked for: its result is already stale
    m_result = result;
    if (m_stepsOf != m_trace.get())
        fillSteps();

    m_gapModel->setResult(result, m_trace->minTs);
    m_feed->show(m_trace, m_run, result);
    m_mfu->setResult(result->mfu, result->figures, int(result->steps.size()));
    m_warnings->setText(result->warnings.join(QLatin1Char('\n')));
    m_warnings->setVisible(!result->warnings.isEmpty());

    updateGapTabText();
    if (!result->error.isEmpty()) {
        m_status->setText(result->error);
    } else {
        m_status->setText(headlineText(*result));
        m_status->setToolTip(tr("Compute idle: %1; the advice takes its shares of the same time.\n"
                                "All-GPU idle: the GPU span (first to last GPU activity of any kind) in which no kernel, copy "
                                "or memset ran (the Breakdown tab's pie, as Holistic Trace Analysis counts it). Copies and "
                                "communication count as busy there, so it is lower.")
                                 .arg(GapTableModel::computeIdleScope(result->computeIdle)));
    }
    updateBusy();
    emit analysisFinished();
}

QString AnalysisDock::headlineText(const analysis::AnalysisResult &r) const
{
    // The number the story needs first: how long no GPU computed, and how much of that the listed
    // gaps hold; then the all-GPU idle share, named as a different measure.
    const analysis::AnalysisOptions &o = m_requested;
    const QLocale l;
    const analysis::ComputeIdle &c = r.computeIdle;
    const QString which = o.gaps.kernels == analysis::GapKernels::Gemm ? tr("within GEMM-to-GEMM windows")
                                                                       : tr("on compute streams");
    QString text = tr("%1 (%2) %3; %4 % in the %5 gaps of at least %6 %7.")
                       .arg(GapTableModel::computeIdleFigure(c), GapTableModel::durationText(c.idleNs),
                            GapTableModel::computeIdleScope(c), l.toString(c.inGapsPct, 'f', 1))
                       .arg(c.gaps)
                       .arg(GapTableModel::durationText(o.gaps.minGap), which);
    if (r.temporal.span > 0)
        text += QLatin1Char(' ')
            + (r.temporal.definition == analysis::GpuTimeDefinition::Hta
                   ? tr("All-GPU idle %1 % of the GPU span (HTA definition).")
                   : tr("All-GPU idle %1 % of the GPU span (no kernel, copy or memset).")).arg(l.toString(r.temporal.idlePct, 'f', 1));
    if (r.mfu.valid)
        text += QLatin1Char(' ') + tr("MFU %1 %.").arg(l.toString(r.mfu.mfuPct, 'f', 1));
    return text;
}

void AnalysisDock::updateGapDetails()
{
    const QModelIndex current = m_gapView->currentIndex();
    const analysis::Gap *g = current.isValid() ? m_gapModel->gap(m_gapProxy->mapToSource(current).row()) : nullptr;
    if (!g) {
        m_gapDetails->setText(m_gapModel->rowCount() > 0 ? tr("Click a gap to show it in the timeline.") : QString());
        return;
    }
    // Template-heavy kernel names run to hundreds of characters: a line or two here, all in the tooltip.
    auto brief = [](const QString &name) {
        constexpr int kMax = 100;
        const QString s = GapTableModel::shortKernelName(name);
        return s.size() <= kMax ? s : s.left(kMax / 2) + QChar(0x2026) + s.right(kMax / 2);
    };
    m_gapDetails->setText(tr("%1 — %2\nbefore: %3\nafter: %4")
                              .arg(GapCauseStyle::label(g->cause), g->evidence, brief(g->before), brief(g->after)));
    m_gapDetails->setToolTip(details::tooltipText(tr("before: %1\nafter: %2").arg(g->before, g->after)));
}

void AnalysisDock::activateGap(int sourceRow)
{
    const analysis::Gap *g = m_gapModel->gap(sourceRow);
    if (!g)
        return;
    emit gapActivated(m_run, *g);
    returnFocus();
}

void AnalysisDock::updateGapTabText()
{
    if (!m_result) {
        m_tabs->setTabText(m_tabs->indexOf(m_gapTab), tr("Gaps"));
        return;
    }
    // A cause (or an advice item's) filter: how many of the analysis' gaps the table shows.
    const int all = int(m_result->gaps.size()), shown = m_gapProxy->rowCount();
    m_tabs->setTabText(m_tabs->indexOf(m_gapTab), shown == all ? tr("Gaps (%1)").arg(all) : tr("Gaps (%1 of %2)").arg(shown).arg(all));
}

void AnalysisDock::returnFocus()
{
    QWidget *target = m_focusReturn.data();
    if (!target)
        if (auto *mw = qobject_cast<QMainWindow *>(window()); mw && mw->centralWidget())
            target = mw->centralWidget()->findChild<TimelineView *>();
    if (target && target->isVisible())
        target->setFocus(Qt::OtherFocusReason);
}

void AnalysisDock::setGapFilter(const QString &causeKey, const QString &collective)
{
    m_gapFilter->setFilter(causeKey, collective);
    m_collectiveNote->setText(collective.isEmpty() ? QString() : tr("waiting on %1 only").arg(collective));
    m_collectiveNote->setToolTip(tr("Set by an advice item: only the gaps it counts. Pick a cause to list them all again."));
    m_collectiveNote->setVisible(!collective.isEmpty());
}

QString AnalysisDock::gapCollectiveFilter() const { return m_gapFilter->collective(); }

bool AnalysisDock::showAdviceGaps(int index)
{
    if (!m_result || index < 0 || index >= int(m_result->advice.size()) || !m_result->advice[size_t(index)].listsGaps)
        return false;
    const analysis::Advice &a = m_result->advice[size_t(index)];
    const QString key = GapCauseStyle::key(a.gapCause);
    {
        const QSignalBlocker block(m_causeFilter);
        m_causeFilter->setCurrentIndex(std::max(0, m_causeFilter->findData(key)));
    }
    setGapFilter(key, a.gapCollective);
    if (m_gemmOnly->isChecked())
        m_gemmOnly->setChecked(false); // re-runs
    if (m_settings.gapThresholdNs != analysis::kAdviceGapNs)
        setGapThresholdNs(analysis::kAdviceGapNs);
    m_tabs->setCurrentWidget(m_gapTab);
    return true;
}

} // namespace lanescope
