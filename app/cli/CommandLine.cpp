// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli/CommandLine.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QCoreApplication>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdio>

namespace lanescope::cli {
namespace {

// lupdate files Text::tr() strings under the "cli" context, the one looked up at run time.
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(cli)
};

// The tables hold QT_TRANSLATE_NOOP("cli", ...) source texts; this looks them up.
QString translated(const char *source) { return source ? QCoreApplication::translate("cli", source) : QString(); }

// One grammar for every number on the command line: C locale, exponent allowed ("7e9"), finite.
// QString::toDouble refuses group separators, so "1,000" is an error rather than 1000 or 1.
bool readNumber(const QString &s, double *out)
{
    bool ok = false;
    *out = s.toDouble(&ok);
    return ok && std::isfinite(*out);
}

bool inRange(double v, const Range &r)
{
    const bool low = r.minOpen ? v > r.min : v >= r.min;
    const bool high = r.maxOpen ? v < r.max : v <= r.max;
    return low && high;
}

bool accepts(const OptionSpec &o, const QString &value)
{
    double v = 0;
    bool ok = false;
    switch (o.kind) {
    case OptionSpec::Kind::Flag:
    case OptionSpec::Kind::Text:
        return true;
    case OptionSpec::Kind::Choice:
        return o.choices.contains(value);
    case OptionSpec::Kind::Number:
        return readNumber(value, &v) && inRange(v, o.range);
    case OptionSpec::Kind::Integer:
        // The int bounds first: casting a double outside them is undefined behaviour.
        return readNumber(value, &v) && v == std::floor(v) && v >= double(INT_MIN) && v <= double(INT_MAX) && inRange(v, o.range);
    case OptionSpec::Kind::Unsigned:
        value.toULongLong(&ok);
        return ok;
    }
    return false;
}

OptionSpec make(OptionSpec::Kind kind, const QStringList &names, const char *valueName, const char *help, const char *error)
{
    OptionSpec o;
    o.kind = kind;
    o.names = names;
    o.valueName = valueName ? QString::fromLatin1(valueName) : QString();
    o.help = help;
    o.error = error;
    return o;
}

} // namespace

OptionSpec flag(const QStringList &names, const char *help) { return make(OptionSpec::Kind::Flag, names, nullptr, help, nullptr); }

OptionSpec text(const QStringList &names, const char *valueName, const char *help)
{
    return make(OptionSpec::Kind::Text, names, valueName, help, nullptr);
}

OptionSpec choice(const QStringList &names, const QStringList &choices, const char *help, const char *error)
{
    OptionSpec o = make(OptionSpec::Kind::Choice, names, nullptr, help, error);
    o.valueName = choices.join(QLatin1Char('|'));
    o.choices = choices;
    return o;
}

OptionSpec number(const QStringList &names, const char *valueName, Range range, const char *help, const char *error)
{
    OptionSpec o = make(OptionSpec::Kind::Number, names, valueName, help, error);
    o.range = range;
    return o;
}

OptionSpec integer(const QStringList &names, const char *valueName, Range range, const char *help, const char *error)
{
    OptionSpec o = make(OptionSpec::Kind::Integer, names, valueName, help, error);
    o.range = range;
    return o;
}

OptionSpec unsignedInteger(const QStringList &names, const char *valueName, const char *help, const char *error)
{
    return make(OptionSpec::Kind::Unsigned, names, valueName, help, error);
}

void printErrorLine(const QString &line)
{
    QString l = line;
    l.replace(QLatin1Char('\n'), QLatin1Char(' '));
    l.replace(QLatin1Char('\r'), QLatin1Char(' '));
    std::fprintf(stderr, "%s\n", qPrintable(l));
}

