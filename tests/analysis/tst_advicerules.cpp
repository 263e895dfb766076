// SPDX-License-Identifier: GPL-3.0-or-later
// The advice rules as objects (core/analysis/advice/AdviceRule.h): the registered rules have
// unique ids and declare needs the advice's context knows and the measure catalogue has; advise() asks a rule only with every
// measure it needs, lets a rule yield to one before it and a catch-all speak only alone; on the
// real ResNet-50 pair (DataLoader num_workers 0 -> 4) the rules name the data loader first on the
// baseline and nowhere on the optimized run.
#include "core/analysis/advice/AdviceRule.h"
#include "core/analysis/measures/replay/Fixes.h"
#include "core/analysis/run/Analysis.h"
#include "core/analysis/run/Measure.h"
#include "core/parse/TraceLoader.h"
#include "tests/TestTraces.h"

#include <QtTest>

#include <algorithm>
#include <set>
#include <string>

using namespace lanescope;
using namespace lanescope::analysis;

namespace {

constexpr TimeNs kMs = 1'000'000;

// A key the advice's context can hold, and a measure of the catalogue (run/Measure.h).
bool known(std::string_view key)
{
    const std::vector<std::string_view> &keys = AdviceContext::measureKeys();
    return std::find(keys.begin(), keys.end(), key) != keys.end() && measureCatalogue().find(key);
}

// A rule written the way a new one would be: it needs one measure and, where it is asked, speaks.
class ToyRule final : public AdviceRule
{
public:
    ToyRule(std::string_view id, std::vector<std::string_view> needs, std::vector<std::string_view> yieldsTo = {}, bool catchAll = false)
        : m_id(id)
        , m_needs(std::move(needs))
        , m_yieldsTo(std::move(yieldsTo))
        , m_catchAll(catchAll)
    {
    }
    std::string_view id() const override { return m_id; }
    std::vector<std::string_view> needs() const override { return m_needs; }
    std::vector<std::string_view> yieldsTo() const override { return m_yieldsTo; }
    bool onlyWhenNoneBefore() const override { return m_catchAll; }
    std::optional<Advice> evaluate(const AdviceContext &) const override
    {
        return advice(QStringLiteral("toy title"), QStringLiteral("toy evidence"), TimeRange{});
    }

private:
    std::string_view m_id;
    std::vector<std::string_view> m_needs, m_yieldsTo;
    bool m_catchAll;
};

QStringList ids(const std::vector<Advice> &advice)
{
    QStringList out;
    for (const Advice &a : advice)
        out << a.id;
    return out;
}

// Two steps of 100 ms, the shares' windows, and every measure but the critical path.
struct Inputs
{
    std::vector<Step> steps;
    TemporalBreakdown temporal;
    MemorySummary memory;
    MfuResult mfu;
    std::vector<Gap> gaps;
    AdviceInputs in;
    Inputs()
    {
        for (int i = 0; i < 2; ++i) {
            Step s;
            s.name = QStringLiteral("ProfilerStep#%1").arg(i);
            s.number = i;
            s.start = i * 100 * kMs;
            s.dur = 100 * kMs;
            steps.push_back(s);
            in.windows.push_back(TimeRange{s.start, s.end()});
        }
        temporal.spanStart = 0;
        temporal.spanEnd = temporal.span = 200 * kMs;
        in.steps = &steps;
        in.temporal = &temporal;
        in.memory = &memory;
        in.mfu = &mfu;
        in.gaps = &gaps;
    }
    // Allocator churn beyond its minimum: 4 cudaMalloc and cudaFree, 4 allocator gaps of 5 ms.
    void churn()
    {
        memory.mallocCalls = memory.freeCalls = 4;
        for (int i = 0; i < 4; ++i) {
            Gap g;
            g.stream = 7;
            g.start = TimeNs(i) * 50 * kMs;
            g.dur = 5 * kMs;
            g.cause = GapCause::Allocator;
            gaps.push_back(g);
        }
    }
};

} // namespace

