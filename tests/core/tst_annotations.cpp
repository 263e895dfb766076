// SPDX-License-Identifier: GPL-3.0-or-later
// core/annotations: the set's add/remove/modify with ids that survive undo, the file
// format's round trip, and the sidecar store: beside the trace, in the data folder when the trace's
// folder cannot be written, and the cases where nothing may be lost — a damaged sidecar, one from
// a newer version, one for another file of the same name (each reported, never overwritten), and a
// write that fails or is cut off between the temporary file and the rename (the old file stays).
#include "core/annotations/AnnotationStore.h"
#include "core/annotations/LaneKey.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QTemporaryDir>
#include <QRegularExpression>
#include <QtTest>

#include <csignal>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace lanescope;
using namespace lanescope::annotations;

Q_DECLARE_METATYPE(lanescope::annotations::Annotation)

namespace {

Annotation make(Kind kind, TimeNs t0, TimeNs t1, const QString &lane, Color c, const QString &text, bool finding = false)
{
    Annotation a;
    a.kind = kind;
    a.a = {t0, lane, 0.5};
    if (kind != Kind::Callout) // a callout has one anchor
        a.b = {t1, lane, 2.25};
    a.color = c;
    a.text = text;
    a.finding = finding;
    return a;
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool writeBytes(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

// Files in dir whose name starts with prefix (QSaveFile's temporaries are NAME.XXXXXX).
QStringList filesStartingWith(const QString &dir, const QString &prefix)
{
    QStringList out;
    for (const QString &n : QDir(dir).entryList(QDir::Files | QDir::Hidden))
        if (n.startsWith(prefix))
            out << n;
    return out;
}

bool sameContent(const AnnotationSet &x, const AnnotationSet &y)
{
    if (x.size() != y.size())
        return false;
    for (int i = 0; i < x.size(); ++i)
        if (!x.items()[std::size_t(i)].sameContent(y.items()[std::size_t(i)]))
            return false;
    return true;
}

// The texts of a set, sorted: what two merged sets must agree on whatever their drawing order.
QStringList textsOf(const AnnotationSet &s)
{
    QStringList t;
    for (const Annotation &a : s.items())
        t << a.text;
    t.sort();
    return t;
}

// One window's change to its set: "add:TEXT", "edit:OLD:NEW", "del:TEXT" or "none".
void applyOp(AnnotationSet &s, const QString &op)
{
    const QStringList p = op.split(QLatin1Char(':'));
    const auto byText = [&](const QString &text) {
        for (const Annotation &a : s.items())
            if (a.text == text)
                return a.id;
        return AnnotationSet::Id(0);
    };
    if (p[0] == QLatin1String("add")) {
        s.add(make(Kind::Callout, 7000 + s.size(), 0, QStringLiteral("gpu:0:stream:7"), Color::Green, p[1]));
    } else if (p[0] == QLatin1String("edit")) {
        Annotation a = *s.find(byText(p[1]));
        a.text = p[2];
        s.modify(a);
    } else if (p[0] == QLatin1String("del")) {
        s.remove(byText(p[1]));
    }
}

} // namespace

class TestAnnotations : public QObject
{
    Q_OBJECT

    QTemporaryDir m_data; // XDG_DATA_HOME: the store's data folder lives here, not in $HOME
    QTemporaryDir m_dir;
    int m_n = 0;

    // A fresh trace file (any bytes: the store hashes, it does not parse) in its own folder.
    QString newTrace(const QByteArray &content = QByteArray("{\"traceEvents\": []}\n"))
    {
        const QString dir = m_dir.filePath(QStringLiteral("t%1").arg(++m_n));
        QDir().mkpath(dir);
        const QString path = dir + QStringLiteral("/run.pt.trace.json");
        writeBytes(path, content);
        return path;
    }
    AnnotationSet sample()
    {
        AnnotationSet s;
        s.add(make(Kind::Callout, 1000, 0, QStringLiteral("gpu:0:stream:7"), Color::Orange, QStringLiteral("AllGather waits here")));
        s.add(make(Kind::Rect, 5000, 9000, QStringLiteral("cpu:100:101"), Color::Blue, QString(), true));
        return s;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_data.isValid() && m_dir.isValid());
        qputenv("XDG_DATA_HOME", m_data.path().toLocal8Bit());
        QVERIFY(AnnotationStore::dataFolder().startsWith(m_data.path()));
    }

    void setAddRemoveModify()
    {
        AnnotationSet s;
        const quint64 r0 = s.revision();
        const auto a = s.add(make(Kind::Arrow, 1, 2, QStringLiteral("gpu:0:stream:7"), Color::Red, QStringLiteral("a")));
        const auto b = s.add(make(Kind::Marker, 3, 4, QStringLiteral("gpu:0:stream:7"), Color::Green, QStringLiteral("b")));
        const auto c = s.add(make(Kind::Range, 5, 6, QString(), Color::Grey, QStringLiteral("c")), 0); // at the bottom
        QVERIFY(a != b && b != c && a != 0);
        QCOMPARE(s.size(), 3);
        QCOMPARE(s.indexOf(c), 0);
        QCOMPARE(s.indexOf(a), 1);
        QVERIFY(s.revision() > r0);

        Annotation edited = *s.find(b);
        edited.text = QStringLiteral("b, edited");
        edited.color = Color::Purple;
        QVERIFY(s.modify(edited));
        QCOMPARE(s.find(b)->text, QStringLiteral("b, edited"));
        Annotation stranger = edited;
        stranger.id = 999;
        QVERIFY(!s.modify(stranger));

        // Undo of a removal: the same annotation, id and place come back.
        const Annotation removed = *s.find(a);
        const int at = s.indexOf(a);
        QVERIFY(s.remove(a));
        QVERIFY(!s.remove(a));
        QVERIFY(!s.find(a));
        QCOMPARE(s.add(removed, at), a);
        QCOMPARE(s.indexOf(a), at);
        // An id already taken is not reused.
        QVERIFY(s.add(removed) != a);
        QCOMPARE(s.size(), 4);
    }

    void findingsAreNotStacked()
    {
        AnnotationSet s;
        std::vector<Annotation> f{make(Kind::Rect, 10, 20, QStringLiteral("gpu:0:stream:7"), Color::Blue, QStringLiteral("x"), true),
                                  make(Kind::Callout, 30, 0, QStringLiteral("memory:0"), Color::Red, QStringLiteral("y"), true)};
        QCOMPARE(s.addFindings(f), 2);
        Annotation edited = s.items()[0];
        edited.text = QStringLiteral("my words");
        QVERIFY(s.modify(edited));
        QCOMPARE(s.addFindings(f), 0); // again: nothing new, the edit stays
        QCOMPARE(s.size(), 2);
        QCOMPARE(s.items()[0].text, QStringLiteral("my words"));
        QVERIFY(s.items()[1].finding);
    }

    void laneKeys()
    {
        Track gpu;
        gpu.kind = TrackKind::Gpu;
        gpu.device = 1;
        gpu.tid = 3774;
        gpu.stream = 108; // MTIA: the stream is args.stream, not the tid
        QCOMPARE(LaneKey::forTrack(gpu), QStringLiteral("gpu:1:stream:108"));
        Track cpu;
        cpu.pid = 4242;
        cpu.tid = 4243;
        QCOMPARE(LaneKey::forTrack(cpu), QStringLiteral("cpu:4242:4243"));
        cpu.pid = -1;
        cpu.pidLabel = QStringLiteral("Spans");
        cpu.tid = -1;
        cpu.tidLabel = QStringLiteral("PyTorch Profiler");
        QCOMPARE(LaneKey::forTrack(cpu), QStringLiteral("cpu:Spans:PyTorch Profiler"));
        int device = -1;
        QVERIFY(LaneKey::parseMemory(LaneKey::memory(3), &device));
        QCOMPARE(device, 3);
        QVERIFY(!LaneKey::parseMemory(QStringLiteral("gpu:3:stream:7"), &device));
    }

    // A callout of a file from before label anchors: its pixel offset is read as it is (the window
    // converts it once it shows the point), and written back as it was until then; a "label"
    // anchor is read as such, and a malformed one is damage.
    void calloutLabelOfAnEarlierFile()
    {
        const QByteArray head = R"({"format": "lanescope-annotations", "version": 1,
            "trace": {"name": "x.json", "size": 10, "head_bytes": 10, "head_sha256": "9f2c000000000000000000000000000000000000000000000000000000000000"},
            "annotations": [)";
        const FileContent old = AnnotationFile::read(head + R"({"kind": "callout", "text": "note", "a": {"t_ns": 5, "lane": "gpu:0:stream:7", "y": 0.5}, "label_dx": 74, "label_dy": 396}]})");
        QCOMPARE(int(old.status), int(FileContent::Status::Ok));
        const Annotation &o = old.set.items().front();
        QVERIFY(!o.hasLabel);
        QCOMPARE(o.labelDx, 74.0);
        QCOMPARE(o.labelDy, 396.0);
        TraceIdentity id;
        id.size = 10;
        id.headBytes = 10;
        id.headSha256 = QByteArray("9f2c").leftJustified(64, '0');
        const QByteArray again = AnnotationFile::write(old.set, id);
        QVERIFY(again.contains("\"label_dx\": 74"));
        QVERIFY(!again.contains("\"label\""));

        const FileContent anchored = AnnotationFile::read(head + R"({"kind": "callout", "text": "note", "a": {"t_ns": 5, "lane": "gpu:0:stream:7", "y": 0.5}, "label": {"t_ns": 900, "lane": "cpu:1:1", "y": -2}}]})");
        QCOMPARE(int(anchored.status), int(FileContent::Status::Ok));
        const Annotation &n = anchored.set.items().front();
        QVERIFY(n.hasLabel);
        QCOMPARE(n.label.t, TimeNs(900));
        QCOMPARE(n.label.lane, QStringLiteral("cpu:1:1"));
        QCOMPARE(n.label.y, -2.0);
        const QByteArray written = AnnotationFile::write(anchored.set, id);
        QVERIFY(written.contains("\"label\": {\"t_ns\": 900, \"lane\": \"cpu:1:1\", \"y\": -2}"));
        QVERIFY(!written.contains("label_dx"));

        const FileContent bad = AnnotationFile::read(head + R"({"kind": "callout", "text": "note", "a": {"t_ns": 5, "lane": "gpu:0:stream:7", "y": 0.5}, "label": {"t_ns": 1.5}}]})");
        QCOMPARE(int(bad.status), int(FileContent::Status::Corrupt));
        QVERIFY2(bad.error.contains(QLatin1String("annotations[0].label.t_ns")), qPrintable(bad.error));
    }

    void roundTrip_data()
    {
        QTest::addColumn<Annotation>("annotation");
        QTest::newRow("callout") << [] {
            Annotation a = make(Kind::Callout, 73366912, 0, QStringLiteral("gpu:0:stream:7"), Color::Orange, QStringLiteral("waits"));
            a.labelDx = -120.5;
            a.labelDy = 44;
            return a;
        }();
        QTest::newRow("callout, box at a time and lane") << [] {
            Annotation a = make(Kind::Callout, 73366912, 0, QStringLiteral("gpu:0:stream:7"), Color::Orange, QStringLiteral("waits"));
            a.hasLabel = true;
            a.label = {73866912, QStringLiteral("gpu:0:stream:20"), -1.25};
            return a;
        }();
        QTest::newRow("arrow") << make(Kind::Arrow, 10, 2'000'000'000, QStringLiteral("gpu:0:stream:20"), Color::Red, QString());
        QTest::newRow("rect finding") << make(Kind::Rect, 0, 16'669'425, QStringLiteral("gpu:0:stream:7"), Color::Blue,
                                              QStringLiteral("16.7 ms idle: waiting for AllGather (stream 20)"), true);
        QTest::newRow("range") << make(Kind::Range, 500, 9'000'000'000'000, QString(), Color::Grey, QStringLiteral("step 3"));
        QTest::newRow("marker, CPU lane") << make(Kind::Marker, 100, 300, QStringLiteral("cpu:Spans:PyTorch Profiler"), Color::Purple,
                                                  QStringLiteral("slow op"));
        QTest::newRow("memory callout") << [] {
            Annotation a = make(Kind::Callout, 900'000, 0, QStringLiteral("memory:0"), Color::Red, QStringLiteral("2.00 GB spike"), true);
            a.a.y = 2.5e9; // bytes on the curve
            return a;
        }();
        QTest::newRow("unicode, quotes, newline") << make(Kind::Callout, -5, 0, QStringLiteral("gpu:0:stream:7"), Color::Green,
                                                          QStringLiteral("等待 \"AllGather\"\nline two \\ ✓"));
        QTest::newRow("before the first event") << make(Kind::Rect, -1000, -10, QStringLiteral("cpu:1:1"), Color::Orange, QString());
    }
    void roundTrip()
    {
        QFETCH(Annotation, annotation);
        const QString trace = newTrace();
        AnnotationSet set;
        set.add(make(Kind::Callout, 1, 0, QStringLiteral("gpu:0:stream:7"), Color::Blue, QStringLiteral("first")));
        set.add(annotation);
        const AnnotationStore store(trace);
        QVERIFY2(store.isValid(), qPrintable(store.error()));
        const AnnotationStore::Saved saved = store.save(set);
        QVERIFY2(saved.ok, qPrintable(saved.error));
        QCOMPARE(saved.path, trace + QStringLiteral(".lanescope.json"));
        QCOMPARE(saved.path, store.besidePath());
        QVERIFY(!QFileInfo::exists(store.fallbackPath()));

        const AnnotationStore::Loaded loaded = AnnotationStore(trace).load(); // a later session
        QVERIFY2(loaded.problems.isEmpty(), qPrintable(loaded.problems.join(QLatin1Char('\n'))));
        QCOMPARE(loaded.path, saved.path);
        QVERIFY(sameContent(loaded.set, set));
        // The file says what it is for.
        const QJsonObject root = QJsonDocument::fromJson(readAll(saved.path)).object();
        QCOMPARE(root.value(QStringLiteral("version")).toInt(), kFormatVersion);
        QCOMPARE(root.value(QStringLiteral("trace")).toObject().value(QStringLiteral("size")).toInteger(), QFileInfo(trace).size());
    }

    void nothingToSaveLeavesNoFile()
    {
        const QString trace = newTrace();
        const AnnotationStore store(trace);
        const AnnotationStore::Saved s = store.save(AnnotationSet());
        QVERIFY(s.ok);
        QVERIFY(s.path.isEmpty());
        QVERIFY(!QFileInfo::exists(store.besidePath()));
        const AnnotationStore::Loaded l = store.load();
        QVERIFY(l.problems.isEmpty());
        QVERIFY(l.set.isEmpty());
        QVERIFY(l.path.isEmpty());
        // ... but deleting the last annotation sticks.
        QVERIFY(store.save(sample()).ok);
        QVERIFY(store.save(AnnotationSet()).ok);
        QVERIFY(store.load().set.isEmpty());
        QVERIFY(QFileInfo::exists(store.besidePath()));
    }

    void headHashCoversOnlyTheHead()
    {
        // 3 MiB: the identity reads the first MiB; a change after it with the same size goes unseen
        // (documented), a change inside it is another file.
        QByteArray big(3 << 20, 'x');
        const QString trace = newTrace(big);
        const TraceIdentity id = TraceIdentity::ofFile(trace, nullptr);
        QVERIFY(id.isValid());
        QCOMPARE(id.headBytes, kHeadBytes);
        QCOMPARE(id.size, qint64(3 << 20));
        big[2 << 20] = 'y';
        writeBytes(trace, big);
        QVERIFY(TraceIdentity::ofFile(trace, nullptr).sameFile(id));
        big[100] = 'y';
        writeBytes(trace, big);
        QVERIFY(!TraceIdentity::ofFile(trace, nullptr).sameFile(id));
        QString error;
        QVERIFY(!TraceIdentity::ofFile(m_dir.filePath(QStringLiteral("nope.json")), &error).isValid());
        QVERIFY(error.contains(QStringLiteral("nope.json")));
    }

    // Each sidecar that is not this trace's: reported (one message naming the file and what is
    // wrong), the trace's annotations come from nowhere else, the file is never overwritten, and
    // what the user then draws goes to the data folder and comes back from there.
    void problemSidecars_data()
    {
        QTest::addColumn<QByteArray>("content"); // "@other": a valid sidecar of another trace, "@samesize": of one as big
        QTest::addColumn<QString>("message");
        QTest::newRow("not JSON") << QByteArray("{\"format\": \"lanescope-annotations\", \"version\": 1, ") << QStringLiteral("damaged (not JSON");
        QTest::newRow("empty file") << QByteArray() << QStringLiteral("damaged");
        QTest::newRow("a list") << QByteArray("[1, 2]") << QStringLiteral("not a JSON object");
        QTest::newRow("another format") << QByteArray(R"({"format": "chrome-trace", "version": 1})") << QStringLiteral("\"format\"");
        QTest::newRow("no version") << QByteArray(R"({"format": "lanescope-annotations"})") << QStringLiteral("\"version\"");
        QTest::newRow("unknown kind") << QByteArray() << QStringLiteral("annotations[1].kind: unknown kind \"blob\"");
        QTest::newRow("bad time") << QByteArray() << QStringLiteral("annotations[0].a.t_ns: not a whole number");
        QTest::newRow("newer version") << QByteArray(R"({"format": "lanescope-annotations", "version": 7, "shapes": {}})")
                                       << QStringLiteral("newer Lanescope (format 7");
        QTest::newRow("another file: size") << QByteArray("@other") << QStringLiteral("belongs to another file named other.pt.trace.json (");
        QTest::newRow("another file: content") << QByteArray("@samesize") << QStringLiteral("same size, different content");
    }
    void problemSidecars()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, message);
        const QString trace = newTrace();
        const AnnotationStore store(trace);
        const QString tag = QString::fromUtf8(QTest::currentDataTag());
        if (tag == QLatin1String("unknown kind") || tag == QLatin1String("bad time")) {
            // A valid file of this trace, then one member spoilt.
            QByteArray good = AnnotationFile::write(sample(), store.identity());
            content = tag == QLatin1String("unknown kind") ? good.replace("\"rect\"", "\"blob\"") : good.replace("\"t_ns\": 1000", "\"t_ns\": 1000.5");
        } else if (content == "@other" || content == "@samesize") {
            // The trace is {"traceEvents": []} and a newline: 20 bytes.
            QByteArray bytes = content == "@other" ? QByteArray("{\"traceEvents\": [1]}\n") : QByteArray("{\"traceEvents\": {}}\n");
            const QString other = QFileInfo(trace).dir().filePath(QStringLiteral("other.pt.trace.json"));
            QVERIFY(writeBytes(other, bytes));
            QCOMPARE(content == "@samesize", QFileInfo(other).size() == QFileInfo(trace).size());
            content = AnnotationFile::write(sample(), AnnotationStore(other).identity());
        }
        QVERIFY(writeBytes(store.besidePath(), content));

        const AnnotationStore::Loaded l = store.load();
        QCOMPARE(l.problems.size(), 1);
        QVERIFY2(l.problems[0].contains(message), qPrintable(l.problems[0]));
        QVERIFY(l.problems[0].contains(store.besidePath()));
        QVERIFY(l.problems[0].contains(QStringLiteral("left as it is")));
        QVERIFY(l.problems[0].contains(store.fallbackPath())); // where this trace's annotations go
        QVERIFY(l.set.isEmpty());
        QVERIFY(l.path.isEmpty());

        AnnotationSet mine;
        mine.add(make(Kind::Callout, 42, 0, QStringLiteral("gpu:0:stream:7"), Color::Green, QStringLiteral("drawn after the banner")));
        const AnnotationStore::Saved s = store.save(mine);
        QVERIFY2(s.ok, qPrintable(s.error));
        QCOMPARE(s.path, store.fallbackPath());
        QCOMPARE(readAll(store.besidePath()), content); // never overwritten

        const AnnotationStore::Loaded again = AnnotationStore(trace).load();
        QVERIFY(sameContent(again.set, mine));
        QCOMPARE(again.path, store.fallbackPath());
        QCOMPARE(again.problems.size(), 1); // still said: the file beside the trace is still there
        QCOMPARE(readAll(store.besidePath()), content);
    }

    void unknownMembersOfThisVersionAreIgnored()
    {
        const QString trace = newTrace();
        const AnnotationStore store(trace);
        QJsonObject root = QJsonDocument::fromJson(AnnotationFile::write(sample(), store.identity())).object();
        root.insert(QStringLiteral("written_by"), QStringLiteral("a later 1.x"));
        QJsonArray list = root.value(QStringLiteral("annotations")).toArray();
        QJsonObject first = list.at(0).toObject();
        first.insert(QStringLiteral("font"), QStringLiteral("bold"));
        list.replace(0, first);
        root.insert(QStringLiteral("annotations"), list);
        QVERIFY(writeBytes(store.besidePath(), QJsonDocument(root).toJson()));
        const AnnotationStore::Loaded l = store.load();
        QVERIFY2(l.problems.isEmpty(), qPrintable(l.problems.join(QLatin1Char('\n'))));
        QVERIFY(sameContent(l.set, sample()));
    }

    void readOnlyFolderFallsBackToTheDataFolder()
    {
        const QString trace = newTrace();
        const QString dir = QFileInfo(trace).absolutePath();
        QVERIFY(QFile::setPermissions(dir, QFileDevice::ReadOwner | QFileDevice::ExeOwner | QFileDevice::ReadGroup | QFileDevice::ExeGroup));
        // Root (a container, some CI runners) writes through the permission bits: then this case
        // cannot be made here.
        QFile probe(dir + QStringLiteral("/probe"));
        if (probe.open(QIODevice::WriteOnly)) {
            probe.close();
            probe.remove();
            QFile::setPermissions(dir, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
            QSKIP("running as root (or with CAP_DAC_OVERRIDE): a read-only folder is still writable, so the fallback cannot be exercised");
        }
        const AnnotationStore store(trace);
        const AnnotationStore::Saved s = store.save(sample());
        QFile::setPermissions(dir, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        QVERIFY2(s.ok, qPrintable(s.error));
        QCOMPARE(s.path, store.fallbackPath());
        QVERIFY(s.path.startsWith(AnnotationStore::dataFolder()));
        QVERIFY(!QFileInfo::exists(store.besidePath()));
        const AnnotationStore::Loaded l = AnnotationStore(trace).load();
        QVERIFY(l.problems.isEmpty());
        QCOMPARE(l.path, store.fallbackPath());
        QVERIFY(sameContent(l.set, sample()));

        // The folder writable again: the next save goes beside the trace and the copy in the data
        // folder goes away (one place holds the annotations).
        AnnotationSet more = sample();
        more.add(make(Kind::Arrow, 1, 2, QStringLiteral("gpu:0:stream:7"), Color::Red, QString()));
        const AnnotationStore::Saved s2 = store.save(more);
        QVERIFY(s2.ok);
        QCOMPARE(s2.path, store.besidePath());
        QVERIFY(!QFileInfo::exists(store.fallbackPath()));
        QVERIFY(sameContent(AnnotationStore(trace).load().set, more));
    }

    // A write that fails part-way (here: the file size limit, which binds root too) leaves the old
    // sidecar byte for byte, and no temporary file behind.
    void failedWriteKeepsTheOldFile()
    {
        const QString trace = newTrace();
        const AnnotationStore store(trace);
        QVERIFY(store.save(sample()).ok);
        const QByteArray before = readAll(store.besidePath());
        QVERIFY(!before.isEmpty());

        AnnotationSet big = sample();
        for (int i = 0; i < 20; ++i)
            big.add(make(Kind::Callout, i, 0, QStringLiteral("gpu:0:stream:7"), Color::Grey, QString(kMaxTextChars, QLatin1Char('w'))));
        rlimit old{};
        QCOMPARE(getrlimit(RLIMIT_FSIZE, &old), 0);
        auto *previous = std::signal(SIGXFSZ, SIG_IGN); // EFBIG instead of the signal
        rlimit small = old;
        small.rlim_cur = rlim_t(before.size() + 4096);
        QCOMPARE(setrlimit(RLIMIT_FSIZE, &small), 0);
        const AnnotationStore::Saved s = store.save(big);
        setrlimit(RLIMIT_FSIZE, &old);
        std::signal(SIGXFSZ, previous);

        QVERIFY(!s.ok);
        QVERIFY2(s.error.contains(store.besidePath()), qPrintable(s.error));
        QCOMPARE(readAll(store.besidePath()), before);
        QCOMPARE(filesStartingWith(QFileInfo(trace).absolutePath(), QFileInfo(store.besidePath()).fileName()),
                 QStringList{QFileInfo(store.besidePath()).fileName()});
        QVERIFY(!QFileInfo::exists(store.fallbackPath()));
        QVERIFY(sameContent(store.load().set, sample()));
    }

    // A process killed after writing the temporary file and before the rename: the old sidecar
    // loads as it was (the half-done temporary file is not looked at).
    void writeCutOffBeforeTheRename()
    {
        const QString trace = newTrace();
        const AnnotationStore store(trace);
        QVERIFY(store.save(sample()).ok);
        const QByteArray before = readAll(store.besidePath());
        const pid_t child = fork();
        QVERIFY(child >= 0);
        if (child == 0) {
            // What save() does up to its commit(), then the process dies.
            AnnotationSet other;
            other.add(make(Kind::Rect, 1, 2, QStringLiteral("gpu:0:stream:7"), Color::Red, QStringLiteral("never committed")));
            QSaveFile f(store.besidePath());
            if (f.open(QIODevice::WriteOnly)) {
                f.write(AnnotationFile::write(other, store.identity()));
                f.flush();
            }
            _exit(0);
        }
        int status = 0;
        QCOMPARE(waitpid(child, &status, 0), child);
        QCOMPARE(readAll(store.besidePath()), before);
        const AnnotationStore::Loaded l = store.load();
        QVERIFY(l.problems.isEmpty());
        QVERIFY(sameContent(l.set, sample()));
    }

    void damagedFileInTheDataFolderIsMovedAsideNotOverwritten()
    {
        const QString trace = newTrace();
        const AnnotationStore store(trace);
        QVERIFY(writeBytes(store.besidePath(), QByteArray("not json"))); // forces the data folder
        QVERIFY(QDir().mkpath(AnnotationStore::dataFolder()));
        QVERIFY(writeBytes(store.fallbackPath(), QByteArray("{broken")));
        const AnnotationStore::Loaded l = store.load();
        QCOMPARE(l.problems.size(), 2);
        const AnnotationStore::Saved s = store.save(sample());
        QVERIFY2(s.ok, qPrintable(s.error));
        QCOMPARE(s.path, store.fallbackPath());
        const QStringList aside = filesStartingWith(AnnotationStore::dataFolder(), QFileInfo(store.fallbackPath()).fileName() + QStringLiteral(".corrupt-"));
        QCOMPARE(aside.size(), 1);
        QCOMPARE(readAll(AnnotationStore::dataFolder() + QLatin1Char('/') + aside[0]), QByteArray("{broken"));
        QCOMPARE(readAll(store.besidePath()), QByteArray("not json"));
        QVERIFY(sameContent(store.load().set, sample()));
    }

    // The same trace in two windows, each with its own store on the one sidecar: both read X and
    // Y, window A changes its set and saves, then window B changes its own and saves, then A saves
    // again. Nothing either drew is lost: B's save merges A's by id, A's second save takes B's, and
    // a later session reads what both agree on.
    void twoStoresOnOneFile_data()
    {
        QTest::addColumn<QString>("opA");
        QTest::addColumn<QString>("opB");
        QTest::addColumn<QStringList>("expected");
        QTest::addColumn<QList<int>>("intoB"); // B's save: added, changed, removed from the disk
        const QString x = QStringLiteral("X"), y = QStringLiteral("Y");
        QTest::newRow("add/add") << "add:a" << "add:b" << QStringList{QStringLiteral("X"), y, QStringLiteral("a"), QStringLiteral("b")}
                                 << QList<int>{1, 0, 0};
        QTest::newRow("edit/delete: A's edit comes back") << "edit:X:X by A" << "del:X" << QStringList{QStringLiteral("X by A"), y}
                                                           << QList<int>{1, 0, 0};
        QTest::newRow("delete/edit: B's edit stays") << "del:X" << "edit:X:X by B" << QStringList{QStringLiteral("X by B"), y}
                                                      << QList<int>{0, 0, 0};
        QTest::newRow("delete/unchanged: A's delete sticks") << "del:X" << "add:b" << QStringList{y, QStringLiteral("b")}
                                                              << QList<int>{0, 0, 1};
        QTest::newRow("unchanged/delete: B's delete sticks") << "add:a" << "del:Y" << QStringList{x, QStringLiteral("a")}
                                                              << QList<int>{1, 0, 0};
        QTest::newRow("edit/edit: the later saver's edit wins") << "edit:X:X by A" << "edit:X:X by B"
                                                                 << QStringList{QStringLiteral("X by B"), y} << QList<int>{0, 0, 0};
        QTest::newRow("edit/unchanged: A's edit comes in") << "edit:X:X by A" << "none" << QStringList{QStringLiteral("X by A"), y}
                                                            << QList<int>{0, 1, 0};
        QTest::newRow("delete/delete") << "del:X" << "del:X" << QStringList{y} << QList<int>{0, 0, 0};
    }
    void twoStoresOnOneFile()
    {
        QFETCH(QString, opA);
        QFETCH(QString, opB);
        QFETCH(QStringList, expected);
        QFETCH(QList<int>, intoB);
        const QString trace = newTrace();
        {
            AnnotationSet first;
            applyOp(first, QStringLiteral("add:X"));
            applyOp(first, QStringLiteral("add:Y"));
            QVERIFY(AnnotationStore(trace).save(first).ok);
        }
        const AnnotationStore storeA(trace), storeB(trace);
        AnnotationSet a = storeA.load().set, b = storeB.load().set;
        QCOMPARE(textsOf(a), (QStringList{QStringLiteral("X"), QStringLiteral("Y")}));
        QCOMPARE(a.items()[0].id, b.items()[0].id); // the ids are in the file

        applyOp(a, opA);
        const AnnotationStore::Saved savedA = storeA.save(a);
        QVERIFY2(savedA.ok, qPrintable(savedA.error));
        QVERIFY(!savedA.fromDisk.any()); // nobody wrote since A read

        applyOp(b, opB);
        const AnnotationStore::Saved savedB = storeB.save(b);
        QVERIFY2(savedB.ok, qPrintable(savedB.error));
        QCOMPARE((QList<int>{savedB.fromDisk.added, savedB.fromDisk.changed, savedB.fromDisk.removed}), intoB);
        const AnnotationSet shownB = savedB.fromDisk.any() ? savedB.merged : b;
        QCOMPARE(textsOf(shownB), expected);
        QCOMPARE(textsOf(AnnotationStore(trace).load().set), expected);

        // A saves again (its next edit, or its window closing): it takes B's side in, drops nothing.
        const AnnotationStore::Saved againA = storeA.save(a);
        QVERIFY(againA.ok);
        QCOMPARE(textsOf(againA.fromDisk.any() ? againA.merged : a), expected);
        QCOMPARE(textsOf(AnnotationStore(trace).load().set), expected);
        // And B, saving once more with nothing new, is told nothing and changes nothing.
        const AnnotationStore::Saved againB = storeB.save(shownB);
        QVERIFY(againB.ok && !againB.fromDisk.any());
        QCOMPARE(textsOf(AnnotationStore(trace).load().set), expected);
    }

    // A sidecar written before ids were saved: both windows derive the same id for each of its
    // annotations, so each one's save keeps the other's without doubling the old ones.
    void fileWithoutIdsMergesWithoutDuplicates()
    {
        const QString trace = newTrace();
        {
            AnnotationSet first;
            applyOp(first, QStringLiteral("add:X"));
            applyOp(first, QStringLiteral("add:Y"));
            const AnnotationStore store(trace);
            QByteArray bytes = AnnotationFile::write(first, store.identity());
            bytes = QString::fromUtf8(bytes).remove(QRegularExpression(QStringLiteral("\"id\": \"[0-9a-f]+\", "))).toUtf8();
            QVERIFY(!bytes.contains("\"id\""));
            QVERIFY(writeBytes(store.besidePath(), bytes));
        }
        const AnnotationStore storeA(trace), storeB(trace);
        AnnotationSet a = storeA.load().set, b = storeB.load().set;
        QCOMPARE(a.items()[1].id, b.items()[1].id);
        applyOp(a, QStringLiteral("add:a"));
        QVERIFY(storeA.save(a).ok);
        applyOp(b, QStringLiteral("add:b"));
        const AnnotationStore::Saved s = storeB.save(b);
        QVERIFY(s.ok);
        QCOMPARE(textsOf(s.merged), (QStringList{QStringLiteral("X"), QStringLiteral("Y"), QStringLiteral("a"), QStringLiteral("b")}));
    }

    // Ids are saved: a later session reads the very ids this one gave (what merging goes by).
    void idsRoundTrip()
    {
        const QString trace = newTrace();
        AnnotationSet set = sample();
        const AnnotationStore store(trace);
        QVERIFY(store.save(set).ok);
        const AnnotationSet back = AnnotationStore(trace).load().set;
        QCOMPARE(back.size(), set.size());
        for (int i = 0; i < set.size(); ++i)
            QCOMPARE(back.items()[std::size_t(i)].id, set.items()[std::size_t(i)].id);
    }

    // Past kMaxAnnotations a sidecar is refused with its count (never overwritten), and a set that
    // grew past it is not written (it could not be read back) but kept and said.
    void moreThanTheLimitIsRefusedNotWritten()
    {
        const QString trace = newTrace();
        const AnnotationStore store(trace);
        std::vector<Annotation> many;
        for (int i = 0; i <= kMaxAnnotations; ++i)
            many.push_back(make(Kind::Callout, i, 0, QStringLiteral("gpu:0:stream:7"), Color::Grey, QString()));
        AnnotationSet big;
        big.setItems(many);
        QVERIFY(writeBytes(store.besidePath(), AnnotationFile::write(big, store.identity())));
        const QByteArray before = readAll(store.besidePath());
        const AnnotationStore::Loaded l = store.load();
        QCOMPARE(l.problems.size(), 1);
        QVERIFY2(l.problems[0].contains(QStringLiteral("%1 annotations: more than the %2").arg(kMaxAnnotations + 1).arg(kMaxAnnotations)),
                 qPrintable(l.problems[0]));
        QVERIFY(l.set.isEmpty());

        const AnnotationStore::Saved s = store.save(big);
        QVERIFY(!s.ok);
        QVERIFY2(s.error.contains(QString::number(kMaxAnnotations)), qPrintable(s.error));
        QCOMPARE(readAll(store.besidePath()), before);
        QVERIFY(!QFileInfo::exists(store.fallbackPath()));
        many.pop_back();
        big.setItems(many); // at the limit: written and read back
        QVERIFY(store.save(big).ok);
        QCOMPARE(AnnotationStore(trace).load().set.size(), kMaxAnnotations);
    }

    void unreadableTraceIsSaid()
    {
        const AnnotationStore store(m_dir.filePath(QStringLiteral("missing.json")));
        QVERIFY(!store.isValid());
        const AnnotationStore::Loaded l = store.load();
        QCOMPARE(l.problems.size(), 1);
        QVERIFY(l.problems[0].contains(QStringLiteral("missing.json")));
        const AnnotationStore::Saved s = store.save(sample());
        QVERIFY(!s.ok);
        QVERIFY(s.error.contains(QStringLiteral("missing.json")));
    }
};

QTEST_GUILESS_MAIN(TestAnnotations)
#include "tst_annotations.moc"
