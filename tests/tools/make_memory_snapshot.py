#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes a PyTorch CUDA memory snapshot (what torch.cuda.memory._dump_snapshot() writes: a pickle
of the dict of torch/csrc/cuda/memory_snapshot.cpp) from a model of PyTorch's caching allocator,
and beside it a truth JSON with every figure `lanescope-cli memory` reports.

The allocator model follows c10/cuda/CUDACachingAllocator.cpp: requests rounded to 512 bytes;
requests up to 1 MiB served from a small pool of 2 MiB segments, larger ones from the large pool
(segments of 20 MiB under 10 MiB, else the request rounded to 2 MiB); best-fit search per stream
and pool; blocks split when the rest is at least 512 bytes (small pool) or more than 1 MiB
(large); free blocks merged with free neighbours; a cache miss calls cudaMalloc; when the device
is full, free cached segments are released (cudaFree) and the cudaMalloc retried, then `oom`;
max_split_size_mb: blocks at or over it are not split, nor used for smaller requests.

Scenarios:
  fsdp-prefetch  FSDP with forward/backward prefetch, flat parameters of varied sizes and a tight
                 device: the cache fragments, cudaFree + cudaMalloc inside the steps (the churn
                 of `lanescope-cli synth --scenario fsdp-prefetch`), and one OOM at the end.
  fsdp-tuned     the same with max_split_size_mb set: no fragmentation.
  --align-trace TRACE  a snapshot on the clock of a trace written by `lanescope-cli synth`: its
                 segment_free / segment_alloc fall at the ends of the trace's cudaFree /
                 cudaMalloc calls (time_us = the call's end in µs + --clock-offset-us).

Usage: make_memory_snapshot.py OUT.pickle [--scenario S] [--protocol 2..5] [--seed N]
       [--steps N] [--max-entries N] [--align-trace TRACE] [--target-bytes N]
Writes OUT.pickle and OUT.pickle.truth.json (or --truth PATH).
A large snapshot for the benchmark: --scenario fsdp-prefetch --target-bytes 2000000000
"""
import argparse
import bisect
import gzip
import json
import pickle
import random
import struct
import sys

MiB = 1024 * 1024
K_MIN_BLOCK = 512
K_SMALL_SIZE = MiB
K_SMALL_BUFFER = 2 * MiB
K_LARGE_BUFFER = 20 * MiB
K_MIN_LARGE_ALLOC = 10 * MiB
K_ROUND_LARGE = 2 * MiB
EPOCH_US = 1_717_400_001_000_000  # time_us counts µs since the Unix epoch


def round_size(n):
    return K_MIN_BLOCK if n < K_MIN_BLOCK else K_MIN_BLOCK * ((n + K_MIN_BLOCK - 1) // K_MIN_BLOCK)


def allocation_size(n):
    if n <= K_SMALL_SIZE:
        return K_SMALL_BUFFER
    if n < K_MIN_LARGE_ALLOC:
        return K_LARGE_BUFFER
    return K_ROUND_LARGE * ((n + K_ROUND_LARGE - 1) // K_ROUND_LARGE)


class OOM(Exception):
    pass


class Block:
    __slots__ = ("addr", "size", "req", "allocated", "frames", "seg")

    def __init__(self, addr, size, seg):
        self.addr, self.size, self.seg = addr, size, seg
        self.req, self.allocated, self.frames = 0, False, None


class Segment:
    __slots__ = ("addr", "size", "stream", "small", "blocks", "frames")

    def __init__(self, addr, size, stream, small, frames):
        self.addr, self.size, self.stream, self.small, self.frames = addr, size, stream, small, frames
        self.blocks = [Block(addr, size, self)]


class Allocator:
    def __init__(self, capacity, max_split=None, frames_of=None):
        self.capacity = capacity
        self.max_split = max_split
        self.segments = {}  # addr -> Segment
        self.live = {}  # addr -> Block (allocated)
        self.next_addr = 0x7F0000000000
        self.entries = []  # trace entries, PyTorch's dicts
        self.reserved = 0
        self.allocated = 0  # sum of requested sizes (what the trace's sizes add up to)
        self.totals = []  # (allocated, reserved) after each entry
        self.frag = []  # truth: fragmentation events
        self.ooms = []
        self.t = 0

    # -- trace -------------------------------------------------------------------------------
    def record(self, action, addr, size, stream, t, frames=None, key="addr"):
        e = {"action": action, key: addr, "size": size, "stream": stream, "time_us": t}
        if frames is not None:
            e["frames"] = frames
        self.entries.append(e)
        self.totals.append((self.allocated, self.reserved))

    # -- the cache ---------------------------------------------------------------------------
    def free_blocks(self, small, stream):
        for s in self.segments.values():
            if s.small == small and s.stream == stream:
                for b in s.blocks:
                    if not b.allocated:
                        yield b

    def cache_state(self, small, stream):
        free = largest = 0
        for b in self.free_blocks(small, stream):
            free += b.size
            largest = max(largest, b.size)
        return free, largest

    def get_free_block(self, size, small, stream):
        cands = sorted(self.free_blocks(small, stream), key=lambda b: (b.size, b.addr))
        i = bisect.bisect_left([b.size for b in cands], size)
        if i == len(cands):
            return None
        b = cands[i]
        if self.max_split is not None and not small:
            if size < self.max_split and b.size >= self.max_split:
                return None
            if size >= self.max_split and b.size >= size + K_LARGE_BUFFER:
                return None
        return b

    def alloc_segment(self, size, stream, small, t, frames):
        seg_size = allocation_size(size)
        if self.reserved + seg_size > self.capacity:
            return None
        addr = self.next_addr
        self.next_addr += ((seg_size + K_ROUND_LARGE - 1) // K_ROUND_LARGE + 1) * K_ROUND_LARGE
        seg = Segment(addr, seg_size, stream, small, frames)
        self.segments[addr] = seg
        self.reserved += seg_size
        self.record("segment_alloc", addr, seg_size, stream, t, frames)
        return seg.blocks[0]

    def release_segment(self, seg, t):
        del self.segments[seg.addr]
        self.reserved -= seg.size
        self.record("segment_free", seg.addr, seg.size, seg.stream, t, seg.frames)

    def free_segments(self, only=None):
        return [s for s in sorted(self.segments.values(), key=lambda s: s.addr)
                if len(s.blocks) == 1 and not s.blocks[0].allocated and (only is None or only(s))]

    def malloc(self, req, stream, frames, t, release_times=None, segment_time=None):
        size = round_size(req)
        small = size <= K_SMALL_SIZE
        b = self.get_free_block(size, small, stream)
        if b is None:
            # A cache miss: the truth of the fragmentation diagnosis is taken here, before any release.
            free, largest = self.cache_state(small, stream)
            before = (self.reserved, self.allocated, len(self.entries))
            if release_times is not None:  # scripted: release this many cached segments first
                segs = self.free_segments(lambda s: s.stream == stream and s.small == small)
                for seg, rt in zip(segs, release_times):
                    self.release_segment(seg, rt)
                t = segment_time if segment_time is not None else t
            b = self.alloc_segment(size, stream, small, t, frames)
            if b is None and self.max_split is not None:
                for seg in self.free_segments(lambda s: s.size >= self.max_split):
                    self.release_segment(seg, t)
                b = self.alloc_segment(size, stream, small, t, frames)
            if b is None:
                for seg in self.free_segments():
                    self.release_segment(seg, t)
                b = self.alloc_segment(size, stream, small, t, frames)
            if b is None:
                self.record("oom", self.capacity - self.reserved, req, stream, t, frames, key="device_free")
                self.ooms.append({"time_us": t, "requested": req, "reserved": self.reserved,
                                  "allocated": self.allocated, "entry": len(self.entries) - 1})
                raise OOM()
            if free >= size and largest < size:
                # The attempt's time: its first action (a segment_free of the retry, or the segment_alloc).
                self.frag.append({"time_us": self.entries[before[2]]["time_us"], "requested": size, "free_in_cache": free,
                                  "largest_free_block": largest, "reserved": before[0],
                                  "allocated": before[1], "entry": len(self.entries) - 1})
        seg = b.seg
        rest = b.size - size
        split = rest >= K_MIN_BLOCK if small else (
            (self.max_split is None or size < self.max_split) and rest > K_SMALL_SIZE)
        if split:
            i = seg.blocks.index(b)
            nb = Block(b.addr + size, rest, seg)
            b.size = size
            seg.blocks.insert(i + 1, nb)
        b.allocated, b.req, b.frames = True, req, frames
        self.live[b.addr] = b
        self.allocated += req
        self.record("alloc", b.addr, req, stream, t, frames)
        return b.addr

    def free(self, addr, t, frames=None):
        b = self.live.pop(addr)
        stream = b.seg.stream
        # PyTorch records a free with its own stack where it has one, else the allocation's.
        frames = frames if frames is not None else b.frames
        self.record("free_requested", addr, b.req, stream, t, frames)
        self.allocated -= b.req
        b.allocated = False
        self.record("free_completed", addr, b.req, stream, t, frames)
        seg = b.seg
        i = seg.blocks.index(b)
        if i + 1 < len(seg.blocks) and not seg.blocks[i + 1].allocated:
            b.size += seg.blocks.pop(i + 1).size
        if i > 0 and not seg.blocks[i - 1].allocated:
            prev = seg.blocks[i - 1]
            prev.size += b.size
            seg.blocks.pop(i)

    def empty_cache(self, t):
        for seg in self.free_segments():
            self.release_segment(seg, t)


# -- stacks: shared lists of shared frame dicts, as PyTorch's pickle holds them ---------------
_frames = {}
_stacks = {}


def frame(filename, line, name):
    k = (filename, line, name)
    if k not in _frames:
        _frames[k] = {"name": name, "filename": filename, "line": line}
    return _frames[k]


def stack(*user):
    """A stack, innermost first: PyTorch's own frames, then the user's (file, line, function)."""
    k = tuple(user)
    if k not in _stacks:
        fr = [frame("/usr/lib/python3/site-packages/torch/utils/_device.py", 104, "__torch_function__")]
        fr += [frame(f, l, n) for (f, l, n) in user]
        _stacks[k] = fr
    return _stacks[k]


def site(name, line):
    return stack(("train.py", line, name), ("train.py", 12, "main"))


def fsdp_run(a, rng, steps, layers, start_t, target_entries=None, oom_after_step=-1):
    """FSDP: per layer an all-gathered flat parameter (180 to 300 MiB), activations kept for
    backward, transient GEMM workspaces, the unit's gradient; prefetch keeps two gathers in
    flight. Smaller blocks split the freed parameters' blocks, so the next gather finds no piece
    large enough: cudaMalloc, and cudaFree of cached segments when the device is full."""
    AG = 0  # the unsharded parameters are allocated for the compute stream: one pool with the activations
    t = start_t
    unit = [int((180 + 60 * (l % 3)) * MiB + 512 * rng.randrange(4000)) for l in range(layers)]
    act = [int((24 + 8 * (l % 4)) * MiB) for l in range(layers)]
    step = 0
    while step < steps or (target_entries and len(a.entries) < target_entries):
        saved = []
        params = {}
        for l in range(layers):  # forward
            for u in (l, l + 1):
                if u < layers and u not in params:
                    t += rng.randrange(5, 40)
                    params[u] = a.malloc(unit[u], AG, site("all_gather", 200 + u % 7), t)
            for k in range(4):
                t += rng.randrange(5, 40)
                saved.append(a.malloc(act[l] + 512 * k, 0, site("forward", 300 + k), t))
            t += rng.randrange(5, 40)
            w = a.malloc(int(act[l] * 1.5), 0, site("gemm_workspace", 410), t)
            t += rng.randrange(50, 400)
            a.free(w, t)
            t += rng.randrange(5, 40)
            a.free(params.pop(l), t)
        for l in reversed(range(layers)):  # backward
            for u in (l, l - 1):
                if u >= 0 and u not in params:
                    t += rng.randrange(5, 40)
                    params[u] = a.malloc(unit[u], AG, site("all_gather", 200 + u % 7), t)
            t += rng.randrange(5, 40)
            g = a.malloc(unit[l] // 2, 0, site("backward_grad", 520), t)
            for _ in range(4):
                t += rng.randrange(5, 40)
                a.free(saved.pop(), t)
            t += rng.randrange(50, 400)
            a.free(params.pop(l), t)
            t += rng.randrange(5, 40)
            a.free(g, t)
        if step == oom_after_step:
            try:  # a request the device cannot hold: the `oom` action
                t += 100
                a.malloc(64 * 1024 * MiB, 0, site("oversized", 999), t)
            except OOM:
                pass
        step += 1
    return t


def aligned_run(a, rng, trace_path):
    """The synth trace's allocator stalls, replayed: each run of cudaFree calls then a cudaMalloc
    becomes the release of that many cached segments and a segment_alloc for a request that did
    not fit in the fragmented cache; allocations and frees in between."""
    opener = gzip.open if trace_path.endswith(".gz") else open
    with opener(trace_path, "rt") as f:
        events = json.load(f)["traceEvents"]
    calls = sorted((e["ts"] + e.get("dur", 0), e["name"]) for e in events
                   if e.get("ph") == "X" and e.get("name") in ("cudaMalloc", "cudaFree"))
    stalls, frees = [], []
    for end, name in calls:
        us = int(round(end))
        if name == "cudaFree":
            frees.append(us)
        else:
            stalls.append((frees, us))
            frees = []
    if not stalls:
        sys.exit("no cudaMalloc calls in " + trace_path)
    AG = 140737488355328 + 0x10
    chunk = 12 * MiB
    # Before the window: a working segment for stream 0 and, on the all-gather stream, one cached
    # 12 MiB segment per cudaFree the trace will make.
    t0 = stalls[0][1] - 10_000_000
    work = a.malloc(1536 * MiB, 0, site("warmup", 90), t0)
    a.free(work, t0 + 1)
    cached = [a.malloc(chunk, AG, site("warmup", 91), t0 + 2) for _ in range(sum(len(f) for f, _ in stalls) + 1)]
    for i, c in enumerate(cached):
        a.free(c, t0 + 3 + i)
    window = len(a.entries)
    request = 40 * MiB
    last = (stalls[0][0][0] if stalls[0][0] else stalls[0][1]) - 2000
    live = []
    for frees_us, malloc_us in stalls:
        # Work on stream 0 between the stalls, then the stall itself.
        start = frees_us[0] if frees_us else malloc_us
        span = max(1, start - last)
        for k in range(6):
            t = last + (k + 1) * span // 8
            if live and k % 2:
                a.free(live.pop(0), t)
            else:
                live.append(a.malloc(int((16 + rng.randrange(48)) * MiB), 0, site("forward", 300 + k), t))
        request += 2 * MiB  # above the last stall's segment, now cached too
        spike = a.malloc(request, AG, site("all_gather", 200), malloc_us, release_times=frees_us,
                         segment_time=malloc_us)
        a.free(spike, malloc_us + 1)
        last = malloc_us + 2
    return window


def truth_of(a, window, device=0):
    entries = a.entries[window:]
    totals = a.totals[window - 1] if window > 0 else (0, 0)
    peak_alloc, peak_res = totals
    peak_pos = 0
    for i, (al, re) in enumerate(a.totals[window:]):
        if al > peak_alloc:
            peak_alloc, peak_pos = al, i + 1
        peak_res = max(peak_res, re)
    # What was alive at the peak, by stack: replay the kept window from its start.
    live = {}
    rep = Allocator(a.capacity)
    for e in a.entries[:window + peak_pos]:
        if e["action"] == "alloc":
            live[e["addr"]] = (e["size"], id(e.get("frames")), e.get("frames"))
        elif e["action"] == "free_completed":
            live.pop(e["addr"], None)
    del rep
    groups = {}
    for size, sid, fr in live.values():
        g = groups.setdefault(sid, {"bytes": 0, "count": 0, "top": fr})
        g["bytes"] += size
        g["count"] += 1
    top = sorted(groups.values(), key=lambda g: -g["bytes"])
    blocks = sum(len(s.blocks) for s in a.segments.values())
    frag = [dict(f, time_us=f["time_us"]) for f in a.frag if f["entry"] >= window]
    for f in frag:
        f.pop("entry")
    return {
        "device": device,
        "entries": len(entries),
        "peak_allocated_bytes": peak_alloc,
        "peak_reserved_bytes": peak_res,
        "segment_allocs": sum(e["action"] == "segment_alloc" for e in entries),
        "segment_frees": sum(e["action"] == "segment_free" for e in entries),
        "segments": len(a.segments),
        "blocks": blocks,
        "fragmentation_events": frag,
        "ooms": [{k: v for k, v in o.items() if k != "entry"} for o in a.ooms if o["entry"] >= window],
        "top_stacks_at_peak": [{"bytes": g["bytes"], "count": g["count"],
                                "function": (g["top"][1]["name"] if g["top"] and len(g["top"]) > 1 else "")}
                               for g in top],
    }


def snapshot_of(a, window, max_split, conf):
    segments = []
    for s in sorted(a.segments.values(), key=lambda s: s.addr):
        blocks = []
        for b in s.blocks:
            blocks.append({"address": b.addr, "size": b.size, "requested_size": b.req if b.allocated else 0,
                           "state": "active_allocated" if b.allocated else "inactive",
                           "frames": b.frames if b.allocated else []})
        alloc = sum(b.size for b in s.blocks if b.allocated)
        segments.append({
            "device": 0, "address": s.addr, "total_size": s.size, "allocated_size": alloc,
            "active_size": alloc, "requested_size": sum(b.req for b in s.blocks if b.allocated),
            "stream": s.stream, "segment_type": "small" if s.small else "large",
            "segment_pool_id": (0, 0), "is_expandable": False, "frames": s.frames, "blocks": blocks})
    return {
        "segments": segments,
        "device_traces": [a.entries[window:]],
        "allocator_settings": {
            "PYTORCH_CUDA_ALLOC_CONF": conf,
            "max_split_size": max_split if max_split is not None else -1,
            "garbage_collection_threshold": 0.0,
            "expandable_segments": False,
            "pinned_num_register_threads": 1,
            "release_lock_on_cudamalloc": False,
            "pinned_use_cuda_host_register": False,
            "roundup_power2_divisions": {"1": 0, "2": 0},
        },
    }


class StreamingPickler:
    """Writes a pickle opcode by opcode, as Python's pickler would (protocol 4: MEMOIZE after each
    container and new string, BINGET for repeats), for snapshots too large to build in memory."""

    def __init__(self, f):
        self.f = f
        self.memo = {}
        self.n = 0
        self.buf = bytearray(b"\x80\x04")

    def flush(self, force=False):
        if force or len(self.buf) > 1 << 20:
            self.f.write(self.buf)
            self.buf = bytearray()

    def memoize(self):
        self.buf += b"\x94"
        self.n += 1
        return self.n - 1

    def get(self, i):
        self.buf += (b"h" + bytes([i])) if i < 256 else (b"j" + struct.pack("<I", i))

    def string(self, s):
        if s in self.memo:
            return self.get(self.memo[s])
        b = s.encode()
        self.buf += (b"\x8c" + bytes([len(b)]) + b) if len(b) < 256 else (b"X" + struct.pack("<I", len(b)) + b)
        self.memo[s] = self.memoize()

    def integer(self, v):
        if 0 <= v < 256:
            self.buf += b"K" + bytes([v])
        elif -(1 << 31) <= v < (1 << 31):
            self.buf += b"J" + struct.pack("<i", v)
        else:
            n = (v.bit_length() + 8) // 8
            self.buf += b"\x8a" + bytes([n]) + v.to_bytes(n, "little", signed=True)

    def value(self, v):
        if isinstance(v, str):
            self.string(v)
        elif isinstance(v, bool):
            self.buf += b"\x88" if v else b"\x89"
        elif isinstance(v, int):
            self.integer(v)
        elif isinstance(v, list):
            key = ("list", id(v))
            if key in self.memo:
                return self.get(self.memo[key])
            self.buf += b"]"
            self.memo[key] = self.memoize()
            if v:
                self.buf += b"("
                for x in v:
                    self.value(x)
                self.buf += b"e"
        elif isinstance(v, dict):
            key = ("dict", id(v))
            if key in self.memo:
                return self.get(self.memo[key])
            self.buf += b"}"
            self.memo[key] = self.memoize()
            if v:
                self.buf += b"("
                for k, x in v.items():
                    self.string(k)
                    self.value(x)
                self.buf += b"u"
        else:
            raise TypeError(type(v))


def write_bench_snapshot(path, target_bytes, rng):
    """A large snapshot for bench_memsnap: 64 segments of 1 GiB; cycles of allocations at fixed
    places in them, each freed again, with 200 stacks of 24 frames; consistent with its end state
    (every block free) by construction. Streamed: memory stays small whatever the size."""
    stacks = []
    for i in range(200):
        fr = [frame("/usr/lib/python3/site-packages/torch/nn/modules/module.py", 1500 + j, "_call_impl") for j in range(20)]
        fr += [frame("model.py", 100 + i, "layer_%d" % (i % 40)), frame("train.py", 40 + i % 7, "step"),
               frame("train.py", 12, "main"), frame("<frozen runpy>", 88, "_run_code")]
        stacks.append(fr)
    base = 0x7F0000000000
    seg = 1 << 30
    segments = [{"device": 0, "address": base + k * 2 * seg, "total_size": seg, "allocated_size": 0, "active_size": 0,
                 "requested_size": 0, "stream": 0, "segment_type": "large", "segment_pool_id": (0, 0),
                 "is_expandable": False, "frames": [],
                 "blocks": [{"address": base + k * 2 * seg, "size": seg, "requested_size": 0, "state": "inactive",
                             "frames": []}]} for k in range(64)]
    with open(path, "wb") as f:
        w = StreamingPickler(f)
        w.buf += b"}"
        w.memoize()
        w.buf += b"("
        w.string("segments")
        w.buf += b"]"
        w.memoize()
        w.buf += b"("
        for s in segments:
            w.buf += b"}"
            w.memoize()
            w.buf += b"("
            for k, v in s.items():
                w.string(k)
                if k == "segment_pool_id":
                    w.buf += b"K\x00K\x00\x86"
                    w.memoize()
                else:
                    w.value(v)
            w.buf += b"u"
        w.buf += b"e"
        w.string("device_traces")
        w.buf += b"]"
        w.memoize()
        w.buf += b"]"
        w.memoize()
        t = EPOCH_US
        entries = 0
        cycle = 0
        while f.tell() + len(w.buf) < target_bytes:
            w.buf += b"("
            live = []  # 250 allocations, then their frees: 750 entries in one APPENDS batch
            for k in range(250):
                addr = base + (k % 64) * 2 * seg + (k // 64) * (64 << 20) + (cycle % 8) * (8 << 20)
                size = (1 + (k * 7 + cycle) % 60) << 16
                fr = stacks[(k + cycle) % len(stacks)]
                t += 3
                live.append((addr, size, fr))
                for action, a, sz in (("alloc", addr, size),):
                    w.buf += b"}"
                    w.memoize()
                    w.buf += b"("
                    for k2, v in (("action", action), ("addr", a), ("size", sz), ("stream", 0), ("time_us", t)):
                        w.string(k2)
                        w.value(v)
                    w.string("frames")
                    w.value(fr)
                    w.buf += b"u"
            for addr, size, fr in live:
                t += 2
                for action in ("free_requested", "free_completed"):
                    w.buf += b"}"
                    w.memoize()
                    w.buf += b"("
                    for k2, v in (("action", action), ("addr", addr), ("size", size), ("stream", 0), ("time_us", t)):
                        w.string(k2)
                        w.value(v)
                    w.string("frames")
                    w.value(fr)
                    w.buf += b"u"
            w.buf += b"e"
            entries += 750
            cycle += 1
            w.flush()
        w.buf += b"a"  # the device's list into device_traces
        w.string("allocator_settings")
        w.value({"PYTORCH_CUDA_ALLOC_CONF": "", "max_split_size": -1, "expandable_segments": False})
        w.buf += b"u."
        w.flush(force=True)
    return entries


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out")
    ap.add_argument("--scenario", default="fsdp-prefetch", choices=["fsdp-prefetch", "fsdp-tuned"])
    ap.add_argument("--protocol", type=int, default=4, choices=[2, 3, 4, 5])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--steps", type=int, default=3)
    ap.add_argument("--layers", type=int, default=32)
    ap.add_argument("--max-entries", type=int, default=0, help="keep only the last N actions, as PyTorch's ring does")
    ap.add_argument("--align-trace", help="a trace from `lanescope-cli synth`: put the snapshot on its clock")
    ap.add_argument("--clock-offset-us", type=int, default=EPOCH_US - 4_812_345_000_000,
                    help="with --align-trace: time_us = the trace's µs + this")
    ap.add_argument("--target-bytes", type=int, default=0, help="repeat steps until the pickle is about this big")
    ap.add_argument("--truth", help="where the truth goes (default OUT.truth.json)")
    ap.add_argument("--bench-bytes", type=int, default=0,
                    help="write a consistent snapshot of about this many bytes, streamed (for bench_memsnap); no truth")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    if args.bench_bytes:
        entries = write_bench_snapshot(args.out, args.bench_bytes, rng)
        print("%s: %d trace entries" % (args.out, entries))
        return

    if args.align_trace:
        a = Allocator(capacity=80 * 1024 * MiB)
        window = aligned_run(a, rng, args.align_trace)
        for e in a.entries:
            e["time_us"] += args.clock_offset_us
        for f in a.frag:
            f["time_us"] += args.clock_offset_us
        conf = ""
        max_split = None
    else:
        max_split = 150 * MiB if args.scenario == "fsdp-tuned" else None
        conf = "max_split_size_mb:150" if max_split else ""
        # A device just big enough: the cache must give segments back inside the steps.
        a = Allocator(capacity=7 * 1024 * MiB, max_split=max_split)
        # Rough size of one trace entry in the pickle, to reach --target-bytes.
        target_entries = args.target_bytes // 60 if args.target_bytes else None
        fsdp_run(a, rng, args.steps, args.layers, EPOCH_US, target_entries, oom_after_step=0)
        window = max(0, len(a.entries) - args.max_entries) if args.max_entries else 0

    snap = snapshot_of(a, window, max_split, conf)
    truth = {"devices": [truth_of(a, window)], "protocol": args.protocol}
    if args.align_trace:
        truth["clock_offset_us"] = args.clock_offset_us
    with open(args.out, "wb") as f:
        pickle.dump(snap, f, protocol=args.protocol)
    with open(args.truth or args.out + ".truth.json", "w") as f:
        json.dump(truth, f, indent=1)


if __name__ == "__main__":
    main()
