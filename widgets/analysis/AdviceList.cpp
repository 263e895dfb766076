#include "AdviceList.h"

#include "ItemActivation.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QLabel>
#include <QListWidget>
#include <QPainter>
#include <QStackedWidget>
#include <QStyledItemDelegate>
#include <QVBoxLayout>

namespace lanescope {

namespace {

// Title in bold, evidence beneath in the normal font, both wrapped to the view's width.
class AdviceDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    static constexpr int kPad = 6;

    void paint(QPainter *painter, const QStyleOptionViewItem &optionIn, const QModelIndex &index) const override
    {
        QStyleOptionViewItem option = optionIn;
        initStyleOption(&option, index);
        const QString title = option.text, evidence = index.data(AdviceList::EvidenceRole).toString();
        option.text.clear();
        const QWidget *w = option.widget;
        QStyle *style = w ? w->style() : QApplication::style();
        style->drawControl(QStyle::CE_ItemViewItem, &option, painter, w); // background, selection, focus
        const bool selected = option.state & QStyle::State_Selected;
        painter->save();
        painter->setPen(option.palette.color(selected ? QPalette::HighlightedText : QPalette::Text));
        const QRect r = option.rect.adjusted(kPad, kPad, -kPad, -kPad);
        QFont bold = option.font;
        bold.setBold(true);
        painter->setFont(bold);
        QRect used;
        painter->drawText(r, Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, title, &used);
        painter->setFont(option.font);
        painter->drawText(r.adjusted(0, used.height() + 2, 0, 0), Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, evidence);
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
        const int h1 = QFontMetrics(bold).boundingRect(big, Qt::TextWordWrap, index.data(Qt::DisplayRole).toString()).height();
        const int h2 = QFontMetrics(option.font).boundingRect(big, Qt::TextWordWrap, index.data(AdviceList::EvidenceRole).toString()).height();
        return QSize(width, h1 + 2 + h2 + 2 * kPad);
    }
};

} // namespace

AdviceList::AdviceList(QWidget *parent)
    : QWidget(parent)
    , m_stack(new QStackedWidget(this))
    , m_list(new QListWidget(this))
    , m_empty(new QLabel(this))
{
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
    layout->addWidget(m_stack);

    // A click (or Enter) goes to where the advice comes from; clicking the same item again goes
    // there again, after the user has moved the timeline elsewhere.
    onItemActivation(m_list, this, [this](const QModelIndex &i) { request(i.row()); });
    setResult(nullptr);
}

int AdviceList::count() const { return m_list->count(); }

bool AdviceList::showsNoProblems() const { return m_stack->currentWidget() == m_empty; }

void AdviceList::setResult(const AnalysisResultPtr &result)
{
    m_list->clear();
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
        item->setToolTip(a.where.empty() ? a.evidence : tr("%1\n\nClick to show where in the timeline.").arg(a.evidence));
    }
    m_empty->setText(tr("No problems found."));
    m_stack->setCurrentWidget(result->advice.empty() ? static_cast<QWidget *>(m_empty) : m_list);
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

} // namespace lanescope
