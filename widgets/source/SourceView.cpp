// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/source/SourceView.h"

#include "core/analysis/run/Analysis.h"
#include "core/analysis/text/FigureText.h"
#include "widgets/analysis/SummaryTable.h"
#include "widgets/render/SliceHighlight.h"
#include "widgets/source/EditorLauncher.h"
#include "widgets/source/FlameGraph.h"
#include "widgets/source/SourceModels.h"
#include "widgets/source/SourceOutlineRunner.h"
#include "widgets/view/Session.h"
#include "widgets/view/ViewState.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QFontMetrics>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QPushButton>
#include <QScrollArea>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <functional>
#include <climits>

namespace lanescope {

namespace {

// The figure columns from `first` on as wide as their header (in the language shown) and its sort
// arrow, at least what a count or "12,345.678" needs.
void fitFigureColumns(QTableView *v, int first)
{
    const QFontMetrics fm(v->horizontalHeader()->font());
    const int figure = fm.horizontalAdvance(QStringLiteral("12,345.678")) + 12;
    for (int c = first; c < v->model()->columnCount(); ++c) {
        const QString header = v->model()->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString();
        v->horizontalHeader()->resizeSection(c, std::max(c == first ? fm.horizontalAdvance(QStringLiteral("12,345")) + 12 : figure,
                                                         fm.horizontalAdvance(header) + 28));
    }
}

} // namespace

SourceView::SourceView(QWidget *parent)
    : QWidget(parent)
    , m_outliner(new SourceOutlineRunner(this))
{
    m_outliner->onResult = [this](std::shared_ptr<const SourceOutlineRunner::Outline> o) {
        if (!o->error.isEmpty())
            emit statusChanged(tr("%1 could not be outlined: %2").arg(o->what, o->error));
        else if (o->traces.size() == 1 && o->slices.size() == 1 && o->traces.front() == m_trace) // still the trace shown
            outline(o->slices.front(), o->what);
    };
    m_myCode = new QCheckBox(tr("My code only"), this);
    m_myCode->setObjectName(QStringLiteral("sourceMyCode"));
    m_myCode->setChecked(true);
    m_myCode->setToolTip(tr("Fold the frames of Python's standard library and of PyTorch into the line of your code that "
                            "called them: their time counts for that line, every total stays the same"));
    m_weight = new QComboBox(this);
    m_weight->setObjectName(QStringLiteral("sourceWeight"));
    m_weight->addItem(tr("Width: GPU time launched"), int(FlameGraph::Weight::Gpu));
    m_weight->addItem(tr("Width: CPU time"), int(FlameGraph::Weight::Cpu));
    m_weight->setToolTip(tr("What a frame's width in the flame graph stands for"));
    m_editor = new QPushButton(tr("Open in Editor"), this);
    m_editor->setObjectName(QStringLiteral("sourceOpenEditor"));
    m_editor->setToolTip(tr("Open the selected line's file at that line (the editor and a path map for traces "
                            "recorded on another machine: Edit > Preferences)"));
    m_editor->setEnabled(false);

    m_lineModel = new SourceLineModel(this);
    m_lineProxy = summaryProxy(m_lineModel, SourceLineModel::SortRole, SourceLineModel::NameRole, SourceLineModel::LocationColumn, this);
    m_fileModel = new SourceFileModel(this);
    m_fileProxy = summaryProxy(m_fileModel, SourceFileModel::SortRole, SourceFileModel::NameRole, SourceFileModel::FileColumn, this);

    m_pages = new QTabWidget(this);
    m_pages->setObjectName(QStringLiteral("sourcePages"));
    m_pages->setDocumentMode(true);
    m_lineTable = makeSummaryTable(m_pages, m_lineProxy, QStringLiteral("sourceLines"));
    m_lineTable->sortByColumn(SourceLineModel::GpuColumn, Qt::DescendingOrder);
    // Every column in ~760 px, the dock's width beside the timeline; the figures need ~80 px.
    m_lineTable->horizontalHeader()->resizeSection(SourceLineModel::LocationColumn, 200);
    m_lineTable->horizontalHeader()->resizeSection(SourceLineModel::FunctionColumn, 130);
    fitFigureColumns(m_lineTable, SourceLineModel::CallsColumn);
    m_lineTable->setContextMenuPolicy(Qt::CustomContextMenu);
    m_lineTable->setToolTip(tr("Click: outline the line's Python calls and the kernels they launched in the lanes. "
                               "Double-click: zoom to its costliest call. Right-click: open it in your editor."));
    m_fileTable = makeSummaryTable(m_pages, m_fileProxy, QStringLiteral("sourceFiles"));
    m_fileTable->sortByColumn(SourceFileModel::GpuColumn, Qt::DescendingOrder);
    m_fileTable->horizontalHeader()->resizeSection(SourceFileModel::FileColumn, 240);
    fitFigureColumns(m_fileTable, SourceFileModel::LinesColumn);
    m_fileTable->setToolTip(tr("Click: outline the file's lines in the lanes. Double-click: its lines in the Lines table."));
    m_flame = new FlameGraph;
    m_flameScroll = new QScrollArea;
    m_flameScroll->setObjectName(QStringLiteral("sourceFlameScroll"));
    m_flameScroll->setWidgetResizable(true);
    m_flameScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff); // the graph fits the width
    m_flameScroll->setWidget(m_flame);
    m_flame->setToolTip(QString()); // its own, per frame
    m_pages->addTab(m_lineTable, tr("Lines"));
    m_pages->addTab(m_fileTable, tr("Files"));
    // The graph under a line that says how to move in it, and where it is zoomed.
    auto *flamePage = new QWidget(m_pages);
    m_flameHint = new QLabel(flamePage);
    m_flameHint->setObjectName(QStringLiteral("sourceFlameHint"));
    m_flameHint->setTextFormat(Qt::PlainText);
    m_flameHint->setWordWrap(true);
    m_flameHint->setEnabled(false);
    auto *flameLayout = new QVBoxLayout(flamePage);
    flameLayout->setContentsMargins(0, 2, 0, 0);
    flameLayout->setSpacing(2);
    flameLayout->addWidget(m_flameHint);
    flameLayout->addWidget(m_flameScroll, 1);
    m_pages->addTab(flamePage, tr("Flame graph"));
    m_pages->setTabToolTip(0, tr("One row per line of Python (file, line and function)"));
    m_pages->setTabToolTip(1, tr("One row per file: its lines together"));
    m_pages->setTabToolTip(2, tr("The Python call paths, callers above their callees, each frame as wide as the time "
                                 "it took. Click: select and outline; double-click: zoom in (on the top frame or the "
                                 "background: out); Esc: the whole graph."));

