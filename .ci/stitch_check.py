"""Stitches the 4 x 4 tiles that `.ci/streaming.sh` rendered with `tiles | parallel`
and checks them against the whole render, byte for byte (r32) or pixel for pixel."""
import json
import sys
from pathlib import Path

import numpy as np
from PIL import Image

work = Path(sys.argv[1])


def load(path: Path, fmt: str, width: int, height: int) -> np.ndarray:
    if fmt == "r32":
        return np.fromfile(path, dtype="<f4").reshape(height, width)
    return np.array(Image.open(path))


for fmt in ["r32", "png16", "normal"]:
    d = work / fmt
    manifest = json.loads((d / "manifest.json").read_text())
    size = manifest["size"]
    whole = load(d / f"whole.{fmt}", fmt, size, size)
    stitched = np.zeros_like(whole)
    for t in manifest["tiles"]:
        r = t["region"]
        tile = load(Path(t["path"]), fmt, r["width"], r["height"])
        stitched[r["y"] : r["y"] + r["height"], r["x"] : r["x"] + r["width"]] = tile
    if fmt == "r32":
        same = stitched.tobytes() == whole.tobytes()
    else:
        same = np.array_equal(stitched, whole)
    if not same:
        sys.exit(f"error: stitched {fmt} tiles differ from the whole render")
    print(f"{fmt}: {len(manifest['tiles'])} tiles stitch to the whole {size} render")
