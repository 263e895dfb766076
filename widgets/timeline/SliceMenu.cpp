// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/timeline/SliceMenu.h"

#include "widgets/timeline/TimelineView.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QMenu>

namespace lanescope {

void addSliceActions(QMenu *menu, TimelineView *view, SliceRef ref)
{
    const Trace *t = view->trace(ref.run);
    if (!t || ref.track >= t->tracks.size() || ref.slice >= t->tracks[ref.track].size())
        return;
    const QString name = t->name(t->tracks[ref.track].nameId[ref.slice]);
    auto add = [&](const QString &text, const char *objectName, auto slot) {
        QAction *a = menu->addAction(text);
        a->setObjectName(QLatin1String(objectName));
        QObject::connect(a, &QAction::triggered, view, slot);
        return a;
    };
    add(TimelineView::tr("Copy Name"), "copySliceName", [name] { QGuiApplication::clipboard()->setText(name); });
    add(TimelineView::tr("Find Similar"), "findSimilar", [view, name] { emit view->findRequested(name); });
    add(TimelineView::tr("Zoom to Slice"), "zoomToSlice", [view, ref] {
        view->selectSlice(ref);
        view->zoomToSlice(ref);
    });
    add(TimelineView::tr("Select All Like This"), "selectAllLike", [view, ref] { view->selectAllLike(ref); });
}

} // namespace lanescope
