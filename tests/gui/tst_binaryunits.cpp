// SPDX-License-Identifier: GPL-3.0-or-later
// Every memory figure in the window and the command line in binary units (GiB, MiB, KiB), as
// nvidia-smi and Nsight spell them: the memory lane's axis, its hover read-out, the device total,
// the Breakdown and Metrics tables, Recent files, and `lanescope-cli info/analyze/compare`. A trace
// from an A100-80GB with ~23 GB allocated is opened twice (a comparison), every text the window
// holds is collected, and none may carry a decimal "GB", "MB" or "kB" after a number.
#include "app/gui/MainWindow.h"
#include "app/gui/StartPage.h"

#include "widgets/analysis/AnalysisDock.h"
#include "widgets/compare/ComparisonDock.h"
#include "widgets/render/MemoryBand.h"
#include "widgets/timeline/TimelineView.h"
#include "widgets/view/Session.h"

#include "core/analysis/text/FigureText.h"
#include "tests/CliRun.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QComboBox>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace lanescope;

namespace {

constexpr int kTimeoutMs = 60000;
constexpr std::int64_t kA100Total = 85045379072; // totalGlobalMem of an A100-SXM4-80GB

// Two ProfilerSteps with a GEMM each; the allocator reaching ~23 GB allocated, ~31 GB reserved.
QByteArray trace(double allocatedGb)
{
    const qint64 a = qint64(allocatedGb * 1e9), r = qint64(allocatedGb * 1.33e9);
    return QStringLiteral(R"({
  "schemaVersion": 1,
  "deviceProperties": [{"id": 0, "name": "NVIDIA A100-SXM4-80GB", "totalGlobalMem": %1}],
  "traceEvents": [
    {"ph": "X", "cat": "user_annotation", "name": "ProfilerStep#1", "pid": 100, "tid": 101, "ts": 0, "dur": 1000},
    {"ph": "X", "cat": "user_annotation", "name": "ProfilerStep#2", "pid": 100, "tid": 101, "ts": 1000, "dur": 1000},
    {"ph": "X", "cat": "kernel", "name": "ampere_sgemm_128x64_nn", "pid": 0, "tid": 7, "ts": 100, "dur": 500, "args": {"device": 0, "stream": 7}},
    {"ph": "X", "cat": "kernel", "name": "ampere_sgemm_128x64_nn", "pid": 0, "tid": 7, "ts": 1100, "dur": 500, "args": {"device": 0, "stream": 7}},
    {"ph": "i", "cat": "cpu_instant_event", "name": "[memory]", "pid": 100, "tid": 101, "ts": 50, "s": "t", "args": {"Device Type": 1, "Device Id": 0, "Addr": 1, "Bytes": %2, "Total Allocated": %2, "Total Reserved": %3}},
    {"ph": "i", "cat": "cpu_instant_event", "name": "[memory]", "pid": 100, "tid": 101, "ts": 1900, "s": "t", "args": {"Device Type": 1, "Device Id": 0, "Addr": 1, "Bytes": -%2, "Total Allocated": 0, "Total Reserved": %3}}
  ]
})")
        .arg(kA100Total)
        .arg(a)
        .arg(r)
        .toUtf8();
}

// A number followed by a decimal unit of memory ("22.97 GB", "85 GB", "512 MB", "4 kB"). A GPU's
// name ("A100-SXM4-80GB") has no space before its unit and is not a figure.
const QRegularExpression kDecimal(QStringLiteral("\\d\\s+(GB|MB|kB|KB|TB)\\b"));

void collectModel(const QAbstractItemModel *m, const QModelIndex &parent, QStringList &out, int depth = 0)
{
    if (!m || depth > 4)
        return;
    const int rows = std::min(m->rowCount(parent), 500), cols = m->columnCount(parent);
    if (!parent.isValid())
        for (int c = 0; c < cols; ++c)
            out << m->headerData(c, Qt::Horizontal).toString() << m->headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString();
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
            const QModelIndex i = m->index(r, c, parent);
            out << i.data(Qt::DisplayRole).toString() << i.data(Qt::ToolTipRole).toString();
            if (c == 0 && m->hasChildren(i))
                collectModel(m, i, out, depth + 1);
        }
}

// Every text a widget of the window holds: labels, buttons, line edits, combo entries, views'
// cells and headers, tooltips.
QStringList windowTexts(const QWidget &w)
{
    QStringList out{w.windowTitle()};
    const auto widgets = w.findChildren<QWidget *>();
    for (const QWidget *c : widgets) {
        out << c->toolTip() << c->windowTitle();
        if (auto *l = qobject_cast<const QLabel *>(c))
            out << l->text();
        if (auto *b = qobject_cast<const QAbstractButton *>(c))
            out << b->text();
        if (auto *e = qobject_cast<const QLineEdit *>(c))
            out << e->text();
        if (auto *box = qobject_cast<const QComboBox *>(c))
            for (int i = 0; i < box->count(); ++i)
                out << box->itemText(i);
        if (auto *v = qobject_cast<const QAbstractItemView *>(c))
            collectModel(v->model(), QModelIndex(), out);
    }
    out.removeAll(QString());
    return out;
}

QStringList decimalFigures(const QStringList &texts)
{
    QStringList bad;
    for (const QString &t : texts)
        if (kDecimal.match(t).hasMatch())
            bad << t.left(200);
    bad.removeDuplicates();
    return bad;
}

} // namespace

