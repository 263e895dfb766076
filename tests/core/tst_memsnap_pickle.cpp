// SPDX-License-Identifier: GPL-3.0-or-later
// The snapshot pickle reader on valid and hostile input: data opcodes only (every opcode that
// imports or calls code refused, naming itself and its offset, and nothing run), protocol 0/1
// refused, truncation at every byte, deep nesting, huge lengths, cycles, wrong field types.
#include "core/memsnap/MemorySnapshot.h"
#include "core/memsnap/Pickle.h"

#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace lanescope::memsnap;
using Kind = PickleValue::Kind;

namespace {

// Python 3: pickle.dumps({'a': [1, 2.5, 'x', None, True, -300, 2**40, -2**63], 'b': (1, 2),
// 'c': b'\x00\x01', 'd': {'k': 'v'}, 'e': 2**70}, protocol=4)
const char *kProto4 =
    "80049566000000000000007d94288c0161945d94284b014740040000000000008c0178944e884ad4feffff8a06000000000001"
    "8a080000000000000080658c0162944b014b0286948c01639443020001948c0164947d948c016b948c017694738c0165948a09"
    "000000000000000040752e";
// The same dict at protocol 2: Python writes the bytes value as _codecs.encode(...) (GLOBAL, REDUCE).
const char *kProto2 =
    "80027d71002858010000006171015d7102284b0147400400000000000058010000007871034e884ad4feffff8a0600000000"
    "00018a0800000000000000806558010000006271044b014b028671055801000000637106635f636f646563730a656e636f64"
    "650a710758020000000001710858060000006c6174696e31710986710a52710b580100000064710c7d710d58010000006b71"
    "0e580100000076710f7358010000006571108a09000000000000000040752e";

QByteArray hex(const char *h) { return QByteArray::fromHex(h); }

PickleResult read(const QByteArray &b, const PickleLimits &limits = PickleLimits())
{
    return readPickle(b.constData(), std::size_t(b.size()), nullptr, limits);
}

// Little helpers to write pickles by hand.
QByteArray le32(quint32 v)
{
    QByteArray b(4, '\0');
    for (int i = 0; i < 4; ++i)
        b[i] = char((v >> (8 * i)) & 0xff);
    return b;
}
QByteArray le64(quint64 v)
{
    QByteArray b(8, '\0');
    for (int i = 0; i < 8; ++i)
        b[i] = char((v >> (8 * i)) & 0xff);
    return b;
}
QByteArray str(const QByteArray &s) { return QByteArray(1, char(0x8c)) + char(s.size()) + s; }
QByteArray int32(qint32 v) { return QByteArray(1, 'J') + le32(quint32(v)); }
const QByteArray kHead = QByteArray::fromHex("8004");
const QByteArray kStop(1, '.');

} // namespace

class TestMemsnapPickle : public QObject
{
    Q_OBJECT
private slots:
    void readsDataOpcodes()
    {
        const PickleResult r = read(hex(kProto4));
        QVERIFY2(r.document, qPrintable(r.error));
        QCOMPARE(r.protocol, 4);
        const PickleDocument &d = *r.document;
        const PickleValue root = d.root();
        QCOMPARE(root.kind, Kind::Dict);
        QCOMPARE(d.size(root), std::size_t(5));
        const auto &a = d.items(d.get(root, "a"));
        QCOMPARE(a.size(), std::size_t(8));
        QCOMPARE(a[0].kind, Kind::Int);
        QCOMPARE(a[0].i, std::int64_t(1));
        QCOMPARE(a[1].kind, Kind::Float);
        QCOMPARE(a[1].f, 2.5);
        QCOMPARE(QByteArray(d.text(a[2]).data(), int(d.text(a[2]).size())), QByteArray("x"));
        QCOMPARE(a[3].kind, Kind::None);
        QCOMPARE(a[4].kind, Kind::Bool);
        QCOMPARE(a[4].i, std::int64_t(1));
        QCOMPARE(a[5].i, std::int64_t(-300));
        QCOMPARE(a[6].i, std::int64_t(1) << 40);
        QCOMPARE(a[7].i, std::numeric_limits<std::int64_t>::min());
        const PickleValue b = d.get(root, "b");
        QCOMPARE(b.kind, Kind::Tuple);
        QCOMPARE(d.items(b)[1].i, std::int64_t(2));
        QCOMPARE(d.get(root, "c").kind, Kind::Bytes);
        QCOMPARE(d.text(d.get(root, "c")).size(), std::size_t(2));
        QCOMPARE(d.text(d.get(d.get(root, "d"), "k")), std::string_view("v"));
        QCOMPARE(d.get(root, "e").kind, Kind::BigInt); // 2**70: wider than int64, kept as a size
        // Strings are interned: "a".."e", "x", "k", "v" once each.
        QCOMPARE(d.findString("k") == PickleDocument::kNoString, false);
    }