// Builds one subcommand's QCommandLineParser from its CommandSpec and runs a command line
// through it. A spec that contradicts itself (a name declared twice, a checked value without its
// error line, a Many positional that is not last) aborts: it is a bug every test run would hit.
class CommandParser
{
public:
    explicit CommandParser(const Command &command) : m_command(command), m_spec(command.arguments())
    {
        m_parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
        m_parser.setApplicationDescription(translated(command.summary));
        for (const OptionSpec &o : m_spec.options) {
            if (o.kind != OptionSpec::Kind::Flag && o.valueName.isEmpty())
                qFatal("lanescope-cli %s: --%s takes a value but has no value name", command.name, qPrintable(o.names.last()));
            if (o.kind != OptionSpec::Kind::Flag && o.kind != OptionSpec::Kind::Text && !o.error)
                qFatal("lanescope-cli %s: --%s is checked but has no error line", command.name, qPrintable(o.names.last()));
            if (!m_parser.addOption(QCommandLineOption(o.names, translated(o.help), o.valueName)))
                qFatal("lanescope-cli %s: option --%s declared twice", command.name, qPrintable(o.names.last()));
        }
        // Last, so each command's own options lead its --help.
        if (!m_parser.addOption(m_help))
            qFatal("lanescope-cli %s: -h/--help is reserved", command.name);
        for (std::size_t i = 0; i < m_spec.positionals.size(); ++i) {
            const PositionalSpec &p = m_spec.positionals[i];
            if (p.arity == PositionalSpec::Arity::Many && i + 1 != m_spec.positionals.size())
                qFatal("lanescope-cli %s: only the last positional argument can repeat", command.name);
            const QString syntax = p.arity == PositionalSpec::Arity::One ? p.name
                : p.arity == PositionalSpec::Arity::Optional             ? QStringLiteral("[%1]").arg(p.name)
                                                                         : QStringLiteral("[%1...]").arg(p.name);
            m_parser.addPositionalArgument(p.name, translated(p.help), syntax);
        }
    }

    QString usageLine() const
    {
        return Text::tr("usage: lanescope-cli %1").arg(QStringLiteral("%1 %2").arg(QLatin1String(m_command.name), m_spec.synopsis).trimmed());
    }

    // Qt's first line names the executable by the path it was started with; ours is stable.
    QString help() const
    {
        const QString generated = m_parser.helpText();
        return usageLine() + generated.mid(generated.indexOf(QLatin1Char('\n')));
    }

    int run(const QStringList &args)
    {
        Invocation inv;
        inv.m_command = QString::fromLatin1(m_command.name);
        inv.m_usage = usageLine();
        inv.m_options = m_spec.options;
        // QCommandLineParser skips the first element, the program's name.
        if (!m_parser.parse(QStringList{inv.m_command} + args))
            return inv.fail(parseError(args));
        if (m_parser.isSet(m_help)) {
            std::fputs(qPrintable(help()), stdout);
            return Ok;
        }
        for (std::size_t i = 0; i < m_spec.options.size(); ++i) {
            const OptionSpec &o = m_spec.options[i];
            for (const QString &n : o.names)
                inv.m_byName.insert(n, int(i));
            const QStringList values = m_parser.values(o.names.first());
            // Every occurrence is checked; the last one counts, as with most command lines.
            for (const QString &v : values)
                if (!accepts(o, v))
                    return inv.fail(valueError(o, QStringLiteral("--") + o.names.last()));
            inv.m_values << (values.isEmpty() ? QString() : values.last());
            inv.m_allValues.push_back(values);
            inv.m_given.push_back(m_parser.isSet(o.names.first()));
        }
        const QStringList positionals = m_parser.positionalArguments();
        int required = 0, allowed = 0;
        for (const PositionalSpec &p : m_spec.positionals) {
            required += p.arity == PositionalSpec::Arity::One;
            allowed = p.arity == PositionalSpec::Arity::Many ? INT_MAX : allowed + 1;
        }
        if (positionals.size() > allowed)
            return inv.fail(Text::tr("unexpected argument '%1'").arg(positionals.at(allowed)));
        if (positionals.size() < required)
            return inv.usageError();
        inv.m_positionals = positionals;
        return m_command.run(inv);
    }

private:
    const OptionSpec *find(const QString &name) const
    {
        for (const OptionSpec &o : m_spec.options)
            if (o.names.contains(name))
                return &o;
        return nullptr;
    }

    // The option's own line; a number's also says the range it takes, so that a refused "1e13"
    // is explained ("--gap-ms needs a number of milliseconds (0 to 1000000000)").
    static QString valueError(const OptionSpec &o, const QString &typed)
    {
        if (!o.error)
            return Text::tr("%1 needs a value").arg(typed);
        if (o.kind != OptionSpec::Kind::Number && o.kind != OptionSpec::Kind::Integer)
            return translated(o.error);
        return Text::tr("%1 (%2)").arg(translated(o.error), rangeText(o));
    }

