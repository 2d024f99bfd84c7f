//! [`curve_editor_ui`]: a tone curve, switched on and off, edited by dragging its
//! control points on a graph or typing their values.

use crate::engine::layers::{Curve, MAX_CURVE_POINTS, MAX_CURVE_VALUE};
use egui::{Color32, Pos2, Rect, Sense, Stroke, Vec2, pos2};

/// How near (in points) the pointer must be to a control point to pick it.
const PICK_RADIUS: f32 = 10.0;
/// Smallest gap kept between the inputs of neighbouring points while dragging.
const MIN_GAP: f32 = 0.005;

/// Edits `curve`: a checkbox named `label` switches it (on: the straight line), then a
/// graph whose points drag (double-click adds one, right-click removes one) and their
/// values as numbers. `hover` says what the curve acts on.
pub(crate) fn curve_editor_ui(
    ui: &mut egui::Ui,
    curve: &mut Option<Curve>,
    label: &str,
    hover: &str,
) {
    let mut on = curve.is_some();
    if ui.checkbox(&mut on, label).on_hover_text(hover).changed() {
        *curve = on.then(Curve::linear);
    }
    let Some(c) = curve.as_mut() else {
        return;
    };
    let mut points = c.points();
    graph_ui(ui, &mut points, label);
    points_ui(ui, &mut points, label);
    if ui
        .small_button("Straight line")
        .on_hover_text("Reset the curve to the straight line from (0, 0) to (1, 1)")
        .clicked()
    {
        points = Curve::linear().points();
    }
    // Edits keep the points valid; anything that is not (a typed clash) keeps the curve.
    if let Ok(new) = Curve::new(&points) {
        *c = new;
    }
}

/// The graph: the curve over 0..1 (outputs outside it drawn at the edge), its points
/// draggable.
fn graph_ui(ui: &mut egui::Ui, points: &mut Vec<(f32, f32)>, label: &str) {
    let side = ui.available_width().clamp(120.0, 260.0);
    let (response, painter) =
        ui.allocate_painter(Vec2::new(side, side * 0.75), Sense::click_and_drag());
    response.widget_info(|| {
        egui::WidgetInfo::labeled(egui::Role::Canvas, true, format!("{label} graph"))
    });
    let rect = response.rect.shrink(6.0);
    let to_screen = |(x, y): (f32, f32)| {
        pos2(
            rect.left() + x * rect.width(),
            rect.bottom() - y.clamp(0.0, 1.0) * rect.height(),
        )
    };
    let from_screen = |p: Pos2| {
        (
            ((p.x - rect.left()) / rect.width()).clamp(0.0, 1.0),
            ((rect.bottom() - p.y) / rect.height()).clamp(0.0, 1.0),
        )
    };
    let dragged_id = response.id.with("dragged point");
    let nearest = |points: &[(f32, f32)], at: Pos2| {
        points
            .iter()
            .enumerate()
            .map(|(i, &p)| (i, to_screen(p).distance(at)))
            .filter(|&(_, d)| d <= PICK_RADIUS)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(i, _)| i)
    };
    let pointer = response.interact_pointer_pos();
    // The point under the press, not under the pointer: a drag starts only after the
    // pointer has moved some way.
    let origin = ui.input(|i| i.pointer.press_origin()).or(pointer);
    if response.drag_started()
        && let Some(at) = origin
    {
        let picked = nearest(points, at);
        ui.data_mut(|d| d.insert_temp(dragged_id, picked));
    }
    let dragged: Option<usize> = ui.data(|d| d.get_temp(dragged_id)).flatten();
    if let (Some(i), Some(at)) = (dragged, pointer)
        && response.dragged()
        && i < points.len()
    {
        let (x, y) = from_screen(at);
        let (lo, hi) = input_bounds(points, i);
        points[i] = (x.clamp(lo, hi), y);
    }
    if response.drag_stopped() {
        ui.data_mut(|d| d.remove::<Option<usize>>(dragged_id));
    }
    if response.double_clicked()
        && let Some(at) = pointer
        && points.len() < MAX_CURVE_POINTS
        && nearest(points, at).is_none()
    {
        let (x, y) = from_screen(at);
        if points.iter().all(|p| (p.0 - x).abs() >= MIN_GAP) {
            let at = points.partition_point(|p| p.0 < x);
            points.insert(at, (x, y));
        }
    }
    if response.secondary_clicked()
        && let Some(at) = pointer
        && points.len() > 2
        && let Some(i) = nearest(points, at)
    {
        points.remove(i);
    }
    let visuals = ui.visuals().clone();
    draw(&painter, &visuals, response.rect, rect, points, to_screen);
    response.on_hover_text(
        "Drag a point to move it; double-click to add one, right-click one to remove it",
    );
}