    auto *controls = new QHBoxLayout;
    controls->setContentsMargins(0, 0, 0, 0);
    controls->setSpacing(4);
    controls->addWidget(m_myCode);
    controls->addWidget(m_weight);
    controls->addStretch(1);
    controls->addWidget(m_editor);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    layout->addLayout(controls);
    layout->addWidget(m_pages, 1);

    m_weight->setVisible(false);
    connect(m_pages, &QTabWidget::currentChanged, this, [this](int i) {
        m_weight->setVisible(i == int(Page::FlameGraph));
        emit statusChanged(QString());
    });
    connect(m_weight, &QComboBox::currentIndexChanged, this,
            [this] { m_flame->setWeight(FlameGraph::Weight(m_weight->currentData().toInt())); });
    connect(m_myCode, &QCheckBox::toggled, this, [this] {
        showRows();
        emit scopeChanged();
    });
    const auto lineGo = [this](const QModelIndex &i) { outlineLine(lineRowOf(i)); };
    connect(m_lineTable, &QAbstractItemView::clicked, this, lineGo);
    connect(m_lineTable, &QAbstractItemView::activated, this, lineGo);
    connect(m_lineTable, &QAbstractItemView::doubleClicked, this, [this](const QModelIndex &i) { zoomToLine(lineRowOf(i)); });
    connect(m_lineTable, &QWidget::customContextMenuRequested, this, &SourceView::lineMenu);
    connect(m_lineTable->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this] { updateEditorButton(); });
    connect(m_fileTable, &QAbstractItemView::clicked, this, &SourceView::fileActivated);
    connect(m_fileTable, &QAbstractItemView::activated, this, &SourceView::fileActivated);
    connect(m_fileTable, &QAbstractItemView::doubleClicked, this, [this](const QModelIndex &i) {
        const int row = i.isValid() ? m_fileProxy->mapToSource(i).row() : -1;
        if (row < 0 || row >= int(m_fileModel->rows().size()))
            return;
        // The file's lines, in the Lines table (through the panel's filter box, which shows it).
        const QString file = m_fileModel->rows()[std::size_t(row)].file;
        emit filterRequested(file);
        setFilter(file);
        setPage(Page::Lines);
    });
    connect(m_editor, &QPushButton::clicked, this, [this] { openInEditor(currentLine()); });
    const auto hint = [this](int zoom) {
        const auto s = shown();
        if (zoom < 0 || !s || zoom >= int(s->frames.size())) {
            m_flameHint->setText(tr("Click a frame: outline that call path in the lanes. Double-click: zoom into it."));
            return;
        }
        const analysis::SourceFrame &f = s->frames[std::size_t(zoom)];
        const analysis::SourceLine *l = f.line >= 0 && f.line < int(s->lines.size()) ? &s->lines[std::size_t(f.line)] : nullptr;
        m_flameHint->setText(tr("Zoomed into %1. Double-click it or the background to zoom out one level, Esc for the whole graph.")
                                 .arg(l ? (l->file.isEmpty() ? l->function : l->location() + QLatin1Char(' ') + l->function) : QString()));
    };
    hint(-1);
    connect(m_flame, &FlameGraph::zoomChanged, this, hint);
    connect(m_flame, &FlameGraph::frameClicked, this, [this](int frame) {
        outlineFrame(frame);
        // Its line selected in the table as well, where the filter shows it.
        const auto s = shown();
        if (!s || frame < 0 || frame >= int(s->frames.size()))
            return;
        const int line = s->frames[std::size_t(frame)].line;
        for (int r = 0; r < m_lineProxy->rowCount(); ++r)
            if (lineRowOf(m_lineProxy->index(r, 0)) == line) {
                m_lineTable->selectRow(r);
                break;
            }
    });
}

