// Rebuild when a migration changes: they are embedded in the binary.
fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
