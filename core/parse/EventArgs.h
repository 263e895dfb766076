#pragma once
// Reads one event back from the file on demand (the model keeps only its byte offset): its args
// and its full JSON text, for the details panel.
#include "model/Trace.h"

#include <QString>
#include <QVariantMap>

namespace lanescope {

struct EventDetails
{
    bool ok = false;
    QString error;     // why it could not be read (e.g. the file changed on disk)
    QVariantMap args;  // args object; 64-bit integers stay exact (qint64 / quint64)
    QString json;      // the whole event, pretty-printed
};

EventDetails readEventDetails(const Trace &trace, std::uint64_t fileOffset);

} // namespace lanescope
