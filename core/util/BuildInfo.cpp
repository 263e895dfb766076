// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/util/BuildInfo.h"

#include <QStringList>
#include <QStringList>
#include <QtGlobal>

#include <boost/version.hpp>
#include <rapidjson/rapidjson.h>
#include <zlib.h>

#ifdef LANESCOPE_HAVE_ISAL
#include <isa-l.h>
#endif

namespace lanescope {
namespace {

// "6.4.2", or "6.4.2 (built with 6.4.1)" where the shared library differs from the headers.
QString runtimeVersion(const char *loaded, const char *built)
{
    const QString text = QString::fromLatin1(loaded);
    if (text == QLatin1String(built))
        return text;
    return QStringLiteral("%1 (built with %2)").arg(text, QString::fromLatin1(built));
}

} // namespace

QString libraryVersions()
{
    QStringList parts;
    parts << QStringLiteral("Qt %1").arg(runtimeVersion(qVersion(), QT_VERSION_STR));
    parts << QStringLiteral("RapidJSON %1").arg(QString::fromLatin1(RAPIDJSON_VERSION_STRING));
    // BOOST_VERSION is major * 100000 + minor * 100 + patch.
    parts << QStringLiteral("Boost %1.%2.%3")
                 .arg(BOOST_VERSION / 100000)
                 .arg(BOOST_VERSION / 100 % 1000)
                 .arg(BOOST_VERSION % 100);
    parts << QStringLiteral("zlib %1").arg(runtimeVersion(zlibVersion(), ZLIB_VERSION));
#ifdef LANESCOPE_HAVE_ISAL
    parts << QStringLiteral("ISA-L %1.%2.%3").arg(ISAL_MAJOR_VERSION).arg(ISAL_MINOR_VERSION).arg(ISAL_PATCH_VERSION);
#endif
    return parts.join(QStringLiteral(", "));
}

} // namespace lanescope
