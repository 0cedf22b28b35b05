//! The venue box: the addresses at which phones on the venue's network reach this service (the
//! machine's network interfaces, as the service listens), whether the address printed on slips
//! and sheets (`OWARE_PUBLIC_URL`) is one of them, and the text of a QR code that joins a phone to
//! the venue's Wi-Fi.

use std::net::{IpAddr, SocketAddr};

use serde::Serialize;

/// An address of this machine at which phones reach the service.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VenueAddress {
    /// The network interface (`wlan0`, `eth0`).
    pub interface: String,
    pub url: String,
}

/// What phones can reach, and what the printed pages say.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Venue {
    /// Where the service listens (`0.0.0.0:8080`).
    pub listening: String,
    /// Only this machine reaches the service: it listens on a loopback address.
    pub local_only: bool,
    pub addresses: Vec<VenueAddress>,
    /// The address printed on slips and sheets, when set.
    pub public_url: Option<String>,
    /// The address set is none of this machine's addresses now (the laptop was given another
    /// address by the hotspot after a restart, say): the printed codes lead nowhere.
    pub public_url_elsewhere: bool,
}

/// The venue as this machine's interfaces are now.
pub fn venue(listening: SocketAddr, public_url: Option<&str>) -> Venue {
    let interfaces: Vec<(String, IpAddr)> = if_addrs::get_if_addrs()
        .map(|list| list.into_iter().map(|i| (i.name.clone(), i.ip())).collect())
        .unwrap_or_else(|e| {
            tracing::warn!(cause = %e, "reading the network interfaces");
            Vec::new()
        });
    of(listening, &interfaces, public_url)
}

/// The venue for a service listening at `listening` on a machine with `interfaces`.
pub fn of(
    listening: SocketAddr,
    interfaces: &[(String, IpAddr)],
    public_url: Option<&str>,
) -> Venue {
    let ip = listening.ip();
    let local_only = ip.is_loopback();
    let mut addresses: Vec<VenueAddress> = interfaces
        .iter()
        .filter(|(_, a)| usable(*a))
        // Listening on every address (0.0.0.0 or ::) serves them all; on one, only that one.
        .filter(|(_, a)| ip.is_unspecified() || *a == ip)
        .filter(|(_, a)| !(ip.is_ipv4() && ip.is_unspecified() && a.is_ipv6()))
        .map(|(name, a)| VenueAddress {
            interface: name.clone(),
            url: url(*a, listening.port()),
        })
        .collect();
    // IPv4 first: what a phone's user reads and types most easily.
    addresses.sort_by_key(|a| a.url.contains('['));
    let public_url_elsewhere = public_url.is_some_and(|p| {
        let p = p.trim_end_matches('/');
        !addresses.iter().any(|a| a.url == p)
    });
    Venue {
        listening: listening.to_string(),
        local_only,
        addresses,
        public_url: public_url.map(str::to_string),
        public_url_elsewhere,
    }
}

/// An address a phone on the network can use: not this machine's own loopback, not an IPv6
/// link-local one (which needs its interface named to be used).
fn usable(a: IpAddr) -> bool {
    match a {
        IpAddr::V4(v4) => !v4.is_loopback() && !v4.is_unspecified(),
        IpAddr::V6(v6) => {
            !v6.is_loopback() && !v6.is_unspecified() && (v6.segments()[0] & 0xffc0) != 0xfe80
        }
    }
}

fn url(a: IpAddr, port: u16) -> String {
    let host = match a {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => format!("[{v6}]"),
    };
    if port == 80 {
        format!("http://{host}")
    } else {
        format!("http://{host}:{port}")
    }
}

/// The text of a QR code that joins a phone to a Wi-Fi network (the `WIFI:` form phones'
/// cameras read): WPA with its password, or an open network without one.
pub fn wifi_code(network: &str, password: &str) -> String {
    let escape = |text: &str| {
        let mut out = String::with_capacity(text.len());
        for c in text.chars() {
            if matches!(c, '\\' | ';' | ',' | ':' | '"') {
                out.push('\\');
            }
            out.push(c);
        }
        out
    };
    if password.is_empty() {
        format!("WIFI:T:nopass;S:{};;", escape(network))
    } else {
        format!("WIFI:T:WPA;S:{};P:{};;", escape(network), escape(password))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn interfaces() -> Vec<(String, IpAddr)> {
        [
            ("lo", "127.0.0.1"),
            ("wlan0", "192.168.43.17"),
            ("eth0", "10.0.0.5"),
            ("lo", "::1"),
            ("wlan0", "fe80::1c2b:3ff:fe4d:5e6f"),
            ("wlan0", "2001:db8::17"),
        ]
        .iter()
        .map(|(n, a)| (n.to_string(), a.parse().unwrap()))
        .collect()
    }

    fn urls(v: &Venue) -> Vec<&str> {
        v.addresses.iter().map(|a| a.url.as_str()).collect()
    }

    #[test]
    fn phones_reach_the_addresses_the_service_listens_on() {
        let every_v4 = of("0.0.0.0:8080".parse().unwrap(), &interfaces(), None);
        assert!(!every_v4.local_only);
        assert_eq!(
            urls(&every_v4),
            ["http://192.168.43.17:8080", "http://10.0.0.5:8080"]
        );
        // Every address, IPv6 included (its link-local one aside), IPv4 first.
        let every = of("[::]:80".parse().unwrap(), &interfaces(), None);
        assert_eq!(
            urls(&every),
            [
                "http://192.168.43.17",
                "http://10.0.0.5",
                "http://[2001:db8::17]"
            ]
        );
        let one = of("10.0.0.5:8080".parse().unwrap(), &interfaces(), None);
        assert_eq!(urls(&one), ["http://10.0.0.5:8080"]);
        // Listening on this machine only: no phone reaches it.
        let local = of("127.0.0.1:8080".parse().unwrap(), &interfaces(), None);
        assert!(local.local_only);
        assert!(local.addresses.is_empty());
    }

    #[test]
    fn a_printed_address_the_machine_no_longer_has_is_told() {
        let listening = "0.0.0.0:8080".parse().unwrap();
        let here = of(listening, &interfaces(), Some("http://192.168.43.17:8080/"));
        assert!(!here.public_url_elsewhere);
        let gone = of(listening, &interfaces(), Some("http://192.168.43.99:8080"));
        assert!(gone.public_url_elsewhere);
        // A public name (a hub, a proxy) is not an address of this machine either: said too.
        assert!(
            of(listening, &interfaces(), Some("https://oware.example.org")).public_url_elsewhere
        );
        assert!(!of(listening, &interfaces(), None).public_url_elsewhere);
    }

    #[test]
    fn a_wifi_code_escapes_what_the_format_reserves() {
        assert_eq!(
            wifi_code("Oware; Club", r#"se:cr,et"\"#),
            r#"WIFI:T:WPA;S:Oware\; Club;P:se\:cr\,et\"\\;;"#
        );
        assert_eq!(wifi_code("Hall", ""), "WIFI:T:nopass;S:Hall;;");
    }
}
