//! Streamed exports (`StreamJob`): a texture written band by band holds the pixels of
//! the in-memory export, a `--region` window holds that window of the whole texture
//! (stitched tiles equal the whole file's pixels, byte for byte), fixed levels equal
//! auto-levels, and EXR reads back as the R32 values. A small streamed PNG's compressed
//! data is byte for byte the in-memory export's; a large one's, compressed in pieces,
//! is the same bytes at any thread count.

use crate::common;

use common::files::preset_path;
use lattice_studio::PresetFiles;
use lattice_studio::engine::Preset;
use lattice_studio::engine::{JobControl, Region};
use lattice_studio::files::stream::scan_stats;
use lattice_studio::files::{ExportFormat, StreamJob, encode_with_preset};
use std::io::Cursor;
use std::path::Path;

fn preset(name: &str, size: u32, tileable: bool) -> Preset {
    let mut p = Preset::load(&preset_path(name)).unwrap();
    p.layers = p.layers.resized(size);
    p.layers.set_tileable(tileable);
    p
}

fn stream(job: &StreamJob) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    job.write(&mut out, Path::new("test"), &JobControl::new())
        .unwrap();
    out.into_inner()
}

/// The samples of a file as stored (16-bit PNG samples big-endian, raw files as they
/// are), whatever the compression.
fn samples(format: ExportFormat, bytes: &[u8]) -> Vec<u8> {
    if !format.is_png() {
        return bytes.to_vec();
    }
    let mut decoder = png::Decoder::new(Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::IDENTITY);
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    buf.truncate(info.buffer_size());
    buf
}

/// The compressed image data of a PNG, whatever its IDAT chunking.
fn image_data(png_bytes: &[u8]) -> Vec<u8> {
    let mut data = Vec::new();
    let mut at = 8;
    while at + 12 <= png_bytes.len() {
        let len = u32::from_be_bytes(png_bytes[at..at + 4].try_into().unwrap()) as usize;
        if &png_bytes[at + 4..at + 8] == b"IDAT" {
            data.extend_from_slice(&png_bytes[at + 8..at + 8 + len]);
        }
        at += 12 + len;
    }
    data
}

fn bytes_per_pixel(format: ExportFormat) -> usize {
    match format {
        ExportFormat::Png => 1,
        ExportFormat::Png16 | ExportFormat::R16 => 2,
        ExportFormat::Normal | ExportFormat::Color => 3,
        ExportFormat::Packed16 => 8,
        _ => 4,
    }
}

/// Writes each tile's samples into its place in a `size`-wide image.
fn stitch(size: u32, bpp: usize, tiles: &[(Region, Vec<u8>)]) -> Vec<u8> {
    let mut image = vec![0u8; (size * size) as usize * bpp];
    for (r, data) in tiles {
        let row = r.width as usize * bpp;
        for y in 0..r.height as usize {
            let at = ((r.y as usize + y) * size as usize + r.x as usize) * bpp;
            image[at..at + row].copy_from_slice(&data[y * row..(y + 1) * row]);
        }
    }
    image
}

fn tiles(size: u32, n: u32) -> Vec<Region> {
    let t = size / n;
    (0..n * n)
        .map(|i| Region {
            x: (i % n) * t,
            y: (i / n) * t,
            width: t,
            height: t,
        })
        .collect()
}

#[test]
fn four_by_four_tiles_stitch_to_the_whole_texture() {
    // terrain has auto-levels on: each lone tile measures the whole texture's levels.
    for (name, tileable) in [
        ("terrain.ron", false),
        ("terrain.ron", true),
        ("seamless-stone.ron", true),
    ] {
        let p = preset(name, 512, tileable);
        for format in [ExportFormat::R32, ExportFormat::Png16, ExportFormat::Normal] {
            // The whole texture in bands of 48 rows; each tile in one band.
            let job = StreamJob::new(p.clone(), format).with_band_rows(Some(48));
            let whole = samples(format, &stream(&job));
            let parts: Vec<(Region, Vec<u8>)> = tiles(512, 4)
                .into_iter()
                .map(|r| {
                    let job = StreamJob::new(p.clone(), format).with_region(r);
                    (r, samples(format, &stream(&job)))
                })
                .collect();
            let stitched = stitch(512, bytes_per_pixel(format), &parts);
            assert!(
                stitched == whole,
                "{name} tileable={tileable} {format:?}: tiles differ from the whole texture"
            );
        }
    }
}

