// SPDX-License-Identifier: GPL-3.0-or-later
// bench_open A B [--repeat N]: the window opening two traces as a comparison against
// `lanescope-cli compare A B --json` on the same files, in the same run. Each figure starts from
// an empty process: the window's is a child of this program (MainWindow::openFiles until the
// comparison dock shows its result: every run loaded at once, view indexes built, analysed and
// compared), the command line's is lanescope-cli itself. Prints each pair, then one JSON line with
// "window_s" and "cli_s" (medians) and "ratio" (the median of the pair-by-pair ratios).
#include "app/gui/MainWindow.h"
#include "widgets/compare/ComparisonDock.h"
#include "widgets/analysis/AnalysisDock.h"
#include "widgets/view/Session.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace lanescope;

namespace {

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n == 0 ? 0 : n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

int window(const QStringList &paths)
{
    QStandardPaths::setTestModeEnabled(true); // no recent files or settings of the user's touched
    MainWindow w;
    w.resize(1920, 1080);
    w.show();
    QSignalSpy loaded(&w, &MainWindow::loadFinished);
    QElapsedTimer t;
    t.start();
    w.openFiles(paths);
    if (!loaded.wait(600000) || !loaded.takeFirst().at(0).toBool())
        return 3;
    const bool done = QTest::qWaitFor(
        [&] { return !w.comparisonDock()->isBusy() && w.comparisonDock()->comparison(); }, 600000);
    if (!done)
        return 3;
    std::printf("%.3f\n", double(t.nsecsElapsed()) / 1e9);
    return 0;
}

double timed(const QString &program, const QStringList &args, bool *ok, QByteArray *out = nullptr)
{
    QProcess p;
    QElapsedTimer t;
    t.start();
    p.start(program, args);
    *ok = p.waitForFinished(1200000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
    const double s = double(t.nsecsElapsed()) / 1e9;
    if (out)
        *out = p.readAllStandardOutput();
    return s;
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QStringList args = app.arguments().mid(1);
    if (args.value(0) == QLatin1String("--window"))
        return window(args.mid(1));
    int repeat = 3;
    QStringList paths;
    while (!args.isEmpty()) {
        const QString a = args.takeFirst();
        if (a == QLatin1String("--repeat") && !args.isEmpty())
            repeat = std::max(1, args.takeFirst().toInt());
        else
            paths << a;
    }
    if (paths.size() < 2) {
        std::fprintf(stderr, "usage: bench_open A B [--repeat N]\n");
        return 2;
    }
    for (const QString &p : paths)
        if (!QFileInfo::exists(p)) {
            std::printf("SKIP: %s not found\n", qPrintable(p));
            return 77;
        }
    std::vector<double> windowS, cliS, ratios;
    for (int r = 0; r < repeat; ++r) {
        bool ok = false;
        QByteArray out;
        timed(app.applicationFilePath(), QStringList{QStringLiteral("--window")} + paths, &ok, &out);
        if (!ok) {
            std::fprintf(stderr, "bench_open: the window did not open the comparison\n");
            return 1;
        }
        const double w = out.trimmed().toDouble();
        const double c = timed(QStringLiteral(LANESCOPE_CLI_PATH), QStringList{QStringLiteral("compare")} + paths + QStringList{QStringLiteral("--json")}, &ok);
        if (!ok) {
            std::fprintf(stderr, "bench_open: lanescope-cli compare failed\n");
            return 1;
        }
        std::printf("run %d: window %.3f s, cli compare %.3f s, ratio %.3f\n", r + 1, w, c, w / c);
        windowS.push_back(w);
        cliS.push_back(c);
        ratios.push_back(w / c);
    }
    std::printf("{\"window_s\":%.3f,\"cli_s\":%.3f,\"ratio\":%.3f,\"ratio_min\":%.3f,\"ratio_max\":%.3f}\n", median(windowS),
                median(cliS), median(ratios), *std::min_element(ratios.begin(), ratios.end()),
                *std::max_element(ratios.begin(), ratios.end()));
    return 0;
}