SourceView::~SourceView() = default;

void SourceView::setSession(Session *session) { m_session = session; }

void SourceView::setResult(std::shared_ptr<const Trace> trace, int run, AnalysisResultPtr result)
{
    const bool same = result && m_result == result;
    m_trace = std::move(trace);
    m_run = run;
    m_result = std::move(result);
    if (!same)
        m_folded.reset();
    showRows();
}

void SourceView::setFilter(const QString &text)
{
    m_lineProxy->setFilterFixedString(text);
    m_fileProxy->setFilterFixedString(text);
}

void SourceView::setMyCodeOnly(bool on) { m_myCode->setChecked(on); }
bool SourceView::myCodeOnly() const { return m_myCode->isChecked(); }
void SourceView::setPage(Page page) { m_pages->setCurrentIndex(int(page)); }
SourceView::Page SourceView::page() const { return Page(m_pages->currentIndex()); }

std::shared_ptr<const analysis::SourceLines> SourceView::shown() const
{
    if (!m_result)
        return nullptr;
    if (!m_myCode->isChecked())
        return std::shared_ptr<const analysis::SourceLines>(m_result, &m_result->sourceLines); // owned by the result
    if (!m_folded) // folding walks the frames once: a few ms for 100,000 of them
        const_cast<SourceView *>(this)->m_folded = std::make_shared<const analysis::SourceLines>(analysis::myCodeOnly(m_result->sourceLines));
    return m_folded;
}

void SourceView::showRows()
{
    const auto s = shown();
    m_lineModel->setRows(s ? s->lines : std::vector<analysis::SourceLine>{});
    m_fileModel->setRows(s ? s->files : std::vector<analysis::SourceFile>{});
    m_flame->setData(s && !s->frames.empty() ? s : nullptr);
    updateEditorButton();
}

