// SPDX-License-Identifier: GPL-3.0-or-later
// Where a trace's annotations are kept (AnnotationStore::Place): beside the trace, falling back to
// the data folder when the trace's folder cannot take the file (said in Saved::fellBack); the data
// folder only, with nothing written, moved or removed beside the trace; both places read, the file
// modified last loaded.
#include "core/annotations/AnnotationStore.h"
#include "tests/SidecarBlock.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace lanescope;
using namespace lanescope::annotations;

namespace {

AnnotationSet withText(const QStringList &texts)
{
    AnnotationSet s;
    TimeNs t = 1000;
    for (const QString &text : texts) {
        Annotation a;
        a.kind = Kind::Callout;
        a.a = {t += 1000, QStringLiteral("gpu:0:stream:7"), 0.5};
        a.color = Color::Blue;
        a.text = text;
        s.add(a);
    }
    return s;
}

QStringList textsOf(const AnnotationSet &s)
{
    QStringList t;
    for (const Annotation &a : s.items())
        t << a.text;
    t.sort();
    return t;
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Every name in the trace's folder but the trace itself: what a store left there (temporaries too).
QStringList besideTheTrace(const QString &trace)
{
    QStringList names = QDir(QFileInfo(trace).absolutePath()).entryList(QDir::Files | QDir::Dirs | QDir::Hidden | QDir::NoDotAndDotDot);
    names.removeAll(QFileInfo(trace).fileName());
    return names;
}

bool setModified(const QString &path, const QDateTime &when)
{
    QFile f(path);
    return f.open(QIODevice::ReadWrite) && f.setFileTime(when, QFileDevice::FileModificationTime);
}

} // namespace

class TestAnnotationPlace : public QObject
{
    Q_OBJECT
    QTemporaryDir m_data; // XDG_DATA_HOME: the data folder lives here
    QTemporaryDir m_dir;
    int m_n = 0;

    QString newTrace()
    {
        const QString dir = m_dir.filePath(QStringLiteral("t%1").arg(++m_n));
        QDir().mkpath(dir);
        const QString path = dir + QStringLiteral("/run.pt.trace.json");
        QFile f(path);
        if (f.open(QIODevice::WriteOnly))
            f.write("{\"traceEvents\": []}\n");
        return path;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_data.isValid() && m_dir.isValid());
        qputenv("XDG_DATA_HOME", m_data.path().toUtf8());
        QVERIFY(AnnotationStore::dataFolder().startsWith(m_data.path()));
    }

    // The preference "in Lanescope's data folder": the first save, and every later one, goes
    // there; the trace's folder is left exactly as it was.
    void dataFolderWritesNothingBesideTheTrace()
    {
        const QString trace = newTrace();
        AnnotationStore store(trace, AnnotationStore::Place::DataFolder);
        QCOMPARE(store.place(), AnnotationStore::Place::DataFolder);
        const AnnotationStore::Saved s = store.save(withText({QStringLiteral("a")}));
        QVERIFY2(s.ok, qPrintable(s.error));
        QCOMPARE(s.path, store.fallbackPath());
        QVERIFY(!s.fellBack); // asked for, not a fallback
        const AnnotationStore::Saved again = store.save(withText({QStringLiteral("a"), QStringLiteral("b")}));
        QVERIFY2(again.ok, qPrintable(again.error));
        QCOMPARE(again.path, store.fallbackPath());
        QCOMPARE(besideTheTrace(trace), QStringList());
        const AnnotationStore::Loaded l = AnnotationStore(trace, AnnotationStore::Place::DataFolder).load();
        QCOMPARE(l.path, store.fallbackPath());
        QCOMPARE(textsOf(l.set), (QStringList{QStringLiteral("a"), QStringLiteral("b")}));
        // Beside the trace is the default, and the place can change between saves.
        store.setPlace(AnnotationStore::Place::BesideTrace);
        const AnnotationStore::Saved beside = store.save(withText({QStringLiteral("c")}));
        QVERIFY2(beside.ok, qPrintable(beside.error));
        QCOMPARE(beside.path, store.besidePath());
        QVERIFY(!QFileInfo::exists(store.fallbackPath())); // one place holds them again
    }

