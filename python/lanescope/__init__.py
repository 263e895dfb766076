# SPDX-License-Identifier: GPL-3.0-or-later
"""Lanescope from Python: PyTorch Profiler (Kineto) traces loaded and analysed by Lanescope's
native core, for notebooks and scripts.

    >>> import lanescope
    >>> t = lanescope.load("rank0.pt.trace.json.gz")
    >>> a = t.analyze(gap_ms=15, params=7e9, tokens_per_step=8192)
    >>> a.figures          # the figure catalogue: key, value, unit, scope
    >>> a.gaps, a.advice   # one table per measure: the rows of `lanescope-cli analyze --json`

Tables are pandas DataFrames where pandas imports, else lists of dicts. Every table is the
corresponding array of `lanescope-cli analyze --json` for the same trace and options (times in
µs from the trace's first event, as there). ``lanescope.hta`` answers Holistic Trace Analysis'
calls. See docs/python.md.

Errors: FileNotFoundError (no such path), ValueError (an option out of range, a step the trace
does not have), LoadError (a file that is not a trace, a folder without one, a load cancelled),
KeyboardInterrupt (Ctrl+C or the progress callback during a load: the load stops, its threads
are joined and nothing it built is kept).
"""
import errno
import json
import math
import numbers
import os

from . import _lanescope as _native

LoadError = _native.LoadError
LoadError.__doc__ = "A trace or folder that could not be loaded; the message says why, as lanescope-cli does."
MAX_THREADS = _native.MAX_THREADS
FIXES = tuple(_native.fix_ids())  # what Trace.whatif() replays

__all__ = ["load", "compare", "Trace", "Job", "Analysis", "LoadError", "MAX_THREADS", "FIXES", "tables_as_frames"]

try:
    import pandas as _pd
except ImportError:  # rows as lists of dicts
    _pd = None

# The analyze options' bounds, those of lanescope-cli (app/cli/CommandLine.h).
_MAX_TIME_US = 1e12
_MAX_PARAMS = 1e15
_MAX_TOKENS = 1e12
_MAX_TFLOPS = 1e6
_MAX_MEGABYTES = 1e9

# One table per measure: its attribute and where `analyze --json` holds its rows.
TABLES = {
    "steps": ("steps",),
    "gaps": ("gaps",),
    "kernels": ("kernel_summary",),
    "ops": ("op_summary",),
    "modules": ("module_summary",),
    "collectives": ("collectives", "kernels"),
    "collectives_by_type": ("collectives", "by_type"),
    "idle_breakdown": ("idle_breakdown",),
    "launches": ("launch", "worst"),
    "queue": ("queue",),
    "advice": ("advice",),
    "source_lines": ("source_lines",),
    "ops_efficiency": ("ops_efficiency", "ops"),
    "memory_alive_at_peak": ("memory_owners", "alive_at_peak"),
}


def tables_as_frames():
    """Whether tables come back as pandas DataFrames (pandas imports) or lists of dicts."""
    return _pd is not None


def _frame(rows):
    rows = list(rows)
    if _pd is None:
        return rows
    return _pd.DataFrame(rows)


def _categorical(codes, names):
    """Codes into a list of names as a pandas Categorical, without a string per row."""
    import numpy as np

    index = _pd.Index(names)
    codes = codes.astype(np.int64)
    if index.is_unique:
        return _pd.Categorical.from_codes(codes, categories=index)
    remap, unique = _pd.factorize(index)
    return _pd.Categorical.from_codes(remap[codes], categories=unique)


def _number(name, value, low, high, low_open=True):
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not math.isfinite(value):
        raise ValueError(f"{name} needs a number, not {value!r}")
    if (value <= low if low_open else value < low) or value > high:
        raise ValueError(f"{name} must be {'above' if low_open else 'at least'} {low:g} and at most {high:g}, not {value!r}")
    return float(value)


def _integer(name, value, low, high):
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ValueError(f"{name} needs a whole number, not {value!r}")
    if value < low or value > high:
        raise ValueError(f"{name} must be from {low} to {high}, not {value}")
    return int(value)


def _threads(threads):
    if threads is None:
        return 0
    return _integer("threads", threads, 1, MAX_THREADS)


def _progress(progress):
    if progress is not None and not callable(progress):
        raise ValueError(f"progress must be callable (it is called with the fraction loaded, 0 to 1), not {progress!r}")
    return progress