    void refusesCodeOpcodes_data()
    {
        QTest::addColumn<int>("op");
        QTest::addColumn<QString>("name");
        const std::pair<int, const char *> ops[] = {
            {'c', "GLOBAL"}, {0x93, "STACK_GLOBAL"}, {'R', "REDUCE"}, {'b', "BUILD"}, {'i', "INST"},
            {'o', "OBJ"},    {0x81, "NEWOBJ"},       {0x92, "NEWOBJ_EX"}, {0x82, "EXT1"}, {0x83, "EXT2"},
            {0x84, "EXT4"},  {'P', "PERSID"},       {'Q', "BINPERSID"},
        };
        for (const auto &[op, name] : ops)
            QTest::newRow(name) << op << QString::fromLatin1(name);
    }
    void refusesCodeOpcodes()
    {
        QFETCH(int, op);
        QFETCH(QString, name);
        // After a string, as a real pickle would have its arguments first.
        const QByteArray b = kHead + str("os") + char(op) + QByteArray(16, 'x') + kStop;
        const PickleResult r = read(b);
        QVERIFY(!r.document);
        QVERIFY2(r.error.contains(name), qPrintable(r.error));
        QVERIFY2(r.error.contains(QStringLiteral("byte 6")), qPrintable(r.error));
        QVERIFY2(r.error.contains(QStringLiteral("imports or calls code")), qPrintable(r.error));
    }

    // Python's own protocol 2 pickles bytes through _codecs.encode: GLOBAL, refused where it is.
    void refusesGlobalInsideData()
    {
        const QByteArray b = hex(kProto2);
        const PickleResult r = read(b);
        QVERIFY(!r.document);
        const int at = b.indexOf("c_codecs");
        QVERIFY(at > 0);
        QVERIFY2(r.error.contains(QStringLiteral("GLOBAL")) && r.error.contains(QStringLiteral("byte %1").arg(at)),
                 qPrintable(r.error));
    }

