// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/analysis/TimeSummaryPanel.h"

#include "widgets/analysis/AnalysisPanels.h"

#include "core/analysis/compare/Compare.h" // normalizedName
#include "core/analysis/text/FigureText.h"
#include "widgets/analysis/KernelNameDelegate.h"
#include "widgets/analysis/LatestRunner.h"
#include "widgets/analysis/RooflineChart.h"
#include "widgets/analysis/SummaryTable.h"
#include "widgets/analysis/TimeSummaryModels.h"
#include "widgets/render/SliceHighlight.h"
#include "widgets/source/SourceView.h"
#include "widgets/view/Session.h"
#include "widgets/view/ViewState.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableView>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <functional>

namespace lanescope {

// The operator summary by input shapes, off the UI thread: it reads every operator's args.
class ShapesRunner : public LatestRunner
{
public:
    using LatestRunner::LatestRunner;
    std::function<void(std::shared_ptr<const analysis::OpSummary>)> onResult;

    void run(std::shared_ptr<const Trace> trace, analysis::TimeRange window)
    {
        submit(
            [trace, window]() -> Result {
                analysis::OpSummaryOptions o;
                o.window = window;
                o.byInputShapes = true;
                return std::make_shared<const analysis::OpSummary>(analysis::opSummary(*trace, o));
            },
            [](const QString &message) -> Result {
                auto s = std::make_shared<analysis::OpSummary>();
                s->error = message;
                return s;
            });
    }
    void cancel() { submit(nullptr, nullptr); }

protected:
    void deliver(const Result &result) override
    {
        if (onResult)
            onResult(std::static_pointer_cast<const analysis::OpSummary>(result));
    }
};

namespace {

enum ModuleColumn { ModuleNameColumn, ModuleCallsColumn, ModuleCpuColumn, ModuleDeviceColumn, ModuleColumnCount };
enum ModuleRole { ModuleNodeRole = Qt::UserRole + 1 };

// Sorts the module tree's number columns by value.
class ModuleItem : public QTreeWidgetItem
{
public:
    using QTreeWidgetItem::QTreeWidgetItem;
    bool operator<(const QTreeWidgetItem &other) const override
    {
        const int c = treeWidget() ? treeWidget()->sortColumn() : 0;
        if (c == ModuleNameColumn)
            return text(c) < other.text(c);
        return data(c, Qt::UserRole + 2).toLongLong() < other.data(c, Qt::UserRole + 2).toLongLong();
    }
};

// Sorted by each column's value, filtered on the name column by the text typed (every summary
// model has the same roles: SummaryRowsModel).
template <typename Model>
QSortFilterProxyModel *namesProxy(Model *model, int nameColumn, QObject *parent)
{
    return summaryProxy(model, Model::SortRole, Model::NameRole, nameColumn, parent);
}

} // namespace

TimeSummaryPanel::TimeSummaryPanel(QWidget *parent)
    : QWidget(parent)
    , m_shapesRunner(new ShapesRunner(this))
{
    m_viewBox = new QComboBox(this);
    m_viewBox->setObjectName(QStringLiteral("summaryView"));
    m_viewBox->addItem(tr("Kernels"));
    m_viewBox->addItem(tr("Operators"));
    m_viewBox->addItem(tr("Modules"));
    m_viewBox->addItem(tr("Collectives"));
    m_viewBox->addItem(tr("Op efficiency"));
    m_viewBox->addItem(tr("Memory"));
    m_viewBox->addItem(tr("Source"));
    m_viewBox->setToolTip(tr("Where the time goes: per GPU kernel name, per CPU operator, or per nn.Module; who holds the device memory; which lines of Python launch the GPU's work"));
    m_filter = new QLineEdit(this);
    m_filter->setObjectName(QStringLiteral("summaryFilter"));
    m_filter->setPlaceholderText(tr("Filter names"));
    m_filter->setClearButtonEnabled(true);
    m_fold = new QCheckBox(tr("Fold templates"), this);
    m_fold->setObjectName(QStringLiteral("summaryFold"));
    m_fold->setToolTip(tr("One row per kernel whatever its template arguments (\"<...>\"), as the comparison's differences fold them"));
    m_shapes = new QCheckBox(tr("Group by input shape"), this);
    m_shapes->setObjectName(QStringLiteral("summaryShapes"));
    m_shapes->setToolTip(tr("One row per operator and input shapes (traces recorded with record_shapes=True); reads each operator's args from the file"));
    m_rooflineBox = new QCheckBox(tr("Roofline"), this);
    m_rooflineBox->setObjectName(QStringLiteral("summaryRoofline"));
    m_rooflineBox->setToolTip(tr("Show the operators on a roofline chart (intensity against TFLOPS, log-log) instead of the table"));
    m_copy = new QPushButton(tr("Copy"), this);
    m_copy->setObjectName(QStringLiteral("summaryCopy"));
    m_copy->setToolTip(tr("Copy the rows shown (the selected ones, if any) as tab-separated text"));

    m_kernelModel = new KernelSummaryModel(this);
    m_kernelProxy = namesProxy(m_kernelModel, KernelSummaryModel::NameColumn, this);
    m_opModel = new OpSummaryModel(this);
    m_opProxy = namesProxy(m_opModel, OpSummaryModel::NameColumn, this);

    m_stack = new QStackedWidget(this);
    m_kernels = makeSummaryTable(m_stack, m_kernelProxy, QStringLiteral("kernelSummary"));
    m_kernels->sortByColumn(KernelSummaryModel::TotalColumn, Qt::DescendingOrder);
    m_kernels->setItemDelegateForColumn(KernelSummaryModel::NameColumn, new KernelNameDelegate(m_kernels, KernelNameDelegate::Names::Distinct));
    m_kernels->horizontalHeader()->resizeSection(KernelSummaryModel::NameColumn, 320);
    m_kernels->setToolTip(tr("Click: outline the kernel's slices in the lanes. Double-click: zoom to its longest call."));
    m_ops = makeSummaryTable(m_stack, m_opProxy, QStringLiteral("operatorSummary"));
    m_ops->sortByColumn(OpSummaryModel::SelfColumn, Qt::DescendingOrder);
    m_ops->horizontalHeader()->resizeSection(OpSummaryModel::NameColumn, 260);
    m_ops->setColumnHidden(OpSummaryModel::ShapesColumn, true);
    m_ops->setToolTip(tr("Click: outline the operator's slices in the lanes. Double-click: zoom to its longest call."));
    m_modules = new QTreeWidget(m_stack);
    m_modules->setObjectName(QStringLiteral("moduleSummary"));
    m_modules->setColumnCount(ModuleColumnCount);
    m_modules->setHeaderLabels({tr("Module"), tr("Calls"), tr("CPU (ms)"), tr("Device (ms)")});
    m_modules->headerItem()->setToolTip(ModuleCpuColumn, tr("The module's forward calls' durations, submodules included"));
    m_modules->headerItem()->setToolTip(ModuleDeviceColumn, tr("GPU time launched from inside the module's calls (the backward pass runs on autograd threads and is not attributed)"));
    m_modules->setUniformRowHeights(true);
    m_modules->setAlternatingRowColors(true);
    m_modules->setSortingEnabled(true);
    m_modules->sortByColumn(-1, Qt::AscendingOrder); // call order until the user sorts
    m_modules->header()->resizeSection(ModuleNameColumn, 300);
    m_modules->setToolTip(tr("Click: outline the module's calls in the lanes. Double-click: zoom to its longest call."));
    m_stack->addWidget(m_kernels);
    m_stack->addWidget(m_ops);
    m_collectiveModel = new CollectiveTypeModel(this);
    m_collectiveProxy = namesProxy(m_collectiveModel, CollectiveTypeModel::KindColumn, this);
    m_collectives = makeSummaryTable(m_stack, m_collectiveProxy, QStringLiteral("collectiveSummary"));
    m_collectives->sortByColumn(CollectiveTypeModel::TotalColumn, Qt::DescendingOrder);
    m_collectives->setToolTip(tr("Each collective by kind, size and group: the calls' time and their bus bandwidth (select a kernel for its own)"));
    m_efficiencyModel = new OpEfficiencyModel(this);
    m_efficiencyProxy = namesProxy(m_efficiencyModel, OpEfficiencyModel::NameColumn, this);
    m_efficiencyStack = new QStackedWidget(m_stack);
    m_efficiency = makeSummaryTable(m_efficiencyStack, m_efficiencyProxy, QStringLiteral("opEfficiency"));
    m_efficiency->sortByColumn(OpEfficiencyModel::TflopColumn, Qt::DescendingOrder);
    m_efficiency->horizontalHeader()->resizeSection(OpEfficiencyModel::ShapesColumn, 200);
    m_efficiency->setToolTip(tr("GEMMs, attention and convolutions per operator, input shapes and type: the FLOPs their shapes imply, the GPU time of their kernels, what that achieves and which roof bounds it"));
    m_roofline = new RooflineChart(m_efficiencyStack);
    m_efficiencyStack->addWidget(m_efficiency);
    m_efficiencyStack->addWidget(m_roofline);
    m_collectives->setColumnWidth(CollectiveTypeModel::LinkColumn, 70);
    m_stack->addWidget(m_modules);
    m_stack->addWidget(m_collectives);
    m_stack->addWidget(m_efficiencyStack);

    // Memory: the three lists as tabs over one scope line (the peak, its time, device and phases).
    m_memoryStack = new QStackedWidget(m_stack);
    m_memoryStack->addWidget(new QWidget(m_memoryStack)); // no memory events: the scope line says so
    m_memoryTabs = new QTabWidget(m_memoryStack);
    m_memoryTabs->setObjectName(QStringLiteral("memoryLists"));
    m_memoryTabs->setDocumentMode(true);
    m_memoryStack->addWidget(m_memoryTabs);
    const QString listTips[3] = {
        tr("What is held at the peak of allocated memory, by the operator that allocated it: the rows add up to the peak"),
        tr("The operators that allocate the most bytes over the whole trace, how many of their allocations are freed and how long they live"),
        tr("Allocations the trace never frees, by operator (held at its end, or freed after it)")};
    const char *objectNames[3] = {"memoryAliveAtPeak", "memoryTopAllocators", "memoryNeverFreed"};
    for (int k = 0; k < 3; ++k) {
        const auto list = MemoryOwnerModel::List(k);
        m_memoryModels[k] = new MemoryOwnerModel(list, this);
        m_memoryProxies[k] = namesProxy(m_memoryModels[k], MemoryOwnerModel::OpColumn, this);
        QTableView *v = makeSummaryTable(m_memoryTabs, m_memoryProxies[k], QString::fromLatin1(objectNames[k]));
        v->sortByColumn(MemoryOwnerModel::BytesColumn, Qt::DescendingOrder);
        // Every column in ~540 px, the dock's width beside the timeline.
        v->horizontalHeader()->resizeSection(MemoryOwnerModel::OpColumn, 170);
        for (int c = MemoryOwnerModel::BytesColumn; c < MemoryOwnerModel::ColumnCount; ++c)
            v->horizontalHeader()->resizeSection(c, c == MemoryOwnerModel::LifetimeColumn ? 100 : 80);
        for (int c = 0; c < MemoryOwnerModel::ColumnCount; ++c)
            v->setColumnHidden(c, !m_memoryModels[k]->hasColumn(c));
        v->setToolTip(tr("Click: outline the operator's slices in the lanes. Double-click: zoom to its largest allocation, from allocation to free."));
        m_memoryTables[k] = v;
        m_memoryTabs->addTab(v, QString());
        m_memoryTabs->setTabToolTip(k, listTips[k]);
        connect(v, &QAbstractItemView::clicked, this, [this, list](const QModelIndex &i) { memoryActivated(list, i); });
        connect(v, &QAbstractItemView::activated, this, [this, list](const QModelIndex &i) { memoryActivated(list, i); });
        connect(v, &QAbstractItemView::doubleClicked, this, [this, list](const QModelIndex &i) { memoryZoom(list, i); });
    }
    updateMemoryTabs();
    connect(m_memoryTabs, &QTabWidget::currentChanged, this, [this] { m_status->clear(); });
    m_stack->addWidget(m_memoryStack);
    m_source = new SourceView(m_stack);
    m_stack->addWidget(m_source);

    m_scope = new QLabel(this);
    m_scope->setObjectName(QStringLiteral("summaryScope"));
    m_scope->setWordWrap(true);
    m_scope->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // wraps at the dock's width
    m_scope->setMinimumWidth(1);
    m_scope->setTextFormat(Qt::PlainText);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("summaryStatus"));
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::PlainText);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // long kernel names wrap at the dock's width
    m_status->setMinimumWidth(1);

    auto *controls = new QHBoxLayout;
    controls->setSpacing(4);
    controls->addWidget(m_viewBox);
    controls->addWidget(m_filter, 1);
    controls->addWidget(m_fold);
    controls->addWidget(m_shapes);
    controls->addWidget(m_rooflineBox);
    controls->addWidget(m_copy);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->setSpacing(4);
    layout->addLayout(controls);
    layout->addWidget(m_scope);
    layout->addWidget(m_stack, 1);
    layout->addWidget(m_status);

    connect(m_viewBox, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_stack->setCurrentIndex(i);
        m_fold->setVisible(i == int(View::Kernels));
        m_shapes->setVisible(i == int(View::Operators));
        m_rooflineBox->setVisible(i == int(View::OpEfficiency));
        updateScope();
        m_status->clear();
    });
    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString &text) {
        m_kernelProxy->setFilterFixedString(text);
        m_opProxy->setFilterFixedString(text);
        m_collectiveProxy->setFilterFixedString(text);
        m_efficiencyProxy->setFilterFixedString(text);
        for (QSortFilterProxyModel *p : m_memoryProxies)
            p->setFilterFixedString(text);
        m_source->setFilter(text);
        updateMemoryTabs();
        updateRoofline();
        fillModules();
    });
    connect(m_fold, &QCheckBox::toggled, this, [this] { showRows(); });
    connect(m_shapes, &QCheckBox::toggled, this, [this] { regroupShapes(); });
    connect(m_rooflineBox, &QCheckBox::toggled, this, [this](bool on) { m_efficiencyStack->setCurrentIndex(on ? 1 : 0); });
    connect(m_copy, &QPushButton::clicked, this, [this] { QApplication::clipboard()->setText(tableText()); });
    // Click or Enter outlines (the same row again keeps the outline); double click zooms.
    for (QTableView *v : {m_kernels, m_ops}) {
        const bool kernels = v == m_kernels;
        const auto go = [this, kernels](const QModelIndex &i) { kernels ? kernelActivated(i) : operatorActivated(i); };
        connect(v, &QAbstractItemView::clicked, this, go);
        connect(v, &QAbstractItemView::activated, this, go);
        connect(v, &QAbstractItemView::doubleClicked, this, [this, kernels](const QModelIndex &i) {
            if (kernels) {
                const auto &r = m_kernelModel->rows()[std::size_t(m_kernelProxy->mapToSource(i).row())];
                zoomTo(r.longestTrack, r.longestSlice);
            } else {
                const auto &r = m_opModel->rows()[std::size_t(m_opProxy->mapToSource(i).row())];
                zoomTo(r.longestTrack, r.longestSlice);
            }
        });
    }
    connect(m_modules, &QTreeWidget::itemClicked, this, [this](QTreeWidgetItem *item) { moduleActivated(item); });
    connect(m_modules, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem *item) { moduleActivated(item); });
    connect(m_modules, &QTreeWidget::itemDoubleClicked, this, [this](QTreeWidgetItem *item) {
        if (!m_result)
            return;
        const int n = item->data(ModuleNameColumn, ModuleNodeRole).toInt();
        const auto &nodes = m_result->summaries.modules.nodes;
        if (n >= 0 && n < int(nodes.size()))
            zoomTo(nodes[std::size_t(n)].longestTrack, nodes[std::size_t(n)].longestSlice);
    });
    connect(m_source, &SourceView::rangeRequested, this, &TimeSummaryPanel::rangeRequested);
    connect(m_source, &SourceView::statusChanged, m_status, &QLabel::setText);
    connect(m_source, &SourceView::scopeChanged, this, [this] { updateScope(); });
    connect(m_source, &SourceView::filterRequested, m_filter, &QLineEdit::setText);
    m_shapesRunner->onResult = [this](std::shared_ptr<const analysis::OpSummary> ops) {
        m_shapedOps = std::move(ops);
        showRows();
    };

    m_fold->setVisible(true);
    m_shapes->setVisible(false);
    m_rooflineBox->setVisible(false);
    updateScope();
}

