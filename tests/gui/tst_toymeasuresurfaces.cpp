// SPDX-License-Identifier: GPL-3.0-or-later
// A measure reaches every surface through its registration alone: the toy measure of
// tests/analysis/toy_measure (how many kernels are named with a letter, the longest GPU activity)
// and its panel, registered here with one line each and named nowhere in the product, on a real
// window that opens the demo pair (`lanescope-cli synth`: the FSDP baseline and the tuned run,
// whose kernels differ). The Analysis dock has the toy's tab showing the toy's figures of the run
// it analyses (either run, and a step); the Comparison dock's Metrics table has the toy's rows with
// both runs' values and the delta; analysisJson() of the same analysis (the writer of
// `lanescope-cli analyze --json`) carries the member "toy" with the same values. The count is
// checked against the trace file itself, read here as JSON.
#include "app/gui/MainWindow.h"
#include "tests/gui/OpenAndAnalyse.h"
#include "widgets/analysis/AnalysisDock.h"
#include "widgets/analysis/AnalysisPanels.h"
#include "widgets/compare/ComparisonDock.h"
#include "widgets/compare/MetricsTableModel.h"
#include "widgets/view/Session.h"

#include "core/analysis/compare/CompareTraces.h"
#include "core/analysis/run/AnalysisJson.h"
#include "core/analysis/run/Measure.h"

#include "tests/CliRun.h"
#include "tests/analysis/toy_measure/ToyMeasure.h"
#include "tests/analysis/toy_measure/ToyPanel.h"

#include <QAbstractItemView>
#include <QAbstractProxyModel>
#include <QComboBox>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>

using namespace lanescope;
using namespace lanescope::analysis;

namespace {

constexpr int kTimeoutMs = 180000;

// The demo pair: the case study's first and last run.
const char *const kScenarios[] = {"fsdp-baseline", "fsdp-tuned"};

// Kernels ("X" events of category "kernel") whose name starts with an ASCII letter, counted in the
// file as written; -1 where it cannot be read.
qint64 letteredKernelsInFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &pe);
    if (pe.error != QJsonParseError::NoError)
        return -1;
    qint64 n = 0;
    for (const QJsonValue &v : doc.object().value(QStringLiteral("traceEvents")).toArray()) {
        const QJsonObject e = v.toObject();
        if (e.value(QStringLiteral("ph")).toString() != QLatin1String("X") || e.value(QStringLiteral("cat")).toString() != QLatin1String("kernel"))
            continue;
        const QString name = e.value(QStringLiteral("name")).toString();
        const QChar c = name.isEmpty() ? QChar() : name.front();
        n += (c >= QLatin1Char('A') && c <= QLatin1Char('Z')) || (c >= QLatin1Char('a') && c <= QLatin1Char('z')) ? 1 : 0;
    }
    return n;
}

// The same count in a window of the loaded model (model time, starts inside it).
qint64 letteredKernelsIn(const Trace &t, const TimeRange &range)
{
    qint64 n = 0;
    for (const Track &tr : t.tracks) {
        if (tr.kind != TrackKind::Gpu)
            continue;
        for (std::size_t i = 0; i < tr.size(); ++i) {
            const std::uint16_t cat = tr.catId[i];
            if (cat >= t.categoryClass.size() || t.categoryClass[cat] != CategoryClass::Kernel || !range.contains(tr.start[i]))
                continue;
            const QString name = t.name(tr.nameId[i]);
            n += !name.isEmpty() && name.front().isLetter() && name.front().unicode() < 128 ? 1 : 0;
        }
    }
    return n;
}

bool settled(MainWindow &w)
{
    return QTest::qWaitFor(
        [&] {
            return !w.analysisDock()->isBusy() && w.analysisDock()->result() && !w.comparisonDock()->isBusy()
                && w.comparisonDock()->comparison();
        },
        kTimeoutMs);
}

} // namespace

