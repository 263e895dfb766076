#include "GapTableModel.h"

#include "render/GapCauseStyle.h"
#include "timeline/DetailsHtml.h"

#include <QLocale>

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
    const QLocale locale;
    const double v = double(ns);
    if (ns >= 1'000'000'000)
        return tr("%1 s").arg(locale.toString(v / 1e9, 'f', 3));
    if (ns >= 1'000'000)
        return tr("%1 ms").arg(locale.toString(v / 1e6, 'f', 2));
    if (ns >= 1'000)
        return tr("%1 µs").arg(locale.toString(v / 1e3, 'f', 1));
    return tr("%1 ns").arg(ns);
}

QString GapTableModel::shortKernelName(const QString &name)
{
    // "void cutlass::Kernel<cutlass_80_tensorop_s16816gemm_64x64>(Params)" -> without "void " and
    // the parameter list; the template arguments stay, they often are the informative part.
    QStringView n(name);
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

QVariant GapTableModel::data(const QModelIndex &index, int role) const
{
    const analysis::Gap *g = index.isValid() ? gap(index.row()) : nullptr;
    if (!g || index.column() >= ColumnCount)
        return {};
    switch (role) {
    case CauseKeyRole: return GapCauseStyle::key(g->cause);
    case StartNsRole: return qint64(g->start);
    case EndNsRole: return qint64(g->end());
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
        case BeforeColumn: return shortKernelName(g->before);
        case AfterColumn: return shortKernelName(g->after);
        case CauseColumn: return GapCauseStyle::label(g->cause);
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
        if (column != BeforeColumn && column != AfterColumn && column != CauseColumn && column != EvidenceColumn)
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
        case EvidenceColumn: return tr("Evidence");
        case ColumnCount: break;
        }
    } else if (role == Qt::ToolTipRole) {
        switch (Column(section)) {
        case DeviceColumn: return tr("The GPU (device index) of the stream");
        case StreamColumn: return tr("The CUDA stream that ran nothing");
        case StartColumn: return tr("When the gap began, in ms from the trace's first event");
        case BeforeColumn: return tr("The last activity on the stream before the gap");
        case AfterColumn: return tr("The first activity on the stream after the gap");
        case CauseColumn: return tr("Why the stream ran nothing, from what the CPU and the other streams did meanwhile");
        default: break;
        }
    }
    return {};
}

} // namespace lanescope
