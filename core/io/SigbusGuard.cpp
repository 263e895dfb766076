// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/io/SigbusGuard.h"

#include <csetjmp>
#include <csignal>
#include <mutex>

namespace lanescope {
namespace {

thread_local sigjmp_buf *t_jump = nullptr;
struct sigaction g_previous;

void onSigbus(int sig, siginfo_t *info, void *ctx)
{
    if (t_jump)
        siglongjmp(*t_jump, 1);
    // Not ours: hand over to whatever was installed before, else die as the default would.
    if (g_previous.sa_flags & SA_SIGINFO) {
        if (g_previous.sa_sigaction) {
            g_previous.sa_sigaction(sig, info, ctx);
            return;
        }
    } else if (g_previous.sa_handler != SIG_DFL && g_previous.sa_handler != SIG_IGN) {
        g_previous.sa_handler(sig);
        return;
    }
    signal(SIGBUS, SIG_DFL);
    raise(SIGBUS);
}

void installOnce()
{
    static std::once_flag once;
    std::call_once(once, [] {
        struct sigaction sa = {};
        sa.sa_sigaction = onSigbus;
        sa.sa_flags = SA_SIGINFO | SA_NODEFER;
        sigemptyset(&sa.sa_mask);
        sigaction(SIGBUS, &sa, &g_previous);
    });
}

} // namespace

bool runGuarded(const std::function<void()> &fn)
{
    installOnce();
    sigjmp_buf jump;
    sigjmp_buf *outer = t_jump;
    // Restores the outer guard however fn leaves: normally, by an exception, or by the fault.
    struct Restore
    {
        sigjmp_buf *outer;
        ~Restore() { t_jump = outer; }
    } restore{outer};
    if (sigsetjmp(jump, 1) == 0) {
        t_jump = &jump;
        fn();
        return true;
    }
    return false;
}

} // namespace lanescope
