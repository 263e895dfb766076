// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The Analysis dock's Critical Path tab: where the critical path of the analysed step runs
// (core/analysis/measures/critical_path/CriticalPath.h) as shares of the step, one bar and one row per part, and the
// sentence that says what to shorten first. The same figures as `analyze`'s "critical_path".
#include "widgets/analysis/AnalysisRunner.h"
#include "widgets/render/OverlayPass.h"

#include <QPointer>
#include <QWidget>

class QLabel;
class QTreeWidget;

namespace lanescope {

class AnalysisFeed;

class CriticalPathBar;
class Session;

// The critical path over the lanes (View > Critical Path; CriticalPathOverlay.h): each run's path
// of the step its analysis measured, from the session's analyses. Off at first.
class CriticalPathPass : public OverlayPass
{
public:
    static QString staticKey() { return QStringLiteral("critical_path"); }
    explicit CriticalPathPass(Session *session);
    // The session's pass (added to its view state on first use).
    static std::shared_ptr<CriticalPathPass> of(Session *session);

    bool isOn() const { return m_on; }
    void setOn(bool on);

    QString key() const override { return staticKey(); }
    int z() const override { return CriticalPathZ; }
    std::shared_ptr<const OverlayDrawing> drawing() const override;

private:
    QPointer<Session> m_session;
    bool m_on = false;
};

class CriticalPathPanel : public QWidget
{
    Q_OBJECT
public:
    explicit CriticalPathPanel(QWidget *parent = nullptr);
    // The dock's Critical Path tab: follows the dock's analysis.
    explicit CriticalPathPanel(AnalysisFeed *feed, QWidget *parent = nullptr);
    void setResult(const AnalysisResultPtr &result); // null clears

    QLabel *sentenceLabel() const { return m_sentence; }
    QTreeWidget *partList() const { return m_parts; }

private:
    QLabel *m_title;
    QLabel *m_sentence;
    CriticalPathBar *m_bar;
    QTreeWidget *m_parts;
};

} // namespace lanescope
