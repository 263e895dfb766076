// SPDX-License-Identifier: GPL-3.0-or-later
// Time spent's Source view (widgets/source/SourceView.h): the analysis' source lines by line and by
// file, "My code only" on by default; a click on a line outlines exactly its python_function
// slices and the kernels launched under it (computed here from the trace's launch flows, not by
// the view's code), a double click zooms to its costliest call; Open in Editor offered only where
// the mapped file exists, and run with the file and the line. A small hand-written trace with
// known answers, and the shared traces with Python frames (skipped visibly when absent). Writes the
// view to $LANESCOPE_SCREENSHOTS where that is set, light and dark, for a look (in the language of
// the .qm file $LANESCOPE_SCREENSHOTS_QM names, where set).
#include "app/gui/MainWindow.h"
#include "app/gui/Preferences.h"

#include "core/analysis/run/Analysis.h"
#include "widgets/analysis/AnalysisDock.h"
#include "widgets/analysis/TimeSummaryPanel.h"
#include "widgets/compare/ComparisonDock.h"
#include "widgets/compare/SourceDiffModel.h"
#include "widgets/compare/SourceDiffPanel.h"
#include "widgets/render/SliceHighlight.h"
#include "widgets/source/EditorLauncher.h"
#include "widgets/timeline/DetailsHtml.h"
#include "widgets/timeline/TimelinePanels.h"
#include "widgets/source/FlameGraph.h"
#include "widgets/source/SourceModels.h"
#include "widgets/source/SourceView.h"
#include "widgets/view/Session.h"
#include "widgets/view/ViewState.h"

#include "tests/TestTraces.h"
#include "tests/gui/SourceTestTrace.h"

#include <QCheckBox>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFile>
#include <QPushButton>
#include <QSet>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QTranslator>
#include <QTemporaryDir>
#include <QtTest>

#include <map>
#include <set>
#include <string>

using namespace lanescope;
using namespace Qt::StringLiterals;

namespace {

constexpr int kTimeoutMs = 180000;

bool analysed(MainWindow &w)
{
    return QTest::qWaitFor([&] { return !w.analysisDock()->isBusy() && w.analysisDock()->result(); }, kTimeoutMs);
}

bool open(MainWindow &w, const QString &path)
{
    QSignalSpy loaded(&w, &MainWindow::loadFinished);
    w.openFiles({path});
    return loaded.wait(kTimeoutMs) && loaded.takeFirst().at(0).toBool() && analysed(w);
}

// The row of `view`'s line table (proxy order) showing file:line.
int proxyRowOf(SourceView *view, const QString &location)
{
    const QAbstractItemModel *m = view->lineTable()->model();
    for (int r = 0; r < m->rowCount(); ++r)
        if (m->index(r, SourceLineModel::LocationColumn).data().toString() == location)
            return r;
    return -1;
}

// The view's outline computed (off the UI thread) and shown.
bool settled(SourceView *v)
{
    return QTest::qWaitFor([v] { return !v->outlineBusy(); }, kTimeoutMs);
}

void clickRow(QTableView *v, int row, bool twice = false)
{
    const QModelIndex i = v->model()->index(row, 0);
    v->scrollTo(i);
    const QPoint p = v->visualRect(i).center();
    if (twice)
        QTest::mouseDClick(v->viewport(), Qt::LeftButton, {}, p);
    else
        QTest::mouseClick(v->viewport(), Qt::LeftButton, {}, p);
}

using Refs = std::set<std::pair<std::uint32_t, std::uint32_t>>;

// What the highlight marks in `run`, split into CPU slices and GPU activities.
std::pair<Refs, Refs> outlined(const SliceHighlight &h, const Trace &t, int run)
{
    Refs cpu, gpu;
    const auto &tracks = h.runs[std::size_t(run)];
    for (std::size_t k = 0; k < tracks.size(); ++k)
        for (std::uint32_t i : tracks[k].slices)
            (t.tracks[k].kind == TrackKind::Gpu ? gpu : cpu).insert({std::uint32_t(k), i});
    return {cpu, gpu};
}

// A line's calls and the GPU activities launched under them, from the trace alone: the
// python_function slices named "file(line): function" (inside the analysed window), and each
// kernel, copy or memset whose launching runtime call (its last launch or correlation flow)
// starts on the same thread while one of those calls is open.
std::pair<Refs, Refs> expectedOf(const Trace &t, const analysis::SourceLine &line, analysis::TimeRange window)
{
    const QString name = u"%1(%2): %3"_s.arg(line.file).arg(line.line).arg(line.function);
    Refs frames;
    std::map<std::uint32_t, std::vector<std::pair<TimeNs, TimeNs>>> open; // per CPU track
    for (std::uint32_t k = 0; k < t.tracks.size(); ++k) {
        const Track &tr = t.tracks[k];
        if (tr.kind != TrackKind::Cpu)
            continue;
        for (std::uint32_t i = 0; i < tr.size(); ++i) {
            if (t.category(tr.catId[i]) != u"python_function"_s || t.name(tr.nameId[i]) != name)
                continue;
            TimeNs s = tr.start[i], e = tr.end(i);
            if (!window.empty()) {
                if (e <= window.from || s >= window.to)
                    continue;
                s = std::max(s, window.from);
                e = std::min(e, window.to);
            }
            frames.insert({k, i});
            open[k].push_back({s, e});
        }
    }
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::pair<std::uint32_t, std::uint32_t>> launchOf;
    for (const Flow &f : t.flows) {
        if ((f.kind != FlowKind::Launch && f.kind != FlowKind::Correlation) || f.toTrack >= t.tracks.size()
            || f.fromTrack >= t.tracks.size() || t.tracks[f.toTrack].kind != TrackKind::Gpu
            || t.tracks[f.fromTrack].kind == TrackKind::Gpu)
            continue;
        const std::uint16_t c = t.tracks[f.toTrack].catId[f.toSlice];
        if (c >= t.categoryClass.size() || !analysis::isGpuActivity(t.categoryClass[c]))
            continue;
        launchOf[{f.toTrack, f.toSlice}] = {f.fromTrack, f.fromSlice};
    }
    Refs activities;
    for (const auto &[activity, call] : launchOf) {
        const auto it = open.find(call.first);
        if (it == open.end())
            continue;
        const TimeNs at = t.tracks[call.first].start[call.second];
        if (!window.empty() && !window.contains(at))
            continue;
        for (const auto &[s, e] : it->second)
            if (s <= at && at < e) {
                activities.insert(activity);
                break;
            }
    }
    return {frames, activities};
}

} // namespace

