// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/compare/SourceDiffPanel.h"

#include "core/analysis/run/Analysis.h"
#include "widgets/compare/SourceDiffModel.h"
#include "widgets/render/SliceHighlight.h"
#include "widgets/view/Session.h"
#include "widgets/view/ViewState.h"

#include <QCheckBox>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <climits>

namespace lanescope {

SourceDiffPanel::SourceDiffPanel(QWidget *parent)
    : QWidget(parent)
    , m_myCode(new QCheckBox(tr("My code only"), this))
    , m_model(new SourceDiffModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_view(new QTableView(this))
    , m_status(new QLabel(this))
    , m_outliner(new SourceOutlineRunner(this))
{
    m_outliner->onResult = [this](std::shared_ptr<const SourceOutlineRunner::Outline> o) { showOutline(*o); };
    setObjectName(QStringLiteral("sourceDiff"));
    m_myCode->setChecked(true);
    m_myCode->setToolTip(tr("Fold the frames of Python's standard library and of PyTorch into the line of your code that "
                            "called them, in every run"));
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(SourceDiffModel::SortRole);
    m_proxy->setFilterRole(SourceDiffModel::NameRole);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setFilterKeyColumn(0);
    m_view->setObjectName(QStringLiteral("sourceDiffView"));
    m_view->setModel(m_proxy);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(-1, Qt::AscendingOrder); // the model's order: the lines that got slower first
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setWordWrap(false);
    m_view->setTextElideMode(Qt::ElideMiddle);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setMinimumSectionSize(40);
    m_view->setToolTip(tr("Each line of Python against the baseline: the GPU time it launched and its CPU time. Click: "
                          "outline its calls and kernels in every run."));
    connect(m_model, &QAbstractItemModel::modelReset, m_view, [this] {
        if (m_model->columnCount() > 0) {
            m_view->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Interactive);
            m_view->horizontalHeader()->resizeSection(0, 200);
        }
    });
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::PlainText);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_myCode);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_status);
    connect(m_myCode, &QCheckBox::toggled, this, &SourceDiffPanel::refresh);
    const auto go = [this](const QModelIndex &i) { outlineRow(i.isValid() ? m_proxy->mapToSource(i).row() : -1); };
    connect(m_view, &QTableView::clicked, this, go);
    connect(m_view, &QTableView::activated, this, go);
}

SourceDiffPanel::~SourceDiffPanel() = default;

void SourceDiffPanel::setSession(Session *session)
{
    m_session = session;
    refresh();
}

void SourceDiffPanel::setFilter(const QString &text) { m_proxy->setFilterFixedString(text); }
void SourceDiffPanel::setMyCodeOnly(bool on) { m_myCode->setChecked(on); }
bool SourceDiffPanel::myCodeOnly() const { return m_myCode->isChecked(); }
QString SourceDiffPanel::statusText() const { return m_status->text(); }

std::shared_ptr<const analysis::SourceLines> SourceDiffPanel::linesOf(const std::shared_ptr<const analysis::AnalysisResult> &a)
{
    if (!a)
        return nullptr;
    if (!m_myCode->isChecked())
        return std::shared_ptr<const analysis::SourceLines>(a, &a->sourceLines);
    // Analyses gone from the session: their folded lines go too.
    for (auto it = m_folded.begin(); it != m_folded.end();)
        it = it->second.first.expired() ? m_folded.erase(it) : std::next(it);
    auto &slot = m_folded[a.get()];
    if (!slot.second || slot.first.lock() != a)
        slot = {a, std::make_shared<const analysis::SourceLines>(analysis::myCodeOnly(a->sourceLines))};
    return slot.second;
}

void SourceDiffPanel::refresh()
{
    Session *s = m_session.data();
    QStringList labels;
    std::vector<std::shared_ptr<const analysis::SourceLines>> lines;
    bool any = false;
    for (int i = 0; s && i < s->runCount(); ++i) {
        labels << s->run(i).label;
        lines.push_back(linesOf(s->run(i).analysis));
        any = any || (lines.back() && !lines.back()->empty());
    }
    m_outlined.clear();
    m_model->setRuns(labels, std::move(lines));
    if (!s || s->runCount() < 2)
        m_status->setText(tr("Open two or more traces to compare their lines of Python."));
    else if (!any)
        m_status->setText(tr("No Python frames in these runs: record with with_stack=True to compare them line by line."));
    else
        m_status->setText(m_model->rowCount() == 1
                              ? tr("%Ln line of Python.", nullptr, m_model->rowCount())
                              : tr("%Ln lines of Python; the ones whose launched GPU time grew the most first.", nullptr, m_model->rowCount()));
}

