// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/source/SourceNavigation.h"

#include "widgets/analysis/AnalysisDock.h"
#include "widgets/analysis/TimeSummaryPanel.h"

#include <QTabWidget>

#include <memory>

namespace lanescope {

bool showSourceLine(AnalysisDock *dock, int run, const QString &file, int line)
{
    if (!dock)
        return false;
    dock->show();
    dock->raise();
    dock->tabs()->setCurrentWidget(dock->timeSummary());
    TimeSummaryPanel *panel = dock->timeSummary();
    panel->setView(TimeSummaryPanel::View::Source);
    if (dock->run() == run && !dock->isBusy() && dock->result())
        return panel->showSourceLine(file, line);
    dock->setRun(run);
    // Once, when that run's analysis is shown.
    auto connection = std::make_shared<QMetaObject::Connection>();
    *connection = QObject::connect(dock, &AnalysisDock::analysisFinished, panel, [dock, panel, connection, run, file, line] {
        QObject::disconnect(*connection);
        if (dock->run() == run)
            panel->showSourceLine(file, line);
    });
    return true;
}

} // namespace lanescope
