//! The standings pages kept rendered, per standings report.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use actix_web::web;

use crate::locale::Lang;
use crate::service::standings::Report;
use crate::tournament::TournamentId;

/// Pages rendered from a standings report, kept while the service's report is the current one
/// (the same `Arc`): the public standings page (the same for everyone not signed in who reads
/// the same language) and the standings CSV. A new report (the data changed) is rendered again.
#[derive(Default)]
pub struct Rendered {
    entries: Mutex<HashMap<(TournamentId, i32), Arc<Renders>>>,
}

pub struct Renders {
    pub report: Arc<Report>,
    /// The public page in each language it was asked in.
    pub public_pages: Mutex<HashMap<Lang, web::Bytes>>,
    /// The standings CSV in each language it was asked in.
    pub csvs: Mutex<HashMap<Lang, web::Bytes>>,
}

impl Rendered {
    /// What was rendered from `report` so far.
    pub fn of(&self, report: &Arc<Report>) -> Arc<Renders> {
        let mut entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
        let key = (report.t.id, report.after);
        if let Some(r) = entries.get(&key)
            && Arc::ptr_eq(&r.report, report)
        {
            return r.clone();
        }
        // Reports no longer kept by the service (nor being served) go.
        entries.retain(|_, r| Arc::strong_count(&r.report) > 1);
        let renders = Arc::new(Renders {
            report: report.clone(),
            public_pages: Mutex::default(),
            csvs: Mutex::default(),
        });
        entries.insert(key, renders.clone());
        renders
    }
}
