//! Where a request comes from: the address of the client, as the connection gives it or, when
//! the connection comes from a proxy the operator trusts (`OWARE_TRUSTED_PROXIES`), as that proxy
//! reports it in `X-Forwarded-For`. A header from anyone else is ignored: it could say anything.

use std::net::{IpAddr, Ipv4Addr};

use actix_web::HttpRequest;

/// The client's address.
pub fn address(req: &HttpRequest, trusted_proxies: &[IpAddr]) -> IpAddr {
    let peer = req
        .peer_addr()
        .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |a| a.ip());
    if !trusted_proxies.contains(&peer) {
        return peer;
    }
    forwarded_client(req, trusted_proxies).unwrap_or(peer)
}

/// The last address in `X-Forwarded-For` that is not a trusted proxy: each proxy appends the
/// address it was reached from, so entries to its left may have been written by the client, and
/// are never read (a client's `not-an-ip` there must not make every request the proxy's).
fn forwarded_client(req: &HttpRequest, trusted_proxies: &[IpAddr]) -> Option<IpAddr> {
    let mut hops: Vec<&str> = Vec::new();
    for value in req.headers().get_all("x-forwarded-for") {
        hops.extend(value.to_str().ok()?.split(','));
    }
    for hop in hops.into_iter().rev() {
        match hop.trim().parse::<IpAddr>() {
            Ok(ip) if trusted_proxies.contains(&ip) => continue,
            Ok(ip) => return Some(ip),
            Err(_) => return None,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    fn from(peer: &str, forwarded: Option<&str>) -> HttpRequest {
        let mut req = TestRequest::default().peer_addr(format!("{peer}:40000").parse().unwrap());
        if let Some(f) = forwarded {
            req = req.insert_header(("X-Forwarded-For", f));
        }
        req.to_http_request()
    }

    #[test]
    fn only_a_trusted_proxy_is_believed() {
        let proxy: IpAddr = "10.0.0.2".parse().unwrap();
        let trusted = [proxy];
        let ip = |s: &str| s.parse::<IpAddr>().unwrap();
        // Straight from a client: its header means nothing.
        assert_eq!(
            address(&from("203.0.113.9", Some("198.51.100.1")), &trusted),
            ip("203.0.113.9")
        );
        // Through the proxy: the address it appended, not what the client wrote before it.
        assert_eq!(
            address(
                &from("10.0.0.2", Some("198.51.100.1, 203.0.113.9")),
                &trusted
            ),
            ip("203.0.113.9")
        );
        // What the client wrote left of what the proxy appended is never read.
        assert_eq!(
            address(&from("10.0.0.2", Some("not-an-ip, 203.0.113.9")), &trusted),
            ip("203.0.113.9")
        );
        // A proxy that says nothing (or nonsense) is the client.
        assert_eq!(address(&from("10.0.0.2", None), &trusted), proxy);
        assert_eq!(
            address(&from("10.0.0.2", Some("not an address")), &trusted),
            proxy
        );
        // Without a trusted proxy, the header is never read.
        assert_eq!(address(&from("10.0.0.2", Some("203.0.113.9")), &[]), proxy);
    }
}
