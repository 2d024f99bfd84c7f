#!/usr/bin/env bash
# Real-window smoke test of the desktop designer: start it under Xvfb, let it render,
# screenshot, check the preview is not blank, zoom with the mouse wheel and check the
# window answered. Screenshots go to ci-artifacts/. Exit status 0 = pass.
NAME=gui-smoke
source "$(dirname "$0")/xvfb-app.sh"

SHOT="$ART/gui-smoke.png"
SHOT2="$ART/gui-smoke-zoomed.png"
# A layered preset (three layers, one a mask), so the Layers panel and the composite
# are on screen.
start_app presets/layered-terrain.ron
set_crop 0
wait_not_blank "$SHOT" "the preview" 60

# Zoom in with the wheel over the preview; the preview must change.
xdotool mousemove $((X + WIDTH / 2)) $((Y + HEIGHT / 2))
for _ in $(seq 6); do xdotool click 4; sleep 0.1; done
sleep 1.5
import -window root "$SHOT2"
DIFF="$(changed_pixels "$SHOT" "$SHOT2")"
echo "gui-smoke: screenshot $SHOT2 (pixels changed by zoom: $DIFF)"
kill -0 "$APP_PID" 2>/dev/null || fail "the app exited after the zoom"
awk -v d="$DIFF" 'BEGIN { exit !(d + 0 > 1000) }' || fail "the window did not react to the mouse wheel"

echo "gui-smoke: PASS"
