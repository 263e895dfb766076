// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/timeline/LaneMenu.h"

#include "widgets/timeline/TimelineView.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QMenu>

namespace lanescope {

void addLaneActions(QMenu *menu, TimelineView *view, int lane, int group)
{
    const LaneLayout &layout = view->laneLayout();
    auto add = [&](const QString &text, const char *name, auto slot) {
        QAction *a = menu->addAction(text);
        a->setObjectName(QLatin1String(name));
        QObject::connect(a, &QAction::triggered, view, slot);
        return a;
    };
    if (lane >= 0 && lane < int(layout.lanes().size())) {
        const Lane &l = layout.lanes()[std::size_t(lane)];
        if (l.pinned)
            add(TimelineView::tr("Unpin"), "unpinLane", [view, lane] { view->setLanePinned(lane, false); });
        else
            add(TimelineView::tr("Pin to Top"), "pinLane", [view, lane] { view->setLanePinned(lane, true); });
        add(TimelineView::tr("Hide Lane"), "hideLane", [view, lane] { view->hideLane(lane); });
        const QString label = l.label;
        add(TimelineView::tr("Copy Lane Name"), "copyLaneName", [label] { QGuiApplication::clipboard()->setText(label); });
        group = l.group;
    }
    if (group >= 0 && group < int(layout.groups().size())) {
        const QString title = layout.groups()[std::size_t(group)].title;
        if (lane < 0)
            add(TimelineView::tr("Copy Group Name"), "copyLaneName", [title] { QGuiApplication::clipboard()->setText(title); });
        add(TimelineView::tr("Show Only This Group"), "showOnlyGroup", [view, group] { view->showOnlyGroup(group); });
    }
    menu->addSeparator();
    QAction *all = add(TimelineView::tr("Show All Lanes"), "showAllLanes", [view] { view->showAllLanes(); });
    all->setEnabled(layout.anyHidden());
}

} // namespace lanescope
