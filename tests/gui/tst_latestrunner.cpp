// SPDX-License-Identifier: GPL-3.0-or-later
// The background runner of the analysis dock, the comparison and the ranks (LatestRunner): work
// that fails in any way (out of memory, any exception, something that is no exception) hands its
// message to the runner's `failed`, so the dock shows why instead of waiting for ever, and the
// process goes on. Before, out of memory read "std::bad_alloc" and a non-std throw ended the
// process.
#include "widgets/analysis/LatestRunner.h"

#include <QSignalSpy>
#include <QtTest>

#include <new>
#include <stdexcept>
#include <vector>

using namespace lanescope;

namespace {

class Runner : public LatestRunner
{
public:
    QString delivered;
    int deliveries = 0;
    void run(std::function<void()> work)
    {
        submit(
            [work]() -> Result {
                work();
                return std::make_shared<QString>(QStringLiteral("done"));
            },
            [](const QString &message) -> Result { return std::make_shared<QString>(QStringLiteral("failed: ") + message); });
    }

protected:
    void deliver(const Result &r) override
    {
        ++deliveries;
        delivered = r ? *static_cast<const QString *>(r.get()) : QString();
    }
};

} // namespace

class TestLatestRunner : public QObject
{
    Q_OBJECT
private slots:
    void failuresReachTheCaller_data()
    {
        QTest::addColumn<int>("how");
        QTest::addColumn<QString>("expected");
        QTest::newRow("finishes") << 0 << QStringLiteral("done");
        QTest::newRow("out of memory") << 1 << QStringLiteral("failed: not enough memory");
        QTest::newRow("an exception") << 2 << QStringLiteral("failed: a bound was hit");
        QTest::newRow("not an exception") << 3 << QStringLiteral("failed: an unknown error");
    }
    void failuresReachTheCaller()
    {
        QFETCH(int, how);
        QFETCH(QString, expected);
        Runner r;
        r.run([how] {
            switch (how) {
            case 1: {
                // Memory taken, then the allocation that fails: what an analysis past its memory does.
                std::vector<char> taken(1 << 20, 1);
                (void)taken;
                throw std::bad_alloc();
            }
            case 2: throw std::runtime_error("a bound was hit");
            case 3: throw 42;
            default: break;
            }
        });
        QVERIFY(QTest::qWaitFor([&] { return r.deliveries == 1 && !r.isBusy(); }, 10000));
        QVERIFY2(r.delivered.startsWith(expected), qPrintable(r.delivered));
    }
};

QTEST_GUILESS_MAIN(TestLatestRunner)
#include "tst_latestrunner.moc"
