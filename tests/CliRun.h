// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Runs the lanescope-cli binary under test (LANESCOPE_CLI_PATH) and keeps what it said: the CLI
// suites check exit codes, stdout and the one stderr line of the contract (docs/architecture.md).
#include <QByteArray>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStringList>

namespace lanescope::test {

struct CliRun
{
    int exitCode = -1; // -1: crashed or timed out
    QByteArray out, err;
};

// `unset`: environment variables removed for this run (e.g. DISPLAY, to run as a CI job would).
inline CliRun runCli(const QStringList &args, const QStringList &unset = {}, int timeoutMs = 300000)
{
    QProcess p;
    if (!unset.isEmpty()) {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const QString &v : unset)
            env.remove(v);
        p.setProcessEnvironment(env);
    }
    p.start(QStringLiteral(LANESCOPE_CLI_PATH), args);
    CliRun r;
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

} // namespace lanescope::test