#[test]
fn odd_windows_of_every_format_match_the_whole_texture() {
    let mut p = preset("lava-flow.ron", 333, false);
    p.output.auto_levels = true;
    let window = Region {
        x: 17,
        y: 40,
        width: 101,
        height: 250,
    };
    for format in ExportFormat::ALL {
        if format.is_mesh() {
            // Meshes are built in memory; the band writer refuses them.
            assert!(
                StreamJob::new(p.clone(), format).check().is_err(),
                "{format:?}"
            );
            continue;
        }
        if format == ExportFormat::Exr {
            continue; // compared through the R32 values in exr_reads_back_as_r32
        }
        let whole = samples(format, &stream(&StreamJob::new(p.clone(), format)));
        let part = samples(
            format,
            &stream(&StreamJob::new(p.clone(), format).with_region(window)),
        );
        let bpp = bytes_per_pixel(format);
        let row = window.width as usize * bpp;
        for y in 0..window.height as usize {
            let at = ((window.y as usize + y) * 333 + window.x as usize) * bpp;
            assert_eq!(
                &part[y * row..(y + 1) * row],
                &whole[at..at + row],
                "{format:?} row {y}"
            );
        }
    }
}

#[test]
fn streamed_files_hold_the_in_memory_export() {
    // 200 rows: not a multiple of the 16-row band unit; a ramp and auto-levels on;
    // bands of 16 and 48 rows and the default (one band) all give the same pixels.
    for (name, size, tileable) in [
        ("lava-flow.ron", 200, false),
        ("seamless-stone.ron", 256, true),
    ] {
        let mut p = preset(name, size, tileable);
        p.output.auto_levels = true;
        p.output.normalize = name == "lava-flow.ron";
        let hm = p.generate(&JobControl::new()).unwrap();
        for format in ExportFormat::ALL {
            if format == ExportFormat::Exr || format.is_mesh() {
                continue;
            }
            let memory_file = encode_with_preset(&hm, &p, format, Path::new("m")).unwrap();
            let memory = samples(format, &memory_file);
            for rows in [None, Some(16), Some(48)] {
                let job = StreamJob::new(p.clone(), format).with_band_rows(rows);
                let streamed_file = stream(&job);
                let streamed = samples(format, &streamed_file);
                assert!(
                    memory == streamed,
                    "{name} {format:?} bands of {rows:?} rows"
                );
                // Filtered and compressed as the in-memory export is, so no larger.
                assert!(
                    !format.is_png() || image_data(&memory_file) == image_data(&streamed_file),
                    "{name} {format:?} bands of {rows:?} rows: other compressed data"
                );
            }
        }
    }
}

#[test]
fn large_pngs_compressed_in_pieces_hold_the_pixels_at_any_thread_count() {
    // 18 MB of 16-bit samples: past what a PNG holds whole, so its rows are compressed
    // in pieces on the pool and joined. Bands of 48 rows: many bands, several pieces.
    let p = preset("terrain.ron", 3000, false);
    let hm = p.generate(&JobControl::new()).unwrap();
    let memory = samples(
        ExportFormat::Png16,
        &encode_with_preset(&hm, &p, ExportFormat::Png16, Path::new("m")).unwrap(),
    );
    let files: Vec<Vec<u8>> = [1, 2]
        .into_iter()
        .map(|threads| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let job = StreamJob::new(p.clone(), ExportFormat::Png16).with_band_rows(Some(48));
            pool.install(|| stream(&job))
        })
        .collect();
    assert!(files[0] == files[1], "1 and 2 threads wrote other bytes");
    assert!(samples(ExportFormat::Png16, &files[0]) == memory);
    // A second inflater, which checks the joined stream's checksum.
    let mut inflated = Vec::new();
    let data = image_data(&files[0]);
    std::io::Read::read_to_end(
        &mut flate2::read::ZlibDecoder::new(&data[..]),
        &mut inflated,
    )
    .unwrap();
    assert_eq!(inflated.len(), 3000 * (1 + 3000 * 2));
}

#[test]
fn fixed_levels_equal_auto_levels() {
    let mut p = preset("terrain.ron", 300, false);
    p.output.auto_levels = true;
    let control = JobControl::new();
    let s = scan_stats(&p, Region::full(300), &control).unwrap();
    let whole = p.generate(&control).unwrap().stats();
    assert_eq!(s, whole, "streamed statistics differ from the heightmap's");
    for format in [ExportFormat::Png16, ExportFormat::R16, ExportFormat::Normal] {
        let auto = stream(&StreamJob::new(p.clone(), format));
        let fixed = stream(&StreamJob::new(p.clone(), format).with_levels(Some((s.min, s.max))));
        assert!(auto == fixed, "{format:?}");
        // Other levels give other bytes: the levels are really used.
        let other = StreamJob::new(p.clone(), format).with_levels(Some((s.min, s.max * 2.0)));
        assert!(stream(&other) != auto, "{format:?}");
    }
}

