// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Reads one event back from the file on demand (the model keeps only its byte offset): its args
// and its full JSON text, for the details panel and the analyses that need an arg.
#include "core/model/Trace.h"

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

class SourceReader;

EventDetails readEventDetails(const Trace &trace, std::uint64_t fileOffset);
// The same through a reader the caller keeps: many events read in file order cost one pass over a
// .json.gz (see io/SourceReader.h). An analysis that reads only args leaves the pretty-printed
// text out (EventDetails::json stays empty): it costs as much again as the parse.
enum class EventParts { ArgsAndJson, ArgsOnly };
EventDetails readEventDetails(const Trace &trace, SourceReader &reader, std::uint64_t fileOffset,
                              EventParts parts = EventParts::ArgsAndJson);

} // namespace lanescope