TimeSummaryPanel::~TimeSummaryPanel() = default;

void TimeSummaryPanel::setSession(Session *session)
{
    m_session = session;
    m_source->setSession(session);
}

void TimeSummaryPanel::setResult(std::shared_ptr<const Trace> trace, int run, AnalysisResultPtr result)
{
    const bool sameWindows = m_result && result && m_trace == trace
        && m_result->summaries.cpuWindow.from == result->summaries.cpuWindow.from
        && m_result->summaries.cpuWindow.to == result->summaries.cpuWindow.to;
    m_trace = std::move(trace);
    m_run = run;
    m_result = std::move(result);
    if (!sameWindows) {
        m_shapedOps.reset();
        if (m_shapes->isChecked())
            regroupShapes();
    }
    showRows();
    fillModules();
    m_source->setResult(m_trace, m_run, m_result);
    updateScope();
}

bool TimeSummaryPanel::showSourceLine(const QString &file, int line)
{
    setView(View::Source);
    return m_source->showLine(file, line);
}

void TimeSummaryPanel::setView(View view) { m_viewBox->setCurrentIndex(int(view)); }
TimeSummaryPanel::View TimeSummaryPanel::view() const { return View(m_viewBox->currentIndex()); }
void TimeSummaryPanel::setFilter(const QString &text) { m_filter->setText(text); }
void TimeSummaryPanel::setFoldTemplates(bool on) { m_fold->setChecked(on); }
void TimeSummaryPanel::setGroupByShapes(bool on) { m_shapes->setChecked(on); }
void TimeSummaryPanel::setShowRoofline(bool on) { m_rooflineBox->setChecked(on); }
bool TimeSummaryPanel::showsRoofline() const { return m_efficiencyStack->currentWidget() == m_roofline; }

