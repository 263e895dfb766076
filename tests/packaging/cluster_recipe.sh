#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# tst_cluster_recipe: the cluster recipe of packaging/examples/cluster does what it says. The map
# step (lanescope-map.sh, as a Slurm array task or a Kubernetes indexed pod runs it) goes through
# `xargs -P 4` over a synthetic 16-rank folder, the reduce step merges the summaries, and the
# result equals `lanescope-cli analyze DIR --json` of the same folder (but for the folder's path
# and the load time). The Slurm script parses; the Kubernetes manifests are indexed Jobs that
# call the map and reduce scripts (parsed as YAML where python3-yaml is at hand).
#   cluster_recipe.sh LANESCOPE_CLI SOURCE_DIR
set -euo pipefail
cli=$(readlink -f "$1")
examples=$2/packaging/examples/cluster
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$cli" synth --scenario fsdp-baseline --gpus 16 --ranks 16 --layers 4 -o "$tmp/job" >/dev/null
[ "$(find "$tmp/job" -name '*.json' | wc -l)" -eq 16 ] || { echo "FAIL: synth wrote no 16 ranks"; exit 1; }

seq 0 15 | LANESCOPE_CLI=$cli xargs -P 4 -I{} sh "$examples/lanescope-map.sh" "$tmp/job" "$tmp/out" {}
[ "$(find "$tmp/out" -name '*.summary.json' | wc -l)" -eq 16 ] || { echo "FAIL: the map step wrote no 16 summaries"; exit 1; }
LANESCOPE_CLI=$cli sh "$examples/lanescope-reduce.sh" "$tmp/out" --json > "$tmp/merged.json"
"$cli" analyze "$tmp/job" --json > "$tmp/whole.json"
python3 - "$tmp/merged.json" "$tmp/whole.json" <<'PY'
import json, sys
def load(p):
    d = json.load(open(p))
    d.pop("folder", None)
    d.get("job", {}).pop("load_seconds", None)
    return d
merged, whole = load(sys.argv[1]), load(sys.argv[2])
if merged != whole:
    for k in sorted(set(merged) | set(whole)):
        if merged.get(k) != whole.get(k):
            print(f"FAIL: merge differs from analyze DIR at '{k}'")
    sys.exit(1)
print(f"merge of 16 rank summaries equals analyze DIR ({len(whole.get('ranks', []))} ranks)")
PY

# Bad input: a clear message and exit 2, nothing written.
if sh "$examples/lanescope-map.sh" "$tmp/job" "$tmp/bad" 16 2>"$tmp/err"; then echo "FAIL: index 16 of 16 accepted"; exit 1; fi
grep -q "no trace number 16" "$tmp/err" || { echo "FAIL: no message for a missing index"; cat "$tmp/err"; exit 1; }
if sh "$examples/lanescope-map.sh" "$tmp/job" "$tmp/bad" x 2>/dev/null; then echo "FAIL: index x accepted"; exit 1; fi
if sh "$examples/lanescope-reduce.sh" "$tmp/empty" 2>/dev/null; then echo "FAIL: reduce of nothing accepted"; exit 1; fi
[ ! -e "$tmp/bad" ] || { echo "FAIL: a refused map step created its output folder"; exit 1; }

bash -n "$examples/lanescope-slurm.sbatch"
grep -q 'SLURM_ARRAY_TASK_ID' "$examples/lanescope-slurm.sbatch"
for f in lanescope-k8s-map.yaml lanescope-k8s-reduce.yaml; do
    grep -q 'lanescope-' "$examples/$f"
done
grep -q 'completionMode: Indexed' "$examples/lanescope-k8s-map.yaml"
grep -q 'JOB_COMPLETION_INDEX' "$examples/lanescope-k8s-map.yaml"
if python3 -c 'import yaml' 2>/dev/null; then
    python3 - "$examples" <<'PY'
import sys, yaml
d = sys.argv[1]
m = yaml.safe_load(open(f"{d}/lanescope-k8s-map.yaml"))
r = yaml.safe_load(open(f"{d}/lanescope-k8s-reduce.yaml"))
assert m["kind"] == "Job" and m["spec"]["completionMode"] == "Indexed", "map: not an indexed Job"
assert "lanescope-map.sh" in " ".join(m["spec"]["template"]["spec"]["containers"][0]["command"])
assert r["kind"] == "Job" and "lanescope-reduce.sh" in " ".join(r["spec"]["template"]["spec"]["containers"][0]["command"])
print("Kubernetes manifests: indexed map Job, reduce Job")
PY
else
    echo "python3-yaml not installed: the Kubernetes manifests were checked by grep only"
fi
echo "cluster recipe: OK"
