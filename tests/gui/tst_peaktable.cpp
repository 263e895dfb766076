// SPDX-License-Identifier: GPL-3.0-or-later
// Preferences' GPU table (PeakTableEditor): the "Lanescope's table" column, which holds Lanescope's
// own figures only beside figures of the user's, takes what it says (its header while empty) and
// not half the table; the GPU names take the width left. Writes the dialog to
// $LANESCOPE_SCREENSHOTS/preferences.png where that is set, for a look (in the language of the .qm
// file $LANESCOPE_SCREENSHOTS_QM names, where set).
#include "app/gui/PeakTableEditor.h"
#include "app/gui/Preferences.h"

#include <QHeaderView>
#include <QLocale>
#include <QSettings>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTranslator>
#include <QtTest>

using namespace lanescope;

class TestPeakTable : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("LanescopeTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_peaktable"));
        QSettings().clear();
        if (const QString qm = qEnvironmentVariable("LANESCOPE_SCREENSHOTS_QM"); !qm.isEmpty()) {
            auto *translator = new QTranslator(this);
            QVERIFY2(translator->load(qm), qPrintable(qm));
            QCoreApplication::installTranslator(translator);
        }
    }

    void columnsSizedToWhatTheySay()
    {
        PreferencesDialog dialog(Preferences::load());
        dialog.resize(dialog.minimumWidth(), 900);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        PeakTableEditor *peaks = dialog.peakTable();
        QTableWidget *t = peaks->table();
        QHeaderView *h = t->horizontalHeader();
        const int headerText = h->sectionSizeHint(PeakTableEditor::TableColumn);
        // Nothing of the user's: the column is as wide as its header, and the GPU names are the widest.
        QVERIFY2(h->sectionSize(PeakTableEditor::TableColumn) <= headerText + 4,
                 qPrintable(QStringLiteral("%1 px for a %2 px header").arg(h->sectionSize(PeakTableEditor::TableColumn)).arg(headerText)));
        QVERIFY2(h->sectionSize(PeakTableEditor::TableColumn) < t->viewport()->width() / 4,
                 qPrintable(QStringLiteral("%1 px of %2").arg(h->sectionSize(PeakTableEditor::TableColumn)).arg(t->viewport()->width())));
        QVERIFY(h->sectionSize(PeakTableEditor::GpuColumn) > h->sectionSize(PeakTableEditor::TableColumn));
        QCOMPARE(h->length(), t->viewport()->width()); // the table fills its width, no sideways scroll
        // A figure of the user's: Lanescope's own is shown beside it, whole.
        const int a100 = peaks->rowOf(QStringLiteral("A100"));
        QVERIFY(a100 >= 0);
        peaks->setPeak(a100, 280.5);
        QCoreApplication::processEvents();
        const QTableWidgetItem *mine = t->item(a100, PeakTableEditor::TableColumn);
        QVERIFY(!mine->text().isEmpty());
        QVERIFY2(h->sectionSize(PeakTableEditor::TableColumn) >= t->fontMetrics().horizontalAdvance(mine->text()),
                 qPrintable(mine->text()));
        if (const QString dir = qEnvironmentVariable("LANESCOPE_SCREENSHOTS"); !dir.isEmpty())
            dialog.grab().save(dir + QStringLiteral("/preferences.png"));
    }

    // FP8 and FP4 columns: the table's dense figures, "–" where a GPU has none; a user's FP8 figure
    // is kept as one of that column only.
    void lowPrecisionColumns()
    {
        PeakTableEditor peaks({});
        const int h100 = peaks.rowOf(QStringLiteral("H100")), b200 = peaks.rowOf(QStringLiteral("B200")),
                  a100 = peaks.rowOf(QStringLiteral("A100"));
        QVERIFY(h100 >= 0 && b200 >= 0 && a100 >= 0);
        const auto text = [&](int row, analysis::GpuSpec spec) { return peaks.table()->item(row, PeakTableEditor::columnOf(spec))->text(); };
        QCOMPARE(text(h100, analysis::GpuSpec::Fp8Tflops), QLocale().toString(1979.0, 'g', 7));
        QCOMPARE(text(h100, analysis::GpuSpec::Fp4Tflops), QStringLiteral("–"));
        QCOMPARE(text(b200, analysis::GpuSpec::Fp4Tflops), QLocale().toString(9000.0, 'g', 7));
        QCOMPARE(text(a100, analysis::GpuSpec::Fp8Tflops), QStringLiteral("–"));
        peaks.setFigure(h100, analysis::GpuSpec::Fp8Tflops, 1800);
        QVERIFY(peaks.isOverridden(h100, analysis::GpuSpec::Fp8Tflops));
        QVERIFY(!peaks.isOverridden(h100, analysis::GpuSpec::Bf16Tflops));
        const analysis::PeakOverrides o = peaks.overrides();
        QCOMPARE(int(o.size()), 1);
        QCOMPARE(o.front().fp8Tflops, 1800.0);
        QCOMPARE(o.front().tflops, 0.0);
    }
};

QTEST_MAIN(TestPeakTable)
#include "tst_peaktable.moc"
