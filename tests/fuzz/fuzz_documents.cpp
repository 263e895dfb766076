// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target for the two other kinds of JSON Lanescope reads whole: rank summaries
// (analysis/RankSummaryJson, what `merge` reads) and annotations files (annotations/AnnotationFile,
// the sidecars and `export --annotations`). Every input goes to both readers. Findings: crashes,
// sanitizer reports, hangs, a refusal without a reason, and a document read that does not survive
// being written and read again (a summary must come back byte for byte: merge = analyze DIR).
#include "core/analysis/job/RankSummaryJson.h"
#include "core/annotations/AnnotationFile.h"

#include <QCoreApplication>

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    static QCoreApplication *app = new QCoreApplication(*argc, *argv); // for tr(); lives for the run
    (void)app;
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace lanescope;
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));

    analysis::RankSummary summary;
    QString error;
    if (analysis::rankSummaryFromJson(bytes, &summary, &error)) {
        const std::string once = analysis::rankSummaryToJson(summary);
        analysis::RankSummary again;
        if (!analysis::rankSummaryFromJson(QByteArray::fromStdString(once), &again, &error))
            __builtin_trap(); // what it writes, it must read
        if (analysis::rankSummaryToJson(again) != once)
            __builtin_trap(); // and read back the same
    } else if (error.isEmpty()) {
        __builtin_trap(); // a refusal must say why
    }

    const annotations::FileContent c = annotations::AnnotationFile::read(bytes);
    switch (c.status) {
    case annotations::FileContent::Status::Ok: {
        const annotations::FileContent back = annotations::AnnotationFile::read(annotations::AnnotationFile::write(c.set, c.trace));
        if (back.status != annotations::FileContent::Status::Ok || back.set.size() != c.set.size())
            __builtin_trap();
        break;
    }
    case annotations::FileContent::Status::Corrupt:
        if (c.error.isEmpty())
            __builtin_trap();
        break;
    case annotations::FileContent::Status::NewerVersion: break;
    }
    return 0;
}
