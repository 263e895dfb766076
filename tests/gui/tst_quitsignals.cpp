// SPDX-License-Identifier: GPL-3.0-or-later
// app/gui/QuitSignals: SIGTERM and SIGHUP end the application as File > Quit does, so an
// annotation drawn within the autosave's 500 ms delay is in the sidecar afterwards. In process:
// the real MainWindow, an edit, the signal raised at once; as a process: the built `lanescope`
// exits normally on SIGTERM (it was killed by the signal before) and has written its settings.
#include "app/gui/MainWindow.h"
#include "app/gui/QuitSignals.h"
#include "widgets/annotations/AnnotationAutosave.h"
#include "widgets/annotations/AnnotationCommands.h"
#include "widgets/annotations/AnnotationEditor.h"
#include "core/annotations/AnnotationStore.h"
#include "widgets/view/Session.h"
#include "core/synth/TraceSynth.h"

#include <QFile>
#include <QProcess>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include <csignal>
#include <memory>
#include <sys/types.h>

using namespace lanescope;

class TestQuitSignals : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void signalSavesTheEditWithinTheDelay_data();
    void signalSavesTheEditWithinTheDelay();
    void processExitsCleanlyOnSigterm();

private:
    QTemporaryDir m_dir;
    QString m_path;
};

void TestQuitSignals::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("LanescopeTests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_quitsignals"));
    QSettings().clear();
    synth::SynthConfig c;
    c.scenario = synth::Scenario::Baseline;
    c.layers = 4;
    const synth::SynthOutput out = synth::synthesize(c);
    m_path = m_dir.filePath(QStringLiteral("quit.pt.trace.json"));
    QFile f(m_path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QCOMPARE(f.write(out.traces.at(0).data(), qint64(out.traces.at(0).size())), qint64(out.traces.at(0).size()));
}

void TestQuitSignals::signalSavesTheEditWithinTheDelay_data()
{
    QTest::addColumn<int>("sig");
    QTest::newRow("SIGTERM") << SIGTERM;
    QTest::newRow("SIGHUP") << SIGHUP;
}

void TestQuitSignals::signalSavesTheEditWithinTheDelay()
{
    QFETCH(int, sig);
    const QString sidecar = annotations::AnnotationStore::sidecarPathFor(m_path);
    QFile::remove(sidecar);
    const auto w = std::make_unique<MainWindow>();
    w->resize(1200, 800);
    w->show();
    QSignalSpy loaded(w.get(), &MainWindow::loadFinished);
    w->openFile(m_path);
    QVERIFY(loaded.wait(60000) && loaded.at(0).at(0).toBool());

    annotations::Annotation a;
    a.kind = annotations::Kind::Range;
    a.a.t = 1000;
    a.b.t = 900000;
    a.text = QStringLiteral("drawn just before the logout");
    w->annotationEditor()->undoStack()->push(new AddAnnotationCommand(w->session(), w->session()->annotationsPtr(0), a));
    QVERIFY(w->annotationAutosave()->isPending()); // inside the 500 ms delay: nothing on disk yet
    QVERIFY(!QFile::exists(sidecar));

    QuitSignals quit;
    QVERIFY(quit.isInstalled());
    QSignalSpy received(&quit, &QuitSignals::received);
    QCOMPARE(::raise(sig), 0);
    QTRY_COMPARE_WITH_TIMEOUT(received.count(), 1, 5000);
    QCOMPARE(received.at(0).at(0).toInt(), sig);
    QTRY_VERIFY_WITH_TIMEOUT(!w->isVisible(), 5000); // closed as File > Quit closes it

    const annotations::AnnotationStore::Loaded l = annotations::AnnotationStore(m_path).load();
    QVERIFY2(l.problems.isEmpty(), qPrintable(l.problems.join(QLatin1Char('\n'))));
    QCOMPARE(l.set.size(), 1);
    QCOMPARE(l.set.items()[0].text, a.text);

    // A second signal is not caught again: a process that did not end has its default action.
    struct sigaction now = {};
    QCOMPARE(::sigaction(sig, nullptr, &now), 0);
    QVERIFY(now.sa_handler == SIG_DFL);
}

void TestQuitSignals::processExitsCleanlyOnSigterm()
{
    QTemporaryDir config;
    QVERIFY(config.isValid());
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), config.path());
    env.insert(QStringLiteral("XDG_DATA_HOME"), config.path());
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(LANESCOPE_GUI_PATH), {m_path});
    QVERIFY(p.waitForStarted(10000));
    QTest::qWait(3000); // the window up and the trace loading or loaded
    QCOMPARE(p.state(), QProcess::Running);
    QCOMPARE(::kill(pid_t(p.processId()), SIGTERM), 0);
    QVERIFY(p.waitForFinished(20000));
    QCOMPARE(p.exitStatus(), QProcess::NormalExit); // killed by the signal, it would be CrashExit
    QCOMPARE(p.exitCode(), 0);
    // The window's layout was written on the way out, as File > Quit writes it.
    QVERIFY2(QFileInfo::exists(config.filePath(QStringLiteral("Lanescope/Lanescope.conf"))),
             qPrintable(QDir(config.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot).join(QLatin1Char(' '))));
}

QTEST_MAIN(TestQuitSignals)
#include "tst_quitsignals.moc"
