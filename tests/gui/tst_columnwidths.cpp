// SPDX-License-Identifier: GPL-3.0-or-later
// Default widths that cut nothing that matters, at the window's default size, in English and in
// Chinese (the catalogue loaded as main() loads it): the gap table's headers whole (the sorted
// column's text beside its arrow: "Start (ms" was cut even in a wide dock) and its kernel columns
// wide enough for a kernel's own name ("vec…nel"); the Metrics table of a comparison without a
// sideways scroll and every header whole; the ProfilerStep bands under the time axis named by their
// number where the band is narrow ("#12", not "ProfilerSte…").
#include "app/gui/MainWindow.h"
#include "tests/gui/OpenAndAnalyse.h"
#include "widgets/analysis/AnalysisDock.h"
#include "widgets/analysis/GapTableModel.h"
#include "widgets/analysis/KernelNameDelegate.h"
#include "widgets/compare/ComparisonDock.h"
#include "widgets/render/StepLabel.h"

#include "tests/TestTraces.h"

#include <QHeaderView>
#include <QScopeGuard>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStyle>
#include <QStyleOptionHeader>
#include <QTabWidget>
#include <QTableView>
#include <QTranslator>
#include <QtTest>

using namespace lanescope;

namespace {

constexpr int kTimeoutMs = 180000;

bool open(MainWindow &w, const QStringList &paths) { return test::openAndAnalyse(w, paths, kTimeoutMs); }

// The room the view's style gives a section's text: its label rectangle, less the sort arrow's
// room where the section shows the arrow.
int labelWidth(const QHeaderView *h, int section)
{
    QStyleOptionHeader opt;
    opt.initFrom(h);
    opt.state |= QStyle::State_Horizontal;
    opt.orientation = Qt::Horizontal;
    opt.rect = QRect(0, 0, h->sectionSize(section), h->height());
    opt.section = section;
    opt.text = h->model()->headerData(section, Qt::Horizontal).toString();
    if (h->isSortIndicatorShown() && h->sortIndicatorSection() == section)
        opt.sortIndicator = h->sortIndicatorOrder() == Qt::AscendingOrder ? QStyleOptionHeader::SortDown : QStyleOptionHeader::SortUp;
    return h->style()->subElementRect(QStyle::SE_HeaderLabel, &opt, h).width();
}

// Every shown header's text whole in its section.
void verifyHeadersWhole(const QTableView *view, const char *what)
{
    const QHeaderView *h = view->horizontalHeader();
    for (int c = 0; c < h->count(); ++c) {
        if (h->isSectionHidden(c))
            continue;
        const QString text = view->model()->headerData(c, Qt::Horizontal).toString();
        // A header on two lines is measured by its widest.
        int need = 0;
        for (const QString &line : text.split(QLatin1Char('\n')))
            need = std::max(need, h->fontMetrics().horizontalAdvance(line));
        QVERIFY2(need <= labelWidth(h, c), qPrintable(QStringLiteral("%1: header '%2' needs %3 px, has %4 px of a %5 px section")
                                                          .arg(QLatin1String(what), text)
                                                          .arg(need)
                                                          .arg(labelWidth(h, c))
                                                          .arg(h->sectionSize(c))));
    }
}

} // namespace

class TestColumnWidths : public QObject
{
    Q_OBJECT

    QTranslator m_translator;