class TestAdviceRules : public QObject
{
    Q_OBJECT
private slots:
    // Every registered rule: a unique id, needs and uses the context knows, and yields only to
    // rules asked before it.
    void registry()
    {
        const std::vector<const AdviceRule *> &rules = adviceRules();
        QVERIFY(!rules.empty());
        std::set<std::string_view> before;
        for (const AdviceRule *r : rules) {
            const QByteArray id(r->id().data(), qsizetype(r->id().size()));
            QVERIFY2(!r->id().empty(), "a rule without an id");
            QVERIFY2(before.insert(r->id()).second, id.constData());
            QVERIFY2(!r->needs().empty(), id.constData()); // a rule with no need would speak on no evidence
            for (const std::vector<std::string_view> &keys : {r->needs(), r->uses()})
                for (std::string_view k : keys)
                    QVERIFY2(known(k), qPrintable(QStringLiteral("%1 reads \"%2\", which is no measure the advice knows")
                                                      .arg(QString::fromLatin1(id), QString::fromLatin1(k.data(), qsizetype(k.size())))));
            for (std::string_view y : r->yieldsTo()) {
                QVERIFY2(y != r->id(), id.constData());
                QVERIFY2(std::find_if(rules.begin(), rules.end(), [&](const AdviceRule *o) { return o->id() == y; }) < std::find(rules.begin(), rules.end(), r),
                         id.constData());
            }
        }
        // What the advice reads, every key once, and each run before the advice (the advice
        // measure needs it).
        const std::vector<std::string_view> read = adviceRulesRead();
        QCOMPARE(std::set<std::string_view>(read.begin(), read.end()).size(), read.size());
        const Measure *adviceMeasure = measureCatalogue().find("advice");
        QVERIFY(adviceMeasure);
        for (std::string_view k : read) {
            QVERIFY(known(k));
            QVERIFY2(std::find(adviceMeasure->needs.begin(), adviceMeasure->needs.end(), std::string(k)) != adviceMeasure->needs.end(),
                     std::string(k).c_str());
        }
    }

    // The seam to the replay: every fix `whatif --fix` names after an advice (an id without ":X")
    // is the id of a registered rule, so that advice's projection is that fix's replay.
    void fixesNameRules()
    {
        int named = 0;
        for (const QString &fix : replay::fixIds()) {
            if (fix.contains(QLatin1Char(':')))
                continue; // gemm_faster:X, comm_faster:X: what-ifs no advice gives
            ++named;
            QVERIFY2(std::any_of(adviceRules().begin(), adviceRules().end(),
                                 [&](const AdviceRule *r) { return fix == QLatin1String(r->id().data(), qsizetype(r->id().size())); }),
                     qPrintable(fix));
        }
        QVERIFY(named > 0);
    }

    // advise() asks a rule only with every measure it needs.
    void skippedWithoutNeed_data()
    {
        QTest::addColumn<QString>("need");
        for (std::string_view k : AdviceContext::measureKeys())
            QTest::newRow(std::string(k).c_str()) << QString::fromLatin1(k.data(), qsizetype(k.size()));
    }
    void skippedWithoutNeed()
    {
        QFETCH(QString, need);
        const std::string key = need.toStdString();
        Inputs x;
        LaunchStats launch;
        IdleBreakdown idle;
        std::vector<StreamQueue> queues;
        CriticalPath path;
        path.valid = true;
        path.lengthNs = 100 * kMs;
        // Every measure there: the toy speaks.
        x.in.launchStats = &launch;
        x.in.idleBreakdown = &idle;
        x.in.queueLengths = &queues;
        x.in.criticalPath = &path;
        const ToyRule toy("toy", {key});
        QVERIFY(AdviceContext(x.in).has(key));
        QCOMPARE(ids(advise(x.in, {&toy})), QStringList{QStringLiteral("toy")});
        // Its one need taken away: not asked.
        if (key == "temporal")
            x.in.temporal = nullptr;
        else if (key == "gaps")
            x.in.gaps = nullptr;
        else if (key == "mfu")
            x.in.mfu = nullptr;
        else if (key == "memory")
            x.in.memory = nullptr;
        else if (key == "launch")
            x.in.queueLengths = nullptr; // one of the launch measure's three results is enough to miss it
        else if (key == "critical_path")
            path.valid = false; // a path that could not be found
        else
            QFAIL("a measure key this test does not know how to take away");
        QVERIFY(!AdviceContext(x.in).has(key));
        QVERIFY(advise(x.in, {&toy}).empty());
    }

