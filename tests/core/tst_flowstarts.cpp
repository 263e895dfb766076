// SPDX-License-Identifier: GPL-3.0-or-later
// parse/FlowStarts.h, the merge's join of flow ends to their starts: the direct-indexed tables
// (ids counting up) and the hash map (scattered ids, many categories) answer alike; and through the
// loader, one trace written with dense ids, with scattered ids and with many flow categories binds
// the same flows.
#include "core/parse/FlowStarts.h"
#include "core/parse/TraceLoader.h"
#include "tests/core/LoadHelpers.h"

#include <QtTest>

#include <cstdint>
#include <map>
#include <random>
#include <vector>

using namespace lanescope;
using parse::FlowStarts;

class tst_FlowStarts : public QObject
{
    Q_OBJECT

private slots:
    // Registers starts of `cats` categories with ids from `ids`, some twice (the later wins), then
    // finds every one of them and some that were never registered.
    void join_data()
    {
        QTest::addColumn<int>("cats");
        QTest::addColumn<QString>("ids");
        QTest::newRow("dense, one category") << 1 << QStringLiteral("dense");
        QTest::newRow("dense, two categories") << 2 << QStringLiteral("dense");
        QTest::newRow("dense with a far outlier") << 2 << QStringLiteral("outlier");
        QTest::newRow("scattered") << 2 << QStringLiteral("scattered");
        QTest::newRow("more categories than tables") << 40 << QStringLiteral("dense");
    }
    void join()
    {
        QFETCH(int, cats);
        QFETCH(QString, ids);
        std::mt19937_64 rng(7);
        std::vector<std::pair<std::uint32_t, std::uint64_t>> keys;
        for (int c = 0; c < cats; ++c)
            for (std::uint64_t k = 0; k < 2000; ++k) {
                std::uint64_t id = 1000 + k;
                if (ids == QLatin1String("scattered"))
                    id = rng();
                else if (ids == QLatin1String("outlier") && k == 1999)
                    id = UINT64_MAX - 3;
                keys.emplace_back(std::uint32_t(100 + c), id);
            }
        // Census from two "chunks", as the merge takes it.
        std::vector<FlowStarts::Census> census(2);
        for (std::size_t i = 0; i < keys.size(); ++i)
            census[i % 2].see(keys[i].first, keys[i].second);
        FlowStarts starts;
        starts.plan(census);
        std::map<std::pair<std::uint32_t, std::uint64_t>, FlowStarts::Where> expected;
        for (std::size_t i = 0; i < keys.size(); ++i) {
            const FlowStarts::Where w{std::uint32_t(i % 5), std::uint32_t(i)};
            starts.prefetch(keys[i].first, keys[i].second);
            starts.insert(keys[i].first, keys[i].second, w);
            expected[keys[i]] = w;
        }
        // Registered again: the later start wins, as in the file.
        for (std::size_t i = 0; i < keys.size(); i += 7) {
            const FlowStarts::Where w{9, std::uint32_t(i + 1'000'000)};
            starts.insert(keys[i].first, keys[i].second, w);
            expected[keys[i]] = w;
        }
        for (const auto &[key, w] : expected) {
            const FlowStarts::Where *found = starts.find(key.first, key.second);
            QVERIFY(found);
            QCOMPARE(*found, w);
        }
        // Never registered: an unknown category, ids below, inside and above a dense range.
        QVERIFY(!starts.find(99, 1000));
        QVERIFY(!starts.find(100, 999));
        QVERIFY(!starts.find(100, 0));
        QVERIFY(!starts.find(100, 1000 + 2000 + 10));
        QVERIFY(!starts.find(100, UINT64_MAX));
    }

