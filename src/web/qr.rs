//! QR codes (the `qrcode` crate, drawn as SVG) and the site's own address, for what is printed:
//! a PIN slip's code opens the sign-in page with the player chosen, a score sheet's opens its
//! game.

use actix_web::HttpRequest;
use qrcode::render::svg;
use qrcode::{EcLevel, QrCode};

use crate::service::ServiceError;

/// The address printed on slips and score sheets: the one set (`OWARE_PUBLIC_URL`), or the one
/// the visitor reached the site at, as the request says (behind a proxy, the one its
/// `Forwarded` or `X-Forwarded-*` headers give).
pub fn site(req: &HttpRequest, public_url: Option<&str>) -> Site {
    match public_url {
        Some(url) => Site {
            url: url.to_string(),
            set: true,
        },
        None => {
            let info = req.connection_info();
            Site {
                url: format!("{}://{}", info.scheme(), info.host()),
                set: false,
            }
        }
    }
}

/// The address printed, and whether it is the one set or the request's.
#[derive(Clone, Debug)]
pub struct Site {
    pub url: String,
    pub set: bool,
}

impl Site {
    /// Only this computer reaches it (`localhost`, `127.0.0.1`, `[::1]`): phones scanning the
    /// codes would find nothing.
    pub fn local_only(&self) -> bool {
        let host = self
            .url
            .split_once("://")
            .map_or(self.url.as_str(), |(_, rest)| rest);
        let host = host.strip_prefix('[').map_or_else(
            || host.split(':').next().unwrap_or(host),
            |v6| v6.split(']').next().unwrap_or(v6),
        );
        host.eq_ignore_ascii_case("localhost")
            || host
                .parse::<std::net::IpAddr>()
                .is_ok_and(|a| a.is_loopback())
    }
}

/// A QR code of `text` as an SVG image, `label` its description for screen readers.
pub fn svg(text: &str, label: &str) -> Result<String, ServiceError> {
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M)
        .map_err(|e| ServiceError::Internal(format!("QR code of {} bytes: {e}", text.len())))?;
    let image = code
        .render::<svg::Color>()
        .min_dimensions(160, 160)
        .quiet_zone(true)
        .dark_color(svg::Color("#000"))
        .light_color(svg::Color("#fff"))
        .build();
    // The crate writes a complete SVG document: keep the element only, made to scale and
    // described.
    let start = image.find("<svg").unwrap_or(0);
    let element = &image[start..];
    let label = label
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('"', "&quot;");
    Ok(element.replacen(
        "<svg",
        &format!(r#"<svg class="qr" role="img" aria-label="{label}""#),
        1,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_is_an_svg_element_with_its_description() {
        let svg = svg("http://127.0.0.1:8080/games/12", "QR code of game 12 <&>").unwrap();
        assert!(svg.starts_with("<svg class=\"qr\" role=\"img\""));
        assert!(svg.contains("aria-label=\"QR code of game 12 &lt;&amp;>\""));
        assert!(svg.ends_with("</svg>"));
        assert!(!svg.contains("<?xml"));
        // The same address always gives the same code; another gives another.
        assert_eq!(
            svg,
            super::svg("http://127.0.0.1:8080/games/12", "QR code of game 12 <&>").unwrap()
        );
        assert_ne!(
            svg,
            super::svg("http://127.0.0.1:8080/games/13", "QR code of game 12 <&>").unwrap()
        );
    }
}
