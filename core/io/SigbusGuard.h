// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Reads from a memory-mapped file fault with SIGBUS when the file is truncated underneath us
// (another process rewrote it). runGuarded() turns such a fault on this thread into a false return.
#include <functional>

namespace lanescope {

// Runs fn; returns false if a SIGBUS hit this thread while it ran (fn is abandoned mid-way, so it
// must not hold locks; memory it allocated may leak, which beats a crash).
bool runGuarded(const std::function<void()> &fn);

} // namespace lanescope
