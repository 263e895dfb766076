// SPDX-License-Identifier: GPL-3.0-or-later
// The parallel scan splits traceEvents at guessed element boundaries (a '{' after a ','); a guess
// inside an element must be detected and discarded. Multi-MB traces in several layouts, including
// args full of "[{...}, {...}]" and strings holding "}, {", must give exactly the same model with
// 1, 2, 3 and 8 threads. Inputs are ~36 MB so that kMinChunkBytes (8 MiB) allows 4 chunks.
#include "tests/core/LoadHelpers.h"
#include "tests/core/ModelCompare.h"

#include <QElapsedTimer>
#include <QtTest>

#include <cinttypes>
#include <cstdio>
#include <deque>
#include <string>
#include <vector>

using namespace lanescope;
using namespace lanescope::test;

class tst_ParallelChunks : public QObject
{
    Q_OBJECT

private slots:
    void sameModel_data();
    void sameModel();
};

namespace {

enum Layout { PerLine, Pretty, SingleLine, Adversarial };

constexpr std::size_t kTargetBytes = 36u << 20;

struct Field
{
    std::string key, value; // value is raw JSON
};

class Generator
{
public:
    explicit Generator(Layout layout) : m_layout(layout) {}

    std::string build(std::uint64_t *events)
    {
        m_out.reserve(kTargetBytes + (1 << 20));
        if (m_layout == PerLine)
            m_out = "[\n"; // the bare-array form
        else if (m_layout == Pretty)
            m_out = "{\n  \"schemaVersion\": 1,\n  \"traceEvents\": [\n";
        else
            m_out = "{\"schemaVersion\":1,\"traceEvents\":[";
        std::int64_t t = 1700000000000000000LL; // ns
        std::uint64_t corr = 1;
        std::deque<std::pair<int, std::vector<Field>>> pending; // (step to emit at, event)
        int step = 0;
        while (m_out.size() < kTargetBytes) {
            const int tid = 100 + step % 4;
            const std::string args = parentArgs(step);
            addEvent({{"ph", q("X")}, {"cat", q("cpu_op")}, {"name", q("aten::linear")}, {"pid", "100"},
                  {"tid", num(tid)}, {"ts", us(t)}, {"dur", us(50000 + rnd() % 7)}, {"args", args}});
            addEvent({{"ph", q("X")}, {"cat", q("cpu_op")}, {"name", q("aten::addmm")}, {"pid", "100"}, {"tid", num(tid)},
                  {"ts", us(t + 1500)}, {"dur", us(20250)}, {"args", "{\"External id\": " + num(step) + "}"}});
            addEvent({{"ph", q("X")}, {"cat", q("cuda_runtime")}, {"name", q("cudaLaunchKernel")}, {"pid", "100"},
                  {"tid", num(tid)}, {"ts", us(t + 5000)}, {"dur", us(3125)},
                  {"args", "{\"cbid\": 211, \"correlation\": " + num(corr) + "}"}});
            addEvent({{"ph", q("s")}, {"id", num(corr)}, {"pid", "100"}, {"tid", num(tid)}, {"ts", us(t + 5000)},
                  {"cat", q("ac2g")}, {"name", q("ac2g")}});
            const int stream = 7 + step % 2;
            addEvent({{"ph", q("X")}, {"cat", q("kernel")}, {"name", q(step % 3 ? "sm80_gemm" : "ncclKernel_AllReduce")},
                  {"pid", "0"}, {"tid", num(stream)}, {"ts", us(t + 30000 + std::int64_t(rnd() % 5000))},
                  {"dur", us(10500)}, {"args", "{\"correlation\": " + num(corr) + ", \"grid\": [64, 1, 1]}"}});
            // The flow end binds to the kernel that encloses its time.
            addEvent({{"ph", q("f")}, {"id", num(corr)}, {"pid", "0"}, {"tid", num(stream)}, {"ts", us(t + 36000)},
                  {"cat", q("ac2g")}, {"name", q("ac2g")}, {"bp", q("e")}});
            ++corr;
            if (step % 3 == 0)
                addEvent({{"ph", q("i")}, {"cat", q("cpu_instant_event")}, {"s", q("t")}, {"name", q("[memory]")},
                      {"pid", "100"}, {"tid", num(tid)}, {"ts", us(t + 2000)},
                      {"args", "{\"Device Type\": 1, \"Device Id\": 0, \"Bytes\": " + num(step % 2 ? 4096 : -4096)
                                   + ", \"Total Allocated\": " + num(1000000 + step) + ", \"Total Reserved\": 4194304}"}});
            if (step % 10 == 0) {
                addEvent({{"ph", q("B")}, {"name", q("region")}, {"cat", q("user")}, {"pid", "100"}, {"tid", "104"},
                      {"ts", us(t)}});
                pending.push_back({step + 5, {{"ph", q("E")}, {"pid", "100"}, {"tid", "104"}, {"ts", us(t + 450000)}}});
            }
            if (step % 7 == 0)
                addEvent({{"ph", q("C")}, {"name", q("queue")}, {"pid", "100"}, {"ts", us(t + 10)},
                      {"args", "{\"depth\": " + num(step % 13) + ", \"bytes\": " + num(step) + ".5}"}});
            if (step % 11 == 0) {
                addEvent({{"ph", q("b")}, {"id", q("0x" + std::to_string(step))}, {"cat", q("io")}, {"name", q("load")},
                      {"pid", "100"}, {"ts", us(t + 20)}});
                pending.push_back({step + 4, {{"ph", q("e")}, {"id", q("0x" + std::to_string(step))}, {"cat", q("io")},
                                              {"name", q("load")}, {"pid", "100"}, {"ts", us(t + 390000)}}});
            }
            while (!pending.empty() && pending.front().first <= step) {
                addEvent(pending.front().second);
                pending.pop_front();
            }
            t += 100000 + std::int64_t(rnd() % 1000);
            ++step;
        }
        while (!pending.empty()) {
            addEvent(pending.front().second);
            pending.pop_front();
        }
        for (int tid = 100; tid <= 104; ++tid)
            addEvent({{"name", q("thread_name")}, {"ph", q("M")}, {"pid", "100"}, {"tid", num(tid)},
                  {"args", "{\"name\": \"thread " + num(tid) + "\"}"}});
        addEvent({{"name", q("process_labels")}, {"ph", q("M")}, {"pid", "0"}, {"tid", "0"}, {"args", "{\"labels\": \"GPU 0\"}"}});
        if (m_layout == PerLine)
            m_out += "\n]\n";
        else if (m_layout == Pretty)
            m_out += "\n  ],\n  \"distributedInfo\": {\"backend\": \"nccl\", \"rank\": 2, \"world_size\": 4}\n}\n";
        else
            m_out += "],\"distributedInfo\":{\"rank\":2,\"world_size\":4}}";
        *events = m_events;
        return std::move(m_out);
    }

private:
    static std::string q(const std::string &s) { return "\"" + s + "\""; }
    static std::string num(std::int64_t v) { return std::to_string(v); }
    static std::string us(std::int64_t ns)
    {
        char buf[48];
        const std::int64_t a = ns < 0 ? -ns : ns;
        std::snprintf(buf, sizeof buf, "%s%" PRId64 ".%03" PRId64, ns < 0 ? "-" : "", a / 1000, a % 1000);
        return buf;
    }
    std::uint64_t rnd()
    {
        m_seed = m_seed * 6364136223846793005ULL + 1442695040888963407ULL;
        return m_seed >> 33;
    }

