#!/usr/bin/env python3
"""Fails when a product that must link no C library reaches a system-library target.

  swift package dump-package | Scripts/check-system-libraries.py NavigationChecker NavigationCheckerTesting

Reads the package description SwiftPM prints (`swift package dump-package`, JSON) on standard
input, follows each named product's targets through their target and by-name dependencies, and
exits 1 naming the path to every `system` target reached (CBuDDy, CGraphviz): an app's iOS test
bundle cannot link a host system library. Products of other packages (Yams) are leaves here:
their C code is compiled from source, not a system library. Exits 2 on a product it does not
know, so a renamed product cannot make the check pass by checking nothing.
"""
import json
import sys


def dependency_names(target):
    """The names of the package's own targets a target depends on."""
    names = []
    for dependency in target.get("dependencies", []):
        for kind in ("target", "byName"):
            if kind in dependency:
                names.append(dependency[kind][0])
    return names


def main(products):
    if not products:
        sys.stderr.write(__doc__)
        return 2
    package = json.load(sys.stdin)
    targets = {target["name"]: target for target in package["targets"]}
    declared = {product["name"]: product["targets"] for product in package["products"]}
    failures = []
    for product in products:
        if product not in declared:
            sys.stderr.write(f"check-system-libraries: no product named {product} in the package\n")
            return 2
        # Breadth-first, keeping the path that first reached each target.
        paths = {name: [product, name] for name in declared[product]}
        queue = list(declared[product])
        while queue:
            name = queue.pop(0)
            target = targets.get(name)
            if target is None:
                continue  # a product of another package, named by name
            if target["type"] == "system":
                failures.append(" → ".join(paths[name]))
                continue
            for dependency in dependency_names(target):
                if dependency not in paths:
                    paths[dependency] = paths[name] + [dependency]
                    queue.append(dependency)
        print(f"{product}: {len(paths) - 1} targets reached, no system library" if not any(f.startswith(product + " ") for f in failures)
              else f"{product}: reaches a system library")
    for failure in failures:
        sys.stderr.write(f"error: {failure} is a system library: this product must link no C library "
                         "(move the dependency behind NavigationCheckerSymbolic or another product of its own)\n")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