void TimeSummaryPanel::updateRoofline()
{
    std::vector<analysis::OpEfficiencyRow> rows;
    for (int r = 0; r < m_efficiencyProxy->rowCount(); ++r)
        rows.push_back(m_efficiencyModel->rows()[std::size_t(m_efficiencyProxy->mapToSource(m_efficiencyProxy->index(r, 0)).row())]);
    m_roofline->setData(m_result ? m_result->opsEfficiency : analysis::OpsEfficiency{}, std::move(rows));
}
// Each list's name with its rows (after the filter), so an empty one reads as such.
void TimeSummaryPanel::updateMemoryTabs()
{
    const QString names[3] = {tr("Alive at peak (%1)"), tr("Top allocators (%1)"), tr("Never freed (%1)")};
    for (int k = 0; k < 3; ++k)
        m_memoryTabs->setTabText(k, names[k].arg(QLocale().toString(m_memoryProxies[k]->rowCount())));
}

void TimeSummaryPanel::setMemoryList(MemoryOwnerModel::List list) { m_memoryTabs->setCurrentIndex(int(list)); }
MemoryOwnerModel::List TimeSummaryPanel::memoryList() const { return MemoryOwnerModel::List(m_memoryTabs->currentIndex()); }
bool TimeSummaryPanel::showsMemoryTables() const { return m_memoryStack->currentWidget() == m_memoryTabs; }

