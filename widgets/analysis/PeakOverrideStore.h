// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The user's overrides of core's GPU table (peaks, memory and link bandwidth) (Edit > Preferences), kept in QSettings and
// handed to core as data (analysis::PeakOverrides). One store per process: the MFU panel of every
// window follows it when the Preferences change it.
#include "core/analysis/measures/mfu/Mfu.h"

#include <QObject>
#include <QStringList>

namespace lanescope {

class PeakOverrideStore : public QObject
{
    Q_OBJECT
public:
    static PeakOverrideStore *instance();

    // As stored: one entry per table row the user changed (any of its figures), in the table's order.
    analysis::PeakOverrides overrides() const;
    // What overrides() left out of what is stored: a figure that is no number or not plausible
    // (analysis::isPlausibleFigure), one line each naming the row, for the Preferences to show.
    QStringList ignored() const;
    // Replaces every override (a figure <= 0 or a match the table does not have is dropped) and emits changed() when they differ from what was stored.
    void setOverrides(const analysis::PeakOverrides &overrides);

signals:
    void changed();

private:
    using QObject::QObject;
};

} // namespace lanescope
