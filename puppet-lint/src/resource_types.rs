//! The core resource types as Puppet 7 and 8 define them (`file`, `package`, `service`, `exec`,
//! …): each type's attributes (parameters, properties, metaparameters) with their
//! documentation and the releases that have them, read off Puppet's own `Puppet::Type`
//! classes by `scripts/gen-resource-types` into `data/resource-types.json`: the one table the
//! linter and the language server read.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;

/// What an attribute is to Puppet.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AttributeKind {
    /// A parameter (how Puppet manages the resource).
    Param,
    /// A property (what Puppet manages).
    Property,
    /// A metaparameter, which every type has (`require`, `notify`, `tag`, …).
    Metaparam,
}

/// One attribute of a type.
#[derive(Clone, Debug, Deserialize)]
pub struct Attribute {
    /// What it is.
    pub kind: AttributeKind,
    /// Puppet's documentation of it (Markdown).
    pub doc: String,
    /// The Puppet releases the table was read from that have it.
    pub releases: Vec<String>,
}

/// One core resource type.
#[derive(Clone, Debug, Deserialize)]
pub struct ResourceType {
    /// The attributes that identify a resource (`path` for `file`).
    pub namevars: Vec<String>,
    /// Puppet's documentation of the type (Markdown).
    pub doc: String,
    /// Its attributes, by name.
    pub attributes: BTreeMap<String, Attribute>,
}

/// The table.
#[derive(Clone, Debug, Deserialize)]
pub struct ResourceTypes {
    /// The releases it was read from.
    pub releases: Vec<String>,
    /// The types, by name.
    pub types: BTreeMap<String, ResourceType>,
}

impl ResourceTypes {
    /// The table (parsed on first use).
    pub fn get() -> &'static ResourceTypes {
        static TABLE: OnceLock<ResourceTypes> = OnceLock::new();
        TABLE.get_or_init(|| {
            serde_json::from_str(include_str!("../data/resource-types.json"))
                .expect("data/resource-types.json is written by scripts/gen-resource-types")
        })
    }

    /// A core type by name (`file`, `File`, `::file`).
    pub fn lookup(&self, name: &str) -> Option<&ResourceType> {
        let name = name.trim_start_matches("::");
        if name.bytes().any(|b| b.is_ascii_uppercase()) {
            self.types.get(&name.to_ascii_lowercase())
        } else {
            self.types.get(name)
        }
    }
}
