// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/timeline/SearchBar.h"

#include "widgets/analysis/LatestRunner.h"
#include "widgets/timeline/SearchResultsModel.h"
#include "widgets/timeline/SearchResultsPanel.h"
#include "widgets/timeline/TimelineView.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QTableView>
#include <QTimer>
#include <QToolButton>

namespace lanescope {

// The search on a worker thread; only the latest query's result comes back.
class SearchRunner : public LatestRunner
{
public:
    explicit SearchRunner(std::function<void(std::shared_ptr<const SearchResult>)> onResult, QObject *parent)
        : LatestRunner(parent)
        , m_onResult(std::move(onResult))
    {
    }
    void run(std::function<std::shared_ptr<const SearchResult>()> work)
    {
        submit([work = std::move(work)]() -> Result { return work(); },
               [](const QString &message) -> Result {
                   auto r = std::make_shared<SearchResult>();
                   r->error = message;
                   return r;
               });
    }
    void cancel() { submit(nullptr, nullptr); }

protected:
    void deliver(const Result &result) override { m_onResult(std::static_pointer_cast<const SearchResult>(result)); }

private:
    std::function<void(std::shared_ptr<const SearchResult>)> m_onResult;
};

SearchBar::SearchBar(TimelineView *view, QWidget *parent)
    : QWidget(parent)
    , m_view(view)
    , m_edit(new QLineEdit(this))
    , m_regex(new QCheckBox(tr("Regex"), this))
    , m_status(new QLabel(this))
    , m_debounce(new QTimer(this))
    , m_panel(new SearchResultsPanel(this))
{
    m_panel->hide(); // until the window docks it
    m_runner = new SearchRunner([this](std::shared_ptr<const SearchResult> r) { apply(std::move(r)); }, this);
    m_edit->setPlaceholderText(tr("Find slices by name (Enter or F3: next, Shift+Enter: previous)"));
    m_edit->setClearButtonEnabled(true);
    m_edit->installEventFilter(this);
    m_panel->table()->installEventFilter(this);
    m_status->setMinimumWidth(140);
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(200); // search as the user types, not on every key of a fast typist
    connect(m_debounce, &QTimer::timeout, this, &SearchBar::search);
    connect(m_edit, &QLineEdit::textChanged, m_debounce, qOverload<>(&QTimer::start));
    connect(m_regex, &QCheckBox::toggled, this, &SearchBar::search);
    connect(m_panel, &SearchResultsPanel::hitRequested, this, &SearchBar::goTo);
    connect(m_view, &TimelineView::findRequested, this, &SearchBar::findExact);
    connect(m_view->session(), &Session::runsChanged, this, &SearchBar::reset);

    auto *prev = new QToolButton(this);
    prev->setArrowType(Qt::UpArrow);
    prev->setToolTip(tr("Previous match (Shift+Enter)"));
    connect(prev, &QToolButton::clicked, this, &SearchBar::previous);
    auto *nextButton = new QToolButton(this);
    nextButton->setArrowType(Qt::DownArrow);
    nextButton->setToolTip(tr("Next match (Enter)"));
    connect(nextButton, &QToolButton::clicked, this, &SearchBar::next);
    auto *close = new QToolButton(this);
    close->setText(QStringLiteral("✕"));
    close->setAutoRaise(true);
    close->setToolTip(tr("Close the search bar (Esc)"));
    connect(close, &QToolButton::clicked, this, [this] {
        hide();
        m_view->setFocus();
    });

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 3, 6, 3);
    layout->addWidget(new QLabel(tr("Find:"), this));
    layout->addWidget(m_edit, 1);
    layout->addWidget(m_regex);
    layout->addWidget(prev);
    layout->addWidget(nextButton);
    layout->addWidget(m_status);
    layout->addWidget(close);
    updateStatus();
}

SearchBar::~SearchBar() = default;

void SearchBar::activate()
{
    show();
    m_edit->setFocus();
    m_edit->selectAll();
}

void SearchBar::setQuery(const QString &text, bool regex)
{
    m_edit->blockSignals(true);
    m_edit->setText(text);
    m_edit->blockSignals(false);
    m_regex->blockSignals(true);
    m_regex->setChecked(regex);
    m_regex->blockSignals(false);
    search();
}

void SearchBar::findExact(const QString &name)
{
    activate();
    setQuery(exactNamePattern(name), true);
}

void SearchBar::reset()
{
    m_runner->cancel();
    m_searching = false;
    m_pendingStep = 0;
    m_result.reset();
    m_current = -1;
    m_searched.clear();
    m_panel->model()->clear();
    m_panel->setHeadline(QString());
    updateHighlight();
    updateStatus();
}

void SearchBar::search()
{
    m_debounce->stop();
    m_searched = m_edit->text();
    m_searchedRegex = m_regex->isChecked();
    m_current = -1;
    if (m_searched.isEmpty()) {
        m_runner->cancel();
        m_searching = false;
        m_pendingStep = 0;
        apply(nullptr);
        return;
    }
    std::vector<std::shared_ptr<const Trace>> keep;
    std::vector<TimeNs> bases;
    std::size_t slices = 0;
    for (int r = 0; r < m_view->runCount(); ++r) {
        keep.push_back(m_view->session()->run(r).trace);
        bases.push_back(m_view->session()->base(r));
        if (keep.back())
            slices += keep.back()->sliceCount();
    }
    auto work = [keep, bases, pattern = m_searched, regex = m_searchedRegex] {
        std::vector<const Trace *> traces;
        for (const auto &t : keep)
            traces.push_back(t.get());
        return std::shared_ptr<const SearchResult>(std::make_shared<SearchResult>(searchRuns(traces, bases, pattern, regex)));
    };
    if (slices < m_asyncSlices) {
        apply(work());
        return;
    }
    m_searching = true;
    updateStatus();
    m_runner->run(std::move(work));
}

