// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/analysis/CriticalPathPanel.h"

#include "widgets/analysis/AnalysisPanels.h"

#include "core/analysis/run/Analysis.h"
#include "core/analysis/text/FigureText.h"
#include "widgets/render/CriticalPathOverlay.h"
#include "widgets/view/Session.h"

#include <QHeaderView>
#include <QLabel>
#include <QPainter>
#include <QPixmap>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <array>

namespace lanescope {

// The parts as one bar, each as wide as its share of the step.
class CriticalPathBar : public QWidget
{
public:
    explicit CriticalPathBar(QWidget *parent) : QWidget(parent) { setMinimumHeight(18); }
    void setParts(const std::array<TimeNs, analysis::kPathParts> &parts, TimeNs length)
    {
        m_parts = parts;
        m_length = length;
        update();
    }
    QSize sizeHint() const override { return {200, 18}; }

protected:
    void paintEvent(QPaintEvent *) override
    {
        if (m_length <= 0)
            return;
        QPainter p(this);
        const QRectF r = QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5);
        double x = r.left();
        for (int k = 0; k < analysis::kPathParts; ++k) {
            const double w = r.width() * double(m_parts[std::size_t(k)]) / double(m_length);
            p.fillRect(QRectF(x, r.top(), w, r.height()), criticalPathColor(analysis::PathPart(k)));
            x += w;
        }
        p.setPen(palette().color(QPalette::Mid));
        p.drawRect(r);
    }

private:
    std::array<TimeNs, analysis::kPathParts> m_parts{};
    TimeNs m_length = 0;
};

CriticalPathPanel::CriticalPathPanel(QWidget *parent)
    : QWidget(parent), m_title(new QLabel(this)), m_sentence(new QLabel(this)), m_bar(new CriticalPathBar(this)),
      m_parts(new QTreeWidget(this))
{
    m_title->setTextFormat(Qt::PlainText);
    m_title->setWordWrap(true);
    m_sentence->setTextFormat(Qt::PlainText);
    m_sentence->setWordWrap(true);
    // The sentence names kernels, each one long word: wrap (and clip) at the dock's width rather
    // than widen the dock past the screen.
    for (QLabel *l : {m_title, m_sentence}) {
        l->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
        l->setMinimumWidth(1);
    }
    m_sentence->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_parts->setObjectName(QStringLiteral("criticalPathParts"));
    m_parts->setRootIsDecorated(false);
    m_parts->setColumnCount(3);
    m_parts->setHeaderLabels({tr("Part"), tr("Share of the step"), tr("Time")});
    m_parts->header()->setStretchLastSection(false);
    m_parts->setToolTip(tr("The critical path: the chain of CPU work, launches, kernels and synchronisations that sets the "
                           "step's length (Holistic Trace Analysis' lightweight critical path). Its parts add up to "
                           "the step. View > Critical Path draws it on the timeline."));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(m_title);
    layout->addWidget(m_bar);
    layout->addWidget(m_sentence);
    layout->addWidget(m_parts, 1);
    setResult(nullptr);
}

void CriticalPathPanel::setResult(const AnalysisResultPtr &result)
{
    m_parts->clear();
    const analysis::CriticalPath *cp = result ? &result->criticalPath : nullptr;
    if (!cp || !cp->valid) {
        m_bar->setParts({}, 0);
        m_bar->setVisible(false);
        m_title->setText(!result ? QString()
                                 : cp && !cp->error.isEmpty() ? cp->error
                                                              : tr("No critical path: the analysed time holds no complete ProfilerStep."));
        m_sentence->clear();
        return;
    }
    namespace figure = analysis::figure;
    m_bar->setVisible(true);
    m_bar->setParts(cp->partsNs, cp->lengthNs);
    // What the path is over: a step (the median one or the one analysed), an annotation's
    // instance (a double-click on it in the timeline), a selected range without a complete step.
    const QString which = cp->scope == analysis::RangeKind::Step ? (cp->medianStep ? tr("the median step") : tr("the step analysed"))
                          : cp->scope == analysis::RangeKind::Annotation ? tr("the annotation analysed")
                                                                         : tr("no complete step in it");
    const QString what = cp->scope == analysis::RangeKind::Window ? tr("the selected range") : analysis::criticalPathScope(*cp);
    m_title->setText(tr("Critical path of %1 (%2), %3").arg(what, which, figure::ms(double(cp->lengthNs))));
    m_sentence->setText(analysis::criticalPathSentence(*cp));
    QList<QTreeWidgetItem *> items;
    for (int k = 0; k < analysis::kPathParts; ++k) {
        const auto part = analysis::PathPart(k);
        auto *item = new QTreeWidgetItem;
        QPixmap swatch(10, 10);
        swatch.fill(criticalPathColor(part));
        item->setIcon(0, QIcon(swatch));
        item->setText(0, analysis::pathPartLabel(part));
        item->setText(1, figure::pct(cp->sharePct(part)));
        item->setText(2, figure::ms(double(cp->part(part))));
        item->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
        item->setTextAlignment(2, Qt::AlignRight | Qt::AlignVCenter);
        items << item;
    }
    m_parts->addTopLevelItems(items);
    for (int c = 0; c < 3; ++c)
        m_parts->resizeColumnToContents(c);
}

namespace {

// Every analysed run's path, as the pass found them when asked.
class CriticalPathDrawing : public OverlayDrawing
{
public:
    std::vector<CriticalPathMark> marks;
    void paint(QPainter &p, const TimelineRenderer &renderer) const override
    {
        for (const CriticalPathMark &m : marks)
            paintCriticalPath(p, renderer, m);
    }
};

} // namespace

CriticalPathPass::CriticalPathPass(Session *session) : m_session(session) {}

std::shared_ptr<CriticalPathPass> CriticalPathPass::of(Session *session)
{
    auto pass = std::dynamic_pointer_cast<CriticalPathPass>(session->state()->overlayPass(staticKey()));
    if (!pass) {
        pass = std::make_shared<CriticalPathPass>(session);
        session->state()->addOverlayPass(pass);
    }
    return pass;
}

void CriticalPathPass::setOn(bool on)
{
    if (on == m_on)
        return;
    m_on = on;
    if (Session *s = m_session.data())
        s->state()->overlayPassChanged();
}

std::shared_ptr<const OverlayDrawing> CriticalPathPass::drawing() const
{
    const Session *s = m_session.data();
    if (!m_on || !s)
        return nullptr;
    auto d = std::make_shared<CriticalPathDrawing>();
    for (int i = 0; i < s->runCount(); ++i)
        if (const auto &a = s->run(i).analysis; a && a->criticalPath.valid)
            d->marks.push_back({i, std::shared_ptr<const analysis::CriticalPath>(a, &a->criticalPath)});
    if (d->marks.empty())
        return nullptr;
    return d;
}

CriticalPathPanel::CriticalPathPanel(AnalysisFeed *feed, QWidget *parent) : CriticalPathPanel(parent)
{
    connect(feed, &AnalysisFeed::changed, this, [this, feed] { setResult(feed->result()); });
}

} // namespace lanescope