bool TimeSummaryPanel::shapesBusy() const { return m_shapesRunner->isBusy(); }
QString TimeSummaryPanel::scopeText() const { return m_scope->text(); }
QString TimeSummaryPanel::statusText() const { return m_status->text(); }

void TimeSummaryPanel::regroupShapes()
{
    if (!m_shapes->isChecked() || !m_trace || !m_result) {
        m_shapesRunner->cancel();
        showRows();
        return;
    }
    if (!m_shapedOps)
        m_shapesRunner->run(m_trace, m_result->summaries.cpuWindow);
    showRows();
}

void TimeSummaryPanel::showRows()
{
    if (!m_result) {
        m_kernelModel->setRows({});
        m_opModel->setRows({});
        m_collectiveModel->setRows({});
        m_efficiencyModel->setRows({});
        for (MemoryOwnerModel *m : m_memoryModels)
            m->setRows({});
        m_memoryStack->setCurrentIndex(0);
        updateMemoryTabs();
        updateRoofline();
        updateScope();
        return;
    }
    const analysis::TimeSummaries &s = m_result->summaries;
    m_kernelModel->setRows(m_fold->isChecked() ? s.kernelsFolded : s.kernels);
    m_collectiveModel->setLinkGBps(m_result->collectives.linkGBps);
    m_collectiveModel->setRows(m_result->collectives.byType);
    m_efficiencyModel->setRows(m_result->opsEfficiency.ops);
    updateRoofline();
    const analysis::MemoryOwners &mo = m_result->memoryOwners;
    m_memoryModels[int(MemoryOwnerModel::List::AliveAtPeak)]->setPeakBytes(mo.peakBytes);
    m_memoryModels[int(MemoryOwnerModel::List::AliveAtPeak)]->setRows(mo.aliveAtPeak);
    m_memoryModels[int(MemoryOwnerModel::List::TopAllocators)]->setRows(mo.topAllocators);
    m_memoryModels[int(MemoryOwnerModel::List::NeverFreed)]->setRows(mo.neverFreed);
    m_memoryStack->setCurrentIndex(mo.peakBytes >= 0 ? 1 : 0);
    updateMemoryTabs();
    const bool shaped = m_shapes->isChecked() && m_shapedOps && m_shapedOps->error.isEmpty();
    m_opModel->setRows(shaped ? m_shapedOps->rows : s.ops.rows);
    m_ops->setColumnHidden(OpSummaryModel::ShapesColumn, !shaped);
    updateScope();
}

