// SPDX-License-Identifier: GPL-3.0-or-later
// model/SliceColumns.h: the narrow columns give back every value they were given, on both sides of
// each boundary (the inline range's last value, the marker value, negatives, offsets past 4 GiB),
// and a loaded trace whose slices cross those boundaries reads back exactly (durations longer than
// 4.29 s, a stack deeper than 255).
#include "core/model/SliceColumns.h"
#include "core/parse/TraceLoader.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cstdint>
#include <vector>

using namespace lanescope;

class tst_SliceColumns : public QObject
{
    Q_OBJECT

private slots:
    void durations_data()
    {
        QTest::addColumn<QList<qint64>>("values");
        const qint64 lastInline = qint64(UINT32_MAX) - 1;
        QTest::newRow("inline only") << QList<qint64>{0, 1, 1000, lastInline};
        QTest::newRow("the marker value itself") << QList<qint64>{5, qint64(UINT32_MAX), 6};
        QTest::newRow("longer than 4.29 s") << QList<qint64>{qint64(UINT32_MAX) + 1, 7, 60'000'000'000LL, 8};
        QTest::newRow("negative") << QList<qint64>{-1, 3, INT64_MIN, 4};
        QTest::newRow("far first and last") << QList<qint64>{INT64_MAX, 1, 2, INT64_MAX - 1};
        QTest::newRow("every one far") << QList<qint64>{-5, -6, qint64(UINT32_MAX), qint64(1) << 40};
    }
    void durations()
    {
        QFETCH(QList<qint64>, values);
        DurationColumn c;
        c.reserve(std::size_t(values.size()));
        for (qint64 v : values)
            c.push_back(v);
        QCOMPARE(c.size(), std::size_t(values.size()));
        qint64 max = 0;
        for (int i = 0; i < values.size(); ++i) {
            QCOMPARE(c[std::size_t(i)], values[i]);
            max = std::max(max, values[i]);
        }
        QCOMPARE(c.max(), max);
    }

    void depths()
    {
        DepthColumn c;
        const std::vector<std::uint16_t> values{0, 1, 254, 255, 256, 0xFFFF, 3, 254};
        for (std::uint16_t v : values)
            c.push_back(v);
        for (std::size_t i = 0; i < values.size(); ++i)
            QCOMPARE(c[i], values[i]);
        QCOMPARE(c.farCount(), std::size_t(3)); // 255, 256, 0xFFFF
        QCOMPARE(c.max(), std::uint16_t(0xFFFF));
        QVERIFY(c.heapBytes() < values.size() * 2 + 3 * 16 + 64);
    }

    void offsets_data()
    {
        QTest::addColumn<QList<quint64>>("values");
        QTest::addColumn<bool>("wide");
        QTest::newRow("under 4 GiB") << QList<quint64>{0, 1, quint64(UINT32_MAX)} << false;
        QTest::newRow("crosses 4 GiB later") << QList<quint64>{10, quint64(UINT32_MAX), quint64(1) << 32, 11} << true;
        QTest::newRow("past 4 GiB first") << QList<quint64>{(quint64(7) << 32) + 5, 12} << true;
        QTest::newRow("256 TiB less one") << QList<quint64>{(quint64(1) << 48) - 1, 0} << true;
    }
    void offsets()
    {
        QFETCH(QList<quint64>, values);
        QFETCH(bool, wide);
        OffsetColumn c;
        for (quint64 v : values)
            c.push_back(v);
        for (int i = 0; i < values.size(); ++i)
            QCOMPARE(c[std::size_t(i)], values[i]);
        // Four bytes a slice under 4 GiB; six once an offset needs the high part.
        QCOMPARE(c.heapBytes() >= std::size_t(values.size()) * 6, wide);
    }

    // Through the loader: slices past each column's inline range come back as the file says.
    void loadedTrace()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QByteArray json = "{\"traceEvents\":[\n";
        // A 5 s step (past 4.29 s), a 1 µs op inside it, and a 300-deep stack of 'X' events.
        json += "{\"ph\":\"X\",\"name\":\"ProfilerStep#1\",\"pid\":1,\"tid\":1,\"ts\":0,\"dur\":5000000},\n";
        json += "{\"ph\":\"X\",\"name\":\"op\",\"pid\":1,\"tid\":1,\"ts\":10,\"dur\":1},\n";
        constexpr int kDeep = 300;
        for (int d = 0; d < kDeep; ++d)
            json += QByteArray("{\"ph\":\"X\",\"name\":\"f\",\"pid\":1,\"tid\":2,\"ts\":") + QByteArray::number(100 + d)
                + ",\"dur\":" + QByteArray::number(10000 - 2 * d) + "},\n";
        json += "{\"ph\":\"X\",\"name\":\"tail\",\"pid\":1,\"tid\":2,\"ts\":20000,\"dur\":1}\n]}";
        const QString path = dir.filePath(QStringLiteral("columns.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(json);
        f.close();
        LoadResult r = loadTrace(path);
        QVERIFY2(r.trace, qPrintable(r.error));
        const Trace &t = *r.trace;
        const Track *steps = nullptr, *stack = nullptr;
        for (const Track &tr : t.tracks)
            (tr.tid == 1 ? steps : stack) = &tr;
        QVERIFY(steps && stack);
        QCOMPARE(steps->size(), std::size_t(2));
        QCOMPARE(steps->dur[0], TimeNs(5'000'000'000LL));
        QCOMPARE(steps->dur[1], TimeNs(1000));
        QCOMPARE(steps->dur.farCount(), std::size_t(1));
        QCOMPARE(stack->size(), std::size_t(kDeep + 1));
        for (int d = 0; d < kDeep; ++d)
            QCOMPARE(int(stack->depth[std::size_t(d)]), d);
        QCOMPARE(int(stack->depth[kDeep]), 0);
        QCOMPARE(int(stack->maxDepth), kDeep - 1);
        // Offsets point at each event's '{'.
        for (std::size_t k = 0; k < stack->size(); ++k)
            QCOMPARE(json.at(qsizetype(stack->fileOffset[k])), '{');
    }
};

QTEST_GUILESS_MAIN(tst_SliceColumns)
#include "tst_slicecolumns.moc"
