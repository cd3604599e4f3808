//! One module per subcommand.

pub mod dump;
pub mod validate;
