// SPDX-License-Identifier: GPL-3.0-or-later
// MainWindow's layout: the docks and how they are placed, the middle of the window (start page,
// timeline, job view, summary page), what each kind of load shows (layOut), summary mode's
// layout, and the layout remembered between sessions.
#include "app/gui/MainWindow.h"

#include "app/gui/Preferences.h"
#include "app/gui/SnapshotController.h"
#include "app/gui/StartPage.h"
#include "app/gui/WindowSettings.h"
#include "widgets/TraceSummaryView.h"
#include "widgets/analysis/AnalysisDock.h"
#include "widgets/compare/ComparisonDock.h"
#include "widgets/ranks/JobView.h"
#include "widgets/ranks/RanksDock.h"
#include "widgets/source/SourceNavigation.h"
#include "widgets/timeline/SearchBar.h"
#include "widgets/timeline/SearchResultsPanel.h"
#include "widgets/timeline/TimelinePanels.h"
#include "widgets/timeline/TimelineView.h"
#include "widgets/memsnap/MemorySnapshotDock.h"
#include "widgets/view/Session.h"
#include "widgets/view/SessionAnalyser.h"

#include <QAbstractSpinBox>
#include <QApplication>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QStackedWidget>
#include <QTimer>

#include <utility>

namespace lanescope {

void MainWindow::createStartPage()
{
    m_startPage = new StartPage(this);
    connect(m_startPage, &StartPage::openTraceRequested, this, &MainWindow::showOpenDialog);
    connect(m_startPage, &StartPage::openFolderRequested, this, &MainWindow::showOpenFolderDialog);
    connect(m_startPage, &StartPage::demoRequested, this, &MainWindow::openDemo);
    connect(m_startPage, &StartPage::recentRequested, this, [this](const QStringList &paths) { openFiles(paths); });
    connect(m_session, &Session::runsChanged, m_startPage, [this] { updateStartPage(); });
    updateStartPage();
}

void MainWindow::updateStartPage()
{
    if (!m_startPage)
        return;
    // Shown while the session has no run: before the first trace, and if it is ever emptied; not
    // over a folder's summary, which has no run until a rank is picked.
    const bool empty = m_session->runCount() == 0 && !m_ranks->isSummary() && !m_snapshots->hasSnapshot();
    if (empty)
        m_startPage->setRecentFiles(recentFiles());
    m_startPage->setVisible(empty);
}

void MainWindow::createDocks()
{
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks);
    auto dock = [this](const QString &title, const QString &name, QWidget *content, Qt::DockWidgetArea area) {
        auto *d = new QDockWidget(title, this);
        d->setObjectName(name);
        d->setWidget(content);
        addDockWidget(area, d);
        return d;
    };
    m_details = new DetailsPanel(m_timeline, this);
    m_range = new RangeStatsPanel(m_timeline, this);
    m_summaryDock = dock(tr("Summary"), QStringLiteral("summaryDock"), m_summary, Qt::RightDockWidgetArea);
    m_detailsDock = dock(tr("Details"), QStringLiteral("detailsDock"), m_details, Qt::RightDockWidgetArea);
    m_rangeDock = dock(tr("Time Range"), QStringLiteral("rangeDock"), m_range, Qt::RightDockWidgetArea);
    m_legendDock = dock(tr("Legend"), QStringLiteral("legendDock"), new LegendWidget(this), Qt::BottomDockWidgetArea);
    // The search's results under the timeline, shown when a search finds something.
    QDockWidget *searchDock = dock(tr("Search Results"), QStringLiteral("searchResultsDock"), m_search->resultsPanel(), Qt::BottomDockWidgetArea);
    m_search->resultsPanel()->show();
    searchDock->hide();
    connect(m_search, &SearchBar::resultsReady, searchDock, [this, searchDock] {
        // First shown: a tab beside the legend, the window's width under the timeline (tabbed at
        // start, the hidden dock would still claim height from a fresh window).
        if (!searchDock->property("placed").toBool() && !searchDock->isVisible() && m_legendDock->isVisible())
            tabifyDockWidget(m_legendDock, searchDock);
        searchDock->setProperty("placed", true);
        searchDock->show();
        searchDock->raise();
    });
    m_analysis = new AnalysisDock(this);
    // The one writer of the runs' analyses; the Analysis and Comparison docks read them.
    m_analyser = new SessionAnalyser(m_session, this);
    m_analysis->setSession(m_session);
    m_analysis->setSessionAnalyser(m_analyser);
    addDockWidget(Qt::RightDockWidgetArea, m_analysis);
    tabifyDockWidget(m_summaryDock, m_detailsDock);
    tabifyDockWidget(m_detailsDock, m_rangeDock);
    tabifyDockWidget(m_rangeDock, m_analysis);
    m_compare = new ComparisonDock(this);
    m_compare->setSession(m_session);
    m_compare->setSessionAnalyser(m_analyser);
    addDockWidget(Qt::RightDockWidgetArea, m_compare);
    tabifyDockWidget(m_analysis, m_compare);
    m_compare->hide(); // shown when a second run arrives
    connect(m_compare, &ComparisonDock::addRunRequested, this, &MainWindow::showCompareDialog);
    connect(m_compare, &ComparisonDock::warningsChanged, this, [this](const QStringList &w) {
        m_compareWarnings = w;
        updateBanner();
    });
    resizeDocks({m_summaryDock}, {450}, Qt::Horizontal);
    m_analysis->raise();

