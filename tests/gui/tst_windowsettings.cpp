// SPDX-License-Identifier: GPL-3.0-or-later
// Window settings, headless: the window's geometry, dock layout and the Analysis dock's options
// remembered across windows; File > Reload and the banner when the shown file changes on disk;
// Help > Keyboard Shortcuts against the window's own actions; About's libraries and licences;
// Preferences stored, read back and applied; the GPU peak table's overrides in every MFU figure.
#include "app/gui/AboutBox.h"
#include "app/gui/MainWindow.h"
#include "app/gui/PeakTableEditor.h"
#include "app/gui/Preferences.h"
#include "app/gui/ShortcutsDialog.h"
#include "widgets/WarningBanner.h"
#include "app/gui/WindowSettings.h"

#include "widgets/analysis/AnalysisDock.h"
#include "widgets/analysis/MfuPanel.h"
#include "widgets/analysis/PeakOverrideStore.h"
#include "widgets/compare/ComparisonDock.h"
#include "widgets/render/LaneLayout.h"
#include "widgets/timeline/TimelineView.h"
#include "core/util/BuildInfo.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QSpinBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMenu>
#include <QScopeGuard>
#include <QTranslator>
#include <QPushButton>
#include <QScrollBar>
#include <QTableWidget>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QToolBar>
#include <QTreeWidget>
#include <QtTest>

using namespace lanescope;

