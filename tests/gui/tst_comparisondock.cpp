// SPDX-License-Identifier: GPL-3.0-or-later
// The comparison dock on the case study's three stages (synthetic, 8 layers): the
// metrics table against an independent run of the core comparison, deltas coloured by direction,
// the waterfall's sentence, a difference row outlining its slices in every run (counted here
// straight from the traces), editing the runs (rename, reorder, remove), alignment, per-step
// figures for runs of different lengths, and the main window's side: a trace dropped on a
// comparison is added to it without reloading the others, the demo opens the trio, and a
// comparison is one entry of the recent files.
#include "app/gui/MainWindow.h"

#include "tests/gui/DropEvents.h"

#include "core/analysis/compare/CompareTraces.h"
#include "widgets/compare/CompareCharts.h"
#include "widgets/compare/ComparisonDock.h"
#include "widgets/compare/MetricsTableModel.h"
#include "widgets/compare/NameDiffModel.h"
#include "core/io/MappedSource.h"
#include "core/parse/TraceLoader.h"
#include "widgets/render/Palette.h"
#include "widgets/view/Session.h"
#include "core/synth/TraceSynth.h"
#include "widgets/timeline/TimelineView.h"

#include <QComboBox>
#include <QDropEvent>
#include <QFile>
#include <QListWidget>
#include <QMimeData>
#include <QSettings>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QUrl>
#include <QtTest>

#include <cmath>

using namespace lanescope;

namespace {

std::shared_ptr<const Trace> synthTrace(synth::Scenario scenario, int steps = 3)
{
    synth::SynthConfig c;
    c.scenario = scenario;
    c.layers = 8;
    c.activeSteps = steps;
    const synth::SynthOutput out = synth::synthesize(c);
    LoadResult r = loadTrace(MappedSource::fromBytes(out.traces.at(0), QStringLiteral("synth.json")));
    return std::move(r.trace);
}

bool writeTrace(const QString &path, synth::Scenario scenario)
{
    synth::SynthConfig c;
    c.scenario = scenario;
    c.layers = 8;
    const synth::SynthOutput out = synth::synthesize(c);
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(out.traces.at(0).data(), qint64(out.traces.at(0).size())) == qint64(out.traces.at(0).size());
}

SessionRun run(const QString &label, std::shared_ptr<const Trace> t)
{
    SessionRun r;
    r.label = label;
    r.path = label + QStringLiteral(".json");
    r.trace = std::move(t);
    return r;
}

// Slices named `name` (normalised as the differences count them) in a trace, by a plain loop.
std::uint64_t countNamed(const Trace &t, const QString &name)
{
    std::uint64_t n = 0;
    for (const Track &trk : t.tracks)
        for (std::size_t i = 0; i < trk.size(); ++i)
            if (analysis::normalizedName(t.strings.view(trk.nameId[i])) == name)
                ++n;
    return n;
}

} // namespace

class TestComparisonDock : public QObject
{
    Q_OBJECT

    std::shared_ptr<const Trace> m_base, m_prefetch, m_tuned;