    // A gap picked in the analysis: zoom so it fills the middle half of the view, mark it on its
    // stream with its cause.
    connect(m_analysis, &AnalysisDock::gapActivated, this, [this](int run, const analysis::Gap &gap) {
        const double margin = std::max<double>(double(gap.dur) * 0.5, 1000.0);
        m_timeline->setVisibleRange(double(gap.start) - margin, double(gap.end()) + margin, run);
        m_timeline->showGap(run, gap);
    });
    // A launch picked in the Launch tab: select its kernel and zoom to it.
    connect(m_analysis, &AnalysisDock::launchActivated, this, [this](int run, quint32 track, quint32 slice) {
        const SliceRef ref{run, track, slice};
        m_timeline->zoomToSlice(ref);
        m_timeline->selectSlice(ref, true);
    });
    connect(m_analysis, &AnalysisDock::rangeRequested, this, [this](qint64 startNs, qint64 endNs) {
        const double margin = std::max<double>(double(endNs - startNs) * 0.05, 1000.0);
        m_timeline->clearHighlight();
        m_timeline->setVisibleRange(double(startNs) - margin, double(endNs) + margin, m_analysis->run());
    });

    // A double-click on an annotation of the analysed run analyses that instance of it (its
    // critical path shown): traces without ProfilerStep mark their iterations so.
    connect(m_timeline, &TimelineView::sliceDoubleClicked, this, [this](SliceRef ref) {
        if (ref.run == m_analysis->run() && m_analysis->setAnalysisSlice(ref.track, ref.slice)) {
            m_analysis->show();
            m_analysis->raise();
        }
    });
    connect(m_timeline, &TimelineView::selectionChanged, this, [this](SliceRef ref) {
        m_details->showSlice(ref);
        if (ref.isValid())
            m_detailsDock->raise();
    });
    // A gap clicked in the timeline: Details tells it (it shows any selected gap; raised only for
    // the timeline's click, so the Analysis dock's gap table stays in front for its own).
    connect(m_timeline, &TimelineView::gapClicked, m_detailsDock, &QDockWidget::raise);
    connect(m_details, &DetailsPanel::sourceRequested, this,
            [this](int run, const QString &file, int line) { showSourceLine(m_analysis, run, file, line); });
    connect(m_details, &DetailsPanel::jumpRequested, this, [this](SliceRef ref) {
        m_timeline->selectSlice(ref, true);
        // The link took the focus into the Details text: W/A/S/D belong to the timeline again,
        // unless the user is typing in a field (the search bar, the gap threshold).
        QWidget *f = QApplication::focusWidget();
        const auto *line = qobject_cast<const QLineEdit *>(f);
        const auto *spin = qobject_cast<const QAbstractSpinBox *>(f);
        if (!(line && !line->isReadOnly()) && !(spin && !spin->isReadOnly()))
            m_timeline->setFocus(Qt::OtherFocusReason);
    });
    connect(m_timeline, &TimelineView::allLikeSelected, this, [this] {
        m_rangeDock->show();
        m_rangeDock->raise();
    });
    connect(m_timeline, &TimelineView::timeRangeChanged, this, [this] {
        m_range->update();
        if (m_timeline->hasTimeRange()) {
            m_rangeDock->show();
            m_rangeDock->raise();
        }
    });
}

