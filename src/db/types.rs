//! How the domain's types are stored: enums as their TEXT names, ids as INTEGER. The domain
//! stays free of diesel; these impls teach diesel the types (`foreign_derive` derives diesel's
//! traits for a type defined elsewhere).

use diesel::deserialize::{self, FromSql};
use diesel::serialize::{self, IsNull, Output, ToSql};
use diesel::sql_types::{Integer, Text};
use diesel::sqlite::{Sqlite, SqliteValue};
use diesel::{AsExpression, FromSqlRow};

use crate::auth::Role;
use crate::tournament::matches::{MatchLength, MatchScore, StartRule, TieRule};
use crate::tournament::sheets::EndKind;
use crate::tournament::{
    AccountId, Adjudication, ByeKind, CheckIn, EventId, GameId, GameStatus, PlayerId, ResultKind,
    RoundId, SheetId, TiePolicy, TournamentId, TournamentSettings, Winner,
};

/// Enums stored as their names: written with `Into<&'static str>`, read with `FromStr` (a name
/// the program does not know is an error, never a default).
macro_rules! stored_as_text {
    ($($proxy:ident: $ty:ty),* $(,)?) => {$(
        #[derive(AsExpression, FromSqlRow)]
        #[diesel(foreign_derive, sql_type = Text)]
        #[allow(dead_code)]
        struct $proxy($ty);

        impl ToSql<Text, Sqlite> for $ty {
            fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, Sqlite>) -> serialize::Result {
                out.set_value(<&'static str>::from(*self));
                Ok(IsNull::No)
            }
        }

        impl FromSql<Text, Sqlite> for $ty {
            fn from_sql(value: SqliteValue<'_, '_, '_>) -> deserialize::Result<Self> {
                let text = <String as FromSql<Text, Sqlite>>::from_sql(value)?;
                text.parse().map_err(|_| {
                    format!(concat!("unknown ", stringify!($ty), " {:?}"), text).into()
                })
            }
        }
    )*};
}

stored_as_text! {
    GameStatusColumn: GameStatus,
    ResultKindColumn: ResultKind,
    WinnerColumn: Winner,
    EndKindColumn: EndKind,
    TiePolicyColumn: TiePolicy,
    CheckInColumn: CheckIn,
    AdjudicationColumn: Adjudication,
    RoleColumn: Role,
    ByeKindColumn: ByeKind,
    MatchLengthColumn: MatchLength,
    StartRuleColumn: StartRule,
    MatchScoreColumn: MatchScore,
    TieRuleColumn: TieRule,
}

/// A tournament's settings, stored as one JSON record (`TournamentSettings::stored`) and read
/// back checked (`TournamentSettings::from_stored`): a record that does not read is an error,
/// never a default.
#[derive(AsExpression, FromSqlRow)]
#[diesel(foreign_derive, sql_type = Text)]
#[allow(dead_code)]
struct SettingsColumn(TournamentSettings);

impl ToSql<Text, Sqlite> for TournamentSettings {
    fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, Sqlite>) -> serialize::Result {
        out.set_value(self.stored());
        Ok(IsNull::No)
    }
}

impl FromSql<Text, Sqlite> for TournamentSettings {
    fn from_sql(value: SqliteValue<'_, '_, '_>) -> deserialize::Result<Self> {
        let text = <String as FromSql<Text, Sqlite>>::from_sql(value)?;
        TournamentSettings::from_stored(&text).map_err(Into::into)
    }
}

/// Typed ids stored as integers.
macro_rules! stored_as_integer {
    ($($proxy:ident: $ty:ident),* $(,)?) => {$(
        #[derive(AsExpression, FromSqlRow)]
        #[diesel(foreign_derive, sql_type = Integer)]
        #[allow(dead_code)]
        struct $proxy($ty);

        impl ToSql<Integer, Sqlite> for $ty {
            fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, Sqlite>) -> serialize::Result {
                out.set_value(self.0);
                Ok(IsNull::No)
            }
        }

        impl FromSql<Integer, Sqlite> for $ty {
            fn from_sql(value: SqliteValue<'_, '_, '_>) -> deserialize::Result<Self> {
                <i32 as FromSql<Integer, Sqlite>>::from_sql(value).map($ty)
            }
        }
    )*};
}

stored_as_integer! {
    TournamentIdColumn: TournamentId,
    RoundIdColumn: RoundId,
    GameIdColumn: GameId,
    PlayerIdColumn: PlayerId,
    AccountIdColumn: AccountId,
    SheetIdColumn: SheetId,
    EventIdColumn: EventId,
}
