// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/gui/StartPage.h"

#include "core/analysis/text/FigureText.h"
#include "widgets/analysis/ItemActivation.h"

#include <QDateTime>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMainWindow>
#include <QMenuBar>
#include <QProgressBar>
#include <QPushButton>
#include <QStatusBar>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace lanescope {

namespace {
constexpr int kColumnWidth = 820; // the page's content; the rest of the window is margin
constexpr int kPathRole = Qt::UserRole + 1;

QStringList traceFilesIn(const QString &folder)
{
    return QDir(folder).entryList({QStringLiteral("*.json"), QStringLiteral("*.json.gz")}, QDir::Files);
}
} // namespace

StartPage::StartPage(QMainWindow *window)
    : QWidget(window)
    , m_window(window)
    , m_open(new QPushButton(tr("Open Trace…"), this))
    , m_folder(new QPushButton(tr("Open Folder…"), this))
    , m_demo(new QPushButton(tr("Open Demo Comparison"), this))
    , m_recent(new QTreeWidget(this))
    , m_noRecent(new QLabel(tr("No recent files yet: they are listed here once opened."), this))
{
    setObjectName(QStringLiteral("startPage"));
    setAutoFillBackground(true); // covers the empty docks underneath
    setBackgroundRole(QPalette::Window);

    auto *title = new QLabel(tr("Lanescope"), this);
    QFont tf = title->font();
    tf.setPointSizeF(tf.pointSizeF() * 2.2);
    tf.setBold(true);
    title->setFont(tf);
    auto *tagline = new QLabel(tr("Why do the GPUs sit idle, and what is the fix worth? Open a PyTorch Profiler "
                                  "(Kineto) trace, a folder of rank traces, or the demo: a training run before "
                                  "and after tuning."),
                               this);
    tagline->setWordWrap(true);

    m_open->setToolTip(tr("A .json or .json.gz trace (Ctrl+O); two or more are compared"));
    m_folder->setToolTip(tr("Every rank trace of a folder as one job, on one clock (Ctrl+Alt+O)"));
    m_demo->setToolTip(tr("The case study: an FSDP run before and after prefetching and allocator tuning, compared"));
    m_open->setDefault(true);
    for (QPushButton *b : {m_open, m_folder, m_demo}) {
        b->setMinimumHeight(b->sizeHint().height() * 3 / 2);
        b->setMinimumWidth(200);
    }
    connect(m_open, &QPushButton::clicked, this, &StartPage::openTraceRequested);
    connect(m_folder, &QPushButton::clicked, this, &StartPage::openFolderRequested);
    connect(m_demo, &QPushButton::clicked, this, &StartPage::demoRequested);
    auto *buttons = new QHBoxLayout;
    buttons->setSpacing(12);
    buttons->addWidget(m_open);
    buttons->addWidget(m_folder);
    buttons->addWidget(m_demo);
    buttons->addStretch(1);
    auto *drop = new QLabel(tr("Or drop a trace, or a folder of rank traces, on this window."), this);
    drop->setEnabled(false); // a hint

    auto *recentTitle = new QLabel(tr("Recent"), this);
    QFont rf = recentTitle->font();
    rf.setBold(true);
    rf.setPointSizeF(rf.pointSizeF() * 1.2);
    recentTitle->setFont(rf);
    m_recent->setObjectName(QStringLiteral("startRecent"));
    m_recent->setColumnCount(ColumnCount);
    m_recent->setHeaderLabels({tr("Name"), tr("Size"), tr("Modified"), tr("Folder")});
    m_recent->setRootIsDecorated(false);
    m_recent->setUniformRowHeights(true);
    m_recent->setAlternatingRowColors(true);
    m_recent->setTextElideMode(Qt::ElideMiddle); // paths differ at both ends
    m_recent->setToolTip(tr("Click an entry (or press Enter) to open it"));
    m_recent->header()->setStretchLastSection(true);
    m_recent->header()->setSectionResizeMode(NameColumn, QHeaderView::Interactive);
    onItemActivation(m_recent, this, [this](const QModelIndex &index) { openItem(m_recent->topLevelItem(index.row())); });

    m_loading = new QWidget(this);
    m_loadingText = new QLabel(m_loading);
    m_loadingText->setTextFormat(Qt::PlainText);
    m_progress = new QProgressBar(m_loading);
    m_progress->setObjectName(QStringLiteral("startProgress"));
    m_progress->setRange(0, 1000);
    m_progress->setTextVisible(true);
    m_progress->setFormat(tr("%p %")); // the share loaded, as the figures spell a percentage
    auto *loadingLayout = new QVBoxLayout(m_loading);
    loadingLayout->setContentsMargins(0, 0, 0, 0);
    loadingLayout->addWidget(m_loadingText);
    loadingLayout->addWidget(m_progress);
    m_loading->hide();

    auto *column = new QVBoxLayout;
    column->setSpacing(10);
    column->addWidget(title);
    column->addWidget(tagline);
    column->addSpacing(8);
    column->addLayout(buttons);
    column->addWidget(m_loading);
    column->addWidget(drop);
    column->addSpacing(16);
    column->addWidget(recentTitle);
    column->addWidget(m_recent);
    column->addWidget(m_noRecent);
    column->addStretch(1);
    auto *content = new QWidget(this);
    content->setLayout(column);
    content->setMaximumWidth(kColumnWidth);
    auto *row = new QHBoxLayout;
    row->addStretch(1);
    row->addWidget(content, 4);
    row->addStretch(1);
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(24, 24, 24, 24);
    outer->addStretch(1);
    outer->addLayout(row, 8);
    outer->addStretch(1);

    window->installEventFilter(this);
    place();
    setRecentFiles({});
}