void TimeSummaryPanel::updateScope()
{
    if (!m_result) {
        m_scope->setText(tr("No analysis yet."));
        return;
    }
    const analysis::AnalysisOptions &o = m_result->options;
    const QLocale locale;
    const analysis::TimeSummaries &s = m_result->summaries;
    QString where;
    if (o.step >= 0)
        where = tr("ProfilerStep#%1").arg(o.step);
    else if (!o.annotation.isEmpty())
        where = tr("%1 (instance %2)").arg(o.annotation).arg(o.instance);
    else if (!o.range.empty())
        where = tr("the selected range");
    else
        where = tr("the whole trace");
    switch (view()) {
    case View::Kernels: {
        TimeNs total = 0;
        for (const auto &r : s.kernels)
            total += r.totalNs;
        m_scope->setText(tr("GPU kernels, copies and memsets that start in %1: %2 names, %3 ms of GPU time")
                             .arg(where, locale.toString(qlonglong(m_kernelModel->rowCount())), summaryMs(total)));
        break;
    }
    case View::Operators: {
        TimeNs self = 0;
        for (const auto &r : s.ops.rows)
            self += r.selfNs;
        QString text = tr("CPU operators, annotations and runtime calls that start in %1: %2 rows, %3 ms of busy CPU time")
                           .arg(where, locale.toString(qlonglong(m_opModel->rowCount())), summaryMs(self));
        if (m_shapes->isChecked()) {
            if (m_shapesRunner->isBusy() || !m_shapedOps)
                text += QLatin1Char(' ') + tr("(reading input shapes…)");
            else if (!m_shapedOps->error.isEmpty())
                text += QLatin1Char(' ') + tr("(input shapes could not be read: %1)").arg(m_shapedOps->error);
            else if (m_shapedOps->opsWithShapes == 0)
                text += QLatin1Char(' ') + tr("(the trace has no input shapes: record with record_shapes=True)");
        }
        m_scope->setText(text);
        break;
    }
    case View::Collectives: {
        const analysis::CollectiveBandwidth &c = m_result->collectives;
        QString text = c.kernels.empty() ? tr("No NCCL or RCCL kernel starts in %1.").arg(where)
                                         : tr("Communication kernels that start in %1: %2, %3 of them with their size recorded")
                                               .arg(where, locale.toString(qlonglong(c.kernels.size())), locale.toString(qlonglong(c.withSize)));
        if (!c.kernels.empty())
            text += QLatin1Char(' ') + (c.linkGBps > 0 ? tr("(the link: %1 GB/s per direction)").arg(locale.toString(c.linkGBps, 'g', 6))
                                                       : tr("(the GPU's link is not in the GPU table)"));
        m_scope->setText(text);
        break;
    }
    case View::OpEfficiency: {
        const analysis::OpsEfficiency &e = m_result->opsEfficiency;
        if (e.callsRead == 0) {
            m_scope->setText(tr("No matrix product, attention or convolution operator in %1's steps.").arg(where));
        } else if (e.callsCounted == 0) {
            m_scope->setText(tr("%1 matrix product, attention and convolution calls, none with input shapes (record with record_shapes=True) or, for a convolution, without its stride and padding (PyTorch 2.1 or later records them).")
                                 .arg(locale.toString(qlonglong(e.callsRead))));
        } else {
            QString text = tr("Matrix products, attention and convolutions in the measured steps of %1: %2 of %3 calls counted from their shapes, %4 TFLOP")
                               .arg(where, locale.toString(qlonglong(e.callsCounted)), locale.toString(qlonglong(e.callsRead)),
                                    locale.toString(e.totalFlops / 1e12, 'f', 3));
            if (m_result->measuredMfuPct >= 0)
                text += QLatin1Char(' ') + tr("(measured MFU of these operators %1 %, beside the 6P estimate)").arg(locale.toString(m_result->measuredMfuPct, 'f', 1));
            if (!(e.peaks.hbmTBps > 0))
                text += QLatin1Char(' ') + tr("(no roofline: the GPU's memory bandwidth is not in the GPU table)");
            m_scope->setText(text);
        }
        break;
    }
    case View::Memory:
        m_scope->setText(memoryScope());
        break;
    case View::Source:
        m_scope->setText(m_source->scopeText(where));
        break;
    case View::Modules:
        m_scope->setText(s.modules.nodes.empty()
                             ? tr("No nn.Module calls in %1: record with with_stack=True or with_modules=True to see the module tree.").arg(where)
                             : tr("nn.Module forward calls that start in %1: %2 modules%3")
                                   .arg(where, locale.toString(qlonglong(s.modules.nodes.size())),
                                        s.modules.truncated ? tr(" (more left out)") : QString()));
        break;
    }
}

