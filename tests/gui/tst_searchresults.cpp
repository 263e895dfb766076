// SPDX-License-Identifier: GPL-3.0-or-later
// The search in the lanes and its results panel: while a search is active every match is
// drawn in its own colour and the rest dimmed (pixels), the selected match outlined white and dark
// so it reads on any slice colour; the results as a sortable table model (QAbstractItemModelTester),
// capped at 10,000 rows with the total said; Enter / Shift+Enter step through the matches and the
// table's row, the lanes' selection and the window follow; a large trace's search runs on a worker.
#include "tests/gui/TimelineTestTrace.h"
#include "widgets/render/Palette.h"
#include "widgets/timeline/SearchBar.h"
#include "widgets/timeline/SearchResultsModel.h"
#include "widgets/timeline/SearchResultsPanel.h"
#include "widgets/timeline/TimelineView.h"

#include <QAbstractItemModelTester>
#include <QLineEdit>
#include <QTableView>
#include <QtTest>

using namespace lanescope;

namespace {

QColor pixelAt(QImage &img, QPointF p) { return img.pixelColor(p.toPoint()); }

// How far two colours are apart (sum over channels).
int distance(const QColor &a, const QColor &b)
{
    return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) + std::abs(a.blue() - b.blue());
}

QColor sliceColour(const TimelineView &v, SliceRef ref)
{
    const Track &trk = v.trace(ref.run)->tracks[ref.track];
    const SliceClass c = v.session()->index(ref.run)->classifier().classOf(trk.catId[ref.slice], trk.nameId[ref.slice]);
    return Palette::color(c, SliceClassifier::shadeOf(trk.nameId[ref.slice]));
}

// A point inside the slice, clear of its name and its edges.
QPointF inside(const TimelineView &v, SliceRef ref)
{
    const QRectF r = v.sliceRect(ref);
    return QPointF(r.left() + 3, r.top() + 2);
}

// n kernels named "k" on one stream, 2 µs apart, each 1 µs long but the 7th (9 µs).
std::shared_ptr<const Trace> manyKernels(int n)
{
    std::string json = R"({"traceEvents": [)";
    for (int i = 0; i < n; ++i) {
        json += i ? "," : "";
        json += R"({"ph": "X", "cat": "kernel", "name": "k", "pid": 0, "tid": 7, "ts": )" + std::to_string(i * 10)
            + R"(, "dur": )" + std::string(i == 7 ? "9" : "1") + R"(, "args": {"device": 0, "stream": 7}})";
    }
    json += "]}";
    return loadTrace(MappedSource::fromBytes(std::move(json), QStringLiteral("many.json"))).trace;
}

} // namespace

class TestSearchResults : public QObject
{
    Q_OBJECT

private slots:
    void matchesDrawnTheRestDimmed()
    {
        auto trace = test::loadTimelineTrace();
        auto v = test::makeTestView(trace, double(trace->minTs));
        SearchBar bar(v.get());
        bar.show();
        const SliceRef gemm = test::sliceRef(*trace, "ampere_sgemm_128x64_nn");
        const SliceRef nccl = test::sliceRef(*trace, "ncclKernel_AllReduce_RING_LL_Sum_float");
        QImage before = v->renderFrame();
        QCOMPARE(pixelAt(before, inside(*v, nccl)), sliceColour(*v, nccl));

        bar.setQuery(QStringLiteral("sgemm"));
        QVERIFY(v->state()->search());
        QImage during = v->renderFrame();
        // The match keeps its colour; the other kernel is veiled towards the background.
        QCOMPARE(pixelAt(during, inside(*v, gemm)), sliceColour(*v, gemm));
        const QColor dimmed = pixelAt(during, inside(*v, nccl));
        QVERIFY2(distance(dimmed, sliceColour(*v, nccl)) > 60, qPrintable(dimmed.name()));
        QVERIFY2(dimmed.lightness() > sliceColour(*v, nccl).lightness(), qPrintable(dimmed.name()));
        // The match has a dark edge.
        const QRectF r = v->sliceRect(gemm);
        QVERIFY(pixelAt(during, QPointF(r.left(), r.center().y())).lightness() < 80);

        // Closing the bar ends the search: nothing dimmed.
        bar.hide();
        QVERIFY(!v->state()->search());
        QImage after = v->renderFrame();
        QCOMPARE(pixelAt(after, inside(*v, nccl)), sliceColour(*v, nccl));
        bar.show();
        QVERIFY(v->state()->search()); // shown again with its query: the matches again
        bar.setQuery(QString());
        QVERIFY(!v->state()->search());
    }