void SourceDiffPanel::outlineRow(int row)
{
    Session *s = m_session.data();
    if (!s || row < 0 || row >= m_model->rowCount())
        return;
    const SourceDiffModel::Row &r = m_model->rows()[std::size_t(row)];
    const QString name = r.file.isEmpty() ? r.function : QStringLiteral("%1:%2 %3").arg(r.file).arg(r.line).arg(r.function);
    if (m_outlined == name && s->state()->highlight() && s->state()->highlight()->name == name) {
        s->state()->setHighlight(nullptr);
        m_outlined.clear();
        m_status->setText(tr("Outline cleared."));
        return;
    }
    m_outlined = name;
    // Each run's calls and kernels of the line, off the UI thread.
    std::vector<std::shared_ptr<const Trace>> traces;
    std::vector<std::shared_ptr<const analysis::SourceLines>> lines;
    std::vector<int> rows;
    for (int run = 0; run < s->runCount() && run < m_model->runs(); ++run) {
        traces.push_back(s->run(run).trace);
        lines.push_back(m_model->runLines()[std::size_t(run)]);
        rows.push_back(r.rowOf[std::size_t(run)]);
    }
    m_status->setText(tr("Outlining %1…").arg(name));
    m_outliner->run(traces, name, [traces, lines, rows] {
        std::vector<analysis::SourceSlices> out(traces.size());
        for (std::size_t k = 0; k < traces.size(); ++k)
            if (traces[k] && lines[k] && rows[k] >= 0)
                out[k] = analysis::sourceLineSlices(*traces[k], *lines[k], rows[k]);
        return out;
    });
}

void SourceDiffPanel::showOutline(const SourceOutlineRunner::Outline &o)
{
    Session *s = m_session.data();
    if (!s)
        return;
    if (!o.error.isEmpty()) {
        m_status->setText(tr("%1 could not be outlined: %2").arg(o.what, o.error));
        return;
    }
    auto h = std::make_shared<SliceHighlight>();
    h->name = o.what;
    const int runs = s->runCount();
    h->runs.resize(std::size_t(runs));
    h->counts.assign(std::size_t(runs), 0);
    QStringList counts;
    for (int run = 0; run < runs && run < int(o.traces.size()); ++run) {
        const Trace *t = o.traces[std::size_t(run)].get();
        if (!t || s->trace(run) != t) // the runs changed meanwhile
            continue;
        const analysis::SourceSlices &slices = o.slices[std::size_t(run)];
        auto &tracks = h->runs[std::size_t(run)];
        tracks.resize(t->tracks.size());
        for (const std::vector<analysis::SliceRef> *refs : {&slices.frames, &slices.activities})
            for (const analysis::SliceRef &ref : *refs)
                if (ref.track < t->tracks.size() && ref.slice < t->tracks[ref.track].size())
                    tracks[ref.track].slices.push_back(ref.slice);
        for (std::size_t k = 0; k < tracks.size(); ++k) {
            auto &hits = tracks[k];
            std::sort(hits.slices.begin(), hits.slices.end());
            hits.slices.erase(std::unique(hits.slices.begin(), hits.slices.end()), hits.slices.end());
            for (std::uint32_t i : hits.slices)
                hits.maxDur = std::max(hits.maxDur, t->tracks[k].dur[i]);
            indexHitsByDepth(hits, t->tracks[k]);
            h->counts[std::size_t(run)] += hits.slices.size();
        }
        const int calls = int(std::min<std::size_t>(slices.frames.size(), INT_MAX));
        const int activities = int(std::min<std::size_t>(slices.activities.size(), INT_MAX));
        counts << tr("%1: %2, %3")
                      .arg(s->run(run).label, calls == 1 ? tr("%Ln call", nullptr, calls) : tr("%Ln calls", nullptr, calls),
                           activities == 1 ? tr("%Ln GPU activity", nullptr, activities) : tr("%Ln GPU activities", nullptr, activities));
    }
    s->state()->setHighlight(std::move(h));
    m_status->setText(tr("%1 outlined in yellow (%2).").arg(o.what, counts.join(QStringLiteral("; "))));
}

bool SourceDiffPanel::outlineBusy() const { return m_outliner->isBusy(); }

} // namespace lanescope
