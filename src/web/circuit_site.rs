//! A circuit as a static site (`oware-tournament export-circuit ID DIR`), beside a tournament's
//! (`site.rs`): plain files that read the same from a disk or any web host, every link
//! relative. The standings (overall and each category's), the qualification with its rule and
//! date, the tournaments that count, each person's card with the dropped results greyed, and
//! the five published files that anyone recomputes with `oware-tournament circuit`.

use std::sync::Arc;

use askama::Template;

use super::circuits::Words;
use super::pages::Nav;
use super::site::SiteFile;
use crate::circuit::files::FILES;
use crate::circuit::standings::CircuitStanding;
use crate::locale::Lang;
use crate::service::ServiceError;
use crate::service::circuits::Computed;

#[derive(Template)]
#[template(path = "site/circuit.html")]
struct StandingsPage {
    root: &'static str,
    nav: Nav,
    c: Arc<Computed>,
    /// The standings shown: the circuit's, or a category's (its code).
    rows: Vec<CircuitStanding>,
    category: String,
    files: [&'static str; 5],
    written: String,
}

impl Words for StandingsPage {
    fn nav(&self) -> &Nav {
        &self.nav
    }

    fn site_root(&self) -> Option<&'static str> {
        Some(self.root)
    }
}

#[derive(Template)]
#[template(path = "site/circuit_person.html")]
struct PersonPage {
    root: &'static str,
    nav: Nav,
    c: Arc<Computed>,
    line: CircuitStanding,
}

impl Words for PersonPage {
    fn nav(&self) -> &Nav {
        &self.nav
    }

    fn site_root(&self) -> Option<&'static str> {
        Some(self.root)
    }
}

fn html(path: String, page: &impl Template) -> Result<SiteFile, ServiceError> {
    Ok((path, page.render()?.into_bytes()))
}

/// Every file of the static site of the circuit `c`, its pages in `lang`.
pub fn files(c: Computed, lang: Lang) -> Result<Vec<SiteFile>, ServiceError> {
    let c = Arc::new(c);
    let nav = Nav::default().in_lang(lang);
    let written = lang.datetime(chrono::Utc::now().naive_utc());
    let page = |root, rows, category: &str| StandingsPage {
        root,
        nav: nav.clone(),
        c: c.clone(),
        rows,
        category: category.to_string(),
        files: FILES,
        written: written.clone(),
    };
    let mut out = vec![html(
        "index.html".to_string(),
        &page("", c.standings.rows.clone(), ""),
    )?];
    for k in &c.circuit.rules.categories {
        out.push(html(
            format!("categories/{}.html", k.code),
            &page("../", c.standings.within(&k.code), &k.code),
        )?);
    }
    for line in &c.standings.rows {
        out.push(html(
            format!("persons/{}.html", line.person_id),
            &PersonPage {
                root: "../",
                nav: nav.clone(),
                c: c.clone(),
                line: line.clone(),
            },
        )?);
    }
    for name in FILES {
        out.push((
            name.to_string(),
            c.file(name).unwrap_or_default().into_bytes(),
        ));
    }
    out.push(("style.css".to_string(), super::STYLE.as_bytes().to_vec()));
    Ok(out)
}