void TimeSummaryPanel::fillModules()
{
    m_modules->setUpdatesEnabled(false);
    m_modules->clear();
    if (m_result) {
        const auto &nodes = m_result->summaries.modules.nodes;
        const QString filter = m_filter->text();
        // A node shows when it or a descendant matches the filter.
        std::vector<char> shown(nodes.size(), filter.isEmpty());
        if (!filter.isEmpty())
            for (std::size_t k = nodes.size(); k-- > 0;) {
                if (nodes[k].name.contains(filter, Qt::CaseInsensitive))
                    shown[k] = 1;
                if (shown[k] && nodes[k].parent >= 0)
                    shown[std::size_t(nodes[k].parent)] = 1;
            }
        std::vector<QTreeWidgetItem *> items(nodes.size(), nullptr);
        const QLocale locale;
        for (std::size_t k = 0; k < nodes.size(); ++k) {
            if (!shown[k])
                continue;
            const analysis::ModuleNode &n = nodes[k];
            QTreeWidgetItem *parent = n.parent >= 0 ? items[std::size_t(n.parent)] : nullptr;
            auto *item = parent ? new ModuleItem(parent) : new ModuleItem(m_modules);
            item->setText(ModuleNameColumn, n.name);
            item->setToolTip(ModuleNameColumn, n.path);
            item->setData(ModuleNameColumn, ModuleNodeRole, int(k));
            item->setText(ModuleCallsColumn, locale.toString(qlonglong(n.count)));
            item->setData(ModuleCallsColumn, Qt::UserRole + 2, qlonglong(n.count));
            item->setText(ModuleCpuColumn, summaryMs(n.cpuNs));
            item->setData(ModuleCpuColumn, Qt::UserRole + 2, qlonglong(n.cpuNs));
            item->setText(ModuleDeviceColumn, summaryMs(n.deviceNs));
            item->setData(ModuleDeviceColumn, Qt::UserRole + 2, qlonglong(n.deviceNs));
            for (int c = ModuleCallsColumn; c < ModuleColumnCount; ++c)
                item->setTextAlignment(c, Qt::AlignRight | Qt::AlignVCenter);
            items[k] = item;
        }
        // The first levels open: the model and its blocks.
        for (std::size_t k = 0; k < nodes.size(); ++k)
            if (items[k] && nodes[k].depth < 2)
                items[k]->setExpanded(true);
    }
    m_modules->setUpdatesEnabled(true);
    updateScope();
}

