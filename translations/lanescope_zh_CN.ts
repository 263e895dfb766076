<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
    <context>
        <name>AboutBox</name>
        <message>
            <location filename="../app/gui/AboutBox.cpp" line="26" />
            <source>zlib licence</source>
            <translation>zlib 许可证</translation>
        </message>
        <message>
            <location filename="../app/gui/AboutBox.cpp" line="44" />
            <source>see its distribution</source>
            <translation>见其发行版</translation>
        </message>
        <message>
            <location filename="../app/gui/AboutBox.cpp" line="47" />
            <source>&lt;h3&gt;Lanescope %1&lt;/h3&gt;&lt;p&gt;A native viewer for PyTorch Profiler (Kineto) traces: find out why a distributed training run wastes its GPUs, prove the fix, and show the proof.&lt;/p&gt;&lt;p&gt;Lanescope is free software under the GNU General Public License, version 3 or any later version (GPL-3.0-or-later), and comes with no warranty.&lt;/p&gt;&lt;p&gt;Libraries in this build:&lt;/p&gt;&lt;table cellspacing="6"&gt;&lt;tr&gt;&lt;th align="left"&gt;Library&lt;/th&gt;&lt;th align="left"&gt;Version&lt;/th&gt;&lt;th align="left"&gt;Licence&lt;/th&gt;&lt;/tr&gt;%2&lt;/table&gt;</source>
            <translation>&lt;h3&gt;Lanescope %1&lt;/h3&gt;&lt;p&gt;PyTorch Profiler（Kineto）跟踪文件的原生查看器：找出分布式训练运行浪费 GPU 的原因，验证修复效果，并展示证据。&lt;/p&gt;&lt;p&gt;Lanescope 是自由软件，依据 GNU 通用公共许可证第 3 版或（由您选择）任何更高版本（GPL-3.0-or-later）发布，不提供任何担保。&lt;/p&gt;&lt;p&gt;本构建包含的库：&lt;/p&gt;&lt;table cellspacing="6"&gt;&lt;tr&gt;&lt;th align="left"&gt;库&lt;/th&gt;&lt;th align="left"&gt;版本&lt;/th&gt;&lt;th align="left"&gt;许可证&lt;/th&gt;&lt;/tr&gt;%2&lt;/table&gt;</translation>
        </message>
        <message>
            <source>&lt;h3&gt;Lanescope %1&lt;/h3&gt;&lt;p&gt;A native viewer for PyTorch Profiler (Kineto) traces: find out why a distributed training run wastes its GPUs, prove the fix, and show the proof.&lt;/p&gt;&lt;p&gt;Lanescope: licence not yet chosen.&lt;/p&gt;&lt;p&gt;Libraries in this build:&lt;/p&gt;&lt;table cellspacing="6"&gt;&lt;tr&gt;&lt;th align="left"&gt;Library&lt;/th&gt;&lt;th align="left"&gt;Version&lt;/th&gt;&lt;th align="left"&gt;Licence&lt;/th&gt;&lt;/tr&gt;%2&lt;/table&gt;</source>
            <translation type="vanished">&lt;h3&gt;Lanescope %1&lt;/h3&gt;&lt;p&gt;PyTorch Profiler（Kineto）跟踪文件的原生查看器：找出分布式训练运行浪费 GPU 的原因，验证修复效果，并展示证据。&lt;/p&gt;&lt;p&gt;Lanescope：许可证尚未确定。&lt;/p&gt;&lt;p&gt;本构建包含的库：&lt;/p&gt;&lt;table cellspacing="6"&gt;&lt;tr&gt;&lt;th align="left"&gt;库&lt;/th&gt;&lt;th align="left"&gt;版本&lt;/th&gt;&lt;th align="left"&gt;许可证&lt;/th&gt;&lt;/tr&gt;%2&lt;/table&gt;</translation>
        </message>
        <message>
            <location filename="../app/gui/AboutBox.cpp" line="60" />
            <source>About Lanescope</source>
            <translation>关于 Lanescope</translation>
        </message>
    </context>
    <context>
        <name>DemoTrace</name>
        <message>
            <location filename="../core/synth/DemoTrace.cpp" line="37" />
            <source>cannot create the demo folder %1</source>
            <translation>无法创建演示文件夹 %1</translation>
        </message>
        <message>
            <location filename="../core/synth/DemoTrace.cpp" line="47" />
            <source>cannot write the demo trace %1: %2</source>
            <translation>无法写入演示跟踪文件 %1：%2</translation>
        </message>
    </context>
    <context>
        <name>EventArgs</name>
        <message>
            <location filename="../core/parse/EventArgs.cpp" line="82" />
            <source>the event is not in the file</source>
            <translation>该事件不在文件中</translation>
        </message>
        <message>
            <location filename="../core/parse/EventArgs.cpp" line="59" />
            <source>the event at byte %1 no longer parses</source>
            <translation>位于字节 %1 的事件已无法解析</translation>
        </message>
        <message>
            <location filename="../core/parse/EventArgs.cpp" line="100" />
            <source>%1 changed on disk; reload it</source>
            <translation>%1 在磁盘上已更改，请重新加载</translation>
        </message>
    </context>
    <context>
        <name>FolderLoad</name>
        <message>
            <location filename="../core/io/FolderLoad.cpp" line="223" />
            <source>not a trace</source>
            <translation>不是跟踪文件</translation>
        </message>
        <message>
            <location filename="../core/io/FolderLoad.cpp" line="225" />
            <source>not a trace: it holds no events</source>
            <translation>不是跟踪文件：其中没有任何事件</translation>
        </message>
        <message>
            <location filename="../core/io/FolderLoad.cpp" line="258" />
            <source>no rank in distributedInfo, while the other traces are ranks of a job of %1</source>
            <translation>distributedInfo 中没有 rank，而其他跟踪文件都是 world size 为 %1 的作业中的 rank</translation>
        </message>
        <message>
            <location filename="../core/io/FolderLoad.cpp" line="260" />
            <source>another job: world size %1, this job's is %2</source>
            <translation>属于另一个作业：world size 为 %1，本作业为 %2</translation>
        </message>
        <message>
            <location filename="../core/io/FolderLoad.cpp" line="262" />
            <source>another job: backend %1, this job's is %2</source>
            <translation>属于另一个作业：后端为 %1，本作业为 %2</translation>
        </message>
        <message>
            <location filename="../core/io/FolderLoad.cpp" line="264" />
            <source>another job: its process groups (distributedInfo.pg_config) differ from this job's</source>
            <translation>属于另一个作业：其进程组（distributedInfo.pg_config）与本作业不同</translation>
        </message>
        <message>
            <location filename="../core/io/FolderLoad.cpp" line="266" />
            <source>rank %1 is outside the job's world size %2</source>
            <translation>rank %1 超出了作业的 world size %2</translation>
        </message>
        <message>
            <location filename="../core/io/FolderLoad.cpp" line="276" />
            <source>rank %1 again (already read from %2)</source>
            <translation>rank %1 重复（已从 %2 读取）</translation>
        </message>
        <message>
            <location filename="../core/io/FolderLoad.cpp" line="297" />
            <location filename="../core/io/FolderLoad.cpp" line="413" />
            <source>%1 left out: %2</source>
            <translation>已排除 %1：%2</translation>
        </message>
        <message>
            <location filename="../core/io/FolderLoad.cpp" line="301" />
            <source>rank %1 = %2</source>
            <translation>rank %1 = %2</translation>
        </message>
        <message>
            <location filename="../core/io/FolderLoad.cpp" line="302" />
            <source>the traces carry no distributedInfo: rank numbers are guessed from the file names (%1)</source>
            <translation>这些跟踪文件没有 distributedInfo：rank 编号根据文件名推测（%1）</translation>
        </message>
        <message>
            <location filename="../core/io/FolderLoad.cpp" line="314" />
            <source>%1 of the job's %2 ranks are here; missing: %3%4</source>
            <translation>作业的 %2 个 rank 中只有 %1 个在此；缺少：%3%4</translation>
        </message>
        <message>
            <location filename="../core/io/FolderLoad.cpp" line="323" />
            <source>rank %1 (%2) is cut off: loaded up to byte %3</source>
            <translation>rank %1（%2）被截断：只加载到字节 %3</translation>
        </message>
        <message>
            <location filename="../core/io/FolderLoad.cpp" line="387" />
            <source>%1 does not exist</source>
            <translation>%1 不存在</translation>
        </message>
        <message>
            <location filename="../core/io/FolderLoad.cpp" line="391" />
            <source>%1 is not a folder</source>
            <translation>%1 不是文件夹</translation>
        </message>
        <message>
            <location filename="../core/io/FolderLoad.cpp" line="395" />
            <source>%1 cannot be read</source>
            <translation>无法读取 %1</translation>
        </message>
        <message numerus="yes">
            <location filename="../core/io/FolderLoad.cpp" line="415" />
            <source>%n file not named *.json or *.json.gz ignored: %1</source>
            <translation>
                <numerusform>已忽略 %n 个不是 *.json 或 *.json.gz 的文件：%1</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../core/io/FolderLoad.cpp" line="416" />
            <source>%n files not named *.json or *.json.gz ignored: %1</source>
            <translation>
                <numerusform>已忽略 %n 个名称不是 *.json 或 *.json.gz 的文件：%1</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n file(s) not named *.json or *.json.gz ignored: %1</source>
            <translation type="vanished">
                <numerusform>已忽略 %n 个不是 *.json 或 *.json.gz 的文件：%1</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../core/io/FolderLoad.cpp" line="419" />
            <source>%1 holds no .json or .json.gz trace</source>
            <translation>%1 中没有 .json 或 .json.gz 跟踪文件</translation>
        </message>
        <message>
            <location filename="../core/io/FolderLoad.cpp" line="495" />
            <source>loading cancelled</source>
            <translation>加载已取消</translation>
        </message>
        <message>
            <location filename="../core/io/FolderLoad.cpp" line="420" />
            <location filename="../core/io/FolderLoad.cpp" line="502" />
            <source>%1 holds no rank trace: %2</source>
            <translation>%1 中没有 rank 跟踪文件：%2</translation>
        </message>
    </context>
    <context>
        <name>InflateTarget</name>
        <message>
            <source>cannot create %1</source>
            <translation type="vanished">无法创建 %1</translation>
        </message>
        <message>
            <source>%1 available in %2</source>
            <translation type="vanished">%2 可用 %1</translation>
        </message>
        <message>
            <source>cannot create a file in %1: %2</source>
            <translation type="vanished">无法在 %1 中创建文件：%2</translation>
        </message>
        <message>
            <source>inflating it needs %1 free in %2, %3 available</source>
            <translation type="vanished">解压需要 %2 中有 %1 可用空间，当前可用 %3</translation>
        </message>
        <message>
            <source>inflating it needs about %1 free in %2, %3 available</source>
            <translation type="vanished">解压大约需要 %2 中有 %1 可用空间，当前可用 %3</translation>
        </message>
        <message>
            <source> (%1)</source>
            <translation type="vanished">（%1）</translation>
        </message>
        <message>
            <source>; %1</source>
            <translation type="vanished">；%1</translation>
        </message>
        <message>
            <source>no folder to inflate it into: %1</source>
            <translation type="vanished">没有可解压到的文件夹：%1</translation>
        </message>
        <message>
            <source>%1 GB</source>
            <translation type="vanished">%1 GB</translation>
        </message>
        <message>
            <source>%1 MB</source>
            <translation type="vanished">%1 MB</translation>
        </message>
        <message>
            <source>%1 kB</source>
            <translation type="vanished">%1 kB</translation>
        </message>
        <message>
            <source>%1 bytes</source>
            <translation type="vanished">%1 字节</translation>
        </message>
    </context>
    <context>
        <name>LaneLayout</name>
        <message>
            <location filename="../widgets/render/LaneLayout.cpp" line="94" />
            <source>compute</source>
            <translation>计算</translation>
        </message>
        <message>
            <location filename="../widgets/render/LaneLayout.cpp" line="167" />
            <source>Profiler</source>
            <translation>分析器</translation>
        </message>
        <message>
            <location filename="../widgets/render/LaneLayout.cpp" line="198" />
            <source>GPU %1</source>
            <translation>GPU %1</translation>
        </message>
        <message>
            <location filename="../widgets/render/LaneLayout.cpp" line="213" />
            <source>Process</source>
            <translation>进程</translation>
        </message>
        <message>
            <location filename="../widgets/render/LaneLayout.cpp" line="214" />
            <source>%1 (pid %2)</source>
            <translation>%1（pid %2）</translation>
        </message>
        <message>
            <location filename="../widgets/render/LaneLayout.cpp" line="234" />
            <source>%1 %2 · stream %3</source>
            <translation>%1 %2 · 流 %3</translation>
        </message>
        <message>
            <location filename="../widgets/render/LaneLayout.cpp" line="240" />
            <source>unnamed thread</source>
            <translation>未命名线程</translation>
        </message>
        <message>
            <location filename="../widgets/render/LaneLayout.cpp" line="240" />
            <source>unnamed thread · %1</source>
            <translation>未命名线程 · %1</translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/render/LaneLayout.cpp" line="247" />
            <source>%n row</source>
            <translation>
                <numerusform>%n 行</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/render/LaneLayout.cpp" line="247" />
            <source>%n rows</source>
            <translation>
                <numerusform>%n 行</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/render/LaneLayout.cpp" line="248" />
            <source>%1
%n slice, %2</source>
            <translation>
                <numerusform>%1
%n 个切片，%2</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/render/LaneLayout.cpp" line="248" />
            <source>%1
%n slices, %2</source>
            <translation>
                <numerusform>%1
%n 个切片，%2</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1
%n slice(s), %2 row(s)</source>
            <translation type="vanished">
                <numerusform>%1
%n 个切片，%2 行</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../widgets/render/LaneLayout.cpp" line="251" />
            <source>thread id %1 (the trace names no such thread)</source>
            <translation>线程 ID %1（跟踪中没有该线程的名称）</translation>
        </message>
    </context>
    <context>
        <name>MappedSource</name>
        <message>
            <location filename="../core/io/MappedSource.cpp" line="99" />
            <source>cannot map %1: %2</source>
            <translation>无法映射 %1：%2</translation>
        </message>
        <message>
            <location filename="../core/io/GzipInflater.cpp" line="164" />
            <source>zlib could not be initialised</source>
            <translation>无法初始化 zlib</translation>
        </message>
        <message>
            <source>cancelled</source>
            <translation type="vanished">已取消</translation>
        </message>
        <message>
            <source>cannot write the inflated trace to %1: %2</source>
            <translation type="vanished">无法将解压后的跟踪写入 %1：%2</translation>
        </message>
        <message>
            <location filename="../core/io/GzipInflater.cpp" line="248" />
            <source>the gzip data is corrupt near compressed byte %1: %2</source>
            <translation>gzip 数据在压缩字节 %1 附近损坏：%2</translation>
        </message>
        <message>
            <location filename="../core/io/MappedSource.cpp" line="69" />
            <source>%1: no such file</source>
            <translation>%1：文件不存在</translation>
        </message>
        <message>
            <location filename="../core/io/MappedSource.cpp" line="73" />
            <source>%1 is a folder, not a trace file</source>
            <translation>%1 是文件夹，不是跟踪文件</translation>
        </message>
        <message>
            <location filename="../core/io/MappedSource.cpp" line="83" />
            <source>%1: cannot read the file (%2)</source>
            <translation>%1：无法读取文件（%2）</translation>
        </message>
        <message>
            <location filename="../core/io/MappedSource.cpp" line="87" />
            <source>%1 is empty (0 bytes): not a trace</source>
            <translation>%1 为空（0 字节）：不是跟踪文件</translation>
        </message>
        <message>
            <source>cannot create a temporary file in %1 to inflate %2: %3</source>
            <translation type="vanished">无法在 %1 中创建临时文件以解压 %2：%3</translation>
        </message>
        <message>
            <source>cannot write the inflated trace: %1</source>
            <translation type="vanished">无法写入解压后的跟踪：%1</translation>
        </message>
        <message>
            <source>cannot map the inflated %1: %2</source>
            <translation type="vanished">无法映射解压后的 %1：%2</translation>
        </message>
        <message>
            <location filename="../core/io/MappedSource.cpp" line="193" />
            <source>%1 is gone from disk</source>
            <translation>%1 已从磁盘上消失</translation>
        </message>
        <message>
            <location filename="../core/io/MappedSource.cpp" line="198" />
            <source>%1 changed on disk since it was opened; reload it</source>
            <translation>%1 自打开后在磁盘上已更改，请重新加载</translation>
        </message>
        <message>
            <source>ran out of space in %1 after %2 of the inflated trace</source>
            <translation type="vanished">写入解压后的跟踪 %2 后，%1 空间已用尽</translation>
        </message>
    </context>
    <context>
        <name>Palette</name>
        <message>
            <location filename="../widgets/render/Palette.cpp" line="26" />
            <source>GEMM</source>
            <translation>GEMM</translation>
        </message>
        <message>
            <location filename="../widgets/render/Palette.cpp" line="27" />
            <source>matrix multiply kernels (gemm, xmma, nvjet, cutlass)</source>
            <translation>矩阵乘法内核（gemm、xmma、nvjet、cutlass）</translation>
        </message>
        <message>
            <location filename="../widgets/render/Palette.cpp" line="28" />
            <source>Communication</source>
            <translation>通信</translation>
        </message>
        <message>
            <source>collective kernels (nccl, rccl)</source>
            <translation type="vanished">集合通信内核（nccl、rccl）</translation>
        </message>
        <message>
            <location filename="../widgets/render/Palette.cpp" line="29" />
            <source>collective kernels (nccl, rccl); gloo: and nccl: calls where the trace has no categories</source>
            <translation>集合通信内核（nccl、rccl）；跟踪文件没有类别时，也包括 gloo: 和 nccl: 调用</translation>
        </message>
        <message>
            <location filename="../widgets/render/Palette.cpp" line="30" />
            <source>Attention</source>
            <translation>注意力</translation>
        </message>
        <message>
            <location filename="../widgets/render/Palette.cpp" line="31" />
            <source>attention kernels (flash, fmha, *attention*)</source>
            <translation>注意力内核（flash、fmha、*attention*）</translation>
        </message>
        <message>
            <location filename="../widgets/render/Palette.cpp" line="32" />
            <source>Memcpy / memset</source>
            <translation>内存拷贝 / 填充</translation>
        </message>
        <message>
            <location filename="../widgets/render/Palette.cpp" line="33" />
            <source>device memory copies and fills</source>
            <translation>设备内存拷贝与填充</translation>
        </message>
        <message>
            <location filename="../widgets/render/Palette.cpp" line="34" />
            <source>Other kernels</source>
            <translation>其他内核</translation>
        </message>
        <message>
            <location filename="../widgets/render/Palette.cpp" line="35" />
            <source>elementwise, reductions, everything else on the GPU</source>
            <translation>逐元素、归约以及 GPU 上的其他一切</translation>
        </message>
        <message>
            <location filename="../widgets/render/Palette.cpp" line="36" />
            <source>CPU operators</source>
            <translation>CPU 算子</translation>
        </message>
        <message>
            <location filename="../widgets/render/Palette.cpp" line="37" />
            <source>aten:: and other operators on CPU threads</source>
            <translation>CPU 线程上的 aten:: 及其他算子</translation>
        </message>
        <message>
            <location filename="../widgets/render/Palette.cpp" line="38" />
            <source>CUDA runtime</source>
            <translation>CUDA 运行时</translation>
        </message>
        <message>
            <location filename="../widgets/render/Palette.cpp" line="39" />
            <source>cudaLaunchKernel, cudaMemcpyAsync, synchronisation, driver calls</source>
            <translation>cudaLaunchKernel、cudaMemcpyAsync、同步与驱动调用</translation>
        </message>
        <message>
            <location filename="../widgets/render/Palette.cpp" line="40" />
            <source>Annotations</source>
            <translation>标注</translation>
        </message>
        <message>
            <location filename="../widgets/render/Palette.cpp" line="41" />
            <source>ProfilerStep#, record_function ranges, python functions</source>
            <translation>ProfilerStep#、record_function 区间、Python 函数</translation>
        </message>
        <message>
            <location filename="../widgets/render/Palette.cpp" line="42" />
            <source>Other</source>
            <translation>其他</translation>
        </message>
        <message>
            <location filename="../widgets/render/Palette.cpp" line="43" />
            <source>events of other categories</source>
            <translation>其他类别的事件</translation>
        </message>
    </context>
    <context>
        <name>QObject</name>
        <message>
            <location filename="../widgets/compare/CompareCharts.cpp" line="377" />
            <source>could not encode the PNG</source>
            <translation>无法编码 PNG</translation>
        </message>
    </context>
    <context>
        <name>SourceReader</name>
        <message>
            <location filename="../core/io/SourceReader.cpp" line="89" />
            <location filename="../core/io/SourceReader.cpp" line="97" />
            <source>%1 changed on disk; reload it</source>
            <translation>%1 在磁盘上已更改，请重新加载</translation>
        </message>
    </context>
    <context>
        <name>SummaryText</name>
        <message>
            <location filename="../core/analysis/run/SummaryJson.h" line="135" />
            <location filename="../core/analysis/run/SummaryJson.h" line="152" />
            <source>not an integer</source>
            <translation>不是整数</translation>
        </message>
        <message>
            <location filename="../core/analysis/run/SummaryJson.h" line="139" />
            <source>%1 is out of range (%2 to %3)</source>
            <translation>%1 超出范围（%2 至 %3）</translation>
        </message>
        <message>
            <location filename="../core/analysis/run/SummaryJson.h" line="152" />
            <source>%1 is out of range (0 or more)</source>
            <translation>%1 超出范围（应不小于 0）</translation>
        </message>
    </context>
    <context>
        <name>Text</name>
        <message>
            <source>not an integer</source>
            <translation type="vanished">不是整数</translation>
        </message>
        <message>
            <source>%1 is out of range (%2 to %3)</source>
            <translation type="vanished">%1 超出范围（%2 到 %3）</translation>
        </message>
        <message>
            <source>%1 is out of range (0 or more)</source>
            <translation type="vanished">%1 超出范围（应为 0 或以上）</translation>
        </message>
        <message numerus="yes">
            <location filename="../core/memsnap/SnapshotAnalysis.cpp" line="226" />
            <source>device %1: %n action disagrees with the segments at the end (a cut or merged trace?)</source>
            <translation>
                <numerusform>设备 %1：%n 个操作与结束时的段不一致（跟踪被截断或合并过？）</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../core/memsnap/SnapshotAnalysis.cpp" line="228" />
            <source>device %1: %n actions disagree with the segments at the end (a cut or merged trace?)</source>
            <translation>
                <numerusform>设备 %1：%n 个操作与结束时的段不一致（跟踪被截断或合并过？）</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../core/memsnap/SnapshotAnalysis.cpp" line="375" />
            <source>device %1: too many segment actions and segments to diagnose them all; fragmentation and OOM states are given up to %2 µs</source>
            <translation>设备 %1：段操作和段过多，无法全部诊断；碎片化与 OOM 状态只给出到 %2 µs 为止</translation>
        </message>
    </context>
    <context>
        <name>TraceLoader</name>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="423" />
            <source>the file ends in the middle of an event at byte %1 (after %2 complete events): the profiler was probably stopped while writing; everything before the cut is loaded</source>
            <translation>文件在字节 %1 处于某个事件中间结束（此前有 %2 个完整事件）：分析器可能在写入时被终止；截断处之前的内容均已加载</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="428" />
            <source>the file ends at byte %1 before traceEvents is closed (after %2 complete events): the profiler was probably stopped while writing; everything before the cut is loaded</source>
            <translation>文件在字节 %1 处结束，traceEvents 尚未闭合（此前有 %2 个完整事件）：分析器可能在写入时被终止；截断处之前的内容均已加载</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="433" />
            <source>the event after byte %1 is larger than %2 MiB (or the file holds that much whitespace there): loading stopped there, after %3 complete events</source>
            <translation>字节 %1 之后的事件大于 %2 MiB（或文件在该处有如此多的空白）：加载在此停止，此前有 %3 个完整事件</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="439" />
            <source>JSON syntax error at byte %1 (%2): loading stopped there, after %3 complete events</source>
            <translation>字节 %1 处 JSON 语法错误（%2）：加载在此停止，已读取 %3 个完整事件</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="613" />
            <location filename="../core/parse/TraceLoader.cpp" line="653" />
            <source>loading cancelled</source>
            <translation>加载已取消</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="473" />
            <location filename="../core/parse/TraceLoader.cpp" line="507" />
            <source>input</source>
            <translation>输入</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="491" />
            <source>not enough memory to load %1</source>
            <translation>内存不足，无法加载 %1</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="495" />
            <source>%1 could not be loaded: %2</source>
            <translation>无法加载 %1：%2</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="514" />
            <source>%1 is empty: not a trace</source>
            <translation>%1 为空：不是跟踪文件</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="313" />
            <source>%1 holds only whitespace: not a trace</source>
            <translation>%1 只包含空白字符：不是跟踪文件</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="324" />
            <source>%1 is not a JSON trace (it starts with neither '{' nor '[')</source>
            <translation>%1 不是 JSON 跟踪文件（它既不以“{”也不以“[”开头）</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="332" />
            <source>%1 ends at byte %2 before any traceEvents</source>
            <translation>%1 在字节 %2 处结束，没有任何 traceEvents</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="334" />
            <source>the file ends at byte %1 before its closing '}'</source>
            <translation>文件在字节 %1 处结束，缺少结尾的“}”</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="343" />
            <source>more follows the trace's closing '}' at byte %1 (a second trace joined to it?); only the first is read</source>
            <translation>trace 的结尾 '}' 之后（第 %1 字节）还有内容（是否拼接了第二个 trace？）；只读取第一个</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="355" />
            <source>%1 is not valid JSON: expected a key at byte %2</source>
            <translation>%1 不是有效的 JSON：字节 %2 处应为键名</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="357" />
            <source>JSON syntax error after traceEvents at byte %1; ignored</source>
            <translation>traceEvents 之后字节 %1 处有 JSON 语法错误；已忽略</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="364" />
            <source>%1 is not valid JSON: expected ':' at byte %2</source>
            <translation>%1 不是有效的 JSON：字节 %2 处应为“:”</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="371" />
            <source>%1: "traceEvents" is not an array</source>
            <translation>%1：“traceEvents”不是数组</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="395" />
            <source>"%1" at byte %2 nests deeper than %3 levels</source>
            <translation>字节 %2 处的“%1”嵌套超过 %3 层</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="400" />
            <source>%1: %2: not a trace header</source>
            <translation>%1：%2：不是跟踪文件头</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="402" />
            <source>%1 (after traceEvents); ignored</source>
            <translation>%1（位于 traceEvents 之后）；已忽略</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="407" />
            <source>%1 is not valid JSON: bad value for "%2" at byte %3</source>
            <translation>%1 不是有效的 JSON：字节 %3 处“%2”的值有误</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="411" />
            <source>bad value for "%1" after traceEvents at byte %2; ignored</source>
            <translation>traceEvents 之后字节 %2 处“%1”的值有误；已忽略</translation>
        </message>
        <message>
            <source>the event after byte %1 is larger than %2 MB (or the file holds that much whitespace there): loading stopped there, after %3 complete events</source>
            <translation type="vanished">字节 %1 之后的事件大于 %2 MB（或文件在该处有如此多的空白）：加载在此停止，此前有 %3 个完整事件</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="485" />
            <location filename="../core/parse/TraceLoader.cpp" line="609" />
            <location filename="../core/parse/TraceLoader.cpp" line="650" />
            <source>%1 changed on disk while it was being read; open it again</source>
            <translation>读取期间 %1 在磁盘上被更改，请重新打开</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="618" />
            <source>%1 is JSON but not a trace: it has no "traceEvents" array</source>
            <translation>%1 是 JSON，但不是跟踪文件：没有“traceEvents”数组</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="627" />
            <source>%1 is not valid JSON: %2 at byte %3</source>
            <translation>%1 不是有效的 JSON：字节 %3 处：%2</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="631" />
            <source>%1 is a JSON array, but its entries are not trace events</source>
            <translation>%1 是 JSON 数组，但其元素不是跟踪事件</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceMerge.cpp" line="1044" />
            <source>%1 malformed events were skipped (e.g. %2)</source>
            <translation>已跳过 %1 个格式错误的事件（例如 %2）</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceMerge.cpp" line="1049" />
            <source>1 slice has a negative or overflowed "dur" and is drawn 0 long (%1)</source>
            <translation>1 个切片的 "dur" 为负或溢出，按长度 0 绘制（%1）</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceMerge.cpp" line="1051" />
            <source>%1 slices have a negative or overflowed "dur" and are drawn 0 long (e.g. %2)</source>
            <translation>%1 个切片的 "dur" 为负或溢出，按长度 0 绘制（例如 %2）</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceMerge.cpp" line="1055" />
            <source>%1 end events had no matching begin and were skipped</source>
            <translation>%1 个结束事件没有匹配的开始事件，已跳过</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceMerge.cpp" line="1057" />
            <source>%1 slices began but never ended; they are drawn to the end of the trace</source>
            <translation>%1 个切片有开始但没有结束；它们将绘制到跟踪末尾</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceMerge.cpp" line="1060" />
            <source>%1 flow events could not be tied to a slice</source>
            <translation>%1 个流事件无法关联到切片</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceMerge.cpp" line="1062" />
            <source>%1 names were not valid UTF-8; invalid bytes are shown as �</source>
            <translation>%1 个名称不是有效的 UTF-8；无效字节显示为 �</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceMerge.cpp" line="1064" />
            <source>more than 65534 categories: %1 events share the last one</source>
            <translation>类别超过 65534 个：%1 个事件共用最后一个类别</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceMerge.cpp" line="1067" />
            <source>%1 events of phase '%2' are not supported and were skipped</source>
            <translation>不支持阶段“%2”的 %1 个事件，已跳过</translation>
        </message>
        <message>
            <location filename="../core/parse/ContentWarnings.cpp" line="35" />
            <source>legacy profiler format: no device activity, ranks or memory recorded</source>
            <translation>旧版 profiler 格式：没有记录设备活动、rank 或内存</translation>
        </message>
        <message>
            <location filename="../core/parse/ContentWarnings.cpp" line="56" />
            <source>the trace is empty: it holds no events</source>
            <translation>跟踪文件为空：其中没有任何事件</translation>
        </message>
        <message numerus="yes">
            <location filename="../core/parse/ContentWarnings.cpp" line="57" />
            <source>the trace holds %n event but nothing with a duration to draw (metadata, counters or instants only)</source>
            <translation>
                <numerusform>跟踪包含 %n 个事件，但没有可绘制的带时长事件（只有元数据、计数器或瞬时事件）</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../core/parse/ContentWarnings.cpp" line="60" />
            <source>the trace holds %n events but nothing with a duration to draw (metadata, counters or instants only)</source>
            <translation>
                <numerusform>跟踪文件包含 %n 个事件，但没有可绘制的带时长事件（只有元数据、计数器或瞬时事件）</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>the trace holds %n event(s) but nothing with a duration to draw (metadata, counters or instants only)</source>
            <translation type="vanished">
                <numerusform>跟踪文件包含 %n 个事件，但没有可绘制的带时长事件（只有元数据、计数器或瞬时事件）</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../core/parse/ContentWarnings.cpp" line="108" />
            <source>(none)</source>
            <translation>（无）</translation>
        </message>
        <message>
            <location filename="../core/parse/ContentWarnings.cpp" line="115" />
            <source>no accelerator work recognised: %1 events on %2 have categories %3 that are not device activity, so the GPU breakdown, gaps and MFU are empty</source>
            <translation>未识别到加速器上的工作：%2 上的 %1 个事件的类别为 %3，不属于设备活动，因此 GPU 时间分解、间隙和 MFU 均为空</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="596" />
            <source>%1: %2</source>
            <translation>%1：%2</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="600" />
            <source>the gzip stream ends early (the file was cut off); loading what it holds</source>
            <translation>gzip 数据流提前结束（文件被截断）；将加载现有内容</translation>
        </message>
        <message>
            <location filename="../core/parse/TraceLoader.cpp" line="598" />
            <source>%1 inflates to nothing: not a trace</source>
            <translation>%1 解压后为空：不是跟踪文件</translation>
        </message>
    </context>
    <context>
        <name>analysis</name>
        <message>
            <location filename="../core/analysis/run/Analysis.cpp" line="33" />
            <location filename="../core/analysis/run/AnalysisRange.cpp" line="203" />
            <source>the trace has no ProfilerStep#%1</source>
            <translation>跟踪中没有 ProfilerStep#%1</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/temporal/TemporalMeasure.cpp" line="88" />
            <source>no GPU activity: the trace records no kernels, copies or memsets, so the GPU breakdown, gaps and MFU are empty</source>
            <translation>没有 GPU 活动：跟踪中没有记录任何内核、拷贝或 memset，因此 GPU 时间分解、间隙和 MFU 均为空</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/temporal/TemporalMeasure.cpp" line="89" />
            <source>no GPU activity in the analysed window</source>
            <translation>分析窗口内没有 GPU 活动</translation>
        </message>
        <message numerus="yes">
            <location filename="../core/analysis/measures/advice/AdviceMeasure.cpp" line="105" />
            <source>; %n of them listed in the gaps table (%1 or more, between GEMMs), %2</source>
            <translation>
                <numerusform>；其中 %n 个列在间隙表中（不短于 %1，位于 GEMM 之间），共 %2</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../core/analysis/measures/advice/AdviceMeasure.cpp" line="106" />
            <source>; %n of them listed in the gaps table (%1 or more), %2</source>
            <translation>
                <numerusform>；其中 %n 个列在间隙表中（不短于 %1），共 %2</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/ops_efficiency/OpsEfficiencyMeasure.cpp" line="41" />
            <source>the counted operators ran at %1 TFLOPS over the steps, above the peak of %2 TFLOPS: the peak is too low, so no measured MFU</source>
            <translation>计入的算子在各步中达到 %1 TFLOPS，高于峰值 %2 TFLOPS：峰值设得过低，因此不给出实测 MFU</translation>
        </message>
        <message numerus="yes">
            <source>of the analysed time (%n step(s), %1)</source>
            <translation type="vanished">
                <numerusform>分析时间（%n 步，共 %1）</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../core/analysis/advice/Advice.cpp" line="104" />
            <source>of the analysed time (%n step, %1)</source>
            <translation>
                <numerusform>分析时间（%n 步，共 %1）</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../core/analysis/advice/Advice.cpp" line="105" />
            <source>of the analysed time (%n steps, %1)</source>
            <translation>
                <numerusform>分析时间（%n 步，共 %1）</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../core/analysis/advice/Advice.cpp" line="107" />
            <source>of the analysed time (the GPU's busy span, %1)</source>
            <translation>分析时间（即 GPU 忙碌跨度，共 %1）</translation>
        </message>
        <message>
            <location filename="../core/analysis/advice/Advice.cpp" line="168" />
            <source>without these waits: step %1 -&gt; %2, MFU %3 -&gt; %4 at most (an upper bound: something else may stall instead)</source>
            <translation>若没有这些等待：步时长最多可从 %1 缩短到 %2，MFU 最多可从 %3 提升到 %4（这是上界：其他环节可能转而造成停顿）</translation>
        </message>
        <message>
            <location filename="../core/analysis/advice/Advice.cpp" line="172" />
            <source>without these waits: step %1 -&gt; %2 at most (an upper bound: something else may stall instead)</source>
            <translation>若没有这些等待：步时长最多可从 %1 缩短到 %2（这是上界：其他环节可能转而造成停顿）</translation>
        </message>
        <message>
            <location filename="../core/analysis/advice/Advice.cpp" line="181" />
            <source>; the critical path of %1 spends %2 %3 (%4 of the step)</source>
            <translation>；%1 的关键路径中有 %2 %3（占该步的 %4）</translation>
        </message>
        <message>
            <location filename="../core/analysis/advice/rules/FsdpAllGathersRule.cpp" line="32" />
            <source>Serialized AllGathers: let FSDP prefetch (limit_all_gathers=False, backward_prefetch=BACKWARD_PRE, forward_prefetch=True)</source>
            <translation>AllGather 被串行化：让 FSDP 预取（limit_all_gathers=False，backward_prefetch=BACKWARD_PRE，forward_prefetch=True）</translation>
        </message>
        <message numerus="yes">
            <location filename="../core/analysis/advice/rules/FsdpAllGathersRule.cpp" line="33" />
            <source>the compute stream waited for an AllGather %n time (%1 per step), %2 = %3 %4; longest wait %5</source>
            <translation>
                <numerusform>计算流等待 AllGather %n 次（每步 %1 次），共 %2，占%4的 %3；最长一次等待 %5</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../core/analysis/advice/rules/FsdpAllGathersRule.cpp" line="35" />
            <source>the compute stream waited for an AllGather %n times (%1 per step), %2 = %3 %4; longest wait %5</source>
            <translation>
                <numerusform>计算流等待 AllGather %n 次（每步 %1 次），共 %2，占%4的 %3；最长一次 %5</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../core/analysis/advice/rules/AllocatorChurnRule.cpp" line="52" />
            <source>%1 cudaMalloc and %2 cudaFree calls in %n step; %3 compute-stream gaps during them, %4 = %5 %6</source>
            <translation>
                <numerusform>%n 步中有 %1 次 cudaMalloc 和 %2 次 cudaFree 调用；其间有 %3 个计算流间隙，共 %4，占%6的 %5</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../core/analysis/advice/rules/AllocatorChurnRule.cpp" line="53" />
            <source>%1 cudaMalloc and %2 cudaFree calls in %n steps; %3 compute-stream gaps during them, %4 = %5 %6</source>
            <translation>
                <numerusform>%n 步中有 %1 次 cudaMalloc 和 %2 次 cudaFree 调用；期间计算流出现 %3 个间隙，共 %4，占%6的 %5</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../core/analysis/advice/rules/LaunchBoundRule.cpp" line="52" />
            <source>Launch-bound between CUDA graph replays: capture more of the step in the graph, or fuse the small kernels (torch.compile)</source>
            <translation>CUDA Graph 重放之间受启动限制：把更多的步骤捕获进图中，或融合小内核（torch.compile）</translation>
        </message>
        <message>
            <location filename="../core/analysis/advice/rules/LaunchBoundRule.cpp" line="53" />
            <source>Launch-bound: the kernels are shorter than their launches; capture the step with CUDA graphs or compile it with torch.compile (mode="reduce-overhead")</source>
            <translation>受启动限制：内核比其启动调用还短；用 CUDA Graphs 捕获整步，或用 torch.compile（mode="reduce-overhead"）编译</translation>
        </message>
        <message>
            <location filename="../core/analysis/advice/rules/LaunchBoundRule.cpp" line="54" />
            <source>%1 of %2 launches (%3) ran shorter on the GPU than their launch call on the CPU (median kernel %4, median call %5); host wait is %6 of the compute streams' idle time; stream %7 waited on the host %8 = %9 %10</source>
            <translation>%2 次启动中有 %1 次（%3）在 GPU 上的运行时间短于其在 CPU 上的启动调用（内核中位数 %4，调用中位数 %5）；主机等待占计算流空闲时间的 %6；流 %7 等待主机共 %8，占%10的 %9</translation>
        </message>
        <message>
            <location filename="../core/analysis/advice/rules/CpuBoundLaunchRule.cpp" line="55" />
            <location filename="../core/analysis/advice/rules/LaunchBoundRule.cpp" line="65" />
            <source>launching kernels</source>
            <translation>用于启动内核</translation>
        </message>
        <message numerus="yes">
            <location filename="../core/analysis/advice/rules/CpuBoundLaunchRule.cpp" line="43" />
            <source>a compute stream ran dry %n time before the CPU launched its next kernel (%1 of them gaps of %2 or more); the GPU computed nothing for %3 of that = %4 %5</source>
            <translation>
                <numerusform>计算流在 CPU 启动下一个内核之前断流 %n 次（其中 %1 次为不短于 %2 的间隙）；其中 GPU 完全没有计算的时间为 %3，占%5的 %4</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../core/analysis/advice/rules/CpuBoundLaunchRule.cpp" line="45" />
            <source>a compute stream ran dry %n times before the CPU launched its next kernel (%1 of them gaps of %2 or more); the GPU computed nothing for %3 of that = %4 %5</source>
            <translation>
                <numerusform>计算流有 %n 次在 CPU 启动下一个内核之前就已排空（其中 %1 次间隙不短于 %2）；其间 GPU 完全没有计算的时间共 %3，占%5的 %4</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../core/analysis/advice/rules/DataLoaderRule.cpp" line="52" />
            <source>the GPU idled %n time while the DataLoader fetched a batch, %1 = %2 %3; longest %4</source>
            <translation>
                <numerusform>DataLoader 获取批次期间 GPU 空闲 %n 次，共 %1，占%3的 %2；最长 %4</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../core/analysis/advice/rules/DataLoaderRule.cpp" line="53" />
            <source>the GPU idled %n times while the DataLoader fetched a batch, %1 = %2 %3; longest %4</source>
            <translation>
                <numerusform>DataLoader 取批次时 GPU 空闲了 %n 次，共 %1，占%3的 %2；最长 %4</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../core/analysis/advice/rules/SyncOnCriticalPathRule.cpp" line="94" />
            <source>the critical path of %1 runs through %n synchronisation, the costliest %2 (%3): the path spends %4 blocked in it or refilling the GPU's queue after it, no longer than the call waited = %5 of the step (%6; the path's sync part is %7)</source>
            <translation>
                <numerusform>%1 的关键路径经过 %n 次同步，代价最大的是 %2（%3）：关键路径在其中阻塞或在其后重新填充 GPU 队列的时间为 %4（不超过该调用的等待时间），占该步的 %5（%6；关键路径中同步部分为 %7）</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../core/analysis/advice/rules/SyncOnCriticalPathRule.cpp" line="96" />
            <source>the critical path of %1 runs through %n synchronisations, the costliest %2 (%3): the path spends %4 blocked in them or refilling the GPU's queue after them, no longer than each call waited = %5 of the step (%6; the path's sync part is %7)</source>
            <translation>
                <numerusform>%1 的关键路径经过 %n 次同步，代价最大的是 %2（%3）：路径在这些同步中阻塞、或在其后重新填充 GPU 队列的时间共 %4（每次不超过该调用的等待时长），占该步的 %5（%6；路径中的同步部分为 %7）</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>a compute stream ran dry %n time(s) before the CPU launched its next kernel (%1 of them gaps of %2 or more); the GPU computed nothing for %3 of that = %4 %5</source>
            <translation type="vanished">
                <numerusform>计算流有 %n 次在 CPU 启动下一个内核之前就已排空（其中 %1 次间隙不短于 %2）；其间 GPU 完全没有计算的时间共 %3，占%5的 %4</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>the critical path of %1 runs through %n synchronisation(s), the costliest %2 (%3): the path spends %4 blocked in them or refilling the GPU's queue after them, no longer than each call waited = %5 of the step (%6; the path's sync part is %7)</source>
            <translation type="vanished">
                <numerusform>%1 的关键路径经过 %n 次同步，代价最大的是 %2（%3）：路径在这些同步中阻塞、或在其后重新填充 GPU 队列的时间共 %4（每次不超过该调用的等待时长），占该步的 %5（%6；路径中的同步部分为 %7）</numerusform>
            </translation>
        </message>
        <message>
            <source>the compute stream waited for an AllGather %1 times (%2 per step), %3 = %4 %5; longest wait %6</source>
            <translation type="vanished">计算流等待 AllGather %1 次（每步 %2 次），共 %3，占%5的 %4；最长一次 %6</translation>
        </message>
        <message numerus="yes">
            <source>%1 cudaMalloc and %2 cudaFree calls in %n step(s); %3 compute-stream gaps during them, %4 = %5 %6</source>
            <translation type="vanished">
                <numerusform>%n 步中有 %1 次 cudaMalloc 和 %2 次 cudaFree 调用；期间计算流出现 %3 个间隙，共 %4，占%6的 %5</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../core/analysis/advice/rules/CpuBoundLaunchRule.cpp" line="41" />
            <source>CPU-bound launches between CUDA graph replays: capture more of the step in the graph, or move CPU work off the launching thread</source>
            <translation>CUDA Graph 重放之间的启动受 CPU 限制：把步中更多部分捕获进 Graph，或把 CPU 工作移出负责启动的线程</translation>
        </message>
        <message>
            <source>a compute stream ran dry %1 times before the CPU launched its next kernel; the GPU computed nothing for %2 of that = %3 %4</source>
            <translation type="vanished">计算流有 %1 次在 CPU 启动下一个内核之前就已排空；其间 GPU 完全没有计算的时间共 %2，占%4的 %3</translation>
        </message>
        <message>
            <location filename="../core/analysis/advice/rules/CpuBoundLaunchRule.cpp" line="51" />
            <location filename="../core/analysis/advice/rules/LaunchBoundRule.cpp" line="62" />
            <source>; the trace already has %1 cudaGraphLaunch calls</source>
            <translation>；跟踪中已有 %1 次 cudaGraphLaunch 调用</translation>
        </message>
        <message>
            <source>the GPU idled %1 times while the DataLoader fetched a batch, %2 = %3 %4; longest %5</source>
            <translation type="vanished">DataLoader 取批次时 GPU 空闲了 %1 次，共 %2，占%4的 %3；最长 %5</translation>
        </message>
        <message>
            <location filename="../core/analysis/advice/rules/LowMfuBusyGpuRule.cpp" line="33" />
            <source>the GPU computes %1 of its busy span (%2), yet MFU is %3 (%4 of %5 TFLOPS)</source>
            <translation>GPU 在其忙碌跨度（%2）中有 %1 的时间在计算，但 MFU 只有 %3（%4 / %5 TFLOPS）</translation>
        </message>
        <message>
            <location filename="../core/analysis/advice/rules/AllocatorChurnRule.cpp" line="51" />
            <source>Allocator churn: set PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True (or max_split_size_mb:512)</source>
            <translation>分配器频繁分配释放：设置 PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True（或 max_split_size_mb:512）</translation>
        </message>
        <message numerus="yes">
            <source>the compute stream waited for an AllGather %n time(s) (%1 per step), %2 = %3 %4; longest wait %5</source>
            <translation type="vanished">
                <numerusform>计算流等待 AllGather %n 次（每步 %1 次），共 %2，占%4的 %3；最长一次 %5</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../core/analysis/advice/rules/CpuBoundLaunchRule.cpp" line="42" />
            <source>CPU-bound kernel launches: capture the step with CUDA graphs or compile it with torch.compile (mode="reduce-overhead")</source>
            <translation>内核启动受 CPU 限制：用 CUDA Graphs 捕获整步，或用 torch.compile（mode="reduce-overhead"）编译</translation>
        </message>
        <message>
            <source>a compute stream ran dry %1 times before the CPU launched its next kernel (%2 of them gaps of %3 or more); the GPU computed nothing for %4 of that = %5 %6</source>
            <translation type="vanished">计算流有 %1 次在 CPU 启动下一个内核之前就已排空（其中 %2 次间隙不短于 %3）；其间 GPU 完全没有计算的时间共 %4，占%6的 %5</translation>
        </message>
        <message>
            <location filename="../core/analysis/advice/CpuDataLoader.cpp" line="69" />
            <location filename="../core/analysis/advice/rules/DataLoaderRule.cpp" line="51" />
            <source>Input-bound: give the DataLoader more workers (num_workers), pin_memory=True and persistent_workers=True</source>
            <translation>受输入限制：给 DataLoader 更多工作进程（num_workers），并设置 pin_memory=True 和 persistent_workers=True</translation>
        </message>
        <message numerus="yes">
            <source>the GPU idled %n time(s) while the DataLoader fetched a batch, %1 = %2 %3; longest %4</source>
            <translation type="vanished">
                <numerusform>DataLoader 取批次时 GPU 空闲了 %n 次，共 %1，占%3的 %2；最长 %4</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../core/analysis/advice/rules/DataLoaderRule.cpp" line="59" />
            <source>in the DataLoader</source>
            <translation>耗在 DataLoader 中</translation>
        </message>
        <message>
            <location filename="../core/analysis/advice/rules/QueueStarvationRule.cpp" line="45" />
            <source>Starved launch queue: let the CPU run ahead of the GPU; take synchronisations (.item(), .cpu(), printing tensors) out of the step, copy with non_blocking=True, move logging and data preparation off the launching thread</source>
            <translation>启动队列饥饿：让 CPU 领先于 GPU 运行；把同步（.item()、.cpu()、打印张量）移出训练步，用 non_blocking=True 拷贝，把日志和数据准备移出启动线程</translation>
        </message>
        <message>
            <location filename="../core/analysis/advice/rules/QueueStarvationRule.cpp" line="46" />
            <source>stream %1's launch queue was empty %2 of the time (%3 of %4), %5 operations deep on average; while it was empty the GPU computed nothing for at most %6 = %7 %8</source>
            <translation>流 %1 的启动队列有 %2 的时间为空（%4 中的 %3），平均深度 %5 个操作；队列为空期间 GPU 完全没有计算的时间至多 %6，占%8的 %7</translation>
        </message>
        <message>
            <location filename="../core/analysis/advice/rules/SyncOnCriticalPathRule.cpp" line="90" />
            <source>%1 in %2</source>
            <translation>%2 中的 %1</translation>
        </message>
        <message>
            <location filename="../core/analysis/advice/rules/SyncOnCriticalPathRule.cpp" line="92" />
            <source>Synchronisation on the critical path: %1 makes the CPU wait for the GPU; take it out of the step (keep the value on the GPU, read it every few steps, copy with non_blocking=True)</source>
            <translation>关键路径上的同步：%1 让 CPU 等待 GPU；把它移出步（把值留在 GPU 上、每隔几步读取一次，或以 non_blocking=True 拷贝）</translation>
        </message>
        <message numerus="yes">
            <source>the critical path of %1 runs through %n synchronisation(s), the costliest %2 (%3): %4 blocked or waiting for the CPU to catch up = %5 of the step (%6)</source>
            <translation type="vanished">
                <numerusform>%1 的关键路径经过 %n 次同步，代价最大的是 %2（%3）：阻塞或等待 CPU 跟上共 %4，占该步（%6）的 %5</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../core/analysis/advice/rules/LowMfuBusyGpuRule.cpp" line="32" />
            <source>GPU busy but MFU low: reduce recomputation (selective activation checkpointing) and fuse elementwise kernels (torch.compile)</source>
            <translation>GPU 很忙但 MFU 偏低：减少重计算（选择性激活检查点），并融合逐元素内核（torch.compile）</translation>
        </message>
        <message>
            <location filename="../core/analysis/text/GapText.cpp" line="22" />
            <source>waited for %1 (%2) on stream %3: it ran %4 inside the gap and the next kernel started %5 after it ended</source>
            <translation>在等待流 %3 上的 %1（%2）：它在间隙内运行了 %4，结束 %5 后下一个内核开始</translation>
        </message>
        <message>
            <location filename="../core/analysis/text/GapText.cpp" line="23" />
            <source>a collective</source>
            <translation>一个集合通信</translation>
        </message>
        <message>
            <location filename="../core/analysis/text/GapText.cpp" line="29" />
            <source>%1 ran %2 of the gap on the CPU, across the start of %3</source>
            <translation>%1 在 CPU 上运行了间隙中的 %2，跨越了 %3 的开始</translation>
        </message>
        <message>
            <location filename="../core/analysis/text/GapText.cpp" line="30" />
            <source>%1 ran %2 of the gap on the CPU</source>
            <translation>%1 在 CPU 上运行了间隙中的 %2</translation>
        </message>
        <message>
            <location filename="../core/analysis/text/GapText.cpp" line="35" />
            <source>%1 cudaMalloc, %2 cudaFree and %3 host-allocation calls during the gap took %4 of it on the CPU</source>
            <translation>间隙内 %1 次 cudaMalloc、%2 次 cudaFree 和 %3 次主机内存分配调用在 CPU 上占用了 %4</translation>
        </message>
        <message>
            <location filename="../core/analysis/text/GapText.cpp" line="44" />
            <source>%1 (%2) blocked the CPU until %3 into the gap, so nothing was queued behind it</source>
            <translation>%1（%2）阻塞了 CPU，直到间隙开始后 %3，之后才有内核排队</translation>
        </message>
        <message>
            <location filename="../core/analysis/text/GapText.cpp" line="50" />
            <source>%1 for the next kernel started %2 after the stream went idle (CPU track %3)</source>
            <translation>下一个内核的 %1 在流空闲 %2 后才开始（CPU 轨道 %3）</translation>
        </message>
        <message>
            <location filename="../core/analysis/text/GapText.cpp" line="55" />
            <source>the next kernel was queued before the gap began and no collective, allocator call, synchronisation or data loading explains the wait</source>
            <translation>下一个内核在间隙开始前已排队，集合通信、分配器调用、同步或数据加载都无法解释这次等待</translation>
        </message>
        <message>
            <location filename="../core/analysis/text/GapText.cpp" line="60" />
            <source>; stream %1 had run nothing for %2 before the gap, covered by stream %3's compute</source>
            <translation>；流 %1 在间隙之前已有 %2 没有运行任何操作，这段时间由流 %3 的计算覆盖</translation>
        </message>
        <message>
            <location filename="../core/analysis/text/GapText.cpp" line="66" />
            <source>; the next kernel was launched from %1</source>
            <translation>；下一个内核从 %1 启动</translation>
        </message>
        <message>
            <location filename="../core/analysis/compare/Compare.cpp" line="208" />
            <source>the first run has no complete ProfilerStep#%1</source>
            <translation>第一个运行没有完整的 ProfilerStep#%1</translation>
        </message>
        <message>
            <source>run %1 has %2 complete step(s), fewer than the %3 the alignment needs: aligned on its start</source>
            <translation type="vanished">运行 %1 只有 %2 个完整步，少于对齐所需的 %3 个：改为按其起点对齐</translation>
        </message>
        <message>
            <location filename="../core/analysis/compare/Compare.cpp" line="340" />
            <source>%1 has no complete step at position %2, the one compared</source>
            <translation>%1 在位置 %2 上没有完整的步（即被比较的那一步）</translation>
        </message>
        <message>
            <source>%1 has %2 complete step(s), fewer than the %3 the alignment needs: aligned on its start</source>
            <translation type="vanished">%1 只有 %2 个完整步，少于对齐所需的 %3 个：改为按其起点对齐</translation>
        </message>
        <message numerus="yes">
            <location filename="../core/analysis/compare/Compare.cpp" line="221" />
            <source>run %1 has %n complete step, fewer than the %2 the alignment needs: aligned on its start</source>
            <translation>
                <numerusform>运行 %1 只有 %n 个完整步，少于对齐所需的 %2 个：改为按其起点对齐</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../core/analysis/compare/Compare.cpp" line="222" />
            <source>run %1 has %n complete steps, fewer than the %2 the alignment needs: aligned on its start</source>
            <translation>
                <numerusform>运行 %1 只有 %n 个完整步，少于对齐所需的 %2 个：按其起点对齐</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../core/analysis/compare/Compare.cpp" line="347" />
            <source>%1 has %n complete step, fewer than the %2 the alignment needs: aligned on its start</source>
            <translation>
                <numerusform>%1 只有 %n 个完整步，少于对齐所需的 %2 个：改为按其起点对齐</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../core/analysis/compare/Compare.cpp" line="348" />
            <source>%1 has %n complete steps, fewer than the %2 the alignment needs: aligned on its start</source>
            <translation>
                <numerusform>%1 只有 %n 个完整步，少于对齐所需的 %2 个：按其起点对齐</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../core/analysis/compare/Compare.cpp" line="392" />
            <source>%1: the analysis measured its step time over other steps than the comparison's (%2 against %3 ns)</source>
            <translation>%1：分析测量步时长所用的步与比较所用的不同（%2 对比 %3 ns）</translation>
        </message>
        <message>
            <location filename="../core/analysis/compare/Compare.cpp" line="449" />
            <source>no step-time waterfall for %1: %2 has no GPU activity to split its steps into</source>
            <translation>%1 没有步时长瀑布图：%2 没有可用来拆分步的 GPU 活动</translation>
        </message>
        <message>
            <location filename="../core/analysis/compare/Compare.cpp" line="505" />
            <source>different GPU models: %1 ran on %2, %3 on %4; kernel times and MFU are not comparable as they stand</source>
            <translation>GPU 型号不同：%1 运行于 %2，%3 运行于 %4；内核时间和 MFU 不能直接比较</translation>
        </message>
        <message>
            <location filename="../core/analysis/compare/Compare.cpp" line="508" />
            <source>different world sizes: %1 ran on %2 ranks, %3 on %4; per-GPU figures compare, totals do not</source>
            <translation>world size 不同：%1 使用 %2 个 rank，%3 使用 %4 个；可比较每 GPU 指标，不可比较总量</translation>
        </message>
        <message>
            <location filename="../core/analysis/compare/Compare.cpp" line="514" />
            <source>different step counts: %2 in %1, %4 in %3; compare the per-step figures, not the totals</source>
            <translation>步数不同：%1 有 %2 步，%3 有 %4 步；请比较每步指标，而非总量</translation>
        </message>
        <message>
            <location filename="../core/analysis/compare/Compare.cpp" line="522" />
            <source>%1 has no ProfilerStep: no step time, no MFU and no waterfall for it</source>
            <translation>%1 没有 ProfilerStep：它没有步时长、MFU 和瀑布图</translation>
        </message>
        <message>
            <location filename="../core/analysis/job/ClockAlign.cpp" line="83" />
            <source>rank %1</source>
            <translation>rank %1</translation>
        </message>
        <message>
            <location filename="../core/analysis/job/ClockAlign.cpp" line="84" />
            <source>%1 ranks: %2</source>
            <translation>%1 个 rank：%2</translation>
        </message>
        <message>
            <location filename="../core/analysis/job/ClockAlign.cpp" line="133" />
            <source>rank %1's collectives agree with rank %2's only to %3 ms (median deviation): its clock offset is uncertain</source>
            <translation>rank %1 的集合通信与 rank %2 的只吻合到 %3 ms（中位偏差）：其时钟偏移不确定</translation>
        </message>
        <message>
            <location filename="../core/analysis/job/ClockAlign.cpp" line="139" />
            <source>no collective shared with rank %1 on %2: their clocks are aligned on the trace epoch only</source>
            <translation>%2 与 rank %1 没有共同的集合通信：它们的时钟仅按 trace 的纪元对齐</translation>
        </message>
        <message>
            <source>no collective shared with rank %1 on rank(s) %2: their clocks are aligned on the trace epoch only</source>
            <translation type="vanished">rank %2 与 rank %1 没有共同的集合通信：它们的时钟只按跟踪文件的时间基点对齐</translation>
        </message>
        <message>
            <source>%1 in step %2: rank(s) %3 ran it a different number of times than the others; not matched there</source>
            <translation type="vanished">步 %2 中的 %1：rank %3 执行它的次数与其他 rank 不同；该处不做匹配</translation>
        </message>
        <message>
            <location filename="../core/analysis/compare/CompareTraces.cpp" line="44" />
            <source>%1 has no complete step at position %2, where the baseline has ProfilerStep#%3</source>
            <translation>%1 在位置 %2 上没有完整的步，而基线在该位置是 ProfilerStep#%3</translation>
        </message>
        <message>
            <location filename="../core/analysis/job/Ranks.cpp" line="417" />
            <source>no collective is matched across the ranks: clocks are aligned on the trace epoch only and no straggler can be named</source>
            <translation>各 rank 之间没有匹配上任何集合通信：时钟只按跟踪文件的时间基点对齐，无法指出掉队者</translation>
        </message>
        <message>
            <location filename="../core/analysis/job/Ranks.cpp" line="420" />
            <source>rank %1: %2</source>
            <translation>rank %1：%2</translation>
        </message>
        <message>
            <location filename="../core/analysis/run/SummaryJson.h" line="165" />
            <source>not a number</source>
            <translation>不是数字</translation>
        </message>
        <message>
            <location filename="../core/analysis/run/SummaryJson.h" line="176" />
            <source>not a number or null</source>
            <translation>不是数字或 null</translation>
        </message>
        <message>
            <location filename="../core/analysis/run/SummaryJson.h" line="189" />
            <source>not true or false</source>
            <translation>不是 true 或 false</translation>
        </message>
        <message>
            <location filename="../core/analysis/run/SummaryJson.h" line="200" />
            <source>not a string</source>
            <translation>不是字符串</translation>
        </message>
        <message>
            <location filename="../core/analysis/run/SummaryJson.h" line="210" />
            <source>not an object</source>
            <translation>不是对象</translation>
        </message>
        <message>
            <location filename="../core/analysis/run/SummaryJson.h" line="223" />
            <source>%1: not an object</source>
            <translation>%1：不是对象</translation>
        </message>
        <message>
            <location filename="../core/analysis/run/SummaryJson.h" line="235" />
            <source>%1%2[%3]: not a string</source>
            <translation>%1%2[%3]：不是字符串</translation>
        </message>
        <message>
            <location filename="../core/analysis/run/SummaryJson.h" line="254" />
            <source>not a list</source>
            <translation>不是列表</translation>
        </message>
        <message>
            <location filename="../core/analysis/run/SummaryJson.h" line="264" />
            <source>%1 is out of range (%2 to %3)</source>
            <translation>%1 超出范围（%2 至 %3）</translation>
        </message>
        <message>
            <location filename="../core/analysis/run/SummaryJson.h" line="270" />
            <source>%1: %2</source>
            <translation>%1：%2</translation>
        </message>
        <message>
            <location filename="../core/analysis/job/RankSummaryJson.cpp" line="118" />
            <source>JSON nested deeper than %1 levels at byte %2: not a rank summary</source>
            <translation>字节 %2 处 JSON 嵌套超过 %1 层：不是 rank 摘要</translation>
        </message>
        <message>
            <location filename="../core/analysis/job/RankSummaryJson.cpp" line="122" />
            <source>not JSON, or not a JSON object</source>
            <translation>不是 JSON，或不是 JSON 对象</translation>
        </message>
        <message>
            <location filename="../core/analysis/job/RankSummaryJson.cpp" line="127" />
            <source>not a rank summary (analyze RANKFILE --summary writes one)</source>
            <translation>不是 rank 摘要（analyze RANKFILE --summary 可生成）</translation>
        </message>
        <message>
            <location filename="../core/analysis/job/RankSummaryJson.cpp" line="131" />
            <source>a rank summary of version %1; this lanescope-cli reads version %2</source>
            <translation>版本为 %1 的 rank 摘要；此 lanescope-cli 读取版本 %2</translation>
        </message>
        <message>
            <location filename="../core/analysis/job/RankSummaryJson.cpp" line="191" />
            <source>member %1</source>
            <translation>成员 %1</translation>
        </message>
        <message>
            <location filename="../core/analysis/job/RankSummaryJson.cpp" line="195" />
            <source>a rank summary without the path of its trace</source>
            <translation>rank 摘要中没有其跟踪文件的路径</translation>
        </message>
        <message>
            <location filename="../core/analysis/job/RankSummaryJson.cpp" line="213" />
            <source>%1 and %2 are the same file: each rank's summary is given once</source>
            <translation>%1 与 %2 是同一个文件：每个 rank 的摘要只能给出一次</translation>
        </message>
        <message>
            <location filename="../core/analysis/job/RankSummaryJson.cpp" line="217" />
            <source>%1 and %2 summarise one trace (%3, rank %4): each rank's summary is given once</source>
            <translation>%1 与 %2 概括的是同一个 trace（%3，rank %4）：每个 rank 的摘要只能给出一次</translation>
        </message>
        <message>
            <location filename="../core/analysis/job/JobRun.cpp" line="31" />
            <source>rank %1 is not in the job (its ranks: %2)</source>
            <translation>rank %1 不在该作业中（其 rank：%2）</translation>
        </message>
        <message>
            <location filename="../core/analysis/text/KernelSummaryText.cpp" line="22" />
            <source>grid %1</source>
            <translation>grid %1</translation>
        </message>
        <message>
            <location filename="../core/analysis/text/KernelSummaryText.cpp" line="24" />
            <source>block %1</source>
            <translation>block %1</translation>
        </message>
        <message>
            <location filename="../core/analysis/text/KernelSummaryText.cpp" line="26" />
            <source>%1 registers/thread</source>
            <translation>每线程 %1 个寄存器</translation>
        </message>
        <message>
            <location filename="../core/analysis/text/KernelSummaryText.cpp" line="28" />
            <source>%1 KiB shared</source>
            <translation>共享内存 %1 KiB</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/summaries/OpSummary.cpp" line="145" />
            <source>the trace's file changed on disk: input shapes cannot be read</source>
            <translation>跟踪文件在磁盘上已更改：无法读取输入形状</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/summaries/OpSummary.cpp" line="153" />
            <source>the trace's file is not at hand: input shapes cannot be read</source>
            <translation>跟踪文件不可用：无法读取输入形状</translation>
        </message>
        <message>
            <location filename="../core/analysis/text/CriticalPathText.cpp" line="24" />
            <source>the step's CPU span is not in the trace</source>
            <translation>该步的 CPU 区间不在 trace 中</translation>
        </message>
        <message>
            <location filename="../core/analysis/text/CriticalPathText.cpp" line="28" />
            <source>more than %1 events in %2: no critical path</source>
            <translation>%2 中的事件超过 %1 个：不计算关键路径</translation>
        </message>
        <message>
            <location filename="../core/analysis/text/CriticalPathText.cpp" line="31" />
            <source>no path from the start of %1 to its end</source>
            <translation>%1 从开始到结束之间没有路径</translation>
        </message>
        <message>
            <location filename="../core/analysis/text/CriticalPathText.cpp" line="38" />
            <source>CPU</source>
            <translation>CPU</translation>
        </message>
        <message>
            <location filename="../core/analysis/text/CriticalPathText.cpp" line="39" />
            <source>GPU compute</source>
            <translation>GPU 计算</translation>
        </message>
        <message>
            <location filename="../core/analysis/text/CriticalPathText.cpp" line="40" />
            <source>communication</source>
            <translation>通信</translation>
        </message>
        <message>
            <location filename="../core/analysis/text/CriticalPathText.cpp" line="41" />
            <source>launch delay</source>
            <translation>启动延迟</translation>
        </message>
        <message>
            <location filename="../core/analysis/text/CriticalPathText.cpp" line="42" />
            <source>synchronisation</source>
            <translation>同步</translation>
        </message>
        <message>
            <location filename="../core/analysis/text/CriticalPathText.cpp" line="43" />
            <source>idle</source>
            <translation>空闲</translation>
        </message>
        <message>
            <location filename="../core/analysis/text/CriticalPathText.cpp" line="65" />
            <source>the window of %1</source>
            <translation>长度为 %1 的窗口</translation>
        </message>
        <message>
            <location filename="../core/analysis/text/CriticalPathText.cpp" line="70" />
            <source>the path runs through the CPU for %1 of %2: the GPU is starved by the launching thread</source>
            <translation>关键路径在 %2 中有 %1 经过 CPU：负责启动的线程喂不饱 GPU</translation>
        </message>
        <message>
            <location filename="../core/analysis/text/CriticalPathText.cpp" line="73" />
            <source>the path runs through GPU compute for %1 of %2: the step is bound by its kernels</source>
            <translation>关键路径在 %2 中有 %1 经过 GPU 计算：该步受其内核限制</translation>
        </message>
        <message>
            <location filename="../core/analysis/text/CriticalPathText.cpp" line="76" />
            <source>the path runs through communication for %1 of %2: the GPU waits for collectives</source>
            <translation>关键路径在 %2 中有 %1 经过通信：GPU 在等待集合通信</translation>
        </message>
        <message>
            <location filename="../core/analysis/text/CriticalPathText.cpp" line="79" />
            <source>the path runs through launch delays for %1 of %2: kernels start late after their launch calls</source>
            <translation>关键路径在 %2 中有 %1 经过启动延迟：内核在启动调用之后迟迟才开始</translation>
        </message>
        <message>
            <location filename="../core/analysis/text/CriticalPathText.cpp" line="82" />
            <source>the path runs through synchronisation for %1 of %2: the CPU waits for the GPU</source>
            <translation>关键路径在 %2 中有 %1 经过同步：CPU 在等待 GPU</translation>
        </message>
        <message>
            <location filename="../core/analysis/text/CriticalPathText.cpp" line="85" />
            <source>the path runs through idle time for %1 of %2</source>
            <translation>关键路径在 %2 中有 %1 经过空闲时间</translation>
        </message>
        <message>
            <location filename="../core/analysis/text/CriticalPathText.cpp" line="90" />
            <source>%1 (%2, %3 of the step)</source>
            <translation>%1（%2，占该步的 %3）</translation>
        </message>
        <message>
            <location filename="../core/analysis/text/CriticalPathText.cpp" line="94" />
            <source>; shorten first: %1</source>
            <translation>；应先缩短：%1</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/memory_owners/MemoryOwners.cpp" line="323" />
            <source>before the trace</source>
            <translation>追踪开始之前</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/memory_owners/MemoryOwners.cpp" line="324" />
            <source>forward</source>
            <translation>前向</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/memory_owners/MemoryOwners.cpp" line="325" />
            <source>backward</source>
            <translation>反向</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/memory_owners/MemoryOwners.cpp" line="326" />
            <source>optimizer</source>
            <translation>优化器</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/memory_owners/MemoryOwners.cpp" line="327" />
            <source>FSDP all-gather</source>
            <translation>FSDP 全收集</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/memory_owners/MemoryOwners.cpp" line="331" />
            <source>outside steps</source>
            <translation>步骤之外</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/memory_owners/MemoryOwners.cpp" line="443" />
            <source>memory events of more than 1 PB left out of the memory owners: %1 (no allocator hands out such a block: a damaged trace)</source>
            <translation>超过 1 PB 的内存事件未计入内存归属：%1 个（没有分配器会分配这样的块：trace 已损坏）</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/memory_owners/MemoryOwners.cpp" line="447" />
            <source>a sum of the memory owners' bytes reached the largest figure it can hold and stops there</source>
            <translation>内存归属的某个字节总和已达到可表示的最大值，停在该值</translation>
        </message>
        <message>
            <location filename="../core/analysis/run/AnalysisRange.cpp" line="125" />
            <source>%1 (instance %2 of %3)</source>
            <translation>%1（实例 %2，共 %3 个）</translation>
        </message>
        <message>
            <location filename="../core/analysis/run/AnalysisRange.cpp" line="127" />
            <source>the window %1 to %2</source>
            <translation>窗口 %1 到 %2</translation>
        </message>
        <message>
            <location filename="../core/analysis/run/AnalysisRange.cpp" line="210" />
            <source>the trace has no annotation or CPU slice named "%1"</source>
            <translation>跟踪中没有名为“%1”的注解或 CPU 切片</translation>
        </message>
        <message numerus="yes">
            <source>"%1" occurs %n time(s) (instances 0 to %2): no instance %3</source>
            <translation type="vanished">
                <numerusform>“%1”出现 %n 次（实例 0 到 %2）：没有实例 %3</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../core/analysis/run/AnalysisRange.cpp" line="215" />
            <source>"%1" occurs %n time (instance %2): no instance %3</source>
            <translation>
                <numerusform>“%1”出现 %n 次（实例 %2）：没有实例 %3</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../core/analysis/run/AnalysisRange.cpp" line="216" />
            <source>"%1" occurs %n times (instances 0 to %2): no instance %3</source>
            <translation>
                <numerusform>“%1”出现了 %n 次（实例 0 到 %2）：没有实例 %3</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../core/analysis/run/AnalysisRange.cpp" line="227" />
            <source>window</source>
            <translation>窗口</translation>
        </message>
        <message>
            <location filename="../core/analysis/run/AnalysisRange.cpp" line="234" />
            <source>the trace has no CPU thread</source>
            <translation>跟踪中没有 CPU 线程</translation>
        </message>
        <message>
            <location filename="../core/analysis/run/AnalysisRange.cpp" line="243" />
            <source>no step, window or annotation given</source>
            <translation>未给出步、窗口或注解</translation>
        </message>
        <message>
            <location filename="../core/analysis/run/AnalysisRange.cpp" line="252" />
            <source>not a CPU slice</source>
            <translation>不是 CPU 切片</translation>
        </message>
        <message>
            <location filename="../core/analysis/run/AnalysisRange.cpp" line="267" />
            <source>"%1" is not an annotation of the trace</source>
            <translation>“%1”不是该跟踪中的注解</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/launches/LaunchStats.cpp" line="118" />
            <source> (most on device %1 stream %2: %3)</source>
            <translation>（最多的是设备 %1 的 stream %2：%3 个）</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/launches/LaunchStats.cpp" line="119" />
            <source>kernels that start before the call that launched them: %1%2; the CPU's and the GPU's clocks disagree, so their launch delays read 0 and the queue counts each from its launch</source>
            <translation>在启动它们的调用之前就开始的内核：%1%2；CPU 与 GPU 的时钟不一致，因此其启动延迟记为 0，队列从各自的启动时刻起计入</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/replay/AdviceReplay.cpp" line="68" />
            <source>%1 %2</source>
            <translation>%1 %2</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/replay/AdviceReplay.cpp" line="75" />
            <source>replayed on %1 with the fix: step %2 -&gt; %3; it removes from the critical path: %4</source>
            <translation>在 %1 上按此修复重放：步时长 %2 -&gt; %3；从关键路径上去掉的部分：%4</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/replay/AdviceReplay.cpp" line="77" />
            <source>nothing</source>
            <translation>无</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/replay/Fixes.cpp" line="67" />
            <source>no fix named; the fixes are: %1</source>
            <translation>未指定修复；可用的修复：%1</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/replay/Fixes.cpp" line="72" />
            <source>more than %1 fixes named</source>
            <translation>指定的修复超过 %1 个</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/replay/Fixes.cpp" line="84" />
            <source>unknown fix "%1"; the fixes are: %2</source>
            <translation>未知修复“%1”；可用的修复：%2</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/replay/Fixes.cpp" line="94" />
            <source>%1 takes a percentage above 0 and below 100 (%1:20 for 20 percent faster)</source>
            <translation>%1 需要一个大于 0 且小于 100 的百分比（%1:20 表示快 20%）</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/replay/Fixes.cpp" line="98" />
            <source>%1 takes no value</source>
            <translation>%1 不接受值</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/replay/Fixes.cpp" line="103" />
            <source>%1 named twice</source>
            <translation>%1 被指定了两次</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/replay/Replay.cpp" line="262" />
            <source>fsdp_limit_all_gathers: no blocking call holds back an AllGather in %1; the replay changes nothing</source>
            <translation>fsdp_limit_all_gathers：%1 中没有阻塞调用推迟 AllGather；重放结果没有变化</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/replay/Replay.cpp" line="265" />
            <source>fsdp_limit_all_gathers: the AllGathers' output size is not in the trace; the projected peak memory leaves it out</source>
            <translation>fsdp_limit_all_gathers：跟踪中没有 AllGather 的输出大小；预测的峰值内存未计入这部分</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/replay/Replay.cpp" line="269" />
            <source>%1: the projected peak memory, %2, exceeds the device's %3: the change would run out of memory</source>
            <translation>%1：预测的峰值内存 %2 超过设备的 %3：此改动会导致内存不足</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/replay/Replay.cpp" line="274" />
            <source>dataloader: no data-loader wait on the step's critical path; the replay changes nothing</source>
            <translation>dataloader：该步的关键路径上没有数据加载等待；重放结果没有变化</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/replay/Replay.cpp" line="277" />
            <source>the unchanged replay takes %1 against the measured %2: its projections are approximate</source>
            <translation>不做改动的重放耗时 %1，而实测为 %2：其预测只是近似值</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/replay/ReplayGraph.cpp" line="75" />
            <source>the window's CPU thread is not in the trace</source>
            <translation>窗口的 CPU 线程不在跟踪中</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/replay/ReplayGraph.cpp" line="81" />
            <source>more than %1 events in %2: no replay (its graph would take more than about %3 MB)</source>
            <translation>%2 中的事件超过 %1 个：不进行重放（其图将占用超过约 %3 MB）</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/replay/ReplayGraph.cpp" line="82" />
            <source>the window</source>
            <translation>该窗口</translation>
        </message>
        <message numerus="yes">
            <source>the step's thread waited for the DataLoader to load a batch in %1 of %n step(s), %2 = %3 of the steps (%4); longest %5</source>
            <translation type="vanished">
                <numerusform>%n 步中有 %1 步的线程在等待 DataLoader 加载批次，共 %2，占各步总时长（%4）的 %3；最长一次 %5</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../core/analysis/advice/CpuDataLoader.cpp" line="75" />
            <source>the step's thread waited for the DataLoader to load a batch in %1 of %n step, %2 = %3 of the step (%4); longest %5</source>
            <translation>
                <numerusform>%n 步中有 %1 步的线程在等待 DataLoader 加载批次，共 %2，占各步总时长（%4）的 %3；最长一次 %5</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../core/analysis/advice/CpuDataLoader.cpp" line="76" />
            <source>the step's thread waited for the DataLoader to load a batch in %1 of %n steps, %2 = %3 of the steps (%4); longest %5</source>
            <translation>
                <numerusform>%n 步中有 %1 步，步所在的线程在等待 DataLoader 加载批次，共 %2，占这些步的 %3（%4）；最长 %5</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../core/analysis/advice/CpuDataLoader.cpp" line="81" />
            <source>without these waits: step %1 -&gt; %2 (the rest of each step unchanged)</source>
            <translation>若没有这些等待：步时长从 %1 缩短到 %2（每步其余部分不变）</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/collectives/Collectives.cpp" line="239" />
            <source>%1 in step %2: rank %3 ran it a different number of times than the others; not matched there</source>
            <translation>步 %2 中的 %1：rank %3 执行它的次数与其他 rank 不同；在该步中不做匹配</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/collectives/Collectives.cpp" line="240" />
            <source>%1 in step %2: ranks %3 ran it a different number of times than the others; not matched there</source>
            <translation>步 %2 中的 %1：rank %3 运行它的次数与其他 rank 不同；该处不做匹配</translation>
        </message>
        <message>
            <location filename="../core/analysis/run/Measure.cpp" line="37" />
            <source>a measure without a key</source>
            <translation>度量项没有键</translation>
        </message>
        <message>
            <location filename="../core/analysis/run/Measure.cpp" line="41" />
            <source>the measure key '%1' is taken</source>
            <translation>度量项键“%1”已被占用</translation>
        </message>
        <message>
            <location filename="../core/analysis/run/Measure.cpp" line="45" />
            <source>the measure '%1' has no run()</source>
            <translation>度量项“%1”没有 run()</translation>
        </message>
        <message>
            <location filename="../core/analysis/run/Measure.cpp" line="80" />
            <source>the measure '%1' needs '%2', which no measure provides</source>
            <translation>度量项“%1”需要“%2”，但没有任何度量项提供它</translation>
        </message>
        <message>
            <location filename="../core/analysis/run/Measure.cpp" line="85" />
            <source>the measure '%1' needs itself</source>
            <translation>度量项“%1”依赖其自身</translation>
        </message>
        <message>
            <location filename="../core/analysis/run/Measure.cpp" line="106" />
            <source>the needs of the measures %1 form a cycle</source>
            <translation>度量项 %1 之间的依赖构成循环</translation>
        </message>
        <message>
            <location filename="../core/analysis/run/Measure.cpp" line="174" />
            <source>the measure '%1' comes too late: measures register before the first analysis</source>
            <translation>度量项“%1”注册得太晚：度量项须在首次分析之前注册</translation>
        </message>
    </context>
    <context>
        <name>cli</name>
        <message>
            <location filename="../app/cli/InfoCommand.cpp" line="94" />
            <source>%1: %2 events, %3 slices on %4 tracks, %5 flows, loaded in %6 s with %7 threads</source>
            <translation>%1：%2 个事件，%4 条轨道上共 %3 个切片，%5 条流，用 %7 个线程在 %6 s 内加载完成</translation>
        </message>
        <message>
            <location filename="../app/cli/InfoCommand.cpp" line="104" />
            <source>rank %1 of %2</source>
            <translation>rank %1（共 %2 个）</translation>
        </message>
        <message>
            <location filename="../app/cli/InfoCommand.cpp" line="106" />
            <source>rank %1 (world size not recorded)</source>
            <translation>rank %1（未记录 world size）</translation>
        </message>
        <message>
            <location filename="../app/cli/FolderCommands.cpp" line="52" />
            <source>a folder: no clock offsets from matching collectives (ranks placed by their trace epoch only)</source>
            <translation>文件夹：不用匹配的集合通信计算时钟偏移（rank 只按各自跟踪文件的时间基点放置）</translation>
        </message>
        <message>
            <location filename="../app/cli/FolderCommands.cpp" line="54" />
            <source>a folder: collectives listed in stragglers, worst wait first (default 50; 0: all)</source>
            <translation>文件夹：掉队者中列出的集合通信数，等待最久的在前（默认 50；0：全部）</translation>
        </message>
        <message>
            <location filename="../app/cli/FolderCommands.cpp" line="55" />
            <location filename="../app/cli/FolderCommands.cpp" line="771" />
            <source>--top-stragglers needs a number of rows</source>
            <translation>--top-stragglers 需要一个行数</translation>
        </message>
        <message>
            <source>one trace: write its rank summary for merge (the map step of a job) instead of the analysis</source>
            <translation type="vanished">单个跟踪文件：写出其 rank 摘要供 merge 使用（作业的 map 阶段），而不做分析</translation>
        </message>
        <message>
            <location filename="../app/cli/FolderCommands.cpp" line="59" />
            <source>one trace: write its rank summary for merge (the map step of a job) instead of the analysis (a symbolic link is refused, not written through)</source>
            <translation>单个跟踪文件：写出供 merge 使用的 rank 摘要（作业的 map 阶段），而不是分析结果（拒绝符号链接，不会通过链接写入）</translation>
        </message>
        <message>
            <location filename="../app/cli/FolderCommands.cpp" line="62" />
            <source>a folder: memory the loads running at once may use (default: half of the available memory)</source>
            <translation>文件夹：同时进行的加载可使用的内存（默认：可用内存的一半）</translation>
        </message>
        <message>
            <location filename="../app/cli/FolderCommands.cpp" line="63" />
            <source>--memory-budget-mb needs a positive number</source>
            <translation>--memory-budget-mb 需要一个正数</translation>
        </message>
        <message>
            <location filename="../app/cli/FolderCommands.cpp" line="72" />
            <source>a trace (.json or .json.gz), or a folder of rank traces (one file per rank)</source>
            <translation>跟踪文件（.json 或 .json.gz），或 rank 跟踪文件所在的文件夹（每个 rank 一个文件）</translation>
        </message>
        <message>
            <location filename="../app/cli/FolderCommands.cpp" line="88" />
            <source>--%1 applies to a folder of rank traces</source>
            <translation>--%1 只适用于 rank 跟踪文件所在的文件夹</translation>
        </message>
        <message>
            <source>%1: %2 rank(s)%3, %4 events, %5 MB of JSON loaded in %6 s (%7 at once, %8 threads each)</source>
            <translation type="vanished">%1：%2 个 rank%3，%4 个事件，%5 MB 的 JSON，在 %6 秒内加载完成（同时加载 %7 个，每个 %8 个线程）</translation>
        </message>
        <message>
            <location filename="../app/cli/FolderCommands.cpp" line="214" />
            <location filename="../app/cli/FolderCommands.cpp" line="531" />
            <source> of world size %1</source>
            <translation>（world size %1）</translation>
        </message>
        <message>
            <source>rank %1%2: %3, %4 events, %5 MB, %6 s</source>
            <translation type="vanished">rank %1%2：%3，%4 个事件，%5 MB，%6 秒</translation>
        </message>
        <message>
            <location filename="../app/cli/FolderCommands.cpp" line="223" />
            <source> (guessed)</source>
            <translation>（推测）</translation>
        </message>
        <message>
            <source>model %1 MB in all, resident anonymous memory %2 MB</source>
            <translation type="vanished">模型共 %1 MB，常驻匿名内存 %2 MB</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="183" />
            <location filename="../app/cli/MemoryCommand.cpp" line="273" />
            <location filename="../app/cli/WhatifCommand.cpp" line="199" />
            <source>warning: %1</source>
            <translation>警告：%1</translation>
        </message>
        <message>
            <source>%1: %2 rank(s)%3, loaded in %4 s</source>
            <translation type="vanished">%1：%2 个 rank%3，在 %4 s 内加载完成</translation>
        </message>
        <message>
            <location filename="../app/cli/FolderCommands.cpp" line="530" />
            <source>merged summaries</source>
            <translation>合并后的摘要</translation>
        </message>
        <message>
            <location filename="../app/cli/FolderCommands.cpp" line="549" />
            <source>clock offsets, added to each rank's times (reference: rank %1; %2 collectives matched by %3):</source>
            <translation>时钟偏移，加到各 rank 的时间上（参考：rank %1；按%3匹配了 %2 个集合通信）：</translation>
        </message>
        <message>
            <location filename="../app/cli/FolderCommands.cpp" line="552" />
            <source>sequence number</source>
            <translation>序列号</translation>
        </message>
        <message>
            <location filename="../app/cli/FolderCommands.cpp" line="552" />
            <source>order within the step</source>
            <translation>步内顺序</translation>
        </message>
        <message>
            <location filename="../app/cli/FolderCommands.cpp" line="556" />
            <source>rank %1: %2 µs (%3)</source>
            <translation>rank %1：%2 µs（%3）</translation>
        </message>
        <message>
            <location filename="../app/cli/FolderCommands.cpp" line="562" />
            <source>rank %1: %2 µs (%3; %4 collectives, median deviation %5 µs)</source>
            <translation>rank %1：%2 µs（%3；%4 个集合通信，中位偏差 %5 µs）</translation>
        </message>
        <message>
            <location filename="../app/cli/FolderCommands.cpp" line="570" />
            <source>per rank (* more than 2 MADs from the median):</source>
            <translation>各 rank（* 表示偏离中位数超过 2 个 MAD）：</translation>
        </message>
        <message>
            <location filename="../app/cli/FolderCommands.cpp" line="588" />
            <source>job: step %1 ms (median over the job's complete steps, first rank's start to last rank's end), slowest rank by median step time %2; %3; MFU %4</source>
            <translation>作业：步时长 %1 ms（作业各完整步的中位数，从首个 rank 开始到最后一个 rank 结束），按步时长中位数最慢的 rank 为 %2；%3；MFU %4</translation>
        </message>
        <message>
            <source>rank %1 made the others wait %2 ms per step, summed over %3 other rank(s) (last at %4 of %5 collectives)</source>
            <translation type="vanished">rank %1 让其他 rank 每步共等待 %2 ms，为 %3 个其他 rank 的等待之和（在 %5 个集合通信中有 %4 个最后到达）</translation>
        </message>
        <message>
            <source>job: step %1 ms (median over the job's complete steps, first rank's start to last rank's end), slowest rank %2; %3; MFU %4</source>
            <translation type="vanished">作业：步时长 %1 ms（作业各完整步的中位数，从首个 rank 开始到最后一个 rank 结束），最慢 rank %2；%3；MFU %4</translation>
        </message>
        <message>
            <location filename="../app/cli/FolderCommands.cpp" line="592" />
            <source>no GPU activity</source>
            <translation>没有 GPU 活动</translation>
        </message>
        <message>
            <location filename="../app/cli/FolderCommands.cpp" line="593" />
            <source>GPU idle %1%, overlap %2%</source>
            <translation>GPU 空闲 %1%，重叠 %2%</translation>
        </message>
        <message>
            <location filename="../app/cli/FolderCommands.cpp" line="596" />
            <source>unknown (give --params and --tokens-per-step)</source>
            <translation>未知（请给出 --params 和 --tokens-per-step）</translation>
        </message>
        <message>
            <location filename="../app/cli/FolderCommands.cpp" line="600" />
            <source>stragglers: no collective matched across the ranks</source>
            <translation>掉队者：各 rank 之间没有匹配上任何集合通信</translation>
        </message>
        <message>
            <location filename="../app/cli/FolderCommands.cpp" line="603" />
            <source>stragglers (the last rank to arrive at a collective; the others' waits summed):</source>
            <translation>掉队者（最后到达集合通信的 rank；其他 rank 的等待时间之和）：</translation>
        </message>
        <message>
            <source>rank %1 made the others wait %2 ms per step (last at %3 of %4 collectives)</source>
            <translation type="vanished">rank %1 每步让其他 rank 等待 %2 ms（在 %4 个集合通信中有 %3 个最后到达）</translation>
        </message>
        <message>
            <source>%1: %2 rank(s)%3, %4 events, %5 of JSON loaded in %6 s (%7 at once, %8 threads each)</source>
            <translation type="vanished">%1：%2 个 rank%3，%4 个事件，%5 的 JSON，在 %6 s 内加载完成（同时加载 %7 个，每个 %8 个线程）</translation>
        </message>
        <message>
            <location filename="../app/cli/FolderCommands.cpp" line="221" />
            <source>rank %1%2: %3, %4 events, %5, %6 s</source>
            <translation>rank %1%2：%3，%4 个事件，%5，%6 s</translation>
        </message>
        <message>
            <location filename="../app/cli/FolderCommands.cpp" line="228" />
            <source>model %1 in all, resident anonymous memory %2</source>
            <translation>模型共 %1，常驻匿名内存 %2</translation>
        </message>
        <message numerus="yes">
            <source>%n session(s) in this log_dir; analysed: the latest, %1</source>
            <translation type="vanished">
                <numerusform>此 log_dir 中有 %n 个会话；已分析最新的一个：%1</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1  started %2, %n file(s)</source>
            <translation type="vanished">
                <numerusform>%1  开始于 %2，%n 个文件</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../app/cli/FolderCommands.cpp" line="613" />
            <source>worst waits:</source>
            <translation>等待最久：</translation>
        </message>
        <message>
            <source>step %1 %2: rank %3 last; %4 rank(s) waited %5 ms in all, the first %6 ms</source>
            <translation type="vanished">步 %1 %2：rank %3 最后到达；%4 个 rank 共等待 %5 ms，最先到达的等了 %6 ms</translation>
        </message>
        <message numerus="yes">
            <location filename="../app/cli/FolderCommands.cpp" line="211" />
            <source>%1: %n rank%2, %3 events, %4 of JSON loaded in %5 s (%6 at once, %7 threads each)</source>
            <translation>
                <numerusform>%1：%n 个 rank%2，%3 个事件，%4 的 JSON，在 %5 s 内加载完成（同时加载 %6 个，每个 %7 个线程）</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../app/cli/FolderCommands.cpp" line="212" />
            <source>%1: %n ranks%2, %3 events, %4 of JSON loaded in %5 s (%6 at once, %7 threads each)</source>
            <translation>
                <numerusform>%1：%n 个 rank%2，%3 个事件，用 %5 s 加载了 %4 的 JSON（同时加载 %6 个，每个 %7 个线程）</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../app/cli/FolderCommands.cpp" line="529" />
            <source>%1: %n rank%2, loaded in %3 s</source>
            <translation>
                <numerusform>%1：%n 个 rank%2，在 %3 s 内加载完成</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../app/cli/FolderCommands.cpp" line="529" />
            <source>%1: %n ranks%2, loaded in %3 s</source>
            <translation>
                <numerusform>%1：%n 个 rank%2，用 %3 s 加载完成</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../app/cli/FolderCommands.cpp" line="535" />
            <source>%n session in this log_dir; analysed: the latest, %1</source>
            <translation>
                <numerusform>此 log_dir 中有 %n 个会话；已分析最新的一个：%1</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../app/cli/FolderCommands.cpp" line="536" />
            <source>%n sessions in this log_dir; analysed: the latest, %1</source>
            <translation>
                <numerusform>此 log_dir 中有 %n 个会话；已分析最新的一个：%1</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../app/cli/FolderCommands.cpp" line="540" />
            <source>%1  started %2, %n file</source>
            <translation>
                <numerusform>%1  开始于 %2，%n 个文件</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../app/cli/FolderCommands.cpp" line="540" />
            <source>%1  started %2, %n files</source>
            <translation>
                <numerusform>%1  开始于 %2，%n 个文件</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../app/cli/FolderCommands.cpp" line="605" />
            <source>rank %1 made the others wait %2 ms per step, summed over %3 other rank (last at %4 of %5 collectives)</source>
            <translation>rank %1 使其他 rank 每步等待 %2 ms（%3 个其他 rank 的等待之和；在 %5 个集合通信中有 %4 个最后到达）</translation>
        </message>
        <message>
            <location filename="../app/cli/FolderCommands.cpp" line="606" />
            <source>rank %1 made the others wait %2 ms per step, summed over %3 other ranks (last at %4 of %5 collectives)</source>
            <translation>rank %1 使其他 rank 每步共等待 %2 ms（%3 个其他 rank 之和；在 %5 个集合通信中有 %4 个最后到达）</translation>
        </message>
        <message>
            <location filename="../app/cli/FolderCommands.cpp" line="616" />
            <source>step %1 %2: rank %3 last; %4 rank waited %5 ms in all, the first %6 ms</source>
            <translation>步 %1 %2：rank %3 最后到达；%4 个 rank 共等待 %5 ms，最先到达的等待了 %6 ms</translation>
        </message>
        <message>
            <location filename="../app/cli/FolderCommands.cpp" line="617" />
            <source>step %1 %2: rank %3 last; %4 ranks waited %5 ms in all, the first %6 ms</source>
            <translation>步 %1 %2：rank %3 最后到达；%4 个 rank 共等待 %5 ms，最先到达的等待 %6 ms</translation>
        </message>
        <message>
            <location filename="../app/cli/FolderCommands.cpp" line="641" />
            <source>--%1 applies to one trace, not %2</source>
            <translation>--%1 只适用于单个跟踪文件，不适用于%2</translation>
        </message>
        <message>
            <location filename="../app/cli/FolderCommands.cpp" line="652" />
            <source>--summary writes one rank's summary: give it a trace, not a folder</source>
            <translation>--summary 写出单个 rank 的摘要：请给出跟踪文件，而不是文件夹</translation>
        </message>
        <message>
            <location filename="../app/cli/FolderCommands.cpp" line="654" />
            <source>a folder</source>
            <translation>文件夹</translation>
        </message>
        <message>
            <location filename="../app/cli/FolderCommands.cpp" line="685" />
            <source>%1 left out: %2</source>
            <translation>已排除 %1：%2</translation>
        </message>
        <message>
            <location filename="../app/cli/FolderCommands.cpp" line="698" />
            <source>a rank summary</source>
            <translation>rank 摘要</translation>
        </message>
        <message>
            <location filename="../app/cli/FolderCommands.cpp" line="701" />
            <source>--no-clock-align and --top-stragglers belong to merge, which reads the summaries</source>
            <translation>--no-clock-align 和 --top-stragglers 属于读取摘要的 merge 命令</translation>
        </message>
        <message>
            <location filename="../app/cli/FolderCommands.cpp" line="704" />
            <source>--summary needs the file to write</source>
            <translation>--summary 需要给出要写入的文件</translation>
        </message>
        <message>
            <location filename="../app/cli/FolderCommands.cpp" line="728" />
            <source>wrote %1 (%2, %3 collectives)</source>
            <translation>已写入 %1（%2，%3 个集合通信）</translation>
        </message>
        <message>
            <location filename="../app/cli/FolderCommands.cpp" line="764" />
            <source>rank summaries written by analyze RANKFILE --summary, one per rank, any order</source>
            <translation>由 analyze RANKFILE --summary 写出的 rank 摘要，每个 rank 一个，顺序不限</translation>
        </message>
        <message>
            <location filename="../app/cli/FolderCommands.cpp" line="768" />
            <source>no clock offsets from matching collectives (ranks placed by their trace epoch only)</source>
            <translation>不用匹配的集合通信计算时钟偏移（rank 只按各自跟踪文件的时间基点放置）</translation>
        </message>
        <message>
            <location filename="../app/cli/FolderCommands.cpp" line="770" />
            <source>collectives listed in stragglers, worst wait first (default 50; 0: all)</source>
            <translation>掉队者中列出的集合通信数，等待最久的在前（默认 50；0：全部）</translation>
        </message>
        <message>
            <location filename="../app/cli/FolderCommands.cpp" line="816" />
            <source>no rank summary of a job: %1</source>
            <translation>没有作业的 rank 摘要：%1</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="70" />
            <source>fsdp-baseline, fsdp-prefetch or fsdp-tuned</source>
            <translation>fsdp-baseline、fsdp-prefetch 或 fsdp-tuned</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="71" />
            <source>trace file; with --ranks, the folder for rank-K.pt.trace.json</source>
            <translation>跟踪文件；与 --ranks 一起使用时，为存放 rank-K.pt.trace.json 的文件夹</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="72" />
            <source>write ranks 0..N-1 (N &lt;= --gpus)</source>
            <translation>写出 rank 0..N-1（N &lt;= --gpus）</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="73" />
            <source>--ranks needs a positive integer</source>
            <translation>--ranks 需要一个正整数</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="74" />
            <source>jitter seed (default 1); same seed, same bytes</source>
            <translation>抖动随机种子（默认 1）；种子相同，输出字节相同</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="75" />
            <source>--seed needs a non-negative integer</source>
            <translation>--seed 需要一个非负整数</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="76" />
            <source>this rank computes 15% slower</source>
            <translation>该 rank 的计算慢 15%</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="77" />
            <source>--straggler needs a rank</source>
            <translation>--straggler 需要一个 rank</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="79" />
            <source>each rank's clock is off rank 0's by up to MAX µs (default 80); the facts say by how much</source>
            <translation>每个 rank 的时钟与 rank 0 最多相差 MAX µs（默认 80）；facts 文件中记录实际偏差</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="80" />
            <source>--clock-skew-us needs a number of microseconds</source>
            <translation>--clock-skew-us 需要一个微秒数</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="81" />
            <source>model parameters (default 7e9)</source>
            <translation>模型参数量（默认 7e9）</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="82" />
            <source>--params needs a number between 1e6 and 1e13</source>
            <translation>--params 需要介于 1e6 与 1e13 之间的数字</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="83" />
            <source>transformer layers (default 32)</source>
            <translation>Transformer 层数（默认 32）</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="84" />
            <source>--layers needs an integer between 1 and 1024</source>
            <translation>--layers 需要介于 1 与 1024 之间的整数</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="85" />
            <source>hidden size (default 4096)</source>
            <translation>隐藏层大小（默认 4096）</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="86" />
            <source>--hidden needs an integer between 128 and 65536</source>
            <translation>--hidden 需要介于 128 与 65536 之间的整数</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="88" />
            <source>tokens per step per GPU (default 8192)</source>
            <translation>每个 GPU 每步的 token 数（默认 8192）</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="89" />
            <source>--tokens-per-step-per-gpu needs a number between 128 and 1e7</source>
            <translation>--tokens-per-step-per-gpu 需要介于 128 与 1e7 之间的数字</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="90" />
            <source>world size (default 32: 4 nodes x 8 A100)</source>
            <translation>world size（默认 32：4 个节点 x 8 块 A100）</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="91" />
            <source>--gpus needs a positive integer</source>
            <translation>--gpus 需要一个正整数</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="93" />
            <source>achieved fraction of bf16 peak on GEMMs (default 0.56)</source>
            <translation>GEMM 达到的 bf16 峰值比例（默认 0.56）</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="94" />
            <source>--gemm-efficiency needs a fraction in (0, 1]</source>
            <translation>--gemm-efficiency 需要 (0, 1] 之间的比例</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="96" />
            <source>per-GPU inter-node bandwidth in Gbit/s (default 200)</source>
            <translation>每个 GPU 的节点间带宽，单位 Gbit/s（默认 200）</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="97" />
            <source>--internode-gbps needs a positive number</source>
            <translation>--internode-gbps 需要一个正数</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="99" />
            <source>where the facts go (default OUT.facts.json, or DIR.facts.json beside the rank folder so trace tools reading the folder only see traces)</source>
            <translation>facts 文件的位置（默认 OUT.facts.json，或 rank 文件夹旁的 DIR.facts.json，使读取该文件夹的跟踪工具只看到跟踪文件）</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="102" />
            <source>profiled steps per trace (default 3)</source>
            <translation>每个跟踪文件记录的步数（默认 3）</translation>
        </message>
        <message>
            <source>--steps needs an integer between 1 and 1000</source>
            <translation type="vanished">--steps 需要介于 1 与 1000 之间的整数</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="105" />
            <source>write a profiler log_dir of N cycles into the folder OUT: one file per worker per cycle, named &lt;worker&gt;.&lt;ms&gt;.pt.trace.json as tensorboard_trace_handler names them</source>
            <translation>将包含 N 个周期的 profiler log_dir 写入文件夹 OUT：每个 worker 每个周期一个文件，按 tensorboard_trace_handler 的命名方式命名为 &lt;worker&gt;.&lt;ms&gt;.pt.trace.json</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="107" />
            <source>--cycles needs an integer between 1 and 10000</source>
            <translation>--cycles 需要介于 1 与 10000 之间的整数</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="109" />
            <source>with --cycles: each cycle's compute takes PCT % longer than the one before (default 0)</source>
            <translation>与 --cycles 一起使用：每个周期的计算耗时比前一个周期长 PCT%（默认 0）</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="110" />
            <source>--cycle-change-pct needs a percentage between -50 and 100</source>
            <translation>--cycle-change-pct 需要介于 -50 与 100 之间的百分比</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="112" />
            <source>each step's compute varies by this standard deviation in % (default 0; 2 with --cycles)</source>
            <translation>每步计算耗时按此标准差波动，单位为 %（默认 0；使用 --cycles 时为 2）</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="113" />
            <source>--step-noise-pct needs a percentage between 0 and 50</source>
            <translation>--step-noise-pct 需要介于 0 与 50 之间的百分比</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="114" />
            <source>print a JSON summary</source>
            <translation>输出 JSON 摘要</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="181" />
            <source>%1 exists already: synth --cycles writes into a new or empty folder</source>
            <translation>%1 已存在：synth --cycles 只写入新建的或空的文件夹</translation>
        </message>
        <message numerus="yes">
            <location filename="../app/cli/SynthCommand.cpp" line="220" />
            <source>wrote %n cycle</source>
            <translation>
                <numerusform>已写出 %n 个周期</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../app/cli/SynthCommand.cpp" line="220" />
            <source>wrote %n cycles</source>
            <translation>
                <numerusform>已写出 %n 个周期</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="221" />
            <source>%1 into %3 (%2 worker files each), facts in %4 (%5 in %6 s)</source>
            <translation>%1，保存在 %3（每个周期 %2 个 worker 文件）；facts 文件：%4（共 %5，用时 %6 s）</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="257" />
            <source>--cycle-change-pct needs --cycles</source>
            <translation>--cycle-change-pct 需与 --cycles 一起使用</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="262" />
            <source>--cycles %1 of %2 ranks would write more than 10,000 files</source>
            <translation>--cycles %1 乘以 %2 个 rank 将写入超过 10,000 个文件</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="264" />
            <source>unknown scenario '%1' (fsdp-baseline, fsdp-prefetch, fsdp-tuned)</source>
            <translation>未知场景“%1”（可选 fsdp-baseline、fsdp-prefetch、fsdp-tuned）</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="266" />
            <source>--ranks %1 exceeds --gpus %2</source>
            <translation>--ranks %1 超过了 --gpus %2</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="268" />
            <source>--straggler %1 is not a rank of %2 GPUs</source>
            <translation>--straggler %1 不是 %2 个 GPU 中的 rank</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="272" />
            <source>--hidden must be a multiple of 128 (head size)</source>
            <translation>--hidden 必须是 128（注意力头大小）的倍数</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="274" />
            <source>--params is too small for the embedding of --hidden</source>
            <translation>--params 太小，容纳不下 --hidden 对应的嵌入层</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="285" />
            <source>--gemm-efficiency %1 and --internode-gbps %2 make a step of about %3 s; at most %4 s makes a trace Lanescope can read</source>
            <translation>--gemm-efficiency %1 与 --internode-gbps %2 使每步约 %3 s；每步最多 %4 s 才能生成 Lanescope 可读取的 trace</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="159" />
            <location filename="../app/cli/SynthCommand.cpp" line="311" />
            <source>cannot create folder %1</source>
            <translation>无法创建文件夹 %1</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="103" />
            <source>--steps needs an integer between 1 and 200</source>
            <translation>--steps 需要 1 到 200 之间的整数</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="344" />
            <source>wrote %1 (%2 of traces in %3 s)</source>
            <translation>已写入 %1（%3 s 内写出 %2 跟踪数据）</translation>
        </message>
        <message>
            <location filename="../app/cli/FolderCommands.cpp" line="717" />
            <location filename="../app/cli/SynthCommand.cpp" line="184" />
            <location filename="../app/cli/SynthCommand.cpp" line="203" />
            <location filename="../app/cli/SynthCommand.cpp" line="318" />
            <location filename="../app/cli/SynthCommand.cpp" line="324" />
            <source>cannot write %1: %2</source>
            <translation>无法写入 %1：%2</translation>
        </message>
        <message>
            <location filename="../app/cli/SynthCommand.cpp" line="343" />
            <source>wrote %1</source>
            <translation>已写入 %1</translation>
        </message>
        <message>
            <source>wrote %1 (%2 MB of traces in %3 s)</source>
            <translation type="vanished">已写入 %1（%3 秒内写出 %2 MB 跟踪数据）</translation>
        </message>
        <message numerus="yes">
            <location filename="../app/cli/AnalyzeCommand.cpp" line="130" />
            <source>source lines by launched GPU time (%n lines, my code only; the first 10): GPU, CPU total, CPU self</source>
            <translation>
                <numerusform>按启动的 GPU 时间排列的源代码行（%n 行，仅我的代码；前 10 行）：GPU、CPU 总计、CPU 自身</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../app/cli/AnalyzeCommand.cpp" line="131" />
            <source>source lines by launched GPU time (%n lines, every frame; the first 10): GPU, CPU total, CPU self</source>
            <translation>
                <numerusform>按启动的 GPU 时间排列的源代码行（共 %n 行，所有帧；前 10 行）：GPU、CPU 总计、CPU 自身</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../app/cli/AnalyzeCommand.cpp" line="197" />
            <source>  (Holistic Trace Analysis' definition: every event with args.stream is GPU time, %n of them not device activity)</source>
            <translation>
                <numerusform>  （按 Holistic Trace Analysis 的定义：带 args.stream 的事件都算 GPU 时间，其中 %n 个不是设备活动）</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="281" />
            <location filename="../app/cli/InfoCommand.cpp" line="123" />
            <source>a trace: .json or .json.gz as torch.profiler writes it</source>
            <translation>跟踪文件：torch.profiler 写出的 .json 或 .json.gz</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="283" />
            <source>shortest gap listed, in ms (default 15; fractions down to 0.001)</source>
            <translation>列出的最短间隙，单位 ms（默认 15；可带小数，最小 0.001）</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="284" />
            <location filename="../app/cli/CompareCommand.cpp" line="331" />
            <source>--gap-ms needs a number of milliseconds</source>
            <translation>--gap-ms 需要一个毫秒数</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="286" />
            <location filename="../app/cli/CompareCommand.cpp" line="333" />
            <source>gemm (default): gaps between two GEMM kernels; all: any gap of a compute stream</source>
            <translation>gemm（默认）：两个 GEMM 内核之间的间隙；all：计算流上的任何间隙</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="287" />
            <location filename="../app/cli/CompareCommand.cpp" line="334" />
            <source>--gap-kernels takes gemm or all</source>
            <translation>--gap-kernels 只接受 gemm 或 all</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="288" />
            <location filename="../app/cli/CompareCommand.cpp" line="320" />
            <location filename="../app/cli/WhatifCommand.cpp" line="70" />
            <source>model parameters, for MFU (e.g. 7e9)</source>
            <translation>模型参数量，用于 MFU（例如 7e9）</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="289" />
            <location filename="../app/cli/CompareCommand.cpp" line="321" />
            <location filename="../app/cli/MfuCommand.cpp" line="29" />
            <location filename="../app/cli/WhatifCommand.cpp" line="71" />
            <source>--params needs a positive number</source>
            <translation>--params 需要一个正数</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="290" />
            <location filename="../app/cli/CompareCommand.cpp" line="322" />
            <location filename="../app/cli/WhatifCommand.cpp" line="72" />
            <source>tokens per step per GPU, for MFU</source>
            <translation>每个 GPU 每步的 token 数，用于 MFU</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="291" />
            <location filename="../app/cli/CompareCommand.cpp" line="323" />
            <location filename="../app/cli/WhatifCommand.cpp" line="73" />
            <source>--tokens-per-step needs a positive number</source>
            <translation>--tokens-per-step 需要一个正数</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="292" />
            <location filename="../app/cli/CompareCommand.cpp" line="324" />
            <location filename="../app/cli/WhatifCommand.cpp" line="74" />
            <source>--tokens-per-step counts all GPUs (divided by the world size)</source>
            <translation>--tokens-per-step 为所有 GPU 的总数（将除以 world size）</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="294" />
            <location filename="../app/cli/CompareCommand.cpp" line="326" />
            <source>samples (images) per step per GPU, for samples/s where the model is no transformer (no MFU)</source>
            <translation>每 GPU 每步的样本（图像）数，用于非 Transformer 模型的样本/秒（不计算 MFU）</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="295" />
            <location filename="../app/cli/CompareCommand.cpp" line="327" />
            <source>--samples-per-step needs a positive number</source>
            <translation>--samples-per-step 需要一个正数</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="296" />
            <location filename="../app/cli/CompareCommand.cpp" line="328" />
            <location filename="../app/cli/WhatifCommand.cpp" line="75" />
            <source>GPU peak instead of the table's entry for the traced GPU</source>
            <translation>用此 GPU 峰值代替表中被跟踪 GPU 的峰值</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="297" />
            <location filename="../app/cli/CompareCommand.cpp" line="329" />
            <location filename="../app/cli/MfuCommand.cpp" line="33" />
            <location filename="../app/cli/WhatifCommand.cpp" line="76" />
            <source>--peak-tflops needs a positive number</source>
            <translation>--peak-tflops 需要一个正数</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="298" />
            <source>analyse ProfilerStep#N only</source>
            <translation>只分析 ProfilerStep#N</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="299" />
            <location filename="../app/cli/CompareCommand.cpp" line="319" />
            <location filename="../app/cli/WhatifCommand.cpp" line="62" />
            <source>--step needs a step number</source>
            <translation>--step 需要一个步编号</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="301" />
            <source>analyse one occurrence of the record_function / user annotation (or any CPU slice) named NAME, with its critical path: for traces without ProfilerStep</source>
            <translation>分析名为 NAME 的 record_function / 用户注解（或任意 CPU 切片）的一次出现，包括其关键路径：用于没有 ProfilerStep 的跟踪</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="304" />
            <source>which occurrence of --annotation, 0-based by start time (default 0)</source>
            <translation>--annotation 的第几次出现，按开始时间从 0 起编号（默认 0）</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="305" />
            <location filename="../app/cli/WhatifCommand.cpp" line="69" />
            <source>--instance needs a whole number from 0</source>
            <translation>--instance 需要 &gt;= 0 的整数</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="306" />
            <source>analyse from A (µs from the first event); needs --to-us</source>
            <translation>从 A 开始分析（距第一个事件的时间，单位 µs）；需同时给出 --to-us</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="307" />
            <location filename="../app/cli/WhatifCommand.cpp" line="64" />
            <source>--from-us needs a number</source>
            <translation>--from-us 需要一个数字</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="308" />
            <source>analyse up to B (µs from the first event); needs --from-us</source>
            <translation>分析到 B 为止（距第一个事件的时间，单位 µs）；需同时给出 --from-us</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="309" />
            <location filename="../app/cli/WhatifCommand.cpp" line="66" />
            <source>--to-us needs a number</source>
            <translation>--to-us 需要一个数字</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="310" />
            <source>also sum the flops args of operators (with_flops=True; slow)</source>
            <translation>同时累加算子的 flops 参数（with_flops=True；较慢）</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="311" />
            <location filename="../app/cli/CompareCommand.cpp" line="336" />
            <source>GPU time as Holistic Trace Analysis counts it: every event with args.stream (also Triton launcher cpu_ops and cuda_sync events)</source>
            <translation>按 Holistic Trace Analysis 的方式统计 GPU 时间：带 args.stream 的事件都算（包括 Triton 启动器的 cpu_op 和 cuda_sync 事件）</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="313" />
            <location filename="../app/cli/InfoCommand.cpp" line="126" />
            <location filename="../app/cli/WhatifCommand.cpp" line="77" />
            <source>loader threads (default: one per core; at most 256)</source>
            <translation>加载线程数（默认：每个核心一个；最多 256）</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="314" />
            <source>write only the first N rows of the kernel, operator, module and source-line summaries (default and 0: all, as compare's --top 0)</source>
            <translation>内核、算子、模块和源代码行汇总只写出前 N 行（默认及 0：全部，同 compare 的 --top 0）</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="317" />
            <source>source lines of every Python frame; by default the standard library's and torch's frames fold into the user code that called them (my code only)</source>
            <translation>每个 Python 帧的源代码行；默认情况下，标准库和 torch 的帧折叠到调用它们的用户代码中（仅我的代码）</translation>
        </message>
        <message>
            <source>write only the first N rows of the kernel, operator and module summaries (default and 0: all, as compare's --top 0)</source>
            <translation type="vanished">只输出内核、算子和模块摘要的前 N 行（默认及 0：全部，与 compare 的 --top 0 相同）</translation>
        </message>
        <message>
            <source>write only the first N rows of the kernel, operator and module summaries (default: all)</source>
            <translation type="vanished">内核、算子和模块汇总只写前 N 行（默认：全部）</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="315" />
            <location filename="../app/cli/MemoryCommand.cpp" line="45" />
            <source>--top takes a whole number of rows</source>
            <translation>--top 需要一个整数行数</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="316" />
            <source>group the operator summary by input shapes (traces recorded with record_shapes; reads each operator's args)</source>
            <translation>按输入形状对算子汇总分组（以 record_shapes 录制的跟踪；会读取每个算子的参数）</translation>
        </message>
        <message>
            <source>loader threads (default: one per core)</source>
            <translation type="vanished">加载线程数（默认每核一个）</translation>
        </message>
        <message>
            <source>--threads needs a number</source>
            <translation type="vanished">--threads 需要一个数字</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="319" />
            <location filename="../app/cli/CompareCommand.cpp" line="348" />
            <location filename="../app/cli/FolderCommands.cpp" line="772" />
            <location filename="../app/cli/InfoCommand.cpp" line="125" />
            <location filename="../app/cli/MemoryCommand.cpp" line="47" />
            <location filename="../app/cli/MfuCommand.cpp" line="35" />
            <location filename="../app/cli/WhatifCommand.cpp" line="78" />
            <source>print one JSON object</source>
            <translation>输出一个 JSON 对象</translation>
        </message>
        <message>
            <location filename="../app/cli/CommandLine.cpp" line="152" />
            <source>usage: lanescope-cli %1</source>
            <translation>用法：lanescope-cli %1</translation>
        </message>
        <message>
            <location filename="../app/cli/CommandLine.cpp" line="195" />
            <location filename="../app/cli/CommandLine.cpp" line="255" />
            <source>unexpected argument '%1'</source>
            <translation>意外的参数“%1”</translation>
        </message>
        <message>
            <location filename="../app/cli/CommandLine.cpp" line="216" />
            <source>%1 needs a value</source>
            <translation>%1 需要一个值</translation>
        </message>
        <message>
            <location filename="../app/cli/CommandLine.cpp" line="219" />
            <source>%1 (%2)</source>
            <translation>%1（%2）</translation>
        </message>
        <message>
            <location filename="../app/cli/CommandLine.cpp" line="232" />
            <source>%1 to %2</source>
            <translation>%1 到 %2</translation>
        </message>
        <message>
            <location filename="../app/cli/CommandLine.cpp" line="233" />
            <source>above %1</source>
            <translation>大于 %1</translation>
        </message>
        <message>
            <location filename="../app/cli/CommandLine.cpp" line="233" />
            <source>at least %1</source>
            <translation>至少 %1</translation>
        </message>
        <message>
            <location filename="../app/cli/CommandLine.cpp" line="234" />
            <source>below %1</source>
            <translation>小于 %1</translation>
        </message>
        <message>
            <location filename="../app/cli/CommandLine.cpp" line="234" />
            <source>at most %1</source>
            <translation>最多 %1</translation>
        </message>
        <message>
            <location filename="../app/cli/CommandLine.cpp" line="236" />
            <source>%1 and %2</source>
            <translation>%1 且 %2</translation>
        </message>
        <message>
            <location filename="../app/cli/CommandLine.cpp" line="262" />
            <source>%1 takes no value</source>
            <translation>%1 不接受值</translation>
        </message>
        <message>
            <location filename="../app/cli/CommandLine.cpp" line="271" />
            <source>show this help</source>
            <translation>显示此帮助</translation>
        </message>
        <message>
            <location filename="../app/cli/CommandLine.cpp" line="331" />
            <source>lanescope-cli %1: %2</source>
            <translation>lanescope-cli %1：%2</translation>
        </message>
        <message>
            <location filename="../app/cli/MfuCommand.cpp" line="28" />
            <source>model parameters (e.g. 7e9)</source>
            <translation>模型参数量（例如 7e9）</translation>
        </message>
        <message>
            <location filename="../app/cli/MfuCommand.cpp" line="30" />
            <source>tokens per second per GPU</source>
            <translation>每个 GPU 每秒的 token 数</translation>
        </message>
        <message>
            <location filename="../app/cli/MfuCommand.cpp" line="31" />
            <source>--tokens-per-s-per-gpu needs a positive number</source>
            <translation>--tokens-per-s-per-gpu 需要一个正数</translation>
        </message>
        <message>
            <location filename="../app/cli/MfuCommand.cpp" line="32" />
            <source>the GPU's peak TFLOPS</source>
            <translation>GPU 的峰值 TFLOPS</translation>
        </message>
        <message>
            <location filename="../app/cli/MfuCommand.cpp" line="34" />
            <source>take the peak from the table for this GPU (e.g. "NVIDIA A100-SXM4-80GB")</source>
            <translation>从表中取此 GPU 的峰值（例如 "NVIDIA A100-SXM4-80GB"）</translation>
        </message>
        <message>
            <location filename="../app/cli/Commands.cpp" line="23" />
            <source>what the trace holds and how it loaded</source>
            <translation>跟踪文件包含什么内容、如何加载</translation>
        </message>
        <message>
            <location filename="../app/cli/Commands.cpp" line="24" />
            <source>write a deterministic synthetic FSDP trace</source>
            <translation>写出确定性的合成 FSDP 跟踪文件</translation>
        </message>
        <message>
            <location filename="../app/cli/Commands.cpp" line="25" />
            <source>GPU idle gaps and causes, breakdown, MFU, memory, advice</source>
            <translation>GPU 空闲间隙及原因、时间分解、MFU、显存、建议</translation>
        </message>
        <message>
            <location filename="../app/cli/Commands.cpp" line="27" />
            <source>the MFU calculator</source>
            <translation>MFU 计算器</translation>
        </message>
        <message>
            <location filename="../app/cli/Commands.cpp" line="28" />
            <source>rank summaries (analyze RANKFILE --summary) into the job's figures, as analyze DIR</source>
            <translation>将 rank 摘要（analyze RANKFILE --summary）汇总为作业的指标，与 analyze DIR 相同</translation>
        </message>
        <message>
            <location filename="../app/cli/Commands.cpp" line="30" />
            <source>a baseline against other runs: deltas, step-time waterfall, kernel and operator differences</source>
            <translation>将基线与其他运行比较：差值、步时长瀑布图、内核与算子差异</translation>
        </message>
        <message>
            <location filename="../app/cli/Commands.cpp" line="32" />
            <source>the timeline picture as PNG, SVG or PDF, without a display</source>
            <translation>将时间线图片导出为 PNG、SVG 或 PDF，无需显示器</translation>
        </message>
        <message>
            <location filename="../app/cli/Commands.cpp" line="34" />
            <source>replay a step with fixes applied: the projected step, MFU and peak memory</source>
            <translation>应用修复后重放一步：预测的步时长、MFU 和峰值内存</translation>
        </message>
        <message>
            <location filename="../app/cli/Commands.cpp" line="36" />
            <source>a PyTorch memory snapshot: peaks, cudaMalloc/cudaFree, fragmentation, stacks at the peak</source>
            <translation>PyTorch 内存快照：峰值、cudaMalloc/cudaFree、碎片化、峰值时的调用栈</translation>
        </message>
        <message>
            <location filename="../app/cli/Commands.cpp" line="62" />
            <source>--samples-per-step and --tokens-per-step exclude each other</source>
            <translation>--samples-per-step 与 --tokens-per-step 不能同时使用</translation>
        </message>
        <message>
            <location filename="../app/cli/Commands.cpp" line="78" />
            <source>--threads takes a whole number</source>
            <translation>--threads 只接受整数</translation>
        </message>
        <message>
            <source>%1 is a symbolic link: give the path of the file itself (an output is not written through a link)</source>
            <translation type="vanished">%1 是符号链接：请给出文件本身的路径（输出不会通过链接写入）</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="70" />
            <source>lanescope-cli export: %1; drawn without annotations</source>
            <translation>lanescope-cli export：%1；绘制时不含标注</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="72" />
            <source>lanescope-cli export: %1; drawn with the annotations in %2</source>
            <translation>lanescope-cli export：%1；绘制时使用 %2 中的标注</translation>
        </message>
        <message>
            <source>cannot read %1: %2</source>
            <translation type="vanished">无法读取 %1：%2</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="89" />
            <source>%1 is not a readable annotations file: %2</source>
            <translation>%1 不是可读取的标注文件：%2</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="92" />
            <source>%1 was written by a newer Lanescope (annotations format %2; this one reads up to %3)</source>
            <translation>%1 由更新版本的 Lanescope 写出（标注格式 %2；本版本最高读取 %3）</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="104" />
            <source>lanescope-cli export: %1 was written for another file (%2, %3 bytes); drawn anyway</source>
            <translation>lanescope-cli export：%1 是为另一个文件写的（%2，%3 字节）；仍照常绘制</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="121" />
            <source>The trace to draw (.json or .json.gz).</source>
            <translation>要绘制的跟踪文件（.json 或 .json.gz）。</translation>
        </message>
        <message>
            <source>The picture to write: .png, .svg or .pdf (by its suffix).</source>
            <translation type="vanished">要写出的图片：.png、.svg 或 .pdf（按后缀判断）。</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="136" />
            <source>A trace to compare with TRACE, the baseline (repeat for more): the comparison's picture.</source>
            <translation>与基线 TRACE 比较的跟踪文件（可重复指定多个）：生成比较图。</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="138" />
            <source>With --compare: one label per trace, comma-separated (default: the file names).</source>
            <translation>与 --compare 一起使用：每个跟踪文件一个标签，以逗号分隔（默认：文件名）。</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="140" />
            <source>With --compare: step (default), on the same complete ProfilerStep by position; start, on each trace's first event.</source>
            <translation>与 --compare 一起使用：step（默认）按位置对齐同一个完整的 ProfilerStep；start 对齐各跟踪文件的第一个事件。</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="142" />
            <source>Window start, µs from the trace's first event.</source>
            <translation>窗口起点，距跟踪第一个事件的时间，单位 µs。</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="143" />
            <source>--from-us takes a number of microseconds &gt;= 0</source>
            <translation>--from-us 需要 &gt;= 0 的微秒数</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="144" />
            <source>Window end, µs from the trace's first event.</source>
            <translation>窗口终点，距跟踪第一个事件的时间，单位 µs。</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="145" />
            <source>--to-us takes a number of microseconds &gt; 0</source>
            <translation>--to-us 需要 &gt; 0 的微秒数</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="146" />
            <source>Draw ProfilerStep#N (its CPU span).</source>
            <translation>绘制 ProfilerStep#N（其 CPU 跨度）。</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="147" />
            <source>--step takes a step number &gt;= 0</source>
            <translation>--step 需要 &gt;= 0 的步编号</translation>
        </message>
        <message>
            <source>Picture width in pixels (default 1920).</source>
            <translation type="vanished">图片宽度，单位像素（默认 1920）。</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="152" />
            <source>--width takes a number of pixels from 340 to 16384</source>
            <translation>--width 需要 340 到 16384 之间的像素数</translation>
        </message>
        <message>
            <source>Picture height in pixels (default: tall enough for every lane).</source>
            <translation type="vanished">图片高度，单位像素（默认：足以容纳所有泳道）。</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="155" />
            <source>--height takes a number of pixels from 120 to 65535</source>
            <translation>--height 需要 120 到 65535 之间的像素数</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="157" />
            <source>PNG only: device pixel ratio (2: twice the pixels each way, the same layout, for HiDPI slides; default 1).</source>
            <translation>仅限 PNG：设备像素比（2：横向和纵向像素各加倍、布局不变，用于高 DPI 幻灯片；默认 1）。</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="158" />
            <source>--scale takes a number from 0.5 to 4</source>
            <translation>--scale 只接受 0.5 到 4 之间的数</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="160" />
            <source>Which lanes: gpu (default) or all (CPU threads too).</source>
            <translation>绘制哪些泳道：gpu（默认）或 all（包括 CPU 线程）。</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="161" />
            <source>--lanes takes gpu or all</source>
            <translation>--lanes 只接受 gpu 或 all</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="162" />
            <source>Leave out the line of headline figures under the title.</source>
            <translation>不在标题下方显示关键指标行。</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="163" />
            <source>GEMM gap threshold of the figures (default 15).</source>
            <translation>关键指标中 GEMM 间隙的阈值，单位 ms（默认 15）。</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="164" />
            <source>--gap-ms takes a number of milliseconds &gt; 0</source>
            <translation>--gap-ms 需要 &gt; 0 的毫秒数</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="166" />
            <source>Draw the annotations of FILE (default: the trace's TRACE.lanescope.json when there is one).</source>
            <translation>绘制 FILE 中的标注（默认：若存在，则使用跟踪文件对应的 TRACE.lanescope.json）。</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="168" />
            <source>Also annotate the GEMM gaps and allocator spikes the analysis finds in the window.</source>
            <translation>同时为分析在窗口中发现的 GEMM 间隙和分配器尖峰添加标注。</translation>
        </message>
        <message>
            <source>Parser threads (0: one per core).</source>
            <translation type="vanished">解析线程数（0：每核一个）。</translation>
        </message>
        <message>
            <source>--threads takes a whole number &gt;= 0</source>
            <translation type="vanished">--threads 需要 &gt;= 0 的整数</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="83" />
            <source>cannot read the annotations: %1</source>
            <translation>无法读取标注：%1</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="124" />
            <source>The picture to write: .png, .svg or .pdf (by its suffix); replaced whole. A symbolic link is refused, not written through.</source>
            <translation>要写出的图片：.png、.svg 或 .pdf（由后缀决定）；会被整体替换。拒绝符号链接，不会通过链接写入。</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="127" />
            <source>Also (or only) write File &gt; Report…'s PDF: the title, the runs, the picture across the page's width, the metrics table, on as many pages as it takes; replaced whole.</source>
            <translation>同时（或仅）写出“文件 &gt; 报告…”的 PDF：标题、各运行、横跨页面宽度的图片、指标表，按需分为多页；会被整体替换。</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="130" />
            <source>With --report: the paper, a4 or letter (default: letter where the locale measures in US units, else a4).</source>
            <translation>与 --report 一起使用：纸张，a4 或 letter（默认：区域设置使用美制单位时为 letter，否则为 a4）。</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="131" />
            <source>--page takes a4 or letter</source>
            <translation>--page 只接受 a4 或 letter</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="133" />
            <source>With --report: landscape (default) or portrait.</source>
            <translation>与 --report 一起使用：landscape（横向，默认）或 portrait（纵向）。</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="134" />
            <source>--orientation takes landscape or portrait</source>
            <translation>--orientation 只接受 landscape 或 portrait</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="149" />
            <source>Picture width in pixels (default 1920). Width x height x scale² may be at most 2^28 (268,435,456) pixels: a larger size is refused, and the automatic height stops there, the lanes below summarised as "+N more lanes".</source>
            <translation>图片宽度，单位像素（默认 1920）。宽 x 高 x 缩放比例² 最多为 2^28（268,435,456）像素：更大的尺寸会被拒绝，自动高度也止于此，其下方的泳道汇总为一行“另有 N 条泳道”。</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="154" />
            <source>Picture height in pixels (default: tall enough for every lane, within 2^28 pixels in all).</source>
            <translation>图片高度，单位像素（默认：足以容纳所有泳道，总像素数不超过 2^28）。</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="169" />
            <source>Parser threads (0: one per core; at most 256).</source>
            <translation>解析线程数（0：每个核心一个；最多 256）。</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="170" />
            <source>Print one JSON object: the file written, its size and the window.</source>
            <translation>输出一个 JSON 对象：写出的文件、其尺寸和时间窗口。</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="180" />
            <source>-o OUT.png|svg|pdf or --report OUT.pdf is required</source>
            <translation>必须给出 -o OUT.png|svg|pdf 或 --report OUT.pdf</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="182" />
            <source>--page and --orientation go with --report</source>
            <translation>--page 和 --orientation 需与 --report 一起使用</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="185" />
            <source>--report needs the report writer of the GUI build (this lanescope-cli was built without it)</source>
            <translation>--report 需要 GUI 构建中的报告生成器（此 lanescope-cli 构建时未包含它）</translation>
        </message>
        <message>
            <source>-o OUT.png|svg|pdf is required</source>
            <translation type="vanished">必须给出 -o OUT.png|svg|pdf</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="203" />
            <source>%1: unknown picture format (use .png, .svg or .pdf)</source>
            <translation>%1：未知图片格式（请使用 .png、.svg 或 .pdf）</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="205" />
            <source>%1: a report is a PDF (use .pdf)</source>
            <translation>%1：报告是 PDF 文件（请使用 .pdf）</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="211" />
            <source>--from-us and --to-us go together</source>
            <translation>--from-us 和 --to-us 必须同时给出</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="337" />
            <location filename="../app/cli/WhatifCommand.cpp" line="95" />
            <source>--step and --from-us/--to-us exclude each other</source>
            <translation>--step 与 --from-us/--to-us 不能同时使用</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="215" />
            <source>--to-us must be after --from-us</source>
            <translation>--to-us 必须大于 --from-us</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="227" />
            <source>--labels and --align go with --compare</source>
            <translation>--labels 和 --align 需与 --compare 一起使用</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="263" />
            <source>lanescope-cli export: %1</source>
            <translation>lanescope-cli export：%1</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="300" />
            <source>%1 has no ProfilerStep#%2</source>
            <translation>%1 中没有 ProfilerStep#%2</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="366" />
            <source>--scale applies to a PNG (SVG and PDF are resolution-independent)</source>
            <translation>--scale 只适用于 PNG（SVG 和 PDF 与分辨率无关）</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="485" />
            <source>wrote %1 (%2 pages, %3 %4)</source>
            <translation>已写入 %1（%2 页，%3 %4）</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="489" />
            <source>portrait</source>
            <translation>纵向</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="490" />
            <source>landscape</source>
            <translation>横向</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="492" />
            <source>wrote %1 (%2 x %3 px, %4 lanes, %5 to %6)</source>
            <translation>已写入 %1（%2 x %3 px，%4 条泳道，%5 至 %6）</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="499" />
            <source>%1 lanes did not fit within 2^28 pixels: drawn as one row, "%2"</source>
            <translation>%1 条泳道超出了 2^28 像素的上限：绘制为一行“%2”</translation>
        </message>
        <message>
            <location filename="../app/cli/main.cpp" line="41" />
            <source>usage: lanescope-cli COMMAND [options]

commands:
%1
lanescope-cli COMMAND --help lists the options of a command.
Exit codes: 0 success, 2 bad usage, 3 unreadable input.
</source>
            <translation>用法：lanescope-cli 命令 [选项]

命令：
%1
lanescope-cli 命令 --help 列出该命令的选项。
退出码：0 成功，2 用法错误，3 输入无法读取。
</translation>
        </message>
        <message>
            <location filename="../app/cli/main.cpp" line="90" />
            <source>usage: lanescope-cli COMMAND [options] (lanescope-cli --help lists the commands)</source>
            <translation>用法：lanescope-cli 命令 [选项]（lanescope-cli --help 列出所有命令）</translation>
        </message>
        <message>
            <location filename="../app/cli/main.cpp" line="112" />
            <source>lanescope-cli: unknown command '%1' (lanescope-cli --help lists the commands)</source>
            <translation>lanescope-cli：未知命令“%1”（lanescope-cli --help 列出所有命令）</translation>
        </message>
        <message>
            <source>the baseline trace (.json or .json.gz)</source>
            <translation type="vanished">基线跟踪文件（.json 或 .json.gz）</translation>
        </message>
        <message>
            <source>a trace to compare with it</source>
            <translation type="vanished">与之比较的跟踪文件</translation>
        </message>
        <message>
            <source>more traces</source>
            <translation type="vanished">更多跟踪文件</translation>
        </message>
        <message>
            <location filename="../app/cli/CompareCommand.cpp" line="305" />
            <source>the baseline trace (.json or .json.gz), or a folder of rank traces (one job)</source>
            <translation>基线跟踪文件（.json 或 .json.gz），或 rank 跟踪文件所在的文件夹（一个作业）</translation>
        </message>
        <message>
            <source>a trace or folder to compare with it</source>
            <translation type="vanished">与之比较的跟踪文件或文件夹</translation>
        </message>
        <message numerus="yes">
            <location filename="../app/cli/CompareCommand.cpp" line="199" />
            <source>run %1 %2: %3 (%4, world size %5), %n complete step, offset %6 ms</source>
            <translation>
                <numerusform>运行 %1 %2：%3（%4，world size %5），%n 个完整步，偏移 %6 ms</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../app/cli/CompareCommand.cpp" line="200" />
            <source>run %1 %2: %3 (%4, world size %5), %n complete steps, offset %6 ms</source>
            <translation>
                <numerusform>运行 %1 %2：%3（%4，world size %5），%n 个完整步，偏移 %6 ms</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../app/cli/CompareCommand.cpp" line="307" />
            <source>a trace or folder to compare with it (none: A is a profiler log_dir of several sessions, each compared with the earliest)</source>
            <translation>与之比较的跟踪文件或文件夹（省略时：A 是包含多个会话的 profiler log_dir，每个会话都与最早的会话比较）</translation>
        </message>
        <message>
            <location filename="../app/cli/CompareCommand.cpp" line="310" />
            <source>more traces or folders</source>
            <translation>更多跟踪文件或文件夹</translation>
        </message>
        <message>
            <location filename="../app/cli/CompareCommand.cpp" line="313" />
            <source>one label per trace, comma-separated (default: the file names)</source>
            <translation>每个跟踪文件一个标签，以逗号分隔（默认：文件名）</translation>
        </message>
        <message>
            <location filename="../app/cli/CompareCommand.cpp" line="315" />
            <source>step (default): on the same complete ProfilerStep by position; start: on each trace's first event</source>
            <translation>step（默认）：按位置对齐到同一个完整的 ProfilerStep；start：对齐到每个跟踪文件的第一个事件</translation>
        </message>
        <message>
            <location filename="../app/cli/CompareCommand.cpp" line="316" />
            <location filename="../app/cli/ExportCommand.cpp" line="141" />
            <source>--align takes step or start</source>
            <translation>--align 只接受 step 或 start</translation>
        </message>
        <message>
            <location filename="../app/cli/CompareCommand.cpp" line="318" />
            <source>compare only ProfilerStep#N of the baseline and the step at its position in each other run</source>
            <translation>只比较基线的 ProfilerStep#N，以及其他每个运行中同一位置的步</translation>
        </message>
        <message>
            <location filename="../app/cli/CompareCommand.cpp" line="330" />
            <source>shortest gap listed, in ms (default 15)</source>
            <translation>列出的最短间隙，单位 ms（默认 15）</translation>
        </message>
        <message>
            <location filename="../app/cli/CompareCommand.cpp" line="335" />
            <source>count kernels and operators that differ only in template arguments as one</source>
            <translation>只有模板参数不同的内核和算子按同一个计数</translation>
        </message>
        <message>
            <location filename="../app/cli/CompareCommand.cpp" line="339" />
            <source>a folder is compared through this rank of its job (default: its first, rank 0)</source>
            <translation>文件夹通过其作业中的此 rank 进行比较（默认：第一个，即 rank 0）</translation>
        </message>
        <message>
            <location filename="../app/cli/CompareCommand.cpp" line="340" />
            <source>--rank needs a rank number</source>
            <translation>--rank 需要一个 rank 编号</translation>
        </message>
        <message>
            <location filename="../app/cli/CompareCommand.cpp" line="341" />
            <source>rows of kernels and operators listed (default 50; 0: all)</source>
            <translation>列出的内核和算子行数（默认 50；0：全部）</translation>
        </message>
        <message>
            <location filename="../app/cli/CompareCommand.cpp" line="342" />
            <source>--top needs a number of rows</source>
            <translation>--top 需要一个行数</translation>
        </message>
        <message>
            <location filename="../app/cli/CompareCommand.cpp" line="343" />
            <source>loader threads per trace (default: the cores shared out; at most 256)</source>
            <translation>每个跟踪文件的加载线程数（默认：平分所有核心；最多 256）</translation>
        </message>
        <message>
            <location filename="../app/cli/CompareCommand.cpp" line="345" />
            <source>exit 1 when a run's median step time is significantly slower than the baseline's by more than PCT % (for CI jobs)</source>
            <translation>当某个运行的步时长中位数显著慢于基线、且慢出超过 PCT% 时以退出码 1 退出（用于 CI 作业）</translation>
        </message>
        <message>
            <location filename="../app/cli/CompareCommand.cpp" line="347" />
            <source>--fail-if-slower needs a percentage</source>
            <translation>--fail-if-slower 需要一个百分比</translation>
        </message>
        <message numerus="yes">
            <location filename="../app/cli/CompareCommand.cpp" line="417" />
            <source>%1: a job of %n rank; its timeline, waterfall and differences are rank %2's%3, the job_* rows the whole job's</source>
            <translation>
                <numerusform>%1：%n 个 rank 的作业；时间线、瀑布图和差异取自 rank %2%3，job_* 行则统计整个作业</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../app/cli/CompareCommand.cpp" line="419" />
            <source>%1: a job of %n ranks; its timeline, waterfall and differences are rank %2's%3, the job_* rows the whole job's</source>
            <translation>
                <numerusform>%1：%n 个 rank 的作业；其时间线、瀑布图和差异取自 rank %2%3，job_* 行则是整个作业的</numerusform>
            </translation>
        </message>
        <message>
            <source>loader threads per trace (default: the cores shared out)</source>
            <translation type="vanished">每个跟踪文件的加载线程数（默认：平分所有核心）</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="83" />
            <location filename="../app/cli/CompareCommand.cpp" line="203" />
            <source>unknown</source>
            <translation>未知</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="181" />
            <source>%1</source>
            <translation>%1</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="185" />
            <source>GPU time: no GPU activity</source>
            <translation>GPU 时间：没有 GPU 活动</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="187" />
            <source>GPU time: idle %1%, compute %2%, non-compute %3% of %4 ms; comm-compute overlap %5%</source>
            <translation>GPU 时间：空闲 %1%，计算 %2%，非计算 %3%，共 %4 ms；通信与计算重叠 %5%</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="202" />
            <source>  (last ProfilerStep left out, as Holistic Trace Analysis does)</source>
            <translation>  （与 Holistic Trace Analysis 一样，不计最后一个 ProfilerStep）</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="203" />
            <source>steps: %1</source>
            <translation>步：%1</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="206" />
            <source>gaps: %1</source>
            <translation>间隙：%1</translation>
        </message>
        <message>
            <source>MFU: step %1 s, %2 tokens/s/GPU, %3 TFLOPS of %4 (%5) = %6%</source>
            <translation type="vanished">MFU：步时长 %1 s，%2 tokens/s/GPU，%3 TFLOPS / %4（%5）= %6%</translation>
        </message>
        <message>
            <source>MFU: step %1 s; give --params and --tokens-per-step (and --peak-tflops for an unknown GPU)</source>
            <translation type="vanished">MFU：步时长 %1 s；请给出 --params 和 --tokens-per-step（未知 GPU 还需 --peak-tflops）</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="238" />
            <source>measured: %1 TFLOP in %2 of %3 operators carrying flops</source>
            <translation>实测：%1 TFLOP，来自 %3 个算子中带 flops 的 %2 个</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="245" />
            <source>memory: peak allocated %1, peak reserved %2, %3 cudaMalloc, %4 cudaFree calls</source>
            <translation>内存：峰值已分配 %1，峰值已保留 %2，%3 次 cudaMalloc、%4 次 cudaFree 调用</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="269" />
            <source>advice: %1</source>
            <translation>建议：%1</translation>
        </message>
        <message>
            <location filename="../app/cli/WhatifCommand.cpp" line="101" />
            <source>--params and --tokens-per-step go together</source>
            <translation>--params 和 --tokens-per-step 必须同时给出</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="335" />
            <location filename="../app/cli/WhatifCommand.cpp" line="93" />
            <source>--from-us and --to-us go together, with --to-us after --from-us</source>
            <translation>--from-us 和 --to-us 必须同时给出，且 --to-us 晚于 --from-us</translation>
        </message>
        <message>
            <source>run %1 %2: %3 (%4, world size %5), %6 complete step(s), offset %7 ms</source>
            <translation type="vanished">运行 %1 %2：%3（%4，world size %5），%6 个完整步，偏移 %7 ms</translation>
        </message>
        <message>
            <location filename="../app/cli/CompareCommand.cpp" line="202" />
            <source>GPU unknown</source>
            <translation>GPU 未知</translation>
        </message>
        <message>
            <location filename="../app/cli/CompareCommand.cpp" line="245" />
            <source>step time %1: %2 ms -&gt; %3 ms (%4 ms)</source>
            <translation>步时长 %1：%2 ms -&gt; %3 ms（%4 ms）</translation>
        </message>
        <message>
            <location filename="../app/cli/CompareCommand.cpp" line="254" />
            <source>GEMM gaps by cause (count, total ms per run):</source>
            <translation>按原因统计的 GEMM 间隙（每个运行的个数与总 ms）：</translation>
        </message>
        <message>
            <location filename="../app/cli/CompareCommand.cpp" line="288" />
            <source>GPU kernels by largest change (delta of the last run; count x total per run):</source>
            <translation>按变化最大排序的 GPU 内核（最后一个运行的差值；每个运行的个数 x 总时长）：</translation>
        </message>
        <message>
            <location filename="../app/cli/CompareCommand.cpp" line="289" />
            <source>CPU operators by largest change:</source>
            <translation>按变化最大排序的 CPU 算子：</translation>
        </message>
        <message>
            <location filename="../app/cli/CompareCommand.cpp" line="291" />
            <source>warnings:</source>
            <translation>警告：</translation>
        </message>
        <message>
            <location filename="../app/cli/Commands.cpp" line="88" />
            <source>--labels needs one label per trace (%1 labels, %2 traces)</source>
            <translation>--labels 需要每个跟踪文件一个标签（%1 个标签，%2 个跟踪文件）</translation>
        </message>
        <message>
            <location filename="../app/cli/CompareCommand.cpp" line="383" />
            <source>--step compares one aligned step: it needs --align step</source>
            <translation>--step 比较对齐后的一步：需要 --align step</translation>
        </message>
        <message>
            <source>%1 has no complete step at position %2, where the baseline has ProfilerStep#%3</source>
            <translation type="vanished">%1 在位置 %2 上没有完整的步，而基线在该位置是 ProfilerStep#%3</translation>
        </message>
        <message>
            <location filename="../app/cli/MfuCommand.cpp" line="46" />
            <source>--params and --tokens-per-s-per-gpu are required</source>
            <translation>必须给出 --params 和 --tokens-per-s-per-gpu</translation>
        </message>
        <message>
            <location filename="../app/cli/MfuCommand.cpp" line="52" />
            <source>no peak known for GPU '%1'; give --peak-tflops</source>
            <translation>不知道 GPU '%1' 的峰值；请给出 --peak-tflops</translation>
        </message>
        <message>
            <location filename="../app/cli/MfuCommand.cpp" line="55" />
            <source>--peak-tflops (or --gpu) is required</source>
            <translation>必须给出 --peak-tflops（或 --gpu）</translation>
        </message>
        <message>
            <source>%1 params x %2 tokens/s/GPU x 6 = %3 TFLOPS; of %4 TFLOPS peak: MFU %5%</source>
            <translation type="vanished">%1 参数 x %2 tokens/s/GPU x 6 = %3 TFLOPS；峰值 %4 TFLOPS：MFU %5%</translation>
        </message>
        <message>
            <location filename="../app/cli/MfuText.h" line="44" />
            <source>GPU table: %1, dense BF16/FP16 tensor</source>
            <translation>GPU 表：%1，稠密 BF16/FP16 Tensor Core</translation>
        </message>
        <message>
            <location filename="../app/cli/MfuText.h" line="46" />
            <source>no GPU table entry</source>
            <translation>GPU 表中无此项</translation>
        </message>
        <message>
            <source>MFU: step %1 s, %2 tokens/s/GPU, %3 TFLOPS of %4 TFLOPS peak (%5) = %6%</source>
            <translation type="vanished">MFU：步时长 %1 s，%2 tokens/s/GPU，%3 TFLOPS / 峰值 %4 TFLOPS（%5）= %6%</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="226" />
            <source>MFU: no ProfilerStep in what was analysed: MFU needs step times</source>
            <translation>MFU：分析范围内没有 ProfilerStep：MFU 需要步时长</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="229" />
            <source>the trace names no GPU</source>
            <translation>跟踪文件中没有 GPU 名称</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="229" />
            <source>no peak known for GPU '%1'</source>
            <translation>不知道 GPU '%1' 的峰值</translation>
        </message>
        <message>
            <source>MFU: step %1 s, %2 tokens/s/GPU, %3 TFLOPS; %4: give --peak-tflops</source>
            <translation type="vanished">MFU：步时长 %1 s，%2 tokens/s/GPU，%3 TFLOPS；%4：请给出 --peak-tflops</translation>
        </message>
        <message>
            <location filename="../app/cli/MfuCommand.cpp" line="67" />
            <source>%1 params x %2 tokens/s/GPU x 6 = %3 TFLOPS; of %4 TFLOPS peak (%5): MFU %6%</source>
            <translation>%1 参数 x %2 tokens/s/GPU x 6 = %3 TFLOPS；峰值 %4 TFLOPS（%5）：MFU %6%</translation>
        </message>
        <message>
            <source>%1 holds no rank trace</source>
            <translation type="vanished">%1 中没有 rank 跟踪文件</translation>
        </message>
        <message>
            <location filename="../app/cli/CompareCommand.cpp" line="206" />
            <source>a job of one rank, compared through rank %2%3</source>
            <translation>单个 rank 的作业，通过 rank %2%3 进行比较</translation>
        </message>
        <message>
            <location filename="../app/cli/CompareCommand.cpp" line="207" />
            <source>a job of %1 ranks, compared through rank %2%3</source>
            <translation>%1 个 rank 的作业，通过 rank %2%3 进行比较</translation>
        </message>
        <message>
            <location filename="../app/cli/CompareCommand.cpp" line="208" />
            <location filename="../app/cli/CompareCommand.cpp" line="423" />
            <source> (its slowest)</source>
            <translation> （其中最慢的）</translation>
        </message>
        <message>
            <source>%1: a job of %2 rank(s); its timeline, waterfall and differences are rank %3's%4, the job_* rows the whole job's</source>
            <translation type="vanished">%1：%2 个 rank 的作业；时间线、瀑布图和差异取自 rank %3%4，job_* 行则统计整个作业</translation>
        </message>
        <message>
            <location filename="../app/cli/OutputPaths.cpp" line="91" />
            <source>%1 %2 is the input %3 (%4); refusing to overwrite it</source>
            <translation>%1 %2 就是输入文件 %3（%4）；拒绝覆盖</translation>
        </message>
        <message>
            <location filename="../app/cli/OutputPaths.cpp" line="94" />
            <source>%1 %2 and %3 %4 are the same file; each output needs its own</source>
            <translation>%1 %2 与 %3 %4 是同一个文件；每个输出都需要单独的文件</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="221" />
            <source>MFU: step %1 (%2), %3 tokens/s/GPU, %4 TFLOPS of %5 TFLOPS peak (%6) = %7</source>
            <translation>MFU：步时长 %1（%2），%3 tokens/s/GPU，%4 TFLOPS / 峰值 %5 TFLOPS（%6）= %7</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="230" />
            <source>MFU: step %1 (%2), %3 tokens/s/GPU, %4 TFLOPS; %5: give --peak-tflops</source>
            <translation>MFU：步时长 %1（%2），%3 tokens/s/GPU，%4 TFLOPS；%5：请给出 --peak-tflops</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="234" />
            <source>MFU: step %1 (%2); give --params and --tokens-per-step (and --peak-tflops for an unknown GPU)</source>
            <translation>MFU：步时长 %1（%2）；请给出 --params 和 --tokens-per-step（GPU 未知时还需给出 --peak-tflops）</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="356" />
            <source>the window %1 to %2 µs starts after the trace ends (%3 µs)</source>
            <translation>窗口 %1 到 %2 µs 的起点在跟踪文件结束（%3 µs）之后</translation>
        </message>
        <message>
            <location filename="../app/cli/Commands.cpp" line="93" />
            <source>--labels: label %1 of %2 is empty</source>
            <translation>--labels：%2 个标签中的第 %1 个为空</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="91" />
            <source>kernels by GPU time (%1 names; the first 10):</source>
            <translation>按 GPU 时间排列的内核（共 %1 个名称；前 10 个）：</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="98" />
            <source>operators by self CPU time (%1 rows; the first 10): self, total, device</source>
            <translation>按自身 CPU 时间排列的算子（%1 行；前 10 行）：自身、总计、设备</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="115" />
            <source>modules by CPU time (%1 modules; the first 10): CPU, device</source>
            <translation>按 CPU 时间排列的模块（%1 个模块；前 10 个）：CPU、设备</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="217" />
            <source>throughput: step %1 (%2), %3 samples/s/GPU; MFU needs tokens (--params and --tokens-per-step): its 6 × parameters rule is a transformer's</source>
            <translation>吞吐量：步时长 %1（%2），每 GPU %3 样本/秒；MFU 需要 token 数（--params 和 --tokens-per-step）：其 6 × 参数量的规则只适用于 Transformer</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="147" />
            <source>launches: none matched to a launch call</source>
            <translation>启动：没有与启动调用匹配的活动</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="149" />
            <source>launches: %1, launch delay median %2, p95 %3; %4 ran shorter than their call, %5 calls over 50 µs, %6 delays over 100 µs</source>
            <translation>启动：%1 次，启动延迟中位数 %2，p95 %3；%4 次运行时间短于其调用，%5 次调用超过 50 µs，%6 次延迟超过 100 µs</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="154" />
            <source>delay %1 at %2 ms: %3</source>
            <translation>延迟 %1，位于 %2 ms：%3</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="160" />
            <source>idle per stream (host wait / kernel wait / other):</source>
            <translation>各流空闲（主机等待 / 内核等待 / 其他）：</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="162" />
            <source>stream %1: %2 idle = %3 (%4) / %5 (%6) / %7 (%8)</source>
            <translation>流 %1：空闲 %2 = %3（%4）/ %5（%6）/ %7（%8）</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="168" />
            <source>launch queue per stream (mean, max, time at the limit of %1):</source>
            <translation>各流启动队列（均值、最大值、达到上限 %1 的时间）：</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="170" />
            <source>stream %1: %2, %3, %4</source>
            <translation>流 %1：%2，%3，%4</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="257" />
            <source>%1 %2</source>
            <translation>%1 %2</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="262" />
            <source>critical path of %1 (%2, %3): %4</source>
            <translation>%1 的关键路径（%2，%3）：%4</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="259" />
            <source>the median step</source>
            <translation>中位步</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="259" />
            <source>the step analysed</source>
            <translation>所分析的步</translation>
        </message>
        <message>
            <source>Hardware use (median bus bandwidth per collective, achieved TFLOPS per operator and shapes):</source>
            <translation type="vanished">硬件利用（每种集合通信的总线带宽中位数，每个算子及形状达到的 TFLOPS）：</translation>
        </message>
        <message>
            <location filename="../app/cli/CompareCommand.cpp" line="274" />
            <source>Hardware use (median bus bandwidth per collective, achieved TFLOPS per operator and shapes, memory held at the peak per owner):</source>
            <translation>硬件利用（每种集合通信的总线带宽中位数，每个算子及形状达到的 TFLOPS，每个所有者在峰值时占用的内存）：</translation>
        </message>
        <message>
            <location filename="../app/cli/WhatifCommand.cpp" line="56" />
            <source>a Kineto / PyTorch Profiler trace (.json or .json.gz)</source>
            <translation>Kineto / PyTorch Profiler 跟踪文件（.json 或 .json.gz）</translation>
        </message>
        <message>
            <location filename="../app/cli/WhatifCommand.cpp" line="58" />
            <source>the changes to replay, comma-separated: dataloader, sync_on_critical_path, allocator_churn, launch_bound, cpu_bound_launch, fsdp_limit_all_gathers, gemm_faster:X, comm_faster:X (X percent faster)</source>
            <translation>要重放的改动，以逗号分隔：dataloader、sync_on_critical_path、allocator_churn、launch_bound、cpu_bound_launch、fsdp_limit_all_gathers、gemm_faster:X、comm_faster:X（快 X%）</translation>
        </message>
        <message>
            <location filename="../app/cli/WhatifCommand.cpp" line="61" />
            <source>replay ProfilerStep#N (default: the median complete step)</source>
            <translation>重放 ProfilerStep#N（默认：中位完整步）</translation>
        </message>
        <message>
            <location filename="../app/cli/WhatifCommand.cpp" line="63" />
            <source>replay from A (µs from the first event); needs --to-us</source>
            <translation>从 A 开始重放（距第一个事件的时间，单位 µs）；需同时给出 --to-us</translation>
        </message>
        <message>
            <location filename="../app/cli/WhatifCommand.cpp" line="65" />
            <source>replay up to B (µs from the first event); needs --from-us</source>
            <translation>重放到 B 为止（距第一个事件的时间，单位 µs）；需同时给出 --from-us</translation>
        </message>
        <message>
            <location filename="../app/cli/WhatifCommand.cpp" line="67" />
            <source>replay an occurrence of this annotation (any CPU slice of that name), for traces without ProfilerStep</source>
            <translation>重放此注解的一次出现（该名称的任意 CPU 切片），用于没有 ProfilerStep 的跟踪</translation>
        </message>
        <message>
            <location filename="../app/cli/WhatifCommand.cpp" line="68" />
            <source>which occurrence of --annotation, 0-based (default 0)</source>
            <translation>--annotation 的第几次出现，从 0 起编号（默认 0）</translation>
        </message>
        <message>
            <location filename="../app/cli/ExportCommand.cpp" line="406" />
            <location filename="../app/gui/PictureActions.cpp" line="186" />
            <source>%1 — %2</source>
            <translation>%1 — %2</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="243" />
            <source>measured: %1 flops args skipped (negative, not a number or implausibly large)</source>
            <translation>实测：跳过了 %1 个 flops 参数（为负、不是数字或大得不合理）</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="267" />
            <source>critical path: none (%1)</source>
            <translation>关键路径：无（%1）</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="260" />
            <source>the window analysed</source>
            <translation>所分析的窗口</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="261" />
            <source>the annotation analysed</source>
            <translation>所分析的注解</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="339" />
            <source>--annotation, --step and --from-us/--to-us exclude each other</source>
            <translation>--annotation、--step 与 --from-us/--to-us 不能同时使用</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="341" />
            <location filename="../app/cli/WhatifCommand.cpp" line="99" />
            <source>--instance needs --annotation</source>
            <translation>--instance 需与 --annotation 一起使用</translation>
        </message>
        <message>
            <location filename="../app/cli/AnalyzeCommand.cpp" line="345" />
            <source>--annotation needs a name</source>
            <translation>--annotation 需要一个名称</translation>
        </message>
        <message>
            <location filename="../app/cli/CompareCommand.cpp" line="234" />
            <source>step time %1: no complete step to compare</source>
            <translation>步时长 %1：没有可比较的完整步</translation>
        </message>
        <message>
            <location filename="../app/cli/CompareCommand.cpp" line="236" />
            <source>step time %1: the median changes by %2 ms, too few steps to tell it from noise</source>
            <translation>步时长 %1：中位数变化 %2 ms，步数太少，无法与噪声区分</translation>
        </message>
        <message>
            <location filename="../app/cli/CompareCommand.cpp" line="238" />
            <source>step time %1: the median changes by %2 ms (95 % CI %3 to %4 ms, p = %5): %6</source>
            <translation>步时长 %1：中位数变化 %2 ms（95% 置信区间 %3 到 %4 ms，p = %5）：%6</translation>
        </message>
        <message>
            <location filename="../app/cli/CompareCommand.cpp" line="241" />
            <source>significant</source>
            <translation>显著</translation>
        </message>
        <message>
            <location filename="../app/cli/CompareCommand.cpp" line="241" />
            <source>within noise</source>
            <translation>在噪声范围内</translation>
        </message>
        <message>
            <location filename="../app/cli/CompareCommand.cpp" line="249" />
            <source>(the baseline's replay with %1: %2 ms)</source>
            <translation>（基线按 %1 重放：%2 ms）</translation>
        </message>
        <message>
            <location filename="../app/cli/CompareCommand.cpp" line="467" />
            <source>lanescope-cli: note: %1 has too few complete steps (with the baseline) to tell its step time from noise; --fail-if-slower does not judge it</source>
            <translation>lanescope-cli：注意：%1（与基线一起）的完整步太少，无法将其步时长与噪声区分；--fail-if-slower 不对其作判断</translation>
        </message>
        <message>
            <location filename="../app/cli/CompareCommand.cpp" line="476" />
            <source>lanescope-cli: %1's step time is %2 % slower than %3's (median %4 -&gt; %5 ms, 95 % CI +%6 to +%7 ms, p = %8), more than --fail-if-slower %9 %</source>
            <translation>lanescope-cli：%1 的步时长比 %3 慢 %2%（中位数 %4 -&gt; %5 ms，95% 置信区间 +%6 到 +%7 ms，p = %8），超过了 --fail-if-slower 的 %9%</translation>
        </message>
        <message>
            <location filename="../app/cli/WhatifCommand.cpp" line="46" />
            <source>nothing</source>
            <translation>无</translation>
        </message>
        <message>
            <location filename="../app/cli/WhatifCommand.cpp" line="86" />
            <source>--fix is required; the fixes are: %1</source>
            <translation>必须给出 --fix；可用的修复：%1</translation>
        </message>
        <message>
            <location filename="../app/cli/WhatifCommand.cpp" line="97" />
            <source>--annotation excludes --step and --from-us/--to-us</source>
            <translation>--annotation 不能与 --step 或 --from-us/--to-us 同时使用</translation>
        </message>
        <message>
            <location filename="../app/cli/WhatifCommand.cpp" line="123" />
            <source>the window %1 to %2 µs starts after the trace ends</source>
            <translation>窗口 %1 到 %2 µs 的起点在跟踪文件结束之后</translation>
        </message>
        <message>
            <location filename="../app/cli/WhatifCommand.cpp" line="125" />
            <source>[%1, %2) µs</source>
            <translation>[%1, %2) µs</translation>
        </message>
        <message>
            <location filename="../app/cli/WhatifCommand.cpp" line="134" />
            <source>no ProfilerStep#%1 in the trace</source>
            <translation>跟踪中没有 ProfilerStep#%1</translation>
        </message>
        <message>
            <location filename="../app/cli/WhatifCommand.cpp" line="138" />
            <source>no ProfilerStep in the trace: give --from-us and --to-us</source>
            <translation>跟踪中没有 ProfilerStep：请给出 --from-us 和 --to-us</translation>
        </message>
        <message>
            <location filename="../app/cli/WhatifCommand.cpp" line="178" />
            <source>%1: measured %2, replayed unchanged %3</source>
            <translation>%1：实测 %2，不做改动重放为 %3</translation>
        </message>
        <message>
            <location filename="../app/cli/WhatifCommand.cpp" line="181" />
            <source>  %1: step %2 -&gt; %3 (%4)</source>
            <translation>  %1：步时长 %2 -&gt; %3（%4）</translation>
        </message>
        <message>
            <location filename="../app/cli/WhatifCommand.cpp" line="183" />
            <source> faster</source>
            <translation> 的提速</translation>
        </message>
        <message>
            <location filename="../app/cli/WhatifCommand.cpp" line="186" />
            <source>, MFU %1 -&gt; %2</source>
            <translation>，MFU %1 -&gt; %2</translation>
        </message>
        <message>
            <location filename="../app/cli/WhatifCommand.cpp" line="188" />
            <source>, peak memory %1</source>
            <translation>，峰值内存 %1</translation>
        </message>
        <message>
            <location filename="../app/cli/WhatifCommand.cpp" line="189" />
            <source>; removes from the replayed critical path: %1</source>
            <translation>；从重放的关键路径上去掉的部分：%1</translation>
        </message>
        <message>
            <location filename="../app/cli/WhatifCommand.cpp" line="195" />
            <source>all together:</source>
            <translation>全部修复合并：</translation>
        </message>
        <message>
            <location filename="../app/cli/MemoryCommand.cpp" line="41" />
            <source>a PyTorch memory snapshot (torch.cuda.memory._dump_snapshot())</source>
            <translation>PyTorch 内存快照（torch.cuda.memory._dump_snapshot()）</translation>
        </message>
        <message>
            <location filename="../app/cli/MemoryCommand.cpp" line="43" />
            <source>a trace of the same run: align the snapshot to its clock and sum fragmentation per step</source>
            <translation>同一运行的跟踪文件：将快照对齐到其时钟，并按步汇总碎片化</translation>
        </message>
        <message>
            <location filename="../app/cli/MemoryCommand.cpp" line="44" />
            <source>stacks alive at the peak to list per device (default 10; 0: all)</source>
            <translation>每个设备列出的峰值时刻存活的调用栈数（默认 10；0：全部）</translation>
        </message>
        <message>
            <location filename="../app/cli/MemoryCommand.cpp" line="46" />
            <source>threads for loading the trace (default 0: one per core)</source>
            <translation>加载跟踪文件的线程数（默认 0：每个核心一个）</translation>
        </message>
        <message>
            <location filename="../app/cli/MemoryCommand.cpp" line="206" />
            <source>%1: PyTorch memory snapshot, pickle protocol %2, %3</source>
            <translation>%1：PyTorch 内存快照，pickle 协议 %2，%3</translation>
        </message>
        <message>
            <location filename="../app/cli/MemoryCommand.cpp" line="213" />
            <source>device %1: peak allocated %2, peak reserved %3; %4 cudaMalloc (segment_alloc), %5 cudaFree (segment_free); at the end %6 segments, %7 blocks</source>
            <translation>设备 %1：峰值已分配 %2，峰值已保留 %3；%4 次 cudaMalloc（segment_alloc），%5 次 cudaFree（segment_free）；结束时 %6 个段、%7 个块</translation>
        </message>
        <message>
            <location filename="../app/cli/MemoryCommand.cpp" line="226" />
            <source>    at %1 µs: requested %2, free in cache %3, largest free block %4 (reserved %5, allocated %6)</source>
            <translation>    %1 µs 时：请求 %2，缓存中空闲 %3，最大空闲块 %4（已保留 %5，已分配 %6）</translation>
        </message>
        <message>
            <location filename="../app/cli/MemoryCommand.cpp" line="238" />
            <source>  OOM at %1 µs: requested %2 with %3 left on the device; reserved %4, allocated %5, free in cache %6 (largest block %7)</source>
            <translation>  %1 µs 时 OOM：请求 %2，设备剩余 %3；已保留 %4，已分配 %5，缓存中空闲 %6（最大块 %7）</translation>
        </message>
        <message>
            <location filename="../app/cli/MemoryCommand.cpp" line="245" />
            <source>  alive at the peak, by stack:</source>
            <translation>  峰值时刻存活的内存，按调用栈：</translation>
        </message>
        <message>
            <location filename="../app/cli/MemoryCommand.cpp" line="263" />
            <source>aligned to %1: %2 of %3 segment actions matched its cudaMalloc/cudaFree calls; offset %4 ns, residual %5 ns</source>
            <translation>已对齐到 %1：%3 个段操作中有 %2 个与其 cudaMalloc/cudaFree 调用匹配；偏移 %4 ns，残差 %5 ns</translation>
        </message>
        <message>
            <location filename="../app/cli/MemoryCommand.cpp" line="270" />
            <source>not aligned to %1: %2</source>
            <translation>未与 %1 对齐：%2</translation>
        </message>
    </context>
    <context>
        <name>figures</name>
        <message>
            <location filename="../core/analysis/text/FigureText.cpp" line="54" />
            <location filename="../core/analysis/text/FigureText.cpp" line="63" />
            <location filename="../core/analysis/text/FigureText.cpp" line="147" />
            <source>%1 ms</source>
            <translation>%1 ms</translation>
        </message>
        <message>
            <location filename="../core/analysis/text/FigureText.cpp" line="66" />
            <source>%1 %</source>
            <translation>%1%</translation>
        </message>
        <message>
            <location filename="../core/analysis/text/FigureText.cpp" line="75" />
            <location filename="../core/analysis/text/FigureText.cpp" line="93" />
            <source>%1 GiB</source>
            <translation>%1 GiB</translation>
        </message>
        <message>
            <location filename="../core/analysis/text/FigureText.cpp" line="95" />
            <source>%1 MiB</source>
            <translation>%1 MiB</translation>
        </message>
        <message>
            <location filename="../core/analysis/text/FigureText.cpp" line="96" />
            <source>%1 KiB</source>
            <translation>%1 KiB</translation>
        </message>
        <message>
            <location filename="../core/analysis/text/FigureText.cpp" line="146" />
            <source>%1 s</source>
            <translation>%1 s</translation>
        </message>
        <message>
            <location filename="../core/analysis/text/FigureText.cpp" line="58" />
            <location filename="../core/analysis/text/FigureText.cpp" line="148" />
            <source>%1 µs</source>
            <translation>%1 µs</translation>
        </message>
        <message>
            <location filename="../core/analysis/text/FigureText.cpp" line="151" />
            <source>%1 ns</source>
            <translation>%1 ns</translation>
        </message>
        <message>
            <location filename="../core/analysis/text/FigureText.cpp" line="168" />
            <source>no ProfilerStep</source>
            <translation>没有 ProfilerStep</translation>
        </message>
        <message>
            <location filename="../core/analysis/text/FigureText.cpp" line="170" />
            <source>ProfilerStep#%1</source>
            <translation>ProfilerStep#%1</translation>
        </message>
        <message>
            <location filename="../core/analysis/text/FigureText.cpp" line="172" />
            <source>one complete step; the last step is left out</source>
            <translation>一个完整步；不计最后一步</translation>
        </message>
        <message>
            <location filename="../core/analysis/text/FigureText.cpp" line="172" />
            <source>one step</source>
            <translation>一步</translation>
        </message>
        <message>
            <location filename="../core/analysis/text/FigureText.cpp" line="174" />
            <source>median of %1 complete steps; the last is left out</source>
            <translation>%1 个完整步的中位数；不计最后一步</translation>
        </message>
        <message>
            <location filename="../core/analysis/text/FigureText.cpp" line="175" />
            <source>median of %1 steps</source>
            <translation>%1 步的中位数</translation>
        </message>
        <message>
            <location filename="../core/analysis/text/FigureText.cpp" line="181" />
            <source>GEMM gaps ≥ %1</source>
            <translation>GEMM 间隙 ≥ %1</translation>
        </message>
        <message>
            <location filename="../core/analysis/text/FigureText.cpp" line="181" />
            <source>compute-stream gaps ≥ %1</source>
            <translation>计算流间隙 ≥ %1</translation>
        </message>
        <message>
            <location filename="../core/analysis/run/FigureCatalogue.cpp" line="37" />
            <source>Step time</source>
            <translation>步时长</translation>
        </message>
        <message>
            <location filename="../core/analysis/run/FigureCatalogue.cpp" line="38" />
            <source>Median CPU duration of the complete ProfilerSteps (the last step of two or more is left out: the profiler closes it at its stop)</source>
            <translation>完整 ProfilerStep 的 CPU 时长中位数（有两步或以上时不计最后一步：分析器在停止时才将其关闭）</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/temporal/TemporalMeasure.cpp" line="30" />
            <source>All-GPU idle</source>
            <translation>全 GPU 空闲</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/temporal/TemporalMeasure.cpp" line="31" />
            <source>Share of the analysed GPU time with no kernel, copy or memset on any stream (Holistic Trace Analysis' temporal breakdown, whole trace)</source>
            <translation>分析的 GPU 时间中任何流上都没有内核、拷贝或 memset 的比例（Holistic Trace Analysis 的时间分解，整个跟踪）</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/temporal/TemporalMeasure.cpp" line="37" />
            <source>GPU compute</source>
            <translation>GPU 计算</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/temporal/TemporalMeasure.cpp" line="38" />
            <source>Share of GPU time in computation kernels (GEMM, attention, elementwise…)</source>
            <translation>GPU 时间中用于计算内核（GEMM、注意力、逐元素……）的比例</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/temporal/TemporalMeasure.cpp" line="43" />
            <source>GPU non-compute</source>
            <translation>GPU 非计算</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/temporal/TemporalMeasure.cpp" line="44" />
            <source>Share of GPU time in communication and memory kernels with no computation at the same time</source>
            <translation>GPU 时间中用于通信和内存内核、且同时没有计算的比例</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/temporal/TemporalMeasure.cpp" line="54" />
            <source>Comm–compute overlap</source>
            <translation>通信与计算重叠</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/temporal/TemporalMeasure.cpp" line="55" />
            <source>Share of communication time that overlaps computation (higher hides more of it)</source>
            <translation>与计算重叠的通信时间比例（越高，隐藏的通信越多）</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/gaps/GapsMeasure.cpp" line="47" />
            <source>Gaps the analysis lists: compute-stream idle of at least the Analysis dock's threshold within GEMM to GEMM windows</source>
            <translation>分析列出的间隙：GEMM 到 GEMM 之间、不短于“分析”面板阈值的计算流空闲</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/gaps/GapsMeasure.cpp" line="60" />
            <source>%1, total</source>
            <translation>%1，总计</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/gaps/GapsMeasure.cpp" line="61" />
            <source>Summed length of the listed gaps</source>
            <translation>所列间隙的时长总和</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/memory/MemoryMeasure.cpp" line="31" />
            <source>Peak allocated</source>
            <translation>已分配峰值</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/memory/MemoryMeasure.cpp" line="32" />
            <source>Highest memory allocated by tensors on the trace's GPU</source>
            <translation>该跟踪的 GPU 上张量已分配内存的最高值</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/mfu/MfuMeasure.cpp" line="27" />
            <source>MFU</source>
            <translation>MFU</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/mfu/MfuMeasure.cpp" line="28" />
            <source>Model FLOPs utilisation: 6 × parameters × tokens/s over the GPU's peak</source>
            <translation>模型 FLOPs 利用率：6 × 参数量 × token/秒，除以 GPU 峰值</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/advice/AdviceMeasure.cpp" line="43" />
            <source>Compute-stream idle</source>
            <translation>计算流空闲</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/advice/AdviceMeasure.cpp" line="44" />
            <source>Share of the analysed time (the steps' CPU spans) in which no compute stream runs a kernel: the Analysis dock's lead figure, and the one the advice measures</source>
            <translation>分析时间（各步的 CPU 区间）中没有任何计算流运行内核的比例：“分析”面板的首要指标，也是建议所衡量的指标</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/mfu/MfuMeasure.cpp" line="34" />
            <source>Tokens/s per GPU</source>
            <translation>每 GPU token/秒</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/mfu/MfuMeasure.cpp" line="35" />
            <source>Tokens per step over the median step time (needs the MFU inputs of the Analysis dock)</source>
            <translation>每步 token 数除以步时长中位数（需要“分析”面板中的 MFU 输入）</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/mfu/MfuMeasure.cpp" line="42" />
            <source>Samples/s per GPU</source>
            <translation>每 GPU 样本/秒</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/mfu/MfuMeasure.cpp" line="43" />
            <source>Samples (images) per step over the median step time (the Analysis dock's MFU panel, with samples)</source>
            <translation>每步样本（图像）数除以步时长中位数（来自“分析”面板的 MFU 区域，按样本填写）</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/mfu/MfuMeasure.cpp" line="48" />
            <source>Achieved TFLOPS</source>
            <translation>实际 TFLOPS</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/mfu/MfuMeasure.cpp" line="49" />
            <source>Model FLOPs per second per GPU at the median step time</source>
            <translation>按步时长中位数计算的每 GPU 每秒模型 FLOPs</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/temporal/TemporalMeasure.cpp" line="61" />
            <source>Exposed communication</source>
            <translation>暴露的通信</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/temporal/TemporalMeasure.cpp" line="62" />
            <source>Communication time not overlapped by any computation</source>
            <translation>没有被任何计算重叠的通信时间</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/memory/MemoryMeasure.cpp" line="38" />
            <source>Peak reserved</source>
            <translation>已保留峰值</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/memory/MemoryMeasure.cpp" line="39" />
            <source>Highest memory the caching allocator held from the driver</source>
            <translation>缓存分配器从驱动占用内存的最高值</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/memory/MemoryMeasure.cpp" line="44" />
            <source>cudaMalloc calls</source>
            <translation>cudaMalloc 调用</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/memory/MemoryMeasure.cpp" line="45" />
            <source>Calls to cudaMalloc (the caching allocator growing on the critical path)</source>
            <translation>cudaMalloc 调用次数（缓存分配器在关键路径上扩容）</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/memory/MemoryMeasure.cpp" line="50" />
            <source>cudaFree calls</source>
            <translation>cudaFree 调用</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/memory/MemoryMeasure.cpp" line="51" />
            <source>Calls to cudaFree (the allocator releasing blocks, often with a sync)</source>
            <translation>cudaFree 调用次数（分配器释放内存块，常伴随同步）</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/temporal/TemporalMeasure.cpp" line="67" />
            <source>GPU activities</source>
            <translation>GPU 活动</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/temporal/TemporalMeasure.cpp" line="68" />
            <source>Kernels, copies and memsets in the whole trace</source>
            <translation>整个跟踪中的内核、拷贝和 memset</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/launches/LaunchesMeasure.cpp" line="79" />
            <source>Host wait</source>
            <translation>主机等待</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/launches/LaunchesMeasure.cpp" line="80" />
            <source>Share of the compute streams' idle time spent waiting for the CPU to launch the next kernel (Holistic Trace Analysis' idle time breakdown; over the analysed steps)</source>
            <translation>计算流空闲时间中等待 CPU 启动下一个内核的占比（Holistic Trace Analysis 的空闲时间分解；在分析的步内）</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/launches/LaunchesMeasure.cpp" line="86" />
            <source>Kernel launches</source>
            <translation>内核启动</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/launches/LaunchesMeasure.cpp" line="87" />
            <source>GPU activities matched to the call that launched them (CUDA, HIP and MTIA runtime calls)</source>
            <translation>与启动它们的调用匹配的 GPU 活动（CUDA、HIP 和 MTIA 运行时调用）</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/launches/LaunchesMeasure.cpp" line="93" />
            <source>Launch delay, median</source>
            <translation>启动延迟中位数</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/launches/LaunchesMeasure.cpp" line="94" />
            <source>From the end of the launch call to the start of its kernel, the median over the launches</source>
            <translation>从启动调用结束到其内核开始的时间，所有启动的中位数</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/critical_path/CriticalPathMeasure.cpp" line="102" />
            <source>  critical path: %1</source>
            <translation>  关键路径：%1</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/critical_path/CriticalPathMeasure.cpp" line="104" />
            <source>Time the critical path of the run's step (its step: the median complete one, or the one analysed) spends as %1; the six parts add up to that step's length</source>
            <translation>该运行所选步（完整步中时长居中的一步，或所分析的那一步）的关键路径用于%1的时间；六个部分之和等于该步的时长</translation>
        </message>
        <message>
            <location filename="../core/analysis/job/JobFigures.cpp" line="24" />
            <source>Job step time</source>
            <translation>作业步时长</translation>
        </message>
        <message>
            <location filename="../core/analysis/job/JobFigures.cpp" line="25" />
            <source>A folder of rank traces: the median job step, from the first rank's start to the last rank's end</source>
            <translation>rank 跟踪文件所在的文件夹：作业步时长的中位数，从首个 rank 开始到最后一个 rank 结束</translation>
        </message>
        <message>
            <location filename="../core/analysis/job/JobFigures.cpp" line="30" />
            <source>Job GEMM gaps, total</source>
            <translation>作业 GEMM 间隙总计</translation>
        </message>
        <message>
            <location filename="../core/analysis/job/JobFigures.cpp" line="31" />
            <source>A folder of rank traces: the listed gaps of every rank, summed</source>
            <translation>rank 跟踪文件所在的文件夹：所有 rank 所列间隙之和</translation>
        </message>
        <message>
            <location filename="../core/analysis/job/JobFigures.cpp" line="36" />
            <source>Waits on stragglers</source>
            <translation>等待掉队者</translation>
        </message>
        <message>
            <location filename="../core/analysis/job/JobFigures.cpp" line="37" />
            <source>A folder of rank traces: per step, every rank's wait at a collective for the last rank to arrive, summed</source>
            <translation>rank 跟踪文件所在的文件夹：每步中各 rank 在集合通信处等待最后到达的 rank 的时间之和</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/gaps/GapsMeasure.cpp" line="73" />
            <source>  gaps: %1</source>
            <translation>  间隙：%1</translation>
        </message>
        <message>
            <location filename="../core/analysis/measures/gaps/GapsMeasure.cpp" line="75" />
            <source>Listed gaps whose cause is: %1 — count × total</source>
            <translation>原因为“%1”的所列间隙 — 个数 × 总时长</translation>
        </message>
    </context>
    <context>
        <name>io</name>
        <message>
            <location filename="../core/io/InputFile.cpp" line="22" />
            <source>%1: %2</source>
            <translation>%1：%2</translation>
        </message>
        <message>
            <location filename="../core/io/InputFile.cpp" line="30" />
            <source>a folder</source>
            <translation>文件夹</translation>
        </message>
        <message>
            <location filename="../core/io/InputFile.cpp" line="32" />
            <source>a FIFO (named pipe)</source>
            <translation>FIFO（命名管道）</translation>
        </message>
        <message>
            <location filename="../core/io/InputFile.cpp" line="34" />
            <source>a socket</source>
            <translation>套接字</translation>
        </message>
        <message>
            <location filename="../core/io/InputFile.cpp" line="36" />
            <source>a device</source>
            <translation>设备文件</translation>
        </message>
        <message>
            <location filename="../core/io/InputFile.cpp" line="37" />
            <source>an unusual kind of file</source>
            <translation>特殊类型的文件</translation>
        </message>
        <message>
            <location filename="../core/io/InputFile.cpp" line="40" />
            <source>%1, not a regular file</source>
            <translation>%1，不是普通文件</translation>
        </message>
        <message>
            <location filename="../core/io/InputFile.cpp" line="52" />
            <source>a symbolic link to nothing (its target does not exist)</source>
            <translation>悬空的符号链接（其目标不存在）</translation>
        </message>
        <message>
            <location filename="../core/io/InputFile.cpp" line="54" />
            <source>no such file</source>
            <translation>文件不存在</translation>
        </message>
        <message>
            <location filename="../core/io/InputFile.cpp" line="55" />
            <location filename="../core/io/InputFile.cpp" line="61" />
            <location filename="../core/io/InputFile.cpp" line="93" />
            <location filename="../core/io/InputFile.cpp" line="99" />
            <location filename="../core/io/InputFile.cpp" line="114" />
            <source>cannot read the file (%1)</source>
            <translation>无法读取文件（%1）</translation>
        </message>
        <message>
            <location filename="../core/io/InputFile.cpp" line="79" />
            <source>a symbolic link: give the path of the file itself (an output is not written through a link)</source>
            <translation>符号链接：请给出文件本身的路径（输出不会穿过链接写入）</translation>
        </message>
        <message>
            <location filename="../core/io/InputFile.cpp" line="81" />
            <source>%1: an output replaces only a regular file</source>
            <translation>%1：输出只替换普通文件</translation>
        </message>
        <message>
            <location filename="../core/io/InputFile.cpp" line="103" />
            <location filename="../core/io/InputFile.cpp" line="125" />
            <source>larger than %1 MiB: not a file of this kind</source>
            <translation>大于 %1 MiB：不是此类文件</translation>
        </message>
    </context>
    <context>
        <name>lanescope::AddAnnotationCommand</name>
        <message>
            <location filename="../widgets/annotations/AnnotationCommands.cpp" line="25" />
            <source>Add Annotation</source>
            <translation>添加标注</translation>
        </message>
    </context>
    <context>
        <name>lanescope::AdviceList</name>
        <message>
            <source>%1 s</source>
            <translation type="vanished">%1 秒</translation>
        </message>
        <message>
            <source>%1 ms</source>
            <translation type="vanished">%1 毫秒</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AdviceList.cpp" line="157" />
            <source>Fix worth at most: step %1 → %2</source>
            <translation>修复后最多可达：步时长 %1 → %2</translation>
        </message>
        <message>
            <source>, MFU %1 % → %2 %</source>
            <translation type="vanished">，MFU %1% → %2%</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AdviceList.cpp" line="137" />
            <source>Show Replayed Step</source>
            <translation>显示重放的步</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AdviceList.cpp" line="140" />
            <source>Draw where each kernel of the step would run with this fix, over the timeline</source>
            <translation>在时间线上画出应用此修复后该步的每个内核将在何处运行</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AdviceList.cpp" line="156" />
            <source>Fix replayed: step %1 → %2</source>
            <translation>已重放修复：步时长 %1 → %2</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AdviceList.cpp" line="159" />
            <source>, MFU %1 → %2</source>
            <translation>，MFU %1 → %2</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AdviceList.cpp" line="174" />
            <source>%1 (%2) %3. Each item's share below is the part of it one cause explains.</source>
            <translation>%1（%2），%3。下方每一项的占比是其中可由单一原因解释的部分。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AdviceList.cpp" line="195" />
            <source>%1
%2 (the step replayed with the fix: what else stalls still stalls)</source>
            <translation>%1
%2（按此修复重放该步：其他造成停顿的环节仍会停顿）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AdviceList.cpp" line="196" />
            <source>%1
%2 (an upper bound: something else may stall instead)</source>
            <translation>%1
%2（这是上界：其他环节可能转而造成停顿）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AdviceList.cpp" line="197" />
            <source>Click to show where in the timeline.</source>
            <translation>点击以在时间线中显示位置。</translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/analysis/AdviceList.cpp" line="199" />
            <source>Click to list its %n gap (of at least %1, every kernel) in the Gaps tab.</source>
            <translation>
                <numerusform>单击可在“空闲间隙”标签页中列出其 %n 个间隙（不短于 %1，任意内核之间）。</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/analysis/AdviceList.cpp" line="200" />
            <source>Click to list its %n gaps (of at least %1, every kernel) in the Gaps tab.</source>
            <translation>
                <numerusform>单击以在“空闲间隙”标签页中列出其 %n 个间隙（不短于 %1，所有内核）。</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Click to list its %n gap(s) (of at least %1, every kernel) in the Gaps tab.</source>
            <translation type="vanished">
                <numerusform>点击以在“空闲间隙”标签页中列出其 %n 个间隙（不短于 %1，所有内核）。</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AdviceList.cpp" line="205" />
            <source>Right-click to draw the step replayed with this fix over the timeline.</source>
            <translation>右键单击以在时间线上画出应用此修复后重放的该步。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AdviceList.cpp" line="206" />
            <source>%1

%2</source>
            <translation>%1

%2</translation>
        </message>
        <message>
            <source>%1

Click to show where in the timeline.</source>
            <translation type="vanished">%1

单击可在时间线中显示其位置。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AdviceList.cpp" line="208" />
            <source>No problems found.</source>
            <translation>未发现问题。</translation>
        </message>
    </context>
    <context>
        <name>lanescope::AliveStackModel</name>
        <message>
            <location filename="../widgets/memsnap/SnapshotModels.cpp" line="39" />
            <source>(no stack)</source>
            <translation>（无调用栈）</translation>
        </message>
        <message>
            <location filename="../widgets/memsnap/SnapshotModels.cpp" line="111" />
            <source>Bytes</source>
            <translation>字节</translation>
        </message>
        <message>
            <location filename="../widgets/memsnap/SnapshotModels.cpp" line="112" />
            <source>Share</source>
            <translation>占比</translation>
        </message>
        <message>
            <location filename="../widgets/memsnap/SnapshotModels.cpp" line="113" />
            <source>Allocations</source>
            <translation>分配次数</translation>
        </message>
        <message>
            <location filename="../widgets/memsnap/SnapshotModels.cpp" line="114" />
            <source>Allocated at</source>
            <translation>分配位置</translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/memsnap/SnapshotModels.cpp" line="31" />
            <source>… %n more frame</source>
            <translation>
                <numerusform>… 另有 %n 帧</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/memsnap/SnapshotModels.cpp" line="32" />
            <source>… %n more frames</source>
            <translation>
                <numerusform>… 另有 %n 帧</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../widgets/memsnap/SnapshotModels.cpp" line="26" />
            <source>No stack recorded (record_memory_history with stacks="python" or "all" records one)</source>
            <translation>没有记录调用栈（以 stacks="python" 或 "all" 调用 record_memory_history 即会记录）</translation>
        </message>
    </context>
    <context>
        <name>lanescope::AnalysisDock</name>
        <message>
            <source>%1 ms</source>
            <translation type="vanished">%1 毫秒</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="121" />
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="747" />
            <source>Analysis</source>
            <translation>分析</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="131" />
            <source>The run of the comparison this dock analyses; selecting a slice of another run switches to it</source>
            <translation>此面板分析的是比较中的哪个运行；选中另一个运行的切片会切换到该运行</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="134" />
            <source>Run:</source>
            <translation>运行：</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="141" />
            <source>Analyse the whole trace, one ProfilerStep, or the range selected in the timeline</source>
            <translation>分析整个跟踪、单个 ProfilerStep，或时间线中选中的范围</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="143" />
            <source>HTA definition</source>
            <translation>HTA 定义</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="145" />
            <source>Count GPU time as Holistic Trace Analysis does: every event that carries a stream, also the CPU-side Triton launcher operators torch.compile writes and cuda_sync events ("Stream Sync", counted as non-compute). Changes the GPU idle / compute / non-compute breakdown and the communication overlap to HTA's figures; the gaps, MFU and advice stay the same. Off: only kernels, copies and memsets on the device count.</source>
            <translation>按 Holistic Trace Analysis 的方式统计 GPU 时间：带流的事件都算，包括 torch.compile 写出的 CPU 端 Triton 启动器算子和 cuda_sync 事件（“Stream Sync”，计为非计算）。GPU 空闲 / 计算 / 非计算的时间分解和通信重叠将改为 HTA 的数值；间隙、MFU 和建议不变。关闭时：只统计设备上的内核、拷贝和 memset。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="180" />
            <source>Scope:</source>
            <translation>范围：</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="203" />
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="820" />
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="963" />
            <source>Gaps</source>
            <translation>空闲间隙</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AdviceList.cpp" line="238" />
            <location filename="../widgets/analysis/AdviceList.cpp" line="244" />
            <location filename="../widgets/analysis/AnalysisPanels.cpp" line="48" />
            <source>Advice</source>
            <translation>建议</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisPanels.cpp" line="50" />
            <source>Launch</source>
            <translation>启动</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisPanels.cpp" line="51" />
            <source>Why the GPU waits on the CPU: idle time by cause per stream, the launch queue, the slowest launches</source>
            <translation>GPU 为何等待 CPU：各流按原因划分的空闲时间、启动队列、最慢的启动</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisPanels.cpp" line="53" />
            <source>Breakdown</source>
            <translation>时间构成</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisPanels.cpp" line="55" />
            <source>Critical Path</source>
            <translation>关键路径</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="210" />
            <source>MFU</source>
            <translation>MFU</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisPanels.cpp" line="58" />
            <source>Time spent</source>
            <translation>耗时</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisPanels.cpp" line="59" />
            <source>Where the time goes: per kernel, per CPU operator and per nn.Module, in the scope analysed</source>
            <translation>时间花在哪里：在所分析的范围内，按内核、按 CPU 算子和按 nn.Module 统计</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="219" />
            <source>Step</source>
            <translation>步</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="219" />
            <source>Start</source>
            <translation>开始</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="219" />
            <source>Duration</source>
            <translation>时长</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="219" />
            <source>GPU span</source>
            <translation>GPU 跨度</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="221" />
            <source>The CPU span of ProfilerStep#N</source>
            <translation>ProfilerStep#N 在 CPU 上的跨度</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="222" />
            <source>From the first to the last GPU activity of the step</source>
            <translation>从该步第一个到最后一个 GPU 活动</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="223" />
            <source>Click: show the step in the timeline. Double-click: analyse this step only.</source>
            <translation>单击：在时间线中显示该步。双击：只分析该步。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="232" />
            <source>Steps</source>
            <translation>步</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="319" />
            <source>List idle gaps at least this long</source>
            <translation>列出不短于此时长的空闲间隙</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="323" />
            <source>ms</source>
            <translation>毫秒</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="324" />
            <source>µs</source>
            <translation>微秒</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="325" />
            <source>GEMM-to-GEMM only</source>
            <translation>仅 GEMM 到 GEMM</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="328" />
            <source>Only gaps within a GEMM-to-GEMM window of a stream: a GEMM ran on the stream before the gap and another runs after it (the FSDP layer-boundary signature). The kernels between the two GEMMs (an elementwise kernel, a norm, a copy) do not end the window, so the kernel right before or after a gap need not be a GEMM: the GEMM before / after columns name the window's ends. Off: every gap of a compute stream.</source>
            <translation>只列出流上 GEMM 到 GEMM 窗口内的间隙：间隙之前该流上运行过一个 GEMM，之后还会运行另一个（FSDP 层边界的特征）。两个 GEMM 之间的内核（逐元素内核、归一化、拷贝）不会结束窗口，因此紧邻间隙前后的内核不一定是 GEMM：“前一 GEMM / 后一 GEMM”两列给出窗口的两端。关闭：计算流上的所有间隙。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="742" />
            <source>%1 (baseline)</source>
            <translation>%1（基线）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="747" />
            <source>Analysis — %1</source>
            <translation>分析 — %1</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="968" />
            <source>Gaps (%1 of %2)</source>
            <translation>空闲间隙（%1 / %2）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="984" />
            <source>waiting on %1 only</source>
            <translation>仅等待 %1</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="985" />
            <source>Set by an advice item: only the gaps it counts. Pick a cause to list them all again.</source>
            <translation>由某条建议设置：只列出它统计的间隙。选择一个原因可重新列出全部间隙。</translation>
        </message>
        <message>
            <source>GEMM gaps only</source>
            <translation type="vanished">仅 GEMM 间隙</translation>
        </message>
        <message>
            <source>Only gaps between two GEMM kernels of a stream (the FSDP layer-boundary signature); off: every gap of a compute stream</source>
            <translation type="vanished">只列出同一流上两个 GEMM kernel 之间的间隙（FSDP 层边界的特征）；关闭时列出计算流上的所有间隙</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="338" />
            <source>All causes</source>
            <translation>全部原因</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="386" />
            <source>Click a gap (or press Enter) to show it in the timeline</source>
            <translation>单击间隙（或按回车）可在时间线中显示它</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="402" />
            <source>At least</source>
            <translation>至少</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="410" />
            <source>Show:</source>
            <translation>显示：</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="515" />
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="837" />
            <source>Selected range (%1)</source>
            <translation>选中范围（%1）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="760" />
            <source>Whole trace</source>
            <translation>整个跟踪</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="792" />
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="798" />
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="821" />
            <source>Analysing…</source>
            <translation>正在分析…</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="821" />
            <source>No trace loaded.</source>
            <translation>未加载跟踪文件。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="852" />
            <source>no GPU work</source>
            <translation>无 GPU 工作</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="868" />
            <source>No ProfilerStep#N spans in the trace: the analysis covers the whole trace, and MFU needs steps (torch.profiler with a schedule and prof.step()).</source>
            <translation>跟踪中没有 ProfilerStep#N 区间：分析覆盖整个跟踪；MFU 需要步信息（使用带 schedule 的 torch.profiler 并调用 prof.step()）。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="871" />
            <source>Steps: %1; mean %2, shortest %3, longest %4.</source>
            <translation>步数：%1；平均 %2，最短 %3，最长 %4。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="898" />
            <source>Compute idle: %1; the advice takes its shares of the same time.
All-GPU idle: the GPU span (first to last GPU activity of any kind) in which no kernel, copy or memset ran (the Breakdown tab's pie, as Holistic Trace Analysis counts it). Copies and communication count as busy there, so it is lower.</source>
            <translation>计算空闲：%1；建议的各项占比均取自这段时间。
全 GPU 空闲：GPU 跨度（从第一个到最后一个任意类型的 GPU 活动）中没有任何内核、拷贝或 memset 运行的时间（即“时间构成”标签页的饼图，按 Holistic Trace Analysis 的口径统计）。其中拷贝和通信都算作忙碌，因此该值更低。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="915" />
            <source>within GEMM-to-GEMM windows</source>
            <translation>处于 GEMM 到 GEMM 窗口内</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="916" />
            <source>on compute streams</source>
            <translation>位于计算流上</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="917" />
            <source>%1 (%2) %3; %4 % in the %5 gaps of at least %6 %7.</source>
            <translation>%1（%2），%3；其中 %4% 位于 %5 个不短于 %6、%7的间隙中。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="925" />
            <source>All-GPU idle %1 % of the GPU span (HTA definition).</source>
            <translation>全 GPU 空闲占 GPU 跨度的 %1%（HTA 定义）。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="926" />
            <source>All-GPU idle %1 % of the GPU span (no kernel, copy or memset).</source>
            <translation>全 GPU 空闲占 GPU 跨度的 %1%（无内核、拷贝或 memset）。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="928" />
            <source>MFU %1 %.</source>
            <translation>MFU %1%。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="968" />
            <source>Gaps (%1)</source>
            <translation>空闲间隙（%1）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AdviceList.cpp" line="243" />
            <source>Advice (%1)</source>
            <translation>建议（%1）</translation>
        </message>
        <message>
            <source>Gaps of at least %1 between GEMM kernels: %2</source>
            <translation type="vanished">GEMM kernel 之间不短于 %1 的间隙：%2 个</translation>
        </message>
        <message>
            <source>Gaps of at least %1 on compute streams: %2</source>
            <translation type="vanished">计算流上不短于 %1 的间隙：%2 个</translation>
        </message>
        <message>
            <source>; GPU idle %1 % (HTA definition)</source>
            <translation type="vanished">；GPU 空闲 %1%（HTA 定义）</translation>
        </message>
        <message>
            <source>; GPU idle %1 %</source>
            <translation type="vanished">；GPU 空闲 %1%</translation>
        </message>
        <message>
            <source>, MFU %1 %</source>
            <translation type="vanished">，MFU %1%</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="937" />
            <source>Click a gap to show it in the timeline.</source>
            <translation>单击间隙可在时间线中显示它。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="946" />
            <source>%1 — %2
before: %3
after: %4</source>
            <translation>%1 — %2
之前：%3
之后：%4</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisDock.cpp" line="948" />
            <source>before: %1
after: %2</source>
            <translation>之前：%1
之后：%2</translation>
        </message>
    </context>
    <context>
        <name>lanescope::AnalysisRunner</name>
        <message>
            <location filename="../widgets/analysis/AnalysisRunner.cpp" line="15" />
            <source>internal error in the analysis: %1</source>
            <translation>分析内部错误：%1</translation>
        </message>
    </context>
    <context>
        <name>lanescope::AnnotationAutosave</name>
        <message>
            <location filename="../widgets/annotations/AnnotationAutosave.cpp" line="47" />
            <source>%1: annotations cannot be kept: %2</source>
            <translation>%1：无法保存标注：%2</translation>
        </message>
        <message>
            <location filename="../widgets/annotations/AnnotationAutosave.cpp" line="52" />
            <source>%1: %2</source>
            <translation>%1：%2</translation>
        </message>
        <message>
            <location filename="../widgets/annotations/AnnotationAutosave.cpp" line="72" />
            <source>Annotations of %1 could not be saved: %2</source>
            <translation>无法保存 %1 的标注：%2</translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/annotations/AnnotationAutosave.cpp" line="85" />
            <source>Annotations of %1 merged with another window's: %n added, %2 changed, %3 removed there</source>
            <translation>
                <numerusform>%1 的标注已与另一个窗口的标注合并：该窗口新增 %n 条、修改 %2 条、删除 %3 条</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../widgets/annotations/AnnotationAutosave.cpp" line="96" />
            <source>Annotations of %1 are kept in Lanescope's data folder (%2): the trace's folder cannot take them</source>
            <translation>%1 的标注保存在 Lanescope 的数据文件夹（%2）中：跟踪文件所在的文件夹无法写入</translation>
        </message>
    </context>
    <context>
        <name>lanescope::AnnotationEditor</name>
        <message>
            <location filename="../widgets/annotations/AnnotationEditor.cpp" line="103" />
            <source>&amp;Select</source>
            <translation>选择(&amp;S)</translation>
        </message>
        <message>
            <location filename="../widgets/annotations/AnnotationEditor.cpp" line="103" />
            <source>Select, move and edit annotations; drag elsewhere pans as usual</source>
            <translation>选择、移动和编辑标注；在其他位置拖动照常平移</translation>
        </message>
        <message>
            <location filename="../widgets/annotations/AnnotationEditor.cpp" line="104" />
            <source>&amp;Text Callout</source>
            <translation>文字标注框(&amp;T)</translation>
        </message>
        <message>
            <location filename="../widgets/annotations/AnnotationEditor.cpp" line="104" />
            <source>Click a point to label it; drag to place the text</source>
            <translation>单击一个点为其添加说明；拖动以放置文字</translation>
        </message>
        <message>
            <location filename="../widgets/annotations/AnnotationEditor.cpp" line="105" />
            <source>&amp;Arrow</source>
            <translation>箭头(&amp;A)</translation>
        </message>
        <message>
            <location filename="../widgets/annotations/AnnotationEditor.cpp" line="105" />
            <source>Drag from the tail to the head</source>
            <translation>从箭尾拖到箭头</translation>
        </message>
        <message>
            <location filename="../widgets/annotations/AnnotationEditor.cpp" line="106" />
            <source>&amp;Rectangle</source>
            <translation>矩形(&amp;R)</translation>
        </message>
        <message>
            <location filename="../widgets/annotations/AnnotationEditor.cpp" line="106" />
            <source>Drag a rectangle over the lanes</source>
            <translation>在泳道上拖出一个矩形</translation>
        </message>
        <message>
            <location filename="../widgets/annotations/AnnotationEditor.cpp" line="107" />
            <source>Time &amp;Range</source>
            <translation>时间范围(&amp;R)</translation>
        </message>
        <message>
            <location filename="../widgets/annotations/AnnotationEditor.cpp" line="107" />
            <source>Drag across the time to highlight it over all lanes of the run</source>
            <translation>沿时间拖动，在该运行的所有泳道上高亮这段时间</translation>
        </message>
        <message>
            <location filename="../widgets/annotations/AnnotationEditor.cpp" line="108" />
            <source>&amp;Marker</source>
            <translation>标记(&amp;M)</translation>
        </message>
        <message>
            <location filename="../widgets/annotations/AnnotationEditor.cpp" line="108" />
            <source>Click a slice to mark it</source>
            <translation>单击一个切片以标记它</translation>
        </message>
        <message>
            <location filename="../widgets/annotations/AnnotationEditor.cpp" line="114" />
            <source>%1 (%2)</source>
            <translation>%1（%2）</translation>
        </message>
        <message>
            <location filename="../widgets/annotations/AnnotationEditor.cpp" line="126" />
            <source>&amp;Undo</source>
            <translation>撤销(&amp;U)</translation>
        </message>
        <message>
            <location filename="../widgets/annotations/AnnotationEditor.cpp" line="128" />
            <source>&amp;Redo</source>
            <translation>重做(&amp;R)</translation>
        </message>
        <message>
            <location filename="../widgets/annotations/AnnotationEditor.cpp" line="131" />
            <source>Edit Annotation &amp;Text…</source>
            <translation>编辑标注文字(&amp;T)…</translation>
        </message>
        <message>
            <location filename="../widgets/annotations/AnnotationEditor.cpp" line="132" />
            <source>Change the text of the selected annotation (or double-click it)</source>
            <translation>修改所选标注的文字（或双击该标注）</translation>
        </message>
        <message>
            <location filename="../widgets/annotations/AnnotationEditor.cpp" line="139" />
            <source>&amp;Delete Annotation</source>
            <translation>删除标注(&amp;D)</translation>
        </message>
        <message>
            <location filename="../widgets/annotations/AnnotationEditor.cpp" line="140" />
            <source>Remove the selected annotation (Delete in the timeline)</source>
            <translation>删除所选标注（在时间线中按 Delete）</translation>
        </message>
        <message>
            <location filename="../widgets/annotations/AnnotationEditor.cpp" line="143" />
            <source>Co&amp;lour</source>
            <translation>颜色(&amp;L)</translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/annotations/AnnotationEditor.cpp" line="367" />
            <source>Added %n finding in view</source>
            <translation>
                <numerusform>已添加视图中的 %n 个发现</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/annotations/AnnotationEditor.cpp" line="368" />
            <source>Added %n findings in view</source>
            <translation>
                <numerusform>已为视图中的 %n 个发现添加标注</numerusform>
            </translation>
        </message>
        <message>
            <source>&amp;Colour</source>
            <translation type="vanished">颜色(&amp;C)</translation>
        </message>
        <message>
            <location filename="../widgets/annotations/AnnotationEditor.cpp" line="175" />
            <source>Annotate</source>
            <translation>标注</translation>
        </message>
        <message>
            <location filename="../widgets/annotations/AnnotationEditor.cpp" line="184" />
            <source>Colour</source>
            <translation>颜色</translation>
        </message>
        <message>
            <location filename="../widgets/annotations/AnnotationEditor.cpp" line="185" />
            <source>The colour of the selected annotation and of new ones</source>
            <translation>所选标注及新建标注的颜色</translation>
        </message>
        <message>
            <location filename="../widgets/annotations/AnnotationEditor.cpp" line="196" />
            <source>This trace has %1 annotations, the most one file holds (and can save); delete some to add more</source>
            <translation>此 trace 已有 %1 个标注，这是一个文件能容纳（并保存）的上限；请删除一些再添加</translation>
        </message>
        <message>
            <location filename="../widgets/annotations/AnnotationEditor.cpp" line="203" />
            <source>Text:</source>
            <translation>文字：</translation>
        </message>
        <message>
            <location filename="../widgets/annotations/AnnotationEditor.cpp" line="222" />
            <source>Text Callout</source>
            <translation>文字标注框</translation>
        </message>
        <message>
            <location filename="../widgets/annotations/AnnotationEditor.cpp" line="237" />
            <source>Move Annotation</source>
            <translation>移动标注</translation>
        </message>
        <message>
            <location filename="../widgets/annotations/AnnotationEditor.cpp" line="264" />
            <source>Annotation Text</source>
            <translation>标注文字</translation>
        </message>
        <message>
            <location filename="../widgets/annotations/AnnotationEditor.cpp" line="267" />
            <source>A callout needs text: delete it instead</source>
            <translation>标注框必须有文字：如不需要请将其删除</translation>
        </message>
        <message>
            <location filename="../widgets/annotations/AnnotationEditor.cpp" line="272" />
            <source>Edit Annotation Text</source>
            <translation>编辑标注文字</translation>
        </message>
        <message>
            <location filename="../widgets/annotations/AnnotationEditor.cpp" line="290" />
            <source>Recolour Annotation</source>
            <translation>更改标注颜色</translation>
        </message>
        <message>
            <location filename="../widgets/annotations/AnnotationEditor.cpp" line="297" />
            <source>Edit &amp;Text…</source>
            <translation>编辑文字(&amp;T)…</translation>
        </message>
        <message>
            <location filename="../widgets/annotations/AnnotationEditor.cpp" line="300" />
            <source>&amp;Delete</source>
            <translation>删除(&amp;D)</translation>
        </message>
        <message>
            <location filename="../widgets/annotations/AnnotationEditor.cpp" line="347" />
            <source>Nothing to annotate yet: the analysis has not finished</source>
            <translation>暂无可标注的内容：分析尚未完成</translation>
        </message>
        <message>
            <location filename="../widgets/annotations/AnnotationEditor.cpp" line="363" />
            <source>Annotate Findings</source>
            <translation>标注发现</translation>
        </message>
        <message numerus="yes">
            <source>Added %n finding(s) in view</source>
            <translation type="vanished">
                <numerusform>已为视图中的 %n 个发现添加标注</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../widgets/annotations/AnnotationEditor.cpp" line="369" />
            <source>No new findings in view</source>
            <translation>视图中没有新的发现</translation>
        </message>
        <message>
            <location filename="../widgets/annotations/AnnotationEditor.cpp" line="386" />
            <source>Annotate Gap</source>
            <translation>标注间隙</translation>
        </message>
    </context>
    <context>
        <name>lanescope::BreakdownChart</name>
        <message>
            <source>%1 GiB</source>
            <translation type="vanished">%1 GiB</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisCharts.cpp" line="54" />
            <location filename="../widgets/analysis/AnalysisCharts.cpp" line="73" />
            <location filename="../widgets/analysis/AnalysisCharts.cpp" line="110" />
            <source>GPU time</source>
            <translation>GPU 时间</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisCharts.cpp" line="75" />
            <source>No GPU activity in the analysed time.</source>
            <translation>分析的时间内没有 GPU 活动。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisCharts.cpp" line="83" />
            <source>%1 (%2) %3. The pie below measures something else: all GPU activity (copies and communication count as busy) over the GPU span, so its idle share differs by definition.</source>
            <translation>%1（%2），%3。下方饼图衡量的是另一回事：GPU 跨度内的全部 GPU 活动（拷贝和通信算作忙碌），因此其空闲占比按定义就不同。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisCharts.cpp" line="96" />
            <source>Compute</source>
            <translation>计算</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisCharts.cpp" line="97" />
            <source>Non-compute</source>
            <translation>非计算</translation>
        </message>
        <message>
            <source>Idle</source>
            <translation type="vanished">空闲</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisCharts.cpp" line="103" />
            <source>%1 %2 %</source>
            <translation>%1 %2%</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisCharts.cpp" line="109" />
            <source>GPU time · comm–compute overlap %1 %</source>
            <translation>GPU 时间 · 通信与计算重叠 %1%</translation>
        </message>
        <message>
            <source>Compute %1, non-compute %2, idle %3 of a GPU span of %4 (GPU activities counted: %5).</source>
            <translation type="vanished">在 %4 的 GPU 跨度中：计算 %1，非计算 %2，空闲 %3（计入的 GPU 活动：%5）。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisCharts.cpp" line="98" />
            <source>All-GPU idle</source>
            <translation>全 GPU 空闲</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisCharts.cpp" line="112" />
            <source>Compute %1, non-compute %2, all-GPU idle %3 of a GPU span of %4 (GPU activities counted: %5).</source>
            <translation>计算 %1，非计算 %2，全 GPU 空闲 %3，GPU 跨度共 %4（统计的 GPU 活动：%5）。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisCharts.cpp" line="118" />
            <source>Communication overlapped by computation: %1 % of %2 of communication.</source>
            <translation>被计算重叠的通信：%2 通信时间中的 %1%。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisCharts.cpp" line="121" />
            <source>No communication kernels in the analysed time.</source>
            <translation>分析的时间内没有通信内核。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisCharts.cpp" line="123" />
            <source>The last ProfilerStep is left out, as Holistic Trace Analysis does.</source>
            <translation>与 Holistic Trace Analysis 一样，不计最后一个 ProfilerStep。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisCharts.cpp" line="126" />
            <source>HTA definition: every event carrying a stream counts as GPU time (%1 of them not device activity).</source>
            <translation>HTA 定义：带流的事件都算作 GPU 时间（其中 %1 个不是设备活动）。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisCharts.cpp" line="132" />
            <source>Memory: peak allocated %1, peak reserved %2; %3 cudaMalloc and %4 cudaFree calls.</source>
            <translation>显存：已分配峰值 %1，已保留峰值 %2；%3 次 cudaMalloc 和 %4 次 cudaFree 调用。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisCharts.cpp" line="133" />
            <source>unknown</source>
            <translation>未知</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisCharts.cpp" line="137" />
            <source>Memory: the trace has no allocator events (profile_memory=True records them).</source>
            <translation>显存：跟踪中没有分配器事件（profile_memory=True 时才会记录）。</translation>
        </message>
    </context>
    <context>
        <name>lanescope::CollectiveTypeModel</name>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="201" />
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="204" />
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="205" />
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="212" />
            <source>unknown</source>
            <translation>未知</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="224" />
            <source>Collective</source>
            <translation>集合通信</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="225" />
            <source>Size</source>
            <translation>大小</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="226" />
            <source>Ranks</source>
            <translation>Rank 数</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="227" />
            <source>Calls</source>
            <translation>调用次数</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="228" />
            <source>Total (ms)</source>
            <translation>总计（ms）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="229" />
            <source>Median busbw (GB/s)</source>
            <translation>busbw 中位数（GB/s）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="230" />
            <source>Best busbw (GB/s)</source>
            <translation>最佳 busbw（GB/s）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="231" />
            <source>% of link</source>
            <translation>占互连 %</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="236" />
            <source>The collective's whole buffer, as nccl-tests counts it (all-gather: the output; reduce-scatter: the input)</source>
            <translation>集合通信的完整缓冲区，按 nccl-tests 的计法（all-gather：输出；reduce-scatter：输入）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="239" />
            <source>Bus bandwidth as nccl-tests computes it: the size over the kernel's duration, times 2(n-1)/n for all-reduce, (n-1)/n for all-gather, reduce-scatter and all-to-all. On one rank's trace the duration includes waiting for the last rank.</source>
            <translation>按 nccl-tests 的方法计算的总线带宽：大小除以内核时长，all-reduce 乘以 2(n-1)/n，all-gather、reduce-scatter 和 all-to-all 乘以 (n-1)/n。在单个 rank 的跟踪中，时长包含等待最后一个 rank 的时间。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="243" />
            <source>The median bus bandwidth's share of the GPU's link per direction (NVLink, Infinity Fabric or PCIe, from the GPU table in Preferences); a collective across nodes is bound by the network instead. Unknown for a GPU the table does not have.</source>
            <translation>总线带宽中位数占 GPU 单向互连带宽（NVLink、Infinity Fabric 或 PCIe，取自首选项中的 GPU 表）的比例；跨节点的集合通信受网络限制。表中没有的 GPU 为未知。</translation>
        </message>
    </context>
    <context>
        <name>lanescope::ComparisonDock</name>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="44" />
            <source>Comparison</source>
            <translation>比较</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="104" />
            <source>Copy Table</source>
            <translation>复制表格</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="105" />
            <source>Copy the figures as tab-separated text (pastes into a spreadsheet)</source>
            <translation>将数据复制为制表符分隔的文本（可粘贴到电子表格）</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="111" />
            <source>Metrics</source>
            <translation>指标</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="118" />
            <source>Export Chart…</source>
            <translation>导出图表…</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="119" />
            <source>Write the chart as PNG or SVG</source>
            <translation>将图表导出为 PNG 或 SVG</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="128" />
            <source>Waterfall</source>
            <translation>瀑布图</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="130" />
            <source>Throughput</source>
            <translation>吞吐量</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="132" />
            <source>Trend</source>
            <translation>趋势</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="133" />
            <source>Differences</source>
            <translation>差异</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="149" />
            <source>Comparing…</source>
            <translation>正在比较…</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="164" />
            <source>The profiling sessions of the log_dir, earliest first: tick those to compare (the earliest ticked is the baseline)</source>
            <translation>log_dir 中的性能分析会话，最早的在前：勾选要比较的会话（勾选的最早一个为基线）</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="180" />
            <source>The runs, the baseline first. Double-click a label to rename it.</source>
            <translation>各个运行，基线在最前。双击标签可重命名。</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="194" />
            <source>Add…</source>
            <translation>添加…</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="194" />
            <source>Add a trace to the comparison</source>
            <translation>向比较中添加跟踪文件</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="195" />
            <source>Up</source>
            <translation>上移</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="195" />
            <source>Move the run up (the top run is the baseline)</source>
            <translation>上移该运行（最上面的运行为基线）</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="196" />
            <source>Down</source>
            <translation>下移</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="196" />
            <source>Move the run down</source>
            <translation>下移该运行</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="197" />
            <source>Remove</source>
            <translation>移除</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="197" />
            <source>Take the run out of the comparison</source>
            <translation>将该运行移出比较</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="209" />
            <source>Align on:</source>
            <translation>对齐方式：</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="213" />
            <source>Put the same complete ProfilerStep of every run (by position: runs number their steps differently) at one time, or every trace's start</source>
            <translation>将每个运行的同一个完整 ProfilerStep（按位置对应：各运行的步编号可能不同）放在同一时刻，或对齐每个跟踪文件的起点</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="216" />
            <source>Measure:</source>
            <translation>统计范围：</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="220" />
            <source>Whole traces</source>
            <translation>整个跟踪</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="221" />
            <source>Aligned step only</source>
            <translation>仅对齐的步</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="222" />
            <source>Figures and differences over each whole trace, or over the aligned step of each run</source>
            <translation>指标与差异按每个完整跟踪统计，或只按每个运行中对齐的那一步统计</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="224" />
            <source>Fold template arguments</source>
            <translation>合并模板参数</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="225" />
            <source>Count kernels that differ only in their template arguments as one row</source>
            <translation>只有模板参数不同的内核按同一行计数</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="286" />
            <source>Filter names…</source>
            <translation>筛选名称…</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="291" />
            <source>Counts</source>
            <translation>次数</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="292" />
            <source>Show how many of each ran in every run</source>
            <translation>显示每项在各运行中的次数</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="294" />
            <source>Per step</source>
            <translation>按每步</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="295" />
            <source>Time per ProfilerStep instead of the whole trace's total (on by itself when the runs recorded different numbers of steps)</source>
            <translation>按每个 ProfilerStep 的时间显示，而不是整个跟踪的总时间（各运行记录的步数不同时自动开启）</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="307" />
            <source>GPU kernels</source>
            <translation>GPU 内核</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="308" />
            <source>CPU operators</source>
            <translation>CPU 算子</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="309" />
            <source>Gaps</source>
            <translation>空闲间隙</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="331" />
            <source>Hardware use</source>
            <translation>硬件利用</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="333" />
            <source>Python lines</source>
            <translation>Python 代码行</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="334" />
            <source>Which lines of Python launch more GPU time or take more CPU time than in the baseline (traces recorded with with_stack=True)</source>
            <translation>哪些 Python 代码行比基线启动了更多 GPU 时间或占用了更多 CPU 时间（需以 with_stack=True 录制的跟踪文件）</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="338" />
            <source>Click a row to outline its slices in every run's lanes; Esc in the timeline keeps them, a second click on the row clears them.</source>
            <translation>单击一行可在每个运行的泳道中勾出其切片；在时间线中按 Esc 会保留勾勒，再次单击该行则清除。</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="416" />
            <source>%1 — the baseline</source>
            <translation>%1 — 基线</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="440" />
            <source>First complete step</source>
            <translation>第一个完整步</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="440" />
            <source>Complete step %1</source>
            <translation>第 %1 个完整步</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="441" />
            <source>Trace start</source>
            <translation>跟踪起点</translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/compare/ComparisonDock.cpp" line="564" />
            <source>%n runs compared, aligned on complete step %1</source>
            <translation>
                <numerusform>已比较 %n 个运行，按完整步 %1 对齐</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/compare/ComparisonDock.cpp" line="566" />
            <source>%n runs compared, aligned on their starts</source>
            <translation>
                <numerusform>已比较 %n 个运行，按各自起点对齐</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n run(s) compared, aligned on complete step %1</source>
            <translation type="vanished">
                <numerusform>已比较 %n 个运行，按第 %1 个完整步对齐</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n run(s) compared, aligned on their starts</source>
            <translation type="vanished">
                <numerusform>已比较 %n 个运行，按各自起点对齐</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="568" />
            <source>The runs could not be compared.</source>
            <translation>无法比较这些运行。</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="568" />
            <source>Open two or more traces to compare them.</source>
            <translation>打开两个或更多跟踪文件以进行比较。</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="583" />
            <source>Outline cleared.</source>
            <translation>已清除勾勒。</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="592" />
            <source>%1 in %2</source>
            <translation>%2 中 %1 个</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="593" />
            <source>%1: %2 — outlined in yellow.</source>
            <translation>%1：%2 — 已用黄色勾出。</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="593" />
            <source>, </source>
            <translation>，</translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/compare/ComparisonDock.cpp" line="644" />
            <source>%1 — %n file</source>
            <translation>
                <numerusform>%1 — %n 个文件</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/compare/ComparisonDock.cpp" line="644" />
            <source>%1 — %n files</source>
            <translation>
                <numerusform>%1 — %n 个文件</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="647" />
            <source>Started %1 in %2</source>
            <translation>开始于 %1，位于 %2</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="692" />
            <source>Export Chart</source>
            <translation>导出图表</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="696" />
            <source>PNG image (*.png);;SVG drawing (*.svg)</source>
            <translation>PNG 图像 (*.png);;SVG 矢量图 (*.svg)</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ComparisonDock.cpp" line="701" />
            <source>Export failed</source>
            <translation>导出失败</translation>
        </message>
    </context>
    <context>
        <name>lanescope::ComparisonRunner</name>
        <message>
            <location filename="../widgets/compare/ComparisonRunner.cpp" line="42" />
            <source>internal error in the comparison: %1</source>
            <translation>比较内部错误：%1</translation>
        </message>
    </context>
    <context>
        <name>lanescope::CounterLanes</name>
        <message>
            <location filename="../widgets/render/CounterLanes.cpp" line="94" />
            <location filename="../widgets/render/CounterLanes.cpp" line="236" />
            <source>%1/s</source>
            <translation>%1/s</translation>
        </message>
        <message>
            <location filename="../widgets/render/CounterLanes.cpp" line="201" />
            <source>%1 (%2)</source>
            <translation>%1（%2）</translation>
        </message>
    </context>
    <context>
        <name>lanescope::CriticalPathPanel</name>
        <message>
            <location filename="../widgets/analysis/CriticalPathPanel.cpp" line="75" />
            <source>Part</source>
            <translation>部分</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/CriticalPathPanel.cpp" line="75" />
            <source>Share of the step</source>
            <translation>占该步比例</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/CriticalPathPanel.cpp" line="75" />
            <source>Time</source>
            <translation>时间</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/CriticalPathPanel.cpp" line="77" />
            <source>The critical path: the chain of CPU work, launches, kernels and synchronisations that sets the step's length (Holistic Trace Analysis' lightweight critical path). Its parts add up to the step. View &gt; Critical Path draws it on the timeline.</source>
            <translation>关键路径：决定该步时长的由 CPU 工作、启动、内核与同步组成的链（Holistic Trace Analysis 的轻量关键路径）。各部分之和等于该步。“视图 &gt; 关键路径”会在时间线上画出它。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/CriticalPathPanel.cpp" line="98" />
            <source>No critical path: the analysed time holds no complete ProfilerStep.</source>
            <translation>没有关键路径：所分析的时间内没有完整的 ProfilerStep。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/CriticalPathPanel.cpp" line="108" />
            <source>the annotation analysed</source>
            <translation>所分析的注解</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/CriticalPathPanel.cpp" line="109" />
            <source>no complete step in it</source>
            <translation>其中没有完整的步</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/CriticalPathPanel.cpp" line="110" />
            <source>the selected range</source>
            <translation>所选范围</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/CriticalPathPanel.cpp" line="111" />
            <source>Critical path of %1 (%2), %3</source>
            <translation>%1 的关键路径（%2），%3</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/CriticalPathPanel.cpp" line="107" />
            <source>the median step</source>
            <translation>中位步</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/CriticalPathPanel.cpp" line="107" />
            <source>the step analysed</source>
            <translation>所分析的步</translation>
        </message>
    </context>
    <context>
        <name>lanescope::DetailsPanel</name>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="63" />
            <source>Copy All as JSON</source>
            <translation>全部复制为 JSON</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="66" />
            <source>Click a slice to see its details.</source>
            <translation>点击一个切片以查看其详情。</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="67" />
            <source>Copy the whole event, every argument in full, to the clipboard</source>
            <translation>将整个事件（包括全部参数的完整内容）复制到剪贴板</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="123" />
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="165" />
            <source>Run</source>
            <translation>运行</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="123" />
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="165" />
            <source>%1 (baseline)</source>
            <translation>%1（基线）</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="167" />
            <source>Category</source>
            <translation>类别</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="125" />
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="168" />
            <source>Start</source>
            <translation>开始</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="169" />
            <source>Duration</source>
            <translation>时长</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="127" />
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="170" />
            <source>Stream</source>
            <translation>流</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="170" />
            <source>Thread</source>
            <translation>线程</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="130" />
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="173" />
            <source>Step</source>
            <translation>步</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="120" />
            <source>Idle gap</source>
            <translation>空闲间隙</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="126" />
            <source>Length</source>
            <translation>时长</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="131" />
            <source>Cause</source>
            <translation>原因</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="133" />
            <source>Evidence</source>
            <translation>证据</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="135" />
            <source>Waited for</source>
            <translation>等待对象</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="136" />
            <source>Kernel before</source>
            <translation>前一个内核</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="137" />
            <source>Kernel after</source>
            <translation>后一个内核</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="139" />
            <source>GEMM before</source>
            <translation>前一 GEMM</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="141" />
            <source>GEMM after</source>
            <translation>后一 GEMM</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/DetailsHtml.cpp" line="155" />
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="183" />
            <source>Collective</source>
            <translation>集合通信</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="184" />
            <source>Operation</source>
            <translation>操作</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="186" />
            <source>Ranks</source>
            <translation>Rank 数</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="188" />
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="204" />
            <source>Size</source>
            <translation>大小</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/DetailsHtml.cpp" line="161" />
            <location filename="../widgets/timeline/DetailsHtml.cpp" line="182" />
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="188" />
            <source>%1 (%2)</source>
            <translation>%1（%2）</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="190" />
            <source>Algorithm bandwidth</source>
            <translation>算法带宽</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="190" />
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="192" />
            <source>%1 GB/s</source>
            <translation>%1 GB/s</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="192" />
            <source>Bus bandwidth</source>
            <translation>总线带宽</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="196" />
            <source>Of the link</source>
            <translation>占互连</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="197" />
            <source>%1 % of %2 GB/s per direction (%3)</source>
            <translation>单向 %2 GB/s 的 %1 %(%3)</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="202" />
            <source>Size from</source>
            <translation>大小来源</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="202" />
            <source>its record_param_comms operator</source>
            <translation>其 record_param_comms 算子</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="204" />
            <source>not recorded (a trace without "In msg nelems" / "dtype")</source>
            <translation>未记录（跟踪中没有 "In msg nelems" / "dtype"）</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="208" />
            <source>Bus bandwidth as nccl-tests computes it, over this kernel's duration on this rank: waiting for a late rank counts as transfer time here.</source>
            <translation>按 nccl-tests 的方法、以该内核在本 rank 上的时长计算的总线带宽：等待迟到的 rank 的时间在这里也算作传输时间。</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="216" />
            <source>NCCL</source>
            <translation>NCCL</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="221" />
            <source>Linked events</source>
            <translation>关联事件</translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="225" />
            <source>… and %n more</source>
            <translation>
                <numerusform>… 另有 %n 个</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="229" />
            <source>launch</source>
            <translation>启动</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="229" />
            <source>forward/backward</source>
            <translation>前向/反向</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="230" />
            <source>flow</source>
            <translation>流向</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="248" />
            <source>Python stack</source>
            <translation>Python 调用栈</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="256" />
            <source>Arguments</source>
            <translation>参数</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/DetailsHtml.cpp" line="71" />
            <source>… (%1 characters)</source>
            <translation>…（共 %1 个字符）</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/DetailsHtml.cpp" line="100" />
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="136" />
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="137" />
            <source>none</source>
            <translation>无</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/DetailsHtml.cpp" line="108" />
            <source>… and %1 more arguments (Copy All gives the full event as JSON)</source>
            <translation>… 另有 %1 个参数（“全部复制为 JSON”可获取完整事件）</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/DetailsHtml.cpp" line="166" />
            <source>unknown</source>
            <translation>未知</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/DetailsHtml.cpp" line="167" />
            <source>Elements</source>
            <translation>元素数</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/DetailsHtml.cpp" line="167" />
            <source>%1 in, %2 out</source>
            <translation>输入 %1，输出 %2</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/DetailsHtml.cpp" line="170" />
            <source>Data type</source>
            <translation>数据类型</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/DetailsHtml.cpp" line="175" />
            <source>Input splits</source>
            <translation>输入切分</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/DetailsHtml.cpp" line="175" />
            <source>Output splits</source>
            <translation>输出切分</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/DetailsHtml.cpp" line="183" />
            <source>Process group</source>
            <translation>进程组</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/DetailsHtml.cpp" line="186" />
            <source>Group size</source>
            <translation>组大小</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/DetailsHtml.cpp" line="188" />
            <source>Group ranks</source>
            <translation>组内 rank</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/DetailsHtml.cpp" line="190" />
            <source>Rank</source>
            <translation>Rank</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/DetailsHtml.cpp" line="194" />
            <source>Sequence number</source>
            <translation>序列号</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/DetailsHtml.cpp" line="198" />
            <source>Communicator</source>
            <translation>通信器</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/DetailsHtml.cpp" line="256" />
            <source>Source</source>
            <translation>源代码</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/DetailsHtml.cpp" line="261" />
            <source>Open in Editor</source>
            <translation>在编辑器中打开</translation>
        </message>
    </context>
    <context>
        <name>lanescope::EditorLauncher</name>
        <message>
            <location filename="../widgets/source/EditorLauncher.cpp" line="147" />
            <source>The editor command starts with $%1, which is not set.</source>
            <translation>编辑器命令以 $%1 开头，但该变量未设置。</translation>
        </message>
        <message>
            <location filename="../widgets/source/EditorLauncher.cpp" line="171" />
            <source>%1 is not on this computer (looked for %2); add a path map in Edit &gt; Preferences.</source>
            <translation>此计算机上没有 %1（查找了 %2）；请在“编辑 &gt; 首选项”中添加路径映射。</translation>
        </message>
        <message>
            <location filename="../widgets/source/EditorLauncher.cpp" line="178" />
            <source>No program opens %1 on this desktop; set an editor command in Edit &gt; Preferences.</source>
            <translation>此桌面上没有可打开 %1 的程序；请在“编辑 &gt; 首选项”中设置编辑器命令。</translation>
        </message>
        <message>
            <location filename="../widgets/source/EditorLauncher.cpp" line="182" />
            <source>Could not start %1; check the editor command in Edit &gt; Preferences.</source>
            <translation>无法启动 %1；请检查“编辑 &gt; 首选项”中的编辑器命令。</translation>
        </message>
    </context>
    <context>
        <name>lanescope::ExportDialog</name>
        <message>
            <location filename="../widgets/ExportDialog.cpp" line="27" />
            <source>Headline figures (step time, idle, overlap, GEMM gaps, MFU)</source>
            <translation>关键指标（步时长、空闲、重叠、GEMM 间隙、MFU）</translation>
        </message>
        <message>
            <location filename="../widgets/ExportDialog.cpp" line="30" />
            <location filename="../widgets/ExportDialog.cpp" line="78" />
            <source>Export Picture</source>
            <translation>导出图片</translation>
        </message>
        <message>
            <location filename="../widgets/ExportDialog.cpp" line="31" />
            <source>Browse…</source>
            <translation>浏览…</translation>
        </message>
        <message>
            <location filename="../widgets/ExportDialog.cpp" line="36" />
            <source>The format follows the suffix: .png, .svg or .pdf</source>
            <translation>格式由后缀决定：.png、.svg 或 .pdf</translation>
        </message>
        <message>
            <location filename="../widgets/ExportDialog.cpp" line="38" />
            <source>As the window (%1 px wide)</source>
            <translation>与窗口相同（宽 %1 px）</translation>
        </message>
        <message>
            <location filename="../widgets/ExportDialog.cpp" line="39" />
            <source>As the window, 2x pixels (%1 px)</source>
            <translation>与窗口相同，2 倍像素（%1 px）</translation>
        </message>
        <message>
            <location filename="../widgets/ExportDialog.cpp" line="40" />
            <source>Width in pixels:</source>
            <translation>宽度（像素）：</translation>
        </message>
        <message>
            <location filename="../widgets/ExportDialog.cpp" line="43" />
            <source> px</source>
            <translation> px</translation>
        </message>
        <message>
            <location filename="../widgets/ExportDialog.cpp" line="48" />
            <source>As shown (collapsed groups stay collapsed)</source>
            <translation>与当前显示相同（折叠的分组保持折叠）</translation>
        </message>
        <message>
            <location filename="../widgets/ExportDialog.cpp" line="49" />
            <source>GPU lanes only</source>
            <translation>仅 GPU 泳道</translation>
        </message>
        <message>
            <location filename="../widgets/ExportDialog.cpp" line="50" />
            <source>All lanes, expanded</source>
            <translation>全部泳道，展开</translation>
        </message>
        <message>
            <location filename="../widgets/ExportDialog.cpp" line="52" />
            <source>default: file name, rank and GPU</source>
            <translation>默认：文件名、rank 和 GPU</translation>
        </message>
        <message>
            <location filename="../widgets/ExportDialog.cpp" line="55" />
            <source>File:</source>
            <translation>文件：</translation>
        </message>
        <message>
            <location filename="../widgets/ExportDialog.cpp" line="56" />
            <source>Size:</source>
            <translation>尺寸：</translation>
        </message>
        <message>
            <location filename="../widgets/ExportDialog.cpp" line="57" />
            <source>Lanes:</source>
            <translation>泳道：</translation>
        </message>
        <message>
            <location filename="../widgets/ExportDialog.cpp" line="58" />
            <source>Title:</source>
            <translation>标题：</translation>
        </message>
        <message>
            <location filename="../widgets/ExportDialog.cpp" line="61" />
            <source>Export</source>
            <translation>导出</translation>
        </message>
        <message>
            <location filename="../widgets/ExportDialog.cpp" line="79" />
            <source>PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)</source>
            <translation>PNG 图像 (*.png);;SVG 矢量图 (*.svg);;PDF 文档 (*.pdf)</translation>
        </message>
    </context>
    <context>
        <name>lanescope::FlameGraph</name>
        <message>
            <location filename="../widgets/source/FlameGraph.cpp" line="254" />
            <source>No Python frames: record the trace with with_stack=True to see which lines of Python launch the GPU's work.</source>
            <translation>没有 Python 帧：以 with_stack=True 录制跟踪，即可看到 GPU 的工作由哪些 Python 代码行启动。</translation>
        </message>
        <message>
            <location filename="../widgets/source/FlameGraph.cpp" line="256" />
            <source>No GPU time was launched from inside a Python frame: weigh the frames by CPU time.</source>
            <translation>没有从 Python 帧内启动的 GPU 时间：改按 CPU 时间衡量各帧。</translation>
        </message>
        <message>
            <location filename="../widgets/source/FlameGraph.cpp" line="257" />
            <source>The Python frames take no CPU time.</source>
            <translation>Python 帧不占用 CPU 时间。</translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/source/FlameGraph.cpp" line="272" />
            <source>%Ln frame narrower than a pixel: %1 (%2 of the width). Double-click the frame above to zoom in.</source>
            <translation>
                <numerusform>%Ln 个帧窄于一个像素：共 %1（占宽度的 %2）。双击上方的帧可放大。</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/source/FlameGraph.cpp" line="273" />
            <source>%Ln frames, each narrower than a pixel: %1 together (%2 of the width). Double-click the frame above to zoom in.</source>
            <translation>
                <numerusform>%Ln 个帧，每个都窄于一个像素：合计 %1（占宽度的 %2）。双击上方的帧可放大。</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../widgets/source/FlameGraph.cpp" line="283" />
            <source>Calls: %1</source>
            <translation>调用次数：%1</translation>
        </message>
        <message>
            <location filename="../widgets/source/FlameGraph.cpp" line="284" />
            <source>GPU time launched: %1 (self %2)</source>
            <translation>启动的 GPU 时间：%1（自身 %2）</translation>
        </message>
        <message>
            <location filename="../widgets/source/FlameGraph.cpp" line="285" />
            <source>CPU time: %1 (self %2)</source>
            <translation>CPU 时间：%1（自身 %2）</translation>
        </message>
        <message>
            <location filename="../widgets/source/FlameGraph.cpp" line="286" />
            <source>%1 of the width</source>
            <translation>占宽度的 %1</translation>
        </message>
    </context>
    <context>
        <name>lanescope::FolderLoadJob</name>
        <message>
            <source>not enough memory to open the folder %1</source>
            <translation type="vanished">内存不足，无法打开文件夹 %1</translation>
        </message>
        <message>
            <source>internal error while opening the folder %1: %2</source>
            <translation type="vanished">打开文件夹 %1 时发生内部错误：%2</translation>
        </message>
    </context>
    <context>
        <name>lanescope::GapCauseStyle</name>
        <message>
            <location filename="../widgets/render/GapCauseStyle.cpp" line="23" />
            <source>Communication wait</source>
            <translation>等待通信</translation>
        </message>
        <message>
            <location filename="../widgets/render/GapCauseStyle.cpp" line="24" />
            <source>Late CPU launch</source>
            <translation>CPU 启动过晚</translation>
        </message>
        <message>
            <location filename="../widgets/render/GapCauseStyle.cpp" line="25" />
            <source>Allocator</source>
            <translation>显存分配器</translation>
        </message>
        <message>
            <location filename="../widgets/render/GapCauseStyle.cpp" line="26" />
            <source>Synchronisation</source>
            <translation>同步</translation>
        </message>
        <message>
            <location filename="../widgets/render/GapCauseStyle.cpp" line="27" />
            <source>Data loader</source>
            <translation>数据加载</translation>
        </message>
        <message>
            <location filename="../widgets/render/GapCauseStyle.cpp" line="28" />
            <location filename="../widgets/render/GapCauseStyle.cpp" line="30" />
            <source>Other</source>
            <translation>其他</translation>
        </message>
        <message>
            <location filename="../widgets/render/GapCauseStyle.cpp" line="37" />
            <source>An NCCL collective on another stream ran through the gap and the next kernel started when it ended.</source>
            <translation>另一条流上的 NCCL 集合通信贯穿了该间隙，下一个内核在它结束时才开始。</translation>
        </message>
        <message>
            <location filename="../widgets/render/GapCauseStyle.cpp" line="38" />
            <source>The next kernel's launch call came after the stream had run dry.</source>
            <translation>下一个内核的启动调用发生在该流已无任务之后。</translation>
        </message>
        <message>
            <location filename="../widgets/render/GapCauseStyle.cpp" line="39" />
            <source>cudaMalloc / cudaFree (the caching allocator) ran during the gap.</source>
            <translation>间隙期间执行了 cudaMalloc / cudaFree（缓存分配器）。</translation>
        </message>
        <message>
            <location filename="../widgets/render/GapCauseStyle.cpp" line="40" />
            <source>The CPU waited on the GPU (a synchronize call or a blocking copy) during the gap.</source>
            <translation>间隙期间 CPU 在等待 GPU（同步调用或阻塞式拷贝）。</translation>
        </message>
        <message>
            <location filename="../widgets/render/GapCauseStyle.cpp" line="41" />
            <source>The gap spans a step boundary while the CPU was in the DataLoader.</source>
            <translation>间隙跨越了步边界，且此时 CPU 正在 DataLoader 中。</translation>
        </message>
        <message>
            <location filename="../widgets/render/GapCauseStyle.cpp" line="42" />
            <source>Nothing in the trace explains the gap.</source>
            <translation>跟踪中没有能解释该间隙的事件。</translation>
        </message>
    </context>
    <context>
        <name>lanescope::GapHistogram</name>
        <message>
            <source>%1 s</source>
            <translation type="vanished">%1 秒</translation>
        </message>
        <message>
            <source>%1 ms</source>
            <translation type="vanished">%1 毫秒</translation>
        </message>
        <message>
            <source>%1 µs</source>
            <translation type="vanished">%1 微秒</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisCharts.cpp" line="175" />
            <source>≥ %1</source>
            <translation>≥ %1</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisCharts.cpp" line="180" />
            <location filename="../widgets/analysis/AnalysisCharts.cpp" line="181" />
            <source>%1–%2</source>
            <translation>%1–%2</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisCharts.cpp" line="189" />
            <source>Gap lengths</source>
            <translation>间隙时长</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisCharts.cpp" line="219" />
            <source>Gap lengths: no gaps listed</source>
            <translation>间隙时长：没有列出的间隙</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisCharts.cpp" line="222" />
            <source>Gap lengths (gaps listed: %1)</source>
            <translation>间隙时长（列出的间隙：%1）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisCharts.cpp" line="243" />
            <source>gap length</source>
            <translation>间隙时长</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/AnalysisCharts.cpp" line="256" />
            <source>gaps</source>
            <translation>间隙数</translation>
        </message>
    </context>
    <context>
        <name>lanescope::GapTableModel</name>
        <message>
            <source>%1 s</source>
            <translation type="vanished">%1 秒</translation>
        </message>
        <message>
            <source>%1 ms</source>
            <translation type="vanished">%1 毫秒</translation>
        </message>
        <message>
            <source>%1 µs</source>
            <translation type="vanished">%1 微秒</translation>
        </message>
        <message>
            <source>%1 ns</source>
            <translation type="vanished">%1 纳秒</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/GapTableModel.cpp" line="170" />
            <source>Compute idle %1 %</source>
            <translation>计算空闲 %1%</translation>
        </message>
        <message numerus="yes">
            <source>of the analysed time (the CPU spans of %n step(s), %1) in which no GPU computed</source>
            <translation type="vanished">
                <numerusform>即分析时间（%n 步的 CPU 跨度，共 %1）中没有任何 GPU 在计算的占比</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/analysis/GapTableModel.cpp" line="175" />
            <source>of the analysed time (the CPU span of %n step, %1) in which no GPU computed</source>
            <translation>
                <numerusform>即分析时间（%n 步的 CPU 区间，共 %1）中没有任何 GPU 在计算的占比</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/analysis/GapTableModel.cpp" line="177" />
            <source>of the analysed time (the CPU spans of %n steps, %1) in which no GPU computed</source>
            <translation>
                <numerusform>即分析时间（%n 步的 CPU 跨度，共 %1）中没有任何 GPU 在计算的占比</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../widgets/analysis/GapTableModel.cpp" line="179" />
            <source>of the analysed time (the GPU's busy span, %1) in which no GPU computed</source>
            <translation>即分析时间（GPU 忙碌跨度，共 %1）中没有任何 GPU 在计算的占比</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/GapTableModel.cpp" line="206" />
            <location filename="../widgets/analysis/GapTableModel.cpp" line="207" />
            <source>none</source>
            <translation>无</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/GapTableModel.cpp" line="223" />
            <source>No GEMM on the stream before this gap</source>
            <translation>此间隙之前该流上没有 GEMM</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/GapTableModel.cpp" line="224" />
            <source>No GEMM on the stream after this gap</source>
            <translation>此间隙之后该流上没有 GEMM</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/GapTableModel.cpp" line="228" />
            <source>%1
nearest GEMM before: %2</source>
            <translation>%1
之前最近的 GEMM：%2</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/GapTableModel.cpp" line="233" />
            <source>%1
nearest GEMM after: %2</source>
            <translation>%1
之后最近的 GEMM：%2</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/GapTableModel.cpp" line="253" />
            <source>GPU</source>
            <translation>GPU</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/GapTableModel.cpp" line="254" />
            <source>Stream</source>
            <translation>流</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/GapTableModel.cpp" line="255" />
            <source>Start (ms)</source>
            <translation>开始（ms）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/GapTableModel.cpp" line="256" />
            <source>Duration</source>
            <translation>时长</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/GapTableModel.cpp" line="257" />
            <source>Kernel before</source>
            <translation>前一个内核</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/GapTableModel.cpp" line="258" />
            <source>Kernel after</source>
            <translation>后一个内核</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/GapTableModel.cpp" line="259" />
            <source>Cause</source>
            <translation>原因</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/GapTableModel.cpp" line="260" />
            <source>GEMM before</source>
            <translation>前一 GEMM</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/GapTableModel.cpp" line="261" />
            <source>GEMM after</source>
            <translation>后一 GEMM</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/GapTableModel.cpp" line="262" />
            <source>Evidence</source>
            <translation>证据</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/GapTableModel.cpp" line="267" />
            <source>The GPU (device index) of the stream</source>
            <translation>该流所在的 GPU（设备序号）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/GapTableModel.cpp" line="268" />
            <source>The CUDA stream whose next activity waited; no stream of the GPU computed during the gap</source>
            <translation>其下一个活动在等待的 CUDA 流；间隙期间该 GPU 上没有任何流在计算</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/GapTableModel.cpp" line="270" />
            <source>The activity that ended when the gap began: this stream's, or the compute kernel of another stream that ended last</source>
            <translation>间隙开始时结束的活动：本流上的活动，或另一个流上最后结束的计算内核</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/GapTableModel.cpp" line="271" />
            <source>The activity on the stream that ended the gap</source>
            <translation>该流上结束此间隙的活动</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/GapTableModel.cpp" line="272" />
            <source>Why the GPU computed nothing, judged on the stream whose next activity waited, from what the CPU and the other streams did meanwhile</source>
            <translation>以下一个活动在等待的那个流为准，根据同一时间 CPU 和其他流的行为，推断 GPU 为何没有任何计算</translation>
        </message>
        <message>
            <source>The CUDA stream that ran nothing</source>
            <translation type="vanished">处于空闲的 CUDA 流</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/GapTableModel.cpp" line="269" />
            <source>When the gap began, in ms from the trace's first event</source>
            <translation>间隙开始的时刻，从跟踪第一个事件起算（ms）</translation>
        </message>
        <message>
            <source>The last activity on the stream before the gap</source>
            <translation type="vanished">间隙之前该流上的最后一个活动</translation>
        </message>
        <message>
            <source>The first activity on the stream after the gap</source>
            <translation type="vanished">间隙之后该流上的第一个活动</translation>
        </message>
        <message>
            <source>Why the stream ran nothing, from what the CPU and the other streams did meanwhile</source>
            <translation type="vanished">根据同一时间 CPU 和其他流的行为，推断该流为何空闲</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/GapTableModel.cpp" line="273" />
            <source>The nearest GEMM kernel on the stream before the gap: the start of its GEMM-to-GEMM window</source>
            <translation>该流上间隙之前最近的 GEMM 内核：其 GEMM 到 GEMM 窗口的起点</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/GapTableModel.cpp" line="274" />
            <source>The nearest GEMM kernel on the stream after the gap: the end of its GEMM-to-GEMM window</source>
            <translation>该流上间隙之后最近的 GEMM 内核：其 GEMM 到 GEMM 窗口的终点</translation>
        </message>
    </context>
    <context>
        <name>lanescope::HardwareDiffModel</name>
        <message>
            <location filename="../widgets/compare/HardwareDiffModel.cpp" line="49" />
            <source>%1 bus bandwidth (GB/s)</source>
            <translation>%1 总线带宽（GB/s）</translation>
        </message>
        <message>
            <location filename="../widgets/compare/HardwareDiffModel.cpp" line="51" />
            <source>%1 at the memory peak</source>
            <translation>%1 在内存峰值时占用</translation>
        </message>
        <message>
            <location filename="../widgets/compare/HardwareDiffModel.cpp" line="52" />
            <source>%1 (TFLOPS)</source>
            <translation>%1（TFLOPS）</translation>
        </message>
        <message>
            <location filename="../widgets/compare/HardwareDiffModel.cpp" line="65" />
            <source>Device memory that %1 allocated and still held when allocated memory peaked (allocations paired with their frees by address)</source>
            <translation>%1 分配且在已分配内存达到峰值时仍占用的设备内存（分配与释放按地址配对）</translation>
        </message>
        <message>
            <location filename="../widgets/compare/HardwareDiffModel.cpp" line="70" />
            <source>Median bus bandwidth (nccl-tests' busbw) over the %1 kernels whose size and group are known, each over its duration on this rank</source>
            <translation>已知消息大小和组大小的 %1 内核的总线带宽（nccl-tests 的 busbw）中位数，每个按其在本 rank 上的时长计算</translation>
        </message>
        <message>
            <location filename="../widgets/compare/HardwareDiffModel.cpp" line="73" />
            <source>Achieved TFLOPS of %1: its FLOPs from the recorded shapes over the GPU time of the kernels it launched</source>
            <translation>%1 达到的 TFLOPS：由记录的形状算出的 FLOPs 除以其启动的内核的 GPU 时间</translation>
        </message>
        <message>
            <location filename="../widgets/compare/HardwareDiffModel.cpp" line="84" />
            <location filename="../widgets/compare/HardwareDiffModel.cpp" line="98" />
            <source>—</source>
            <translation>—</translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/compare/HardwareDiffModel.cpp" line="92" />
            <source>%1: %n measured</source>
            <translation>
                <numerusform>%1：测得 %n 个</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../widgets/compare/HardwareDiffModel.cpp" line="120" />
            <source>Figure</source>
            <translation>指标</translation>
        </message>
        <message>
            <location filename="../widgets/compare/HardwareDiffModel.cpp" line="124" />
            <source>The figure in %1</source>
            <translation>%1 中的指标值</translation>
        </message>
        <message>
            <location filename="../widgets/compare/HardwareDiffModel.cpp" line="124" />
            <source>%1 against the baseline %2, in percent</source>
            <translation>%1 相对基线 %2 的变化（百分比）</translation>
        </message>
        <message>
            <location filename="../widgets/compare/HardwareDiffModel.cpp" line="125" />
            <source>Δ %1</source>
            <translation>Δ %1</translation>
        </message>
    </context>
    <context>
        <name>lanescope::JobView</name>
        <message>
            <location filename="../widgets/ranks/JobView.cpp" line="152" />
            <source>%1 · straggler</source>
            <translation>%1 · 掉队者</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/JobView.cpp" line="203" />
            <source>Open a folder of rank traces to see the job, one row per rank</source>
            <translation>打开一个包含各 rank 跟踪文件的文件夹即可查看作业，每个 rank 一行</translation>
        </message>
        <message numerus="yes">
            <source>%n rank(s)</source>
            <translation type="vanished">
                <numerusform>%n 个 rank</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/ranks/JobView.cpp" line="223" />
            <source>%n rank</source>
            <translation>
                <numerusform>%n 个 rank</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/ranks/JobView.cpp" line="223" />
            <source>%n ranks</source>
            <translation>
                <numerusform>%n 个 rank</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../widgets/ranks/JobView.cpp" line="235" />
            <source>compute stream busy</source>
            <translation>计算流忙碌</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/JobView.cpp" line="236" />
            <source>idle</source>
            <translation>空闲</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/JobView.cpp" line="247" />
            <source>straggler</source>
            <translation>掉队者</translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/ranks/JobView.cpp" line="286" />
            <source>+%n more rank: make the window taller</source>
            <translation>
                <numerusform>另有 %n 个 rank：请增大窗口高度</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/ranks/JobView.cpp" line="287" />
            <source>+%n more ranks: make the window taller</source>
            <translation>
                <numerusform>另有 %n 个 rank：请把窗口拉高</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/ranks/JobView.cpp" line="304" />
            <source>%n listed gap, %1</source>
            <translation>
                <numerusform>%n 个所列间隙，共 %1</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/ranks/JobView.cpp" line="304" />
            <source>%n listed gaps, %1</source>
            <translation>
                <numerusform>列出的间隙 %n 个，共 %1</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>+%n more rank(s): make the window taller</source>
            <translation type="vanished">
                <numerusform>另有 %n 个 rank：请把窗口拉高</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../widgets/ranks/JobView.cpp" line="296" />
            <source>no compute stream</source>
            <translation>没有计算流</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/JobView.cpp" line="299" />
            <source>compute stream busy %1 of its %2</source>
            <translation>计算流在其 %2 中忙碌 %1</translation>
        </message>
        <message numerus="yes">
            <source>%n listed gap(s), %1</source>
            <translation type="vanished">
                <numerusform>列出的间隙 %n 个，共 %1</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../widgets/ranks/JobView.cpp" line="307" />
            <source>Click to open its lanes</source>
            <translation>单击打开其泳道</translation>
        </message>
    </context>
    <context>
        <name>lanescope::KernelSummaryModel</name>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="26" />
            <source>GEMM</source>
            <translation>GEMM</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="27" />
            <source>attention</source>
            <translation>注意力</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="28" />
            <source>other</source>
            <translation>其他</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="29" />
            <source>communication</source>
            <translation>通信</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="30" />
            <source>memcpy/memset</source>
            <translation>memcpy/memset</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="86" />
            <source>Kernel</source>
            <translation>内核</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="87" />
            <source>Class</source>
            <translation>类别</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="88" />
            <source>Calls</source>
            <translation>调用次数</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="89" />
            <source>Total (ms)</source>
            <translation>总计（ms）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="90" />
            <source>GPU %</source>
            <translation>GPU 占比 %</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="91" />
            <source>Mean (µs)</source>
            <translation>平均（µs）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="92" />
            <source>Median (µs)</source>
            <translation>中位数（µs）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="93" />
            <source>Min (µs)</source>
            <translation>最小（µs）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="94" />
            <source>Max (µs)</source>
            <translation>最大（µs）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="95" />
            <source>Streams</source>
            <translation>流</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="100" />
            <source>Share of the GPU time of every kernel, copy and memset in the scope (the column adds up to 100 %)</source>
            <translation>占范围内所有内核、拷贝和 memset 的 GPU 时间的比例（此列合计为 100 %）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="101" />
            <source>The calls' durations summed: streams running at once each count their own time</source>
            <translation>各次调用时长之和：同时运行的多个流各自计入自己的时间</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="102" />
            <source>The streams the kernel ran on</source>
            <translation>该内核运行过的流</translation>
        </message>
    </context>
    <context>
        <name>lanescope::LatestRunner</name>
        <message>
            <location filename="../widgets/analysis/LatestRunner.cpp" line="48" />
            <source>not enough memory (what it had taken is freed)</source>
            <translation>内存不足（已释放其占用的内存）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/LatestRunner.cpp" line="52" />
            <source>an unknown error</source>
            <translation>未知错误</translation>
        </message>
    </context>
    <context>
        <name>lanescope::LaunchPanel</name>
        <message>
            <location filename="../widgets/analysis/LaunchPanel.cpp" line="55" />
            <source>Stream</source>
            <translation>流</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/LaunchPanel.cpp" line="55" />
            <source>Idle</source>
            <translation>空闲</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/LaunchPanel.cpp" line="55" />
            <source>Host wait</source>
            <translation>主机等待</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/LaunchPanel.cpp" line="55" />
            <source>Kernel wait</source>
            <translation>内核等待</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/LaunchPanel.cpp" line="55" />
            <source>Other</source>
            <translation>其他</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/LaunchPanel.cpp" line="55" />
            <source>Queue mean</source>
            <translation>队列均值</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/LaunchPanel.cpp" line="56" />
            <source>Queue max</source>
            <translation>队列最大值</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/LaunchPanel.cpp" line="56" />
            <source>Queue full</source>
            <translation>队列满</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/LaunchPanel.cpp" line="60" />
            <source>Holistic Trace Analysis' idle time breakdown: each gap before a kernel on the stream is
- host wait: the kernel's launch call started after the stream's previous work ended (the CPU did not enqueue fast enough);
- kernel wait: otherwise, a gap under 30 µs (launch overhead between back-to-back kernels);
- other: the rest.
The Gaps tab's causes look further: a comm_wait gap (the stream waiting on a collective), a sync or an allocator gap is "other" here unless the CPU launched late.</source>
            <translation>Holistic Trace Analysis 的空闲时间分解：流上每个内核之前的间隙归为
- 主机等待：该内核的启动调用在流上前一项工作结束之后才开始（CPU 入队不够快）；
- 内核等待：否则，间隙短于 30 µs（背靠背内核之间的启动开销）；
- 其他：其余情况。
“间隙”页的原因分得更细：comm_wait 间隙（流在等待集合通信）、sync 或 allocator 间隙在这里都算“其他”，除非 CPU 启动得晚。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/LaunchPanel.cpp" line="69" />
            <source>The stream's idle time between its kernels, copies and memsets</source>
            <translation>该流在其内核、拷贝和 memset 之间的空闲时间</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/LaunchPanel.cpp" line="70" />
            <source>Operations launched on the stream and not yet finished, on average over time</source>
            <translation>已在该流上启动但尚未完成的操作数，按时间平均</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/LaunchPanel.cpp" line="71" />
            <source>Time with %1 operations queued: cudaLaunchKernel blocks the CPU then</source>
            <translation>队列中有 %1 个操作的时间：此时 cudaLaunchKernel 会阻塞 CPU</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/LaunchPanel.cpp" line="73" />
            <source>Launch delay</source>
            <translation>启动延迟</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/LaunchPanel.cpp" line="73" />
            <source>At</source>
            <translation>位置</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/LaunchPanel.cpp" line="73" />
            <source>Call</source>
            <translation>调用</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/LaunchPanel.cpp" line="73" />
            <source>Kernel</source>
            <translation>内核</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/LaunchPanel.cpp" line="73" />
            <source>Name</source>
            <translation>名称</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/LaunchPanel.cpp" line="75" />
            <source>The launches that waited longest between the end of their launch call and the start of their kernel. Click: select the kernel in the timeline.</source>
            <translation>从启动调用结束到内核开始等待最久的启动。单击：在时间线中选中该内核。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/LaunchPanel.cpp" line="77" />
            <source>Kernel start minus the end of its launch call</source>
            <translation>内核开始时间减去其启动调用的结束时间</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/LaunchPanel.cpp" line="78" />
            <source>How long the launch call ran on the CPU</source>
            <translation>启动调用在 CPU 上运行的时长</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/LaunchPanel.cpp" line="79" />
            <source>How long the kernel ran on the GPU</source>
            <translation>内核在 GPU 上运行的时长</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/LaunchPanel.cpp" line="102" />
            <source>No kernel matched to the call that launched it.</source>
            <translation>没有内核与启动它的调用匹配。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/LaunchPanel.cpp" line="104" />
            <source>%1 launches: launch delay median %2, p95 %3; %4 ran shorter on the GPU than their launch call, %5 calls over 50 µs, %6 delays over 100 µs.</source>
            <translation>%1 次启动：启动延迟中位数 %2，p95 %3；%4 次在 GPU 上的运行时间短于其启动调用，%5 次调用超过 50 µs，%6 次延迟超过 100 µs。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/LaunchPanel.cpp" line="110" />
            <source>Host wait: %1 of the compute streams' idle time.</source>
            <translation>主机等待：占计算流空闲时间的 %1。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/LaunchPanel.cpp" line="112" />
            <source>(Holistic Trace Analysis' definitions: its launch calls, the whole trace.)</source>
            <translation>（Holistic Trace Analysis 的定义：它的启动调用，整个 trace。）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/LaunchPanel.cpp" line="113" />
            <source>(Over the analysed steps; CUDA, HIP and MTIA launch calls.)</source>
            <translation>（在分析的步内；CUDA、HIP 和 MTIA 的启动调用。）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/LaunchPanel.cpp" line="118" />
            <source>GPU %1 stream %2</source>
            <translation>GPU %1 流 %2</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/LaunchPanel.cpp" line="118" />
            <source>stream %1</source>
            <translation>流 %1</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/LaunchPanel.cpp" line="121" />
            <source>%1 (%2)</source>
            <translation>%1（%2）</translation>
        </message>
    </context>
    <context>
        <name>lanescope::LegendWidget</name>
        <message>
            <location filename="../widgets/render/PictureExport.cpp" line="43" />
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="454" />
            <source>Memory allocated</source>
            <translation>已分配内存</translation>
        </message>
        <message>
            <location filename="../widgets/render/PictureExport.cpp" line="45" />
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="455" />
            <source>Memory reserved</source>
            <translation>已保留内存</translation>
        </message>
        <message>
            <location filename="../widgets/render/PictureExport.cpp" line="48" />
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="456" />
            <source>Memory spike (allocated and freed within 20 ms)</source>
            <translation>内存尖峰（20 ms 内分配又释放）</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="457" />
            <source>Flow (CPU launch → GPU kernel)</source>
            <translation>流向（CPU 启动 → GPU 内核）</translation>
        </message>
    </context>
    <context>
        <name>lanescope::LogDirController</name>
        <message numerus="yes">
            <location filename="../app/gui/LogDirController.cpp" line="219" />
            <source>%n session</source>
            <translation>
                <numerusform>%n 个会话</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../app/gui/LogDirController.cpp" line="219" />
            <source>%n sessions</source>
            <translation>
                <numerusform>%n 个会话</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../app/gui/LogDirController.cpp" line="221" />
            <source>Watching %1 (%2): the last session, %3, arrived at %4.</source>
            <translation>正在监视 %1（%2）：最近的会话 %3 于 %4 到达。</translation>
        </message>
        <message>
            <location filename="../app/gui/LogDirController.cpp" line="224" />
            <source>Watching %1 (%2): each new session joins the comparison when its files are complete.</source>
            <translation>正在监视 %1（%2）：每个新会话在其文件写完后加入比较。</translation>
        </message>
    </context>
    <context>
        <name>lanescope::MainWindow</name>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="68" />
            <source>Open a PyTorch Profiler trace (.json or .json.gz) with File &gt; Open, or drop it on this window.</source>
            <translation>通过“文件 &gt; 打开”打开 PyTorch Profiler 跟踪文件（.json 或 .json.gz），或将其拖放到此窗口。</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="79" />
            <source>This job is shown as its summary: the Ranks dock holds every rank's figures, the stragglers, the clock offsets and the collectives' transfer and waiting, measured as the ranks loaded. Double-click a rank there (or select it and press Open Rank's Timeline) to load its timeline and analysis here.</source>
            <translation>此作业以摘要显示：Rank 面板保存了每个 rank 的数据、掉队者、时钟偏移以及集合通信的传输与等待时间，均在各 rank 加载时测得。在其中双击某个 rank（或选中后点击“打开该 rank 的时间线”），即可在此加载其时间线和分析。</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="101" />
            <source>Ready</source>
            <translation>就绪</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="107" />
            <source>Cancel</source>
            <translation>取消</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="108" />
            <location filename="../app/gui/MainWindow.cpp" line="218" />
            <source>Stop loading this trace</source>
            <translation>停止加载此跟踪文件</translation>
        </message>
        <message numerus="yes">
            <source>Comparing %n run(s)</source>
            <translation type="vanished">
                <numerusform>正在比较 %n 个运行</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="162" />
            <source>Showing %1 alone</source>
            <translation>仅显示 %1</translation>
        </message>
        <message numerus="yes">
            <location filename="../app/gui/MainWindow.cpp" line="162" />
            <source>Comparing %n runs</source>
            <translation>
                <numerusform>正在比较 %n 个运行</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="68" />
            <source>&amp;File</source>
            <translation>文件(&amp;F)</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="69" />
            <source>&amp;Open…</source>
            <translation>打开(&amp;O)…</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="71" />
            <source>Open a PyTorch Profiler / Kineto trace</source>
            <translation>打开 PyTorch Profiler / Kineto 跟踪文件</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="73" />
            <source>&amp;Compare With…</source>
            <translation>比较(&amp;C)…</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="75" />
            <source>Add traces to compare with the one shown, which stays the baseline</source>
            <translation>添加要与当前跟踪比较的跟踪文件，当前跟踪仍作为基线</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="76" />
            <source>Open &amp;Demo Comparison</source>
            <translation>打开演示比较(&amp;D)</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="77" />
            <source>The case study: an FSDP run before and after prefetching and allocator tuning</source>
            <translation>案例研究：一个 FSDP 运行在预取和分配器调优前后的对比</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="78" />
            <source>Open &amp;Recent</source>
            <translation>最近打开(&amp;R)</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="83" />
            <source>&amp;Export Picture…</source>
            <translation>导出图片(&amp;E)…</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="85" />
            <source>Write the timeline's window as PNG, SVG or PDF, drawn at the size you choose</source>
            <translation>将时间线当前窗口按所选尺寸绘制并导出为 PNG、SVG 或 PDF</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="89" />
            <source>&amp;Quit</source>
            <translation>退出(&amp;Q)</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="93" />
            <location filename="../app/gui/MainWindowMenus.cpp" line="309" />
            <source>&amp;Edit</source>
            <translation>编辑(&amp;E)</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="94" />
            <source>&amp;Find…</source>
            <translation>查找(&amp;F)…</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="96" />
            <source>Find &amp;Next</source>
            <translation>查找下一个(&amp;N)</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="98" />
            <source>Find &amp;Previous</source>
            <translation>查找上一个(&amp;P)</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="101" />
            <source>&amp;Copy Picture</source>
            <translation>复制图片(&amp;C)</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="103" />
            <source>Put a PNG of the timeline's window, with title and legend, on the clipboard</source>
            <translation>将时间线当前窗口的 PNG 图片（含标题和图例）复制到剪贴板</translation>
        </message>
        <message>
            <source>Pre&amp;ferences…</source>
            <translation type="vanished">首选项(&amp;F)…</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="109" />
            <location filename="../app/gui/MainWindowMenus.cpp" line="319" />
            <source>&amp;View</source>
            <translation>视图(&amp;V)</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="110" />
            <source>&amp;Fit All</source>
            <translation>全部显示(&amp;F)</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="111" />
            <source>Show the whole trace (F or Home in the timeline)</source>
            <translation>显示整个跟踪（在时间线中按 F 或 Home）</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="112" />
            <source>&amp;Memory Overlay</source>
            <translation>内存叠加(&amp;M)</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="115" />
            <source>Draw each GPU's allocated and reserved memory over its lanes</source>
            <translation>在每个 GPU 的泳道上绘制其已分配和已保留内存</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="117" />
            <source>Memory Stacked by &amp;Owner</source>
            <translation>内存按所有者堆叠(&amp;O)</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="121" />
            <source>Split each GPU's allocated memory by who allocated it: forward, backward, optimizer, FSDP all-gather, before the trace</source>
            <translation>按分配者拆分每个 GPU 的已分配内存：前向、反向、优化器、FSDP 全收集、追踪开始之前</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="124" />
            <source>Launch &amp;Queues</source>
            <translation>启动队列(&amp;Q)</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="128" />
            <source>Under each GPU stream, its launch queue: operations launched and not yet finished</source>
            <translation>在每个 GPU 流下方显示其启动队列：已启动但尚未完成的操作</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="130" />
            <source>&amp;Critical Path</source>
            <translation>关键路径(&amp;C)</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="134" />
            <source>Draw the critical path of the analysed step over the lanes, in the colours of its parts</source>
            <translation>在各泳道上按各部分的颜色画出所分析步的关键路径</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="146" />
            <source>&amp;GPU Lanes Only</source>
            <translation>仅 GPU 泳道(&amp;G)</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="149" />
            <source>Hide the CPU threads: every run's GPU streams next to each other</source>
            <translation>隐藏 CPU 线程：各运行的 GPU 流并排显示</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="151" />
            <source>&amp;Job Overview</source>
            <translation>作业概览(&amp;J)</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="154" />
            <source>A folder of ranks: one row per rank, its compute stream busy and idle and its gaps, the straggler marked; a click opens that rank's lanes</source>
            <translation>rank 文件夹：每个 rank 一行，显示其计算流的忙碌与空闲以及间隙，并标出掉队者；单击打开该 rank 的泳道</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="174" />
            <location filename="../app/gui/MainWindowMenus.cpp" line="327" />
            <source>&amp;Analysis</source>
            <translation>分析(&amp;A)</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="175" />
            <source>Analyse &amp;Selected Range</source>
            <translation>分析所选范围(&amp;S)</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="184" />
            <source>Limit the gap analysis to the time range selected with Shift+drag</source>
            <translation>只分析用 Shift+拖动选中的时间范围内的间隙</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="185" />
            <source>Analyse &amp;Whole Trace</source>
            <translation>分析整个跟踪(&amp;W)</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="186" />
            <source>Clear Gap &amp;Mark</source>
            <translation>清除间隙标记(&amp;M)</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="214" />
            <source>&amp;Help</source>
            <translation>帮助(&amp;H)</translation>
        </message>
        <message numerus="yes">
            <source>%n rank of %1 loaded in %2 s (%3 events, %4 at once)</source>
            <translation type="vanished">
                <numerusform>已加载 %1 中的 %n 个 rank，耗时 %2 s（%3 个事件，同时加载 %4 个）</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n ranks of %1 loaded in %2 s (%3 events, %4 at once)</source>
            <translation type="vanished">
                <numerusform>已用 %2 s 加载 %1 的 %n 个 rank（%3 个事件，同时加载 %4 个）</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../app/gui/MainWindow.cpp" line="443" />
            <source>Summary mode: the %n rank of %1 would take about %2 of memory shown, more than the %3 allowed (%4), so it was measured as it loaded and let go. The Ranks dock holds the job's figures; double-click the rank to load its timeline.</source>
            <translation>
                <numerusform>摘要模式：显示 %1 的 %n 个 rank 约需 %2 内存，超过允许的 %3（%4），因此在加载时即完成测量并随后释放。Rank 面板保存了作业的各项数据；双击 rank 可加载其时间线。</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../app/gui/MainWindow.cpp" line="447" />
            <source>Summary mode: the %n ranks of %1 would take about %2 of memory shown together, more than the %3 allowed (%4), so each rank was measured as it loaded and let go. The Ranks dock holds the job's figures; double-click a rank to load its timeline, one rank at a time.</source>
            <translation>
                <numerusform>摘要模式：%1 的 %n 个 rank 一起显示约需 %2 内存，超过允许的 %3（%4），因此每个 rank 都在加载时测量后即释放。“Rank”面板中有作业的各项指标；双击某个 rank 可加载其时间线，每次一个 rank。</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n rank of %1 summarised in %2 s (%3 events, %4 at once); no rank's timeline is kept</source>
            <translation type="vanished">
                <numerusform>%1 的 %n 个 rank 已在 %2 s 内完成摘要（%3 个事件，同时加载 %4 个）；未保留任何 rank 的时间线</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n ranks of %1 summarised in %2 s (%3 events, %4 at once); no rank's timeline is kept</source>
            <translation type="vanished">
                <numerusform>已用 %2 s 汇总 %1 的 %n 个 rank（%3 个事件，同时处理 %4 个）；未保留任何 rank 的时间线</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="397" />
            <source>Load what is shown again from disk</source>
            <translation>从磁盘重新加载当前显示的内容</translation>
        </message>
        <message numerus="yes">
            <source>Summary mode: the %n rank(s) of %1 would take about %2 of memory shown together, more than the %3 allowed (%4), so each rank was measured as it loaded and let go. The Ranks dock holds the job's figures; double-click a rank to load its timeline, one rank at a time.</source>
            <translation type="vanished">
                <numerusform>摘要模式：同时显示 %1 的 %n 个 rank 约需 %2 内存，超过允许的 %3（%4），因此每个 rank 在加载时即被测量并随后释放。Rank 面板保存了作业的各项数据；双击某个 rank 可加载其时间线，每次一个 rank。</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n rank(s) of %1 summarised in %2 s (%3 events, %4 at once); no rank's timeline is kept</source>
            <translation type="vanished">
                <numerusform>%1 的 %n 个 rank 已在 %2 s 内完成摘要（%3 个事件，同时加载 %4 个）；未保留任何 rank 的时间线</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="468" />
            <source>Loading the timeline of %1…</source>
            <translation>正在加载 %1 的时间线…</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="470" />
            <source>Stop loading this rank</source>
            <translation>停止加载此 rank</translation>
        </message>
        <message>
            <source>Loading the timeline of %1 was cancelled.</source>
            <translation type="vanished">已取消加载 %1 的时间线。</translation>
        </message>
        <message>
            <source>Timeline &amp;Keys</source>
            <translation type="vanished">时间线快捷键(&amp;K)</translation>
        </message>
        <message>
            <source>Timeline Keys</source>
            <translation type="vanished">时间线快捷键</translation>
        </message>
        <message>
            <source>&lt;table&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;W / S&lt;/b&gt;&lt;/td&gt;&lt;td&gt;zoom in / out&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;A / D&lt;/b&gt;&lt;/td&gt;&lt;td&gt;pan left / right&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+wheel&lt;/b&gt;&lt;/td&gt;&lt;td&gt;zoom about the cursor&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Shift+wheel&lt;/b&gt;&lt;/td&gt;&lt;td&gt;pan&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;drag&lt;/b&gt;&lt;/td&gt;&lt;td&gt;pan and scroll&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Shift+drag&lt;/b&gt;&lt;/td&gt;&lt;td&gt;select a time range&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;double-click&lt;/b&gt;&lt;/td&gt;&lt;td&gt;zoom to a slice&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;F / Home&lt;/b&gt;&lt;/td&gt;&lt;td&gt;frame the selection / fit all&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+F&lt;/b&gt;&lt;/td&gt;&lt;td&gt;find slices by name&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Esc&lt;/b&gt;&lt;/td&gt;&lt;td&gt;clear selection and range&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;</source>
            <translation type="vanished">&lt;table&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;W / S&lt;/b&gt;&lt;/td&gt;&lt;td&gt;放大 / 缩小&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;A / D&lt;/b&gt;&lt;/td&gt;&lt;td&gt;向左 / 向右平移&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+滚轮&lt;/b&gt;&lt;/td&gt;&lt;td&gt;以光标为中心缩放&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Shift+滚轮&lt;/b&gt;&lt;/td&gt;&lt;td&gt;平移&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;拖动&lt;/b&gt;&lt;/td&gt;&lt;td&gt;平移与滚动&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Shift+拖动&lt;/b&gt;&lt;/td&gt;&lt;td&gt;选择时间范围&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;双击&lt;/b&gt;&lt;/td&gt;&lt;td&gt;缩放到片段&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;F / Home&lt;/b&gt;&lt;/td&gt;&lt;td&gt;聚焦所选 / 全部显示&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+F&lt;/b&gt;&lt;/td&gt;&lt;td&gt;按名称查找片段&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Esc&lt;/b&gt;&lt;/td&gt;&lt;td&gt;清除选择与范围&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="221" />
            <source>&amp;About Lanescope</source>
            <translation>关于 Lanescope(&amp;A)</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="223" />
            <source>About &amp;Qt</source>
            <translation>关于 Qt(&amp;Q)</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowLayout.cpp" line="74" />
            <source>Summary</source>
            <translation>概要</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowLayout.cpp" line="75" />
            <source>Details</source>
            <translation>详情</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowLayout.cpp" line="76" />
            <source>Time Range</source>
            <translation>时间范围</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowLayout.cpp" line="77" />
            <source>Legend</source>
            <translation>图例</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowLayout.cpp" line="79" />
            <source>Search Results</source>
            <translation>搜索结果</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="232" />
            <source>Open Trace</source>
            <translation>打开跟踪文件</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="233" />
            <source>PyTorch Profiler traces and memory snapshots (*.json *.json.gz *.pt.trace.json *.pt.trace.json.gz *.pickle);;All files (*)</source>
            <translation>PyTorch Profiler 跟踪文件和内存快照 (*.json *.json.gz *.pt.trace.json *.pt.trace.json.gz *.pickle);;所有文件 (*)</translation>
        </message>
        <message numerus="yes">
            <location filename="../app/gui/MainWindow.cpp" line="205" />
            <source>%n run</source>
            <translation>
                <numerusform>%n 个运行</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../app/gui/MainWindow.cpp" line="206" />
            <source>%n runs</source>
            <translation>
                <numerusform>%n 个运行</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1: a job of %n rank, shown and compared through rank %2; the Job rows of the Metrics table measure every rank</source>
            <translation type="vanished">
                <numerusform>%1：%n 个 rank 的作业，通过 rank %2 显示和比较；指标表中的“作业”行统计所有 rank</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1: a job of %n ranks, shown and compared through rank %2; the Job rows of the Metrics table measure every rank</source>
            <translation type="vanished">
                <numerusform>%1：%n 个 rank 的作业，通过 rank %2 显示和比较；“指标”表中的“作业”行衡量所有 rank</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="280" />
            <source>PyTorch Profiler traces (*.json *.json.gz *.pt.trace.json *.pt.trace.json.gz);;All files (*)</source>
            <translation>PyTorch Profiler 跟踪文件 (*.json *.json.gz *.pt.trace.json *.pt.trace.json.gz);;所有文件 (*)</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="252" />
            <source>&amp;%1 %2</source>
            <translation>&amp;%1 %2</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="258" />
            <source>No recent files</source>
            <translation>没有最近打开的文件</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="262" />
            <source>&amp;Clear Menu</source>
            <translation>清除列表(&amp;C)</translation>
        </message>
        <message numerus="yes">
            <source>%1: a job of %n rank(s), shown and compared through rank %2; the Job rows of the Metrics table measure every rank</source>
            <translation type="vanished">
                <numerusform>%1：%n 个 rank 的作业，通过 rank %2 显示和比较；指标表中的“作业”行统计所有 rank</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="265" />
            <source>the demo</source>
            <translation>演示</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="279" />
            <source>Compare With</source>
            <translation>选择要比较的跟踪文件</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="208" />
            <source>Loading %1…</source>
            <translation>正在加载 %1…</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="293" />
            <source>Cancelling…</source>
            <translation>正在取消…</translation>
        </message>
        <message>
            <source>Loading %1 was cancelled.</source>
            <translation type="vanished">已取消加载 %1。</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="86" />
            <source>Re&amp;port…</source>
            <translation>报告(&amp;P)…</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="106" />
            <source>Pr&amp;eferences…</source>
            <translation>首选项(&amp;E)…</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="190" />
            <source>Replayed Step &amp;Ghost</source>
            <translation>重放步虚影(&amp;G)</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="193" />
            <source>Draw where each kernel of the analysed step would run with every shown advice's fix, over the lanes</source>
            <translation>在泳道上画出应用所有已显示建议的修复后，所分析步的每个内核将在何处运行</translation>
        </message>
        <message>
            <source>%1 of %2 (the other ranks summarised only)</source>
            <translation type="vanished">%2 的 %1（其他 rank 仅有摘要）</translation>
        </message>
        <message>
            <source>Rank %1/%2</source>
            <translation type="vanished">rank %1/%2</translation>
        </message>
        <message>
            <source>Rank %1</source>
            <translation type="vanished">rank %1</translation>
        </message>
        <message numerus="yes">
            <source>%1 (+%n more GPU(s))</source>
            <translation type="vanished">
                <numerusform>%1（另有 %n 个 GPU）</numerusform>
            </translation>
        </message>
        <message>
            <source>%1 events</source>
            <translation type="vanished">%1 个事件</translation>
        </message>
        <message>
            <source>loaded in %1 s</source>
            <translation type="vanished">加载耗时 %1 s</translation>
        </message>
        <message numerus="yes">
            <source>%n warning(s)</source>
            <translation type="vanished">
                <numerusform>%n 条警告</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="313" />
            <source>unknown error</source>
            <translation>未知错误</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="314" />
            <source>Could not open %1: %2</source>
            <translation>无法打开 %1：%2</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="316" />
            <source>Could not open trace</source>
            <translation>无法打开跟踪文件</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="317" />
            <source>Lanescope could not open %1.</source>
            <translation>Lanescope 无法打开 %1。</translation>
        </message>
        <message numerus="yes">
            <source>%1 (%n rank(s)) — Lanescope</source>
            <translation type="vanished">
                <numerusform>%1（%n 个 rank）— Lanescope</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="338" />
            <source>Lanescope</source>
            <translation>Lanescope</translation>
        </message>
        <message numerus="yes">
            <source>Comparing %n runs, aligned on their complete step %1</source>
            <translation type="vanished">
                <numerusform>正在比较 %n 个运行，按各自第 %1 个完整步对齐</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Comparing %n runs, aligned on their starts</source>
            <translation type="vanished">
                <numerusform>正在比较 %n 个运行，按其起点对齐</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="323" />
            <source>Annotate &amp;Findings</source>
            <translation>标注发现(&amp;F)</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="325" />
            <source>Label each gap over the threshold and each allocator spike in view (undo removes them)</source>
            <translation>为视图中每个超过阈值的间隙和每个分配器尖峰添加标注（撤销可将其移除）</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="346" />
            <source>&amp;Annotate This Gap</source>
            <translation>标注此间隙(&amp;A)</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="348" />
            <source>Annotated the gap</source>
            <translation>已标注该间隙</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="348" />
            <source>The gap is annotated already</source>
            <translation>该间隙已有标注</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="357" />
            <source>Open &amp;Folder…</source>
            <translation>打开文件夹(&amp;F)…</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="359" />
            <source>Open a folder of rank traces (one file per rank) as one job, side by side on one clock</source>
            <translation>将 rank 跟踪文件所在的文件夹（每个 rank 一个文件）作为一个作业打开，在同一时钟上并排显示</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="360" />
            <source>Compare With Folder…</source>
            <translation>与文件夹比较…</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="361" />
            <source>Compare what is shown with a folder of rank traces (baseline job vs optimized job)</source>
            <translation>将当前显示的内容与 rank 跟踪文件所在的文件夹比较（基线作业对比优化后的作业）</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="362" />
            <source>&amp;Watch Folder…</source>
            <translation>监视文件夹(&amp;W)…</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="364" />
            <source>Watch a Profiler log_dir</source>
            <translation>监视 Profiler log_dir</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="370" />
            <source>Compare the profiling sessions of a log_dir and add each new one as it is written</source>
            <translation>比较 log_dir 中的性能分析会话，并在每个新会话写出时将其加入</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="408" />
            <source>Watching %1: no complete session yet</source>
            <translation>正在监视 %1：尚无完整的会话</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="376" />
            <source>Compare With Folder of Rank Traces</source>
            <translation>与 rank 跟踪文件所在的文件夹比较</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="386" />
            <source>Open Folder of Rank Traces</source>
            <translation>打开 rank 跟踪文件所在的文件夹</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="423" />
            <source>Loading the ranks in %1…</source>
            <translation>正在加载 %1 中的各 rank…</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="215" />
            <source>Open &amp;Demo</source>
            <translation>打开演示(&amp;D)</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="216" />
            <source>The case study: an FSDP run before and after prefetching and allocator tuning, compared</source>
            <translation>案例研究：对比一个 FSDP 运行在预取和分配器调优前后的表现</translation>
        </message>
        <message numerus="yes">
            <source>%n run(s)</source>
            <translation type="vanished">
                <numerusform>%n 个运行</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="212" />
            <source>Stop loading</source>
            <translation>停止加载</translation>
        </message>
        <message numerus="yes">
            <source>%1 (+%n more GPU)</source>
            <translation type="vanished">
                <numerusform>%1（另有 %n 个 GPU）</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1 (+%n more GPUs)</source>
            <translation type="vanished">
                <numerusform>%1（另有 %n 个 GPU）</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n warning</source>
            <translation type="vanished">
                <numerusform>%n 条警告</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n warnings</source>
            <translation type="vanished">
                <numerusform>%n 条警告</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../app/gui/MainWindow.cpp" line="328" />
            <source>%1 (%n rank) — Lanescope</source>
            <translation>
                <numerusform>%1（%n 个 rank）— Lanescope</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../app/gui/MainWindow.cpp" line="328" />
            <source>%1 (%n ranks) — Lanescope</source>
            <translation>
                <numerusform>%1（%n 个 rank）— Lanescope</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="427" />
            <source>Stop loading this folder</source>
            <translation>停止加载此文件夹</translation>
        </message>
        <message>
            <source>Loading the folder %1 was cancelled.</source>
            <translation type="vanished">已取消加载文件夹 %1。</translation>
        </message>
        <message>
            <source>no rank trace in it</source>
            <translation type="vanished">其中没有 rank 跟踪文件</translation>
        </message>
        <message>
            <source>rank %1 (guessed)</source>
            <translation type="vanished">rank %1（推测）</translation>
        </message>
        <message>
            <source>rank %1</source>
            <translation type="vanished">rank %1</translation>
        </message>
        <message numerus="yes">
            <source>%n rank(s) of %1 loaded in %2 s (%3 events, %4 at once)</source>
            <translation type="vanished">
                <numerusform>已加载 %1 中的 %n 个 rank，耗时 %2 s（%3 个事件，同时加载 %4 个）</numerusform>
            </translation>
        </message>
        <message>
            <source>&amp;Report…</source>
            <translation type="vanished">报告(&amp;R)…</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="87" />
            <source>Write one landscape PDF page: the picture, the runs and the metrics table</source>
            <translation>输出一页横向 PDF：图片、运行和指标表</translation>
        </message>
        <message>
            <source>nothing to report: open a trace first</source>
            <translation type="vanished">没有可生成报告的内容：请先打开一个跟踪文件</translation>
        </message>
        <message>
            <source>%1 — %2</source>
            <translation type="vanished">%1 — %2</translation>
        </message>
        <message>
            <source>the comparison is still being measured: try again when its figures are shown</source>
            <translation type="vanished">比较仍在计算中：请在其数据显示后重试</translation>
        </message>
        <message>
            <source>the analysis is still running: try again when its figures are shown</source>
            <translation type="vanished">分析仍在进行中：请在其数据显示后重试</translation>
        </message>
        <message>
            <source>Report</source>
            <translation type="vanished">报告</translation>
        </message>
        <message>
            <source>Browse…</source>
            <translation type="vanished">浏览…</translation>
        </message>
        <message>
            <source>File:</source>
            <translation type="vanished">文件：</translation>
        </message>
        <message>
            <source>A4 landscape</source>
            <translation type="vanished">A4 横向</translation>
        </message>
        <message>
            <source>Letter landscape</source>
            <translation type="vanished">Letter 横向</translation>
        </message>
        <message>
            <source>Page:</source>
            <translation type="vanished">页面：</translation>
        </message>
        <message>
            <source>PDF (*.pdf)</source>
            <translation type="vanished">PDF (*.pdf)</translation>
        </message>
        <message>
            <source>Report failed</source>
            <translation type="vanished">报告生成失败</translation>
        </message>
        <message>
            <source>Report written to %1</source>
            <translation type="vanished">报告已写入 %1</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="395" />
            <source>Re&amp;load</source>
            <translation>重新加载(&amp;L)</translation>
        </message>
        <message>
            <source>Load the trace(s) shown again from disk</source>
            <translation type="vanished">从磁盘重新加载当前显示的跟踪文件</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="495" />
            <source>%1 changed on disk — Reload to see the new version.</source>
            <translation>%1 已在磁盘上更改 — 点击“重新加载”查看新版本。</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="496" />
            <source>%1 was removed or renamed on disk.</source>
            <translation>%1 已在磁盘上被删除或重命名。</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="497" />
            <source>Reload</source>
            <translation>重新加载</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="336" />
            <location filename="../app/gui/MainWindow.cpp" line="341" />
            <source>%1 — Lanescope</source>
            <translation>%1 — Lanescope</translation>
        </message>
        <message>
            <source>&lt;table&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;W / S&lt;/b&gt;&lt;/td&gt;&lt;td&gt;zoom in / out&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;A / D&lt;/b&gt;&lt;/td&gt;&lt;td&gt;pan left / right&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+wheel&lt;/b&gt;&lt;/td&gt;&lt;td&gt;zoom about the cursor&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Shift+wheel&lt;/b&gt;&lt;/td&gt;&lt;td&gt;pan&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;drag&lt;/b&gt;&lt;/td&gt;&lt;td&gt;pan and scroll&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Shift+drag&lt;/b&gt;&lt;/td&gt;&lt;td&gt;select a time range&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;double-click&lt;/b&gt;&lt;/td&gt;&lt;td&gt;zoom to a slice&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;F / Home&lt;/b&gt;&lt;/td&gt;&lt;td&gt;frame the selection / fit all&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+F&lt;/b&gt;&lt;/td&gt;&lt;td&gt;find slices by name&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Esc&lt;/b&gt;&lt;/td&gt;&lt;td&gt;clear selection and range&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;V / T / L / R / G / M&lt;/b&gt;&lt;/td&gt;&lt;td&gt;annotate: select, text callout, arrow, rectangle, time range, marker&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+Z / Ctrl+Shift+Z&lt;/b&gt;&lt;/td&gt;&lt;td&gt;undo / redo an annotation&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+Shift+F&lt;/b&gt;&lt;/td&gt;&lt;td&gt;annotate the findings in view&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;</source>
            <translation type="vanished">&lt;table&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;W / S&lt;/b&gt;&lt;/td&gt;&lt;td&gt;放大 / 缩小&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;A / D&lt;/b&gt;&lt;/td&gt;&lt;td&gt;向左 / 向右平移&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+滚轮&lt;/b&gt;&lt;/td&gt;&lt;td&gt;以光标为中心缩放&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Shift+滚轮&lt;/b&gt;&lt;/td&gt;&lt;td&gt;平移&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;拖动&lt;/b&gt;&lt;/td&gt;&lt;td&gt;平移与滚动&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Shift+拖动&lt;/b&gt;&lt;/td&gt;&lt;td&gt;选择时间范围&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;双击&lt;/b&gt;&lt;/td&gt;&lt;td&gt;缩放到片段&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;F / Home&lt;/b&gt;&lt;/td&gt;&lt;td&gt;聚焦所选 / 全部显示&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+F&lt;/b&gt;&lt;/td&gt;&lt;td&gt;按名称查找片段&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Esc&lt;/b&gt;&lt;/td&gt;&lt;td&gt;清除选择与范围&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;V / T / L / R / G / M&lt;/b&gt;&lt;/td&gt;&lt;td&gt;标注：选择、文字标注框、箭头、矩形、时间范围、标记&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+Z / Ctrl+Shift+Z&lt;/b&gt;&lt;/td&gt;&lt;td&gt;撤销 / 重做标注&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+Shift+F&lt;/b&gt;&lt;/td&gt;&lt;td&gt;为视图中的发现添加标注&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;</translation>
        </message>
        <message>
            <source>About Lanescope</source>
            <translation type="vanished">关于 Lanescope</translation>
        </message>
        <message>
            <source>&lt;h3&gt;Lanescope %1&lt;/h3&gt;&lt;p&gt;A native viewer for PyTorch Profiler (Kineto) traces: find out why a distributed training run wastes its GPUs, prove the fix, and show the proof.&lt;/p&gt;&lt;p&gt;Built with Qt %2.&lt;/p&gt;</source>
            <translation type="vanished">&lt;h3&gt;Lanescope %1&lt;/h3&gt;&lt;p&gt;PyTorch Profiler（Kineto）跟踪文件的原生查看器：找出分布式训练为何浪费 GPU，验证修复效果，并向他人展示证据。&lt;/p&gt;&lt;p&gt;基于 Qt %2 构建。&lt;/p&gt;</translation>
        </message>
        <message>
            <source>Export failed</source>
            <translation type="vanished">导出失败</translation>
        </message>
        <message>
            <source>Exported %1</source>
            <translation type="vanished">已导出 %1</translation>
        </message>
        <message>
            <source>nothing to export: open a trace first</source>
            <translation type="vanished">没有可导出的内容：请先打开跟踪文件</translation>
        </message>
        <message>
            <source>Picture copied to the clipboard</source>
            <translation type="vanished">图片已复制到剪贴板</translation>
        </message>
        <message>
            <source>%1: %2</source>
            <translation type="vanished">%1：%2</translation>
        </message>
        <message>
            <source>the comparison</source>
            <translation type="vanished">比较</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindow.cpp" line="336" />
            <location filename="../app/gui/MainWindowMenus.cpp" line="252" />
            <location filename="../app/gui/MainWindowMenus.cpp" line="255" />
            <source> vs </source>
            <translation> 对比 </translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="218" />
            <source>&amp;Keyboard Shortcuts</source>
            <translation>快捷键(&amp;K)</translation>
        </message>
        <message>
            <location filename="../app/gui/MainWindowMenus.cpp" line="220" />
            <source>Every shortcut of the menus and toolbars, and the timeline's keys</source>
            <translation>菜单和工具栏的所有快捷键，以及时间线的按键</translation>
        </message>
        <message numerus="yes">
            <source>Comparing %n run(s), aligned on their complete step %1</source>
            <translation type="vanished">
                <numerusform>正在比较 %n 个运行，按各自第 %1 个完整步对齐</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Comparing %n run(s), aligned on their starts</source>
            <translation type="vanished">
                <numerusform>正在比较 %n 个运行，按各自起点对齐</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>lanescope::MemoryBand</name>
        <message>
            <source>%1 GB</source>
            <translation type="vanished">%1 GB</translation>
        </message>
        <message>
            <source>%1 MB</source>
            <translation type="vanished">%1 MB</translation>
        </message>
        <message>
            <location filename="../widgets/render/MemoryBand.cpp" line="108" />
            <source>allocated %1</source>
            <translation>已分配 %1</translation>
        </message>
        <message>
            <location filename="../widgets/render/MemoryBand.cpp" line="109" />
            <source>%1 · reserved %2</source>
            <translation>%1 · 已保留 %2</translation>
        </message>
        <message>
            <location filename="../widgets/render/MemoryBand.cpp" line="114" />
            <source>%1 %2</source>
            <translation>%1 %2</translation>
        </message>
        <message>
            <location filename="../widgets/render/MemoryBand.cpp" line="381" />
            <source>allocated</source>
            <translation>已分配</translation>
        </message>
        <message>
            <location filename="../widgets/render/MemoryBand.cpp" line="404" />
            <source>reserved</source>
            <translation>已保留</translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/render/MemoryBand.cpp" line="406" />
            <source>%n spike</source>
            <translation>
                <numerusform>%n 个尖峰</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/render/MemoryBand.cpp" line="406" />
            <source>%n spikes</source>
            <translation>
                <numerusform>%n 个尖峰</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n spike(s)</source>
            <translation type="vanished">
                <numerusform>%n 个尖峰</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../widgets/render/MemoryBand.cpp" line="100" />
            <source>device total %1</source>
            <translation>设备显存总量 %1</translation>
        </message>
        <message>
            <location filename="../widgets/render/MemoryBand.cpp" line="101" />
            <source>device total %1, off axis</source>
            <translation>设备显存总量 %1，超出坐标轴范围</translation>
        </message>
    </context>
    <context>
        <name>lanescope::MemoryOwnerModel</name>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="355" />
            <source>[no op]</source>
            <translation>[无算子]</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="356" />
            <source>[before trace]</source>
            <translation>[跟踪开始之前]</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="373" />
            <source>Blocks the allocator held before the trace began, less those freed in it up to the peak</source>
            <translation>跟踪开始之前分配器已持有的块，减去跟踪中到峰值为止释放的部分</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="375" />
            <source>Allocations made outside every CPU operator</source>
            <translation>在任何 CPU 算子之外进行的分配</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="411" />
            <source>Operator</source>
            <translation>算子</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="412" />
            <source>Bytes</source>
            <translation>字节</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="413" />
            <source>Allocations</source>
            <translation>分配次数</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="414" />
            <source>Of peak</source>
            <translation>占峰值</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="415" />
            <source>Freed</source>
            <translation>已释放</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="416" />
            <source>Mean lifetime</source>
            <translation>平均存活时间</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="421" />
            <source>The CPU operator that made the allocations: the innermost one around them on their thread, aten::empty and its kin skipped</source>
            <translation>进行这些分配的 CPU 算子：其所在线程上包围它们的最内层算子，跳过 aten::empty 及同类算子</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="423" />
            <source>Bytes of the operator's allocations still held at the peak of allocated memory</source>
            <translation>该算子的分配在已分配显存峰值时仍占用的字节数</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="424" />
            <source>Bytes the operator allocated over the whole trace, on every device</source>
            <translation>该算子在整个跟踪中、所有设备上分配的字节数</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="425" />
            <source>Bytes the operator allocated and the trace never freed</source>
            <translation>该算子分配且跟踪中从未释放的字节数</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="426" />
            <source>How many allocations</source>
            <translation>分配的次数</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="427" />
            <source>The bytes' share of the peak of allocated memory: the rows add up to it</source>
            <translation>这些字节占已分配显存峰值的比例：各行之和即为峰值</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="428" />
            <source>Of the allocations, those freed within the trace</source>
            <translation>这些分配中在跟踪内被释放的次数</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="429" />
            <source>From allocation to free, averaged over the freed allocations</source>
            <translation>从分配到释放的时间，对已释放的分配取平均</translation>
        </message>
    </context>
    <context>
        <name>lanescope::MemorySnapshotDock</name>
        <message>
            <location filename="../widgets/memsnap/MemorySnapshotDock.cpp" line="57" />
            <source>Memory Snapshot</source>
            <translation>内存快照</translation>
        </message>
        <message>
            <location filename="../widgets/memsnap/MemorySnapshotDock.cpp" line="66" />
            <source>The device whose allocator history is shown</source>
            <translation>显示其分配器历史的设备</translation>
        </message>
        <message>
            <location filename="../widgets/memsnap/MemorySnapshotDock.cpp" line="89" />
            <source>Allocated and reserved bytes over the snapshot's window; a click picks the moment</source>
            <translation>快照时间窗内已分配和已保留的字节数；单击可选定时刻</translation>
        </message>
        <message>
            <location filename="../widgets/memsnap/MemorySnapshotDock.cpp" line="107" />
            <source>Alive at Moment</source>
            <translation>所选时刻存活</translation>
        </message>
        <message>
            <location filename="../widgets/memsnap/MemorySnapshotDock.cpp" line="121" />
            <source>cudaMalloc / cudaFree</source>
            <translation>cudaMalloc / cudaFree</translation>
        </message>
        <message>
            <location filename="../widgets/memsnap/MemorySnapshotDock.cpp" line="139" />
            <source>Open a PyTorch memory snapshot (.pickle, from torch.cuda.memory._dump_snapshot) with File &gt; Open, or drop it on the window; beside a trace of the same run it is drawn on the timeline.</source>
            <translation>通过“文件 &gt; 打开”打开 PyTorch 内存快照（.pickle，由 torch.cuda.memory._dump_snapshot 生成），或将其拖放到窗口上；与同一运行的跟踪文件一起打开时，它会绘制在时间线上。</translation>
        </message>
        <message>
            <location filename="../widgets/memsnap/MemorySnapshotDock.cpp" line="148" />
            <source>Reading %1…</source>
            <translation>正在读取 %1…</translation>
        </message>
        <message>
            <location filename="../widgets/memsnap/MemorySnapshotDock.cpp" line="161" />
            <source>%1 could not be opened: %2</source>
            <translation>无法打开 %1：%2</translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/memsnap/MemorySnapshotDock.cpp" line="180" />
            <source>%1: pickle protocol %2, %n segment at its end</source>
            <translation>
                <numerusform>%1：pickle 协议 %2，结束时有 %n 个段</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/memsnap/MemorySnapshotDock.cpp" line="181" />
            <source>%1: pickle protocol %2, %n segments at its end</source>
            <translation>
                <numerusform>%1：pickle 协议 %2，结束时有 %n 个段</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../widgets/memsnap/MemorySnapshotDock.cpp" line="185" />
            <source>no time_us in its trace (PyTorch 2.0 or older): the actions are placed by their order</source>
            <translation>其 trace 记录中没有 time_us（PyTorch 2.0 或更早版本）：各操作按先后顺序排列</translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/memsnap/MemorySnapshotDock.cpp" line="188" />
            <source>%n warning: %1</source>
            <translation>
                <numerusform>%n 条警告：%1</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/memsnap/MemorySnapshotDock.cpp" line="188" />
            <source>%n warnings: %1</source>
            <translation>
                <numerusform>%n 条警告：%1</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../widgets/memsnap/MemorySnapshotDock.cpp" line="192" />
            <source>GPU %1</source>
            <translation>GPU %1</translation>
        </message>
        <message>
            <location filename="../widgets/memsnap/MemorySnapshotDock.cpp" line="201" />
            <source>no device has segments or actions in it</source>
            <translation>没有任何设备包含段或操作</translation>
        </message>
        <message>
            <location filename="../widgets/memsnap/MemorySnapshotDock.cpp" line="211" />
            <source>No trace shown to align it with: open the trace of the same run to see the snapshot's events on its timeline.</source>
            <translation>没有已显示的跟踪文件可与之对齐：打开同一运行的跟踪文件，即可在其时间线上查看快照的事件。</translation>
        </message>
        <message>
            <location filename="../widgets/memsnap/MemorySnapshotDock.cpp" line="218" />
            <source>Aligned with %1: %2 of %3 segment events matched its cudaMalloc / cudaFree calls (median deviation %4, worst %5); its events are drawn on the timeline.</source>
            <translation>已与 %1 对齐：%3 个段事件中有 %2 个与其 cudaMalloc / cudaFree 调用匹配（中位偏差 %4，最大 %5）；快照的事件已绘制在时间线上。</translation>
        </message>
        <message>
            <location filename="../widgets/memsnap/MemorySnapshotDock.cpp" line="227" />
            <source>Not aligned with %1: %2</source>
            <translation>未与 %1 对齐：%2</translation>
        </message>
        <message>
            <location filename="../widgets/memsnap/MemorySnapshotDock.cpp" line="267" />
            <source>outside the steps</source>
            <translation>不在任何步内</translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/memsnap/MemorySnapshotDock.cpp" line="268" />
            <source>%1: %n event, %2 requested</source>
            <translation>
                <numerusform>%1：%n 个事件，请求 %2</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/memsnap/MemorySnapshotDock.cpp" line="268" />
            <source>%1: %n events, %2 requested</source>
            <translation>
                <numerusform>%1：%n 个事件，请求 %2</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../widgets/memsnap/MemorySnapshotDock.cpp" line="272" />
            <source>Per step: %1.</source>
            <translation>每步：%1。</translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/memsnap/MemorySnapshotDock.cpp" line="311" />
            <source>Peak allocated %1, peak reserved %2 · %3 segment_alloc, %4 segment_free · %n fragmentation event · %5 segments and %6 blocks at the end</source>
            <translation>
                <numerusform>已分配峰值 %1，已保留峰值 %2 · %3 次 segment_alloc，%4 次 segment_free · %n 个碎片化事件 · 结束时有 %5 个段和 %6 个块</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/memsnap/MemorySnapshotDock.cpp" line="314" />
            <source>Peak allocated %1, peak reserved %2 · %3 segment_alloc, %4 segment_free · %n fragmentation events · %5 segments and %6 blocks at the end</source>
            <translation>
                <numerusform>已分配峰值 %1，已保留峰值 %2 · %3 次 segment_alloc，%4 次 segment_free · %n 个碎片事件 · 结束时 %5 个段和 %6 个块</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/memsnap/MemorySnapshotDock.cpp" line="251" />
            <source>%n cudaMalloc happened while the cache had enough free memory, only in pieces smaller than the request (highlighted).</source>
            <translation>
                <numerusform>%n 次 cudaMalloc 发生时缓存中有足够的空闲内存，但都是小于请求的碎片（已高亮）。</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/memsnap/MemorySnapshotDock.cpp" line="254" />
            <source>%n cudaMallocs happened while the cache had enough free memory, only in pieces smaller than the request (highlighted).</source>
            <translation>
                <numerusform>%n 次 cudaMalloc 发生时缓存中的空闲内存足够，但都是比请求小的碎块（已高亮）。</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../widgets/memsnap/MemorySnapshotDock.cpp" line="277" />
            <source>No fragmentation: every cudaMalloc was needed (the cache had no room for its request).</source>
            <translation>没有碎片化：每次 cudaMalloc 都是必要的（缓存中没有足够空间满足其请求）。</translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/memsnap/MemorySnapshotDock.cpp" line="281" />
            <source>%n out-of-memory event: pick it to see the cache at that moment.</source>
            <translation>
                <numerusform>%n 个内存不足事件：选中即可查看该时刻的缓存。</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/memsnap/MemorySnapshotDock.cpp" line="282" />
            <source>%n out-of-memory events: pick one to see the cache at that moment.</source>
            <translation>
                <numerusform>%n 个内存不足事件：选中事件即可查看该时刻的缓存。</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../widgets/memsnap/MemorySnapshotDock.cpp" line="391" />
            <source>At %1, the peak of allocated memory: </source>
            <translation>%1 时，已分配内存达到峰值：</translation>
        </message>
        <message>
            <location filename="../widgets/memsnap/MemorySnapshotDock.cpp" line="391" />
            <source>At %1: </source>
            <translation>%1 时：</translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/memsnap/MemorySnapshotDock.cpp" line="392" />
            <source>allocated %1, reserved %2; free in the cache %3 in %n segment, its largest free block %4</source>
            <translation>
                <numerusform>已分配 %1，已保留 %2；缓存中空闲 %3，分布在 %n 个段中，最大空闲块 %4</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/memsnap/MemorySnapshotDock.cpp" line="393" />
            <source>allocated %1, reserved %2; free in the cache %3 in %n segments, its largest free block %4</source>
            <translation>
                <numerusform>已分配 %1，已保留 %2；缓存中空闲 %3，分布在 %n 个段中，最大空闲块 %4</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>lanescope::MemoryTimeChart</name>
        <message>
            <location filename="../widgets/memsnap/SnapshotPlots.cpp" line="276" />
            <source>allocated</source>
            <translation>已分配</translation>
        </message>
        <message>
            <location filename="../widgets/memsnap/SnapshotPlots.cpp" line="276" />
            <source>reserved</source>
            <translation>已保留</translation>
        </message>
        <message>
            <location filename="../widgets/memsnap/SnapshotPlots.cpp" line="296" />
            <source>%1: allocated %2 · reserved %3</source>
            <translation>%1：已分配 %2 · 已保留 %3</translation>
        </message>
    </context>
    <context>
        <name>lanescope::MetricsTableModel</name>
        <message>
            <source>GPU idle</source>
            <translation type="vanished">GPU 空闲</translation>
        </message>
        <message>
            <source>GEMM gaps</source>
            <translation type="vanished">GEMM 间隙</translation>
        </message>
        <message>
            <source>GEMM gaps, total</source>
            <translation type="vanished">GEMM 间隙总计</translation>
        </message>
        <message>
            <location filename="../widgets/compare/MetricsTableModel.cpp" line="52" />
            <source>  gaps: %1</source>
            <translation>  间隙：%1</translation>
        </message>
        <message>
            <location filename="../widgets/compare/MetricsTableModel.cpp" line="53" />
            <source>Listed gaps whose cause is: %1 — count × total</source>
            <translation>原因为“%1”的所列间隙 — 个数 × 总时长</translation>
        </message>
        <message>
            <source>%1 ms</source>
            <translation type="vanished">%1 毫秒</translation>
        </message>
        <message>
            <source>%1 %</source>
            <translation type="vanished">%1%</translation>
        </message>
        <message>
            <source>%1 GiB</source>
            <translation type="vanished">%1 GiB</translation>
        </message>
        <message>
            <location filename="../widgets/compare/MetricsTableModel.cpp" line="127" />
            <source>95 %: %1%2 to %3%4 pt</source>
            <translation>95%：%1%2 到 %3%4 个百分点</translation>
        </message>
        <message>
            <location filename="../widgets/compare/MetricsTableModel.cpp" line="127" />
            <source>95 %: %1%2 to %3%4 %</source>
            <translation>95% 置信区间：%1%2 到 %3%4%</translation>
        </message>
        <message>
            <location filename="../widgets/compare/MetricsTableModel.cpp" line="190" />
            <source>%1 pt</source>
            <translation>%1 个百分点</translation>
        </message>
        <message>
            <location filename="../widgets/compare/MetricsTableModel.cpp" line="227" />
            <location filename="../widgets/compare/MetricsTableModel.cpp" line="237" />
            <source>—</source>
            <translation>—</translation>
        </message>
        <message>
            <location filename="../widgets/compare/MetricsTableModel.cpp" line="229" />
            <location filename="../widgets/compare/MetricsTableModel.cpp" line="253" />
            <source>%1 × %2</source>
            <translation>%1 × %2</translation>
        </message>
        <message>
            <location filename="../widgets/compare/MetricsTableModel.cpp" line="233" />
            <source>Unknown for this run (no steps, no memory events, or no MFU inputs)</source>
            <translation>该运行无此数据（没有步、没有内存事件或没有 MFU 输入）</translation>
        </message>
        <message>
            <location filename="../widgets/compare/MetricsTableModel.cpp" line="281" />
            <location filename="../widgets/compare/MetricsTableModel.cpp" line="294" />
            <source>Better than the baseline</source>
            <translation>优于基线</translation>
        </message>
        <message>
            <location filename="../widgets/compare/MetricsTableModel.cpp" line="281" />
            <location filename="../widgets/compare/MetricsTableModel.cpp" line="294" />
            <source>Worse than the baseline</source>
            <translation>差于基线</translation>
        </message>
        <message>
            <location filename="../widgets/compare/MetricsTableModel.cpp" line="281" />
            <location filename="../widgets/compare/MetricsTableModel.cpp" line="294" />
            <source>About the same</source>
            <translation>基本持平</translation>
        </message>
        <message>
            <location filename="../widgets/compare/MetricsTableModel.cpp" line="284" />
            <source>Beyond the step-to-step noise</source>
            <translation>超出步间噪声</translation>
        </message>
        <message>
            <location filename="../widgets/compare/MetricsTableModel.cpp" line="284" />
            <source>Within the step-to-step noise: not a real change</source>
            <translation>在步间噪声范围内：不是真实的变化</translation>
        </message>
        <message>
            <location filename="../widgets/compare/MetricsTableModel.cpp" line="286" />
            <source>The median per step (every rank's complete steps) changed by %1; 95 % interval %2 (bootstrap over steps); Mann-Whitney p = %3.%4</source>
            <translation>每步中位数（所有 rank 的完整步）变化了 %1；95% 置信区间 %2（对步做 bootstrap）；Mann-Whitney p = %3。%4</translation>
        </message>
        <message>
            <location filename="../widgets/compare/MetricsTableModel.cpp" line="292" />
            <source> The row is a total over the analysed steps; the interval is of its change per step.</source>
            <translation>此行是所分析各步的总和；置信区间针对其每步的变化。</translation>
        </message>
        <message>
            <location filename="../widgets/compare/MetricsTableModel.cpp" line="309" />
            <source>Metric</source>
            <translation>指标</translation>
        </message>
        <message>
            <location filename="../widgets/compare/MetricsTableModel.cpp" line="316" />
            <source>Δ %1</source>
            <translation>Δ %1</translation>
        </message>
    </context>
    <context>
        <name>lanescope::MfuPanel</name>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="87" />
            <source> TFLOPS</source>
            <translation> TFLOPS</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="88" />
            <source>unknown</source>
            <translation>未知</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="89" />
            <source>Dense bf16/fp16 tensor-core peak of one GPU (no sparsity)</source>
            <translation>单个 GPU 的稠密 bf16/fp16 Tensor Core 峰值（不含稀疏）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="90" />
            <source>Table</source>
            <translation>表中值</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="91" />
            <source>Back to the peak in Lanescope's GPU table</source>
            <translation>恢复为 Lanescope GPU 表中的峰值</translation>
        </message>
        <message>
            <source>e.g. 7e9 or 7B</source>
            <translation type="vanished">例如 7e9 或 7B</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="100" />
            <source>Model parameters: 7e9, 7B, 6.7 B, 350M</source>
            <translation>模型参数量：7e9、7B、6.7 B、350M</translation>
        </message>
        <message>
            <source>e.g. 8192 or 4M</source>
            <translation type="vanished">例如 8192 或 4M</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="99" />
            <source>unknown: enter e.g. 7e9 or 7B</source>
            <translation>未知：请输入如 7e9 或 7B</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="107" />
            <source>unknown: enter e.g. 8192 or 4M</source>
            <translation>未知：请输入如 8192 或 4M</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="108" />
            <location filename="../widgets/analysis/MfuPanel.cpp" line="288" />
            <source>Tokens processed in one step (sequences × sequence length)</source>
            <translation>每步处理的 token 数（序列数 × 序列长度）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="110" />
            <source>per GPU</source>
            <translation>每 GPU</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="116" />
            <source>tokens</source>
            <translation>token</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="117" />
            <source>samples</source>
            <translation>样本</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="118" />
            <source>Tokens: a transformer's, for MFU. Samples: images or sequences of a model that is no transformer (a ResNet), for samples/s; MFU is not offered, its 6 × parameters rule is a dense transformer's.</source>
            <translation>token：Transformer 的输入单位，用于计算 MFU。样本：非 Transformer 模型（如 ResNet）的图像或序列，用于计算样本/秒；此时不提供 MFU，因为 6 × 参数量的规则只适用于稠密 Transformer。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="140" />
            <source>GPU:</source>
            <translation>GPU：</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="141" />
            <source>Peak:</source>
            <translation>峰值：</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="142" />
            <source>Parameters:</source>
            <translation>参数量：</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="143" />
            <location filename="../widgets/analysis/MfuPanel.cpp" line="285" />
            <source>Tokens per step:</source>
            <translation>每步 token 数：</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="145" />
            <source>World size:</source>
            <translation>总进程数：</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="147" />
            <source>Step time:</source>
            <translation>步时长：</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="148" />
            <location filename="../widgets/analysis/MfuPanel.cpp" line="286" />
            <source>Tokens/s per GPU:</source>
            <translation>每 GPU token/秒：</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="150" />
            <source>Achieved:</source>
            <translation>实际算力：</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="151" />
            <source>MFU:</source>
            <translation>MFU：</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="268" />
            <source>not named in the trace (no deviceProperties): enter its peak</source>
            <translation>跟踪中未给出（没有 deviceProperties）：请输入其峰值</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="273" />
            <source>%1 (table: %2 TFLOPS)</source>
            <translation>%1（表中：%2 TFLOPS）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="275" />
            <source>%1 (not in the table: enter its peak)</source>
            <translation>%1（不在表中：请输入其峰值）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="277" />
            <source>Peak from: %1</source>
            <translation>峰值来源：%1</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="285" />
            <source>Samples per step:</source>
            <translation>每步样本数：</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="286" />
            <source>Samples/s per GPU:</source>
            <translation>每 GPU 样本/秒：</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="287" />
            <source>Samples (images) processed in one step: the batch size</source>
            <translation>一步处理的样本（图像）数：即批大小</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="377" />
            <source>%1 (%2)</source>
            <translation>%1（%2）</translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/analysis/MfuPanel.cpp" line="388" />
            <source>No whole ProfilerStep lies inside the analysed range (the trace has %n step): MFU needs at least one; widen the range or pick a step in Scope.</source>
            <translation>
                <numerusform>分析范围内没有完整的 ProfilerStep（跟踪中共有 %n 步）：MFU 至少需要一步；请扩大范围，或在“范围”中选择一步。</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/analysis/MfuPanel.cpp" line="390" />
            <source>No whole ProfilerStep lies inside the analysed range (the trace has %n steps): MFU needs at least one; widen the range or pick a step in Scope.</source>
            <translation>
                <numerusform>分析范围内没有完整的 ProfilerStep（跟踪共有 %n 步）：MFU 至少需要一步；请扩大范围，或在“范围”中选择一步。</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="246" />
            <source>%1 (from the trace)</source>
            <translation>%1（来自跟踪）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="247" />
            <source>1 (the trace names no distributed run)</source>
            <translation>1（跟踪中没有分布式信息）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="248" />
            <source>for all %1 GPUs</source>
            <translation>全部 %1 个 GPU 合计</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="248" />
            <source>for all GPUs</source>
            <translation>全部 GPU 合计</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="270" />
            <source>%1 (your table: %2 TFLOPS; Lanescope's: %3)</source>
            <translation>%1（自定义表：%2 TFLOPS；Lanescope 表：%3）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="276" />
            <source>Peak from your table in Preferences</source>
            <translation>来自“首选项”中自定义表的峰值</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="298" />
            <source>not a number</source>
            <translation>不是数字</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="302" />
            <source>= %1 T</source>
            <translation>= %1 T</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="304" />
            <source>= %1 B</source>
            <translation>= %1 B</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="306" />
            <source>= %1 M</source>
            <translation>= %1 M</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="308" />
            <source>= %1</source>
            <translation>= %1</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="369" />
            <source>Waiting for the analysis…</source>
            <translation>正在等待分析结果…</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="376" />
            <source>no ProfilerStep</source>
            <translation>没有 ProfilerStep</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="376" />
            <source>no whole step in the range</source>
            <translation>范围内没有完整的步</translation>
        </message>
        <message>
            <source>%1 s (one step)</source>
            <translation type="vanished">%1 秒（单步）</translation>
        </message>
        <message>
            <source>%1 s (mean of %2 steps)</source>
            <translation type="vanished">%1 秒（%2 步的平均值）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="382" />
            <source>%1 TFLOPS of %2</source>
            <translation>%1 TFLOPS（峰值 %2）</translation>
        </message>
        <message>
            <source>%1 %</source>
            <translation type="vanished">%1%</translation>
        </message>
        <message numerus="yes">
            <source>No whole ProfilerStep lies inside the analysed range (the trace has %n step(s)): MFU needs at least one; widen the range or pick a step in Scope.</source>
            <translation type="vanished">
                <numerusform>分析范围内没有完整的 ProfilerStep（跟踪中共有 %n 步）：MFU 至少需要一步；请扩大范围，或在“范围”中选择一步。</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="393" />
            <source>The trace has no ProfilerStep#N spans: record with a torch.profiler schedule and call prof.step().</source>
            <translation>跟踪中没有 ProfilerStep#N 区间：请用带 schedule 的 torch.profiler 录制并调用 prof.step()。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="395" />
            <source>Samples/s per GPU at the median step time. MFU is not offered for samples: its 6 × parameters × tokens rule holds for dense transformers; give tokens per step for it.</source>
            <translation>按步时长中位数计算的每 GPU 样本/秒。按样本计时不提供 MFU：6 × 参数量 × token 的规则只适用于稠密 Transformer；如需 MFU，请填写每步 token 数。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="397" />
            <source>Enter the samples per step.</source>
            <translation>请输入每步样本数。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="399" />
            <source>Enter the model's parameter count.</source>
            <translation>请输入模型参数量。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="401" />
            <source>Enter the tokens per step.</source>
            <translation>请输入每步 token 数。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="403" />
            <source>Enter the GPU's peak TFLOPS.</source>
            <translation>请输入 GPU 峰值 TFLOPS。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="405" />
            <source>Achieved = 6 × parameters × tokens/s per GPU (forward and backward of a dense transformer); MFU = achieved / peak.</source>
            <translation>实际算力 = 6 × 参数量 × 每 GPU token/秒（稠密 Transformer 的前向加反向）；MFU = 实际算力 / 峰值。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/MfuPanel.cpp" line="408" />
            <source>The trace's GEMMs are FP32 SIMT kernels (%1): they do not run on tensor cores, so the table's bf16/fp16 tensor-core peak overstates what they can reach; enter the GPU's FP32 peak.</source>
            <translation>跟踪中的 GEMM 是 FP32 SIMT 内核（%1）：它们不在张量核心上运行，因此表中的 bf16/fp16 张量核心峰值会高估其可达性能；请输入该 GPU 的 FP32 峰值。</translation>
        </message>
    </context>
    <context>
        <name>lanescope::NameDiffModel</name>
        <message>
            <location filename="../widgets/compare/NameDiffModel.cpp" line="43" />
            <source>%1: %2 (baseline)</source>
            <translation>%1：%2（基线）</translation>
        </message>
        <message>
            <location filename="../widgets/compare/NameDiffModel.cpp" line="43" />
            <source>%1: %2</source>
            <translation>%1：%2</translation>
        </message>
        <message>
            <location filename="../widgets/compare/NameDiffModel.cpp" line="65" />
            <source>GEMM gaps: %1</source>
            <translation>GEMM 间隙：%1</translation>
        </message>
        <message>
            <location filename="../widgets/compare/NameDiffModel.cpp" line="146" />
            <source>%1
Click to outline it in every run's lanes</source>
            <translation>%1
单击可在每个运行的泳道中勾出它</translation>
        </message>
        <message>
            <location filename="../widgets/compare/NameDiffModel.cpp" line="164" />
            <location filename="../widgets/compare/NameDiffModel.cpp" line="176" />
            <source>—</source>
            <translation>—</translation>
        </message>
        <message numerus="yes">
            <source>%1: %n time(s)</source>
            <translation type="vanished">
                <numerusform>%1：%n 次</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/compare/NameDiffModel.cpp" line="169" />
            <source>%1: %n time</source>
            <translation>
                <numerusform>%1：%n 次</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/compare/NameDiffModel.cpp" line="169" />
            <source>%1: %n times</source>
            <translation>
                <numerusform>%1：%n 次</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../widgets/compare/NameDiffModel.cpp" line="200" />
            <source>GPU kernel</source>
            <translation>GPU 内核</translation>
        </message>
        <message>
            <location filename="../widgets/compare/NameDiffModel.cpp" line="200" />
            <source>CPU operator</source>
            <translation>CPU 算子</translation>
        </message>
        <message>
            <location filename="../widgets/compare/NameDiffModel.cpp" line="200" />
            <source>Gap cause</source>
            <translation>间隙原因</translation>
        </message>
        <message>
            <location filename="../widgets/compare/NameDiffModel.cpp" line="201" />
            <source>%1 (ms per step)</source>
            <translation>%1（ms/步）</translation>
        </message>
        <message>
            <location filename="../widgets/compare/NameDiffModel.cpp" line="201" />
            <source>%1 (ms)</source>
            <translation>%1（ms）</translation>
        </message>
        <message>
            <location filename="../widgets/compare/NameDiffModel.cpp" line="209" />
            <source>How many ran in %1</source>
            <translation>在 %1 中运行的次数</translation>
        </message>
        <message>
            <location filename="../widgets/compare/NameDiffModel.cpp" line="211" />
            <source>Milliseconds per step in %1</source>
            <translation>%1 中每步的毫秒数</translation>
        </message>
        <message>
            <location filename="../widgets/compare/NameDiffModel.cpp" line="211" />
            <source>Milliseconds in %1</source>
            <translation>%1 中的毫秒数</translation>
        </message>
        <message>
            <location filename="../widgets/compare/NameDiffModel.cpp" line="212" />
            <source>%1 against the baseline %2, in milliseconds</source>
            <translation>%1 相对基线 %2 的差值（ms）</translation>
        </message>
        <message>
            <location filename="../widgets/compare/NameDiffModel.cpp" line="215" />
            <source>Count %1</source>
            <translation>次数 %1</translation>
        </message>
        <message>
            <location filename="../widgets/compare/NameDiffModel.cpp" line="218" />
            <source>Δ %1</source>
            <translation>Δ %1</translation>
        </message>
        <message>
            <source>ms/step %1</source>
            <translation type="vanished">ms/步 %1</translation>
        </message>
        <message>
            <source>ms %1</source>
            <translation type="vanished">ms %1</translation>
        </message>
        <message>
            <source>Δ ms %1</source>
            <translation type="vanished">Δ ms %1</translation>
        </message>
    </context>
    <context>
        <name>lanescope::OpEfficiencyModel</name>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="289" />
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="290" />
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="291" />
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="292" />
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="294" />
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="442" />
            <source>unknown</source>
            <translation>未知</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="305" />
            <source>Operator</source>
            <translation>算子</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="306" />
            <source>Input shapes</source>
            <translation>输入形状</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="307" />
            <source>Type</source>
            <translation>类型</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="308" />
            <source>Calls</source>
            <translation>调用次数</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="309" />
            <source>GPU (ms)</source>
            <translation>GPU（ms）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="310" />
            <source>TFLOP</source>
            <translation>TFLOP</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="311" />
            <source>TFLOPS</source>
            <translation>TFLOPS</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="312" />
            <source>% of peak</source>
            <translation>峰值占比 %</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="313" />
            <source>FLOP/byte</source>
            <translation>FLOP/字节</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="314" />
            <source>TB/s</source>
            <translation>TB/s</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="315" />
            <source>Bound</source>
            <translation>受限于</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="316" />
            <source>% of roofline</source>
            <translation>占屋顶线 %</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="321" />
            <source>GPU time of the kernels the calls launched, their nested operators' included</source>
            <translation>这些调用所发起内核的 GPU 时间，含其嵌套算子发起的</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="322" />
            <source>The calls' FLOPs from their input shapes (2MNK for a matrix product, 4·B·H·Lq·Lk·D for attention)</source>
            <translation>由输入形状得出的调用 FLOPs（矩阵乘为 2MNK，注意力为 4·B·H·Lq·Lk·D）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="323" />
            <source>FLOPs over the GPU time: what the kernels achieved</source>
            <translation>FLOPs 除以 GPU 时间：内核实际达到的算力</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="325" />
            <source>Of the peak of the operator's type (GPU table in Preferences): bf16/fp16 the dense tensor peak, fp32 matrix products FP32 (PyTorch leaves TF32 off for them), fp32 convolutions TF32 (cuDNN's default), fp64 FP64</source>
            <translation>占算子数据类型峰值的比例（首选项中的 GPU 表）：bf16/fp16 为稠密张量峰值，fp32 矩阵乘为 FP32（PyTorch 默认对其关闭 TF32），fp32 卷积为 TF32（cuDNN 默认），fp64 为 FP64</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="327" />
            <source>Arithmetic intensity: FLOPs per byte read and written (inputs once, the output once)</source>
            <translation>算术强度：每读写一字节的浮点运算数（输入读一次，输出写一次）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="328" />
            <source>Bytes moved over the GPU time, in TB/s: against the GPU's memory bandwidth for memory-bound operators</source>
            <translation>搬运的字节数除以 GPU 时间，单位 TB/s：内存受限算子与 GPU 显存带宽比较</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="330" />
            <source>Which roof bounds the operator: compute where its intensity reaches the ridge point (peak over memory bandwidth), memory below it</source>
            <translation>算子受哪个屋顶限制：算术强度达到脊点（峰值除以显存带宽）时为计算，低于脊点时为内存</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="332" />
            <source>Achieved TFLOPS over what the roofline allows at this intensity: min(peak, intensity × memory bandwidth)</source>
            <translation>实际 TFLOPS 占该算术强度下屋顶线所允许值的比例：峰值与“强度 × 显存带宽”中较小者</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="438" />
            <source>compute</source>
            <translation>计算</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="439" />
            <source>memory</source>
            <translation>内存</translation>
        </message>
        <message>
            <source>Of the GPU's dense bf16/fp16 tensor peak (the MFU panel's); unknown for other types</source>
            <translation type="vanished">占 GPU 稠密 bf16/fp16 张量峰值（即 MFU 面板所用峰值）的比例；其他类型为未知</translation>
        </message>
    </context>
    <context>
        <name>lanescope::OpSummaryModel</name>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="153" />
            <source>Operator</source>
            <translation>算子</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="154" />
            <source>Input shapes</source>
            <translation>输入形状</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="155" />
            <source>Category</source>
            <translation>类别</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="156" />
            <source>Calls</source>
            <translation>调用次数</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="157" />
            <source>Self CPU (ms)</source>
            <translation>自身 CPU（ms）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="158" />
            <source>Total CPU (ms)</source>
            <translation>总 CPU（ms）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="159" />
            <source>Device (ms)</source>
            <translation>设备（ms）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="160" />
            <source>Device self (ms)</source>
            <translation>设备自身（ms）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="165" />
            <source>The time the operator is the innermost slice on its thread: its duration minus its children's</source>
            <translation>该算子作为其线程上最内层切片的时间：其时长减去子项的时长</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="166" />
            <source>The calls' durations, children included</source>
            <translation>各次调用的时长，含子项</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="167" />
            <source>GPU time of the kernels, copies and memsets launched from inside the operator (by correlation)</source>
            <translation>由该算子内部发起的内核、拷贝和 memset 的 GPU 时间（按 correlation 关联）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="168" />
            <source>GPU time launched by the operator's own runtime calls, not by its child operators</source>
            <translation>由该算子自身的运行时调用（而非其子算子）发起的 GPU 时间</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryModels.cpp" line="169" />
            <source>The operator's "Input Dims" (traces recorded with record_shapes=True)</source>
            <translation>该算子的 "Input Dims"（以 record_shapes=True 录制的跟踪）</translation>
        </message>
    </context>
    <context>
        <name>lanescope::OpenController</name>
        <message>
            <location filename="../app/gui/OpenController.cpp" line="83" />
            <source>Preferences</source>
            <translation>首选项</translation>
        </message>
        <message>
            <location filename="../app/gui/OpenController.cpp" line="87" />
            <source>half of the memory available</source>
            <translation>可用内存的一半</translation>
        </message>
    </context>
    <context>
        <name>lanescope::PeakOverrideStore</name>
        <message>
            <location filename="../widgets/analysis/PeakOverrideStore.cpp" line="72" />
            <source>%1 stored for %2 (%3)</source>
            <translation>为 %2 保存的 %1（%3）</translation>
        </message>
    </context>
    <context>
        <name>lanescope::PeakTableEditor</name>
        <message>
            <location filename="../app/gui/PeakTableEditor.cpp" line="41" />
            <source>table</source>
            <translation>表</translation>
        </message>
        <message>
            <location filename="../app/gui/PeakTableEditor.cpp" line="62" />
            <source>&amp;Reset</source>
            <translation>重置(&amp;R)</translation>
        </message>
        <message>
            <location filename="../app/gui/PeakTableEditor.cpp" line="63" />
            <source>Reset &amp;All</source>
            <translation>全部重置(&amp;A)</translation>
        </message>
        <message>
            <location filename="../app/gui/PeakTableEditor.cpp" line="70" />
            <source>GPU</source>
            <translation>GPU</translation>
        </message>
        <message>
            <location filename="../app/gui/PeakTableEditor.cpp" line="70" />
            <source>BF16/FP16
TFLOPS</source>
            <translation>BF16/FP16
TFLOPS</translation>
        </message>
        <message>
            <location filename="../app/gui/PeakTableEditor.cpp" line="70" />
            <source>TF32
TFLOPS</source>
            <translation>TF32
TFLOPS</translation>
        </message>
        <message>
            <location filename="../app/gui/PeakTableEditor.cpp" line="70" />
            <source>FP32
TFLOPS</source>
            <translation>FP32
TFLOPS</translation>
        </message>
        <message>
            <location filename="../app/gui/PeakTableEditor.cpp" line="70" />
            <source>FP8
TFLOPS</source>
            <translation>FP8
TFLOPS</translation>
        </message>
        <message>
            <location filename="../app/gui/PeakTableEditor.cpp" line="70" />
            <source>FP4
TFLOPS</source>
            <translation>FP4
TFLOPS</translation>
        </message>
        <message>
            <location filename="../app/gui/PeakTableEditor.cpp" line="71" />
            <source>FP64
TFLOPS</source>
            <translation>FP64
TFLOPS</translation>
        </message>
        <message>
            <location filename="../app/gui/PeakTableEditor.cpp" line="71" />
            <source>Memory
TB/s</source>
            <translation>显存
TB/s</translation>
        </message>
        <message>
            <location filename="../app/gui/PeakTableEditor.cpp" line="71" />
            <source>Link
GB/s</source>
            <translation>互连
GB/s</translation>
        </message>
        <message>
            <location filename="../app/gui/PeakTableEditor.cpp" line="74" />
            <source>Dense (no sparsity) bf16/fp16 tensor peak: MFU and the roofline of bf16/fp16 operators</source>
            <translation>稠密（无稀疏）bf16/fp16 张量核心峰值：用于 MFU 和 bf16/fp16 算子的屋顶线</translation>
        </message>
        <message>
            <location filename="../app/gui/PeakTableEditor.cpp" line="75" />
            <source>Dense FP8 tensor peak: the roofline of fp8 GEMMs (– where the GPU has no FP8 tensor cores)</source>
            <translation>稠密 FP8 张量核心峰值：fp8 GEMM 的屋顶线（GPU 没有 FP8 张量核心时为 –）</translation>
        </message>
        <message>
            <location filename="../app/gui/PeakTableEditor.cpp" line="76" />
            <source>Dense FP4 tensor peak: the roofline of fp4 GEMMs (– where the GPU has no FP4 tensor cores)</source>
            <translation>稠密 FP4 张量核心峰值：fp4 GEMM 的屋顶线（GPU 没有 FP4 张量核心时为 –）</translation>
        </message>
        <message>
            <location filename="../app/gui/PeakTableEditor.cpp" line="77" />
            <source>Dense TF32 tensor peak: the roofline of fp32 convolutions (cuDNN uses TF32 by default)</source>
            <translation>稠密 TF32 张量核心峰值：fp32 卷积的屋顶线（cuDNN 默认使用 TF32）</translation>
        </message>
        <message>
            <location filename="../app/gui/PeakTableEditor.cpp" line="78" />
            <source>FP32 peak without TF32: the roofline of fp32 matrix multiplies (PyTorch leaves TF32 off for them)</source>
            <translation>不使用 TF32 的 FP32 峰值：fp32 矩阵乘的屋顶线（PyTorch 默认对其关闭 TF32）</translation>
        </message>
        <message>
            <location filename="../app/gui/PeakTableEditor.cpp" line="79" />
            <source>FP64 peak: the roofline of fp64 operators</source>
            <translation>FP64 峰值：fp64 算子的屋顶线</translation>
        </message>
        <message>
            <location filename="../app/gui/PeakTableEditor.cpp" line="80" />
            <source>Device memory bandwidth: the roofline's memory roof</source>
            <translation>设备显存带宽：屋顶线的内存屋顶</translation>
        </message>
        <message>
            <location filename="../app/gui/PeakTableEditor.cpp" line="81" />
            <source>Interconnect bandwidth per direction (NVLink, Infinity Fabric or the PCIe slot), as nccl-tests' bus bandwidth is compared with it</source>
            <translation>单向互连带宽（NVLink、Infinity Fabric 或 PCIe 插槽），nccl-tests 的总线带宽与之比较</translation>
        </message>
        <message>
            <location filename="../app/gui/PeakTableEditor.cpp" line="82" />
            <source>Lanescope's own figures where yours replace them</source>
            <translation>被您的数值替换处 Lanescope 自带的数值</translation>
        </message>
        <message>
            <location filename="../app/gui/PeakTableEditor.cpp" line="133" />
            <source>Back to Lanescope's figures for the selected GPUs</source>
            <translation>将所选 GPU 恢复为 Lanescope 的数值</translation>
        </message>
        <message>
            <location filename="../app/gui/PeakTableEditor.cpp" line="135" />
            <source>MFU and the roofline are measured against these peaks and memory bandwidths, collectives' bus bandwidth against the link. Double-click a figure to use your own; your figures are shown in bold.</source>
            <translation>MFU 和屋顶线以这些峰值和显存带宽为基准，集合通信的总线带宽以互连带宽为基准。双击数值可使用您自己的数值；您的数值以粗体显示。</translation>
        </message>
        <message>
            <location filename="../app/gui/PeakTableEditor.cpp" line="169" />
            <source>%1 of %2: %3 is not between %4 and %5; Lanescope's %6 is used</source>
            <translation>%2 的 %1：%3 不在 %4 与 %5 之间；使用 Lanescope 的 %6</translation>
        </message>
        <message>
            <location filename="../app/gui/PeakTableEditor.cpp" line="183" />
            <source>Not taken: %1</source>
            <translation>未采用：%1</translation>
        </message>
        <message>
            <location filename="../app/gui/PeakTableEditor.cpp" line="206" />
            <source>%1: %2</source>
            <translation>%1:%2</translation>
        </message>
        <message>
            <location filename="../app/gui/PeakTableEditor.cpp" line="209" />
            <source>Lanescope's table: %1</source>
            <translation>Lanescope 的表：%1</translation>
        </message>
        <message>
            <source>BF16/FP16 dense (TFLOPS)</source>
            <translation type="vanished">BF16/FP16 稠密（TFLOPS）</translation>
        </message>
        <message>
            <location filename="../app/gui/PeakTableEditor.cpp" line="71" />
            <source>Lanescope's table</source>
            <translation>Lanescope 表</translation>
        </message>
        <message>
            <source>Back to Lanescope's figure for the selected GPUs</source>
            <translation type="vanished">将所选 GPU 恢复为 Lanescope 表中的数值</translation>
        </message>
        <message>
            <source>MFU is measured against these peaks. Double-click a figure to use your own; your figures are shown in bold.</source>
            <translation type="vanished">MFU 以这些峰值为基准计算。双击数值可改用自定义数值；自定义数值以粗体显示。</translation>
        </message>
    </context>
    <context>
        <name>lanescope::PictureActions</name>
        <message>
            <location filename="../app/gui/PictureActions.cpp" line="74" />
            <source>Export failed</source>
            <translation>导出失败</translation>
        </message>
        <message>
            <location filename="../app/gui/PictureActions.cpp" line="78" />
            <source>Exported %1</source>
            <translation>已导出 %1</translation>
        </message>
        <message>
            <location filename="../app/gui/PictureActions.cpp" line="145" />
            <source>nothing to export: open a trace first</source>
            <translation>没有可导出的内容：请先打开跟踪文件</translation>
        </message>
        <message>
            <location filename="../app/gui/PictureActions.cpp" line="162" />
            <source>Picture copied to the clipboard</source>
            <translation>图片已复制到剪贴板</translation>
        </message>
        <message>
            <location filename="../app/gui/PictureActions.cpp" line="174" />
            <source>nothing to report: open a trace first</source>
            <translation>没有可生成报告的内容：请先打开一个跟踪文件</translation>
        </message>
        <message>
            <location filename="../app/gui/PictureActions.cpp" line="229" />
            <source>A4</source>
            <translation>A4</translation>
        </message>
        <message>
            <location filename="../app/gui/PictureActions.cpp" line="230" />
            <source>Letter</source>
            <translation>Letter</translation>
        </message>
        <message>
            <location filename="../app/gui/PictureActions.cpp" line="193" />
            <source>the comparison is still being measured: try again when its figures are shown</source>
            <translation>比较仍在计算中：请在其数据显示后重试</translation>
        </message>
        <message>
            <location filename="../app/gui/PictureActions.cpp" line="198" />
            <source>the analysis is still running: try again when its figures are shown</source>
            <translation>分析仍在进行中：请在其数据显示后重试</translation>
        </message>
        <message>
            <location filename="../app/gui/PictureActions.cpp" line="214" />
            <location filename="../app/gui/PictureActions.cpp" line="243" />
            <source>Report</source>
            <translation>报告</translation>
        </message>
        <message>
            <location filename="../app/gui/PictureActions.cpp" line="222" />
            <source>Browse…</source>
            <translation>浏览…</translation>
        </message>
        <message>
            <location filename="../app/gui/PictureActions.cpp" line="226" />
            <source>File:</source>
            <translation>文件：</translation>
        </message>
        <message>
            <source>A4 landscape</source>
            <translation type="vanished">A4 横向</translation>
        </message>
        <message>
            <source>Letter landscape</source>
            <translation type="vanished">Letter 横向</translation>
        </message>
        <message>
            <location filename="../app/gui/PictureActions.cpp" line="232" />
            <source>Page:</source>
            <translation>页面：</translation>
        </message>
        <message>
            <location filename="../app/gui/PictureActions.cpp" line="235" />
            <source>Landscape</source>
            <translation>横向</translation>
        </message>
        <message>
            <location filename="../app/gui/PictureActions.cpp" line="236" />
            <source>Portrait</source>
            <translation>纵向</translation>
        </message>
        <message>
            <location filename="../app/gui/PictureActions.cpp" line="237" />
            <source>Orientation:</source>
            <translation>方向：</translation>
        </message>
        <message>
            <location filename="../app/gui/PictureActions.cpp" line="243" />
            <source>PDF (*.pdf)</source>
            <translation>PDF (*.pdf)</translation>
        </message>
        <message>
            <location filename="../app/gui/PictureActions.cpp" line="255" />
            <source>Report failed</source>
            <translation>报告生成失败</translation>
        </message>
        <message>
            <location filename="../app/gui/PictureActions.cpp" line="259" />
            <source>Report written to %1</source>
            <translation>报告已写入 %1</translation>
        </message>
    </context>
    <context>
        <name>lanescope::PictureExport</name>
        <message>
            <location filename="../widgets/render/PictureExport.cpp" line="149" />
            <source>rank %1/%2</source>
            <translation>rank %1/%2</translation>
        </message>
        <message>
            <location filename="../widgets/render/PictureExport.cpp" line="149" />
            <source>rank %1</source>
            <translation>rank %1</translation>
        </message>
        <message>
            <location filename="../widgets/render/PictureExport.cpp" line="152" />
            <source>%1 × %2</source>
            <translation>%1 × %2</translation>
        </message>
        <message>
            <location filename="../widgets/render/PictureExport.cpp" line="163" />
            <source>step %1</source>
            <translation>步时长 %1</translation>
        </message>
        <message>
            <source>GPU idle %1 %</source>
            <translation type="vanished">GPU 空闲 %1%</translation>
        </message>
        <message>
            <source>compute-stream idle %1 %</source>
            <translation type="vanished">计算流空闲 %1 %</translation>
        </message>
        <message>
            <source>all-GPU idle %1 %</source>
            <translation type="vanished">全 GPU 空闲 %1 %</translation>
        </message>
        <message>
            <source>comm/compute overlap %1 %</source>
            <translation type="vanished">通信/计算重叠 %1%</translation>
        </message>
        <message>
            <source>GEMM gaps ≥ %1: %2 (%3)</source>
            <translation type="vanished">GEMM 间隙 ≥ %1：%2 个（%3）</translation>
        </message>
        <message>
            <source>MFU %1 %</source>
            <translation type="vanished">MFU %1%</translation>
        </message>
        <message>
            <location filename="../widgets/render/PictureExport.cpp" line="166" />
            <source>%1 samples/s/GPU</source>
            <translation>每 GPU %1 样本/秒</translation>
        </message>
        <message>
            <location filename="../widgets/render/PictureExport.cpp" line="170" />
            <source>compute-stream idle %1</source>
            <translation>计算流空闲 %1</translation>
        </message>
        <message>
            <location filename="../widgets/render/PictureExport.cpp" line="172" />
            <source>all-GPU idle %1</source>
            <translation>全 GPU 空闲 %1</translation>
        </message>
        <message>
            <location filename="../widgets/render/PictureExport.cpp" line="174" />
            <source>comm/compute overlap %1</source>
            <translation>通信/计算重叠 %1</translation>
        </message>
        <message>
            <location filename="../widgets/render/PictureExport.cpp" line="177" />
            <source>no %1</source>
            <translation>无 %1</translation>
        </message>
        <message>
            <location filename="../widgets/render/PictureExport.cpp" line="179" />
            <source>%1: %2 (%3)</source>
            <translation>%1：%2（%3）</translation>
        </message>
        <message>
            <location filename="../widgets/render/PictureExport.cpp" line="181" />
            <source>MFU %1</source>
            <translation>MFU %1</translation>
        </message>
        <message>
            <location filename="../widgets/render/PictureExport.cpp" line="191" />
            <source>%1: %2</source>
            <translation>%1：%2</translation>
        </message>
        <message>
            <location filename="../widgets/render/PictureExport.cpp" line="201" />
            <source> vs </source>
            <translation> 对比 </translation>
        </message>
        <message>
            <location filename="../widgets/render/PictureExport.cpp" line="247" />
            <source>+%1 more lanes</source>
            <translation>另有 %1 条泳道</translation>
        </message>
        <message>
            <location filename="../widgets/render/PictureExport.cpp" line="259" />
            <source>a %1 x %2 px picture at scale %3 has %4 device pixels, more than the %5 (2^28) a picture may have; make it smaller</source>
            <translation>%1 x %2 px、缩放比例 %3 的图片有 %4 个设备像素，超过了图片允许的上限 %5（2^28）；请缩小尺寸</translation>
        </message>
        <message>
            <location filename="../widgets/render/PictureExport.cpp" line="351" />
            <source>%1: unknown picture format (use .png, .svg or .pdf)</source>
            <translation>%1：未知图片格式（请使用 .png、.svg 或 .pdf）</translation>
        </message>
        <message>
            <location filename="../widgets/render/PictureExport.cpp" line="353" />
            <source>a picture must be at least %1 px wide</source>
            <translation>图片宽度至少为 %1 px</translation>
        </message>
        <message>
            <location filename="../widgets/render/PictureExport.cpp" line="364" />
            <location filename="../widgets/render/PictureExport.cpp" line="410" />
            <source>cannot write %1: %2</source>
            <translation>无法写入 %1：%2</translation>
        </message>
        <message>
            <location filename="../widgets/render/PictureExport.cpp" line="369" />
            <source>cannot write %1: PNG encoding failed</source>
            <translation>无法写入 %1：PNG 编码失败</translation>
        </message>
        <message>
            <location filename="../widgets/render/PictureExport.cpp" line="382" />
            <source>Lanescope timeline</source>
            <translation>Lanescope 时间线</translation>
        </message>
        <message>
            <location filename="../widgets/render/PictureExport.cpp" line="385" />
            <source>cannot write %1: SVG output failed</source>
            <translation>无法写入 %1：SVG 输出失败</translation>
        </message>
        <message>
            <location filename="../widgets/render/PictureExport.cpp" line="402" />
            <source>cannot write %1: PDF output failed</source>
            <translation>无法写入 %1：PDF 输出失败</translation>
        </message>
    </context>
    <context>
        <name>lanescope::PreferencesDialog</name>
        <message>
            <location filename="../app/gui/Preferences.cpp" line="160" />
            <source>Preferences</source>
            <translation>首选项</translation>
        </message>
        <message>
            <location filename="../app/gui/Preferences.cpp" line="163" />
            <source>Follow the system</source>
            <translation>跟随系统</translation>
        </message>
        <message>
            <location filename="../app/gui/Preferences.cpp" line="164" />
            <source>Light</source>
            <translation>浅色</translation>
        </message>
        <message>
            <location filename="../app/gui/Preferences.cpp" line="165" />
            <source>Dark</source>
            <translation>深色</translation>
        </message>
        <message>
            <location filename="../app/gui/Preferences.cpp" line="168" />
            <source>System language</source>
            <translation>系统语言</translation>
        </message>
        <message>
            <location filename="../app/gui/Preferences.cpp" line="175" />
            <source> ms</source>
            <translation> ms</translation>
        </message>
        <message>
            <location filename="../app/gui/Preferences.cpp" line="179" />
            <source>All gaps</source>
            <translation>所有间隙</translation>
        </message>
        <message>
            <location filename="../app/gui/Preferences.cpp" line="180" />
            <source>Only within GEMM-to-GEMM windows</source>
            <translation>仅 GEMM 到 GEMM 窗口内</translation>
        </message>
        <message>
            <location filename="../app/gui/Preferences.cpp" line="187" />
            <source> MiB</source>
            <translation> MiB</translation>
        </message>
        <message>
            <location filename="../app/gui/Preferences.cpp" line="188" />
            <source>Automatic: half of the memory available</source>
            <translation>自动：可用内存的一半</translation>
        </message>
        <message>
            <location filename="../app/gui/Preferences.cpp" line="192" />
            <source>The language changes at the next start of Lanescope.</source>
            <translation>语言将在下次启动 Lanescope 时更改。</translation>
        </message>
        <message>
            <location filename="../app/gui/Preferences.cpp" line="195" />
            <source>New windows and traces start with this threshold and filter; changing them in the Analysis dock changes them here too.</source>
            <translation>新窗口和新跟踪文件以此阈值和过滤器开始；在分析面板中更改它们也会同步更改此处。</translation>
        </message>
        <message>
            <location filename="../app/gui/Preferences.cpp" line="202" />
            <source>&amp;Theme:</source>
            <translation>主题(&amp;T)：</translation>
        </message>
        <message>
            <location filename="../app/gui/Preferences.cpp" line="203" />
            <source>&amp;Language:</source>
            <translation>语言(&amp;L)：</translation>
        </message>
        <message>
            <location filename="../app/gui/Preferences.cpp" line="205" />
            <source>Idle &amp;gap threshold:</source>
            <translation>空闲间隙阈值(&amp;G)：</translation>
        </message>
        <message>
            <location filename="../app/gui/Preferences.cpp" line="206" />
            <source>&amp;Kernel filter:</source>
            <translation>内核过滤器(&amp;K)：</translation>
        </message>
        <message>
            <location filename="../app/gui/Preferences.cpp" line="208" />
            <source>A folder of ranks that would take more opens as the job's summary, and a rank's timeline loads when you pick it. LANESCOPE_FOLDER_MEMORY_MB, where set, wins over this.</source>
            <translation>需要更多内存的 rank 文件夹将以作业摘要打开，选中某个 rank 时再加载它的时间线。若设置了 LANESCOPE_FOLDER_MEMORY_MB，则以它为准。</translation>
        </message>
        <message>
            <location filename="../app/gui/Preferences.cpp" line="214" />
            <source>&amp;Memory for a folder of ranks:</source>
            <translation>rank 文件夹的内存上限(&amp;M)：</translation>
        </message>
        <message>
            <location filename="../app/gui/Preferences.cpp" line="217" />
            <source>Next to the trace</source>
            <translation>跟踪文件旁</translation>
        </message>
        <message>
            <location filename="../app/gui/Preferences.cpp" line="218" />
            <source>In Lanescope's data folder</source>
            <translation>Lanescope 的数据文件夹</translation>
        </message>
        <message>
            <location filename="../app/gui/Preferences.cpp" line="220" />
            <source>Next to the trace: TRACE.lanescope.json, or the data folder where the trace's folder cannot be written. The data folder: %1, one file per trace.</source>
            <translation>跟踪文件旁：TRACE.lanescope.json；跟踪文件所在文件夹不可写时，保存到数据文件夹。数据文件夹：%1，每个跟踪文件一个文件。</translation>
        </message>
        <message>
            <location filename="../app/gui/Preferences.cpp" line="226" />
            <source>Keep &amp;annotations:</source>
            <translation>标注保存位置(&amp;A)：</translation>
        </message>
        <message>
            <location filename="../app/gui/Preferences.cpp" line="232" />
            <source>The desktop's handler for the file (no line)</source>
            <translation>桌面为该文件设置的默认程序（不定位到行）</translation>
        </message>
        <message>
            <location filename="../app/gui/Preferences.cpp" line="239" />
            <source>{file} and {line} are replaced; the command runs without a shell. A Python frame's path starting with a path map's left side is looked for under its right side, one "FROM -&gt; TO" per line; Open in Editor is offered where that file exists.</source>
            <translation>{file} 和 {line} 会被替换；命令不经过 shell 运行。Python 帧的路径以某条路径映射的左侧开头时，改在其右侧路径下查找，每行一条 "FROM -&gt; TO"；该文件存在时提供“在编辑器中打开”。</translation>
        </message>
        <message>
            <location filename="../app/gui/Preferences.cpp" line="246" />
            <source>&amp;Editor command:</source>
            <translation>编辑器命令(&amp;E)：</translation>
        </message>
        <message>
            <location filename="../app/gui/Preferences.cpp" line="247" />
            <source>P&amp;ath map:</source>
            <translation>路径映射(&amp;A)：</translation>
        </message>
        <message>
            <location filename="../app/gui/Preferences.cpp" line="249" />
            <source>GPU &amp;peaks and bandwidths</source>
            <translation>GPU 峰值与带宽(&amp;P)</translation>
        </message>
        <message>
            <source>GPU &amp;peaks for MFU</source>
            <translation type="vanished">用于 MFU 的 GPU 峰值(&amp;P)</translation>
        </message>
    </context>
    <context>
        <name>lanescope::RangeStatsPanel</name>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="278" />
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="356" />
            <source>Shift-drag on the timeline to select a time range.</source>
            <translation>在时间线上按住 Shift 拖动以选择时间范围。</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="279" />
            <source>Name</source>
            <translation>名称</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="279" />
            <source>Count</source>
            <translation>次数</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="279" />
            <source>Total</source>
            <translation>总计</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="279" />
            <source>Self</source>
            <translation>自身</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="279" />
            <source>Average</source>
            <translation>平均</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="280" />
            <source>Slices that overlap the range, on every lane</source>
            <translation>与范围重叠的切片，涵盖所有泳道</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="282" />
            <source>Time inside the range, summed over every lane: a slice cut by the range's edges counts only its part inside</source>
            <translation>范围内的时间，对所有泳道求和：被范围边界截断的切片只计其在范围内的部分</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="283" />
            <source>Total less the time of direct children on the same lane, inside the range</source>
            <translation>总计减去同一泳道上直接子切片在范围内的时间</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="284" />
            <source>Total over count: the average time inside the range</source>
            <translation>总计除以次数：范围内的平均时间</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="326" />
            <source>%1, inside the range:</source>
            <translation>%1，范围内：</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="326" />
            <source>%1, the whole trace:</source>
            <translation>%1，整个跟踪：</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="335" />
            <source>no slice</source>
            <translation>没有切片</translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="339" />
            <source>%n slice, total %1, mean %2, min %3, max %4</source>
            <translation>
                <numerusform>%n 个切片，总计 %1，平均 %2，最小 %3，最大 %4</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="340" />
            <source>%n slices, total %1, mean %2, min %3, max %4</source>
            <translation>
                <numerusform>%n 个切片，总计 %1，平均 %2，最小 %3，最大 %4</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="410" />
            <source>Range %1 (from %2): %n slice</source>
            <translation>
                <numerusform>范围 %1（起点 %2）：%n 个切片</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="411" />
            <source>Range %1 (from %2): %n slices</source>
            <translation>
                <numerusform>范围 %1（从 %2 起）：%n 个切片</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n slice(s), total %1, mean %2, min %3, max %4</source>
            <translation type="vanished">
                <numerusform>%n 个切片，总计 %1，平均 %2，最小 %3，最大 %4</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="345" />
            <source>Each slice's time inside the range, as the table below counts it</source>
            <translation>每个切片在范围内的时间，与下表的统计方式相同</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelinePanels.cpp" line="346" />
            <source>Every slice of this name, whole</source>
            <translation>该名称的所有切片，按完整时长统计</translation>
        </message>
        <message numerus="yes">
            <source>Range %1 (from %2): %n slice(s)</source>
            <translation type="vanished">
                <numerusform>范围 %1（起点 %2）：%n 个切片</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>lanescope::RankTableModel</name>
        <message>
            <location filename="../widgets/ranks/RankTableModel.cpp" line="120" />
            <source>%1 (guessed)</source>
            <translation>%1（推测）</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RankTableModel.cpp" line="125" />
            <location filename="../widgets/ranks/RankTableModel.cpp" line="177" />
            <source>–</source>
            <translation>–</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RankTableModel.cpp" line="169" />
            <source>The trace does not say its rank (no distributedInfo): ranks are numbered in file-name order.</source>
            <translation>跟踪文件未说明其 rank（没有 distributedInfo）：按文件名顺序为 rank 编号。</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RankTableModel.cpp" line="173" />
            <source>Give the model's parameters and tokens per step in the Analysis dock's MFU inputs.</source>
            <translation>请在“分析”面板的 MFU 输入中填写模型参数量和每步 token 数。</translation>
        </message>
        <message>
            <source>More than 2 median absolute deviations (and 1 %) from the ranks' median</source>
            <translation type="vanished">偏离各 rank 中位数超过 2 个中位绝对偏差（且超过 1%）</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RankTableModel.cpp" line="176" />
            <source>More than 2 median absolute deviations (and 1 %) from the ranks' median, %1</source>
            <translation>偏离各 rank 的中位数（%1）超过 2 个中位绝对偏差（且超过 1%）</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RankTableModel.cpp" line="192" />
            <source>Rank</source>
            <translation>Rank</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RankTableModel.cpp" line="193" />
            <source>File</source>
            <translation>文件</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RankTableModel.cpp" line="194" />
            <source>Step (ms)</source>
            <translation>步时长（ms）</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RankTableModel.cpp" line="195" />
            <source>Idle %</source>
            <translation>空闲 %</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RankTableModel.cpp" line="196" />
            <source>Overlap %</source>
            <translation>重叠 %</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RankTableModel.cpp" line="197" />
            <source>GEMM gaps (ms)</source>
            <translation>GEMM 间隙（ms）</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RankTableModel.cpp" line="198" />
            <source>Exposed comm (ms)</source>
            <translation>暴露通信（ms）</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RankTableModel.cpp" line="199" />
            <source>Peak mem (GiB)</source>
            <translation>显存峰值（GiB）</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RankTableModel.cpp" line="200" />
            <source>MFU %</source>
            <translation>MFU %</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RankTableModel.cpp" line="201" />
            <source>Clock offset (ms)</source>
            <translation>时钟偏移（ms）</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RankTableModel.cpp" line="206" />
            <source>Median CPU duration of the rank's complete ProfilerSteps</source>
            <translation>该 rank 完整 ProfilerStep 的 CPU 时长中位数</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RankTableModel.cpp" line="207" />
            <source>GPU idle share of the rank's trace (temporal breakdown)</source>
            <translation>该 rank 跟踪中 GPU 空闲的比例（时间分解）</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RankTableModel.cpp" line="208" />
            <source>Share of communication time overlapped by computation</source>
            <translation>被计算重叠的通信时间比例</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RankTableModel.cpp" line="209" />
            <source>Sum of the listed idle gaps between GEMMs (the Analysis dock's threshold)</source>
            <translation>GEMM 之间所列空闲间隙的总和（按“分析”面板的阈值）</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RankTableModel.cpp" line="210" />
            <source>Communication time not hidden behind computation</source>
            <translation>没有被计算掩盖的通信时间</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RankTableModel.cpp" line="211" />
            <source>Peak allocated GPU memory</source>
            <translation>GPU 已分配内存峰值</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RankTableModel.cpp" line="212" />
            <source>Model FLOPs utilisation from the step time and the Analysis dock's MFU inputs</source>
            <translation>由步时长和“分析”面板的 MFU 输入得出的模型 FLOPs 利用率</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RankTableModel.cpp" line="213" />
            <source>Added to the rank's times to put them on the reference rank's clock (0 with Align clocks off)</source>
            <translation>加到该 rank 的时间上，使其与参考 rank 的时钟一致（关闭“对齐时钟”时为 0）</translation>
        </message>
    </context>
    <context>
        <name>lanescope::RanksDock</name>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="51" />
            <source>Ranks</source>
            <translation>Rank</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="63" />
            <source>Align clocks</source>
            <translation>对齐时钟</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="65" />
            <source>Put every rank on the reference rank's clock, with the offsets measured on the collectives the ranks share (they end at the same moment everywhere). Off: each rank as its own clock recorded it. The stragglers are always measured on the aligned clocks.</source>
            <translation>将每个 rank 放到参考 rank 的时钟上，偏移量根据各 rank 共有的集合通信测得（集合通信在各处同时结束）。关闭时：每个 rank 按其自身时钟的记录显示。掉队者始终按对齐后的时钟测量。</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="100" />
            <source>Click a rank to show its lanes. Highlighted: more than 2 median absolute deviations from the ranks' median.</source>
            <translation>单击一个 rank 可显示其泳道。高亮：偏离各 rank 中位数超过 2 个中位绝对偏差。</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="104" />
            <source>Stragglers (the last rank to arrive at a collective)</source>
            <translation>掉队者（最后到达集合通信的 rank）</translation>
        </message>
        <message>
            <source>Waited (ms)</source>
            <translation type="vanished">等待（ms）</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="112" />
            <source>Click a collective to show it on every rank</source>
            <translation>单击一个集合通信可在每个 rank 上显示它</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="380" />
            <source>Align clocks is off: the rank's own clock</source>
            <translation>“对齐时钟”已关闭：使用该 rank 自身的时钟</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="382" />
            <source>The reference clock</source>
            <translation>参考时钟</translation>
        </message>
        <message numerus="yes">
            <source>Measured on %n matching collective(s), which agree to %1 µs (median deviation)</source>
            <translation type="vanished">
                <numerusform>根据 %n 个匹配的集合通信测得，吻合到 %1 µs（中位偏差）</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="388" />
            <source>From the traces' epochs (baseTimeNanoseconds) alone: no collective matched</source>
            <translation>仅根据各跟踪文件的时间基点（baseTimeNanoseconds）：没有匹配上集合通信</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="443" />
            <source>No collective matched across the ranks: no straggler can be told.</source>
            <translation>各 rank 之间没有匹配上任何集合通信：无法判断掉队者。</translation>
        </message>
        <message>
            <source>rank %1 made the others wait %2 ms per step</source>
            <translation type="vanished">rank %1 每步让其他 rank 等待 %2 ms</translation>
        </message>
        <message numerus="yes">
            <source>Last to arrive at %1 of %2 collectives; %3 ms of waiting in all over %n step(s). Click to show its lanes.</source>
            <translation type="vanished">
                <numerusform>在 %2 个集合通信中有 %1 个最后到达；%n 步中共等待 %3 ms。单击可显示其泳道。</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="481" />
            <source>step %1</source>
            <translation>步 %1</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="481" />
            <source>outside the steps</source>
            <translation>不在任何步内</translation>
        </message>
        <message numerus="yes">
            <source>%1 · %2: %n rank(s) waited, the first %3 ms</source>
            <translation type="vanished">
                <numerusform>%1 · %2：%n 个 rank 在等待，最先到达的等了 %3 ms</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="44" />
            <source>summed over the other ranks at each collective (%1 to %2)</source>
            <translation>每个集合通信处其他 rank 的等待之和（%1 到 %2 个 rank）</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="45" />
            <source>waited by the one other rank</source>
            <translation>仅另一个 rank 在等待</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="46" />
            <source>summed over the %1 other ranks</source>
            <translation>其他 %1 个 rank 的等待之和</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="47" />
            <source>%1 per step, %2</source>
            <translation>每步 %1，%2</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="69" />
            <source>Open Rank's Timeline</source>
            <translation>打开该 rank 的时间线</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="70" />
            <source>Load the selected rank's trace and show its timeline and analysis, in place of the rank shown now (double-click a rank to do the same)</source>
            <translation>加载所选 rank 的跟踪文件并显示其时间线和分析，替换当前显示的 rank（双击某个 rank 效果相同）</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="104" />
            <source>Others' wait</source>
            <translation>其他 rank 等待</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="105" />
            <source>A rank: the other ranks' waits for it per step, summed. A collective: the other ranks' waits for it there, summed.</source>
            <translation>rank 行：每步中其他 rank 等待它的时间之和。集合通信行：其他 rank 在该处等待它的时间之和。</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="123" />
            <source>Collective</source>
            <translation>集合通信</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="123" />
            <source>Size</source>
            <translation>大小</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="123" />
            <source>Group</source>
            <translation>组大小</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="123" />
            <source>Calls</source>
            <translation>调用次数</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="123" />
            <source>Transfer</source>
            <translation>传输</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="123" />
            <source>Waiting</source>
            <translation>等待</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="124" />
            <source>busbw (transfer)</source>
            <translation>busbw（传输）</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="124" />
            <source>busbw (per rank)</source>
            <translation>busbw（各 rank）</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="125" />
            <source>Each call's shortest duration over the ranks (the last rank to arrive waited for nobody), summed over the calls</source>
            <translation>每次调用在各 rank 上的最短耗时（最后到达的 rank 无需等待任何人），按调用求和</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="127" />
            <source>The rest of every rank's duration: spinning until the last rank arrived, summed over the calls and ranks</source>
            <translation>各 rank 耗时中的其余部分：空转等待最后一个 rank 到达，按调用和 rank 求和</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="129" />
            <source>Median bus bandwidth of the calls on their transfer time (nccl-tests' factors): what the link delivers</source>
            <translation>按传输时间计算的各次调用总线带宽中位数（nccl-tests 系数）：链路实际提供的带宽</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="131" />
            <source>Median bus bandwidth of every rank's own kernels, their waiting included: what one rank's trace shows</source>
            <translation>各 rank 自身内核的总线带宽中位数（含等待）：单个 rank 的 trace 所显示的值</translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/ranks/RanksDock.cpp" line="384" />
            <source>Measured on %n matching collective, to %1 µs (median deviation)</source>
            <translation>
                <numerusform>根据 %n 个匹配的集合通信测得，吻合到 %1 µs（中位偏差）</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/ranks/RanksDock.cpp" line="385" />
            <source>Measured on %n matching collectives, which agree to %1 µs (median deviation)</source>
            <translation>
                <numerusform>基于 %n 个匹配的集合通信测得，吻合到 %1 µs 以内（中位偏差）</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="455" />
            <source>rank %1 made the others wait %2</source>
            <translation>rank %1 造成其他 rank 等待：%2</translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/ranks/RanksDock.cpp" line="457" />
            <source>Last to arrive at %1 of %2 collectives; %3 of waiting in all over %n step. Click to show its lanes.</source>
            <translation>
                <numerusform>在 %2 个集合通信中有 %1 个最后到达；%n 步中共造成 %3 的等待。单击可显示其泳道。</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/ranks/RanksDock.cpp" line="459" />
            <source>Last to arrive at %1 of %2 collectives; %3 of waiting in all over %n steps. Click to show its lanes.</source>
            <translation>
                <numerusform>在 %2 个集合通信中有 %1 个最后到达；%n 步中共造成 %3 的等待。单击可显示其泳道。</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/ranks/RanksDock.cpp" line="482" />
            <source>%1 · %2: %n rank waited, the first %3</source>
            <translation>
                <numerusform>%1 · %2：%n 个 rank 在等待，最先到达的等了 %3</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/ranks/RanksDock.cpp" line="483" />
            <source>%1 · %2: %n ranks waited, the first %3</source>
            <translation>
                <numerusform>%1 · %2：%n 个 rank 等待，最先到达的等待 %3</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/ranks/RanksDock.cpp" line="541" />
            <source>%n rank, clocks on rank %1's</source>
            <translation>
                <numerusform>%n 个 rank，时钟以 rank %1 为准</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/ranks/RanksDock.cpp" line="541" />
            <source>%n ranks, clocks on rank %1's</source>
            <translation>
                <numerusform>%n 个 rank，时钟以 rank %1 为准</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/ranks/RanksDock.cpp" line="564" />
            <source>%1 · %n collective matched by %2</source>
            <translation>
                <numerusform>%1 · 按%2匹配了 %n 个集合通信</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/ranks/RanksDock.cpp" line="565" />
            <source>%1 · %n collectives matched by %2</source>
            <translation>
                <numerusform>%1 · 按%2匹配了 %n 个集合通信</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Last to arrive at %1 of %2 collectives; %3 of waiting in all over %n step(s). Click to show its lanes.</source>
            <translation type="vanished">
                <numerusform>在 %2 个集合通信中有 %1 个最后到达；%n 步中共造成 %3 的等待。单击可显示其泳道。</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1 · %2: %n rank(s) waited, the first %3</source>
            <translation type="vanished">
                <numerusform>%1 · %2：%n 个 rank 在等待，最先到达的等了 %3</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="487" />
            <source>Click to show this collective on every rank</source>
            <translation>单击可在每个 rank 上显示此集合通信</translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/ranks/RanksDock.cpp" line="492" />
            <source>… and %n more</source>
            <translation>
                <numerusform>… 另有 %n 个</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="507" />
            <source>No collective matched across the ranks: transfer and waiting cannot be told apart.</source>
            <translation>没有跨 rank 匹配的集合通信：无法区分传输与等待。</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="510" />
            <source>%1 GB/s</source>
            <translation>%1 GB/s</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="511" />
            <source>By collective</source>
            <translation>按集合通信</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="520" />
            <source>Waiting per rank, per step</source>
            <translation>每个 rank 每步的等待</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="522" />
            <source>rank %1</source>
            <translation>rank %1</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="524" />
            <source>%1 of its %2 in the matched collectives</source>
            <translation>在已匹配集合通信的 %2 中占 %1</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="534" />
            <source>Open a folder of rank traces (File &gt; Open Folder…) to see its ranks side by side.</source>
            <translation>打开 rank 跟踪文件所在的文件夹（文件 &gt; 打开文件夹…）即可并排查看其各 rank。</translation>
        </message>
        <message numerus="yes">
            <source>%n rank(s), clocks on rank %1's</source>
            <translation type="vanished">
                <numerusform>%n 个 rank，时钟以 rank %1 为准</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="545" />
            <source>%1 · summary of the job, rank %2's timeline shown</source>
            <translation>%1 · 作业摘要，正在显示 rank %2 的时间线</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="546" />
            <source>%1 · summary of the job: double-click a rank to load its timeline</source>
            <translation>%1 · 作业摘要：双击某个 rank 以加载其时间线</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="548" />
            <source>%1 · measured with the options the folder was opened with: Reload (F5) to measure with the new ones</source>
            <translation>%1 · 按打开文件夹时的选项测得：重新加载（F5）以按新选项测量</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="551" />
            <source>%1 · analysing…</source>
            <translation>%1 · 正在分析…</translation>
        </message>
        <message numerus="yes">
            <source>%1 · %n collective(s) matched by %2</source>
            <translation type="vanished">
                <numerusform>%1 · 按%2匹配了 %n 个集合通信</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="566" />
            <source>sequence number</source>
            <translation>序列号</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="566" />
            <source>order within the step</source>
            <translation>步内顺序</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="570" />
            <source>job step %1 (first rank's start to last rank's end)</source>
            <translation>作业步时长 %1（从首个 rank 开始到最后一个 rank 结束）</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="572" />
            <source>GPU idle %1</source>
            <translation>GPU 空闲 %1</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="574" />
            <source>MFU %1</source>
            <translation>MFU %1</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="581" />
            <source>the others wait for rank %1: %2</source>
            <translation>其他 rank 在等待 rank %1：%2</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="602" />
            <source>slowest rank by median step time: %1, %2 against the ranks' median %3</source>
            <translation>按步时长中位数最慢的 rank：%1，%2，而各 rank 的中位数为 %3</translation>
        </message>
        <message>
            <location filename="../widgets/ranks/RanksDock.cpp" line="605" />
            <source>no rank's median step stands out from the ranks' median %1</source>
            <translation>没有哪个 rank 的步时长中位数明显偏离各 rank 的中位数 %1</translation>
        </message>
        <message>
            <source>job step %1 ms (first rank's start to last rank's end), slowest rank %2</source>
            <translation type="vanished">作业步时长 %1 ms（从首个 rank 开始到最后一个 rank 结束），最慢 rank %2</translation>
        </message>
        <message>
            <source>GPU idle %1 %</source>
            <translation type="vanished">GPU 空闲 %1%</translation>
        </message>
        <message>
            <source>MFU %1 %</source>
            <translation type="vanished">MFU %1%</translation>
        </message>
        <message>
            <source>the ranks waited %1 ms per step for the last one</source>
            <translation type="vanished">各 rank 每步等待最后一个 rank %1 ms</translation>
        </message>
    </context>
    <context>
        <name>lanescope::RanksRunner</name>
        <message>
            <location filename="../widgets/ranks/RanksRunner.cpp" line="62" />
            <source>internal error in the analysis of the ranks: %1</source>
            <translation>rank 分析内部错误：%1</translation>
        </message>
    </context>
    <context>
        <name>lanescope::RemoveAnnotationCommand</name>
        <message>
            <location filename="../widgets/annotations/AnnotationCommands.cpp" line="43" />
            <source>Delete Annotation</source>
            <translation>删除标注</translation>
        </message>
    </context>
    <context>
        <name>lanescope::ReplayGhost</name>
        <message>
            <location filename="../widgets/render/ReplayGhostOverlay.cpp" line="39" />
            <source>replayed: %1 → %2 (%3)</source>
            <translation>重放：%1 → %2（%3）</translation>
        </message>
    </context>
    <context>
        <name>lanescope::ReplayGhostController</name>
        <message>
            <location filename="../widgets/analysis/ReplayGhostController.cpp" line="110" />
            <source>No analysis to replay yet.</source>
            <translation>尚无可重放的分析。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/ReplayGhostController.cpp" line="114" />
            <source>No step to replay: %1</source>
            <translation>没有可重放的步：%1</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/ReplayGhostController.cpp" line="120" />
            <source>No advice a replay can apply.</source>
            <translation>没有可由重放应用的建议。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/ReplayGhostController.cpp" line="134" />
            <source>The step cannot be replayed: %1</source>
            <translation>无法重放该步：%1</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/ReplayGhostController.cpp" line="145" />
            <source>internal error in the replay: %1</source>
            <translation>重放时出现内部错误：%1</translation>
        </message>
    </context>
    <context>
        <name>lanescope::ReportExport</name>
        <message>
            <location filename="../widgets/compare/ReportExport.cpp" line="139" />
            <source>Page %1 of %2</source>
            <translation>第 %1 页，共 %2 页</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ReportExport.cpp" line="286" />
            <source>%1 (continued)</source>
            <translation>%1（续）</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ReportExport.cpp" line="437" />
            <source>nothing to report: open a trace first</source>
            <translation>没有可生成报告的内容：请先打开一个跟踪文件</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ReportExport.cpp" line="444" />
            <location filename="../widgets/compare/ReportExport.cpp" line="462" />
            <source>cannot write %1: %2</source>
            <translation>无法写入 %1：%2</translation>
        </message>
        <message>
            <location filename="../widgets/compare/ReportExport.cpp" line="454" />
            <source>cannot write %1: PDF output failed</source>
            <translation>无法写入 %1：PDF 输出失败</translation>
        </message>
    </context>
    <context>
        <name>lanescope::RooflineChart</name>
        <message>
            <location filename="../widgets/analysis/RooflineChart.cpp" line="44" />
            <source>Roofline</source>
            <translation>屋顶线</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/RooflineChart.cpp" line="51" />
            <source>FLOPs per byte</source>
            <translation>每字节 FLOPs</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/RooflineChart.cpp" line="52" />
            <source>TFLOPS</source>
            <translation>TFLOPS</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/RooflineChart.cpp" line="97" />
            <source>unknown</source>
            <translation>未知</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/RooflineChart.cpp" line="98" />
            <source>%1 %2 (%3), %4 calls
%5 TFLOPS at %6 FLOP/byte, %7 TB/s
%8 % of peak, %9 % of roofline (%10)</source>
            <translation>%1 %2（%3），%4 次调用
%5 TFLOPS，强度 %6 FLOP/字节，%7 TB/s
占峰值 %8 %，占屋顶线 %9 %（%10）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/RooflineChart.cpp" line="132" />
            <source>Compute-bound</source>
            <translation>计算受限</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/RooflineChart.cpp" line="133" />
            <source>Memory-bound</source>
            <translation>内存受限</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/RooflineChart.cpp" line="134" />
            <source>Bound unknown</source>
            <translation>受限未知</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/RooflineChart.cpp" line="189" />
            <source>Memory %1 TB/s</source>
            <translation>显存 %1 TB/s</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/RooflineChart.cpp" line="199" />
            <source>%1 peak %2 TFLOPS</source>
            <translation>%1 峰值 %2 TFLOPS</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/RooflineChart.cpp" line="227" />
            <source>No operator counted from its shapes to draw.</source>
            <translation>没有可根据形状计数并绘制的算子。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/RooflineChart.cpp" line="229" />
            <source>No roofs: the GPU's peak for %1 or its memory bandwidth is not known (Edit &gt; Preferences &gt; GPU table).</source>
            <translation>无屋顶：GPU 的 %1 峰值或显存带宽未知（编辑 &gt; 首选项 &gt; GPU 表）。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/RooflineChart.cpp" line="230" />
            <source>this type</source>
            <translation>该类型</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/RooflineChart.cpp" line="232" />
            <source>Roofs of the %1 operators: peak %2 TFLOPS, memory %3 TB/s, ridge point at %4 FLOP/byte.</source>
            <translation>%1 算子的屋顶：峰值 %2 TFLOPS，显存 %3 TB/s，脊点位于 %4 FLOP/字节。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/RooflineChart.cpp" line="237" />
            <source>%1 %2 TFLOPS</source>
            <translation>%1 %2 TFLOPS</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/RooflineChart.cpp" line="238" />
            <source>Other roofs: %1.</source>
            <translation>其他屋顶：%1。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/RooflineChart.cpp" line="241" />
            <source>%1 of %2 rows drawn (the others have no GPU time or no bytes).</source>
            <translation>已绘制 %2 行中的 %1 行（其余行没有 GPU 时间或字节数）。</translation>
        </message>
    </context>
    <context>
        <name>lanescope::RunController</name>
        <message>
            <location filename="../app/gui/RunController.cpp" line="38" />
            <source>rank %1 (guessed)</source>
            <translation>rank %1（推测）</translation>
        </message>
        <message>
            <location filename="../app/gui/RunController.cpp" line="38" />
            <source>rank %1</source>
            <translation>rank %1</translation>
        </message>
        <message>
            <location filename="../app/gui/RunController.cpp" line="86" />
            <location filename="../app/gui/RunController.cpp" line="188" />
            <source>the comparison</source>
            <translation>比较</translation>
        </message>
        <message>
            <location filename="../app/gui/RunController.cpp" line="87" />
            <source>Loading %1 was cancelled.</source>
            <translation>已取消加载 %1。</translation>
        </message>
        <message>
            <location filename="../app/gui/RunController.cpp" line="104" />
            <location filename="../app/gui/RunController.cpp" line="136" />
            <location filename="../app/gui/RunController.cpp" line="198" />
            <location filename="../app/gui/RunController.cpp" line="259" />
            <source>%1: %2</source>
            <translation>%1：%2</translation>
        </message>
        <message numerus="yes">
            <location filename="../app/gui/RunController.cpp" line="126" />
            <source>%1: a job of %n rank, shown and compared through rank %2; the Job rows of the Metrics table measure every rank</source>
            <translation>
                <numerusform>%1：包含 %n 个 rank 的作业，通过 rank %2 显示和比较；“指标”表中的“作业”行统计所有 rank</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../app/gui/RunController.cpp" line="129" />
            <source>%1: a job of %n ranks, shown and compared through rank %2; the Job rows of the Metrics table measure every rank</source>
            <translation>
                <numerusform>%1：包含 %n 个 rank 的作业，通过 rank %2 显示和比较；“指标”表中的“作业”行统计所有 rank</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../app/gui/RunController.cpp" line="163" />
            <source>%1 of %2 (the other ranks summarised only)</source>
            <translation>%2 的 %1（其他 rank 仅有摘要）</translation>
        </message>
        <message>
            <location filename="../app/gui/RunController.cpp" line="165" />
            <source>Rank %1/%2</source>
            <translation>Rank %1/%2</translation>
        </message>
        <message>
            <location filename="../app/gui/RunController.cpp" line="165" />
            <source>Rank %1</source>
            <translation>Rank %1</translation>
        </message>
        <message numerus="yes">
            <location filename="../app/gui/RunController.cpp" line="169" />
            <source>%1 (+%n more GPU)</source>
            <translation>
                <numerusform>%1（另有 %n 个 GPU）</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../app/gui/RunController.cpp" line="170" />
            <source>%1 (+%n more GPUs)</source>
            <translation>
                <numerusform>%1（另有 %n 个 GPU）</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../app/gui/RunController.cpp" line="174" />
            <source>%1 events</source>
            <translation>%1 个事件</translation>
        </message>
        <message>
            <location filename="../app/gui/RunController.cpp" line="175" />
            <source>loaded in %1 s</source>
            <translation>加载耗时 %1 s</translation>
        </message>
        <message numerus="yes">
            <location filename="../app/gui/RunController.cpp" line="177" />
            <source>%n warning</source>
            <translation>
                <numerusform>%n 条警告</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../app/gui/RunController.cpp" line="177" />
            <source>%n warnings</source>
            <translation>
                <numerusform>%n 条警告</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../app/gui/RunController.cpp" line="215" />
            <source>Comparing %n runs, aligned on their complete step %1</source>
            <translation>
                <numerusform>正在比较 %n 个运行，按各自的第 %1 个完整步对齐</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../app/gui/RunController.cpp" line="216" />
            <source>Comparing %n runs, aligned on their starts</source>
            <translation>
                <numerusform>正在比较 %n 个运行，按各自的起点对齐</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../app/gui/RunController.cpp" line="226" />
            <source>Loading the folder %1 was cancelled.</source>
            <translation>已取消加载文件夹 %1。</translation>
        </message>
        <message>
            <location filename="../app/gui/RunController.cpp" line="237" />
            <source>no rank trace in it</source>
            <translation>其中没有 rank 跟踪文件</translation>
        </message>
        <message numerus="yes">
            <location filename="../app/gui/RunController.cpp" line="285" />
            <source>%n rank of %1 loaded in %2 s (%3 events, %4 at once)</source>
            <translation>
                <numerusform>已加载 %1 的 %n 个 rank，耗时 %2 s（%3 个事件，同时加载 %4 个）</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../app/gui/RunController.cpp" line="286" />
            <source>%n ranks of %1 loaded in %2 s (%3 events, %4 at once)</source>
            <translation>
                <numerusform>已加载 %1 的 %n 个 rank，耗时 %2 s（%3 个事件，同时加载 %4 个）</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../app/gui/RunController.cpp" line="326" />
            <source>%n rank of %1 summarised in %2 s (%3 events, %4 at once); no rank's timeline is kept</source>
            <translation>
                <numerusform>已汇总 %1 的 %n 个 rank，耗时 %2 s（%3 个事件，同时处理 %4 个）；不保留任何 rank 的时间线</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../app/gui/RunController.cpp" line="327" />
            <source>%n ranks of %1 summarised in %2 s (%3 events, %4 at once); no rank's timeline is kept</source>
            <translation>
                <numerusform>已汇总 %1 的 %n 个 rank，耗时 %2 s（%3 个事件，同时处理 %4 个）；不保留任何 rank 的时间线</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../app/gui/RunController.cpp" line="340" />
            <source>Loading the timeline of %1 was cancelled.</source>
            <translation>已取消加载 %1 的时间线。</translation>
        </message>
    </context>
    <context>
        <name>lanescope::RunsLoadJob</name>
        <message>
            <location filename="../app/gui/RunsLoadJob.cpp" line="77" />
            <source>not enough memory to load %1</source>
            <translation>内存不足，无法加载 %1</translation>
        </message>
        <message>
            <location filename="../app/gui/RunsLoadJob.cpp" line="82" />
            <source>internal error while loading %1: %2</source>
            <translation>加载 %1 时发生内部错误：%2</translation>
        </message>
        <message>
            <location filename="../app/gui/RunsLoadJob.cpp" line="133" />
            <source>not enough memory to show %1</source>
            <translation>内存不足，无法显示 %1</translation>
        </message>
    </context>
    <context>
        <name>lanescope::SearchBar</name>
        <message>
            <location filename="../widgets/timeline/SearchBar.cpp" line="52" />
            <source>Regex</source>
            <translation>正则</translation>
        </message>
        <message>
            <source>Find slices by name (Enter: next, Shift+Enter: previous)</source>
            <translation type="vanished">按名称查找片段（Enter：下一个，Shift+Enter：上一个）</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/SearchBar.cpp" line="59" />
            <source>Find slices by name (Enter or F3: next, Shift+Enter: previous)</source>
            <translation>按名称查找切片（Enter 或 F3：下一个，Shift+Enter：上一个）</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/SearchBar.cpp" line="75" />
            <source>Previous match (Shift+Enter)</source>
            <translation>上一个匹配项（Shift+Enter）</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/SearchBar.cpp" line="79" />
            <source>Next match (Enter)</source>
            <translation>下一个匹配项（Enter）</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/SearchBar.cpp" line="84" />
            <source>Close the search bar (Esc)</source>
            <translation>关闭搜索栏（Esc）</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/SearchBar.cpp" line="92" />
            <source>Find:</source>
            <translation>查找：</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/SearchBar.cpp" line="196" />
            <source>No slice matches “%1”.</source>
            <translation>没有与“%1”匹配的切片。</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/SearchBar.cpp" line="198" />
            <source>“%1”: the first %2 of %3 matches by time (every match is marked in the lanes)</source>
            <translation>“%1”：按时间排序的前 %2 个匹配项（共 %3 个；所有匹配项均已在泳道中标出）</translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/timeline/SearchBar.cpp" line="201" />
            <source>“%1”: %n match</source>
            <translation>
                <numerusform>“%1”：%n 个匹配项</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/timeline/SearchBar.cpp" line="201" />
            <source>“%1”: %n matches</source>
            <translation>
                <numerusform>“%1”：%n 个匹配项</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>“%1”: %n match(es)</source>
            <translation type="vanished">
                <numerusform>“%1”：%n 个匹配项</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../widgets/timeline/SearchBar.cpp" line="277" />
            <source>searching…</source>
            <translation>正在搜索…</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/SearchBar.cpp" line="279" />
            <source>invalid: %1</source>
            <translation>无效：%1</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/SearchBar.cpp" line="283" />
            <source>no matches</source>
            <translation>无匹配项</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/SearchBar.cpp" line="285" />
            <source>%1 matches</source>
            <translation>%1 个匹配项</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/SearchBar.cpp" line="287" />
            <source>%1 of %2</source>
            <translation>第 %1 个，共 %2 个</translation>
        </message>
    </context>
    <context>
        <name>lanescope::SearchResultsModel</name>
        <message>
            <location filename="../widgets/timeline/SearchResultsModel.cpp" line="104" />
            <source>Name</source>
            <translation>名称</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/SearchResultsModel.cpp" line="105" />
            <source>Lane</source>
            <translation>泳道</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/SearchResultsModel.cpp" line="106" />
            <source>Start</source>
            <translation>开始</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/SearchResultsModel.cpp" line="107" />
            <source>Duration</source>
            <translation>时长</translation>
        </message>
    </context>
    <context>
        <name>lanescope::SearchResultsPanel</name>
        <message>
            <location filename="../widgets/timeline/SearchResultsPanel.cpp" line="21" />
            <source>Find slices with Ctrl+F: the matches are listed here.</source>
            <translation>按 Ctrl+F 查找切片：匹配项会列在这里。</translation>
        </message>
    </context>
    <context>
        <name>lanescope::SegmentEventModel</name>
        <message>
            <location filename="../widgets/memsnap/SnapshotModels.cpp" line="174" />
            <source>cudaMalloc of %1 for a request of %2 while %3 was free in the cache, its largest free block %4 (reserved %5, allocated %6)</source>
            <translation>cudaMalloc %1，用于 %2 的请求；当时缓存中空闲 %3，最大空闲块 %4（已保留 %5，已分配 %6）</translation>
        </message>
        <message>
            <location filename="../widgets/memsnap/SnapshotModels.cpp" line="182" />
            <source>Out of memory: a request of %1 failed with %2 left on the device; the cache held %3 reserved, %4 allocated, %5 free, its largest free block %6</source>
            <translation>内存不足：请求 %1 失败，设备剩余 %2；缓存中已保留 %3，已分配 %4，空闲 %5，最大空闲块 %6</translation>
        </message>
        <message>
            <location filename="../widgets/memsnap/SnapshotModels.cpp" line="215" />
            <source>none after it</source>
            <translation>之后没有请求</translation>
        </message>
        <message>
            <location filename="../widgets/memsnap/SnapshotModels.cpp" line="220" />
            <location filename="../widgets/memsnap/SnapshotModels.cpp" line="223" />
            <source>%1 free, largest %2</source>
            <translation>空闲 %1，最大 %2</translation>
        </message>
        <message>
            <location filename="../widgets/memsnap/SnapshotModels.cpp" line="261" />
            <source>Time</source>
            <translation>时间</translation>
        </message>
        <message>
            <location filename="../widgets/memsnap/SnapshotModels.cpp" line="262" />
            <source>Action</source>
            <translation>操作</translation>
        </message>
        <message>
            <location filename="../widgets/memsnap/SnapshotModels.cpp" line="263" />
            <source>Size</source>
            <translation>大小</translation>
        </message>
        <message>
            <location filename="../widgets/memsnap/SnapshotModels.cpp" line="264" />
            <source>Request</source>
            <translation>请求</translation>
        </message>
        <message>
            <location filename="../widgets/memsnap/SnapshotModels.cpp" line="265" />
            <source>Fragmentation</source>
            <translation>碎片化</translation>
        </message>
        <message>
            <location filename="../widgets/memsnap/SnapshotModels.cpp" line="266" />
            <source>Requested at</source>
            <translation>请求位置</translation>
        </message>
    </context>
    <context>
        <name>lanescope::SegmentMap</name>
        <message>
            <location filename="../widgets/memsnap/SnapshotPlots.cpp" line="500" />
            <source>No segments</source>
            <translation>没有段</translation>
        </message>
        <message>
            <location filename="../widgets/memsnap/SnapshotPlots.cpp" line="545" />
            <source>Block of %1 at 0x%2</source>
            <translation>0x%2 处的 %1 块</translation>
        </message>
        <message>
            <location filename="../widgets/memsnap/SnapshotPlots.cpp" line="546" />
            <source>Alive %1 – %2%3</source>
            <translation>存活 %1 – %2%3</translation>
        </message>
        <message>
            <location filename="../widgets/memsnap/SnapshotPlots.cpp" line="547" />
            <source>before the window</source>
            <translation>窗口之前</translation>
        </message>
        <message>
            <location filename="../widgets/memsnap/SnapshotPlots.cpp" line="548" />
            <source>the end</source>
            <translation>结束</translation>
        </message>
        <message>
            <location filename="../widgets/memsnap/SnapshotPlots.cpp" line="549" />
            <source> · stream %1</source>
            <translation> · 流 %1</translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/memsnap/SnapshotPlots.cpp" line="554" />
            <source>  … %n more frame</source>
            <translation>
                <numerusform>  … 另有 %n 帧</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/memsnap/SnapshotPlots.cpp" line="554" />
            <source>  … %n more frames</source>
            <translation>
                <numerusform>  … 另有 %n 帧</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../widgets/memsnap/SnapshotPlots.cpp" line="560" />
            <source>Free space in a segment of %1 (%2 pool) at 0x%3</source>
            <translation>位于 0x%3 的 %1 段（%2内存池）中的空闲空间</translation>
        </message>
        <message>
            <location filename="../widgets/memsnap/SnapshotPlots.cpp" line="561" />
            <source>large</source>
            <translation>大</translation>
        </message>
        <message>
            <location filename="../widgets/memsnap/SnapshotPlots.cpp" line="561" />
            <source>small</source>
            <translation>小</translation>
        </message>
    </context>
    <context>
        <name>lanescope::SessionAnalyser</name>
        <message>
            <location filename="../widgets/view/SessionAnalyser.cpp" line="119" />
            <source>internal error in the analysis: %1</source>
            <translation>分析内部错误：%1</translation>
        </message>
    </context>
    <context>
        <name>lanescope::ShortcutsDialog</name>
        <message>
            <location filename="../app/gui/ShortcutsDialog.cpp" line="63" />
            <location filename="../app/gui/ShortcutsDialog.cpp" line="66" />
            <source>Window</source>
            <translation>窗口</translation>
        </message>
        <message>
            <location filename="../app/gui/ShortcutsDialog.cpp" line="75" />
            <source> or </source>
            <translation> 或 </translation>
        </message>
        <message>
            <location filename="../app/gui/ShortcutsDialog.cpp" line="107" />
            <source>Keyboard Shortcuts</source>
            <translation>快捷键</translation>
        </message>
        <message>
            <location filename="../app/gui/ShortcutsDialog.cpp" line="108" />
            <source>Filter by action or key</source>
            <translation>按操作或按键过滤</translation>
        </message>
        <message>
            <location filename="../app/gui/ShortcutsDialog.cpp" line="111" />
            <source>Action</source>
            <translation>操作</translation>
        </message>
        <message>
            <location filename="../app/gui/ShortcutsDialog.cpp" line="111" />
            <source>Keys</source>
            <translation>按键</translation>
        </message>
        <message>
            <location filename="../app/gui/ShortcutsDialog.cpp" line="111" />
            <source>Where</source>
            <translation>位置</translation>
        </message>
        <message>
            <location filename="../app/gui/ShortcutsDialog.cpp" line="116" />
            <source>Menus and toolbars</source>
            <translation>菜单和工具栏</translation>
        </message>
        <message>
            <location filename="../app/gui/ShortcutsDialog.cpp" line="121" />
            <source>Timeline</source>
            <translation>时间线</translation>
        </message>
        <message>
            <location filename="../app/gui/ShortcutsDialog.cpp" line="123" />
            <source>zoom in / out</source>
            <translation>放大 / 缩小</translation>
        </message>
        <message>
            <location filename="../app/gui/ShortcutsDialog.cpp" line="123" />
            <source>W / S</source>
            <translation>W / S</translation>
        </message>
        <message>
            <location filename="../app/gui/ShortcutsDialog.cpp" line="124" />
            <source>pan left / right</source>
            <translation>向左 / 向右平移</translation>
        </message>
        <message>
            <location filename="../app/gui/ShortcutsDialog.cpp" line="124" />
            <source>A / D</source>
            <translation>A / D</translation>
        </message>
        <message>
            <location filename="../app/gui/ShortcutsDialog.cpp" line="125" />
            <source>zoom about the cursor</source>
            <translation>以光标为中心缩放</translation>
        </message>
        <message>
            <location filename="../app/gui/ShortcutsDialog.cpp" line="125" />
            <source>Ctrl+wheel</source>
            <translation>Ctrl+滚轮</translation>
        </message>
        <message>
            <location filename="../app/gui/ShortcutsDialog.cpp" line="126" />
            <source>pan</source>
            <translation>平移</translation>
        </message>
        <message>
            <location filename="../app/gui/ShortcutsDialog.cpp" line="126" />
            <source>Shift+wheel</source>
            <translation>Shift+滚轮</translation>
        </message>
        <message>
            <location filename="../app/gui/ShortcutsDialog.cpp" line="127" />
            <source>pan and scroll</source>
            <translation>平移和滚动</translation>
        </message>
        <message>
            <location filename="../app/gui/ShortcutsDialog.cpp" line="127" />
            <source>drag</source>
            <translation>拖动</translation>
        </message>
        <message>
            <location filename="../app/gui/ShortcutsDialog.cpp" line="128" />
            <source>select a time range</source>
            <translation>选择时间范围</translation>
        </message>
        <message>
            <location filename="../app/gui/ShortcutsDialog.cpp" line="128" />
            <source>Shift+drag</source>
            <translation>Shift+拖动</translation>
        </message>
        <message>
            <location filename="../app/gui/ShortcutsDialog.cpp" line="129" />
            <source>zoom to a slice</source>
            <translation>缩放到切片</translation>
        </message>
        <message>
            <location filename="../app/gui/ShortcutsDialog.cpp" line="129" />
            <source>double-click</source>
            <translation>双击</translation>
        </message>
        <message>
            <location filename="../app/gui/ShortcutsDialog.cpp" line="130" />
            <source>frame the selection / fit all</source>
            <translation>框选所选内容 / 全部显示</translation>
        </message>
        <message>
            <location filename="../app/gui/ShortcutsDialog.cpp" line="130" />
            <source>F / Home</source>
            <translation>F / Home</translation>
        </message>
        <message>
            <location filename="../app/gui/ShortcutsDialog.cpp" line="131" />
            <source>clear selection and range</source>
            <translation>清除选择和范围</translation>
        </message>
        <message>
            <location filename="../app/gui/ShortcutsDialog.cpp" line="131" />
            <source>Esc</source>
            <translation>Esc</translation>
        </message>
        <message>
            <location filename="../app/gui/ShortcutsDialog.cpp" line="132" />
            <source>annotate: select, text callout, arrow, rectangle, time range, marker</source>
            <translation>标注：选择、文字标注框、箭头、矩形、时间范围、标记</translation>
        </message>
        <message>
            <location filename="../app/gui/ShortcutsDialog.cpp" line="132" />
            <source>V / T / L / R / G / M</source>
            <translation>V / T / L / R / G / M</translation>
        </message>
        <message>
            <location filename="../app/gui/ShortcutsDialog.cpp" line="133" />
            <source>undo / redo an annotation</source>
            <translation>撤销 / 重做标注</translation>
        </message>
        <message>
            <location filename="../app/gui/ShortcutsDialog.cpp" line="133" />
            <source>Ctrl+Z / Ctrl+Shift+Z</source>
            <translation>Ctrl+Z / Ctrl+Shift+Z</translation>
        </message>
    </context>
    <context>
        <name>lanescope::SnapshotController</name>
        <message numerus="yes">
            <location filename="../app/gui/SnapshotController.cpp" line="76" />
            <source>One memory snapshot at a time: %1 opened, %n other left out</source>
            <translation>
                <numerusform>一次只能打开一个内存快照：已打开 %1，其余 %n 个未打开</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../app/gui/SnapshotController.cpp" line="77" />
            <source>One memory snapshot at a time: %1 opened, %n others left out</source>
            <translation>
                <numerusform>一次只能打开一个内存快照：已打开 %1，其余 %n 个未打开</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../app/gui/SnapshotController.cpp" line="103" />
            <source>Loading %1…</source>
            <translation>正在加载 %1…</translation>
        </message>
        <message>
            <location filename="../app/gui/SnapshotController.cpp" line="183" />
            <source>%1 could not be opened</source>
            <translation>无法打开 %1</translation>
        </message>
        <message>
            <location filename="../app/gui/SnapshotController.cpp" line="191" />
            <source>Memory snapshot %1 opened</source>
            <translation>已打开内存快照 %1</translation>
        </message>
    </context>
    <context>
        <name>lanescope::SnapshotLoadJob</name>
        <message>
            <location filename="../app/gui/SnapshotLoadJob.cpp" line="38" />
            <source>not a memory snapshot</source>
            <translation>不是内存快照</translation>
        </message>
        <message>
            <location filename="../app/gui/SnapshotLoadJob.cpp" line="66" />
            <source>out of memory while reading the snapshot</source>
            <translation>读取快照时内存不足</translation>
        </message>
    </context>
    <context>
        <name>lanescope::SnapshotTimelineMarks</name>
        <message>
            <location filename="../widgets/memsnap/SnapshotTimelineMarks.cpp" line="266" />
            <source>%1 of %2 (snapshot)</source>
            <translation>%1 %2（快照）</translation>
        </message>
        <message>
            <location filename="../widgets/memsnap/SnapshotTimelineMarks.cpp" line="268" />
            <source>for a request of %1 at %2</source>
            <translation>用于 %2 处发出的 %1 请求</translation>
        </message>
        <message>
            <location filename="../widgets/memsnap/SnapshotTimelineMarks.cpp" line="272" />
            <source>Fragmentation: %1</source>
            <translation>碎片化：%1</translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/memsnap/SnapshotTimelineMarks.cpp" line="279" />
            <source>(%n events of this kind under this pixel)</source>
            <translation>
                <numerusform>（此像素下有 %n 个此类事件）</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>lanescope::SourceDiffModel</name>
        <message>
            <location filename="../widgets/compare/SourceDiffModel.cpp" line="126" />
            <source>Not in %1</source>
            <translation>不在 %1 中</translation>
        </message>
        <message>
            <location filename="../widgets/compare/SourceDiffModel.cpp" line="147" />
            <source>Line</source>
            <translation>行</translation>
        </message>
        <message>
            <location filename="../widgets/compare/SourceDiffModel.cpp" line="149" />
            <source>Function</source>
            <translation>函数</translation>
        </message>
        <message>
            <location filename="../widgets/compare/SourceDiffModel.cpp" line="153" />
            <source>GPU %1 (ms)</source>
            <translation>GPU %1（ms）</translation>
        </message>
        <message>
            <location filename="../widgets/compare/SourceDiffModel.cpp" line="154" />
            <source>GPU time launched from the line in %1</source>
            <translation>%1 中从该行启动的 GPU 时间</translation>
        </message>
        <message>
            <location filename="../widgets/compare/SourceDiffModel.cpp" line="156" />
            <source>Δ GPU %1</source>
            <translation>Δ GPU %1</translation>
        </message>
        <message>
            <location filename="../widgets/compare/SourceDiffModel.cpp" line="157" />
            <source>The change of the line's launched GPU time in %1 against the baseline (ms)</source>
            <translation>该行在 %1 中启动的 GPU 时间相对基线的变化（ms）</translation>
        </message>
        <message>
            <location filename="../widgets/compare/SourceDiffModel.cpp" line="159" />
            <source>CPU %1 (ms)</source>
            <translation>CPU %1（ms）</translation>
        </message>
        <message>
            <location filename="../widgets/compare/SourceDiffModel.cpp" line="159" />
            <source>The line's calls' CPU time in %1</source>
            <translation>该行各次调用在 %1 中的 CPU 时间</translation>
        </message>
        <message>
            <location filename="../widgets/compare/SourceDiffModel.cpp" line="161" />
            <source>Δ CPU %1</source>
            <translation>Δ CPU %1</translation>
        </message>
        <message>
            <location filename="../widgets/compare/SourceDiffModel.cpp" line="162" />
            <source>The change of the line's CPU time in %1 against the baseline (ms)</source>
            <translation>该行在 %1 中的 CPU 时间相对基线的变化（ms）</translation>
        </message>
    </context>
    <context>
        <name>lanescope::SourceDiffPanel</name>
        <message>
            <location filename="../widgets/compare/SourceDiffPanel.cpp" line="25" />
            <source>My code only</source>
            <translation>仅我的代码</translation>
        </message>
        <message>
            <location filename="../widgets/compare/SourceDiffPanel.cpp" line="35" />
            <source>Fold the frames of Python's standard library and of PyTorch into the line of your code that called them, in every run</source>
            <translation>在每个运行中，将 Python 标准库和 PyTorch 的帧折叠到调用它们的你的代码行中</translation>
        </message>
        <message>
            <location filename="../widgets/compare/SourceDiffPanel.cpp" line="55" />
            <source>Each line of Python against the baseline: the GPU time it launched and its CPU time. Click: outline its calls and kernels in every run.</source>
            <translation>每行 Python 代码与基线的对比：它启动的 GPU 时间及其 CPU 时间。单击：在每个运行中勾出其调用和内核。</translation>
        </message>
        <message>
            <location filename="../widgets/compare/SourceDiffPanel.cpp" line="118" />
            <source>Open two or more traces to compare their lines of Python.</source>
            <translation>打开两个或更多跟踪文件以比较其 Python 代码行。</translation>
        </message>
        <message>
            <location filename="../widgets/compare/SourceDiffPanel.cpp" line="120" />
            <source>No Python frames in these runs: record with with_stack=True to compare them line by line.</source>
            <translation>这些运行中没有 Python 帧：以 with_stack=True 录制即可逐行比较。</translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/compare/SourceDiffPanel.cpp" line="123" />
            <source>%Ln line of Python.</source>
            <translation>
                <numerusform>%Ln 行 Python 代码。</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/compare/SourceDiffPanel.cpp" line="124" />
            <source>%Ln lines of Python; the ones whose launched GPU time grew the most first.</source>
            <translation>
                <numerusform>%Ln 行 Python 代码；启动的 GPU 时间增长最多的排在前面。</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../widgets/compare/SourceDiffPanel.cpp" line="137" />
            <source>Outline cleared.</source>
            <translation>已清除勾勒。</translation>
        </message>
        <message>
            <location filename="../widgets/compare/SourceDiffPanel.cpp" line="150" />
            <source>Outlining %1…</source>
            <translation>正在勾出 %1…</translation>
        </message>
        <message>
            <location filename="../widgets/compare/SourceDiffPanel.cpp" line="166" />
            <source>%1 could not be outlined: %2</source>
            <translation>无法勾出 %1：%2</translation>
        </message>
        <message>
            <location filename="../widgets/compare/SourceDiffPanel.cpp" line="197" />
            <source>%1: %2, %3</source>
            <translation>%1：%2，%3</translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/compare/SourceDiffPanel.cpp" line="198" />
            <source>%Ln call</source>
            <translation>
                <numerusform>%Ln 次调用</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/compare/SourceDiffPanel.cpp" line="198" />
            <source>%Ln calls</source>
            <translation>
                <numerusform>%Ln 次调用</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/compare/SourceDiffPanel.cpp" line="199" />
            <source>%Ln GPU activity</source>
            <translation>
                <numerusform>%Ln 个 GPU 活动</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/compare/SourceDiffPanel.cpp" line="199" />
            <source>%Ln GPU activities</source>
            <translation>
                <numerusform>%Ln 个 GPU 活动</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../widgets/compare/SourceDiffPanel.cpp" line="202" />
            <source>%1 outlined in yellow (%2).</source>
            <translation>已用黄色勾出 %1（%2）。</translation>
        </message>
    </context>
    <context>
        <name>lanescope::SourceFileModel</name>
        <message>
            <location filename="../widgets/source/SourceModels.cpp" line="108" />
            <source>(built-in)</source>
            <translation>（内置）</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceModels.cpp" line="112" />
            <source>%1 (%2)</source>
            <translation>%1（%2）</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceModels.cpp" line="147" />
            <source>File</source>
            <translation>文件</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceModels.cpp" line="148" />
            <source>Lines</source>
            <translation>行数</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceModels.cpp" line="149" />
            <source>Calls</source>
            <translation>调用次数</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceModels.cpp" line="150" />
            <source>GPU (ms)</source>
            <translation>GPU（ms）</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceModels.cpp" line="151" />
            <source>GPU self (ms)</source>
            <translation>GPU 自身（ms）</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceModels.cpp" line="152" />
            <source>CPU (ms)</source>
            <translation>CPU（ms）</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceModels.cpp" line="153" />
            <source>CPU self (ms)</source>
            <translation>CPU 自身（ms）</translation>
        </message>
    </context>
    <context>
        <name>lanescope::SourceLineModel</name>
        <message>
            <location filename="../widgets/source/SourceModels.cpp" line="13" />
            <source>GPU time of the kernels, copies and memsets launched while the line was on the Python stack of the launching thread</source>
            <translation>该行位于启动线程的 Python 调用栈上时所启动的内核、拷贝和 memset 的 GPU 时间</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceModels.cpp" line="14" />
            <source>GPU time launched with the line the innermost Python frame (after "My code only" folding, its library callees' launches too)</source>
            <translation>该行为最内层 Python 帧时启动的 GPU 时间（经“仅我的代码”折叠后，也包括其调用的库函数所启动的）</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceModels.cpp" line="15" />
            <source>The line's calls' durations (a recursive call counted once)</source>
            <translation>该行各次调用的时长（递归调用只计一次）</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceModels.cpp" line="16" />
            <source>Time the line was the innermost Python frame of its thread (the CPU operators it calls included)</source>
            <translation>该行作为其线程最内层 Python 帧的时间（包括它调用的 CPU 算子）</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceModels.cpp" line="38" />
            <source>user code</source>
            <translation>用户代码</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceModels.cpp" line="39" />
            <source>PyTorch</source>
            <translation>PyTorch</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceModels.cpp" line="40" />
            <source>Python's library</source>
            <translation>Python 标准库</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceModels.cpp" line="41" />
            <source>built-in</source>
            <translation>内置</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceModels.cpp" line="54" />
            <source>%1
%2 (%3)</source>
            <translation>%1
%2（%3）</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceModels.cpp" line="89" />
            <source>Line</source>
            <translation>行</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceModels.cpp" line="90" />
            <source>Function</source>
            <translation>函数</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceModels.cpp" line="91" />
            <source>Calls</source>
            <translation>调用次数</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceModels.cpp" line="92" />
            <source>GPU (ms)</source>
            <translation>GPU（ms）</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceModels.cpp" line="93" />
            <source>GPU self (ms)</source>
            <translation>GPU 自身（ms）</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceModels.cpp" line="94" />
            <source>CPU (ms)</source>
            <translation>CPU（ms）</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceModels.cpp" line="95" />
            <source>CPU self (ms)</source>
            <translation>CPU 自身（ms）</translation>
        </message>
    </context>
    <context>
        <name>lanescope::SourceView</name>
        <message>
            <location filename="../widgets/source/SourceView.cpp" line="62" />
            <source>%1 could not be outlined: %2</source>
            <translation>无法勾出 %1：%2</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceView.cpp" line="66" />
            <source>My code only</source>
            <translation>仅我的代码</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceView.cpp" line="69" />
            <source>Fold the frames of Python's standard library and of PyTorch into the line of your code that called them: their time counts for that line, every total stays the same</source>
            <translation>将 Python 标准库和 PyTorch 的帧并入您代码中调用它们的那一行：其时间计入该行，各项总计不变</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceView.cpp" line="73" />
            <source>Width: GPU time launched</source>
            <translation>宽度：启动的 GPU 时间</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceView.cpp" line="74" />
            <source>Width: CPU time</source>
            <translation>宽度：CPU 时间</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceView.cpp" line="75" />
            <source>What a frame's width in the flame graph stands for</source>
            <translation>火焰图中帧的宽度所代表的量</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceView.cpp" line="76" />
            <location filename="../widgets/source/SourceView.cpp" line="449" />
            <source>Open in Editor</source>
            <translation>在编辑器中打开</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceView.cpp" line="78" />
            <source>Open the selected line's file at that line (the editor and a path map for traces recorded on another machine: Edit &gt; Preferences)</source>
            <translation>打开所选行所在的文件并定位到该行（编辑器，以及在其他机器上录制的跟踪文件所需的路径映射，在“编辑 &gt; 首选项”中设置）</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceView.cpp" line="97" />
            <source>Click: outline the line's Python calls and the kernels they launched in the lanes. Double-click: zoom to its costliest call. Right-click: open it in your editor.</source>
            <translation>单击：在泳道中勾出该行的 Python 调用及其启动的内核。双击：缩放到其开销最大的一次调用。右键单击：在编辑器中打开。</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceView.cpp" line="103" />
            <source>Click: outline the file's lines in the lanes. Double-click: its lines in the Lines table.</source>
            <translation>单击：在泳道中勾出该文件的各行。双击：在“代码行”表中列出其各行。</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceView.cpp" line="111" />
            <source>Lines</source>
            <translation>代码行</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceView.cpp" line="112" />
            <source>Files</source>
            <translation>文件</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceView.cpp" line="125" />
            <source>Flame graph</source>
            <translation>火焰图</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceView.cpp" line="126" />
            <source>One row per line of Python (file, line and function)</source>
            <translation>每个 Python 代码行一行（文件、行号和函数）</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceView.cpp" line="127" />
            <source>One row per file: its lines together</source>
            <translation>每个文件一行：汇总其所有代码行</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceView.cpp" line="128" />
            <source>The Python call paths, callers above their callees, each frame as wide as the time it took. Click: select and outline; double-click: zoom in (on the top frame or the background: out); Esc: the whole graph.</source>
            <translation>Python 调用路径，调用者位于被调用者上方，每个帧的宽度与其耗时成正比。单击：选中并勾出；双击：放大（在顶层帧或背景上双击：缩小）；Esc：显示整个图。</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceView.cpp" line="178" />
            <source>Click a frame: outline that call path in the lanes. Double-click: zoom into it.</source>
            <translation>单击一个帧：在泳道中勾出该调用路径。双击：放大到该帧。</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceView.cpp" line="183" />
            <source>Zoomed into %1. Double-click it or the background to zoom out one level, Esc for the whole graph.</source>
            <translation>已放大到 %1。双击它或背景可缩小一级，按 Esc 显示整个图。</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceView.cpp" line="296" />
            <source>%1: %2 and %3 outlined in yellow.</source>
            <translation>%1：已用黄色勾出 %2 和 %3。</translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/source/SourceView.cpp" line="297" />
            <source>%Ln Python call</source>
            <translation>
                <numerusform>%Ln 次 Python 调用</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/source/SourceView.cpp" line="297" />
            <source>%Ln Python calls</source>
            <translation>
                <numerusform>%Ln 次 Python 调用</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/source/SourceView.cpp" line="298" />
            <source>%Ln GPU activity launched from it</source>
            <translation>
                <numerusform>由其启动的 %Ln 个 GPU 活动</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/source/SourceView.cpp" line="299" />
            <source>%Ln GPU activities launched from it</source>
            <translation>
                <numerusform>由其启动的 %Ln 个 GPU 活动</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceView.cpp" line="301" />
            <source>(only the first ones: there are more)</source>
            <translation>（仅勾出前面一部分：还有更多）</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceView.cpp" line="314" />
            <location filename="../widgets/source/SourceView.cpp" line="329" />
            <location filename="../widgets/source/SourceView.cpp" line="342" />
            <source>Outlining %1…</source>
            <translation>正在勾出 %1…</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceView.cpp" line="328" />
            <source>%1 (this call path)</source>
            <translation>%1（此调用路径）</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceView.cpp" line="341" />
            <source>(built-in)</source>
            <translation>（内置）</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceView.cpp" line="427" />
            <source>Opened %1 in the editor.</source>
            <translation>已在编辑器中打开 %1。</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceView.cpp" line="450" />
            <source>Copy Location</source>
            <translation>复制位置</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceView.cpp" line="451" />
            <source>Zoom to Costliest Call</source>
            <translation>缩放到开销最大的调用</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceView.cpp" line="459" />
            <source>No Python frames in %1: record with with_stack=True to see which lines of Python launch the GPU's work.</source>
            <translation>%1 中没有 Python 帧：以 with_stack=True 录制，即可看到 GPU 的工作由哪些 Python 代码行启动。</translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/source/SourceView.cpp" line="462" />
            <source>%Ln line</source>
            <translation>
                <numerusform>%Ln 行</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/source/SourceView.cpp" line="462" />
            <source>%Ln lines</source>
            <translation>
                <numerusform>%Ln 行</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/source/SourceView.cpp" line="463" />
            <source>%Ln file</source>
            <translation>
                <numerusform>%Ln 个文件</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/source/SourceView.cpp" line="463" />
            <source>%Ln files</source>
            <translation>
                <numerusform>%Ln 个文件</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceView.cpp" line="464" />
            <source>Python lines in %1: %2 in %3; %4 in Python frames on the CPU, %5 of GPU time launched from them</source>
            <translation>%1 中的 Python 代码行：%3 中共 %2；CPU 上的 Python 帧共 %4，由其启动的 GPU 时间 %5</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceView.cpp" line="467" />
            <source>(my code only: the standard library's and PyTorch's frames count for the line that called them)</source>
            <translation>（仅我的代码：标准库和 PyTorch 的帧计入调用它们的那一行）</translation>
        </message>
        <message>
            <location filename="../widgets/source/SourceView.cpp" line="469" />
            <source>(more call paths than the graph keeps: the last ones count for their callers)</source>
            <translation>（调用路径多于图中能保留的数量：多出的计入其调用者）</translation>
        </message>
    </context>
    <context>
        <name>lanescope::StartPage</name>
        <message>
            <location filename="../app/gui/StartPage.cpp" line="41" />
            <source>Open Trace…</source>
            <translation>打开跟踪文件…</translation>
        </message>
        <message>
            <location filename="../app/gui/StartPage.cpp" line="42" />
            <source>Open Folder…</source>
            <translation>打开文件夹…</translation>
        </message>
        <message>
            <location filename="../app/gui/StartPage.cpp" line="43" />
            <source>Open Demo Comparison</source>
            <translation>打开演示对比</translation>
        </message>
        <message>
            <location filename="../app/gui/StartPage.cpp" line="45" />
            <source>No recent files yet: they are listed here once opened.</source>
            <translation>暂无最近文件：打开过的文件会列在这里。</translation>
        </message>
        <message>
            <location filename="../app/gui/StartPage.cpp" line="51" />
            <source>Lanescope</source>
            <translation>Lanescope</translation>
        </message>
        <message>
            <location filename="../app/gui/StartPage.cpp" line="56" />
            <source>Why do the GPUs sit idle, and what is the fix worth? Open a PyTorch Profiler (Kineto) trace, a folder of rank traces, or the demo: a training run before and after tuning.</source>
            <translation>GPU 为何空闲？修复能带来多少收益？打开 PyTorch Profiler（Kineto）跟踪文件、rank 跟踪文件所在的文件夹，或演示：一次训练运行在调优前后的对比。</translation>
        </message>
        <message>
            <location filename="../app/gui/StartPage.cpp" line="62" />
            <source>A .json or .json.gz trace (Ctrl+O); two or more are compared</source>
            <translation>.json 或 .json.gz 跟踪文件（Ctrl+O）；两个或以上时进行比较</translation>
        </message>
        <message>
            <location filename="../app/gui/StartPage.cpp" line="63" />
            <source>Every rank trace of a folder as one job, on one clock (Ctrl+Alt+O)</source>
            <translation>将文件夹中的所有 rank 跟踪文件作为一个作业，在同一时钟上显示（Ctrl+Alt+O）</translation>
        </message>
        <message>
            <location filename="../app/gui/StartPage.cpp" line="64" />
            <source>The case study: an FSDP run before and after prefetching and allocator tuning, compared</source>
            <translation>案例研究：对比一个 FSDP 运行在预取和分配器调优前后的表现</translation>
        </message>
        <message>
            <location filename="../app/gui/StartPage.cpp" line="79" />
            <source>Or drop a trace, or a folder of rank traces, on this window.</source>
            <translation>也可以将跟踪文件或 rank 跟踪文件所在的文件夹拖放到此窗口。</translation>
        </message>
        <message>
            <location filename="../app/gui/StartPage.cpp" line="82" />
            <source>Recent</source>
            <translation>最近打开</translation>
        </message>
        <message>
            <location filename="../app/gui/StartPage.cpp" line="89" />
            <source>Name</source>
            <translation>名称</translation>
        </message>
        <message>
            <location filename="../app/gui/StartPage.cpp" line="89" />
            <source>Size</source>
            <translation>大小</translation>
        </message>
        <message>
            <location filename="../app/gui/StartPage.cpp" line="89" />
            <source>Modified</source>
            <translation>修改时间</translation>
        </message>
        <message>
            <location filename="../app/gui/StartPage.cpp" line="89" />
            <source>Folder</source>
            <translation>文件夹</translation>
        </message>
        <message>
            <location filename="../app/gui/StartPage.cpp" line="94" />
            <source>Click an entry (or press Enter) to open it</source>
            <translation>单击条目（或按 Enter）即可打开</translation>
        </message>
        <message>
            <location filename="../app/gui/StartPage.cpp" line="106" />
            <source>%p %</source>
            <translation>%p%</translation>
        </message>
        <message numerus="yes">
            <location filename="../app/gui/StartPage.cpp" line="182" />
            <source>%1 (folder, %n trace)</source>
            <translation>
                <numerusform>%1（文件夹，%n 个跟踪文件）</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../app/gui/StartPage.cpp" line="183" />
            <source>%1 (folder, %n traces)</source>
            <translation>
                <numerusform>%1（文件夹，%n 个跟踪文件）</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1 (folder, %n trace(s))</source>
            <translation type="vanished">
                <numerusform>%1（文件夹，%n 个跟踪文件）</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../app/gui/StartPage.cpp" line="187" />
            <source> vs </source>
            <translation> 对比 </translation>
        </message>
    </context>
    <context>
        <name>lanescope::ThroughputChart</name>
        <message>
            <location filename="../widgets/compare/CompareCharts.cpp" line="268" />
            <source>Tokens/s per GPU</source>
            <translation>每 GPU token/秒</translation>
        </message>
        <message>
            <location filename="../widgets/compare/CompareCharts.cpp" line="268" />
            <source>Median step time (ms)</source>
            <translation>步时长中位数（ms）</translation>
        </message>
        <message>
            <location filename="../widgets/compare/CompareCharts.cpp" line="268" />
            <source>Samples/s per GPU</source>
            <translation>每 GPU 样本/秒</translation>
        </message>
        <message>
            <location filename="../widgets/compare/CompareCharts.cpp" line="291" />
            <source>Throughput and MFU per run</source>
            <translation>各运行的吞吐量与 MFU</translation>
        </message>
        <message>
            <location filename="../widgets/compare/CompareCharts.cpp" line="293" />
            <location filename="../widgets/compare/CompareCharts.cpp" line="314" />
            <source>MFU (%)</source>
            <translation>MFU（%）</translation>
        </message>
        <message>
            <location filename="../widgets/compare/CompareCharts.cpp" line="331" />
            <source>Tokens/s per GPU and MFU at each run's median step time (Analysis dock's MFU inputs).</source>
            <translation>按各运行步时长中位数计算的每 GPU token/秒和 MFU（使用“分析”面板的 MFU 输入）。</translation>
        </message>
        <message>
            <location filename="../widgets/compare/CompareCharts.cpp" line="333" />
            <source>Throughput per run</source>
            <translation>各运行的吞吐量</translation>
        </message>
        <message>
            <location filename="../widgets/compare/CompareCharts.cpp" line="334" />
            <source>Samples/s per GPU at each run's median step time (Analysis dock's MFU panel, with samples). MFU is offered for tokens only: its 6 × parameters rule is a dense transformer's.</source>
            <translation>按各运行步时长中位数计算的每 GPU 样本/秒（使用“分析”面板的 MFU 输入，按样本填写）。MFU 只对 token 提供：6 × 参数量的规则只适用于稠密 Transformer。</translation>
        </message>
        <message>
            <location filename="../widgets/compare/CompareCharts.cpp" line="337" />
            <source>Median step time per run</source>
            <translation>各运行的步时长中位数</translation>
        </message>
        <message>
            <location filename="../widgets/compare/CompareCharts.cpp" line="338" />
            <source>Enter the model's parameters and tokens per step in the Analysis dock's MFU panel to see tokens/s and MFU per run here.</source>
            <translation>在“分析”面板的 MFU 区域填写模型参数量和每步 token 数，即可在此查看各运行的 token/秒和 MFU。</translation>
        </message>
    </context>
    <context>
        <name>lanescope::TimeAxis</name>
        <message>
            <location filename="../widgets/render/TimeAxis.h" line="196" />
            <source>s</source>
            <translation>s</translation>
        </message>
        <message>
            <location filename="../widgets/render/TimeAxis.h" line="197" />
            <source>ms</source>
            <translation>ms</translation>
        </message>
        <message>
            <location filename="../widgets/render/TimeAxis.h" line="198" />
            <source>µs</source>
            <translation>µs</translation>
        </message>
        <message>
            <location filename="../widgets/render/TimeAxis.h" line="199" />
            <source>ns</source>
            <translation>ns</translation>
        </message>
    </context>
    <context>
        <name>lanescope::TimeSummaryPanel</name>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="106" />
            <source>Kernels</source>
            <translation>内核</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="107" />
            <source>Operators</source>
            <translation>算子</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="108" />
            <source>Modules</source>
            <translation>模块</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="109" />
            <source>Collectives</source>
            <translation>集合通信</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="110" />
            <source>Op efficiency</source>
            <translation>算子效率</translation>
        </message>
        <message>
            <source>Where the time goes: per GPU kernel name, per CPU operator, or per nn.Module</source>
            <translation type="vanished">时间花在哪里：按 GPU 内核名、按 CPU 算子或按 nn.Module</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="111" />
            <source>Memory</source>
            <translation>内存</translation>
        </message>
        <message>
            <source>Where the time goes: per GPU kernel name, per CPU operator, or per nn.Module; who holds the device memory</source>
            <translation type="vanished">时间花在哪里：按 GPU 内核名、按 CPU 算子或按 nn.Module；谁占用了设备显存</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="112" />
            <source>Source</source>
            <translation>源代码</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="113" />
            <source>Where the time goes: per GPU kernel name, per CPU operator, or per nn.Module; who holds the device memory; which lines of Python launch the GPU's work</source>
            <translation>时间花在哪里：按 GPU 内核名称、按 CPU 算子或按 nn.Module 统计；谁占用设备内存；哪些 Python 代码行启动了 GPU 的工作</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="116" />
            <source>Filter names</source>
            <translation>筛选名称</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="118" />
            <source>Fold templates</source>
            <translation>折叠模板参数</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="120" />
            <source>One row per kernel whatever its template arguments ("&lt;...&gt;"), as the comparison's differences fold them</source>
            <translation>无论模板参数（"&lt;...&gt;"）如何，每个内核一行，与比较的差异列表折叠方式相同</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="121" />
            <source>Group by input shape</source>
            <translation>按输入形状分组</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="123" />
            <source>One row per operator and input shapes (traces recorded with record_shapes=True); reads each operator's args from the file</source>
            <translation>每个算子与输入形状一行（以 record_shapes=True 录制的跟踪）；会从文件读取每个算子的参数</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="124" />
            <source>Roofline</source>
            <translation>屋顶线</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="126" />
            <source>Show the operators on a roofline chart (intensity against TFLOPS, log-log) instead of the table</source>
            <translation>以屋顶线图（算术强度对 TFLOPS，双对数坐标）代替表格显示算子</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="127" />
            <source>Copy</source>
            <translation>复制</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="129" />
            <source>Copy the rows shown (the selected ones, if any) as tab-separated text</source>
            <translation>将显示的行（若有选中则为选中的行）复制为制表符分隔的文本</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="141" />
            <source>Click: outline the kernel's slices in the lanes. Double-click: zoom to its longest call.</source>
            <translation>单击：在泳道中勾出该内核的切片。双击：缩放到其最长的一次调用。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="146" />
            <source>Click: outline the operator's slices in the lanes. Double-click: zoom to its longest call.</source>
            <translation>单击：在泳道中勾出该算子的切片。双击：缩放到其最长的一次调用。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="150" />
            <source>Module</source>
            <translation>模块</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="150" />
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="682" />
            <source>Calls</source>
            <translation>调用次数</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="150" />
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="682" />
            <source>CPU (ms)</source>
            <translation>CPU（ms）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="150" />
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="682" />
            <source>Device (ms)</source>
            <translation>设备（ms）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="151" />
            <source>The module's forward calls' durations, submodules included</source>
            <translation>该模块前向调用的时长，含子模块</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="152" />
            <source>GPU time launched from inside the module's calls (the backward pass runs on autograd threads and is not attributed)</source>
            <translation>由该模块调用内部发起的 GPU 时间（反向传播运行在 autograd 线程上，不计入）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="158" />
            <source>Click: outline the module's calls in the lanes. Double-click: zoom to its longest call.</source>
            <translation>单击：在泳道中勾出该模块的调用。双击：缩放到其最长的一次调用。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="165" />
            <source>Each collective by kind, size and group: the calls' time and their bus bandwidth (select a kernel for its own)</source>
            <translation>按类型、大小和组列出的各集合通信：调用耗时及其总线带宽（选中某个内核可查看其自身的值）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="172" />
            <source>GEMMs, attention and convolutions per operator, input shapes and type: the FLOPs their shapes imply, the GPU time of their kernels, what that achieves and which roof bounds it</source>
            <translation>按算子、输入形状和类型列出的 GEMM、注意力和卷积：由形状推出的 FLOPs、其内核的 GPU 时间、实际达到的性能以及受哪个屋顶限制</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="189" />
            <source>What is held at the peak of allocated memory, by the operator that allocated it: the rows add up to the peak</source>
            <translation>已分配显存峰值时仍被占用的部分，按分配它的算子列出：各行之和即为峰值</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="190" />
            <source>The operators that allocate the most bytes over the whole trace, how many of their allocations are freed and how long they live</source>
            <translation>整个跟踪中分配字节最多的算子，其分配中有多少被释放，以及存活多久</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="191" />
            <source>Allocations the trace never frees, by operator (held at its end, or freed after it)</source>
            <translation>跟踪中从未释放的分配，按算子列出（跟踪结束时仍被占用，或在其后才释放）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="205" />
            <source>Click: outline the operator's slices in the lanes. Double-click: zoom to its largest allocation, from allocation to free.</source>
            <translation>单击：在泳道中勾出该算子的切片。双击：缩放到其最大的一次分配，从分配到释放。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="365" />
            <source>Alive at peak (%1)</source>
            <translation>峰值时存活（%1）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="365" />
            <source>Top allocators (%1)</source>
            <translation>分配最多（%1）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="365" />
            <source>Never freed (%1)</source>
            <translation>从未释放（%1）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="437" />
            <source>%1 (instance %2)</source>
            <translation>%1（实例 %2）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="474" />
            <source>(the link: %1 GB/s per direction)</source>
            <translation>（互连：单向 %1 GB/s）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="475" />
            <source>(the GPU's link is not in the GPU table)</source>
            <translation>（GPU 表中没有该 GPU 的互连带宽）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="482" />
            <source>No matrix product, attention or convolution operator in %1's steps.</source>
            <translation>%1 的步骤中没有矩阵乘、注意力或卷积算子。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="484" />
            <source>%1 matrix product, attention and convolution calls, none with input shapes (record with record_shapes=True) or, for a convolution, without its stride and padding (PyTorch 2.1 or later records them).</source>
            <translation>%1 次矩阵乘、注意力和卷积调用，均没有输入形状（请以 record_shapes=True 录制），或卷积缺少步长和填充（PyTorch 2.1 及以后会记录）。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="487" />
            <source>Matrix products, attention and convolutions in the measured steps of %1: %2 of %3 calls counted from their shapes, %4 TFLOP</source>
            <translation>%1 的测量步骤中的矩阵乘、注意力和卷积：%3 次调用中有 %2 次根据形状计数，共 %4 TFLOP</translation>
        </message>
        <message>
            <source>GEMMs and attention per operator, input shapes and type: the FLOPs their shapes imply, the GPU time of their kernels, and what that achieves</source>
            <translation type="vanished">按算子、输入形状和类型列出的 GEMM 与注意力：其形状对应的 FLOPs、其内核的 GPU 时间，以及由此达到的算力</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="427" />
            <source>No analysis yet.</source>
            <translation>尚无分析。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="435" />
            <source>ProfilerStep#%1</source>
            <translation>ProfilerStep#%1</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="439" />
            <source>the selected range</source>
            <translation>所选范围</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="441" />
            <source>the whole trace</source>
            <translation>整个跟踪</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="447" />
            <source>GPU kernels, copies and memsets that start in %1: %2 names, %3 ms of GPU time</source>
            <translation>开始于%1的 GPU 内核、拷贝和 memset：%2 个名称，GPU 时间 %3 ms</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="455" />
            <source>CPU operators, annotations and runtime calls that start in %1: %2 rows, %3 ms of busy CPU time</source>
            <translation>开始于%1的 CPU 算子、注解和运行时调用：%2 行，CPU 忙碌时间 %3 ms</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="459" />
            <source>(reading input shapes…)</source>
            <translation>（正在读取输入形状…）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="461" />
            <source>(input shapes could not be read: %1)</source>
            <translation>（无法读取输入形状：%1）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="463" />
            <source>(the trace has no input shapes: record with record_shapes=True)</source>
            <translation>（跟踪中没有输入形状：请以 record_shapes=True 录制）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="470" />
            <source>No NCCL or RCCL kernel starts in %1.</source>
            <translation>%1中没有开始的 NCCL 或 RCCL 内核。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="471" />
            <source>Communication kernels that start in %1: %2, %3 of them with their size recorded</source>
            <translation>开始于%1的通信内核：%2 个，其中 %3 个记录了大小</translation>
        </message>
        <message>
            <source>No matrix product or attention operator in %1's steps.</source>
            <translation type="vanished">%1的各步中没有矩阵乘或注意力算子。</translation>
        </message>
        <message>
            <source>%1 matrix product and attention calls, none with input shapes: record with record_shapes=True.</source>
            <translation type="vanished">%1 次矩阵乘与注意力调用，均无输入形状：请以 record_shapes=True 录制。</translation>
        </message>
        <message>
            <source>Matrix products and attention in the measured steps of %1: %2 of %3 calls counted from their shapes, %4 TFLOP</source>
            <translation type="vanished">%1的计量步中的矩阵乘与注意力：%3 次调用中有 %2 次按形状计入，共 %4 TFLOP</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="491" />
            <source>(measured MFU of these operators %1 %, beside the 6P estimate)</source>
            <translation>（这些算子的实测 MFU 为 %1 %，与 6P 估算并列）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="493" />
            <source>(no roofline: the GPU's memory bandwidth is not in the GPU table)</source>
            <translation>（无屋顶线：GPU 表中没有该 GPU 的显存带宽）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="506" />
            <source>No nn.Module calls in %1: record with with_stack=True or with_modules=True to see the module tree.</source>
            <translation>%1中没有 nn.Module 调用：以 with_stack=True 或 with_modules=True 录制即可看到模块树。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="507" />
            <source>nn.Module forward calls that start in %1: %2 modules%3</source>
            <translation>开始于%1的 nn.Module 前向调用：%2 个模块%3</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="509" />
            <source> (more left out)</source>
            <translation>（其余未列出）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="570" />
            <source>%1: %2 slices outlined in yellow.</source>
            <translation>%1：已用黄色勾出 %2 个切片。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="593" />
            <source>Longest call (%1 µs): %2</source>
            <translation>最长调用（%1 µs）：%2</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="622" />
            <source>No device memory events in this trace: record with profile_memory=True to see who holds the memory.</source>
            <translation>此跟踪没有设备显存事件：使用 profile_memory=True 录制，才能看到谁占用了显存。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="624" />
            <source>Peak %1 allocated at %2 on GPU %3 (the whole trace)</source>
            <translation>已分配峰值 %1，位于 %2，GPU %3（整个跟踪）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="628" />
            <source>(the memory events carry no addresses: allocations are not paired with their frees, so only the top allocators are known)</source>
            <translation>（显存事件不带地址：分配无法与其释放配对，因此只知道分配最多的算子）</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="632" />
            <source>%1 %2</source>
            <translation>%1 %2</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="661" />
            <source>Largest allocation: %1 at %2, freed %3 later.</source>
            <translation>最大的一次分配：%1，位于 %2，%3 后释放。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="662" />
            <source>Largest allocation: %1 at %2, never freed in the trace.</source>
            <translation>最大的一次分配：%1，位于 %2，在跟踪中从未释放。</translation>
        </message>
        <message>
            <location filename="../widgets/analysis/TimeSummaryPanel.cpp" line="682" />
            <source>Module path</source>
            <translation>模块路径</translation>
        </message>
    </context>
    <context>
        <name>lanescope::TimelineView</name>
        <message>
            <location filename="../widgets/timeline/TimelineView.cpp" line="369" />
            <source>Stacked by Owner</source>
            <translation>按所有者堆叠</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelineView.cpp" line="373" />
            <source>Split the allocated memory by who allocated it: forward, backward, optimizer, FSDP all-gather, before the trace</source>
            <translation>按分配者拆分已分配内存：前向、反向、优化器、FSDP 全收集、追踪开始之前</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelineView.cpp" line="425" />
            <source>Duration: %1</source>
            <translation>时长：%1</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelineView.cpp" line="426" />
            <source>Start: %1</source>
            <translation>开始：%1</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelineView.cpp" line="427" />
            <source>Category: %1 (%2)</source>
            <translation>类别：%1（%2）</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelineView.cpp" line="428" />
            <source>Stream: %1</source>
            <translation>流：%1</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelineView.cpp" line="428" />
            <source>Thread: %1</source>
            <translation>线程：%1</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelineView.cpp" line="431" />
            <source>Step: %1</source>
            <translation>步：%1</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelineView.cpp" line="439" />
            <source>%1, %2: bus bandwidth %3 GB/s</source>
            <translation>%1，%2：总线带宽 %3 GB/s</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelineView.cpp" line="443" />
            <source>%1, %2</source>
            <translation>%1，%2</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelineView.cpp" line="568" />
            <source>%1: %2
at %3</source>
            <translation>%1：%2
位于 %3</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/TimelineView.cpp" line="573" />
            <source>%1
at %2</source>
            <translation>%1
位于 %2</translation>
        </message>
        <message numerus="yes">
            <source>  (%n lane(s))</source>
            <translation type="vanished">
                <numerusform>  （%n 条泳道）</numerusform>
            </translation>
        </message>
        <message>
            <source>allocated</source>
            <translation type="vanished">已分配</translation>
        </message>
        <message>
            <source>reserved</source>
            <translation type="vanished">已保留</translation>
        </message>
        <message>
            <source>memory, top = %1</source>
            <translation type="vanished">内存，顶部 = %1</translation>
        </message>
        <message>
            <location filename="../widgets/render/TimelineRenderer.cpp" line="127" />
            <source>queue, max %1</source>
            <translation>队列，最大 %1</translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/render/TimelineRenderer.cpp" line="947" />
            <location filename="../widgets/render/TimelineRenderer.cpp" line="1040" />
            <source>  (%n lane)</source>
            <translation>
                <numerusform>  （%n 条泳道）</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/render/TimelineRenderer.cpp" line="947" />
            <location filename="../widgets/render/TimelineRenderer.cpp" line="1040" />
            <source>  (%n lanes)</source>
            <translation>
                <numerusform>  （%n 条泳道）</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../widgets/render/TimelineRenderer.cpp" line="1057" />
            <source>GPU %1 memory</source>
            <translation>GPU %1 显存</translation>
        </message>
        <message>
            <location filename="../widgets/render/TimelineRenderer.cpp" line="1132" />
            <source>window %1</source>
            <translation>窗口 %1</translation>
        </message>
        <message>
            <location filename="../widgets/render/TimelineRenderer.cpp" line="1134" />
            <source>steps</source>
            <translation>步</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/LaneMenu.cpp" line="24" />
            <source>Unpin</source>
            <translation>取消置顶</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/LaneMenu.cpp" line="26" />
            <source>Pin to Top</source>
            <translation>置顶</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/LaneMenu.cpp" line="27" />
            <source>Hide Lane</source>
            <translation>隐藏泳道</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/LaneMenu.cpp" line="29" />
            <source>Copy Lane Name</source>
            <translation>复制泳道名称</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/LaneMenu.cpp" line="35" />
            <source>Copy Group Name</source>
            <translation>复制分组名称</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/LaneMenu.cpp" line="36" />
            <source>Show Only This Group</source>
            <translation>仅显示此分组</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/LaneMenu.cpp" line="39" />
            <source>Show All Lanes</source>
            <translation>显示所有泳道</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/SliceMenu.cpp" line="24" />
            <source>Copy Name</source>
            <translation>复制名称</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/SliceMenu.cpp" line="25" />
            <source>Find Similar</source>
            <translation>查找相似切片</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/SliceMenu.cpp" line="26" />
            <source>Zoom to Slice</source>
            <translation>缩放到切片</translation>
        </message>
        <message>
            <location filename="../widgets/timeline/SliceMenu.cpp" line="30" />
            <source>Select All Like This</source>
            <translation>选择所有同类切片</translation>
        </message>
    </context>
    <context>
        <name>lanescope::TraceLoadJob</name>
        <message>
            <source>not enough memory to load %1</source>
            <translation type="vanished">内存不足，无法加载 %1</translation>
        </message>
        <message>
            <source>internal error while loading %1: %2</source>
            <translation type="vanished">加载 %1 时发生内部错误：%2</translation>
        </message>
        <message>
            <source>not enough memory to show %1</source>
            <translation type="vanished">内存不足，无法显示 %1</translation>
        </message>
    </context>
    <context>
        <name>lanescope::TraceSummaryModel</name>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="67" />
            <source>%1 (%2)</source>
            <translation>%1（%2）</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="73" />
            <source>Process %1</source>
            <translation>进程 %1</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="89" />
            <source>stream %1</source>
            <translation>流 %1</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="144" />
            <source>Memory (allocator)</source>
            <translation>内存（分配器）</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="149" />
            <source>GPU %1 memory</source>
            <translation>GPU %1 内存</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="151" />
            <source>CPU memory</source>
            <translation>CPU 内存</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="153" />
            <source>device type %1, id %2 memory</source>
            <translation>设备类型 %1、编号 %2 的内存</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="155" />
            <source>%1 (totals derived from Bytes)</source>
            <translation>%1（总量由 Bytes 累加得出）</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="224" />
            <source>CPU thread</source>
            <translation>CPU 线程</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="226" />
            <source>GPU stream</source>
            <translation>GPU 流</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="228" />
            <source>Other lane</source>
            <translation>其他泳道</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="230" />
            <source>Counter</source>
            <translation>计数器</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="232" />
            <source>Memory</source>
            <translation>内存</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="235" />
            <source>Process</source>
            <translation>进程</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="239" />
            <source>GPU process</source>
            <translation>GPU 进程</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="241" />
            <source>Allocator</source>
            <translation>分配器</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="242" />
            <source>CPU process</source>
            <translation>CPU 进程</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="262" />
            <source>Samples in this series</source>
            <translation>此序列中的采样数</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="263" />
            <source>Slices on this lane</source>
            <translation>此泳道上的切片数</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="279" />
            <source>Name</source>
            <translation>名称</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="281" />
            <source>Kind</source>
            <translation>类型</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="283" />
            <source>PID</source>
            <translation>PID</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="285" />
            <source>TID / stream</source>
            <translation>TID / 流</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="287" />
            <source>Events</source>
            <translation>事件数</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryModel.cpp" line="289" />
            <source>Max depth</source>
            <translation>最大深度</translation>
        </message>
    </context>
    <context>
        <name>lanescope::TraceSummaryView</name>
        <message>
            <location filename="../widgets/TraceSummaryView.cpp" line="67" />
            <source>No trace loaded.</source>
            <translation>未加载跟踪文件。</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryView.cpp" line="84" />
            <source>%1 × %2</source>
            <translation>%1 × %2</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryView.cpp" line="88" />
            <source>rank %1 of %2</source>
            <translation>rank %1（共 %2 个）</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryView.cpp" line="89" />
            <source>%1 events, %2 slices on %3 tracks</source>
            <translation>%1 个事件，%3 条轨道上共 %2 个切片</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryView.cpp" line="92" />
            <source>%1 flows</source>
            <translation>%1 条流</translation>
        </message>
        <message>
            <location filename="../widgets/TraceSummaryView.cpp" line="93" />
            <source>span %1 ms</source>
            <translation>时间跨度 %1 ms</translation>
        </message>
    </context>
    <context>
        <name>lanescope::TrendChart</name>
        <message>
            <location filename="../widgets/compare/TrendChart.cpp" line="36" />
            <source>Step time (ms)</source>
            <translation>步时长（ms）</translation>
        </message>
        <message>
            <location filename="../widgets/compare/TrendChart.cpp" line="38" />
            <source>Compute-stream idle (%)</source>
            <translation>计算流空闲（%）</translation>
        </message>
        <message>
            <location filename="../widgets/compare/TrendChart.cpp" line="40" />
            <source>Exposed communication per step (ms)</source>
            <translation>每步暴露的通信（ms）</translation>
        </message>
        <message>
            <location filename="../widgets/compare/TrendChart.cpp" line="42" />
            <source>Listed gaps per step (ms)</source>
            <translation>每步所列间隙（ms）</translation>
        </message>
        <message>
            <location filename="../widgets/compare/TrendChart.cpp" line="43" />
            <source>MFU (%)</source>
            <translation>MFU（%）</translation>
        </message>
        <message>
            <location filename="../widgets/compare/TrendChart.cpp" line="55" />
            <source>The figure followed across the runs, each run's steps of every rank</source>
            <translation>跨运行跟踪的指标，取自每个运行所有 rank 的各步</translation>
        </message>
        <message>
            <location filename="../widgets/compare/TrendChart.cpp" line="111" />
            <source>No trend: it needs two runs or more with complete ProfilerSteps.</source>
            <translation>无趋势：需要两个或以上包含完整 ProfilerStep 的运行。</translation>
        </message>
        <message>
            <location filename="../widgets/compare/TrendChart.cpp" line="116" />
            <source>Median per step</source>
            <translation>每步中位数</translation>
        </message>
        <message>
            <location filename="../widgets/compare/TrendChart.cpp" line="147" />
            <source>No run has this figure per step (GPU figures need GPU activity; MFU needs the MFU inputs).</source>
            <translation>没有任何运行有此项的每步数据（GPU 指标需要 GPU 活动；MFU 需要 MFU 输入）。</translation>
        </message>
        <message>
            <location filename="../widgets/compare/TrendChart.cpp" line="151" />
            <source>95 % interval of the median</source>
            <translation>中位数的 95% 置信区间</translation>
        </message>
        <message>
            <location filename="../widgets/compare/TrendChart.cpp" line="187" />
            <source>%1 differs from the baseline beyond the step-to-step noise (p = %2).</source>
            <translation>%1 与基线的差异超出步间噪声（p = %2）。</translation>
        </message>
        <message>
            <location filename="../widgets/compare/TrendChart.cpp" line="190" />
            <source>%1 is within the step-to-step noise of the baseline (p = %2).</source>
            <translation>%1 在基线的步间噪声范围内（p = %2）。</translation>
        </message>
        <message>
            <location filename="../widgets/compare/TrendChart.cpp" line="193" />
            <source>Each run's median over the complete steps of all its ranks, in run order; the band is the 95 % interval of that median (bootstrap over steps). %1</source>
            <translation>每个运行在其所有 rank 的完整步上的中位数，按运行顺序排列；色带为该中位数的 95% 置信区间（对步做 bootstrap）。%1</translation>
        </message>
    </context>
    <context>
        <name>lanescope::WarningBanner</name>
        <message>
            <location filename="../widgets/WarningBanner.cpp" line="44" />
            <source>Dismiss these warnings</source>
            <translation>关闭这些警告</translation>
        </message>
        <message>
            <location filename="../widgets/WarningBanner.cpp" line="45" />
            <source>Dismiss</source>
            <translation>关闭</translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/WarningBanner.cpp" line="119" />
            <source>The trace loaded with %n warning:</source>
            <translation>
                <numerusform>跟踪已加载，有 %n 条警告：</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/WarningBanner.cpp" line="120" />
            <source>The trace loaded with %n warnings:</source>
            <translation>
                <numerusform>跟踪文件已加载，但有 %n 条警告：</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../widgets/WarningBanner.cpp" line="131" />
            <source>Show fewer</source>
            <translation>收起</translation>
        </message>
        <message numerus="yes">
            <location filename="../widgets/WarningBanner.cpp" line="131" />
            <source>Show %n more</source>
            <translation>
                <numerusform>再显示 %n 条</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>The trace loaded with %n warning(s):</source>
            <translation type="vanished">
                <numerusform>跟踪文件已加载，但有 %n 条警告：</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>lanescope::WaterfallChart</name>
        <message>
            <source>%1 gaps</source>
            <translation type="vanished">%1间隙</translation>
        </message>
        <message>
            <location filename="../widgets/compare/CompareCharts.cpp" line="64" />
            <source>%1 gaps ≥ %2</source>
            <translation>%1间隙 ≥ %2</translation>
        </message>
        <message>
            <location filename="../widgets/compare/CompareCharts.cpp" line="66" />
            <location filename="../widgets/compare/CompareCharts.cpp" line="77" />
            <source>Compute</source>
            <translation>计算</translation>
        </message>
        <message>
            <location filename="../widgets/compare/CompareCharts.cpp" line="68" />
            <source>Comm./memory</source>
            <translation>通信/内存</translation>
        </message>
        <message>
            <location filename="../widgets/compare/CompareCharts.cpp" line="70" />
            <location filename="../widgets/compare/CompareCharts.cpp" line="81" />
            <source>Short idle</source>
            <translation>短暂空闲</translation>
        </message>
        <message>
            <location filename="../widgets/compare/CompareCharts.cpp" line="77" />
            <source>Comm. wait</source>
            <translation>等待通信</translation>
        </message>
        <message>
            <location filename="../widgets/compare/CompareCharts.cpp" line="78" />
            <source>Data loader</source>
            <translation>数据加载</translation>
        </message>
        <message>
            <location filename="../widgets/compare/CompareCharts.cpp" line="78" />
            <source>Allocator</source>
            <translation>分配器</translation>
        </message>
        <message>
            <location filename="../widgets/compare/CompareCharts.cpp" line="79" />
            <source>Sync</source>
            <translation>同步</translation>
        </message>
        <message>
            <location filename="../widgets/compare/CompareCharts.cpp" line="79" />
            <source>Launch</source>
            <translation>启动</translation>
        </message>
        <message>
            <location filename="../widgets/compare/CompareCharts.cpp" line="80" />
            <source>Other gaps</source>
            <translation>其他间隙</translation>
        </message>
        <message>
            <location filename="../widgets/compare/CompareCharts.cpp" line="80" />
            <source>Comm./mem.</source>
            <translation>通信/内存</translation>
        </message>
        <message>
            <location filename="../widgets/compare/CompareCharts.cpp" line="95" />
            <source>The run whose step time is explained against the baseline's</source>
            <translation>要相对基线解释其步时长的运行</translation>
        </message>
        <message>
            <location filename="../widgets/compare/CompareCharts.cpp" line="99" />
            <source>Each run's median complete step is cut into disjoint time: computation kernels first, then compute-stream gaps of 1 ms or more by cause, then other GPU activity, then the short idle left. The parts' deltas add up exactly to the step-time delta.</source>
            <translation>每个运行的中位完整步被切分为互不重叠的时间段：先是计算内核，然后是按原因划分的 1 ms 及以上的计算流间隙，然后是其他 GPU 活动，最后是剩余的短暂空闲。各部分的差值之和恰好等于步时长的差值。</translation>
        </message>
        <message>
            <location filename="../widgets/compare/CompareCharts.cpp" line="117" />
            <source>%1 against the baseline</source>
            <translation>%1 对比基线</translation>
        </message>
        <message>
            <location filename="../widgets/compare/CompareCharts.cpp" line="137" />
            <source>Step-time waterfall</source>
            <translation>步时长瀑布图</translation>
        </message>
        <message>
            <location filename="../widgets/compare/CompareCharts.cpp" line="138" />
            <source>No waterfall: the runs need complete ProfilerSteps and GPU activity.</source>
            <translation>无法生成瀑布图：各运行需要有完整的 ProfilerStep 和 GPU 活动。</translation>
        </message>
        <message>
            <location filename="../widgets/compare/CompareCharts.cpp" line="142" />
            <source>Step time: baseline %1 → %2 %3</source>
            <translation>步时长：基线 %1 → %2 %3</translation>
        </message>
        <message>
            <location filename="../widgets/compare/CompareCharts.cpp" line="186" />
            <source>%1 %2 ms (the baseline's replay with %3 projected %4 ms)</source>
            <translation>%1 %2 ms（基线按 %3 重放的预测为 %4 ms）</translation>
        </message>
        <message>
            <location filename="../widgets/compare/CompareCharts.cpp" line="227" />
            <source>Gaps here are every compute-stream idle of %1 or more, between any kernels: more than the Metrics table's listed GEMM gaps.</source>
            <translation>此处的间隙是任意内核之间所有不短于 %1 的计算流空闲，比“指标”表所列的 GEMM 间隙更多。</translation>
        </message>
        <message>
            <source>Median step: baseline %1 ms → %2 %3 ms</source>
            <translation type="vanished">中位步时长：基线 %1 ms → %2 %3 ms</translation>
        </message>
        <message>
            <location filename="../widgets/compare/CompareCharts.cpp" line="148" />
            <source>Step time</source>
            <translation>步时长</translation>
        </message>
        <message>
            <location filename="../widgets/compare/CompareCharts.cpp" line="150" />
            <source>Slower</source>
            <translation>变慢</translation>
        </message>
        <message>
            <location filename="../widgets/compare/CompareCharts.cpp" line="152" />
            <source>Faster</source>
            <translation>变快</translation>
        </message>
        <message>
            <location filename="../widgets/compare/CompareCharts.cpp" line="163" />
            <source>baseline</source>
            <translation>基线</translation>
        </message>
        <message>
            <location filename="../widgets/compare/CompareCharts.cpp" line="189" />
            <source>%1 %2 ms</source>
            <translation>%1 %2 ms</translation>
        </message>
        <message>
            <location filename="../widgets/compare/CompareCharts.cpp" line="213" />
            <source>ms per step</source>
            <translation>每步时间（ms）</translation>
        </message>
        <message>
            <location filename="../widgets/compare/CompareCharts.cpp" line="226" />
            <source>%1 ms: %2</source>
            <translation>%1 ms：%2</translation>
        </message>
        <message>
            <location filename="../widgets/compare/CompareCharts.cpp" line="226" />
            <source>, </source>
            <translation>，</translation>
        </message>
    </context>
    <context>
        <name>lanescope::annotations</name>
        <message>
            <location filename="../core/annotations/Annotation.cpp" line="20" />
            <source>Red</source>
            <translation>红色</translation>
        </message>
        <message>
            <location filename="../core/annotations/Annotation.cpp" line="21" />
            <source>Orange</source>
            <translation>橙色</translation>
        </message>
        <message>
            <location filename="../core/annotations/Annotation.cpp" line="22" />
            <source>Green</source>
            <translation>绿色</translation>
        </message>
        <message>
            <location filename="../core/annotations/Annotation.cpp" line="23" />
            <source>Blue</source>
            <translation>蓝色</translation>
        </message>
        <message>
            <location filename="../core/annotations/Annotation.cpp" line="24" />
            <source>Purple</source>
            <translation>紫色</translation>
        </message>
        <message>
            <location filename="../core/annotations/Annotation.cpp" line="25" />
            <source>Grey</source>
            <translation>灰色</translation>
        </message>
    </context>
    <context>
        <name>lanescope::annotations::AnnotationFile</name>
        <message>
            <location filename="../core/annotations/AnnotationFile.cpp" line="58" />
            <source>not a whole number</source>
            <translation>不是整数</translation>
        </message>
        <message>
            <location filename="../core/annotations/AnnotationFile.cpp" line="68" />
            <source>not a number</source>
            <translation>不是数字</translation>
        </message>
        <message>
            <location filename="../core/annotations/AnnotationFile.cpp" line="76" />
            <source>missing or not an object</source>
            <translation>缺失或不是对象</translation>
        </message>
        <message>
            <location filename="../core/annotations/AnnotationFile.cpp" line="85" />
            <location filename="../core/annotations/AnnotationFile.cpp" line="111" />
            <source>not a string</source>
            <translation>不是字符串</translation>
        </message>
        <message>
            <location filename="../core/annotations/AnnotationFile.cpp" line="93" />
            <source>not an object</source>
            <translation>不是对象</translation>
        </message>
        <message>
            <location filename="../core/annotations/AnnotationFile.cpp" line="101" />
            <source>not an id (1 to 16 hexadecimal digits, not all zero)</source>
            <translation>不是有效的 ID（1 到 16 位十六进制数字，且不全为零）</translation>
        </message>
        <message>
            <location filename="../core/annotations/AnnotationFile.cpp" line="105" />
            <source>unknown kind "%1"</source>
            <translation>未知类型“%1”</translation>
        </message>
        <message>
            <location filename="../core/annotations/AnnotationFile.cpp" line="108" />
            <source>unknown colour "%1"</source>
            <translation>未知颜色“%1”</translation>
        </message>
        <message>
            <location filename="../core/annotations/AnnotationFile.cpp" line="114" />
            <source>longer than %1 characters</source>
            <translation>超过 %1 个字符</translation>
        </message>
        <message>
            <location filename="../core/annotations/AnnotationFile.cpp" line="117" />
            <source>not true or false</source>
            <translation>不是 true 或 false</translation>
        </message>
        <message>
            <location filename="../core/annotations/AnnotationFile.cpp" line="149" />
            <location filename="../core/annotations/AnnotationFile.cpp" line="161" />
            <source>cannot read %1: %2</source>
            <translation>无法读取 %1：%2</translation>
        </message>
        <message>
            <location filename="../core/annotations/AnnotationFile.cpp" line="283" />
            <source>larger than %1 MiB</source>
            <translation>大于 %1 MiB</translation>
        </message>
        <message>
            <location filename="../core/annotations/AnnotationFile.cpp" line="287" />
            <source>nested deeper than %1 levels</source>
            <translation>嵌套超过 %1 层</translation>
        </message>
        <message>
            <location filename="../core/annotations/AnnotationFile.cpp" line="291" />
            <source>not JSON: %1 at byte %2</source>
            <translation>不是 JSON：字节 %2 处：%1</translation>
        </message>
        <message>
            <location filename="../core/annotations/AnnotationFile.cpp" line="293" />
            <source>not a JSON object</source>
            <translation>不是 JSON 对象</translation>
        </message>
        <message>
            <location filename="../core/annotations/AnnotationFile.cpp" line="296" />
            <source>"format" is not "%1"</source>
            <translation>"format" 不是 "%1"</translation>
        </message>
        <message>
            <location filename="../core/annotations/AnnotationFile.cpp" line="300" />
            <source>"version" is not a format version</source>
            <translation>"version" 不是有效的格式版本</translation>
        </message>
        <message>
            <location filename="../core/annotations/AnnotationFile.cpp" line="309" />
            <source>"trace" is missing</source>
            <translation>缺少 "trace"</translation>
        </message>
        <message>
            <location filename="../core/annotations/AnnotationFile.cpp" line="318" />
            <source>trace.head_sha256: not a SHA-256 in lower-case hex</source>
            <translation>trace.head_sha256：不是小写十六进制的 SHA-256</translation>
        </message>
        <message>
            <location filename="../core/annotations/AnnotationFile.cpp" line="325" />
            <source>"annotations" is not a list</source>
            <translation>"annotations" 不是列表</translation>
        </message>
        <message>
            <location filename="../core/annotations/AnnotationFile.cpp" line="328" />
            <source>%1 annotations: more than the %2 one file may hold, so that editing them stays interactive</source>
            <translation>%1 条标注：超过了单个文件可容纳的上限 %2 条（该上限用于保证编辑时的流畅响应）</translation>
        </message>
    </context>
    <context>
        <name>lanescope::annotations::AnnotationStore</name>
        <message>
            <location filename="../core/annotations/AnnotationStore.cpp" line="59" />
            <source>%1 is not a file of annotations and was left as it is</source>
            <translation>%1 不是标注文件，已保持原样</translation>
        </message>
        <message>
            <location filename="../core/annotations/AnnotationStore.cpp" line="64" />
            <location filename="../core/annotations/AnnotationStore.cpp" line="73" />
            <source>cannot read the annotations in %1: %2</source>
            <translation>无法读取 %1 中的标注：%2</translation>
        </message>
        <message>
            <location filename="../core/annotations/AnnotationStore.cpp" line="69" />
            <source>larger than %1 MiB</source>
            <translation>大于 %1 MiB</translation>
        </message>
        <message>
            <location filename="../core/annotations/AnnotationStore.cpp" line="86" />
            <source>the annotations file %1 is damaged (%2) and was left as it is</source>
            <translation>标注文件 %1 已损坏（%2），已保持原样</translation>
        </message>
        <message>
            <location filename="../core/annotations/AnnotationStore.cpp" line="89" />
            <source>the annotations file %1 was written by a newer Lanescope (format %2, this one reads up to %3) and was left as it is</source>
            <translation>标注文件 %1 由更新版本的 Lanescope 写出（格式 %2，本版本最高读取 %3），已保持原样</translation>
        </message>
        <message>
            <location filename="../core/annotations/AnnotationStore.cpp" line="97" />
            <source>(unnamed)</source>
            <translation>（未命名）</translation>
        </message>
        <message>
            <location filename="../core/annotations/AnnotationStore.cpp" line="99" />
            <source>the annotations file %1 belongs to another file named %2 (%3 bytes, this trace has %4) and was left as it is</source>
            <translation>标注文件 %1 属于另一个名为 %2 的文件（%3 字节，此跟踪为 %4 字节），已保持原样</translation>
        </message>
        <message>
            <location filename="../core/annotations/AnnotationStore.cpp" line="103" />
            <source>the annotations file %1 belongs to another file named %2 (same size, different content) and was left as it is</source>
            <translation>标注文件 %1 属于另一个名为 %2 的文件（大小相同，内容不同），已保持原样</translation>
        </message>
        <message>
            <location filename="../core/annotations/AnnotationStore.cpp" line="129" />
            <source>%1; this trace's annotations are kept in %2</source>
            <translation>%1；此跟踪的标注保存在 %2</translation>
        </message>
        <message>
            <location filename="../core/annotations/AnnotationStore.cpp" line="148" />
            <location filename="../core/annotations/AnnotationStore.cpp" line="152" />
            <location filename="../core/annotations/AnnotationStore.cpp" line="157" />
            <source>cannot write %1: %2</source>
            <translation>无法写入 %1：%2</translation>
        </message>
        <message>
            <location filename="../core/annotations/AnnotationStore.cpp" line="167" />
            <source>cannot save annotations: %1</source>
            <translation>无法保存标注：%1</translation>
        </message>
        <message>
            <location filename="../core/annotations/AnnotationStore.cpp" line="190" />
            <source>%1 annotations are more than the %2 one file may hold; delete some to save them</source>
            <translation>%1 条标注超过了单个文件可容纳的上限 %2 条；请删除一些后再保存</translation>
        </message>
        <message>
            <location filename="../core/annotations/AnnotationStore.cpp" line="231" />
            <source>cannot move %1 aside</source>
            <translation>无法将 %1 移到一旁</translation>
        </message>
        <message>
            <location filename="../core/annotations/AnnotationStore.cpp" line="232" />
            <location filename="../core/annotations/AnnotationStore.cpp" line="248" />
            <source>cannot save the annotations of %1: %2</source>
            <translation>无法保存 %1 的标注：%2</translation>
        </message>
        <message>
            <location filename="../core/annotations/AnnotationStore.cpp" line="237" />
            <source>cannot create %1</source>
            <translation>无法创建 %1</translation>
        </message>
    </context>
    <context>
        <name>lanescope::annotations::Findings</name>
        <message>
            <location filename="../core/annotations/Findings.cpp" line="62" />
            <source>a collective</source>
            <translation>一个集合通信</translation>
        </message>
        <message>
            <location filename="../core/annotations/Findings.cpp" line="63" />
            <source>%1 idle: waiting for %2 (stream %3)</source>
            <translation>空闲 %1：等待 %2（流 %3）</translation>
        </message>
        <message>
            <location filename="../core/annotations/Findings.cpp" line="64" />
            <source>%1 idle: waiting for %2</source>
            <translation>空闲 %1：等待 %2</translation>
        </message>
        <message>
            <location filename="../core/annotations/Findings.cpp" line="66" />
            <source>%1 idle: the CPU launched the next kernel late</source>
            <translation>空闲 %1：CPU 启动下一个内核过晚</translation>
        </message>
        <message>
            <location filename="../core/annotations/Findings.cpp" line="67" />
            <source>%1 idle: allocator calls (cudaMalloc / cudaFree)</source>
            <translation>空闲 %1：分配器调用（cudaMalloc / cudaFree）</translation>
        </message>
        <message>
            <location filename="../core/annotations/Findings.cpp" line="69" />
            <source>%1 idle: the CPU synchronised (%2)</source>
            <translation>空闲 %1：CPU 在同步（%2）</translation>
        </message>
        <message>
            <location filename="../core/annotations/Findings.cpp" line="70" />
            <source>%1 idle: the CPU synchronised</source>
            <translation>空闲 %1：CPU 在同步</translation>
        </message>
        <message>
            <location filename="../core/annotations/Findings.cpp" line="71" />
            <source>%1 idle: waiting for the data loader</source>
            <translation>空闲 %1：等待数据加载</translation>
        </message>
        <message>
            <location filename="../core/annotations/Findings.cpp" line="72" />
            <source>%1 idle: no cause in the trace</source>
            <translation>空闲 %1：跟踪中找不到原因</translation>
        </message>
        <message>
            <location filename="../core/annotations/Findings.cpp" line="74" />
            <source>%1 idle</source>
            <translation>空闲 %1</translation>
        </message>
        <message numerus="yes">
            <location filename="../core/annotations/Findings.cpp" line="102" />
            <source>%n gaps, %1 in all: %2</source>
            <translation>
                <numerusform>%n 个间隙，共 %1：%2</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../core/annotations/Findings.cpp" line="104" />
            <source>%n gaps %1 (%2 in all)</source>
            <translation>
                <numerusform>%n 个间隙 %1（共 %2）</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../core/annotations/Findings.cpp" line="127" />
            <source>%1 (%n region)</source>
            <translation>
                <numerusform>%1（%n 个区域）</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../core/annotations/Findings.cpp" line="127" />
            <source>%1 (%n regions)</source>
            <translation>
                <numerusform>%1（%n 个区域）</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1 (%n region(s))</source>
            <translation type="vanished">
                <numerusform>%1（%n 个区域）</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1, %n more</source>
            <translation type="vanished">
                <numerusform>%1，另有 %n 个</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../core/annotations/Findings.cpp" line="128" />
            <source>%1: %2</source>
            <translation>%1：%2</translation>
        </message>
        <message>
            <location filename="../core/annotations/Findings.cpp" line="133" />
            <source>%1 allocated and freed within %2</source>
            <translation>%2 内分配又释放了 %1</translation>
        </message>
        <message>
            <location filename="../core/annotations/Findings.cpp" line="194" />
            <source>same region in %1</source>
            <translation>%1 中的相同区域</translation>
        </message>
        <message>
            <location filename="../core/annotations/Findings.cpp" line="195" />
            <source>same region in %1: no idle</source>
            <translation>%1 中的相同区域：无空闲</translation>
        </message>
        <message>
            <location filename="../core/annotations/Findings.cpp" line="196" />
            <source>same region in %1: %2 idle</source>
            <translation>%1 中的相同区域：空闲 %2</translation>
        </message>
        <message>
            <location filename="../core/annotations/Findings.cpp" line="202" />
            <source>allocator: %1 cudaMalloc, %2 cudaFree, %3 on the CPU</source>
            <translation>分配器：%1 次 cudaMalloc，%2 次 cudaFree，CPU 上耗时 %3</translation>
        </message>
    </context>
    <context>
        <name>main</name>
        <message>
            <location filename="../app/gui/CommandLine.cpp" line="16" />
            <source>Native viewer for PyTorch Profiler (Kineto) traces.</source>
            <translation>PyTorch Profiler（Kineto）跟踪文件的原生查看器。</translation>
        </message>
        <message>
            <location filename="../app/gui/CommandLine.cpp" line="20" />
            <source>Print Lanescope's version and those of Qt, RapidJSON, Boost and zlib.</source>
            <translation>输出 Lanescope 及 Qt、RapidJSON、Boost 和 zlib 的版本。</translation>
        </message>
        <message>
            <location filename="../app/gui/CommandLine.cpp" line="22" />
            <source>traces</source>
            <translation>跟踪文件</translation>
        </message>
        <message>
            <source>Trace files to open (.json or .json.gz); two or more are compared, the first as the baseline. A folder opens every rank trace in it as one job.</source>
            <translation type="vanished">要打开的跟踪文件（.json 或 .json.gz）；两个或以上时进行比较，第一个为基线。给出文件夹时，将其中所有 rank 跟踪文件作为一个作业打开。</translation>
        </message>
        <message>
            <source>Trace files to open (.json or .json.gz); two or more are compared, the first as the baseline. A folder opens every rank trace in it as one job; among other traces or folders it is one run of the comparison (baseline job vs optimized job).</source>
            <translation type="vanished">要打开的跟踪文件（.json 或 .json.gz）；两个或以上时进行比较，第一个为基线。给出文件夹时，将其中所有 rank 跟踪文件作为一个作业打开；与其他跟踪文件或文件夹一起给出时，它是比较中的一个运行（基线作业对比优化后的作业）。</translation>
        </message>
        <message>
            <location filename="../app/gui/CommandLine.cpp" line="23" />
            <source>Trace files to open (.json or .json.gz); two or more are compared, the first as the baseline. A folder opens every rank trace in it as one job; among other traces or folders it is one run of the comparison (baseline job vs optimized job). A PyTorch memory snapshot (.pickle) opens in the Memory Snapshot dock, aligned with the trace beside it.</source>
            <translation>要打开的跟踪文件（.json 或 .json.gz）；给出两个或更多时进行比较，第一个作为基线。文件夹会将其中的每个 rank 跟踪文件作为一个作业打开；与其他跟踪文件或文件夹一起给出时，它是比较中的一个运行（基线作业 vs 优化后的作业）。PyTorch 内存快照（.pickle）会在“内存快照”面板中打开，并与旁边的跟踪文件对齐。</translation>
        </message>
        <message>
            <location filename="../app/gui/CommandLine.cpp" line="31" />
            <source>Compare the traces as runs, the first as the baseline, even where they come from folders: a folder's traces (in name order) are then runs of the comparison, not ranks of one job. Needs two traces or more in all.</source>
            <translation>将这些跟踪文件作为运行进行比较，第一个为基线，即使它们来自文件夹：此时文件夹中的跟踪文件（按名称顺序）是比较中的各个运行，而不是同一作业的各个 rank。总共需要两个或以上跟踪文件。</translation>
        </message>
        <message>
            <location filename="../app/gui/CommandLine.cpp" line="37" />
            <source>Open the built-in demo: the case study's FSDP run (7B model, 32 A100s) as baseline, with prefetching, and tuned, compared; generated on first use.</source>
            <translation>打开内置演示：比较案例研究中 FSDP 运行（7B 模型，32 块 A100）的基线、启用预取和调优后三个版本；首次使用时生成。</translation>
        </message>
        <message>
            <location filename="../app/gui/CommandLine.cpp" line="42" />
            <source>Watch a profiler log_dir while it trains: its sessions compared, the earliest the baseline, and each new complete session added as a run.</source>
            <translation>在训练进行时监视 profiler log_dir：比较其中的会话，以最早的会话为基线，每个新的完整会话都作为一个运行加入。</translation>
        </message>
        <message>
            <location filename="../app/gui/CommandLine.cpp" line="47" />
            <source>Show idle gaps of at least N milliseconds (default 15; fractions allowed, down to 0.001).</source>
            <translation>显示不短于 N ms 的空闲间隙（默认 15；可带小数，最小 0.001）。</translation>
        </message>
        <message>
            <location filename="../app/gui/CommandLine.cpp" line="51" />
            <source>Analyse only ProfilerStep#N of the (first) trace.</source>
            <translation>只分析（第一个）跟踪文件的 ProfilerStep#N。</translation>
        </message>
        <message>
            <location filename="../app/gui/CommandLine.cpp" line="62" />
            <source>%1 (lanescope --help lists the options)</source>
            <translation>%1（lanescope --help 列出所有选项）</translation>
        </message>
        <message>
            <location filename="../app/gui/CommandLine.cpp" line="90" />
            <source>--watch: %1 is not a folder</source>
            <translation>--watch：%1 不是文件夹</translation>
        </message>
        <message>
            <location filename="../app/gui/CommandLine.cpp" line="92" />
            <source>--watch opens its folder alone: no traces or --compare with it</source>
            <translation>--watch 只打开其文件夹：不能同时指定跟踪文件或 --compare</translation>
        </message>
        <message>
            <location filename="../app/gui/CommandLine.cpp" line="102" />
            <source>%1: no such file or folder</source>
            <translation>%1：没有此文件或文件夹</translation>
        </message>
        <message>
            <location filename="../app/gui/CommandLine.cpp" line="106" />
            <source>%1: a folder with no trace in it (.json or .json.gz)</source>
            <translation>%1：文件夹中没有跟踪文件（.json 或 .json.gz）</translation>
        </message>
        <message numerus="yes">
            <location filename="../app/gui/CommandLine.cpp" line="113" />
            <source>--compare needs two traces or more (a baseline and a run to compare with it); %n given</source>
            <translation>
                <numerusform>--compare 需要两个或以上跟踪文件（一个基线和一个与之比较的运行）；给出了 %n 个</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../app/gui/main.cpp" line="114" />
            <source>nothing to open</source>
            <translation>没有要打开的内容</translation>
        </message>
        <message>
            <location filename="../app/gui/CommandLine.cpp" line="74" />
            <source>--gap-ms: '%1' is not a number of milliseconds from 0.001 up</source>
            <translation>--gap-ms：“%1”不是不小于 0.001 的毫秒数</translation>
        </message>
        <message>
            <location filename="../app/gui/CommandLine.cpp" line="82" />
            <source>--step: '%1' is not a step number (0 or more)</source>
            <translation>--step：“%1”不是有效的步编号（0 或更大）</translation>
        </message>
        <message>
            <source>%1 is a folder: a folder of rank traces opens alone</source>
            <translation type="vanished">%1 是文件夹：rank 跟踪文件夹只能单独打开</translation>
        </message>
        <message>
            <location filename="../app/gui/main.cpp" line="138" />
            <source>ProfilerStep#%1 is not in this trace: the whole trace is analysed.</source>
            <translation>跟踪中没有 ProfilerStep#%1：将分析整个跟踪。</translation>
        </message>
        <message>
            <source>Trace files to open (.json or .json.gz); two or more are compared, the first as the baseline.</source>
            <translation type="vanished">要打开的跟踪文件（.json 或 .json.gz）；两个或以上时进行比较，第一个为基线。</translation>
        </message>
        <message>
            <location filename="../app/gui/CommandLine.cpp" line="29" />
            <source>[traces...]</source>
            <translation>[跟踪文件...]</translation>
        </message>
        <message>
            <source>Open the built-in demo: the case study's FSDP baseline run (7B model, 32 A100s), generated on first use.</source>
            <translation type="vanished">打开内置演示：案例研究中的 FSDP 基线运行（7B 模型，32 块 A100），首次使用时生成。</translation>
        </message>
    </context>
    <context>
        <name>memsnap</name>
        <message>
            <location filename="../core/memsnap/MemorySnapshot.cpp" line="114" />
            <source>device_traces lists %1 devices; only the first %2 are read</source>
            <translation>device_traces 列出了 %1 个设备；只读取前 %2 个</translation>
        </message>
        <message numerus="yes">
            <location filename="../core/memsnap/MemorySnapshot.cpp" line="379" />
            <source>%n segment or block field of the wrong type was ignored</source>
            <translation>
                <numerusform>已忽略 %n 个类型错误的段或块字段</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../core/memsnap/MemorySnapshot.cpp" line="380" />
            <source>%n segment or block fields of the wrong type were ignored</source>
            <translation>
                <numerusform>已忽略 %n 个类型错误的段或块字段</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../core/memsnap/MemorySnapshot.cpp" line="483" />
            <location filename="../core/memsnap/MemorySnapshot.cpp" line="551" />
            <source>%1: a gzip-compressed file; decompress it first (gunzip), snapshots are read as PyTorch writes them</source>
            <translation>%1：这是 gzip 压缩文件；请先解压（gunzip），快照按 PyTorch 写出的格式读取</translation>
        </message>
        <message>
            <location filename="../core/memsnap/MemorySnapshot.cpp" line="504" />
            <source>%1: not a PyTorch memory snapshot (the pickle holds no dict)</source>
            <translation>%1：不是 PyTorch 内存快照（pickle 中没有 dict）</translation>
        </message>
        <message>
            <location filename="../core/memsnap/MemorySnapshot.cpp" line="512" />
            <source>%1: not a PyTorch memory snapshot (no "segments" or "device_traces")</source>
            <translation>%1：不是 PyTorch 内存快照（没有 "segments" 或 "device_traces"）</translation>
        </message>
        <message>
            <location filename="../core/memsnap/MemorySnapshot.cpp" line="518" />
            <source>"segments" is not a list; ignored</source>
            <translation>"segments" 不是列表；已忽略</translation>
        </message>
        <message numerus="yes">
            <location filename="../core/memsnap/MemorySnapshot.cpp" line="524" />
            <source>%n trace entry field of the wrong type was ignored</source>
            <translation>
                <numerusform>已忽略 %n 个类型错误的 trace 条目字段</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../core/memsnap/MemorySnapshot.cpp" line="525" />
            <source>%n trace entry fields of the wrong type were ignored</source>
            <translation>
                <numerusform>已忽略 %n 个类型错误的 trace 条目字段</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../core/memsnap/MemorySnapshot.cpp" line="528" />
            <source>%n trace entries with an unknown action were ignored</source>
            <translation>
                <numerusform>已忽略 %n 个操作未知的 trace 条目</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../core/memsnap/MemorySnapshot.cpp" line="559" />
            <source>%1: the file changed while it was read</source>
            <translation>%1：文件在读取期间发生了更改</translation>
        </message>
        <message>
            <location filename="../core/memsnap/Pickle.cpp" line="317" />
            <source>pickle: %1 at byte %2 (opcode %3)</source>
            <translation>pickle：%1，位于字节 %2（操作码 %3）</translation>
        </message>
        <message numerus="yes">
            <location filename="../core/memsnap/Pickle.cpp" line="324" />
            <source>the data ends %n byte short (truncated)</source>
            <translation>
                <numerusform>数据末尾缺少 %n 字节（文件被截断）</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../core/memsnap/Pickle.cpp" line="325" />
            <source>the data ends %n bytes short (truncated)</source>
            <translation>
                <numerusform>数据缺少 %n 字节（文件被截断）</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../core/memsnap/Pickle.cpp" line="340" />
            <source>more than %1 values on the stack</source>
            <translation>栈上的值超过 %1 个</translation>
        </message>
        <message>
            <location filename="../core/memsnap/Pickle.cpp" line="359" />
            <source>more than %1 distinct strings</source>
            <translation>不同的字符串超过 %1 个</translation>
        </message>
        <message>
            <location filename="../core/memsnap/Pickle.cpp" line="366" />
            <location filename="../core/memsnap/Pickle.cpp" line="530" />
            <location filename="../core/memsnap/Pickle.cpp" line="605" />
            <location filename="../core/memsnap/Pickle.cpp" line="748" />
            <source>the stack is empty</source>
            <translation>栈为空</translation>
        </message>
        <message>
            <location filename="../core/memsnap/Pickle.cpp" line="373" />
            <source>no MARK to pop to</source>
            <translation>没有可弹出到的 MARK</translation>
        </message>
        <message>
            <location filename="../core/memsnap/Pickle.cpp" line="384" />
            <source>a reference to a value that no longer exists</source>
            <translation>引用了一个已不存在的值</translation>
        </message>
        <message>
            <location filename="../core/memsnap/Pickle.cpp" line="408" />
            <source>more than %1 containers at once</source>
            <translation>同时存在的容器超过 %1 个</translation>
        </message>
        <message>
            <location filename="../core/memsnap/Pickle.cpp" line="436" />
            <source>adds to something that is not a list, tuple or dict</source>
            <translation>向不是 list、tuple 或 dict 的对象添加元素</translation>
        </message>
        <message>
            <location filename="../core/memsnap/Pickle.cpp" line="438" />
            <source>changes a container already placed inside another (refused: it could make a cycle)</source>
            <translation>修改了已放入另一个容器中的容器（已拒绝：可能形成循环）</translation>
        </message>
        <message>
            <location filename="../core/memsnap/Pickle.cpp" line="441" />
            <source>puts a container inside itself</source>
            <translation>将容器放入其自身</translation>
        </message>
        <message>
            <location filename="../core/memsnap/Pickle.cpp" line="462" />
            <source>containers nested more than %1 deep</source>
            <translation>容器嵌套超过 %1 层</translation>
        </message>
        <message>
            <location filename="../core/memsnap/Pickle.cpp" line="473" />
            <source>a dict's items come in pairs; one value left over</source>
            <translation>dict 的项应成对出现；多出一个值</translation>
        </message>
        <message>
            <location filename="../core/memsnap/Pickle.cpp" line="496" />
            <source>memo index %1 out of order (%2 stored)</source>
            <translation>memo 索引 %1 顺序错乱（已存储 %2 个）</translation>
        </message>
        <message>
            <location filename="../core/memsnap/Pickle.cpp" line="498" />
            <source>more than %1 memo entries (one per 8 bytes of input)</source>
            <translation>memo 条目超过 %1 个（每 8 字节输入一个）</translation>
        </message>
        <message>
            <source>more than %1 memo entries</source>
            <translation type="vanished">memo 条目超过 %1 个</translation>
        </message>
        <message>
            <location filename="../core/memsnap/Pickle.cpp" line="545" />
            <source>pickle: the file is empty</source>
            <translation>pickle：文件为空</translation>
        </message>
        <message>
            <location filename="../core/memsnap/Pickle.cpp" line="550" />
            <source>pickle: protocol 0 or 1 (the first opcode is %1, not PROTO); only protocols 2 to 5, which PyTorch writes, are read</source>
            <translation>pickle：协议 0 或 1（第一个操作码是 %1，而不是 PROTO）；只读取 PyTorch 写出的协议 2 到 5</translation>
        </message>
        <message>
            <location filename="../core/memsnap/Pickle.cpp" line="559" />
            <source>pickle: the data ends at byte %1 before its STOP opcode (truncated)</source>
            <translation>pickle：数据在字节 %1 处结束，未到达 STOP 操作码（文件被截断）</translation>
        </message>
        <message>
            <location filename="../core/memsnap/Pickle.cpp" line="565" />
            <source>refused: this opcode imports or calls code, which a snapshot never needs</source>
            <translation>已拒绝：此操作码会导入或调用代码，而快照从不需要这样做</translation>
        </message>
        <message>
            <location filename="../core/memsnap/Pickle.cpp" line="567" />
            <source>refused: a protocol 0/1 text opcode; only protocols 2 to 5 are read</source>
            <translation>已拒绝：协议 0/1 的文本操作码；只读取协议 2 到 5</translation>
        </message>
        <message>
            <location filename="../core/memsnap/Pickle.cpp" line="575" />
            <source>protocol %1 is not read (only 2 to 5)</source>
            <translation>不读取协议 %1（只读取 2 到 5）</translation>
        </message>
        <message>
            <location filename="../core/memsnap/Pickle.cpp" line="585" />
            <source>a frame of %1 bytes runs past the end (truncated)</source>
            <translation>一个 %1 字节的帧超出了数据末尾（文件被截断）</translation>
        </message>
        <message>
            <location filename="../core/memsnap/Pickle.cpp" line="598" />
            <source>too many MARKs</source>
            <translation>MARK 过多</translation>
        </message>
        <message>
            <location filename="../core/memsnap/Pickle.cpp" line="656" />
            <location filename="../core/memsnap/Pickle.cpp" line="718" />
            <source>a negative length</source>
            <translation>长度为负</translation>
        </message>
        <message>
            <location filename="../core/memsnap/Pickle.cpp" line="729" />
            <source>refused: an out-of-band buffer, which a file cannot carry</source>
            <translation>已拒绝：带外缓冲区，文件无法承载</translation>
        </message>
        <message>
            <location filename="../core/memsnap/Pickle.cpp" line="761" />
            <source>nothing to add the items to</source>
            <translation>没有可添加这些项的容器</translation>
        </message>
        <message>
            <location filename="../core/memsnap/Pickle.cpp" line="784" />
            <source>memo entry %1 was never stored</source>
            <translation>memo 条目 %1 从未存储过</translation>
        </message>
        <message>
            <location filename="../core/memsnap/Pickle.cpp" line="794" />
            <source>unknown opcode</source>
            <translation>未知操作码</translation>
        </message>
        <message>
            <location filename="../core/memsnap/SnapshotAlign.cpp" line="100" />
            <source>the snapshot has no time_us (PyTorch 2.0 or older): it cannot be put on the trace's clock</source>
            <translation>快照中没有 time_us（PyTorch 2.0 或更早版本）：无法将其放到跟踪的时钟上</translation>
        </message>
        <message>
            <location filename="../core/memsnap/SnapshotAlign.cpp" line="121" />
            <source>the trace has no cudaMalloc calls to match the snapshot's segment_alloc actions with</source>
            <translation>跟踪文件中没有可与快照的 segment_alloc 操作匹配的 cudaMalloc 调用</translation>
        </message>
        <message>
            <location filename="../core/memsnap/SnapshotAlign.cpp" line="187" />
            <source>the snapshot has no segment_alloc or segment_free with a time to match</source>
            <translation>快照中没有带时间、可供匹配的 segment_alloc 或 segment_free</translation>
        </message>
        <message>
            <location filename="../core/memsnap/SnapshotAlign.cpp" line="204" />
            <source>no segment_alloc / segment_free of the snapshot fell on a cudaMalloc / cudaFree call of the trace</source>
            <translation>快照的 segment_alloc / segment_free 没有一个落在跟踪文件的 cudaMalloc / cudaFree 调用上</translation>
        </message>
        <message numerus="yes">
            <location filename="../core/memsnap/SnapshotAlign.cpp" line="220" />
            <source>only %n segment action matched a cudaMalloc / cudaFree call</source>
            <translation>
                <numerusform>只有 %n 个段操作与 cudaMalloc / cudaFree 调用匹配</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../core/memsnap/SnapshotAlign.cpp" line="221" />
            <source>only %n segment actions matched a cudaMalloc / cudaFree call</source>
            <translation>
                <numerusform>只有 %n 个段操作与 cudaMalloc / cudaFree 调用匹配</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../core/memsnap/SnapshotAlign.cpp" line="225" />
            <source>%1 of the %2 segment actions inside the trace's span matched a cudaMalloc / cudaFree call; the snapshot and the trace do not seem to be of the same run</source>
            <translation>跟踪时间范围内的 %2 个段操作中有 %1 个与 cudaMalloc / cudaFree 调用匹配；快照与跟踪文件似乎不属于同一次运行</translation>
        </message>
        <message numerus="yes">
            <source>device %1: %n action disagrees with the segments at the end (a cut or merged trace?)</source>
            <translation type="vanished">
                <numerusform>设备 %1：%n 个操作与结束时的段不一致（trace 被截断或合并了？）</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>device %1: %n actions disagree with the segments at the end (a cut or merged trace?)</source>
            <translation type="vanished">
                <numerusform>设备 %1：%n 个操作与结束时的段不一致（trace 被截断或合并过？）</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../core/memsnap/SnapshotAnalysis.cpp" line="570" />
            <source>%n cudaMalloc call happened while the cache held enough free memory for the request, but only in pieces smaller than it (fragmentation): %1 requested, with up to %2 free in the cache.</source>
            <translation>
                <numerusform>%n 次 cudaMalloc 调用发生时，缓存中的空闲内存足以满足请求，但都是比请求小的碎块（碎片化）：共请求 %1，当时缓存中空闲最多 %2。</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../core/memsnap/SnapshotAnalysis.cpp" line="574" />
            <source>%n cudaMalloc calls happened while the cache held enough free memory for the request, but only in pieces smaller than it (fragmentation): %1 requested in all, with up to %2 free in the cache.</source>
            <translation>
                <numerusform>%n 次 cudaMalloc 调用发生时，缓存中的空闲内存足以满足请求，但都是小于请求的碎片（碎片化）：共请求 %1，缓存中空闲最多 %2。</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../core/memsnap/SnapshotAnalysis.cpp" line="580" />
            <source>Set PYTORCH_CUDA_ALLOC_CONF=max_split_size_mb:%1 so blocks of that size or more are not split by smaller requests and stay whole for the large ones; it would free about %2 of reserved memory at the peak and the cudaFree/cudaMalloc calls on the critical path.</source>
            <translation>设置 PYTORCH_CUDA_ALLOC_CONF=max_split_size_mb:%1，使不小于该大小的块不被较小的请求拆分，保持完整以供大请求使用；这将在峰值时释放约 %2 的已保留内存，并去掉关键路径上的 cudaFree/cudaMalloc 调用。</translation>
        </message>
        <message>
            <location filename="../core/memsnap/SnapshotAnalysis.cpp" line="585" />
            <source>Set PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True so segments grow in place instead of new ones being allocated beside fragmented ones; it would free about %1 of reserved memory at the peak and the cudaFree/cudaMalloc calls on the critical path.</source>
            <translation>设置 PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True，让段就地扩展，而不是在碎片化的段旁边分配新段；这样在峰值时约可释放 %1 的已保留内存，并省去关键路径上的 cudaFree/cudaMalloc 调用。</translation>
        </message>
    </context>
    <context>
        <name>session</name>
        <message>
            <location filename="../core/session/RunSet.cpp" line="109" />
            <source>%1 holds no rank trace</source>
            <translation>%1 中没有 rank 跟踪文件</translation>
        </message>
        <message>
            <location filename="../core/session/RunSet.cpp" line="135" />
            <source>%1 has no rank %2</source>
            <translation>%1 中没有 rank %2</translation>
        </message>
        <message>
            <location filename="../core/session/RunSet.cpp" line="230" />
            <source>%1 could not be read</source>
            <translation>无法读取 %1</translation>
        </message>
        <message>
            <location filename="../core/session/LogDir.cpp" line="36" />
            <source>cannot be opened: %1</source>
            <translation>无法打开：%1</translation>
        </message>
        <message>
            <location filename="../core/session/LogDir.cpp" line="46" />
            <source>cannot be inflated</source>
            <translation>无法解压</translation>
        </message>
        <message>
            <location filename="../core/session/LogDir.cpp" line="57" />
            <source>not a gzip stream</source>
            <translation>不是 gzip 数据流</translation>
        </message>
        <message>
            <location filename="../core/session/LogDir.cpp" line="255" />
            <source>%1 is not a folder</source>
            <translation>%1 不是文件夹</translation>
        </message>
        <message>
            <location filename="../core/session/LogDir.cpp" line="255" />
            <source>%1 does not exist</source>
            <translation>%1 不存在</translation>
        </message>
        <message numerus="yes">
            <source>%n sub-folder(s) past the first %1 not looked at</source>
            <translation type="vanished">
                <numerusform>前 %1 个之后的 %n 个子文件夹未检查</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../core/session/LogDir.cpp" line="264" />
            <source>%n sub-folder past the first %1 not looked at</source>
            <translation>
                <numerusform>前 %1 个之后的 %n 个子文件夹未检查</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../core/session/LogDir.cpp" line="265" />
            <source>%n sub-folders past the first %1 not looked at</source>
            <translation>
                <numerusform>前 %1 个之后的 %n 个子文件夹未检查</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../core/session/LogDir.cpp" line="283" />
            <source>more than %1 trace files: the rest not looked at</source>
            <translation>跟踪文件超过 %1 个：其余未检查</translation>
        </message>
        <message>
            <location filename="../core/session/LogDir.cpp" line="291" />
            <source>empty: still being written</source>
            <translation>空文件：仍在写入</translation>
        </message>
        <message>
            <location filename="../core/session/LogDir.cpp" line="293" />
            <source>empty file</source>
            <translation>空文件</translation>
        </message>
        <message>
            <location filename="../core/session/LogDir.cpp" line="297" />
            <source>modified %1 s ago: may still be being written</source>
            <translation>%1 s 前修改过：可能仍在写入</translation>
        </message>
        <message>
            <location filename="../core/session/LogDir.cpp" line="314" />
            <source>not a JSON trace (it does not start with { or [)</source>
            <translation>不是 JSON 跟踪文件（不以 { 或 [ 开头）</translation>
        </message>
        <message>
            <location filename="../core/session/LogDir.cpp" line="320" />
            <source>a JSON object without traceEvents: not a trace</source>
            <translation>没有 traceEvents 的 JSON 对象：不是跟踪文件</translation>
        </message>
        <message>
            <location filename="../core/session/LogDir.cpp" line="326" />
            <source>no closing bracket yet: still being written</source>
            <translation>尚无结尾括号：仍在写入</translation>
        </message>
        <message>
            <location filename="../core/session/LogDir.cpp" line="328" />
            <source>ends without its closing bracket: cut off</source>
            <translation>结尾缺少闭合括号：已被截断</translation>
        </message>
        <message>
            <location filename="../core/session/LogDir.cpp" line="372" />
            <source>%1 holds no .json or .json.gz trace</source>
            <translation>%1 中没有 .json 或 .json.gz 跟踪文件</translation>
        </message>
        <message>
            <location filename="../core/session/LogDir.cpp" line="373" />
            <source>%1 holds no readable trace</source>
            <translation>%1 中没有可读取的跟踪文件</translation>
        </message>
    </context>
</TS>