    // A dock on a session of the three stages, its first comparison finished.
    struct Fixture
    {
        Session session;
        ComparisonDock dock;
        Fixture(std::vector<SessionRun> runs)
        {
            session.setRuns(std::move(runs));
            QSignalSpy done(&dock, &ComparisonDock::comparisonFinished);
            dock.setSession(&session);
            dock.resize(1000, 700);
            dock.show();
            // A failed wait leaves the dock without a result, which the tests then find.
            while ((dock.isBusy() || done.isEmpty()) && done.wait(60000)) {
            }
        }
        void waitForRerun()
        {
            QSignalSpy done(&dock, &ComparisonDock::comparisonFinished);
            while (dock.isBusy())
                done.wait(60000);
            QCoreApplication::processEvents();
        }
    };

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("LanescopeTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_comparisondock"));
        QSettings().clear();
        m_base = synthTrace(synth::Scenario::Baseline);
        m_prefetch = synthTrace(synth::Scenario::Prefetch);
        m_tuned = synthTrace(synth::Scenario::Tuned);
        QVERIFY(m_base && m_prefetch && m_tuned);
    }

    void metricsMatchTheCoreComparison()
    {
        Fixture f({run(QStringLiteral("baseline"), m_base), run(QStringLiteral("prefetch"), m_prefetch),
                   run(QStringLiteral("tuned"), m_tuned)});
        QVERIFY(f.dock.comparison());
        QVERIFY2(f.dock.comparison()->error.isEmpty(), qPrintable(f.dock.comparison()->error));
        // The same comparison, computed here without the dock.
        analysis::CompareOptions co;
        const analysis::TracesComparison ref = analysis::compareTraces(
            {{QStringLiteral("baseline"), {}, m_base.get()}, {QStringLiteral("prefetch"), {}, m_prefetch.get()},
             {QStringLiteral("tuned"), {}, m_tuned.get()}},
            analysis::AnalysisOptions{}, co);
        const MetricsTableModel &m = *f.dock.metricsModel();
        const int step = m.rowOf(QStringLiteral("step_time_us"));
        const int gaps = m.rowOf(QStringLiteral("gap_comm_wait_us"));
        QVERIFY(step >= 0 && gaps >= 0);
        for (int r = 0; r < 3; ++r) {
            QCOMPARE(m.data(m.index(step, m.valueColumn(r)), MetricsTableModel::ValueRole).toDouble(),
                     *ref.result.runs[std::size_t(r)].stepTimeNs);
            QCOMPARE(m.data(m.index(gaps, m.valueColumn(r)), MetricsTableModel::ValueRole).toDouble(),
                     double(ref.result.runs[std::size_t(r)].gapTotalByCause[int(analysis::GapCause::CommWait)]));
        }
        // Deltas against the baseline, coloured by the metric's direction: the tuned run is faster.
        const QModelIndex d = m.index(step, m.deltaColumn(2));
        QCOMPARE(m.data(d, MetricsTableModel::DeltaRole).toDouble(),
                 *ref.result.runs[2].stepTimeNs - *ref.result.runs[0].stepTimeNs);
        QVERIFY(m.data(d, MetricsTableModel::DeltaRole).toDouble() < 0);
        QCOMPARE(m.data(d, MetricsTableModel::BetterRole).toInt(), 1);
        // The prefetch run's allocator gaps appear (0 -> some): worse.
        const int alloc = m.rowOf(QStringLiteral("gap_allocator_us"));
        QVERIFY(alloc >= 0);
        QCOMPARE(m.data(m.index(alloc, m.deltaColumn(1)), MetricsTableModel::BetterRole).toInt(), -1);
        // The headers name the runs.
        QCOMPARE(m.headerData(m.valueColumn(1), Qt::Horizontal, Qt::DisplayRole).toString(), QStringLiteral("prefetch"));
    }

    void waterfallSentenceAddsUp()
    {
        Fixture f({run(QStringLiteral("baseline"), m_base), run(QStringLiteral("prefetch"), m_prefetch)});
        const analysis::ComparisonResult &c = f.dock.comparison()->result;
        QCOMPARE(int(c.waterfall.size()), 1);
        double sum = 0;
        for (const auto &p : c.waterfall[0].parts)
            sum += p.deltaNs;
        QCOMPARE(sum, c.waterfall[0].toNs - c.waterfall[0].fromNs);
        // The sentence leads with the step-time delta and names the comm-wait part.
        const QString text = f.dock.waterfall()->summary();
        const double delta = (c.waterfall[0].toNs - c.waterfall[0].fromNs) / 1e6;
        QVERIFY2(text.startsWith((delta < 0 ? QStringLiteral("−") : QStringLiteral("+"))
                                 + QLocale().toString(std::abs(delta), 'f', 1) + QStringLiteral(" ms:")),
                 qPrintable(text));
        QVERIFY2(text.contains(WaterfallChart::partLabel(QStringLiteral("comm_wait"))), qPrintable(text));
    }

    void differenceRowOutlinesItsSlicesInEveryRun()
    {
        Fixture f({run(QStringLiteral("baseline"), m_base), run(QStringLiteral("tuned"), m_tuned)});
        NameDiffModel *kernels = f.dock.kernelModel();
        QVERIFY(kernels->rowCount() > 0);
        // The row of largest impact, clicked.
        const QString name = kernels->nameAt(0);
        f.dock.highlightRow(kernels, 0);
        const auto &h = f.session.state()->highlight();
        QVERIFY(h);
        QCOMPARE(h->name, name);
        QCOMPARE(h->counts[0], countNamed(*m_base, name));
        QCOMPARE(h->counts[1], countNamed(*m_tuned, name));
        QCOMPARE(qlonglong(h->counts[0]), qlonglong(kernels->data(kernels->index(0, kernels->countColumn(0)), NameDiffModel::SortRole).toLongLong()));
        // On screen: the outline colour appears on the timeline, and goes with a second click.
        TimelineView view;
        view.setSession(&f.session);
        view.resize(1400, 900);
        const auto hasOutline = [&] {
            const QImage img = view.renderFrame();
            const QRgb want = Palette::searchMatch().rgb();
            for (int y = 0; y < img.height(); y += 1)
                for (int x = TimelineView::kHeaderWidth; x < img.width(); ++x)
                    if ((img.pixel(x, y) & 0xFFFFFF) == (want & 0xFFFFFF))
                        return true;
            return false;
        };
        QVERIFY(hasOutline());
        f.dock.highlightRow(kernels, 0);
        QVERIFY(!f.session.state()->highlight());
        QVERIFY(!hasOutline());
    }

    void editingTheRuns()
    {
        Fixture f({run(QStringLiteral("baseline"), m_base), run(QStringLiteral("prefetch"), m_prefetch),
                   run(QStringLiteral("tuned"), m_tuned)});
        QListWidget *list = f.dock.runList();
        QCOMPARE(list->count(), 3);
        // Rename in place.
        list->item(1)->setText(QStringLiteral("aggressive prefetch"));
        QCOMPARE(f.session.run(1).label, QStringLiteral("aggressive prefetch"));
        f.waitForRerun();
        QCOMPARE(f.dock.metricsModel()->headerData(f.dock.metricsModel()->valueColumn(1), Qt::Horizontal, Qt::DisplayRole).toString(),
                 QStringLiteral("aggressive prefetch"));
        // An empty name is refused.
        list->item(2)->setText(QStringLiteral("  "));
        QCOMPARE(f.session.run(2).label, QStringLiteral("tuned"));
        // Reorder: tuned up to the top becomes the baseline.
        list->setCurrentRow(2);
        QMetaObject::invokeMethod(&f.dock, [&] { f.session.moveRun(2, 0); });
        QCoreApplication::processEvents();
        QCOMPARE(f.session.run(0).label, QStringLiteral("tuned"));
        f.waitForRerun();
        QCOMPARE(f.dock.comparison()->result.runs.front().label, QStringLiteral("tuned"));
        // Remove: two runs left, still a comparison.
        f.session.removeRun(1);
        f.waitForRerun();
        QCOMPARE(f.session.runCount(), 2);
        QCOMPARE(int(f.dock.comparison()->result.runs.size()), 2);
    }

    void alignmentChoices()
    {
        Fixture f({run(QStringLiteral("baseline"), m_base), run(QStringLiteral("tuned"), m_tuned)});
        QComboBox *align = f.dock.alignBox();
        // Three recorded steps: two complete ones, then the trace start.
        QCOMPARE(align->count(), 3);
        const auto firstStepOnAxis = [&](int r) {
            const auto steps = analysis::completeSteps(analysis::findSteps(*f.session.run(r).trace));
            return double(steps.at(0).start - f.session.base(r));
        };
        QCOMPARE(firstStepOnAxis(1), firstStepOnAxis(0));
        align->setCurrentIndex(align->findData(-1)); // trace start
        QCOMPARE(f.session.run(0).offsetNs, TimeNs(0));
        QCOMPARE(f.session.run(1).offsetNs, TimeNs(0));
        align->setCurrentIndex(1); // the second complete step
        const auto secondStepOnAxis = [&](int r) {
            const auto steps = analysis::completeSteps(analysis::findSteps(*f.session.run(r).trace));
            return double(steps.at(1).start - f.session.base(r));
        };
        QCOMPARE(secondStepOnAxis(1), secondStepOnAxis(0));
        f.waitForRerun();
        QCOMPARE(f.dock.comparison()->result.alignment.position, 1);
    }

    void differentStepCountsTurnOnPerStepAndWarn()
    {
        Fixture f({run(QStringLiteral("three"), m_base), run(QStringLiteral("five"), synthTrace(synth::Scenario::Baseline, 5))});
        QVERIFY(f.dock.kernelModel()->perStep());
        const auto &w = f.dock.comparison()->result.warnings;
        QVERIFY2(!w.isEmpty(), "runs of 3 and 5 steps are not comparable by totals");
    }

    void droppedTraceIsAddedWithoutReloadingTheOthers()
    {
        QTemporaryDir dir;
        const QString a = dir.filePath(QStringLiteral("baseline.pt.trace.json"));
        const QString b = dir.filePath(QStringLiteral("prefetch.pt.trace.json"));
        const QString c = dir.filePath(QStringLiteral("tuned.pt.trace.json"));
        QVERIFY(writeTrace(a, synth::Scenario::Baseline) && writeTrace(b, synth::Scenario::Prefetch)
                && writeTrace(c, synth::Scenario::Tuned));
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QSignalSpy loaded(&w, &MainWindow::loadFinished);
        w.openFiles({a, b});
        QVERIFY(loaded.wait(60000));
        QVERIFY(w.comparisonDock()->isVisible());
        const Trace *first = w.session()->trace(0);
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(dropFiles(&w, {c}));
        QVERIFY(loaded.wait(60000));
        QCOMPARE(w.session()->runCount(), 3);
        QCOMPARE(w.session()->trace(0), first); // the same loaded trace, not a reload
        QCOMPARE(w.session()->run(2).label, QStringLiteral("tuned"));
        QVERIFY(w.windowTitle().startsWith(QStringLiteral("baseline vs prefetch vs tuned")));
        // One recent entry for the comparison, which reopens it; gone when a file goes.
        const QStringList recent = MainWindow::recentFiles();
        QVERIFY(!recent.isEmpty());
        QCOMPARE(recent.first().split(QLatin1Char('\n')).size(), 3);
        QFile::remove(b);
        QVERIFY(!MainWindow::recentFiles().contains(recent.first()));
    }
};

QTEST_MAIN(TestComparisonDock)
#include "tst_comparisondock.moc"
