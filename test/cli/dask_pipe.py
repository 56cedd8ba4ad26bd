"""Runs a parley command over JSON Lines partitions on a Dask distributed cluster.

Started by test/cli/dask.test.ts with Debian's /usr/bin/python3 (python3-distributed):
a local cluster (a scheduler and two worker processes), dask.bag reading one partition per
file, each partition piped whole through `node PARLEY ARGS...` on a worker; the partitions'
outputs are gathered in order and written to stdout. On stderr: one JSON line saying how many
workers the cluster had and which worker processes ran partitions.

Usage: dask_pipe.py NODE PARLEY PART_FILE... -- ARGS...
"""
import json
import os
import subprocess
import sys

import dask.bag as db
from dask.distributed import Client, LocalCluster


def pipe(lines, node, parley, args):
    """One partition (its lines, each with its line break) through one parley process."""
    data = "".join(lines).encode("utf-8")
    run = subprocess.run([node, parley, *args], input=data, capture_output=True, check=False)
    # 0: no errors; 1: some records have errors (their result lines say so); anything else failed.
    if run.returncode not in (0, 1):
        raise RuntimeError(f"parley exited {run.returncode}: {run.stderr.decode('utf-8', 'replace')}")
    return [(os.getpid(), run.stdout.decode("utf-8"))]


def main():
    node, parley, *rest = sys.argv[1:]
    split = rest.index("--")
    parts, args = rest[:split], rest[split + 1:]
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, Client(cluster) as client:
        bag = db.read_text(parts, encoding="utf-8")  # one partition per file
        results = bag.map_partitions(pipe, node, parley, args).compute()
        workers = len(client.scheduler_info()["workers"])
    sys.stdout.write("".join(out for _, out in results))
    sys.stderr.write(json.dumps({"workers": workers, "pids": sorted({pid for pid, _ in results}), "client": os.getpid()}) + "\n")


if __name__ == "__main__":
    main()