    // A pickle that creates a file when Python unpickles it (builtins.open(path, "w")). Python is
    // run on it first, where there is one, to show the pickle is live; our reader must refuse it
    // and the file must not appear.
    void nothingRuns()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        auto payload = [](const QString &path) {
            const QByteArray p = path.toUtf8();
            return QByteArray::fromHex("8002") + "cbuiltins\nopen\n" + QByteArray(1, 'X') + le32(quint32(p.size())) + p
                + QByteArray(1, 'X') + le32(1) + "w" + QByteArray::fromHex("86") + "R" + kStop;
        };
        const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
        if (!python.isEmpty()) {
            const QString probe = dir.filePath(QStringLiteral("python-made-me"));
            QFile f(dir.filePath(QStringLiteral("probe.pickle")));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(payload(probe));
            f.close();
            QProcess p;
            p.start(python, {QStringLiteral("-c"), QStringLiteral("import pickle,sys; pickle.load(open(sys.argv[1],'rb'))"), f.fileName()});
            QVERIFY(p.waitForFinished(60000));
            QVERIFY2(QFile::exists(probe), "the test pickle should create a file when Python loads it");
        } else {
            qWarning("python3 not found: the payload is not checked against Python itself");
        }
        const QString target = dir.filePath(QStringLiteral("lanescope-made-me"));
        const QByteArray b = payload(target);
        const PickleResult r = read(b);
        QVERIFY(!r.document);
        QVERIFY2(r.error.contains(QStringLiteral("GLOBAL")), qPrintable(r.error));
        const SnapshotResult s = readSnapshot(b.constData(), std::size_t(b.size()), QStringLiteral("evil.pickle"));
        QVERIFY(!s.snapshot);
        QVERIFY(!QFile::exists(target));
    }

    void truncatedEverywhere()
    {
        const QByteArray b = hex(kProto4);
        for (int n = 0; n < b.size(); ++n) {
            const PickleResult r = read(b.left(n));
            QVERIFY2(!r.document, qPrintable(QStringLiteral("prefix of %1 bytes read as whole").arg(n)));
            QVERIFY(!r.error.isEmpty());
        }
        QVERIFY(read(b).document);
    }

    void deepNesting_data()
    {
        QTest::addColumn<int>("depth");
        QTest::addColumn<bool>("ok");
        QTest::newRow("999") << 999 << true;
        QTest::newRow("1000") << 1000 << true;
        QTest::newRow("1001") << 1001 << false;
        QTest::newRow("10000") << 10000 << false;
    }
    void deepNesting()
    {
        QFETCH(int, depth);
        QFETCH(bool, ok);
        // depth lists, each appended to the one before: [[[...]]]
        const QByteArray b = kHead + QByteArray(depth, ']') + QByteArray(depth - 1, 'a') + kStop;
        const PickleResult r = read(b);
        QCOMPARE(bool(r.document), ok);
        if (!ok)
            QVERIFY2(r.error.contains(QStringLiteral("1000 deep")), qPrintable(r.error));
        // Marks without end: bounded by the stack limit, not by memory.
        PickleLimits small;
        small.maxStack = 5000;
        const PickleResult m = read(kHead + QByteArray(depth, '(') + kStop, small);
        QVERIFY(!m.document);
    }

    void hugeLengths_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::newRow("BINUNICODE 2^31") << QByteArray(1, 'X') + le32(0x80000000u) + "abc";
        QTest::newRow("BINUNICODE 2^32-1") << QByteArray(1, 'X') + le32(0xffffffffu) + "abc";
        QTest::newRow("BINUNICODE8 2^63") << QByteArray(1, char(0x8d)) + le64(quint64(1) << 63) + "abc";
        QTest::newRow("BINBYTES8 2^64-1") << QByteArray(1, char(0x8e)) + le64(~quint64(0)) + "abc";
        QTest::newRow("BINBYTES 2^31") << QByteArray(1, 'B') + le32(0x80000000u);
        QTest::newRow("LONG4 2^31") << QByteArray(1, char(0x8b)) + le32(0x7fffffffu) + "abc";
        QTest::newRow("LONG4 negative") << QByteArray(1, char(0x8b)) + le32(0x80000000u);
        QTest::newRow("FRAME 2^40") << QByteArray(1, char(0x95)) + le64(quint64(1) << 40);
        QTest::newRow("LONG_BINGET 2^31") << QByteArray(1, 'j') + le32(0x80000000u);
        QTest::newRow("LONG_BINPUT 2^31") << QByteArray(1, ']') + "r" + le32(0x80000000u);
        QTest::newRow("BINSTRING negative") << QByteArray(1, 'T') + le32(0xfffffff0u);
    }
    void hugeLengths()
    {
        QFETCH(QByteArray, body);
        const PickleResult r = read(kHead + body + kStop);
        QVERIFY(!r.document);
        QVERIFY(!r.error.isEmpty());
        QVERIFY2(r.peakBytes < 64 * 1024 * 1024, "nothing sized by the input was allocated");
    }

    // What the input may make the reader hold: containers alive, distinct strings, memo entries.
    void memoryBounds()
    {
        PickleLimits few;
        few.maxContainers = 100;
        few.maxStrings = 10;
        QByteArray lists = kHead;
        for (int i = 0; i < 101; ++i)
            lists += "]0"; // a list, popped: unreferenced, but a hostile file would make millions
        PickleResult r = read(lists + "N" + kStop, few);
        QVERIFY(!r.document);
        QVERIFY2(r.error.contains(QStringLiteral("more than 100 containers")), qPrintable(r.error));
        QVERIFY(read(kHead + QByteArray(50, ']') + QByteArray(49, 'a') + kStop, few).document);

        QByteArray strings = kHead;
        for (int i = 0; i < 11; ++i)
            strings += str(QByteArray::number(i)) + "0";
        r = read(strings + "N" + kStop, few);
        QVERIFY(!r.document);
        QVERIFY2(r.error.contains(QStringLiteral("more than 10 distinct strings")), qPrintable(r.error));
        QByteArray same = kHead; // one string many times is one string
        for (int i = 0; i < 50; ++i)
            same += str("x") + "0";
        QVERIFY(read(same + "N" + kStop, few).document);

        // MEMOIZE a million times over one value: at most one memo entry per 8 bytes of input.
        const QByteArray memo = kHead + "]" + QByteArray((1 << 20) + 1, char(0x94)) + kStop;
        r = read(memo);
        QVERIFY(!r.document);
        QVERIFY2(r.error.contains(QStringLiteral("memo entries")), qPrintable(r.error));
    }

    void protocol01Refused_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::newRow("protocol 0 list") << QByteArray("(lp0\nI1\na.");
        QTest::newRow("protocol 0 string") << QByteArray("S'x'\np0\n.");
        QTest::newRow("protocol 1 list") << QByteArray::fromHex("5d7100284b014b0265") + ".";
        QTest::newRow("protocol 6") << QByteArray::fromHex("80064e2e");
        QTest::newRow("text opcode after PROTO") << QByteArray::fromHex("8002") + "I1\n.";
    }
    void protocol01Refused()
    {
        QFETCH(QByteArray, bytes);
        const PickleResult r = read(bytes);
        QVERIFY(!r.document);
        QVERIFY2(r.error.contains(QStringLiteral("protocol")), qPrintable(r.error));
    }

    void cyclesRefused_data()
    {
        QTest::addColumn<QByteArray>("body");
        // l = []; l.append(l)
        QTest::newRow("self") << QByteArray("]\x94h\x00" "a", 5);
        // a = []; b = [a]; a.append(b): a is sealed inside b
        QTest::newRow("two") << QByteArray("]\x94]\x94h\x00" "a0h\x01" "a", 11);
        // a dict whose value is itself
        QTest::newRow("dict") << QByteArray("}\x94", 2) + str("k") + QByteArray("h\x00" "s", 3);
    }
    void cyclesRefused()
    {
        QFETCH(QByteArray, body);
        const PickleResult r = read(kHead + body + kStop);
        QVERIFY(!r.document);
        QVERIFY2(r.error.contains(QStringLiteral("inside")), qPrintable(r.error));
    }

    void garbageNeverCrashes()
    {
        // Every byte value after PROTO, then some filler: refused or read, never a crash.
        for (int op = 0; op < 256; ++op) {
            const QByteArray b = kHead + char(op) + QByteArray("\x01\x00\x00\x00xxxxxxxx", 12) + kStop;
            const PickleResult r = read(b);
            QVERIFY(r.document || !r.error.isEmpty());
        }
    }

    // Known snapshot fields with the wrong type: the entry is kept, the field ignored, a warning said.
    void wrongTypesInSnapshot()
    {
        auto entry = [](const QByteArray &action, const QByteArray &addrValue) {
            return QByteArray("}", 1) + "(" + str("action") + action + str("addr") + addrValue + str("size") + int32(512)
                + str("stream") + int32(0) + str("time_us") + int32(10) + "u";
        };
        const QByteArray b = kHead + "}(" + str("segments") + "](" + "}(" + str("device") + int32(0) + str("address")
            + int32(4096) + str("total_size") + str("big") + "u" + "e" + str("device_traces") + "](" + "](" + entry(str("alloc"), str("oops"))
            + entry(int32(7), int32(4096)) + entry(str("teleport"), int32(8192)) + "e" + "e" + "u" + kStop;
        const SnapshotResult s = readSnapshot(b.constData(), std::size_t(b.size()), QStringLiteral("odd.pickle"));
        QVERIFY2(s.snapshot, qPrintable(s.error));
        QCOMPARE(s.snapshot->deviceTraces.size(), std::size_t(1));
        const auto &e = s.snapshot->deviceTraces[0].entries;
        QCOMPARE(e.size(), std::size_t(3));
        QCOMPARE(e[0].action, Action::Alloc);
        QCOMPARE(e[0].addr, std::uint64_t(0)); // "oops" ignored
        QCOMPARE(e[1].action, Action::Unknown);
        QCOMPARE(e[2].action, Action::Unknown);
        QCOMPARE(s.snapshot->segments.size(), std::size_t(0)); // total_size a string: segment dropped
        const QString w = s.snapshot->warnings.join(QLatin1Char('\n'));
        QVERIFY2(w.contains(QStringLiteral("wrong type")), qPrintable(w));
        QVERIFY2(w.contains(QStringLiteral("unknown action")), qPrintable(w));
    }

    void notASnapshot()
    {
        const QByteArray list = kHead + "]" + kStop; // a list: PyTorch 1.x segments alone, read as such
        QVERIFY(readSnapshot(list.constData(), std::size_t(list.size())).snapshot);
        const QByteArray number = kHead + int32(5) + kStop;
        const SnapshotResult s = readSnapshot(number.constData(), std::size_t(number.size()), QStringLiteral("n.pickle"));
        QVERIFY(!s.snapshot);
        QVERIFY2(s.error.contains(QStringLiteral("not a PyTorch memory snapshot")), qPrintable(s.error));
        const QByteArray gz = QByteArray::fromHex("1f8b0800");
        const SnapshotResult g = readSnapshot(gz.constData(), std::size_t(gz.size()), QStringLiteral("s.pickle.gz"));
        QVERIFY(!g.snapshot);
        QVERIFY2(g.error.contains(QStringLiteral("gzip")), qPrintable(g.error));
        QVERIFY(!readSnapshot(nullptr, 0).snapshot);
    }
};

QTEST_GUILESS_MAIN(TestMemsnapPickle)
#include "tst_memsnap_pickle.moc"
