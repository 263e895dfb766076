// SPDX-License-Identifier: GPL-3.0-or-later
// One figure, one key, one value (core/analysis/run/FigureCatalogue.h): the catalogue's own rules (one
// key per figure, each surface's order), then, for every figure of the catalogue, on every real
// trace in the shared traces folder and the synthetic demo trio (`lanescope-cli synth`), the value
// the analysis measured appears under the figure's key in `analyze --json` (where the figure is
// there), in `compare --json`'s deltas and, for a folder of ranks (`synth --ranks 4`), in
// `analyze DIR --json`, under the key and its alias. The GUI's surfaces (the Metrics table, the
// Ranks dock's table) are checked against the same JSON in tests/gui/tst_figuresurfaces.cpp.
#include "core/analysis/run/Analysis.h"
#include "core/analysis/compare/Compare.h"
#include "core/analysis/run/FigureCatalogue.h"
#include "core/analysis/job/Ranks.h"
#include "core/io/FolderLoad.h"
#include "core/parse/TraceLoader.h"

#include "tests/CliRun.h"
#include "tests/FigureInputs.h"
#include "tests/TestTraces.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>

#include <optional>

using namespace lanescope;
using namespace lanescope::analysis;

namespace {

using test::at;
using test::mfuArgs;
using test::mfuOptions;
using test::number;
using test::runJson;
using test::show;

} // namespace