    // A sidecar beside the trace from before the preference changed is read, and never touched:
    // the data folder's copy, written since, is the newer and is what loads.
    void besideFileIsReadAndKept()
    {
        const QString trace = newTrace();
        QVERIFY(AnnotationStore(trace).save(withText({QStringLiteral("old")})).ok);
        const QString sidecar = AnnotationStore::sidecarPathFor(trace);
        const QByteArray before = readAll(sidecar);
        QVERIFY(!before.isEmpty());
        QVERIFY(setModified(sidecar, QDateTime::currentDateTime().addSecs(-60)));

        AnnotationStore store(trace, AnnotationStore::Place::DataFolder);
        const AnnotationStore::Loaded l = store.load();
        QCOMPARE(l.path, sidecar);
        QCOMPARE(textsOf(l.set), QStringList{QStringLiteral("old")});
        const AnnotationStore::Saved s = store.save(withText({QStringLiteral("old"), QStringLiteral("new")}));
        QVERIFY2(s.ok, qPrintable(s.error));
        QCOMPARE(s.path, store.fallbackPath());
        QCOMPARE(readAll(sidecar), before);
        const AnnotationStore::Loaded back = AnnotationStore(trace, AnnotationStore::Place::DataFolder).load();
        QCOMPARE(back.path, store.fallbackPath());
        QCOMPARE(textsOf(back.set), (QStringList{QStringLiteral("new"), QStringLiteral("old")}));
    }

    // Both places hold a valid file: the one modified last is loaded, whatever the place asked for.
    void newerFileWins_data()
    {
        QTest::addColumn<bool>("besideNewer");
        QTest::addColumn<bool>("dataFolderPlace");
        QTest::newRow("beside newer, beside place") << true << false;
        QTest::newRow("beside newer, data place") << true << true;
        QTest::newRow("data newer, beside place") << false << false;
        QTest::newRow("data newer, data place") << false << true;
    }

    void newerFileWins()
    {
        QFETCH(bool, besideNewer);
        QFETCH(bool, dataFolderPlace);
        const QString trace = newTrace();
        // Each place with its own content: the file beside the trace is put back after the data
        // folder's is written (a store would merge the two, or remove the copy it supersedes).
        const QString beside = AnnotationStore::sidecarPathFor(trace);
        QVERIFY(AnnotationStore(trace).save(withText({QStringLiteral("beside")})).ok);
        const QByteArray besideBytes = readAll(beside);
        QVERIFY(QFile::remove(beside));
        const AnnotationStore writer(trace, AnnotationStore::Place::DataFolder);
        QVERIFY(writer.save(withText({QStringLiteral("in the data folder")})).ok);
        const QString data = writer.fallbackPath();
        QFile put(beside);
        QVERIFY(put.open(QIODevice::WriteOnly) && put.write(besideBytes) == besideBytes.size());
        put.close();
        QVERIFY(QFileInfo::exists(beside) && QFileInfo::exists(data));
        const QDateTime now = QDateTime::currentDateTime();
        QVERIFY(setModified(beside, besideNewer ? now : now.addSecs(-60)));
        QVERIFY(setModified(data, besideNewer ? now.addSecs(-60) : now));
        const AnnotationStore::Loaded l =
            AnnotationStore(trace, dataFolderPlace ? AnnotationStore::Place::DataFolder : AnnotationStore::Place::BesideTrace).load();
        QVERIFY2(l.problems.isEmpty(), qPrintable(l.problems.join(QLatin1Char('\n'))));
        QCOMPARE(l.path, besideNewer ? beside : data);
        QCOMPARE(textsOf(l.set), QStringList{besideNewer ? QStringLiteral("beside") : QStringLiteral("in the data folder")});
    }

    // Beside the trace asked for, but the folder cannot take it: written to the data folder and
    // said (fellBack, with why). A read-only folder binds every user but root; something that is
    // not a file where the sidecar goes binds root too.
    void fallbackIsSaid_data()
    {
        QTest::addColumn<bool>("readOnly");
        QTest::newRow("read-only folder") << true;
        QTest::newRow("a folder where the sidecar goes") << false;
    }

    void fallbackIsSaid()
    {
        QFETCH(bool, readOnly);
        const QString trace = newTrace();
        const QString dir = QFileInfo(trace).absolutePath();
        const test::SidecarBlock blocked = test::blockSidecar(trace, readOnly);
        QVERIFY(blocked != test::SidecarBlock::Failed);
        if (blocked == test::SidecarBlock::StillWritable)
            QSKIP("running as root: a read-only folder is still writable (the other row checks the fallback)");
        const AnnotationStore store(trace);
        const AnnotationStore::Saved s = store.save(withText({QStringLiteral("kept")}));
        test::restoreFolderPermissions(dir);
        QVERIFY2(s.ok, qPrintable(s.error));
        QVERIFY(s.fellBack);
        QVERIFY(!s.besideError.isEmpty());
        QCOMPARE(s.path, store.fallbackPath());
        QCOMPARE(textsOf(AnnotationStore(trace).load().set), QStringList{QStringLiteral("kept")});
        // A save beside the trace that works is no fallback.
        const QString other = newTrace();
        const AnnotationStore::Saved plain = AnnotationStore(other).save(withText({QStringLiteral("x")}));
        QVERIFY(plain.ok && !plain.fellBack && plain.besideError.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestAnnotationPlace)
#include "tst_annotationplace.moc"
