<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
    <context>
        <name>EventArgs</name>
        <message>
            <location filename="../core/parse/EventArgs.cpp" line="53" />
            <source>the event is not in the file</source>
            <translation>该事件不在文件中</translation>
        </message>
        <message>
            <location filename="../core/parse/EventArgs.cpp" line="66" />
            <source>the event at byte %1 no longer parses</source>
            <translation>位于字节 %1 的事件已无法解析</translation>
        </message>
        <message>
            <location filename="../core/parse/EventArgs.cpp" line="80" />
            <source>%1 changed on disk; reload it</source>
            <translation>%1 在磁盘上已更改，请重新加载</translation>
        </message>
    </context>
    <context>
        <name>MappedSource</name>
        <message>
            <location filename="../core/io/MappedSource.cpp" line="51" />
            <source>cannot map %1: %2</source>
            <translation>无法映射 %1：%2</translation>
        </message>
        <message>
            <location filename="../core/io/MappedSource.cpp" line="64" />
            <source>zlib could not be initialised</source>
            <translation>无法初始化 zlib</translation>
        </message>
        <message>
            <location filename="../core/io/MappedSource.cpp" line="79" />
            <source>cancelled</source>
            <translation>已取消</translation>
        </message>
        <message>
            <location filename="../core/io/MappedSource.cpp" line="88" />
            <source>cannot write the inflated trace to %1: %2</source>
            <translation>无法将解压后的跟踪写入 %1：%2</translation>
        </message>
        <message>
            <location filename="../core/io/MappedSource.cpp" line="108" />
            <source>the gzip data is corrupt near compressed byte %1: %2</source>
            <translation>gzip 数据在压缩字节 %1 附近损坏：%2</translation>
        </message>
        <message>
            <location filename="../core/io/MappedSource.cpp" line="132" />
            <source>%1: no such file</source>
            <translation>%1：文件不存在</translation>
        </message>
        <message>
            <location filename="../core/io/MappedSource.cpp" line="136" />
            <source>%1 is a folder, not a trace file</source>
            <translation>%1 是文件夹，不是跟踪文件</translation>
        </message>
        <message>
            <location filename="../core/io/MappedSource.cpp" line="142" />
            <source>%1: cannot read the file (%2)</source>
            <translation>%1：无法读取文件（%2）</translation>
        </message>
        <message>
            <location filename="../core/io/MappedSource.cpp" line="146" />
            <source>%1 is empty (0 bytes): not a trace</source>
            <translation>%1 为空（0 字节）：不是跟踪文件</translation>
        </message>
        <message>
            <location filename="../core/io/MappedSource.cpp" line="178" />
            <source>cannot create a temporary file in %1 to inflate %2: %3</source>
            <translation>无法在 %1 中创建临时文件以解压 %2：%3</translation>
        </message>
        <message>
            <location filename="../core/io/MappedSource.cpp" line="185" />
            <source>%1: %2</source>
            <translation>%1：%2</translation>
        </message>
        <message>
            <location filename="../core/io/MappedSource.cpp" line="189" />
            <source>cannot write the inflated trace: %1</source>
            <translation>无法写入解压后的跟踪：%1</translation>
        </message>
        <message>
            <location filename="../core/io/MappedSource.cpp" line="193" />
            <source>the gzip stream ends early (the file was cut off); loading what it holds</source>
            <translation>gzip 数据流提前结束（文件被截断）；将加载现有内容</translation>
        </message>
        <message>
            <location filename="../core/io/MappedSource.cpp" line="195" />
            <source>%1 inflates to nothing: not a trace</source>
            <translation>%1 解压后为空：不是跟踪文件</translation>
        </message>
        <message>
            <location filename="../core/io/MappedSource.cpp" line="236" />
            <source>%1 is gone from disk</source>
            <translation>%1 已从磁盘上消失</translation>
        </message>
        <message>
            <location filename="../core/io/MappedSource.cpp" line="241" />
            <source>%1 changed on disk since it was opened; reload it</source>
            <translation>%1 自打开后在磁盘上已更改，请重新加载</translation>
        </message>
    </context>
    <context>
        <name>TraceLoader</name>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="175" />
            <source>the file ends in the middle of an event at byte %1 (after %2 complete events): the profiler was probably stopped while writing; everything before the cut is loaded</source>
            <translation>文件在字节 %1 处于某个事件中间结束（此前有 %2 个完整事件）：分析器可能在写入时被终止；截断处之前的内容均已加载</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="180" />
            <source>the file ends at byte %1 before traceEvents is closed (after %2 complete events): the profiler was probably stopped while writing; everything before the cut is loaded</source>
            <translation>文件在字节 %1 处结束，traceEvents 尚未闭合（此前有 %2 个完整事件）：分析器可能在写入时被终止；截断处之前的内容均已加载</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="185" />
            <source>JSON syntax error at byte %1 (%2): loading stopped there, after %3 complete events</source>
            <translation>字节 %1 处 JSON 语法错误（%2）：加载在此停止，已读取 %3 个完整事件</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="204" />
            <location filename="../core/parse/TraceLoader.cpp" line="378" />
            <source>loading cancelled</source>
            <translation>加载已取消</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="223" />
            <source>input</source>
            <translation>输入</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="230" />
            <source>%1 is empty: not a trace</source>
            <translation>%1 为空：不是跟踪文件</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="286" />
            <source>%1 holds only whitespace: not a trace</source>
            <translation>%1 只包含空白字符：不是跟踪文件</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="296" />
            <source>%1 is not a JSON trace (it starts with neither '{' nor '[')</source>
            <translation>%1 不是 JSON 跟踪文件（它既不以“{”也不以“[”开头）</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="304" />
            <source>%1 ends at byte %2 before any traceEvents</source>
            <translation>%1 在字节 %2 处结束，没有任何 traceEvents</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="306" />
            <source>the file ends at byte %1 before its closing '}'</source>
            <translation>文件在字节 %1 处结束，缺少结尾的“}”</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="319" />
            <source>%1 is not valid JSON: expected a key at byte %2</source>
            <translation>%1 不是有效的 JSON：字节 %2 处应为键名</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="321" />
            <source>JSON syntax error after traceEvents at byte %1; ignored</source>
            <translation>traceEvents 之后字节 %1 处有 JSON 语法错误；已忽略</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="328" />
            <source>%1 is not valid JSON: expected ':' at byte %2</source>
            <translation>%1 不是有效的 JSON：字节 %2 处应为“:”</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="335" />
            <source>%1: "traceEvents" is not an array</source>
            <translation>%1：“traceEvents”不是数组</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="357" />
            <source>%1 is not valid JSON: bad value for "%2" at byte %3</source>
            <translation>%1 不是有效的 JSON：字节 %3 处“%2”的值有误</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="361" />
            <source>bad value for "%1" after traceEvents at byte %2; ignored</source>
            <translation>traceEvents 之后字节 %2 处“%1”的值有误；已忽略</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="371" />
            <location filename="../core/parse/TraceLoader.cpp" line="410" />
            <source>%1 changed on disk while it was being read; open it again</source>
            <translation>读取期间 %1 在磁盘上被更改，请重新打开</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="375" />
            <source>%1 is JSON but not a trace: it has no "traceEvents" array</source>
            <translation>%1 是 JSON，但不是跟踪文件：没有“traceEvents”数组</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="388" />
            <source>%1 is not valid JSON: %2 at byte %3</source>
            <translation>%1 不是有效的 JSON：字节 %3 处：%2</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="392" />
            <source>%1 is a JSON array, but its entries are not trace events</source>
            <translation>%1 是 JSON 数组，但其元素不是跟踪事件</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceMerge.cpp" line="751" />
            <source>%1 malformed events were skipped (e.g. %2)</source>
            <translation>已跳过 %1 个格式错误的事件（例如 %2）</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceMerge.cpp" line="755" />
            <source>%1 end events had no matching begin and were skipped</source>
            <translation>%1 个结束事件没有匹配的开始事件，已跳过</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceMerge.cpp" line="757" />
            <source>%1 slices began but never ended; they are drawn to the end of the trace</source>
            <translation>%1 个切片有开始但没有结束；它们将绘制到跟踪末尾</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceMerge.cpp" line="760" />
            <source>%1 flow events could not be tied to a slice</source>
            <translation>%1 个流事件无法关联到切片</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceMerge.cpp" line="762" />
            <source>%1 names were not valid UTF-8; invalid bytes are shown as �</source>
            <translation>%1 个名称不是有效的 UTF-8；无效字节显示为 �</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceMerge.cpp" line="764" />
            <source>more than 65534 categories: %1 events share the last one</source>
            <translation>类别超过 65534 个：%1 个事件共用最后一个类别</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceMerge.cpp" line="767" />
            <source>%1 events of phase '%2' are not supported and were skipped</source>
            <translation>不支持阶段“%2”的 %1 个事件，已跳过</translation>
        </message>
    </context>
    <context>
        <name>cli</name>
        <message>
            <location filename="../app/cli/main.cpp" line="14" />
            <source>usage: lanescope-cli COMMAND [options]

commands:
  info TRACE [--json] [--threads N]   what the trace holds and how it loaded
  synth --scenario NAME -o OUT        write a deterministic synthetic FSDP trace

Exit codes: 0 success, 2 bad usage, 3 unreadable input.
</source>
            <translation>用法：lanescope-cli 命令 [选项]

命令：
  info TRACE [--json] [--threads N]   跟踪文件包含什么内容、如何加载
  synth --scenario NAME -o OUT        写出确定性的合成 FSDP 跟踪文件

退出码：0 成功，2 用法错误，3 输入无法读取。
</translation>
        </message>
        <message>
            <location filename="../app/cli/main.cpp" line="56" />
            <source>lanescope-cli: unknown command '%1'</source>
            <translation>lanescope-cli：未知命令“%1”</translation>
        </message>
        <message>
            <location filename="../app/cli/InfoCommand.cpp" line="129" />
            <source>%1: %2 events, %3 slices on %4 tracks, %5 flows, loaded in %6 s with %7 threads</source>
            <translation>%1：%2 个事件，%4 条轨道上共 %3 个切片，%5 条流，用 %7 个线程在 %6 秒内加载完成</translation>
        </message>
        <message>
            <location filename="../app/cli/InfoCommand.cpp" line="138" />
            <source>rank %1 of %2</source>
            <translation>rank %1（共 %2 个）</translation>
        </message>
        <message>
            <location filename="../app/cli/InfoCommand.cpp" line="146" />
            <source>warning: %1</source>
            <translation>警告：%1</translation>
        </message>
        <message>
            <location filename="../app/cli/InfoCommand.cpp" line="165" />
            <source>lanescope-cli info: --threads needs a number</source>
            <translation>lanescope-cli info：--threads 需要一个数字</translation>
        </message>
        <message>
            <location filename="../app/cli/InfoCommand.cpp" line="169" />
            <source>lanescope-cli info: unexpected argument '%1'</source>
            <translation>lanescope-cli info：意外的参数“%1”</translation>
        </message>
        <message>
            <location filename="../app/cli/InfoCommand.cpp" line="176" />
            <source>usage: lanescope-cli info TRACE [--json] [--threads N]</source>
            <translation>用法：lanescope-cli info 跟踪文件 [--json] [--threads N]</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="25" />
            <source>usage: lanescope-cli synth --scenario fsdp-baseline|fsdp-prefetch|fsdp-tuned -o OUT [options]

  -o, --output PATH              trace file; with --ranks, the folder for rank-K.pt.trace.json
  --ranks N                      write ranks 0..N-1 (N &lt;= --gpus)
  --seed S                       jitter seed (default 1); same seed, same bytes
  --straggler RANK               this rank computes 15% slower
  --params P                     model parameters (default 7e9)
  --layers L                     transformer layers (default 32)
  --hidden H                     hidden size (default 4096)
  --tokens-per-step-per-gpu N    tokens per step per GPU (default 8192)
  --gpus G                       world size (default 32: 4 nodes x 8 A100)
  --gemm-efficiency X            achieved fraction of bf16 peak on GEMMs (default 0.56)
  --internode-gbps Y             per-GPU inter-node bandwidth in Gbit/s (default 200)
  --facts PATH                   where the facts go (default OUT.facts.json, or DIR.facts.json
                                 beside the rank folder so trace tools reading the folder
                                 only see traces)
  --json                         print a JSON summary
</source>
            <translation>用法：lanescope-cli synth --scenario fsdp-baseline|fsdp-prefetch|fsdp-tuned -o OUT [选项]

  -o, --output PATH              跟踪文件；与 --ranks 一起使用时，为存放 rank-K.pt.trace.json 的文件夹
  --ranks N                      写出 rank 0..N-1（N &lt;= --gpus）
  --seed S                       抖动随机种子（默认 1）；种子相同，输出字节相同
  --straggler RANK               该 rank 的计算慢 15%
  --params P                     模型参数量（默认 7e9）
  --layers L                     Transformer 层数（默认 32）
  --hidden H                     隐藏层大小（默认 4096）
  --tokens-per-step-per-gpu N    每个 GPU 每步的 token 数（默认 8192）
  --gpus G                       world size（默认 32：4 个节点 x 8 块 A100）
  --gemm-efficiency X            GEMM 达到的 bf16 峰值比例（默认 0.56）
  --internode-gbps Y             每个 GPU 的节点间带宽，单位 Gbit/s（默认 200）
  --facts PATH                   facts 文件的位置（默认 OUT.facts.json，或 rank 文件夹旁的
                                 DIR.facts.json，使读取该文件夹的跟踪工具
                                 只看到跟踪文件）
  --json                         输出 JSON 摘要
</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="109" />
            <source>lanescope-cli synth: --seed needs a non-negative integer</source>
            <translation>lanescope-cli synth：--seed 需要一个非负整数</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="112" />
            <source>lanescope-cli synth: --ranks needs a positive integer</source>
            <translation>lanescope-cli synth：--ranks 需要一个正整数</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="116" />
            <source>lanescope-cli synth: --straggler needs a rank</source>
            <translation>lanescope-cli synth：--straggler 需要一个 rank</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="120" />
            <source>lanescope-cli synth: --params needs a number between 1e6 and 1e13</source>
            <translation>lanescope-cli synth：--params 需要介于 1e6 与 1e13 之间的数字</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="124" />
            <source>lanescope-cli synth: --layers needs an integer between 1 and 1024</source>
            <translation>lanescope-cli synth：--layers 需要介于 1 与 1024 之间的整数</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="128" />
            <source>lanescope-cli synth: --hidden needs an integer between 128 and 65536</source>
            <translation>lanescope-cli synth：--hidden 需要介于 128 与 65536 之间的整数</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="132" />
            <source>lanescope-cli synth: --tokens-per-step-per-gpu needs a number between 128 and 1e7</source>
            <translation>lanescope-cli synth：--tokens-per-step-per-gpu 需要介于 128 与 1e7 之间的数字</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="138" />
            <source>lanescope-cli synth: --gpus needs a positive integer</source>
            <translation>lanescope-cli synth：--gpus 需要一个正整数</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="142" />
            <source>lanescope-cli synth: --gemm-efficiency needs a fraction in (0, 1]</source>
            <translation>lanescope-cli synth：--gemm-efficiency 需要 (0, 1] 之间的比例</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="146" />
            <source>lanescope-cli synth: --internode-gbps needs a positive number</source>
            <translation>lanescope-cli synth：--internode-gbps 需要一个正数</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="149" />
            <source>lanescope-cli synth: unexpected argument '%1'</source>
            <translation>lanescope-cli synth：意外的参数“%1”</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="159" />
            <source>lanescope-cli synth: unknown scenario '%1' (fsdp-baseline, fsdp-prefetch, fsdp-tuned)</source>
            <translation>lanescope-cli synth：未知场景“%1”（可选 fsdp-baseline、fsdp-prefetch、fsdp-tuned）</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="161" />
            <source>lanescope-cli synth: --ranks %1 exceeds --gpus %2</source>
            <translation>lanescope-cli synth：--ranks %1 超过了 --gpus %2</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="163" />
            <source>lanescope-cli synth: --straggler %1 is not a rank of %2 GPUs</source>
            <translation>lanescope-cli synth：--straggler %1 不是 %2 个 GPU 中的 rank</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="167" />
            <source>lanescope-cli synth: --hidden must be a multiple of 128 (head size)</source>
            <translation>lanescope-cli synth：--hidden 必须是 128（注意力头大小）的倍数</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="169" />
            <source>lanescope-cli synth: --params is too small for the embedding of --hidden</source>
            <translation>lanescope-cli synth：--params 太小，容纳不下 --hidden 对应的嵌入层</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="178" />
            <source>lanescope-cli synth: cannot create folder %1</source>
            <translation>lanescope-cli synth：无法创建文件夹 %1</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="189" />
            <location filename="../app/cli/SynthCommand.cpp" line="197" />
            <source>lanescope-cli synth: cannot write %1: %2</source>
            <translation>lanescope-cli synth：无法写入 %1：%2</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="227" />
            <source>wrote %1</source>
            <translation>已写入 %1</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="228" />
            <source>wrote %1 (%2 MB of traces in %3 s)</source>
            <translation>已写入 %1（%3 秒内写出 %2 MB 跟踪数据）</translation>
        </message>
    </context>
    <context>
        <name>lanescope::MainWindow</name>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="54" />
            <source>Open a PyTorch Profiler trace (.json or .json.gz) with File &gt; Open, or drop it on this window.</source>
            <translation>通过“文件 &gt; 打开”打开 PyTorch Profiler 跟踪文件（.json 或 .json.gz），或将其拖放到此窗口。</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="73" />
            <source>Ready</source>
            <translation>就绪</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="79" />
            <source>Cancel</source>
            <translation>取消</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="80" />
            <source>Stop loading this trace</source>
            <translation>停止加载此跟踪文件</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="102" />
            <source>&amp;File</source>
            <translation>文件(&amp;F)</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="103" />
            <source>&amp;Open…</source>
            <translation>打开(&amp;O)…</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="105" />
            <source>Open a PyTorch Profiler / Kineto trace</source>
            <translation>打开 PyTorch Profiler / Kineto 跟踪文件</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="106" />
            <source>Open &amp;Recent</source>
            <translation>最近打开(&amp;R)</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="110" />
            <source>&amp;Quit</source>
            <translation>退出(&amp;Q)</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="114" />
            <source>&amp;Help</source>
            <translation>帮助(&amp;H)</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="115" />
            <source>&amp;About Lanescope</source>
            <translation>关于 Lanescope(&amp;A)</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="117" />
            <source>About &amp;Qt</source>
            <translation>关于 Qt(&amp;Q)</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="126" />
            <source>Open Trace</source>
            <translation>打开跟踪文件</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="127" />
            <source>PyTorch Profiler traces (*.json *.json.gz *.pt.trace.json *.pt.trace.json.gz);;All files (*)</source>
            <translation>PyTorch Profiler 跟踪文件 (*.json *.json.gz *.pt.trace.json *.pt.trace.json.gz);;所有文件 (*)</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="144" />
            <source>&amp;%1 %2</source>
            <translation>&amp;%1 %2</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="150" />
            <source>No recent files</source>
            <translation>没有最近打开的文件</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="154" />
            <source>&amp;Clear Menu</source>
            <translation>清除列表(&amp;C)</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="184" />
            <source>Loading %1…</source>
            <translation>正在加载 %1…</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="196" />
            <source>Cancelling…</source>
            <translation>正在取消…</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="223" />
            <source>Loading %1 was cancelled.</source>
            <translation>已取消加载 %1。</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="244" />
            <source>Rank %1/%2</source>
            <translation>Rank %1/%2</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="244" />
            <source>Rank %1</source>
            <translation>Rank %1</translation>
        </message>
        <message numerus="yes">
            <location filename="../app/gui/MainWindow.cpp" line="246" />
            <source>%1 (+%n more GPU(s))</source>
            <translation>
                <numerusform>%1（另有 %n 个 GPU）</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="249" />
            <source>%1 events</source>
            <translation>%1 个事件</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="250" />
            <source>loaded in %1 s</source>
            <translation>加载耗时 %1 秒</translation>
        </message>
        <message numerus="yes">
            <location filename="../app/gui/MainWindow.cpp" line="252" />
            <source>%n warning(s)</source>
            <translation>
                <numerusform>%n 条警告</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="260" />
            <source>unknown error</source>
            <translation>未知错误</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="261" />
            <source>Could not open %1: %2</source>
            <translation>无法打开 %1：%2</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="263" />
            <source>Could not open trace</source>
            <translation>无法打开跟踪文件</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="264" />
            <source>Lanescope could not open %1.</source>
            <translation>Lanescope 无法打开 %1。</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="274" />
            <source>Lanescope</source>
            <translation>Lanescope</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="277" />
            <source>%1 — Lanescope</source>
            <translation>%1 — Lanescope</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="283" />
            <source>About Lanescope</source>
            <translation>关于 Lanescope</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="284" />
            <source>&lt;h3&gt;Lanescope %1&lt;/h3&gt;&lt;p&gt;A native viewer for PyTorch Profiler (Kineto) traces: find out why a distributed training run wastes its GPUs, prove the fix, and show the proof.&lt;/p&gt;&lt;p&gt;Built with Qt %2.&lt;/p&gt;</source>
            <translation>&lt;h3&gt;Lanescope %1&lt;/h3&gt;&lt;p&gt;PyTorch Profiler（Kineto）跟踪文件的原生查看器：找出分布式训练为何浪费 GPU，验证修复效果，并向他人展示证据。&lt;/p&gt;&lt;p&gt;基于 Qt %2 构建。&lt;/p&gt;</translation>
        </message>
    </context>
    <context>
        <name>lanescope::TraceLoadJob</name>
        <message>
            <location filename="../app/gui/TraceLoadJob.cpp" line="33" />
            <source>not enough memory to load %1</source>
            <translation>内存不足，无法加载 %1</translation>
        </message>
        <message>
            <location filename="../app/gui/TraceLoadJob.cpp" line="36" />
            <source>internal error while loading %1: %2</source>
            <translation>加载 %1 时发生内部错误：%2</translation>
        </message>
    </context>
    <context>
        <name>lanescope::TraceSummaryModel</name>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="66" />
            <source>%1 (%2)</source>
            <translation>%1（%2）</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="72" />
            <source>Process %1</source>
            <translation>进程 %1</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="88" />
            <source>stream %1</source>
            <translation>流 %1</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="143" />
            <source>Memory (allocator)</source>
            <translation>内存（分配器）</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="148" />
            <source>GPU %1 memory</source>
            <translation>GPU %1 内存</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="150" />
            <source>CPU memory</source>
            <translation>CPU 内存</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="152" />
            <source>device type %1, id %2 memory</source>
            <translation>设备类型 %1、编号 %2 的内存</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="154" />
            <source>%1 (totals derived from Bytes)</source>
            <translation>%1（总量由 Bytes 累加得出）</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="223" />
            <source>CPU thread</source>
            <translation>CPU 线程</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="225" />
            <source>GPU stream</source>
            <translation>GPU 流</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="227" />
            <source>Other lane</source>
            <translation>其他泳道</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="229" />
            <source>Counter</source>
            <translation>计数器</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="231" />
            <source>Memory</source>
            <translation>内存</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="234" />
            <source>Process</source>
            <translation>进程</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="238" />
            <source>GPU process</source>
            <translation>GPU 进程</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="240" />
            <source>Allocator</source>
            <translation>分配器</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="241" />
            <source>CPU process</source>
            <translation>CPU 进程</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="261" />
            <source>Samples in this series</source>
            <translation>此序列中的采样数</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="262" />
            <source>Slices on this lane</source>
            <translation>此泳道上的切片数</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="278" />
            <source>Name</source>
            <translation>名称</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="280" />
            <source>Kind</source>
            <translation>类型</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="282" />
            <source>PID</source>
            <translation>PID</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="284" />
            <source>TID / stream</source>
            <translation>TID / 流</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="286" />
            <source>Events</source>
            <translation>事件数</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="288" />
            <source>Max depth</source>
            <translation>最大深度</translation>
        </message>
    </context>
    <context>
        <name>lanescope::TraceSummaryView</name>
        <message>
            <location filename="../widgets/TraceSummaryView.cpp" line="65" />
            <source>No trace loaded.</source>
            <translation>未加载跟踪文件。</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryView.cpp" line="74" />
            <source>GPU %1: %2</source>
            <translation>GPU %1：%2</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryView.cpp" line="78" />
            <source>rank %1 of %2</source>
            <translation>rank %1（共 %2 个）</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryView.cpp" line="79" />
            <source>%1 events, %2 slices on %3 tracks</source>
            <translation>%1 个事件，%3 条轨道上共 %2 个切片</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryView.cpp" line="82" />
            <source>%1 flows</source>
            <translation>%1 条流</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryView.cpp" line="83" />
            <source>span %1 ms</source>
            <translation>时间跨度 %1 毫秒</translation>
        </message>
    </context>
    <context>
        <name>lanescope::WarningBanner</name>
        <message>
            <location filename="../widgets/WarningBanner.cpp" line="31" />
            <source>Dismiss these warnings</source>
            <translation>关闭这些警告</translation>
        </message>
        <message>
            <location filename="../widgets/WarningBanner.cpp" line="32" />
            <source>Dismiss</source>
            <translation>关闭</translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/WarningBanner.cpp" line="56" />
            <source>The trace loaded with %n warning(s):</source>
            <translation>
                <numerusform>跟踪文件已加载，但有 %n 条警告：</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>main</name>
        <message>
            <location filename="../app/gui/main.cpp" line="31" />
            <source>Native viewer for PyTorch Profiler (Kineto) traces.</source>
            <translation>PyTorch Profiler（Kineto）跟踪文件的原生查看器。</translation>
        </message>
        <message>
            <location filename="../app/gui/main.cpp" line="34" />
            <source>trace</source>
            <translation>跟踪文件</translation>
        </message>
        <message>
            <location filename="../app/gui/main.cpp" line="35" />
            <source>Trace file to open (.json or .json.gz).</source>
            <translation>要打开的跟踪文件（.json 或 .json.gz）。</translation>
        </message>
        <message>
            <location filename="../app/gui/main.cpp" line="36" />
            <source>[trace]</source>
            <translation>[跟踪文件]</translation>
        </message>
    </context>
</TS>
