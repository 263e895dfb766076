// SPDX-License-Identifier: GPL-3.0-or-later
// Names that can be told apart in a narrow column: different kernels never show the same text in
// Time spent (the Analysis dock, KernelNameDelegate) nor in Differences (the Comparison dock,
// DiffNameDelegate), at the window's default size on real traces, where PyTorch's elementwise
// kernels differ only inside their template arguments ("vectorized_elementwise_kernel<4,
// AUnaryFunctor<…MulFunctor<float> >…>" against BUnaryFunctor) and FBGEMM's in the middle of their
// name ("split_embedding_backward_codegen_…_kernel_cta_per_row_1<…, 5ul>" against warp_per_row).
// Each shown text fits its cell; the tooltip keeps the whole name.
#include "app/gui/MainWindow.h"
#include "tests/gui/OpenAndAnalyse.h"
#include "widgets/analysis/AnalysisDock.h"
#include "widgets/analysis/KernelNameDelegate.h"
#include "widgets/analysis/TimeSummaryModels.h"
#include "widgets/analysis/TimeSummaryPanel.h"
#include "widgets/compare/ComparisonDock.h"
#include "widgets/compare/DiffNameDelegate.h"
#include "widgets/compare/DistinctNames.h"
#include "widgets/compare/NameDiffModel.h"
#include "widgets/view/Session.h"

#include "tests/TestTraces.h"

#include <QHash>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QtTest>

using namespace lanescope;

namespace {

constexpr int kTimeoutMs = 180000;

bool open(MainWindow &w, const QStringList &paths) { return test::openAndAnalyse(w, paths, kTimeoutMs); }

// FBGEMM's backward kernels as CUDA reports them: one family, told apart in the middle of the name.
QStringList fbgemmNames()
{
    QStringList n;
    for (const char *how : {"cta_per_row", "warp_per_row"})
        for (const char *opt : {"rowwise_adagrad", "sgd"})
            n << QStringLiteral("void fbgemm_gpu::split_embedding_backward_codegen_%1_unweighted_kernel_%2_1<float, float, float, long, "
                                "at::RestrictPtrTraits, 4ul, 5ul>(at::GenericPackedTensorAccessor<float, 1ul, at::RestrictPtrTraits, long>)")
                     .arg(QLatin1String(opt), QLatin1String(how));
    return n;
}

// Different texts for different names, equal for equal ones, each within `width`.
void verifyApart(const QStringList &full, const QStringList &shown, const QFontMetrics &fm, int width)
{
    QCOMPARE(shown.size(), full.size());
    QHash<QString, QString> nameOf; // shown -> full
    for (qsizetype i = 0; i < full.size(); ++i) {
        QVERIFY2(fm.horizontalAdvance(shown[i]) <= width,
                 qPrintable(QStringLiteral("'%1' is %2 px in a %3 px cell").arg(shown[i]).arg(fm.horizontalAdvance(shown[i])).arg(width)));
        QVERIFY2(!nameOf.contains(shown[i]) || nameOf.value(shown[i]) == full[i],
                 qPrintable(QStringLiteral("'%1' (%2 px) stands for\n%3\nand\n%4").arg(shown[i]).arg(width).arg(nameOf.value(shown[i]), full[i])));
        nameOf.insert(shown[i], full[i]);
    }
}

} // namespace

