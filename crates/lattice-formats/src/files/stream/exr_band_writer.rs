//! OpenEXR band by band with the `exr` crate's block writer: one channel `Y` of f32
//! (or f16) heights, ZIP compression (lossless) in blocks of 16 scan lines. Blocks are
//! compressed in parallel on the producer side ([`compress_band`]); the writer thread
//! writes them in order and fills in the offset table at the end (so the target must
//! be seekable).

use super::band_plan::BAND_ALIGN;
use super::payload::Payload;
use crate::engine::Heightmap;
use crate::files::error::{Error, Result};
use exr::block::{BlockIndex, UncompressedBlock, chunk::Chunk, writer::ChunksWriter};
use exr::math::Vec2;
use exr::meta::attribute::{ChannelDescription, LineOrder, SampleType};
use exr::meta::header::{Header, LayerAttributes};
use exr::meta::{BlockDescription, Headers};
use exr::prelude::SmallVec;
use rayon::prelude::*;
use std::io::{Seek, Write};
use std::path::Path;
use std::sync::mpsc::Receiver;

/// Scan lines per ZIP block (the format's own constant for ZIP16).
const BLOCK_LINES: u32 = 16;
const _: () = assert!(
    BAND_ALIGN.is_multiple_of(BLOCK_LINES),
    "bands must hold whole EXR blocks"
);

/// The channel holding the heights: `Y`, which viewers show as grey.
pub const EXR_CHANNEL: &str = "Y";

/// The header of a `width x height` single-channel image.
pub(super) fn exr_headers(width: u32, height: u32, half: bool) -> Headers {
    let sample = if half {
        SampleType::F16
    } else {
        SampleType::F32
    };
    let channels = SmallVec::from_vec(vec![ChannelDescription::new(EXR_CHANNEL, sample, false)]);
    let header = Header::new(
        "heights".into(),
        (width as usize, height as usize),
        channels,
    )
    .with_encoding(
        exr::compression::Compression::ZIP16,
        BlockDescription::ScanLines,
        LineOrder::Increasing,
    )
    .with_attributes(LayerAttributes::default());
    SmallVec::from_vec(vec![header])
}

fn exr_error(name: &Path, e: exr::error::Error) -> Error {
    match e {
        exr::error::Error::Io(e) => Error::io(name, e),
        other => Error::Encode {
            path: name.to_path_buf(),
            message: other.to_string(),
        },
    }
}

/// The compressed chunks of `band`, whose first row is row `y` of the image (a
/// multiple of 16): one chunk per 16 lines, compressed in parallel.
pub(super) fn compress_band(
    headers: &Headers,
    band: &Heightmap,
    y: u32,
    half: bool,
    name: &Path,
) -> Result<Payload> {
    let width = band.width() as usize;
    let chunks = (0..band.height().div_ceil(BLOCK_LINES))
        .into_par_iter()
        .map(|b| {
            let top = b * BLOCK_LINES;
            let lines = BLOCK_LINES.min(band.height() - top);
            let values = &band.data()[top as usize * width..(top + lines) as usize * width];
            let data: Vec<u8> = if half {
                values
                    .iter()
                    .flat_map(|&v| half::f16::from_f32(v).to_ne_bytes())
                    .collect()
            } else {
                bytemuck::cast_slice(values).to_vec()
            };
            let block = UncompressedBlock {
                index: BlockIndex {
                    layer: 0,
                    pixel_position: Vec2(0, (y + top) as usize),
                    pixel_size: Vec2(width, lines as usize),
                    level: Vec2(0, 0),
                },
                data,
            };
            let chunk: Chunk = block
                .compress_to_chunk(headers)
                .map_err(|e| exr_error(name, e))?;
            Ok((((y + top) / BLOCK_LINES) as usize, chunk))
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(Payload::Chunks(chunks))
}

/// The EXR of a whole heightmap in memory (the app's export).
pub fn encode_exr(hm: &Heightmap, half: bool, name: &Path) -> Result<Vec<u8>> {
    let headers = exr_headers(hm.width(), hm.height(), half);
    let (tx, rx) = std::sync::mpsc::channel();
    // The receiver is alive until write_exr below, so this send cannot fail.
    let _ = tx.send(compress_band(&headers, hm, 0, half, name)?);
    drop(tx);
    let mut out = std::io::Cursor::new(Vec::new());
    write_exr(headers, name, rx, &mut out)?;
    Ok(out.into_inner())
}

/// Writes the EXR of `headers` to `out` from the chunks of `rx`, in order.
pub(super) fn write_exr<W: Write + Seek>(
    headers: Headers,
    name: &Path,
    rx: Receiver<Payload>,
    out: &mut W,
) -> Result<()> {
    exr::block::writer::write_chunks_with(out, headers, true, |_meta, writer| {
        for payload in rx {
            if let Payload::Chunks(chunks) = payload {
                for (index, chunk) in chunks {
                    writer.write_chunk(index, chunk)?;
                }
            }
        }
        Ok(())
    })
    .map_err(|e| exr_error(name, e))
}
