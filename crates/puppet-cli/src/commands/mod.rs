//! One module per subcommand.

pub mod dump;