int SourceView::lineRowOf(const QModelIndex &proxyIndex) const
{
    if (!proxyIndex.isValid())
        return -1;
    const int row = m_lineProxy->mapToSource(proxyIndex).row();
    return row >= 0 && row < int(m_lineModel->rows().size()) ? row : -1;
}

int SourceView::currentLine() const { return lineRowOf(m_lineTable->currentIndex()); }
bool SourceView::outlineBusy() const { return m_outliner->isBusy(); }

std::shared_ptr<const SliceHighlight> SourceView::highlightOf(const Trace &trace, int run, int runCount,
                                                              const analysis::SourceSlices &slices, const QString &name)
{
    auto h = std::make_shared<SliceHighlight>();
    h->name = name;
    h->runs.resize(std::size_t(std::max(runCount, run + 1)));
    h->counts.assign(h->runs.size(), 0);
    auto &tracks = h->runs[std::size_t(run)];
    tracks.resize(trace.tracks.size());
    for (const std::vector<analysis::SliceRef> *refs : {&slices.frames, &slices.activities})
        for (const analysis::SliceRef &r : *refs)
            if (r.track < trace.tracks.size() && r.slice < trace.tracks[r.track].size())
                tracks[r.track].slices.push_back(r.slice);
    for (std::size_t k = 0; k < tracks.size(); ++k) {
        SliceHighlight::TrackHits &hits = tracks[k];
        if (hits.slices.empty())
            continue;
        // By start, as the renderer searches them (a track's slices are stored by start).
        std::sort(hits.slices.begin(), hits.slices.end());
        hits.slices.erase(std::unique(hits.slices.begin(), hits.slices.end()), hits.slices.end());
        for (std::uint32_t i : hits.slices)
            hits.maxDur = std::max(hits.maxDur, trace.tracks[k].dur[i]);
        indexHitsByDepth(hits, trace.tracks[k]);
        h->counts[std::size_t(run)] += hits.slices.size();
    }
    return h;
}

void SourceView::outline(const analysis::SourceSlices &slices, const QString &what)
{
    Session *s = m_session.data();
    if (!s || m_run >= s->runCount() || !m_trace || s->trace(m_run) != m_trace.get())
        return;
    auto h = highlightOf(*m_trace, m_run, s->runCount(), slices, what);
    const int calls = int(std::min<std::size_t>(slices.frames.size(), INT_MAX));
    const int activities = int(std::min<std::size_t>(slices.activities.size(), INT_MAX));
    QString text = tr("%1: %2 and %3 outlined in yellow.")
                       .arg(what, calls == 1 ? tr("%Ln Python call", nullptr, calls) : tr("%Ln Python calls", nullptr, calls),
                            activities == 1 ? tr("%Ln GPU activity launched from it", nullptr, activities)
                                            : tr("%Ln GPU activities launched from it", nullptr, activities));
    if (slices.truncated)
        text += QLatin1Char(' ') + tr("(only the first ones: there are more)");
    s->state()->setHighlight(std::move(h));
    emit statusChanged(text);
}

void SourceView::outlineLine(int row)
{
    const auto s = shown();
    if (!s || !m_trace || row < 0 || row >= int(s->lines.size()))
        return;
    const analysis::SourceLine &l = s->lines[std::size_t(row)];
    const QString what = l.file.isEmpty() ? l.function : l.location() + QLatin1Char(' ') + l.function;
    const std::shared_ptr<const Trace> trace = m_trace;
    emit statusChanged(tr("Outlining %1…").arg(what));
    m_outliner->run({trace}, what, [trace, s, row] { return std::vector{analysis::sourceLineSlices(*trace, *s, row)}; });
    m_flame->setHighlightedLine(row); // its frames framed in the graph too
    updateEditorButton();
}

