// SPDX-License-Identifier: GPL-3.0-or-later
#include "tests/analysis/toy_measure/ToyPanel.h"

#include "tests/analysis/toy_measure/ToyMeasure.h"

#include <QCoreApplication>
#include <QLabel>
#include <QLocale>

namespace lanescope::test {

namespace {

QString tr(const char *s) { return QCoreApplication::translate("ToyPanel", s); }

class ToyPanel : public QLabel
{
public:
    ToyPanel(AnalysisFeed *feed, QWidget *parent) : QLabel(parent)
    {
        setObjectName(QStringLiteral("toyPanel"));
        setAlignment(Qt::AlignLeft | Qt::AlignTop);
        setMargin(8);
        // Subscribed in its constructor: the dock knows nothing of the toy.
        connect(feed, &AnalysisFeed::changed, this, [this, feed] { setText(toyPanelText(feed->result().get())); });
    }
};

} // namespace

QString toyPanelText(const analysis::AnalysisResult *result)
{
    if (!result)
        return {};
    const ToyResult *r = analysis::measureResult<ToyResult>(*result, "toy");
    if (!r)
        return tr("no toy result");
    const QLocale l;
    return tr("Kernels named with a letter: %1\nLongest GPU activity: %2 µs")
        .arg(l.toString(qlonglong(r->letteredKernels)), l.toString(double(r->longestNs) / 1000.0, 'f', 3));
}

AnalysisPanelKind toyPanelKind()
{
    AnalysisPanelKind k;
    k.key = QStringLiteral("toy");
    k.order = panelorder::Replay + 100; // after every built-in tab
    k.title = [] { return tr("Toy"); };
    k.create = [](AnalysisFeed *feed, QWidget *parent) -> QWidget * { return new ToyPanel(feed, parent); };
    return k;
}

} // namespace lanescope::test