class TestToyMeasureSurfaces : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QStringList m_paths;
    std::vector<qint64> m_inFile; // each run's lettered kernels, from its file

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("LanescopeTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_toymeasuresurfaces"));
        QSettings().clear();

        // The toy: one line for its measure, one for its panel, before the window is built.
        QString error;
        QVERIFY2(registerMeasure(test::toyMeasure(), &error), qPrintable(error));
        registerAnalysisPanel(test::toyPanelKind());

        QVERIFY(m_dir.isValid());
        for (const char *s : kScenarios) {
            const QString path = m_dir.filePath(QLatin1String(s) + QStringLiteral(".json"));
            const test::CliRun synth = test::runCli({QStringLiteral("synth"), QStringLiteral("--scenario"), QLatin1String(s), QStringLiteral("-o"), path});
            QVERIFY2(synth.exitCode == 0, synth.err.constData());
            m_paths << path;
            m_inFile.push_back(letteredKernelsInFile(path));
            QVERIFY2(m_inFile.back() > 0, s);
        }
        // The tuned run fuses kernels: the toy's count tells the runs apart.
        QVERIFY(m_inFile[0] != m_inFile[1]);
    }
    void cleanupTestCase() { QSettings().clear(); }

    void everySurface()
    {
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QVERIFY(test::openAndAnalyse(w, m_paths, kTimeoutMs));
        QVERIFY(settled(w));
        const Session *s = w.session();
        QCOMPARE(s->runCount(), 2);

        // The toy ran in each run's whole-trace analysis, and counted what the file holds. (Held: a
        // change of the dock's run measures the session's runs again, a new result each.)
        const AnalysisResultPtr analyses[2] = {s->run(0).analysis, s->run(1).analysis};
        const test::ToyResult *toy[2] = {};
        for (int run = 0; run < 2; ++run) {
            QVERIFY(analyses[run]);
            QVERIFY(analyses[run]->analysed.empty());
            toy[run] = measureResult<test::ToyResult>(*analyses[run], "toy");
            QVERIFY(toy[run]);
            QCOMPARE(toy[run]->letteredKernels, m_inFile[std::size_t(run)]);
            QVERIFY(toy[run]->activities > 0 && toy[run]->longestNs > 0);
        }

        // (a) The Analysis dock: the toy's tab, last, showing the analysed run's figures.
        AnalysisDock *dock = w.analysisDock();
        auto *panel = dock->findChild<QLabel *>(QStringLiteral("toyPanel"));
        QVERIFY(panel);
        QTabWidget *tabs = dock->tabs();
        const int at = tabs->indexOf(panel);
        QCOMPARE(at, tabs->count() - 1);
        QCOMPARE(tabs->tabText(at), QStringLiteral("Toy"));
        tabs->setCurrentIndex(at);
        QCOMPARE(dock->result(), s->run(0).analysis);
        const QLocale l;
        QCOMPARE(panel->text(), QStringLiteral("Kernels named with a letter: %1\nLongest GPU activity: %2 µs")
                                    .arg(l.toString(m_inFile[0]), l.toString(double(toy[0]->longestNs) / 1000.0, 'f', 3)));
        if (const QString dir = qEnvironmentVariable("LANESCOPE_TEST_PICTURES"); !dir.isEmpty())
            QVERIFY(dock->grab().save(dir + QStringLiteral("/toy-tab.png")));

        // (b) The Comparison dock's Metrics table: the toy's rows, both runs' values and the delta.
        const MetricsTableModel *m = w.comparisonDock()->metricsModel();
        const QList<QAbstractItemView *> views = w.comparisonDock()->findChildren<QAbstractItemView *>();
        QVERIFY(std::any_of(views.begin(), views.end(), [m](const QAbstractItemView *v) { // the table shown
            const auto *proxy = qobject_cast<const QAbstractProxyModel *>(v->model());
            return v->model() == m || (proxy && proxy->sourceModel() == m);
        }));
        const int row = m->rowOf(QStringLiteral("toy_lettered_kernels"));
        QVERIFY(row >= 0);
        QCOMPARE(m->data(m->index(row, 0), Qt::DisplayRole).toString(), QStringLiteral("Kernels named with a letter"));
        QCOMPARE(m->data(m->index(row, m->valueColumn(0)), MetricsTableModel::ValueRole).toDouble(), double(m_inFile[0]));
        QCOMPARE(m->data(m->index(row, m->valueColumn(1)), MetricsTableModel::ValueRole).toDouble(), double(m_inFile[1]));
        QCOMPARE(m->data(m->index(row, m->deltaColumn(1)), MetricsTableModel::DeltaRole).toDouble(), double(m_inFile[1] - m_inFile[0]));
        QCOMPARE(m->data(m->index(row, m->valueColumn(0)), Qt::DisplayRole).toString().trimmed(), MetricsTableModel::format(MetricsTableModel::Unit::Count, double(m_inFile[0])));
        QVERIFY(!m->data(m->index(row, m->deltaColumn(1)), Qt::DisplayRole).toString().isEmpty());
        // The comparison's metric (compare --json's key and unit) says the same.
        const auto &metrics = w.comparisonDock()->comparison()->result.deltas.at(0).metrics;
        const auto it = std::find_if(metrics.begin(), metrics.end(), [](const MetricDelta &d) { return std::string(d.key) == "toy_lettered_kernels"; });
        QVERIFY(it != metrics.end() && it->value && it->delta);
        QCOMPARE(*it->value, double(m_inFile[1]));
        QCOMPARE(*it->delta, double(m_inFile[1] - m_inFile[0]));
        // Its other figure, a time kept in ns in the table.
        const int longest = m->rowOf(QStringLiteral("toy_longest_activity_us"));
        QVERIFY(longest >= 0);
        for (int run = 0; run < 2; ++run)
            QCOMPARE(m->data(m->index(longest, m->valueColumn(run)), MetricsTableModel::ValueRole).toDouble(), double(toy[run]->longestNs));

        // (c) analysisJson() of the same analyses: the member "toy", the same values.
        for (int run = 0; run < 2; ++run) {
            QJsonParseError pe;
            const QJsonObject o = QJsonDocument::fromJson(analysisJson(*s->run(run).trace, *analyses[run]), &pe).object();
            QVERIFY2(pe.error == QJsonParseError::NoError, qPrintable(pe.errorString()));
            const QJsonObject t = o.value(QStringLiteral("toy")).toObject();
            QCOMPARE(t.value(QStringLiteral("lettered_kernels")).toInteger(), m_inFile[std::size_t(run)]);
            QCOMPARE(t.value(QStringLiteral("longest_activity_us")).toDouble(), double(toy[run]->longestNs) / 1000.0);
            QCOMPARE(t.value(QStringLiteral("activities")).toInteger(), toy[run]->activities);
        }

        // (d) The dock on the other run, picked in its run box as a user does: the panel follows.
        dock->runBox()->setCurrentIndex(1);
        emit dock->runBox()->activated(1);
        QVERIFY(QTest::qWaitFor([&] { return !dock->isBusy() && dock->result() == s->run(1).analysis; }, kTimeoutMs));
        QCOMPARE(panel->text(), test::toyPanelText(s->run(1).analysis.get()));
        QVERIFY(panel->text().contains(l.toString(m_inFile[1])));
        // A step: the dock's own analysis of its window, the toy's count of that window.
        const Step step = s->run(1).analysis->steps.at(1);
        dock->setStep(step.number);
        QVERIFY(QTest::qWaitFor([&] { return !dock->isBusy() && dock->result() && !dock->result()->analysed.empty(); }, kTimeoutMs));
        const test::ToyResult *inStep = measureResult<test::ToyResult>(*dock->result(), "toy");
        QVERIFY(inStep);
        const qint64 stepCount = letteredKernelsIn(*s->run(1).trace, dock->result()->analysed);
        QVERIFY(stepCount > 0 && stepCount < m_inFile[1]);
        QCOMPARE(inStep->letteredKernels, stepCount);
        QCOMPARE(panel->text(), test::toyPanelText(dock->result().get()));
        QVERIFY(panel->text().contains(l.toString(stepCount)));
    }
};

QTEST_MAIN(TestToyMeasureSurfaces)
#include "tst_toymeasuresurfaces.moc"