class TestBinaryUnits : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_a, m_b;

    QString write(const QString &name, const QByteArray &bytes)
    {
        const QString path = m_dir.filePath(name);
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
            qFatal("cannot write %s", qPrintable(path));
        return path;
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("LanescopeTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_binaryunits"));
        QSettings().clear();
        QLocale::setDefault(QLocale::c());
        QVERIFY(m_dir.isValid());
        m_a = write(QStringLiteral("a100-before.json"), trace(22.97));
        m_b = write(QStringLiteral("a100-after.json"), trace(18.5));
    }

    void memoryLane()
    {
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        QSignalSpy loaded(&w, &MainWindow::loadFinished);
        w.openFiles({m_a});
        QVERIFY(loaded.wait(kTimeoutMs));
        TimelineView *v = w.timelineView();
        const int g = v->laneLayout().groupOfDevice(0, 0);
        QVERIFY(g >= 0);
        const double top = v->memoryScaleBytes(g);
        // The axis top is a round number of GiB, spelled exactly: the 30.55 GB reserved + 5 % =
        // 29.9 GiB -> 30 GiB.
        QCOMPARE(top, 30.0 * (1ll << 30));
        QCOMPARE(MemoryBand::formatBytes(top), QStringLiteral("30 GiB"));
        // The A100-80GB's total, in GiB as nvidia-smi counts (not "85 GB"); off a 30 GiB axis.
        QCOMPARE(MemoryBand::deviceTotalText(top, kA100Total), QStringLiteral("device total 79.2 GiB, off axis"));
        // The hover read-out at the middle of the first step.
        const QRect lane = v->laneRect(0);
        QVERIFY(lane.isValid());
        const int y = int(std::lround(v->memoryY(g, 1e9)));
        TimelineRenderer::MemoryReadout r;
        for (int x = TimelineView::kHeaderWidth + 10; x < v->viewport()->width() && !r.value.valid; x += 10)
            r = v->memoryAt(QPoint(x, y));
        QVERIFY(r.value.valid);
        const QString hover = MemoryBand::readoutText(r.value);
        QCOMPARE(hover, QStringLiteral("allocated 21.39 GiB · reserved 28.45 GiB"));
        QVERIFY(decimalFigures({hover, MemoryBand::formatBytes(top), MemoryBand::formatBytes(0)}).isEmpty());
    }

    void everyTextOfTheWindow()
    {
        {
            MainWindow w;
            w.resize(1400, 900);
            w.show();
            QSignalSpy loaded(&w, &MainWindow::loadFinished);
            w.openFiles({m_a, m_b});
            QVERIFY(loaded.wait(kTimeoutMs));
            QVERIFY(QTest::qWaitFor([&] { return !w.analysisDock()->isBusy() && w.analysisDock()->result(); }, kTimeoutMs));
            QVERIFY(QTest::qWaitFor([&] { return !w.comparisonDock()->isBusy() && w.comparisonDock()->comparison(); }, kTimeoutMs));
            const QStringList texts = windowTexts(w);
            // The figures are there to be checked: the peaks in GiB in Breakdown and Metrics.
            QVERIFY2(texts.filter(QStringLiteral("GiB")).size() >= 2, qPrintable(texts.join(QLatin1Char('|')).left(2000)));
            const QStringList bad = decimalFigures(texts);
            QVERIFY2(bad.isEmpty(), qPrintable(bad.join(QLatin1Char('\n'))));
        }
        // The start page's Recent list (the comparison just opened) sizes its files the same way.
        MainWindow w;
        w.show();
        QVERIFY(w.startPage());
        const QStringList texts = windowTexts(*w.startPage());
        QVERIFY2(texts.filter(QStringLiteral("KiB")).size() >= 1, qPrintable(texts.join(QLatin1Char('|')).left(2000)));
        QVERIFY2(decimalFigures(texts).isEmpty(), qPrintable(decimalFigures(texts).join(QLatin1Char('\n'))));
    }

    void commandLine_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("mustHave"); // a figure the output must carry, in binary units
        QTest::newRow("analyze") << QStringList{QStringLiteral("analyze"), QStringLiteral("A")} << QStringLiteral("GiB");
        // compare's table names its unit in the key (peak_allocated_bytes): bytes, never "GB".
        QTest::newRow("compare") << QStringList{QStringLiteral("compare"), QStringLiteral("A"), QStringLiteral("B")} << QStringLiteral("peak_allocated_bytes");
        QTest::newRow("info") << QStringList{QStringLiteral("info"), QStringLiteral("A")} << QString();
    }
    void commandLine()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, mustHave);
        args.replaceInStrings(QRegularExpression(QStringLiteral("^A$")), m_a);
        args.replaceInStrings(QRegularExpression(QStringLiteral("^B$")), m_b);
        const test::CliRun r = test::runCli(args);
        QCOMPARE(r.exitCode, 0);
        const QString out = QString::fromUtf8(r.out + r.err);
        if (!mustHave.isEmpty())
            QVERIFY2(out.contains(mustHave), qPrintable(out));
        const QStringList bad = decimalFigures(out.split(QLatin1Char('\n')));
        QVERIFY2(bad.isEmpty(), qPrintable(bad.join(QLatin1Char('\n'))));
    }
};

QTEST_MAIN(TestBinaryUnits)
#include "tst_binaryunits.moc"
