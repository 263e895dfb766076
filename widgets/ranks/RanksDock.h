// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The Ranks dock: a folder of rank traces as one job. A headline of the job's figures
// (its step, the rank the others wait for and that wait, as the straggler list says them), the
// per-rank table (figures,
// outliers, the clock offset applied), "Align clocks" (the offsets measured on the ranks'
// matching collectives, or none), and the stragglers: per rank, how long the others waited for it
// per step, and under it each collective it arrived last at, worst first. A click on a rank asks
// the window to show that rank's lanes (rankActivated); a click on a collective shows its window
// on every rank and outlines its call there. Below, each collective type's transfer time against
// the ranks' waiting and the busbw on each (JobCollectives.h), and every rank's waiting per step. It follows the session: the ranks are the session's
// runs in rank order; once the runs change to something else the dock clears. The analysis runs off
// the UI thread (RanksRunner) with the session's settings (gap threshold, MFU inputs:
// Session::settings), and again when they change.
#include "widgets/ranks/RanksRunner.h"

#include <QDockWidget>
#include <QPointer>

class QCheckBox;
class QLabel;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;
class QTreeWidget;

namespace lanescope {

class RankTableModel;
class Session;

class RanksDock : public QDockWidget
{
    Q_OBJECT
public:
    explicit RanksDock(QWidget *parent = nullptr);
    ~RanksDock() override;

    void setSession(Session *session);
    // The folder shown: its ranks, which must be the session's runs in the same order, and their
    // clocks as measured at load time. Applies the offsets (Align clocks on) and starts the analysis.
    void setRanks(std::vector<RankFile> ranks, analysis::ClockAlignment clocks);
    // A folder too large to hold, shown as its summary (the window's summary mode): its ranks (no
    // trace kept) and the job's figures measured as they loaded (session::analyzeFolder, what
    // `lanescope-cli analyze DIR` prints). The session then shows at most one of these ranks, the
    // one the user picked (rankActivated); the dock keeps the summary while it does.
    void setSummary(std::vector<RankFile> ranks, RanksResultPtr result);
    bool isSummary() const { return m_summaryMode && hasRanks(); }
    // Summary mode: the rank index whose timeline the session shows, -1 none.
    int shownRank() const;
    // Summary mode: the button that asks for the selected rank's timeline.
    QPushButton *openRankButton() const { return m_openRank; }
    void clear();
    bool hasRanks() const { return !m_ranks.empty(); }
    int rankCount() const { return int(m_ranks.size()); }
    const RankFile *rankFile(int i) const { return i >= 0 && i < rankCount() ? &m_ranks[std::size_t(i)] : nullptr; }
    const std::vector<RankFile> &rankFiles() const { return m_ranks; }

    bool clocksAligned() const;
    void setClocksAligned(bool on);
    const analysis::ClockAlignment &clocks() const { return m_clocks; }
    // The clock offset applied to rank index i (0 with Align clocks off).
    TimeNs appliedOffsetNs(int i) const;

    const RanksResult *result() const { return m_result.get(); }
    RanksResultPtr resultPtr() const { return m_result; }
    bool isBusy() const;
    QString statusText() const;

    RankTableModel *rankModel() const { return m_model; }
    QTableView *rankView() const { return m_table; }
    QTreeWidget *stragglerTree() const { return m_stragglers; }
    // Transfer against waiting: "By collective" (one row per kind, size and group) and "Waiting per
    // rank, per step" (one row per rank), columns as TransferColumn says.
    QTreeWidget *transferTree() const { return m_transfer; }
    enum TransferColumn { TransferKind, TransferSize, TransferGroup, TransferCalls, TransferTime, TransferWaiting, TransferBusbw,
                          TransferRankBusbw, TransferColumns };
    QCheckBox *alignBox() const { return m_align; }

    // What a click does: row = rank index (the session's run); event = index into the result's
    // stragglers.events. Public for tests and the window.
    void activateRank(int row);
    void showCollective(int event);

    enum ItemRole { EventRole = Qt::UserRole + 1, RankIndexRole };

    // The headline's sentences, in the order shown (joined by " · "); public for tests.
    QString jobText() const;
    // How a straggler's wait on the others reads, in its list row and in the headline alike:
    // "4,197.9 ms per step, summed over the 7 other ranks".
    static QString stragglerWait(const analysis::StragglerRank &r);

signals:
    // row: the rank index; the session's run where every rank is one (a folder shown whole), the
    // rank whose timeline to load in summary mode.
    void rankActivated(int run);
    void analysisFinished();

private:
    bool sessionMatches() const;
    // The session's settings changed: the ranks measured again (a summary marked stale instead).
    void followSettings();
    analysis::AnalysisOptions sessionOptions() const;
    void applyOffsets();
    void rerun();
    void showResult(const RanksResultPtr &result);
    void fillStragglers();
    void fillTransfer();
    void fitColumns();
    void updateStatus();
    QString slowestRankText(const analysis::JobResult &j) const;
    void followShownRank();
    int selectedRank() const;

    QPointer<Session> m_session;
    RanksRunner *m_runner;
    analysis::AnalysisOptions m_options;
    std::vector<RankFile> m_ranks;
    analysis::ClockAlignment m_clocks;
    RanksResultPtr m_result;
    bool m_summaryMode = false;
    bool m_summaryStale = false; // the analysis options changed since the summary was measured
    int m_pendingEvent = -1;     // a straggler collective to show once its rank's timeline is loaded

    QLabel *m_status;
    QCheckBox *m_align;
    QPushButton *m_openRank;
    QLabel *m_job;
    RankTableModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QTableView *m_table;
    QTreeWidget *m_stragglers;
    QTreeWidget *m_transfer;
};

} // namespace lanescope
