// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Ctrl+F over the timeline: substring or regular expression over slice names in every run. While
// a search is active its matches are drawn in their colours over dimmed lanes, listed in the
// results panel (which the window docks under the timeline), and Enter / F3 / Shift+Enter step
// through them (the view selects and follows each one). Large traces are searched off the UI thread.
#include "widgets/timeline/TimelineSearch.h"

#include <QWidget>

#include <memory>

class QCheckBox;
class QLabel;
class QLineEdit;
class QTimer;

namespace lanescope {

class SearchResultsPanel;
class SearchRunner;
class TimelineView;

class SearchBar : public QWidget
{
    Q_OBJECT
public:
    // Traces with more slices than this (all runs together) are searched on a worker thread.
    // Measured (bench_search) on a 1 GB trace of 4.5 M events, 2.6 M slices: "nccl" (85 k hits)
    // 37 ms, "a" (2.5 M hits) 1.1 s, which would freeze typing; smaller traces stay synchronous.
    static constexpr std::size_t kAsyncSlices = 1'000'000;
    void setAsyncThreshold(std::size_t slices) { m_asyncSlices = slices; } // tests: 0 always goes async

    explicit SearchBar(TimelineView *view, QWidget *parent = nullptr);
    ~SearchBar() override;

    void activate(); // show, focus and select the text
    void setQuery(const QString &text, bool regex = false); // searches at once
    void findExact(const QString &name); // Find Similar: every slice of exactly this name
    void search();   // with the current text
    void next();
    void previous();
    std::size_t matchCount() const { return m_result ? m_result->hits.size() : 0; }
    int currentIndex() const { return m_current; } // -1 before the first step
    bool isSearching() const { return m_searching; } // a worker is still at it
    QString statusText() const;
    QLineEdit *lineEdit() const { return m_edit; }
    SearchResultsPanel *resultsPanel() const { return m_panel; }
    void reset(); // a new trace: forget the results

signals:
    void resultsReady(); // a search finished (the window shows the results panel)

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    void step(int delta);
    void goTo(std::size_t hit);
    void apply(std::shared_ptr<const SearchResult> result);
    void updateStatus();
    void updateHighlight(); // the session's search highlight follows the bar's visibility

    TimelineView *m_view;
    QLineEdit *m_edit;
    QCheckBox *m_regex;
    QLabel *m_status;
    QTimer *m_debounce;
    SearchResultsPanel *m_panel;
    SearchRunner *m_runner;
    std::shared_ptr<const SearchResult> m_result;
    int m_current = -1;
    QString m_searched; // pattern of m_result (or of the search in flight)
    bool m_searchedRegex = false;
    bool m_searching = false;
    int m_pendingStep = 0; // a step asked for while the search was in flight
    std::size_t m_asyncSlices = kAsyncSlices;
};

} // namespace lanescope
