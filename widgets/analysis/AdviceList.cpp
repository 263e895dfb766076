// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/analysis/AdviceList.h"

#include "widgets/analysis/AnalysisPanels.h"

#include "core/analysis/text/FigureText.h"
#include "core/analysis/measures/replay/Fixes.h"

#include "widgets/analysis/GapTableModel.h"
#include "widgets/analysis/ItemActivation.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QLocale>
#include <QPainter>
#include <QStackedWidget>
#include <QStyledItemDelegate>
#include <QVBoxLayout>

namespace lanescope {

namespace {

// Title in bold, the projected gain beneath it in an accent colour (the headline of what the fix
// is worth), then the evidence in the normal font; all wrapped to the view's width.
class AdviceDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    static constexpr int kPad = 6;
    static constexpr int kGap = 2; // between the parts

    void paint(QPainter *painter, const QStyleOptionViewItem &optionIn, const QModelIndex &index) const override
    {
        QStyleOptionViewItem option = optionIn;
        initStyleOption(&option, index);
        const QString title = option.text, evidence = index.data(AdviceList::EvidenceRole).toString();
        const QString gain = index.data(AdviceList::GainRole).toString();
        option.text.clear();
        const QWidget *w = option.widget;
        QStyle *style = w ? w->style() : QApplication::style();
        style->drawControl(QStyle::CE_ItemViewItem, &option, painter, w); // background, selection, focus
        const bool selected = option.state & QStyle::State_Selected;
        const QColor text = option.palette.color(selected ? QPalette::HighlightedText : QPalette::Text);
        painter->save();
        painter->setPen(text);
        QRect r = option.rect.adjusted(kPad, kPad, -kPad, -kPad);
        QFont bold = option.font;
        bold.setBold(true);
        painter->setFont(bold);
        QRect used;
        painter->drawText(r, Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, title, &used);
        r.setTop(r.top() + used.height() + kGap);
        painter->setFont(option.font);
        if (!gain.isEmpty()) {
            // Green that reads on the view's base: dark on light palettes, light on dark ones.
            const bool darkBase = option.palette.color(QPalette::Base).lightness() < 128;
            painter->setPen(selected ? text : darkBase ? QColor(0x81, 0xC7, 0x84) : QColor(0x1B, 0x5E, 0x20));
            painter->drawText(r, Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, gain, &used);
            r.setTop(r.top() + used.height() + kGap);
            painter->setPen(text);
        }
        painter->drawText(r, Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, evidence);
        painter->restore();
    }

    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        // Wrap to the viewport: list views lay items out at the viewport's width (ResizeMode Adjust).
        const auto *view = qobject_cast<const QAbstractItemView *>(option.widget);
        const int width = std::max(120, (view ? view->viewport()->width() : 400) - 2 * kPad);
        QFont bold = option.font;
        bold.setBold(true);
        const QRect big(0, 0, width, 100000);
        const QFontMetrics fm(option.font);
        int h = QFontMetrics(bold).boundingRect(big, Qt::TextWordWrap, index.data(Qt::DisplayRole).toString()).height();
        const QString gain = index.data(AdviceList::GainRole).toString();
        if (!gain.isEmpty())
            h += kGap + fm.boundingRect(big, Qt::TextWordWrap, gain).height();
        h += kGap + fm.boundingRect(big, Qt::TextWordWrap, index.data(AdviceList::EvidenceRole).toString()).height();
        return QSize(width, h + 2 * kPad);
    }
};

} // namespace

AdviceList::AdviceList(QWidget *parent)
    : QWidget(parent)
    , m_stack(new QStackedWidget(this))
    , m_list(new QListWidget(this))
    , m_empty(new QLabel(this))
    , m_summary(new QLabel(this))
{
    m_summary->setObjectName(QStringLiteral("adviceSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);
    m_summary->setContentsMargins(6, 2, 6, 2);
    m_summary->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_summary->setMinimumWidth(1);
    m_list->setObjectName(QStringLiteral("adviceList"));
    m_list->setItemDelegate(new AdviceDelegate(m_list));
    m_list->setWordWrap(true);
    m_list->setResizeMode(QListView::Adjust); // re-wraps the items when the dock is resized
    m_list->setUniformItemSizes(false);
    m_list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_list->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->setAlternatingRowColors(true);
    m_empty->setObjectName(QStringLiteral("adviceEmpty"));
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    m_empty->setForegroundRole(QPalette::PlaceholderText);
    m_stack->addWidget(m_list);
    m_stack->addWidget(m_empty);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_summary);
    layout->addWidget(m_stack, 1);

    // A click (or Enter) goes to where the advice comes from; clicking the same item again goes
    // there again, after the user has moved the timeline elsewhere.
    onItemActivation(m_list, this, [this](const QModelIndex &i) {
        emit itemActivated(i.row());
        request(i.row());
    });
    // The ghost of the step replayed with this advice's fix (where a replay can apply one).
    m_list->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_list, &QWidget::customContextMenuRequested, this, [this](const QPoint &pos) {
        const QListWidgetItem *item = m_list->itemAt(pos);
        if (!item)
            return;
        const int row = m_list->row(item);
        QMenu menu(this);
        QAction *show = menu.addAction(tr("Show Replayed Step"));
        show->setObjectName(QStringLiteral("showReplayedStep"));
        show->setEnabled(canReplay(row));
        show->setStatusTip(tr("Draw where each kernel of the step would run with this fix, over the timeline"));
        if (menu.exec(m_list->viewport()->mapToGlobal(pos)) == show)
            requestReplay(row);
    });
    setResult(nullptr);
}