def load(path, threads=None, memory_budget_mb=None, progress=None, session=None):
    """Loads a trace (.json or .json.gz as torch.profiler writes it), a folder of one job's rank
    traces, or a profiler log_dir.

    A file gives a Trace; a folder gives a Job (its ranks, each a Trace). In a log_dir of several
    profiling sessions, ``session`` picks one (its index in ``Job.sessions`` or its label; the
    latest by default).

    threads: loader threads (default: one per core; 1 to MAX_THREADS). memory_budget_mb: for a
    folder, the transient memory the loads running at once may take together (default: half of
    the memory available). progress: called with the fraction loaded (0 to 1) about ten times a
    second on the calling thread; an exception it raises stops the load and propagates. The GIL
    is released while loading.
    """
    path = os.fspath(path)
    threads = _threads(threads)
    progress = _progress(progress)
    budget = 0.0
    if memory_budget_mb is not None:
        budget = _number("memory_budget_mb", memory_budget_mb, 0, _MAX_MEGABYTES)
    if not os.path.exists(path):
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), path)
    if not os.path.isdir(path):
        if session is not None:
            raise ValueError("session picks a session of a log_dir; this is a file")
        return Trace(_native.load_file(path, threads, progress))
    listing = _native.log_dir(path)
    sessions = listing["sessions"]
    if not sessions:
        raise LoadError(listing["error"] or f"{path}: no trace in this folder")
    if session is None:
        chosen = sessions[-1]
    elif isinstance(session, str):
        named = [s for s in sessions if s["label"] == session]
        if not named:
            raise ValueError(f"no session {session!r}; the sessions: {', '.join(s['label'] for s in sessions)}")
        chosen = named[0]
    else:
        chosen = sessions[_integer("session", session, -len(sessions), len(sessions) - 1)]
    loaded = _native.load_ranks(chosen["folder"], chosen["files"], threads, budget, progress)
    return Job(loaded, sessions, chosen, listing["bad"])


