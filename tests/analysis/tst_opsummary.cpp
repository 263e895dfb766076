// SPDX-License-Identifier: GPL-3.0-or-later
// Where the CPU time goes (core/analysis/measures/summaries/OpSummary.h) and the nn.Module tree (ModuleSummary.h): on
// every real trace the operator rows' counts and totals equal an independent per-name sum, every
// self time is at most its total, the self times add up to the time the lanes are busy, and the
// device times of the runtime calls add up to the GPU time they launched; grouping by input shapes
// splits rows without losing a call; the module tree holds together.
#include "core/analysis/measures/summaries/KernelSummary.h"
#include "core/analysis/measures/summaries/ModuleSummary.h"
#include "core/analysis/measures/summaries/OpSummary.h"

#include "core/parse/TraceLoader.h"
#include "core/synth/TraceSynth.h"
#include "tests/TestTraces.h"
#include "tests/core/LoadHelpers.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QtTest>

#include <algorithm>
#include <string>

using namespace lanescope;
using namespace lanescope::analysis;

namespace {

bool counted(const Trace &t, std::uint16_t c)
{
    if (c >= t.categoryClass.size() || t.category(c) == QLatin1String("python_function"))
        return false;
    const CategoryClass k = t.categoryClass[c];
    return k == CategoryClass::CpuOp || k == CategoryClass::UserAnnotation || k == CategoryClass::Runtime;
}

// The time each CPU lane is busy with counted slices: the union of their intervals, summed over lanes.
qint64 busyNs(const Trace &t)
{
    qint64 busy = 0;
    for (const Track &tr : t.tracks) {
        if (tr.kind != TrackKind::Cpu)
            continue;
        TimeNs end = std::numeric_limits<TimeNs>::min();
        for (std::size_t i = 0; i < tr.size(); ++i) { // sorted by start
            if (!counted(t, tr.catId[i]))
                continue;
            const TimeNs s = std::max(tr.start[i], end), e = tr.end(i);
            if (e > s)
                busy += e - s;
            end = std::max(end, e);
        }
    }
    return busy;
}

// GPU activity time with a launch on a CPU lane, each activity once.
qint64 launchedNs(const Trace &t)
{
    QSet<QPair<quint32, quint32>> seen;
    qint64 ns = 0;
    for (const Flow &f : t.flows) {
        if ((f.kind != FlowKind::Launch && f.kind != FlowKind::Correlation) || t.tracks[f.toTrack].kind != TrackKind::Gpu
            || t.tracks[f.fromTrack].kind == TrackKind::Gpu)
            continue;
        const CategoryClass c = t.categoryClass[t.tracks[f.toTrack].catId[f.toSlice]];
        if (c != CategoryClass::Kernel && c != CategoryClass::GpuMemcpy && c != CategoryClass::GpuMemset)
            continue;
        if (!seen.contains({f.toTrack, f.toSlice})) {
            seen.insert({f.toTrack, f.toSlice});
            ns += t.tracks[f.toTrack].dur[f.toSlice];
        }
    }
    return ns;
}

bool runtimeCallsNest(const Trace &t)
{
    for (const Track &tr : t.tracks) {
        if (tr.kind != TrackKind::Cpu)
            continue;
        TimeNs openUntil = std::numeric_limits<TimeNs>::min();
        for (std::size_t i = 0; i < tr.size(); ++i) {
            if (t.categoryClass[tr.catId[i]] != CategoryClass::Runtime)
                continue;
            if (tr.start[i] < openUntil)
                return true;
            openUntil = std::max(openUntil, tr.end(i));
        }
    }
    return false;
}

} // namespace

