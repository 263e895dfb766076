// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Kernel names that can be told apart in a narrow column. Many kernels share a long prefix and
// differ only inside their template arguments ("implicit_convolve_sgemm<float, float, 128, 5, 5,
// 3, 3, 3, 1, false, false, true>" against "...<float, float, 1024, 5, 5, 3, 3, 3, 1, false, ...>");
// elided at either end they read the same. Each name is shown without "void " and its parameter
// list; where other listed names share its template, it is shown by its own name (no namespaces)
// and the arguments it shares with its nearest neighbours, at the start and at the end, are
// replaced by "…": "implicit_convolve_sgemm<…, 128, …>". Names this would make read alike keep
// their whole template, without namespaces. The full name stays in the row's tooltip.
#include <QList>
#include <QString>
#include <QStringList>

class QFontMetrics;

namespace lanescope {

// One display name per full name, in the same order. Names that differ only in their parameter
// lists keep them (without "void ").
QStringList distinguishingNames(const QStringList &fullNames);

// Each name with the words its family shares left out: a family is the names that begin with the
// same two words (or, where no other name shares those, the same first word); those words stay,
// and a later word is left out ("…") where every name of the family has that same word at that
// place, counted from the start or from the end ("volta_scudnn_128x64_relu_interior_nn_v1" among other volta_scudnn kernels:
// "volta_scudnn_128x64_relu_interior…"). Two different names of a family never read alike this
// way. A name alone in its family is returned as it is.
QStringList compactNames(const QStringList &names);

// `text` fitted to `width` pixels: whole when it fits, else its compact form; if even that is too
// wide, its family's words cut to a third of the width and the words it differs in after them.
QString fitDistinct(const QString &text, const QString &compact, const QFontMetrics &fm, int width);

} // namespace lanescope
