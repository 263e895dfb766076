// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/render/GapCauseStyle.h"

namespace lanescope {

using analysis::GapCause;

QString GapCauseStyle::key(GapCause cause) { return QString::fromLatin1(analysis::gapCauseName(cause)); }

bool GapCauseStyle::fromKey(const QString &k, GapCause *out)
{
    for (int i = 0; i < kCauseCount; ++i)
        if (k == QLatin1String(analysis::gapCauseName(GapCause(i)))) {
            *out = GapCause(i);
            return true;
        }
    return false;
}

QString GapCauseStyle::label(GapCause cause)
{
    switch (cause) {
    case GapCause::CommWait: return tr("Communication wait");
    case GapCause::HostLaunch: return tr("Late CPU launch");
    case GapCause::Allocator: return tr("Allocator");
    case GapCause::Sync: return tr("Synchronisation");
    case GapCause::DataLoader: return tr("Data loader");
    case GapCause::Other: return tr("Other");
    }
    return tr("Other");
}

QString GapCauseStyle::description(GapCause cause)
{
    switch (cause) {
    case GapCause::CommWait:
        return tr("An NCCL collective on another stream ran through the gap and the next kernel started when it ended.");
    case GapCause::HostLaunch: return tr("The next kernel's launch call came after the stream had run dry.");
    case GapCause::Allocator: return tr("cudaMalloc / cudaFree (the caching allocator) ran during the gap.");
    case GapCause::Sync: return tr("The CPU waited on the GPU (a synchronize call or a blocking copy) during the gap.");
    case GapCause::DataLoader: return tr("The gap spans a step boundary while the CPU was in the DataLoader.");
    case GapCause::Other: return tr("Nothing in the trace explains the gap.");
    }
    return {};
}

QColor GapCauseStyle::color(GapCause cause)
{
    // Okabe–Ito colours: told apart with the common colour-vision deficiencies.
    switch (cause) {
    case GapCause::CommWait: return QColor(0x00, 0x72, 0xB2);   // blue
    case GapCause::HostLaunch: return QColor(0xE6, 0x9F, 0x00); // orange
    case GapCause::Allocator: return QColor(0xCC, 0x79, 0xA7);  // reddish purple
    case GapCause::Sync: return QColor(0xD5, 0x5E, 0x00);       // vermillion
    case GapCause::DataLoader: return QColor(0x00, 0x9E, 0x73); // bluish green
    case GapCause::Other: return QColor(0x99, 0x99, 0x99);      // grey
    }
    return QColor(0x99, 0x99, 0x99);
}

QString GapCauseStyle::labelForKey(const QString &k)
{
    GapCause c = GapCause::Other;
    fromKey(k, &c);
    return label(c);
}

QColor GapCauseStyle::colorForKey(const QString &k)
{
    GapCause c = GapCause::Other;
    fromKey(k, &c);
    return color(c);
}

} // namespace lanescope