    std::string parentArgs(int step)
    {
        if (m_layout != Adversarial)
            return "{\"External id\": " + num(step) + ", \"Input Dims\": [[8, 1024], [1024, 1024]], \"Input type\": [\"float\", \"float\"]}";
        // Everything a boundary guess can trip over: arrays of objects after ", ", a string holding
        // "}, {" and ",{", and one that looks like a whole event.
        return "{\"External id\": " + num(step)
            + ", \"shapes\": [{\"d\": [1, 2]}, {\"d\": [3]},{\"d\": []}, \n {\"e\": {\"f\": [{}, {}]}}],"
              " \"note\": \"a}, {b\\\"c\\\"},{ \", \"fake\": \"}, {\\\"ph\\\": \\\"X\\\", \\\"ts\\\": 1}, {\","
              " \"stack\": [{\"file\": \"model.py\", \"line\": " + num(step % 500) + "}, {\"file\": \"torch/nn.py\"}]}";
    }

    void addEvent(const std::vector<Field> &fields)
    {
        if (m_events++)
            m_out += m_layout == SingleLine || m_layout == Adversarial ? "," : m_layout == Pretty ? ",\n" : ",\n";
        if (m_layout == Pretty) {
            m_out += "  {\n";
            for (std::size_t i = 0; i < fields.size(); ++i) {
                m_out += "    \"" + fields[i].key + "\": " + fields[i].value;
                m_out += i + 1 < fields.size() ? ",\n" : "\n";
            }
            m_out += "  }";
            return;
        }
        const char *sep = m_layout == PerLine ? ", " : ",";
        const char *colon = m_layout == PerLine ? ": " : ":";
        m_out += '{';
        for (std::size_t i = 0; i < fields.size(); ++i) {
            if (i)
                m_out += sep;
            m_out += "\"" + fields[i].key + "\"" + colon + fields[i].value;
        }
        m_out += '}';
    }

