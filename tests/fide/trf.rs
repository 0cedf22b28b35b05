use oware_tournament::fide::trf::Trf;

#[test]
fn every_fixture_reads_and_writes_back_as_the_same_tournament() {
    for (name, text, _) in crate::fixtures() {
        let trf = Trf::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(trf.players.len() >= 6, "{name}");
        assert!(trf.rounds() >= 3, "{name}");
        for p in &trf.players {
            let points: u32 = p.rounds.iter().map(|c| c.outcome.half_points()).sum();
            assert_eq!(points, p.half_points, "{name}: player {} adds up", p.number);
        }
        let written = trf.write();
        assert_eq!(Trf::parse(&written).unwrap(), trf, "{name}");
        // The players' lines are the fixture's, column for column.
        let lines = |t: &str| -> Vec<String> {
            t.split(['\r', '\n'])
                .filter(|l| l.starts_with("001"))
                .map(|l| l.trim_end().to_string())
                .collect()
        };
        assert_eq!(lines(&written), lines(&text), "{name}");
    }
}
