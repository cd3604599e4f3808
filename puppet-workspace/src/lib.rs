//! `puppet-workspace`: Puppet environments and modules as they lie on disk.
