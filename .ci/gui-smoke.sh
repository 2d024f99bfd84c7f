#!/usr/bin/env bash
# Real-window smoke test of the desktop designer: start it under Xvfb on a layered
# preset, let it render,
# screenshot, check the preview is not blank, zoom with the mouse wheel and check the
# window answered. Screenshots go to ci-artifacts/. Exit status 0 = pass.
set -euo pipefail
cd "$(dirname "$0")/.."

ART="$PWD/ci-artifacts"
mkdir -p "$ART"
SHOT="$ART/gui-smoke.png"
SHOT2="$ART/gui-smoke-zoomed.png"
LOG="$ART/gui-smoke.log"
fail() { echo "gui-smoke: FAIL: $*" >&2; [ -f "$LOG" ] && tail -n 30 "$LOG" >&2; exit 1; }

# --- tools -----------------------------------------------------------------
need=()
command -v Xvfb >/dev/null || need+=(xvfb)
command -v xdotool >/dev/null || need+=(xdotool)
command -v import >/dev/null || need+=(imagemagick)
for pkg in libgl1-mesa-dri libegl1 libgl1 libxkbcommon-x11-0 libxcursor1 libxrandr2 libxi6; do
    dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
    echo "gui-smoke: installing ${need[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq "${need[@]}" >/dev/null
fi
# ImageMagick's real convert (a stand-in may sit earlier in PATH).
CONVERT=convert
[ -x /usr/bin/convert ] && CONVERT=/usr/bin/convert
COMPARE=compare

BIN="${LATTICE_BIN:-${CARGO_TARGET_DIR:-target}/debug/lattice-studio}"
if [ ! -x "$BIN" ]; then
    echo "gui-smoke: building $BIN"
    cargo build --bin lattice-studio
fi

# --- display ---------------------------------------------------------------
DISP=99
while [ -e "/tmp/.X${DISP}-lock" ]; do DISP=$((DISP + 1)); done
export DISPLAY=":$DISP"
Xvfb "$DISPLAY" -screen 0 1400x900x24 -nolisten tcp >"$ART/xvfb.log" 2>&1 &
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
# A fresh data dir: no remembered window or preset from earlier runs. A layered preset
# (three layers, one a mask), so the Layers panel and the composite are on screen.
XDG_DATA_HOME="$DATA_DIR" LIBGL_ALWAYS_SOFTWARE=1 "$BIN" presets/layered-terrain.ron >"$LOG" 2>&1 &
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
echo "gui-smoke: window $WIN at ${X},${Y} size ${WIDTH}x${HEIGHT}"

# The preview is the middle of the window (between the side panels).
CW=$((WIDTH / 4)); CH=$((HEIGHT / 3))
CX=$((X + WIDTH / 2 - CW / 2)); CY=$((Y + HEIGHT / 2 - CH / 2))
CROP="${CW}x${CH}+${CX}+${CY}"
stddev() { "$CONVERT" "$1" -crop "$CROP" +repage -colorspace gray -format '%[fx:standard_deviation]' info:; }

SD=0
for _ in $(seq 60); do
    sleep 1
    kill -0 "$APP_PID" 2>/dev/null || fail "the app exited while rendering"
    import -window root "$SHOT"
    SD="$(stddev "$SHOT")"
    awk -v s="$SD" 'BEGIN { exit !(s > 0.03) }' && break
done
echo "gui-smoke: screenshot $SHOT (preview std dev $SD)"
awk -v s="$SD" 'BEGIN { exit !(s > 0.03) }' || fail "the preview area looks blank (std dev $SD)"

# Zoom in with the wheel over the preview; the preview must change.
xdotool mousemove $((X + WIDTH / 2)) $((Y + HEIGHT / 2))
for _ in $(seq 6); do xdotool click 4; sleep 0.1; done
sleep 1.5
import -window root "$SHOT2"
DIFF="$("$COMPARE" -metric AE -crop "$CROP" "$SHOT" "$SHOT2" null: 2>&1 || true)"
echo "gui-smoke: screenshot $SHOT2 (pixels changed by zoom: $DIFF)"
kill -0 "$APP_PID" 2>/dev/null || fail "the app exited after the zoom"
awk -v d="${DIFF%% *}" 'BEGIN { exit !(d + 0 > 1000) }' || fail "the window did not react to the mouse wheel"

echo "gui-smoke: PASS"