    // The same launches written three ways bind the same flows.
    void throughTheLoader_data()
    {
        QTest::addColumn<QString>("style");
        QTest::newRow("dense ids") << QStringLiteral("dense");
        QTest::newRow("scattered ids") << QStringLiteral("scattered");
        QTest::newRow("20 flow categories") << QStringLiteral("categories");
        QTest::newRow("flow steps") << QStringLiteral("steps");
    }
    void throughTheLoader()
    {
        QFETCH(QString, style);
        constexpr int kLaunches = 3000;
        QByteArray json = "{\"traceEvents\":[\n";
        auto event = [&](const QByteArray &e) { json += e + ",\n"; };
        for (int i = 0; i < kLaunches; ++i) {
            const qint64 ts = 100 + 20 * i;
            std::uint64_t id = std::uint64_t(i + 1);
            if (style == QLatin1String("scattered"))
                id = (std::uint64_t(i) * 0x9E3779B97F4A7C15ull) >> 8;
            const QByteArray cat = style == QLatin1String("categories") ? "ac2g" + QByteArray::number(i % 20) : "ac2g";
            const QByteArray idText = QByteArray::number(quint64(id));
            event("{\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"cudaLaunchKernel\",\"pid\":1,\"tid\":1,\"ts\":"
                  + QByteArray::number(ts) + ",\"dur\":5}");
            event("{\"ph\":\"s\",\"cat\":\"" + cat + "\",\"name\":\"launch\",\"id\":" + idText
                  + ",\"pid\":1,\"tid\":1,\"ts\":" + QByteArray::number(ts) + "}");
            event("{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"k\",\"pid\":0,\"tid\":7,\"ts\":"
                  + QByteArray::number(ts + 10) + ",\"dur\":3}");
            if (style == QLatin1String("steps") && i % 2 == 0) {
                // A step through an annotation on another stream, then the end on the kernel.
                event("{\"ph\":\"X\",\"cat\":\"gpu_user_annotation\",\"name\":\"a\",\"pid\":0,\"tid\":8,\"ts\":"
                      + QByteArray::number(ts + 8) + ",\"dur\":1}");
                event("{\"ph\":\"t\",\"cat\":\"" + cat + "\",\"name\":\"launch\",\"id\":" + idText
                      + ",\"pid\":0,\"tid\":8,\"ts\":" + QByteArray::number(ts + 8) + "}");
            }
            event("{\"ph\":\"f\",\"bp\":\"e\",\"cat\":\"" + cat + "\",\"name\":\"launch\",\"id\":" + idText
                  + ",\"pid\":0,\"tid\":7,\"ts\":" + QByteArray::number(ts + 10) + "}");
        }
        // An end without a start, and a start whose id no end names.
        event("{\"ph\":\"f\",\"bp\":\"e\",\"cat\":\"ac2g\",\"name\":\"launch\",\"id\":999999999,\"pid\":0,\"tid\":7,\"ts\":1}");
        json += "{\"ph\":\"s\",\"cat\":\"ac2g\",\"name\":\"launch\",\"id\":888888888,\"pid\":1,\"tid\":1,\"ts\":100}\n]}";
        for (int threads : {1, 2}) {
            const LoadResult r = test::loadText(json.toStdString(), threads);
            QVERIFY2(r.trace, qPrintable(r.error));
            const Trace &t = *r.trace;
            const bool steps = style == QLatin1String("steps");
            QCOMPARE(t.flows.size(), std::size_t(steps ? kLaunches + kLaunches / 2 : kLaunches));
            std::size_t toKernels = 0;
            for (const Flow &f : t.flows) {
                const Track &to = t.tracks[f.toTrack];
                const Track &from = t.tracks[f.fromTrack];
                QVERIFY(f.toSlice < to.size() && f.fromSlice < from.size());
                if (to.tid == 7) {
                    ++toKernels;
                    // Each kernel's flow leaves from its own launch (or the step before it), 10 µs
                    // or 2 µs earlier.
                    const TimeNs lead = to.start[f.toSlice] - from.start[f.fromSlice];
                    QVERIFY2(lead == 10'000 || (steps && lead == 2'000), qPrintable(QString::number(lead)));
                }
                if (style != QLatin1String("categories"))
                    QCOMPARE(f.kind, FlowKind::Launch);
            }
            QCOMPARE(toKernels, std::size_t(kLaunches));
        }
    }
};

QTEST_GUILESS_MAIN(tst_FlowStarts)
#include "tst_flowstarts.moc"
