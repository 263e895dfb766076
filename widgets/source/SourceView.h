// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Time spent's Source view: which lines of Python launch the GPU's work (traces recorded with
// with_stack=True). The analysis' analysis::SourceLines shown as a table by file:line, a per-file
// roll-up and a flame graph (FlameGraph, weighed by launched GPU time or CPU time); "My code only"
// (on by default) folds the standard library's and PyTorch's frames into their callers
// (analysis::myCodeOnly, computed once per analysis when first asked). A click on a line outlines
// exactly its python_function slices and the kernels it launched (analysis::sourceLineSlices) in
// the run's lanes, a click on a frame of the graph those of that call path; a double click on a
// line zooms the timeline to its costliest call. The outlines are computed off the UI thread (the
// latest click wins). Open in Editor (EditorLauncher) where the line's file is on this machine.
#include "widgets/analysis/AnalysisRunner.h"

#include <QPointer>
#include <QWidget>

#include <memory>

class QCheckBox;
class QComboBox;
class QLabel;
class QMenu;
class QModelIndex;
class QPushButton;
class QScrollArea;
class QSortFilterProxyModel;
class QTabWidget;
class QTableView;

namespace lanescope {

class FlameGraph;
class Session;
class SourceFileModel;
class SourceLineModel;
class SourceOutlineRunner;
struct SliceHighlight;

class SourceView : public QWidget
{
    Q_OBJECT
public:
    enum class Page { Lines, Files, FlameGraph };

    explicit SourceView(QWidget *parent = nullptr);
    ~SourceView() override;

    void setSession(Session *session);
    // The analysis shown (null: none) of run `run` of the session, over `trace`.
    void setResult(std::shared_ptr<const Trace> trace, int run, AnalysisResultPtr result);
    void setFilter(const QString &text); // on the lines' "file:line function" and the files' names

    void setMyCodeOnly(bool on);
    bool myCodeOnly() const;
    void setPage(Page page);
    Page page() const;
    // The rows shown: the analysis' source lines, folded when "My code only" is on. Null: none.
    std::shared_ptr<const analysis::SourceLines> shown() const;

    // Selects and outlines the row of file:line (a Details panel link): the Lines page, its filter
    // cleared, "My code only" turned off when that hides the line. False: no such line.
    bool showLine(const QString &file, int line);
    // Outlines row `row` of shown()->lines in the lanes (what a click on its row does).
    void outlineLine(int row);
    // Outlines node `frame` of shown()->frames (a click in the flame graph).
    void outlineFrame(int frame);
    // The timeline to the row's costliest call (a double click on it).
    void zoomToLine(int row);
    // Opens row `row`'s file at its line in the user's editor; false (and a status) where it cannot.
    bool openInEditor(int row);

    QTableView *lineTable() const { return m_lineTable; }
    QTableView *fileTable() const { return m_fileTable; }
    FlameGraph *flameGraph() const { return m_flame; }
    QComboBox *weightBox() const { return m_weight; }
    QCheckBox *myCodeBox() const { return m_myCode; }
    QPushButton *editorButton() const { return m_editor; }
    // The row of shown()->lines the current selection of the line table is, -1 none.
    int currentLine() const;
    // An outline being computed (off the UI thread); the status line says so.
    bool outlineBusy() const;

    // The Time spent tab's scope line for this view; `where` names the analysed stretch.
    QString scopeText(const QString &where) const;
    // The current page's table (the line table for the flame graph) as tab-separated text, header
    // first; the selected rows, if any.
    QString tableText() const;

    // The outline of given slices of one run, for every view of the session.
    static std::shared_ptr<const SliceHighlight> highlightOf(const Trace &trace, int run, int runCount,
                                                             const analysis::SourceSlices &slices, const QString &name);

signals:
    void rangeRequested(qint64 fromNs, qint64 toNs); // model time of the run shown
    void statusChanged(const QString &text);
    void scopeChanged();
    void filterRequested(const QString &text); // the filter box should read this

private:
    void showRows();
    void outline(const analysis::SourceSlices &slices, const QString &what);
    void updateEditorButton();
    void lineMenu(const QPoint &pos);
    void fileActivated(const QModelIndex &index);
    int lineRowOf(const QModelIndex &proxyIndex) const;

    std::shared_ptr<const Trace> m_trace;
    AnalysisResultPtr m_result;
    std::shared_ptr<const analysis::SourceLines> m_folded; // myCodeOnly(m_result->sourceLines), once asked
    int m_run = 0;
    QPointer<Session> m_session;

    QCheckBox *m_myCode;
    QComboBox *m_weight;
    QPushButton *m_editor;
    QTabWidget *m_pages;
    SourceLineModel *m_lineModel;
    SourceFileModel *m_fileModel;
    QSortFilterProxyModel *m_lineProxy;
    QSortFilterProxyModel *m_fileProxy;
    QTableView *m_lineTable;
    QTableView *m_fileTable;
    QScrollArea *m_flameScroll;
    FlameGraph *m_flame;
    QLabel *m_flameHint;
    SourceOutlineRunner *m_outliner;
};

} // namespace lanescope
