#!/bin/sh
# Prints, for each sample graph, the route map's drawn edges (visible DOT edges), its image size
# (graph.svg, in points) and the render time, beside the transitions the graph declares after
# group expansion (Benchmarks/Diagrams.md keeps the measured table).
#
#   NAVGRAPH=.build/release/navgraph Scripts/diagram-figures.sh [graphs…]
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
