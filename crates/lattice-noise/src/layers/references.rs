//! The references between layers (masks, warp sources, and the layers under one whose
//! heights are the stack below): every name must exist, and no layer may depend on
//! itself, directly or round a circle.

use super::layer::Layer;
use super::layer_error::LayerError;

/// Indices of the layers `layer` refers to, with the role of each reference.
fn references(layer: &Layer) -> impl Iterator<Item = (&'static str, &str)> {
    let mask = layer.mask.as_deref().map(|m| ("mask", m));
    let warp = layer
        .warp
        .as_ref()
        .and_then(|w| w.source_layer())
        .map(|s| ("warp source", s));
    mask.into_iter().chain(warp)
}

/// The index of the layer called `name`.
pub(super) fn index_of(layers: &[Layer], name: &str) -> Option<usize> {
    layers.iter().position(|l| l.name == name)
}

/// The layers under layer `j` that it reads by position, not by name: every enabled
/// one when its heights are the stack below, none otherwise.
fn under_read_by(layers: &[Layer], j: usize) -> impl Iterator<Item = usize> + '_ {
    let under = if layers[j].heights_below { j } else { 0 };
    (0..under).filter(|&k| layers[k].enabled)
}

/// Which layers the enabled layers under layer `top` read, themselves included: their
/// masks and warp sources, and for heights from the stack below the enabled layers
/// under those, round every chain.
pub(super) fn read_under(layers: &[Layer], top: usize) -> Vec<bool> {
    let mut read = vec![false; layers.len()];
    let mut todo: Vec<usize> = (0..top.min(layers.len()))
        .filter(|&j| layers[j].enabled)
        .collect();
    while let Some(j) = todo.pop() {
        if std::mem::replace(&mut read[j], true) {
            continue;
        }
        todo.extend(references(&layers[j]).filter_map(|(_, name)| index_of(layers, name)));
        todo.extend(under_read_by(layers, j));
    }
    read
}

/// Checks that every reference names a layer and that they form no circle; the error
/// names the layers of the first circle found.
pub(super) fn check(layers: &[Layer]) -> Result<(), LayerError> {
    let mut edges = vec![Vec::new(); layers.len()];
    for (i, layer) in layers.iter().enumerate() {
        for (role, name) in references(layer) {
            let target = index_of(layers, name).ok_or_else(|| LayerError::UnknownReference {
                layer: layer.name.clone(),
                role,
                name: name.to_owned(),
            })?;
            edges[i].push(target);
        }
        edges[i].extend(under_read_by(layers, i));
    }
    // Depth-first search; a layer met again while still on the path closes a circle.
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        OnPath,
        Done,
    }
    fn visit(i: usize, edges: &[Vec<usize>], marks: &mut [Mark], path: &mut Vec<usize>) -> bool {
        marks[i] = Mark::OnPath;
        path.push(i);
        for &j in &edges[i] {
            let mark = marks[j];
            if mark == Mark::OnPath {
                path.push(j);
                return true;
            }
            if mark == Mark::New && visit(j, edges, marks, path) {
                return true;
            }
        }
        path.pop();
        marks[i] = Mark::Done;
        false
    }
    let mut marks = vec![Mark::New; layers.len()];
    for start in 0..layers.len() {
        let mut path = Vec::new();
        if marks[start] == Mark::New && visit(start, &edges, &mut marks, &mut path) {
            // The path ends with the layer that closes the circle; start the report there.
            let last = path.last().copied().unwrap_or(start);
            let from = path.iter().position(|&p| p == last).unwrap_or(0);
            let cycle = path[from..]
                .iter()
                .map(|&p| layers[p].name.clone())
                .collect();
            return Err(LayerError::Cycle { cycle });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layers::warp::{Warp, WarpSource};

    fn layer(name: &str, mask: Option<&str>, warp: Option<&str>) -> Layer {
        Layer {
            name: name.into(),
            mask: mask.map(str::to_owned),
            warp: warp.map(|w| Warp {
                amplitude: 4.0,
                source: WarpSource::Layer(w.to_owned()),
            }),
            ..Layer::default()
        }
    }

    #[test]
    fn chains_pass_and_circles_are_named() {
        let ok = [
            layer("a", None, None),
            layer("b", Some("a"), Some("a")),
            layer("c", Some("b"), Some("a")),
        ];
        check(&ok).unwrap();
        let circle = [
            layer("a", Some("c"), None),
            layer("b", None, Some("a")),
            layer("c", None, Some("b")),
        ];
        let e = check(&circle).unwrap_err();
        assert_eq!(
            e,
            LayerError::Cycle {
                cycle: vec!["a".into(), "c".into(), "b".into(), "a".into()]
            }
        );
        assert!(e.to_string().contains("a -> c -> b -> a"), "{e}");
        let own = [layer("solo", Some("solo"), None)];
        assert!(
            check(&own)
                .unwrap_err()
                .to_string()
                .contains("solo -> solo")
        );
    }

    #[test]
    fn unknown_names_are_refused() {
        let e = check(&[layer("a", None, Some("ghost"))]).unwrap_err();
        assert!(e.to_string().contains("warp source 'ghost'"), "{e}");
    }
}