class TestSourceView : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(u"LanescopeTests"_s);
        QCoreApplication::setApplicationName(u"tst_sourceview"_s);
        QSettings().clear();
        if (const QString qm = qEnvironmentVariable("LANESCOPE_SCREENSHOTS_QM"); !qm.isEmpty()) {
            auto *translator = new QTranslator(this);
            QVERIFY2(translator->load(qm), qPrintable(qm));
            QCoreApplication::installTranslator(translator);
        }
        QVERIFY(m_dir.isValid());
        QFile f(m_dir.filePath(u"hand.pt.trace.json"_s));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(test::sourceHandTrace());
        QFile slower(m_dir.filePath(u"slower.pt.trace.json"_s));
        QVERIFY(slower.open(QIODevice::WriteOnly));
        slower.write(test::sourceHandTrace(30)); // attn's kernel 10 µs longer
    }

    // The hand-written trace: known rows, my code only by default, the totals kept.
    void handTraceRows()
    {
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QVERIFY(open(w, m_dir.filePath(u"hand.pt.trace.json"_s)));
        TimeSummaryPanel *panel = w.analysisDock()->timeSummary();
        w.analysisDock()->tabs()->setCurrentWidget(panel);
        panel->setView(TimeSummaryPanel::View::Source);
        SourceView *view = panel->sourceView();
        QVERIFY(view->myCodeOnly());
        QVERIFY(view->myCodeBox()->isChecked());
        const auto shown = view->shown();
        QVERIFY(shown && shown->myCodeOnly);
        // _call_impl folded into main: five lines of the user's code.
        QCOMPARE(view->lineTable()->model()->rowCount(), 5);
        QCOMPARE(proxyRowOf(view, u"torch/nn/modules/module.py:1501"_s), -1);
        // Sorted by launched GPU time, largest first.
        const QAbstractItemModel *m = view->lineTable()->model();
        const QStringList order = {u"app/train.py:10"_s, u"app/model.py:20"_s, u"app/model.py:30"_s, u"app/train.py:12"_s,
                                   u"app/loader.py:5"_s};
        const std::vector<qlonglong> gpuUs = {36, 25, 20, 11, 7}, selfUs = {0, 5, 20, 11, 7};
        for (int r = 0; r < 5; ++r) {
            QCOMPARE(m->index(r, SourceLineModel::LocationColumn).data().toString(), order[r]);
            QCOMPARE(m->index(r, SourceLineModel::GpuColumn).data(SourceLineModel::SortRole).toLongLong(), gpuUs[std::size_t(r)] * 1000);
            QCOMPARE(m->index(r, SourceLineModel::GpuSelfColumn).data(SourceLineModel::SortRole).toLongLong(), selfUs[std::size_t(r)] * 1000);
        }
        QVERIFY2(panel->scopeText().contains(u"5 lines"_s), qPrintable(panel->scopeText()));
        // Every frame, the totals the same.
        view->setMyCodeOnly(false);
        QCOMPARE(view->lineTable()->model()->rowCount(), 6);
        QVERIFY(proxyRowOf(view, u"torch/nn/modules/module.py:1501"_s) >= 0);
        QCOMPARE(view->shown()->pythonGpuNs, shown->pythonGpuNs);
        QCOMPARE(view->shown()->pythonCpuNs, shown->pythonCpuNs);
        QCOMPARE(shown->pythonGpuNs, TimeNs(43'000)); // k13 was launched outside any frame
        view->setMyCodeOnly(true);

        // The files: train.py's two lines together (main holds log: its kernels once).
        view->setPage(SourceView::Page::Files);
        const QAbstractItemModel *fm = view->fileTable()->model();
        QCOMPARE(fm->rowCount(), 3);
        QCOMPARE(fm->index(0, SourceFileModel::FileColumn).data().toString(), u"app/train.py"_s);
        QCOMPARE(fm->index(0, SourceFileModel::GpuColumn).data(SourceFileModel::SortRole).toLongLong(), 36'000);
        QCOMPARE(fm->index(0, SourceFileModel::LinesColumn).data(SourceFileModel::SortRole).toLongLong(), 2);

        // Filter and copy.
        view->setPage(SourceView::Page::Lines);
        panel->setFilter(u"model.py"_s);
        QCOMPARE(view->lineTable()->model()->rowCount(), 2);
        const QStringList copied = panel->tableText().split(u'\n', Qt::SkipEmptyParts);
        QCOMPARE(copied.size(), 3);
        QVERIFY2(copied[1].startsWith(u"app/model.py:20\tforward\t1\t0.025\t0.005"_s), qPrintable(copied[1]));
        panel->setFilter(QString());
    }

    // A click outlines exactly the line's calls and its kernels; a double click zooms to its
    // costliest call; a file outlines its lines together.
    void handTraceClicks()
    {
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QVERIFY(open(w, m_dir.filePath(u"hand.pt.trace.json"_s)));
        TimeSummaryPanel *panel = w.analysisDock()->timeSummary();
        w.analysisDock()->tabs()->setCurrentWidget(panel);
        panel->setView(TimeSummaryPanel::View::Source);
        SourceView *view = panel->sourceView();
        const Trace &t = *w.session()->trace(0);
        const auto kernelNamed = [&](const QString &name) {
            Refs out;
            for (std::uint32_t k = 0; k < t.tracks.size(); ++k)
                for (std::uint32_t i = 0; i < t.tracks[k].size(); ++i)
                    if (t.tracks[k].kind == TrackKind::Gpu && t.name(t.tracks[k].nameId[i]) == name)
                        out.insert({k, i});
            return out;
        };
        const auto merged = [](std::initializer_list<Refs> sets) {
            Refs out;
            for (const Refs &s : sets)
                out.insert(s.begin(), s.end());
            return out;
        };
        struct Case
        {
            QString location;
            Refs kernels;
        };
        const std::vector<Case> cases = {
            {u"app/model.py:20"_s, merged({kernelNamed(u"k5"_s), kernelNamed(u"k20"_s)})},
            {u"app/model.py:30"_s, kernelNamed(u"k20"_s)},
            {u"app/train.py:10"_s, merged({kernelNamed(u"k5"_s), kernelNamed(u"k20"_s), kernelNamed(u"k11"_s)})},
            {u"app/loader.py:5"_s, kernelNamed(u"k7"_s)},
        };
        for (const Case &c : cases) {
            const int r = proxyRowOf(view, c.location);
            QVERIFY2(r >= 0, qPrintable(c.location));
            clickRow(view->lineTable(), r);
            QVERIFY(settled(view));
            const auto h = w.session()->state()->highlight();
            QVERIFY(h);
            const auto [cpu, gpu] = outlined(*h, t, 0);
            QCOMPARE(gpu, c.kernels);
            QCOMPARE(int(cpu.size()), 1); // the one call
            // The line's frames framed in the flame graph.
            QCOMPARE(view->flameGraph()->highlightedLine(), view->currentLine());
            QVERIFY2(panel->statusText().contains(c.location), qPrintable(panel->statusText()));
        }
        // The double click: the costliest call of forward, [15, 45) µs.
        QSignalSpy zoom(panel, &TimeSummaryPanel::rangeRequested);
        clickRow(view->lineTable(), proxyRowOf(view, u"app/model.py:20"_s));
        clickRow(view->lineTable(), proxyRowOf(view, u"app/model.py:20"_s), true);
        QCOMPARE(zoom.size(), 1);
        QCOMPARE(zoom.at(0).at(1).toLongLong() - zoom.at(0).at(0).toLongLong(), 30'000);
        const auto &forward = view->shown()->lines[std::size_t(view->currentLine())];
        QCOMPARE(zoom.at(0).at(0).toLongLong(), t.tracks[forward.longest.track].start[forward.longest.slice]);

        // A file: its lines' calls and kernels together.
        view->setPage(SourceView::Page::Files);
        clickRow(view->fileTable(), 0); // app/train.py
        QVERIFY(settled(view));
        const auto [cpu, gpu] = outlined(*w.session()->state()->highlight(), t, 0);
        QCOMPARE(int(cpu.size()), 2);
        QCOMPARE(gpu, merged({kernelNamed(u"k5"_s), kernelNamed(u"k20"_s), kernelNamed(u"k11"_s)}));
    }

    // Open in Editor: offered where the mapped file exists, and run with its path and line.
    void openInEditor()
    {
        QTemporaryDir src;
        QVERIFY(src.isValid());
        QVERIFY(QDir(src.path()).mkpath(u"project/app"_s));
        QFile py(src.filePath(u"project/app/model.py"_s));
        QVERIFY(py.open(QIODevice::WriteOnly));
        py.close();
        const QString log = src.filePath(u"argv.txt"_s);
        const QString rec = src.filePath(u"rec.sh"_s);
        QFile script(rec);
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write(u"#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\" >> '%1'; done\n"_s.arg(log).toUtf8());
        script.close();
        script.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        // The trace's relative paths are found under the project folder.
        EditorSettings settings{u"\"%1\" --goto {file}:{line}"_s.arg(rec), {{u"app/"_s, src.filePath(u"project/app/"_s)}}};
        settings.save();
        const auto restore = qScopeGuard([] { QSettings().remove(u"editor"_s); });

        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QVERIFY(open(w, m_dir.filePath(u"hand.pt.trace.json"_s)));
        TimeSummaryPanel *panel = w.analysisDock()->timeSummary();
        w.analysisDock()->tabs()->setCurrentWidget(panel);
        panel->setView(TimeSummaryPanel::View::Source);
        SourceView *view = panel->sourceView();
        clickRow(view->lineTable(), proxyRowOf(view, u"app/train.py:10"_s));
        QVERIFY(!view->editorButton()->isEnabled()); // no train.py here
        clickRow(view->lineTable(), proxyRowOf(view, u"app/model.py:30"_s));
        QVERIFY(view->editorButton()->isEnabled());
        QTest::mouseClick(view->editorButton(), Qt::LeftButton);
        const QStringList expected = {u"--goto"_s, QFileInfo(py).absoluteFilePath() + u":30"_s};
        QTRY_COMPARE_WITH_TIMEOUT(
            [&] {
                QFile f(log);
                return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()).split(u'\n', Qt::SkipEmptyParts) : QStringList();
            }(),
            expected, 10000);
    }

    // The Details panel's stack links: any path survives the link.
    void sourceLinkRoundTrip_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("relative") << u"app/model.py"_s;
        QTest::newRow("absolute, spaces") << u"/home/me/my project/train.py"_s;
        QTest::newRow("colons, percent, hash") << u"C:/w/a:b%20c#d?.py"_s;
        QTest::newRow("quotes") << u"/w/it's \"odd\".py"_s;
        QTest::newRow("non-ASCII") << u"/w/模型.py"_s;
    }
    void sourceLinkRoundTrip()
    {
        QFETCH(QString, file);
        for (const QString &scheme : {u"source"_s, u"editor"_s}) {
            const QUrl url(details::sourceHref(scheme, 3, file, 1234));
            int run = -1, line = -1;
            QString back;
            QVERIFY2(details::sourceLink(url, &run, &back, &line), qPrintable(url.toString()));
            QCOMPARE(url.scheme(), scheme);
            QCOMPARE(run, 3);
            QCOMPARE(line, 1234);
            QCOMPARE(back, file);
        }
        int run = 0, line = 0;
        QString back;
        QVERIFY(!details::sourceLink(QUrl(u"slice:0:1:2"_s), &run, &back, &line));
        QVERIFY(!details::sourceLink(QUrl(u"source:x:1:a.py"_s), &run, &back, &line));
        QVERIFY(!details::sourceLink(QUrl(u"source:0:1:"_s), &run, &back, &line));
    }

    // A launch's Python stack in Details: each frame links to its line in the Source view (which
    // opens there, outlined), and to the editor where the file is here.
    void detailsLinks()
    {
        QTemporaryDir src;
        QVERIFY(src.isValid());
        QVERIFY(QDir(src.path()).mkpath(u"app"_s));
        QFile py(src.filePath(u"app/model.py"_s));
        QVERIFY(py.open(QIODevice::WriteOnly));
        py.close();
        EditorSettings{u"true {file}"_s, {{u"app/"_s, src.filePath(u"app/"_s)}}}.save();
        const auto restore = qScopeGuard([] { QSettings().remove(u"editor"_s); });

        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QVERIFY(open(w, m_dir.filePath(u"hand.pt.trace.json"_s)));
        const Trace &t = *w.session()->trace(0);
        // The launch inside attn (at 35 µs).
        SliceRef launch{0, 0, 0};
        bool found = false;
        for (std::uint32_t k = 0; k < t.tracks.size() && !found; ++k)
            for (std::uint32_t i = 0; i < t.tracks[k].size() && !found; ++i)
                if (t.name(t.tracks[k].nameId[i]) == u"cudaLaunchKernel"_s && t.tracks[k].start[i] - t.minTs == 35'000) {
                    launch = SliceRef{0, k, i};
                    found = true;
                }
        QVERIFY(found);
        DetailsPanel *details = w.detailsPanel();
        details->showSlice(launch);
        const QString html = details->html();
        // Innermost first: attn, forward, _call_impl, main; each with its Source link.
        for (const auto &[file, line] : {std::pair{u"app/model.py"_s, 30}, std::pair{u"app/model.py"_s, 20},
                                         std::pair{u"torch/nn/modules/module.py"_s, 1501}, std::pair{u"app/train.py"_s, 10}})
            QVERIFY2(html.contains(details::sourceHref(u"source"_s, 0, file, line).toHtmlEscaped()), qPrintable(file));
        // Open in Editor only for the file that is here.
        QVERIFY(html.contains(details::sourceHref(u"editor"_s, 0, u"app/model.py"_s, 30).toHtmlEscaped()));
        QVERIFY(!html.contains(details::sourceHref(u"editor"_s, 0, u"app/train.py"_s, 10).toHtmlEscaped()));

        // The link: Time spent's Source view at the line, outlined.
        w.analysisDock()->tabs()->setCurrentIndex(0);
        TimeSummaryPanel *panel = w.analysisDock()->timeSummary();
        panel->setFilter(u"loader"_s); // hides the line: the link clears the filter
        emit details->browser()->anchorClicked(QUrl(details::sourceHref(u"source"_s, 0, u"app/model.py"_s, 30)));
        QVERIFY(settled(panel->sourceView()));
        QCOMPARE(w.analysisDock()->tabs()->currentWidget(), panel);
        QCOMPARE(panel->view(), TimeSummaryPanel::View::Source);
        SourceView *view = panel->sourceView();
        QCOMPARE(view->page(), SourceView::Page::Lines);
        QVERIFY(view->currentLine() >= 0);
        QCOMPARE(view->shown()->lines[std::size_t(view->currentLine())].location(), u"app/model.py:30"_s);
        const auto h = w.session()->state()->highlight();
        QVERIFY(h);
        QCOMPARE(outlined(*h, t, 0).second.size(), std::size_t(1)); // attn's one kernel
        // A frame that My code only folds: the view shows every frame to show it.
        QVERIFY(view->myCodeOnly());
        emit details->browser()->anchorClicked(QUrl(details::sourceHref(u"source"_s, 0, u"torch/nn/modules/module.py"_s, 1501)));
        QVERIFY(!view->myCodeOnly());
        QCOMPARE(view->shown()->lines[std::size_t(view->currentLine())].location(), u"torch/nn/modules/module.py:1501"_s);
    }

    // The comparison's Differences by line: the core's per-line comparison, the lines that got
    // slower first; a click outlines the line in both runs.
    void perLineDifferences()
    {
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QSignalSpy loaded(&w, &MainWindow::loadFinished);
        w.openFiles({m_dir.filePath(u"hand.pt.trace.json"_s), m_dir.filePath(u"slower.pt.trace.json"_s)});
        QVERIFY(loaded.wait(kTimeoutMs) && loaded.takeFirst().at(0).toBool());
        ComparisonDock *dock = w.comparisonDock();
        QVERIFY(QTest::qWaitFor([&] { return !dock->isBusy() && dock->sourceDiff()->model()->rowCount() > 0; }, kTimeoutMs));
        Session *s = w.session();
        QCOMPARE(s->runCount(), 2);
        SourceDiffPanel *panel = dock->sourceDiff();
        QVERIFY(panel->myCodeOnly());
        const SourceDiffModel *m = panel->model();
        // The core's comparison of the two runs' folded lines, row for row.
        const auto a = analysis::myCodeOnly(s->run(0).analysis->sourceLines), b = analysis::myCodeOnly(s->run(1).analysis->sourceLines);
        const std::vector<analysis::SourceLineDelta> deltas = analysis::compareSourceLines(a, b);
        QCOMPARE(m->rowCount(), int(deltas.size()));
        QCOMPARE(m->rowCount(), 5);
        for (int r = 0; r < m->rowCount(); ++r) {
            const analysis::SourceLineDelta &d = deltas[std::size_t(r)];
            QCOMPARE(m->rows()[std::size_t(r)].file, d.file);
            QCOMPARE(m->rows()[std::size_t(r)].line, d.line);
            QCOMPARE(m->index(r, m->gpuColumn(0)).data(SourceDiffModel::SortRole).toLongLong(), qlonglong(d.gpuA));
            QCOMPARE(m->index(r, m->gpuColumn(1)).data(SourceDiffModel::SortRole).toLongLong(), qlonglong(d.gpuB));
            QCOMPARE(m->index(r, m->gpuDeltaColumn(1)).data(SourceDiffModel::SortRole).toLongLong(), qlonglong(d.gpuDeltaNs()));
            QCOMPARE(m->index(r, m->cpuDeltaColumn(1)).data(SourceDiffModel::SortRole).toLongLong(), qlonglong(d.cpuTotalDeltaNs()));
        }
        // attn and its callers got 10 µs of GPU time slower, first; the other lines did not change.
        QSet<QString> slower;
        for (int r = 0; r < 3; ++r) {
            QCOMPARE(m->index(r, m->gpuDeltaColumn(1)).data(SourceDiffModel::SortRole).toLongLong(), 10'000);
            QCOMPARE(m->index(r, m->gpuDeltaColumn(1)).data().toString(), u"+0.010"_s);
            QVERIFY(m->index(r, m->gpuDeltaColumn(1)).data(Qt::ForegroundRole).isValid()); // worse: coloured
            slower << m->index(r, 0).data().toString();
        }
        QCOMPARE(slower, (QSet<QString>{u"app/model.py:30"_s, u"app/model.py:20"_s, u"app/train.py:10"_s}));
        for (int r = 3; r < 5; ++r) {
            QCOMPARE(m->index(r, m->gpuDeltaColumn(1)).data(SourceDiffModel::SortRole).toLongLong(), 0);
            QVERIFY(!m->index(r, m->gpuDeltaColumn(1)).data(Qt::ForegroundRole).isValid());
        }
        // A click: attn's call and kernel in each run.
        int attn = -1;
        for (int r = 0; r < m->rowCount(); ++r)
            if (m->index(r, 0).data().toString() == u"app/model.py:30"_s)
                attn = r;
        panel->outlineRow(attn);
        QVERIFY(QTest::qWaitFor([panel] { return !panel->outlineBusy(); }, kTimeoutMs));
        const auto h = s->state()->highlight();
        QVERIFY(h);
        for (int run : {0, 1}) {
            const auto [cpu, gpu] = outlined(*h, *s->trace(run), run);
            QCOMPARE(int(cpu.size()), 1);
            QCOMPARE(int(gpu.size()), 1);
            const auto k = *gpu.begin();
            QCOMPARE(s->trace(run)->tracks[k.first].dur[k.second], TimeNs(run == 0 ? 20'000 : 30'000));
        }
        // Again: cleared. Every frame: the torch line is a row too.
        panel->outlineRow(attn);
        QVERIFY(!s->state()->highlight());
        panel->setMyCodeOnly(false);
        QCOMPARE(m->rowCount(), 6);
    }

    // The shared traces with Python frames: every click outlines exactly its line's calls and
    // kernels, folded or not.
    void realTraceClicks_data()
    {
        QTest::addColumn<QString>("trace");
        QTest::addColumn<bool>("myCode");
        for (const char *name : {"h100-qwen-inference.json.gz", "b200-eager-nccl.json.gz"})
            for (bool myCode : {true, false})
                QTest::newRow(qPrintable(u"%1 %2"_s.arg(QLatin1String(name), myCode ? u"my code"_s : u"every frame"_s)))
                    << QString::fromLatin1(name) << myCode;
    }
    void realTraceClicks()
    {
        QFETCH(QString, trace);
        QFETCH(bool, myCode);
        const QString path = test::tracePath(trace);
        if (!QFile::exists(path))
            QSKIP(qPrintable(u"shared trace not present: "_s + path));
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QVERIFY(open(w, path));
        TimeSummaryPanel *panel = w.analysisDock()->timeSummary();
        w.analysisDock()->tabs()->setCurrentWidget(panel);
        panel->setView(TimeSummaryPanel::View::Source);
        SourceView *view = panel->sourceView();
        view->setMyCodeOnly(myCode);
        const auto shown = view->shown();
        QVERIFY(shown && !shown->empty());
        QCOMPARE(view->lineTable()->model()->rowCount(), int(shown->lines.size()));
        const Trace &t = *w.session()->trace(0);
        int checked = 0, withKernels = 0;
        qint64 slowestMs = 0;
        for (int r = 0; r < view->lineTable()->model()->rowCount() && checked < 4; ++r) {
            const QModelIndex i = view->lineTable()->model()->index(r, 0);
            const int row = qobject_cast<QSortFilterProxyModel *>(view->lineTable()->model())->mapToSource(i).row();
            const analysis::SourceLine &line = shown->lines[std::size_t(row)];
            if (line.file.isEmpty())
                continue; // a built-in's name is not the trace's spelling
            QElapsedTimer timer;
            timer.start();
            clickRow(view->lineTable(), r);
            QVERIFY(settled(view));
            slowestMs = std::max(slowestMs, timer.elapsed());
            const auto h = w.session()->state()->highlight();
            QVERIFY(h);
            const auto [cpu, gpu] = outlined(*h, t, 0);
            const auto [frames, kernels] = expectedOf(t, line, shown->window);
            QCOMPARE(cpu, frames);
            QCOMPARE(gpu, kernels);
            QCOMPARE(qlonglong(cpu.size()), qlonglong(line.calls));
            ++checked;
            withKernels += !gpu.empty();
        }
        QCOMPARE(checked, 4);
        QVERIFY(withKernels > 0);
        qInfo("%d lines checked, the slowest click outlined in %lld ms", checked, qlonglong(slowestMs));
    }

    // For a look: the window with the Source view's lines and its flame graph, light and dark.
    void screenshots()
    {
        const QString dir = qEnvironmentVariable("LANESCOPE_SCREENSHOTS");
        if (dir.isEmpty())
            QSKIP("LANESCOPE_SCREENSHOTS not set: no pictures written");
        const QString path = test::tracePath(u"h100-qwen-inference.json.gz"_s);
        if (!QFile::exists(path))
            QSKIP(qPrintable(u"shared trace not present: "_s + path));
        for (const Theme theme : {Theme::Light, Theme::Dark}) {
            // As Edit > Preferences sets it: the window applies the stored theme.
            Preferences p = Preferences::load();
            p.theme = theme;
            p.save();
            applyTheme(theme);
            MainWindow w;
            w.resize(1920, 1080);
            w.show();
            QVERIFY(open(w, path));
            TimeSummaryPanel *panel = w.analysisDock()->timeSummary();
            w.analysisDock()->tabs()->setCurrentWidget(panel);
            panel->setView(TimeSummaryPanel::View::Source);
            SourceView *view = panel->sourceView();
            clickRow(view->lineTable(), 0);
            const QString suffix = theme == Theme::Dark ? u"dark"_s : u"light"_s;
            QTest::qWait(200);
            w.grab().save(u"%1/source-lines-%2.png"_s.arg(dir, suffix));
            view->setPage(SourceView::Page::FlameGraph);
            QTest::qWait(200);
            w.grab().save(u"%1/source-window-flame-%2.png"_s.arg(dir, suffix));
            w.analysisDock()->grab().save(u"%1/source-flame-%2.png"_s.arg(dir, suffix));
            view->setPage(SourceView::Page::Files);
            w.analysisDock()->grab().save(u"%1/source-files-%2.png"_s.arg(dir, suffix));
            // The Details panel with a launch's stack.
            const Trace &t = *w.session()->trace(0);
            for (std::uint32_t k = 0; k < t.tracks.size(); ++k) {
                const Track &tr = t.tracks[k];
                bool shown = false;
                for (std::uint32_t i = 0; i < tr.size() && !shown; ++i)
                    if (tr.kind == TrackKind::Cpu && t.name(tr.nameId[i]) == u"cudaLaunchKernel"_s && tr.depth[i] > 3) {
                        w.detailsPanel()->showSlice(SliceRef{0, k, i});
                        shown = true;
                    }
                if (shown)
                    break;
            }
            for (QWidget *up = w.detailsPanel(); up; up = up->parentWidget())
                if (auto *d = qobject_cast<QDockWidget *>(up)) {
                    d->raise();
                    break;
                }
            QTest::qWait(200);
            w.detailsPanel()->grab().save(u"%1/source-details-%2.png"_s.arg(dir, suffix));
        }
        Preferences p = Preferences::load();
        p.theme = Theme::System;
        p.save();
        applyTheme(Theme::System);
        // The comparison's Python lines: two runs of one model on two GPUs.
        const QString other = test::tracePath(u"mi300x-qwen-inference.json.gz"_s);
        if (QFile::exists(other)) {
            MainWindow w;
            w.resize(1920, 1080);
            w.show();
            QSignalSpy loaded(&w, &MainWindow::loadFinished);
            w.openFiles({path, other});
            QVERIFY(loaded.wait(kTimeoutMs) && loaded.takeFirst().at(0).toBool());
            ComparisonDock *dock = w.comparisonDock();
            QVERIFY(QTest::qWaitFor([&] { return !dock->isBusy() && dock->sourceDiff()->model()->rowCount() > 0; }, kTimeoutMs));
            // Every tab on the way to the panel shown.
            for (QWidget *child = dock->sourceDiff(); child->parentWidget(); child = child->parentWidget())
                if (auto *tabs = qobject_cast<QTabWidget *>(child->parentWidget()->parentWidget()))
                    tabs->setCurrentWidget(child); // a page: its parent is the tab widget's stack
            dock->raise();
            dock->sourceDiff()->outlineRow(0);
            QVERIFY(QTest::qWaitFor([dock] { return !dock->sourceDiff()->outlineBusy(); }, kTimeoutMs));
            QTest::qWait(200);
            w.grab().save(u"%1/source-compare-window.png"_s.arg(dir));
            dock->grab().save(u"%1/source-compare.png"_s.arg(dir));
        }
    }

private:
    QTemporaryDir m_dir;
};

QTEST_MAIN(TestSourceView)
#include "tst_sourceview.moc"