    Layout m_layout;
    std::string m_out;
    std::uint64_t m_events = 0;
    std::uint64_t m_seed = 42;
};

} // namespace

void tst_ParallelChunks::sameModel_data()
{
    QTest::addColumn<int>("layout");
    QTest::newRow("one event per line (bare array)") << int(PerLine);
    QTest::newRow("Kineto multi-line") << int(Pretty);
    QTest::newRow("single line, no newlines") << int(SingleLine);
    QTest::newRow("args with [{...}, {...}] and \"}, {\" strings") << int(Adversarial);
}

void tst_ParallelChunks::sameModel()
{
    QFETCH(int, layout);
    std::uint64_t events = 0;
    const std::string json = Generator(Layout(layout)).build(&events);
    QVERIFY(json.size() >= kTargetBytes);
    if (layout == SingleLine)
        QVERIFY(json.find('\n') == std::string::npos);

    QElapsedTimer timer;
    timer.start();
    const LoadResult base = loadText(json, 1);
    QVERIFY2(base.trace, qPrintable(base.error));
    const Trace &b = *base.trace;
    QCOMPARE(b.threadsUsed, 1);
    QCOMPARE(b.eventCount, events);
    QCOMPARE(b.malformedEvents, quint64(0));
    QVERIFY(!b.truncated);
    QVERIFY2(b.warnings.isEmpty(), qPrintable(b.warnings.join(QLatin1Char('\n'))));
    QCOMPARE(b.tracks.size(), std::size_t(8)); // 5 CPU threads, 2 streams, 1 async lane
    QVERIFY(b.flows.size() > 1000);
    QCOMPARE(b.memory.size(), std::size_t(1));
    QCOMPARE(b.counters.size(), std::size_t(2));
    if (layout != PerLine)
        QCOMPARE(b.rank, 2);

    for (int threads : {2, 3, 8}) {
        const LoadResult r = loadText(json, threads);
        QVERIFY2(r.trace, qPrintable(r.error));
        // Enough bytes for min(threads, 4) chunks: the split really happened.
        QVERIFY2(r.trace->threadsUsed > 1, qPrintable(QStringLiteral("threads %1: used %2").arg(threads).arg(r.trace->threadsUsed)));
        const QString diff = diffTraces(b, *r.trace);
        QVERIFY2(diff.isEmpty(), qPrintable(QStringLiteral("threads %1:\n%2").arg(threads).arg(diff)));
    }
    qDebug("%.1f MB, %llu events, 4 loads in %lld ms", double(json.size()) / 1e6, qulonglong(events),
           qlonglong(timer.elapsed()));
}

QTEST_GUILESS_MAIN(tst_ParallelChunks)
#include "tst_parallel_chunks.moc"