void SourceView::outlineFrame(int frame)
{
    const auto s = shown();
    if (!s || !m_trace || frame < 0 || frame >= int(s->frames.size()))
        return;
    const analysis::SourceFrame &f = s->frames[std::size_t(frame)];
    const QString name = f.line >= 0 && f.line < int(s->lines.size()) ? s->lines[std::size_t(f.line)].function : QString();
    const std::shared_ptr<const Trace> trace = m_trace;
    const QString what = tr("%1 (this call path)").arg(name);
    emit statusChanged(tr("Outlining %1…").arg(what));
    m_outliner->run({trace}, what, [trace, s, frame] { return std::vector{analysis::sourceFrameSlices(*trace, *s, frame)}; });
}

void SourceView::fileActivated(const QModelIndex &index)
{
    const auto s = shown();
    const int row = index.isValid() ? m_fileProxy->mapToSource(index).row() : -1;
    if (!s || !m_trace || row < 0 || row >= int(m_fileModel->rows().size()))
        return;
    const QString file = m_fileModel->rows()[std::size_t(row)].file;
    const std::shared_ptr<const Trace> trace = m_trace;
    const QString what = file.isEmpty() ? tr("(built-in)") : file;
    emit statusChanged(tr("Outlining %1…").arg(what));
    m_outliner->run({trace}, what, [trace, s, file] {
        // The file's lines together; a bounded number of slices in all.
        analysis::SourceSlices all;
        constexpr std::size_t kMaxSlices = 1'000'000;
        for (int k = 0; k < int(s->lines.size()); ++k) {
            if (s->lines[std::size_t(k)].file != file)
                continue;
            const std::size_t left = kMaxSlices - std::max(all.frames.size(), all.activities.size());
            if (left == 0) {
                all.truncated = true;
                break;
            }
            analysis::SourceSlices one = analysis::sourceLineSlices(*trace, *s, k, left);
            all.frames.insert(all.frames.end(), one.frames.begin(), one.frames.end());
            all.activities.insert(all.activities.end(), one.activities.begin(), one.activities.end());
            all.truncated = all.truncated || one.truncated;
        }
        // A line calling another of its file: their calls and kernels once.
        for (auto *v : {&all.frames, &all.activities}) {
            std::sort(v->begin(), v->end(), [](const analysis::SliceRef &a, const analysis::SliceRef &b) {
                return a.track != b.track ? a.track < b.track : a.slice < b.slice;
            });
            v->erase(std::unique(v->begin(), v->end(), [](const analysis::SliceRef &a, const analysis::SliceRef &b) {
                         return a.track == b.track && a.slice == b.slice;
                     }),
                     v->end());
        }
        return std::vector{std::move(all)};
    });
}

void SourceView::zoomToLine(int row)
{
    const auto s = shown();
    if (!s || !m_trace || row < 0 || row >= int(s->lines.size()))
        return;
    const analysis::SourceLine &l = s->lines[std::size_t(row)];
    if (l.longestNs <= 0 || l.longest.track >= m_trace->tracks.size() || l.longest.slice >= m_trace->tracks[l.longest.track].size())
        return;
    const Track &trk = m_trace->tracks[l.longest.track];
    emit rangeRequested(trk.start[l.longest.slice], trk.end(l.longest.slice));
}

bool SourceView::showLine(const QString &file, int line)
{
    const auto find = [&](const analysis::SourceLines &s) {
        for (int k = 0; k < int(s.lines.size()); ++k)
            if (s.lines[std::size_t(k)].file == file && s.lines[std::size_t(k)].line == line)
                return k;
        return -1;
    };
    auto s = shown();
    if (!s)
        return false;
    int row = find(*s);
    if (row < 0 && m_myCode->isChecked() && find(m_result->sourceLines) >= 0) {
        m_myCode->setChecked(false); // the line is folded away: show every frame
        s = shown();
        row = find(*s);
    }
    if (row < 0)
        return false;
    setPage(Page::Lines);
    emit filterRequested(QString());
    setFilter(QString());
    const QModelIndex i = m_lineProxy->mapFromSource(m_lineModel->index(row, 0));
    m_lineTable->setCurrentIndex(i);
    m_lineTable->selectRow(i.row());
    m_lineTable->scrollTo(i, QAbstractItemView::PositionAtCenter);
    outlineLine(row);
    return true;
}

