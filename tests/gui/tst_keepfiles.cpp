// SPDX-License-Identifier: GPL-3.0-or-later
// Nothing written beside a trace without asking: the preference "Keep annotations" (next to the
// trace / in Lanescope's data folder) is honoured by the window's autosave; annotations meant for
// beside a trace whose folder cannot take them go to the data folder and the status line says so;
// Report proposes the folder last written to, else the user's Documents folder, never the trace's.
// With $LANESCOPE_SCREENSHOTS set, the window after a fallback is written there, for a look.
#include "app/gui/MainWindow.h"
#include "tests/SidecarBlock.h"
#include "app/gui/PictureActions.h"
#include "app/gui/Preferences.h"

#include "tests/gui/TimelineTestTrace.h"
#include "widgets/analysis/AnalysisDock.h"
#include "widgets/annotations/AnnotationAutosave.h"
#include "widgets/view/Session.h"

#include "core/annotations/AnnotationSet.h"
#include "core/annotations/AnnotationStore.h"

#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

using namespace lanescope;

namespace {
constexpr int kTimeoutMs = 30000;

bool load(MainWindow &w, const QStringList &paths)
{
    QSignalSpy loaded(&w, &MainWindow::loadFinished);
    w.openFiles(paths);
    return loaded.wait(kTimeoutMs) && loaded.takeFirst().at(0).toBool();
}

// A callout on run 0, as the editor's undo command adds one, then the autosave's write.
void annotate(MainWindow &w, const QString &text)
{
    annotations::Annotation a;
    a.kind = annotations::Kind::Callout;
    a.a = {1000, QStringLiteral("gpu:0:stream:7"), 0.5};
    a.color = annotations::Color::Blue;
    a.text = text;
    w.session()->annotations(0)->add(a);
    w.session()->notifyAnnotationsChanged(0);
    w.annotationAutosave()->flush();
}

QStringList besideTheTrace(const QString &trace)
{
    QStringList names = QDir(QFileInfo(trace).absolutePath()).entryList(QDir::Files | QDir::Dirs | QDir::Hidden | QDir::NoDotAndDotDot);
    names.removeAll(QFileInfo(trace).fileName());
    return names;
}
} // namespace

