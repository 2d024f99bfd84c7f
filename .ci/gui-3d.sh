#!/usr/bin/env bash
# Real-window test of the 3D terrain view: start the designer with `--view 3d` under Xvfb
# (Mesa's software OpenGL), wait for the surface, screenshot, check the view is not blank,
# orbit with a left-button drag (xdotool), and check the picture changed. Screenshots go
# to ci-artifacts/. Exit status 0 = pass.
NAME=gui-3d
source "$(dirname "$0")/xvfb-app.sh"

SHOT="$ART/gui-3d.png"
SHOT2="$ART/gui-3d-orbited.png"
start_app presets/terrain.ron --view 3d
# The middle of the 3D view, below the view bar.
set_crop 30
wait_not_blank "$SHOT" "the 3D view" 90
grep -q "3D view cannot run here" "$LOG" && fail "the 3D view reported no usable OpenGL"

# Orbit: press the left button in the view and drag to the right and down.
MX=$((X + WIDTH / 2)); MY=$((Y + HEIGHT / 2 + 30))
xdotool mousemove "$MX" "$MY"
sleep 0.3
xdotool mousedown 1
for step in $(seq 1 12); do
    xdotool mousemove $((MX + step * 15)) $((MY + step * 4))
    sleep 0.08
done
xdotool mouseup 1
sleep 2
import -window root "$SHOT2"
DIFF="$(changed_pixels "$SHOT" "$SHOT2")"
echo "gui-3d: screenshot $SHOT2 (pixels changed by the orbit: $DIFF)"
kill -0 "$APP_PID" 2>/dev/null || fail "the app exited after the orbit"
awk -v d="$DIFF" 'BEGIN { exit !(d + 0 > 5000) }' || fail "the view did not turn when dragged"
not_flat "$(stddev "$SHOT2")" || fail "the orbited view looks blank"

echo "gui-3d: PASS"
