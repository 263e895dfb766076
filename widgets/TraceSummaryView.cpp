// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/TraceSummaryView.h"

#include "widgets/TraceSummaryModel.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMap>
#include <QTreeView>
#include <QVBoxLayout>

namespace lanescope {

TraceSummaryView::TraceSummaryView(QWidget *parent)
    : QWidget(parent)
    , m_model(new TraceSummaryModel(this))
    , m_tree(new QTreeView(this))
    , m_headline(new QLabel(this))
{
    m_headline->setTextFormat(Qt::PlainText);
    m_headline->setWordWrap(true);
    m_headline->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_headline->setContentsMargins(6, 6, 6, 6);

    m_tree->setModel(m_model);
    m_tree->setUniformRowHeights(true); // thousands of tracks stay cheap to lay out
    m_tree->setAlternatingRowColors(true);
    m_tree->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_tree->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_tree->header()->setStretchLastSection(false);
    m_tree->header()->setSectionResizeMode(TraceSummaryModel::NameColumn, QHeaderView::Stretch);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_headline);
    layout->addWidget(m_tree, 1);

    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        m_tree->expandAll();
        for (int c = TraceSummaryModel::KindColumn; c < TraceSummaryModel::ColumnCount; ++c)
            m_tree->resizeColumnToContents(c);
        updateHeadline();
    });
    updateHeadline();
}

TraceSummaryView::~TraceSummaryView() = default;

void TraceSummaryView::setTrace(std::shared_ptr<const Trace> trace) { m_model->setTrace(std::move(trace)); }

QString TraceSummaryView::headline() const { return m_headline->text(); }

void TraceSummaryView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        updateHeadline();
    QWidget::changeEvent(event);
}

void TraceSummaryView::updateHeadline()
{
    const auto &trace = m_model->trace();
    if (!trace) {
        m_headline->setText(tr("No trace loaded."));
        return;
    }
    const Trace &t = *trace;
    const QLocale locale;
    QStringList parts;
    if (!t.devices.empty()) {
        // "8 × NVIDIA A100-SXM4-80GB": one entry per distinct model, in the order they appear.
        QStringList models;
        QMap<QString, int> count;
        for (const DeviceInfo &d : t.devices) {
            if (!count.contains(d.name))
                models << d.name;
            ++count[d.name];
        }
        QStringList names;
        for (const QString &m : models)
            names << tr("%1 × %2").arg(count.value(m)).arg(m);
        parts << names.join(QStringLiteral(", "));
    }
    if (t.rank >= 0 && t.worldSize > 0)
        parts << tr("rank %1 of %2").arg(t.rank).arg(t.worldSize);
    parts << tr("%1 events, %2 slices on %3 tracks")
                 .arg(locale.toString(quint64(t.eventCount)), locale.toString(quint64(t.sliceCount())))
                 .arg(t.tracks.size());
    parts << tr("%1 flows").arg(locale.toString(quint64(t.flows.size())));
    parts << tr("span %1 ms").arg(locale.toString(double(t.maxTs - t.minTs) / 1e6, 'f', 3));
    m_headline->setText(parts.join(QStringLiteral(" · ")));
}

} // namespace lanescope
