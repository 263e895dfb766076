// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The analysis dock's "Where the time goes" tab: the kernel, operator and module summaries of the
// analysis shown (analysis::TimeSummaries: the dock's scope and run), sortable, filterable and
// copyable. A click on a row outlines that name's slices in the run's lanes (SliceHighlight), a
// double click zooms to its longest call. "Group by input shape" re-reads the
// operators' args off the UI thread (analysis::opSummary with byInputShapes, the same rows as
// analyze --op-shapes). The Memory view lists who holds the device memory (analysis::MemoryOwners,
// analyze --json's memory_owners): alive at the peak, top allocators, never freed; a click outlines
// the owning operator, a double click zooms to the row's largest allocation. The Source view
// (SourceView): the Python lines that launch the GPU's work, by line, by file and as a flame graph.
#include "widgets/analysis/AnalysisRunner.h"
#include "widgets/analysis/TimeSummaryModels.h"

#include <QPointer>
#include <QWidget>

#include <memory>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QModelIndex;
class QPushButton;
class QSortFilterProxyModel;
class QStackedWidget;
class QTabWidget;
class QTableView;
class QTreeWidget;
class QTreeWidgetItem;

namespace lanescope {

class AnalysisFeed;

class CollectiveTypeModel;
class OpEfficiencyModel;
class KernelSummaryModel;
class OpSummaryModel;
class RooflineChart;
class Session;
class SourceView;
class ShapesRunner;

class TimeSummaryPanel : public QWidget
{
    Q_OBJECT
public:
    enum class View { Kernels, Operators, Modules, Collectives, OpEfficiency, Memory, Source };

    explicit TimeSummaryPanel(QWidget *parent = nullptr);
    // The dock's Time spent tab: follows the dock's session and analysis; asks for its ranges
    // through the feed.
    explicit TimeSummaryPanel(AnalysisFeed *feed, QWidget *parent = nullptr);
    ~TimeSummaryPanel() override;

    void setSession(Session *session);
    // The analysis shown (null: none) of run `run` of the session, over `trace`.
    void setResult(std::shared_ptr<const Trace> trace, int run, AnalysisResultPtr result);

    void setView(View view);
    View view() const;
    void setFilter(const QString &text);
    void setFoldTemplates(bool on);
    void setGroupByShapes(bool on);
    bool shapesBusy() const;

    QTableView *kernelTable() const { return m_kernels; }
    QTableView *operatorTable() const { return m_ops; }
    QTreeWidget *moduleTree() const { return m_modules; }
    QTableView *collectiveTable() const { return m_collectives; }
    QTableView *efficiencyTable() const { return m_efficiency; }
    // The Op efficiency view shows its rows as the table or as the roofline chart.
    RooflineChart *rooflineChart() const { return m_roofline; }
    void setShowRoofline(bool on);
    bool showsRoofline() const;
    // The Memory view: one table per list, the one shown; false where the trace has no device
    // memory events (the scope line says so and no table is shown).
    QTableView *memoryTable(MemoryOwnerModel::List list) const { return m_memoryTables[int(list)]; }
    void setMemoryList(MemoryOwnerModel::List list);
    MemoryOwnerModel::List memoryList() const;
    bool showsMemoryTables() const;
    SourceView *sourceView() const { return m_source; }
    // The Source view at file:line (a Details panel link); false where the analysis has no such line.
    bool showSourceLine(const QString &file, int line);
    QString scopeText() const;
    QString statusText() const;
    // The visible rows of the current view as tab-separated text, header first (what Copy puts on
    // the clipboard).
    QString tableText() const;

signals:
    // Model time of the run shown: zoom there.
    void rangeRequested(qint64 fromNs, qint64 toNs);

private:
    void showRows();
    void updateScope();
    void outline(const QString &name, bool foldTemplates);
    void zoomTo(std::uint32_t track, std::uint32_t slice);
    void kernelActivated(const QModelIndex &index);
    void operatorActivated(const QModelIndex &index);
    void moduleActivated(QTreeWidgetItem *item);
    const analysis::MemoryOwnerRow *memoryRow(MemoryOwnerModel::List list, const QModelIndex &index) const;
    void memoryActivated(MemoryOwnerModel::List list, const QModelIndex &index);
    void memoryZoom(MemoryOwnerModel::List list, const QModelIndex &index);
    QString memoryScope() const;
    void updateMemoryTabs();
    void selectionDetails();
    void regroupShapes();
    void fillModules();
    void updateRoofline(); // the chart's points: the efficiency table's rows after its filter

    std::shared_ptr<const Trace> m_trace;
    AnalysisResultPtr m_result;
    std::shared_ptr<const analysis::OpSummary> m_shapedOps; // by input shapes, for m_result
    int m_run = 0;
    QPointer<Session> m_session;

    QComboBox *m_viewBox;
    QLineEdit *m_filter;
    QCheckBox *m_fold;
    QCheckBox *m_shapes;
    QPushButton *m_copy;
    QLabel *m_scope;
    QStackedWidget *m_stack;
    QTableView *m_kernels;
    QTableView *m_ops;
    QTreeWidget *m_modules;
    QTableView *m_collectives;
    QTableView *m_efficiency;
    RooflineChart *m_roofline;
    QStackedWidget *m_efficiencyStack; // the table or the chart
    QCheckBox *m_rooflineBox;
    OpEfficiencyModel *m_efficiencyModel;
    QSortFilterProxyModel *m_efficiencyProxy;
    CollectiveTypeModel *m_collectiveModel;
    QSortFilterProxyModel *m_collectiveProxy;
    QLabel *m_status;
    KernelSummaryModel *m_kernelModel;
    OpSummaryModel *m_opModel;
    QSortFilterProxyModel *m_kernelProxy;
    QSortFilterProxyModel *m_opProxy;
    ShapesRunner *m_shapesRunner;
    QStackedWidget *m_memoryStack; // an empty page (no memory events) or the lists
    QTabWidget *m_memoryTabs;
    MemoryOwnerModel *m_memoryModels[3];
    QSortFilterProxyModel *m_memoryProxies[3];
    QTableView *m_memoryTables[3];
    SourceView *m_source;
};

} // namespace lanescope
