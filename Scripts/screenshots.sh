#!/usr/bin/env bash
# The screenshots docs/Guide.md shows, taken from the committed reports in headless Chromium as a person
# sees the page: the Mastodon sample's report.html (heading, verdicts, the route map) and the
# Account sample's first counterexample (its storyboard, after following its link).
#
#   Scripts/screenshots.sh     (after `make demo`; writes docs/images/*.png)
set -euo pipefail
cd "$(dirname "$0")/.."
browser=""
for candidate in chromium chromium-browser google-chrome; do
    if command -v "$candidate" >/dev/null; then browser=$candidate; break; fi
done
[ -n "$browser" ] || { echo "screenshots: no chromium; apt-get install chromium (make test-deps)" >&2; exit 2; }
if ! fc-list 2>/dev/null | grep -qi emoji; then
    echo "screenshots: no colour emoji font (apt-get install fonts-noto-color-emoji): the verdicts' icons show as empty boxes" >&2
fi
mkdir -p docs/images
shot() {
    local output=$1 url=$2 size=$3
    "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size="$size" \
        --screenshot="$(cd "$(dirname "$output")" && pwd)/$(basename "$output")" "$url" >/dev/null 2>&1
    test -s "$output" || { echo "screenshots: $output was not written" >&2; exit 1; }
    echo "wrote $output"
}
shot docs/images/report-overview.png "file://$PWD/Reports/Mastodon/report.html" 1600,1300
# The first counterexample as a person sees it after following its link. Headless Chromium's
# screenshot is taken from the top of the page whatever the scroll position, so a copy of the
# page moves its content up by as much as the link scrolls (to the section's top).
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sed 's|</body>|<script>const top0 = document.getElementById("trace-0").getBoundingClientRect().top; document.body.style.transform = "translateY(" + (-top0) + "px)";</script></body>|' \
    Reports/Account/report.html > "$work/report.html"
shot docs/images/report-storyboard.png "file://$work/report.html" 1400,1000
# A route clicked in the Mastodon overview: the panel above the map lists the properties that
# mention it (the page moved up to the search box, as above).
sed 's|</body>|<script>const account = [...document.querySelectorAll(".diagram.overview g.node")].find((node) => node.querySelector("title")?.textContent === "account"); account.dispatchEvent(new MouseEvent("click", { bubbles: true })); const top1 = document.getElementById("route-search").getBoundingClientRect().top - 10; document.body.style.transform = "translateY(" + (-top1) + "px)";</script></body>|' \
    Reports/Mastodon/report.html > "$work/route.html"
shot docs/images/report-route-panel.png "file://$work/route.html" 1400,700
