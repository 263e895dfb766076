// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/gui/PeakTableEditor.h"

#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QStyledItemDelegate>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <set>

namespace lanescope {

namespace {

constexpr int kValueRole = Qt::UserRole;       // the cell's figure in use (double)

const analysis::GpuPeak &rowPeak(int row) { return analysis::gpuPeakTable()[std::size_t(row)]; }
QString matchText(const analysis::GpuPeak &p) { return QString::fromUtf8(p.match.data(), qsizetype(p.match.size())); }
QString utf8(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }
analysis::GpuSpec specOfColumn(int column) { return analysis::GpuSpec(column - PeakTableEditor::PeakColumn); }
bool isFigureColumn(int column) { return column >= PeakTableEditor::PeakColumn && column < PeakTableEditor::TableColumn; }
// As many decimals as the figure has, up to three (2.039 TB/s, 19.5 TFLOPS, 312 TFLOPS).
QString figureText(double v) { return v > 0 ? QLocale().toString(v, 'g', 7) : QStringLiteral("–"); }

// Edits a figure as a number (the default editor would take any text).
class PeakDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &, const QModelIndex &index) const override
    {
        auto *box = new QDoubleSpinBox(parent);
        box->setRange(0, analysis::plausibleRange(specOfColumn(index.column())).max); // 0: "table"
        box->setDecimals(3);
        box->setSpecialValueText(PeakTableEditor::tr("table"));
        box->setFrame(false);
        return box;
    }
    void setEditorData(QWidget *editor, const QModelIndex &index) const override
    {
        static_cast<QDoubleSpinBox *>(editor)->setValue(index.data(kValueRole).toDouble());
    }
    void setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const override
    {
        // 0 ("table") takes the cell back to Lanescope's figure.
        model->setData(index, static_cast<QDoubleSpinBox *>(editor)->value(), kValueRole);
    }
};

} // namespace

