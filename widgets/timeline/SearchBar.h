#pragma once
// Ctrl+F over the timeline: substring or regular expression over slice names, the match count,
// Enter / Shift+Enter to step through the matches (the view follows each one).
#include "timeline/TimelineSearch.h"

#include <QWidget>

class QCheckBox;
class QLabel;
class QLineEdit;
class QTimer;

namespace lanescope {

class TimelineView;

class SearchBar : public QWidget
{
    Q_OBJECT
public:
    explicit SearchBar(TimelineView *view, QWidget *parent = nullptr);

    void activate(); // show, focus and select the text
    void setQuery(const QString &text, bool regex = false); // searches at once
    void search();   // with the current text
    void next();
    void previous();
    std::size_t matchCount() const { return m_result.hits.size(); }
    int currentIndex() const { return m_current; } // -1 before the first step
    QString statusText() const;
    QLineEdit *lineEdit() const { return m_edit; }
    void reset(); // a new trace: forget the results

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void step(int delta);
    void updateStatus();

    TimelineView *m_view;
    QLineEdit *m_edit;
    QCheckBox *m_regex;
    QLabel *m_status;
    QTimer *m_debounce;
    SearchResult m_result;
    int m_current = -1;
    QString m_searched; // pattern of m_result
    bool m_searchedRegex = false;
};

} // namespace lanescope
