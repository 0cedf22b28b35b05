//! Team standings from individual results: teams by club, by country, by federation, or as the
//! organiser lists them; a team scores the points of its best `N` members (all of them when no
//! `N` is set), women and men counted apart if asked. Ties between teams: the points of all
//! their members, then their best member's place. `docs/standings.md` ("Team standings")
//! states it with a worked example. Team matches (boards in order) are a later step: a team
//! here is a set of players, which such matches would pair.

use crate::tournament::said::Said;
use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::categories::Gender;
use super::standings::Standing;

/// How players make teams.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    strum::EnumString,
    strum::IntoStaticStr,
    strum::Display,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum TeamsBy {
    /// No team standings.
    #[default]
    None,
    Club,
    Country,
    Federation,
    /// The organiser's lists.
    List,
}

/// A team the organiser lists: its name and its players' ids.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TeamList {
    pub name: String,
    pub players: Vec<i32>,
}

/// A tournament's team standings settings.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TeamSettings {
    #[serde(default)]
    pub by: TeamsBy,
    /// The members counted: a team's best `N` (none: all).
    #[serde(default)]
    pub best: Option<usize>,
    /// Women and men make teams apart (players whose gender is not given count with neither).
    #[serde(default)]
    pub genders_apart: bool,
    /// The teams, for `by: list`.
    #[serde(default)]
    pub lists: Vec<TeamList>,
}

impl TeamSettings {
    /// Every problem, one sentence each; `players` are the tournament's player ids.
    pub fn problems(&self, players: &[i32]) -> Vec<Said> {
        let mut problems = Vec::new();
        if self.best.is_some_and(|n| !(1..=50).contains(&n)) {
            problems.push(crate::said!("best-1-50-members-counted"));
        }
        if self.by != TeamsBy::List && !self.lists.is_empty() {
            problems.push(crate::said!("lists-teams-listed-only-list"));
        }
        let mut seen: HashMap<i32, &str> = HashMap::new();
        for team in &self.lists {
            let name = team.name.trim();
            if name.is_empty() || name.chars().count() > 60 {
                problems.push(crate::said!("lists-team-needs-name-1"));
            }
            for p in &team.players {
                if !players.contains(p) {
                    problems.push(crate::said!("player-not-tournament", name, p));
                } else if let Some(other) = seen.insert(*p, name) {
                    problems.push(crate::said!("player-two-teams", p, other, name));
                }
            }
        }
        problems
    }

    /// The team a player is listed in.
    pub fn team_of(&self, player: i32) -> Option<&str> {
        self.lists
            .iter()
            .find(|team| team.players.contains(&player))
            .map(|team| team.name.as_str())
    }
}

/// Listed teams from the team named for each player (empty: in none), in the order the names
/// first come; names that differ only in case or in spaces around them are one team, spelled
/// as first written.
pub fn lists_from_names(names: &[(i32, String)]) -> Vec<TeamList> {
    let mut lists: Vec<TeamList> = Vec::new();
    for (player, name) in names {
        let name = name.trim();
        if name.is_empty() {
            continue;
        }
        let key = name.to_lowercase();
        match lists.iter_mut().find(|t| t.name.to_lowercase() == key) {
            Some(team) => team.players.push(*player),
            None => lists.push(TeamList {
                name: name.to_string(),
                players: vec![*player],
            }),
        }
    }
    lists
}

/// What a team standing needs of a player besides their result.
#[derive(Clone, Debug, Default)]
pub struct Member {
    pub club: String,
    pub country: String,
    pub federation: String,
    pub gender: Option<Gender>,
}

/// A member's line in a team's standing.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MemberLine {
    pub player_id: i32,
    pub name: String,
    pub points: f64,
    /// The individual place.
    pub rank: usize,
    /// Among the best `N` counted.
    pub counted: bool,
}

/// A team's standing.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TeamStanding {
    pub rank: usize,
    pub shared: bool,
    pub name: String,
    /// The gender of the team, when women and men are counted apart.
    pub gender: Option<Gender>,
    /// The counted members' points.
    pub points: f64,
    /// Tie-break 1: the points of all its members.
    pub all_points: f64,
    /// Tie-break 2: its best member's place.
    pub best_rank: usize,
    /// Its members, best first.
    pub members: Vec<MemberLine>,
}

