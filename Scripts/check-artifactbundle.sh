#!/usr/bin/env bash
# A team's package that takes NavGraph's plugins prebuilt (Plugins/Prebuilt, over the artifact
# bundle `make artifactbundle` writes), in a fresh folder: `swift package navgraph verify` writes
# the reports, `swift package navgraph-check lint` runs without permission to write, and a build
# generates the navigators with the prebuilt generator; none of NavGraph's tools is compiled.
# Prints each step's wall time.
#
#   Scripts/check-artifactbundle.sh [folder]   (default: a new temporary folder)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
swift=${SWIFT:-swift}
[ -f "$repo/Plugins/Prebuilt/navgraph.artifactbundle/info.json" ] || { echo "check-artifactbundle: no bundle; run make artifactbundle first" >&2; exit 2; }
dir=${1:-$(mktemp -d)}/TeamApp
rm -rf "$dir"
mkdir -p "$dir/Sources/TeamApp"
cat > "$dir/Package.swift" <<SWIFT
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "TeamApp",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [
        .package(name: "NavGraph", path: "$repo"),                      // the runtime the app links
        .package(name: "NavGraphPrebuilt", path: "$repo/Plugins/Prebuilt"),  // the plugins, prebuilt
    ],
    targets: [
        .target(name: "TeamApp", dependencies: [.product(name: "NavigationGraph", package: "NavGraph")],
                plugins: [.plugin(name: "NavGraphPrebuiltGeneratePlugin", package: "NavGraphPrebuilt")]),
    ],
    swiftLanguageModes: [.v6]
)
SWIFT
cp "$repo/Graphs/Onboarding.navgraph.yaml" "$dir/Sources/TeamApp/Onboarding.navgraph.yaml"
cat > "$dir/Sources/TeamApp/Start.swift" <<'SWIFT'
import NavigationGraph

/// Uses what the prebuilt generator wrote: the route enum and its store.
@MainActor public func start() throws -> Int {
    let store = try OnboardingRoute.makeStore()
    return store.state.depth
}
SWIFT
cd "$dir"
step() {
    local name=$1; shift
    local start=$(date +%s%N)
    if ! "$@" > "$dir/$name.log" 2>&1; then
        echo "check-artifactbundle: '$*' failed:" >&2; tail -n 30 "$dir/$name.log" >&2; exit 1
    fi
    local tenths=$(( ($(date +%s%N) - start) / 100000000 ))
    printf '%-8s %4d.%d s  %s\n' "$name" $((tenths / 10)) $((tenths % 10)) "$*"
}
# NavGraph itself (the runtime) brings its own plugins with the same verbs: --package picks these.
step verify "$swift" package plugin --allow-writing-to-package-directory --package prebuilt navgraph verify
test -s Reports/Onboarding/report.json || { echo "check-artifactbundle: verify wrote no Reports/Onboarding/report.json" >&2; exit 1; }
step lint "$swift" package plugin --package prebuilt navgraph-check lint
step build "$swift" build
# Neither tool was compiled from source: the plugins ran the bundle's.
if grep -E "Compiling (NavGraphCommand|navgraph|NavigationCodegen)|Linking navgraph" "$dir"/*.log; then
    echo "check-artifactbundle: a NavGraph tool was compiled from source (above)" >&2; exit 1
fi
echo "check-artifactbundle: ok ($dir)"
