//! Gives `libpuppet.so` its soname, `libpuppet.so.<MAJOR>` (the crate's major version), so that
//! programs linked against an installed copy record the major version and a later incompatible
//! release can be installed beside it (`scripts/install-lib` makes the matching symlinks).
//! On macOS the install name plays that part.

fn main() {
    let major = std::env::var("CARGO_PKG_VERSION_MAJOR").unwrap_or_else(|_| "0".to_owned());
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    match os.as_str() {
        "macos" | "ios" => {
            println!(
                "cargo:rustc-cdylib-link-arg=-Wl,-install_name,@rpath/libpuppet.{major}.dylib"
            );
        }
        "windows" => {}
        _ => println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libpuppet.so.{major}"),
    }
    println!("cargo:rerun-if-changed=build.rs");
}
