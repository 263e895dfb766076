// SPDX-License-Identifier: GPL-3.0-or-later
// The start page a fresh window shows (and hides once a trace is shown, lists
// the recent files with sizes and dates, opens them), Help > Open Demo, and the timeline's keys
// after a click on a Details link.
#include "app/gui/MainWindow.h"
#include "app/gui/StartPage.h"
#include "tests/gui/TimelineTestTrace.h"

#include "core/analysis/text/FigureText.h"

#include "widgets/timeline/TimelinePanels.h"
#include "widgets/timeline/TimelineView.h"

#include <QAbstractTextDocumentLayout>
#include <QApplication>
#include <QFile>
#include <QLineEdit>
#include <QMenuBar>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QTextBlock>
#include <QTreeWidget>
#include <QtTest>

using namespace lanescope;

namespace {
constexpr int kLoadTimeoutMs = 20000;
}

class TestHands : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_tracePath, m_otherPath;

    static QString write(const QString &path, const QByteArray &bytes)
    {
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
            return {};
        return path;
    }
    static bool openAndWait(MainWindow &w, const QStringList &paths)
    {
        QSignalSpy done(&w, &MainWindow::loadFinished);
        w.openFiles(paths);
        return done.wait(kLoadTimeoutMs) && done.first().first().toBool();
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("LanescopeTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_startpage"));
        QSettings().clear();
        m_tracePath = write(m_dir.filePath(QStringLiteral("timeline.json")), QByteArray(test::kTimelineTrace));
        QVERIFY(!m_tracePath.isEmpty());
        QByteArray padded(test::kTimelineTrace);
        padded.append(QByteArray(3000, ' ')); // another size, to tell the rows apart
        m_otherPath = write(m_dir.filePath(QStringLiteral("other.json")), padded);
        QVERIFY(!m_otherPath.isEmpty());
    }

    // A fresh window: the start page over everything between the menu bar and the status bar,
    // its three ways in, no recent files yet; a trace shown hides it.
    void freshWindowShowsStartPage()
    {
        QSettings().clear();
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        StartPage *page = w.startPage();
        QVERIFY(page);
        QVERIFY(page->isVisible());
        QVERIFY(page->geometry().top() >= w.menuBar()->geometry().bottom());
        QCOMPARE(page->width(), w.width());
        QVERIFY(page->height() > w.height() / 2);
        // It covers the docks and the canvas: what a click there reaches is the page.
        const QPoint mid = w.rect().center();
        QWidget *under = w.childAt(mid);
        QVERIFY(under);
        QVERIFY2(under == page || page->isAncestorOf(under), under->metaObject()->className());
        QVERIFY(page->openButton()->isVisible());
        QVERIFY(page->folderButton()->isVisible());
        QVERIFY(page->demoButton()->isVisible());
        QCOMPARE(page->recentList()->topLevelItemCount(), 0);
        QVERIFY(!page->recentList()->isVisible());

        QVERIFY(openAndWait(w, {m_tracePath}));
        QVERIFY(!page->isVisible());
        // The default layout: the timeline has most of the width.
        QTRY_VERIFY2(w.timelineView()->width() > w.width() / 2,
                     qPrintable(QStringLiteral("%1 of %2 px").arg(w.timelineView()->width()).arg(w.width())));
        QVERIFY(w.timelineView()->isVisible());
        QWidget *now = w.childAt(w.timelineView()->mapTo(&w, w.timelineView()->rect().center()));
        QVERIFY(now && (now == w.timelineView() || w.timelineView()->isAncestorOf(now)));
    }

    // The recent files with their sizes and dates, newest first; a click opens one.
    void recentFilesListed()
    {
        QSettings().clear();
        {
            MainWindow w;
            QVERIFY(openAndWait(w, {m_tracePath}));
            QVERIFY(openAndWait(w, {m_otherPath}));
            QVERIFY(openAndWait(w, {m_tracePath, m_otherPath})); // a comparison: one entry
        }
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTreeWidget *list = w.startPage()->recentList();
        QVERIFY(list->isVisible());
        QCOMPARE(list->topLevelItemCount(), 3);
        const QLocale locale;
        QCOMPARE(list->topLevelItem(0)->text(StartPage::NameColumn), QStringLiteral("timeline.json vs other.json"));
        QCOMPARE(list->topLevelItem(0)->text(StartPage::SizeColumn),
                 analysis::figure::bytes(double(QFileInfo(m_tracePath).size() + QFileInfo(m_otherPath).size())));
        QCOMPARE(list->topLevelItem(1)->text(StartPage::NameColumn), QStringLiteral("other.json"));
        QCOMPARE(list->topLevelItem(1)->text(StartPage::SizeColumn), analysis::figure::bytes(double(QFileInfo(m_otherPath).size())));
        QCOMPARE(list->topLevelItem(2)->text(StartPage::NameColumn), QStringLiteral("timeline.json"));
        QCOMPARE(list->topLevelItem(2)->text(StartPage::ModifiedColumn),
                 locale.toString(QFileInfo(m_tracePath).lastModified(), QLocale::ShortFormat));
        QCOMPARE(list->topLevelItem(2)->text(StartPage::FolderColumn), QDir::toNativeSeparators(m_dir.path()));

        QSignalSpy done(&w, &MainWindow::loadFinished);
        const QRect r = list->visualItemRect(list->topLevelItem(1));
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, r.center());
        QVERIFY(done.wait(kLoadTimeoutMs));
        QVERIFY(done.first().first().toBool());
        QCOMPARE(w.currentFile(), m_otherPath);
        QVERIFY(!w.startPage()->isVisible());
    }

    void helpMenuOpensDemo()
    {
        MainWindow w;
        QMenu *help = nullptr;
        for (QAction *a : w.menuBar()->actions())
            if (a->menu() && a->menu()->title() == MainWindow::tr("&Help"))
                help = a->menu();
        QVERIFY(help);
        QAction *demo = nullptr;
        for (QAction *a : help->actions())
            if (a->text() == MainWindow::tr("Open &Demo"))
                demo = a;
        QVERIFY(demo);
        QSignalSpy done(&w, &MainWindow::loadFinished);
        demo->trigger();
        QVERIFY(done.wait(120000));
        QVERIFY(done.first().first().toBool());
        QCOMPARE(w.session()->runCount(), 3);
        QVERIFY(!w.startPage()->isVisible());
    }

    // A click on a Details link (the GEMM's launch) selects the linked slice and gives the keys
    // back to the timeline: W zooms. A text field that has the focus keeps it.
    void keysAfterDetailsLink()
    {
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(openAndWait(w, {m_tracePath}));
        TimelineView *tl = w.timelineView();
        const SliceRef gemm = test::sliceRef(*w.trace(), "ampere_sgemm_128x64_nn");
        const SliceRef launch = test::sliceRef(*w.trace(), "cudaLaunchKernel");
        tl->selectSlice(gemm);
        QTextBrowser *browser = w.detailsPanel()->browser();
        QTRY_VERIFY(browser->isVisible());
        // Where the link's text is laid out.
        QTextCursor c = browser->document()->find(QStringLiteral("cudaLaunchKernel"));
        QVERIFY(!c.isNull());
        QVERIFY(c.charFormat().isAnchor());
        QTextCursor mid(browser->document());
        mid.setPosition((c.selectionStart() + c.selectionEnd()) / 2);
        const QPoint at = browser->cursorRect(mid).center();
        browser->setFocus();
        QTRY_VERIFY(browser->hasFocus());
        QTest::mouseClick(browser->viewport(), Qt::LeftButton, {}, at);
        QTRY_COMPARE(tl->selectedSlice(), launch);
        QTRY_VERIFY(tl->hasFocus());
        QWindow *win = w.windowHandle();
        const double before = tl->visibleEndNs() - tl->visibleStartNs();
        QTest::keyClick(win, Qt::Key_W);
        const double after = tl->visibleEndNs() - tl->visibleStartNs();
        QVERIFY2(after < before * 0.95, qPrintable(QStringLiteral("%1 -> %2 ns").arg(before).arg(after)));

        // Typing in a field: a jump leaves the focus there.
        QLineEdit field(&w);
        field.show();
        field.setFocus();
        QTRY_VERIFY(field.hasFocus());
        emit w.detailsPanel()->jumpRequested(gemm);
        QCOMPARE(tl->selectedSlice(), gemm);
        QVERIFY(field.hasFocus());
    }
};

QTEST_MAIN(TestHands)
#include "tst_startpage.moc"
