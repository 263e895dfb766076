// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The MFU panel: the GPU named in the trace with its table peak (editable), the model's parameter
// count and tokens per step (per GPU or for all GPUs, with the world size from the trace), and what
// core/analysis makes of them: step time, tokens/s per GPU, achieved TFLOPS, MFU. The inputs are
// remembered per trace file (QSettings, keyed by the trace's path).
#include "core/analysis/measures/mfu/Mfu.h"
#include "core/analysis/run/RunFigures.h"

#include <QWidget>

#include <memory>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QToolButton;

namespace lanescope {

class MfuPanel : public QWidget
{
    Q_OBJECT
public:
    explicit MfuPanel(QWidget *parent = nullptr);

    // Detects the GPU, sets the peak from the table and restores the inputs saved for this file.
    void setTrace(std::shared_ptr<const Trace> trace);
    // What core computed with inputs(): the run's figures (step time, tokens/s, TFLOPS, MFU, with the
    // steps they measure) and the MFU's GPU peak; stepsInTrace: all of the trace's (a range holding
    // no whole step says so, not "no steps").
    void setResult(const analysis::MfuResult &result, const analysis::RunFigures &figures, int stepsInTrace = 0);
    void clearResult();

    // The analysis' MFU inputs as the panel holds them now (params / tokens 0 where invalid).
    analysis::MfuInputs inputs() const;

    // "7e9", "7B", "6.7 B", "350M", "8k", "7,000,000,000" -> the number; 0 (and *ok false) otherwise.
    static double parseCount(const QString &text, bool *ok = nullptr);

    void setParams(const QString &text);
    void setTokensPerStep(const QString &text, bool global = false);
    void setPeakTflops(double tflops);
    // What the per-step count counts: tokens (MFU follows) or samples (samples/s, no MFU).
    void setItems(analysis::StepItems items);
    double tablePeakTflops() const { return m_tablePeak; }

    // The figures as shown, for tests.
    QString gpuText() const;
    QString mfuText() const;
    QString achievedText() const;
    QString tokensPerSecondText() const;
    QString stepTimeText() const;
    QString noteText() const;
    // True when the trace's GEMMs are all FP32 SIMT (the note then says the tensor-core peak does not apply).
    bool fp32Gemms() const { return !m_fp32Gemm.isEmpty(); }

signals:
    void inputsChanged();

private:
    void edited(); // an input changed: validate, remember, tell the dock
    void save() const;
    void restore();
    QString settingsGroup() const;
    void updateScopeLabels();
    void updateItemLabels(); // the rows' labels say tokens or samples, as m_items says
    void updateTablePeak(); // m_tablePeak and the GPU line from the table and the user's overrides

    std::shared_ptr<const Trace> m_trace;
    double m_tablePeak = 0;
    QString m_fp32Gemm; // an FP32 SGEMM kernel's name when the trace's GEMMs are all FP32 SIMT
    bool m_restoring = false;

    QLabel *m_gpu;
    QDoubleSpinBox *m_peak;
    QToolButton *m_resetPeak;
    QLineEdit *m_params;
    QLabel *m_paramsValue;
    QLineEdit *m_tokens;
    QComboBox *m_tokensScope;
    QComboBox *m_items = nullptr; // tokens or samples: what the per-step count counts
    QLabel *m_itemsLabel = nullptr, *m_rateLabel = nullptr;
    QLabel *m_world;
    QLabel *m_stepTime;
    QLabel *m_tokensPerSecond;
    QLabel *m_achieved;
    QLabel *m_mfu;
    QLabel *m_note;
};

} // namespace lanescope