/// The inputs point `i` may take: between its neighbours' (kept `MIN_GAP` apart), or
/// to the end of 0..1 for the first and last (`lo <= hi` always).
fn input_bounds(points: &[(f32, f32)], i: usize) -> (f32, f32) {
    let lo = if i == 0 {
        0.0
    } else {
        points[i - 1].0 + MIN_GAP
    };
    let hi = if i + 1 == points.len() {
        1.0
    } else {
        points[i + 1].0 - MIN_GAP
    };
    (lo, hi.max(lo))
}

/// The frame, a quarter grid, the curve and its points.
fn draw(
    painter: &egui::Painter,
    visuals: &egui::Visuals,
    frame: Rect,
    rect: Rect,
    points: &[(f32, f32)],
    to_screen: impl Fn((f32, f32)) -> Pos2,
) {
    painter.rect_filled(frame, 2.0, visuals.extreme_bg_color);
    let grid = Stroke::new(1.0, visuals.weak_text_color().gamma_multiply(0.4));
    for k in 1..4 {
        let f = k as f32 / 4.0;
        let x = rect.left() + f * rect.width();
        let y = rect.bottom() - f * rect.height();
        painter.line_segment([pos2(x, rect.top()), pos2(x, rect.bottom())], grid);
        painter.line_segment([pos2(rect.left(), y), pos2(rect.right(), y)], grid);
    }
    painter.line_segment([rect.left_bottom(), rect.right_top()], grid);
    if let Ok(curve) = Curve::new(points) {
        let n = 96;
        let line: Vec<Pos2> = (0..=n)
            .map(|i| {
                let x = i as f32 / n as f32;
                to_screen((x, curve.apply(x)))
            })
            .collect();
        painter.add(egui::Shape::line(
            line,
            Stroke::new(2.0, visuals.text_color()),
        ));
    }
    for &p in points {
        painter.circle(
            to_screen(p),
            4.5,
            Color32::from_rgb(240, 180, 60),
            Stroke::new(1.0, visuals.text_color()),
        );
    }
}

/// Each point's input and output as numbers (inputs kept between their neighbours'),
/// with a button to remove it while more than 2 are left.
fn points_ui(ui: &mut egui::Ui, points: &mut Vec<(f32, f32)>, label: &str) {
    egui::CollapsingHeader::new("Points")
        .id_salt((label, "points"))
        .default_open(false)
        .show(ui, |ui| {
            let n = points.len();
            let mut remove = None;
            for i in 0..n {
                let (lo, hi) = input_bounds(points, i);
                let (x, y) = &mut points[i];
                ui.horizontal(|ui| {
                    ui.add(
                        egui::DragValue::new(x)
                            .range(lo..=hi)
                            .speed(0.005)
                            .max_decimals(3)
                            .prefix("in "),
                    )
                    .on_hover_text("The point's input: the height (or grey) it acts on");
                    ui.add(
                        egui::DragValue::new(y)
                            .range(-MAX_CURVE_VALUE..=MAX_CURVE_VALUE)
                            .speed(0.005)
                            .max_decimals(3)
                            .prefix("out "),
                    )
                    .on_hover_text("The point's output: what that input becomes");
                    if n > 2 && ui.small_button("Remove").clicked() {
                        remove = Some(i);
                    }
                });
            }
            if let Some(i) = remove {
                points.remove(i);
            }
        });
}
