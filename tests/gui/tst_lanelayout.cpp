// SPDX-License-Identifier: GPL-3.0-or-later
// Lane and group labels of the layout (widgets/render/LaneLayout): MTIA devices are named as such,
// each lane by device and the stream its events carry ("MTIA 9 · stream 1"); GPUs keep "GPU N".
#include "tests/TestTraces.h"

#include "core/io/MappedSource.h"
#include "core/parse/TraceLoader.h"
#include "widgets/render/LaneLayout.h"

#include <QtTest>

using namespace lanescope;

namespace {

// Device 9's work in mtia_ccp_events on two streams (profiler tids 3536 / 3570, named after the
// stream as Kineto does), and a CUDA GPU's kernel beside it.
const char *kMtia = R"json({"schemaVersion":1,"deviceProperties":[{"id":9,"name":"ARTEMIS"}],"traceEvents":[
{"ph":"X","cat":"mtia_ccp_events","name":"merge","pid":9,"tid":3536,"ts":0,"dur":40,"args":{"stream":1}},
{"ph":"X","cat":"mtia_ccp_events","name":"dma_request","pid":9,"tid":3570,"ts":30,"dur":20,"args":{"stream":2}},
{"ph":"X","cat":"mtia_runtime","name":"synchronize","pid":865,"tid":1,"ts":0,"dur":110},
{"name":"process_name","ph":"M","ts":0,"pid":9,"tid":0,"args":{"name":"MTIA 9"}},
{"name":"thread_name","ph":"M","ts":0,"pid":9,"tid":3536,"args":{"name":"Stream 1"}},
{"name":"thread_name","ph":"M","ts":0,"pid":9,"tid":3570,"args":{"name":"Stream 2"}}
]})json";

const char *kCuda = R"json({"schemaVersion":1,"deviceProperties":[{"id":0,"name":"NVIDIA A100-SXM4-80GB"}],"traceEvents":[
{"ph":"X","cat":"kernel","name":"volta_sgemm_128x32_nt","pid":0,"tid":7,"ts":0,"dur":30,"args":{"stream":7,"device":0}},
{"ph":"X","cat":"cpu_op","name":"aten::mm","pid":1,"tid":1,"ts":0,"dur":40},
{"name":"process_name","ph":"M","ts":0,"pid":0,"tid":0,"args":{"name":"python3"}},
{"name":"process_labels","ph":"M","ts":0,"pid":0,"tid":0,"args":{"labels":"GPU 0"}}
]})json";

// The labels of the device-stream lanes (a device group can also hold other lanes of its process).
QStringList gpuLaneLabels(const LaneLayout &l, const Trace &t)
{
    QStringList out;
    for (const Lane &lane : l.lanes())
        if (l.groups()[std::size_t(lane.group)].gpu && t.tracks[lane.track].kind == TrackKind::Gpu)
            out << lane.label;
    return out;
}

// Kineto's bookkeeping processes, named by strings: the profiler's span, two instants.
const char *kBookkeeping = R"json({"schemaVersion":1,"traceEvents":[
{"ph":"X","cat":"cpu_op","name":"aten::mm","pid":7,"tid":7,"ts":0,"dur":40},
{"ph":"X","cat":"Trace","name":"PyTorch Profiler (0)","pid":"Spans","tid":"PyTorch Profiler","ts":0,"dur":100},
{"ph":"i","name":"Iteration Start: PyTorch Profiler","pid":"Traces","tid":"Trace PyTorch Profiler","ts":0,"s":"g"},
{"ph":"i","name":"Record Window End","pid":"","tid":"","ts":100,"s":"g"},
{"name":"process_name","ph":"M","ts":0,"pid":7,"tid":0,"args":{"name":"python3"}}
]})json";

} // namespace

