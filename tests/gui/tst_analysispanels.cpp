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
#include "tests/gui/CountColour.h"

#include <QFile>
#include <QLabel>
#include <QPainter>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

using namespace lanescope;
using test::countColour;

namespace {

const QColor kToyColour(0x12, 0xC4, 0x56); // in no palette of the timeline

const QColor kScreenColour(0xD2, 0x1E, 0xB4); // the screen-only pass's

// A panel that says how many gaps the dock's analysis lists, and its tab how many steps.
class ToyPanel : public QLabel
{
public:
    ToyPanel(AnalysisFeed *feed, QWidget *parent) : QLabel(parent)
    {
        setObjectName(QStringLiteral("toyPanel"));
        connect(feed, &AnalysisFeed::changed, this, [this, feed] {
            const AnalysisResultPtr &r = feed->result();
            setText(r ? QStringLiteral("toy: %1 gaps").arg(r->gaps.size()) : QString());
            setWindowTitle(r ? QStringLiteral("Toy (%1)").arg(r->steps.size()) : QStringLiteral("Toy"));
        });
    }
};

// A band across the lanes, `top` px under their top, 8 px high.
class ToyDrawing : public OverlayDrawing
{
public:
    ToyDrawing(QColor colour, int top) : m_colour(colour), m_top(top) {}
    void paint(QPainter &p, const TimelineRenderer &renderer) const override
    {
        const QRect lanes = renderer.lanesRect();
        p.fillRect(QRect(lanes.left(), lanes.top() + m_top, lanes.width(), 8), m_colour);
    }

private:
    QColor m_colour;
    int m_top;
};

// "toy": in pictures too, z 150, a band 10 px under the lanes' top. "toy_screen": on screen only,
// z 160, a band 4 px lower (over the toy's lower half).
class ToyPass : public OverlayPass
{
public:
    ToyPass(Session *session, bool screenOnly) : m_session(session), m_screenOnly(screenOnly) {}
    static std::shared_ptr<ToyPass> of(Session *session, const QString &key)
    {
        return std::dynamic_pointer_cast<ToyPass>(session->state()->overlayPass(key));
    }
    void setOn(bool on)
    {
        m_on = on;
        m_session->state()->overlayPassChanged();
    }
    QString key() const override { return m_screenOnly ? QStringLiteral("toy_screen") : QStringLiteral("toy"); }
    int z() const override { return m_screenOnly ? 160 : 150; }
    bool inPictures() const override { return !m_screenOnly; }
    std::shared_ptr<const OverlayDrawing> drawing() const override
    {
        if (!m_on)
            return nullptr;
        return m_screenOnly ? std::make_shared<ToyDrawing>(kScreenColour, 14) : std::make_shared<ToyDrawing>(kToyColour, 10);
    }

private:
    Session *m_session;
    bool m_screenOnly;
    bool m_on = false;
};

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
                               [](Session *session) -> std::shared_ptr<OverlayPass> { return std::make_shared<ToyPass>(session, false); }});
        // An overlay without a panel: no tab.
        registerAnalysisPanel({QStringLiteral("toy_screen"), panelorder::Advice + 60, nullptr, nullptr, nullptr,
                               [](Session *session) -> std::shared_ptr<OverlayPass> { return std::make_shared<ToyPass>(session, true); }});

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
        const std::shared_ptr<ToyPass> pass = ToyPass::of(v.session(), QStringLiteral("toy"));
        const std::shared_ptr<ToyPass> screen = ToyPass::of(v.session(), QStringLiteral("toy_screen"));
        QVERIFY(pass && screen);
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


        // The screen-only pass draws later (higher z), over the toy's lower half, and not in pictures.
        screen->setOn(true);
        const QImage both = v.renderFrame();
        QCOMPARE(countColour(both, kToyColour, lanes), lanes.width() * 4);
        QCOMPARE(countColour(both, kScreenColour, lanes), lanes.width() * 8);
        in.overlay = PictureExport::pictureOverlay(v.overlay());
        const QImage picture = PictureExport::image(in, opt);
        QCOMPARE(countColour(picture, kScreenColour, timeline), 0);
        QVERIFY(countColour(picture, kToyColour, timeline) >= (opt.width - TimelineRenderer::kHeaderWidth) * 8);

        pass->setOn(false);
        screen->setOn(false);
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
        // A tab per kind with a panel (an overlay-only kind has none), and the dock's own three.
        int panels = 0;
        for (const AnalysisPanelKind &k : analysisPanels())
            panels += k.create ? 1 : 0;
        QCOMPARE(tabs->count(), panels + 3);
        QCOMPARE(tabs->widget(at - 1), static_cast<QWidget *>(dock.adviceList()));
        QCOMPARE(tabs->widget(at + 1), static_cast<QWidget *>(dock.launchPanel()));
        // It follows the dock's analysis.
        QTRY_VERIFY_WITH_TIMEOUT(dock.result() != nullptr && !dock.isBusy(), 60000);
        QCOMPARE(toy->text(), QStringLiteral("toy: %1 gaps").arg(dock.result()->gaps.size()));
        // Its title is its tab's text.
        QCOMPARE(tabs->tabText(tabs->indexOf(toy)), QStringLiteral("Toy (%1)").arg(dock.result()->steps.size()));
    }
};

QTEST_MAIN(TestAnalysisPanels)
#include "tst_analysispanels.moc"