namespace {

// Two kernels on one stream with a 20 ms gap between them (and a CPU thread).
QByteArray traceJson(int secondKernelTs, const QByteArray &process = "train.py")
{
    return QByteArrayLiteral(R"({"traceEvents": [
    {"ph": "M", "name": "process_name", "pid": 5, "tid": 0, "args": {"name": ")") + process + QByteArrayLiteral(R"("}},
    {"ph": "M", "name": "thread_name", "pid": 5, "tid": 6, "args": {"name": "worker"}},
    {"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 5, "tid": 6, "ts": 1, "dur": 2},
    {"ph": "X", "cat": "kernel", "name": "sm90_gemm", "pid": 0, "tid": 7, "ts": 10, "dur": 8, "args": {"device": 0, "stream": 7}},
    {"ph": "X", "cat": "kernel", "name": "sm90_gemm", "pid": 0, "tid": 7, "ts": )")
        + QByteArray::number(secondKernelTs) + QByteArrayLiteral(R"(, "dur": 8, "args": {"device": 0, "stream": 7}}
]})");
}

// On an A100 (the table's 312 TFLOPS): two ProfilerSteps, a GEMM in each; the first (the one
// complete step: the last is left out, as in HTA) lasts 10 ms + `shiftUs`, so two files differ in
// step time.
QByteArray a100Trace(int shiftUs)
{
    const QByteArray dur1 = QByteArray::number(10000 + shiftUs), ts2 = QByteArray::number(10000 + shiftUs),
                     k2 = QByteArray::number(10100 + shiftUs);
    return QByteArrayLiteral(R"({"schemaVersion": 1, "deviceProperties": [{"id": 0, "name": "NVIDIA A100-SXM4-80GB"}],
  "traceEvents": [
    {"ph": "X", "cat": "user_annotation", "name": "ProfilerStep#1", "pid": 5, "tid": 6, "ts": 0, "dur": )")
        + dur1 + QByteArrayLiteral(R"(},
    {"ph": "X", "cat": "user_annotation", "name": "ProfilerStep#2", "pid": 5, "tid": 6, "ts": )")
        + ts2 + QByteArrayLiteral(R"(, "dur": 10000},
    {"ph": "X", "cat": "kernel", "name": "sm80_xmma_gemm_bf16", "pid": 0, "tid": 7, "ts": 100, "dur": )")
        + QByteArray::number(9000 + shiftUs) + QByteArrayLiteral(R"(, "args": {"device": 0, "stream": 7}},
    {"ph": "X", "cat": "kernel", "name": "sm80_xmma_gemm_bf16", "pid": 0, "tid": 7, "ts": )")
        + k2 + QByteArrayLiteral(R"(, "dur": 9000, "args": {"device": 0, "stream": 7}}
]})");
}

constexpr int kLoadTimeoutMs = 20000;

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

} // namespace

class TestDailyUse : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QStandardPaths::setTestModeEnabled(true); // never the user's settings
        QCoreApplication::setOrganizationName(QStringLiteral("LanescopeTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_windowsettings"));
    }
    void init() { QSettings().clear(); }
    void cleanupTestCase() { QSettings().clear(); }

    void everyDockAndToolBarIsNamed()
    {
        MainWindow w;
        QVERIFY(!w.findChildren<QDockWidget *>().isEmpty());
        QVERIFY(!w.findChildren<QToolBar *>().isEmpty());
        QCOMPARE(WindowSettings::unnamedDocksAndToolBars(&w), QStringList());
        // And they are unique: saveState places them by name.
        QSet<QString> names;
        for (const QDockWidget *d : w.findChildren<QDockWidget *>())
            names.insert(d->objectName());
        for (const QToolBar *t : w.findChildren<QToolBar *>())
            names.insert(t->objectName());
        QCOMPARE(names.size(), w.findChildren<QDockWidget *>().size() + w.findChildren<QToolBar *>().size());
    }

    // Within one menu no two items share a mnemonic (the Edit menu had F twice, Find and
    // Preferences, and C twice, Copy Picture and Colour): the second could not be reached by key.
    void menuMnemonicsAreUnique_data()
    {
        QTest::addColumn<QString>("language");
        QTest::newRow("English") << QString();
        QTest::newRow("Simplified Chinese") << QStringLiteral("zh_CN"); // its own (&X) choices
    }

    void menuMnemonicsAreUnique()
    {
        QFETCH(QString, language);
        QTranslator translator;
        if (!language.isEmpty()) {
            // The catalogue main() loads from the application's resources, as the build left it.
            QVERIFY(translator.load(QLocale(language), QStringLiteral("lanescope"), QStringLiteral("_"),
                                    QStringLiteral(LANESCOPE_GUI_QM_DIR)));
            QVERIFY(QCoreApplication::installTranslator(&translator));
        }
        const auto removeTranslator = qScopeGuard([&] { QCoreApplication::removeTranslator(&translator); });
        MainWindow w;
        QStringList clashes;
        int checked = 0;
        for (QMenu *menu : w.menuBar()->findChildren<QMenu *>()) {
            QHash<QKeySequence, QString> seen;
            for (const QAction *a : menu->actions()) {
                if (a->isSeparator() || !a->isVisible())
                    continue;
                const QKeySequence m = QKeySequence::mnemonic(a->text()); // Alt+letter, as Qt reads "&&"
                if (m.isEmpty())
                    continue;
                ++checked;
                if (seen.contains(m))
                    clashes << QStringLiteral("%1: '%2' and '%3'").arg(menu->title(), seen.value(m), a->text());
                else
                    seen.insert(m, a->text());
            }
        }
        QVERIFY(checked > 20);
        if (!language.isEmpty()) // the catalogue was in use
            QCOMPARE(w.menuBar()->actions().first()->text(), QStringLiteral("文件(&F)"));
        QVERIFY2(clashes.isEmpty(), qPrintable(clashes.join(QLatin1String("; "))));
    }

    void geometryAndDocksRestored()
    {
        QSize size;
        {
            MainWindow w;
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            w.resize(1111, 777);
            auto *legend = w.findChild<QDockWidget *>(QStringLiteral("legendDock"));
            auto *summary = w.findChild<QDockWidget *>(QStringLiteral("summaryDock"));
            QVERIFY(legend && summary);
            QCOMPARE(w.dockWidgetArea(summary), Qt::RightDockWidgetArea);
            w.addDockWidget(Qt::LeftDockWidgetArea, summary); // moved by the user
            legend->hide();                                   // closed by the user
            QTRY_COMPARE(w.size(), QSize(1111, 777));
            size = w.size();
            QVERIFY(w.close()); // closeEvent saves
        }
        QVERIFY(QSettings().contains(QStringLiteral("window/state")));
        MainWindow w2;
        w2.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w2));
        QTRY_COMPARE(w2.size(), size);
        auto *summary = w2.findChild<QDockWidget *>(QStringLiteral("summaryDock"));
        QCOMPARE(w2.dockWidgetArea(summary), Qt::LeftDockWidgetArea);
        QVERIFY(w2.findChild<QDockWidget *>(QStringLiteral("legendDock"))->isHidden());
        QVERIFY(!w2.findChild<QDockWidget *>(QStringLiteral("summaryDock"))->isHidden());
        // Contextual docks stay hidden until there is a comparison or a folder.
        QVERIFY(w2.comparisonDock()->isHidden());
    }

    void damagedLayoutIsIgnored()
    {
        QSettings().setValue(QStringLiteral("window/state"), QByteArray("not a state"));
        QSettings().setValue(QStringLiteral("window/geometry"), QByteArray("nor a geometry"));
        MainWindow w; // no crash, the default layout
        QCOMPARE(w.size(), QSize(1400, 900));
        QCOMPARE(w.dockWidgetArea(w.findChild<QDockWidget *>(QStringLiteral("summaryDock"))), Qt::RightDockWidgetArea);
    }

    void gapThresholdAndKernelFilterRemembered()
    {
        {
            MainWindow w;
            QCOMPARE(w.analysisDock()->gapThresholdNs(), AnalysisDock::kDefaultGapNs);
            QVERIFY(w.analysisDock()->gemmGapsOnly()); // the default, as lanescope-cli's --gap-kernels gemm
            // As the user types it: the box in its unit (ms by default).
            QDoubleSpinBox *box = w.analysisDock()->gapThresholdBox();
            box->setValue(box->value() == 7.5 ? 8.5 : 7.5);
            QCOMPARE(w.analysisDock()->gapThresholdNs(), TimeNs(std::llround(box->value() * 1e6)));
            w.analysisDock()->findChild<QCheckBox *>(QStringLiteral("gapGemmOnly"))->setChecked(false);
        }
        const TimeNs stored = Preferences::load().gapThresholdNs;
        QCOMPARE(stored, TimeNs(7'500'000));
        QVERIFY(!Preferences::load().gemmOnly);
        {
            MainWindow w;
            QCOMPARE(w.analysisDock()->gapThresholdNs(), stored);
            QVERIFY(!w.analysisDock()->gemmGapsOnly());
            // --gap-ms: main.cpp sets it after the window restored its own; that is not remembered.
            w.analysisDock()->setGapThresholdNs(2'000'000);
            QCOMPARE(w.analysisDock()->gapThresholdNs(), TimeNs(2'000'000));
        }
        QCOMPARE(Preferences::load().gapThresholdNs, stored);
        // A damaged value leaves the default.
        QSettings().setValue(QStringLiteral("analysis/gapThresholdNs"), QStringLiteral("lots"));
        MainWindow w;
        QCOMPARE(w.analysisDock()->gapThresholdNs(), AnalysisDock::kDefaultGapNs);
    }

    void laneCollapseRememberedPerKind()
    {
        const QString path = m_dir.filePath(QStringLiteral("collapse.json"));
        const QString other = m_dir.filePath(QStringLiteral("other-kind.json"));
        QVERIFY(writeFile(path, traceJson(30'010)));
        QVERIFY(writeFile(other, traceJson(30'010, "serve.py")));
        const auto open = [](MainWindow &w, const QString &file) {
            QSignalSpy loaded(&w, &MainWindow::loadFinished);
            w.openFile(file);
            return loaded.wait(kLoadTimeoutMs) && loaded.first().at(0).toBool();
        };
        const auto gpuGroup = [](const TimelineView *v) {
            const auto &groups = v->laneLayout().groups();
            for (std::size_t i = 0; i < groups.size(); ++i)
                if (groups[i].gpu)
                    return int(i);
            return -1;
        };
        const auto clickHeader = [](TimelineView *v, int group) {
            const LaneGroup &g = v->laneLayout().groups()[std::size_t(group)];
            // The header's top in layout coordinates, under the lanes area's top and the scroll.
            const int y = v->lanesRect().top() + g.y - v->verticalScrollBar()->value() + LaneLayout::kGroupHeaderHeight / 2;
            QTest::mouseClick(v->viewport(), Qt::LeftButton, {}, QPoint(v->lanesRect().left() + 40, y));
        };
        {
            MainWindow w;
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            QVERIFY(open(w, path));
            TimelineView *v = w.timelineView();
            const int gi = gpuGroup(v);
            QVERIFY(gi >= 0);
            QVERIFY(v->laneLayout().groups().size() >= 2);
            QVERIFY(!v->laneLayout().groups()[std::size_t(gi)].collapsed);
            clickHeader(v, gi); // as the user collapses it
            QVERIFY(v->laneLayout().groups()[std::size_t(gi)].collapsed);
            QTest::qWait(20); // the window remembers once the click is handled
        }
        {
            MainWindow w;
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            QVERIFY(open(w, path));
            TimelineView *v = w.timelineView();
            const int gi = gpuGroup(v);
            for (std::size_t i = 0; i < v->laneLayout().groups().size(); ++i)
                QCOMPARE(v->laneLayout().groups()[i].collapsed, int(i) == gi); // only the one collapsed
            // Another kind of trace (another process) starts expanded.
            QVERIFY(open(w, other));
            for (const LaneGroup &g : v->laneLayout().groups())
                QVERIFY(!g.collapsed);
            // Expanded again by the user: remembered as well.
            QVERIFY(open(w, path));
            QVERIFY(v->laneLayout().groups()[std::size_t(gpuGroup(v))].collapsed);
            clickHeader(v, gpuGroup(v));
            QVERIFY(!v->laneLayout().groups()[std::size_t(gpuGroup(v))].collapsed);
            QTest::qWait(20);
        }
        MainWindow w;
        w.show();
        QVERIFY(open(w, path));
        for (const LaneGroup &g : w.timelineView()->laneLayout().groups())
            QVERIFY(!g.collapsed);
    }

    void changedFileOffersReload()
    {
        const QString path = m_dir.filePath(QStringLiteral("fsdp.json"));
        QVERIFY(writeFile(path, traceJson(30'010)));
        MainWindow w;
        w.show();
        QVERIFY(!w.reloadAction()->isEnabled()); // nothing to reload yet
        QCOMPARE(w.reloadAction()->shortcut(), QKeySequence(Qt::Key_F5));
        QSignalSpy loaded(&w, &MainWindow::loadFinished);
        w.openFile(path);
        QVERIFY(loaded.wait(kLoadTimeoutMs));
        QCOMPARE(loaded.takeFirst().at(0).toBool(), true);
        QVERIFY(w.reloadAction()->isEnabled());
        QVERIFY(w.warningBanner()->notice().isEmpty());
        const auto before = w.trace();
        const qint64 endBefore = before->maxTs;

        // Written again by the profiler, replaced as a save does (write beside, rename over).
        QTest::qWait(50);
        const QString tmp = path + QStringLiteral(".new");
        QVERIFY(writeFile(tmp, traceJson(60'010)));
        QVERIFY(QFile::remove(path));
        QVERIFY(QFile::rename(tmp, path));
        QTRY_VERIFY_WITH_TIMEOUT(!w.warningBanner()->notice().isEmpty(), 5000);
        QVERIFY(w.warningBanner()->isVisible());
        QVERIFY(w.warningBanner()->notice().contains(QStringLiteral("fsdp.json changed on disk")));
        QPushButton *button = w.warningBanner()->noticeButton();
        QVERIFY(button->isVisible());
        QCOMPARE(button->text(), QStringLiteral("Reload"));
        QTest::qWait(200);
        QCOMPARE(w.trace(), before); // never reloaded silently
        QCOMPARE(loaded.count(), 0);

        QTest::mouseClick(button, Qt::LeftButton);
        QVERIFY(loaded.wait(kLoadTimeoutMs));
        QCOMPARE(loaded.takeFirst().at(0).toBool(), true);
        QVERIFY(w.trace() != before);
        QVERIFY(w.trace()->maxTs > endBefore); // the new content
        QVERIFY(w.warningBanner()->notice().isEmpty());
        QVERIFY(w.warningBanner()->isHidden());

        // Still watched after the rename: a second change is noticed too, and F5's action reloads.
        QTest::qWait(50);
        QVERIFY(writeFile(path, traceJson(90'010)));
        QTRY_VERIFY_WITH_TIMEOUT(!w.warningBanner()->notice().isEmpty(), 5000);
        w.reloadAction()->trigger();
        QVERIFY(loaded.wait(kLoadTimeoutMs));
        QVERIFY(w.trace()->maxTs > endBefore + 30'000'000 - 1);

        // Removed: said so, with nothing to press.
        QVERIFY(QFile::remove(path));
        QTRY_VERIFY_WITH_TIMEOUT(w.warningBanner()->notice().contains(QStringLiteral("removed")), 5000);
        QVERIFY(!w.warningBanner()->noticeButton()->isVisible());
    }

    void shortcutsDialogListsEveryShortcut()
    {
        MainWindow w;
        w.show();
        ShortcutsDialog dialog(&w);
        QTreeWidgetItem *section = dialog.actionSection();
        QStringList rows;
        for (int i = 0; i < section->childCount(); ++i)
            rows << section->child(i)->text(0) + QLatin1Char('|') + section->child(i)->text(1);
        // Every action in the window with a shortcut, found independently of the dialog's walk.
        int withShortcut = 0;
        for (const QAction *a : w.findChildren<QAction *>()) {
            if (a->shortcut().isEmpty())
                continue;
            ++withShortcut;
            const QString text = ShortcutsDialog::plainText(a);
            const QString keys = a->shortcut().toString(QKeySequence::NativeText);
            const bool listed = std::any_of(rows.begin(), rows.end(), [&](const QString &r) {
                return r.startsWith(text + QLatin1Char('|')) && r.contains(keys);
            });
            QVERIFY2(listed, qPrintable(QStringLiteral("%1 (%2) missing from: %3").arg(text, keys, rows.join(QStringLiteral("; ")))));
        }
        QVERIFY(withShortcut >= 10);
        QCOMPARE(section->childCount(), withShortcut); // and nothing else
        QVERIFY(rows.contains(QStringLiteral("Open|") + QKeySequence(QKeySequence::Open).toString(QKeySequence::NativeText)));
        QVERIFY(rows.contains(QStringLiteral("Reload|F5")));
        // The timeline's own keys, as a second section.
        QTreeWidgetItem *timeline = dialog.timelineSection();
        QVERIFY(timeline->childCount() >= 8);
        QCOMPARE(timeline->child(0)->text(1), QStringLiteral("W / S"));
        // One entry in the Help menu.
        int helpEntries = 0;
        for (QAction *top : w.menuBar()->actions())
            if (top->menu())
                for (QAction *a : top->menu()->actions())
                    helpEntries += (a->text().contains(QStringLiteral("Keys")) || a->text().contains(QStringLiteral("Shortcuts"))) ? 1 : 0;
        QCOMPARE(helpEntries, 1);

        // The filter narrows both sections.
        dialog.filterEdit()->setText(QStringLiteral("reload"));
        int shown = 0;
        for (int i = 0; i < section->childCount(); ++i)
            shown += section->child(i)->isHidden() ? 0 : 1;
        QCOMPARE(shown, 1);
        QVERIFY(timeline->isHidden());
        dialog.filterEdit()->setText(QStringLiteral("pan"));
        QVERIFY(!timeline->isHidden());
        QVERIFY(section->isHidden());
        dialog.filterEdit()->clear();
        QVERIFY(!section->isHidden() && !timeline->isHidden());
    }

    void aboutNamesLibrariesAndLicences()
    {
        const QString html = aboutHtml();
        QVERIFY(html.contains(QStringLiteral("GPL-3.0-or-later")));
        QVERIFY(html.contains(QString::fromLatin1(qVersion())));
        for (const QString &entry : libraryVersions().split(QStringLiteral(", "))) {
            const QString name = entry.left(entry.lastIndexOf(QLatin1Char(' ')));
            QVERIFY2(!libraryLicence(name).isEmpty(), qPrintable(name));
            QVERIFY2(html.contains(libraryLicence(name)), qPrintable(name));
            QVERIFY2(html.contains(entry.mid(entry.lastIndexOf(QLatin1Char(' ')) + 1)), qPrintable(entry));
        }
        QCOMPARE(libraryLicence(QStringLiteral("Qt")), QStringLiteral("LGPL-3.0, Qt Charts GPL-3.0"));
        QCOMPARE(libraryLicence(QStringLiteral("RapidJSON")), QStringLiteral("MIT"));
        QCOMPARE(libraryLicence(QStringLiteral("Boost")), QStringLiteral("BSL-1.0"));
        QCOMPARE(libraryLicence(QStringLiteral("ISA-L")), QStringLiteral("BSD-3-Clause"));
    }

    void preferencesRoundTrip()
    {
        Preferences p;
        p.theme = Theme::Dark;
        p.language = QStringLiteral("zh_CN");
        p.gapThresholdNs = 3'250'000;
        p.gemmOnly = true;
        p.folderMemoryMb = 4096;
        p.save();
        const Preferences back = Preferences::load();
        QCOMPARE(back.folderMemoryMb, qint64(4096));
        QCOMPARE(back.theme, Theme::Dark);
        QCOMPARE(back.language, QStringLiteral("zh_CN"));
        QCOMPARE(back.gapThresholdNs, TimeNs(3'250'000));
        QVERIFY(back.gemmOnly);
        QCOMPARE(uiLocale().name(), QStringLiteral("zh_CN"));
        QSettings().setValue(QStringLiteral("preferences/language"), QStringLiteral("klingon"));
        QCOMPARE(Preferences::load().language, QString()); // unknown: the system's
        QCOMPARE(uiLocale(), QLocale());

        // The dialog shows what is stored and gives back what it shows.
        PreferencesDialog dialog(back);
        QCOMPARE(dialog.themeBox()->currentText(), QStringLiteral("Dark"));
        QCOMPARE(dialog.languageBox()->currentText(), QStringLiteral("简体中文"));
        QCOMPARE(dialog.gapBox()->value(), 3.25);
        dialog.themeBox()->setCurrentIndex(dialog.themeBox()->findData(int(Theme::Light)));
        dialog.languageBox()->setCurrentIndex(dialog.languageBox()->findData(QStringLiteral("en")));
        dialog.gapBox()->setValue(40);
        dialog.kernelBox()->setCurrentIndex(0);
        QCOMPARE(dialog.folderMemoryBox()->value(), 4096);
        dialog.folderMemoryBox()->setValue(0); // automatic, and said so
        QCOMPARE(dialog.folderMemoryBox()->text(), QStringLiteral("Automatic: half of the memory available"));
        const Preferences edited = dialog.preferences();
        QCOMPARE(edited.folderMemoryMb, qint64(0));
        QCOMPARE(edited.theme, Theme::Light);
        QCOMPARE(edited.language, QStringLiteral("en"));
        QCOMPARE(edited.gapThresholdNs, TimeNs(40'000'000));
        QVERIFY(!edited.gemmOnly);

        // New windows start with the stored analysis options.
        edited.save();
        QCOMPARE(Preferences::load().folderMemoryMb, qint64(0));
        // A damaged or unbounded budget stored reads as automatic.
        for (const QVariant &bad : {QVariant(QStringLiteral("lots")), QVariant(-5), QVariant(qlonglong(1) << 40)}) {
            QSettings().setValue(QStringLiteral("preferences/folderMemoryMb"), bad);
            QCOMPARE(Preferences::load().folderMemoryMb, qint64(0));
        }
        MainWindow w;
        QCOMPARE(w.analysisDock()->gapThresholdNs(), TimeNs(40'000'000));
        QVERIFY(!w.analysisDock()->gemmGapsOnly());
    }

    void peakOverridesRoundTrip()
    {
        // Nothing stored: every row shows the table's figure, none bold.
        PreferencesDialog dialog(Preferences::load());
        PeakTableEditor *peaks = dialog.peakTable();
        QCOMPARE(peaks->table()->rowCount(), int(analysis::gpuPeakTable().size()));
        const int a100 = peaks->rowOf(QStringLiteral("A100")), h100 = peaks->rowOf(QStringLiteral("H100"));
        QVERIFY(a100 >= 0 && h100 >= 0);
        QCOMPARE(peaks->table()->item(a100, PeakTableEditor::PeakColumn)->text(), QLocale().toString(312.0, 'f', 0));
        QVERIFY(!peaks->isOverridden(a100));
        QVERIFY(peaks->overrides().empty());

        // An edit is an override, shown distinctly, beside Lanescope's figure.
        peaks->setPeak(a100, 280.5);
        peaks->setPeak(h100, 900);
        QVERIFY(peaks->isOverridden(a100));
        QVERIFY(peaks->table()->item(a100, PeakTableEditor::PeakColumn)->font().bold());
        QVERIFY(!peaks->table()->item(peaks->rowOf(QStringLiteral("V100")), PeakTableEditor::PeakColumn)->font().bold());
        QCOMPARE(peaks->table()->item(a100, PeakTableEditor::TableColumn)->text(),
                 QStringLiteral("BF16/FP16: ") + QLocale().toString(312.0, 'f', 0));
        QSignalSpy changed(PeakOverrideStore::instance(), &PeakOverrideStore::changed);
        dialog.preferences().save();
        QCOMPARE(changed.count(), 1);

        // Stored, read back, and shown again by a new dialog.
        const Preferences back = Preferences::load();
        QCOMPARE(int(back.peakOverrides.size()), 2);
        QCOMPARE(analysis::overrideFor("A100", back.peakOverrides), 280.5);
        QCOMPARE(analysis::overrideFor("H100", back.peakOverrides), 900.0);
        QCOMPARE(analysis::overrideFor("A800", back.peakOverrides), 0.0);
        PreferencesDialog again(back);
        QVERIFY(again.peakTable()->isOverridden(a100));
        QCOMPARE(again.peakTable()->overrides().size(), std::size_t(2));

        // Reset takes the selected row back to the table; a damaged value is ignored.
        again.peakTable()->table()->selectRow(a100);
        again.peakTable()->resetSelected();
        QVERIFY(!again.peakTable()->isOverridden(a100));
        QVERIFY(again.peakTable()->isOverridden(h100));
        again.preferences().save();
        QCOMPARE(changed.count(), 2);
        QSettings().setValue(QStringLiteral("preferences/peakTflops/A10"), QStringLiteral("lots"));
        const analysis::PeakOverrides left = Preferences::load().peakOverrides;
        QCOMPARE(int(left.size()), 1);
        QCOMPARE(left.front().match, QStringLiteral("H100"));
        again.peakTable()->resetAll();
        QVERIFY(again.peakTable()->overrides().empty());
    }

    // Every figure of a row is the user's to replace, one column at a time; each is stored on its
    // own, and the bf16 peaks saved before the table had more columns still apply.
    void figureOverridesRoundTrip_data()
    {
        QTest::addColumn<int>("spec");
        QTest::addColumn<double>("table");
        QTest::addColumn<double>("user");
        QTest::newRow("tf32") << int(analysis::GpuSpec::Tf32Tflops) << 156.0 << 140.0;
        QTest::newRow("fp32") << int(analysis::GpuSpec::Fp32Tflops) << 19.5 << 18.0;
        QTest::newRow("fp64") << int(analysis::GpuSpec::Fp64Tflops) << 19.5 << 9.7;
        QTest::newRow("hbm: a 40 GB card") << int(analysis::GpuSpec::HbmTBps) << 2.039 << 1.555;
        QTest::newRow("link: a PCIe card") << int(analysis::GpuSpec::LinkGBps) << 300.0 << 32.0;
    }
    void figureOverridesRoundTrip()
    {
        QFETCH(int, spec);
        QFETCH(double, table);
        QFETCH(double, user);
        const auto s = analysis::GpuSpec(spec);
        PeakOverrideStore::instance()->setOverrides({});
        PreferencesDialog dialog(Preferences::load());
        PeakTableEditor *peaks = dialog.peakTable();
        const int a100 = peaks->rowOf(QStringLiteral("A100"));
        QTableWidgetItem *cell = peaks->table()->item(a100, PeakTableEditor::columnOf(s));
        QCOMPARE(cell->text(), QLocale().toString(table, 'g', 7));
        peaks->setFigure(a100, s, user);
        QVERIFY(peaks->isOverridden(a100, s));
        QVERIFY(!peaks->isOverridden(a100, analysis::GpuSpec::Bf16Tflops));
        QVERIFY(cell->font().bold());
        QVERIFY(peaks->table()->item(a100, PeakTableEditor::TableColumn)->text().endsWith(QLocale().toString(table, 'g', 7)));
        dialog.preferences().save();
        const analysis::PeakOverrides back = Preferences::load().peakOverrides;
        QCOMPARE(int(back.size()), 1);
        QCOMPARE(analysis::overrideFor("A100", back, s), user);
        QCOMPARE(analysis::overrideFor("A100", back), 0.0);
        QCOMPARE(analysis::resolvePeak(QStringLiteral("NVIDIA A100-SXM4-80GB"), back).tflops, 312.0);
        // A bf16 peak stored the way Lanescope always stored it, beside the new figure.
        QSettings().setValue(QStringLiteral("preferences/peakTflops/A100"), 250.0);
        const analysis::PeakOverrides both = Preferences::load().peakOverrides;
        QCOMPARE(int(both.size()), 1);
        QCOMPARE(both.front().tflops, 250.0);
        QCOMPARE(both.front().value(s), user);
        PreferencesDialog again(Preferences::load());
        QVERIFY(again.peakTable()->isOverridden(a100, s));
        QVERIFY(again.peakTable()->isOverridden(a100, analysis::GpuSpec::Bf16Tflops));
        again.peakTable()->resetAll();
        again.preferences().save();
        QVERIFY(Preferences::load().peakOverrides.empty());
    }

    // A figure no GPU has is not taken, stored (hand-edited settings) or typed: the table's figure
    // is used and the Preferences say which figure was left out.
    void implausiblePeakIsRefused_data()
    {
        QTest::addColumn<QString>("stored");
        QTest::newRow("inf") << QStringLiteral("inf");
        QTest::newRow("1e308") << QStringLiteral("1e308");
        QTest::newRow("nan") << QStringLiteral("nan");
        QTest::newRow("1e-12") << QStringLiteral("1e-12");
    }
    void implausiblePeakIsRefused()
    {
        QFETCH(QString, stored);
        PeakOverrideStore::instance()->setOverrides({});
        QSettings().setValue(QStringLiteral("preferences/peakTflops/A100"), stored);
        QVERIFY(Preferences::load().peakOverrides.empty());
        QCOMPARE(analysis::resolvePeak(QStringLiteral("NVIDIA A100-SXM4-80GB"), Preferences::load().peakOverrides).tflops, 312.0);
        const QStringList ignored = PeakOverrideStore::instance()->ignored();
        QCOMPARE(ignored.size(), 1);
        QVERIFY2(ignored.front().contains(stored) && ignored.front().contains(QStringLiteral("A100")), qPrintable(ignored.front()));

        PreferencesDialog dialog(Preferences::load());
        PeakTableEditor *peaks = dialog.peakTable();
        const int a100 = peaks->rowOf(QStringLiteral("A100"));
        QVERIFY(!peaks->isOverridden(a100));
        QCOMPARE(peaks->table()->item(a100, PeakTableEditor::PeakColumn)->text(), QLocale().toString(312.0, 'f', 0));
        QVERIFY2(peaks->warning().contains(QStringLiteral("A100")), qPrintable(peaks->warning()));

        // Typed (or set) in the editor: back to the table's figure at once, with the reason.
        peaks->showIgnored({});
        peaks->setPeak(a100, stored.toDouble());
        QVERIFY(!peaks->isOverridden(a100));
        QVERIFY2(!peaks->warning().isEmpty(), "no warning for an implausible figure");
        peaks->setFigure(a100, analysis::GpuSpec::HbmTBps, 5000); // TB/s: no memory is that fast
        QVERIFY(!peaks->isOverridden(a100, analysis::GpuSpec::HbmTBps));
        QVERIFY(peaks->overrides().empty());
        peaks->setPeak(a100, 280);
        QVERIFY(peaks->isOverridden(a100));
        QVERIFY(peaks->warning().isEmpty());
        QSettings().remove(QStringLiteral("preferences/peakTflops/A100"));
    }

    void peakOverrideChangesEveryMfu()
    {
        const QString a = m_dir.filePath(QStringLiteral("a100-a.json")), b = m_dir.filePath(QStringLiteral("a100-b.json"));
        QVERIFY(writeFile(a, a100Trace(0)) && writeFile(b, a100Trace(2000)));
        MainWindow w;
        w.openFiles({a, b});
        AnalysisDock *dock = w.analysisDock();
        MfuPanel *mfu = dock->mfuPanel();
        QTRY_VERIFY_WITH_TIMEOUT(w.session()->runCount() == 2 && dock->result(), kLoadTimeoutMs);
        QCOMPARE(mfu->tablePeakTflops(), 312.0);
        mfu->setParams(QStringLiteral("1B"));
        mfu->setTokensPerStep(QStringLiteral("4096"));
        auto settled = [&] {
            return QTest::qWaitFor([&] { return !dock->isBusy() && dock->result() && !w.comparisonDock()->isBusy()
                                                && w.comparisonDock()->comparison(); }, kLoadTimeoutMs);
        };
        QVERIFY(settled());
        const analysis::MfuResult before = dock->result()->mfu;
        QVERIFY(before.valid);
        QCOMPARE(before.peakTflops, 312.0);
        const auto &runs = w.comparisonDock()->comparison()->result.runs;
        QCOMPARE(int(runs.size()), 2);
        QVERIFY(runs[0].mfuPct && runs[1].mfuPct);
        const double runA = *runs[0].mfuPct, runB = *runs[1].mfuPct;
        QVERIFY(runA != runB);

        // The user's A100 figure: the panel, the dock's analysis and the comparison all follow.
        Preferences p = Preferences::load();
        p.peakOverrides = {{QStringLiteral("A100"), 156}};
        p.save();
        QCOMPARE(mfu->tablePeakTflops(), 156.0);
        QVERIFY2(mfu->gpuText().contains(QLocale().toString(156.0, 'f', 1)), qPrintable(mfu->gpuText()));
        QVERIFY(QTest::qWaitFor([&] { return dock->result() && dock->result()->mfu.peakTflops == 156.0; }, kLoadTimeoutMs));
        QVERIFY(settled());
        QCOMPARE(dock->result()->mfu.peakSource, QStringLiteral("user"));
        QVERIFY(qAbs(dock->result()->mfu.mfuPct - 2 * before.mfuPct) < 1e-9);
        QCOMPARE(mfu->mfuText(), QStringLiteral("%1 %").arg(QLocale().toString(2 * before.mfuPct, 'f', 1)));
        QVERIFY(QTest::qWaitFor([&] {
            const auto *c = w.comparisonDock()->comparison();
            return !w.comparisonDock()->isBusy() && c && c->result.runs.size() == 2 && c->result.runs[0].mfuPct
                && qAbs(*c->result.runs[0].mfuPct - 2 * runA) < 1e-9;
        }, kLoadTimeoutMs));
        QVERIFY(qAbs(*w.comparisonDock()->comparison()->result.runs[1].mfuPct - 2 * runB) < 1e-9);

        // A peak the user typed into the panel for this file stays; reset, the table's figure is back.
        Preferences none = Preferences::load();
        none.peakOverrides.clear();
        none.save();
        QCOMPARE(mfu->tablePeakTflops(), 312.0);
        QVERIFY(QTest::qWaitFor([&] { return dock->result() && dock->result()->mfu.peakTflops == 312.0; }, kLoadTimeoutMs));
    }

    void themeSwitchesThePalette()
    {
        applyTheme(Theme::System);
        const QPalette system = QApplication::palette();
        applyTheme(Theme::Dark);
        QVERIFY(QApplication::palette().color(QPalette::Window).lightness() < 80);
        QVERIFY(QApplication::palette().color(QPalette::WindowText).lightness() > 180);
        QLabel label(QStringLiteral("x"));
        QVERIFY(label.palette().color(QPalette::Window).lightness() < 80); // widgets follow
        applyTheme(Theme::Light);
        QVERIFY(QApplication::palette().color(QPalette::Window).lightness() > 180);
        QVERIFY(QApplication::palette().color(QPalette::WindowText).lightness() < 80);
        applyTheme(Theme::System);
        QCOMPARE(QApplication::palette().color(QPalette::Window), system.color(QPalette::Window));
    }
};

QTEST_MAIN(TestDailyUse)
#include "tst_windowsettings.moc"