class TestOpSummary : public QObject
{
    Q_OBJECT
private slots:
    void realTraces_data()
    {
        QTest::addColumn<QString>("path");
        const QStringList files = test::realTraceFiles();
        if (files.isEmpty())
            QSKIP(qPrintable(QStringLiteral("no real traces in %1 (set LANESCOPE_TRACES_DIR): skipped").arg(test::tracesDir())));
        for (const QString &f : files)
            QTest::newRow(qPrintable(QDir(test::tracesDir()).relativeFilePath(f))) << f;
    }
    void realTraces()
    {
        QFETCH(QString, path);
        const LoadResult l = loadTrace(path);
        QVERIFY2(l.trace, qPrintable(l.error));
        const Trace &t = *l.trace;
        const OpSummary ops = opSummary(t);

        QMap<QPair<QString, QString>, QPair<qint64, qint64>> expected; // (name, category) -> (count, total)
        for (const Track &tr : t.tracks)
            if (tr.kind == TrackKind::Cpu)
                for (std::size_t i = 0; i < tr.size(); ++i)
                    if (counted(t, tr.catId[i])) {
                        auto &e = expected[{t.name(tr.nameId[i]), t.category(tr.catId[i])}];
                        ++e.first;
                        e.second += tr.dur[i];
                    }
        QCOMPARE(int(ops.rows.size()), expected.size());
        qint64 self = 0, runtimeDevice = 0;
        for (std::size_t k = 0; k < ops.rows.size(); ++k) {
            const OpSummaryRow &r = ops.rows[k];
            const auto e = expected.value({r.name, r.category});
            QCOMPARE(r.count, e.first);
            QCOMPARE(qint64(r.totalNs), e.second);
            QVERIFY2(r.selfNs >= 0 && r.selfNs <= r.totalNs, qPrintable(r.name));
            QVERIFY2(r.deviceSelfNs >= 0 && r.deviceSelfNs <= r.deviceNs, qPrintable(r.name));
            QVERIFY(r.maxNs <= r.totalNs);
            QVERIFY(r.inputShapes.isEmpty());
            if (k > 0)
                QVERIFY(ops.rows[k - 1].selfNs >= r.selfNs);
            self += r.selfNs;
            if (r.category == QLatin1String("cuda_runtime") || r.category == QLatin1String("Runtime")
                || r.category == QLatin1String("cuda_driver") || r.category == QLatin1String("mtia_runtime"))
                runtimeDevice += r.deviceNs;
        }
        // The self times add up to the lanes' busy time.
        QCOMPARE(self, busyNs(t));
        // Every launched activity's time is its launch call's device time; where runtime calls nest
        // (MTIA's), the outer call's device time holds the inner one's too.
        if (runtimeCallsNest(t))
            QVERIFY(runtimeDevice >= launchedNs(t));
        else
            QCOMPARE(runtimeDevice, launchedNs(t));

        // Grouped by input shapes: each name's rows add up to its ungrouped row.
        OpSummaryOptions byShapes;
        byShapes.byInputShapes = true;
        const OpSummary shaped = opSummary(t, byShapes);
        QVERIFY2(shaped.error.isEmpty(), qPrintable(shaped.error));
        QVERIFY(shaped.shapesRead);
        QMap<QPair<QString, QString>, QPair<qint64, qint64>> regrouped;
        for (const OpSummaryRow &r : shaped.rows) {
            auto &e = regrouped[{r.name, r.category}];
            e.first += r.count;
            e.second += r.selfNs;
        }
        for (const OpSummaryRow &r : ops.rows) {
            QCOMPARE(regrouped.value({r.name, r.category}).first, r.count);
            QCOMPARE(regrouped.value({r.name, r.category}).second, qint64(r.selfNs));
        }
        QVERIFY(shaped.rows.size() >= ops.rows.size());

        // The modules: paths extend their parent's, a node's calls nest in its parent's.
        const ModuleSummary m = moduleSummary(t);
        qint64 moduleSlices = 0;
        for (const Track &tr : t.tracks)
            if (tr.kind == TrackKind::Cpu)
                for (std::size_t i = 0; i < tr.size(); ++i)
                    if (t.category(tr.catId[i]) == QLatin1String("python_function")
                        && !moduleName(t.strings.view(tr.nameId[i])).isEmpty())
                        ++moduleSlices;
        qint64 calls = 0;
        for (std::size_t k = 0; k < m.nodes.size(); ++k) {
            const ModuleNode &n = m.nodes[k];
            calls += n.count;
            if (n.parent < 0) {
                QCOMPARE(n.depth, 0);
                QCOMPARE(n.path, n.name);
                continue;
            }
            QVERIFY(n.parent < int(k)); // depth first: parents come first
            const ModuleNode &p = m.nodes[std::size_t(n.parent)];
            QCOMPARE(n.depth, p.depth + 1);
            QCOMPARE(n.path, p.path + QLatin1Char('/') + n.name);
            QVERIFY2(n.maxNs <= p.maxNs, qPrintable(n.path));
            QVERIFY2(n.deviceNs <= p.deviceNs, qPrintable(n.path));
        }
        QCOMPARE(calls, moduleSlices);
        QVERIFY(!m.truncated);
    }

    // A step's window: the operators that start in it, and nothing else.
    void stepWindow()
    {
        LANESCOPE_REQUIRE_TRACE(path, "resnet50-dataloader-baseline.pt.trace.json.gz");
        const LoadResult l = loadTrace(path);
        QVERIFY2(l.trace, qPrintable(l.error));
        const Trace &t = *l.trace;
        const std::vector<Step> steps = findSteps(t);
        QVERIFY(steps.size() >= 2);
        OpSummaryOptions o;
        o.window = {steps[1].start, steps[1].end()};
        const OpSummary ops = opSummary(t, o);
        qint64 expected = 0, got = 0;
        for (const Track &tr : t.tracks)
            if (tr.kind == TrackKind::Cpu)
                for (std::size_t i = 0; i < tr.size(); ++i)
                    expected += counted(t, tr.catId[i]) && o.window.contains(tr.start[i]);
        bool stepRow = false;
        for (const OpSummaryRow &r : ops.rows) {
            got += r.count;
            if (r.name == steps[1].name) {
                stepRow = true;
                QCOMPARE(r.count, 1);
                QCOMPARE(qint64(r.totalNs), qint64(steps[1].dur));
            }
        }
        QCOMPARE(got, expected);
        QVERIFY(stepRow);
    }