class TestFigureCatalogue : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    // The demo trio: one trace each, and a folder of four ranks each.
    const QStringList m_scenarios = test::demoScenarios();

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const QString failed = test::synthTrio(m_dir);
        QVERIFY2(failed.isEmpty(), qPrintable(failed));
    }

    // The catalogue's rules: one key per figure (its alias included), a label and a description for
    // each, one getter, the unit in the key, each surface's order without holes.
    void catalogueRules()
    {
        QSet<QByteArray> names;
        QSet<int> tableRows, rankColumns;
        int tableFigures = 0, rankFigures = 0;
        for (const Figure &f : figureCatalogue()) {
            const QByteArray key(f.key);
            QVERIFY2(!names.contains(key), f.key);
            names.insert(key);
            if (f.alias) {
                QVERIFY2(!names.contains(QByteArray(f.alias)), f.alias);
                names.insert(QByteArray(f.alias));
                QCOMPARE(findFigure(f.alias), &f);
            }
            QCOMPARE(findFigure(f.key), &f);
            QVERIFY2(f.label && !f.label(FigureScope{}).trimmed().isEmpty(), f.key);
            QVERIFY2(f.description && !f.description().isEmpty(), f.key);
            QVERIFY2(bool(f.value) != bool(f.jobValue), f.key); // a run's figure or a job's, never both
            QVERIFY2(!f.rankValue || f.value, f.key);
            // Times are held in ns and written in µs: the key says so.
            QCOMPARE(f.isTime(), key.contains("_us"));
            QVERIFY2(f.surfaces != 0, f.key);
            QCOMPARE(f.on(InMetricsTable), f.tableOrder >= 0);
            QCOMPARE(f.on(InRanks), f.rankOrder >= 0 && bool(f.rankValue));
            if (f.on(InMetricsTable)) {
                QVERIFY2(!tableRows.contains(f.tableOrder), f.key);
                tableRows.insert(f.tableOrder);
                ++tableFigures;
            }
            if (f.on(InRanks)) {
                QVERIFY2(!rankColumns.contains(f.rankOrder), f.key);
                rankColumns.insert(f.rankOrder);
                ++rankFigures;
            }
        }
        for (int k = 0; k < tableFigures; ++k)
            QVERIFY(tableRows.contains(k));
        for (int k = 0; k < rankFigures; ++k)
            QVERIFY(rankColumns.contains(k));
        // The outlier test and the rank tables look at the catalogue's rank figures, by the key a
        // rank's output spells them with.
        const std::vector<const char *> &outliers = outlierFigures();
        QCOMPARE(outliers.size(), figuresOn(InRanks).size());
        for (std::size_t k = 0; k < outliers.size(); ++k)
            QCOMPARE(QByteArray(outliers[k]), QByteArray(figuresOn(InRanks)[k]->rankKey()));
        // The comparison's metrics are its figures, in its order; a job's only with a folder among the runs.
        RunMetrics m;
        for (const bool withJob : {false, true}) {
            QStringList want, got;
            for (const Figure *f : figuresOn(InComparison))
                if (withJob || !f->isJobFigure())
                    want << QString::fromLatin1(f->key);
            for (const MetricDelta &d : metricValues(m, withJob))
                got << QString::fromLatin1(d.key);
            QCOMPARE(got, want);
        }
    }

    void traceSurfaces_data()
    {
        QTest::addColumn<QString>("path");
        for (const QString &s : m_scenarios)
            QTest::newRow(qPrintable(s)) << m_dir.filePath(s + QStringLiteral(".json"));
        const QStringList real = test::realTraceFiles();
        if (real.isEmpty())
            qWarning("no real traces in %s: only the demo trio is checked", qPrintable(test::tracesDir()));
        const QDir dir(test::tracesDir());
        for (const QString &p : real)
            QTest::newRow(qPrintable(dir.relativeFilePath(p))) << p;
    }
    // Each figure of a run: the analysis' value (in the key's unit) is `compare --json`'s (the
    // trace compared with itself: the later run's value is the trace's) and `analyze --json`'s.
    void traceSurfaces()
    {
        QFETCH(QString, path);
        const LoadResult loaded = loadTrace(path);
        QJsonObject analyzed, compared;
        QString why;
        const bool cliAnalyzed = runJson(QStringList{QStringLiteral("analyze"), path, QStringLiteral("--json")} + mfuArgs(), &analyzed, &why);
        // A file no surface can read is no figure's: the CLI and the loader agree on that much.
        QCOMPARE(cliAnalyzed, bool(loaded.trace));
        if (!loaded.trace)
            QSKIP(qPrintable(QStringLiteral("not a loadable trace: %1").arg(loaded.error)));
        QVERIFY2(cliAnalyzed, qPrintable(why));
        QVERIFY2(runJson(QStringList{QStringLiteral("compare"), path, path, QStringLiteral("--json")} + mfuArgs(), &compared, &why), qPrintable(why));
        const AnalysisResult a = analyze(*loaded.trace, mfuOptions());
        const QJsonObject deltas = compared.value(QStringLiteral("deltas")).toArray().at(0).toObject();
        int known = 0, inBoth = 0;
        for (const Figure *f : figuresOn(InComparison)) {
            const QString key = QString::fromLatin1(f->key);
            if (f->isJobFigure()) {
                QVERIFY2(!deltas.contains(key), f->key); // a job's figure: only with a folder among the runs
                continue;
            }
            const std::optional<double> want = f->jsonValue(f->value(a.figures));
            QVERIFY2(deltas.value(key).isObject(), f->key);
            const std::optional<double> inCompare = number(deltas.value(key).toObject().value(QStringLiteral("value")));
            QVERIFY2(inCompare == want, qPrintable(QStringLiteral("%1: compare %2, analysis %3").arg(key, show(inCompare), show(want))));
            if (want)
                ++known;
            // `analyze --json` carries some figures in objects of their own (temporal, mfu, memory,
            // launch, critical_path); where it has a number there, it is the same. (It may have none
            // where the figure is known: its mfu object gives achieved_tflops only with the GPU's
            // peak, as its MFU.)
            std::optional<double> inAnalyze = f->analyzePath ? number(at(analyzed, f->analyzePath)) : std::nullopt;
            if (inAnalyze && f->unit == FigureUnit::Bytes && *inAnalyze < 0)
                inAnalyze.reset(); // the contract's -1: no memory events
            if (inAnalyze) {
                ++inBoth;
                QVERIFY2(inAnalyze == want, qPrintable(QStringLiteral("%1 (%2): analyze %3, analysis %4")
                                                           .arg(key, QLatin1String(f->analyzePath), show(inAnalyze), show(want))));
            }
        }
        QVERIFY(known > 0); // every trace has figures: at least its counts
        QVERIFY(inBoth > 0); // and `analyze --json` some of them (its memory counters at least)
    }

    void folderSurfaces_data()
    {
        QTest::addColumn<QString>("folder");
        for (const QString &s : m_scenarios)
            QTest::newRow(qPrintable(s + QStringLiteral(" x4"))) << m_dir.filePath(s + QStringLiteral("-ranks"));
        // The real folders of rank traces, where the shared traces have them.
        const QDir dir(test::tracesDir());
        for (const QString &sub : dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name))
            if (sub.contains(QLatin1String("rank")))
                QTest::newRow(qPrintable(sub)) << dir.filePath(sub);
    }
    // Each figure of a rank: the job's analysis' value is `analyze DIR --json`'s, under the key and
    // its alias, for every rank; the outliers listed are the job's; and the folder compared with
    // itself has the job's figures in `compare --json`'s deltas.
    void folderSurfaces()
    {
        QFETCH(QString, folder);
        const FolderLoadResult f = loadFolder(folder);
        QVERIFY(!f.ranks.empty());
        JobOptions jo;
        jo.analysis = mfuOptions();
        const JobResult job = analyzeJob(f.ranks, jo);
        QJsonObject dir, compared;
        QString why;
        QVERIFY2(runJson(QStringList{QStringLiteral("analyze"), folder, QStringLiteral("--json")} + mfuArgs(), &dir, &why), qPrintable(why));
        const QJsonArray ranks = dir.value(QStringLiteral("ranks")).toArray();
        QCOMPARE(std::size_t(ranks.size()), job.ranks.size());
        for (std::size_t i = 0; i < job.ranks.size(); ++i) {
            const QJsonObject r = ranks.at(int(i)).toObject();
            QCOMPARE(r.value(QStringLiteral("rank")).toInt(), job.ranks[i].rank);
            for (const Figure *fig : figuresOn(InRanks)) {
                const std::optional<double> want = rankFigure(job.ranks[i], fig->key);
                QCOMPARE(rankFigure(job.ranks[i], fig->rankKey()), want);
                if (!want)
                    continue; // unknown: the JSON keeps its own spelling of that (0 %, -1 bytes, null)
                // A rank's object carries a figure under its key, or in its own object as `analyze` does.
                std::optional<double> got = number(r.value(QLatin1String(fig->key)));
                if (!r.contains(QLatin1String(fig->key)) && fig->analyzePath)
                    got = number(at(r, fig->analyzePath));
                QVERIFY2(got == want, qPrintable(QStringLiteral("rank %1 %2: analyze DIR %3, job %4").arg(i).arg(QLatin1String(fig->key), show(got), show(want))));
                if (fig->alias)
                    QCOMPARE(number(r.value(QLatin1String(fig->alias))), want);
            }
            QStringList listed, flagged;
            for (const QJsonValue &o : r.value(QStringLiteral("outliers")).toArray())
                listed << o.toString();
            for (const char *k : job.ranks[i].outliers)
                flagged << QString::fromLatin1(k);
            QCOMPARE(listed, flagged);
        }
        // The job's own total, under both spellings.
        const QJsonObject jobJson = dir.value(QStringLiteral("job")).toObject();
        const Figure *gaps = findFigure("gaps_total_us");
        QVERIFY(gaps && gaps->alias);
        QCOMPARE(number(jobJson.value(QLatin1String(gaps->key))), std::optional<double>(gaps->jsonValue(double(job.job.gapTotalNs))));
        QCOMPARE(number(jobJson.value(QLatin1String(gaps->alias))), number(jobJson.value(QLatin1String(gaps->key))));

        // A folder in a comparison: the job's figures are deltas rows; the run's "job" object says the same.
        QVERIFY2(runJson(QStringList{QStringLiteral("compare"), folder, folder, QStringLiteral("--json")} + mfuArgs(), &compared, &why),
                 qPrintable(why));
        const QJsonObject deltas = compared.value(QStringLiteral("deltas")).toArray().at(0).toObject();
        const QJsonObject runJob = compared.value(QStringLiteral("runs")).toArray().at(1).toObject().value(QStringLiteral("job")).toObject();
        QVERIFY(!runJob.isEmpty());
        const std::pair<const char *, const char *> same[] = {{"job_step_time_us", "step_time_us"},
                                                              {"job_gap_total_us", "gap_total_us"},
                                                              {"straggler_wait_us_per_step", "straggler_wait_us_per_step"}};
        for (const auto &[key, inJob] : same) {
            const Figure *fig = findFigure(key);
            QVERIFY2(fig && fig->isJobFigure(), key);
            QCOMPARE(number(deltas.value(QLatin1String(key)).toObject().value(QStringLiteral("value"))), number(runJob.value(QLatin1String(inJob))));
        }
        // The job's step and its gaps are the folder's, as `analyze DIR` measured them.
        QCOMPARE(number(runJob.value(QStringLiteral("step_time_us"))), number(jobJson.value(QStringLiteral("step_time_us"))));
        QCOMPARE(number(runJob.value(QStringLiteral("gap_total_us"))), number(jobJson.value(QStringLiteral("gap_total_us"))));
    }
};

QTEST_GUILESS_MAIN(TestFigureCatalogue)
#include "tst_figurecatalogue.moc"
