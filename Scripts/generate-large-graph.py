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


def main(arguments):
    if len(arguments) >= 2 and arguments[0] == "chain":
        sys.stdout.write(chain(int(arguments[1])))
    elif len(arguments) >= 3 and arguments[0] in ("random", "tree"):
        seed = int(arguments[3]) if len(arguments) > 3 else 1
        sys.stdout.write(random_graph(int(arguments[1]), int(arguments[2]), seed, tree=arguments[0] == "tree"))
    else:
        sys.stderr.write(__doc__)
        sys.exit(2)


if __name__ == "__main__":
    main(sys.argv[1:])
