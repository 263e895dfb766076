// SPDX-License-Identifier: GPL-3.0-or-later
// Panels and overlays register themselves: a toy kind registered here, and nowhere else, appears
// as a tab of the Analysis dock in its place, follows the dock's analysis, and its overlay pass
// paints in a rendered timeline frame and in a picture export (and nothing while it is off).
#include "core/analysis/run/Analysis.h"
#include "core/parse/TraceLoader.h"
#include "core/synth/TraceSynth.h"
#include "widgets/analysis/AdviceList.h"
#include "widgets/analysis/AnalysisDock.h"
#include "widgets/analysis/AnalysisPanels.h"
#include "widgets/analysis/LaunchPanel.h"
#include "widgets/render/PictureExport.h"
#include "widgets/render/TimelineRenderer.h"
#include "widgets/timeline/TimelineView.h"
#include "widgets/view/Session.h"

#include <QFile>
#include <QLabel>
#include <QPainter>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

using namespace lanescope;

namespace {

const QColor kToyColour(0x12, 0xC4, 0x56); // in no palette of the timeline

// A panel that says how many gaps the dock's analysis lists.
class ToyPanel : public QLabel
{
public:
    ToyPanel(AnalysisFeed *feed, QWidget *parent) : QLabel(parent)
    {
        setObjectName(QStringLiteral("toyPanel"));
        connect(feed, &AnalysisFeed::changed, this, [this, feed] {
            const AnalysisResultPtr &r = feed->result();
            setText(r ? QStringLiteral("toy: %1 gaps").arg(r->gaps.size()) : QString());
        });
    }
};

class ToyDrawing : public OverlayDrawing
{
public:
    void paint(QPainter &p, const TimelineRenderer &renderer) const override
    {
        // A band across the lanes, 10 px under their top.
        const QRect lanes = renderer.lanesRect();
        p.fillRect(QRect(lanes.left(), lanes.top() + 10, lanes.width(), 8), kToyColour);
    }
};

class ToyPass : public OverlayPass
{
public:
    explicit ToyPass(Session *session) : m_session(session) {}
    static std::shared_ptr<ToyPass> of(Session *session)
    {
        return std::dynamic_pointer_cast<ToyPass>(session->state()->overlayPass(QStringLiteral("toy")));
    }
    void setOn(bool on)
    {
        m_on = on;
        m_session->state()->overlayPassChanged();
    }
    QString key() const override { return QStringLiteral("toy"); }
    int z() const override { return 150; }
    std::shared_ptr<const OverlayDrawing> drawing() const override
    {
        return m_on ? std::make_shared<ToyDrawing>() : nullptr;
    }

private:
    Session *m_session;
    bool m_on = false;
};

int countColour(const QImage &img, const QColor &c, const QRect &area)
{
    int n = 0;
    const QRect r = area.intersected(img.rect());
    for (int y = r.top(); y <= r.bottom(); ++y)
        for (int x = r.left(); x <= r.right(); ++x)
            n += img.pixelColor(x, y) == c ? 1 : 0;
    return n;
}

} // namespace

class TestAnalysisPanels : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    std::shared_ptr<const Trace> m_trace;

private slots:
    void initTestCase()
    {
        // The registration, and the only place the toy is named.
        registerAnalysisPanel({QStringLiteral("toy"), panelorder::Advice + 50, [] { return QStringLiteral("Toy"); }, nullptr,
                               [](AnalysisFeed *feed, QWidget *parent) -> QWidget * { return new ToyPanel(feed, parent); },
                               [](Session *session) -> std::shared_ptr<OverlayPass> { return std::make_shared<ToyPass>(session); }});

        QVERIFY(m_dir.isValid());
        synth::SynthConfig c;
        c.scenario = synth::Scenario::Baseline;
        const synth::SynthOutput out = synth::synthesize(c);
        const QString path = m_dir.filePath(QStringLiteral("fsdp-baseline.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(out.traces.at(0).data(), qint64(out.traces.at(0).size()));
        f.close();
        m_trace = loadTrace(path).trace;
        QVERIFY(m_trace);
    }

    void registryOrder()
    {
        const std::vector<AnalysisPanelKind> kinds = analysisPanels();
        QStringList keys;
        for (const AnalysisPanelKind &k : kinds)
            keys << k.key;
        QCOMPARE(keys.count(QStringLiteral("toy")), 1);
        QVERIFY(keys.indexOf(QStringLiteral("advice")) < keys.indexOf(QStringLiteral("toy")));
        QVERIFY(keys.indexOf(QStringLiteral("toy")) < keys.indexOf(QStringLiteral("launch")));
        for (std::size_t i = 1; i < kinds.size(); ++i)
            QVERIFY(kinds[i - 1].order <= kinds[i].order);
    }

    void overlayPaints()
    {
        TimelineView v;
        v.setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        v.resize(TimelineView::kHeaderWidth + 800, 500);
        v.show();
        v.setTrace(m_trace);
        // Installed in the view's session by its registration; off at first.
        const std::shared_ptr<ToyPass> pass = ToyPass::of(v.session());
        QVERIFY(pass);
        const QRect lanes = v.lanesRect();
        const QImage off = v.renderFrame();
        QCOMPARE(countColour(off, kToyColour, lanes), 0);

        pass->setOn(true);
        const QImage on = v.renderFrame();
        // The band across the lanes' width (less what later passes draw over: nothing here).
        QCOMPARE(countColour(on, kToyColour, lanes), lanes.width() * 8);
        QCOMPARE(countColour(on, kToyColour, QRect(0, 0, TimelineView::kHeaderWidth, on.height())), 0); // not over the headers

        // A picture export of what is shown draws the same pass.
        PictureInput in;
        in.runs = {RenderRun{m_trace.get(), v.session()->index(0), v.session()->base(0)}};
        in.layout = &v.laneLayout();
        in.windowStart = v.state()->windowStart();
        in.windowRange = v.state()->windowRange();
        PictureOptions opt;
        opt.width = 1200;
        opt.metrics = false;
        const QRect timeline = PictureExport::timelineRect(in, opt);
        QCOMPARE(countColour(PictureExport::image(in, opt), kToyColour, timeline), 0);
        in.overlay = PictureExport::pictureOverlay(v.overlay());
        QVERIFY(countColour(PictureExport::image(in, opt), kToyColour, timeline) >= (opt.width - TimelineRenderer::kHeaderWidth) * 8);

        pass->setOn(false);
        QCOMPARE(v.renderFrame(), off);
    }

    void dockTab()
    {
        AnalysisDock dock;
        dock.setTrace(m_trace);
        // Its tab, between Advice and Launch, with its title.
        QTabWidget *tabs = dock.tabs();
        auto *toy = dock.findChild<QLabel *>(QStringLiteral("toyPanel"));
        QVERIFY(toy);
        const int at = tabs->indexOf(toy);
        QVERIFY(at > 0);
        QCOMPARE(tabs->tabText(at), QStringLiteral("Toy"));
        QCOMPARE(tabs->widget(at - 1), static_cast<QWidget *>(dock.adviceList()));
        QCOMPARE(tabs->widget(at + 1), static_cast<QWidget *>(dock.launchPanel()));
        // It follows the dock's analysis.
        QTRY_VERIFY_WITH_TIMEOUT(dock.result() != nullptr && !dock.isBusy(), 60000);
        QCOMPARE(toy->text(), QStringLiteral("toy: %1 gaps").arg(dock.result()->gaps.size()));
    }
};

QTEST_MAIN(TestAnalysisPanels)
#include "tst_analysispanels.moc"
