//! A bare actix-web server answering `hello` at `/`, with as many workers as the service: the
//! yardstick the load benchmark sets the standings page beside (`cargo bench --bench load --
//! --phases hot`). It prints the address it listens on, then serves until killed.
//!
//! `cargo run --release --example hello [ADDRESS]` (by default a free port on 127.0.0.1).

use actix_web::{App, HttpServer, web};

#[actix_web::main]
async fn main() -> std::io::Result<()> {
    let address = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "127.0.0.1:0".to_string());
    let workers = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    let server = HttpServer::new(|| App::new().route("/", web::get().to(|| async { "hello" })))
        .workers(workers)
        .bind(address)?;
    for address in server.addrs() {
        println!("listening on http://{address}");
    }
    server.run().await
}