class TestLaneLayout : public QObject
{
    Q_OBJECT
private slots:
    void kinetoBookkeepingFoldsIntoOneCollapsedGroup()
    {
        const LoadResult r = loadTrace(MappedSource::fromBytes(kBookkeeping, QStringLiteral("kineto")), LoadOptions{});
        QVERIFY2(r.trace, qPrintable(r.error));
        LaneLayout l;
        l.build({{r.trace.get(), QString()}});
        QStringList titles;
        for (const LaneGroup &g : l.groups())
            titles << g.title;
        // The process first, then one "Profiler" group, collapsed, holding the string-pid lanes.
        QCOMPARE(titles.size(), 2);
        QVERIFY2(titles.first().startsWith(QStringLiteral("python3")), qPrintable(titles.join(QLatin1Char('|'))));
        const LaneGroup &prof = l.groups().back();
        QCOMPARE(prof.title, QStringLiteral("Profiler"));
        QVERIFY(prof.collapsed);
        QVERIFY(prof.lanes.size() >= 2);
        // Expanded by the user, it stays so across a rebuild.
        l.setCollapsed(int(l.groups().size()) - 1, false);
        l.build({{r.trace.get(), QString()}});
        QVERIFY(!l.groups().back().collapsed);
    }
    void mtiaLanes()
    {
        const LoadResult r = loadTrace(MappedSource::fromBytes(kMtia, QStringLiteral("mtia")), LoadOptions{});
        QVERIFY2(r.trace, qPrintable(r.error));
        LaneLayout l;
        l.build({{r.trace.get(), QString()}});
        QVERIFY(!l.groups().empty());
        const LaneGroup &g = l.groups().front();
        QVERIFY(g.gpu);
        QCOMPARE(g.device, 9);
        QCOMPARE(g.title, QStringLiteral("MTIA 9 · ARTEMIS"));
        // "merge" computes, "dma_request" is memory (LaneLayout::streamRole).
        QCOMPARE(gpuLaneLabels(l, *r.trace), (QStringList{QStringLiteral("MTIA 9 · stream 1 · compute"), QStringLiteral("MTIA 9 · stream 2 · memcpy")}));
        QVERIFY(l.lanes()[std::size_t(g.lanes.front())].tooltip.startsWith(QStringLiteral("MTIA 9 · stream 1")));
    }

    void gpuLanesUnchanged()
    {
        const LoadResult r = loadTrace(MappedSource::fromBytes(kCuda, QStringLiteral("cuda")), LoadOptions{});
        QVERIFY2(r.trace, qPrintable(r.error));
        LaneLayout l;
        l.build({{r.trace.get(), QString()}});
        QCOMPARE(l.groups().front().title, QStringLiteral("GPU 0 · NVIDIA A100-SXM4-80GB"));
        QCOMPARE(gpuLaneLabels(l, *r.trace), QStringList{QStringLiteral("stream 7 · compute")});
    }

    // The real MTIA trace: device 17's twelve streams, each named by device and args.stream.
    // A thread Kineto did not name (negative id, no thread_name): labelled by what runs on it, its
    // id in the tooltip. Named threads keep their names.
    void unnamedThreadsAreNamedByWhatRunsOnThem()
    {
        const char *json = R"json({"schemaVersion":1,"traceEvents":[
{"ph":"X","cat":"cuda_runtime","name":"cudaEventQuery","pid":7,"tid":-549452224,"ts":0,"dur":2},
{"ph":"X","cat":"cuda_runtime","name":"cudaEventQuery","pid":7,"tid":-549452224,"ts":10,"dur":2},
{"ph":"X","cat":"cuda_runtime","name":"cudaStreamSynchronize","pid":7,"tid":-549452224,"ts":20,"dur":2},
{"ph":"X","cat":"cpu_op","name":"aten::mm","pid":7,"tid":7,"ts":0,"dur":40},
{"name":"thread_name","ph":"M","ts":0,"pid":7,"tid":7,"args":{"name":"pt_main_thread"}}
]})json";
        const LoadResult r = loadTrace(MappedSource::fromBytes(json));
        QVERIFY2(r.trace, qPrintable(r.error));
        LaneLayout l;
        l.build({{r.trace.get(), QString()}});
        QStringList labels;
        const Lane *unnamed = nullptr;
        for (const Lane &lane : l.lanes()) {
            labels << lane.label;
            if (r.trace->tracks[lane.track].tid < 0)
                unnamed = &lane;
        }
        QVERIFY(unnamed);
        QCOMPARE(unnamed->label, QStringLiteral("unnamed thread · cudaEventQuery"));
        QVERIFY2(unnamed->tooltip.contains(QStringLiteral("-549452224")), qPrintable(unnamed->tooltip));
        QVERIFY2(labels.contains(QStringLiteral("pt_main_thread (7)")), qPrintable(labels.join(QLatin1Char('|'))));
    }

    void realMtiaTrace()
    {
        LANESCOPE_REQUIRE_TRACE(path, "mtia-inference.json.gz");
        const LoadResult r = loadTrace(path);
        QVERIFY2(r.trace, qPrintable(r.error));
        LaneLayout l;
        l.build({{r.trace.get(), QString()}});
        const QStringList labels = gpuLaneLabels(l, *r.trace);
        QCOMPARE(labels.size(), 12);
        for (const QString &s : labels)
            QVERIFY2(s.startsWith(QStringLiteral("MTIA 17 · stream 1")), qPrintable(s)); // streams 101..112
        QVERIFY2(labels.front().startsWith(QStringLiteral("MTIA 17 · stream 101")), qPrintable(labels.front()));
        QVERIFY(l.groups().front().title.startsWith(QLatin1String("MTIA 17")));
    }
};

QTEST_GUILESS_MAIN(TestLaneLayout)
#include "tst_lanelayout.moc"
