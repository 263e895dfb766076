// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// How a figure of RunFigures is spelled, one way for every surface that shows it (the analysis
// dock, the MFU panel, the advice, the comparison's metrics, the exported headline, the report,
// the command line's text), so the same quantity reads the same everywhere: same unit, same
// precision, the user's locale.
#include "core/analysis/run/RunFigures.h"

#include <QString>

#include <string_view>

namespace lanescope::analysis::figure {

// Times in milliseconds: two decimals under 10 ms, one above ("8.25 ms", "176.5 ms", "3,912.6 ms").
QString ms(double ns);
QString stepTime(double ns); // ms()
// Short times (launch delays, kernel and call durations) in microseconds, one decimal ("12.5 µs").
QString us(double ns);
// A threshold the user set: as few decimals as it needs ("15 ms", "1 ms", "0.5 ms").
QString threshold(TimeNs ns);
// Percent with one decimal ("27.9 %").
QString pct(double v);
QString tflops(double v);     // "88.1"
QString tokensPerS(double v); // "2,094"
QString samplesPerS(double v); // "1,203.5": as tokensPerS()
QString gib(double bytes);    // "30.56 GiB"
// Memory in binary units, as nvidia-smi and Nsight count it (an A100-80GB has 80 GiB), on every
// surface: GiB from 1 GiB, MiB from 1 MiB, KiB below. A read-out: "22.97 GiB" (gib()'s two
// decimals), "512.0 MiB", "4.0 KiB".
QString bytes(double bytes);
// An axis label or a device's total: three significant digits at most, trailing zeros dropped
// ("16 GiB", "1.5 GiB", "79.2 GiB", "512 MiB", "0").
QString bytesTick(double bytes);
// The smallest round number of binary units at least `bytes` (1, 1.2, 1.6, 2, 2.5, 3, 4, 5, 6 or 8
// times a power of ten, in GiB, MiB or KiB): the top of a memory axis, which bytesTick() spells
// exactly ("25 GiB", not "23.28 GiB").
double roundUpBytes(double bytes);
// A duration in the unit that suits it: "1.20 s", "16.66 ms", "850 µs" (the advice's and the
// gaps' evidence). The units are the figures' own (ms()), so no text mixes two spellings.
QString duration(double ns);
enum class TimeUnit { S, Ms, Us, Ns };
// A duration in a given unit with given decimals ("%1 s", "%1 ms", "%1 µs", "%1 ns").
QString duration(double ns, TimeUnit unit, int decimals);
QString count(double v);      // "1,024"
// Which steps the step time is the median of: "median of 3 complete steps", "one step".
QString stepScope(const FigureScope &scope);
// The listed gaps' definition: "GEMM gaps ≥ 15 ms", "compute-stream gaps ≥ 1 ms".
QString gapScope(const FigureScope &scope);

// A per-rank figure (Ranks.h outlierFigures()'s keys; the value in the key's unit: µs, %, bytes)
// as a cell of a rank table shows it: the number alone, the unit in the column's header, with
// the precision ms(), pct() and gib() give that figure ("4,297.1", "0.2", "29.34").
QString rankCell(std::string_view key, double v);
// That cell's number counted in units of the finest digit the key's spelling shows (0.01 ms,
// 0.1 %, 0.01 GiB): a whole number, so figures compared as shown compare exactly (the outlier
// test, Ranks.h). An unknown key: v itself.
double rankCellUnits(std::string_view key, double v);
// The inverse: such a count back in the key's unit.
double fromRankCellUnits(std::string_view key, double units);

} // namespace lanescope::analysis::figure