    void setLanguage(const QString &language)
    {
        QCoreApplication::removeTranslator(&m_translator);
        if (language.isEmpty())
            return;
        // The catalogue main() loads, as the build left it.
        QVERIFY(m_translator.load(QLocale(language), QStringLiteral("lanescope"), QStringLiteral("_"), QStringLiteral(LANESCOPE_GUI_QM_DIR)));
        QVERIFY(QCoreApplication::installTranslator(&m_translator));
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("LanescopeTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_columnwidths"));
        QSettings().clear();
    }
    void cleanup() { QCoreApplication::removeTranslator(&m_translator); }
    void cleanupTestCase() { QSettings().clear(); }

    void gapTable_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<int>("width"); // the dock's; 0: its default
        QTest::newRow("English") << QString() << 0;
        QTest::newRow("Chinese") << QStringLiteral("zh_CN") << 0;
        QTest::newRow("English, wide dock") << QString() << 800;
        QTest::newRow("Chinese, wide dock") << QStringLiteral("zh_CN") << 800;
    }
    void gapTable()
    {
        QFETCH(QString, language);
        QFETCH(int, width);
        LANESCOPE_REQUIRE_TRACE(path, "resnet50-dataloader-baseline.pt.trace.json.gz");
        setLanguage(language);
        QSettings().clear();
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(open(w, {path}));
        AnalysisDock *dock = w.analysisDock();
        if (width > 0) {
            w.resize(1900, 1000);
            QTRY_COMPARE(w.width(), 1900);
            w.resizeDocks({dock}, {width}, Qt::Horizontal);
            QTRY_VERIFY(dock->width() >= width - 8);
        }
        QTableView *view = dock->gapView();
        dock->show();
        dock->raise();
        dock->tabs()->setCurrentWidget(view->parentWidget());
        QTRY_VERIFY(view->isVisible());
        QTRY_VERIFY(view->model()->rowCount() > 0);
        QCoreApplication::processEvents();
        verifyHeadersWhole(view, "gap table");
        // In a wide dock the kernel columns hold each kernel's own name, its template arguments
        // left out at most ("vectorized_elementwise_kernel<…>", not "vec…nel"): the evidence and
        // GEMM columns give way first. In the default one their headers stay whole (above).
        int kernelColumns = 0;
        for (const int c : {int(GapTableModel::BeforeColumn), int(GapTableModel::AfterColumn)}) {
            if (view->isColumnHidden(c))
                continue;
            ++kernelColumns;
            const int room = view->columnWidth(c) - KernelNameDelegate::textMargins(view);
            for (int r = 0; width > 0 && r < view->model()->rowCount(); ++r) {
                const QString own = view->model()->index(r, c).data().toString();
                const QString shown = GapTableModel::fitKernelName(own, view->fontMetrics(), room);
                QVERIFY2(!QString(shown).remove(QStringLiteral("<…>")).contains(QStringLiteral("…")),
                         qPrintable(QStringLiteral("column %1: '%2' in %3 px for '%4'").arg(c).arg(shown).arg(room).arg(own)));
            }
        }
        QCOMPARE(kernelColumns, 2); // "Kernel before" and "Kernel after" stay
        QVERIFY2(view->horizontalHeader()->length() <= view->viewport()->width(),
                 qPrintable(QStringLiteral("%1 px of columns in a %2 px view").arg(view->horizontalHeader()->length()).arg(view->viewport()->width())));
    }

    void metricsTable_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<int>("runs");
        // Two runs: the third column (B's delta, its interval on a line of its own) was cut.
        for (const int runs : {2}) {
            QTest::addRow("English, %d runs", runs) << QString() << runs;
            QTest::addRow("Chinese, %d runs", runs) << QStringLiteral("zh_CN") << runs;
        }
    }
    void metricsTable()
    {
        QFETCH(QString, language);
        QFETCH(int, runs);
        LANESCOPE_REQUIRE_TRACE(base, "resnet50-dataloader-baseline.pt.trace.json.gz");
        LANESCOPE_REQUIRE_TRACE(opt, "resnet50-dataloader-optimized.pt.trace.json.gz");
        LANESCOPE_REQUIRE_TRACE(ns, "v100-resnet-ns.pt.trace.json.gz");
        setLanguage(language);
        QSettings().clear();
        MainWindow w; // its default size
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(open(w, QStringList{base, opt, ns}.mid(0, runs)));
        ComparisonDock *dock = w.comparisonDock();
        QVERIFY(QTest::qWaitFor([&] { return !dock->isBusy() && dock->comparison(); }, kTimeoutMs));
        dock->show();
        dock->raise();
        dock->tabs()->setCurrentIndex(0);
        auto *metrics = dock->tabs()->currentWidget()->findChild<QTableView *>();
        QVERIFY(metrics);
        QTRY_VERIFY(metrics->isVisible());
        // Multi-line cells bring the vertical scroll bar after the first layout: the names' column
        // (stretched) gives it its room.
        (void)QTest::qWaitFor([&] { return metrics->horizontalHeader()->length() <= metrics->viewport()->width(); }, 2000);
        QStringList widths; // said when the table is too wide
        for (int c = 0; c < metrics->model()->columnCount(); ++c)
            widths << QStringLiteral("%1 px").arg(metrics->columnWidth(c));
        QVERIFY2(metrics->horizontalHeader()->length() <= metrics->viewport()->width(),
                 qPrintable(QStringLiteral("%1 px of metrics in a %2 px view (%3)").arg(metrics->horizontalHeader()->length()).arg(metrics->viewport()->width()).arg(widths.join(QStringLiteral(", ")))));
        // The runs' and deltas' columns: headers whole (the names' column is elided by design).
        const QHeaderView *h = metrics->horizontalHeader();
        for (int c = 1; c < h->count(); ++c) {
            if (h->isSectionHidden(c))
                continue;
            const QString text = metrics->model()->headerData(c, Qt::Horizontal).toString();
            int need = 0;
            for (const QString &line : text.split(QLatin1Char('\n')))
                need = std::max(need, h->fontMetrics().horizontalAdvance(line));
            QVERIFY2(need <= labelWidth(h, c), qPrintable(QStringLiteral("header '%1' needs %2 px, has %3").arg(text).arg(need).arg(labelWidth(h, c))));
        }
        // The names' column keeps room to read the start of a figure's name (elided at its end, the
        // tooltip whole).
        QVERIFY2(metrics->columnWidth(0) >= 80, qPrintable(QString::number(metrics->columnWidth(0))));
    }

    void stepBandLabel_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("room"); // the text whose width the band has
        QTest::addColumn<QString>("shown");
        QTest::newRow("whole") << QStringLiteral("ProfilerStep#12") << QStringLiteral("ProfilerStep#12") << QStringLiteral("ProfilerStep#12");
        QTest::newRow("number") << QStringLiteral("ProfilerStep#12") << QStringLiteral("ProfilerSte") << QStringLiteral("#12");
        QTest::newRow("just the number") << QStringLiteral("ProfilerStep#128") << QStringLiteral("#128") << QStringLiteral("#128");
        QTest::newRow("nothing") << QStringLiteral("ProfilerStep#128") << QStringLiteral("#1") << QString();
        QTest::newRow("no number") << QStringLiteral("train_step") << QStringLiteral("train") << QStringLiteral("tra…");
    }
    void stepBandLabel()
    {
        QFETCH(QString, name);
        QFETCH(QString, room);
        QFETCH(QString, shown);
        const QFontMetrics fm(QApplication::font());
        const int width = fm.horizontalAdvance(room);
        const QString label = lanescope::stepBandLabel(name, fm, width);
        QVERIFY(fm.horizontalAdvance(label) <= width);
        if (shown.endsWith(QStringLiteral("…")))
            QVERIFY2(label.endsWith(QStringLiteral("…")) && name.startsWith(label.chopped(1)), qPrintable(label));
        else
            QCOMPARE(label, shown);
    }
};

QTEST_MAIN(TestColumnWidths)
#include "tst_columnwidths.moc"
