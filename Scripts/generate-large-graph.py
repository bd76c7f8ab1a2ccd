#!/usr/bin/env python3
"""Writes a large graph document for measuring NavGraph's diagrams and explorer.

  Scripts/generate-large-graph.py chain 10000 > /tmp/Chain10000.navgraph.yaml
  Scripts/generate-large-graph.py random 250 500 [seed] > /tmp/Random250.navgraph.yaml
  Scripts/generate-large-graph.py tree 1000 1250 [seed] > /tmp/Tree1000.navgraph.yaml

chain N: routes r0 … r(N-1), root r0, a push from each route to the next.
random R E: routes r0 … r(R-1), root r0, a push from r(i-1) to r(i) for every route (so all are
reachable), then pushes between routes drawn from a seeded generator until there are E edges.
tree R E: as random, but each route r(i) is pushed from a random earlier route instead of r(i-1)
(a shallower graph: its random pushes span fewer ranks).
synthetic R K F D [seed]: the benchmarks' SyntheticGraph (Tests/BenchmarkSupport) as a document: R
routes, K pushes out of each (every third guarded by a flag), F flags each with a set and a clear
event, stack depth D; the same seeded generator, so the same graph the in-process harness explores.
sweep R [seed]: R routes (R >= 13) of which 13 states are reachable whatever R: root r0 pushes r1 …
r12 and nothing else, stack depth 2, so the pushes out of r1 … r12 (two each, seeded, like every
other route's) are cut by the depth bound and r13 … r(R-1) are never reached. What grows with R is
the document, lint, verdicts, coverage and the reports, not the search (Scripts/route-sweep.py).
"""
import random
import sys


def chain(routes):
    lines = ["navgraph: 1", f"name: Chain{routes}", "root: r0", "routes:"]
    lines += [f"  r{index}: {{}}" for index in range(routes)]
    lines.append("transitions:")
    lines += [f"  - {{ from: r{index}, to: r{index + 1} }}" for index in range(routes - 1)]
    lines += ["bounds:", "  maxStackDepth: 64"]
    return "\n".join(lines) + "\n"


def random_graph(routes, edges, seed, tree=False):
    generator = random.Random(seed)
    pairs = [(generator.randrange(index) if tree else index - 1, index) for index in range(1, routes)]
    seen = set(pairs)
    while len(pairs) < edges:
        pair = (generator.randrange(routes), generator.randrange(routes))
        if pair[0] != pair[1] and pair not in seen:
            seen.add(pair)
            pairs.append(pair)
    lines = ["navgraph: 1", f"name: {'Tree' if tree else 'Random'}{routes}x{edges}", "root: r0", "routes:"]
    lines += [f"  r{index}: {{}}" for index in range(routes)]
    lines.append("transitions:")
    lines += [f"  - {{ from: r{source}, to: r{target} }}" for source, target in pairs]
    lines += ["bounds:", "  maxStackDepth: 3"]
    return "\n".join(lines) + "\n"


MASK = (1 << 64) - 1


def synthetic(routes, out_degree, flags, depth, seed=1):
    state = seed

    def draw():
        nonlocal state
        state = (state + 0x9E3779B97F4A7C15) & MASK
        mixed = state
        mixed = ((mixed ^ (mixed >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        mixed = ((mixed ^ (mixed >> 27)) * 0x94D049BB133111EB) & MASK
        return mixed ^ (mixed >> 31)

    lines = ["navgraph: 1", f"name: Synthetic-R{routes}-k{out_degree}-F{flags}-D{depth}", "root: r0", "routes:"]
    lines += [f"  r{index}: {{}}" for index in range(routes)]
    if flags:
        lines.append("flags:")
        lines += [f"  f{index}: false" for index in range(flags)]
        lines.append("events:")
        for index in range(flags):
            lines.append(f"  set_f{index}: {{ when: not f{index}, set: {{ f{index}: true }} }}")
            lines.append(f"  clear_f{index}: {{ when: f{index}, set: {{ f{index}: false }} }}")
    lines.append("transitions:")
    for source in range(routes):
        targets = []
        while len(targets) < min(out_degree, routes):
            target = draw() % routes
            if target not in targets:
                targets.append(target)
        for position, target in enumerate(targets):
            guard = f", when: f{(source + position) % flags}" if flags and position % 3 == 2 else ""
            lines.append(f"  - {{ from: r{source}, to: r{target}{guard} }}")
    lines += ["bounds:", f"  maxStackDepth: {depth}", "  maxModalDepth: 0", "  maxStates: 100000000"]
    return "\n".join(lines) + "\n"


def sweep(routes, seed=1):
    if routes < 13:
        raise SystemExit("sweep needs at least 13 routes")
    generator = random.Random(seed)
    lines = ["navgraph: 1", f"name: Sweep{routes}", "root: r0", "routes:"]
    lines += [f"  r{index}: {{}}" for index in range(routes)]
    lines.append("transitions:")
    lines += [f"  - {{ from: r0, to: r{index} }}" for index in range(1, 13)]
    for source in range(1, routes):
        targets = set()
        while len(targets) < 2:
            target = generator.randrange(1, routes)
            if target != source:
                targets.add(target)
        lines += [f"  - {{ from: r{source}, to: r{target} }}" for target in sorted(targets)]
    lines += ["bounds:", "  maxStackDepth: 2", "  maxModalDepth: 0"]
    return "\n".join(lines) + "\n"


def main(arguments):
    if len(arguments) >= 2 and arguments[0] == "chain":
        sys.stdout.write(chain(int(arguments[1])))
    elif len(arguments) >= 3 and arguments[0] in ("random", "tree"):
        seed = int(arguments[3]) if len(arguments) > 3 else 1
        sys.stdout.write(random_graph(int(arguments[1]), int(arguments[2]), seed, tree=arguments[0] == "tree"))
    elif len(arguments) >= 2 and arguments[0] == "sweep":
        sys.stdout.write(sweep(int(arguments[1]), int(arguments[2]) if len(arguments) > 2 else 1))
    elif len(arguments) >= 5 and arguments[0] == "synthetic":
        seed = int(arguments[5]) if len(arguments) > 5 else 1
        sys.stdout.write(synthetic(*(int(argument) for argument in arguments[1:5]), seed=seed))
    else:
        sys.stderr.write(__doc__)
        sys.exit(2)


if __name__ == "__main__":
    main(sys.argv[1:])