void MainWindow::layOut(const RunController::Shown &shown)
{
    using Kind = RunController::Kind;
    // Summary mode without a rank: the docks that show a trace step aside for the Ranks dock.
    setSummaryLayout(shown.kind == Kind::Summary);
    m_summary->setTrace(m_runs->trace());
    m_search->reset();
    m_details->showSlice(SliceRef());
    m_range->update();
    switch (shown.kind) {
    case Kind::Trace:
    case Kind::JobRank:
        m_stack->setCurrentWidget(m_timeline);
        m_analysis->raise(); // the first question is why the GPUs idle
        m_timeline->setFocus();
        m_compareWarnings.clear();
        m_compare->hide();
        if (shown.kind == Kind::JobRank) {
            // The timeline gets the room the summary took; the ranks stay in view to pick the next.
            resizeDocks({m_ranks}, {height() / 3}, Qt::Vertical);
            m_ranks->raise();
        }
        break;
    case Kind::Comparison:
        m_stack->setCurrentWidget(m_timeline);
        m_timeline->setFocus();
        if (!m_compare->isVisible()) {
            m_compare->show();
            // Room for a value and a delta column per run, the timeline keeping most of the width.
            resizeDocks({m_compare}, {std::max(m_compare->width(), std::min(width() * 2 / 5, 420 + 180 * m_session->runCount()))},
                        Qt::Horizontal);
        }
        m_compare->raise();
        break;
    case Kind::Ranks:
        m_compare->hide();
        m_jobView->setJob(nullptr); // the new ranks' gaps come with their analysis
        m_jobViewAction->setEnabled(true);
        // More ranks than the timeline shows at once: the job view first, a row each.
        m_stack->setCurrentWidget(shown.rankCount > kJobViewRanks ? static_cast<QWidget *>(m_jobView) : m_timeline);
        m_timeline->setFocus();
        m_compareWarnings.clear();
        if (!m_ranks->isVisible()) {
            m_ranks->show();
            // Room for the status lines, the header and up to ten ranks; less beside the job view,
            // whose rows are the ranks.
            const int rows = std::min(shown.rankCount, 10);
            const int cap = shown.rankCount > kJobViewRanks ? height() / 4 : height() * 2 / 5;
            resizeDocks({m_legendDock, m_ranks},
                        {m_legendDock->sizeHint().height(), std::min(cap, 150 + m_ranks->fontMetrics().height() * 2 * rows)},
                        Qt::Vertical);
        }
        m_ranks->raise();
        break;
    case Kind::Summary:
        m_compare->hide();
        m_jobView->setJob(nullptr);
        m_jobViewAction->setEnabled(false); // its rows are the ranks' timelines
        m_stack->setCurrentWidget(m_summaryPage);
        updateStartPage();
        m_compareWarnings.clear();
        m_ranks->show();
        m_ranks->raise();
        break;
    }
    updateBanner();
    updateTitle();
    m_statusLabel->setText(shown.status);
    emit loadFinished(true);
}

void MainWindow::createRanksDock()
{
    m_ranks = new RanksDock(this);
    m_ranks->setSession(m_session);
    // Under the legend, the window's whole width: the table has ten columns beside the stragglers.
    addDockWidget(Qt::BottomDockWidgetArea, m_ranks, Qt::Vertical);
    m_ranks->hide(); // shown when a folder opens
    connect(m_ranks, &RanksDock::rankActivated, this, &MainWindow::showRankLanes);
    // The compact job view: one row per rank, in the timeline's place (View > Job Overview).
    m_jobView = new JobView(this);
    m_jobView->setSession(m_session);
    m_stack->addWidget(m_jobView);
    connect(m_ranks, &RanksDock::analysisFinished, m_jobView, [this] { m_jobView->setJob(m_ranks->resultPtr()); });
    connect(m_jobView, &JobView::rankActivated, this, &MainWindow::showRankLanes);
}