bool SourceView::openInEditor(int row)
{
    const auto s = shown();
    if (!s || row < 0 || row >= int(s->lines.size()))
        return false;
    const analysis::SourceLine &l = s->lines[std::size_t(row)];
    QString error;
    if (!EditorLauncher().open(l.file, l.line, &error)) {
        emit statusChanged(error);
        return false;
    }
    emit statusChanged(tr("Opened %1 in the editor.").arg(l.location()));
    return true;
}

void SourceView::updateEditorButton()
{
    const auto s = shown();
    const int row = currentLine();
    const bool local = s && row >= 0 && row < int(s->lines.size()) && !EditorLauncher().localFile(s->lines[std::size_t(row)].file).isEmpty();
    m_editor->setEnabled(local);
}

void SourceView::lineMenu(const QPoint &pos)
{
    const int row = lineRowOf(m_lineTable->indexAt(pos));
    const auto s = shown();
    if (!s || row < 0)
        return;
    const analysis::SourceLine &l = s->lines[std::size_t(row)];
    QMenu menu(this);
    // Offered only where the file is on this machine (after the path map).
    if (!EditorLauncher().localFile(l.file).isEmpty())
        menu.addAction(tr("Open in Editor"), this, [this, row] { openInEditor(row); });
    menu.addAction(tr("Copy Location"), this, [l] { QApplication::clipboard()->setText(l.location()); });
    menu.addAction(tr("Zoom to Costliest Call"), this, [this, row] { zoomToLine(row); });
    menu.exec(m_lineTable->viewport()->mapToGlobal(pos));
}

QString SourceView::scopeText(const QString &where) const
{
    const auto s = shown();
    if (!s || s->empty())
        return tr("No Python frames in %1: record with with_stack=True to see which lines of Python launch the GPU's work.").arg(where);
    namespace figure = analysis::figure;
    const int n = int(std::min<std::size_t>(s->lines.size(), INT_MAX)), f = int(std::min<std::size_t>(s->files.size(), INT_MAX));
    const QString lines = n == 1 ? tr("%Ln line", nullptr, n) : tr("%Ln lines", nullptr, n);
    const QString files = f == 1 ? tr("%Ln file", nullptr, f) : tr("%Ln files", nullptr, f);
    QString text = tr("Python lines in %1: %2 in %3; %4 in Python frames on the CPU, %5 of GPU time launched from them")
                       .arg(where, lines, files, figure::ms(double(s->pythonCpuNs)), figure::ms(double(s->pythonGpuNs)));
    if (s->myCodeOnly)
        text += QLatin1Char(' ') + tr("(my code only: the standard library's and PyTorch's frames count for the line that called them)");
    if (s->truncated)
        text += QLatin1Char(' ') + tr("(more call paths than the graph keeps: the last ones count for their callers)");
    return text;
}

QString SourceView::tableText() const
{
    const QTableView *v = page() == Page::Files ? m_fileTable : m_lineTable;
    const QAbstractItemModel *m = v->model();
    const auto rowText = [](const QStringList &cells) { return cells.join(QLatin1Char('\t')); };
    QStringList lines;
    QStringList header;
    for (int c = 0; c < m->columnCount(); ++c)
        header << m->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString();
    lines << rowText(header);
    const QItemSelectionModel *sel = v->selectionModel();
    const bool some = sel && sel->hasSelection();
    for (int r = 0; r < m->rowCount(); ++r) {
        if (some && !sel->isRowSelected(r, {}))
            continue;
        QStringList cells;
        for (int c = 0; c < m->columnCount(); ++c) {
            // Numbers as plain numbers (no group separators), names whole.
            const QVariant sort = m->index(r, c).data(SourceLineModel::SortRole);
            const QString shownText = m->index(r, c).data(Qt::DisplayRole).toString();
            cells << (sort.typeId() == QMetaType::QString ? shownText : QString(shownText).remove(QLocale().groupSeparator()));
        }
        lines << rowText(cells);
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

} // namespace lanescope
