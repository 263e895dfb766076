// SPDX-License-Identifier: GPL-3.0-or-later
// lanescope-cli analyze / mfu: the JSON shape of docs/architecture.md's contract, exit codes 0 / 2 / 3.
#include "tests/CliRun.h"
#include "tests/TestTraces.h"

#include "core/synth/TraceSynth.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

namespace {

using Run = lanescope::test::CliRun;

Run cli(const QStringList &args) { return lanescope::test::runCli(args, {}, 300000); }

QStringList keys(const QJsonObject &o)
{
    QStringList k = o.keys();
    k.sort();
    return k;
}

QStringList sorted(QStringList l)
{
    l.sort();
    return l;
}

} // namespace

class TestAnalyzeCli : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_synth;

private slots:
    void initTestCase()
    {
        QVERIFY(QFileInfo::exists(QStringLiteral(LANESCOPE_CLI_PATH)));
        lanescope::synth::SynthConfig c;
        c.scenario = lanescope::synth::Scenario::Baseline;
        const auto out = lanescope::synth::synthesize(c);
        m_synth = m_dir.filePath(QStringLiteral("baseline.json"));
        QFile f(m_synth);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(out.traces.at(0).data(), qint64(out.traces.at(0).size()));
    }

    // One run, one set of figures: each run of `compare --json` is, byte for byte (compact JSON),
    // what `analyze --json` prints for that trace under the same options.
    void compareRunsAreAnalyzeRuns_data()
    {
        QTest::addColumn<QStringList>("options");
        QTest::newRow("defaults") << QStringList{};
        QTest::newRow("mfu inputs") << QStringList{QStringLiteral("--params"), QStringLiteral("7e9"), QStringLiteral("--tokens-per-step"),
                                                   QStringLiteral("8192")};
        QTest::newRow("gap threshold, all kernels") << QStringList{QStringLiteral("--gap-ms"), QStringLiteral("2"), QStringLiteral("--gap-kernels"),
                                                                   QStringLiteral("all")};
        QTest::newRow("hta") << QStringList{QStringLiteral("--hta")};
    }
    void compareRunsAreAnalyzeRuns()
    {
        QFETCH(QStringList, options);
        QStringList traces{m_synth};
        const QString base = lanescope::test::tracePath(QStringLiteral("resnet50-dataloader-baseline.pt.trace.json.gz"));
        if (QFileInfo::exists(base))
            traces << base;
        else
            traces << m_synth; // the same trace twice still compares
        const Run c = cli(QStringList{QStringLiteral("compare")} + traces + options + QStringList{QStringLiteral("--json")});
        QCOMPARE(c.exitCode, 0);
        const QJsonArray runs = QJsonDocument::fromJson(c.out).object().value(QStringLiteral("runs")).toArray();
        QCOMPARE(runs.size(), traces.size());
        for (int i = 0; i < traces.size(); ++i) {
            const Run a = cli(QStringList{QStringLiteral("analyze"), traces.at(i)} + options + QStringList{QStringLiteral("--json")});
            QCOMPARE(a.exitCode, 0);
            const QByteArray alone = QJsonDocument(QJsonDocument::fromJson(a.out).object()).toJson(QJsonDocument::Compact);
            const QByteArray inCompare = QJsonDocument(runs.at(i).toObject().value(QStringLiteral("analysis")).toObject()).toJson(QJsonDocument::Compact);
            QVERIFY(!alone.isEmpty());
            QCOMPARE(inCompare, alone);
        }
    }

    void analyzeJsonShape()
    {
        const Run r = cli({QStringLiteral("analyze"), m_synth, QStringLiteral("--json"), QStringLiteral("--params"),
                           QStringLiteral("7e9"), QStringLiteral("--tokens-per-step"), QStringLiteral("8192")});
        QCOMPARE(r.exitCode, 0);
        QJsonParseError e;
        const QJsonDocument d = QJsonDocument::fromJson(r.out, &e);
        QVERIFY2(e.error == QJsonParseError::NoError, qPrintable(e.errorString()));
        QCOMPARE(r.out.count('\n'), 1); // exactly one object, one line
        const QJsonObject o = d.object();
        QCOMPARE(keys(o), sorted({QStringLiteral("temporal"), QStringLiteral("comm_comp_overlap_pct"), QStringLiteral("steps"),
                                  QStringLiteral("gaps"), QStringLiteral("mfu"), QStringLiteral("memory"), QStringLiteral("memory_owners"), QStringLiteral("advice"),
                                  QStringLiteral("summary_windows_us"), QStringLiteral("kernel_summary"), QStringLiteral("op_summary"),
                                  QStringLiteral("collectives"), QStringLiteral("critical_path"), QStringLiteral("ops_efficiency"),
                                  QStringLiteral("warnings"), QStringLiteral("idle_breakdown"), QStringLiteral("launch"), QStringLiteral("queue")}));
        QVERIFY(o.value(QStringLiteral("warnings")).isArray());
        // Where the time goes: the rows' keys, complete unless --top.
        const QJsonArray kernels = o.value(QStringLiteral("kernel_summary")).toArray();
        const QJsonArray ops = o.value(QStringLiteral("op_summary")).toArray();
        QVERIFY(kernels.size() > 2 && ops.size() > 2);
        QCOMPARE(keys(kernels.at(0).toObject()),
                 sorted({QStringLiteral("name"), QStringLiteral("class"), QStringLiteral("count"), QStringLiteral("total_us"),
                         QStringLiteral("mean_us"), QStringLiteral("median_us"), QStringLiteral("min_us"), QStringLiteral("max_us"),
                         QStringLiteral("gpu_time_pct"), QStringLiteral("streams"), QStringLiteral("launch")}));
        QCOMPARE(keys(ops.at(0).toObject()),
                 sorted({QStringLiteral("name"), QStringLiteral("category"), QStringLiteral("input_shapes"), QStringLiteral("count"),
                         QStringLiteral("total_us"), QStringLiteral("self_us"), QStringLiteral("device_us"), QStringLiteral("device_self_us")}));
        QVERIFY(ops.at(0).toObject().value(QStringLiteral("input_shapes")).isNull());
        const Run top = cli({QStringLiteral("analyze"), m_synth, QStringLiteral("--json"), QStringLiteral("--top"), QStringLiteral("2")});
        QCOMPARE(top.exitCode, 0);
        const QJsonObject t = QJsonDocument::fromJson(top.out).object();
        QCOMPARE(t.value(QStringLiteral("kernel_summary")).toArray().size(), 2);
        QCOMPARE(t.value(QStringLiteral("op_summary")).toArray().size(), 2);
        QCOMPARE(t.value(QStringLiteral("kernel_summary")).toArray().at(1), kernels.at(1));
        // --top 0 is every row, as compare's --top 0 (it was refused here while it meant all there).
        const Run all = cli({QStringLiteral("analyze"), m_synth, QStringLiteral("--json"), QStringLiteral("--top"), QStringLiteral("0")});
        QCOMPARE(all.exitCode, 0);
        QCOMPARE(QJsonDocument::fromJson(all.out).object().value(QStringLiteral("kernel_summary")).toArray(), kernels);
        // Why the GPU waits on the CPU: the contract's keys ("device", "count": additions).
        const QJsonArray idle = o.value(QStringLiteral("idle_breakdown")).toArray();
        QVERIFY(!idle.isEmpty());
        for (const auto &s : idle)
            QCOMPARE(keys(s.toObject()), sorted({QStringLiteral("device"), QStringLiteral("stream"), QStringLiteral("idle_us"),
                                                 QStringLiteral("host_wait_us"), QStringLiteral("kernel_wait_us"), QStringLiteral("other_us")}));
        const QJsonObject launch = o.value(QStringLiteral("launch")).toObject();
        QCOMPARE(keys(launch), sorted({QStringLiteral("launches"), QStringLiteral("graph_launches"), QStringLiteral("graph_kernels"),
                                       QStringLiteral("gpu_shorter_than_cpu"), QStringLiteral("runtime_outliers"),
                                       QStringLiteral("launch_delay_outliers"), QStringLiteral("launch_delay_median_us"),
                                       QStringLiteral("launch_delay_p95_us"), QStringLiteral("worst")}));
        QVERIFY(launch.value(QStringLiteral("launches")).toInteger() > 0);
        const QJsonArray worst = launch.value(QStringLiteral("worst")).toArray();
        QVERIFY(!worst.isEmpty());
        QCOMPARE(keys(worst.first().toObject()), sorted({QStringLiteral("name"), QStringLiteral("ts_us"), QStringLiteral("delay_us")}));
        const QJsonArray queue = o.value(QStringLiteral("queue")).toArray();
        QVERIFY(!queue.isEmpty());
        for (const auto &q : queue)
            QCOMPARE(keys(q.toObject()), sorted({QStringLiteral("device"), QStringLiteral("stream"), QStringLiteral("count"),
                                                 QStringLiteral("mean"), QStringLiteral("max"), QStringLiteral("full_us")}));
        QCOMPARE(keys(o.value(QStringLiteral("temporal")).toObject()),
                 sorted({QStringLiteral("definition"), QStringLiteral("idle_pct"), QStringLiteral("compute_pct"),
                         QStringLiteral("non_compute_pct"), QStringLiteral("idle_us"), QStringLiteral("compute_us"),
                         QStringLiteral("non_compute_us")}));
        QCOMPARE(o.value(QStringLiteral("temporal")).toObject().value(QStringLiteral("definition")).toString(), QStringLiteral("lanescope"));
        const QJsonArray steps = o.value(QStringLiteral("steps")).toArray();
        QCOMPARE(steps.size(), 3);
        QCOMPARE(keys(steps.at(0).toObject()), sorted({QStringLiteral("name"), QStringLiteral("start_us"), QStringLiteral("dur_us")}));
        QCOMPARE(steps.at(0).toObject().value(QStringLiteral("name")).toString(), QStringLiteral("ProfilerStep#2"));
        const QJsonArray gaps = o.value(QStringLiteral("gaps")).toArray();
        QVERIFY(!gaps.isEmpty());
        for (const auto &g : gaps) {
            const QJsonObject x = g.toObject();
            QCOMPARE(keys(x), sorted({QStringLiteral("device"), QStringLiteral("stream"), QStringLiteral("start_us"),
                                      QStringLiteral("dur_us"), QStringLiteral("before"), QStringLiteral("after"),
                                      QStringLiteral("cause"), QStringLiteral("evidence")}));
            QVERIFY(x.value(QStringLiteral("dur_us")).toDouble() >= 15000);
            QVERIFY(QStringList({QStringLiteral("comm_wait"), QStringLiteral("host_launch"), QStringLiteral("allocator"),
                                 QStringLiteral("sync"), QStringLiteral("dataloader"), QStringLiteral("other")})
                        .contains(x.value(QStringLiteral("cause")).toString()));
        }
        const QJsonObject mfu = o.value(QStringLiteral("mfu")).toObject();
        QCOMPARE(keys(mfu), sorted({QStringLiteral("step_s"), QStringLiteral("tokens_per_s_per_gpu"), QStringLiteral("achieved_tflops"),
                                    QStringLiteral("peak_tflops"), QStringLiteral("mfu_pct")}));
        QCOMPARE(mfu.value(QStringLiteral("peak_tflops")).toDouble(), 312.0);
        QVERIFY(mfu.value(QStringLiteral("mfu_pct")).toDouble() > 20 && mfu.value(QStringLiteral("mfu_pct")).toDouble() < 35);
        QCOMPARE(keys(o.value(QStringLiteral("memory")).toObject()),
                 sorted({QStringLiteral("peak_allocated_bytes"), QStringLiteral("peak_reserved_bytes"), QStringLiteral("alloc_calls"),
                         QStringLiteral("free_calls")}));
        const QJsonArray advice = o.value(QStringLiteral("advice")).toArray();
        QVERIFY(!advice.isEmpty());
        for (const auto &a : advice) {
            QCOMPARE(keys(a.toObject()), sorted({QStringLiteral("id"), QStringLiteral("title"), QStringLiteral("evidence"),
                                                 QStringLiteral("explained_us"), QStringLiteral("projected_step_s"),
                                                 QStringLiteral("projected_mfu_pct"), QStringLiteral("projection")}));
            // How the projection was made: null exactly where there is none.
            const QJsonValue how = a.toObject().value(QStringLiteral("projection"));
            QCOMPARE(how.isNull(), a.toObject().value(QStringLiteral("projected_step_s")).isNull());
            if (!how.isNull())
                QVERIFY(how.toString() == QLatin1String("replay") || how.toString() == QLatin1String("bound"));
        }
        const double pcts = o.value(QStringLiteral("temporal")).toObject().value(QStringLiteral("idle_pct")).toDouble()
            + o.value(QStringLiteral("temporal")).toObject().value(QStringLiteral("compute_pct")).toDouble()
            + o.value(QStringLiteral("temporal")).toObject().value(QStringLiteral("non_compute_pct")).toDouble();
        QVERIFY(std::abs(pcts - 100) < 1e-6);
    }

    // The roofline per op and the collectives against the link (docs/architecture.md): on the
    // synthetic A100 run (HBM 2.039 TB/s, NVLink3 300 GB/s per direction) every figure follows from
    // the row's others; on a GPU the table does not know, the link's figures are null.
    void rooflineAndLinkKeys()
    {
        const Run r = cli({QStringLiteral("analyze"), m_synth, QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        const QJsonObject oe = o.value(QStringLiteral("ops_efficiency")).toObject();
        QCOMPARE(oe.value(QStringLiteral("hbm_tbps")).toDouble(), 2.039);
        const QJsonArray ops = oe.value(QStringLiteral("ops")).toArray();
        QVERIFY(!ops.isEmpty());
        const auto num = [](const QJsonObject &x, const char *k) { return x.value(QLatin1String(k)).toDouble(); };
        for (const auto &v : ops) {
            const QJsonObject op = v.toObject();
            QCOMPARE(keys(op), sorted({QStringLiteral("name"), QStringLiteral("shapes"), QStringLiteral("dtype"), QStringLiteral("count"),
                                       QStringLiteral("flops"), QStringLiteral("bytes"), QStringLiteral("gpu_us"),
                                       QStringLiteral("achieved_tflops"), QStringLiteral("pct_of_peak"), QStringLiteral("peak_tflops"),
                                       QStringLiteral("bound"), QStringLiteral("intensity"), QStringLiteral("achieved_tbps"),
                                       QStringLiteral("pct_of_roofline")}));
            QCOMPARE(op.value(QStringLiteral("dtype")).toString(), QStringLiteral("bf16"));
            QCOMPARE(num(op, "peak_tflops"), 312.0);
            const double intensity = num(op, "flops") / num(op, "bytes");
            QVERIFY(qFuzzyCompare(num(op, "intensity"), intensity));
            QCOMPARE(op.value(QStringLiteral("bound")).toString(),
                     intensity >= 312.0 / 2.039 ? QStringLiteral("compute") : QStringLiteral("memory"));
            QVERIFY(qFuzzyCompare(num(op, "achieved_tbps"), num(op, "bytes") / num(op, "gpu_us") / 1e6));
            QVERIFY(qFuzzyCompare(num(op, "pct_of_roofline"), 100.0 * num(op, "achieved_tflops") / std::min(312.0, intensity * 2.039)));
        }
        const QJsonObject coll = o.value(QStringLiteral("collectives")).toObject();
        int withBusbw = 0;
        for (const char *list : {"kernels", "by_type"})
            for (const auto &v : coll.value(QLatin1String(list)).toArray()) {
                const QJsonObject k = v.toObject();
                QCOMPARE(num(k, "link_gbps"), 300.0);
                const QJsonValue busbw = k.value(QLatin1String(list == std::string_view("kernels") ? "busbw_gbps" : "busbw_median_gbps"));
                if (busbw.isNull()) {
                    QVERIFY(k.value(QStringLiteral("busbw_pct_of_link")).isNull());
                    continue;
                }
                ++withBusbw;
                QVERIFY(qFuzzyCompare(num(k, "busbw_pct_of_link"), 100.0 * busbw.toDouble() / 300.0));
            }
        QVERIFY(withBusbw > 0);

        // An unknown GPU: busbw, but no link to compare it with.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("mystery.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"deviceProperties": [{"id": 0, "name": "Mystery GPU"}], "traceEvents": [
          {"ph": "X", "cat": "kernel", "name": "ncclDevKernel_AllReduce_Sum_f32_RING_LL", "pid": 0, "tid": 7, "ts": 10, "dur": 100,
           "args": {"stream": 7, "device": 0, "Collective name": "allreduce", "In msg nelems": 1048576, "Out msg nelems": 1048576,
                    "dtype": "Float", "Group size": 8}}]})");
        f.close();
        const Run m = cli({QStringLiteral("analyze"), path, QStringLiteral("--json")});
        QCOMPARE(m.exitCode, 0);
        const QJsonObject mc = QJsonDocument::fromJson(m.out).object().value(QStringLiteral("collectives")).toObject();
        const QJsonObject k = mc.value(QStringLiteral("kernels")).toArray().at(0).toObject();
        QVERIFY(num(k, "busbw_gbps") > 0);
        QVERIFY(k.value(QStringLiteral("link_gbps")).isNull());
        QVERIFY(k.value(QStringLiteral("busbw_pct_of_link")).isNull());
        QVERIFY(mc.value(QStringLiteral("by_type")).toArray().at(0).toObject().value(QStringLiteral("busbw_pct_of_link")).isNull());
    }

    void analyzeOptions()
    {
        // All gaps down to a millisecond: more than the GEMM default; without MFU inputs, nulls.
        const Run all = cli({QStringLiteral("analyze"), m_synth, QStringLiteral("--json"), QStringLiteral("--gap-kernels"),
                             QStringLiteral("all"), QStringLiteral("--gap-ms"), QStringLiteral("1")});
        QCOMPARE(all.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(all.out).object();
        // (358 before the optimizer's .item(): it adds one sync gap per step.) Over the two
        // complete steps the figures are measured on: 242 of the trace's 361; the last step's are
        // left out with it, and so is the data-loader wait that starts 10 us before it (cut at the
        // step's start, it is under the threshold).
        QCOMPARE(o.value(QStringLiteral("gaps")).toArray().size(), 242);
        QVERIFY(o.value(QStringLiteral("mfu")).toObject().value(QStringLiteral("mfu_pct")).isNull());
        QVERIFY(o.value(QStringLiteral("mfu")).toObject().value(QStringLiteral("step_s")).toDouble() > 3);
        // Human-readable output without --json.
        const Run text = cli({QStringLiteral("analyze"), m_synth});
        QCOMPARE(text.exitCode, 0);
        QVERIFY(text.out.contains("GPU time"));
        QVERIFY(text.out.contains("limit_all_gathers=False"));
    }

    // A trace of the legacy (non-Kineto) exporter: said once, in the JSON and in the text, and the
    // text says "no GPU activity" instead of a row of zeros.
    void legacyTraceSaysWhatItCannotShow()
    {
        const QString dir = lanescope::test::tracePath(QStringLiteral("torch-cpu-2rank-nw0"));
        const QStringList files = QDir(dir).entryList({QStringLiteral("*.json.gz")}, QDir::Files, QDir::Name);
        if (files.isEmpty())
            QSKIP(qPrintable(QStringLiteral("%1 not found (set LANESCOPE_TRACES_DIR): skipped").arg(dir)));
        const QString trace = QDir(dir).filePath(files.first());
        const Run j = cli({QStringLiteral("analyze"), trace, QStringLiteral("--json")});
        QCOMPARE(j.exitCode, 0);
        const QJsonArray warnings = QJsonDocument::fromJson(j.out).object().value(QStringLiteral("warnings")).toArray();
        int legacy = 0;
        for (const auto &w : warnings)
            legacy += w.toString().contains(QStringLiteral("legacy profiler format"));
        QCOMPARE(legacy, 1);
        const Run t = cli({QStringLiteral("analyze"), trace});
        QCOMPARE(t.exitCode, 0);
        QVERIFY2(t.out.contains("no GPU activity"), t.out.constData());
        QVERIFY2(!t.out.contains("idle 0.00%"), t.out.constData());
    }

    void realTrace()
    {
        LANESCOPE_REQUIRE_TRACE(path, "v100-memory-allreduce.json.gz");
        const Run r = cli({QStringLiteral("analyze"), path, QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject t = QJsonDocument::fromJson(r.out).object().value(QStringLiteral("temporal")).toObject();
        QVERIFY(std::abs(t.value(QStringLiteral("idle_pct")).toDouble() - 46.08) <= 0.5);
    }

    void exitCodes_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("code");
        QTest::newRow("no trace") << QStringList{QStringLiteral("analyze")} << 2;
        QTest::newRow("bad gap kernels") << QStringList{QStringLiteral("analyze"), QStringLiteral("x.json"), QStringLiteral("--gap-kernels"), QStringLiteral("some")} << 2;
        QTest::newRow("bad gap ms") << QStringList{QStringLiteral("analyze"), QStringLiteral("x.json"), QStringLiteral("--gap-ms"), QStringLiteral("soon")} << 2;
        QTest::newRow("params alone") << QStringList{QStringLiteral("analyze"), QStringLiteral("x.json"), QStringLiteral("--params"), QStringLiteral("7e9")} << 2;
        QTest::newRow("unreadable") << QStringList{QStringLiteral("analyze"), QStringLiteral("/nonexistent/trace.json"), QStringLiteral("--json")} << 3;
        QTest::newRow("mfu missing peak") << QStringList{QStringLiteral("mfu"), QStringLiteral("--params"), QStringLiteral("7e9"), QStringLiteral("--tokens-per-s-per-gpu"), QStringLiteral("2200")} << 2;
        QTest::newRow("mfu bad number") << QStringList{QStringLiteral("mfu"), QStringLiteral("--params"), QStringLiteral("lots")} << 2;
    }
    void exitCodes()
    {
        QFETCH(QStringList, args);
        QFETCH(int, code);
        const Run r = cli(args);
        QCOMPARE(r.exitCode, code);
        QVERIFY(r.out.isEmpty() || code == 0);
        QVERIFY(!r.err.isEmpty());
    }

    void unknownStep()
    {
        const Run r = cli({QStringLiteral("analyze"), m_synth, QStringLiteral("--json"), QStringLiteral("--step"), QStringLiteral("42")});
        QCOMPARE(r.exitCode, 2);
    }

    void mfuCalculator()
    {
        const Run r = cli({QStringLiteral("mfu"), QStringLiteral("--params"), QStringLiteral("7e9"), QStringLiteral("--tokens-per-s-per-gpu"),
                           QStringLiteral("2200"), QStringLiteral("--peak-tflops"), QStringLiteral("312"), QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(qRound(o.value(QStringLiteral("achieved_tflops")).toDouble() * 10), 924);
        QCOMPARE(qRound(o.value(QStringLiteral("mfu_pct")).toDouble() * 10), 296);
        QCOMPARE(o.value(QStringLiteral("peak_tflops")).toDouble(), 312.0);
        const Run g = cli({QStringLiteral("mfu"), QStringLiteral("--params"), QStringLiteral("7e9"), QStringLiteral("--tokens-per-s-per-gpu"),
                           QStringLiteral("2200"), QStringLiteral("--gpu"), QStringLiteral("NVIDIA A100-SXM4-80GB"), QStringLiteral("--json")});
        QCOMPARE(g.exitCode, 0);
        QCOMPARE(QJsonDocument::fromJson(g.out).object().value(QStringLiteral("peak_tflops")).toDouble(), 312.0);
    }

    // --hta: the figures Holistic Trace Analysis prints, and the JSON says which definition it used.
    // cuda-event-sync: HTA counts the "Stream Sync" event (it carries args.stream) as non-compute.
    void htaDefinition_data()
    {
        QTest::addColumn<bool>("hta");
        QTest::addColumn<QString>("definition");
        QTest::addColumn<double>("idle");
        QTest::addColumn<double>("compute");
        QTest::addColumn<double>("nonCompute");
        QTest::newRow("ours") << false << QStringLiteral("lanescope") << 80.61 << 18.63 << 0.76;
        QTest::newRow("hta") << true << QStringLiteral("hta") << 78.71 << 18.63 << 2.66; // ../shared/traces/README.md
    }
    void htaDefinition()
    {
        QFETCH(bool, hta);
        QFETCH(QString, definition);
        QFETCH(double, idle);
        QFETCH(double, compute);
        QFETCH(double, nonCompute);
        LANESCOPE_REQUIRE_TRACE(path, "cuda-event-sync.json.gz");
        QStringList args{QStringLiteral("analyze"), path, QStringLiteral("--json")};
        if (hta)
            args << QStringLiteral("--hta");
        const Run r = cli(args);
        QCOMPARE(r.exitCode, 0);
        const QJsonObject t = QJsonDocument::fromJson(r.out).object().value(QStringLiteral("temporal")).toObject();
        QCOMPARE(t.value(QStringLiteral("definition")).toString(), definition);
        QVERIFY(std::abs(t.value(QStringLiteral("idle_pct")).toDouble() - idle) < 0.005);
        QVERIFY(std::abs(t.value(QStringLiteral("compute_pct")).toDouble() - compute) < 0.005);
        QVERIFY(std::abs(t.value(QStringLiteral("non_compute_pct")).toDouble() - nonCompute) < 0.005);
        args.removeAll(QStringLiteral("--json"));
        const Run text = cli(args);
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains(QStringLiteral("idle %1%").arg(idle, 0, 'f', 2).toUtf8()), text.out.constData());
        QCOMPARE(text.out.contains("Holistic Trace Analysis' definition"), hta);
    }

    // MFU text: what is missing is named, small models' TFLOPS keep their digits, and the peak
    // says where it comes from.
    void mfuText_data()
    {
        QTest::addColumn<QString>("gpu");      // deviceProperties name of the inline trace
        QTest::addColumn<bool>("inputs");      // --params 5.7e6 --tokens-per-step 128
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<QStringList>("has");
        QTest::addColumn<QStringList>("hasNot");
        const QString unknown = QStringLiteral("Acme Tensor Unit 7");
        // 128 tokens per 0.4 s step: 320 tokens/s/GPU x 6 x 5.7e6 = 0.010944 TFLOPS.
        QTest::newRow("no peak known") << unknown << true << QStringList{}
                                       << QStringList{QStringLiteral("0.0109 TFLOPS"), QStringLiteral("no peak known for GPU 'Acme Tensor Unit 7': give --peak-tflops")}
                                       << QStringList{QStringLiteral("give --params")};
        QTest::newRow("user peak") << unknown << true << QStringList{QStringLiteral("--peak-tflops"), QStringLiteral("0.1")}
                                   << QStringList{QStringLiteral("0.0109 TFLOPS of 0.1 TFLOPS peak (--peak-tflops) = 10.9 %")}
                                   << QStringList{QStringLiteral("0.0 TFLOPS"), QStringLiteral("of 0 ()"), QStringLiteral("give --")};
        QTest::newRow("table peak") << QStringLiteral("NVIDIA A100-SXM4-80GB") << true << QStringList{}
                                    << QStringList{QStringLiteral("0.0109 TFLOPS of 312 TFLOPS peak (GPU table: A100, dense BF16/FP16 tensor) = 0.0 %")}
                                    << QStringList{QStringLiteral("give --")};
        // Without the model's figures the text asks for them.
        QTest::newRow("no inputs") << unknown << false << QStringList{}
                                   << QStringList{QStringLiteral("give --params and --tokens-per-step")} << QStringList{QStringLiteral("TFLOPS of")};
    }
    void mfuText()
    {
        QFETCH(QString, gpu);
        QFETCH(bool, inputs);
        QFETCH(QStringList, extra);
        QFETCH(QStringList, has);
        QFETCH(QStringList, hasNot);
        // Two 400 ms steps and a kernel.
        const QString path = m_dir.filePath(QStringLiteral("mfu-%1.json").arg(QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('-'))));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QStringLiteral(R"({"schemaVersion":1,"deviceProperties":[{"id":0,"name":"%1"}],"traceEvents":[
{"ph":"X","cat":"user_annotation","name":"ProfilerStep#1","pid":1,"tid":1,"ts":0,"dur":400000},
{"ph":"X","cat":"user_annotation","name":"ProfilerStep#2","pid":1,"tid":1,"ts":400000,"dur":400000},
{"ph":"X","cat":"kernel","name":"volta_sgemm_128x32_nt","pid":0,"tid":7,"ts":100,"dur":300000,"args":{"stream":7,"device":0}}]})")
                    .arg(gpu)
                    .toUtf8());
        f.close();
        QStringList args{QStringLiteral("analyze"), path};
        if (inputs)
            args << QStringLiteral("--params") << QStringLiteral("5.7e6") << QStringLiteral("--tokens-per-step") << QStringLiteral("128");
        args << extra;
        const Run r = cli(args);
        QCOMPARE(r.exitCode, 0);
        QString line;
        for (const QString &l : QString::fromUtf8(r.out).split(QLatin1Char('\n')))
            if (l.startsWith(QLatin1String("MFU:")))
                line = l;
        for (const QString &h : std::as_const(has))
            QVERIFY2(line.contains(h), qPrintable(line + QLatin1String(" lacks ") + h));
        for (const QString &h : std::as_const(hasNot))
            QVERIFY2(!line.contains(h), qPrintable(line + QLatin1String(" has ") + h));
        if (!inputs)
            return;
        // The text's figure is the JSON's, to its three significant digits (the JSON gives it only
        // with a peak: achieved_tflops is null where MFU is).
        const Run j = cli(args << QStringLiteral("--json"));
        const QJsonValue tflops = QJsonDocument::fromJson(j.out).object().value(QStringLiteral("mfu")).toObject().value(QStringLiteral("achieved_tflops"));
        QCOMPARE(tflops.isNull(), gpu.startsWith(QLatin1String("Acme")) && extra.isEmpty());
        if (!tflops.isNull())
            QVERIFY2(line.contains(QString::number(tflops.toDouble(), 'f', 4)), qPrintable(line));
    }

    void mfuCalculatorText()
    {
        const Run r = cli({QStringLiteral("mfu"), QStringLiteral("--params"), QStringLiteral("5.7e6"), QStringLiteral("--tokens-per-s-per-gpu"),
                           QStringLiteral("320"), QStringLiteral("--peak-tflops"), QStringLiteral("0.1")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("= 0.0109 TFLOPS; of 0.1 TFLOPS peak (--peak-tflops): MFU 10.9%"), r.out.constData());
        const Run g = cli({QStringLiteral("mfu"), QStringLiteral("--params"), QStringLiteral("7e9"), QStringLiteral("--tokens-per-s-per-gpu"),
                           QStringLiteral("2200"), QStringLiteral("--gpu"), QStringLiteral("NVIDIA H100 80GB HBM3")});
        QCOMPARE(g.exitCode, 0);
        QVERIFY2(g.out.contains("= 92.4 TFLOPS; of 989 TFLOPS peak (GPU table: H100, dense BF16/FP16 tensor): MFU 9.3%"), g.out.constData());
    }
};

QTEST_GUILESS_MAIN(TestAnalyzeCli)
#include "tst_analysis_cli.moc"
