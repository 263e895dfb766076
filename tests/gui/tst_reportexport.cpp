// SPDX-License-Identifier: GPL-3.0-or-later
// File > Report…: PDF pages (A4 or Letter) with the picture, the run labels and the metrics
// table. Read back without a PDF text extractor: the page count and size from the
// PDF's page objects, the words from the lines the painter reports it drew and from the SVG the
// same paint function writes. A comparison's rows are the comparison model's display text (its
// values and deltas); a failed write leaves the old file; the main window's Report on a comparison.
#include "app/gui/MainWindow.h"

#include "core/analysis/run/Analysis.h"
#include "widgets/analysis/AnalysisDock.h"
#include "core/analysis/compare/CompareTraces.h"
#include "widgets/compare/ComparisonDock.h"
#include "widgets/compare/MetricsTableModel.h"
#include "widgets/compare/ReportExport.h"
#include "core/parse/TraceLoader.h"
#include "widgets/render/LaneLayout.h"
#include "widgets/view/Session.h"
#include "widgets/render/TraceViewIndex.h"
#include "core/synth/TraceSynth.h"
#include "widgets/timeline/TimelineView.h"

#include <QFile>
#include <QLocale>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

#include <sys/stat.h>

using namespace lanescope;

namespace {

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The page objects of a PDF ("/Type /Page", not "/Pages") and their MediaBox sizes in points.
QList<QSizeF> pdfPages(const QByteArray &pdf)
{
    QList<QSizeF> pages;
    const QString text = QString::fromLatin1(pdf);
    static const QRegularExpression page(QStringLiteral("/Type\\s*/Page\\b(?!s)"));
    static const QRegularExpression box(QStringLiteral("/MediaBox\\s*\\[\\s*([-\\d.]+)\\s+([-\\d.]+)\\s+([-\\d.]+)\\s+([-\\d.]+)\\s*\\]"));
    auto it = page.globalMatch(text);
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        // The page's dictionary: from the previous "obj" to the next "endobj".
        const int from = int(text.lastIndexOf(QLatin1String(" obj"), m.capturedStart()));
        const int to = int(text.indexOf(QLatin1String("endobj"), m.capturedEnd()));
        const QRegularExpressionMatch b = box.match(text.mid(from, to - from));
        pages << (b.hasMatch() ? QSizeF(b.captured(3).toDouble() - b.captured(1).toDouble(), b.captured(4).toDouble() - b.captured(2).toDouble())
                               : QSizeF());
    }
    return pages;
}

QStringList svgTexts(const QByteArray &svg)
{
    QStringList out;
    QXmlStreamReader xml(svg);
    while (!xml.atEnd())
        if (xml.readNext() == QXmlStreamReader::Characters && !xml.isWhitespace())
            out << xml.text().toString();
    if (xml.hasError())
        out << QStringLiteral("XML ERROR: ") + xml.errorString();
    return out;
}

bool writeBytes(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

} // namespace

