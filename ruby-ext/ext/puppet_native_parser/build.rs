//! Tells the extension which Ruby it is built against, where that changes the code: on Ruby
//! 3.1 (`ruby_3_1_objects`) an object's instance variables are the plain array `ivars.rs`
//! writes directly; any other version sets them through `rb_ivar_set` only. rb-sys (`links =
//! "rb"`) passes its version facts to dependents' build scripts as `DEP_RB_VERSION_EQ_*`.
fn main() {
    println!("cargo::rustc-check-cfg=cfg(ruby_3_1_objects)");
    println!("cargo::rerun-if-env-changed=DEP_RB_VERSION_EQ_3_1");
    if std::env::var("DEP_RB_VERSION_EQ_3_1").as_deref() == Ok("true") {
        println!("cargo::rustc-cfg=ruby_3_1_objects");
    }
}
