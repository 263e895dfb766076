// SPDX-License-Identifier: GPL-3.0-or-later
// Who declares the figures (core/analysis/run/FigureCatalogue.h, Measure.h): each figure of a run
// is declared by the one measure that produces it, the step time (a figure of the run itself) and
// the job figures of a folder by none; figureCatalogue() puts them in their declared places, so
// that the catalogue's order (the comparison's) does not depend on which file declares a figure.
#include "core/analysis/run/FigureCatalogue.h"
#include "core/analysis/run/Measure.h"

#include <QtTest>

#include <climits>
#include <string>

using namespace lanescope::analysis;

namespace {

// The measures whose figures carry the key: catalogueFigures declared whole, or a MeasureFigure.
QStringList declarers(const char *key)
{
    QStringList out;
    for (const Measure *m : measureCatalogue().measures()) {
        for (const Figure &f : m->catalogueFigures)
            if (std::string(f.key) == key)
                out << QString::fromStdString(m->key);
        for (const MeasureFigure &f : m->figures)
            if (f.key == key)
                out << QString::fromStdString(m->key);
    }
    return out;
}

} // namespace

class TestFigureDeclarations : public QObject
{
    Q_OBJECT

private slots:
    // The catalogue is in its figures' places: those with one first, each place once, ascending;
    // every figure a measure declares whole has one, as do the job figures.
    void places()
    {
        int last = -1;
        bool placeless = false;
        for (const Figure &f : figureCatalogue()) {
            if (f.isJobFigure())
                QVERIFY2(f.order >= 0, f.key);
            if (f.order < 0) {
                placeless = true;
                continue;
            }
            QVERIFY2(!placeless, f.key); // a placed figure after one without a place
            QVERIFY2(f.order > last, f.key);
            last = f.order;
        }
        for (const Measure *m : measureCatalogue().measures())
            for (const Figure &f : m->catalogueFigures) {
                QVERIFY2(f.order >= 0, f.key);
                const Figure *inCatalogue = findFigure(f.key);
                QVERIFY2(inCatalogue, f.key);
                QCOMPARE(inCatalogue->order, f.order);
                QCOMPARE(inCatalogue->tableOrder, f.tableOrder);
                QCOMPARE(inCatalogue->rankOrder, f.rankOrder);
                QCOMPARE(inCatalogue->surfaces, f.surfaces);
            }
    }

    // Every figure of a run has one declarer, its measure; the step time and the job figures none.
    void oneDeclarer()
    {
        for (const Figure &f : figureCatalogue()) {
            const QStringList by = declarers(f.key);
            if (f.isJobFigure() || std::string(f.key) == "step_time_us")
                QVERIFY2(by.isEmpty(), qPrintable(QStringLiteral("%1: %2").arg(QLatin1String(f.key), by.join(u','))));
            else
                QVERIFY2(by.size() == 1, qPrintable(QStringLiteral("%1: [%2]").arg(QLatin1String(f.key), by.join(u','))));
        }
    }

    // A figure belongs to the measure that produces its value.
    void declaredBy_data()
    {
        QTest::addColumn<QString>("measure");
        QTest::addColumn<QString>("figure");
        QTest::newRow("idle") << "temporal" << "idle_pct";
        QTest::newRow("overlap") << "temporal" << "comm_comp_overlap_pct";
        QTest::newRow("exposed comm") << "temporal" << "exposed_comm_us";
        QTest::newRow("gap total") << "gaps" << "gap_total_us";
        QTest::newRow("gaps by cause") << "gaps" << "gap_comm_wait_us";
        QTest::newRow("mfu") << "mfu" << "mfu_pct";
        QTest::newRow("tokens/s") << "mfu" << "tokens_per_s_per_gpu";
        QTest::newRow("peak allocated") << "memory" << "peak_allocated_bytes";
        QTest::newRow("host wait") << "launch" << "host_wait_pct";
        QTest::newRow("launch delay") << "launch" << "launch_delay_median_us";
        QTest::newRow("critical path") << "critical_path" << "critical_path_cpu_us";
        QTest::newRow("compute idle") << "advice" << "compute_idle_pct";
    }
    void declaredBy()
    {
        QFETCH(QString, measure);
        QFETCH(QString, figure);
        QVERIFY(findFigure(figure.toStdString()));
        QCOMPARE(declarers(figure.toLatin1().constData()), QStringList{measure});
    }
};

QTEST_GUILESS_MAIN(TestFigureDeclarations)
#include "tst_figuredeclarations.moc"
