// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The versions of the libraries this build of Lanescope uses, for `--version` and About.
#include <QString>

namespace lanescope {

// One line: "Qt 6.4.2, RapidJSON 1.1.0, Boost 1.74.0, zlib 1.2.13, ISA-L 2.30.0". Qt and zlib are
// the libraries loaded at run time (with the headers' version added where they differ); RapidJSON
// and Boost are header-only, so theirs is the headers'. ISA-L appears only where it was built in.
QString libraryVersions();

} // namespace lanescope
