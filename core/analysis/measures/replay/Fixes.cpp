// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/measures/replay/Fixes.h"

#include <QCoreApplication>

namespace lanescope::analysis::replay {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(analysis)
};

struct Known
{
    const char *id;
    FixKind kind;
    bool takesPct;
};

constexpr Known kKnown[] = {
    {"dataloader", FixKind::DataLoader, false},
    {"sync_on_critical_path", FixKind::Sync, false},
    {"allocator_churn", FixKind::AllocatorChurn, false},
    {"launch_bound", FixKind::LaunchBound, false},
    {"cpu_bound_launch", FixKind::LaunchBound, false},
    {"fsdp_limit_all_gathers", FixKind::FsdpLimitAllGathers, false},
    {"gemm_faster", FixKind::GemmFaster, true},
    {"comm_faster", FixKind::CommFaster, true},
};

} // namespace

void FixSet::add(const Fix &f)
{
    switch (f.kind) {
    case FixKind::DataLoader: dataLoader = true; break;
    case FixKind::Sync: sync = true; break;
    case FixKind::AllocatorChurn: allocator = true; break;
    case FixKind::LaunchBound: launch = true; break;
    case FixKind::FsdpLimitAllGathers: fsdp = true; break;
    case FixKind::GemmFaster: gemmPct = f.pct; break;
    case FixKind::CommFaster: commPct = f.pct; break;
    }
}

QStringList fixIds()
{
    QStringList ids;
    for (const Known &k : kKnown)
        ids << (k.takesPct ? QStringLiteral("%1:X").arg(QLatin1String(k.id)) : QLatin1String(k.id));
    return ids;
}

QString fixAdviceId(const Fix &f)
{
    const qsizetype colon = f.id.indexOf(QLatin1Char(':'));
    return colon < 0 ? f.id : f.id.left(colon);
}

bool parseFixes(const QString &text, std::vector<Fix> *out, QString *error)
{
    out->clear();
    const QStringList parts = text.split(QLatin1Char(','), Qt::SkipEmptyParts);
    if (parts.isEmpty()) {
        *error = Text::tr("no fix named; the fixes are: %1").arg(fixIds().join(QStringLiteral(", ")));
        return false;
    }
    constexpr qsizetype kMaxFixes = 16; // more than every id once is a mistake
    if (parts.size() > kMaxFixes) {
        *error = Text::tr("more than %1 fixes named").arg(kMaxFixes);
        return false;
    }
    for (const QString &raw : parts) {
        const QString p = raw.trimmed();
        const qsizetype colon = p.indexOf(QLatin1Char(':'));
        const QString name = colon < 0 ? p : p.left(colon);
        const Known *hit = nullptr;
        for (const Known &k : kKnown)
            if (name == QLatin1String(k.id))
                hit = &k;
        if (!hit) {
            *error = Text::tr("unknown fix \"%1\"; the fixes are: %2").arg(p, fixIds().join(QStringLiteral(", ")));
            return false;
        }
        Fix f;
        f.kind = hit->kind;
        f.id = p;
        if (hit->takesPct) {
            bool ok = false;
            f.pct = colon < 0 ? 0 : p.mid(colon + 1).toDouble(&ok);
            if (!ok || !(f.pct > 0) || !(f.pct < 100)) {
                *error = Text::tr("%1 takes a percentage above 0 and below 100 (%1:20 for 20 percent faster)").arg(name);
                return false;
            }
        } else if (colon >= 0) {
            *error = Text::tr("%1 takes no value").arg(name);
            return false;
        }
        for (const Fix &g : *out)
            if (g.kind == f.kind) {
                *error = Text::tr("%1 named twice").arg(name);
                return false;
            }
        out->push_back(f);
    }
    return true;
}

} // namespace lanescope::analysis::replay
