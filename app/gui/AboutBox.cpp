// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/gui/AboutBox.h"

#include "core/util/BuildInfo.h"

#include <QCoreApplication>
#include <QMessageBox>

namespace lanescope {

// The translation context of the About box's strings.
class AboutBox
{
    Q_DECLARE_TR_FUNCTIONS(AboutBox)
};

QString libraryLicence(const QString &library)
{
    if (library == QLatin1String("Qt"))
        return QStringLiteral("LGPL-3.0, Qt Charts GPL-3.0"); // Charts has no LGPL: the programs are GPL-3.0
    if (library == QLatin1String("RapidJSON"))
        return QStringLiteral("MIT");
    if (library == QLatin1String("Boost"))
        return QStringLiteral("BSL-1.0");
    if (library == QLatin1String("zlib"))
        return AboutBox::tr("zlib licence");
    if (library == QLatin1String("ISA-L"))
        return QStringLiteral("BSD-3-Clause");
    return {};
}

QString aboutHtml()
{
    // libraryVersions(): "Qt 6.4.2, RapidJSON 1.1.0, Boost 1.74.0, zlib 1.2.13[, ISA-L 2.30.0]"; the
    // name is everything before the last space (a version carries no space).
    QString rows;
    for (const QString &entry : libraryVersions().split(QStringLiteral(", "), Qt::SkipEmptyParts)) {
        const qsizetype space = entry.lastIndexOf(QLatin1Char(' '));
        const QString name = space > 0 ? entry.left(space) : entry;
        const QString version = space > 0 ? entry.mid(space + 1) : QString();
        const QString licence = libraryLicence(name);
        rows += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td></tr>")
                    .arg(name.toHtmlEscaped(), version.toHtmlEscaped(),
                         (licence.isEmpty() ? AboutBox::tr("see its distribution") : licence)
                             .toHtmlEscaped());
    }
    return AboutBox::tr("<h3>Lanescope %1</h3>"
                                       "<p>A native viewer for PyTorch Profiler (Kineto) traces: find out why a "
                                       "distributed training run wastes its GPUs, prove the fix, and show the proof.</p>"
                                       "<p>Lanescope is free software under the GNU General Public License, version 3 or "
                                       "any later version (GPL-3.0-or-later), and comes with no warranty.</p>"
                                       "<p>Libraries in this build:</p>"
                                       "<table cellspacing=\"6\"><tr><th align=\"left\">Library</th>"
                                       "<th align=\"left\">Version</th><th align=\"left\">Licence</th></tr>%2</table>")
        .arg(QCoreApplication::applicationVersion().toHtmlEscaped(), rows);
}

void showAbout(QWidget *parent)
{
    QMessageBox::about(parent, AboutBox::tr("About Lanescope"), aboutHtml());
}

} // namespace lanescope
