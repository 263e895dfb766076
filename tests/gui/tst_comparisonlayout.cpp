// SPDX-License-Identifier: GPL-3.0-or-later
// The Comparison dock read at the window's default size (1400x900) with three runs whose labels are
// long file names: the Differences tables' headers are never elided and need no sideways scroll
// (long labels head the columns as letters, a line names them, the tooltip has the full label);
// kernels that differ only inside their template arguments read apart in the name column; the
// waterfall's part labels are drawn whole; the Metrics table fits the dock's width. On the
// synthetic FSDP trio and, when ../shared/traces has them, three real ResNet-50 traces.
#include "app/gui/MainWindow.h"

#include "widgets/compare/CompareCharts.h"
#include "widgets/compare/ComparisonDock.h"
#include "widgets/compare/DiffNameDelegate.h"
#include "widgets/compare/DistinctNames.h"
#include "widgets/compare/NameDiffModel.h"
#include "widgets/view/Session.h"

#include "core/synth/TraceSynth.h"
#include "tests/TestTraces.h"

#include <QBarCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QScrollBar>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using namespace lanescope;

namespace {

constexpr int kTimeoutMs = 180000;

bool writeSynth(const QString &path, synth::Scenario s)
{
    synth::SynthConfig c;
    c.scenario = s;
    c.layers = 8;
    const synth::SynthOutput out = synth::synthesize(c);
    QFile f(path);
    return f.open(QIODevice::WriteOnly)
        && f.write(out.traces.at(0).data(), qint64(out.traces.at(0).size())) == qint64(out.traces.at(0).size());
}

// The text a name cell of `view` shows: as its delegate fits it.
QString shownText(const QTableView *view, const QModelIndex &index)
{
    return DiffNameDelegate::shownText(index, view->fontMetrics(), view->columnWidth(0) - DiffNameDelegate::textMargins(view));
}

} // namespace

