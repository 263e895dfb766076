// SPDX-License-Identifier: GPL-3.0-or-later
// The dark theme and the window's dialogs (AppStyle, FileDialogs): an unchecked check box's frame
// and a radio button's ring stand out from the field behind them (a contrast of at least 3:1, WCAG's
// for the parts of a control; Fusion drew them about the field's own colour), measured on the
// pixels drawn; Qt's own file dialog opens wide enough to read a folder, its Type column whole.
#include "app/gui/Preferences.h"
#include "widgets/AppStyle.h"
#include "widgets/FileDialogs.h"

#include <QApplication>
#include <QCheckBox>
#include <QFile>
#include <QFileDialog>
#include <QHeaderView>
#include <QRadioButton>
#include <QScreen>
#include <QSettings>
#include <QStandardPaths>
#include <QStyleOptionButton>
#include <QTemporaryDir>
#include <QTimer>
#include <QTreeView>
#include <QtTest>

using namespace lanescope;

namespace {

// The most contrasting pixel against `base` on each side of `r` (within a pixel of it), the least
// of the four: a frame that shows on every side has them all high.
double frameContrast(const QImage &img, const QRect &r, const QColor &base)
{
    const auto best = [&](int x0, int y0, int x1, int y1) {
        double b = 1;
        for (int y = std::max(0, y0); y <= std::min(img.height() - 1, y1); ++y)
            for (int x = std::max(0, x0); x <= std::min(img.width() - 1, x1); ++x)
                b = std::max(b, AppStyle::contrast(img.pixelColor(x, y), base));
        return b;
    };
    const int mx = r.center().x(), my = r.center().y();
    return std::min({best(mx - 1, r.top() - 1, mx + 1, r.top() + 1), best(mx - 1, r.bottom() - 2, mx + 1, r.bottom() + 1),
                     best(r.left() - 1, my - 1, r.left() + 1, my + 1), best(r.right() - 2, my - 1, r.right() + 1, my + 1)});
}

} // namespace

class TestDarkTheme : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("LanescopeTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_darktheme"));
        QSettings().clear();
        QApplication::setStyle(QStringLiteral("Fusion")); // where the desktop has no style of its own
        installAppStyle();                               // as main() does
    }
    void cleanupTestCase()
    {
        applyTheme(Theme::Light);
        QSettings().clear();
    }

    void indicatorFrameStandsOut_data()
    {
        QTest::addColumn<bool>("radio");
        QTest::addColumn<bool>("enabled");
        QTest::newRow("check box") << false << true;
        QTest::newRow("radio button") << true << true;
    }
    void indicatorFrameStandsOut()
    {
        QFETCH(bool, radio);
        QFETCH(bool, enabled);
        applyTheme(Theme::Dark);
        QWidget w;
        w.resize(420, 60);
        QAbstractButton *button = radio ? static_cast<QAbstractButton *>(new QRadioButton(QStringLiteral("Only within GEMM-to-GEMM windows"), &w))
                                        : new QCheckBox(QStringLiteral("Only within GEMM-to-GEMM windows"), &w);
        button->move(10, 10);
        button->setEnabled(enabled);
        button->setChecked(false);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const QColor base = button->palette().color(QPalette::Base);
        QVERIFY2(AppStyle::contrast(base, QColor(Qt::black)) < 3, "the dark palette's base is dark");
        // The colour the style means to draw, and what is drawn.
        QVERIFY(AppStyle::contrast(AppStyle::indicatorFrame(button->palette()), base) >= 3.0);
        const QImage img = button->grab().toImage();
        QStyleOptionButton opt;
        opt.initFrom(button);
        opt.text = button->text();
        const QRect indicator = button->style()->subElementRect(radio ? QStyle::SE_RadioButtonIndicator : QStyle::SE_CheckBoxIndicator, &opt, button);
        QVERIFY(!indicator.isEmpty());
        const double c = frameContrast(img, indicator, base);
        if (!qEnvironmentVariableIsEmpty("LANESCOPE_TEST_PICTURES"))
            img.save(QStringLiteral("%1/darktheme-%2.png").arg(qEnvironmentVariable("LANESCOPE_TEST_PICTURES"), QLatin1String(QTest::currentDataTag())));
        QVERIFY2(c >= 3.0, qPrintable(QStringLiteral("the unchecked indicator's frame: contrast %1:1 on its base").arg(c, 0, 'f', 2)));
    }

    // Qt's own file dialog (no desktop dialog here): wide enough to read a folder, a type's name whole.
    void fileDialogIsWide()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        for (const char *name : {"resnet50-nw0-baseline.pt.trace.json.gz", "notes.txt"}) {
            QFile f(dir.filePath(QString::fromLatin1(name)));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("x");
        }
        QSize size;
        int typeWidth = -1, typeNeed = 0;
        QTimer poll;
        poll.setInterval(20);
        connect(&poll, &QTimer::timeout, this, [&] {
            auto *d = qobject_cast<QFileDialog *>(QApplication::activeModalWidget());
            if (!d)
                return;
            size = d->size();
            if (!qEnvironmentVariableIsEmpty("LANESCOPE_TEST_PICTURES")) // to look at it
                d->grab().save(QStringLiteral("%1/darktheme-filedialog.png").arg(qEnvironmentVariable("LANESCOPE_TEST_PICTURES")));
            if (auto *tree = d->findChild<QTreeView *>(QStringLiteral("treeView"))) {
                typeWidth = tree->header()->sectionSize(2);
                typeNeed = tree->fontMetrics().horizontalAdvance(QStringLiteral("Gzip archive")) + 16;
            }
            d->reject();
        });
        poll.start();
        const QString picked = FileDialogs::getOpenFileName(nullptr, QStringLiteral("Open Trace"), dir.path(),
                                                            QStringLiteral("Traces (*.json *.json.gz);;All files (*)"));
        poll.stop();
        QVERIFY(picked.isEmpty()); // rejected
        // At least FileDialogs::kMinWidth x kMinHeight where the screen has room (the offscreen
        // platform's is 800 x 600: then the screen less the frame).
        const QSize room = QApplication::primaryScreen()->availableGeometry().size() - QSize(32, 64);
        const QString got = QStringLiteral("%1 x %2 on a %3 x %4 screen").arg(size.width()).arg(size.height()).arg(room.width() + 32).arg(room.height() + 64);
        QVERIFY2(size.width() >= std::min(FileDialogs::kMinWidth, room.width()), qPrintable(got));
        QVERIFY2(size.height() >= std::min(FileDialogs::kMinHeight, room.height()), qPrintable(got));
        QVERIFY2(size.width() >= 700, qPrintable(got)); // Qt's own opened about 470 px wide
        QVERIFY2(typeWidth >= typeNeed, qPrintable(QStringLiteral("Type column %1 px, a type's name needs %2").arg(typeWidth).arg(typeNeed)));
    }
};

QTEST_MAIN(TestDarkTheme)
#include "tst_darktheme.moc"
