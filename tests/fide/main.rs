//! Checks against FIDE's own tools: 200 Swiss tournaments paired by a FIDE-endorsed Dutch engine
//! (bbpPairings), in TRF, with every player's tie-breaks as computed by the FIDE Technical
//! Commission's reference code (`tests/data/fide/`).

mod cli;
mod pairing;
mod standings;
mod trf;

/// The fixture tournaments: (name, TRF text, tie-break values as JSON).
pub fn fixtures() -> Vec<(String, String, serde_json::Value)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/fide");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".trf"))
        .collect();
    names.sort();
    assert_eq!(names.len(), 200, "the fixture tournaments are all there");
    names
        .into_iter()
        .map(|n| {
            let text = std::fs::read_to_string(dir.join(&n)).unwrap();
            let json =
                std::fs::read_to_string(dir.join(n.replace(".trf", ".tiebreaks.json"))).unwrap();
            (n, text, serde_json::from_str(&json).unwrap())
        })
        .collect()
}
