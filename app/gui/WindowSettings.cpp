// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/gui/WindowSettings.h"

#include "app/gui/Preferences.h"
#include "widgets/analysis/AnalysisDock.h"
#include "widgets/view/Session.h"
#include "widgets/timeline/TimelineView.h"

#include <QCheckBox>
#include <QCryptographicHash>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QMainWindow>
#include <QScrollArea>
#include <QSettings>
#include <QTimer>
#include <QToolBar>

#include <map>
#include <set>

namespace lanescope::WindowSettings {

namespace {
const QString kGeometryKey = QStringLiteral("window/geometry");
const QString kStateKey = QStringLiteral("window/state");
constexpr int kStateVersion = 1; // bump when the docks change so much that an old layout misleads
} // namespace

void saveLayout(const QMainWindow *window)
{
    QSettings s;
    s.setValue(kGeometryKey, window->saveGeometry());
    s.setValue(kStateKey, window->saveState(kStateVersion));
}

bool restoreLayout(QMainWindow *window)
{
    const QSettings s;
    const QByteArray geometry = s.value(kGeometryKey).toByteArray();
    const QByteArray state = s.value(kStateKey).toByteArray();
    bool ok = !geometry.isEmpty() && window->restoreGeometry(geometry);
    ok = !state.isEmpty() && window->restoreState(state, kStateVersion) && ok;
    return ok;
}

void restoreAndTrackAnalysisOptions(AnalysisDock *dock)
{
    const Preferences prefs = Preferences::load();
    dock->setGapThresholdNs(prefs.gapThresholdNs);
    dock->setGemmGapsOnly(prefs.gemmOnly);
    // The dock writes its spin box with signals blocked, so valueChanged is the user's edit; the
    // dock's own slot, connected first, has taken the new value in by the time this one runs.
    QObject::connect(dock->gapThresholdBox(), &QDoubleSpinBox::valueChanged, dock,
                     [dock] { Preferences::saveGapThreshold(dock->gapThresholdNs()); });
    // The kernel filter's box has no getter; it is found by its objectName. setGemmGapsOnly() toggles it
    // too, and only Preferences calls that, with the value it has just stored.
    if (auto *gemm = dock->findChild<QCheckBox *>(QStringLiteral("gapGemmOnly")))
        QObject::connect(gemm, &QCheckBox::toggled, dock, &Preferences::saveGemmOnly);
}

QString traceKind(const Trace &trace)
{
    std::set<QString> names;
    for (const Process &p : trace.processes)
        names.insert(p.name);
    QStringList list(names.begin(), names.end());
    return list.join(QLatin1Char('\n'));
}

namespace {
QString collapseKey(const QString &kind)
{
    return QStringLiteral("laneCollapse/")
        + QString::fromLatin1(QCryptographicHash::hash(kind.toUtf8(), QCryptographicHash::Sha1).toHex());
}

// The kind of each run shown, by run index.
std::vector<QString> runKinds(const Session *session)
{
    std::vector<QString> kinds;
    for (int i = 0; i < session->runCount(); ++i)
        kinds.push_back(session->run(i).trace ? traceKind(*session->run(i).trace) : QString());
    return kinds;
}
} // namespace

void rememberCollapsedGroups(const TimelineView *view, const Session *session)
{
    const std::vector<QString> kinds = runKinds(session);
    std::map<QString, QStringList> collapsed; // kind -> keys, every kind shown present
    for (const QString &k : kinds)
        collapsed[k];
    for (const LaneGroup &g : view->laneLayout().groups())
        if (g.collapsed && g.run >= 0 && std::size_t(g.run) < kinds.size() && !g.key.isEmpty()
            && !collapsed[kinds[std::size_t(g.run)]].contains(g.key))
            collapsed[kinds[std::size_t(g.run)]] << g.key;
    QSettings s;
    for (auto &[kind, keys] : collapsed) {
        keys.sort();
        const QString key = collapseKey(kind);
        // An empty list is kept too: "the user expanded everything" differs from "never seen",
        // where the layout's own defaults apply (the Profiler bookkeeping group starts collapsed).
        if (!s.contains(key) || s.value(key).toStringList() != keys)
            s.setValue(key, keys);
    }
}

void restoreCollapsedGroups(TimelineView *view, const Session *session)
{
    const std::vector<QString> kinds = runKinds(session);
    const QSettings s;
    std::map<QString, QStringList> stored; // only the kinds the user has collapse choices for
    for (const QString &k : kinds)
        if (!stored.count(k) && s.contains(collapseKey(k)))
            stored[k] = s.value(collapseKey(k)).toStringList();
    const std::vector<LaneGroup> &groups = view->laneLayout().groups();
    for (std::size_t i = 0; i < groups.size(); ++i) {
        const LaneGroup &g = groups[i];
        if (g.run < 0 || std::size_t(g.run) >= kinds.size())
            continue;
        // The remembered choice wins over the view's own carry-over by key from the trace shown
        // before, which may have been of another kind.
        // A kind never seen: the layout's defaults, not what the trace shown before carried over.
        const auto it = stored.find(kinds[std::size_t(g.run)]);
        const bool collapse = it == stored.end() ? g.defaultCollapsed : it->second.contains(g.key);
        if (g.collapsed != collapse)
            view->setGroupCollapsed(int(i), collapse);
    }
}

void fitSmallDocks(QMainWindow *window)
{
    for (QDockWidget *d : window->findChildren<QDockWidget *>()) {
        if (!d->isVisibleTo(window) || d->isFloating() || !d->widget())
            continue;
        bool tabbed = false;
        for (const QDockWidget *other : window->tabifiedDockWidgets(d))
            tabbed = tabbed || other->isVisibleTo(window);
        if (tabbed)
            continue;
        // On a small screen the content scrolls inside the dock (MainWindow::fitToScreen).
        const auto *scroll = qobject_cast<const QScrollArea *>(d->widget());
        const QWidget *content = scroll && scroll->widget() ? scroll->widget() : d->widget();
        const Qt::DockWidgetArea area = window->dockWidgetArea(d);
        const Qt::Orientation across = area == Qt::TopDockWidgetArea || area == Qt::BottomDockWidgetArea ? Qt::Vertical : Qt::Horizontal;
        const QSizePolicy::Policy policy = across == Qt::Vertical ? content->sizePolicy().verticalPolicy() : content->sizePolicy().horizontalPolicy();
        if (policy & QSizePolicy::GrowFlag)
            continue;
        // The dock's own hint: the content's and the title bar's.
        const QSize hint = d->sizeHint();
        window->resizeDocks({d}, {across == Qt::Vertical ? hint.height() : hint.width()}, across);
    }
}

void keepSmallDocksFitted(QMainWindow *window)
{
    // One pass per burst of changes (a load shows and hides several docks), after the layout has
    // taken them in.
    auto *timer = new QTimer(window);
    timer->setSingleShot(true);
    timer->setInterval(0);
    QObject::connect(timer, &QTimer::timeout, window, [window] { fitSmallDocks(window); });
    for (QDockWidget *d : window->findChildren<QDockWidget *>())
        QObject::connect(d, &QDockWidget::visibilityChanged, timer, qOverload<>(&QTimer::start));
}

QStringList unnamedDocksAndToolBars(const QMainWindow *window)
{
    QStringList unnamed;
    for (const QDockWidget *d : window->findChildren<QDockWidget *>())
        if (d->objectName().isEmpty())
            unnamed << d->windowTitle();
    for (const QToolBar *t : window->findChildren<QToolBar *>())
        if (t->objectName().isEmpty())
            unnamed << t->windowTitle();
    return unnamed;
}

} // namespace lanescope::WindowSettings
