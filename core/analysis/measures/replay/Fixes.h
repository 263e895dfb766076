// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The changes a replay of a step can apply (Replay.h), named like the advice ids (Advice.h):
// "dataloader", "sync_on_critical_path", "allocator_churn", "launch_bound" / "cpu_bound_launch",
// "fsdp_limit_all_gathers", and "gemm_faster:X" / "comm_faster:X" (X percent faster, 0 < X < 100).
#include <QString>
#include <QStringList>

#include <vector>

namespace lanescope::analysis::replay {

enum class FixKind : std::uint8_t { DataLoader, Sync, AllocatorChurn, LaunchBound, FsdpLimitAllGathers, GemmFaster, CommFaster };

struct Fix
{
    FixKind kind = FixKind::DataLoader;
    QString id;     // as given: "launch_bound" and "cpu_bound_launch" are one change
    double pct = 0; // gemm_faster / comm_faster: percent faster
};

// Everything a replay applies at once.
struct FixSet
{
    bool dataLoader = false, sync = false, allocator = false, launch = false, fsdp = false;
    double gemmPct = 0, commPct = 0;
    bool any() const { return dataLoader || sync || allocator || launch || fsdp || gemmPct > 0 || commPct > 0; }
    void add(const Fix &f);
};

// The ids a user may name, as help and error texts list them ("gemm_faster:X").
QStringList fixIds();

// "dataloader,gemm_faster:20": one Fix per comma-separated id, in order, each once. On an unknown
// id or a bad percentage returns false with *error one sentence naming the valid ids.
bool parseFixes(const QString &text, std::vector<Fix> *out, QString *error);

// The advice id a fix answers (a fix id without its ":X").
QString fixAdviceId(const Fix &f);

} // namespace lanescope::analysis::replay
