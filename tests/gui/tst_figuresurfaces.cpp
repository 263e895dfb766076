// SPDX-License-Identifier: GPL-3.0-or-later
// The figure catalogue's figures (core/analysis/run/FigureCatalogue.h) on the window's tables: for every
// figure of the Metrics table, on every real trace in the shared traces folder and the synthetic demo
// trio (`lanescope-cli synth`), the row under the figure's key holds the value `compare --json` gives
// under that key (the trace compared with itself), with the catalogue's label; a row is missing only
// where the figure is unknown. For a folder of ranks (`synth --ranks 4`, and the shared folders of
// ranks), every figure column of the Ranks dock's table holds `analyze DIR --json`'s value and
// outliers. tests/analysis/tst_figurecatalogue.cpp checks the JSON against the analysis itself.
#include "widgets/compare/MetricsTableModel.h"
#include "widgets/ranks/RankTableModel.h"

#include "core/analysis/compare/CompareTraces.h"
#include "core/analysis/run/FigureCatalogue.h"
#include "core/analysis/job/Ranks.h"
#include "core/io/FolderLoad.h"
#include "core/parse/TraceLoader.h"

#include "tests/CliRun.h"
#include "tests/FigureInputs.h"
#include "tests/TestTraces.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>
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

std::optional<double> number(const QVariant &v) { return v.isValid() ? std::optional<double>(v.toDouble()) : std::nullopt; }

} // namespace