class TestElidedNames : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("LanescopeTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_elidednames"));
        QSettings().clear();
    }
    void cleanupTestCase() { QSettings().clear(); }

    // fitColumn alone: the FBGEMM family, as Differences shows it (distinguishingNames, compactNames)
    // and as whole names, from a wide cell down to a narrow one.
    void fitColumnKeepsNamesApart_data()
    {
        QTest::addColumn<int>("width");
        // Below ~180 px the two places FBGEMM's names differ in ("sgd" and "cta") no longer fit
        // one window with the family's first word.
        for (const int w : {420, 300, 240, 180})
            QTest::addRow("%d px", w) << w;
    }
    void fitColumnKeepsNamesApart()
    {
        QFETCH(int, width);
        const QFontMetrics fm(QApplication::font());
        const QStringList full = fbgemmNames();
        const QStringList display = distinguishingNames(full);
        verifyApart(full, fitColumn(display, compactNames(display), fm, width), fm, width);
        if (QTest::currentTestFailed())
            return;
        verifyApart(full, fitColumn(full, {}, fm, width), fm, width);
        // What differs is kept: the cut of the family's name comes before it, not after (where the
        // cell holds both places the names differ in).
        const QStringList shown = fitColumn(display, compactNames(display), fm, width);
        if (width >= 300)
            for (qsizetype i = 0; i < full.size(); ++i)
                QVERIFY2(shown[i].contains(full[i].contains(QLatin1String("cta_")) ? QLatin1String("cta") : QLatin1String("warp")),
                         qPrintable(shown[i]));
    }

    // Time spent's kernels at the window's default size, the dock as it opens.
    void timeSpentRowsReadApart_data()
    {
        QTest::addColumn<QString>("trace");
        for (const char *t : {"v100-resnet-ns.pt.trace.json.gz", "resnet50-dataloader-baseline.pt.trace.json.gz", "a100-2rank-nccl.json.gz"})
            QTest::newRow(t) << QString::fromLatin1(t);
    }
    void timeSpentRowsReadApart()
    {
        QFETCH(QString, trace);
        const QString path = test::tracePath(trace);
        if (!QFileInfo::exists(path))
            QSKIP(qPrintable(QStringLiteral("real trace %1 not found (set LANESCOPE_TRACES_DIR): skipped").arg(path)));
        MainWindow w; // its own default size
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(open(w, {path}));
        AnalysisDock *dock = w.analysisDock();
        TimeSummaryPanel *panel = dock->timeSummary();
        dock->tabs()->setCurrentWidget(panel);
        panel->setView(TimeSummaryPanel::View::Kernels);
        QCoreApplication::processEvents();
        QTableView *v = panel->kernelTable();
        QVERIFY(v->isVisible());
        const int width = v->columnWidth(KernelSummaryModel::NameColumn) - KernelNameDelegate::textMargins(v);
        QVERIFY(width > 50);
        QStringList full, shown;
        int templated = 0;
        for (int r = 0; r < v->model()->rowCount(); ++r) {
            const QModelIndex i = v->model()->index(r, KernelSummaryModel::NameColumn);
            full << i.data(KernelSummaryModel::NameRole).toString();
            shown << KernelNameDelegate::distinctText(i, v->fontMetrics(), width);
            QCOMPARE(i.data(Qt::ToolTipRole).toString(), full.back());
            templated += full.back().contains(QLatin1Char('<')) && v->fontMetrics().horizontalAdvance(full.back()) > width;
        }
        if (!qEnvironmentVariableIsEmpty("LANESCOPE_TEST_PICTURES")) // to look at them
            v->grab().save(QStringLiteral("%1/elidednames-%2.png").arg(qEnvironmentVariable("LANESCOPE_TEST_PICTURES"), trace));
        QVERIFY2(templated >= 5, qPrintable(QStringLiteral("%1 long templated names of %2").arg(templated).arg(full.size())));
        verifyApart(full, shown, v->fontMetrics(), width);
    }

    // Differences' kernels of a comparison at the window's default size.
    void differencesRowsReadApart()
    {
        LANESCOPE_REQUIRE_TRACE(base, "resnet50-dataloader-baseline.pt.trace.json.gz");
        LANESCOPE_REQUIRE_TRACE(other, "v100-resnet-ns.pt.trace.json.gz");
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(open(w, {base, other}));
        ComparisonDock *dock = w.comparisonDock();
        QVERIFY(QTest::qWaitFor([&] { return !dock->isBusy() && dock->comparison(); }, kTimeoutMs));
        QTabWidget *tabs = dock->tabs();
        tabs->setCurrentIndex(tabs->count() - 1);
        auto *inner = tabs->currentWidget()->findChild<QTabWidget *>();
        QVERIFY(inner);
        QTableView *view = dock->kernelView();
        inner->setCurrentWidget(view);
        QCoreApplication::processEvents();
        const int width = view->columnWidth(0) - DiffNameDelegate::textMargins(view);
        QStringList full, shown;
        for (int r = 0; r < view->model()->rowCount(); ++r) {
            const QModelIndex i = view->model()->index(r, 0);
            full << i.data(NameDiffModel::NameRole).toString();
            shown << DiffNameDelegate::shownText(i, view->fontMetrics(), width);
        }
        QVERIFY(full.size() >= 20);
        if (!qEnvironmentVariableIsEmpty("LANESCOPE_TEST_PICTURES"))
            view->grab().save(QStringLiteral("%1/elidednames-differences.png").arg(qEnvironmentVariable("LANESCOPE_TEST_PICTURES")));
        verifyApart(full, shown, view->fontMetrics(), width);
    }
};

QTEST_MAIN(TestElidedNames)
#include "tst_elidednames.moc"
