//! PNG encoding with an embedded text chunk, and reading that chunk back.
//!
//! The `image` crate's encoder cannot write text chunks, so PNGs are written with the
//! `png` crate (image's own PNG backend) directly.

use super::error::{Error, Result};
use crate::engine::preset::MAX_PRESET_TEXT;
use std::io::{BufRead, Cursor, Seek};
use std::path::Path;

/// The keyword of the iTXt chunk that holds a texture's preset (RON text).
pub const PRESET_KEYWORD: &str = "lattice-studio-preset";

/// The pixel layout of an image to encode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PngLayout {
    /// 8-bit grey.
    Grey8,
    /// 16-bit grey; samples in PNG's big-endian byte order ([`u16::to_be_bytes`]).
    Grey16,
    /// 8-bit RGB.
    Rgb8,
    /// 8-bit RGBA, straight alpha.
    Rgba8,
    /// 16-bit RGBA; samples big-endian.
    Rgba16,
}

impl PngLayout {
    /// The PNG colour type and bit depth.
    pub fn color_and_depth(self) -> (png::ColorType, png::BitDepth) {
        match self {
            PngLayout::Grey8 => (png::ColorType::Grayscale, png::BitDepth::Eight),
            PngLayout::Grey16 => (png::ColorType::Grayscale, png::BitDepth::Sixteen),
            PngLayout::Rgb8 => (png::ColorType::Rgb, png::BitDepth::Eight),
            PngLayout::Rgba8 => (png::ColorType::Rgba, png::BitDepth::Eight),
            PngLayout::Rgba16 => (png::ColorType::Rgba, png::BitDepth::Sixteen),
        }
    }

    /// Bytes per pixel (every layout has whole bytes per sample).
    pub fn bytes_per_pixel(self) -> usize {
        let (color, depth) = self.color_and_depth();
        color.samples() * depth as usize / 8
    }

    /// Bytes of one unfiltered row of `width` pixels.
    pub fn row_bytes(self, width: u32) -> usize {
        width as usize * self.bytes_per_pixel()
    }
}

/// Encodes a square `size x size` image (big-endian samples for 16-bit), with an
/// optional UTF-8 text chunk `(keyword, text)` placed before the image data.
pub fn encode_png(
    path: &Path,
    size: u32,
    layout: PngLayout,
    data: &[u8],
    text: Option<(&str, &str)>,
) -> Result<Vec<u8>> {
    let err = |e: png::EncodingError| Error::Encode {
        path: path.to_path_buf(),
        message: e.to_string(),
    };
    let mut bytes = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut bytes, size, size);
        let (color, depth) = layout.color_and_depth();
        enc.set_color(color);
        enc.set_depth(depth);
        enc.set_compression(png::Compression::Fast);
        let mut writer = enc.write_header().map_err(err)?;
        write_text_chunk(&mut writer, text).map_err(err)?;
        writer.write_image_data(data).map_err(err)?;
        writer.finish().map_err(err)?;
    }
    Ok(bytes)
}

/// Writes `(keyword, text)` as an iTXt chunk, its text zlib-compressed (a preset's RON
/// shrinks to about a quarter); readers inflate it no further than [`MAX_PRESET_TEXT`].
pub(crate) fn write_text_chunk<W: std::io::Write>(
    writer: &mut png::Writer<W>,
    text: Option<(&str, &str)>,
) -> Result<(), png::EncodingError> {
    let Some((keyword, text)) = text else {
        return Ok(());
    };
    let mut chunk = png::text_metadata::ITXtChunk::new(keyword, text);
    chunk.compressed = true;
    writer.write_text_chunk(&chunk)
}

