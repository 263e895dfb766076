// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/gui/Preferences.h"

#include "app/gui/PeakTableEditor.h"
#include "widgets/analysis/PeakOverrideStore.h"

#include "core/annotations/AnnotationStore.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QPalette>
#include <QPlainTextEdit>
#include <QSettings>
#include <QSpinBox>
#include <QStyle>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>

namespace lanescope {

namespace {
const QString kThemeKey = QStringLiteral("preferences/theme");
const QString kLanguageKey = QStringLiteral("preferences/language");
const QString kGapKey = QStringLiteral("analysis/gapThresholdNs");
const QString kGemmKey = QStringLiteral("analysis/gemmOnly");
const QString kFolderMemoryKey = QStringLiteral("preferences/folderMemoryMb");
const QString kAnnotationsKey = QStringLiteral("preferences/annotationsInDataFolder");
constexpr TimeNs kMinGapNs = 1'000; // AnalysisDock::kMinGapNs (the dock clamps to it as well)

QString themeName(Theme t)
{
    switch (t) {
    case Theme::Light: return QStringLiteral("light");
    case Theme::Dark: return QStringLiteral("dark");
    case Theme::System: break;
    }
    return QStringLiteral("system");
}

Theme themeFromName(const QString &name)
{
    if (name == QLatin1String("light"))
        return Theme::Light;
    if (name == QLatin1String("dark"))
        return Theme::Dark;
    return Theme::System;
}

QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x2b, 0x2d, 0x30), base(0x1e, 0x1f, 0x22), text(0xe6, 0xe6, 0xe6);
    const QColor disabled(0x80, 0x80, 0x80), highlight(0x3d, 0x7a, 0xd6);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, base);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, disabled);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::red);
    p.setColor(QPalette::Light, window.lighter(150));
    p.setColor(QPalette::Midlight, window.lighter(125));
    p.setColor(QPalette::Mid, window.darker(120));
    p.setColor(QPalette::Dark, window.darker(150));
    p.setColor(QPalette::Shadow, Qt::black);
    p.setColor(QPalette::Link, QColor(0x6c, 0xa8, 0xff));
    p.setColor(QPalette::LinkVisited, QColor(0xb0, 0x8c, 0xff));
    p.setColor(QPalette::Highlight, highlight);
    p.setColor(QPalette::HighlightedText, Qt::white);
    for (QPalette::ColorRole r : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, r, disabled);
    return p;
}
} // namespace

Preferences Preferences::load()
{
    const QSettings s;
    Preferences p;
    p.theme = themeFromName(s.value(kThemeKey).toString());
    const QString lang = s.value(kLanguageKey).toString();
    p.language = (lang == QLatin1String("en") || lang == QLatin1String("zh_CN")) ? lang : QString();
    bool ok = false;
    const qlonglong gap = s.value(kGapKey).toLongLong(&ok);
    if (ok && gap >= kMinGapNs)
        p.gapThresholdNs = gap; // anything else stored (hand-edited, damaged) leaves the default
    p.gemmOnly = s.value(kGemmKey, true).toBool();
    const qlonglong folderMb = s.value(kFolderMemoryKey).toLongLong(&ok);
    if (ok && folderMb > 0 && folderMb <= kMaxFolderMemoryMb)
        p.folderMemoryMb = folderMb; // anything else stored: automatic
    p.peakOverrides = PeakOverrideStore::instance()->overrides();
    p.editor = EditorSettings::load();
    p.annotationsInDataFolder = s.value(kAnnotationsKey, false).toBool();
    return p;
}

void Preferences::save() const
{
    QSettings s;
    s.setValue(kThemeKey, themeName(theme));
    s.setValue(kLanguageKey, language);
    saveGapThreshold(gapThresholdNs);
    saveGemmOnly(gemmOnly);
    s.setValue(kFolderMemoryKey, qlonglong(std::clamp<qint64>(folderMemoryMb, 0, kMaxFolderMemoryMb)));
    PeakOverrideStore::instance()->setOverrides(peakOverrides); // every MFU panel follows
    editor.save();
    s.setValue(kAnnotationsKey, annotationsInDataFolder);
}