void StartPage::setLoading(bool loading, const QString &what)
{
    m_loading->setVisible(loading);
    m_loadingText->setText(what);
    m_progress->setValue(0);
    for (QPushButton *b : {m_open, m_folder, m_demo})
        b->setEnabled(!loading);
}

void StartPage::setProgress(double fraction) { m_progress->setValue(int(std::lround(std::clamp(fraction, 0.0, 1.0) * 1000))); }

qint64 StartPage::entrySize(const QStringList &paths)
{
    qint64 bytes = 0;
    for (const QString &p : paths) {
        const QFileInfo fi(p);
        if (fi.isDir()) {
            for (const QString &f : traceFilesIn(p))
                bytes += QFileInfo(QDir(p).filePath(f)).size();
        } else {
            bytes += fi.size();
        }
    }
    return bytes;
}

void StartPage::setRecentFiles(const QStringList &entries)
{
    m_recent->clear();
    const QLocale locale;
    for (const QString &entry : entries) {
        const QStringList paths = entry.split(QLatin1Char('\n'));
        QStringList names;
        QDateTime newest;
        for (const QString &p : paths) {
            const QFileInfo fi(p);
            const int traces = fi.isDir() ? int(traceFilesIn(p).size()) : 0;
            names << (!fi.isDir()   ? fi.fileName()
                      : traces == 1 ? tr("%1 (folder, %n trace)", nullptr, traces).arg(fi.fileName())
                                    : tr("%1 (folder, %n traces)", nullptr, traces).arg(fi.fileName()));
            newest = std::max(newest, fi.lastModified());
        }
        auto *item = new QTreeWidgetItem(m_recent);
        item->setText(NameColumn, names.join(tr(" vs ")));
        item->setText(SizeColumn, analysis::figure::bytes(double(entrySize(paths))));
        item->setTextAlignment(SizeColumn, Qt::AlignRight | Qt::AlignVCenter);
        item->setText(ModifiedColumn, locale.toString(newest, QLocale::ShortFormat));
        item->setText(FolderColumn, QDir::toNativeSeparators(QFileInfo(paths.first()).absolutePath()));
        item->setToolTip(NameColumn, QDir::toNativeSeparators(paths.join(QLatin1Char('\n'))));
        item->setToolTip(FolderColumn, item->toolTip(NameColumn));
        item->setData(NameColumn, kPathRole, paths);
    }
    for (int c = 0; c < FolderColumn; ++c)
        m_recent->resizeColumnToContents(c);
    m_recent->setColumnWidth(NameColumn, std::min(m_recent->columnWidth(NameColumn) + 16, kColumnWidth / 2));
    // As tall as its rows (at most kMaxRecentFiles): the page's spare height stays below it.
    const int rows = std::min(int(entries.size()), 10);
    m_recent->setFixedHeight(m_recent->header()->sizeHint().height() + rows * std::max(m_recent->sizeHintForRow(0), fontMetrics().height() + 6)
                             + 2 * m_recent->frameWidth() + 4);
    m_recent->setVisible(!entries.isEmpty());
    m_noRecent->setVisible(entries.isEmpty());
    if (!entries.isEmpty())
        m_recent->setCurrentItem(m_recent->topLevelItem(0));
}

void StartPage::openItem(QTreeWidgetItem *item)
{
    if (!item)
        return;
    const QStringList paths = item->data(NameColumn, kPathRole).toStringList();
    if (!paths.isEmpty())
        emit recentRequested(paths);
}

bool StartPage::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_window && (event->type() == QEvent::Resize || event->type() == QEvent::LayoutRequest))
        place();
    return QWidget::eventFilter(watched, event);
}

void StartPage::place()
{
    // Between the menu bar and the status bar: over the toolbars, the docks and the central widget.
    const int top = m_window->menuWidget() && m_window->menuWidget()->isVisible() ? m_window->menuWidget()->geometry().bottom() + 1 : 0;
    QStatusBar *status = m_window->findChild<QStatusBar *>(QString(), Qt::FindDirectChildrenOnly);
    const int bottom = status && status->isVisible() ? status->geometry().top() : m_window->height();
    setGeometry(0, top, m_window->width(), std::max(0, bottom - top));
    raise();
}

} // namespace lanescope
