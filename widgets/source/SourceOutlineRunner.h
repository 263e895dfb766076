// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The slices of a line, a file or a call path of Python (analysis::sourceLineSlices,
// sourceFrameSlices), found off the UI thread: each is a walk over a trace's Python frames and
// launches, tens of ms on the shared traces and seconds on the largest. One outline per run asked
// for; the latest request wins (LatestRunner).
#include "core/analysis/measures/source_lines/SourceLines.h"
#include "widgets/analysis/LatestRunner.h"

#include <QString>

#include <functional>
#include <memory>
#include <vector>

namespace lanescope {

class SourceOutlineRunner : public LatestRunner
{
public:
    using LatestRunner::LatestRunner;
    struct Outline
    {
        std::vector<std::shared_ptr<const Trace>> traces; // per run; the slices refer to them
        std::vector<analysis::SourceSlices> slices;       // per run
        QString what, error;
    };
    std::function<void(std::shared_ptr<const Outline>)> onResult;

    // `work` returns one SourceSlices per trace of `traces`.
    void run(std::vector<std::shared_ptr<const Trace>> traces, QString what,
             std::function<std::vector<analysis::SourceSlices>()> work)
    {
        submit(
            [traces, what, work]() -> Result {
                auto o = std::make_shared<Outline>();
                o->traces = traces;
                o->what = what;
                o->slices = work();
                return o;
            },
            [traces, what](const QString &message) -> Result {
                auto o = std::make_shared<Outline>();
                o->traces = traces;
                o->what = what;
                o->error = message;
                return o;
            });
    }

protected:
    void deliver(const Result &result) override
    {
        if (onResult)
            onResult(std::static_pointer_cast<const Outline>(result));
    }
};

} // namespace lanescope
