// SPDX-License-Identifier: GPL-3.0-or-later
// Where the time goes, in the window (widgets/analysis/TimeSummaryPanel.h): the Analysis dock's
// "Time spent" tab shows the analysis' own kernel, operator and module rows — the same ones
// `analyze --json` writes — follows a step chosen in Scope and the run picked in a comparison; a
// click on a kernel row outlines exactly that name's slices of that run, a double click zooms to
// its longest call; grouping by input shape splits the operator rows. The Memory view lists who
// holds the device memory with the values analyze --json's memory_owners carries.
#include "app/gui/MainWindow.h"

#include "core/analysis/run/Analysis.h"
#include "core/analysis/text/FigureText.h"
#include "widgets/analysis/AnalysisDock.h"
#include "widgets/analysis/RooflineChart.h"
#include "widgets/analysis/TimeSummaryModels.h"
#include "widgets/analysis/TimeSummaryPanel.h"
#include "widgets/render/SliceHighlight.h"
#include "widgets/timeline/TimelineView.h"
#include "widgets/view/Session.h"
#include "widgets/view/ViewState.h"

#include "tests/CliRun.h"
#include "tests/TestTraces.h"

#include <QChart>
#include <QComboBox>
#include <QLineSeries>
#include <QScatterSeries>
#include <QToolTip>
#include <QHeaderView>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

#include <string>

using namespace lanescope;

namespace {

constexpr int kTimeoutMs = 180000;

bool analysed(MainWindow &w)
{
    return QTest::qWaitFor([&] { return !w.analysisDock()->isBusy() && w.analysisDock()->result(); }, kTimeoutMs);
}

bool open(MainWindow &w, const QStringList &paths)
{
    QSignalSpy loaded(&w, &MainWindow::loadFinished);
    if (paths.isEmpty())
        w.openDemo();
    else
        w.openFiles(paths);
    return loaded.wait(kTimeoutMs) && loaded.takeFirst().at(0).toBool() && analysed(w);
}

void clickRow(QAbstractItemView *v, int row, bool twice = false)
{
    const QModelIndex i = v->model()->index(row, 0);
    v->scrollTo(i);
    const QPoint p = v->visualRect(i).center();
    if (twice)
        QTest::mouseDClick(v->viewport(), Qt::LeftButton, {}, p);
    else
        QTest::mouseClick(v->viewport(), Qt::LeftButton, {}, p);
}

// The slices of `name` in a trace, counted without the highlight's code.
qulonglong slicesNamed(const Trace &t, const QString &name)
{
    qulonglong n = 0;
    for (const Track &tr : t.tracks)
        for (std::size_t i = 0; i < tr.size(); ++i)
            n += t.name(tr.nameId[i]) == name;
    return n;
}

} // namespace

