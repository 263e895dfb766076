// SPDX-License-Identifier: GPL-3.0-or-later
// Device memory from [memory] events: which "Device Type"s are an accelerator's (CUDA, HIP, ...),
// peaks and allocation counts on a small inline trace per device type, and the figures of the real
// MI300X trace (ROCm 6 writes "Device Type": 6) and the V100 one (1).
#include "tests/TestTraces.h"

#include "core/analysis/measures/memory/Memory.h"
#include "core/io/MappedSource.h"
#include "core/parse/TraceLoader.h"

#include <QtTest>

#include <string>

using namespace lanescope;
using namespace lanescope::analysis;

namespace {

// Three allocator events on one device of the given type, and one on the host (type 0) with a
// larger total that must never become the device's peak.
//   +512 -> allocated 1536 (reserved 4096); +1024 -> 2560 (reserved 8192); -512 -> 2048.
std::string memoryTrace(int deviceType)
{
    const std::string t = std::to_string(deviceType);
    auto ev = [&](const char *ts, const char *bytes, const char *alloc, const char *res, const std::string &type,
                  const char *id) {
        return std::string(R"({"ph":"i","cat":"cpu_instant_event","s":"t","name":"[memory]","pid":1,"tid":1,"ts":)") + ts
            + R"(,"args":{"Device Type":)" + type + R"(,"Device Id":)" + id + R"(,"Bytes":)" + bytes
            + R"(,"Total Allocated":)" + alloc + R"(,"Total Reserved":)" + res + "}}";
    };
    return std::string(R"({"schemaVersion":1,"traceEvents":[)") + ev("10", "512", "1536", "4096", t, "0") + ","
        + ev("20", "1024", "2560", "8192", t, "0") + "," + ev("30", "-512", "2048", "8192", t, "0") + ","
        + ev("40", "999999", "999999", "999999", "0", "-1")
        + R"(,{"ph":"X","cat":"cpu_op","name":"aten::empty","pid":1,"tid":1,"ts":5,"dur":40}]})";
}

} // namespace

class TestMemory : public QObject
{
    Q_OBJECT
private slots:
    void deviceTypes_data()
    {
        QTest::addColumn<int>("deviceType");
        QTest::addColumn<bool>("accelerator");
        QTest::newRow("cuda") << 1 << true;
        QTest::newRow("hip (ROCm 6)") << 6 << true;
        QTest::newRow("xpu") << 12 << true;
        QTest::newRow("mtia") << 19 << true;
        QTest::newRow("cpu") << 0 << false;
        QTest::newRow("mkldnn") << 2 << false;
        QTest::newRow("meta (no storage)") << 14 << false;
    }
    void deviceTypes()
    {
        QFETCH(int, deviceType);
        QFETCH(bool, accelerator);
        QCOMPARE(isAcceleratorMemory(deviceType), accelerator);
        const LoadResult r = loadTrace(MappedSource::fromBytes(memoryTrace(deviceType), QStringLiteral("mem")));
        QVERIFY2(r.trace, qPrintable(r.error));
        const MemorySummary m = memorySummary(*r.trace);
        if (!accelerator) {
            QVERIFY(m.devices.empty());
            QCOMPARE(m.peakAllocated, qint64(-1));
            QCOMPARE(m.allocEvents, qint64(0));
            return;
        }
        QCOMPARE(m.devices.size(), std::size_t(1));
        QCOMPARE(m.devices[0].device, 0);
        QCOMPARE(m.devices[0].deviceType, deviceType);
        QCOMPARE(m.devices[0].peakAllocated, qint64(2560));
        QCOMPARE(m.devices[0].peakAllocatedAt - r.trace->minTs, TimeNs(15'000)); // ts 20 of a trace starting at 5
        QCOMPARE(m.peakAllocated, qint64(2560));
        QCOMPARE(m.peakReserved, qint64(8192));
        QCOMPARE(m.allocEvents, qint64(2));
        QCOMPARE(m.freeEvents, qint64(1));
    }

    // Figures from ../shared/traces/README.md: device 0's peak Total Allocated / Total Reserved.
    void realTraces_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("deviceType");
        QTest::addColumn<qint64>("peakAllocated");
        QTest::addColumn<qint64>("peakReserved");
        QTest::newRow("mi300x (HIP, type 6)") << QStringLiteral("mi300x-qwen-inference.json.gz") << 6
                                              << qint64(2'219'047'936) << qint64(2'533'359'616);
    }
    void realTraces()
    {
        QFETCH(QString, file);
        QFETCH(int, deviceType);
        QFETCH(qint64, peakAllocated);
        QFETCH(qint64, peakReserved);
        const QString path = lanescope::test::tracePath(file);
        if (!QFileInfo::exists(path))
            QSKIP(qPrintable(QStringLiteral("real trace %1 not found (set LANESCOPE_TRACES_DIR): skipped").arg(path)));
        const LoadResult r = loadTrace(path);
        QVERIFY2(r.trace, qPrintable(r.error));
        const MemorySummary m = memorySummary(*r.trace);
        QCOMPARE(m.devices.size(), std::size_t(1));
        QCOMPARE(m.devices[0].deviceType, deviceType);
        QCOMPARE(m.peakAllocated, peakAllocated);
        QCOMPARE(m.peakReserved, peakReserved);
        QVERIFY(m.allocEvents > 1000); // thousands of allocator events, the host's left out
        qInfo("%s: peak allocated %lld, reserved %lld, %lld allocations, %lld frees", qPrintable(file),
              static_cast<long long>(m.peakAllocated), static_cast<long long>(m.peakReserved),
              static_cast<long long>(m.allocEvents), static_cast<long long>(m.freeEvents));
    }
};

QTEST_GUILESS_MAIN(TestMemory)
#include "tst_analysis_memory.moc"
