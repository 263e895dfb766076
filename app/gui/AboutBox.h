// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Help > About Lanescope: the version, the libraries this build uses with their versions
// (libraryVersions()) and their licences.
#include <QString>

class QWidget;

namespace lanescope {

// The licence of a library named as libraryVersions() names it ("Qt", "RapidJSON"...); empty when
// unknown.
QString libraryLicence(const QString &library);
// The About box's rich text.
QString aboutHtml();
void showAbout(QWidget *parent);

} // namespace lanescope
