// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/compare/DistinctNames.h"

#include "widgets/analysis/GapTableModel.h"

#include <QAbstractItemModel>
#include <QFontMetrics>
#include <QHash>

#include <utility>
#include <QRegularExpression>

#include <algorithm>
#include <limits>

namespace lanescope {

namespace {

QString withoutVoid(const QString &s) { return s.startsWith(QLatin1String("void ")) ? s.mid(5) : s; }

// PyTorch's lambda kernels spelled short: "silu_kernel(at::TensorIteratorBase&)::{lambda()#1}::
// operator()() const::{lambda(float)#1}" -> "silu_kernel::λ1::λ1". What tells them apart is the
// function they were written in, not the lambdas' signatures.
QString withShortLambdas(QString s)
{
    static const QRegularExpression lambda(QStringLiteral("\\{lambda\\([^{}]*\\)#(\\d+)\\}"));
    static const QRegularExpression params(QStringLiteral("\\([^()<>]*\\)::"));
    s.remove(QStringLiteral("::operator()() const"));
    s.replace(lambda, QStringLiteral("λ\\1"));
    s.replace(params, QStringLiteral("::"));
    return s;
}

// Template arguments without their namespaces ("at::native::AddFunctor<float>" -> "AddFunctor<
// float>"): what differs is the class, rarely the namespace.
QString withoutNamespaces(QString s)
{
    static const QRegularExpression qualifier(QStringLiteral("\\b[A-Za-z_][A-Za-z0-9_]*::"));
    return s.remove(qualifier);
}

// What a shortened name looks like once cut again: its words alone ("a<…, b, …>" and "a<…b…>"
// read alike).
QString looks(QString s)
{
    s.remove(QStringLiteral("…"));
    s.remove(QLatin1Char(','));
    s.remove(QLatin1Char(' '));
    return s;
}

// The template depth at each position of s (1 inside the outer "<...>").
std::vector<int> depths(const QString &s)
{
    std::vector<int> d(std::size_t(s.size()) + 1, 0);
    int depth = 0;
    for (qsizetype i = 0; i < s.size(); ++i) {
        if (s[i] == QLatin1Char('>'))
            --depth;
        d[std::size_t(i)] = depth;
        if (s[i] == QLatin1Char('<'))
            ++depth;
    }
    d[std::size_t(s.size())] = depth;
    return d;
}

// A part of the template's arguments starts at i: after a ',' or a '<' inside the template, or
// after "::" (a name component).
bool boundaryAt(const QString &s, const std::vector<int> &d, qsizetype i)
{
    if (d[std::size_t(i - 1)] < 1 && s[i - 1] != QLatin1Char('<'))
        return false;
    return s[i - 1] == QLatin1Char(',') || s[i - 1] == QLatin1Char('<')
        || (i >= 2 && s[i - 1] == QLatin1Char(':') && s[i - 2] == QLatin1Char(':'));
}

// A part ends at i: before a ',', a '<', a '>' or "::".
bool boundaryBefore(const QString &s, qsizetype i)
{
    return s[i] == QLatin1Char(',') || s[i] == QLatin1Char('<') || s[i] == QLatin1Char('>')
        || (i + 1 < s.size() && s[i] == QLatin1Char(':') && s[i + 1] == QLatin1Char(':'));
}

} // namespace

QStringList distinguishingNames(const QStringList &full)
{
    QStringList shortNames;
    shortNames.reserve(full.size());
    QHash<QString, int> seen;
    for (const QString &f : full) {
        shortNames << withShortLambdas(GapTableModel::shortKernelName(f));
        ++seen[shortNames.back()];
    }
    for (qsizetype i = 0; i < full.size(); ++i)
        if (seen.value(shortNames[i]) > 1) // the parameters or the lambdas' are all that differs
            shortNames[i] = withoutVoid(full[i]);

    // Names grouped by what precedes their template arguments.
    QHash<QString, QList<qsizetype>> byBase;
    for (qsizetype i = 0; i < shortNames.size(); ++i) {
        const qsizetype open = shortNames[i].indexOf(QLatin1Char('<'));
        if (open > 0 && shortNames[i].endsWith(QLatin1Char('>'))) // a template, no parameter list
            byBase[shortNames[i].left(open)].append(i);
    }
    // A base's own name stands for it unless another base has the same one (cudnn::cnn::k and k).
    QHash<QString, int> owners;
    for (auto it = byBase.cbegin(); it != byBase.cend(); ++it)
        ++owners[GapTableModel::ownKernelName(it.key())];
    QStringList out = shortNames;
    for (auto it = byBase.cbegin(); it != byBase.cend(); ++it) {
        const QList<qsizetype> &group = it.value();
        if (group.size() < 2)
            continue;
        const qsizetype open = it.key().size() + 1; // just after the '<'
        // The base's own name without its namespaces: every name of the group shares them.
        const QString own = GapTableModel::ownKernelName(it.key());
        const QString base = owners.value(own) > 1 ? it.key() : own;
        QHash<QString, int> shown;
        QHash<qsizetype, QString> display;
        for (qsizetype i : group) {
            const QString &s = shortNames[i];
            // What it shares with its nearest neighbours, at the start and at the end: that is
            // what makes it hard to tell from them, so that is what "…" stands for.
            qsizetype head = open, tail = 0;
            for (qsizetype j : group) {
                if (j == i)
                    continue;
                const QString &t = shortNames[j];
                const qsizetype n = std::min(s.size(), t.size());
                qsizetype h = 0, e = 0;
                while (h < n && s[h] == t[h])
                    ++h;
                while (e < n - open && s[s.size() - 1 - e] == t[t.size() - 1 - e])
                    ++e;
                head = std::max(head, h);
                tail = std::max(tail, e);
            }
            // Cut only between whole top-level arguments.
            const std::vector<int> dep = depths(s);
            qsizetype from = std::min(head, s.size() - 1);
            while (from > open && !boundaryAt(s, dep, from))
                --from;
            qsizetype to = std::max(from, s.size() - tail);
            while (to < s.size() - 1 && !boundaryBefore(s, to))
                ++to;
            // Only closing brackets after it: nothing left out there.
            const bool cutTail = s.mid(to).remove(QLatin1Char('>')).trimmed().size() > 0;
            if (!cutTail)
                to = s.size();
            const bool cutHead = from > open;
            const QString middle = s.mid(from, to - from).trimmed();
            const bool argHead = cutHead && s[from - 1] == QLatin1Char(','), argTail = cutTail && s[to] == QLatin1Char(',');
            QString d = base + QLatin1Char('<') + (cutHead ? (argHead ? QStringLiteral("…, ") : QStringLiteral("…")) : QString())
                + middle + (cutTail ? (argTail ? QStringLiteral(", …>") : QStringLiteral("…>")) : QString());
            if (middle.isEmpty() || (!cutHead && !cutTail))
                d = base + s.mid(open - 1);
            display.insert(i, d);
            ++shown[looks(d)];
        }
        // Two that would read alike keep their whole template.
        for (qsizetype i : group) {
            const QString &d = display.value(i);
            out[i] = shown.value(looks(d)) > 1 ? base + withoutNamespaces(shortNames[i].mid(open - 1)) : d;
        }
    }
    return out;
}

namespace {

// A name as words (letters and digits) and what separates them: words at the even indices.
QStringList tokens(const QString &s)
{
    QStringList t{QString()};
    bool inWord = true;
    for (const QChar c : s) {
        const bool letter = c.isLetterOrNumber();
        if (letter != inWord) {
            t << QString();
            inWord = letter;
        }
        t.back() += c;
    }
    return t;
}

} // namespace

QStringList compactNames(const QStringList &names)
{
    // A family: the names that begin with the same word. A word is worth showing where the
    // family's names do not all have the same word at that place.
    // Families by the first two words where two names share them ("cudnn_infer_…"), else by the
    // first ("cudnn…"): the closer the family, the more words its names share.
    QList<QStringList> toks;
    QHash<QString, QList<qsizetype>> byTwo, byOne;
    for (qsizetype i = 0; i < names.size(); ++i) {
        toks << tokens(names[i]);
        const QStringList &t = toks.back();
        byTwo[t.mid(0, 3).join(QString())].append(i);
        byOne[t.value(0)].append(i);
    }
    QStringList out = names;
    for (qsizetype i = 0; i < names.size(); ++i) {
        const QStringList &t = toks[i];
        const QList<qsizetype> two = byTwo.value(t.mid(0, 3).join(QString()));
        const bool byTwoWords = two.size() >= 2;
        const QList<qsizetype> members = byTwoWords ? two : byOne.value(t.value(0));
        if (members.size() < 2)
            continue;
        {
            // The words that name the family stay.
            const qsizetype keep = byTwoWords ? std::min<qsizetype>(3, t.size()) : 1;
            QString text = t.mid(0, keep).join(QString());
            bool dropping = false;
            for (qsizetype k = keep; k < t.size(); ++k) {
                if (k % 2 == 1) { // a separator: shown with the word after it
                    continue;
                }
                // The same word at this place counted from the start, or from the end (a family's
                // names often differ in how many words they have in the middle).
                bool fromStart = true, fromEnd = true;
                for (qsizetype j : members) {
                    fromStart = fromStart && toks[j].value(k) == t[k];
                    const qsizetype e = toks[j].size() - (t.size() - k);
                    fromEnd = fromEnd && e >= keep && toks[j].value(e) == t[k];
                }
                const bool same = fromStart || fromEnd;
                if (same) {
                    if (!dropping)
                        text += QStringLiteral("…");
                    dropping = true;
                } else {
                    text += (dropping ? QString() : t[k - 1]) + t[k];
                    dropping = false;
                }
            }
            if (!dropping && t.size() % 2 == 0) // a trailing separator (">", ")")
                text += t.back();
            out[i] = text;
        }
    }
    return out;
}

QString fitDistinct(const QString &text, const QString &compact, const QFontMetrics &fm, int width)
{
    if (fm.horizontalAdvance(text) <= width)
        return text;
    const QString c = compact.isEmpty() ? text : compact;
    if (fm.horizontalAdvance(c) <= width)
        return c;
    // The family's words (before the first "…") get a third of the width at most; the words it
    // differs in the rest, cut at their end.
    const qsizetype cut = c.indexOf(QStringLiteral("…"));
    if (cut <= 0)
        return fm.elidedText(c, Qt::ElideRight, width);
    const QString family = c.left(cut);
    const QString head = fm.horizontalAdvance(family) <= width / 3 ? family : fm.elidedText(family, Qt::ElideRight, width / 3);
    const QString rest = c.mid(cut + (head == family ? 0 : 1)); // an elided head brings its own "…"
    return head + fm.elidedText(rest, Qt::ElideRight, std::max(0, width - fm.horizontalAdvance(head)));
}

namespace {

// Where a word or a template argument begins or ends.
bool isBoundary(QChar c)
{
    return c == QLatin1Char(',') || c == QLatin1Char('<') || c == QLatin1Char('>') || c == QLatin1Char(' ') || c == QLatin1Char('_')
        || c == QLatin1Char(':') || c == QLatin1Char('(') || c == QLatin1Char(')');
}

// How many characters of s from `from` (at most up to `to`) fit `width` pixels.
qsizetype fitFrom(const QString &s, qsizetype from, qsizetype to, const QFontMetrics &fm, int width)
{
    qsizetype lo = 0, hi = std::max<qsizetype>(0, to - from);
    while (lo < hi) {
        const qsizetype mid = (lo + hi + 1) / 2;
        if (fm.horizontalAdvance(s.mid(from, mid)) <= width)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

// t elided to `width` around position `from` (the first character that tells it from the most
// alike other name): its first words (a third of the width at most; none without withHead), "…",
// the window from the word `from` falls in on, "…", its last argument or word.
QString elideAround(const QString &t, qsizetype from, const QFontMetrics &fm, int width, bool withHead)
{
    const qsizetype n = t.size();
    if (n == 0)
        return t;
    const QString dots = QStringLiteral("…");
    const int e = fm.horizontalAdvance(dots);
    from = std::clamp<qsizetype>(from, 0, n - 1);
    // The window begins with the word or argument `from` falls in, where that begins nearby.
    qsizetype ws = from;
    for (qsizetype k = from; k > 0 && from - k < 12; --k)
        if (isBoundary(t[k - 1])) {
            ws = k;
            break;
        }
    // Not an "…" of the shortened name, nor its separator, right after the one put before the window.
    while (ws < from && (t[ws] == QChar(0x2026) || t[ws] == QLatin1Char(',') || t[ws] == QLatin1Char(' ')))
        ++ws;
    // The tail: the last argument or word (", 5ul>"), at least 4 characters, at most a fifth of the width.
    qsizetype ts = n;
    for (qsizetype k = n - 4; k > ws && n - k <= 16; --k)
        if (isBoundary(t[k])) {
            ts = k;
            break;
        }
    if (ts < n && fm.horizontalAdvance(t.mid(ts)) > width / 5)
        ts = n;
    for (int attempt = 0; attempt < 3; ++attempt) {
        const bool head = withHead && attempt == 0;
        const bool tail = ts < n && attempt < 2;
        const qsizetype end = tail ? ts : n;
        const qsizetype hl = head ? fitFrom(t, 0, ws, fm, width / 3) : 0;
        const QString h = t.left(hl) + (hl < ws ? dots : QString());
        const QString tl = tail ? t.mid(ts) : QString();
        int avail = width - fm.horizontalAdvance(h) - fm.horizontalAdvance(tl);
        // The window reaches the tail, or the end: no "…" after it.
        qsizetype wl = fitFrom(t, ws, end, fm, avail);
        const bool joined = ws + wl >= end;
        if (!joined) {
            avail -= e;
            wl = fitFrom(t, ws, end, fm, avail);
        }
        if (wl < std::min<qsizetype>(4, end - ws) && attempt < 2)
            continue; // too little of what differs: first without the head, then without the tail
        // Measured whole: the parts' widths need not add up to the text's (kerning, rounding).
        QString text = h + t.mid(ws, wl) + (joined ? QString() : dots) + tl;
        while (wl > 0 && fm.horizontalAdvance(text) > width) {
            --wl;
            text = h + t.mid(ws, wl) + dots + tl;
        }
        if (fm.horizontalAdvance(text) <= width)
            return text;
    }
    return fm.elidedText(t, Qt::ElideRight, width);
}

} // namespace

QStringList fitColumn(const QStringList &texts, const QStringList &compacts, const QFontMetrics &fm, int width)
{
    const auto common = [](const QString &a, const QString &b) {
        const qsizetype n = std::min(a.size(), b.size());
        qsizetype i = 0;
        while (i < n && a[i] == b[i])
            ++i;
        return i;
    };
    // Where each of `names` begins to differ from the others: sorted, a name's most alike others
    // are its neighbours; the earlier of its two differences from them is where the window starts
    // (the later one follows in it where the width allows).
    const auto differFrom = [&](QStringList names, QHash<QString, qsizetype> *from) {
        names.removeDuplicates();
        std::sort(names.begin(), names.end());
        for (qsizetype i = 0; i < names.size(); ++i) {
            qsizetype f = std::numeric_limits<qsizetype>::max();
            if (i > 0)
                f = common(names[i], names[i - 1]);
            if (i + 1 < names.size())
                f = std::min(f, common(names[i], names[i + 1]));
            from->insert(names[i], f == std::numeric_limits<qsizetype>::max() ? 0 : f);
        }
    };
    QHash<QString, qsizetype> fromOf;
    differFrom(texts, &fromOf);
    QHash<QString, QString> fitted;
    for (qsizetype r = 0; r < texts.size(); ++r) {
        const QString &t = texts[r];
        if (fitted.contains(t))
            continue;
        const QString c = compacts.value(r);
        if (fm.horizontalAdvance(t) <= width)
            fitted.insert(t, t);
        else if (!c.isEmpty() && fm.horizontalAdvance(c) <= width)
            fitted.insert(t, c);
        else
            fitted.insert(t, elideAround(t, fromOf.value(t), fm, width, true));
    }
    // Names that still read alike: each such group elided again around where its own names differ.
    for (int round = 0; round < 3; ++round) {
        QHash<QString, QStringList> alike; // shown -> the names showing it
        for (auto it = fitted.cbegin(); it != fitted.cend(); ++it)
            alike[it.value()] << it.key();
        bool again = false;
        for (auto it = alike.cbegin(); it != alike.cend(); ++it) {
            if (it.value().size() < 2)
                continue;
            again = true;
            QHash<QString, qsizetype> from;
            differFrom(it.value(), &from);
            for (const QString &t : it.value())
                fitted[t] = elideAround(t, from.value(t), fm, width, round == 0);
        }
        if (!again)
            break;
    }
    QStringList out;
    out.reserve(texts.size());
    for (const QString &t : texts)
        out << fitted.value(t);
    return out;
}

FittedColumn::FittedColumn(QObject *context, int compactRole)
    : m_context(context)
    , m_compactRole(compactRole)
{
}

void FittedColumn::read(const QAbstractItemModel *model, int column) const
{
    if (model != m_model || column != m_column) {
        if (model != m_model && model && m_context) {
            // Rows reset, sorted, filtered or edited: read again on the next paint.
            const auto forget = [this] {
                m_read = false;
                m_width = -1;
            };
            QObject::connect(model, &QAbstractItemModel::modelReset, m_context, forget);
            QObject::connect(model, &QAbstractItemModel::layoutChanged, m_context, forget);
            QObject::connect(model, &QAbstractItemModel::rowsInserted, m_context, forget);
            QObject::connect(model, &QAbstractItemModel::rowsRemoved, m_context, forget);
            QObject::connect(model, &QAbstractItemModel::dataChanged, m_context, forget);
        }
        m_model = model;
        m_column = column;
        m_read = false;
    }
    if (m_read)
        return;
    m_keys.clear();
    m_compact.clear();
    m_rowOf.clear();
    const int rows = model ? model->rowCount() : 0;
    for (int r = 0; r < rows; ++r) {
        const QModelIndex i = model->index(r, column);
        m_keys << i.data(Qt::DisplayRole).toString();
        m_compact << (m_compactRole >= 0 ? i.data(m_compactRole).toString() : QString());
        m_rowOf.insert(m_keys.back(), r);
    }
    if (m_compactRole >= 0) {
        m_display = m_keys;
    } else {
        m_display = distinguishingNames(m_keys);
        m_compact = compactNames(m_display);
    }
    m_read = true;
    m_width = -1;
}

QString FittedColumn::shown(const QModelIndex &index, const QFontMetrics &fm, int width) const
{
    const QString key = index.data(Qt::DisplayRole).toString();
    read(index.model(), index.column());
    if (m_rowOf.value(key, -1) < 0) { // a change no signal told of
        m_read = false;
        read(index.model(), index.column());
    }
    const qsizetype row = m_rowOf.value(key, -1);
    if (row < 0)
        return fitDistinct(key, QString(), fm, width);
    // The font's measure: a view's font or style changed since (the theme, the scale).
    const int metrics = fm.height() * 1000 + fm.horizontalAdvance(QStringLiteral("Wm…"));
    if (width != m_width || metrics != m_metrics) {
        m_fitted = fitColumn(m_display, m_compact, fm, width);
        m_width = width;
        m_metrics = metrics;
    }
    return m_fitted.value(row);
}

} // namespace lanescope