void TimeSummaryPanel::outline(const QString &name, bool foldTemplates)
{
    Session *s = m_session.data();
    if (!s || m_run >= s->runCount() || !m_trace || s->trace(m_run) != m_trace.get())
        return;
    const QString normalized = analysis::normalizedName(name.toStdString(), foldTemplates);
    std::vector<const Trace *> traces(std::size_t(s->runCount()), nullptr);
    traces[std::size_t(m_run)] = m_trace.get(); // this run's slices only
    auto h = buildSliceHighlight(traces, normalized, foldTemplates);
    const qulonglong n = h->total();
    m_status->setText(tr("%1: %2 slices outlined in yellow.").arg(normalized, QLocale().toString(n)));
    s->state()->setHighlight(std::move(h));
}

void TimeSummaryPanel::zoomTo(std::uint32_t track, std::uint32_t slice)
{
    if (!m_trace || track >= m_trace->tracks.size() || slice >= m_trace->tracks[track].size())
        return;
    const Track &tr = m_trace->tracks[track];
    // Zoomed to, not selected: a selection would raise the Details dock over this table.
    emit rangeRequested(tr.start[slice], tr.end(slice));
}

void TimeSummaryPanel::kernelActivated(const QModelIndex &index)
{
    if (!index.isValid())
        return;
    const analysis::KernelSummaryRow &r = m_kernelModel->rows()[std::size_t(m_kernelProxy->mapToSource(index).row())];
    outline(r.name, m_fold->isChecked());
    // The longest call's launch, read from the file: a few ms.
    if (m_trace) {
        const QString shape = analysis::launchShapeText(analysis::kernelLaunchShape(*m_trace, r.longestTrack, r.longestSlice));
        if (!shape.isEmpty())
            m_status->setText(m_status->text() + QLatin1Char('\n') + tr("Longest call (%1 µs): %2").arg(summaryUs(double(r.maxNs)), shape));
    }
}

void TimeSummaryPanel::operatorActivated(const QModelIndex &index)
{
    if (!index.isValid())
        return;
    const analysis::OpSummaryRow &r = m_opModel->rows()[std::size_t(m_opProxy->mapToSource(index).row())];
    outline(r.name, false);
}

void TimeSummaryPanel::moduleActivated(QTreeWidgetItem *item)
{
    if (!item || !m_result)
        return;
    const int n = item->data(ModuleNameColumn, ModuleNodeRole).toInt();
    const auto &nodes = m_result->summaries.modules.nodes;
    if (n >= 0 && n < int(nodes.size()))
        outline(QStringLiteral("nn.Module: ") + nodes[std::size_t(n)].name, false);
}

// The Memory view's line: the peak, when and where, and the bytes alive at it per phase; the whole
// trace whatever the scope (memory_owners is the trace's, as analyze --json writes it).
QString TimeSummaryPanel::memoryScope() const
{
    namespace figure = analysis::figure;
    const analysis::MemoryOwners &m = m_result->memoryOwners;
    if (m.peakBytes < 0)
        return tr("No device memory events in this trace: record with profile_memory=True to see who holds the memory.");
    const TimeNs origin = m_trace ? m_trace->minTs : 0;
    QString text = tr("Peak %1 allocated at %2 on GPU %3 (the whole trace)")
                       .arg(figure::bytes(double(m.peakBytes)), figure::ms(double(m.peakAt - origin)), QString::number(m.device));
    if (!m.addresses)
        return text + QLatin1Char(' ')
            + tr("(the memory events carry no addresses: allocations are not paired with their frees, so only the top allocators are known)");
    QStringList phases;
    for (int k = 0; k < analysis::kMemoryPhases; ++k)
        if (m.phaseAtPeak[std::size_t(k)] > 0)
            phases << tr("%1 %2").arg(analysis::memoryPhaseLabel(analysis::MemoryPhase(k)), figure::bytes(double(m.phaseAtPeak[std::size_t(k)])));
    if (!phases.isEmpty())
        text += QStringLiteral(": ") + phases.join(QStringLiteral(" · "));
    return text;
}

