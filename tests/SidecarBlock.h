// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A trace's folder that cannot take its annotation sidecar, two ways: the folder made read-only
// (binds every user but root), or a folder standing where the sidecar file goes (binds root too).
// The annotation store's and the window's fallback tests both start from it.
#include "core/annotations/AnnotationStore.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace lanescope::test {

inline void restoreFolderPermissions(const QString &dir)
{
    QFile::setPermissions(dir, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
}

enum class SidecarBlock { Blocked, StillWritable, Failed };

// StillWritable where a read-only folder is still writable (running as root): the folder is given
// back its permissions and the caller skips. A blocked read-only folder is the caller's to give back.
inline SidecarBlock blockSidecar(const QString &trace, bool readOnly)
{
    const QString dir = QFileInfo(trace).absolutePath();
    if (!readOnly)
        return QDir().mkpath(annotations::AnnotationStore::sidecarPathFor(trace)) ? SidecarBlock::Blocked : SidecarBlock::Failed;
    if (!QFile::setPermissions(dir, QFileDevice::ReadOwner | QFileDevice::ExeOwner))
        return SidecarBlock::Failed;
    QFile probe(dir + QStringLiteral("/probe"));
    if (probe.open(QIODevice::WriteOnly)) {
        probe.remove();
        restoreFolderPermissions(dir);
        return SidecarBlock::StillWritable;
    }
    return SidecarBlock::Blocked;
}

} // namespace lanescope::test
