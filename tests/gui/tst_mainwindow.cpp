// SPDX-License-Identifier: GPL-3.0-or-later
// The main window, headless: loading off the UI thread, what it shows after a load, how it reports
// bad input, cancelling, drag and drop, recent files; and the summary model under the model tester.
#include "app/gui/MainWindow.h"
#include "widgets/TraceSummaryModel.h"
#include "widgets/TraceSummaryView.h"
#include "widgets/WarningBanner.h"

#include "core/parse/TraceLoader.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QToolButton>
#include <QTreeView>
#include <QUrl>
#include <QtTest>

using namespace lanescope;

namespace {

// One CPU thread (3 nested slices), one GPU stream (2 kernels), metadata, a memory event, a counter.
const char kValidTrace[] = R"({
  "schemaVersion": 1,
  "deviceProperties": [{"id": 0, "name": "NVIDIA H100 80GB HBM3", "totalGlobalMem": 85000000000, "computeMajor": 9, "computeMinor": 0, "numSms": 132}],
  "distributedInfo": {"backend": "nccl", "rank": 1, "world_size": 4},
  "traceEvents": [
    {"ph": "M", "name": "process_name", "pid": 100, "tid": 0, "args": {"name": "python3"}},
    {"ph": "M", "name": "thread_name", "pid": 100, "tid": 101, "args": {"name": "main thread"}},
    {"ph": "M", "name": "process_name", "pid": 0, "tid": 0, "args": {"name": "python3"}},
    {"ph": "M", "name": "process_labels", "pid": 0, "tid": 0, "args": {"labels": "GPU 0"}},
    {"ph": "X", "cat": "cpu_op", "name": "aten::linear", "pid": 100, "tid": 101, "ts": 10, "dur": 20, "args": {}},
    {"ph": "X", "cat": "cpu_op", "name": "aten::addmm", "pid": 100, "tid": 101, "ts": 12, "dur": 5},
    {"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 100, "tid": 101, "ts": 13, "dur": 3, "args": {"correlation": 7}},
    {"ph": "X", "cat": "kernel", "name": "sm90_gemm", "pid": 0, "tid": 7, "ts": 20, "dur": 8, "args": {"device": 0, "stream": 7, "correlation": 7}},
    {"ph": "X", "cat": "kernel", "name": "sm90_gemm", "pid": 0, "tid": 7, "ts": 30, "dur": 8, "args": {"device": 0, "stream": 7}},
    {"ph": "i", "cat": "cpu_instant_event", "name": "[memory]", "pid": 100, "tid": 101, "ts": 14, "s": "t", "args": {"Device Type": 1, "Device Id": 0, "Addr": 1, "Bytes": 1024, "Total Allocated": 1024, "Total Reserved": 2048}},
    {"ph": "C", "name": "loss", "pid": 100, "ts": 15, "args": {"value": 1.5}}
  ]
})";

// A CPU-only trace without any header.
const char kCpuOnlyTrace[] = R"({"traceEvents": [
    {"ph": "M", "name": "thread_name", "pid": 5, "tid": 6, "args": {"name": "worker"}},
    {"ph": "X", "cat": "cpu_op", "name": "aten::add", "pid": 5, "tid": 6, "ts": 1, "dur": 2},
    {"ph": "X", "cat": "cpu_op", "name": "aten::add", "pid": 5, "tid": 7, "ts": 1, "dur": 2}
]})";

constexpr int kLoadTimeoutMs = 20000;

