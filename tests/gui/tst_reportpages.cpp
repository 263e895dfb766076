// SPDX-License-Identifier: GPL-3.0-or-later
// The report laid out for the page, read back from the PDF by poppler's pdftotext and pdfinfo (the
// test skips, saying so, where they are not installed): on A4 and Letter, landscape and portrait,
// `lanescope-cli export --report` writes pages of the paper asked for; the picture spans the
// printable width; no word on any page is smaller than 7 pt; a table that continues on another
// page repeats its header there. The window's File > Report… and the command line write the same
// table from the same function. Misuse of --report, --page and --orientation is refused.
#include "app/gui/MainWindow.h"

#include "../CliRun.h"
#include "../TestTraces.h"
#include "widgets/compare/ComparisonDock.h"
#include "widgets/compare/MetricsTableModel.h"
#include "widgets/compare/ReportExport.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

#include <sys/stat.h>

using namespace lanescope;
using lanescope::test::runCli;

namespace {

struct Word
{
    QRectF box; // points, from the page's top left
    QString text;
};

struct PdfPage
{
    QSizeF size;
    std::vector<Word> words;
};

bool havePoppler()
{
    return !QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty()
           && !QStandardPaths::findExecutable(QStringLiteral("pdfinfo")).isEmpty();
}

QByteArray runTool(const QString &tool, const QStringList &args)
{
    QProcess p;
    p.start(tool, args);
    if (!p.waitForFinished(60000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        return {};
    return p.readAllStandardOutput();
}

// pdftotext -bbox: an XHTML page per PDF page, a box per word.
std::vector<PdfPage> readPdf(const QString &path)
{
    std::vector<PdfPage> pages;
    QXmlStreamReader xml(runTool(QStringLiteral("pdftotext"), {QStringLiteral("-bbox"), path, QStringLiteral("-")}));
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        const QXmlStreamAttributes a = xml.attributes();
        if (xml.name() == QLatin1String("page")) {
            pages.push_back({QSizeF(a.value(QLatin1String("width")).toDouble(), a.value(QLatin1String("height")).toDouble()), {}});
        } else if (xml.name() == QLatin1String("word") && !pages.empty()) {
            const QPointF tl(a.value(QLatin1String("xMin")).toDouble(), a.value(QLatin1String("yMin")).toDouble());
            const QPointF br(a.value(QLatin1String("xMax")).toDouble(), a.value(QLatin1String("yMax")).toDouble());
            pages.back().words.push_back({QRectF(tl, br), xml.readElementText()});
        }
    }
    return pages;
}

QString squashed(QString s)
{
    static const QRegularExpression space(QStringLiteral("\\s+"));
    return s.replace(space, QStringLiteral(" ")).trimmed();
}

} // namespace

class TestReportPages : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_base, m_optimized;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("LanescopeTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_reportpages"));
        QSettings().clear();
        m_base = test::tracePath(QStringLiteral("resnet50-dataloader-baseline.pt.trace.json.gz"));
        m_optimized = test::tracePath(QStringLiteral("resnet50-dataloader-optimized.pt.trace.json.gz"));
        if (!QFileInfo::exists(m_base) || !QFileInfo::exists(m_optimized))
            QSKIP(qPrintable(QStringLiteral("the ResNet-50 pair is not in %1").arg(test::tracesDir())));
        if (!havePoppler())
            QSKIP("pdftotext and pdfinfo (poppler-utils) are not installed: scripts/setup-deps.sh installs them");
    }

    void pageLayout_data()
    {
        QTest::addColumn<QString>("page");
        QTest::addColumn<QString>("orientation");
        QTest::addColumn<QSizeF>("points");
        QTest::newRow("A4 landscape") << QStringLiteral("a4") << QStringLiteral("landscape") << QSizeF(841.89, 595.28);
        QTest::newRow("A4 portrait") << QStringLiteral("a4") << QStringLiteral("portrait") << QSizeF(595.28, 841.89);
        QTest::newRow("Letter landscape") << QStringLiteral("letter") << QStringLiteral("landscape") << QSizeF(792, 612);
        QTest::newRow("Letter portrait") << QStringLiteral("letter") << QStringLiteral("portrait") << QSizeF(612, 792);
    }
    void pageLayout()
    {
        QFETCH(QString, page);
        QFETCH(QString, orientation);
        QFETCH(QSizeF, points);
        const QString pdf = m_dir.filePath(QStringLiteral("%1-%2.pdf").arg(page, orientation));
        const test::CliRun r = runCli({QStringLiteral("export"), m_base, QStringLiteral("--compare"), m_optimized, QStringLiteral("--labels"),
                                      QStringLiteral("baseline,optimized"), QStringLiteral("--report"), pdf, QStringLiteral("--page"), page,
                                      QStringLiteral("--orientation"), orientation, QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject report = QJsonDocument::fromJson(r.out).object().value(QLatin1String("report")).toObject();
        QCOMPARE(report.value(QLatin1String("path")).toString(), pdf);
        QCOMPARE(report.value(QLatin1String("page")).toString(), page);
        QCOMPARE(report.value(QLatin1String("orientation")).toString(), orientation);

        const std::vector<PdfPage> pages = readPdf(pdf);
        QCOMPARE(int(pages.size()), report.value(QLatin1String("pages")).toInt());
        QVERIFY(!pages.empty());
        const QByteArray info = runTool(QStringLiteral("pdfinfo"), {pdf});
        const QRegularExpressionMatch count = QRegularExpression(QStringLiteral("Pages:\\s+(\\d+)")).match(QString::fromUtf8(info));
        QVERIFY2(count.hasMatch(), info.constData());
        QCOMPARE(count.captured(1).toInt(), int(pages.size()));
        const qreal margin = ReportExport::kMarginPt;
        for (const PdfPage &p : pages) {
            QVERIFY2(std::abs(p.size.width() - points.width()) < 1 && std::abs(p.size.height() - points.height()) < 1,
                     qPrintable(QStringLiteral("%1 x %2").arg(p.size.width()).arg(p.size.height())));
            for (const Word &w : p.words) // nothing outside the margins
                QVERIFY2(w.box.left() >= margin - 1 && w.box.right() <= p.size.width() - margin + 1, qPrintable(w.text));
        }

        // Text size: a word's box is its font's ascent to descent, the same multiple of the size
        // for one font; the title's 14 pt gives the multiple.
        const Word &title = pages.front().words.front();
        QVERIFY2(title.text == QLatin1String("baseline"), qPrintable(title.text));
        const qreal perPt = title.box.height() / 14;
        QVERIFY(perPt > 0.8 && perPt < 1.6);
        qreal smallest = 1e9;
        QString smallestWord;
        for (const PdfPage &p : pages)
            for (const Word &w : p.words)
                if (w.box.height() / perPt < smallest) {
                    smallest = w.box.height() / perPt;
                    smallestWord = w.text;
                }
        qInfo("%s %s: %d pages, smallest text %.2f pt (\"%s\")", qPrintable(page), qPrintable(orientation), int(pages.size()), smallest,
              qPrintable(smallestWord));
        QVERIFY2(smallest >= ReportExport::kMinTextPt - 0.25, qPrintable(QStringLiteral("%1 pt: %2").arg(smallest).arg(smallestWord)));

        // The picture spans the printable width: its words (lane labels at the left, the ruler's
        // times to the right) lie between the runs' lines and the table's header.
        const PdfPage &first = pages.front();
        qreal picTop = 0, picBottom = first.size.height();
        for (const Word &w : first.words) {
            if (w.text.contains(QLatin1String("optimized.pt.trace.json")))
                picTop = std::max(picTop, w.box.bottom());
            if (w.text == QLatin1String("Metric"))
                picBottom = std::min(picBottom, w.box.top());
        }
        QVERIFY(picTop > 0);
        qreal left = 1e9, right = 0;
        for (const Word &w : first.words)
            if (w.box.top() > picTop && w.box.bottom() < picBottom) {
                left = std::min(left, w.box.left());
                right = std::max(right, w.box.right());
            }
        const qreal printable = first.size.width() - 2 * margin;
        qInfo("picture's words from %.1f to %.1f pt of a printable %.1f to %.1f", left, right, margin, margin + printable);
        QVERIFY2(left - margin < 0.05 * printable, qPrintable(QString::number(left)));
        QVERIFY2(right - margin > 0.85 * printable, qPrintable(QString::number(right)));

        // The table's header on every page the table continues on.
        int firstTablePage = -1;
        for (int i = 0; i < int(pages.size()); ++i) {
            const bool header = std::any_of(pages[std::size_t(i)].words.begin(), pages[std::size_t(i)].words.end(),
                                            [](const Word &w) { return w.text == QLatin1String("Metric"); });
            if (firstTablePage < 0 && header)
                firstTablePage = i;
            if (firstTablePage >= 0)
                QVERIFY2(header, qPrintable(QStringLiteral("page %1 has no table header").arg(i + 1)));
        }
        QVERIFY(firstTablePage >= 0);
        // Each page says which it is.
        for (int i = 0; i < int(pages.size()); ++i) {
            QString all;
            for (const Word &w : pages[std::size_t(i)].words)
                all += w.text + QLatin1Char(' ');
            QVERIFY2(all.contains(QStringLiteral("Page %1 of %2").arg(i + 1).arg(pages.size())), qPrintable(all.right(80)));
        }
    }

    // A timeline taller than the page breaks between lanes: the next page says the picture
    // continues and repeats the time ruler above the lanes it carries on with.
    void manyLanesBreakAcrossPages()
    {
        const QString trace = test::tracePath(QStringLiteral("b200-eager-nccl.json.gz"));
        if (!QFileInfo::exists(trace))
            QSKIP("b200-eager-nccl.json.gz is not in the traces folder");
        const QString pdf = m_dir.filePath(QStringLiteral("all-lanes.pdf"));
        const test::CliRun r = runCli({QStringLiteral("export"), trace, QStringLiteral("--lanes"), QStringLiteral("all"), QStringLiteral("--report"), pdf,
                                      QStringLiteral("--page"), QStringLiteral("a4"), QStringLiteral("--orientation"), QStringLiteral("portrait")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const std::vector<PdfPage> pages = readPdf(pdf);
        QVERIFY2(pages.size() >= 2, qPrintable(QString::number(pages.size())));
        // The ruler's first time label, "0 ms" (two words), on both pages; the caption on the second.
        for (int i = 0; i < 2; ++i) {
            QString all;
            for (const Word &w : pages[std::size_t(i)].words)
                all += w.text + QLatin1Char(' ');
            QVERIFY2(all.contains(QLatin1String(" 0 ms ")), qPrintable(QStringLiteral("page %1: %2").arg(i + 1).arg(all.left(300))));
            if (i == 1)
                QVERIFY2(all.contains(QLatin1String("(continued)")), qPrintable(all.left(300)));
        }
    }

    // One function writes both: the window's report of the pair and the command line's hold the
    // same table, row for row.
    void windowAndCommandLineAgree()
    {
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        QSignalSpy loaded(&w, &MainWindow::loadFinished);
        w.openFiles({m_base, m_optimized}, {QStringLiteral("baseline"), QStringLiteral("optimized")});
        QVERIFY(loaded.wait(120000));
        QVERIFY(loaded.at(0).at(0).toBool());
        QVERIFY(QTest::qWaitFor([&] { return !w.comparisonDock()->isBusy() && w.comparisonDock()->metricsModel()->rowCount() > 0; }, 120000));
        const QString gui = m_dir.filePath(QStringLiteral("window.pdf"));
        QString error;
        QStringList drawn;
        QVERIFY2(w.writeReport(gui, QPageSize::A4, &error, &drawn), qPrintable(error));
        const QString cli = m_dir.filePath(QStringLiteral("cli.pdf"));
        const test::CliRun r = runCli({QStringLiteral("export"), m_base, QStringLiteral("--compare"), m_optimized, QStringLiteral("--labels"),
                                      QStringLiteral("baseline,optimized"), QStringLiteral("--report"), cli, QStringLiteral("--page"),
                                      QStringLiteral("a4")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QString cliText = squashed(QString::fromUtf8(runTool(QStringLiteral("pdftotext"), {QStringLiteral("-raw"), cli, QStringLiteral("-")})));
        const QString guiText = squashed(QString::fromUtf8(runTool(QStringLiteral("pdftotext"), {QStringLiteral("-raw"), gui, QStringLiteral("-")})));
        int rows = 0;
        for (const QString &line : drawn) {
            if (!line.contains(QLatin1Char('\t')))
                continue;
            ++rows;
            const QString row = squashed(QString(line).replace(QLatin1Char('\t'), QLatin1Char(' ')));
            QVERIFY2(guiText.contains(row), qPrintable(row));
            QVERIFY2(cliText.contains(row), qPrintable(row));
        }
        QCOMPARE(rows, w.comparisonDock()->metricsModel()->rowCount() + 1);
    }

    // Misuse: said in one line, exit 2, nothing written; a FIFO is never replaced.
    void misuse_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("says");
        QTest::newRow("not a pdf") << QStringList{QStringLiteral("--report"), QStringLiteral("OUT/r.png")} << QStringLiteral("a report is a PDF");
        QTest::newRow("page without report") << QStringList{QStringLiteral("-o"), QStringLiteral("OUT/p.png"), QStringLiteral("--page"), QStringLiteral("a4")}
                                             << QStringLiteral("go with --report");
        QTest::newRow("bad page") << QStringList{QStringLiteral("--report"), QStringLiteral("OUT/r.pdf"), QStringLiteral("--page"), QStringLiteral("a3")}
                                  << QStringLiteral("--page takes a4 or letter");
        QTest::newRow("bad orientation") << QStringList{QStringLiteral("--report"), QStringLiteral("OUT/r.pdf"), QStringLiteral("--orientation"),
                                                        QStringLiteral("sideways")}
                                         << QStringLiteral("--orientation takes landscape or portrait");
        QTest::newRow("report over -o") << QStringList{QStringLiteral("-o"), QStringLiteral("OUT/same.pdf"), QStringLiteral("--report"),
                                                       QStringLiteral("OUT/same.pdf")}
                                        << QStringLiteral("same.pdf");
        QTest::newRow("report over the trace") << QStringList{QStringLiteral("--report"), QStringLiteral("TRACE")} << QStringLiteral("TRACE");
        QTest::newRow("fifo") << QStringList{QStringLiteral("--report"), QStringLiteral("OUT/fifo.pdf")} << QStringLiteral("FIFO");
    }
    void misuse()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, says);
        QTemporaryDir out;
        QVERIFY(out.isValid());
        const QString fifo = out.filePath(QStringLiteral("fifo.pdf"));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        for (QString &a : args) {
            a.replace(QLatin1String("OUT"), out.path());
            if (a == QLatin1String("TRACE"))
                a = m_base;
        }
        const test::CliRun r = runCli(QStringList{QStringLiteral("export"), m_base} + args, {}, 60000);
        QVERIFY2(r.exitCode == 2, qPrintable(QStringLiteral("exit %1: %2").arg(r.exitCode).arg(QString::fromUtf8(r.err))));
        QVERIFY2(QString::fromUtf8(r.err).contains(says), r.err.constData());
        QCOMPARE(QDir(out.path()).entryList(QDir::Files | QDir::System | QDir::NoDotAndDotDot), QStringList{QStringLiteral("fifo.pdf")});
        struct stat st = {};
        QCOMPARE(::lstat(QFile::encodeName(fifo).constData(), &st), 0);
        QVERIFY(S_ISFIFO(st.st_mode));
    }
};

QTEST_MAIN(TestReportPages)
#include "tst_reportpages.moc"
