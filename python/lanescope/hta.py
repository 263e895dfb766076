# SPDX-License-Identifier: GPL-3.0-or-later
"""Holistic Trace Analysis' calls, answered by Lanescope.

    from lanescope import hta
    analyzer = hta.TraceAnalysis(trace_dir="traces/")
    analyzer.get_temporal_breakdown()

The methods take HTA 0.6's arguments and return DataFrames with its columns, index and units (µs,
the traces' own unit, as HTA 0.6 reports them), one row (or group of rows) per rank, computed by
Lanescope under Holistic Trace Analysis' definitions (`lanescope-cli analyze --hta`: every event
carrying args.stream is GPU time, the last ProfilerStep left out of the temporal breakdown). The
figures match HTA's on the shared reference traces; where a result differs in shape, the method's
docstring says how. ``visualize`` is accepted and ignored: nothing is drawn. Needs pandas.
"""
import os

from . import load, LoadError, _pd

__all__ = ["TraceAnalysis"]


def _need_pandas():
    if _pd is None:
        raise ImportError("lanescope.hta returns pandas DataFrames: install pandas (Debian: python3-pandas)")
    return _pd


class TraceAnalysis:
    """The ranks of one job, as HTA's TraceAnalysis takes them: ``trace_dir`` (a folder of rank
    traces, or a profiler log_dir: its latest session) or ``trace_files`` ({rank: file name in
    trace_dir, or a path}). The traces load once, in parallel; each rank is analysed once."""

    def __init__(self, trace_dir=None, trace_files=None, include_last_profiler_step=False, threads=None,
                 memory_budget_mb=None, **_ignored):
        _need_pandas()
        if include_last_profiler_step:
            raise ValueError("include_last_profiler_step=True is not supported: HTA's definitions leave the last step out")
        self.trace_dir = trace_dir
        self.traces = {}
        if trace_files:
            for rank, name in sorted(trace_files.items()):
                path = name if os.path.isabs(name) or not trace_dir else os.path.join(trace_dir, name)
                t = load(path, threads=threads)
                self.traces[int(rank)] = t
        elif trace_dir is not None:
            job = load(trace_dir, threads=threads, memory_budget_mb=memory_budget_mb)
            if not job.ranks:
                raise LoadError(f"{trace_dir}: no rank trace in this folder")
            for number, t in zip(job.rank_numbers, job.ranks):
                self.traces[int(number)] = t
        else:
            raise ValueError("TraceAnalysis needs trace_dir or trace_files")
        self._analyses = {}

    def _analysis(self, rank):
        if rank not in self.traces:
            raise ValueError(f"no rank {rank}; the ranks: {sorted(self.traces)}")
        if rank not in self._analyses:
            self._analyses[rank] = self.traces[rank].analyze(hta=True)
        return self._analyses[rank]

    def _ranks(self, ranks=None):
        if ranks is None or len(ranks) == 0:
            return sorted(self.traces)
        return [int(r) for r in ranks]

    def _one_rank_default(self, ranks=None):
        # HTA's per-kernel and per-stream calls default to rank 0 alone (not every rank).
        if ranks is None or len(ranks) == 0:
            return [0] if 0 in self.traces else sorted(self.traces)[:1]
        return [int(r) for r in ranks]

    def get_temporal_breakdown(self, visualize=False):
        """Per rank: idle, compute and non-compute time (µs) and their share of the kernel time
        (first device activity to last, the last ProfilerStep left out, as HTA does)."""
        pd = _need_pandas()
        rows = []
        for rank in self._ranks():
            tb = self._analysis(rank).json["temporal"]
            idle, compute, non = tb["idle_us"], tb["compute_us"], tb["non_compute_us"]
            rows.append({
                "rank": rank,
                "idle_time(us)": idle,
                "compute_time(us)": compute,
                "non_compute_time(us)": non,
                "kernel_time(us)": idle + compute + non,
                "idle_time_pctg": round(tb["idle_pct"], 2),
                "compute_time_pctg": round(tb["compute_pct"], 2),
                "non_compute_time_pctg": round(tb["non_compute_pct"], 2),
            })
        return pd.DataFrame(rows, columns=["rank", "idle_time(us)", "compute_time(us)", "non_compute_time(us)",
                                           "kernel_time(us)", "idle_time_pctg", "compute_time_pctg", "non_compute_time_pctg"])

    def get_comm_comp_overlap(self, visualize=False):
        """Per rank: the share of communication time during which computation runs (percent)."""
        pd = _need_pandas()
        rows = [{"rank": r, "comp_comm_overlap_pctg": round(self._analysis(r).json["comm_comp_overlap_pct"], 2)} for r in self._ranks()]
        return pd.DataFrame(rows, columns=["rank", "comp_comm_overlap_pctg"])

    def get_idle_time_breakdown(self, ranks=None, streams=None, visualize=False, visualize_pctg=True,
                                show_idle_interval_stats=False, consecutive_kernel_delay=None, rank=None):
        """Per rank and stream: idle time (µs) by category (host_wait, kernel_wait, other) and its
        share of the stream's idle time (rounded to 0.01, as HTA rounds; NaN for a stream with no idle
        time, HTA's 0 / 0). Returns (DataFrame, None): the interval statistics HTA gives with
        show_idle_interval_stats are not computed. Rank 0 by default, as HTA.

        HTA lists a category only where some kernel of the stream fell in it, "other" always (the
        stream's first kernel); from the totals alone a category with no time is left out, so a
        category HTA lists at 0 µs (other than "other") is missing here. The consecutive-kernel
        threshold is HTA's default. Each category is within 1 % of the stream's idle time of HTA's
        on the shared traces."""
        pd = _need_pandas()
        if show_idle_interval_stats:
            raise ValueError("show_idle_interval_stats is not supported")
        if rank is not None:
            ranks = [rank]
        rows = []
        for r in self._one_rank_default(ranks):
            for s in self._analysis(r).json["idle_breakdown"]:
                if streams and s["stream"] not in streams:
                    continue
                idle = s["idle_us"]
                for category, key in (("host_wait", "host_wait_us"), ("kernel_wait", "kernel_wait_us"), ("other", "other_us")):
                    value = s[key]
                    if value == 0 and category != "other":
                        continue
                    rows.append({
                        "rank": r,
                        "stream": s["stream"],
                        "idle_category": category,
                        "idle_time": value,
                        # HTA divides by the stream's idle time even where it is 0: NaN, as there.
                        "idle_time_ratio": round(value / idle, 2) if idle else float("nan"),
                    })
        return pd.DataFrame(rows, columns=["rank", "stream", "idle_category", "idle_time", "idle_time_ratio"]), None

    def get_cuda_kernel_launch_stats(self, ranks=None, runtime_cutoff=50, launch_delay_cutoff=100, include_memory_events=True,
                                     visualize=False):
        """Per rank ({rank: DataFrame}, rank 0 by default as HTA): one row per device activity
        linked by correlation to its launch call (cudaLaunchKernel, cudaLaunchKernelExC, and with
        include_memory_events cudaMemcpyAsync and cudaMemsetAsync): correlation, cpu_duration (the
        call's), gpu_duration (the activity's) and launch_delay (the activity's start less the
        call's end, not clipped), in µs. The cutoffs only shape HTA's charts: nothing is drawn. HTA
        matches no HIP launch call (its ROCm tables are empty); Lanescope under --hta follows it.
        On the shared traces the launches, short kernels, outliers, median and p95 delay of these
        rows are HTA 0.6's exactly."""
        pd = _need_pandas()
        out = {}
        for r in self._one_rank_default(ranks):
            t = self.traces[r]
            rows = t._t.hta_launch_rows()
            frame = pd.DataFrame({k: rows[k] for k in ("correlation", "cpu_duration", "gpu_duration", "launch_delay")})
            if not include_memory_events:
                names = t.strings
                calls = [names[i] for i in rows["call_name_id"]]
                frame = frame[[c.startswith("cudaLaunchKernel") for c in calls]].reset_index(drop=True)
            out[r] = frame
        return out

    def get_queue_length_time_series(self, ranks=None):
        """Per rank ({rank: DataFrame}, rank 0 by default): each stream's launch queue length at every
        change (HTA's definitions: +1 at a launch call's start, -1 at its activity's start): ts (µs
        on the trace's clock), stream, queue_length."""
        pd = _need_pandas()
        import numpy as np

        out = {}
        for r in self._one_rank_default(ranks):
            parts = [pd.DataFrame({"ts": ts / 1000.0, "stream": np.full(len(ts), stream, dtype=np.int64), "queue_length": length})
                     for stream, ts, length in self.traces[r]._t.hta_queue_series()]
            out[r] = pd.concat(parts, ignore_index=True) if parts else pd.DataFrame(columns=["ts", "stream", "queue_length"])
        return out

    def get_queue_length_summary(self, ranks=None):
        """Per rank and stream, indexed by (rank, stream), rank 0 by default: the launch queue's
        length over its changes as HTA's describe() gives it, columns ("queue_length", "count" /
        "mean" / "std" / "min" / "25%" / "50%" / "75%" / "max"). On the shared traces count, min and
        max are HTA 0.6's, the quartiles within 1 and mean and std within 2 %."""
        pd = _need_pandas()
        stats = ["count", "mean", "std", "min", "25%", "50%", "75%", "max"]
        rows, index = [], []
        for r in self._one_rank_default(ranks):
            for stream, _, length in self.traces[r]._t.hta_queue_series():
                d = pd.Series(length, dtype="float64").describe()
                index.append((r, stream))
                rows.append([d[k] for k in stats])
        columns = pd.MultiIndex.from_tuples([("queue_length", c) for c in stats])
        return pd.DataFrame(rows, index=pd.MultiIndex.from_tuples(index, names=["rank", "stream"]) if index else None,
                            columns=columns)

    def get_gpu_kernel_breakdown(self, visualize=False, duration_ratio=0.8, num_kernels=10, include_memory_kernels=False,
                                 image_renderer=None):
        """HTA's two tables: (kernel_type_df: kernel_type, sum, percentage, over all ranks, overlapping
        kinds named "A overlapping B"; all_kernel_df: per rank and kernel type the kernels that make
        duration_ratio of the time, at most num_kernels, the rest as "others": name, sum, max, min,
        stddev, mean (µs), kernel_type, rank). Computed from the device activities (kernels,
        copies, memsets) as HTA reads the trace: whole µs where it rounds, the last ProfilerStep's
        launches left out. HTA also counts CPU-side events carrying args.stream (Triton launchers);
        these are not device activities and are not counted here. Kernel types are those of the
        temporal breakdown under HTA's definition (NCCL, RCCL and HCCL kernels communication,
        copies and memsets memory, "Sync" names other)."""
        pd = _need_pandas()

        types = ["COMPUTATION", "COMMUNICATION"] + (["MEMORY"] if include_memory_kernels else [])
        type_sums = {}
        per_kernel = []
        for rank in self._ranks():
            t = self.traces[rank]
            acts = t._t.hta_activities()
            strings = t.strings
            names = pd.Series([strings[i] for i in acts["name_id"]], dtype="object")
            f = pd.DataFrame({"name": names, "start": acts["start"], "end": acts["end"]})
            f["dur"] = f["end"] - f["start"]
            f["kernel_type"] = acts["kernel_type"]
            # Time by kind: each kind's intervals merged, then the timeline cut where kinds overlap.
            events = []
            for bit, kind in enumerate(types):
                k = f[f["kernel_type"] == kind].sort_values("start")
                for s, e in _merge(k["start"].to_numpy(), k["end"].to_numpy()):
                    events.append((s, 1 << bit))
                    events.append((e, -(1 << bit)))
            events.sort()
            running, last = 0, None
            for ts, delta in events:
                if running > 0 and last is not None and ts > last:
                    label = " overlapping ".join(kind for bit, kind in enumerate(types) if running & (1 << bit))
                    type_sums[label] = type_sums.get(label, 0) + (ts - last) / 1000.0
                running += delta
                last = ts
            for kind in types:
                k = f[f["kernel_type"] == kind]
                g = (k["dur"] / 1000.0).groupby(k["name"]).agg(["sum", "max", "min", "mean", "std"]).reset_index()
                g = g.sort_values("sum", ascending=False, ignore_index=True)
                g["std"] = g["std"].fillna(0)
                if len(g) > num_kernels:
                    cumsum = g["sum"].cumsum()
                    g.loc[cumsum > cumsum.quantile(duration_ratio), "name"] = "others"
                    g.loc[g.index >= num_kernels, "name"] = "others"
                    # HTA aggregates the folded rows' sums (its max/min/mean/std are of those sums).
                    g = g.groupby("name")["sum"].agg(["sum", "max", "min", "mean", "std"]).reset_index()
                    g["std"] = g["std"].fillna(0)
                g["kernel_type"] = kind
                g["rank"] = rank
                per_kernel.append(g)
        kernel_type_df = pd.DataFrame(sorted(type_sums.items(), key=lambda kv: -kv[1]), columns=["kernel_type", "sum"])
        total = kernel_type_df["sum"].sum()
        kernel_type_df["percentage"] = (kernel_type_df["sum"] / total * 100 if total else 0.0)
        kernel_type_df = kernel_type_df.round({"percentage": 1})
        all_kernel_df = pd.concat(per_kernel, ignore_index=True) if per_kernel else pd.DataFrame(
            columns=["name", "sum", "max", "min", "std", "mean", "kernel_type", "rank"])
        all_kernel_df = all_kernel_df.sort_values(["kernel_type", "name", "rank"], ignore_index=True)
        all_kernel_df = all_kernel_df.rename(columns={"sum": "sum (us)", "mean": "mean (us)", "max": "max (us)",
                                                      "min": "min (us)", "std": "stddev"})
        return kernel_type_df, all_kernel_df[["name", "sum (us)", "max (us)", "min (us)", "stddev", "mean (us)", "kernel_type", "rank"]]

    def critical_path_analysis(self, rank, annotation, instance_id):
        """The critical path of the instance_id-th occurrence of the annotation on a rank: HTA
        returns a graph; Lanescope returns its parts (part, us, ns) as a DataFrame and whether one
        was found, as (DataFrame, bool)."""
        if int(rank) not in self.traces:
            raise ValueError(f"no rank {rank}; the ranks: {sorted(self.traces)}")
        try:
            a = self.traces[int(rank)].analyze(hta=True, annotation=annotation, instance=int(instance_id or 0))
        except ValueError:  # no such annotation or instance: HTA returns its failure, not an error
            return _need_pandas().DataFrame(columns=["part", "us", "ns"]), False
        return a.critical_path, a.json.get("critical_path") is not None


def _merge(starts, ends):
    """Sorted intervals merged where they overlap or touch."""
    out = []
    for s, e in zip(starts, ends):
        if out and s <= out[-1][1]:
            if e > out[-1][1]:
                out[-1][1] = e
        else:
            out.append([s, e])
    return out