const analysis::MemoryOwnerRow *TimeSummaryPanel::memoryRow(MemoryOwnerModel::List list, const QModelIndex &index) const
{
    if (!index.isValid())
        return nullptr;
    const int row = m_memoryProxies[int(list)]->mapToSource(index).row();
    const auto &rows = m_memoryModels[int(list)]->rows();
    return row >= 0 && row < int(rows.size()) ? &rows[std::size_t(row)] : nullptr;
}

void TimeSummaryPanel::memoryActivated(MemoryOwnerModel::List list, const QModelIndex &index)
{
    namespace figure = analysis::figure;
    const analysis::MemoryOwnerRow *r = memoryRow(list, index);
    if (!r)
        return;
    if (r->kind == analysis::MemoryOwnerRow::Kind::Op)
        outline(r->op, false);
    else
        m_status->clear();
    if (r->largest <= 0 || !m_trace)
        return;
    const QString at = figure::ms(double(r->start - m_trace->minTs));
    const QString largest = r->end >= 0
        ? tr("Largest allocation: %1 at %2, freed %3 later.").arg(figure::bytes(double(r->largest)), at, figure::duration(double(r->end - r->start)))
        : tr("Largest allocation: %1 at %2, never freed in the trace.").arg(figure::bytes(double(r->largest)), at);
    m_status->setText(m_status->text().isEmpty() ? largest : m_status->text() + QLatin1Char('\n') + largest);
}

void TimeSummaryPanel::memoryZoom(MemoryOwnerModel::List list, const QModelIndex &index)
{
    const analysis::MemoryOwnerRow *r = memoryRow(list, index);
    if (!r || r->largest <= 0 || !m_trace)
        return;
    // Never freed: to the trace's end, where it is still held.
    emit rangeRequested(r->start, r->end >= r->start ? r->end : std::max(r->start, m_trace->maxTs));
}

QString TimeSummaryPanel::tableText() const
{
    QStringList lines;
    const auto rowText = [](const QStringList &cells) { return cells.join(QLatin1Char('\t')); };
    if (view() == View::Source)
        return m_source->tableText();
    if (view() == View::Modules) {
        lines << rowText({tr("Module path"), tr("Calls"), tr("CPU (ms)"), tr("Device (ms)")});
        if (m_result)
            for (QTreeWidgetItemIterator it(m_modules); *it; ++it) {
                const int n = (*it)->data(ModuleNameColumn, ModuleNodeRole).toInt();
                const analysis::ModuleNode &node = m_result->summaries.modules.nodes[std::size_t(n)];
                lines << rowText({node.path, QString::number(node.count), QString::number(double(node.cpuNs) / 1e6, 'f', 3),
                                  QString::number(double(node.deviceNs) / 1e6, 'f', 3)});
            }
        return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
    }
    const QTableView *v = view() == View::Kernels ? m_kernels
        : view() == View::Operators                 ? m_ops
        : view() == View::Collectives               ? m_collectives
        : view() == View::Memory                    ? m_memoryTables[m_memoryTabs->currentIndex()]
                                                    : m_efficiency;
    const QAbstractItemModel *m = v->model();
    QList<int> columns;
    for (int c = 0; c < m->columnCount(); ++c)
        if (!v->isColumnHidden(c))
            columns << c;
    QStringList header;
    for (int c : columns)
        header << m->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString();
    lines << rowText(header);
    const QModelIndexList selected = v->selectionModel() ? v->selectionModel()->selectedRows() : QModelIndexList();
    for (int r = 0; r < m->rowCount(); ++r) {
        if (!selected.isEmpty() && !v->selectionModel()->isRowSelected(r, {}))
            continue;
        QStringList cells;
        for (int c : columns) {
            // Numbers as plain numbers (no group separators), names whole.
            const QVariant sort = m->index(r, c).data(KernelSummaryModel::SortRole);
            // (Streams list several numbers; a size keeps its unit.)
            const bool number = sort.typeId() != QMetaType::QString && !(v == m_kernels && c == KernelSummaryModel::StreamsColumn)
                && !(v == m_collectives && c == CollectiveTypeModel::SizeColumn);
            cells << (number ? m->index(r, c).data(Qt::DisplayRole).toString().remove(QLocale().groupSeparator())
                             : m->index(r, c).data(Qt::DisplayRole).toString());
        }
        lines << rowText(cells);
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

TimeSummaryPanel::TimeSummaryPanel(AnalysisFeed *feed, QWidget *parent) : TimeSummaryPanel(parent)
{
    setObjectName(QStringLiteral("timeSummary"));
    setSession(feed->session());
    connect(feed, &AnalysisFeed::sessionChanged, this, [this, feed] { setSession(feed->session()); });
    connect(feed, &AnalysisFeed::changed, this, [this, feed] { setResult(feed->trace(), feed->run(), feed->result()); });
    connect(this, &TimeSummaryPanel::rangeRequested, feed, &AnalysisFeed::rangeRequested);
}

} // namespace lanescope
