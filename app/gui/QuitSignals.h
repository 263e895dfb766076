// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// SIGTERM and SIGHUP (logout, `systemctl stop`, a killed session) end the application as File >
// Quit does: every window closes (its closeEvent writes pending annotations and the layout), then
// the event loop quits and the settings are written on the way out. Without it the signal's
// default action kills the process within the autosave's 500 ms delay and the last edit is lost.
//
// A signal handler may do next to nothing, so it writes the signal's number into a pipe (the
// self-pipe trick) and the event loop, woken by a QSocketNotifier on the other end, does the rest.
// The handler is installed with SA_RESETHAND: a second signal, if the first did not end a hung
// process, has its default action and kills it.
#include <QObject>

class QSocketNotifier;

namespace lanescope {

class QuitSignals : public QObject
{
    Q_OBJECT
public:
    // Installs the handlers (one instance per process; a second is refused and stays inert).
    explicit QuitSignals(QObject *parent = nullptr);
    ~QuitSignals() override;

    bool isInstalled() const { return m_notifier != nullptr; }
    // What File > Quit does, for every window: QApplication::closeAllWindows(), then quit().
    static void quitLikeTheMenu();

signals:
    void received(int signal); // before quitLikeTheMenu() runs

private:
    void onReadable();
    QSocketNotifier *m_notifier = nullptr;
};

} // namespace lanescope
