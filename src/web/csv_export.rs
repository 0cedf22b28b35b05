//! CSV downloads. A cell that a spreadsheet would run as a formula (starting with `=`, `+`, `-`,
//! `@`, a tab or a carriage return) is prefixed with `'`, so it stays text.

use actix_web::HttpResponse;

use super::error::AppError;

/// The cell as text a spreadsheet will not evaluate.
pub fn neutralise(cell: &str) -> std::borrow::Cow<'_, str> {
    match cell.chars().next() {
        Some('=' | '+' | '-' | '@' | '\t' | '\r') => format!("'{cell}").into(),
        _ => cell.into(),
    }
}

/// Writes `rows` under `header` as a CSV download named `filename`.
pub fn download<I, R>(filename: &str, header: &[&str], rows: I) -> Result<HttpResponse, AppError>
where
    I: IntoIterator<Item = R>,
    R: IntoIterator<Item = String>,
{
    let mut writer = csv::Writer::from_writer(Vec::new());
    writer
        .write_record(header)
        .map_err(|e| AppError::Internal(e.to_string()))?;
    for row in rows {
        let cells: Vec<String> = row
            .into_iter()
            .map(|c| neutralise(&c).into_owned())
            .collect();
        writer
            .write_record(&cells)
            .map_err(|e| AppError::Internal(e.to_string()))?;
    }
    let body = writer
        .into_inner()
        .map_err(|e| AppError::Internal(e.to_string()))?;
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((
            "Content-Disposition",
            format!("attachment; filename=\"{filename}\""),
        ))
        .body(body))
}

#[cfg(test)]
mod tests {
    use super::neutralise;

    #[test]
    fn formulas_become_text() {
        for cell in ["=1+1", "+44 20", "-5", "@SUM(A1)", "\tx"] {
            assert!(neutralise(cell).starts_with('\''), "{cell}");
        }
        assert_eq!(neutralise("Ama"), "Ama");
        assert_eq!(neutralise(""), "");
    }
}
