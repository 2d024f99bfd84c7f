use super::*;
use crate::layers::warp::Warp;

fn three() -> LayerStack {
    let mut s = LayerStack::default();
    let noise = s.bottom().noise.clone();
    s.insert(1, Layer::new("ridges", noise.clone())).unwrap();
    let mut top = Layer::new("veins", noise);
    top.mask = Some("ridges".into());
    top.warp = Some(Warp {
        amplitude: 8.0,
        source: WarpSource::Layer("Layer 1".into()),
    });
    s.insert(2, top).unwrap();
    s
}

#[test]
fn edits_keep_references_and_texture() {
    let mut s = three();
    s.validate().unwrap();
    s.rename(0, "base").unwrap();
    assert_eq!(s[2].warp.as_ref().unwrap().source_layer(), Some("base"));
    assert!(s.rename(0, "veins").is_err());
    s.rename(1, "hills").unwrap();
    assert_eq!(s[2].mask.as_deref(), Some("hills"));
    assert_eq!(s.unique_name("hills"), "hills 2");
    s.move_layer(2, 0);
    assert_eq!(s[0].name, "veins");
    assert_eq!(s.remove(1).unwrap(), vec!["veins".to_owned()]);
    assert!(s[0].warp.is_none() && s[0].mask.as_deref() == Some("hills"));
    s.validate().unwrap();
    assert!(LayerStack::default().remove(0).is_err());
}

#[test]
fn a_render_reads_the_enabled_layers_and_what_they_read() {
    let mut s = three();
    assert_eq!(s.read_layers(), vec![true; 3]);
    // A disabled mask of an enabled layer is still read; a disabled top is not.
    s[1].enabled = false;
    assert_eq!(s.read_layers(), vec![true; 3]);
    s[2].enabled = false;
    assert_eq!(s.read_layers(), vec![true, false, false]);
}

#[test]
fn size_and_tiling_are_shared() {
    let mut s = three();
    s[2].warp = Some(Warp::with_default_noise(&s[2].noise, 10.0));
    let r = s.resized(256);
    assert!(r.layers().iter().all(|l| l.noise.size == 256));
    assert_eq!(r[2].warp.as_ref().unwrap().amplitude, 5.0);
    r.validate().unwrap();
    s.set_tileable(true);
    s.validate().unwrap();
    // A layer's own size is ignored: the texture's (the bottom layer's) rules.
    s[1].noise.size = 64;
    s.validate().unwrap();
    assert_eq!(s.texture_noise(&s[1].noise).size, s.size());
    // Tiling is checked at the texture's size: step 96 does not divide 512.
    s[1].noise.initial_step = 96;
    let e = s.validate().unwrap_err().to_string();
    assert!(e.contains("'ridges'") && e.contains("tile"), "{e}");
    assert!(LayerStack::from_layers(64, false, Vec::new()).is_err());
}

#[test]
fn at_most_sixteen_layers() {
    let mut s = LayerStack::default();
    for _ in 1..MAX_LAYERS {
        s.insert(s.len(), Layer::default()).unwrap();
    }
    assert_eq!(s.len(), MAX_LAYERS);
    s.validate().unwrap();
    assert!(s.insert(0, Layer::default()).is_err());
    assert_eq!(s.by_number(16), Ok(15));
    assert!(s.by_number(17).unwrap_err().to_string().contains("16"));
}
