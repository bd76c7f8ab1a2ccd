#!/bin/sh
# Prints, for each sample graph, the route map's drawn edges (visible DOT edges), its image size
# (graph.svg, in points) and the render time, beside the transitions the graph declares after
# group expansion; then what drawing costs `verify` on a corpus (default diagrams against
# --diagrams none, and the focus diagrams written). Benchmarks/Diagrams.md keeps the tables.
#
#   NAVGRAPH=.build/release/navgraph [RUNS=3] [VERIFY_COST=0] Scripts/diagram-figures.sh [graphs…]
set -eu
navgraph=${NAVGRAPH:-.build/release/navgraph}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
[ $# -gt 0 ] || set -- Graphs/*.navgraph.yaml
printf '%-14s %12s %12s %16s %10s\n' graph transitions "drawn edges" "image (pt)" "render"
for graph in "$@"; do
    name=$(basename "$graph" .navgraph.yaml)
    "$navgraph" render "$graph" --format dot --output "$work/graph.dot" >/dev/null
    drawn=$(grep -- ' -> ' "$work/graph.dot" | grep -vc 'style=invis' || true)
    start=$(date +%s%N)
    "$navgraph" render "$graph" --output "$work/graph.svg" >/dev/null
    end=$(date +%s%N)
    size=$(head -c 1000 "$work/graph.svg" | sed -n 's/.*<svg width="\([0-9.]*\)pt" height="\([0-9.]*\)pt".*/\1x\2/p')
    [ -n "$size" ] || size=$(head -c 1000 "$work/graph.svg" | tr '\n' ' ' | sed -n 's/.*<svg width="\([0-9.]*\)pt" height="\([0-9.]*\)pt".*/\1x\2/p')
    "$navgraph" verify "$graph" --reports "$work/reports" --diagrams none --quiet --checker explicit --max-states 1 >"$work/outcome.json" 2>/dev/null || true
    transitions=$(python3 -c "import json,glob; d=json.load(open(glob.glob('$work/reports/*/report.json')[0])); print(len(d['transitionsTaken'])+len(d['transitionsNotTaken']))" 2>/dev/null || echo "?")
    rm -rf "$work/reports"
    printf '%-14s %12s %12s %16s %9ss\n' "$name" "$transitions" "$drawn" "$size" "$(echo "scale=2; ($end - $start) / 1000000000" | bc)"
done

# What drawing costs `verify` (issue 35): whole-process CPU seconds (user + sys, median of RUNS)
# with the default diagrams and with --diagrams none, their ratio, and the difference, which is
# Graphviz's layouts plus the diagrams' text. The corpus: the samples, the example package's
# graphs, and generated graphs past the layout limit (Scripts/generate-large-graph.py).
[ "${VERIFY_COST:-1}" = 1 ] || exit 0
runs=${RUNS:-3}
generator=$(dirname "$0")/generate-large-graph.py
python3 "$generator" chain 10000 > "$work/Chain10000.navgraph.yaml"
python3 "$generator" chain 3000 > "$work/Chain3000.navgraph.yaml"
python3 "$generator" tree 1000 1249 > "$work/Tree1000x1249.navgraph.yaml"
python3 "$generator" random 250 500 > "$work/Random250x500.navgraph.yaml"
python3 "$generator" random 110 219 > "$work/Random110x219.navgraph.yaml"
cpu() { # median CPU seconds of `navgraph verify "$@"` over $runs runs
    for run in $(seq "$runs"); do
        /usr/bin/time -o "$work/time" -f "%U %S" "$navgraph" verify "$@" --reports "$work/cpu" --quiet >/dev/null 2>&1 || true
        tail -1 "$work/time" | awk '{ printf "%.2f\n", $1 + $2 }'
        rm -rf "$work/cpu"
    done | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}
echo
printf '%-22s %10s %10s %8s %10s %8s\n' graph default none ratio drawing focus
for graph in Graphs/*.navgraph.yaml Examples/NavGraphExample/Graphs/*.navgraph.yaml Examples/NavGraphExample/Sources/ShopApp/*.navgraph.yaml \
             "$work"/Chain3000.navgraph.yaml "$work"/Chain10000.navgraph.yaml "$work"/Tree1000x1249.navgraph.yaml \
             "$work"/Random110x219.navgraph.yaml "$work"/Random250x500.navgraph.yaml; do
    name=$(basename "$graph" .navgraph.yaml)
    with=$(cpu "$graph")
    without=$(cpu "$graph" --diagrams none)
    "$navgraph" verify "$graph" --reports "$work/focus" --quiet >/dev/null 2>&1 || true
    focus=$(find "$work/focus" -name 'focus-*.svg' | wc -l)
    rm -rf "$work/focus"
    printf '%-22s %9ss %9ss %7sx %9ss %8s\n' "$name" "$with" "$without" \
        "$(echo "scale=2; $with / ($without + 0.005)" | bc)" "$(echo "scale=2; $with - $without" | bc)" "$focus"
done
