// SPDX-License-Identifier: GPL-3.0-or-later
// Search over slice names (substring, regex, match count, stepping with the view following) and the
// details of a selected slice, its args read back from the file.
#include "tests/gui/TimelineTestTrace.h"
#include "widgets/timeline/SearchBar.h"
#include "widgets/timeline/TimelinePanels.h"
#include "widgets/timeline/TimelineSearch.h"
#include "widgets/timeline/TimelineView.h"

#include <QLineEdit>
#include <QTextBrowser>
#include <QtTest>

using namespace lanescope;

class TestTimelineSearch : public QObject
{
    Q_OBJECT

private:
    std::shared_ptr<const Trace> m_trace;

private slots:
    void initTestCase()
    {
        m_trace = test::loadTimelineTrace();
        QVERIFY(m_trace);
    }

    void matches_data()
    {
        QTest::addColumn<QString>("pattern");
        QTest::addColumn<bool>("regex");
        QTest::addColumn<int>("count");
        QTest::addColumn<QString>("error");
        QTest::newRow("substring") << QStringLiteral("aten") << false << 2 << QString();
        QTest::newRow("case-insensitive") << QStringLiteral("GEMM") << false << 1 << QString();
        QTest::newRow("regex") << QStringLiteral("^(nccl|ampere)") << true << 2 << QString();
        QTest::newRow("regex is not a substring") << QStringLiteral("^aten::r") << true << 1 << QString();
        QTest::newRow("no match") << QStringLiteral("flash") << false << 0 << QString();
        QTest::newRow("empty") << QString() << false << 0 << QString();
        QTest::newRow("bad regex") << QStringLiteral("(") << true << 0 << QStringLiteral("missing closing parenthesis");
    }
    void matches()
    {
        QFETCH(QString, pattern);
        QFETCH(bool, regex);
        QFETCH(int, count);
        QFETCH(QString, error);
        const SearchResult r = searchSlices(*m_trace, pattern, regex);
        QCOMPARE(int(r.hits.size()), count);
        QCOMPARE(r.error, error);
        for (std::size_t i = 1; i < r.hits.size(); ++i)
            QVERIFY(r.hits[i - 1].start <= r.hits[i].start);
    }

    void barStepsThroughMatches()
    {
        TimelineView v;
        v.setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        v.resize(TimelineView::kHeaderWidth + 1000, 500);
        v.show();
        v.setTrace(m_trace);
        v.setVisibleRange(0, 1e6);
        SearchBar bar(&v);
        bar.show();
        bar.setQuery(QStringLiteral("aten"));
        QCOMPARE(int(bar.matchCount()), 2);
        QCOMPARE(bar.statusText(), QStringLiteral("2 matches"));
        QTest::keyClick(bar.lineEdit(), Qt::Key_Return);
        QCOMPARE(v.selectedSlice(), test::sliceRef(*m_trace, "aten::mm"));
        QCOMPARE(bar.statusText(), QStringLiteral("1 of 2"));
        QTest::keyClick(bar.lineEdit(), Qt::Key_Return);
        QCOMPARE(v.selectedSlice(), test::sliceRef(*m_trace, "aten::relu"));
        QTest::keyClick(bar.lineEdit(), Qt::Key_Return); // wraps
        QCOMPARE(v.selectedSlice(), test::sliceRef(*m_trace, "aten::mm"));
        QTest::keyClick(bar.lineEdit(), Qt::Key_Return, Qt::ShiftModifier);
        QCOMPARE(v.selectedSlice(), test::sliceRef(*m_trace, "aten::relu"));
        QCOMPARE(bar.statusText(), QStringLiteral("2 of 2"));

        // The view follows a match outside the window, keeping the zoom.
        v.setVisibleRange(800'000, 900'000);
        bar.setQuery(QStringLiteral("sgemm"));
        bar.next();
        QCOMPARE(v.selectedSlice(), test::sliceRef(*m_trace, "ampere_sgemm_128x64_nn"));
        QVERIFY2(v.visibleStartNs() <= 200'000 && v.visibleEndNs() >= 500'000,
                 qPrintable(QStringLiteral("%1 %2").arg(v.visibleStartNs()).arg(v.visibleEndNs())));

        bar.setQuery(QStringLiteral("nothing like this"));
        QCOMPARE(bar.statusText(), QStringLiteral("no matches"));
        bar.next(); // harmless
    }

    void detailsReadArgsFromFile()
    {
        TimelineView v;
        v.resize(TimelineView::kHeaderWidth + 1000, 500);
        v.setTrace(m_trace);
        DetailsPanel details(&v);
        QSignalSpy jump(&details, &DetailsPanel::jumpRequested);
        connect(&v, &TimelineView::selectionChanged, &details, &DetailsPanel::showSlice);
        v.selectSlice(test::sliceRef(*m_trace, "ampere_sgemm_128x64_nn"));
        const QString text = details.text();
        QVERIFY2(text.contains(QStringLiteral("ampere_sgemm_128x64_nn")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("300 µs")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("stream 7 · compute")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("ProfilerStep#1")), qPrintable(text));
        // Args came from the file: correlation, stream, the grid array.
        QVERIFY2(text.contains(QStringLiteral("correlation")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("[4,1,1]")), qPrintable(text));
        // The launch is linked; following the link asks the view to jump there.
        QVERIFY2(text.contains(QStringLiteral("cudaLaunchKernel")), qPrintable(text));
        const SliceRef launch = test::sliceRef(*m_trace, "cudaLaunchKernel");
        emit details.browser()->anchorClicked(QUrl(QStringLiteral("slice:0:%1:%2").arg(launch.track).arg(launch.slice)));
        QCOMPARE(jump.size(), 1);
        QCOMPARE(jump.first().first().value<SliceRef>(), launch);

        v.selectSlice(test::sliceRef(*m_trace, "aten::mm"));
        QVERIFY2(details.text().contains(QStringLiteral("Input Dims")), qPrintable(details.text()));
        v.selectSlice(SliceRef());
        QVERIFY(details.text().isEmpty());
    }
};

QTEST_MAIN(TestTimelineSearch)
#include "tst_timelinesearch.moc"