class Trace:
    """One loaded trace: its model, shared with the analyses and arrays made from it."""

    def __init__(self, native):
        self._t = native
        self._strings = None

    def __repr__(self):
        i = self.info
        return f"<lanescope.Trace {i['path']!r}: {i['events']} events, {i['slices']} slices on {len(self.lanes(as_frame=False))} lanes>"

    @property
    def info(self):
        """What `lanescope-cli info --json` prints (less its anon_rss_bytes), as a dict."""
        return self._t.info

    @property
    def path(self):
        return self._t.path

    @property
    def rank(self):
        """distributedInfo.rank, -1 where the trace does not say."""
        return self._t.rank

    @property
    def min_ts(self):
        """The first event's time (ns on the trace's clock): the origin of every "_us" time of an analysis."""
        return self._t.min_ts

    @property
    def strings(self):
        """The string table: slices' name_id index it."""
        if self._strings is None:
            self._strings = self._t.strings()
        return self._strings

    @property
    def categories(self):
        """Category names: slices' cat_id index it."""
        return self._t.categories()

    def lanes(self, as_frame=True):
        """The trace's lanes (CPU threads and GPU streams): lane, kind, pid, tid, name, device,
        stream, slices, max_depth."""
        rows = self._t.lanes()
        return _frame(rows) if as_frame else rows

    def slices(self, lane):
        """One lane's slices as numpy arrays: start (ns on the trace's clock), name_id (into
        strings), cat_id (into categories) view the model without a copy (read-only; the trace
        lives while they do); dur (ns) and depth are widened from the model's narrow columns."""
        return self._t.slice_columns(lane)

    def counters(self):
        """Counter series ("C" events): pid, name, and ts / value as numpy arrays viewing the model."""
        return self._t.counters()

    def memory(self):
        """[memory] series per device: ts, bytes, allocated, reserved as strided numpy views."""
        return self._t.memory()

    def slice_frame(self, lanes=None):
        """Every slice of the given lanes (default: all) as one DataFrame: lane, start, dur, depth,
        name (categorical over the string table), cat. Needs pandas."""
        if _pd is None:
            raise ImportError("slice_frame needs pandas")
        import numpy as np

        if lanes is None:
            lanes = range(len(self._t.lanes()))
        columns = [self._t.slice_columns(i) for i in lanes]
        lane_ids = [np.full(len(c["start"]), i, dtype=np.uint32) for i, c in zip(lanes, columns)]

        def cat(key):
            return np.concatenate([c[key] for c in columns]) if columns else np.empty(0)

        frame = _pd.DataFrame(
            {
                "lane": np.concatenate(lane_ids) if lane_ids else np.empty(0, dtype=np.uint32),
                "start": cat("start"),
                "dur": cat("dur"),
                "depth": cat("depth"),
            }
        )
        frame["name"] = _categorical(cat("name_id"), self.strings)
        frame["cat"] = _categorical(cat("cat_id"), self.categories)
        return frame

    def analyze(self, gap_ms=15, gap_kernels="gemm", params=None, tokens_per_step=None, step=None, window_us=None,
                hta=False, samples_per_step=None, tokens_global=False, peak_tflops=None, annotation=None, instance=None,
                op_shapes=False, all_frames=False):
        """The analysis `lanescope-cli analyze` makes, with its options: gap_ms (--gap-ms),
        gap_kernels "gemm" or "all", params and tokens_per_step (MFU; together), step (ProfilerStep#N
        alone), window_us ((from, to) in µs from the first event), hta (Holistic Trace Analysis'
        definition of GPU time), samples_per_step, tokens_global, peak_tflops, annotation and
        instance, op_shapes, all_frames. The GIL is released while it runs."""
        gap_ms = _number("gap_ms", gap_ms, 0, _MAX_TIME_US / 1000, low_open=False)
        if gap_kernels not in ("gemm", "all"):
            raise ValueError(f"gap_kernels takes 'gemm' or 'all', not {gap_kernels!r}")
        p = 0.0 if params is None else _number("params", params, 0, _MAX_PARAMS)
        tok = 0.0 if tokens_per_step is None else _number("tokens_per_step", tokens_per_step, 0, _MAX_TOKENS)
        samples = 0.0 if samples_per_step is None else _number("samples_per_step", samples_per_step, 0, _MAX_TOKENS)
        if samples and tok:
            raise ValueError("samples_per_step and tokens_per_step exclude each other")
        if not samples and (p > 0) != (tok > 0):
            raise ValueError("params and tokens_per_step go together")
        peak = 0.0 if peak_tflops is None else _number("peak_tflops", peak_tflops, 0, _MAX_TFLOPS)
        chosen = [n for n, v in (("step", step), ("window_us", window_us), ("annotation", annotation)) if v is not None]
        if len(chosen) > 1:
            raise ValueError(f"{' and '.join(chosen)} exclude each other")
        s = -1 if step is None else _integer("step", step, 0, 2**31 - 1)
        window = None
        if window_us is not None:
            try:
                a, b = window_us
            except (TypeError, ValueError):
                raise ValueError(f"window_us needs (from, to) in µs, not {window_us!r}") from None
            a = _number("window_us[0]", a, 0, _MAX_TIME_US, low_open=False)
            b = _number("window_us[1]", b, 0, _MAX_TIME_US, low_open=False)
            if b <= a:
                raise ValueError("window_us needs its end after its start")
            window = (a, b)
        if instance is not None and annotation is None:
            raise ValueError("instance needs annotation")
        if annotation is not None and (not isinstance(annotation, str) or not annotation):
            raise ValueError("annotation needs a name")
        inst = 0 if instance is None else _integer("instance", instance, 0, 999_999)
        raw, figures = self._t.analyze(gap_ms, gap_kernels == "all", p, tok, bool(tokens_global), samples, peak, s, window,
                                       annotation or "", inst, bool(hta), bool(op_shapes), bool(all_frames))
        return Analysis(self, raw, figures)


    def whatif(self, fix, step=None, params=None, tokens_per_step=None, tokens_global=False, peak_tflops=None):
        """One step replayed with fixes applied (`lanescope-cli whatif --json`): fix is a fix id or
        several, a list or comma-separated (FIXES lists them); step: ProfilerStep#N (default: the
        median complete step); params and tokens_per_step give MFU. Returns a dict: step, step_us,
        replayed_step_us, mfu_pct, peak_bytes, fixes (one projection per fix), combined, warnings;
        with pandas, fixes is a DataFrame."""
        if not isinstance(fix, str):
            fix = ",".join(fix)
        s = -1 if step is None else _integer("step", step, 0, 2**31 - 1)
        p = 0.0 if params is None else _number("params", params, 0, _MAX_PARAMS)
        tok = 0.0 if tokens_per_step is None else _number("tokens_per_step", tokens_per_step, 0, _MAX_TOKENS)
        if (p > 0) != (tok > 0):
            raise ValueError("params and tokens_per_step go together")
        peak = 0.0 if peak_tflops is None else _number("peak_tflops", peak_tflops, 0, _MAX_TFLOPS)
        result = self._t.whatif(fix, s, p, tok, bool(tokens_global), peak)
        if _pd is not None:
            result["fixes"] = _pd.DataFrame(result["fixes"])
        return result