void SearchBar::apply(std::shared_ptr<const SearchResult> result)
{
    m_searching = false;
    m_result = std::move(result);
    m_current = -1;
    std::vector<std::shared_ptr<const Trace>> traces;
    for (int r = 0; r < m_view->runCount(); ++r)
        traces.push_back(m_view->session()->run(r).trace);
    const TimelineView *view = m_view;
    m_panel->model()->setResults(m_result && m_result->error.isEmpty() ? m_result : nullptr, std::move(traces), [view](SliceRef ref) {
        const QString lane = view->laneLabel(ref);
        return view->runCount() > 1 ? view->session()->run(ref.run).label + QStringLiteral(" · ") + lane : lane;
    });
    m_panel->table()->sortByColumn(SearchResultsModel::StartColumn, Qt::AscendingOrder);
    const QLocale locale;
    const std::size_t n = matchCount();
    if (!m_result || n == 0)
        m_panel->setHeadline(m_searched.isEmpty() ? QString() : tr("No slice matches “%1”.").arg(m_searched));
    else if (n > SearchResultsModel::kMaxRows)
        m_panel->setHeadline(tr("“%1”: the first %2 of %3 matches by time (every match is marked in the lanes)")
                                 .arg(m_searched, locale.toString(quint64(SearchResultsModel::kMaxRows)), locale.toString(quint64(n))));
    else
        m_panel->setHeadline((n == 1 ? tr("“%1”: %n match", nullptr, 1) : tr("“%1”: %n matches", nullptr, int(n))).arg(m_searched));
    updateHighlight();
    updateStatus();
    if (m_result && !m_searched.isEmpty())
        emit resultsReady();
    if (m_pendingStep != 0) {
        const int delta = m_pendingStep;
        m_pendingStep = 0;
        step(delta);
    }
}

void SearchBar::updateHighlight()
{
    const bool active = isVisible() && m_result && !m_result->hits.empty();
    m_view->state()->setSearch(active ? m_result->matches : nullptr);
}

void SearchBar::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    updateHighlight();
}

void SearchBar::hideEvent(QHideEvent *event)
{
    QWidget::hideEvent(event);
    updateHighlight(); // closing the bar ends the search: the lanes are shown undimmed again
}

void SearchBar::next() { step(+1); }
void SearchBar::previous() { step(-1); }

void SearchBar::step(int delta)
{
    if (m_searched != m_edit->text() || m_searchedRegex != m_regex->isChecked())
        search();
    if (m_searching) {
        m_pendingStep = delta; // taken once the result is in
        return;
    }
    const int n = int(std::min<std::size_t>(matchCount(), INT32_MAX));
    if (n == 0)
        return;
    int current = m_current;
    if (current < 0) {
        // Start from the first match at or after the window's start (previous: before its end).
        const double from = delta > 0 ? m_view->state()->windowStart() : m_view->state()->windowEnd(); // axis
        auto it = std::lower_bound(m_result->hits.begin(), m_result->hits.end(), from,
                                   [](const SearchHit &h, double t) { return double(h.start) < t; });
        current = int(it - m_result->hits.begin());
        if (delta < 0)
            --current;
    } else {
        current += delta;
    }
    goTo(std::size_t(((current % n) + n) % n));
}

void SearchBar::goTo(std::size_t hit)
{
    if (!m_result || hit >= m_result->hits.size())
        return;
    m_current = int(hit);
    const SearchHit &h = m_result->hits[hit];
    m_view->selectSlice(SliceRef{h.run, h.track, h.slice}, true);
    m_panel->setCurrentHit(hit);
    updateStatus();
}

QString SearchBar::statusText() const { return m_status->text(); }

void SearchBar::updateStatus()
{
    const QLocale locale;
    if (m_searching)
        m_status->setText(tr("searching…"));
    else if (m_result && !m_result->error.isEmpty())
        m_status->setText(tr("invalid: %1").arg(m_result->error));
    else if (m_searched.isEmpty())
        m_status->clear();
    else if (matchCount() == 0)
        m_status->setText(tr("no matches"));
    else if (m_current < 0)
        m_status->setText(tr("%1 matches").arg(locale.toString(quint64(matchCount()))));
    else
        m_status->setText(tr("%1 of %2").arg(locale.toString(m_current + 1), locale.toString(quint64(matchCount()))));
}

bool SearchBar::eventFilter(QObject *watched, QEvent *event)
{
    if ((watched == m_edit || watched == m_panel->table()) && event->type() == QEvent::KeyPress) {
        auto *ke = static_cast<QKeyEvent *>(event);
        if (ke->key() == Qt::Key_Return || ke->key() == Qt::Key_Enter) {
            if (ke->modifiers() & Qt::ShiftModifier)
                previous();
            else
                next();
            return true;
        }
        if (ke->key() == Qt::Key_Escape && watched == m_edit) {
            hide();
            m_view->setFocus();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace lanescope
