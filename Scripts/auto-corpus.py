#!/usr/bin/env python3
"""Runs `navgraph verify` with each engine (explicit, symbolic, auto) on a corpus and says whether
`auto` kept up with the better engine on every graph (issue 35: auto <= 1.2x the better engine,
never inconclusive where either engine finished inside the budget).

  Scripts/auto-corpus.py [--navgraph .build/release/navgraph] [--timeout 60] [--random 50] [--before OTHER_NAVGRAPH]

The corpus: every document under Graphs/ and the Examples' documents, Onboarding at
--max-depth 64 --max-modal-depth 16, a 10,000-route chain, 40 toggling flags over 3 routes, the
app-shaped benchmark graph, and seeded random graphs (Scripts/generate-large-graph.py). Each run
is one process, timed by its processor seconds (user + system, getrusage of the child), with
--diagrams none and --timeout; a run the timeout or the memory budget stopped is inconclusive.
With --before, auto also runs with another build of navgraph (say, main's) right after this
one's on each graph, so both are timed under the same load, in a column of its own.
Prints a Markdown table and exits 1 when auto is behind (over 1.2x the better engine and more
than 0.3 s behind, so start-up noise on tiny graphs does not count) or inconclusive where an
engine finished.
"""
import argparse
import glob
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GENERATOR = os.path.join(ROOT, "Scripts", "generate-large-graph.py")


def flags_document(count):
    names = [f"f{index}" for index in range(count)]
    lines = ["navgraph: 1", f"name: Flags{count}", "root: a", "routes: { a: {}, b: {}, c: {} }",
             "transitions: [{ from: a, to: b }, { from: b, to: c }, { from: a, to: c, style: sheet }]",
             "flags: { " + ", ".join(f"{name}: false" for name in names) + " }", "events:"]
    for name in names:
        lines.append(f"  set_{name}: {{ when: not {name}, set: {{ {name}: true }} }}")
        lines.append(f"  clear_{name}: {{ when: {name}, set: {{ {name}: false }} }}")
    return "\n".join(lines) + "\n"


def corpus(scratch, random_count):
    """(label, path, extra arguments) for every graph."""
    graphs = []
    for path in sorted(glob.glob(os.path.join(ROOT, "Graphs", "*.navgraph.yaml"))):
        graphs.append((os.path.basename(path).replace(".navgraph.yaml", ""), path, []))
    for path in sorted(glob.glob(os.path.join(ROOT, "Examples", "**", "*.navgraph.yaml"), recursive=True)):
        graphs.append(("Examples/" + os.path.basename(path).replace(".navgraph.yaml", ""), path, []))
    graphs.append(("AppShaped (Benchmarks)", os.path.join(ROOT, "Benchmarks", "Graphs", "AppShaped.navgraph.yaml"), []))
    graphs.append(("Onboarding at 64/16", os.path.join(ROOT, "Graphs", "Onboarding.navgraph.yaml"),
                   ["--max-depth", "64", "--max-modal-depth", "16"]))

    def generated(name, arguments):
        path = os.path.join(scratch, f"{name}.navgraph.yaml")
        with open(path, "w") as handle:
            handle.write(subprocess.run([sys.executable, GENERATOR] + arguments, check=True, capture_output=True, text=True).stdout)
        return path

    graphs.append(("chain of 10,000 routes", generated("Chain10000", ["chain", "10000"]), []))
    flags = os.path.join(scratch, "Flags40.navgraph.yaml")
    with open(flags, "w") as handle:
        handle.write(flags_document(40))
    graphs.append(("40 toggling flags, 3 routes", flags, []))
    for seed in range(1, random_count + 1):
        # Sizes vary with the seed: 8-40 routes, 1.5-3 pushes a route, a tree every third graph.
        routes = 8 + (seed * 7) % 33
        edges = routes + routes * (1 + seed % 4) // 2
        kind = "tree" if seed % 3 == 0 else "random"
        graphs.append((f"{kind} {routes} routes {edges} pushes (seed {seed})",
                       generated(f"{kind}-{seed}", [kind, str(routes), str(edges), str(seed)]), ["--max-depth", "6"]))
    return graphs


