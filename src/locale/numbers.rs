//! Numbers as a language writes them.

/// `value` with `mark` for its decimal point and no more decimals than it has (`7,5`, `12`,
/// never `-0`).
pub fn decimal(value: f64, mark: &str) -> String {
    let value = if value == 0.0 { 0.0 } else { value };
    let text = format!("{value}");
    text.replacen('.', mark, 1)
}
