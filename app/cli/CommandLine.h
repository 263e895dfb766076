// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The one command-line parser of lanescope-cli. A subcommand declares what it accepts as a
// CommandSpec (a list of options, each with the values it takes and the line printed when a value
// is refused); runCommand() builds a QCommandLineParser from it, so `--help` is generated from the
// same list, checks every value against its declaration, and calls the subcommand's run function
// with an Invocation whose values need no further checking. Bad usage is always exactly one line
// on stderr and exit code 2 (docs/architecture.md, "Command-line contract").
#include <QHash>
#include <QString>
#include <QStringList>
#include <QtGlobal>

#include <initializer_list>
#include <limits>
#include <vector>

namespace lanescope::cli {

class CommandParser;

enum ExitCode { Ok = 0, BadUsage = 2, Unreadable = 3 };

// Accepted values of a numeric option; open ends exclude the bound itself.
struct Range
{
    double min = -std::numeric_limits<double>::infinity();
    double max = std::numeric_limits<double>::infinity();
    bool minOpen = false, maxOpen = false;
};
inline Range atLeast(double min) { return {min, std::numeric_limits<double>::infinity(), false, false}; }
inline Range above(double min) { return {min, std::numeric_limits<double>::infinity(), true, false}; }
inline Range between(double min, double max) { return {min, max, false, false}; }
inline Range aboveAtMost(double min, double max) { return {min, max, true, false}; }

// Upper bounds the subcommands share: every number is bounded above as well as below, so what it
// is converted to (nanoseconds, bytes, FLOPs) cannot overflow, and a time plus a trace's
// timestamps stays inside int64. 1e12 µs is 11.6 days (1e15 ns), longer than any profile.
constexpr double kMaxTimeUs = 1e12;
constexpr double kMaxTimeMs = kMaxTimeUs / 1000;
constexpr double kMaxParams = 1e15;  // model parameters
constexpr double kMaxTokens = 1e12;  // tokens per step, tokens per second
constexpr double kMaxTflops = 1e6;   // a GPU's peak: today's reach 2e3
constexpr double kMaxMegabytes = 1e9; // a memory budget: a petabyte
constexpr double kMaxTop = 1e9;       // rows of a summary (analyze --top)

// One option of a subcommand. Build them with the helpers below; `help` and `error` are source
// texts for the "cli" translation context (wrap them in QT_TRANSLATE_NOOP("cli", ...)).
struct OptionSpec
{
    enum class Kind {
        Flag,     // no value
        Text,     // any string
        Choice,   // one of `choices`
        Number,   // a finite decimal number in `range` ("7e9" and "0.5" too)
        Integer,  // a whole number in `range` that fits an int
        Unsigned, // a non-negative 64-bit integer (seeds)
    };
    Kind kind = Kind::Flag;
    QStringList names;         // {"o", "output"}: -o and --output
    QString valueName;         // shown in --help as <valueName>; empty for a flag
    const char *help = nullptr;
    const char *error = nullptr; // the message when the value is missing or refused
    Range range;
    QStringList choices;
};

OptionSpec flag(const QStringList &names, const char *help);
OptionSpec text(const QStringList &names, const char *valueName, const char *help);
OptionSpec choice(const QStringList &names, const QStringList &choices, const char *help, const char *error);
OptionSpec number(const QStringList &names, const char *valueName, Range range, const char *help, const char *error);
OptionSpec integer(const QStringList &names, const char *valueName, Range range, const char *help, const char *error);
OptionSpec unsignedInteger(const QStringList &names, const char *valueName, const char *help, const char *error);

// A positional argument. One: exactly one; Optional: zero or one; Many: any number (last only).
struct PositionalSpec
{
    enum class Arity { One, Optional, Many };
    QString name; // as --help and the usage line show it: TRACE
    const char *help = nullptr;
    Arity arity = Arity::One;
};

// Everything a subcommand accepts. `synopsis` follows "lanescope-cli NAME" in the usage line,
// which is the first line of --help and the line printed when a required argument is missing.
struct CommandSpec
{
    QString synopsis;
    std::vector<PositionalSpec> positionals;
    std::vector<OptionSpec> options;
};

// A command line that parsed and checked out against its CommandSpec. Reading an option the spec
// does not declare, or with the wrong accessor, is a programming error and aborts.
class Invocation
{
public:
    const QString &command() const { return m_command; }
    bool isSet(const char *name) const;
    QString text(const char *name, const QString &fallback = QString()) const;
    QStringList texts(const char *name) const; // a repeatable text option: every value, in order
    double number(const char *name, double fallback) const;
    int integer(const char *name, int fallback) const;
    quint64 unsignedInteger(const char *name, quint64 fallback) const;
    const QStringList &positionals() const { return m_positionals; }

    // One line "lanescope-cli COMMAND: MESSAGE" on stderr; returns `code`.
    int fail(const QString &message, int code = BadUsage) const;
    // One line "usage: lanescope-cli COMMAND SYNOPSIS" on stderr; returns BadUsage.
    int usageError() const;

private:
    friend class CommandParser; // CommandLine.cpp: the only place that fills one in
    int index(const char *name) const;
    const QString *value(const char *name, std::initializer_list<OptionSpec::Kind> kinds) const; // null: not given
    QString m_command, m_usage;
    std::vector<OptionSpec> m_options;
    QHash<QString, int> m_byName; // every name of every option -> index in m_options
    QStringList m_values;         // per option: the last value given
    std::vector<QStringList> m_allValues; // per option: every value given (texts())
    std::vector<bool> m_given;    // per option: whether it was on the command line
    QStringList m_positionals;
};

// A row of the subcommand table (Commands.cpp): adding a subcommand is one row plus the two
// functions it names.
struct Command
{
    const char *name;                // as typed after lanescope-cli
    const char *summary;             // one line, in `lanescope-cli --help` and atop its own --help
    CommandSpec (*arguments)();      // what it accepts
    int (*run)(const Invocation &);  // returns the exit code
    bool paints = false;             // draws pictures: main() starts a QGuiApplication (offscreen)
};

// Parses `args` (what follows the subcommand's name) for `command`: prints --help, or the one
// bad-usage line, or runs it. Returns the process exit code.
int runCommand(const Command &command, const QStringList &args);

// `lanescope-cli COMMAND --help`, generated by QCommandLineParser from the command's spec.
QString commandHelp(const Command &command);

// Prints `line` and a newline on stderr, with any newline inside it flattened to a space, so
// an error is always exactly one line.
void printErrorLine(const QString &line);

} // namespace lanescope::cli