/// The team standings from the individual standings `table` (in order).
pub fn standings(
    settings: &TeamSettings,
    table: &[Standing],
    members: &HashMap<i32, Member>,
) -> Vec<TeamStanding> {
    let listed: HashMap<i32, &str> = settings
        .lists
        .iter()
        .flat_map(|t| t.players.iter().map(move |&p| (p, t.name.trim())))
        .collect();
    let mut teams: Vec<TeamStanding> = Vec::new();
    let mut index: HashMap<(String, Option<Gender>), usize> = HashMap::new();
    for s in table {
        let m = members.get(&s.player_id).cloned().unwrap_or_default();
        let team = match settings.by {
            TeamsBy::None => None,
            TeamsBy::Club => Some(m.club.trim().to_string()),
            TeamsBy::Country => Some(m.country.trim().to_string()),
            TeamsBy::Federation => Some(m.federation.trim().to_string()),
            TeamsBy::List => listed.get(&s.player_id).map(|n| n.to_string()),
        };
        let Some(team) = team.filter(|t| !t.is_empty()) else {
            continue;
        };
        let gender = if settings.genders_apart {
            match m.gender {
                Some(g) => Some(g),
                None => continue,
            }
        } else {
            None
        };
        let at = *index.entry((team.clone(), gender)).or_insert_with(|| {
            teams.push(TeamStanding {
                rank: 0,
                shared: false,
                name: team,
                gender,
                points: 0.0,
                all_points: 0.0,
                best_rank: s.rank,
                members: Vec::new(),
            });
            teams.len() - 1
        });
        let t = &mut teams[at];
        let counted = settings.best.is_none_or(|n| t.members.len() < n);
        if counted {
            t.points += s.points;
        }
        t.all_points += s.points;
        t.best_rank = t.best_rank.min(s.rank);
        t.members.push(MemberLine {
            player_id: s.player_id,
            name: s.name.clone(),
            points: s.points,
            rank: s.rank,
            counted,
        });
    }
    let key = |t: &TeamStanding| (t.points, t.all_points, std::cmp::Reverse(t.best_rank));
    teams.sort_by(|a, b| {
        key(b)
            .partial_cmp(&key(a))
            .unwrap_or(std::cmp::Ordering::Equal)
            .then_with(|| a.name.cmp(&b.name))
    });
    // Ranks: women's and men's teams ranked apart.
    for gender in [None, Some(Gender::Female), Some(Gender::Male)] {
        let at: Vec<usize> = (0..teams.len())
            .filter(|&i| teams[i].gender == gender)
            .collect();
        for (k, &i) in at.iter().enumerate() {
            let level: Vec<usize> = at
                .iter()
                .copied()
                .filter(|&j| key(&teams[j]) == key(&teams[i]))
                .collect();
            let first = at.iter().position(|j| level.contains(j)).unwrap_or(k);
            teams[i].rank = first + 1;
            teams[i].shared = level.len() > 1;
        }
    }
    teams
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(player_id: i32, rank: usize, points: f64) -> Standing {
        Standing {
            rank,
            shared: false,
            player_id,
            name: format!("P{player_id}"),
            club: String::new(),
            points,
            tiebreaks: Vec::new(),
            games_played: 5,
        }
    }

    #[test]
    fn a_team_counts_its_best_members_and_women_and_men_apart() {
        // Ghana: 4, 3½, 2, 1 (the best three: 9½); Nigeria: 4, 3, 2½ (9½, all of them 9½ too,
        // best member 2nd); Togo: 5, 1 (6).
        let table = vec![
            row(1, 1, 5.0),
            row(2, 2, 4.0),
            row(3, 3, 4.0),
            row(4, 4, 3.5),
            row(5, 5, 3.0),
            row(6, 6, 2.5),
            row(7, 7, 2.0),
            row(8, 8, 1.0),
            row(9, 9, 1.0),
        ];
        let country = |c: &str, g: Option<Gender>| Member {
            country: c.to_string(),
            gender: g,
            ..Member::default()
        };
        let (f, m) = (Some(Gender::Female), Some(Gender::Male));
        let members = HashMap::from([
            (1, country("TG", m)),
            (2, country("NG", f)),
            (3, country("GH", m)),
            (4, country("GH", f)),
            (5, country("NG", m)),
            (6, country("NG", m)),
            (7, country("GH", f)),
            (8, country("GH", m)),
            (9, country("TG", f)),
        ]);
        let settings = TeamSettings {
            by: TeamsBy::Country,
            best: Some(3),
            ..TeamSettings::default()
        };
        let teams = standings(&settings, &table, &members);
        let got: Vec<(&str, usize, bool, f64, f64)> = teams
            .iter()
            .map(|t| (t.name.as_str(), t.rank, t.shared, t.points, t.all_points))
            .collect();
        // Ghana and Nigeria level on the best three; Ghana's four members have 10½ to
        // Nigeria's 9½: Ghana first.
        assert_eq!(
            got,
            [
                ("GH", 1, false, 9.5, 10.5),
                ("NG", 2, false, 9.5, 9.5),
                ("TG", 3, false, 6.0, 6.0)
            ]
        );
        assert!(!teams[0].members[3].counted);
        // Women and men apart, the best two: women GH 3½ + 2, NG 4, TG 1; men NG 3 + 2½, TG 5
        // and GH 4 + 1 (level on everything but the best place: TG's 1st beats GH's 3rd).
        let apart = TeamSettings {
            genders_apart: true,
            best: Some(2),
            ..settings
        };
        let teams = standings(&apart, &table, &members);
        let women: Vec<(&str, usize, f64)> = teams
            .iter()
            .filter(|t| t.gender == f)
            .map(|t| (t.name.as_str(), t.rank, t.points))
            .collect();
        assert_eq!(women, [("GH", 1, 5.5), ("NG", 2, 4.0), ("TG", 3, 1.0)]);
        let men: Vec<(&str, usize, f64)> = teams
            .iter()
            .filter(|t| t.gender == m)
            .map(|t| (t.name.as_str(), t.rank, t.points))
            .collect();
        assert_eq!(men, [("NG", 1, 5.5), ("TG", 2, 5.0), ("GH", 3, 5.0)]);
    }

    #[test]
    fn listed_teams_take_each_player_once() {
        let settings = TeamSettings {
            by: TeamsBy::List,
            lists: vec![
                TeamList {
                    name: "School A".to_string(),
                    players: vec![1, 2],
                },
                TeamList {
                    name: "School B".to_string(),
                    players: vec![2, 9],
                },
            ],
            ..TeamSettings::default()
        };
        let problems = settings.problems(&[1, 2, 3]);
        assert_eq!(problems.len(), 2, "{problems:?}");
        let table = vec![row(1, 1, 2.0), row(2, 2, 1.0), row(3, 3, 0.0)];
        let ok = TeamSettings {
            lists: vec![TeamList {
                name: "School A".to_string(),
                players: vec![3, 1],
            }],
            ..settings
        };
        let teams = standings(&ok, &table, &HashMap::new());
        assert_eq!(teams.len(), 1);
        assert_eq!((teams[0].points, teams[0].members.len()), (2.0, 2));
    }

    #[test]
    fn lists_come_from_each_players_team_name() {
        let names = [
            (1, "Ashanti".to_string()),
            (2, String::new()),
            (3, " ashanti ".to_string()),
            (4, "Volta".to_string()),
            (5, "  ".to_string()),
            (6, "VOLTA".to_string()),
        ];
        let lists = lists_from_names(&names);
        assert_eq!(
            lists,
            vec![
                TeamList {
                    name: "Ashanti".to_string(),
                    players: vec![1, 3],
                },
                TeamList {
                    name: "Volta".to_string(),
                    players: vec![4, 6],
                },
            ]
        );
        let settings = TeamSettings {
            by: TeamsBy::List,
            lists,
            ..TeamSettings::default()
        };
        assert_eq!(settings.team_of(3), Some("Ashanti"));
        assert_eq!(settings.team_of(2), None);
        assert!(settings.problems(&[1, 2, 3, 4, 5, 6]).is_empty());
    }
}