    static QString rangeText(const OptionSpec &o)
    {
        Range r = o.range;
        if (o.kind == OptionSpec::Kind::Integer) { // what fits an int, whatever the declaration
            r.min = std::max(r.min, double(INT_MIN));
            r.max = std::min(r.max, double(INT_MAX));
        }
        const auto num = [](double v) { return QString::number(v, 'g', 15); };
        const bool low = std::isfinite(r.min), high = std::isfinite(r.max);
        if (low && high && !r.minOpen && !r.maxOpen)
            return Text::tr("%1 to %2").arg(num(r.min), num(r.max));
        const QString from = r.minOpen ? Text::tr("above %1").arg(num(r.min)) : Text::tr("at least %1").arg(num(r.min));
        const QString to = r.maxOpen ? Text::tr("below %1").arg(num(r.max)) : Text::tr("at most %1").arg(num(r.max));
        if (low && high)
            return Text::tr("%1 and %2").arg(from, to);
        return low ? from : to;
    }

    // QCommandLineParser says what went wrong in English sentences of its own; this walks the
    // arguments the way it does and names the first one at fault in our words.
    QString parseError(const QStringList &args) const
    {
        for (int i = 0; i < args.size(); ++i) {
            const QString &a = args.at(i);
            if (a == QLatin1String("--"))
                break; // the rest is positional
            if (a.size() < 2 || a.at(0) != QLatin1Char('-'))
                continue;
            const int eq = int(a.indexOf(QLatin1Char('=')));
            const QString typed = eq < 0 ? a : a.left(eq);
            const QString name = typed.mid(typed.startsWith(QLatin1String("--")) ? 2 : 1);
            const OptionSpec *o = find(name);
            if (!o && !m_help.names().contains(name))
                return Text::tr("unexpected argument '%1'").arg(typed);
            const bool takesValue = o && o->kind != OptionSpec::Kind::Flag;
            if (takesValue && eq < 0) {
                if (i + 1 == args.size())
                    return valueError(*o, typed);
                ++i; // its value, whatever it looks like ("--threads -1")
            } else if (!takesValue && eq >= 0) {
                return Text::tr("%1 takes no value").arg(typed);
            }
        }
        return m_parser.errorText();
    }

    const Command &m_command;
    const CommandSpec m_spec;
    QCommandLineParser m_parser;
    const QCommandLineOption m_help{{QStringLiteral("h"), QStringLiteral("help")}, Text::tr("show this help")};
};

bool Invocation::isSet(const char *name) const { return m_given[std::size_t(index(name))]; }

int Invocation::index(const char *name) const
{
    const auto it = m_byName.constFind(QString::fromLatin1(name));
    if (it == m_byName.constEnd())
        qFatal("lanescope-cli %s: reads --%s, which its spec does not declare", qPrintable(m_command), name);
    return *it;
}

const QString *Invocation::value(const char *name, std::initializer_list<OptionSpec::Kind> kinds) const
{
    const int i = index(name);
    bool kindOk = false;
    for (OptionSpec::Kind k : kinds)
        kindOk = kindOk || m_options[std::size_t(i)].kind == k;
    if (!kindOk)
        qFatal("lanescope-cli %s: reads --%s as a kind of value it is not declared with", qPrintable(m_command), name);
    return m_given[std::size_t(i)] ? &m_values.at(i) : nullptr;
}

QStringList Invocation::texts(const char *name) const
{
    value(name, {OptionSpec::Kind::Text}); // checks the name and kind
    return m_allValues[std::size_t(index(name))];
}

QString Invocation::text(const char *name, const QString &fallback) const
{
    const QString *v = value(name, {OptionSpec::Kind::Text, OptionSpec::Kind::Choice});
    return v ? *v : fallback;
}

double Invocation::number(const char *name, double fallback) const
{
    const QString *v = value(name, {OptionSpec::Kind::Number});
    double d = fallback;
    return v && readNumber(*v, &d) ? d : fallback;
}

int Invocation::integer(const char *name, int fallback) const
{
    const QString *v = value(name, {OptionSpec::Kind::Integer});
    double d = 0;
    return v && readNumber(*v, &d) ? int(d) : fallback; // checked against the int range already
}

quint64 Invocation::unsignedInteger(const char *name, quint64 fallback) const
{
    const QString *v = value(name, {OptionSpec::Kind::Unsigned});
    bool ok = false;
    const quint64 u = v ? v->toULongLong(&ok) : 0;
    return ok ? u : fallback;
}

int Invocation::fail(const QString &message, int code) const
{
    printErrorLine(Text::tr("lanescope-cli %1: %2").arg(m_command, message));
    return code;
}

int Invocation::usageError() const
{
    printErrorLine(m_usage);
    return BadUsage;
}

int runCommand(const Command &command, const QStringList &args) { return CommandParser(command).run(args); }

QString commandHelp(const Command &command) { return CommandParser(command).help(); }

} // namespace lanescope::cli
