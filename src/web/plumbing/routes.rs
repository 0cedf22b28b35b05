//! The site's routes as each file lists them, registered so that the router reads a path
//! against the routes of its own kind only.
//!
//! actix-web's router tries a path against each registered pattern in turn, a pattern with a
//! parameter by a regular expression: with every route at one level, a tournament's standings
//! were read against some 200 patterns before their own. Here every route under a thing's
//! number (`/tournaments/{id}/...`, `/games/{id}/...`, `/events/{id}/...`) goes into one scope
//! of that prefix: a path is read against the other routes, then against the prefixes, then
//! against the routes of its own scope only, each a plain comparison where it has no parameter
//! of its own (those come first, where nothing listed before them could take them). The routes
//! outside the scopes come before them, so that a fixed path (`/tournaments/new`) is never
//! taken for a number.

use actix_web::dev::HttpServiceFactory;
use actix_web::{Route, web};

/// What a scope answers for a path under it that none of its routes takes.
pub type Missing = fn() -> Route;

/// The routes, and what else the files register beside them, in the order listed.
#[derive(Default)]
pub struct Routes {
    entries: Vec<Entry>,
}

enum Entry {
    Route(String, Route),
    /// A resource of its own or the app's data: registered as it is, where it is listed.
    Other(Box<dyn FnOnce(&mut web::ServiceConfig)>),
}

/// The parameter a scope's prefix ends with.
const NUMBER: &str = "{id}";

/// The scope a path belongs in and its path within it: `/tournaments/{id}/standings` is
/// `/standings` in `/tournaments/{id}`; a path of another shape is in none.
fn scoped(path: &str) -> Option<(&str, &str)> {
    let (head, tail) = path.strip_prefix('/')?.split_once('/')?;
    if head.is_empty() || head.contains('{') {
        return None;
    }
    let within = tail.strip_prefix(NUMBER)?;
    if !(within.is_empty() || within.starts_with('/')) {
        return None;
    }
    Some(path.split_at(path.len() - within.len()))
}

/// A route and its path.
type Listed = (String, Route);

/// Whether a route's path has no parameter: the router compares it, without a regular expression.
fn fixed(path: &str) -> bool {
    !path.contains('{')
}

/// The routes with the fixed paths as early as they may be: a fixed path goes before every
/// route with parameters, except those listed before it that would take it, which it stays
/// after. Whatever a request's method, it is taken by the route it was taken by in the order
/// listed: two routes with parameters keep their order, and a fixed path and a route with
/// parameters keep theirs wherever one could take the other's requests.
fn fixed_first(routes: Vec<Listed>) -> Vec<Listed> {
    let mut patterns: Vec<actix_web::dev::ResourceDef> = Vec::new();
    // Each route with parameters, and the fixed ones that go before it (in their order).
    let mut groups: Vec<(Vec<Listed>, Option<Listed>)> = vec![(Vec::new(), None)];
    for (path, route) in routes {
        if fixed(&path) {
            let after = patterns.iter().rposition(|p| p.is_match(&path));
            groups[after.map_or(0, |at| at + 1)].0.push((path, route));
        } else {
            patterns.push(actix_web::dev::ResourceDef::new(path.as_str()));
            groups.last_mut().expect("a group").1 = Some((path, route));
            groups.push((Vec::new(), None));
        }
    }
    groups
        .into_iter()
        .flat_map(|(fixed, then)| fixed.into_iter().chain(then))
        .collect()
}

impl Routes {
    pub fn route(&mut self, path: &str, route: Route) -> &mut Self {
        self.entries.push(Entry::Route(path.to_string(), route));
        self
    }

    pub fn service<F: HttpServiceFactory + 'static>(&mut self, factory: F) -> &mut Self {
        self.entries.push(Entry::Other(Box::new(move |cfg| {
            cfg.service(factory);
        })));
        self
    }

    pub fn app_data<U: 'static>(&mut self, data: U) -> &mut Self {
        self.entries.push(Entry::Other(Box::new(move |cfg| {
            cfg.app_data(data);
        })));
        self
    }

    pub fn configure(&mut self, f: impl FnOnce(&mut Routes)) -> &mut Self {
        f(self);
        self
    }

    /// Registers the routes in `cfg`: the resources and data first, then the routes outside
    /// every scope (those with fixed paths first), then a scope for each prefix (the one with the
    /// most routes first), its routes answering `missing` for a path none of them takes.
    pub fn register(self, cfg: &mut web::ServiceConfig, missing: Missing) {
        let mut outside = Vec::new();
        let mut scopes: Vec<(String, Vec<Listed>)> = Vec::new();
        for entry in self.entries {
            match entry {
                Entry::Route(path, route) => match scoped(&path) {
                    Some((prefix, within)) => {
                        let at = match scopes.iter().position(|(p, _)| p == prefix) {
                            Some(at) => at,
                            None => {
                                scopes.push((prefix.to_string(), Vec::new()));
                                scopes.len() - 1
                            }
                        };
                        scopes[at].1.push((within.to_string(), route));
                    }
                    None => outside.push((path, route)),
                },
                Entry::Other(register) => register(cfg),
            }
        }
        for (path, route) in fixed_first(outside) {
            cfg.route(&path, route);
        }
        scopes.sort_by_key(|(_, routes)| std::cmp::Reverse(routes.len()));
        for (prefix, routes) in scopes {
            let scope = fixed_first(routes)
                .into_iter()
                .fold(web::scope(&prefix), |scope, (path, route)| {
                    scope.route(&path, route)
                });
            cfg.service(scope.default_service(missing()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{fixed_first, scoped};
    use actix_web::web;

    #[test]
    fn a_fixed_path_goes_first_unless_a_route_listed_before_it_would_take_it() {
        let listed = [
            "/players/{player}",
            "/standings",
            "/players/import",
            "/games/{game}/sheet",
            "",
            "/players/new",
            "/players/{player:\\d+}/edit",
        ];
        let routes = listed
            .iter()
            .map(|p| (p.to_string(), web::get().to(|| async { "" })))
            .collect();
        let order: Vec<String> = fixed_first(routes).into_iter().map(|(p, _)| p).collect();
        assert_eq!(
            order,
            [
                "/standings",
                "",
                "/players/{player}",
                "/players/import",
                "/players/new",
                "/games/{game}/sheet",
                "/players/{player:\\d+}/edit",
            ]
        );
    }

    #[test]
    fn a_path_under_a_number_is_in_its_scope_and_no_other_is() {
        assert_eq!(
            scoped("/tournaments/{id}/standings"),
            Some(("/tournaments/{id}", "/standings"))
        );
        assert_eq!(
            scoped("/tournaments/{id}/players/{player:\\d+}"),
            Some(("/tournaments/{id}", "/players/{player:\\d+}"))
        );
        assert_eq!(scoped("/events/{id}"), Some(("/events/{id}", "")));
        // Fixed paths, another parameter's name or shape, a number within a segment: no scope.
        for path in [
            "/tournaments/new",
            "/tournaments",
            "/games/{id:\\d+}",
            "/games/{id:\\d+}.ogn",
            "/tournaments/{id}.ogn",
            "/ratings/{file}",
            "/{id}/x",
            "/",
        ] {
            assert_eq!(scoped(path), None, "{path}");
        }
    }
}
