//! Binary STL of the closed terrain solid (surface, walls, base), streamed triangle by
//! triangle: millimetres, Z up, ready for a slicer.

use crate::mesh::{Solid, facet_normal};
use std::io::{self, Write};

/// Writes `solid` as binary STL. The 80-byte header names the tool and must not start
/// with `solid` (readers would take the file for ASCII STL).
pub(super) fn write_stl(w: &mut dyn Write, solid: &Solid<'_>, name: &str) -> io::Result<()> {
    let mut header = [b' '; 80];
    let text = format!("Lattice Studio terrain (mm, Z up): {name}");
    let text: String = text.chars().filter(char::is_ascii).collect();
    let len = text.len().min(80);
    header[..len].copy_from_slice(&text.as_bytes()[..len]);
    w.write_all(&header)?;
    let count = u32::try_from(solid.triangle_count())
        .map_err(|_| io::Error::other("too many triangles for STL"))?;
    w.write_all(&count.to_le_bytes())?;
    let mut record = [0u8; 50];
    solid.for_each_triangle(|t| {
        let n = facet_normal(&t);
        let values = n.iter().chain(t.iter().flatten());
        for (k, v) in values.enumerate() {
            record[k * 4..k * 4 + 4].copy_from_slice(&v.to_le_bytes());
        }
        // The last two bytes ("attribute byte count") stay 0.
        w.write_all(&record)
    })
}
