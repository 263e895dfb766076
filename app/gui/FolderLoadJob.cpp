#include "app/gui/FolderLoadJob.h"

#include "core/analysis/Collectives.h"
#include "core/analysis/Steps.h"
#include "core/util/Parallel.h"

#include <algorithm>
#include <exception>
#include <new>

namespace lanescope {
namespace {
// Shares of the bar: parsing is nearly all of the time; the view indices and the clocks follow.
constexpr double kLoadShare = 0.9;
constexpr double kIndexShare = 0.07;

} // namespace

analysis::ClockAlignment measureRankClocks(const std::vector<RankFile> &ranks, int threads)
{
    std::vector<std::vector<analysis::CollectiveCall>> calls(ranks.size());
    parallelEach(ranks.size(), threadCount(threads), [&](std::size_t i) {
        const Trace &t = *ranks[i].trace;
        calls[i] = analysis::findCollectives(t, analysis::findSteps(t));
    });
    std::vector<int> numbers;
    std::vector<std::int64_t> bases;
    for (const RankFile &r : ranks) {
        numbers.push_back(r.rank);
        bases.push_back(r.trace->baseTimeNs);
    }
    const analysis::CollectiveMatch match = analysis::matchCollectives(calls, numbers);
    analysis::ClockAlignment a = analysis::alignClocks(bases, calls, match, numbers, true);
    a.warnings = match.warnings + a.warnings; // groups left unmatched on some ranks, as analyzeJob reports them
    return a;
}

FolderLoadJob::FolderLoadJob(const QString &folder, QObject *parent)
    : QObject(parent)
    , m_folder(folder)
{
}

FolderLoadJob::~FolderLoadJob()
{
    m_cancel.store(true);
    if (m_thread.joinable())
        m_thread.join();
}

void FolderLoadJob::start()
{
    Q_ASSERT(!m_thread.joinable());
    m_thread = std::thread([this] {
        auto load = std::make_shared<FolderLoad>();
        try {
            FolderLoadOptions options;
            options.cancel = &m_cancel;
            options.progress = [this](double p) { m_progress.store(p * kLoadShare); };
            load->folder = loadFolder(m_folder, options);
            if (m_cancel.load())
                load->folder.cancelled = true;
            FolderLoadResult &f = load->folder;
            if (!f.cancelled && f.error.isEmpty()) {
                load->indices.resize(f.ranks.size());
                std::atomic<std::size_t> done{0};
                parallelEach(f.ranks.size(), threadCount(0), [&](std::size_t i) {
                    if (m_cancel.load())
                        return;
                    load->indices[i] = TraceViewIndex::build(*f.ranks[i].trace);
                    m_progress.store(kLoadShare + kIndexShare * double(++done) / double(f.ranks.size()));
                });
                if (m_cancel.load())
                    f.cancelled = true;
                else
                    load->clocks = measureRankClocks(f.ranks);
            }
        } catch (const std::bad_alloc &) {
            load = std::make_shared<FolderLoad>();
            load->folder.error = tr("not enough memory to open the folder %1").arg(m_folder);
        } catch (const std::exception &e) {
            // The loader promises not to throw; if it does anyway, say so rather than crash.
            load = std::make_shared<FolderLoad>();
            load->folder.error = tr("internal error while opening the folder %1: %2").arg(m_folder, QString::fromLocal8Bit(e.what()));
        }
        if (load->folder.cancelled) { // drop what was loaded now, not when the UI gets round to it
            load->folder.ranks.clear();
            load->indices.clear();
        }
        m_progress.store(1.0);
        std::shared_ptr<const FolderLoad> result = std::move(load);
        QMetaObject::invokeMethod(
            this,
            [this, result] {
                m_result = result;
                if (m_thread.joinable())
                    m_thread.join();
                emit finished();
            },
            Qt::QueuedConnection);
    });
}

} // namespace lanescope
