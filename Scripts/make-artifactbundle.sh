#!/usr/bin/env bash
# Builds navgraph and navgraph-generate in release, with the Swift runtime linked in statically, and
# assembles them as a SwiftPM artifact bundle: Plugins/Prebuilt/navgraph.artifactbundle (the
# package there runs NavGraph's plugins on it), and a zip beside it with its checksum, to attach
# to a release. The bundle holds this machine's variant (Linux or macOS, its architecture); Graphviz
# and BuDDy stay shared libraries, which the machine running it needs (README's Install).
#
#   Scripts/make-artifactbundle.sh [output folder]   (default: Plugins/Prebuilt)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-Plugins/Prebuilt}
swift=${SWIFT:-swift}

static=()
case "$(uname -s)" in
    Linux) static=(--static-swift-stdlib); os=linux ;;
    Darwin) os=macos ;;
    *) echo "make-artifactbundle: unsupported system $(uname -s)" >&2; exit 2 ;;
esac
"$swift" build -c release --product navgraph "${static[@]}"
"$swift" build -c release --product navgraph-generate "${static[@]}"
bin=$("$swift" build -c release --show-bin-path)
triple=$("$swift" -print-target-info | python3 -c 'import json,sys; print(json.load(sys.stdin)["target"]["unversionedTriple"])')
version=$(sed -n 's/.*current = "\(.*\)".*/\1/p' Sources/NavigationReports/NavGraphVersion.swift | head -1)
[ -n "$version" ] || { echo "make-artifactbundle: cannot read the version from Sources/NavigationReports/NavGraphVersion.swift" >&2; exit 2; }

bundle="$out/navgraph.artifactbundle"
rm -rf "$bundle"
variant="navgraph-$version-$os-$(uname -m)"
mkdir -p "$bundle/$variant/bin"
cp "$bin/navgraph" "$bin/navgraph-generate" "$bundle/$variant/bin/"
# Without their symbols they are a fifth of the size (a release attaches them zipped).
if command -v strip >/dev/null; then strip "$bundle/$variant/bin/navgraph" "$bundle/$variant/bin/navgraph-generate"; fi
cp LICENSE "$bundle/"
python3 - "$bundle/info.json" "$version" "$variant" "$triple" <<'PY'
import json, sys
path, version, variant, triple = sys.argv[1:]
artifacts = {
    name: {"type": "executable", "version": version,
           "variants": [{"path": f"{variant}/bin/{name}", "supportedTriples": [triple]}]}
    for name in ("navgraph", "navgraph-generate")
}
with open(path, "w") as f:
    json.dump({"schemaVersion": "1.0", "artifacts": artifacts}, f, indent=2, sort_keys=True)
    f.write("\n")
PY
echo "wrote $bundle ($variant, $triple)"
if command -v zip >/dev/null; then
    (cd "$out" && rm -f navgraph.artifactbundle.zip && zip -qry navgraph.artifactbundle.zip navgraph.artifactbundle)
    echo "zip: $out/navgraph.artifactbundle.zip, checksum $("$swift" package compute-checksum "$out/navgraph.artifactbundle.zip")"
fi
