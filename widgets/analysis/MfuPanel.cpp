// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/analysis/MfuPanel.h"

#include "core/analysis/text/FigureText.h"
#include "core/analysis/run/KernelClass.h"
#include "widgets/analysis/PeakOverrideStore.h"

#include <QComboBox>
#include <QCryptographicHash>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QSettings>
#include <QToolButton>

#include <cctype>
#include <cmath>
#include <string>

namespace lanescope {

namespace {

// The name of an FP32 SIMT GEMM kernel of the trace ("volta_sgemm_128x64_nn") when its GEMMs are
// all of that kind (no tensor-core GEMM beside them), else empty. The table's peak is the bf16/fp16
// tensor-core one, which such kernels cannot reach.
QString fp32OnlyGemm(const Trace &trace)
{
    static constexpr std::string_view kTensorCore[] = {"h884", "h1688", "h16816", "hgemm", "bf16", "f16", "half",
                                                       "tf32", "s1688", "s16816", "s884", "i8", "fp8", "e4m3", "e5m2"};
    QString fp32;
    for (std::size_t id = 1; id < trace.strings.size(); ++id) {
        const std::string_view v = trace.strings.view(StringId(id));
        if (analysis::classifyKernel(v) != analysis::KernelClass::Gemm)
            continue;
        std::string lower(v.substr(0, 256));
        for (char &ch : lower)
            ch = char(std::tolower(static_cast<unsigned char>(ch)));
        for (std::string_view mark : kTensorCore)
            if (lower.find(mark) != std::string::npos)
                return {}; // a tensor-core GEMM: the table's peak applies
        if (fp32.isEmpty() && lower.find("sgemm") != std::string::npos)
            fp32 = QString::fromUtf8(v.data(), int(std::min<std::size_t>(v.size(), 80)));
    }
    return fp32;
}

QLabel *valueLabel(QWidget *parent)
{
    auto *l = new QLabel(parent);
    l->setTextFormat(Qt::PlainText);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return l;
}

const QString kDash = QStringLiteral("—");

} // namespace

MfuPanel::MfuPanel(QWidget *parent)
    : QWidget(parent)
    , m_gpu(valueLabel(this))
    , m_peak(new QDoubleSpinBox(this))
    , m_resetPeak(new QToolButton(this))
    , m_params(new QLineEdit(this))
    , m_paramsValue(valueLabel(this))
    , m_tokens(new QLineEdit(this))
    , m_tokensScope(new QComboBox(this))
    , m_world(valueLabel(this))
    , m_stepTime(valueLabel(this))
    , m_tokensPerSecond(valueLabel(this))
    , m_achieved(valueLabel(this))
    , m_mfu(valueLabel(this))
    , m_note(valueLabel(this))
{
    m_gpu->setWordWrap(true);
    m_note->setWordWrap(true);
    m_note->setForegroundRole(QPalette::PlaceholderText);

    m_peak->setObjectName(QStringLiteral("mfuPeak"));
    m_peak->setRange(0, 100000);
    m_peak->setDecimals(1);
    m_peak->setSuffix(tr(" TFLOPS"));
    m_peak->setSpecialValueText(tr("unknown"));
    m_peak->setToolTip(tr("Dense bf16/fp16 tensor-core peak of one GPU (no sparsity)"));
    m_resetPeak->setText(tr("Table"));
    m_resetPeak->setToolTip(tr("Back to the peak in Lanescope's GPU table"));
    auto *peakRow = new QHBoxLayout;
    peakRow->setContentsMargins(0, 0, 0, 0);
    peakRow->addWidget(m_peak, 1);
    peakRow->addWidget(m_resetPeak);

    m_params->setObjectName(QStringLiteral("mfuParams"));
    // No default: a model size the trace does not know is left visibly empty, never guessed.
    m_params->setPlaceholderText(tr("unknown: enter e.g. 7e9 or 7B"));
    m_params->setToolTip(tr("Model parameters: 7e9, 7B, 6.7 B, 350M"));
    auto *paramsRow = new QHBoxLayout;
    paramsRow->setContentsMargins(0, 0, 0, 0);
    paramsRow->addWidget(m_params, 1);
    paramsRow->addWidget(m_paramsValue);

    m_tokens->setObjectName(QStringLiteral("mfuTokens"));
    m_tokens->setPlaceholderText(tr("unknown: enter e.g. 8192 or 4M"));
    m_tokens->setToolTip(tr("Tokens processed in one step (sequences × sequence length)"));
    m_tokensScope->setObjectName(QStringLiteral("mfuTokensScope"));
    m_tokensScope->addItem(tr("per GPU"));
    m_tokensScope->addItem(QString());
    // Tokens for a transformer (MFU follows); samples (images) for a model the 6P rule does not
    // cover, a ResNet: then the throughput alone.
    m_items = new QComboBox(this);
    m_items->setObjectName(QStringLiteral("mfuItems"));
    m_items->addItem(tr("tokens"), int(analysis::StepItems::Tokens));
    m_items->addItem(tr("samples"), int(analysis::StepItems::Samples));
    m_items->setToolTip(tr("Tokens: a transformer's, for MFU. Samples: images or sequences of a model that is no "
                           "transformer (a ResNet), for samples/s; MFU is not offered, its 6 × parameters rule is a "
                           "dense transformer's."));
    auto *tokensRow = new QHBoxLayout;
    tokensRow->setContentsMargins(0, 0, 0, 0);
    tokensRow->addWidget(m_tokens, 1);
    tokensRow->addWidget(m_items);
    tokensRow->addWidget(m_tokensScope);

    QFont big = m_mfu->font();
    big.setBold(true);
    big.setPointSizeF(big.pointSizeF() * 1.4);
    m_mfu->setFont(big);
    m_mfu->setObjectName(QStringLiteral("mfuValue"));

    auto *line = new QFrame(this);
    line->setFrameShape(QFrame::HLine);
    line->setFrameShadow(QFrame::Sunken);

    auto *form = new QFormLayout(this);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    form->addRow(tr("GPU:"), m_gpu);
    form->addRow(tr("Peak:"), peakRow);
    form->addRow(tr("Parameters:"), paramsRow);
    m_itemsLabel = new QLabel(tr("Tokens per step:"), this);
    form->addRow(m_itemsLabel, tokensRow);
    form->addRow(tr("World size:"), m_world);
    form->addRow(line);
    form->addRow(tr("Step time:"), m_stepTime);
    m_rateLabel = new QLabel(tr("Tokens/s per GPU:"), this);
    form->addRow(m_rateLabel, m_tokensPerSecond);
    form->addRow(tr("Achieved:"), m_achieved);
    form->addRow(tr("MFU:"), m_mfu);
    form->addRow(m_note);

    connect(m_peak, &QDoubleSpinBox::valueChanged, this, &MfuPanel::edited);
    connect(m_resetPeak, &QToolButton::clicked, this, [this] { m_peak->setValue(m_tablePeak); });
    connect(m_params, &QLineEdit::textChanged, this, &MfuPanel::edited);
    connect(m_tokens, &QLineEdit::textChanged, this, &MfuPanel::edited);
    connect(m_tokensScope, &QComboBox::currentIndexChanged, this, &MfuPanel::edited);
    connect(m_items, &QComboBox::currentIndexChanged, this, [this] {
        updateItemLabels();
        edited();
    });
    // Preferences changed the peak table: a peak that followed the table follows it still.
    connect(PeakOverrideStore::instance(), &PeakOverrideStore::changed, this, [this] {
        const double before = m_tablePeak;
        updateTablePeak();
        if (m_peak->value() == before && m_tablePeak != before)
            m_peak->setValue(m_tablePeak); // edited() through valueChanged
        else
            edited();
    });

    setTrace(nullptr);
}

double MfuPanel::parseCount(const QString &textIn, bool *ok)
{
    QString text = textIn.trimmed();
    // Digit grouping as people type it: "7,000,000,000", "7 000 000 000", "7_000_000_000".
    text.remove(QLatin1Char(',')).remove(QLatin1Char('_')).remove(QLatin1Char(' ')).remove(QChar(0x202F));
    double scale = 1;
    if (!text.isEmpty()) {
        switch (text.back().toUpper().unicode()) {
        case 'K': scale = 1e3; break;
        case 'M': scale = 1e6; break;
        case 'B': // billion, as model cards write it
        case 'G': scale = 1e9; break;
        case 'T': scale = 1e12; break;
        default: break;
        }
        if (scale != 1)
            text.chop(1);
    }
    bool good = false;
    const double v = QLocale::c().toDouble(text, &good) * scale;
    good = good && std::isfinite(v) && v > 0;
    if (ok)
        *ok = good;
    return good ? v : 0;
}

void MfuPanel::setParams(const QString &text) { m_params->setText(text); }

void MfuPanel::setTokensPerStep(const QString &text, bool global)
{
    m_tokens->setText(text);
    m_tokensScope->setCurrentIndex(global ? 1 : 0);
}

void MfuPanel::setPeakTflops(double tflops) { m_peak->setValue(tflops); }

void MfuPanel::setItems(analysis::StepItems items) { m_items->setCurrentIndex(std::max(0, m_items->findData(int(items)))); }

analysis::MfuInputs MfuPanel::inputs() const
{
    analysis::MfuInputs in;
    in.params = parseCount(m_params->text());
    in.tokensPerStep = parseCount(m_tokens->text());
    in.tokensGlobal = m_tokensScope->currentIndex() == 1;
    in.items = analysis::StepItems(m_items->currentData().toInt());
    in.peakTflops = m_peak->value(); // 0 ("unknown"): core falls back to its table ...
    in.peakOverrides = PeakOverrideStore::instance()->overrides(); // ... as the user changed it
    return in;
}

QString MfuPanel::gpuText() const { return m_gpu->text(); }
QString MfuPanel::mfuText() const { return m_mfu->text(); }
QString MfuPanel::achievedText() const { return m_achieved->text(); }
QString MfuPanel::tokensPerSecondText() const { return m_tokensPerSecond->text(); }
QString MfuPanel::stepTimeText() const { return m_stepTime->text(); }
QString MfuPanel::noteText() const { return m_note->text(); }

void MfuPanel::setTrace(std::shared_ptr<const Trace> trace)
{
    m_trace = std::move(trace);
    m_restoring = true;
    updateTablePeak();
    m_peak->setValue(m_tablePeak);
    m_fp32Gemm = m_trace ? fp32OnlyGemm(*m_trace) : QString();
    m_params->clear();
    m_tokens->clear();
    m_tokensScope->setCurrentIndex(0);
    m_items->setCurrentIndex(0);
    const int world = m_trace && m_trace->worldSize > 0 ? m_trace->worldSize : 1;
    m_world->setText(!m_trace ? kDash
                         : m_trace->worldSize > 0 ? tr("%1 (from the trace)").arg(world)
                                                  : tr("1 (the trace names no distributed run)"));
    m_tokensScope->setItemText(1, world > 1 ? tr("for all %1 GPUs").arg(world) : tr("for all GPUs"));
    restore();
    updateItemLabels();
    m_restoring = false;
    edited();
    clearResult();
}

void MfuPanel::updateTablePeak()
{
    QString gpuName;
    if (m_trace && !m_trace->devices.empty())
        gpuName = m_trace->devices.front().name;
    const analysis::ResolvedPeak peak = gpuName.isEmpty() ? analysis::ResolvedPeak{}
                                                          : analysis::resolvePeak(gpuName, PeakOverrideStore::instance()->overrides());
    m_tablePeak = peak.tflops;
    const QLocale locale;
    if (!m_trace)
        m_gpu->setText(kDash);
    else if (gpuName.isEmpty())
        m_gpu->setText(tr("not named in the trace (no deviceProperties): enter its peak"));
    else if (peak.overridden)
        m_gpu->setText(tr("%1 (your table: %2 TFLOPS; Lanescope's: %3)")
                           .arg(gpuName, locale.toString(peak.tflops, 'f', 1), locale.toString(peak.row->tflops, 'f', 0)));
    else if (peak.row)
        m_gpu->setText(tr("%1 (table: %2 TFLOPS)").arg(gpuName, locale.toString(peak.tflops, 'f', 0)));
    else
        m_gpu->setText(tr("%1 (not in the table: enter its peak)").arg(gpuName));
    m_gpu->setToolTip(peak.overridden ? tr("Peak from your table in Preferences")
                      : peak.row      ? tr("Peak from: %1").arg(QString::fromUtf8(peak.row->source.data(), int(peak.row->source.size())))
                                      : QString());
    m_resetPeak->setEnabled(peak.row != nullptr);
}

void MfuPanel::updateItemLabels()
{
    const bool samples = analysis::StepItems(m_items->currentData().toInt()) == analysis::StepItems::Samples;
    m_itemsLabel->setText(samples ? tr("Samples per step:") : tr("Tokens per step:"));
    m_rateLabel->setText(samples ? tr("Samples/s per GPU:") : tr("Tokens/s per GPU:"));
    m_tokens->setToolTip(samples ? tr("Samples (images) processed in one step: the batch size")
                                 : tr("Tokens processed in one step (sequences × sequence length)"));
}

void MfuPanel::edited()
{
    if (m_restoring)
        return;
    bool ok = false;
    const double p = parseCount(m_params->text(), &ok);
    if (!ok) {
        m_paramsValue->setText(m_params->text().trimmed().isEmpty() ? QString() : tr("not a number"));
    } else {
        const QLocale locale;
        if (p >= 1e12)
            m_paramsValue->setText(tr("= %1 T").arg(locale.toString(p / 1e12, 'g', 4)));
        else if (p >= 1e9)
            m_paramsValue->setText(tr("= %1 B").arg(locale.toString(p / 1e9, 'g', 4)));
        else if (p >= 1e6)
            m_paramsValue->setText(tr("= %1 M").arg(locale.toString(p / 1e6, 'g', 4)));
        else
            m_paramsValue->setText(tr("= %1").arg(locale.toString(p, 'g', 6)));
    }
    // A red text says the field is not read.
    auto mark = [](QLineEdit *e, bool good) {
        QPalette pal; // the application's
        if (!good)
            pal.setColor(QPalette::Text, QColor(0xC6, 0x28, 0x28));
        e->setPalette(pal);
    };
    mark(m_params, ok || m_params->text().trimmed().isEmpty());
    bool tokensOk = false;
    parseCount(m_tokens->text(), &tokensOk);
    mark(m_tokens, tokensOk || m_tokens->text().trimmed().isEmpty());
    save();
    emit inputsChanged();
}

QString MfuPanel::settingsGroup() const
{
    // Paths carry '/' and '\\', which QSettings reads as groups: key by a hash, keep the path inside.
    const QByteArray h = QCryptographicHash::hash(m_trace->path.toUtf8(), QCryptographicHash::Sha1).toHex().left(16);
    return QStringLiteral("analysis/mfu/") + QString::fromLatin1(h);
}

void MfuPanel::save() const
{
    if (!m_trace || m_trace->path.isEmpty())
        return;
    QSettings s;
    s.beginGroup(settingsGroup());
    s.setValue(QStringLiteral("path"), m_trace->path);
    s.setValue(QStringLiteral("params"), m_params->text());
    s.setValue(QStringLiteral("tokens"), m_tokens->text());
    s.setValue(QStringLiteral("tokensGlobal"), m_tokensScope->currentIndex() == 1);
    s.setValue(QStringLiteral("items"), m_items->currentData().toInt());
    if (m_peak->value() != m_tablePeak)
        s.setValue(QStringLiteral("peakTflops"), m_peak->value());
    else
        s.remove(QStringLiteral("peakTflops")); // follows the table should it change
}

void MfuPanel::restore()
{
    if (!m_trace || m_trace->path.isEmpty())
        return;
    QSettings s;
    s.beginGroup(settingsGroup());
    if (s.value(QStringLiteral("path")).toString() != m_trace->path)
        return; // nothing saved (or a hash collision)
    m_params->setText(s.value(QStringLiteral("params"), m_params->text()).toString());
    m_tokens->setText(s.value(QStringLiteral("tokens")).toString());
    m_tokensScope->setCurrentIndex(s.value(QStringLiteral("tokensGlobal")).toBool() ? 1 : 0);
    m_items->setCurrentIndex(std::max(0, m_items->findData(s.value(QStringLiteral("items"), int(analysis::StepItems::Tokens)).toInt())));
    if (s.contains(QStringLiteral("peakTflops")))
        m_peak->setValue(s.value(QStringLiteral("peakTflops")).toDouble());
}

void MfuPanel::clearResult()
{
    for (QLabel *l : {m_stepTime, m_tokensPerSecond, m_achieved, m_mfu})
        l->setText(kDash);
    m_note->setText(m_trace ? tr("Waiting for the analysis…") : QString());
}

void MfuPanel::setResult(const analysis::MfuResult &r, const analysis::RunFigures &f, int stepsInTrace)
{
    namespace figure = analysis::figure;
    const QLocale locale;
    m_stepTime->setText(!f.stepTimeNs ? (stepsInTrace > 0 ? tr("no whole step in the range") : tr("no ProfilerStep"))
                                      : tr("%1 (%2)").arg(figure::stepTime(*f.stepTimeNs), figure::stepScope(f.scope)));
    m_tokensPerSecond->setText(f.samplesPerSPerGpu ? figure::samplesPerS(*f.samplesPerSPerGpu)
                               : f.tokensPerSPerGpu ? figure::tokensPerS(*f.tokensPerSPerGpu)
                                                    : kDash);
    m_achieved->setText(f.mfuPct && f.achievedTflops
                            ? tr("%1 TFLOPS of %2").arg(figure::tflops(*f.achievedTflops), locale.toString(f.peakTflops, 'f', 0))
                            : kDash);
    m_mfu->setText(f.mfuPct ? figure::pct(*f.mfuPct) : kDash);
    const analysis::MfuInputs in = inputs();
    QString note;
    if (r.stepS <= 0 && stepsInTrace > 0)
        note = stepsInTrace == 1 ? tr("No whole ProfilerStep lies inside the analysed range (the trace has %n step): MFU needs at least one; "
                                      "widen the range or pick a step in Scope.", nullptr, stepsInTrace)
                                 : tr("No whole ProfilerStep lies inside the analysed range (the trace has %n steps): MFU needs at least one; "
                                      "widen the range or pick a step in Scope.", nullptr, stepsInTrace);
    else if (r.stepS <= 0)
        note = tr("The trace has no ProfilerStep#N spans: record with a torch.profiler schedule and call prof.step().");
    else if (in.items == analysis::StepItems::Samples)
        note = in.tokensPerStep > 0 ? tr("Samples/s per GPU at the median step time. MFU is not offered for samples: its "
                                         "6 × parameters × tokens rule holds for dense transformers; give tokens per step for it.")
                                    : tr("Enter the samples per step.");
    else if (in.params <= 0)
        note = tr("Enter the model's parameter count.");
    else if (in.tokensPerStep <= 0)
        note = tr("Enter the tokens per step.");
    else if (r.peakTflops <= 0)
        note = tr("Enter the GPU's peak TFLOPS.");
    else
        note = tr("Achieved = 6 × parameters × tokens/s per GPU (forward and backward of a dense transformer); MFU = achieved / peak.");
    if (!m_fp32Gemm.isEmpty())
        note += QLatin1Char(' ')
            + tr("The trace's GEMMs are FP32 SIMT kernels (%1): they do not run on tensor cores, so the table's "
                 "bf16/fp16 tensor-core peak overstates what they can reach; enter the GPU's FP32 peak.")
                  .arg(m_fp32Gemm);
    m_note->setText(note);
}

} // namespace lanescope
