// SPDX-License-Identifier: GPL-3.0-or-later
// The gap table's kernel columns: a long C++ kernel name fitted to its cell keeps the
// kernel's own name (template arguments first, then the middle), never "at::native::"; the
// table's columns fitted to its width, never scrolled sideways.
#include "widgets/analysis/GapColumnFit.h"
#include "widgets/analysis/GapTableModel.h"
#include "widgets/analysis/KernelNameDelegate.h"

#include <QApplication>
#include <QFontMetrics>
#include <QHeaderView>
#include <QScrollBar>
#include <QTableView>
#include <QtTest>

using namespace lanescope;

namespace {
const QString kElementwise = QStringLiteral(
    "void at::native::(anonymous namespace)::vectorized_elementwise_kernel<4, at::native::AddFunctor<float>, "
    "std::array<char*, 3ul> >(int, at::native::AddFunctor<float>, std::array<char*, 3ul>)");
const QString kCutlass = QStringLiteral(
    "void cutlass::Kernel<cutlass_80_tensorop_s16816gemm_relu_f16_64x64_32x6_tn_align8>(cutlass_80_tensorop_s16816gemm_relu_f16_64x64_32x6_tn_align8::Params)");
} // namespace

class TestKernelNames : public QObject
{
    Q_OBJECT

private slots:
    void fitsInSteps()
    {
        const QFontMetrics fm(QApplication::font());
        const QString own = GapTableModel::ownKernelName(kElementwise);
        QCOMPARE(own, QStringLiteral("vectorized_elementwise_kernel<4, at::native::AddFunctor<float>, std::array<char*, 3ul> >"));
        // Wide enough for all of it: as it is.
        QCOMPARE(GapTableModel::fitKernelName(own, fm, fm.horizontalAdvance(own)), own);
        // Template arguments go first...
        const QString collapsed = QStringLiteral("vectorized_elementwise_kernel<…>");
        QCOMPARE(GapTableModel::fitKernelName(own, fm, fm.horizontalAdvance(collapsed)), collapsed);
        const QString bare = QStringLiteral("vectorized_elementwise_kernel");
        QCOMPARE(GapTableModel::fitKernelName(own, fm, fm.horizontalAdvance(bare)), bare);
        // ... then the middle: both ends of the kernel's own name stay.
        const int narrow = fm.horizontalAdvance(bare) / 2;
        const QString elided = GapTableModel::fitKernelName(own, fm, narrow);
        QVERIFY2(elided.contains(QChar(0x2026)), qPrintable(elided));
        QVERIFY2(elided.startsWith(QStringLiteral("vec")) && elided.endsWith(QStringLiteral("nel")), qPrintable(elided));
        QVERIFY(fm.horizontalAdvance(elided) <= narrow);
        // The namespaces in front never take a cell's room.
        for (int width : {40, 80, 160, 240, 400})
            QVERIFY2(!GapTableModel::fitKernelName(kElementwise, fm, width).contains(QStringLiteral("at::native::(")),
                     qPrintable(GapTableModel::fitKernelName(kElementwise, fm, width)));
    }

    // A CUTLASS wrapper is named by its template argument, not "Kernel<…>".
    void cutlassWrapperNamedByArgument()
    {
        const QFontMetrics fm(QApplication::font());
        const QString own = GapTableModel::ownKernelName(kCutlass);
        QCOMPARE(own, QStringLiteral("Kernel<cutlass_80_tensorop_s16816gemm_relu_f16_64x64_32x6_tn_align8>"));
        const QString arg = QStringLiteral("cutlass_80_tensorop_s16816gemm_relu_f16_64x64_32x6_tn_align8");
        QCOMPARE(GapTableModel::fitKernelName(own, fm, fm.horizontalAdvance(arg)), arg);
        const QString elided = GapTableModel::fitKernelName(own, fm, fm.horizontalAdvance(arg) / 2);
        QVERIFY2(elided.startsWith(QStringLiteral("cutlass_80")) && elided.endsWith(QStringLiteral("align8")), qPrintable(elided));
        // A short name is left alone.
        QCOMPARE(GapTableModel::fitKernelName(QStringLiteral("ampere_sgemm_128x64_nn"), fm, 1000), QStringLiteral("ampere_sgemm_128x64_nn"));
    }

    // At any width the visible columns fit (no horizontal scroll bar); the narrower the table,
    // the more of the GEMM and evidence columns give way, and a wide one shows them all.
    void columnsFitTheWidth()
    {
        auto result = std::make_shared<analysis::AnalysisResult>();
        for (int i = 0; i < 40; ++i) {
            analysis::Gap g;
            g.device = 0;
            g.stream = 7;
            g.start = 1'000'000'000 + i * 20'000'000LL;
            g.dur = 16'500'000;
            g.before = kElementwise;
            g.after = kCutlass;
            g.gemmBefore = kCutlass;
            g.gemmAfter = kCutlass;
            g.cause = analysis::GapCause::CommWait;
            g.evidence = QStringLiteral("waiting for AllGather on stream 20");
            result->gaps.push_back(g);
        }
        GapTableModel model;
        model.setResult(result, 0);
        QTableView view;
        view.setModel(&model);
        for (int c : {GapTableModel::BeforeColumn, GapTableModel::AfterColumn, GapTableModel::GemmBeforeColumn,
                      GapTableModel::GemmAfterColumn})
            view.setItemDelegateForColumn(c, new KernelNameDelegate(&view));
        view.horizontalHeader()->setStretchLastSection(true);
        new GapColumnFit(&view);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        int lastShown = -1;
        for (int width : {420, 560, 800, 1100, 1600}) {
            view.resize(width, 400);
            QCoreApplication::processEvents();
            QHeaderView *h = view.horizontalHeader();
            int used = 0, shown = 0;
            for (int c = 0; c < GapTableModel::ColumnCount; ++c)
                if (!h->isSectionHidden(c)) {
                    used += h->sectionSize(c);
                    ++shown;
                }
            QVERIFY2(used <= view.viewport()->width() + 1, qPrintable(QStringLiteral("%1 px in %2").arg(used).arg(view.viewport()->width())));
            QVERIFY2(!view.horizontalScrollBar()->isVisible(), qPrintable(QString::number(width)));
            QVERIFY(!h->isSectionHidden(GapTableModel::BeforeColumn) && !h->isSectionHidden(GapTableModel::AfterColumn));
            QVERIFY(shown >= lastShown);
            lastShown = shown;
        }
        QCOMPARE(lastShown, int(GapTableModel::ColumnCount)); // 1600 px: every column
        view.resize(420, 400);
        QCoreApplication::processEvents();
        QVERIFY(view.horizontalHeader()->isSectionHidden(GapTableModel::GemmAfterColumn));
    }
};

QTEST_MAIN(TestKernelNames)
#include "tst_kernelnames.moc"