#[test]
fn exr_reads_back_as_r32() {
    let p = preset("terrain.ron", 200, false);
    let dir = tempfile::tempdir().unwrap();
    let r32: Vec<f32> = stream(&StreamJob::new(p.clone(), ExportFormat::R32))
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    for half in [false, true] {
        let path = dir.path().join(format!("h{half}.exr"));
        StreamJob::new(p.clone(), ExportFormat::Exr)
            .with_half_float(half)
            .export(&path, &JobControl::new())
            .unwrap();
        let image = exr::prelude::read_first_flat_layer_from_file(&path).unwrap();
        let layer = &image.layer_data;
        assert_eq!(layer.size, exr::math::Vec2(200, 200));
        assert_eq!(layer.channel_data.list.len(), 1);
        let channel = &layer.channel_data.list[0];
        assert!(channel.name == *"Y");
        match (&channel.sample_data, half) {
            (exr::prelude::FlatSamples::F32(v), false) => assert!(v == &r32),
            (exr::prelude::FlatSamples::F16(v), true) => {
                let want: Vec<half::f16> = r32.iter().map(|&h| half::f16::from_f32(h)).collect();
                assert!(v == &want);
            }
            _ => panic!("unexpected sample type, half={half}"),
        }
    }
    // The app's export (the whole heightmap in memory) reads back the same.
    let hm = p.generate(&JobControl::new()).unwrap();
    let path = dir.path().join("memory.exr");
    let bytes = encode_with_preset(&hm, &p, ExportFormat::Exr, &path).unwrap();
    std::fs::write(&path, bytes).unwrap();
    let image = exr::prelude::read_first_flat_layer_from_file(&path).unwrap();
    match &image.layer_data.channel_data.list[0].sample_data {
        exr::prelude::FlatSamples::F32(v) => assert!(v == &r32),
        _ => panic!("the in-memory EXR is not f32"),
    }
    // A window of the EXR holds that window of the values.
    let window = Region {
        x: 50,
        y: 33,
        width: 70,
        height: 41,
    };
    let path = dir.path().join("w.exr");
    StreamJob::new(p, ExportFormat::Exr)
        .with_region(window)
        .export(&path, &JobControl::new())
        .unwrap();
    let image = exr::prelude::read_first_flat_layer_from_file(&path).unwrap();
    let exr::prelude::FlatSamples::F32(v) = &image.layer_data.channel_data.list[0].sample_data
    else {
        panic!("not f32");
    };
    for y in 0..41usize {
        let at = (33 + y) * 200 + 50;
        assert!(v[y * 70..(y + 1) * 70] == r32[at..at + 70], "row {y}");
    }
}

/// Little-endian f32 values of an R32 file.
fn floats(bytes: &[u8]) -> Vec<f32> {
    bytes
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

#[test]
fn levelled_floats_hold_the_16_bit_png_values_unquantised() {
    let mut p = preset("terrain.ron", 200, false);
    p.output.auto_levels = true;
    p.output.contrast = 1.4;
    p.output.curve = lattice_studio::engine::layers::Curve::new(&[(0.0, 0.1), (1.0, 0.9)]).ok();
    let raw = floats(&stream(&StreamJob::new(p.clone(), ExportFormat::R32)));
    p.output.float_levels = true;
    let png16 = samples(
        ExportFormat::Png16,
        &stream(&StreamJob::new(p.clone(), ExportFormat::Png16)),
    );
    let job = StreamJob::new(p.clone(), ExportFormat::R32).with_band_rows(Some(48));
    let levelled = floats(&stream(&job));
    assert!(levelled != raw, "float_levels changed nothing");
    for (i, &g) in levelled.iter().enumerate() {
        assert!((0.1..=0.9).contains(&g), "pixel {i}: {g}");
        let want = u16::from_be_bytes([png16[2 * i], png16[2 * i + 1]]);
        assert_eq!(lattice_studio::pixels::to_u16(g), want, "pixel {i}");
    }
    // The whole heightmap in memory (the app's export) and fixed levels agree.
    let hm = p.generate(&JobControl::new()).unwrap();
    let memory = encode_with_preset(&hm, &p, ExportFormat::R32, Path::new("m")).unwrap();
    assert!(floats(&memory) == levelled, "in-memory R32");
    let s = hm.stats();
    let fixed = StreamJob::new(p.clone(), ExportFormat::R32).with_levels(Some((s.min, s.max)));
    assert!(floats(&stream(&fixed)) == levelled, "fixed levels");
    // EXR holds the same values.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("levelled.exr");
    StreamJob::new(p, ExportFormat::Exr)
        .export(&path, &JobControl::new())
        .unwrap();
    let image = exr::prelude::read_first_flat_layer_from_file(&path).unwrap();
    match &image.layer_data.channel_data.list[0].sample_data {
        exr::prelude::FlatSamples::F32(v) => assert!(v == &levelled),
        _ => panic!("the levelled EXR is not f32"),
    }
}