void Preferences::saveGapThreshold(TimeNs gapThresholdNs)
{
    QSettings().setValue(kGapKey, qlonglong(std::max(kMinGapNs, gapThresholdNs)));
}

void Preferences::saveGemmOnly(bool gemmOnly) { QSettings().setValue(kGemmKey, gemmOnly); }

void applyTheme(Theme theme)
{
    // The system's palette is whatever the application had before we first changed it.
    static const QPalette systemPalette = QApplication::palette();
    switch (theme) {
    case Theme::System: QApplication::setPalette(systemPalette); break;
    case Theme::Light: QApplication::setPalette(QApplication::style()->standardPalette()); break;
    case Theme::Dark: QApplication::setPalette(darkPalette()); break;
    }
}

QLocale uiLocale()
{
    const QString lang = Preferences::load().language;
    return lang.isEmpty() ? QLocale() : QLocale(lang);
}

PreferencesDialog::PreferencesDialog(const Preferences &prefs, QWidget *parent)
    : QDialog(parent)
    , m_theme(new QComboBox(this))
    , m_language(new QComboBox(this))
    , m_gapMs(new QDoubleSpinBox(this))
    , m_kernels(new QComboBox(this))
    , m_folderMb(new QSpinBox(this))
    , m_peaks(new PeakTableEditor(prefs.peakOverrides, this))
    , m_editorCommand(new QLineEdit(this))
    , m_pathMap(new QPlainTextEdit(this))
    , m_annotations(new QComboBox(this))
{
    setWindowTitle(tr("Preferences"));
    setObjectName(QStringLiteral("preferencesDialog"));
    m_peaks->showIgnored(PeakOverrideStore::instance()->ignored());
    m_theme->addItem(tr("Follow the system"), int(Theme::System));
    m_theme->addItem(tr("Light"), int(Theme::Light));
    m_theme->addItem(tr("Dark"), int(Theme::Dark));
    m_theme->setCurrentIndex(std::max(0, m_theme->findData(int(prefs.theme))));

    m_language->addItem(tr("System language"), QString());
    m_language->addItem(QStringLiteral("English"), QStringLiteral("en"));       // each in its own script
    m_language->addItem(QStringLiteral("简体中文"), QStringLiteral("zh_CN"));
    m_language->setCurrentIndex(std::max(0, m_language->findData(prefs.language)));

    m_gapMs->setDecimals(3);
    m_gapMs->setRange(double(kMinGapNs) / 1e6, 100e3);
    m_gapMs->setSuffix(tr(" ms"));
    m_gapMs->setValue(double(prefs.gapThresholdNs) / 1e6);

    // As the Analysis dock's check box "Only within GEMM-to-GEMM windows" says it.
    m_kernels->addItem(tr("All gaps"), false);
    m_kernels->addItem(tr("Only within GEMM-to-GEMM windows"), true);
    m_kernels->setCurrentIndex(prefs.gemmOnly ? 1 : 0);

    // 0 reads as the automatic choice; the step is a quarter of a GiB.
    static_assert(Preferences::kMaxFolderMemoryMb <= std::numeric_limits<int>::max(), "QSpinBox holds an int");
    m_folderMb->setRange(0, int(Preferences::kMaxFolderMemoryMb));
    m_folderMb->setSingleStep(256);
    m_folderMb->setSuffix(tr(" MiB"));
    m_folderMb->setSpecialValueText(tr("Automatic: half of the memory available"));
    m_folderMb->setValue(int(std::clamp<qint64>(prefs.folderMemoryMb, 0, m_folderMb->maximum())));
    m_folderMb->setObjectName(QStringLiteral("folderMemoryBox"));

    auto *languageNote = new QLabel(tr("The language changes at the next start of Lanescope."), this);
    languageNote->setWordWrap(true);
    languageNote->setEnabled(false);
    auto *analysisNote = new QLabel(tr("New windows and traces start with this threshold and filter; "
                                       "changing them in the Analysis dock changes them here too."),
                                    this);
    analysisNote->setWordWrap(true);
    analysisNote->setEnabled(false);

    auto *form = new QFormLayout(this);
    form->addRow(tr("&Theme:"), m_theme);
    form->addRow(tr("&Language:"), m_language);
    form->addRow(QString(), languageNote);
    form->addRow(tr("Idle &gap threshold:"), m_gapMs);
    form->addRow(tr("&Kernel filter:"), m_kernels);
    form->addRow(QString(), analysisNote);
    auto *folderNote = new QLabel(tr("A folder of ranks that would take more opens as the job's summary, and a "
                                     "rank's timeline loads when you pick it. LANESCOPE_FOLDER_MEMORY_MB, "
                                     "where set, wins over this."),
                                  this);
    folderNote->setWordWrap(true);
    folderNote->setEnabled(false);
    form->addRow(tr("&Memory for a folder of ranks:"), m_folderMb);
    form->addRow(QString(), folderNote);
    m_annotations->setObjectName(QStringLiteral("annotationsBox"));
    m_annotations->addItem(tr("Next to the trace"), false);
    m_annotations->addItem(tr("In Lanescope's data folder"), true);
    m_annotations->setCurrentIndex(prefs.annotationsInDataFolder ? 1 : 0);
    auto *annotationsNote = new QLabel(tr("Next to the trace: TRACE.lanescope.json, or the data folder where the trace's "
                                          "folder cannot be written. The data folder: %1, one file per trace.")
                                           .arg(QDir::toNativeSeparators(annotations::AnnotationStore::dataFolder())),
                                       this);
    annotationsNote->setWordWrap(true);
    annotationsNote->setEnabled(false);
    form->addRow(tr("Keep &annotations:"), m_annotations);
    form->addRow(QString(), annotationsNote);
    // Open in editor: empty means the default, which the placeholder spells.
    m_editorCommand->setObjectName(QStringLiteral("editorCommandBox"));
    m_editorCommand->setText(prefs.editor.command);
    const QString defaultCommand = EditorLauncher::defaultCommand();
    m_editorCommand->setPlaceholderText(defaultCommand.isEmpty() ? tr("The desktop's handler for the file (no line)")
                                                                 : defaultCommand);
    m_pathMap->setObjectName(QStringLiteral("pathMapBox"));
    m_pathMap->setPlainText(EditorSettings::pathMapText(prefs.editor.pathMap));
    m_pathMap->setPlaceholderText(QStringLiteral("/workspace/ -> ~/src/"));
    m_pathMap->setTabChangesFocus(true);
    m_pathMap->setFixedHeight(m_pathMap->fontMetrics().lineSpacing() * 3 + 12); // three mappings in view
    auto *editorNote = new QLabel(tr("{file} and {line} are replaced; the command runs without a shell. A Python "
                                     "frame's path starting with a path map's left side is looked for under its "
                                     "right side, one \"FROM -> TO\" per line; Open in Editor is offered where "
                                     "that file exists."),
                                  this);
    editorNote->setWordWrap(true);
    editorNote->setEnabled(false);
    form->addRow(tr("&Editor command:"), m_editorCommand);
    form->addRow(tr("P&ath map:"), m_pathMap);
    form->addRow(QString(), editorNote);
    auto *peaks = new QGroupBox(tr("GPU &peaks and bandwidths"), this);
    auto *peaksLayout = new QVBoxLayout(peaks);
    peaksLayout->addWidget(m_peaks);
    peaks->setMinimumHeight(400); // a dozen rows of the table in view
    form->addRow(peaks);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    form->addRow(buttons);
    setMinimumWidth(900); // the GPU table: nine figures per row
}

Preferences PreferencesDialog::preferences() const
{
    Preferences p;
    p.theme = Theme(m_theme->currentData().toInt());
    p.language = m_language->currentData().toString();
    p.gapThresholdNs = std::max(kMinGapNs, TimeNs(std::llround(m_gapMs->value() * 1e6)));
    p.gemmOnly = m_kernels->currentData().toBool();
    p.folderMemoryMb = m_folderMb->value();
    p.peakOverrides = m_peaks->overrides();
    p.editor.command = m_editorCommand->text().trimmed();
    p.editor.pathMap = EditorSettings::parsePathMap(m_pathMap->toPlainText());
    p.annotationsInDataFolder = m_annotations->currentData().toBool();
    return p;
}

} // namespace lanescope