QMessageBox *errorBox(const QWidget &window)
{
    return window.findChild<QMessageBox *>(QStringLiteral("loadErrorBox"));
}

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    QString writeFile(const QString &name, const QByteArray &bytes)
    {
        const QString path = m_dir.filePath(name);
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
            qFatal("cannot write %s", qPrintable(path));
        return path;
    }

    // About `bytes` of valid trace: one GPU stream of tiny kernels, to give the loader real work.
    QString writeLargeTrace(const QString &name, qint64 bytes)
    {
        const QString path = m_dir.filePath(name);
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly))
            qFatal("cannot write %s", qPrintable(path));
        f.write(R"({"traceEvents": [)"
                "\n");
        QByteArray chunk;
        qint64 written = 0;
        for (qint64 i = 0; written < bytes; ++i) {
            chunk += QByteArrayLiteral(R"({"ph": "X", "cat": "kernel", "name": "kernel_)") + QByteArray::number(i % 97)
                + QByteArrayLiteral(R"(", "pid": 0, "tid": 7, "ts": )") + QByteArray::number(i * 2)
                + QByteArrayLiteral(R"(, "dur": 1, "args": {"stream": 7}},)") + '\n';
            if (chunk.size() > (1 << 20)) {
                written += f.write(chunk);
                chunk.clear();
            }
        }
        chunk += R"({"ph": "X", "cat": "kernel", "name": "last", "pid": 0, "tid": 7, "ts": 0, "dur": 1}]})";
        f.write(chunk);
        return path;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // Settings (recent files) go to a throwaway test location, never the user's.
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("LanescopeTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_mainwindow"));
        QSettings().clear();
    }

    void startsIdle()
    {
        MainWindow w;
        w.show();
        QCOMPARE(w.size(), QSize(1400, 900));
        QVERIFY(!w.isLoading());
        QVERIFY(!w.trace());
        QVERIFY(w.progressBar()->isHidden());
        QVERIFY(w.cancelButton()->isHidden());
        QVERIFY(w.warningBanner()->isHidden());
        QCOMPARE(w.windowTitle(), QStringLiteral("Lanescope"));
    }

    void opensValidTrace_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<int>("groups");
        QTest::addColumn<int>("gpuTracks");
        QTest::addColumn<int>("cpuTracks");
        QTest::addColumn<int>("counters");
        QTest::addColumn<int>("memorySeries");
        QTest::addColumn<QString>("firstGroupKind");
        QTest::addColumn<QStringList>("statusParts");

        // GPU process first, then the CPU process, then the allocator's series.
        QTest::newRow("cpu+gpu+metadata") << QByteArray(kValidTrace) << 3 << 1 << 1 << 1 << 1
                                          << QStringLiteral("GPU process")
                                          << QStringList{QStringLiteral("Rank 1/4"),
                                                         QStringLiteral("NVIDIA H100 80GB HBM3"),
                                                         QStringLiteral("11 events"), QStringLiteral("loaded in")};
        QTest::newRow("cpu only, no header") << QByteArray(kCpuOnlyTrace) << 1 << 0 << 2 << 0 << 0
                                             << QStringLiteral("CPU process")
                                             << QStringList{QStringLiteral("3 events"), QStringLiteral("loaded in")};
    }
    void opensValidTrace()
    {
        QFETCH(QByteArray, json);
        QFETCH(int, groups);
        QFETCH(int, gpuTracks);
        QFETCH(int, cpuTracks);
        QFETCH(int, counters);
        QFETCH(int, memorySeries);
        QFETCH(QString, firstGroupKind);
        QFETCH(QStringList, statusParts);

        const QString path = writeFile(QStringLiteral("%1.json").arg(QString::fromLatin1(QTest::currentDataTag()).remove(QLatin1Char(' '))), json);
        MainWindow w;
        w.show();
        QSignalSpy finished(&w, &MainWindow::loadFinished);
        w.openFile(path);
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kLoadTimeoutMs);
        QCOMPARE(finished.first().first().toBool(), true);
        QVERIFY(!w.isLoading());
        QVERIFY(w.trace());
        QVERIFY(w.progressBar()->isHidden());
        QVERIFY(w.cancelButton()->isHidden());

        QCOMPARE(w.windowTitle(), QStringLiteral("%1 — Lanescope").arg(QFileInfo(path).fileName()));
        for (const QString &part : statusParts)
            QVERIFY2(w.statusText().contains(part), qPrintable(w.statusText()));

        const TraceSummaryModel *model = w.summaryView()->model();
        using K = TraceSummaryModel::RowKind;
        QCOMPARE(model->rowCount(), groups);
        QCOMPARE(model->rowCountOfKind(K::GpuTrack), gpuTracks);
        QCOMPARE(model->rowCountOfKind(K::CpuTrack), cpuTracks);
        QCOMPARE(model->rowCountOfKind(K::Counter), counters);
        QCOMPARE(model->rowCountOfKind(K::Memory), memorySeries);
        QCOMPARE(model->index(0, TraceSummaryModel::KindColumn).data().toString(), firstGroupKind);
        QVERIFY(w.summaryView()->isVisible());
        QVERIFY(w.warningBanner()->isHidden());
        QVERIFY(!errorBox(w));

        QCOMPARE(MainWindow::recentFiles().value(0), QFileInfo(path).absoluteFilePath());
    }

    void reportsBadInput_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<bool>("loads");       // true: loads with warnings; false: refused
        QTest::addColumn<QString>("mentions"); // in the banner (loads) or the error (refused)

        const QByteArray valid(kValidTrace);
        QTest::newRow("not json") << QByteArrayLiteral("hello, this is not a trace\n") << false
                                  << QStringLiteral("not a JSON trace");
        QTest::newRow("json, no traceEvents") << QByteArrayLiteral(R"({"schemaVersion": 1})") << false
                                              << QStringLiteral("traceEvents");
        QTest::newRow("empty") << QByteArray() << false << QStringLiteral("empty");
        QTest::newRow("truncated mid-event") << valid.left(valid.indexOf("sm90_gemm") + 4) << true
                                             << QStringLiteral("ends in the middle of an event");
        QTest::newRow("malformed event") << QByteArrayLiteral(R"({"traceEvents": [
            {"ph": "X", "cat": "cpu_op", "name": "ok", "pid": 1, "tid": 1, "ts": 1, "dur": 1},
            {"ph": "X", "cat": "cpu_op", "name": 5, "pid": 1, "tid": 1, "ts": "x", "dur": 1}]})")
                                         << true << QStringLiteral("malformed");
    }
    void reportsBadInput()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(bool, loads);
        QFETCH(QString, mentions);

        const QString path = writeFile(QStringLiteral("bad-%1.json").arg(QString::fromLatin1(QTest::currentDataTag())).remove(QLatin1Char(' ')), bytes);
        MainWindow w;
        w.show();
        QSignalSpy finished(&w, &MainWindow::loadFinished);
        w.openFile(path);
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kLoadTimeoutMs);
        QCOMPARE(finished.first().first().toBool(), loads);
        QVERIFY(w.progressBar()->isHidden());
        if (loads) {
            QVERIFY(w.trace());
            QVERIFY(w.warningBanner()->isVisible());
            QVERIFY2(w.warningBanner()->text().contains(mentions), qPrintable(w.warningBanner()->text()));
            QVERIFY(w.statusText().contains(QStringLiteral("warning")));
            QVERIFY(!errorBox(w));
        } else {
            QVERIFY(!w.trace());
            QCOMPARE(w.windowTitle(), QStringLiteral("Lanescope"));
            QMessageBox *box = errorBox(w);
            QVERIFY(box);
            QTRY_VERIFY(box->isVisible());
            QVERIFY2(box->informativeText().contains(mentions), qPrintable(box->informativeText()));
            QVERIFY2(w.statusText().contains(mentions), qPrintable(w.statusText()));
            box->close();
        }
    }

    void missingFileIsAnError()
    {
        MainWindow w;
        QSignalSpy finished(&w, &MainWindow::loadFinished);
        w.openFile(m_dir.filePath(QStringLiteral("does-not-exist.json")));
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kLoadTimeoutMs);
        QCOMPARE(finished.first().first().toBool(), false);
        QVERIFY(errorBox(w));
        QVERIFY2(w.statusText().contains(QStringLiteral("no such file")), qPrintable(w.statusText()));
    }

    void dismissingTheBannerHidesIt()
    {
        MainWindow w;
        w.show();
        w.warningBanner()->setWarnings({QStringLiteral("one"), QStringLiteral("two")});
        QVERIFY(w.warningBanner()->isVisible());
        QVERIFY(w.warningBanner()->text().contains(QStringLiteral("two")));
        QSignalSpy dismissed(w.warningBanner(), &WarningBanner::dismissed);
        auto *close = w.warningBanner()->findChild<QToolButton *>();
        QVERIFY(close);
        QTest::mouseClick(close, Qt::LeftButton);
        QCOMPARE(dismissed.size(), 1);
        QVERIFY(w.warningBanner()->isHidden());
    }

    // The same note of several runs' loads is listed once; a long list folds to its first lines
    // and a button that shows the rest (a log_dir of four sessions brought 13 lines, 7 repeated).
    void longWarningListsFold()
    {
        MainWindow w;
        w.show();
        WarningBanner *b = w.warningBanner();
        QStringList many;
        for (int i = 1; i <= 8; ++i)
            many << QStringLiteral("note %1").arg(i);
        b->setWarnings(many + QStringList{QStringLiteral("note 2"), QStringLiteral("note 5")});
        QCOMPARE(b->warnings(), many);
        QVERIFY(b->folded());
        QVERIFY(b->text().contains(QStringLiteral("8 warnings")));
        QVERIFY(b->text().contains(QStringLiteral("note 3")));
        QVERIFY(!b->text().contains(QStringLiteral("note 4")));
        QVERIFY(b->moreButton()->isVisible());
        QCOMPARE(b->moreButton()->text(), QStringLiteral("Show 5 more"));
        QTest::mouseClick(b->moreButton(), Qt::LeftButton);
        QVERIFY(!b->folded());
        QVERIFY(b->text().contains(QStringLiteral("note 8")));
        QCOMPARE(b->moreButton()->text(), QStringLiteral("Show fewer"));
        // Four lines fold nothing worth a button.
        b->setWarnings(many.mid(0, 4));
        QVERIFY(!b->folded());
        QVERIFY(b->moreButton()->isHidden());
        QVERIFY(b->text().contains(QStringLiteral("note 4")));
    }

    void cancelReturnsToIdle()
    {
        const QString big = writeLargeTrace(QStringLiteral("large.json"), 40 << 20);
        MainWindow w;
        w.show();
        QSignalSpy finished(&w, &MainWindow::loadFinished);
        w.openFile(big);
        QVERIFY(w.isLoading());
        QVERIFY(w.progressBar()->isVisible());
        QVERIFY(w.cancelButton()->isVisible());
        QTest::mouseClick(w.cancelButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kLoadTimeoutMs);
        QCOMPARE(finished.first().first().toBool(), false);
        QVERIFY(!w.isLoading());
        QVERIFY(!w.trace());
        QVERIFY(w.progressBar()->isHidden());
        QVERIFY(w.cancelButton()->isHidden());
        QVERIFY2(w.statusText().contains(QStringLiteral("cancelled")), qPrintable(w.statusText()));
        QVERIFY(!errorBox(w)); // cancelling is not an error
        QCOMPARE(w.windowTitle(), QStringLiteral("Lanescope"));

        // The window is usable again: the same file loads to the end when left alone.
        w.openFile(big);
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, 120000);
        QCOMPARE(finished.at(1).first().toBool(), true);
        QVERIFY(w.trace());
        QVERIFY(w.trace()->eventCount > 100000);
    }

    void newerOpenReplacesRunningLoad()
    {
        const QString big = m_dir.filePath(QStringLiteral("large.json"));
        QVERIFY(QFileInfo::exists(big));
        const QString small = writeFile(QStringLiteral("small.json"), kValidTrace);
        MainWindow w;
        QSignalSpy finished(&w, &MainWindow::loadFinished);
        w.openFile(big);
        w.openFile(small);
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kLoadTimeoutMs);
        QVERIFY(w.trace());
        QCOMPARE(w.currentFile(), small);
        QTest::qWait(100); // nothing more arrives from the abandoned load
        QCOMPARE(finished.size(), 1);
    }

    void closingWhileLoadingDoesNotCrash()
    {
        auto *w = new MainWindow;
        w->show();
        w->openFile(m_dir.filePath(QStringLiteral("large.json")));
        w->close();
        delete w; // joins the cancelled loader
    }

    void dropOpensFile_data()
    {
        QTest::addColumn<bool>("local");
        QTest::newRow("local file") << true;
        QTest::newRow("remote url is refused") << false;
    }
    void dropOpensFile()
    {
        QFETCH(bool, local);
        const QString path = writeFile(QStringLiteral("dropped.json"), kValidTrace);
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QSignalSpy finished(&w, &MainWindow::loadFinished);

        QMimeData mime;
        mime.setUrls({local ? QUrl::fromLocalFile(path) : QUrl(QStringLiteral("https://example.com/t.json"))});
        const QPoint at = w.rect().center();
        QDragEnterEvent enter(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&w, &enter);
        QCOMPARE(enter.isAccepted(), local);
        if (!local)
            return;
        QDropEvent drop(QPointF(at), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&w, &drop);
        QVERIFY(drop.isAccepted());
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kLoadTimeoutMs);
        QCOMPARE(w.currentFile(), path);
        QVERIFY(w.windowTitle().startsWith(QStringLiteral("dropped.json")));
    }

    void recentFilesKeepTen()
    {
        QSettings().remove(QStringLiteral("recentFiles"));
        const QString path = writeFile(QStringLiteral("recent.json"), kCpuOnlyTrace);
        MainWindow w;
        QSignalSpy finished(&w, &MainWindow::loadFinished);
        for (int i = 0; i < 12; ++i) {
            const QString copy = m_dir.filePath(QStringLiteral("recent-%1.json").arg(i));
            QVERIFY(QFile::copy(path, copy));
            w.openFile(copy);
            QTRY_COMPARE_WITH_TIMEOUT(finished.size(), i + 1, kLoadTimeoutMs);
        }
        const QStringList recent = MainWindow::recentFiles();
        QCOMPARE(recent.size(), MainWindow::kMaxRecentFiles);
        QCOMPARE(recent.first(), m_dir.filePath(QStringLiteral("recent-11.json")));
        QCOMPARE(recent.last(), m_dir.filePath(QStringLiteral("recent-2.json")));
    }

    void summaryModelPassesModelTester()
    {
        const QString path = writeFile(QStringLiteral("model.json"), kValidTrace);
        LoadResult r = loadTrace(path);
        QVERIFY2(r.trace, qPrintable(r.error));
        TraceSummaryModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        model.setTrace(r.trace);
        QCOMPARE(model.rowCount(), 3);
        // Children: GPU process -> stream 7; CPU process -> main thread, then the loss counter.
        const QModelIndex gpu = model.index(0, 0);
        QCOMPARE(model.rowCount(gpu), 1);
        QCOMPARE(model.index(0, TraceSummaryModel::TidColumn, gpu).data().toString(), QStringLiteral("stream 7"));
        QCOMPARE(model.index(0, TraceSummaryModel::EventsColumn, gpu).data(TraceSummaryModel::EventCountRole).toULongLong(), 2ULL);
        const QModelIndex cpu = model.index(1, 0);
        QCOMPARE(model.rowCount(cpu), 2);
        QCOMPARE(model.index(0, TraceSummaryModel::NameColumn, cpu).data().toString(), QStringLiteral("main thread"));
        QCOMPARE(model.index(0, TraceSummaryModel::DepthColumn, cpu).data().toInt(), 2);
        QCOMPARE(model.index(1, TraceSummaryModel::NameColumn, cpu).data().toString(), QStringLiteral("loss"));
        QCOMPARE(model.index(1, TraceSummaryModel::NameColumn, model.index(2, 0)).data().toString(), QString());
        QCOMPARE(model.index(0, TraceSummaryModel::NameColumn, model.index(2, 0)).data().toString(),
                 QStringLiteral("GPU 0 memory"));
        model.setTrace(nullptr);
        QCOMPARE(model.rowCount(), 0);
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
