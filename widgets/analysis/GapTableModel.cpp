// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/analysis/GapTableModel.h"

#include "core/analysis/text/FigureText.h"

#include "widgets/render/GapCauseStyle.h"
#include "widgets/timeline/DetailsHtml.h"

#include <QFontMetrics>
#include <QLocale>
#include <QStringList>

#include <algorithm>

namespace lanescope {

GapTableModel::GapTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void GapTableModel::setResult(AnalysisResultPtr result, TimeNs origin)
{
    beginResetModel();
    m_result = std::move(result);
    m_origin = origin;
    endResetModel();
}

const analysis::Gap *GapTableModel::gap(int row) const
{
    if (!m_result || row < 0 || std::size_t(row) >= m_result->gaps.size())
        return nullptr;
    return &m_result->gaps[std::size_t(row)];
}

int GapTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() || !m_result ? 0 : int(m_result->gaps.size());
}

int GapTableModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QString GapTableModel::durationText(TimeNs ns)
{
    // The figures' units (FigureText.h), so the advice's summary and its items read alike.
    using analysis::figure::TimeUnit;
    const double v = double(ns);
    if (ns >= 1'000'000'000)
        return analysis::figure::duration(v, TimeUnit::S, 3);
    if (ns >= 1'000'000)
        return analysis::figure::duration(v, TimeUnit::Ms, 2);
    if (ns >= 1'000)
        return analysis::figure::duration(v, TimeUnit::Us, 1);
    return analysis::figure::duration(v, TimeUnit::Ns, 0);
}

QString GapTableModel::shortKernelName(const QString &name)
{
    // "void cutlass::Kernel<cutlass_80_tensorop_s16816gemm_64x64>(Params)" -> without "void " and
    // the parameter list; the template arguments stay, they often are the informative part.
    // "(anonymous namespace)::" is no parameter list: without it, at::native::(anonymous
    // namespace)::foo<...>(...) would be cut to "at::native::".
    QString owned = name;
    owned.remove(QStringLiteral("(anonymous namespace)::"));
    QStringView n(owned);
    if (n.startsWith(QLatin1String("void ")))
        n = n.mid(5);
    int depth = 0;
    for (qsizetype i = 0; i < n.size(); ++i) {
        const QChar ch = n[i];
        if (ch == QLatin1Char('<'))
            ++depth;
        else if (ch == QLatin1Char('>'))
            --depth;
        else if (ch == QLatin1Char('(') && depth <= 0 && i > 0) {
            n = n.left(i);
            break;
        }
    }
    return n.toString();
}

QString GapTableModel::ownKernelName(const QString &name)
{
    const QString s = shortKernelName(name);
    qsizetype cut = 0;
    int depth = 0;
    for (qsizetype i = 0; i + 1 < s.size(); ++i) {
        if (s[i] == QLatin1Char('<'))
            ++depth;
        else if (s[i] == QLatin1Char('>'))
            --depth;
        else if (depth == 0 && s[i] == QLatin1Char(':') && s[i + 1] == QLatin1Char(':'))
            cut = i + 2;
    }
    return s.mid(cut).trimmed();
}

namespace {
// s with every top-level "<...>" replaced by `with` ("<…>" or nothing).
QString withoutTemplateArgs(const QString &s, const QString &with)
{
    QString out;
    int depth = 0;
    for (const QChar ch : s) {
        if (ch == QLatin1Char('<')) {
            if (depth++ == 0)
                out += with;
        } else if (ch == QLatin1Char('>')) {
            depth = std::max(0, depth - 1);
        } else if (depth == 0) {
            out += ch;
        }
    }
    return out.trimmed();
}
// The first top-level template argument of s ("Kernel<cutlass_80_...>" -> "cutlass_80_..."),
// without its own namespaces and arguments.
QString firstTemplateArg(const QString &s)
{
    const qsizetype open = s.indexOf(QLatin1Char('<'));
    if (open < 0)
        return {};
    int depth = 0;
    qsizetype end = s.size();
    for (qsizetype i = open + 1; i < s.size(); ++i) {
        const QChar ch = s[i];
        if (ch == QLatin1Char('<'))
            ++depth;
        else if (ch == QLatin1Char('>') && depth-- == 0) {
            end = i;
            break;
        } else if (ch == QLatin1Char(',') && depth == 0) {
            end = i;
            break;
        }
    }
    return withoutTemplateArgs(GapTableModel::ownKernelName(s.mid(open + 1, end - open - 1)), QString());
}
} // namespace

QString GapTableModel::fitKernelName(const QString &name, const QFontMetrics &fm, int width)
{
    if (fm.horizontalAdvance(name) <= width)
        return name;
    const QString own = ownKernelName(name);
    if (fm.horizontalAdvance(own) <= width)
        return own;
    // CUTLASS and CUB wrap the real kernel: "Kernel<cutlass_80_tensorop_s16816gemm_...>" says
    // nothing without its argument.
    static const QStringList wrappers = {QStringLiteral("Kernel"), QStringLiteral("Kernel2"), QStringLiteral("device_kernel")};
    QString bare = withoutTemplateArgs(own, QString());
    if (wrappers.contains(bare)) {
        const QString arg = firstTemplateArg(own);
        if (!arg.isEmpty())
            bare = arg;
    } else {
        const QString collapsed = withoutTemplateArgs(own, QStringLiteral("<…>"));
        if (fm.horizontalAdvance(collapsed) <= width)
            return collapsed;
    }
    if (fm.horizontalAdvance(bare) <= width)
        return bare;
    return fm.elidedText(bare, Qt::ElideMiddle, width);
}

QString GapTableModel::computeIdleFigure(const analysis::ComputeIdle &c)
{
    return tr("Compute idle %1 %").arg(QLocale().toString(c.idlePct, 'f', 1));
}

QString GapTableModel::computeIdleScope(const analysis::ComputeIdle &c)
{
    return c.steps == 1  ? tr("of the analysed time (the CPU span of %n step, %1) in which no GPU computed", nullptr, c.steps)
                             .arg(durationText(c.analysedNs))
           : c.steps > 1 ? tr("of the analysed time (the CPU spans of %n steps, %1) in which no GPU computed", nullptr, c.steps)
                             .arg(durationText(c.analysedNs))
                       : tr("of the analysed time (the GPU's busy span, %1) in which no GPU computed").arg(durationText(c.analysedNs));
}

QVariant GapTableModel::data(const QModelIndex &index, int role) const
{
    const analysis::Gap *g = index.isValid() ? gap(index.row()) : nullptr;
    if (!g || index.column() >= ColumnCount)
        return {};
    switch (role) {
    case CauseKeyRole: return GapCauseStyle::key(g->cause);
    case StartNsRole: return qint64(g->start);
    case EndNsRole: return qint64(g->end());
    case CollectiveRole: return g->collective;
    default: break;
    }
    const auto column = Column(index.column());
    if (role == Qt::DisplayRole || role == SortRole) {
        const bool sort = role == SortRole;
        switch (column) {
        case DeviceColumn: return sort ? QVariant(g->device) : QVariant(QString::number(g->device));
        case StreamColumn: return sort ? QVariant(qint64(g->stream)) : QVariant(QString::number(g->stream));
        case StartColumn: // the unit is in the header: narrow enough for a dock
            return sort ? QVariant(qint64(g->start)) : QVariant(QLocale().toString(double(g->start - m_origin) / 1e6, 'f', 3));
        case DurationColumn: return sort ? QVariant(qint64(g->dur)) : QVariant(durationText(g->dur));
        case BeforeColumn: return ownKernelName(g->before);
        case AfterColumn: return ownKernelName(g->after);
        case CauseColumn: return GapCauseStyle::label(g->cause);
        case GemmBeforeColumn: return g->gemmBefore.isEmpty() ? tr("none") : ownKernelName(g->gemmBefore);
        case GemmAfterColumn: return g->gemmAfter.isEmpty() ? tr("none") : ownKernelName(g->gemmAfter);
        case EvidenceColumn: return g->evidence;
        case ColumnCount: break;
        }
        return {};
    }
    switch (role) {
    case Qt::DecorationRole:
        if (column == CauseColumn)
            return GapCauseStyle::color(g->cause); // views draw a QColor decoration as a swatch
        return {};
    case Qt::ToolTipRole: {
        // Kernel names and evidence come from the trace: bounded and escaped (DetailsHtml.h).
        QString tip;
        switch (column) {
        case CauseColumn: tip = GapCauseStyle::description(g->cause); break;
        case GemmBeforeColumn: tip = g->gemmBefore.isEmpty() ? tr("No GEMM on the stream before this gap") : g->gemmBefore; break;
        case GemmAfterColumn: tip = g->gemmAfter.isEmpty() ? tr("No GEMM on the stream after this gap") : g->gemmAfter; break;
        case BeforeColumn:
            tip = g->gemmBefore.isEmpty() || g->gemmBefore == g->before
                ? g->before
                : tr("%1\nnearest GEMM before: %2").arg(g->before, g->gemmBefore);
            break;
        case AfterColumn:
            tip = g->gemmAfter.isEmpty() || g->gemmAfter == g->after
                ? g->after
                : tr("%1\nnearest GEMM after: %2").arg(g->after, g->gemmAfter);
            break;
        default: tip = g->evidence; break;
        }
        return details::tooltipText(tip);
    }
    case Qt::TextAlignmentRole:
        if (column <= DurationColumn)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    default: return {};
    }
}

QVariant GapTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return {};
    if (role == Qt::DisplayRole) {
        switch (Column(section)) {
        case DeviceColumn: return tr("GPU");
        case StreamColumn: return tr("Stream");
        case StartColumn: return tr("Start (ms)");
        case DurationColumn: return tr("Duration");
        case BeforeColumn: return tr("Kernel before");
        case AfterColumn: return tr("Kernel after");
        case CauseColumn: return tr("Cause");
        case GemmBeforeColumn: return tr("GEMM before");
        case GemmAfterColumn: return tr("GEMM after");
        case EvidenceColumn: return tr("Evidence");
        case ColumnCount: break;
        }
    } else if (role == Qt::ToolTipRole) {
        switch (Column(section)) {
        case DeviceColumn: return tr("The GPU (device index) of the stream");
        case StreamColumn: return tr("The CUDA stream whose next activity waited; no stream of the GPU computed during the gap");
        case StartColumn: return tr("When the gap began, in ms from the trace's first event");
        case BeforeColumn: return tr("The activity that ended when the gap began: this stream's, or the compute kernel of another stream that ended last");
        case AfterColumn: return tr("The activity on the stream that ended the gap");
        case CauseColumn: return tr("Why the GPU computed nothing, judged on the stream whose next activity waited, from what the CPU and the other streams did meanwhile");
        case GemmBeforeColumn: return tr("The nearest GEMM kernel on the stream before the gap: the start of its GEMM-to-GEMM window");
        case GemmAfterColumn: return tr("The nearest GEMM kernel on the stream after the gap: the end of its GEMM-to-GEMM window");
        default: break;
        }
    }
    return {};
}

} // namespace lanescope
