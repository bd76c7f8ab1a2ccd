#!/usr/bin/env python3
"""Measures how `navgraph verify` grows with the number of routes when the search does not
(issue 35, point 5): graphs of 100 to 3,200 routes with 13 reachable states each
(`Scripts/generate-large-graph.py sweep R`), verified with the default options and with
--diagrams none, and fits the exponent b of time ~ R^b by least squares on log time against
log R.

  Scripts/route-sweep.py [--navgraph .build/release/navgraph] [--runs 3] [--limit 1.15]
                         [--routes 100,200,400,800,1600,3200]

Each run is one process, timed by its processor seconds (user + system, getrusage of the child);
the median of --runs runs is fitted. Prints a Markdown table with the exponent over the whole
sweep and over its upper half (where start-up, a constant, weighs least), and exits 1 when either
fitted exponent of either configuration is above --limit.
"""
import argparse
import math
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GENERATOR = os.path.join(ROOT, "Scripts", "generate-large-graph.py")
CONFIGURATIONS = [("default verify", []), ("--diagrams none", ["--diagrams", "none"])]


def seconds_of(navgraph, path, extra, scratch):
    reports = tempfile.mkdtemp(dir=scratch)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    process = subprocess.run([navgraph, "verify", path, "--reports", reports, "--quiet"] + extra, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    shutil.rmtree(reports, ignore_errors=True)
    # 0 passed, 1 failed (the unreached routes fail reachability, by design); anything else is an error.
    if process.returncode not in (0, 1):
        sys.exit(f"navgraph verify {path} {' '.join(extra)} exited {process.returncode}: {process.stderr.strip()[-500:]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def exponent(points):
    """The least-squares slope of log seconds on log routes."""
    xs = [math.log(routes) for routes, _ in points]
    ys = [math.log(max(seconds, 1e-4)) for _, seconds in points]
    mean_x, mean_y = sum(xs) / len(xs), sum(ys) / len(ys)
    return sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys)) / sum((x - mean_x) ** 2 for x in xs)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--navgraph", default=os.path.join(ROOT, ".build", "release", "navgraph"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--limit", type=float, default=1.15)
    parser.add_argument("--routes", default="100,200,400,800,1600,3200")
    arguments = parser.parse_args()
    if not os.access(arguments.navgraph, os.X_OK):
        sys.exit(f"{arguments.navgraph} is missing: build it with swift build -c release --product navgraph, or pass --navgraph")
    sizes = [int(size) for size in arguments.routes.split(",")]
    if len(sizes) < 2:
        sys.exit("--routes needs at least two sizes to fit an exponent")
    scratch = tempfile.mkdtemp(prefix="navgraph-route-sweep-")
    measured = {label: [] for label, _ in CONFIGURATIONS}
    print(f"navgraph verify on graphs of R routes and 13 reachable states, processor seconds, median (lowest–highest) of {arguments.runs}")
    print("")
    print("| routes | " + " | ".join(label for label, _ in CONFIGURATIONS) + " |")
    print("|---:|" + "---:|" * len(CONFIGURATIONS))
    try:
        for routes in sizes:
            path = os.path.join(scratch, f"Sweep{routes}.navgraph.yaml")
            with open(path, "w") as handle:
                handle.write(subprocess.run([sys.executable, GENERATOR, "sweep", str(routes)], check=True,
                                            capture_output=True, text=True).stdout)
            cells = []
            for label, extra in CONFIGURATIONS:
                runs = [seconds_of(arguments.navgraph, path, extra, scratch) for _ in range(arguments.runs)]
                median = statistics.median(runs)
                measured[label].append((routes, median))
                cells.append(f"{median:.3f} ({min(runs):.3f}–{max(runs):.3f})")
            print(f"| {routes:,} | " + " | ".join(cells) + " |", flush=True)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print("")
    over = []
    upper = sizes[len(sizes) // 2 - 1:] if len(sizes) > 3 else sizes
    for label, _ in CONFIGURATIONS:
        whole = exponent(measured[label])
        top = exponent([point for point in measured[label] if point[0] in upper])
        print(f"{label}: time ~ R^{whole:.2f} over {sizes[0]:,}–{sizes[-1]:,} routes, R^{top:.2f} over {upper[0]:,}–{upper[-1]:,}")
        if max(whole, top) > arguments.limit:
            over.append(label)
    if over:
        print(f"grows faster than R^{arguments.limit}: {', '.join(over)}")
        sys.exit(1)
    print(f"every configuration grows at most as R^{arguments.limit}.")


if __name__ == "__main__":
    main()