class TestReportExport : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QStringList m_paths; // the synthetic baseline and tuned runs
    std::vector<std::shared_ptr<Trace>> m_traces;
    std::vector<std::shared_ptr<const TraceViewIndex>> m_indexes;
    analysis::TracesComparison m_cmp;
    MetricsTableModel m_model;
    LaneLayout m_layout;

    ReportInput input() const
    {
        ReportInput in;
        in.runLines = {QStringLiteral("baseline — ") + m_paths.at(0), QStringLiteral("tuned — ") + m_paths.at(1)};
        in.picture.layout = &m_layout;
        in.picture.windowStart = 0;
        in.picture.windowRange = double(m_traces[0]->maxTs - m_traces[0]->minTs);
        in.picture.labels = {QStringLiteral("baseline"), QStringLiteral("tuned")};
        for (std::size_t i = 0; i < 2; ++i) {
            in.picture.runs.push_back({m_traces[i].get(), m_indexes[i].get(), m_traces[i]->minTs - m_cmp.result.alignment.runs[i].offsetNs});
            in.picture.analyses.push_back(&m_cmp.analyses[i]);
        }
        in.picture.analysis = &m_cmp.analyses[0];
        in.pictureOptions.width = 1400;
        in.metrics = &m_model;
        return in;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("LanescopeTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_reportexport"));
        QSettings().clear();
        const synth::Scenario scenarios[] = {synth::Scenario::Baseline, synth::Scenario::Tuned};
        const char *names[] = {"baseline", "tuned"};
        for (int i = 0; i < 2; ++i) {
            synth::SynthConfig c;
            c.scenario = scenarios[i];
            c.layers = 16;
            const QString path = m_dir.filePath(QStringLiteral("%1.pt.trace.json").arg(QString::fromLatin1(names[i])));
            QVERIFY(writeBytes(path, QByteArray::fromStdString(synth::synthesize(c).traces.at(0))));
            m_paths << path;
            m_traces.push_back(loadTrace(path).trace);
            QVERIFY(m_traces.back());
            m_indexes.push_back(TraceViewIndex::build(*m_traces.back()));
        }
        m_cmp = analysis::compareTraces({{QStringLiteral("baseline"), m_paths.at(0), m_traces[0].get()},
                                         {QStringLiteral("tuned"), m_paths.at(1), m_traces[1].get()}},
                                        {}, {});
        QVERIFY2(m_cmp.error.isEmpty(), qPrintable(m_cmp.error));
        m_model.setComparison(&m_cmp.result);
        QVERIFY(m_model.rowCount() > 5);
        m_layout.build({{m_traces[0].get(), QStringLiteral("baseline"), true}, {m_traces[1].get(), QStringLiteral("tuned"), true}});
    }

    void pageSizeByLocale()
    {
        QCOMPARE(ReportExport::defaultPageSize(QLocale(QLocale::English, QLocale::UnitedStates)), QPageSize::Letter);
        QCOMPARE(ReportExport::defaultPageSize(QLocale(QLocale::German, QLocale::Germany)), QPageSize::A4);
        const QSizeF a4 = ReportExport::pageSizePt(QPageSize::A4);
        QVERIFY(a4.width() > a4.height()); // landscape
        QCOMPARE(qRound(a4.width()), 842);
        QCOMPARE(qRound(a4.height()), 595);
    }

    void onePdfPage_data()
    {
        QTest::addColumn<int>("page");
        QTest::addColumn<QSize>("points");
        QTest::newRow("A4") << int(QPageSize::A4) << QSize(842, 595);
        QTest::newRow("Letter") << int(QPageSize::Letter) << QSize(792, 612);
    }
    void onePdfPage()
    {
        QFETCH(int, page);
        QFETCH(QSize, points);
        const QString path = m_dir.filePath(QStringLiteral("report-%1.pdf").arg(page));
        QString error;
        QStringList drawn;
        QVERIFY2(ReportExport::write(path, input(), QPageSize::PageSizeId(page), &error, &drawn), qPrintable(error));
        const QByteArray pdf = readAll(path);
        QVERIFY(pdf.startsWith("%PDF-"));
        // As many pages as the layout takes (the picture spans the page's width at a legible
        // size, the table continues on the next page), each of the paper asked for.
        const QList<QSizeF> pages = pdfPages(pdf);
        QCOMPARE(pages.size(), ReportExport::pageCount(input(), ReportExport::pageSizePt(QPageSize::PageSizeId(page))));
        for (const QSizeF &p : pages)
            QCOMPARE(p.toSize(), points);

        // The run labels and the title drawn.
        QVERIFY2(drawn.contains(QStringLiteral("baseline — ") + m_paths.at(0)), qPrintable(drawn.join(QLatin1Char('\n'))));
        QVERIFY(drawn.contains(QStringLiteral("tuned — ") + m_paths.at(1)));
        QVERIFY(drawn.front().startsWith(QStringLiteral("baseline vs tuned")));
        // The table: header, then every row as the comparison's model displays it (values, deltas).
        QVERIFY(drawn.contains(QStringLiteral("Metric\tbaseline\ttuned\tΔ tuned")));
        const int step = m_model.rowOf(QStringLiteral("step_time_us"));
        QVERIFY(step >= 0);
        QStringList cells;
        for (int c = 0; c < m_model.columnCount(); ++c)
            cells << m_model.data(m_model.index(step, c), Qt::DisplayRole).toString().trimmed();
        QVERIFY(cells.at(3).contains(QLatin1Char('%'))); // a delta with its per cent
        QVERIFY2(drawn.contains(cells.join(QLatin1Char('\t'))), qPrintable(cells.join(QLatin1Char('\t'))));
        int rows = 0;
        for (const QString &line : drawn)
            rows += line.count(QLatin1Char('\t')) == m_model.columnCount() - 1;
        QCOMPARE(rows, m_model.rowCount() + 1);
    }

    // The same paint as SVG: every word of the page as text, and the picture inside it.
    void svgOfThePage()
    {
        const QStringList texts = svgTexts(ReportExport::svg(input(), QPageSize::A4));
        const QString all = texts.join(QLatin1Char('\n'));
        QVERIFY2(!all.contains(QStringLiteral("XML ERROR")), qPrintable(all.right(200)));
        QVERIFY(texts.contains(QStringLiteral("tuned — ") + m_paths.at(1)));
        QVERIFY(texts.contains(QStringLiteral("Compute-stream idle")));
        QVERIFY(texts.contains(QStringLiteral("All-GPU idle")));
        // (Δ and − come from a fallback font: the SVG may split a cell there, so those are read squashed.)
        QString squashed = all;
        squashed.remove(QLatin1Char('\n'));
        QVERIFY(squashed.contains(QStringLiteral("Δ tuned")));
        const int idle = m_model.rowOf(QStringLiteral("idle_pct"));
        const QString idleDelta = m_model.data(m_model.index(idle, m_model.deltaColumn(1)), Qt::DisplayRole).toString();
        QVERIFY2(squashed.contains(idleDelta), qPrintable(idleDelta));
        // The picture's own words: its lane group headers and its figure lines.
        QVERIFY(std::any_of(texts.begin(), texts.end(), [](const QString &t) { return t.startsWith(QStringLiteral("tuned · GPU")); }));
        QVERIFY(std::any_of(texts.begin(), texts.end(), [](const QString &t) { return t.startsWith(QStringLiteral("baseline: ")); }));
    }

    // A failed write leaves the old report as it was.
    void failedWriteKeepsTheOldFile()
    {
        const QString path = m_dir.filePath(QStringLiteral("old.pdf"));
        QVERIFY(writeBytes(path, "old report"));
        QString error;
        ReportInput nothing;
        QVERIFY(!ReportExport::write(path, nothing, QPageSize::A4, &error));
        QVERIFY(error.contains(QStringLiteral("nothing to report")));
        QCOMPARE(readAll(path), QByteArray("old report"));

        const QString dir = m_dir.filePath(QStringLiteral("readonly"));
        QVERIFY(QDir().mkpath(dir));
        const QString kept = dir + QStringLiteral("/report.pdf");
        QVERIFY(writeBytes(kept, "old report"));
        QVERIFY(QFile::setPermissions(dir, QFileDevice::ReadOwner | QFileDevice::ExeOwner));
        const bool wrote = ReportExport::write(kept, input(), QPageSize::A4, &error);
        QFile::setPermissions(dir, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        if (wrote)
            QSKIP("running as root (or with CAP_DAC_OVERRIDE): a read-only folder is still writable");
        QVERIFY2(error.contains(kept), qPrintable(error));
        QCOMPARE(readAll(kept), QByteArray("old report"));
        QCOMPARE(QDir(dir).entryList(QDir::Files), QStringList{QStringLiteral("report.pdf")}); // no temporary left
    }

    // The report replaces only a regular file: a FIFO or a device node at the path chosen in the
    // Report dialog stays what it is, and a link is not written through onto its target.
    void nonRegularFileIsNotReplaced()
    {
        const QString fifo = m_dir.filePath(QStringLiteral("fifo.pdf"));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        QString error;
        QVERIFY(!ReportExport::write(fifo, input(), QPageSize::A4, &error));
        QVERIFY2(error.contains(fifo) && error.contains(QStringLiteral("FIFO")), qPrintable(error));
        struct stat st = {};
        QCOMPARE(::lstat(QFile::encodeName(fifo).constData(), &st), 0);
        QVERIFY(S_ISFIFO(st.st_mode));

        const QString victim = m_dir.filePath(QStringLiteral("victim.pdf"));
        QVERIFY(writeBytes(victim, "someone else's"));
        const QString link = m_dir.filePath(QStringLiteral("link.pdf"));
        QVERIFY(QFile::link(victim, link));
        QVERIFY(!ReportExport::write(link, input(), QPageSize::A4, &error));
        QVERIFY2(error.contains(QStringLiteral("symbolic link")), qPrintable(error));
        QVERIFY(QFileInfo(link).isSymLink());
        QCOMPARE(readAll(victim), QByteArray("someone else's"));
    }

    // The main window's Report of a comparison: refused with nothing open, one page once measured.
    void mainWindowReport()
    {
        MainWindow w;
        QString error;
        QVERIFY(!w.writeReport(m_dir.filePath(QStringLiteral("none.pdf")), QPageSize::A4, &error));
        QVERIFY(!error.isEmpty());
        QVERIFY(!QFileInfo::exists(m_dir.filePath(QStringLiteral("none.pdf"))));
        w.resize(1400, 900);
        w.show();
        QSignalSpy loaded(&w, &MainWindow::loadFinished);
        w.openFiles(m_paths, {QStringLiteral("baseline"), QStringLiteral("tuned")});
        QVERIFY(loaded.wait(60000));
        QVERIFY(loaded.at(0).at(0).toBool());
        QVERIFY(QTest::qWaitFor([&] { return !w.comparisonDock()->isBusy() && w.comparisonDock()->metricsModel()->rowCount() > 0; }, 60000));
        const QString path = m_dir.filePath(QStringLiteral("window.pdf"));
        QVERIFY2(w.writeReport(path, QPageSize::Letter, &error), qPrintable(error));
        const QList<QSizeF> pages = pdfPages(readAll(path));
        QVERIFY(!pages.isEmpty());
        for (const QSizeF &p : pages)
            QCOMPARE(p.toSize(), QSize(792, 612));
    }

    // An annotation the user drew on a CPU thread's lane is in the report's picture: the report
    // draws the lanes as shown, not the GPU lanes alone.
    void reportDrawsAnAnnotationOnACpuLane()
    {
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        QSignalSpy loaded(&w, &MainWindow::loadFinished);
        w.openFile(m_paths.at(0));
        QVERIFY(loaded.wait(60000));
        QVERIFY(loaded.at(0).at(0).toBool());
        QVERIFY(QTest::qWaitFor([&] { return w.session()->run(0).analysis && !w.analysisDock()->isBusy(); }, 60000));
        const LaneLayout &layout = w.timelineView()->laneLayout();
        QString cpuLane;
        for (int i = 0; i < int(layout.lanes().size()) && cpuLane.isEmpty(); ++i)
            if (layout.laneKey(i).startsWith(QLatin1String("cpu:")) && layout.isLaneVisible(i))
                cpuLane = layout.laneKey(i);
        QVERIFY2(!cpuLane.isEmpty(), "the window shows a CPU thread");
        const Trace &t = *w.trace();
        const double mid = w.timelineView()->visibleStartNs() + (w.timelineView()->visibleEndNs() - w.timelineView()->visibleStartNs()) / 2;
        annotations::Annotation rect;
        rect.kind = annotations::Kind::Rect;
        rect.text = QStringLiteral("the CPU thread waits here");
        rect.a = {TimeNs(mid) - t.minTs, cpuLane, 0};
        rect.b = {TimeNs(mid) - t.minTs + 2'000'000, cpuLane, 1};
        w.session()->annotations(0)->add(rect);
        w.session()->notifyAnnotationsChanged(0);
        QString error;
        QStringList drawn;
        const QString path = m_dir.filePath(QStringLiteral("cpu-note.pdf"));
        QVERIFY2(w.writeReport(path, QPageSize::A4, &error, &drawn), qPrintable(error));
        QVERIFY2(drawn.contains(rect.text), qPrintable(drawn.join(QLatin1Char('\n'))));
        w.session()->annotations(0)->clear();
        w.session()->notifyAnnotationsChanged(0);
    }
};

QTEST_MAIN(TestReportExport)
#include "tst_reportexport.moc"
