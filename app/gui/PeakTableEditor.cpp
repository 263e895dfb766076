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

constexpr int kValueRole = Qt::UserRole;       // the row's figure in use (double)
constexpr double kMaxTflops = 100000;          // MfuPanel's spin box range

const analysis::GpuPeak &rowPeak(int row) { return analysis::gpuPeakTable()[std::size_t(row)]; }
QString matchText(const analysis::GpuPeak &p) { return QString::fromUtf8(p.match.data(), qsizetype(p.match.size())); }

// Edits the figure as a number (the default editor would take any text).
class PeakDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &, const QModelIndex &) const override
    {
        auto *box = new QDoubleSpinBox(parent);
        box->setRange(0, kMaxTflops);
        box->setDecimals(1);
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
        // 0 ("table") takes the row back to Lanescope's figure.
        model->setData(index, static_cast<QDoubleSpinBox *>(editor)->value(), kValueRole);
    }
};

} // namespace

PeakTableEditor::PeakTableEditor(const analysis::PeakOverrides &overrides, QWidget *parent)
    : QWidget(parent)
    , m_table(new QTableWidget(this))
    , m_reset(new QPushButton(tr("&Reset"), this))
    , m_resetAll(new QPushButton(tr("Reset &All"), this))
{
    const auto &rows = analysis::gpuPeakTable();
    m_table->setObjectName(QStringLiteral("peakTable"));
    m_table->setColumnCount(ColumnCount);
    m_table->setRowCount(int(rows.size()));
    // Core's table holds one figure per GPU: the dense bf16/fp16 tensor-core peak MFU is measured against.
    m_table->setHorizontalHeaderLabels({tr("GPU"), tr("BF16/FP16 dense (TFLOPS)"), tr("Lanescope's table")});
    m_table->verticalHeader()->hide();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed
                             | QAbstractItemView::AnyKeyPressed);
    m_table->setItemDelegateForColumn(PeakColumn, new PeakDelegate(m_table));
    m_updating = true;
    for (int r = 0; r < int(rows.size()); ++r) {
        const analysis::GpuPeak &p = rows[std::size_t(r)];
        const QString source = QString::fromUtf8(p.source.data(), qsizetype(p.source.size()));
        auto *gpu = new QTableWidgetItem(matchText(p));
        auto *table = new QTableWidgetItem(QLocale().toString(p.tflops, 'f', 0));
        auto *peak = new QTableWidgetItem;
        for (QTableWidgetItem *it : {gpu, table, peak})
            it->setToolTip(source);
        gpu->setFlags(gpu->flags() & ~Qt::ItemIsEditable);
        table->setFlags(table->flags() & ~Qt::ItemIsEditable);
        table->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        peak->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        const double user = analysis::overrideFor(p.match, overrides);
        peak->setData(kValueRole, user > 0 ? user : p.tflops);
        m_table->setItem(r, GpuColumn, gpu);
        m_table->setItem(r, PeakColumn, peak);
        m_table->setItem(r, TableColumn, table);
        showRow(r);
    }
    m_updating = false;
    m_table->resizeColumnsToContents();
    m_table->horizontalHeader()->setStretchLastSection(true);

    connect(m_table, &QTableWidget::itemChanged, this, [this](QTableWidgetItem *it) {
        if (m_updating || it->column() != PeakColumn)
            return;
        m_updating = true;
        if (!(it->data(kValueRole).toDouble() > 0)) // cleared: the table's figure again
            it->setData(kValueRole, rowPeak(it->row()).tflops);
        showRow(it->row());
        m_updating = false;
    });
    connect(m_reset, &QPushButton::clicked, this, &PeakTableEditor::resetSelected);
    connect(m_resetAll, &QPushButton::clicked, this, &PeakTableEditor::resetAll);
    m_reset->setToolTip(tr("Back to Lanescope's figure for the selected GPUs"));

    auto *note = new QLabel(tr("MFU is measured against these peaks. Double-click a figure to use your own; "
                               "your figures are shown in bold."),
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
    layout->addLayout(buttons);
}

void PeakTableEditor::showRow(int row)
{
    QTableWidgetItem *it = m_table->item(row, PeakColumn);
    const double v = it->data(kValueRole).toDouble();
    const bool user = isOverridden(row);
    it->setText(QLocale().toString(v, 'f', user ? 1 : 0));
    QFont f = m_table->font();
    f.setBold(user);
    for (int c = 0; c < ColumnCount; ++c)
        if (QTableWidgetItem *cell = m_table->item(row, c); cell && c != TableColumn)
            cell->setFont(f);
    // Lanescope's own figure only matters beside a figure of the user's.
    QTableWidgetItem *table = m_table->item(row, TableColumn);
    table->setForeground(user ? m_table->palette().brush(QPalette::Text) : m_table->palette().brush(QPalette::PlaceholderText));
}

bool PeakTableEditor::isOverridden(int row) const
{
    const QTableWidgetItem *it = m_table->item(row, PeakColumn);
    return it && it->data(kValueRole).toDouble() != rowPeak(row).tflops;
}

int PeakTableEditor::rowOf(const QString &match) const
{
    const auto &rows = analysis::gpuPeakTable();
    for (int r = 0; r < int(rows.size()); ++r)
        if (matchText(rows[std::size_t(r)]) == match)
            return r;
    return -1;
}

void PeakTableEditor::setPeak(int row, double tflops)
{
    if (row >= 0 && row < m_table->rowCount())
        m_table->item(row, PeakColumn)->setData(kValueRole, std::min(tflops, kMaxTflops));
}

void PeakTableEditor::resetSelected()
{
    std::set<int> rows;
    for (const QModelIndex &i : m_table->selectionModel()->selectedIndexes())
        rows.insert(i.row());
    for (int r : rows)
        setPeak(r, 0);
}

void PeakTableEditor::resetAll()
{
    for (int r = 0; r < m_table->rowCount(); ++r)
        setPeak(r, 0);
}

analysis::PeakOverrides PeakTableEditor::overrides() const
{
    analysis::PeakOverrides out;
    for (int r = 0; r < m_table->rowCount(); ++r)
        if (isOverridden(r))
            out.push_back({matchText(rowPeak(r)), m_table->item(r, PeakColumn)->data(kValueRole).toDouble()});
    return out;
}

} // namespace lanescope
