//! The migration that makes a tournament's settings one record: a database of before it reads
//! the same settings after it, and reverting it gives the columns back.

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel_migrations::MigrationHarness;

use super::MIGRATIONS;
use crate::tournament::{Format, Knockout, TournamentId, TournamentSettings};

/// A database migrated to just before the settings became one record.
fn before_the_record() -> (tempfile::TempDir, SqliteConnection) {
    super::migrated_up_to("_tournament_settings")
}

/// Three tournaments as the columns held them: a Swiss in French with rule options, points,
/// tie-breaks, dates, lots and a roll call; a double-elimination knockout of matches; a
/// tournament paired by hand with no tie-break, its venue empty.
const OLD_ROWS: &str = r#"
    INSERT INTO events (id, name, venue, created_at) VALUES (4, 'Festival', '', '2026-11-01');
    INSERT INTO tournaments (id, name, venue, start_date, end_date, rules, rounds, pairing,
        points_win, points_draw, points_loss, points_bye, tiebreaks, require_moves,
        require_confirmation, created_at, club_rounds, match_games, match_length, match_start,
        match_score, match_tie, third_place, double_elimination, event_id, tie_policy,
        lots_seed, check_in, adjudication)
    VALUES
    (1, 'Open de Cotonou', 'Cotonou', '2026-12-05', '2026-12-06', '{RULES}', 5, 'swiss',
        3, 1, 0, 3, 'BH,SB,SC', 1, 0, '2026-11-01 10:00:00', 2, 1, 'games', 'alternate',
        'match-points', 'draw', 0, 0, 4, 'mso', 12345, 'first', 'exact'),
    (2, 'Cup', 'Accra', NULL, NULL, '{PLAIN}', 7, 'knockout', 1, 0.5, 0, 1, 'BH', 1, 1,
        '2026-11-01 10:00:00', 0, 3, 'best-of', 'loser', 'game-points', 'decider', 0, 1, NULL,
        'fide', NULL, 'none', 'rows'),
    (3, 'Club night', '', NULL, NULL, '{PLAIN}', 2, 'manual', 1, 0.5, 0, 1, '', 0, 1,
        '2026-11-01 10:00:00', 0, 1, 'games', 'alternate', 'match-points', 'draw', 1, 0, NULL,
        'fide', NULL, 'none', 'rows');
    INSERT INTO tournament_languages (tournament_id, language) VALUES (1, 'fr');
"#;

/// A preset's whole rule set as the column held it (JSON), with compulsory capture as said.
fn rules(preset: &str, compulsory_capture: bool) -> String {
    let settings = TournamentSettings::parse(
        &serde_json::from_value(serde_json::json!({
            "name": "T", "rules": preset, "rounds": 1,
            "rule_options": {"compulsory_capture": compulsory_capture}
        }))
        .unwrap(),
    )
    .unwrap();
    serde_json::to_string(&settings.rules).unwrap()
}

#[test]
fn old_settings_read_the_same_from_the_record_and_come_back_as_columns() {
    let (_dir, mut conn) = before_the_record();
    let changed = rules("abapa", false);
    let plain = rules("merkel", true);
    conn.batch_execute(
        &OLD_ROWS
            .replace("{RULES}", &changed)
            .replace("{PLAIN}", &plain),
    )
    .unwrap();
    conn.run_next_migration(MIGRATIONS).unwrap();
    let read = |conn: &mut SqliteConnection, id: i32| {
        super::queries::get_tournament(conn, TournamentId(id)).unwrap()
    };
    let open = read(&mut conn, 1);
    let s: &TournamentSettings = &open.settings;
    assert_eq!(
        (s.name.as_str(), s.venue.as_str(), s.rounds, s.club_rounds),
        ("Open de Cotonou", "Cotonou", 5, 2)
    );
    assert_eq!(serde_json::to_string(&s.rules).unwrap(), changed);
    assert_eq!(
        (s.format, s.points.win, s.points.bye),
        (Format::Swiss, 3.0, 3.0)
    );
    assert_eq!(
        s.tiebreaks.iter().map(|t| t.code()).collect::<Vec<_>>(),
        ["BH", "SB", "SC"]
    );
    assert!(s.switches.require_moves && !s.switches.require_confirmation);
    assert_eq!(s.lots_seed, Some(12345));
    assert_eq!(
        (s.tie_policy.to_string(), s.check_in.to_string()),
        ("mso".to_string(), "first".to_string())
    );
    assert_eq!(s.adjudication.to_string(), "exact");
    assert_eq!(
        s.start_date.map(|d| d.to_string()).as_deref(),
        Some("2026-12-05")
    );
    // What SQL reads of the record, and the event, stay columns.
    assert_eq!(
        (
            open.name.as_str(),
            open.language.as_str(),
            open.event_id.map(|e| e.0)
        ),
        ("Open de Cotonou", "fr", Some(4))
    );
    let cup = read(&mut conn, 2);
    assert_eq!(cup.settings.format, Format::Knockout(Knockout::Double));
    assert_eq!(
        (
            cup.settings.matches.games,
            cup.settings.matches.length.to_string()
        ),
        (3, "best-of".to_string())
    );
    assert_eq!(cup.language, "en");
    let club = read(&mut conn, 3);
    // A third-place match said of a tournament paired by hand meant nothing and is not kept.
    assert_eq!(club.settings.format, Format::ByHand);
    assert!(club.settings.tiebreaks.is_empty());
    // Written again, each record is the one the service writes.
    for t in [&open, &cup, &club] {
        let again = TournamentSettings::from_stored(&t.settings.stored()).unwrap();
        assert_eq!(again, t.settings);
    }

    // Reverted: the columns as they were, the language in its table.
    conn.revert_last_migration(MIGRATIONS).unwrap();
    #[derive(QueryableByName)]
    struct Old {
        #[diesel(sql_type = diesel::sql_types::Text)]
        rules: String,
        #[diesel(sql_type = diesel::sql_types::Text)]
        tiebreaks: String,
        #[diesel(sql_type = diesel::sql_types::Text)]
        pairing: String,
        #[diesel(sql_type = diesel::sql_types::Bool)]
        double_elimination: bool,
        #[diesel(sql_type = diesel::sql_types::Double)]
        points_win: f64,
        #[diesel(sql_type = diesel::sql_types::Text)]
        language: String,
    }
    let old: Vec<Old> = diesel::sql_query(
        "SELECT rules, tiebreaks, pairing, double_elimination, points_win, \
         coalesce((SELECT language FROM tournament_languages l WHERE l.tournament_id = t.id), \
         'en') AS language FROM tournaments t ORDER BY id",
    )
    .load(&mut conn)
    .unwrap();
    let value = |text: &str| serde_json::from_str::<serde_json::Value>(text).unwrap();
    assert_eq!(value(&old[0].rules), value(&changed));
    assert_eq!(value(&old[1].rules), value(&plain));
    assert_eq!(
        old.iter()
            .map(|o| (
                o.tiebreaks.as_str(),
                o.pairing.as_str(),
                o.double_elimination
            ))
            .collect::<Vec<_>>(),
        [
            ("BH,SB,SC", "swiss", false),
            ("BH", "knockout", true),
            ("", "manual", false)
        ]
    );
    assert_eq!((old[0].points_win, old[0].language.as_str()), (3.0, "fr"));
}