void MainWindow::setSummaryLayout(bool on)
{
    if (on) {
        for (QDockWidget *d : {m_summaryDock, m_detailsDock, m_rangeDock, static_cast<QDockWidget *>(m_analysis), m_legendDock})
            if (d->isVisible() && !m_hiddenForSummary.contains(d)) {
                m_hiddenForSummary << d;
                d->hide();
            }
        // Once laid out without them: the dock most of the height, the summary page a band above.
        QTimer::singleShot(0, this, [this] {
            if (isFolderSummary() && m_session->runCount() == 0)
                resizeDocks({m_ranks}, {height() * 3 / 4}, Qt::Vertical);
        });
        return;
    }
    const QList<QDockWidget *> hidden = std::exchange(m_hiddenForSummary, {});
    for (QDockWidget *d : hidden)
        d->show();
    if (hidden.contains(m_analysis))
        m_analysis->raise();
}

void MainWindow::restoreDailyUseSettings()
{
    applyTheme(Preferences::load().theme);
    WindowSettings::restoreAndTrackAnalysisOptions(m_analysis);
    trackLaneCollapse();
    m_layoutRestored = WindowSettings::restoreLayout(this);
    WindowSettings::keepSmallDocksFitted(this); // the legend at its grid's height, whatever was restored
    if (m_layoutRestored) {
        // Where these docks sit is remembered; whether they show depends on what is opened. The
        // search results are empty at start: they come back with the first search; the memory
        // snapshot's with the next snapshot opened (an empty one took the Legend's place).
        m_compare->hide();
        m_ranks->hide();
        if (!m_snapshots->hasSnapshot())
            m_snapshots->dock()->hide();
        if (auto *search = findChild<QDockWidget *>(QStringLiteral("searchResultsDock")))
            search->hide();
    } else {
        // The default layout: the timeline most of the width, the docks 40 % of it (the gap table
        // fits its columns to that). Once shown: before, the docks' size hints win.
        QTimer::singleShot(0, this, &MainWindow::sizeDocksAsShares);
    }
}

void MainWindow::sizeDocksAsShares()
{
    // 40 % of the width, at least 420 px where the window has room for that and a wider timeline.
    const int share = width() * 2 / 5;
    resizeDocks({m_analysis}, {std::max(share, std::min(420, width() / 2))}, Qt::Horizontal);
}

void MainWindow::fitToScreen(const QRect &available)
{
    if (m_layoutRestored || !available.isValid())
        return;
    // Room for the window's frame and title bar, which the size does not count.
    const QSize room(available.width() - 16, available.height() - 48);
    const QSize want = size().boundedTo(room);
    if (want == size())
        return;
    // A dock's content as it is may not shrink that far (the legend's row of classes, the analysis'
    // tabs): on a screen this small each scrolls inside its dock instead.
    for (QDockWidget *d : findChildren<QDockWidget *>()) {
        QWidget *content = d->widget();
        if (!content || qobject_cast<QScrollArea *>(content))
            continue;
        auto *scroll = new QScrollArea(d);
        scroll->setFrameShape(QFrame::NoFrame);
        scroll->setWidgetResizable(true);
        scroll->setWidget(content);
        d->setWidget(scroll);
    }
    resize(want);
    move(available.center() - QPoint(want.width() / 2, want.height() / 2 + 16));
    sizeDocksAsShares();
}

void MainWindow::trackLaneCollapse()
{
    connect(this, &MainWindow::loadFinished, this, [this](bool ok) {
        if (ok)
            WindowSettings::restoreCollapsedGroups(m_timeline, m_session);
    });
    // A group header is toggled by a click in the timeline (TimelineView has no signal for it): after
    // each click, once the view has handled it, the collapsed groups are remembered.
    m_timeline->viewport()->installEventFilter(this);
}

bool MainWindow::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_timeline->viewport() && event->type() == QEvent::MouseButtonRelease)
        QTimer::singleShot(0, this, [this] { WindowSettings::rememberCollapsedGroups(m_timeline, m_session); });
    return QMainWindow::eventFilter(watched, event);
}

} // namespace lanescope