QString AdviceList::gainText(const analysis::Advice &a)
{
    if (a.projectedStepS <= 0 || a.stepS <= 0)
        return {};
    namespace figure = analysis::figure;
    // The step time and MFU as every surface spells them (FigureText.h).
    // A replayed projection is what the step becomes with the fix; an arithmetic bound is what it
    // could become at most.
    QString text = a.projectionReplayed
        ? tr("Fix replayed: step %1 → %2").arg(figure::stepTime(a.stepS * 1e9), figure::stepTime(a.projectedStepS * 1e9))
        : tr("Fix worth at most: step %1 → %2").arg(figure::stepTime(a.stepS * 1e9), figure::stepTime(a.projectedStepS * 1e9));
    if (a.mfuPct > 0 && a.projectedMfuPct > 0)
        text += tr(", MFU %1 → %2").arg(figure::pct(a.mfuPct), figure::pct(a.projectedMfuPct));
    return text;
}

int AdviceList::count() const { return m_list->count(); }

bool AdviceList::showsNoProblems() const { return m_stack->currentWidget() == m_empty; }

QString AdviceList::summaryText() const { return m_summary->text(); }

void AdviceList::setResult(const AnalysisResultPtr &result)
{
    m_list->clear();
    m_summary->setVisible(result && result->computeIdle.analysedNs > 0);
    if (result && result->computeIdle.analysedNs > 0)
        m_summary->setText(tr("%1 (%2) %3. Each item's share below is the part of it one cause explains.")
                               .arg(GapTableModel::computeIdleFigure(result->computeIdle),
                                    GapTableModel::durationText(result->computeIdle.idleNs),
                                    GapTableModel::computeIdleScope(result->computeIdle)));
    else
        m_summary->clear();
    if (!result) {
        m_empty->clear();
        m_stack->setCurrentWidget(m_empty);
        return;
    }
    for (const analysis::Advice &a : result->advice) {
        auto *item = new QListWidgetItem(a.title, m_list);
        item->setData(EvidenceRole, a.evidence);
        item->setData(IdRole, a.id);
        item->setData(FromNsRole, qint64(a.where.from));
        item->setData(ToNsRole, qint64(a.where.to));
        const QString gain = gainText(a);
        item->setData(GainRole, gain);
        // A replay already lets whatever else stalls stall; an arithmetic bound does not.
        const QString text = gain.isEmpty()  ? a.evidence
            : a.projectionReplayed           ? tr("%1\n%2 (the step replayed with the fix: what else stalls still stalls)").arg(a.evidence, gain)
                                             : tr("%1\n%2 (an upper bound: something else may stall instead)").arg(a.evidence, gain);
        QString click = a.where.empty() ? QString() : tr("Click to show where in the timeline.");
        if (a.listsGaps)
            click += QLatin1Char(' ') + (a.gapCount == 1 ? tr("Click to list its %n gap (of at least %1, every kernel) in the Gaps tab.", nullptr, a.gapCount)
                                                         : tr("Click to list its %n gaps (of at least %1, every kernel) in the Gaps tab.", nullptr, a.gapCount))
                          .arg(GapTableModel::durationText(analysis::kAdviceGapNs));
        std::vector<analysis::replay::Fix> fixes;
        QString error;
        if (analysis::replay::parseFixes(a.id, &fixes, &error))
            click += QLatin1Char(' ') + tr("Right-click to draw the step replayed with this fix over the timeline.");
        item->setToolTip(click.isEmpty() ? text : tr("%1\n\n%2").arg(text, click.trimmed()));
    }
    m_empty->setText(tr("No problems found."));
    m_stack->setCurrentWidget(result->advice.empty() ? static_cast<QWidget *>(m_empty) : m_list);
}

bool AdviceList::canReplay(int row) const
{
    const QListWidgetItem *item = m_list->item(row);
    std::vector<analysis::replay::Fix> fixes;
    QString error;
    return item && analysis::replay::parseFixes(item->data(IdRole).toString(), &fixes, &error);
}

void AdviceList::requestReplay(int row)
{
    if (canReplay(row))
        emit replayRequested(m_list->item(row)->data(IdRole).toString());
}

void AdviceList::request(int row)
{
    const QListWidgetItem *item = m_list->item(row);
    if (!item)
        return;
    const qint64 from = item->data(FromNsRole).toLongLong(), to = item->data(ToNsRole).toLongLong();
    if (to > from)
        emit rangeRequested(from, to);
}

AdviceList::AdviceList(AnalysisFeed *feed, QWidget *parent) : AdviceList(parent)
{
    setWindowTitle(QCoreApplication::translate("lanescope::AnalysisDock", "Advice"));
    connect(feed, &AnalysisFeed::changed, this, [this, feed] {
        const AnalysisResultPtr &r = feed->result();
        setResult(r);
        setWindowTitle(r && !r->advice.empty()
                           ? QCoreApplication::translate("lanescope::AnalysisDock", "Advice (%1)").arg(r->advice.size())
                           : QCoreApplication::translate("lanescope::AnalysisDock", "Advice"));
    });
}

} // namespace lanescope
