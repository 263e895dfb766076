// SPDX-License-Identifier: GPL-3.0-or-later
// bench_search TRACE [--repeat N]
// The timeline search on one trace: per query, the median time of searchRuns (string
// table, tracks, merge, the per-track matches the lanes draw), the hits, the results table filled
// and sorted by duration, and one 1920x1080 frame with the matches drawn over dimmed lanes. Tells
// whether SearchBar::kAsyncSlices is right: a search the UI thread would feel goes to a worker.
// Prints one JSON object as the last line. Exit 77 (skip) when the trace is absent.
#include "core/parse/TraceLoader.h"
#include "widgets/timeline/SearchResultsModel.h"
#include "widgets/timeline/TimelineSearch.h"
#include "widgets/timeline/TimelineView.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QImage>
#include <QPainter>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace lanescope;

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QStringList args = app.arguments().mid(1);
    int repeat = 3;
    QString path;
    while (!args.isEmpty()) {
        const QString a = args.takeFirst();
        if (a == QLatin1String("--repeat") && !args.isEmpty())
            repeat = std::max(1, args.takeFirst().toInt());
        else
            path = a;
    }
    if (path.isEmpty()) {
        std::fprintf(stderr, "usage: bench_search TRACE [--repeat N]\n");
        return 2;
    }
    if (!QFileInfo::exists(path)) {
        std::printf("SKIP: %s not found\n", qPrintable(path));
        return 77;
    }
    LoadResult r = loadTrace(path);
    if (!r.trace) {
        std::fprintf(stderr, "cannot load %s\n", qPrintable(path));
        return 1;
    }
    TimelineView view;
    view.resize(1920, 1080);
    view.setTrace(r.trace);
    const std::vector<const Trace *> traces{r.trace.get()};
    const std::vector<TimeNs> bases{view.session()->base(0)};
    struct Query
    {
        const char *key;
        QString pattern;
        bool regex;
    };
    // A narrow name, a broad substring (most slices match), a regular expression.
    const Query queries[] = {{"nccl", QStringLiteral("nccl"), false},
                             {"broad_a", QStringLiteral("a"), false},
                             {"regex_gemm", QStringLiteral("gemm|cutlass"), true}};
    QString json = QStringLiteral("{\"slices\": %1").arg(r.trace->sliceCount());
    for (const Query &q : queries) {
        std::vector<double> ms;
        std::shared_ptr<const SearchResult> result;
        for (int i = 0; i < repeat; ++i) {
            QElapsedTimer t;
            t.start();
            result = std::make_shared<SearchResult>(searchRuns(traces, bases, q.pattern, q.regex));
            ms.push_back(double(t.nsecsElapsed()) / 1e6);
        }
        std::sort(ms.begin(), ms.end());
        QElapsedTimer t;
        t.start();
        SearchResultsModel model;
        model.setResults(result, {r.trace}, [&view](SliceRef ref) { return view.laneLabel(ref); });
        model.sort(SearchResultsModel::DurationColumn, Qt::DescendingOrder);
        const double tableMs = double(t.nsecsElapsed()) / 1e6;
        view.state()->setSearch(result->matches);
        QImage img(1920, 1080, QImage::Format_ARGB32_Premultiplied);
        t.restart();
        {
            QPainter p(&img);
            view.renderTo(p, img.size());
        }
        const double frameMs = double(t.nsecsElapsed()) / 1e6;
        view.state()->setSearch(nullptr);
        std::printf("%-12s %10zu hits  search %8.1f ms  table %7.1f ms  frame %7.1f ms\n", q.key, result->hits.size(),
                    ms[ms.size() / 2], tableMs, frameMs);
        json += QStringLiteral(", \"%1_hits\": %2, \"%1_search_ms\": %3, \"%1_table_ms\": %4, \"%1_frame_ms\": %5")
                    .arg(QLatin1String(q.key))
                    .arg(result->hits.size())
                    .arg(ms[ms.size() / 2], 0, 'f', 1)
                    .arg(tableMs, 0, 'f', 1)
                    .arg(frameMs, 0, 'f', 1);
    }
    std::printf("%s}\n", qPrintable(json));
    return 0;
}
