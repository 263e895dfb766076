// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The analysis dock's Launch tab: why the GPU waits on the CPU. Each stream's idle time in Holistic
// Trace Analysis' three categories (host wait, kernel wait, other) with its launch queue, the launch
// statistics, and the launches that waited longest to start — a click selects that kernel in the
// timeline and zooms to it.
#include "widgets/analysis/AnalysisRunner.h"

#include <QWidget>

class QLabel;
class QTreeWidget;

namespace lanescope {

class AnalysisFeed;

class LaunchPanel : public QWidget
{
    Q_OBJECT
public:
    enum StreamColumn { StreamCol, IdleCol, HostWaitCol, KernelWaitCol, OtherCol, QueueMeanCol, QueueMaxCol, QueueFullCol, StreamColumnCount };
    enum LaunchColumn { DelayCol, AtCol, CallCol, KernelCol, NameCol, LaunchColumnCount };
    enum Role { TrackRole = Qt::UserRole + 1, SliceRole };

    explicit LaunchPanel(QWidget *parent = nullptr);
    // The dock's Launch tab: follows the dock's analysis; a launch picked goes to the feed.
    explicit LaunchPanel(AnalysisFeed *feed, QWidget *parent = nullptr);
    void setResult(const AnalysisResultPtr &result, TimeNs origin); // null clears
    QLabel *summaryLabel() const { return m_summary; }
    QTreeWidget *streamList() const { return m_streams; }
    QTreeWidget *launchList() const { return m_launches; }
    // Emits launchActivated for the launch in this row of launchList().
    void activateLaunch(int row);

signals:
    // A launch picked: its kernel (track, slice of the analysed trace).
    void launchActivated(quint32 track, quint32 slice);

private:
    QLabel *m_summary;
    QTreeWidget *m_streams;
    QTreeWidget *m_launches;
};

} // namespace lanescope