PeakTableEditor::PeakTableEditor(const analysis::PeakOverrides &overrides, QWidget *parent)
    : QWidget(parent)
    , m_table(new QTableWidget(this))
    , m_warning(new QLabel(this))
    , m_reset(new QPushButton(tr("&Reset"), this))
    , m_resetAll(new QPushButton(tr("Reset &All"), this))
{
    const auto &rows = analysis::gpuPeakTable();
    m_table->setObjectName(QStringLiteral("peakTable"));
    m_table->setColumnCount(ColumnCount);
    m_table->setRowCount(int(rows.size()));
    // Two-line headers keep nine figures in a dialog's width.
    m_table->setHorizontalHeaderLabels({tr("GPU"), tr("BF16/FP16\nTFLOPS"), tr("FP8\nTFLOPS"), tr("FP4\nTFLOPS"), tr("TF32\nTFLOPS"), tr("FP32\nTFLOPS"),
                                        tr("FP64\nTFLOPS"), tr("Memory\nTB/s"), tr("Link\nGB/s"), tr("Lanescope's table")});
    const QStringList headerTips = {
        QString(),
        tr("Dense (no sparsity) bf16/fp16 tensor peak: MFU and the roofline of bf16/fp16 operators"),
        tr("Dense FP8 tensor peak: the roofline of fp8 GEMMs (– where the GPU has no FP8 tensor cores)"),
        tr("Dense FP4 tensor peak: the roofline of fp4 GEMMs (– where the GPU has no FP4 tensor cores)"),
        tr("Dense TF32 tensor peak: the roofline of fp32 convolutions (cuDNN uses TF32 by default)"),
        tr("FP32 peak without TF32: the roofline of fp32 matrix multiplies (PyTorch leaves TF32 off for them)"),
        tr("FP64 peak: the roofline of fp64 operators"),
        tr("Device memory bandwidth: the roofline's memory roof"),
        tr("Interconnect bandwidth per direction (NVLink, Infinity Fabric or the PCIe slot), as nccl-tests' bus bandwidth is compared with it"),
        tr("Lanescope's own figures where yours replace them"),
    };
    for (int c = 0; c < ColumnCount; ++c)
        if (!headerTips.at(c).isEmpty())
            m_table->horizontalHeaderItem(c)->setToolTip(headerTips.at(c));
    m_table->verticalHeader()->hide();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed
                             | QAbstractItemView::AnyKeyPressed);
    auto *delegate = new PeakDelegate(m_table);
    for (int c = PeakColumn; c < TableColumn; ++c)
        m_table->setItemDelegateForColumn(c, delegate);
    m_updating = true;
    for (int r = 0; r < int(rows.size()); ++r) {
        const analysis::GpuPeak &p = rows[std::size_t(r)];
        auto *gpu = new QTableWidgetItem(matchText(p));
        gpu->setToolTip(utf8(p.source));
        gpu->setFlags(gpu->flags() & ~Qt::ItemIsEditable);
        m_table->setItem(r, GpuColumn, gpu);
        for (int c = PeakColumn; c < TableColumn; ++c) {
            const analysis::GpuSpec spec = specOfColumn(c);
            auto *cell = new QTableWidgetItem;
            cell->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            const double user = analysis::overrideFor(p.match, overrides, spec);
            cell->setData(kValueRole, user > 0 ? user : analysis::specOf(p, spec));
            m_table->setItem(r, c, cell);
        }
        auto *table = new QTableWidgetItem;
        table->setFlags(table->flags() & ~Qt::ItemIsEditable);
        m_table->setItem(r, TableColumn, table);
        showRow(r);
    }
    m_updating = false;
    m_table->resizeColumnsToContents();
    // The GPU names take the width left; Lanescope's own figures, shown only beside figures of the
    // user's, take what they say (empty: their header's width), not half the table.
    QHeaderView *header = m_table->horizontalHeader();
    header->setStretchLastSection(false);
    header->setSectionResizeMode(GpuColumn, QHeaderView::Stretch);
    header->setSectionResizeMode(TableColumn, QHeaderView::ResizeToContents);

    connect(m_table, &QTableWidget::itemChanged, this, [this](QTableWidgetItem *it) {
        if (m_updating || !isFigureColumn(it->column()))
            return;
        m_updating = true;
        takeFigure(it, it->data(kValueRole).toDouble());
        showRow(it->row());
        m_updating = false;
    });
    connect(m_reset, &QPushButton::clicked, this, &PeakTableEditor::resetSelected);
    connect(m_resetAll, &QPushButton::clicked, this, &PeakTableEditor::resetAll);
    m_reset->setToolTip(tr("Back to Lanescope's figures for the selected GPUs"));

    auto *note = new QLabel(tr("MFU and the roofline are measured against these peaks and memory bandwidths, collectives' "
                               "bus bandwidth against the link. Double-click a figure to use your own; your figures are "
                               "shown in bold."),
                            this);
    note->setWordWrap(true);
    note->setEnabled(false);
    auto *buttons = new QHBoxLayout;
    buttons->addStretch(1);
    buttons->addWidget(m_reset);
    buttons->addWidget(m_resetAll);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_table, 1);
    layout->addWidget(note);
    m_warning->setObjectName(QStringLiteral("peakWarning"));
    m_warning->setWordWrap(true);
    m_warning->hide();
    layout->addWidget(m_warning);
    layout->addLayout(buttons);
}

bool PeakTableEditor::takeFigure(QTableWidgetItem *cell, double value)
{
    const analysis::GpuSpec spec = specOfColumn(cell->column());
    const double table = analysis::specOf(rowPeak(cell->row()), spec);
    if (analysis::isPlausibleFigure(spec, value)) {
        cell->setData(kValueRole, value);
        showIgnored({});
        return true;
    }
    cell->setData(kValueRole, table); // cleared, or a figure no GPU has: the table's figure again
    if (value != 0) {
        const analysis::FigureRange r = analysis::plausibleRange(spec);
        const QString column = m_table->horizontalHeaderItem(cell->column())->text().replace(QLatin1Char('\n'), QLatin1Char(' '));
        showIgnored({tr("%1 of %2: %3 is not between %4 and %5; Lanescope's %6 is used")
                         .arg(column, matchText(rowPeak(cell->row())), QLocale().toString(value, 'g', 7),
                              QLocale().toString(r.min, 'g', 7), QLocale().toString(r.max, 'g', 7), figureText(table))});
    }
    return false;
}

void PeakTableEditor::showIgnored(const QStringList &stored)
{
    if (stored.isEmpty()) {
        m_warning->clear();
        m_warning->hide();
        return;
    }
    m_warning->setText(tr("Not taken: %1").arg(stored.join(QStringLiteral("; "))));
    m_warning->show();
}