class TestComparisonLayout : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("LanescopeTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_comparisonlayout"));
        QSettings().clear();
        QVERIFY(m_dir.isValid());
    }

    void distinguishingNames_data()
    {
        QTest::addColumn<QStringList>("full");
        QTest::addColumn<QStringList>("shown");
        const QString conv = QStringLiteral("void implicit_convolve_sgemm<float, float, %1, 5, 5, 3, 3, 3, 1, false, false, true>"
                                            "(int, int, int, float const*, int, float*, float const*, kernel_conv_params, "
                                            "unsigned long long, int, float, float, int, float const*, float const*, bool, int, int)");
        QTest::newRow("template argument differs")
            << QStringList{conv.arg(128), conv.arg(1024), conv.arg(512)}
            << QStringList{QStringLiteral("implicit_convolve_sgemm<…, 128, …>"), QStringLiteral("implicit_convolve_sgemm<…, 1024, …>"),
                           QStringLiteral("implicit_convolve_sgemm<…, 512, …>")};
        const QString fill = QStringLiteral("void at::native::vectorized_elementwise_kernel<4, at::native::%1>(int, float*)");
        QTest::newRow("namespaced functors")
            << QStringList{fill.arg(QStringLiteral("FillFunctor<float>")), fill.arg(QStringLiteral("AbsFunctor<float>")),
                           fill.arg(QStringLiteral("FillFunctor<c10::Half>"))}
            << QStringList{QStringLiteral("vectorized_elementwise_kernel<…float>>"), QStringLiteral("vectorized_elementwise_kernel<…AbsFunctor…>"),
                           QStringLiteral("vectorized_elementwise_kernel<…c10::Half>>")};
        QTest::newRow("alone: the name without void and parameters")
            << QStringList{QStringLiteral("void at::native::vectorized_elementwise_kernel<4, at::native::FillFunctor<float>>(int, float*)"),
                           QStringLiteral("ampere_sgemm_128x64_nn")}
            << QStringList{QStringLiteral("at::native::vectorized_elementwise_kernel<4, at::native::FillFunctor<float>>"),
                           QStringLiteral("ampere_sgemm_128x64_nn")};
        const QString lambda = QStringLiteral("void at::native::vectorized_elementwise_kernel<4, at::native::(anonymous namespace)::%1(at::TensorIteratorBase&)::{lambda()#1}::operator()() const::{lambda()#5}::operator()() const::{lambda(c10::BFloat16)#1}, at::detail::Array<char*, 2> >(int, at::detail::Array<char*, 2>)");
        QTest::newRow("lambdas: the function they were written in")
            << QStringList{lambda.arg(QStringLiteral("silu_kernel")), lambda.arg(QStringLiteral("silu_backward_kernel")),
                           lambda.arg(QStringLiteral("gelu_kernel"))}
            << QStringList{QStringLiteral("vectorized_elementwise_kernel<…silu_kernel…>"), QStringLiteral("vectorized_elementwise_kernel<…silu_backward_kernel…>"),
                           QStringLiteral("vectorized_elementwise_kernel<…gelu_kernel…>")};
        QTest::newRow("parameters differ: kept")
            << QStringList{QStringLiteral("void k<int>(float*)"), QStringLiteral("void k<int>(double*)")}
            << QStringList{QStringLiteral("k<int>(float*)"), QStringLiteral("k<int>(double*)")};
    }
    void distinguishingNames()
    {
        QFETCH(QStringList, full);
        QFETCH(QStringList, shown);
        QCOMPARE(lanescope::distinguishingNames(full), shown);
    }

    void compactNames_data()
    {
        QTest::addColumn<QStringList>("names");
        QTest::addColumn<QStringList>("compact");
        QTest::newRow("a family's shared words left out")
            << QStringList{QStringLiteral("volta_scudnn_128x64_relu_interior_nn_v1"), QStringLiteral("volta_scudnn_128x128_relu_interior_nn_v1"),
                           QStringLiteral("volta_scudnn_128x64_stridedB_small_nn_v1")}
            << QStringList{QStringLiteral("volta_scudnn_128x64_relu_interior…"), QStringLiteral("volta_scudnn_128x128_relu_interior…"),
                           QStringLiteral("volta_scudnn_128x64_stridedB_small…")};
        QTest::newRow("the closer family of two words")
            << QStringList{QStringLiteral("cudnn_infer_volta_128x64_nn"), QStringLiteral("cudnn_infer_volta_128x128_nn"),
                           QStringLiteral("cudnn_train_volta_128x64_nn")}
            << QStringList{QStringLiteral("cudnn_infer…128x64…"), QStringLiteral("cudnn_infer…128x128…"), QStringLiteral("cudnn_train…128x64…")};
        QTest::newRow("alone: as it is") << QStringList{QStringLiteral("ampere_sgemm_128x64_nn"), QStringLiteral("elementwise_kernel<4>")}
                                         << QStringList{QStringLiteral("ampere_sgemm_128x64_nn"), QStringLiteral("elementwise_kernel<4>")};
    }
    void compactNames()
    {
        QFETCH(QStringList, names);
        QFETCH(QStringList, compact);
        QCOMPARE(lanescope::compactNames(names), compact);
    }

    void readableAtDefaultSize_data()
    {
        QTest::addColumn<QStringList>("paths");
        QStringList synth;
        const std::pair<const char *, synth::Scenario> trio[] = {
            {"llama7b-fsdp-baseline-8layers.json", synth::Scenario::Baseline},
            {"llama7b-fsdp-prefetch-8layers.json", synth::Scenario::Prefetch},
            {"llama7b-fsdp-tuned-8layers.json", synth::Scenario::Tuned}};
        for (const auto &[name, scenario] : trio) {
            synth << m_dir.filePath(QString::fromLatin1(name));
            QVERIFY(writeSynth(synth.back(), scenario));
        }
        QTest::newRow("synthetic trio") << synth;
        const QStringList resnet{test::tracePath(QStringLiteral("resnet50-dataloader-baseline.pt.trace.json.gz")),
                                 test::tracePath(QStringLiteral("resnet50-dataloader-optimized.pt.trace.json.gz")),
                                 test::tracePath(QStringLiteral("v100-resnet-ns.pt.trace.json.gz"))};
        if (std::all_of(resnet.begin(), resnet.end(), [](const QString &p) { return QFileInfo::exists(p); }))
            QTest::newRow("three ResNet-50 traces") << resnet;
        else
            qWarning("ResNet-50 traces absent from %s: that row is skipped", qPrintable(test::tracesDir()));
    }
    void readableAtDefaultSize()
    {
        QFETCH(QStringList, paths);
        MainWindow w; // its own default size
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QCOMPARE(w.size(), QSize(1400, 900));
        QSignalSpy loaded(&w, &MainWindow::loadFinished);
        w.openFiles(paths);
        QVERIFY(loaded.wait(kTimeoutMs));
        QVERIFY(loaded.takeFirst().at(0).toBool());
        ComparisonDock *dock = w.comparisonDock();
        QVERIFY(QTest::qWaitFor([&] { return !dock->isBusy() && dock->comparison(); }, kTimeoutMs));
        QCOMPARE(w.session()->runCount(), 3);
        QTabWidget *tabs = dock->tabs();

        // Differences: every header whole, no sideways scroll, the name column wide enough to read.
        tabs->setCurrentIndex(tabs->count() - 1);
        auto *inner = tabs->currentWidget()->findChild<QTabWidget *>();
        QVERIFY(inner);
        for (QTableView *view : {dock->kernelView(), dock->operatorView(), dock->gapView()}) {
            inner->setCurrentWidget(view);
            QCoreApplication::processEvents();
            QHeaderView *h = view->horizontalHeader();
            QVERIFY(h->count() >= 1 + 3 + 2);
            for (int c = 1; c < h->count(); ++c) {
                if (h->isSectionHidden(c))
                    continue;
                const QString text = view->model()->headerData(c, Qt::Horizontal).toString();
                const int need = h->fontMetrics().horizontalAdvance(text) + 2 * h->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, h);
                QVERIFY2(need <= h->sectionSize(c), qPrintable(QStringLiteral("header '%1' elided: %2 > %3 px").arg(text).arg(need).arg(h->sectionSize(c))));
                QVERIFY2(!view->model()->headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString().isEmpty(), qPrintable(text));
            }
            QVERIFY2(h->length() <= view->viewport()->width(),
                     qPrintable(QStringLiteral("%1 px of columns in a %2 px view").arg(h->length()).arg(view->viewport()->width())));
            QVERIFY2(view->columnWidth(0) >= 150, qPrintable(QString::number(view->columnWidth(0))));
        }
        // The long labels are keyed; the line above the tables names every run.
        auto *legend = dock->findChild<QLabel *>(QStringLiteral("diffKeyLegend"));
        QVERIFY(legend && legend->isVisible());
        for (int r = 0; r < 3; ++r)
            QVERIFY2(legend->text().contains(w.session()->run(r).label), qPrintable(legend->text()));
        // The counts come back on request, and still fit.
        dock->countsBox()->setChecked(true);
        QVERIFY(!dock->kernelView()->isColumnHidden(dock->kernelModel()->countColumn(0)));
        dock->countsBox()->setChecked(false);

        // Kernel rows read apart: two rows with different names never show the same text where
        // the name, or the name without its family's shared words, fits the column; and the
        // convolutions the issue names ("implicit_convolve_sgemm<float…", three rows alike) never.
        {
            QTableView *view = dock->kernelView();
            inner->setCurrentWidget(view);
            QCoreApplication::processEvents();
            const int width = view->columnWidth(0) - DiffNameDelegate::textMargins(view);
            QHash<QString, QString> seen; // shown text -> full name
            int checked = 0;
            const int rows = std::min(view->model()->rowCount(), 200);
            for (int r = 0; r < rows; ++r) {
                const QModelIndex i = view->model()->index(r, 0);
                const QString full = i.data(NameDiffModel::NameRole).toString();
                const QString shown = shownText(view, i);
                const bool fits = view->fontMetrics().horizontalAdvance(i.data(NameDiffModel::CompactRole).toString()) <= width
                    || view->fontMetrics().horizontalAdvance(i.data().toString()) <= width;
                if (!fits && !full.contains(QLatin1String("implicit_convolve_sgemm")))
                    continue;
                ++checked;
                QVERIFY2(!seen.contains(shown) || seen.value(shown) == full,
                         qPrintable(QStringLiteral("'%1' stands for\n%2\nand\n%3").arg(shown, seen.value(shown), full)));
                seen.insert(shown, full);
            }
            QVERIFY2(checked >= std::min(rows, 10), qPrintable(QStringLiteral("%1 of %2 rows checked").arg(checked).arg(rows)));
        }

        // The waterfall's part labels whole: the category axis runs down the left, and the plot
        // leaves its widest label room.
        tabs->setCurrentIndex(1);
        QCoreApplication::processEvents();
        QChart *chart = dock->waterfall()->chartView()->chart();
        const auto axes = chart->axes(Qt::Vertical);
        QBarCategoryAxis *parts = nullptr;
        for (QAbstractAxis *a : axes)
            if (auto *c = qobject_cast<QBarCategoryAxis *>(a))
                parts = c;
        QVERIFY2(parts, "the parts are not on the vertical axis");
        const QFontMetrics fm(parts->labelsFont());
        int widest = 0;
        for (const QString &c : parts->categories())
            widest = std::max(widest, fm.horizontalAdvance(c));
        QVERIFY2(chart->plotArea().left() >= widest, qPrintable(QStringLiteral("%1 px labels left of a plot at %2").arg(widest).arg(chart->plotArea().left())));

        // Metrics: the three runs and their deltas without a sideways scroll.
        tabs->setCurrentIndex(0);
        QCoreApplication::processEvents();
        auto *metrics = tabs->currentWidget()->findChild<QTableView *>();
        QVERIFY(metrics);
        for (int c = 0; c < metrics->model()->columnCount(); ++c)
        QVERIFY2(metrics->horizontalHeader()->length() <= metrics->viewport()->width(),
                 qPrintable(QStringLiteral("%1 px of metrics in %2 px").arg(metrics->horizontalHeader()->length()).arg(metrics->viewport()->width())));
    }
};

QTEST_MAIN(TestComparisonLayout)
#include "tst_comparisonlayout.moc"
