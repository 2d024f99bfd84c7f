# Shared by the real-window tests (.ci/gui-smoke.sh, .ci/gui-3d.sh); source it after
# setting NAME. Installs what the tests need, starts Xvfb on a free display and offers:
#   start_app ARGS...     start the designer (fresh data dir, Mesa software GL) and find
#                         its window: sets APP_PID, WIN, X, Y, WIDTH, HEIGHT
#   set_crop DY           the area to judge: the middle of the window, DY pixels lower
#   wait_not_blank SHOT WHAT SECONDS
#                         screenshots until the area is not flat; fails after SECONDS
#   changed_pixels A B    how many pixels of the area differ between two screenshots
# Screenshots and logs go to ci-artifacts/; fail() prints the app's log.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

ART="$PWD/ci-artifacts"
mkdir -p "$ART"
LOG="$ART/$NAME.log"
fail() { echo "$NAME: FAIL: $*" >&2; [ -f "$LOG" ] && tail -n 30 "$LOG" >&2; exit 1; }

# --- tools -----------------------------------------------------------------
need=()
command -v Xvfb >/dev/null || need+=(xvfb)
command -v xdotool >/dev/null || need+=(xdotool)
command -v import >/dev/null || need+=(imagemagick)
for pkg in libgl1-mesa-dri libegl1 libgl1 libxkbcommon-x11-0 libxcursor1 libxrandr2 libxi6; do
    dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
    echo "$NAME: installing ${need[*]}"
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
    echo "$NAME: building $BIN"
    cargo build --bin lattice-studio
fi

# --- display ---------------------------------------------------------------
DISP=99
while [ -e "/tmp/.X${DISP}-lock" ]; do DISP=$((DISP + 1)); done
export DISPLAY=":$DISP"
# -noreset: by default Xvfb resets when its last client leaves, and a client connecting
# during the reset is refused. The readiness probe below is such a last client; under load
# the app then failed with "Failed to open connection to X server" (18 of 400 paired
# connections refused on a busy 2-core machine, none with -noreset).
Xvfb "$DISPLAY" -screen 0 1400x900x24 -nolisten tcp -noreset >"$ART/xvfb-$NAME.log" 2>&1 &
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

start_app() {
    # A fresh data dir: no remembered window, view or preset from earlier runs.
    XDG_DATA_HOME="$DATA_DIR" LIBGL_ALWAYS_SOFTWARE=1 "$BIN" "$@" >"$LOG" 2>&1 &
    APP_PID=$!
    WIN=""
    for _ in $(seq 150); do
        kill -0 "$APP_PID" 2>/dev/null || fail "the app exited early"
        WIN="$(xdotool search --name "Lattice Studio" 2>/dev/null | head -n1 || true)"
        [ -n "$WIN" ] && break
        sleep 0.2
    done
    [ -n "$WIN" ] || fail "no window titled 'Lattice Studio' appeared"
    eval "$(xdotool getwindowgeometry --shell "$WIN")" # X Y WIDTH HEIGHT
    echo "$NAME: window $WIN at ${X},${Y} size ${WIDTH}x${HEIGHT}"
}

set_crop() {
    # The preview sits in the middle of the window, between the side panels.
    CW=$((WIDTH / 4))
    CH=$((HEIGHT / 3))
    CROP="${CW}x${CH}+$((X + WIDTH / 2 - CW / 2))+$((Y + HEIGHT / 2 - CH / 2 + $1))"
}

stddev() { "$CONVERT" "$1" -crop "$CROP" +repage -colorspace gray -format '%[fx:standard_deviation]' info:; }

not_flat() { awk -v s="$1" 'BEGIN { exit !(s > 0.03) }'; }

wait_not_blank() {
    local shot="$1" what="$2" sd=0
    for _ in $(seq "$3"); do
        sleep 1
        kill -0 "$APP_PID" 2>/dev/null || fail "the app exited while drawing $what"
        import -window root "$shot"
        sd="$(stddev "$shot")"
        not_flat "$sd" && break
    done
    echo "$NAME: screenshot $shot ($what std dev $sd)"
    not_flat "$sd" || fail "$what looks blank (std dev $sd)"
}

changed_pixels() {
    local diff
    diff="$("$COMPARE" -metric AE -crop "$CROP" "$1" "$2" null: 2>&1 || true)"
    echo "${diff%% *}"
}
