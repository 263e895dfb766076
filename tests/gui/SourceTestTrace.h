// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A small hand-written trace with Python frames (with_stack=True) and the kernels they launch,
// shared by the Source view's and the flame graph's tests.
#include <QByteArray>

#include <string>

namespace lanescope::test {

// Two threads, times in µs; kN is a kernel of N µs launched at the marked time.
//   tid 1: app/train.py(10): main                        [0, 100)
//            torch/nn/modules/module.py(1501): _call_impl [10, 60)
//              app/model.py(20): forward                 [15, 45)   launch at 22 -> k5
//                app/model.py(30): attn                  [30, 40)   launch at 35 -> k20
//            app/train.py(12): log                       [70, 90)   launch at 75 -> k11
//          a launch at 150, outside any frame            -> k13 (not from Python)
//   tid 2: app/loader.py(5): fetch                       [0, 50)    launch at 10 -> k7
// attnUs: attn's kernel's length (a slower run: longer).
inline QByteArray sourceHandTrace(int attnUs = 20)
{
    std::string s = R"({"schemaVersion":1,"traceEvents":[)";
    const auto frame = [&](int tid, const char *name, int ts, int dur) {
        s += std::string(R"({"ph":"X","cat":"python_function","name":")") + name + R"(","pid":1,"tid":)" + std::to_string(tid)
            + R"(,"ts":)" + std::to_string(ts) + R"(,"dur":)" + std::to_string(dur) + "},";
    };
    int corr = 0;
    const auto launch = [&](int tid, int ts, int kdur) {
        ++corr;
        s += R"({"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":)" + std::to_string(tid) + R"(,"ts":)"
            + std::to_string(ts) + R"(,"dur":1,"args":{"correlation":)" + std::to_string(corr) + "}},";
        s += R"({"ph":"X","cat":"kernel","name":"k)" + std::to_string(kdur) + R"(","pid":0,"tid":7,"ts":)"
            + std::to_string(200 + 40 * corr) + R"(,"dur":)" + std::to_string(kdur) + R"(,"args":{"stream":7,"correlation":)"
            + std::to_string(corr) + R"(,"device":0}},)";
    };
    frame(1, "app/train.py(10): main", 0, 100);
    frame(1, "torch/nn/modules/module.py(1501): _call_impl", 10, 50);
    frame(1, "app/model.py(20): forward", 15, 30);
    launch(1, 22, 5);
    frame(1, "app/model.py(30): attn", 30, 10);
    launch(1, 35, attnUs);
    frame(1, "app/train.py(12): log", 70, 20);
    launch(1, 75, 11);
    launch(1, 150, 13);
    frame(2, "app/loader.py(5): fetch", 0, 50);
    launch(2, 10, 7);
    s.pop_back();
    return QByteArray::fromStdString(s + "]}");
}

} // namespace lanescope::test