class TestKeepFiles : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    int m_n = 0;

    // A fresh trace in a folder of its own.
    QString newTrace()
    {
        const QString dir = m_dir.filePath(QStringLiteral("t%1").arg(++m_n));
        QDir().mkpath(dir);
        const QString path = dir + QStringLiteral("/timeline.json");
        QFile f(path);
        if (f.open(QIODevice::WriteOnly))
            f.write(test::kTimelineTrace);
        return path;
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true); // the data folder and the settings are the tests' own
        QCoreApplication::setOrganizationName(QStringLiteral("LanescopeTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_keepfiles"));
        QSettings().clear();
        QVERIFY(m_dir.isValid());
    }

    void cleanup() { QSettings().clear(); }

    // The Preferences page offers both places; what it returns is what the window uses.
    void preferenceOnThePage()
    {
        PreferencesDialog dialog(Preferences::load());
        QComboBox *box = dialog.annotationsBox();
        QVERIFY(box);
        QCOMPARE(box->count(), 2);
        QCOMPARE(box->currentIndex(), 0); // beside the trace, as before
        QVERIFY(!dialog.preferences().annotationsInDataFolder);
        box->setCurrentIndex(1);
        QVERIFY(dialog.preferences().annotationsInDataFolder);
        dialog.preferences().save();
        QVERIFY(Preferences::load().annotationsInDataFolder);
    }

    // "In Lanescope's data folder": the trace's folder holds the trace alone after annotating; the
    // preference changed in the dialog applies to the window already open.
    void preferenceHonoured()
    {
        Preferences p = Preferences::load();
        p.annotationsInDataFolder = true;
        p.save();
        const QString trace = newTrace();
        {
            MainWindow w;
            w.show();
            QVERIFY(load(w, {trace}));
            annotate(w, QStringLiteral("kept apart"));
            const QString kept = w.annotationAutosave()->pathOf(w.session()->annotations(0));
            QVERIFY2(kept.startsWith(annotations::AnnotationStore::dataFolder()), qPrintable(kept));
            QVERIFY(QFileInfo::exists(kept));
            QCOMPARE(besideTheTrace(trace), QStringList());

            // Back to "next to the trace" through the Preferences dialog: the next save goes there.
            QTimer::singleShot(0, &w, [] {
                auto *dialog = qobject_cast<PreferencesDialog *>(QApplication::activeModalWidget());
                if (!dialog) {
                    for (QWidget *top : QApplication::topLevelWidgets())
                        if (auto *d = qobject_cast<PreferencesDialog *>(top))
                            dialog = d;
                }
                if (!dialog)
                    return;
                dialog->annotationsBox()->setCurrentIndex(0);
                dialog->accept();
            });
            w.showPreferences();
            QTRY_VERIFY_WITH_TIMEOUT(!Preferences::load().annotationsInDataFolder, 5000);
            annotate(w, QStringLiteral("beside now"));
            QCOMPARE(w.annotationAutosave()->pathOf(w.session()->annotations(0)), annotations::AnnotationStore::sidecarPathFor(trace));
        }
        QVERIFY(QFileInfo::exists(annotations::AnnotationStore::sidecarPathFor(trace)));
    }

    // "Next to the trace" on a folder that cannot take the file: kept in the data folder, and the
    // status line says where and why. A read-only folder binds every user but root; a folder where
    // the sidecar goes binds root too.
    void fallbackSaidInTheStatusLine_data()
    {
        QTest::addColumn<bool>("readOnly");
        QTest::newRow("read-only folder") << true;
        QTest::newRow("a folder where the sidecar goes") << false;
    }

    void fallbackSaidInTheStatusLine()
    {
        QFETCH(bool, readOnly);
        const QString trace = newTrace();
        const QString dir = QFileInfo(trace).absolutePath();
        const test::SidecarBlock blocked = test::blockSidecar(trace, readOnly);
        QVERIFY(blocked != test::SidecarBlock::Failed);
        if (blocked == test::SidecarBlock::StillWritable)
            QSKIP("running as root: a read-only folder is still writable (the other row checks the fallback)");
        MainWindow w;
        w.show();
        const bool loaded = load(w, {trace});
        QSignalSpy said(w.annotationAutosave(), &AnnotationAutosave::keptInDataFolder);
        if (loaded)
            annotate(w, QStringLiteral("somewhere else"));
        test::restoreFolderPermissions(dir);
        QVERIFY(loaded);
        const QString kept = w.annotationAutosave()->pathOf(w.session()->annotations(0));
        QVERIFY2(kept.startsWith(annotations::AnnotationStore::dataFolder()), qPrintable(kept));
        QCOMPARE(said.count(), 1);
        const QString status = w.statusText();
        QVERIFY2(status.contains(QDir::toNativeSeparators(annotations::AnnotationStore::dataFolder())) && status.contains(QFileInfo(trace).fileName()),
                 qPrintable(status));
        if (const QString shots = qEnvironmentVariable("LANESCOPE_SCREENSHOTS"); !shots.isEmpty())
            w.grab().save(shots + QStringLiteral("/keepfiles-fallback-%1.png").arg(readOnly ? QStringLiteral("readonly") : QStringLiteral("blocked")));
        // Said once: the next save there is no news.
        annotate(w, QStringLiteral("again"));
        QCOMPARE(said.count(), 1);
    }

    // Report proposes the user's Documents folder at first (not the trace's), then the folder the
    // last report was written to.
    void reportRemembersTheLastFolder()
    {
        const QString trace = newTrace();
        QCOMPARE(QSettings().value(QStringLiteral("exportDir")).toString(), QString());
        const QString first = PictureActions::proposedFolder(PictureActions::Kind::Report);
        QVERIFY(!first.isEmpty());
        QVERIFY(QDir(first) != QDir(QFileInfo(trace).absolutePath()));
        QVERIFY(QDir(PictureActions::proposedFolder(PictureActions::Kind::Picture)) != QDir(QFileInfo(trace).absolutePath()));

        MainWindow w;
        w.show();
        QVERIFY(load(w, {trace}));
        QVERIFY(QTest::qWaitFor([&] { return w.session()->run(0).analysis && !w.analysisDock()->isBusy(); }, kTimeoutMs));
        QAction *report = nullptr;
        for (QAction *a : w.findChildren<QAction *>())
            if (a->text() == MainWindow::tr("Re&port…"))
                report = a;
        QVERIFY(report);
        const QString chosen = m_dir.filePath(QStringLiteral("reports"));
        QVERIFY(QDir().mkpath(chosen));
        QString proposed;
        const auto runDialog = [&](const QString &writeTo) {
            QTimer::singleShot(0, &w, [&, writeTo] {
                auto *dialog = qobject_cast<QDialog *>(QApplication::activeModalWidget());
                if (!dialog)
                    return;
                auto *path = dialog->findChild<QLineEdit *>(QStringLiteral("reportPath"));
                if (path) {
                    proposed = QFileInfo(QDir::fromNativeSeparators(path->text())).absolutePath();
                    if (!writeTo.isEmpty()) {
                        path->setText(writeTo);
                        dialog->accept();
                        // A failed write's message box would wait for a click: closed, the file check below fails.
                        QTimer::singleShot(2000, &w, [] {
                            if (QWidget *box = QApplication::activeModalWidget())
                                box->close();
                        });
                        return;
                    }
                }
                dialog->reject();
            });
            report->trigger();
        };
        runDialog(QDir(chosen).filePath(QStringLiteral("first.pdf")));
        QCOMPARE(QDir(proposed), QDir(first));
        QVERIFY(QFileInfo::exists(QDir(chosen).filePath(QStringLiteral("first.pdf"))));
        runDialog(QString());
        QCOMPARE(QDir(proposed), QDir(chosen));
        QCOMPARE(QDir(PictureActions::proposedFolder(PictureActions::Kind::Picture)), QDir(chosen)); // one folder for both
    }
};

QTEST_MAIN(TestKeepFiles)
#include "tst_keepfiles.moc"
