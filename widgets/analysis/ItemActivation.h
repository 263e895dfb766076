// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A click or Enter on an item of a view calls `go` exactly once, whatever the style: styles that
// activate items on a single click (KDE's, for one) emit both clicked() and activated() for one
// click, others emit activated() only for Enter and double-clicks.
#include <QAbstractItemView>
#include <QTimer>

#include <memory>

namespace lanescope {

template <typename Fn>
void onItemActivation(QAbstractItemView *view, QObject *context, Fn go)
{
    // Set by clicked() until the event loop turns: the activated() of the same click is skipped.
    auto justClicked = std::make_shared<bool>(false);
    QObject::connect(view, &QAbstractItemView::clicked, context, [justClicked, context, go](const QModelIndex &index) {
        *justClicked = true;
        QTimer::singleShot(0, context, [justClicked] { *justClicked = false; });
        go(index);
    });
    QObject::connect(view, &QAbstractItemView::activated, context, [justClicked, go](const QModelIndex &index) {
        if (!*justClicked)
            go(index);
    });
}

} // namespace lanescope
