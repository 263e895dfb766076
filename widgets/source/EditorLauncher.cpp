// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/source/EditorLauncher.h"

#include <QDesktopServices>
#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QSettings>
#include <QStandardPaths>
#include <QUrl>
#include <QVariantList>

#include <algorithm>

namespace lanescope {

namespace {

const QString kCommandKey = QStringLiteral("editor/command");
const QString kPathMapKey = QStringLiteral("editor/pathMap");

QString expandHome(const QString &path)
{
    if (path == QLatin1String("~"))
        return QDir::homePath();
    if (path.startsWith(QLatin1String("~/")))
        return QDir::homePath() + path.mid(1);
    return path;
}

// Editors that draw in a terminal: started from the window they would have none, so $VISUAL or
// $EDITOR naming one is not taken as the default (the user can still type it in Preferences,
// e.g. behind a terminal: "xterm -e vim +{line} {file}").
bool isTerminalEditor(const QString &program)
{
    static const QStringList names = {QStringLiteral("vi"),    QStringLiteral("vim"),   QStringLiteral("nvim"),
                                      QStringLiteral("nano"),  QStringLiteral("pico"),  QStringLiteral("micro"),
                                      QStringLiteral("hx"),    QStringLiteral("helix"), QStringLiteral("joe"),
                                      QStringLiteral("ne"),    QStringLiteral("ed"),    QStringLiteral("mg"),
                                      QStringLiteral("kak"),   QStringLiteral("jed"),   QStringLiteral("mcedit"),
                                      QStringLiteral("emacs")}; // emacs without a display flag: ambiguous, left out
    return names.contains(QFileInfo(program).fileName());
}

QString envWord(const char *name)
{
    const QStringList words = QProcess::splitCommand(qEnvironmentVariable(name));
    return words.isEmpty() ? QString() : words.first();
}

} // namespace

EditorSettings EditorSettings::load()
{
    const QSettings s;
    EditorSettings e;
    e.command = s.value(kCommandKey).toString().trimmed();
    e.pathMap = parsePathMap(s.value(kPathMapKey).toString());
    return e;
}

void EditorSettings::save() const
{
    QSettings s;
    s.setValue(kCommandKey, command.trimmed());
    s.setValue(kPathMapKey, pathMapText(pathMap));
}

std::vector<PathMapping> EditorSettings::parsePathMap(const QString &text)
{
    std::vector<PathMapping> map;
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        const int arrow = line.indexOf(QLatin1String("->"));
        if (arrow < 0)
            continue;
        PathMapping m{line.left(arrow).trimmed(), line.mid(arrow + 2).trimmed()};
        if (m.from.isEmpty() || m.to.isEmpty())
            continue;
        map.push_back(std::move(m));
        if (int(map.size()) >= kMaxMappings)
            break;
    }
    return map;
}

QString EditorSettings::pathMapText(const std::vector<PathMapping> &map)
{
    QStringList lines;
    for (const PathMapping &m : map)
        lines << m.from + QStringLiteral(" -> ") + m.to;
    return lines.join(QLatin1Char('\n'));
}

EditorLauncher::EditorLauncher(EditorSettings settings)
    : m_settings(std::move(settings))
{
}

QString EditorLauncher::mappedPath(const QString &traceFile) const
{
    const PathMapping *best = nullptr;
    for (const PathMapping &m : m_settings.pathMap)
        if (traceFile.startsWith(m.from) && (!best || m.from.size() > best->from.size()))
            best = &m;
    return expandHome(best ? best->to + traceFile.mid(best->from.size()) : traceFile);
}

QString EditorLauncher::localFile(const QString &traceFile) const
{
    if (traceFile.isEmpty())
        return {};
    const QString path = mappedPath(traceFile);
    // Relative paths would be read against wherever the window was started: not the trace's machine.
    const QFileInfo info(path);
    return info.isAbsolute() && info.isFile() ? info.absoluteFilePath() : QString();
}

QString EditorLauncher::commandTemplate() const
{
    return m_settings.command.isEmpty() ? defaultCommand() : m_settings.command;
}

QString EditorLauncher::defaultCommand()
{
    if (!QStandardPaths::findExecutable(QStringLiteral("code")).isEmpty())
        return QStringLiteral("code --goto {file}:{line}");
    for (const char *var : {"VISUAL", "EDITOR"}) {
        const QString program = envWord(var);
        if (!program.isEmpty() && !isTerminalEditor(program))
            return QStringLiteral("$%1 +{line} {file}").arg(QLatin1String(var));
    }
    return {};
}

EditorLauncher::Command EditorLauncher::command(const QString &commandTemplate, const QString &file, int line)
{
    Command c;
    if (commandTemplate.trimmed().isEmpty()) {
        c.arguments << file;
        return c;
    }
    QStringList words = QProcess::splitCommand(commandTemplate);
    if (!words.isEmpty() && (words.first() == QLatin1String("$VISUAL") || words.first() == QLatin1String("$EDITOR"))) {
        const QString var = words.first().mid(1);
        const QStringList value = QProcess::splitCommand(qEnvironmentVariable(var.toLatin1().constData()));
        if (value.isEmpty()) {
            c.error = tr("The editor command starts with $%1, which is not set.").arg(var);
            return c;
        }
        words = value + words.mid(1);
    }
    const QString lineText = QString::number(std::max(1, line));
    for (QString &w : words) {
        w.replace(QLatin1String("{file}"), file);
        w.replace(QLatin1String("{line}"), lineText);
    }
    c.program = words.takeFirst();
    c.arguments = words;
    return c;
}

bool EditorLauncher::open(const QString &traceFile, int line, QString *error) const
{
    const auto fail = [error](const QString &message) {
        if (error)
            *error = message;
        return false;
    };
    const QString file = localFile(traceFile);
    if (file.isEmpty())
        return fail(tr("%1 is not on this computer (looked for %2); add a path map in Edit > Preferences.")
                        .arg(traceFile, mappedPath(traceFile)));
    const Command c = command(commandTemplate(), file, line);
    if (!c.error.isEmpty())
        return fail(c.error);
    if (c.program.isEmpty()) {
        if (!QDesktopServices::openUrl(QUrl::fromLocalFile(file)))
            return fail(tr("No program opens %1 on this desktop; set an editor command in Edit > Preferences.").arg(file));
        return true;
    }
    if (!QProcess::startDetached(c.program, c.arguments))
        return fail(tr("Could not start %1; check the editor command in Edit > Preferences.").arg(c.program));
    return true;
}

} // namespace lanescope
