#!/usr/bin/env bash
# Real-window test of the 3D terrain view: start the designer with `--view 3d` under Xvfb
# (Mesa's software OpenGL), wait for the surface, screenshot, check the view is not blank,
# orbit with a left-button drag (xdotool), and check the picture changed. Screenshots go
# to ci-artifacts/. Exit status 0 = pass.
set -euo pipefail
cd "$(dirname "$0")/.."

ART="$PWD/ci-artifacts"
mkdir -p "$ART"
SHOT="$ART/gui-3d.png"
SHOT2="$ART/gui-3d-orbited.png"
LOG="$ART/gui-3d.log"
fail() { echo "gui-3d: FAIL: $*" >&2; [ -f "$LOG" ] && tail -n 30 "$LOG" >&2; exit 1; }

# --- tools -----------------------------------------------------------------
need=()
command -v Xvfb >/dev/null || need+=(xvfb)
command -v xdotool >/dev/null || need+=(xdotool)
command -v import >/dev/null || need+=(imagemagick)
for pkg in libgl1-mesa-dri libegl1 libgl1 libxkbcommon-x11-0 libxcursor1 libxrandr2 libxi6; do
    dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
    echo "gui-3d: installing ${need[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq "${need[@]}" >/dev/null
fi
CONVERT=convert
[ -x /usr/bin/convert ] && CONVERT=/usr/bin/convert
COMPARE=compare

BIN="${LATTICE_BIN:-${CARGO_TARGET_DIR:-target}/debug/lattice-studio}"
if [ ! -x "$BIN" ]; then
    echo "gui-3d: building $BIN"
    cargo build --bin lattice-studio
fi

# --- display ---------------------------------------------------------------
DISP=99
while [ -e "/tmp/.X${DISP}-lock" ]; do DISP=$((DISP + 1)); done
export DISPLAY=":$DISP"
Xvfb "$DISPLAY" -screen 0 1400x900x24 -nolisten tcp >"$ART/xvfb-3d.log" 2>&1 &
XVFB_PID=$!
APP_PID=""
DATA_DIR="$(mktemp -d)"
cleanup() {
    [ -n "$APP_PID" ] && kill "$APP_PID" 2>/dev/null || true
    kill "$XVFB_PID" 2>/dev/null || true
    rm -rf "$DATA_DIR"
}
trap cleanup EXIT
for _ in $(seq 50); do xdotool getdisplaygeometry >/dev/null 2>&1 && break; sleep 0.2; done
xdotool getdisplaygeometry >/dev/null 2>&1 || fail "Xvfb did not start on $DISPLAY"

# --- app -------------------------------------------------------------------
XDG_DATA_HOME="$DATA_DIR" LIBGL_ALWAYS_SOFTWARE=1 "$BIN" presets/terrain.ron --view 3d >"$LOG" 2>&1 &
APP_PID=$!
WIN=""
for _ in $(seq 150); do
    kill -0 "$APP_PID" 2>/dev/null || fail "the app exited early"
    WIN="$(xdotool search --name "Lattice Studio" 2>/dev/null | head -n1 || true)"
    [ -n "$WIN" ] && break
    sleep 0.2
done
[ -n "$WIN" ] || fail "no window titled 'Lattice Studio' appeared"
eval "$(xdotool getwindowgeometry --shell "$WIN")"   # X Y WIDTH HEIGHT
echo "gui-3d: window $WIN at ${X},${Y} size ${WIDTH}x${HEIGHT}"

# The middle of the 3D view (between the side panels, below the view bar).
CW=$((WIDTH / 4)); CH=$((HEIGHT / 3))
CX=$((X + WIDTH / 2 - CW / 2)); CY=$((Y + HEIGHT / 2 - CH / 2 + 30))
CROP="${CW}x${CH}+${CX}+${CY}"
stddev() { "$CONVERT" "$1" -crop "$CROP" +repage -colorspace gray -format '%[fx:standard_deviation]' info:; }

SD=0
for _ in $(seq 90); do
    sleep 1
    kill -0 "$APP_PID" 2>/dev/null || fail "the app exited while meshing"
    import -window root "$SHOT"
    SD="$(stddev "$SHOT")"
    awk -v s="$SD" 'BEGIN { exit !(s > 0.03) }' && break
done
echo "gui-3d: screenshot $SHOT (view std dev $SD)"
awk -v s="$SD" 'BEGIN { exit !(s > 0.03) }' || fail "the 3D view looks blank (std dev $SD)"
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
DIFF="$("$COMPARE" -metric AE -crop "$CROP" "$SHOT" "$SHOT2" null: 2>&1 || true)"
echo "gui-3d: screenshot $SHOT2 (pixels changed by the orbit: $DIFF)"
kill -0 "$APP_PID" 2>/dev/null || fail "the app exited after the orbit"
awk -v d="${DIFF%% *}" 'BEGIN { exit !(d + 0 > 5000) }' || fail "the view did not turn when dragged"
SD2="$(stddev "$SHOT2")"
awk -v s="$SD2" 'BEGIN { exit !(s > 0.03) }' || fail "the orbited view looks blank (std dev $SD2)"

echo "gui-3d: PASS"
