// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/timeline/DetailsHtml.h"

#include "core/analysis/measures/source_lines/SourceLines.h"
#include "widgets/render/TimeAxis.h"
#include "widgets/source/EditorLauncher.h"

#include <QCoreApplication>
#include <QLocale>
#include <QStringList>
#include <QVariantList>

#include <algorithm>

namespace lanescope::details {
namespace {

// Appends the compact JSON of v to out, stopping once out holds more than budget characters:
// an array of a million numbers costs budget characters of work, not a million.
void appendJson(const QVariant &v, QString &out, int budget)
{
    if (out.size() > budget)
        return;
    switch (v.typeId()) {
    case QMetaType::QVariantList: {
        out += QLatin1Char('[');
        bool first = true;
        for (const QVariant &e : v.toList()) {
            if (out.size() > budget)
                return;
            if (!first)
                out += QLatin1Char(',');
            first = false;
            appendJson(e, out, budget);
        }
        out += QLatin1Char(']');
        return;
    }
    case QMetaType::QVariantMap: {
        out += QLatin1Char('{');
        const QVariantMap m = v.toMap();
        bool first = true;
        for (auto it = m.begin(); it != m.end(); ++it) {
            if (out.size() > budget)
                return;
            if (!first)
                out += QLatin1Char(',');
            first = false;
            out += QLatin1Char('"') + it.key().left(budget) + QStringLiteral("\":");
            appendJson(it.value(), out, budget);
        }
        out += QLatin1Char('}');
        return;
    }
    case QMetaType::QString:
        out += QLatin1Char('"') + v.toString().left(budget - out.size() + 1) + QLatin1Char('"');
        return;
    case QMetaType::UnknownType:
    case QMetaType::Nullptr: out += QStringLiteral("null"); return;
    case QMetaType::Double: out += QString::number(v.toDouble(), 'g', QLocale::FloatingPointShortest); return;
    default: out += v.toString(); return;
    }
}

} // namespace

QString bounded(const QString &text, int maxChars)
{
    if (text.size() <= maxChars)
        return text;
    return text.left(maxChars) + QCoreApplication::translate("lanescope::DetailsPanel", "… (%1 characters)").arg(text.size());
}

QString valueText(const QVariant &v, int maxChars)
{
    switch (v.typeId()) {
    case QMetaType::QVariantList:
    case QMetaType::QVariantMap: {
        QString out;
        appendJson(v, out, maxChars);
        return out.size() > maxChars ? out.left(maxChars) + QStringLiteral(" …") : out;
    }
    case QMetaType::QString: return bounded(v.toString(), maxChars);
    case QMetaType::Double: return QString::number(v.toDouble(), 'g', QLocale::FloatingPointShortest);
    case QMetaType::UnknownType:
    case QMetaType::Nullptr: return QStringLiteral("null");
    default: return bounded(v.toString(), maxChars);
    }
}

QString row(const QString &key, const QString &valueHtml)
{
    return QStringLiteral("<tr><td valign='top' style='color:#667; padding-right:10px'>%1</td><td>%2</td></tr>")
        .arg(bounded(key, kMaxKeyChars).toHtmlEscaped(), valueHtml);
}

QString argsTable(const QVariantMap &args)
{
    if (args.isEmpty())
        return QStringLiteral("<p style='color:#667'>%1</p>").arg(QCoreApplication::translate("lanescope::DetailsPanel", "none").toHtmlEscaped());
    QString html = QStringLiteral("<table>");
    int shown = 0;
    for (auto it = args.begin(); it != args.end() && shown < kMaxArgRows; ++it, ++shown)
        html += row(it.key(), valueText(it.value()).toHtmlEscaped());
    html += QStringLiteral("</table>");
    if (args.size() > shown)
        html += QStringLiteral("<p style='color:#667'>%1</p>")
                    .arg(QCoreApplication::translate("lanescope::DetailsPanel",
                                                         "… and %1 more arguments (Copy All gives the full event as JSON)")
                             .arg(args.size() - shown)
                             .toHtmlEscaped());
    return html;
}

namespace {

// Bytes of one element of a dtype as PyTorch names it in the NCCL metadata ("BFloat16", "Float"),
// 0 when not known.
int ncclElementBytes(const QString &dtype)
{
    if (dtype == QLatin1String("BFloat16") || dtype == QLatin1String("Half") || dtype == QLatin1String("Short"))
        return 2;
    if (dtype == QLatin1String("Float") || dtype == QLatin1String("Int"))
        return 4;
    if (dtype == QLatin1String("Double") || dtype == QLatin1String("Long"))
        return 8;
    if (dtype == QLatin1String("Byte") || dtype == QLatin1String("Char") || dtype == QLatin1String("Bool")
        || dtype.startsWith(QLatin1String("Float8")))
        return 1;
    return 0;
}

} // namespace

QString ncclTable(const QVariantMap &args)
{
    static const QStringList kKeys = {QStringLiteral("Collective name"),    QStringLiteral("In msg nelems"),
                                      QStringLiteral("Out msg nelems"),     QStringLiteral("Group size"),
                                      QStringLiteral("Process Group Name"), QStringLiteral("Process Group Description"),
                                      QStringLiteral("Process Group Ranks"), QStringLiteral("seq_num"),
                                      QStringLiteral("Seq")};
    if (std::none_of(kKeys.begin(), kKeys.end(), [&](const QString &k) { return args.contains(k); }))
        return {};
    const QLocale locale;
    const auto text = [&](const char *key) { return args.contains(QLatin1String(key)) ? valueText(args.value(QLatin1String(key))) : QString(); };
    const auto count = [&](const char *key, qlonglong *out) {
        bool ok = false;
        const qlonglong v = args.value(QLatin1String(key)).toLongLong(&ok);
        if (ok && v >= 0)
            *out = v;
        return ok && v >= 0;
    };
    QString html = QStringLiteral("<table>");
    if (const QString name = text("Collective name"); !name.isEmpty())
        html += row(QCoreApplication::translate("lanescope::DetailsPanel", "Collective"), name.toHtmlEscaped());
    // Elements in and out, with their bytes where the dtype is known: "25,136 (49.1 KiB) in".
    const QString dtype = args.value(QStringLiteral("dtype")).toString().left(kMaxKeyChars);
    const int elementBytes = ncclElementBytes(dtype);
    const auto elements = [&](qlonglong n) {
        const QString e = locale.toString(n);
        return elementBytes > 0 ? QCoreApplication::translate("lanescope::DetailsPanel", "%1 (%2)").arg(e, locale.formattedDataSize(n * elementBytes, 1, QLocale::DataSizeIecFormat)) : e;
    };
    qlonglong in = -1, out = -1;
    const bool hasIn = count("In msg nelems", &in), hasOut = count("Out msg nelems", &out);
    if (hasIn || hasOut) {
        const QString inText = hasIn ? elements(in) : QCoreApplication::translate("lanescope::DetailsPanel", "unknown"), outText = hasOut ? elements(out) : QCoreApplication::translate("lanescope::DetailsPanel", "unknown");
        html += row(QCoreApplication::translate("lanescope::DetailsPanel", "Elements"), QCoreApplication::translate("lanescope::DetailsPanel", "%1 in, %2 out").arg(inText, outText).toHtmlEscaped());
    }
    if (!dtype.isEmpty())
        html += row(QCoreApplication::translate("lanescope::DetailsPanel", "Data type"), dtype.toHtmlEscaped());
    // Uneven all-to-all: the split sizes, where there are any ("[]" for an even split).
    for (const char *key : {"In split size", "Out split size"}) {
        const QString v = text(key);
        if (!v.isEmpty() && v != QLatin1String("[]"))
            html += row(QLatin1String(key) == QLatin1String("In split size") ? QCoreApplication::translate("lanescope::DetailsPanel", "Input splits") : QCoreApplication::translate("lanescope::DetailsPanel", "Output splits"), v.toHtmlEscaped());
    }
    // The process group: its name, what it is for ("default_pg"; PyTorch writes "undefined" where
    // the group was given no description), its size and its ranks.
    const QString pgName = text("Process Group Name"), pgDescription = text("Process Group Description");
    if (!pgName.isEmpty() || !pgDescription.isEmpty()) {
        const bool described = !pgDescription.isEmpty() && pgDescription != QLatin1String("undefined");
        const QString group = pgName.isEmpty() ? pgDescription : described ? QCoreApplication::translate("lanescope::DetailsPanel", "%1 (%2)").arg(pgName, pgDescription) : pgName;
        html += row(QCoreApplication::translate("lanescope::DetailsPanel", "Process group"), group.toHtmlEscaped());
    }
    if (qlonglong size = 0; count("Group size", &size))
        html += row(QCoreApplication::translate("lanescope::DetailsPanel", "Group size"), locale.toString(size).toHtmlEscaped());
    if (const QString ranks = text("Process Group Ranks"); !ranks.isEmpty())
        html += row(QCoreApplication::translate("lanescope::DetailsPanel", "Group ranks"), bounded(ranks, 200).toHtmlEscaped());
    if (qlonglong rank = 0; count("Rank", &rank))
        html += row(QCoreApplication::translate("lanescope::DetailsPanel", "Rank"), locale.toString(rank).toHtmlEscaped());
    // The collective's number in its group's order (what matches it across ranks).
    for (const char *key : {"seq_num", "Seq"})
        if (qlonglong seq = 0; count(key, &seq)) {
            html += row(QCoreApplication::translate("lanescope::DetailsPanel", "Sequence number"), locale.toString(seq).toHtmlEscaped());
            break;
        }
    if (const QString comms = text("Comms Id"); !comms.isEmpty())
        html += row(QCoreApplication::translate("lanescope::DetailsPanel", "Communicator"), comms.toHtmlEscaped());
    return html + QStringLiteral("</table>");
}

QString tooltipText(const QString &plain, int maxChars)
{
    // <qt> forces rich text, so the escaped text shows as written; newlines become line breaks.
    QString html = bounded(plain, maxChars).toHtmlEscaped();
    html.replace(QLatin1Char('\n'), QStringLiteral("<br>"));
    return QStringLiteral("<qt style='white-space:pre-wrap'>") + html + QStringLiteral("</qt>");
}

double timeResolutionNs(const std::vector<std::int64_t> &starts, const DurationColumn &durs)
{
    auto whole = [](const auto &v) {
        const std::size_t n = std::min(v.size(), kResolutionSample);
        for (std::size_t i = 0; i < n; ++i)
            if (v[i] % 1000 != 0)
                return false;
        return true;
    };
    return !starts.empty() && whole(starts) && whole(durs) ? 1000 : 1;
}

QString startText(double relNs, double resolutionNs) { return TimeAxis::formatPrecise(relNs, resolutionNs); }

QString sourceHref(const QString &scheme, int run, const QString &file, int line)
{
    return QStringLiteral("%1:%2:%3:%4").arg(scheme).arg(run).arg(line).arg(QString::fromLatin1(QUrl::toPercentEncoding(file)));
}

bool sourceLink(const QUrl &url, int *run, QString *file, int *line)
{
    if (url.scheme() != QLatin1String("source") && url.scheme() != QLatin1String("editor"))
        return false;
    // The path as written: the file's own ':' and '%' stay encoded until it is cut out.
    const QString path = url.path(QUrl::FullyEncoded);
    const int a = path.indexOf(QLatin1Char(':')), b = a < 0 ? -1 : path.indexOf(QLatin1Char(':'), a + 1);
    if (b < 0)
        return false;
    bool okRun = false, okLine = false;
    *run = path.left(a).toInt(&okRun);
    *line = path.mid(a + 1, b - a - 1).toInt(&okLine);
    *file = QUrl::fromPercentEncoding(path.mid(b + 1).toLatin1());
    return okRun && okLine && *run >= 0 && !file->isEmpty();
}

QString pythonFrameItem(const QString &frameName, int run, std::uint32_t track, std::uint32_t slice, const EditorLauncher &editor)
{
    QString html = QStringLiteral("<li><a href='slice:%1:%2:%3'>%4</a>")
                       .arg(run)
                       .arg(track)
                       .arg(slice)
                       .arg(bounded(frameName, kMaxKeyChars).toHtmlEscaped());
    const analysis::PythonFrameName f = analysis::parsePythonFrameName(frameName.toStdString());
    if (!f.file.isEmpty() && f.file.size() <= kMaxValueChars) {
        html += QStringLiteral(" <span style='white-space:nowrap'>· <a href='%1'>%2</a>")
                    .arg(sourceHref(QStringLiteral("source"), run, f.file, f.line).toHtmlEscaped(),
                         QCoreApplication::translate("lanescope::DetailsPanel", "Source").toHtmlEscaped());
        // Offered only where the file is on this machine (after the path map of the Preferences).
        if (!editor.localFile(f.file).isEmpty())
            html += QStringLiteral(" · <a href='%1'>%2</a>")
                        .arg(sourceHref(QStringLiteral("editor"), run, f.file, f.line).toHtmlEscaped(),
                             QCoreApplication::translate("lanescope::DetailsPanel", "Open in Editor").toHtmlEscaped());
        html += QStringLiteral("</span>");
    }
    return html + QStringLiteral("</li>");
}

} // namespace lanescope::details
