// The gap table's kernel columns (issue 12): a long C++ kernel name fitted to its cell keeps the
// kernel's own name (template arguments first, then the middle), never "at::native::".
#include "analysis/GapTableModel.h"

#include <QApplication>
#include <QFontMetrics>
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
};

QTEST_MAIN(TestKernelNames)
#include "tst_kernelnames.moc"