class TestTimeSummary : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("LanescopeTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_timesummary"));
        QSettings().clear();
    }

    // The demo's three runs: the tab shows the run the dock analyses; a click outlines that run's
    // slices of the kernel, and only them; a double click zooms to the longest and selects it.
    void kernelRowsOutlineAndZoom()
    {
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QVERIFY(open(w, {}));
        AnalysisDock *dock = w.analysisDock();
        TimeSummaryPanel *panel = dock->timeSummary();
        dock->tabs()->setCurrentWidget(panel);
        Session *s = w.session();
        QVERIFY(s->runCount() >= 2);

        for (int run : {0, 1}) {
            dock->setRun(run);
            QVERIFY(analysed(w));
            QCOMPARE(dock->run(), run);
            const analysis::AnalysisResult &r = *dock->result();
            const Trace &t = *s->trace(run);
            QTableView *v = panel->kernelTable();
            QCOMPARE(v->model()->rowCount(), int(r.summaries.kernels.size()));
            // Sorted by total, largest first: the first row is the summary's first.
            const QString name = v->model()->index(0, KernelSummaryModel::NameColumn).data(KernelSummaryModel::NameRole).toString();
            QCOMPARE(name, r.summaries.kernels.front().name);
            clickRow(v, 0);
            const std::shared_ptr<const SliceHighlight> h = s->state()->highlight();
            QVERIFY(h);
            QCOMPARE(h->counts[std::size_t(run)], qulonglong(r.summaries.kernels.front().count));
            QCOMPARE(h->counts[std::size_t(run)], slicesNamed(t, name));
            QCOMPARE(h->total(), h->counts[std::size_t(run)]); // the other runs' slices stay as they are
            for (std::size_t k = 0; k < h->runs[std::size_t(run)].size(); ++k)
                for (std::uint32_t i : h->runs[std::size_t(run)][k].slices)
                    QCOMPARE(t.name(t.tracks[k].nameId[i]), name);
            QVERIFY2(panel->statusText().contains(name), qPrintable(panel->statusText()));

            clickRow(v, 0, true);
            const auto &row = r.summaries.kernels.front();
            const Track &longest = t.tracks[row.longestTrack];
            QCOMPARE(longest.dur[row.longestSlice], row.maxNs);
            TimelineView *tl = w.timelineView();
            QVERIFY(QTest::qWaitFor([&] {
                return tl->visibleStartNs(run) <= double(longest.start[row.longestSlice])
                    && tl->visibleEndNs(run) >= double(longest.end(row.longestSlice))
                    && tl->visibleEndNs(run) - tl->visibleStartNs(run) < 4.0 * double(row.maxNs) + 2000;
            }, 5000));
        }
    }

    // Scope: a step chosen in the dock's Scope box; the rows are the step's, as analyze --step
    // writes them.
    void followsStep()
    {
        LANESCOPE_REQUIRE_TRACE(path, "resnet50-dataloader-baseline.pt.trace.json.gz");
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QVERIFY(open(w, {path}));
        AnalysisDock *dock = w.analysisDock();
        TimeSummaryPanel *panel = dock->timeSummary();
        dock->tabs()->setCurrentWidget(panel);
        const int whole = panel->kernelTable()->model()->rowCount();
        QVERIFY(whole > 0);
        const std::vector<analysis::Step> steps = dock->result()->steps;
        QVERIFY(steps.size() >= 3);
        const int step = steps[2].number;
        dock->setStep(step);
        QVERIFY(QTest::qWaitFor([&] { return dock->result() && dock->result()->options.step == step && !dock->isBusy(); }, kTimeoutMs));
        QVERIFY2(panel->scopeText().contains(QStringLiteral("ProfilerStep#%1").arg(step)), qPrintable(panel->scopeText()));

        const test::CliRun cli = test::runCli({QStringLiteral("analyze"), path, QStringLiteral("--step"), QString::number(step), QStringLiteral("--json")});
        QCOMPARE(cli.exitCode, 0);
        const QJsonObject json = QJsonDocument::fromJson(cli.out).object();
        const QJsonArray kernels = json.value(QStringLiteral("kernel_summary")).toArray();
        const QJsonArray ops = json.value(QStringLiteral("op_summary")).toArray();
        QAbstractItemModel *km = panel->kernelTable()->model();
        QCOMPARE(km->rowCount(), kernels.size());
        QVERIFY(km->rowCount() < whole || whole == kernels.size());
        for (int i = 0; i < km->rowCount(); ++i) {
            const QJsonObject k = kernels.at(i).toObject();
            QCOMPARE(km->index(i, KernelSummaryModel::NameColumn).data(KernelSummaryModel::NameRole).toString(), k.value(QStringLiteral("name")).toString());
            QCOMPARE(km->index(i, KernelSummaryModel::CallsColumn).data(KernelSummaryModel::SortRole).toLongLong(), k.value(QStringLiteral("count")).toInteger());
            QCOMPARE(double(km->index(i, KernelSummaryModel::TotalColumn).data(KernelSummaryModel::SortRole).toLongLong()) / 1000.0,
                     k.value(QStringLiteral("total_us")).toDouble());
        }
        panel->setView(TimeSummaryPanel::View::Operators);
        QAbstractItemModel *om = panel->operatorTable()->model();
        QCOMPARE(om->rowCount(), ops.size());
        for (int i = 0; i < om->rowCount(); ++i) {
            const QJsonObject o = ops.at(i).toObject();
            QCOMPARE(om->index(i, OpSummaryModel::NameColumn).data(OpSummaryModel::NameRole).toString(), o.value(QStringLiteral("name")).toString());
            QCOMPARE(double(om->index(i, OpSummaryModel::SelfColumn).data(OpSummaryModel::SortRole).toLongLong()) / 1000.0,
                     o.value(QStringLiteral("self_us")).toDouble());
        }

        // Grouped by input shape: more rows, the same calls; as analyze --op-shapes.
        qlonglong calls = 0;
        for (int i = 0; i < om->rowCount(); ++i)
            calls += om->index(i, OpSummaryModel::CallsColumn).data(OpSummaryModel::SortRole).toLongLong();
        const int byName = om->rowCount();
        panel->setGroupByShapes(true);
        QVERIFY(QTest::qWaitFor([&] { return !panel->shapesBusy() && !panel->operatorTable()->isColumnHidden(OpSummaryModel::ShapesColumn); }, kTimeoutMs));
        QVERIFY(om->rowCount() > byName);
        qlonglong shapedCalls = 0;
        for (int i = 0; i < om->rowCount(); ++i)
            shapedCalls += om->index(i, OpSummaryModel::CallsColumn).data(OpSummaryModel::SortRole).toLongLong();
        QCOMPARE(shapedCalls, calls);
        const test::CliRun shaped = test::runCli({QStringLiteral("analyze"), path, QStringLiteral("--step"), QString::number(step),
                                                  QStringLiteral("--op-shapes"), QStringLiteral("--json")});
        QCOMPARE(shaped.exitCode, 0);
        QCOMPARE(QJsonDocument::fromJson(shaped.out).object().value(QStringLiteral("op_summary")).toArray().size(), om->rowCount());

        // Copy: the rows shown, header first.
        const QStringList lines = panel->tableText().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), om->rowCount() + 1);
    }

    // The collectives by kind and size: the analysis' rows, busbw as analyze --json says.
    void collectives()
    {
        LANESCOPE_REQUIRE_TRACE(path, "a100-2rank-nccl.json.gz");
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QVERIFY(open(w, {path}));
        TimeSummaryPanel *panel = w.analysisDock()->timeSummary();
        panel->setView(TimeSummaryPanel::View::Collectives);
        const auto &rows = w.analysisDock()->result()->collectives.byType;
        QVERIFY(!rows.empty());
        QAbstractItemModel *m = panel->collectiveTable()->model();
        QCOMPARE(m->rowCount(), int(rows.size()));
        const test::CliRun cli = test::runCli({QStringLiteral("analyze"), path, QStringLiteral("--json")});
        QCOMPARE(cli.exitCode, 0);
        const QJsonArray byType = QJsonDocument::fromJson(cli.out).object().value(QStringLiteral("collectives")).toObject().value(QStringLiteral("by_type")).toArray();
        QCOMPARE(byType.size(), m->rowCount());
        double best = 0;
        for (const QJsonValue &v : byType)
            best = std::max(best, v.toObject().value(QStringLiteral("busbw_best_gbps")).toDouble());
        panel->collectiveTable()->sortByColumn(CollectiveTypeModel::BestColumn, Qt::DescendingOrder);
        QCOMPARE(m->index(0, CollectiveTypeModel::BestColumn).data(CollectiveTypeModel::SortRole).toDouble(), best);
        // Against the A100's NVLink3, 300 GB/s per direction: the median's share, as the JSON's.
        for (int r = 0; r < m->rowCount(); ++r) {
            const double median = m->index(r, CollectiveTypeModel::MedianColumn).data(CollectiveTypeModel::SortRole).toDouble();
            const double pct = m->index(r, CollectiveTypeModel::LinkColumn).data(CollectiveTypeModel::SortRole).toDouble();
            QCOMPARE(pct, median < 0 ? -1.0 : 100.0 * median / 300.0);
        }
        QVERIFY2(panel->scopeText().contains(QStringLiteral("300 GB/s")), qPrintable(panel->scopeText()));
        QVERIFY2(panel->scopeText().contains(QString::number(rows.size())) || !panel->scopeText().isEmpty(), qPrintable(panel->scopeText()));
    }

    // The module tree of a trace recorded with with_stack: a click outlines the module's calls.
    // 50,000 nested nn.Module frames (a recursion the profiler recorded): the window analyses the
    // trace in moments and shows the bounded tree (kMaxModuleDepth levels), where copying a path
    // per frame kept it at "Analysing…" for minutes at 6.7 GB.
    void deepModulesReachTheDock()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const int frames = 50000;
        std::string json = "{\"schemaVersion\":1,\"traceEvents\":[";
        const long long total = 2LL * frames + 10;
        for (int i = 0; i < frames; ++i)
            json += "{\"ph\":\"X\",\"cat\":\"python_function\",\"name\":\"nn.Module: L_0\",\"pid\":1,\"tid\":1,\"ts\":" + std::to_string(i)
                + ",\"dur\":" + std::to_string(total - 2LL * i) + "},";
        json += "{\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"cudaLaunchKernel\",\"pid\":1,\"tid\":1,\"ts\":" + std::to_string(frames)
            + ",\"dur\":1,\"args\":{\"correlation\":1}},{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"k\",\"pid\":0,\"tid\":7,\"ts\":"
            + std::to_string(frames + 1) + ",\"dur\":2,\"args\":{\"stream\":7,\"correlation\":1,\"device\":0}}]}";
        const QString path = dir.filePath(QStringLiteral("nested.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QCOMPARE(f.write(json.data(), qint64(json.size())), qint64(json.size()));
        f.close();
        MainWindow w;
        w.resize(1200, 800);
        w.show();
        QElapsedTimer t;
        t.start();
        QVERIFY(open(w, {path}));
        QVERIFY2(t.elapsed() < 60000, qPrintable(QStringLiteral("%1 ms").arg(t.elapsed())));
        AnalysisDock *dock = w.analysisDock();
        QVERIFY2(dock->result()->error.isEmpty(), qPrintable(dock->result()->error));
        const analysis::ModuleSummary &m = dock->result()->summaries.modules;
        QCOMPARE(int(m.nodes.size()), analysis::kMaxModuleDepth);
        QCOMPARE(m.tooDeep, std::int64_t(frames - analysis::kMaxModuleDepth));
        TimeSummaryPanel *panel = dock->timeSummary();
        dock->tabs()->setCurrentWidget(panel);
        panel->setView(TimeSummaryPanel::View::Modules);
        int items = 0;
        for (QTreeWidgetItemIterator it(panel->moduleTree()); *it; ++it)
            ++items;
        QCOMPARE(items, analysis::kMaxModuleDepth);
    }

    void modules()
    {
        LANESCOPE_REQUIRE_TRACE(path, "mi300x-qwen-inference.json.gz");
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QVERIFY(open(w, {path}));
        AnalysisDock *dock = w.analysisDock();
        TimeSummaryPanel *panel = dock->timeSummary();
        dock->tabs()->setCurrentWidget(panel);
        // Long kernel names (the critical path's sentence names Tensile GEMMs) wrap: every tab of
        // the dock fits a third of the window, and the timeline keeps its room.
        for (int tab = 0; tab < dock->tabs()->count(); ++tab) {
            dock->tabs()->setCurrentIndex(tab);
            QCoreApplication::processEvents();
            QVERIFY2(dock->minimumSizeHint().width() < 600,
                     qPrintable(QStringLiteral("tab %1: the dock needs %2 px").arg(dock->tabs()->tabText(tab)).arg(dock->minimumSizeHint().width())));
        }
        dock->tabs()->setCurrentWidget(panel);
        panel->setView(TimeSummaryPanel::View::Modules);
        QTreeWidget *tree = panel->moduleTree();
        const auto &nodes = dock->result()->summaries.modules.nodes;
        QVERIFY(!nodes.empty());
        int items = 0;
        for (QTreeWidgetItemIterator it(tree); *it; ++it)
            ++items;
        QCOMPARE(items, int(nodes.size()));
        QTreeWidgetItem *root = tree->topLevelItem(0);
        QVERIFY(root && root->childCount() > 0);
        QTreeWidgetItem *child = root->child(0);
        tree->scrollToItem(child);
        QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, tree->visualItemRect(child).center());
        const std::shared_ptr<const SliceHighlight> h = w.session()->state()->highlight();
        QVERIFY(h);
        QCOMPARE(h->name, QStringLiteral("nn.Module: ") + child->text(0));
        QVERIFY(h->total() >= 1);

        // The model's math per op and shapes: the analysis' rows, as analyze --json writes them.
        panel->setView(TimeSummaryPanel::View::OpEfficiency);
        QAbstractItemModel *em = panel->efficiencyTable()->model();
        const auto &ops = dock->result()->opsEfficiency.ops;
        QVERIFY(!ops.empty());
        QCOMPARE(em->rowCount(), int(ops.size()));
        const test::CliRun cli = test::runCli({QStringLiteral("analyze"), path, QStringLiteral("--json")});
        QCOMPARE(cli.exitCode, 0);
        const QJsonArray jsonOps = QJsonDocument::fromJson(cli.out).object().value(QStringLiteral("ops_efficiency")).toObject().value(QStringLiteral("ops")).toArray();
        QCOMPARE(jsonOps.size(), em->rowCount());
        for (int i = 0; i < em->rowCount(); ++i) { // both most FLOPs first
            const QJsonObject o = jsonOps.at(i).toObject();
            QCOMPARE(em->index(i, OpEfficiencyModel::TflopColumn).data(OpEfficiencyModel::SortRole).toDouble(), o.value(QStringLiteral("flops")).toDouble());
            QCOMPARE(em->index(i, OpEfficiencyModel::ShapesColumn).data(OpEfficiencyModel::SortRole).toString(), o.value(QStringLiteral("shapes")).toString());
        }
        QVERIFY2(panel->scopeText().contains(QStringLiteral("TFLOP")), qPrintable(panel->scopeText()));
        for (int i = 0; i < em->rowCount(); ++i) {
            const QJsonObject o = jsonOps.at(i).toObject();
            QCOMPARE(em->index(i, OpEfficiencyModel::BoundColumn).data(Qt::DisplayRole).toString(),
                     o.value(QStringLiteral("bound")).isNull() ? QStringLiteral("unknown") : o.value(QStringLiteral("bound")).toString());
            QCOMPARE(em->index(i, OpEfficiencyModel::RooflineColumn).data(OpEfficiencyModel::SortRole).toDouble(),
                     o.value(QStringLiteral("pct_of_roofline")).toDouble(-1));
        }

        // The roofline chart: one point per row that has a place on it, the roofs at the GPU's peak
        // and memory bandwidth (MI300X: bf16 1,307 TFLOPS, 5.3 TB/s), the dock still in 600 px.
        panel->setShowRoofline(true);
        QVERIFY(panel->showsRoofline());
        RooflineChart *chart = panel->rooflineChart();
        const analysis::OpsEfficiency &e = dock->result()->opsEfficiency;
        int placed = 0;
        for (const auto &op : ops)
            placed += op.intensity > 0 && op.achievedTflops > 0;
        QVERIFY(placed > 0);
        QCOMPARE(chart->pointCount(), placed);
        QCOMPARE(int(chart->rows().size()), int(ops.size()));
        QCOMPARE(e.peaks.hbmTBps, 5.3);
        QVERIFY(e.dominantPeakTflops > 0);
        QVERIFY(chart->computeRoof() && chart->memoryRoof());
        const QList<QPointF> roof = chart->computeRoof()->points(), slope = chart->memoryRoof()->points();
        QCOMPARE(roof.size(), 2);
        QCOMPARE(roof.at(0).y(), e.dominantPeakTflops);
        QCOMPARE(roof.at(1).y(), e.dominantPeakTflops);
        QCOMPARE(roof.at(0).x(), e.dominantPeakTflops / 5.3); // the ridge point
        QCOMPARE(slope.size(), 2);
        QCOMPARE(slope.at(1), roof.at(0));
        QVERIFY(qFuzzyCompare(slope.at(0).y() / slope.at(0).x(), 5.3));
        // Hovering a point names its op and shapes.
        QScatterSeries *points = nullptr;
        for (QAbstractSeries *series : chart->chart()->series())
            if (auto *sc = qobject_cast<QScatterSeries *>(series); sc && sc->count() > 0)
                points = sc;
        QVERIFY(points);
        emit points->hovered(points->at(0), true);
        QVERIFY(QTest::qWaitFor([] { return QToolTip::isVisible(); }, 5000));
        const QString tip = QToolTip::text();
        bool named = false;
        for (const auto &op : ops)
            named = named || (tip.contains(op.name) && tip.contains(op.shapes) && op.intensity == points->at(0).x());
        QVERIFY2(named, qPrintable(tip));
        // The table's filter is the chart's.
        panel->setFilter(ops.front().name);
        QCOMPARE(int(chart->rows().size()), panel->efficiencyTable()->model()->rowCount());
        panel->setFilter(QString());
        for (int tab = 0; tab < dock->tabs()->count(); ++tab) {
            dock->tabs()->setCurrentIndex(tab);
            QCoreApplication::processEvents();
            QVERIFY2(dock->minimumSizeHint().width() < 600,
                     qPrintable(QStringLiteral("tab %1 with the roofline: the dock needs %2 px").arg(dock->tabs()->tabText(tab)).arg(dock->minimumSizeHint().width())));
        }
        dock->tabs()->setCurrentWidget(panel);
        panel->setShowRoofline(false);
        panel->setView(TimeSummaryPanel::View::Modules);

        // The filter keeps the matches and their ancestors.
        panel->setFilter(QStringLiteral("Linear"));
        for (QTreeWidgetItemIterator it(tree); *it; ++it) {
            bool match = (*it)->text(0).contains(QStringLiteral("Linear"));
            for (int c = 0; !match && c < (*it)->childCount(); ++c)
                match = true; // an ancestor of a match
            QVERIFY2(match, qPrintable((*it)->text(0)));
        }
    }

    // Who holds the memory: each list's rows are memory_owners' (op, bytes, count, freed, mean
    // lifetime), spelled by FigureText; the line above names the peak, its time, device and the
    // phases' split; a click outlines the owner, a double click zooms to its largest allocation.
    void memoryOwners()
    {
        namespace figure = analysis::figure;
        LANESCOPE_REQUIRE_TRACE(path, "v100-memory-allreduce.json.gz");
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QVERIFY(open(w, {path}));
        AnalysisDock *dock = w.analysisDock();
        TimeSummaryPanel *panel = dock->timeSummary();
        dock->tabs()->setCurrentWidget(panel);
        panel->setView(TimeSummaryPanel::View::Memory);
        QVERIFY(panel->showsMemoryTables());

        const test::CliRun cli = test::runCli({QStringLiteral("analyze"), path, QStringLiteral("--json")});
        QCOMPARE(cli.exitCode, 0);
        const QJsonObject mo = QJsonDocument::fromJson(cli.out).object().value(QStringLiteral("memory_owners")).toObject();
        const qint64 peak = mo.value(QStringLiteral("peak_bytes")).toInteger();
        QVERIFY(peak > 0);

        using List = MemoryOwnerModel::List;
        const struct
        {
            List list;
            const char *key;
        } lists[] = {{List::AliveAtPeak, "alive_at_peak"}, {List::TopAllocators, "top_allocators"}, {List::NeverFreed, "never_freed"}};
        for (const auto &l : lists) {
            panel->setMemoryList(l.list);
            QCOMPARE(panel->memoryList(), l.list);
            QTableView *v = panel->memoryTable(l.list);
            QVERIFY(v->isVisible());
            QAbstractItemModel *m = v->model();
            const QJsonArray rows = mo.value(QLatin1String(l.key)).toArray();
            QCOMPARE(m->rowCount(), rows.size());
            QTabWidget *tabs = w.findChild<QTabWidget *>(QStringLiteral("memoryLists"));
            QVERIFY(tabs);
            QVERIFY2(tabs->tabText(int(l.list)).endsWith(QStringLiteral("(%1)").arg(rows.size())), qPrintable(tabs->tabText(int(l.list))));
            QHash<QString, QJsonObject> byOp;
            for (const QJsonValue &r : rows)
                byOp.insert(r.toObject().value(QStringLiteral("op")).toString(), r.toObject());
            QCOMPARE(byOp.size(), rows.size());
            qint64 sum = 0;
            for (int i = 0; i < m->rowCount(); ++i) {
                const QString op = m->index(i, MemoryOwnerModel::OpColumn).data(MemoryOwnerModel::NameRole).toString();
                QVERIFY2(byOp.contains(op), qPrintable(op));
                const QJsonObject o = byOp.value(op);
                const qint64 bytes = o.value(QStringLiteral("bytes")).toInteger();
                sum += bytes;
                QCOMPARE(m->index(i, MemoryOwnerModel::BytesColumn).data(MemoryOwnerModel::SortRole).toLongLong(), bytes);
                QCOMPARE(m->index(i, MemoryOwnerModel::BytesColumn).data().toString(), figure::bytes(double(bytes)));
                QCOMPARE(m->index(i, MemoryOwnerModel::CountColumn).data(MemoryOwnerModel::SortRole).toLongLong(),
                         o.value(QStringLiteral("count")).toInteger());
                if (l.list == List::AliveAtPeak)
                    QCOMPARE(m->index(i, MemoryOwnerModel::ShareColumn).data().toString(), figure::pct(100.0 * double(bytes) / double(peak)));
                if (l.list == List::TopAllocators) {
                    QCOMPARE(m->index(i, MemoryOwnerModel::FreedColumn).data(MemoryOwnerModel::SortRole).toLongLong(),
                             o.value(QStringLiteral("freed")).toInteger());
                    const QJsonValue life = o.value(QStringLiteral("mean_lifetime_us"));
                    const double ns = m->index(i, MemoryOwnerModel::LifetimeColumn).data(MemoryOwnerModel::SortRole).toDouble();
                    if (life.isNull()) {
                        QCOMPARE(ns, -1.0);
                    } else {
                        QVERIFY2(std::abs(ns / 1000.0 - life.toDouble()) <= 1e-9 * std::abs(life.toDouble()), qPrintable(op));
                        QCOMPARE(m->index(i, MemoryOwnerModel::LifetimeColumn).data().toString(), figure::duration(life.toDouble() * 1000.0));
                    }
                }
                // The list's own columns only.
                for (int c = 0; c < MemoryOwnerModel::ColumnCount; ++c) {
                    const bool shown = c == MemoryOwnerModel::ShareColumn ? l.list == List::AliveAtPeak
                        : c == MemoryOwnerModel::FreedColumn || c == MemoryOwnerModel::LifetimeColumn ? l.list == List::TopAllocators
                                                                                                          : true;
                    QCOMPARE(!v->isColumnHidden(c), shown);
                }
            }
            if (l.list == List::AliveAtPeak)
                QCOMPARE(sum, peak); // the owners add up to the peak
            const QStringList lines = panel->tableText().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
            QCOMPARE(lines.size(), m->rowCount() + 1);
        }

        // The line above: peak, time, device, and every phase holding memory at the peak.
        const QString scope = panel->scopeText();
        QVERIFY2(scope.contains(figure::bytes(double(peak))), qPrintable(scope));
        QVERIFY2(scope.contains(figure::ms(mo.value(QStringLiteral("peak_us")).toDouble() * 1000.0)), qPrintable(scope));
        QVERIFY2(scope.contains(QStringLiteral("GPU %1").arg(mo.value(QStringLiteral("device")).toInt())), qPrintable(scope));
        int phasesNamed = 0;
        for (const QJsonValue &p : mo.value(QStringLiteral("phases")).toArray()) {
            const qint64 bytes = p.toObject().value(QStringLiteral("alive_at_peak_bytes")).toInteger();
            if (bytes <= 0)
                continue;
            const QString phase = p.toObject().value(QStringLiteral("phase")).toString();
            int k = 0;
            while (k < analysis::kMemoryPhases && QLatin1String(analysis::memoryPhaseName(analysis::MemoryPhase(k))) != phase)
                ++k;
            QVERIFY2(k < analysis::kMemoryPhases, qPrintable(phase));
            const QString part = analysis::memoryPhaseLabel(analysis::MemoryPhase(k)) + QLatin1Char(' ') + figure::bytes(double(bytes));
            QVERIFY2(scope.contains(part), qPrintable(scope + QStringLiteral(" lacks ") + part));
            ++phasesNamed;
        }
        QVERIFY(phasesNamed >= 2); // before the trace, forward, backward

        // A click outlines the operator that allocated; a double click zooms to its largest allocation.
        panel->setMemoryList(List::AliveAtPeak);
        QTableView *v = panel->memoryTable(List::AliveAtPeak);
        const auto &alive = dock->result()->memoryOwners.aliveAtPeak;
        int row = -1;
        for (int i = 0; i < v->model()->rowCount() && row < 0; ++i)
            if (v->model()->index(i, 0).data(MemoryOwnerModel::NameRole).toString() == QStringLiteral("aten::mm"))
                row = i;
        QVERIFY(row >= 0);
        const analysis::MemoryOwnerRow *mm = nullptr;
        for (const auto &r : alive)
            if (r.kind == analysis::MemoryOwnerRow::Kind::Op && r.op == QStringLiteral("aten::mm"))
                mm = &r;
        QVERIFY(mm && mm->largest > 0 && mm->end > mm->start);
        clickRow(v, row);
        const std::shared_ptr<const SliceHighlight> h = w.session()->state()->highlight();
        QVERIFY(h);
        QCOMPARE(h->total(), slicesNamed(*w.session()->trace(0), QStringLiteral("aten::mm")));
        QVERIFY2(panel->statusText().contains(figure::bytes(double(mm->largest))), qPrintable(panel->statusText()));
        clickRow(v, row, true);
        TimelineView *tl = w.timelineView();
        QVERIFY(QTest::qWaitFor([&] {
            return tl->visibleStartNs(0) <= double(mm->start) && tl->visibleEndNs(0) >= double(mm->end)
                && tl->visibleEndNs(0) - tl->visibleStartNs(0) < 1.5 * double(mm->end - mm->start) + 2000;
        }, 5000));

        // The filter narrows the lists by operator.
        panel->setFilter(QStringLiteral("aten::mm"));
        QVERIFY(v->model()->rowCount() >= 1);
        for (int i = 0; i < v->model()->rowCount(); ++i)
            QVERIFY(v->model()->index(i, 0).data(MemoryOwnerModel::NameRole).toString().contains(QStringLiteral("aten::mm")));
        panel->setFilter(QString());

        // Every tab of the dock still fits 600 px with the Memory view and its long line.
        for (int tab = 0; tab < dock->tabs()->count(); ++tab) {
            dock->tabs()->setCurrentIndex(tab);
            QCoreApplication::processEvents();
            QVERIFY2(dock->minimumSizeHint().width() < 600,
                     qPrintable(QStringLiteral("tab %1 with the Memory view: the dock needs %2 px").arg(dock->tabs()->tabText(tab)).arg(dock->minimumSizeHint().width())));
        }
    }

    // A trace without [memory] events: one line saying so, no empty tables.
    void memoryWithoutEvents()
    {
        LANESCOPE_REQUIRE_TRACE(path, "subus-kernel.json.gz");
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QVERIFY(open(w, {path}));
        QVERIFY(w.analysisDock()->result()->memoryOwners.peakBytes < 0);
        TimeSummaryPanel *panel = w.analysisDock()->timeSummary();
        w.analysisDock()->tabs()->setCurrentWidget(panel);
        panel->setView(TimeSummaryPanel::View::Memory);
        QVERIFY(!panel->showsMemoryTables());
        QVERIFY(!panel->memoryTable(MemoryOwnerModel::List::AliveAtPeak)->isVisible());
        QVERIFY2(panel->scopeText().contains(QStringLiteral("profile_memory=True")), qPrintable(panel->scopeText()));
        QVERIFY(!panel->scopeText().contains(QLatin1Char('\n')));
    }
};

QTEST_MAIN(TestTimeSummary)
#include "tst_timesummary.moc"
