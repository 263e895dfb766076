// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What a window shows before anything is opened: the ways in (open a trace, open a folder of rank
// traces, open the demo comparison) and the recent files with their sizes and dates, instead of an
// empty canvas and empty docks. It lies over the window's central area, docks and toolbars (between
// the menu bar and the status bar) and follows the window's size, so the dock layout underneath is
// neither changed nor saved differently; the window hides it once a trace is shown.
#include <QStringList>
#include <QWidget>

class QLabel;
class QMainWindow;
class QProgressBar;
class QPushButton;
class QTreeWidget;
class QTreeWidgetItem;

namespace lanescope {

class StartPage : public QWidget
{
    Q_OBJECT
public:
    enum Column { NameColumn, SizeColumn, ModifiedColumn, FolderColumn, ColumnCount };

    explicit StartPage(QMainWindow *window);

    // Recent entries as MainWindow::recentFiles() gives them: a path (file or folder), or a
    // comparison's paths joined by '\n'; newest first.
    void setRecentFiles(const QStringList &entries);
    QTreeWidget *recentList() const { return m_recent; }
    QPushButton *openButton() const { return m_open; }
    QPushButton *folderButton() const { return m_folder; }
    QPushButton *demoButton() const { return m_demo; }

    // While a trace loads: what loads ("Loading model.pt.trace.json…") over a progress bar with its
    // percentage, in the middle of the page where the eye is, not only in the status bar.
    void setLoading(bool loading, const QString &what = {});
    void setProgress(double fraction); // 0..1
    QProgressBar *loadProgress() const { return m_progress; }

    // The bytes of an entry: a comparison's files together, a folder's trace files.
    static qint64 entrySize(const QStringList &paths);

signals:
    void openTraceRequested();
    void openFolderRequested();
    void demoRequested();
    void recentRequested(const QStringList &paths);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override; // the window's resizes

private:
    void place();
    void openItem(QTreeWidgetItem *item);

    QMainWindow *m_window;
    QPushButton *m_open, *m_folder, *m_demo;
    QTreeWidget *m_recent;
    QLabel *m_noRecent;
    QWidget *m_loading;
    QLabel *m_loadingText;
    QProgressBar *m_progress;
};

} // namespace lanescope