    void selectedMatchOutlinedOnDarkAndLight_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("GEMM kernel") << QStringLiteral("ampere_sgemm_128x64_nn");
        QTest::newRow("NCCL kernel") << QStringLiteral("ncclKernel_AllReduce_RING_LL_Sum_float");
        QTest::newRow("CPU operator") << QStringLiteral("aten::mm");
        QTest::newRow("step annotation") << QStringLiteral("ProfilerStep#1");
    }
    void selectedMatchOutlinedOnDarkAndLight()
    {
        QFETCH(QString, name);
        auto trace = test::loadTimelineTrace();
        auto v = test::makeTestView(trace, double(trace->minTs) - 100'000);
        v->setVisibleRange(double(trace->minTs) - 100'000, double(trace->minTs) + 1'100'000);
        SearchBar bar(v.get());
        bar.show();
        bar.findExact(name);
        QCOMPARE(int(bar.matchCount()), 1);
        QTest::keyClick(bar.lineEdit(), Qt::Key_Return);
        const SliceRef ref = test::sliceRef(*trace, name.toUtf8().constData());
        QCOMPARE(v->selectedSlice(), ref);
        QImage img = v->renderFrame();
        const QRectF r = v->sliceRect(ref);
        // Above the slice (its left end may carry a flow's arrowhead), from the outside in: white,
        // then the dark line, whatever the slice's colour.
        const int x = int(r.center().x());
        const QColor white = img.pixelColor(x, int(r.top()) - 4), dark = img.pixelColor(x, int(r.top()) - 2);
        QVERIFY2(white.lightness() > 230, qPrintable(white.name()));
        QVERIFY2(dark.lightness() < 40, qPrintable(dark.name()));
        // Both stand out from the slice's own colour by a wide margin on one side or the other.
        const QColor own = sliceColour(*v, ref);
        QVERIFY(std::max(distance(white, own), distance(dark, own)) > 250);
    }

    void resultsModel()
    {
        auto trace = test::loadTimelineTrace();
        auto v = test::makeTestView(trace, double(trace->minTs));
        SearchBar bar(v.get());
        bar.show();
        SearchResultsModel *model = bar.resultsPanel()->model();
        QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        bar.setQuery(QStringLiteral("kernel"), false); // cudaLaunchKernel, elementwise, NCCL
        QCOMPARE(model->rowCount(), 3);
        QCOMPARE(model->columnCount(), int(SearchResultsModel::ColumnCount));
        QCOMPARE(model->headerData(SearchResultsModel::DurationColumn, Qt::Horizontal).toString(), QStringLiteral("Duration"));
        // By time first: the launch (150 µs), the NCCL kernel (300 µs), the elementwise one (600 µs).
        auto cell = [&](int row, int col) { return model->index(row, col).data().toString(); };
        QCOMPARE(cell(0, SearchResultsModel::NameColumn), QStringLiteral("cudaLaunchKernel"));
        QCOMPARE(cell(0, SearchResultsModel::StartColumn), QStringLiteral("150 µs"));
        QCOMPARE(cell(1, SearchResultsModel::NameColumn), QStringLiteral("ncclKernel_AllReduce_RING_LL_Sum_float"));
        QVERIFY2(cell(1, SearchResultsModel::LaneColumn).contains(QStringLiteral("stream 20")), qPrintable(cell(1, 1)));
        QCOMPARE(cell(1, SearchResultsModel::DurationColumn), QStringLiteral("600 µs"));
        QCOMPARE(bar.resultsPanel()->headline(), QStringLiteral("“kernel”: 3 matches"));
        // Sorted by duration, longest first; by name; back by start.
        model->sort(SearchResultsModel::DurationColumn, Qt::DescendingOrder);
        QCOMPARE(cell(0, SearchResultsModel::DurationColumn), QStringLiteral("600 µs"));
        QCOMPARE(cell(2, SearchResultsModel::DurationColumn), QStringLiteral("10.0 µs"));
        model->sort(SearchResultsModel::NameColumn, Qt::AscendingOrder);
        QCOMPARE(cell(0, SearchResultsModel::NameColumn), QStringLiteral("cudaLaunchKernel"));
        QCOMPARE(cell(2, SearchResultsModel::NameColumn), QStringLiteral("vectorized_elementwise_kernel"));
        // A row clicked (made current) selects that match in the lanes.
        QTableView *table = bar.resultsPanel()->table();
        table->setCurrentIndex(model->index(2, 0));
        QCOMPARE(v->selectedSlice(), test::sliceRef(*trace, "vectorized_elementwise_kernel"));
        QCOMPARE(bar.statusText(), QStringLiteral("3 of 3")); // the third by time
        // Enter in the table steps on (by time, wrapping), the table's row follows.
        QTest::keyClick(table, Qt::Key_Return);
        QCOMPARE(v->selectedSlice(), test::sliceRef(*trace, "cudaLaunchKernel"));
        QCOMPARE(model->refAt(table->currentIndex().row()), v->selectedSlice());
        QTest::keyClick(bar.lineEdit(), Qt::Key_Return, Qt::ShiftModifier);
        QCOMPARE(v->selectedSlice(), test::sliceRef(*trace, "vectorized_elementwise_kernel"));
        QCOMPARE(model->refAt(table->currentIndex().row()), v->selectedSlice());
        bar.setQuery(QStringLiteral("nothing like this"));
        QCOMPARE(model->rowCount(), 0);
        bar.reset();
        QCOMPARE(model->rowCount(), 0);
    }

    void cappedAtTenThousand()
    {
        const int n = int(SearchResultsModel::kMaxRows) + 50;
        auto trace = manyKernels(n);
        QVERIFY(trace);
        TimelineView v;
        v.resize(1200, 400);
        v.setTrace(trace);
        SearchBar bar(&v);
        bar.show();
        SearchResultsModel *model = bar.resultsPanel()->model();
        QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        bar.setQuery(QStringLiteral("k"));
        QCOMPARE(int(bar.matchCount()), n);
        QCOMPARE(model->rowCount(), int(SearchResultsModel::kMaxRows));
        QCOMPARE(model->totalMatches(), std::size_t(n));
        const QLocale locale;
        QCOMPARE(bar.resultsPanel()->headline(),
                 QStringLiteral("“k”: the first %1 of %2 matches by time (every match is marked in the lanes)")
                     .arg(locale.toString(10000), locale.toString(n)));
        QVERIFY(v.state()->search());
        QCOMPARE(v.state()->search()->total(), std::uint64_t(n)); // every match drawn, not only the listed
        model->sort(SearchResultsModel::DurationColumn, Qt::DescendingOrder);
        QCOMPARE(model->index(0, SearchResultsModel::DurationColumn).data().toString(), QStringLiteral("9.00 µs"));
        // Stepping past the listed rows: the lanes follow, the table has no row for it.
        bar.findExact(QStringLiteral("k"));
        for (int i = 0; i < 3; ++i)
            bar.previous(); // from the window's end: the last ones by time
        QVERIFY(bar.currentIndex() >= int(SearchResultsModel::kMaxRows));
        QCOMPARE(model->rowOfHit(std::size_t(bar.currentIndex())), -1);
        QVERIFY(v.selectedSlice().isValid());
    }

    void largeTraceSearchedOffTheUiThread()
    {
        auto trace = test::loadTimelineTrace();
        auto v = test::makeTestView(trace, double(trace->minTs));
        SearchBar bar(v.get());
        bar.show();
        bar.setAsyncThreshold(0); // as a trace over SearchBar::kAsyncSlices would
        QSignalSpy ready(&bar, &SearchBar::resultsReady);
        bar.setQuery(QStringLiteral("aten"));
        QVERIFY(bar.isSearching());
        QCOMPARE(bar.statusText(), QStringLiteral("searching…"));
        bar.next(); // asked before the result is in: taken when it arrives
        QTRY_VERIFY(!bar.isSearching());
        QCOMPARE(ready.size(), 1);
        QCOMPARE(int(bar.matchCount()), 2);
        QCOMPARE(v->selectedSlice(), test::sliceRef(*trace, "aten::mm"));
        QCOMPARE(bar.resultsPanel()->model()->rowCount(), 2);
        // A newer query while one is in flight: only the newest result is shown.
        bar.setQuery(QStringLiteral("relu"));
        bar.setQuery(QStringLiteral("sgemm"));
        QTRY_VERIFY(!bar.isSearching());
        QCOMPARE(int(bar.matchCount()), 1);
        QCOMPARE(bar.resultsPanel()->model()->index(0, 0).data().toString(), QStringLiteral("ampere_sgemm_128x64_nn"));
    }
};

QTEST_MAIN(TestSearchResults)
#include "tst_searchresults.moc"