QString PeakTableEditor::warning() const { return m_warning->text(); }

void PeakTableEditor::showRow(int row)
{
    const analysis::GpuPeak &p = rowPeak(row);
    QFont normal = m_table->font(), bold = normal;
    bold.setBold(true);
    QStringList tableFigures; // Lanescope's own, where the user's replace them
    for (int c = PeakColumn; c < TableColumn; ++c) {
        const analysis::GpuSpec spec = specOfColumn(c);
        QTableWidgetItem *it = m_table->item(row, c);
        const bool user = isOverridden(row, spec);
        it->setText(figureText(it->data(kValueRole).toDouble()));
        it->setFont(user ? bold : normal);
        const bool lowPrecision = spec == analysis::GpuSpec::Fp8Tflops || spec == analysis::GpuSpec::Fp4Tflops;
        QString tip = utf8(spec == analysis::GpuSpec::Bf16Tflops ? p.source : lowPrecision ? p.lowPrecisionSource : p.specSource);
        if (spec == analysis::GpuSpec::LinkGBps)
            tip = utf8(p.link) + QStringLiteral(": ") + tip;
        if (user) {
            const QString mine = tr("%1: %2").arg(m_table->horizontalHeaderItem(c)->text().section(QLatin1Char('\n'), 0, 0),
                                                 figureText(analysis::specOf(p, spec)));
            tableFigures << mine;
            tip = tr("Lanescope's table: %1").arg(figureText(analysis::specOf(p, spec))) + QLatin1Char('\n') + tip;
        }
        it->setToolTip(tip);
    }
    m_table->item(row, GpuColumn)->setFont(tableFigures.isEmpty() ? normal : bold);
    // Lanescope's own figures only matter beside figures of the user's.
    QTableWidgetItem *table = m_table->item(row, TableColumn);
    table->setText(tableFigures.join(QStringLiteral(" · ")));
    table->setToolTip(table->text());
}

bool PeakTableEditor::isOverridden(int row, analysis::GpuSpec spec) const
{
    const QTableWidgetItem *it = m_table->item(row, columnOf(spec));
    return it && it->data(kValueRole).toDouble() != analysis::specOf(rowPeak(row), spec);
}

bool PeakTableEditor::isOverridden(int row) const
{
    for (int c = 0; c < analysis::kGpuSpecCount; ++c)
        if (isOverridden(row, analysis::GpuSpec(c)))
            return true;
    return false;
}

int PeakTableEditor::rowOf(const QString &match) const
{
    const auto &rows = analysis::gpuPeakTable();
    for (int r = 0; r < int(rows.size()); ++r)
        if (matchText(rows[std::size_t(r)]) == match)
            return r;
    return -1;
}

void PeakTableEditor::setFigure(int row, analysis::GpuSpec spec, double value)
{
    // As the cell's own edit: itemChanged() takes the figure, or the table's with a warning.
    if (row >= 0 && row < m_table->rowCount())
        m_table->item(row, columnOf(spec))->setData(kValueRole, value);
}

void PeakTableEditor::setPeak(int row, double tflops) { setFigure(row, analysis::GpuSpec::Bf16Tflops, tflops); }

void PeakTableEditor::resetSelected()
{
    std::set<int> rows;
    for (const QModelIndex &i : m_table->selectionModel()->selectedIndexes())
        rows.insert(i.row());
    for (int r : rows)
        for (int c = 0; c < analysis::kGpuSpecCount; ++c)
            setFigure(r, analysis::GpuSpec(c), 0);
}

void PeakTableEditor::resetAll()
{
    for (int r = 0; r < m_table->rowCount(); ++r)
        for (int c = 0; c < analysis::kGpuSpecCount; ++c)
            setFigure(r, analysis::GpuSpec(c), 0);
}

analysis::PeakOverrides PeakTableEditor::overrides() const
{
    analysis::PeakOverrides out;
    for (int r = 0; r < m_table->rowCount(); ++r) {
        analysis::PeakOverride o;
        o.match = matchText(rowPeak(r));
        for (int c = 0; c < analysis::kGpuSpecCount; ++c)
            if (const auto spec = analysis::GpuSpec(c); isOverridden(r, spec))
                o.setValue(spec, m_table->item(r, columnOf(spec))->data(kValueRole).toDouble());
        if (o.any())
            out.push_back(o);
    }
    return out;
}

} // namespace lanescope
