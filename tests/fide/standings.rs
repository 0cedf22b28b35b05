use oware_tournament::fide::c07::{Code, standings};
use oware_tournament::fide::trf::Trf;

#[test]
fn every_tie_break_of_every_fixture_agrees_with_fides_reference_code() {
    let mut checked = 0;
    let mut wrong = Vec::new();
    for (name, text, expected) in crate::fixtures() {
        let trf = Trf::parse(&text).unwrap();
        let codes: Vec<Code> = expected["codes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap().parse().unwrap())
            .collect();
        for (after, players) in expected["after"].as_object().unwrap() {
            let after: usize = after.parse().unwrap();
            let rows = standings(&trf, after, &codes, false);
            for row in rows {
                let want = &players[row.number.to_string()];
                for (code, value) in codes.iter().zip(&row.values) {
                    let key = code.to_string();
                    let w = want[&key].as_f64().unwrap();
                    checked += 1;
                    if (w - value).abs() > 1e-9 {
                        wrong.push(format!("{name} after {after}/{}: player {} {key} is {value}, FIDE's code says {w}", trf.rounds(), row.number));
                    }
                }
                checked += 1;
                if want["rank"].as_u64() != Some(u64::from(row.rank)) {
                    wrong.push(format!(
                        "{name} after {after}: player {} ranks {}, FIDE's code says {}",
                        row.number, row.rank, want["rank"]
                    ));
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {checked} values differ; the first:\n{}",
        wrong.len(),
        wrong
            .iter()
            .take(30)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}
