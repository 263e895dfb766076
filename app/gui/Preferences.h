// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Edit > Preferences: the theme, the language (applied at the next start), the gap threshold and
// kernel filter new windows and traces start with, the memory a folder of ranks may take before it
// opens as the job's summary, the user's overrides of the GPU peak table, the editor a Python frame's
// file opens in (EditorSettings). Stored in QSettings; the analysis options share
// their keys with what the Analysis dock remembers (WindowSettings), so there is one value of each.
#include "core/analysis/measures/mfu/Mfu.h"
#include "core/model/Trace.h"
#include "widgets/source/EditorLauncher.h"

#include <QDialog>
#include <QLocale>

class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QPlainTextEdit;
class QSpinBox;

namespace lanescope {

class PeakTableEditor;

enum class Theme { System, Light, Dark };

struct Preferences
{
    Theme theme = Theme::System;
    QString language;                    // "" (the system's), "en" or "zh_CN"
    TimeNs gapThresholdNs = 15'000'000;  // AnalysisDock::kDefaultGapNs
    bool gemmOnly = true;                // the kernel filter: GEMM-to-GEMM gaps only (the dock's and the CLI's default)
    analysis::PeakOverrides peakOverrides; // the user's figures for rows of core's GPU peak table (PeakOverrideStore)
    // What the window may keep of a folder's ranks before it opens the folder as the job's summary
    // (OpenController::folderBudget), in MiB; 0: half of the memory available when it opens.
    // LANESCOPE_FOLDER_MEMORY_MB, where set, wins over it.
    qint64 folderMemoryMb = 0;
    static constexpr qint64 kMaxFolderMemoryMb = qint64(1) << 24; // 16 TiB
    EditorSettings editor; // Open in editor: the command template and the path map
    // Keep annotations: false beside the trace (the data folder when its folder cannot be written),
    // true in Lanescope's data folder only (AnnotationStore::Place).
    bool annotationsInDataFolder = false;

    static Preferences load();
    void save() const;
    // One analysis option (the Analysis dock remembers each as the user changes it).
    static void saveGapThreshold(TimeNs gapThresholdNs);
    static void saveGemmOnly(bool gemmOnly);
};

// The application palette for a theme: the system's as it was at the first call, Fusion's light
// one, or a dark one. Widgets only; the timeline keeps its own palette.
void applyTheme(Theme theme);
// The locale the translations are loaded for: the stored language, else the system's.
QLocale uiLocale();

class PreferencesDialog : public QDialog
{
    Q_OBJECT
public:
    explicit PreferencesDialog(const Preferences &prefs, QWidget *parent = nullptr);
    Preferences preferences() const;

    QComboBox *themeBox() const { return m_theme; }
    QComboBox *languageBox() const { return m_language; }
    QDoubleSpinBox *gapBox() const { return m_gapMs; }
    QComboBox *kernelBox() const { return m_kernels; }
    PeakTableEditor *peakTable() const { return m_peaks; }
    QSpinBox *folderMemoryBox() const { return m_folderMb; }
    QLineEdit *editorCommandBox() const { return m_editorCommand; }
    QPlainTextEdit *pathMapBox() const { return m_pathMap; }
    QComboBox *annotationsBox() const { return m_annotations; }

private:
    QComboBox *m_theme;
    QComboBox *m_language;
    QDoubleSpinBox *m_gapMs;
    QComboBox *m_kernels;
    QSpinBox *m_folderMb;
    PeakTableEditor *m_peaks;
    QLineEdit *m_editorCommand;
    QPlainTextEdit *m_pathMap;
    QComboBox *m_annotations;
};

} // namespace lanescope
