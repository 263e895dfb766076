// SPDX-License-Identifier: GPL-3.0-or-later
// The Details panel stays cheap whatever an event's arguments hold: one table row per
// argument (the rows used to nest inside each other and froze the app on NCCL kernels), values
// and names bounded, the full event a "Copy all" away; and the window stays responsive when the
// case study's AllGather kernel (or a real trace's ncclKernel) is selected through search.
#include "app/gui/MainWindow.h"

#include "tests/TestTraces.h"
#include "core/io/MappedSource.h"
#include "core/parse/EventArgs.h"
#include "core/parse/TraceLoader.h"
#include "core/synth/TraceSynth.h"
#include "widgets/timeline/DetailsHtml.h"
#include "widgets/timeline/SearchBar.h"
#include "widgets/timeline/TimelinePanels.h"
#include "widgets/timeline/TimelineView.h"

#include <QClipboard>
#include <QElapsedTimer>
#include <QFile>
#include <QGuiApplication>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QtTest>

using namespace lanescope;

namespace {

// Rows of the HTML tables (the event's own fields and its arguments).
int rowCount(const QString &html) { return int(html.count(QStringLiteral("<tr>"))); }

// A kernel whose args are `argsJson` (an object body), on a GPU stream.
std::string traceWithArgs(const std::string &argsJson)
{
    return R"({"traceEvents": [
      {"ph": "X", "cat": "kernel", "name": "ncclDevKernel_AllGather_RING_LL", "pid": 0, "tid": 7, "ts": 10, "dur": 5,
       "args": {)" + argsJson + R"(}}]})";
}

std::string manyArgs(int n)
{
    std::string s;
    for (int i = 0; i < n; ++i) {
        if (i)
            s += ',';
        s += "\"arg" + std::to_string(1000 + i) + "\": " + std::to_string(i);
    }
    return s;
}

} // namespace

