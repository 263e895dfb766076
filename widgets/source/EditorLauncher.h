// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// "Open in editor" for a Python frame's file:line: where the trace's path is on this machine (a
// path map for traces recorded elsewhere, "/workspace/" -> "~/src/") and the user's editor command
// (a template with {file} and {line}, Edit > Preferences). The command is split into a program and
// its arguments (QProcess::splitCommand) and started detached, never through a shell, so a path
// from the trace cannot inject anything. An empty command opens the file with the desktop's
// handler (QDesktopServices), which cannot go to the line.
#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <vector>

namespace lanescope {

struct PathMapping
{
    QString from; // a prefix of the paths the trace holds
    QString to;   // what it is on this machine; a leading "~/" is the home folder
    friend bool operator==(const PathMapping &a, const PathMapping &b) { return a.from == b.from && a.to == b.to; }
};

// What Preferences stores for the editor (QSettings "editor/command", "editor/pathMap").
struct EditorSettings
{
    QString command; // the template; empty: EditorLauncher::defaultCommand()
    std::vector<PathMapping> pathMap;

    static EditorSettings load();
    void save() const;

    // The path map as Preferences edits it: one "FROM -> TO" per line. Lines without "->" or
    // with an empty side are left out; at most kMaxMappings are kept.
    static std::vector<PathMapping> parsePathMap(const QString &text);
    static QString pathMapText(const std::vector<PathMapping> &map);
    static constexpr int kMaxMappings = 64;

    friend bool operator==(const EditorSettings &a, const EditorSettings &b)
    {
        return a.command == b.command && a.pathMap == b.pathMap;
    }
};

class EditorLauncher
{
    Q_DECLARE_TR_FUNCTIONS(lanescope::EditorLauncher)
public:
    explicit EditorLauncher(EditorSettings settings = EditorSettings::load());

    const EditorSettings &settings() const { return m_settings; }

    // The trace's path on this machine: the longest matching prefix of the path map replaced
    // ("~/" expanded), whether the file exists or not.
    QString mappedPath(const QString &traceFile) const;
    // The mapped path when it names an existing file, else empty: "Open in editor" is offered
    // only then.
    QString localFile(const QString &traceFile) const;

    // The template in effect: the stored one, else defaultCommand().
    QString commandTemplate() const;
    // The first of: VS Code on the PATH ("code --goto {file}:{line}"); $VISUAL, then $EDITOR,
    // when it is not a terminal editor ("$VISUAL +{line} {file}"); empty (the desktop's handler).
    static QString defaultCommand();

    struct Command
    {
        QString program; // empty: the desktop's handler opens `file`
        QStringList arguments;
        QString error; // set when the template cannot be run ($EDITOR unset)
    };
    // The template for (file, line): split into words, "{file}" and "{line}" replaced inside each
    // word (a path with spaces stays one argument), a first word "$VISUAL" or "$EDITOR" replaced
    // by that variable's words.
    static Command command(const QString &commandTemplate, const QString &file, int line);

    // Opens traceFile (mapped) at line. False with the reason in *error (no such file, the
    // program could not be started).
    bool open(const QString &traceFile, int line, QString *error = nullptr) const;

private:
    EditorSettings m_settings;
};

} // namespace lanescope
