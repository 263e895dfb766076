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
#include <QHash>
#include <QList>
#include <QPointer>
#include <QString>
#include <QStringList>

class QAbstractItemModel;
class QFontMetrics;
class QModelIndex;

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

// A column's names fitted to `width` pixels together, so that different names read differently:
// each whole where it fits, else its compact form where that fits (`compacts` may be empty), else
// elided in the middle around what tells it from the most alike other name of the column (from the
// first character no other name shares at its start), its first words and its tail kept
// ("split_embedding_backward_…warp_per_row_1<float, …, 5ul>"). Equal names read equally.
QStringList fitColumn(const QStringList &texts, const QStringList &compacts, const QFontMetrics &fm, int width);

// fitColumn over the rows of a view's column, for its delegate: the column is read and fitted once
// per model, width and font (again after the model changes or is sorted or filtered).
class FittedColumn
{
public:
    // compactRole: the model's role with a row's compact form (compactNames). -1: the column holds
    // whole kernel names, shown as distinguishingNames and compactNames of the column make them.
    // Connections to the model live as long as `context`.
    FittedColumn(QObject *context, int compactRole);
    // What the cell of `index` shows in `width` pixels.
    QString shown(const QModelIndex &index, const QFontMetrics &fm, int width) const;

private:
    void read(const QAbstractItemModel *model, int column) const;

    QObject *m_context;
    int m_compactRole;
    mutable QPointer<const QAbstractItemModel> m_model;
    mutable int m_column = -1;
    mutable bool m_read = false;
    mutable QStringList m_keys, m_display, m_compact; // by row: what the model holds, what is shown
    mutable QHash<QString, qsizetype> m_rowOf;         // key -> its first row
    mutable int m_width = -1;
    mutable int m_metrics = 0; // the font's, as measured
    mutable QStringList m_fitted; // by row, at m_width and m_font
};

} // namespace lanescope