    // A registered rule likewise: allocator churn with and without the memory measure.
    void registeredRuleSkipped()
    {
        Inputs x;
        x.churn();
        const std::vector<Advice> with = advise(x.in);
        QVERIFY2(ids(with).contains(QStringLiteral("allocator_churn")), qPrintable(ids(with).join(QLatin1Char(' '))));
        x.in.memory = nullptr; // the gaps still say "allocator", but the calls are not known
        QVERIFY(!ids(advise(x.in)).contains(QStringLiteral("allocator_churn")));
    }

    // A rule that yields is not asked where the rule it yields to spoke; a catch-all only alone.
    void yieldsAndCatchAll()
    {
        Inputs x;
        const ToyRule first("first", {"gaps"});
        const ToyRule yielding("yielding", {"gaps"}, {"first"});
        const ToyRule catchAll("catch_all", {"gaps"}, {}, true);
        QCOMPARE(ids(advise(x.in, {&yielding})), QStringList{QStringLiteral("yielding")});
        QCOMPARE(ids(advise(x.in, {&first, &yielding})), QStringList{QStringLiteral("first")});
        QCOMPARE(ids(advise(x.in, {&catchAll})), QStringList{QStringLiteral("catch_all")});
        QCOMPARE(ids(advise(x.in, {&first, &catchAll})), QStringList{QStringLiteral("first")});
        // A rule skipped for a missing need did not speak: nothing to yield to.
        const ToyRule needsPath("needs_path", {"critical_path"});
        const ToyRule yieldsToPath("yields_to_path", {"gaps"}, {"needs_path"});
        QCOMPARE(ids(advise(x.in, {&needsPath, &yieldsToPath})), QStringList{QStringLiteral("yields_to_path")});
        // Every advice points somewhere: the toy's empty place becomes the analysed span.
        const std::vector<Advice> a = advise(x.in, {&first});
        QCOMPARE(a.front().where.from, x.temporal.spanStart);
        QCOMPARE(a.front().where.to, x.temporal.spanEnd);
    }

    // On the real input-bound pair: the data loader first on the baseline, no advice claiming it
    // once the DataLoader has four workers; every advice of a GPU trace comes from a registered rule.
    void resnetPair_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<bool>("inputBound");
        QTest::newRow("baseline") << QStringLiteral("resnet50-dataloader-baseline.pt.trace.json.gz") << true;
        QTest::newRow("optimized") << QStringLiteral("resnet50-dataloader-optimized.pt.trace.json.gz") << false;
    }
    void resnetPair()
    {
        QFETCH(QString, file);
        QFETCH(bool, inputBound);
        const QString path = test::tracePath(file);
        if (!QFileInfo::exists(path))
            QSKIP(qPrintable(QStringLiteral("real trace %1 not found (set LANESCOPE_TRACES_DIR): skipped").arg(path)));
        const LoadResult lr = loadTrace(path);
        QVERIFY2(lr.trace, qPrintable(lr.error));
        const AnalysisResult r = analyze(*lr.trace);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        const QStringList given = ids(r.advice);
        for (const QString &id : given)
            QVERIFY2(std::any_of(adviceRules().begin(), adviceRules().end(),
                                 [&](const AdviceRule *rule) { return id == QLatin1String(rule->id().data(), qsizetype(rule->id().size())); }),
                     qPrintable(id));
        if (inputBound) {
            QVERIFY2(!given.isEmpty() && given.front() == QLatin1String("dataloader"), qPrintable(given.join(QLatin1Char(' '))));
        } else {
            QVERIFY2(!given.contains(QStringLiteral("dataloader")), qPrintable(given.join(QLatin1Char(' '))));
        }
    }
};

QTEST_GUILESS_MAIN(TestAdviceRules)
#include "tst_advicerules.moc"