def run(navgraph, path, extra, engine, timeout, scratch):
    reports = tempfile.mkdtemp(dir=scratch)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    process = subprocess.run([navgraph, "verify", path, "--checker", engine, "--diagrams", "none", "--timeout", str(timeout),
                              "--reports", reports, "--quiet"] + extra, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    seconds = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    status, chosen = "error", engine
    for report in glob.glob(os.path.join(reports, "*", "report.json")):
        with open(report) as handle:
            data = json.load(handle)
        status = data.get("status", "error")
        chosen = (data.get("engine") or {}).get("name", engine)
        # A search cut short still fails what it saw fail: that is not finishing.
        if status == "failed" and not (data.get("statistics") or {}).get("complete", False):
            status = "failed, cut short"
    if status == "error":
        # A graph the symbolic engine does not model is refused by name (no report): not a run.
        text = (process.stderr or process.stdout).strip().splitlines()
        status = "unsupported" if engine == "symbolic" and "does not model" in process.stderr else "error: " + (text[-1] if text else f"exit {process.returncode}")
    shutil.rmtree(reports, ignore_errors=True)
    return seconds, status, chosen


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--navgraph", default=os.path.join(ROOT, ".build", "release", "navgraph"))
    parser.add_argument("--timeout", type=int, default=60)
    parser.add_argument("--random", type=int, default=50)
    parser.add_argument("--before", help="another navgraph whose auto is timed beside this one's (a column 'auto before')")
    arguments = parser.parse_args()
    if not os.access(arguments.navgraph, os.X_OK):
        sys.exit(f"{arguments.navgraph} is missing: build it with swift build -c release --product navgraph, or pass --navgraph")
    scratch = tempfile.mkdtemp(prefix="navgraph-auto-corpus-")
    behind = []
    print(f"auto against the better engine, processor seconds of one `navgraph verify --diagrams none --timeout {arguments.timeout}` each")
    print("(passed/failed: finished; \"failed, cut short\" and inconclusive: a budget stopped it; unsupported: the symbolic engine does not model it).")
    print("")
    before_header = " auto before (engine) |" if arguments.before else ""
    print(f"| graph | explicit | symbolic |{before_header} auto (engine) | better | auto × better |")
    print("|---|---:|---:|" + ("---:|" if arguments.before else "") + "---:|---|---:|")
    try:
        for label, path, extra in corpus(scratch, arguments.random):
            results = {engine: run(arguments.navgraph, path, extra, engine, arguments.timeout, scratch) for engine in ("explicit", "symbolic", "auto")}
            before_cell = ""
            if arguments.before:
                seconds, status, chosen = run(arguments.before, path, extra, "auto", arguments.timeout, scratch)
                before_cell = f" {seconds:.2f} ({chosen}, {status}) |"
            finished = {engine: seconds for engine, (seconds, status, _) in results.items()
                        if engine != "auto" and status in ("passed", "failed")}
            better = min(finished, key=finished.get) if finished else None
            auto_seconds, auto_status, auto_engine = results["auto"]
            ratio = auto_seconds / finished[better] if better and finished[better] > 0 else None
            if better and auto_status not in ("passed", "failed"):
                behind.append(f"{label}: auto {auto_status} where {better} finished")
            elif better and ratio and ratio > 1.2 and auto_seconds - finished[better] > 0.3:
                behind.append(f"{label}: auto {auto_seconds:.2f} s against {better} {finished[better]:.2f} s")
            cells = [f"{seconds:.2f} ({status})" for seconds, status, _ in (results["explicit"], results["symbolic"])]
            print(f"| {label} | {cells[0]} | {cells[1]} |{before_cell} {auto_seconds:.2f} ({auto_engine}, {auto_status}) | {better or '–'} "
                  f"| {f'{ratio:.2f}×' if ratio else '–'} |", flush=True)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print("")
    if behind:
        print("auto is behind the better engine on:")
        for line in behind:
            print(f"- {line}")
        sys.exit(1)
    print("auto kept up with the better engine on every graph.")


if __name__ == "__main__":
    main()