class TestDetailsPanel : public QObject
{
    Q_OBJECT

private:
    // Loads the trace, shows its only slice in a DetailsPanel and returns how long that took.
    struct Shown
    {
        std::shared_ptr<const Trace> trace;
        std::unique_ptr<TimelineView> view;
        std::unique_ptr<DetailsPanel> panel;
        qint64 ms = 0;
    };
    static Shown show(const std::string &json)
    {
        Shown s;
        s.trace = loadTrace(MappedSource::fromBytes(json, QStringLiteral("args.json"))).trace;
        if (!s.trace)
            return s;
        s.view = std::make_unique<TimelineView>();
        s.view->resize(1200, 400);
        s.view->setTrace(s.trace);
        s.panel = std::make_unique<DetailsPanel>(s.view.get());
        s.panel->resize(450, 800);
        s.panel->show();
        std::uint32_t track = 0;
        while (track < s.trace->tracks.size() && s.trace->tracks[track].size() == 0)
            ++track;
        QElapsedTimer timer;
        timer.start();
        s.panel->showSlice(SliceRef{0, track, 0});
        s.panel->browser()->document()->size(); // force the layout the user would wait for
        s.ms = timer.elapsed();
        return s;
    }

private slots:
    // A CPU operator inside Python frames (with_stack=True) lists them, innermost first, as links;
    // an event outside any frame has no such section.
    void pythonStackOfAnOperator()
    {
        const std::string json = R"({"traceEvents": [
          {"ph": "X", "cat": "python_function", "name": "train.py(10): main", "pid": 1, "tid": 1, "ts": 0, "dur": 100},
          {"ph": "X", "cat": "python_function", "name": "nn.Module: Linear_0", "pid": 1, "tid": 1, "ts": 10, "dur": 50},
          {"ph": "X", "cat": "cpu_op", "name": "aten::linear", "pid": 1, "tid": 1, "ts": 20, "dur": 10},
          {"ph": "X", "cat": "cpu_op", "name": "aten::zeros", "pid": 1, "tid": 1, "ts": 200, "dur": 10}]})";
        const std::shared_ptr<const Trace> t = loadTrace(MappedSource::fromBytes(json, QStringLiteral("stack.json"))).trace;
        QVERIFY(t);
        TimelineView view;
        view.setTrace(t);
        DetailsPanel panel(&view);
        std::uint32_t track = 0;
        while (t->tracks[track].size() == 0)
            ++track;
        const Track &trk = t->tracks[track];
        for (std::uint32_t i = 0; i < trk.size(); ++i) {
            panel.showSlice(SliceRef{0, track, i});
            const QString text = panel.text();
            if (t->name(trk.nameId[i]) == QLatin1String("aten::linear")) {
                QVERIFY2(text.contains(QStringLiteral("Python stack")), qPrintable(text));
                const int inner = text.indexOf(QStringLiteral("nn.Module: Linear_0")), outer = text.indexOf(QStringLiteral("train.py(10): main"));
                QVERIFY(inner > 0 && outer > inner);
            } else if (t->name(trk.nameId[i]) == QLatin1String("aten::zeros")) {
                QVERIFY(!text.contains(QStringLiteral("Python stack")));
            }
        }
    }

    // An NCCL kernel says what it moved and how fast: nccl-tests' bus bandwidth.
    void collectiveBandwidthOfAKernel()
    {
        const Shown s = show(traceWithArgs(R"("Collective name": "_allgather_base", "In msg nelems": 16777216, "Out msg nelems": 134217728, "Group size": 8, "dtype": "BFloat16")"));
        QVERIFY(s.trace);
        const QString text = s.panel->text();
        QVERIFY2(text.contains(QStringLiteral("_allgather_base")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("256.00 MiB")), qPrintable(text));
        // 268,435,456 bytes in 5 µs: 53,687.09 GB/s algbw, x 7/8 on the bus.
        QVERIFY2(text.contains(QLocale().toString(53687.0912, 'f', 2) + QStringLiteral(" GB/s")), qPrintable(text));
        QVERIFY2(text.contains(QLocale().toString(46976.2048, 'f', 2) + QStringLiteral(" GB/s")), qPrintable(text));
        // The timeline's tooltip for the kernel gives the same bus bandwidth (to one decimal).
        std::uint32_t track = 0;
        while (s.trace->tracks[track].size() == 0)
            ++track;
        const QString tip = s.view->tooltipText(SliceRef{0, track, 0});
        QVERIFY2(tip.contains(QStringLiteral("_allgather_base")), qPrintable(tip));
        QVERIFY2(tip.contains(QLocale().toString(46976.2048, 'f', 1) + QStringLiteral(" GB/s")), qPrintable(tip));
        QVERIFY2(!text.contains(QStringLiteral("per direction")), qPrintable(text)); // no GPU named: no link
    }

    // On a GPU of the table, busbw as a share of its link: an A100's NVLink3, 300 GB/s per direction.
    void collectiveAgainstTheLink()
    {
        std::string json = traceWithArgs(R"("Collective name": "_allgather_base", "In msg nelems": 16777216, "Out msg nelems": 134217728, "Group size": 8, "dtype": "BFloat16")");
        json.insert(1, R"("deviceProperties": [{"id": 0, "name": "NVIDIA A100-SXM4-80GB"}], )");
        const Shown s = show(json);
        QVERIFY(s.trace);
        const QString text = s.panel->text();
        const QString expected = QLocale().toString(100.0 * 46976.2048 / 300.0, 'f', 1) + QStringLiteral(" % of 300 GB/s per direction (NVLink3)");
        QVERIFY2(text.contains(expected), qPrintable(text));
    }

    // The NCCL metadata as a block of its own: the elements with their bytes, the group by name
    // and description, its ranks, this rank and the sequence number.
    void ncclMetadataBlock()
    {
        const Shown s = show(traceWithArgs(R"("Collective name": "allreduce", "In msg nelems": 2049000, "Out msg nelems": 2049000, "Group size": 2, "dtype": "Float", "Process Group Name": "0", "Process Group Description": "default_pg", "Process Group Ranks": "[0, 1]", "Rank": 1, "seq_num": 42, "In split size": "[]", "Out split size": "[]")"));
        QVERIFY(s.trace);
        const QString text = s.panel->text();
        const QLocale locale;
        const QString elements = QStringLiteral("%1 (%2)").arg(locale.toString(2049000), locale.formattedDataSize(2049000ll * 4, 1, QLocale::DataSizeIecFormat));
        QVERIFY2(text.contains(QStringLiteral("NCCL")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("%1 in, %1 out").arg(elements)), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("0 (default_pg)")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Group ranks")) && text.contains(QStringLiteral("[0, 1]")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Sequence number")) && text.contains(QStringLiteral("42")), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("Input splits")), qPrintable(text)); // "[]": an even split
        // The block's rows: collective, elements, data type, group, size, ranks, rank, sequence.
        const QString block = details::ncclTable(QVariantMap{{QStringLiteral("Collective name"), QStringLiteral("allreduce")},
                                                             {QStringLiteral("Process Group Name"), QStringLiteral("3")},
                                                             {QStringLiteral("Process Group Description"), QStringLiteral("undefined")}});
        QCOMPARE(rowCount(block), 2);
        QVERIFY(block.contains(QStringLiteral(">3<"))); // "undefined" is no description
        QVERIFY(details::ncclTable(QVariantMap{{QStringLiteral("grid"), QStringLiteral("[1, 1, 1]")}}).isEmpty());
    }

    // A real B200 trace: its NCCL kernel's block says what its own args say (and the
    // record_param_comms operator's, which carries the same metadata and this rank).
    void ncclMetadataOnARealTrace()
    {
        LANESCOPE_REQUIRE_TRACE(path, "b200-eager-nccl.json.gz");
        const std::shared_ptr<const Trace> t = loadTrace(path).trace;
        QVERIFY(t);
        TimelineView view;
        view.setTrace(t);
        DetailsPanel panel(&view);
        int checked = 0, kernels = 0;
        for (std::uint32_t k = 0; k < t->tracks.size(); ++k) {
            const Track &trk = t->tracks[k];
            for (std::uint32_t i = 0; i < trk.size(); ++i) {
                const QString name = t->name(trk.nameId[i]);
                const bool kernel = trk.kind == TrackKind::Gpu && name.startsWith(QLatin1String("ncclDevKernel"));
                if (!kernel && (name != QLatin1String("record_param_comms") || checked - kernels >= 5))
                    continue; // the kernel, and the first five operators
                const EventDetails d = readEventDetails(*t, trk.fileOffset[i]);
                QVERIFY(d.ok);
                QVERIFY(!kernel || d.args.contains(QStringLiteral("Collective name")));
                if (!d.args.contains(QStringLiteral("Collective name")))
                    continue;
                panel.showSlice(SliceRef{0, k, i});
                const QString text = panel.text();
                QVERIFY2(text.contains(QStringLiteral("NCCL")), qPrintable(text));
                const QLocale locale;
                const QString in = locale.toString(d.args.value(QStringLiteral("In msg nelems")).toLongLong());
                const QString out = locale.toString(d.args.value(QStringLiteral("Out msg nelems")).toLongLong());
                QVERIFY2(text.contains(in) && text.contains(out), qPrintable(text));
                const QString pg = d.args.value(QStringLiteral("Process Group Name")).toString();
                const QString description = d.args.value(QStringLiteral("Process Group Description")).toString();
                const QString group = description == QLatin1String("undefined") ? pg : QStringLiteral("%1 (%2)").arg(pg, description);
                QVERIFY2(panel.html().contains(details::row(QStringLiteral("Process group"), group.toHtmlEscaped())), qPrintable(text));
                QVERIFY2(text.contains(d.args.value(QStringLiteral("Process Group Ranks")).toString()), qPrintable(text));
                QVERIFY2(text.contains(QStringLiteral("Group size")), qPrintable(text));
                if (d.args.contains(QStringLiteral("Rank")))
                    QVERIFY2(panel.html().contains(details::row(QStringLiteral("Rank"), QLocale().toString(d.args.value(QStringLiteral("Rank")).toLongLong()))),
                             qPrintable(text));
                kernels += kernel;
                ++checked;
            }
        }
        QCOMPARE(kernels, 1); // the trace's one AllGather kernel
        QVERIFY(checked > kernels);
        // The kernel's panel, for a look where LANESCOPE_TEST_PICTURES says.
        if (const QString dir = qEnvironmentVariable("LANESCOPE_TEST_PICTURES"); !dir.isEmpty()) {
            for (std::uint32_t k = 0; k < t->tracks.size(); ++k)
                for (std::uint32_t i = 0; i < t->tracks[k].size(); ++i)
                    if (t->tracks[k].kind == TrackKind::Gpu && t->name(t->tracks[k].nameId[i]).startsWith(QLatin1String("ncclDevKernel")))
                        panel.showSlice(SliceRef{0, k, i});
            panel.resize(460, 900);
            panel.show();
            QVERIFY(panel.grab().save(dir + QStringLiteral("/details-nccl.png")));
        }
    }

    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("LanescopeTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_detailspanel"));
        QSettings().clear();
    }

    void oneRowPerArgument_data()
    {
        QTest::addColumn<int>("args");
        QTest::addColumn<int>("rows"); // argument rows shown
        QTest::newRow("3") << 3 << 3;
        QTest::newRow("200") << 200 << 200;
        QTest::newRow("bounded") << 1000 << details::kMaxArgRows;
    }
    void oneRowPerArgument()
    {
        QFETCH(int, args);
        QFETCH(int, rows);
        const Shown s = show(traceWithArgs(manyArgs(args)));
        QVERIFY(s.trace);
        const QString html = s.panel->html();
        QVERIFY2(!html.contains(QStringLiteral("<trk")), "rows must be <tr>, not nested unknown tags");
        // Category, start, duration, stream (no step in this trace); the collective's operation and
        // size ("not recorded": these args carry none).
        constexpr int kOwnRows = 6;
        QCOMPARE(rowCount(html), kOwnRows + rows);
        if (rows < args)
            QVERIFY2(html.contains(QStringLiteral("and %1 more arguments").arg(args - rows)), qPrintable(html.right(300)));
        // The laid-out document has the rows side by side, not a staircase: as tall as the rows.
        const double height = s.panel->browser()->document()->size().height();
        QVERIFY2(height < (kOwnRows + rows + 12) * 40.0, qPrintable(QString::number(height)));
        QVERIFY2(s.ms < 5000, qPrintable(QStringLiteral("%1 ms").arg(s.ms))); // loose: it took minutes
        // Copy all has everything.
        QVERIFY(s.panel->copyAllButton()->isEnabled());
        QVERIFY(s.panel->json().contains(QStringLiteral("arg%1").arg(1000 + args - 1)));
    }

    void valuesAreBounded_data()
    {
        QTest::addColumn<QString>("argsJson");
        QTest::addColumn<QString>("shown");   // must be in the panel's text
        QTest::addColumn<int>("fullLength"); // at least this much JSON behind Copy all
        const QString mb(1 << 20, QLatin1Char('x'));
        QTest::newRow("1 MB string") << QStringLiteral("\"big\": \"%1\"").arg(mb)
                                     << QStringLiteral("(1048576 characters)") << (1 << 20);
        QString arr;
        for (int i = 0; i < 100000; ++i)
            arr += (i ? QStringLiteral(",") : QString()) + QString::number(i);
        QTest::newRow("100k-element array") << QStringLiteral("\"a\": [%1]").arg(arr) << QStringLiteral("[0,1,2,3") << 500000;
        QTest::newRow("nested") << QStringLiteral("\"n\": {\"k\": [[1, 2], {\"z\": \"w\"}]}")
                                << QStringLiteral("{\"k\":[[1,2],{\"z\":\"w\"}]}") << 10;
        QTest::newRow("uint64") << QStringLiteral("\"Comms Id\": 18446744073709551615")
                                << QStringLiteral("18446744073709551615") << 10;
        QTest::newRow("huge double") << QStringLiteral("\"x\": 1.5e308") << QStringLiteral("1.5e+308") << 10;
        QTest::newRow("markup is text") << QStringLiteral("\"<b>k</b>\": \"<table><tr><td>v\"")
                                        << QStringLiteral("<table><tr><td>v") << 10;
        const QString longKey(5000, QLatin1Char('k'));
        QTest::newRow("long key") << QStringLiteral("\"%1\": 1").arg(longKey) << QStringLiteral("(5000 characters)") << 5000;
    }
    void valuesAreBounded()
    {
        QFETCH(QString, argsJson);
        QFETCH(QString, shown);
        QFETCH(int, fullLength);
        const Shown s = show(traceWithArgs(argsJson.toStdString()));
        QVERIFY(s.trace);
        const QString text = s.panel->text();
        QVERIFY2(text.contains(shown), qPrintable(text.left(2000)));
        QVERIFY2(s.panel->html().size() < 20000, qPrintable(QString::number(s.panel->html().size())));
        QVERIFY(s.panel->json().size() >= fullLength);
        QVERIFY2(s.ms < 5000, qPrintable(QStringLiteral("%1 ms").arg(s.ms)));
    }

    void copyAllPutsTheWholeEventOnTheClipboard()
    {
        const Shown s = show(traceWithArgs(manyArgs(300)));
        QVERIFY(s.trace);
        QTest::mouseClick(s.panel->copyAllButton(), Qt::LeftButton);
        const QString clip = QGuiApplication::clipboard()->text();
        QVERIFY2(clip.contains(QStringLiteral("\"arg1299\": 299")), qPrintable(clip.right(200)));
        QVERIFY(clip.contains(QStringLiteral("ncclDevKernel_AllGather_RING_LL")));
    }

    void tooltipsAreEscapedAndBounded()
    {
        const QString tip = details::tooltipText(QStringLiteral("<b>not bold</b>\n") + QString(5000, QLatin1Char('y')));
        QVERIFY(tip.contains(QStringLiteral("&lt;b&gt;not bold&lt;/b&gt;<br>")));
        QVERIFY(tip.size() < 1200);
        QVERIFY(Qt::mightBeRichText(tip)); // so Qt shows the escaped text, never the raw markup
    }

    // The case study's own events: select an AllGather kernel of the synthetic baseline the way a
    // user does (Ctrl+F, type, Enter) and the window answers at once.
    void selectingTheDemoAllGatherStaysResponsive_data()
    {
        QTest::addColumn<QString>("source"); // "synth" or a file in the traces folder
        QTest::addColumn<QString>("query");
        QTest::newRow("demo AllGather") << QStringLiteral("synth") << QStringLiteral("AllGather");
        QTest::newRow("a100 ncclKernel") << QStringLiteral("a100-2rank-nccl.json.gz") << QStringLiteral("ncclKernel");
    }
    void selectingTheDemoAllGatherStaysResponsive()
    {
        QFETCH(QString, source);
        QFETCH(QString, query);
        QTemporaryDir dir;
        QString path;
        if (source == QLatin1String("synth")) {
            synth::SynthConfig c;
            c.scenario = synth::Scenario::Baseline;
            c.layers = 8;
            const synth::SynthOutput out = synth::synthesize(c);
            path = dir.filePath(QStringLiteral("baseline.pt.trace.json"));
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(out.traces.at(0).data(), qint64(out.traces.at(0).size()));
        } else {
            path = test::tracePath(source);
            if (!QFileInfo::exists(path))
                QSKIP(qPrintable(QStringLiteral("%1 not found (set LANESCOPE_TRACES_DIR)").arg(path)));
        }
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QSignalSpy loaded(&w, &MainWindow::loadFinished);
        w.openFile(path);
        QVERIFY(loaded.wait(60000));
        QCOMPARE(loaded.first().first().toBool(), true);
        QTest::keyClick(&w, Qt::Key_F, Qt::ControlModifier);
        QTest::keyClicks(w.searchBar()->lineEdit(), query);
        QElapsedTimer timer;
        timer.start();
        QTest::keyClick(w.searchBar()->lineEdit(), Qt::Key_Return);
        QVERIFY(w.timelineView()->selectedSlice().isValid());
        const Track &trk = w.trace()->tracks[w.timelineView()->selectedSlice().track];
        QVERIFY(w.trace()->name(trk.nameId[w.timelineView()->selectedSlice().slice]).contains(query));
        w.detailsPanel()->browser()->document()->size();
        // Responsive: a zero-timer posted now runs within a second (it used to take minutes).
        bool ran = false;
        QTimer::singleShot(0, &w, [&] { ran = true; });
        QVERIFY(QTest::qWaitFor([&] { return ran; }, 1000));
        const qint64 ms = timer.elapsed();
        QVERIFY2(ms < 5000, qPrintable(QStringLiteral("%1 ms").arg(ms)));
        QVERIFY2(w.detailsPanel()->text().contains(QStringLiteral("Arguments")), qPrintable(w.detailsPanel()->text()));
        qInfo("%s: selected and laid out in %lld ms", qPrintable(query), ms);
    }
};

QTEST_MAIN(TestDetailsPanel)
#include "tst_detailspanel.moc"
