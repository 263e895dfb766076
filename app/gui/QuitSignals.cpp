// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/gui/QuitSignals.h"

#include <QApplication>
#include <QSocketNotifier>

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

namespace lanescope {

namespace {

int g_fds[2] = {-1, -1}; // [0]: written by the handler, [1]: read by the event loop
bool g_installed = false;

extern "C" void onQuitSignal(int sig)
{
    const int saved = errno;
    const unsigned char byte = static_cast<unsigned char>(sig);
    [[maybe_unused]] const ssize_t n = ::write(g_fds[0], &byte, 1); // async-signal-safe; full pipe: one is enough
    errno = saved;
}

} // namespace

QuitSignals::QuitSignals(QObject *parent)
    : QObject(parent)
{
    if (g_installed || ::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, g_fds) != 0)
        return;
    ::fcntl(g_fds[0], F_SETFL, ::fcntl(g_fds[0], F_GETFL) | O_NONBLOCK);
    ::fcntl(g_fds[1], F_SETFL, ::fcntl(g_fds[1], F_GETFL) | O_NONBLOCK);
    m_notifier = new QSocketNotifier(g_fds[1], QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, &QuitSignals::onReadable);
    struct sigaction sa = {};
    sa.sa_handler = onQuitSignal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART | SA_RESETHAND;
    ::sigaction(SIGTERM, &sa, nullptr);
    ::sigaction(SIGHUP, &sa, nullptr);
    g_installed = true;
}

QuitSignals::~QuitSignals()
{
    if (!m_notifier)
        return;
    struct sigaction sa = {};
    sa.sa_handler = SIG_DFL;
    sigemptyset(&sa.sa_mask);
    ::sigaction(SIGTERM, &sa, nullptr);
    ::sigaction(SIGHUP, &sa, nullptr);
    delete m_notifier;
    m_notifier = nullptr;
    ::close(g_fds[0]);
    ::close(g_fds[1]);
    g_fds[0] = g_fds[1] = -1;
    g_installed = false;
}

void QuitSignals::quitLikeTheMenu()
{
    QApplication::closeAllWindows(); // each window's closeEvent flushes its autosave and layout
    QCoreApplication::quit();
}

void QuitSignals::onReadable()
{
    unsigned char byte = 0;
    int sig = 0;
    while (::read(g_fds[1], &byte, 1) == 1)
        sig = byte;
    if (sig == 0)
        return;
    emit received(sig);
    quitLikeTheMenu();
}

} // namespace lanescope
