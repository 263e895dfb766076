#include "timeline/SearchBar.h"

#include "timeline/TimelineView.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QTimer>
#include <QToolButton>

namespace lanescope {

SearchBar::SearchBar(TimelineView *view, QWidget *parent)
    : QWidget(parent)
    , m_view(view)
    , m_edit(new QLineEdit(this))
    , m_regex(new QCheckBox(tr("Regex"), this))
    , m_status(new QLabel(this))
    , m_debounce(new QTimer(this))
{
    m_edit->setPlaceholderText(tr("Find slices by name (Enter: next, Shift+Enter: previous)"));
    m_edit->setClearButtonEnabled(true);
    m_edit->installEventFilter(this);
    m_status->setMinimumWidth(140);
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(200); // search as the user types, not on every key of a fast typist
    connect(m_debounce, &QTimer::timeout, this, &SearchBar::search);
    connect(m_edit, &QLineEdit::textChanged, m_debounce, qOverload<>(&QTimer::start));
    connect(m_regex, &QCheckBox::toggled, this, &SearchBar::search);

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

void SearchBar::reset()
{
    m_result = {};
    m_current = -1;
    m_searched.clear();
    updateStatus();
}

void SearchBar::search()
{
    m_debounce->stop();
    // Every run of the session: hits of all runs in one order on the shared axis.
    m_result = SearchResult();
    for (int r = 0; r < m_view->runCount(); ++r) {
        const Trace *t = m_view->trace(r);
        if (!t)
            continue;
        SearchResult one = searchSlices(*t, m_edit->text(), m_regex->isChecked());
        if (!one.error.isEmpty()) {
            m_result = std::move(one);
            break;
        }
        const TimeNs base = m_view->session()->base(r);
        for (SearchHit &h : one.hits) {
            h.run = r;
            h.start -= base; // axis time
        }
        m_result.matchingNames += one.matchingNames;
        m_result.hits.insert(m_result.hits.end(), one.hits.begin(), one.hits.end());
    }
    std::stable_sort(m_result.hits.begin(), m_result.hits.end(),
                     [](const SearchHit &a, const SearchHit &b) { return a.start < b.start; });
    m_searched = m_edit->text();
    m_searchedRegex = m_regex->isChecked();
    m_current = -1;
    updateStatus();
}

void SearchBar::next() { step(+1); }
void SearchBar::previous() { step(-1); }

void SearchBar::step(int delta)
{
    if (m_searched != m_edit->text() || m_searchedRegex != m_regex->isChecked())
        search();
    const int n = int(std::min<std::size_t>(m_result.hits.size(), INT32_MAX));
    if (n == 0)
        return;
    if (m_current < 0) {
        // Start from the first match at or after the window's start (previous: before its end).
        const double from = delta > 0 ? m_view->state()->windowStart() : m_view->state()->windowEnd(); // axis
        auto it = std::lower_bound(m_result.hits.begin(), m_result.hits.end(), from,
                                   [](const SearchHit &h, double t) { return double(h.start) < t; });
        m_current = int(it - m_result.hits.begin());
        if (delta < 0)
            --m_current;
    } else {
        m_current += delta;
    }
    m_current = ((m_current % n) + n) % n;
    const SearchHit &h = m_result.hits[std::size_t(m_current)];
    m_view->selectSlice(SliceRef{h.run, h.track, h.slice}, true);
    updateStatus();
}

QString SearchBar::statusText() const { return m_status->text(); }

void SearchBar::updateStatus()
{
    const QLocale locale;
    if (!m_result.error.isEmpty())
        m_status->setText(tr("invalid: %1").arg(m_result.error));
    else if (m_searched.isEmpty())
        m_status->clear();
    else if (m_result.hits.empty())
        m_status->setText(tr("no matches"));
    else if (m_current < 0)
        m_status->setText(tr("%1 matches").arg(locale.toString(quint64(m_result.hits.size()))));
    else
        m_status->setText(tr("%1 of %2").arg(locale.toString(m_current + 1), locale.toString(quint64(m_result.hits.size()))));
}

bool SearchBar::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_edit && event->type() == QEvent::KeyPress) {
        auto *ke = static_cast<QKeyEvent *>(event);
        if (ke->key() == Qt::Key_Return || ke->key() == Qt::Key_Enter) {
            if (ke->modifiers() & Qt::ShiftModifier)
                previous();
            else
                next();
            return true;
        }
        if (ke->key() == Qt::Key_Escape) {
            hide();
            m_view->setFocus();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace lanescope