    // Nested nn.Module frames past kMaxModuleDepth (a recursion the profiler recorded): the tree
    // stops at the bound, counts the deeper frames, and the launch under them still counts to
    // every module above; a name of 100,000 characters is elided, so no path is longer than its
    // bound. (Stored as whole paths per frame, 50,000 such frames ran out of memory.)
    void deepModulesAreBounded_data()
    {
        QTest::addColumn<int>("frames");
        QTest::addColumn<int>("nameChars");
        QTest::newRow("shallow") << 10 << 3;
        QTest::newRow("at the bound") << kMaxModuleDepth << 3;
        QTest::newRow("3,000 deep") << 3000 << 3;
        QTest::newRow("300 deep, 100,000-character name") << 300 << 100000;
    }
    void deepModulesAreBounded()
    {
        QFETCH(int, frames);
        QFETCH(int, nameChars);
        const std::string name = "nn.Module: " + std::string(std::size_t(nameChars), 'L');
        std::string json = "{\"schemaVersion\":1,\"traceEvents\":[";
        const long long total = 2LL * frames + 10;
        for (int i = 0; i < frames; ++i)
            json += "{\"ph\":\"X\",\"cat\":\"python_function\",\"name\":\"" + name + "\",\"pid\":1,\"tid\":1,\"ts\":" + std::to_string(i) + ",\"dur\":"
                + std::to_string(total - 2LL * i) + "},";
        json += "{\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"cudaLaunchKernel\",\"pid\":1,\"tid\":1,\"ts\":" + std::to_string(frames)
            + ",\"dur\":1,\"args\":{\"correlation\":1}},";
        json += "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"k\",\"pid\":0,\"tid\":7,\"ts\":" + std::to_string(frames + 1)
            + ",\"dur\":2,\"args\":{\"stream\":7,\"correlation\":1,\"device\":0}}]}";
        const LoadResult l = test::loadText(json, 1, QStringLiteral("nested"));
        QVERIFY2(l.trace, qPrintable(l.error));
        const ModuleSummary m = moduleSummary(*l.trace);
        const int kept = std::min(frames, kMaxModuleDepth);
        QCOMPARE(int(m.nodes.size()), kept);
        QCOMPARE(m.tooDeep, std::int64_t(frames - kept));
        QCOMPARE(m.truncated, frames > kept);
        for (int k = 0; k < kept; ++k) {
            const ModuleNode &n = m.nodes[std::size_t(k)];
            QCOMPARE(n.depth, k);
            QCOMPARE(n.parent, k - 1);
            QCOMPARE(n.count, std::int64_t(1));
            QCOMPARE(n.deviceNs, TimeNs(2000)); // the kernel's 2 us, under every frame
            QVERIFY(n.name.size() <= kMaxModuleNameChars);
            QVERIFY(n.path.size() <= kMaxModulePathChars);
            if (nameChars <= 3) // short names: every path whole
                QCOMPARE(n.path.count(QLatin1Char('/')), k);
        }
        if (nameChars > kMaxModuleNameChars)
            QVERIFY(m.nodes.front().name.contains(QChar(0x2026)));
    }

    // The synthetic FSDP baseline: the GEMM, AllGather and ReduceScatter kernels' rows are the
    // facts file's.
    void syntheticKernelFacts()
    {
        synth::SynthConfig c;
        c.layers = 8;
        const synth::SynthOutput out = synth::synthesize(c);
        const LoadResult l = test::loadText(out.traces.at(0), 1, QStringLiteral("fsdp-baseline"));
        QVERIFY2(l.trace, qPrintable(l.error));
        const QJsonObject facts = QJsonDocument::fromJson(QByteArray::fromStdString(out.facts)).object();
        const QJsonArray rows = facts.value(QStringLiteral("ranks")).toArray().at(0).toObject().value(QStringLiteral("kernel_summary")).toArray();
        QVERIFY(!rows.isEmpty());
        const std::vector<KernelSummaryRow> summary = kernelSummary(*l.trace);
        int gemm = 0, allGather = 0, reduceScatter = 0;
        for (const QJsonValue &v : rows) {
            const QJsonObject f = v.toObject();
            const QString name = f.value(QStringLiteral("name")).toString();
            const auto it = std::find_if(summary.begin(), summary.end(), [&](const KernelSummaryRow &r) { return r.name == name; });
            QVERIFY2(it != summary.end(), qPrintable(name));
            QCOMPARE(it->count, qint64(f.value(QStringLiteral("count")).toDouble()));
            QCOMPARE(double(it->totalNs) / 1000.0, f.value(QStringLiteral("total_us")).toDouble());
            gemm += it->cls == KernelClass::Gemm;
            allGather += name.contains(QLatin1String("AllGather"));
            reduceScatter += name.contains(QLatin1String("ReduceScatter"));
        }
        QCOMPARE(int(summary.size()), int(rows.size()));
        QVERIFY(gemm >= 3);
        QVERIFY(allGather >= 1 && reduceScatter >= 1);
    }
};

QTEST_GUILESS_MAIN(TestOpSummary)
#include "tst_opsummary.moc"
