// @generated automatically by Diesel CLI.

diesel::table! {
    accounts (id) {
        id -> Integer,
        username -> Text,
        password_hash -> Text,
        role -> Text,
        failed_logins -> Integer,
        locked_until -> Nullable<Timestamp>,
        created_at -> Timestamp,
        session_generation -> Integer,
    }
}

diesel::table! {
    audit_log (id) {
        id -> Integer,
        at -> Timestamp,
        actor -> Text,
        action -> Text,
        tournament_id -> Nullable<Integer>,
        entity -> Text,
        entity_id -> Nullable<Integer>,
        before -> Nullable<Text>,
        after -> Nullable<Text>,
        sender -> Nullable<Text>,
        claimed_sender -> Nullable<Text>,
    }
}

diesel::table! {
    check_ins (player_id, round_number) {
        tournament_id -> Integer,
        round_number -> Integer,
        player_id -> Integer,
        present -> Bool,
        by_player -> Bool,
        at -> Timestamp,
    }
}

diesel::table! {
    events (id) {
        id -> Integer,
        name -> Text,
        venue -> Text,
        start_date -> Nullable<Date>,
        end_date -> Nullable<Date>,
        categories -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    event_controllers (event_id, account_id) {
        event_id -> Integer,
        account_id -> Integer,
    }
}

diesel::table! {
    games (id) {
        id -> Integer,
        tournament_id -> Integer,
        round_id -> Integer,
        board -> Nullable<Integer>,
        south_id -> Integer,
        north_id -> Nullable<Integer>,
        status -> Text,
        kind -> Nullable<Text>,
        winner -> Nullable<Text>,
        south_seeds -> Nullable<Integer>,
        north_seeds -> Nullable<Integer>,
        end_kind -> Nullable<Text>,
        end_reason -> Nullable<Text>,
        moves -> Nullable<Text>,
        plies -> Nullable<Integer>,
        verified -> Bool,
        reason -> Nullable<Text>,
        updated_at -> Timestamp,
        match_game -> Integer,
    }
}

diesel::table! {
    byes (id) {
        id -> Integer,
        tournament_id -> Integer,
        player_id -> Integer,
        round_number -> Integer,
        kind -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    copy_ids (tournament_id, kind, source) {
        tournament_id -> Integer,
        kind -> Text,
        source -> BigInt,
        row_id -> Integer,
    }
}

diesel::table! {
    tournament_identities (tournament_id) {
        tournament_id -> Integer,
        uid -> Text,
    }
}

diesel::table! {
    hub_tokens (id) {
        id -> Integer,
        label -> Text,
        secret_hash -> Text,
        tournament_id -> Nullable<Integer>,
        created_at -> Timestamp,
        revoked_at -> Nullable<Timestamp>,
        version -> BigInt,
        pushed_at -> Nullable<Timestamp>,
        tournament_uid -> Nullable<Text>,
        digest -> Nullable<Text>,
        disagreed_version -> Nullable<BigInt>,
        disagreed_at -> Nullable<Timestamp>,
        copy_version -> Nullable<BigInt>,
    }
}

diesel::table! {
    held_circuits (tournament_id, circuit_id) {
        tournament_id -> Integer,
        circuit_id -> Integer,
        rules -> Text,
        results -> Text,
        computed_at -> Timestamp,
        fetched_at -> Timestamp,
    }
}

diesel::table! {
    hub_fingerprints (tournament_id, part, key) {
        tournament_id -> Integer,
        part -> Text,
        key -> BigInt,
        position -> BigInt,
        hash -> BigInt,
    }
}

diesel::table! {
    hub_links (tournament_id) {
        tournament_id -> Integer,
        hub_url -> Text,
        token -> Text,
        pushed_version -> BigInt,
        pushed_at -> Nullable<Timestamp>,
        hub_tournament -> Nullable<Integer>,
        refused_version -> Nullable<BigInt>,
        problem -> Nullable<Text>,
        tried_at -> Nullable<Timestamp>,
        disagreed -> Bool,
        again -> Bool,
        pushed_digest -> Nullable<Text>,
        pushed_log -> Nullable<BigInt>,
    }
}

diesel::table! {
    hub_sends (tournament_id, version) {
        tournament_id -> Integer,
        version -> BigInt,
        digest -> Text,
    }
}

diesel::table! {
    notices (tournament_id) {
        tournament_id -> Integer,
        text -> Text,
        written_at -> Timestamp,
    }
}

diesel::table! {
    sheet_refusals (game_id) {
        game_id -> Integer,
        player_id -> Integer,
        refused -> Integer,
        message -> Text,
        refused_at -> Timestamp,
    }
}

diesel::table! {
    players (id) {
        id -> Integer,
        tournament_id -> Integer,
        name -> Text,
        club -> Text,
        country -> Text,
        rating -> Nullable<Integer>,
        pin_hash -> Text,
        withdrawn -> Bool,
        failed_pins -> Integer,
        pin_locked_until -> Nullable<Timestamp>,
        created_at -> Timestamp,
        session_generation -> Integer,
        pairing_number -> Nullable<Integer>,
        previous_player -> Nullable<Integer>,
        birth_year -> Nullable<Integer>,
        gender -> Text,
        title -> Text,
        federation -> Text,
        person -> Nullable<Integer>,
        register_id -> Nullable<Integer>,
    }
}

diesel::table! {
    persons (id) {
        id -> Integer,
        name -> Text,
        name_key -> Text,
        birth_year -> Nullable<Integer>,
        gender -> Text,
        federation -> Text,
        club -> Text,
        licence -> Text,
        merged_into -> Nullable<Integer>,
        created_at -> Timestamp,
        rating -> Nullable<Double>,
        rd -> Nullable<Double>,
    }
}

diesel::table! {
    circuits (id) {
        id -> Integer,
        rules -> Text,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        qualified -> Nullable<Text>,
        qualified_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    register_copy (id) {
        id -> Integer,
        imported_at -> Timestamp,
        persons -> Integer,
    }
}

diesel::table! {
    register_version (id) {
        id -> Integer,
        version -> Integer,
    }
}

diesel::table! {
    register_links (tournament_id, player_name) {
        tournament_id -> Integer,
        player_name -> Text,
        person_id -> Integer,
        linked_at -> Timestamp,
    }
}

diesel::table! {
    rated_tournaments (tournament_id) {
        tournament_id -> Integer,
        marked_at -> Timestamp,
    }
}

diesel::table! {
    roll_calls (tournament_id, round_number) {
        tournament_id -> Integer,
        round_number -> Integer,
        opened_at -> Timestamp,
        closed_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    round_times (tournament_id, round_number) {
        tournament_id -> Integer,
        round_number -> Integer,
        planned_start -> Nullable<Timestamp>,
        started_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    rounds (id) {
        id -> Integer,
        tournament_id -> Integer,
        number -> Integer,
        published -> Bool,
        created_at -> Timestamp,
        published_at -> Nullable<Timestamp>,
        corrected_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    schedules (tournament_id) {
        tournament_id -> Integer,
        game_minutes -> Nullable<Integer>,
        increment_seconds -> Integer,
        move_seconds -> Nullable<Integer>,
        round_minutes -> Nullable<Integer>,
        utc_offset_minutes -> Integer,
    }
}

diesel::table! {
    settings (name) {
        name -> Text,
        value -> Text,
    }
}

diesel::table! {
    sheets (id) {
        id -> Integer,
        game_id -> Integer,
        player_id -> Integer,
        winner -> Text,
        south_seeds -> Integer,
        north_seeds -> Integer,
        end_kind -> Text,
        end_reason -> Nullable<Text>,
        moves -> Text,
        plies -> Integer,
        verified -> Bool,
        created_at -> Timestamp,
    }
}

diesel::table! {
    tournament_controllers (tournament_id, account_id) {
        tournament_id -> Integer,
        account_id -> Integer,
    }
}

diesel::table! {
    tournaments (id) {
        id -> Integer,
        created_at -> Timestamp,
        previous_stage -> Nullable<Integer>,
        playoff_place -> Nullable<Integer>,
        event_id -> Nullable<Integer>,
        prizes -> Text,
        teams -> Text,
        settings -> Text,
        name -> Text,
        venue -> Text,
        start_date -> Nullable<Date>,
        end_date -> Nullable<Date>,
        language -> Text,
    }
}

diesel::table! {
    prohibited_pairs (id) {
        id -> Integer,
        tournament_id -> Integer,
        first_id -> Integer,
        second_id -> Integer,
    }
}

diesel::joinable!(audit_log -> tournaments (tournament_id));
diesel::table! {
    backups_due (id) {
        id -> Integer,
        reason -> Text,
        at -> Timestamp,
    }
}

diesel::table! {
    player_phones (player_id) {
        player_id -> Integer,
        tournament_id -> Integer,
        number -> Text,
        consent_at -> Timestamp,
        stopped -> Bool,
    }
}

diesel::table! {
    sms_settings (tournament_id) {
        tournament_id -> Integer,
        enabled -> Bool,
        cap -> Integer,
    }
}

diesel::table! {
    sms_messages (id) {
        id -> Integer,
        tournament_id -> Nullable<Integer>,
        player_id -> Nullable<Integer>,
        number -> Text,
        incoming -> Bool,
        kind -> Text,
        said -> Text,
        language -> Text,
        text -> Text,
        parts -> Integer,
        state -> Text,
        gateway_id -> Nullable<Text>,
        tries -> Integer,
        due_at -> Timestamp,
        created_at -> Timestamp,
        sent_at -> Nullable<Timestamp>,
        report -> Text,
        reported_at -> Nullable<Timestamp>,
        code -> Nullable<Text>,
        sheet_id -> Nullable<Integer>,
    }
}

diesel::joinable!(byes -> players (player_id));
diesel::joinable!(byes -> tournaments (tournament_id));
diesel::joinable!(games -> rounds (round_id));
diesel::joinable!(games -> tournaments (tournament_id));
diesel::joinable!(players -> tournaments (tournament_id));
diesel::joinable!(prohibited_pairs -> tournaments (tournament_id));
diesel::joinable!(rounds -> tournaments (tournament_id));
diesel::joinable!(sheets -> games (game_id));
diesel::joinable!(sheets -> players (player_id));
diesel::joinable!(tournament_controllers -> accounts (account_id));
diesel::joinable!(tournament_controllers -> tournaments (tournament_id));
diesel::joinable!(event_controllers -> accounts (account_id));
diesel::joinable!(event_controllers -> events (event_id));
diesel::joinable!(tournaments -> events (event_id));
diesel::joinable!(check_ins -> players (player_id));
diesel::joinable!(player_phones -> players (player_id));
diesel::joinable!(sms_messages -> players (player_id));

diesel::table! {
    venue_log (seq) {
        seq -> BigInt,
        tournament_id -> Integer,
        part -> Text,
        row_id -> Nullable<Integer>,
    }
}

diesel::table! {
    tournament_versions (tournament_id) {
        tournament_id -> Integer,
        version -> BigInt,
        carried -> BigInt,
        before_id -> Nullable<Integer>,
    }
}

diesel::allow_tables_to_appear_in_same_query!(
    accounts,
    audit_log,
    circuits,
    byes,
    event_controllers,
    events,
    games,
    players,
    prohibited_pairs,
    rounds,
    settings,
    sheets,
    tournament_controllers,
    tournaments,
    check_ins,
    roll_calls,
    notices,
    round_times,
    schedules,
    sheet_refusals,
    hub_tokens,
    hub_links,
    hub_sends,
    venue_log,
    tournament_versions,
    tournament_identities,
    copy_ids,
    held_circuits,
    hub_fingerprints,
    backups_due,
    player_phones,
    sms_settings,
    sms_messages,
);