class TestFigureSurfaces : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    const QStringList m_scenarios = test::demoScenarios();

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const QString failed = test::synthTrio(m_dir);
        QVERIFY2(failed.isEmpty(), qPrintable(failed));
    }

    void metricsTable_data()
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
    void metricsTable()
    {
        QFETCH(QString, path);
        const LoadResult loaded = loadTrace(path);
        if (!loaded.trace)
            QSKIP(qPrintable(QStringLiteral("not a loadable trace: %1").arg(loaded.error)));
        // The comparison the dock makes (CompareTraces.h: the CLI's too), of the trace with itself.
        const std::vector<TraceRun> runs = {{QStringLiteral("a"), path, loaded.trace.get()}, {QStringLiteral("b"), path, loaded.trace.get()}};
        const TracesComparison tc = compareTraces(runs, mfuOptions(), {});
        QVERIFY2(tc.error.isEmpty(), qPrintable(tc.error));
        MetricsTableModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setComparison(&tc.result);

        QJsonObject compared;
        QString why;
        QVERIFY2(runJson(QStringList{QStringLiteral("compare"), path, path, QStringLiteral("--json")} + mfuArgs(), &compared, &why), qPrintable(why));
        const QJsonObject deltas = compared.value(QStringLiteral("deltas")).toArray().at(0).toObject();
        QJsonObject byCause;
        for (const QJsonValue &g : compared.value(QStringLiteral("gaps")).toArray())
            byCause.insert(g.toObject().value(QStringLiteral("cause")).toString(), g);

        int rows = 0;
        for (const Figure *f : figuresOn(InMetricsTable)) {
            const QString key = QString::fromLatin1(f->key);
            const int row = m.rowOf(key);
            std::optional<double> want; // `compare --json`'s, in the key's unit
            if (f->gapCause >= 0) {
                // The listed gaps of one cause: the JSON's "gaps" rows (a cause without gaps has none).
                const QJsonObject g = byCause.value(QLatin1String(gapCauseName(GapCause(f->gapCause)))).toObject();
                if (!g.isEmpty())
                    want = number(g.value(QStringLiteral("total_us")).toArray().at(1));
            } else if (f->isJobFigure()) {
                QVERIFY2(!deltas.contains(key), f->key); // no folder among the runs: no job figure
            } else {
                QVERIFY2(deltas.value(key).isObject(), f->key);
                want = number(deltas.value(key).toObject().value(QStringLiteral("value")));
            }
            // A row for each figure known in some run (both runs are the one trace).
            QVERIFY2((row >= 0) == want.has_value(), qPrintable(QStringLiteral("%1: row %2, compare %3").arg(key).arg(row).arg(show(want))));
            if (row < 0)
                continue;
            ++rows;
            QCOMPARE(m.index(row, 0).data(MetricsTableModel::KeyRole).toString(), key);
            if (f->gapCause < 0)
                QCOMPARE(m.index(row, 0).data(Qt::DisplayRole).toString(), f->label(tc.result.runs.front().scope));
            for (int run = 0; run < 2; ++run) {
                const std::optional<double> base = number(m.index(row, m.valueColumn(run)).data(MetricsTableModel::ValueRole));
                const std::optional<double> got = f->jsonValue(base);
                QVERIFY2(got == want, qPrintable(QStringLiteral("%1 run %2: table %3, compare %4").arg(key).arg(run).arg(show(got), show(want))));
            }
        }
        QCOMPARE(rows, m.rowCount()); // every row is a figure of the catalogue
    }

    void ranksTable_data()
    {
        QTest::addColumn<QString>("folder");
        for (const QString &s : m_scenarios)
            QTest::newRow(qPrintable(s + QStringLiteral(" x4"))) << m_dir.filePath(s + QStringLiteral("-ranks"));
        const QDir dir(test::tracesDir());
        for (const QString &sub : dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name))
            if (sub.contains(QLatin1String("rank")))
                QTest::newRow(qPrintable(sub)) << dir.filePath(sub);
    }
    void ranksTable()
    {
        QFETCH(QString, folder);
        const FolderLoadResult f = loadFolder(folder);
        QVERIFY(!f.ranks.empty());
        JobOptions jo;
        jo.analysis = mfuOptions();
        auto job = std::make_shared<const JobResult>(analyzeJob(f.ranks, jo));
        RankTableModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        std::vector<RankTableModel::RankRow> rows;
        for (const RankFile &r : f.ranks)
            rows.push_back({r.rank, r.rankGuessed, r.path});
        m.setRanks(std::move(rows));
        m.setFigures(job);

        QJsonObject dir;
        QString why;
        QVERIFY2(runJson(QStringList{QStringLiteral("analyze"), folder, QStringLiteral("--json")} + mfuArgs(), &dir, &why), qPrintable(why));
        const QJsonArray ranks = dir.value(QStringLiteral("ranks")).toArray();
        QCOMPARE(ranks.size(), m.rowCount());
        int columns = 0, known = 0;
        for (int c = 0; c < m.columnCount(); ++c) {
            const char *key = RankTableModel::outlierKey(c);
            if (!key)
                continue;
            const Figure *fig = findFigure(key);
            QVERIFY2(fig && fig->on(InRanks), key);
            ++columns;
            for (int i = 0; i < m.rowCount(); ++i) {
                const QJsonObject r = ranks.at(i).toObject();
                const std::optional<double> got = number(m.index(i, c).data(RankTableModel::ValueRole));
                // A rank's object carries the figure under its key (and alias), or where `analyze` has it.
                std::optional<double> inJson = number(r.value(QLatin1String(fig->key)));
                if (!r.contains(QLatin1String(fig->key)) && fig->analyzePath)
                    inJson = number(at(r, fig->analyzePath));
                if (got) {
                    ++known;
                    QVERIFY2(got == inJson, qPrintable(QStringLiteral("rank %1 %2: dock %3, analyze DIR %4").arg(i).arg(QLatin1String(key), show(got), show(inJson))));
                    if (fig->alias)
                        QCOMPARE(number(r.value(QLatin1String(fig->alias))), got);
                }
                const bool listed = r.value(QStringLiteral("outliers")).toArray().contains(QLatin1String(key));
                QCOMPARE(m.index(i, c).data(RankTableModel::OutlierRole).toBool(), listed);
            }
        }
        QCOMPARE(std::size_t(columns), figuresOn(InRanks).size()); // a column per rank figure of the catalogue
        QVERIFY(known > 0);
    }
};

QTEST_MAIN(TestFigureSurfaces)
#include "tst_figuresurfaces.moc"
