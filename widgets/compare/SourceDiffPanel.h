// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The Differences tab's "Python lines": the session's runs' source lines compared line by line
// (SourceDiffModel over each run's analysis, "My code only" folded by default as in Time spent).
// A click on a line outlines its calls and the kernels they launched in every run's lanes; the
// same row again clears the outline.
#include "widgets/source/SourceOutlineRunner.h"

#include <QPointer>
#include <QWidget>

#include <map>
#include <memory>

class QCheckBox;
class QLabel;
class QSortFilterProxyModel;
class QTableView;

namespace lanescope {

namespace analysis {
struct AnalysisResult;
struct SourceLines;
}
class Session;
class SourceDiffModel;

class SourceDiffPanel : public QWidget
{
    Q_OBJECT
public:
    explicit SourceDiffPanel(QWidget *parent = nullptr);
    ~SourceDiffPanel() override;

    void setSession(Session *session);
    // Re-reads the session's runs and their analyses (a comparison came in).
    void refresh();
    void setFilter(const QString &text);
    void setMyCodeOnly(bool on);
    bool myCodeOnly() const;
    // Outlines the line of source row `row` of model() in every run that has it (a click), computed
    // off the UI thread; the same row again clears the outline.
    void outlineRow(int row);
    bool outlineBusy() const;

    SourceDiffModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    QString statusText() const;

private:
    std::shared_ptr<const analysis::SourceLines> linesOf(const std::shared_ptr<const analysis::AnalysisResult> &a);
    void showOutline(const SourceOutlineRunner::Outline &o);

    QPointer<Session> m_session;
    QCheckBox *m_myCode;
    SourceDiffModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QTableView *m_view;
    QLabel *m_status;
    SourceOutlineRunner *m_outliner;
    QString m_outlined; // the row outlined, so a second click clears it
    // Folded lines per analysis, kept while the analysis is the session's.
    std::map<const analysis::AnalysisResult *, std::pair<std::weak_ptr<const analysis::AnalysisResult>,
                                                         std::shared_ptr<const analysis::SourceLines>>>
        m_folded;
};

} // namespace lanescope
