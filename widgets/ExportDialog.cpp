// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/ExportDialog.h"
#include "widgets/FileDialogs.h"

#include "widgets/render/PictureExport.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

namespace lanescope {

ExportDialog::ExportDialog(const QString &suggestedPath, int windowWidth, QWidget *parent)
    : QDialog(parent)
    , m_windowWidth(windowWidth)
    , m_path(new QLineEdit(suggestedPath, this))
    , m_size(new QComboBox(this))
    , m_width(new QSpinBox(this))
    , m_lanes(new QComboBox(this))
    , m_metrics(new QCheckBox(tr("Headline figures (step time, idle, overlap, GEMM gaps, MFU)"), this))
    , m_title(new QLineEdit(this))
{
    setWindowTitle(tr("Export Picture"));
    auto *browse = new QPushButton(tr("Browse…"), this);
    connect(browse, &QPushButton::clicked, this, &ExportDialog::browse);
    auto *pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browse);
    m_path->setToolTip(tr("The format follows the suffix: .png, .svg or .pdf"));

    m_size->addItem(tr("As the window (%1 px wide)").arg(windowWidth), int(Size::Window));
    m_size->addItem(tr("As the window, 2x pixels (%1 px)").arg(windowWidth * 2), int(Size::Window2x));
    m_size->addItem(tr("Width in pixels:"), int(Size::Width));
    m_width->setRange(TimelineRenderer::kHeaderWidth + 100, 16384);
    m_width->setValue(3840);
    m_width->setSuffix(tr(" px"));
    auto *sizeRow = new QHBoxLayout;
    sizeRow->addWidget(m_size, 1);
    sizeRow->addWidget(m_width);

    m_lanes->addItem(tr("As shown (collapsed groups stay collapsed)"), int(Lanes::AsShown));
    m_lanes->addItem(tr("GPU lanes only"), int(Lanes::Gpu));
    m_lanes->addItem(tr("All lanes, expanded"), int(Lanes::All));
    m_metrics->setChecked(true);
    m_title->setPlaceholderText(tr("default: file name, rank and GPU"));

    auto *form = new QFormLayout;
    form->addRow(tr("File:"), pathRow);
    form->addRow(tr("Size:"), sizeRow);
    form->addRow(tr("Lanes:"), m_lanes);
    form->addRow(tr("Title:"), m_title);
    form->addRow(QString(), m_metrics);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Export"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
    connect(m_size, &QComboBox::currentIndexChanged, this, &ExportDialog::updateState);
    connect(m_path, &QLineEdit::textChanged, this, [this, buttons] {
        buttons->button(QDialogButtonBox::Ok)->setEnabled(PictureExport::formatOf(path()) != PictureExport::Format::Unknown);
        updateState();
    });
    buttons->button(QDialogButtonBox::Ok)->setEnabled(PictureExport::formatOf(path()) != PictureExport::Format::Unknown);
    updateState();
}

void ExportDialog::browse()
{
    const QString p = FileDialogs::getSaveFileName(this, tr("Export Picture"), path(),
                                                   tr("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"));
    if (!p.isEmpty())
        m_path->setText(p);
}

void ExportDialog::updateState()
{
    // 2x doubles a PNG's pixels; SVG and PDF are vector pictures of the same layout either way.
    m_width->setEnabled(size() == Size::Width);
}

QString ExportDialog::path() const { return m_path->text().trimmed(); }
void ExportDialog::setPath(const QString &path) { m_path->setText(path); }
ExportDialog::Size ExportDialog::size() const { return Size(m_size->currentData().toInt()); }
int ExportDialog::width() const { return size() == Size::Width ? m_width->value() : m_windowWidth; }
ExportDialog::Lanes ExportDialog::lanes() const { return Lanes(m_lanes->currentData().toInt()); }
bool ExportDialog::metrics() const { return m_metrics->isChecked(); }
QString ExportDialog::title() const { return m_title->text().trimmed(); }

} // namespace lanescope