/// Whether `bytes` start with the PNG signature.
pub fn is_png(bytes: &[u8]) -> bool {
    bytes.starts_with(&[0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'])
}

/// Whether `path` is a regular file that starts with the PNG signature (false when
/// unreadable; a FIFO is not opened, so this never blocks).
pub fn file_is_png(path: &Path) -> bool {
    use std::io::Read;
    let mut head = [0u8; 8];
    super::regular_file::open_regular(path).is_ok_and(|mut f| f.read_exact(&mut head).is_ok())
        && is_png(&head)
}

/// The text of chunk `keyword`; compressed chunks inflate no further than
/// [`MAX_PRESET_TEXT`] (a bomb stops there, with an error).
fn find_text(info: &png::Info<'_>, keyword: &str) -> Option<Result<String, png::DecodingError>> {
    if let Some(c) = info.utf8_text.iter().find(|c| c.keyword == keyword) {
        let mut c = c.clone();
        return Some(
            c.decompress_text_with_limit(MAX_PRESET_TEXT)
                .and_then(|()| c.get_text()),
        );
    }
    if let Some(c) = info
        .compressed_latin1_text
        .iter()
        .find(|c| c.keyword == keyword)
    {
        let mut c = c.clone();
        return Some(
            c.decompress_text_with_limit(MAX_PRESET_TEXT)
                .and_then(|()| c.get_text()),
        );
    }
    info.uncompressed_latin1_text
        .iter()
        .find(|c| c.keyword == keyword)
        .map(|c| Ok(c.text.clone()))
}

/// The text of the chunk named `keyword` in PNG `bytes`, `None` when there is none.
/// `path` names the file in error messages.
pub fn read_text(bytes: &[u8], keyword: &str, path: &Path) -> Result<Option<String>> {
    read_text_from(Cursor::new(bytes), keyword, path)
}

/// [`read_text`] from a reader (a file is read as far as the chunk, not loaded whole).
pub fn read_text_from<R: BufRead + Seek>(
    source: R,
    keyword: &str,
    path: &Path,
) -> Result<Option<String>> {
    let err = |e: png::DecodingError| Error::Preset {
        path: path.to_path_buf(),
        message: format!("cannot read PNG: {e}"),
    };
    let mut reader = png::Decoder::new(source).read_info().map_err(err)?;
    // Our own files put the chunk before the image data; others may put it after, and
    // `finish` reads the remaining chunks without decoding the pixels.
    if let Some(found) = find_text(reader.info(), keyword) {
        return found.map(Some).map_err(err);
    }
    reader.finish().map_err(err)?;
    find_text(reader.info(), keyword).transpose().map_err(err)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_preset_chunk_is_compressed() {
        let text = "(name: \"a\", description: \"repeated\")\n".repeat(50);
        let data = vec![0u8; 16];
        let png = encode_png(
            Path::new("x"),
            4,
            PngLayout::Grey8,
            &data,
            Some(("k", &text)),
        );
        let png = png.unwrap();
        // iTXt: keyword, NUL, compression flag 1, method 0.
        let at = png.windows(4).position(|w| w == b"iTXt").unwrap();
        assert_eq!(&png[at + 4..at + 8], b"k\0\x01\0");
        let len = u32::from_be_bytes(png[at - 4..at].try_into().unwrap()) as usize;
        assert!(len < text.len() / 4, "{len} bytes for {}", text.len());
        assert_eq!(
            read_text(&png, "k", Path::new("x")).unwrap().as_deref(),
            Some(text.as_str())
        );
    }

    #[test]
    fn text_round_trips_in_every_layout() {
        let text = "(name: \"Pâte à sel ☀\")\n";
        for (layout, bpp) in [
            (PngLayout::Grey8, 1),
            (PngLayout::Grey16, 2),
            (PngLayout::Rgb8, 3),
            (PngLayout::Rgba8, 4),
        ] {
            let data: Vec<u8> = (0..4 * bpp).map(|i| i as u8 * 7).collect();
            let p = Path::new("t.png");
            let bytes = encode_png(p, 2, layout, &data, Some((PRESET_KEYWORD, text))).unwrap();
            assert!(is_png(&bytes));
            let dir = tempfile::tempdir().unwrap();
            let file = dir.path().join("x.dat");
            std::fs::write(&file, &bytes).unwrap();
            assert!(file_is_png(&file));
            assert!(!file_is_png(&dir.path().join("missing.png")));
            assert_eq!(
                read_text(&bytes, PRESET_KEYWORD, p).unwrap().as_deref(),
                Some(text)
            );
            assert_eq!(read_text(&bytes, "other", p).unwrap(), None);
            let img = image::load_from_memory(&bytes).unwrap();
            assert_eq!((img.width(), img.height()), (2, 2));
        }
    }

    #[test]
    fn a_text_bomb_stops_at_the_cap() {
        // 64 MiB of spaces compress to about 64 KiB; the text inflates no further than
        // the cap, quickly and in bounded memory.
        let big = " ".repeat(64 << 20);
        let mut info = png::Info::with_size(1, 1);
        info.color_type = png::ColorType::Grayscale;
        info.bit_depth = png::BitDepth::Eight;
        let mut chunk = png::text_metadata::ITXtChunk::new(PRESET_KEYWORD, big);
        chunk.compressed = true;
        info.utf8_text.push(chunk);
        let mut bytes = Vec::new();
        {
            let enc = png::Encoder::with_info(&mut bytes, info).unwrap();
            let mut w = enc.write_header().unwrap();
            w.write_image_data(&[0]).unwrap();
            w.finish().unwrap();
        }
        assert!(bytes.len() < 1 << 20, "{}", bytes.len());
        let e = read_text(&bytes, PRESET_KEYWORD, Path::new("bomb.png")).unwrap_err();
        assert!(
            e.to_string().starts_with("bomb.png: cannot read PNG"),
            "{e}"
        );
    }

    #[test]
    fn garbage_is_a_clear_error() {
        let e = read_text(b"not a png", PRESET_KEYWORD, Path::new("g.png")).unwrap_err();
        assert!(e.to_string().starts_with("g.png: cannot read PNG"), "{e}");
        assert!(!is_png(b"\x89PNG"));
    }
}
