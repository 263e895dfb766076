// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The Analysis dock's Critical Path tab: where the critical path of the analysed step runs
// (core/analysis/measures/critical_path/CriticalPath.h) as shares of the step, one bar and one row per part, and the
// sentence that says what to shorten first. The same figures as `analyze`'s "critical_path".
#include "widgets/analysis/AnalysisRunner.h"

#include <QWidget>

class QLabel;
class QTreeWidget;

namespace lanescope {

class CriticalPathBar;

class CriticalPathPanel : public QWidget
{
    Q_OBJECT
public:
    explicit CriticalPathPanel(QWidget *parent = nullptr);
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