class Analysis:
    """One analysis of a trace. ``json`` is the whole `analyze --json` object; ``figures`` the
    figure catalogue's figures; one table per measure (see TABLES)."""

    def __init__(self, trace, raw, figures):
        self.trace = trace
        self.json = json.loads(raw)
        self._figures = figures

    @property
    def figures(self):
        """The catalogue's figures of this run: key, value (in the key's unit; None: unknown), unit,
        scope (steps, window or trace), higher_is_better, analyze_path, label."""
        return _frame(self._figures)

    def figure(self, key):
        """One figure's value by its catalogue key (None: unknown)."""
        for f in self._figures:
            if f["key"] == key:
                return f["value"]
        raise KeyError(key)

    def table(self, name):
        """A table by name (TABLES), as the attribute of the same name gives it."""
        path = TABLES[name]
        node = self.json
        for key in path:
            node = node.get(key) if isinstance(node, dict) else None
            if node is None:
                return _frame([])
        return _frame(node)

    @property
    def critical_path(self):
        """The critical path's parts: part, us, ns (empty without a path; the path itself is
        ``json['critical_path']``)."""
        cp = self.json.get("critical_path")
        if not cp:
            return _frame([])
        ns = cp.get("parts_ns", {})
        return _frame({"part": k, "us": v, "ns": ns.get(k)} for k, v in cp["parts_us"].items())

    def __getattr__(self, name):
        if name in TABLES:
            return self.table(name)
        raise AttributeError(name)

    def __dir__(self):
        return sorted(set(super().__dir__()) | set(TABLES))


class Job:
    """A folder's ranks (one session of a log_dir): ``ranks`` (Trace each, by rank), ``sessions``,
    ``rejected`` files with why, ``warnings``."""

    def __init__(self, loaded, sessions, chosen, bad):
        self.folder = loaded["folder"]
        self.ranks = [Trace(r["trace"]) for r in loaded["ranks"]]
        self.rank_numbers = [r["rank"] for r in loaded["ranks"]]
        self.ranks_guessed = loaded["ranks_guessed"]
        self.rejected = loaded["rejected"] + list(bad)
        self.warnings = loaded["warnings"]
        self.world_size = loaded["world_size"]
        self.backend = loaded["backend"]
        self.sessions = [s["label"] for s in sessions]
        self.session = chosen["label"]

    def __repr__(self):
        return f"<lanescope.Job {self.folder!r}: {len(self.ranks)} ranks, session {self.session!r}>"

    def analyze(self, **options):
        """Each rank's analysis (Trace.analyze's options), by rank."""
        return [t.analyze(**options) for t in self.ranks]


def compare(runs, labels=None, **options):
    """Runs side by side through the figure catalogue: one row per figure (key, unit), one column
    per run and, for every run after the first (the baseline), its change ("<label> delta").
    runs: paths, Trace objects or Analysis objects; options: Trace.analyze's, for those not
    analysed yet."""
    runs = list(runs)
    if len(runs) < 2:
        raise ValueError("compare needs at least two runs (the first is the baseline)")
    if labels is None:
        labels = [os.path.basename(r) if isinstance(r, (str, os.PathLike)) else f"run {i}" for i, r in enumerate(runs)]
    labels = [str(x) for x in labels]
    if len(labels) != len(runs) or len(set(labels)) != len(labels):
        raise ValueError("compare needs one distinct label per run")
    analyses = []
    for r in runs:
        if isinstance(r, (str, os.PathLike)):
            r = load(r)
        if isinstance(r, Trace):
            r = r.analyze(**options)
        if not isinstance(r, Analysis):
            raise ValueError(f"compare takes paths, Trace or Analysis objects, not {type(r).__name__}")
        analyses.append(r)
    rows = []
    for k, base in enumerate(analyses[0]._figures):
        row = {"key": base["key"], "unit": base["unit"], "higher_is_better": base["higher_is_better"]}
        for label, a in zip(labels, analyses):
            row[label] = a._figures[k]["value"]
        b = base["value"]
        for label, a in zip(labels[1:], analyses[1:]):
            v = a._figures[k]["value"]
            row[f"{label} delta"] = None if v is None or b is None else v - b
        rows.append(row)
    if _pd is None:
        return rows
    return _pd.DataFrame(rows).set_index("key")
