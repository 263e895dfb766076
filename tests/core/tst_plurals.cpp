// SPDX-License-Identifier: GPL-3.0-or-later
// English plurals without an English catalogue: a counted message is two tr() calls, singular and
// plural, and the count picks one (tests/translations/check_plurals.py keeps "(s)" out of the
// sources). Here real messages of core/ are produced for a count of 1 and of 3, with no translator
// installed, and must read "1 event" / "3 events".
#include "core/analysis/run/AnalysisRange.h"
#include "core/io/FolderLoad.h"
#include "tests/core/LoadHelpers.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <string>

using namespace lanescope;

namespace {

// Metadata events only: the trace loads, holds `n` events and nothing with a duration.
std::string metadataOnly(int n)
{
    std::string s = R"({"traceEvents":[)";
    for (int i = 0; i < n; ++i)
        s += std::string(i ? "," : "") + R"({"ph":"M","name":"thread_name","pid":1,"tid":)" + std::to_string(i + 1)
             + R"(,"args":{"name":"t"}})";
    return s + "]}";
}

// `n` CPU slices named "fwd" one after another, and one more named "other".
std::string annotated(int n)
{
    std::string s = R"({"traceEvents":[)";
    for (int i = 0; i < n; ++i)
        s += R"({"ph":"X","cat":"user_annotation","name":"fwd","pid":1,"tid":1,"ts":)" + std::to_string(100 * i) + R"(,"dur":50},)";
    return s + R"({"ph":"X","cat":"cpu_op","name":"other","pid":1,"tid":1,"ts":1000,"dur":10}]})";
}

QString joined(const QStringList &l) { return l.join(QStringLiteral(" | ")); }

} // namespace

class TestPlurals : public QObject
{
    Q_OBJECT

private slots:
    void counts_data()
    {
        QTest::addColumn<int>("n");
        QTest::addColumn<QString>("one");   // what a count of 1 reads
        QTest::addColumn<QString>("three"); // what a count of 3 reads
        QTest::newRow("events") << 0 << QStringLiteral("the trace holds 1 event but") << QStringLiteral("the trace holds 3 events but");
        QTest::newRow("ignored files") << 1 << QStringLiteral("1 file not named *.json") << QStringLiteral("3 files not named *.json");
        QTest::newRow("annotation instances") << 2 << QStringLiteral("\"fwd\" occurs 1 time (instance 0): no instance 7")
                                              << QStringLiteral("\"fwd\" occurs 3 times (instances 0 to 2): no instance 7");
    }

    void counts()
    {
        QFETCH(int, n);
        QFETCH(QString, one);
        QFETCH(QString, three);
        for (const int count : {1, 3}) {
            QString text;
            if (n == 0) {
                const LoadResult r = test::loadText(metadataOnly(count));
                QVERIFY2(r.trace, qPrintable(r.error));
                text = joined(r.trace->warnings);
            } else if (n == 1) {
                QTemporaryDir dir;
                QVERIFY(dir.isValid());
                QFile rank(dir.filePath(QStringLiteral("rank0.json")));
                QVERIFY(rank.open(QIODevice::WriteOnly));
                rank.write(annotated(1).c_str());
                rank.close();
                for (int i = 0; i < count; ++i) {
                    QFile other(dir.filePath(QStringLiteral("notes%1.txt").arg(i)));
                    QVERIFY(other.open(QIODevice::WriteOnly));
                }
                const FolderLoadResult r = loadFolder(dir.path());
                QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
                text = joined(r.warnings);
            } else {
                const LoadResult r = test::loadText(annotated(count));
                QVERIFY2(r.trace, qPrintable(r.error));
                analysis::RangeRequest req;
                req.annotation = QStringLiteral("fwd");
                req.instance = 7;
                text = analysis::resolveRange(*r.trace, {}, req).error;
            }
            const QString &want = count == 1 ? one : three;
            QVERIFY2(text.contains(want), qPrintable(QStringLiteral("%1: wanted \"%2\" in \"%3\"").arg(count).arg(want, text)));
            QVERIFY2(!text.contains(QStringLiteral("(s)")), qPrintable(text));
        }
    }
};

QTEST_GUILESS_MAIN(TestPlurals)
#include "tst_plurals.moc"
