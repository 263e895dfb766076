// lanescope-cli export (issue 9): the report picture with no display. Runs the real binary with
// DISPLAY, WAYLAND_DISPLAY and QT_QPA_PLATFORM removed from its environment, then decodes what it
// wrote: a PNG of the asked width with slice colours in it, SVG that parses with the title as
// text, a one-page PDF; the window options, the lanes, --json, and bad usage / unreadable input
// as exit 2 / 3 with one line on stderr.
#include "CliRun.h"
#include "TestTraces.h"

#include <QFile>
#include <QImage>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

namespace {

using Run = lanescope::test::CliRun;

// As a CI job or a cron script runs it: no display, no platform chosen, no runtime folder.
Run cli(const QStringList &args)
{
    return lanescope::test::runCli(args, {QStringLiteral("DISPLAY"), QStringLiteral("WAYLAND_DISPLAY"),
                                          QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("XDG_RUNTIME_DIR")},
                                   120000);
}

} // namespace

class TestCliExport : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_trace;

private slots:
    void initTestCase()
    {
        m_trace = lanescope::test::tracePath(QStringLiteral("a100-2rank-nccl.json.gz"));
        if (!QFileInfo::exists(m_trace))
            QSKIP(qPrintable(QStringLiteral("real trace %1 not found (set LANESCOPE_TRACES_DIR): skipped").arg(m_trace)));
        QVERIFY(m_dir.isValid());
    }

    void pngWithoutADisplay()
    {
        const QString out = m_dir.filePath(QStringLiteral("a.png"));
        const Run r = cli({QStringLiteral("export"), m_trace, QStringLiteral("-o"), out, QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.err.isEmpty(), r.err.constData()); // no Qt platform chatter
        QJsonParseError e;
        const QJsonObject j = QJsonDocument::fromJson(r.out, &e).object();
        QCOMPARE(e.error, QJsonParseError::NoError);
        const QImage img(out);
        QVERIFY(!img.isNull());
        QCOMPARE(img.width(), 1920); // the default
        QCOMPARE(img.width(), j.value(QStringLiteral("width")).toInt());
        QCOMPARE(img.height(), j.value(QStringLiteral("height")).toInt());
        QCOMPARE(j.value(QStringLiteral("from_us")).toDouble(), 0.0); // the whole trace
        QVERIFY(j.value(QStringLiteral("to_us")).toDouble() > 700000);
        QCOMPARE(j.value(QStringLiteral("bytes")).toInteger(), QFileInfo(out).size());
        // Something is drawn: many colours, not a blank page.
        QSet<QRgb> colours;
        for (int y = 0; y < img.height(); y += 2)
            for (int x = 0; x < img.width(); x += 2)
                colours.insert(img.pixel(x, y));
        QVERIFY2(colours.size() > 20, qPrintable(QString::number(colours.size())));
    }

    void lanesAndWindow_data()
    {
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<int>("width");
        QTest::addColumn<bool>("moreLanes");
        QTest::newRow("gpu lanes, 3840") << QStringList{QStringLiteral("--width"), QStringLiteral("3840")} << 3840 << false;
        QTest::newRow("all lanes") << QStringList{QStringLiteral("--lanes"), QStringLiteral("all")} << 1920 << true;
        QTest::newRow("a step") << QStringList{QStringLiteral("--step"), QStringLiteral("5")} << 1920 << false;
        QTest::newRow("a window") << QStringList{QStringLiteral("--from-us"), QStringLiteral("1000"), QStringLiteral("--to-us"),
                                                 QStringLiteral("51000")}
                                  << 1920 << false;
    }
    void lanesAndWindow()
    {
        QFETCH(QStringList, extra);
        QFETCH(int, width);
        QFETCH(bool, moreLanes);
        const QString out = m_dir.filePath(QStringLiteral("w.png"));
        const Run base = cli({QStringLiteral("export"), m_trace, QStringLiteral("-o"), out, QStringLiteral("--json")});
        const Run r = cli(QStringList{QStringLiteral("export"), m_trace, QStringLiteral("-o"), out, QStringLiteral("--json")} + extra);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject b = QJsonDocument::fromJson(base.out).object(), j = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(QImage(out).width(), width);
        QCOMPARE(j.value(QStringLiteral("lanes")).toInt() > b.value(QStringLiteral("lanes")).toInt(), moreLanes);
        if (extra.contains(QStringLiteral("--from-us"))) {
            QCOMPARE(j.value(QStringLiteral("from_us")).toDouble(), 1000.0);
            QCOMPARE(j.value(QStringLiteral("to_us")).toDouble(), 51000.0);
        }
        if (extra.contains(QStringLiteral("--step"))) {
            const double span = j.value(QStringLiteral("to_us")).toDouble() - j.value(QStringLiteral("from_us")).toDouble();
            QVERIFY(span < b.value(QStringLiteral("to_us")).toDouble() / 2); // one step of three
            QVERIFY(span > 100000);
        }
    }

    void svgAndPdf()
    {
        const QString svg = m_dir.filePath(QStringLiteral("a.svg"));
        Run r = cli({QStringLiteral("export"), m_trace, QStringLiteral("-o"), svg});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QFile f(svg);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&f);
        QString text;
        while (!xml.atEnd())
            if (xml.readNext() == QXmlStreamReader::Characters)
                text += xml.text().toString();
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QVERIFY(text.contains(QStringLiteral("a100-2rank-nccl.json.gz · rank 0/2")));
        QVERIFY(text.contains(QStringLiteral("GPU idle")));
        QVERIFY(text.contains(QStringLiteral("stream 7")));

        const QString pdf = m_dir.filePath(QStringLiteral("a.pdf"));
        r = cli({QStringLiteral("export"), m_trace, QStringLiteral("-o"), pdf, QStringLiteral("--no-metrics")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QFile pf(pdf);
        QVERIFY(pf.open(QIODevice::ReadOnly));
        const QString bytes = QString::fromLatin1(pf.readAll());
        QVERIFY(bytes.startsWith(QStringLiteral("%PDF-")));
        QCOMPARE(int(bytes.count(QRegularExpression(QStringLiteral("/Type\\s*/Page\\b")))), 1);
    }

    void badUsageAndUnreadable_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("message");
        const QString t = lanescope::test::tracePath(QStringLiteral("a100-2rank-nccl.json.gz"));
        const QString png = QDir::temp().filePath(QStringLiteral("lanescope-never.png"));
        QTest::newRow("no -o") << QStringList{QStringLiteral("export"), t} << 2 << QStringLiteral("-o OUT");
        QTest::newRow("bmp") << QStringList{QStringLiteral("export"), t, QStringLiteral("-o"), QStringLiteral("x.bmp")} << 2
                             << QStringLiteral("unknown picture format");
        QTest::newRow("half a window") << QStringList{QStringLiteral("export"), t, QStringLiteral("-o"), png, QStringLiteral("--from-us"),
                                                      QStringLiteral("5")}
                                       << 2 << QStringLiteral("go together");
        QTest::newRow("backwards") << QStringList{QStringLiteral("export"), t, QStringLiteral("-o"), png, QStringLiteral("--from-us"),
                                                  QStringLiteral("9"), QStringLiteral("--to-us"), QStringLiteral("5")}
                                   << 2 << QStringLiteral("after");
        QTest::newRow("narrow") << QStringList{QStringLiteral("export"), t, QStringLiteral("-o"), png, QStringLiteral("--width"),
                                               QStringLiteral("100")}
                                << 2 << QStringLiteral("--width");
        QTest::newRow("no such step") << QStringList{QStringLiteral("export"), t, QStringLiteral("-o"), png, QStringLiteral("--step"),
                                                     QStringLiteral("999")}
                                      << 2 << QStringLiteral("ProfilerStep#999");
        QTest::newRow("no such trace") << QStringList{QStringLiteral("export"), QStringLiteral("/nonexistent.json"), QStringLiteral("-o"), png}
                                       << 3 << QStringLiteral("nonexistent");
        QTest::newRow("unwritable") << QStringList{QStringLiteral("export"), t, QStringLiteral("-o"), QStringLiteral("/nonexistent/dir/a.png")}
                                    << 3 << QStringLiteral("cannot write");
    }
    void badUsageAndUnreadable()
    {
        QFETCH(QStringList, args);
        QFETCH(int, code);
        QFETCH(QString, message);
        const Run r = cli(args);
        QCOMPARE(r.exitCode, code);
        const QString err = QString::fromUtf8(r.err);
        QCOMPARE(int(err.count(QLatin1Char('\n'))), 1);
        QVERIFY2(err.contains(message), qPrintable(err));
        QVERIFY(!QFileInfo::exists(QDir::temp().filePath(QStringLiteral("lanescope-never.png"))));
    }
};

QTEST_GUILESS_MAIN(TestCliExport)
#include "tst_cli_export.moc"
