//! The loaders' side of the import: the names that defines, functions, plans and type aliases
//! bind, and `Attempt to redefine entity` (`BaseLoader#set_entry` → `fail_redefine`, an
//! `ArgumentError`).
//!
//! What `puppet parser validate`'s fresh loaders hold, and where each definition goes:
//!
//! * a define's runtime type (`Loaders.register_runtime3_type`) goes into the runtime-3 type
//!   loader, which fails only on its own entries (it allows shadowing): a define defined twice;
//! * a function, plan or type alias goes into the environment loader
//!   (`Loaders#instantiate_definition`), which fails on its own entries of the same kind, and, for
//!   a type alias (`:type` entries, no shadowing allowed), also on an entry that one of its parent
//!   loaders has loaded: a define of the file bound before it (runtime-3 loader) or a type of the
//!   static loader: Puppet's types (`TypeParser.type_map`, origin
//!   `by Puppet-Type-System/Static-Loader`), its built-in aliases (`Data`, `RichData`, …) and the
//!   built-in resource types it references (`File`, `Notify`, …), both without an origin
//!   (`Set at unknown location`), and the Pcore types Puppet registers there when it starts:
//!   `Pcore` and `Pcore::*`, `Deferred`, `Annotation`, `RubyMethod`, `Puppet::LookupContext`,
//!   `Puppet::Resource::Param` and `…::ResourceType3` (no origin), the `Puppet::AST` type set
//!   (origin: the `ast.rb` of Debian's `puppet` package) and one type per class of the model and
//!   `Puppet::AST::Locator` (no origin). That is all a fresh `puppet parser validate` holds (204
//!   entries, listed from the static loader of Puppet 7.23 and checked name by name against
//!   `puppet parser validate`).
//!
//! Names are compared as `TypedName` does: lower-cased, without a leading `::`; the entity is
//! named `http://puppet.com/2016.1/runtime/KIND/NAME`. An origin in the file is
//! `Locator#to_uri(definition)` (see `uri`).

use std::borrow::Cow;
use std::collections::HashMap;

use crate::model::{Model, ModelClass, NodeId};

use super::uri;

/// The kind of a loader entry (`TypedName#type`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(super) enum EntityKind {
    Type,
    Function,
    Plan,
}

impl EntityKind {
    fn as_str(self) -> &'static str {
        match self {
            EntityKind::Type => "type",
            EntityKind::Function => "function",
            EntityKind::Plan => "plan",
        }
    }
}

/// Where an entry was set.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Origin {
    /// A definition of the file.
    Definition(NodeId),
    /// Puppet's type system (`puppet:Puppet-Type-System/Static-Loader`).
    StaticLoader,
    /// The `Puppet::AST` type set, declared in Ruby Puppet's `ast.rb`.
    AstTypeSet,
    /// No origin recorded.
    Unknown,
}

/// What a type name of the file is bound to in the loaders ([`Loaders::bound_type`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum BoundType {
    /// A define's runtime type: a `Resource` type.
    Define,
    /// A type alias of the file (its definition).
    Alias(NodeId),
}

/// An entry that was already bound: `Attempt to redefine entity`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(super) struct Redefined {
    kind: EntityKind,
    name: String,
    origin: Origin,
}

impl Redefined {
    /// `fail_redefine(entry)`'s message.
    pub(super) fn message(&self, model: &Model, file: Option<&str>) -> String {
        let origin = match self.origin {
            Origin::Definition(d) => format!(
                "Originally set at {}.",
                uri::locator_uri(file, model.line(d), model.pos(d))
            ),
            Origin::StaticLoader => {
                "Originally set by Puppet-Type-System/Static-Loader.".to_owned()
            }
            Origin::AstTypeSet => format!("Originally set at {AST_TYPE_SET_ORIGIN}."),
            Origin::Unknown => "Set at unknown location".to_owned(),
        };
        format!(
            "Attempt to redefine entity 'http://puppet.com/2016.1/runtime/{}/{}'. {origin}",
            self.kind.as_str(),
            self.name
        )
    }
}

/// The entries the file's definitions have bound so far.
#[derive(Default)]
pub(super) struct Loaders {
    /// The runtime-3 type loader: the defines' runtime types.
    runtime3_types: HashMap<String, NodeId>,
    /// The environment loader: functions, plans and type aliases.
    environment: HashMap<(EntityKind, String), NodeId>,
}

impl Loaders {
    /// `Loaders.register_runtime3_type(name, origin)` for a define.
    pub(super) fn register_runtime3_type(
        &mut self,
        name: &str,
        definition: NodeId,
    ) -> Result<(), Redefined> {
        let name = typed_name(name);
        if let Some(&earlier) = self.runtime3_types.get(&name) {
            return Err(Redefined {
                kind: EntityKind::Type,
                name,
                origin: Origin::Definition(earlier),
            });
        }
        self.runtime3_types.insert(name, definition);
        Ok(())
    }

    /// What a type named `name` (lower-cased) is bound to so far: a define's runtime type, or
    /// a type alias of the file.
    pub(super) fn bound_type(&self, name: &str) -> Option<BoundType> {
        if self.runtime3_types.contains_key(name) {
            return Some(BoundType::Define);
        }
        self.environment
            .get(&(EntityKind::Type, name.to_owned()))
            .map(|&alias| BoundType::Alias(alias))
    }

    /// `set_entry` in the environment loader for a function, plan or type alias.
    pub(super) fn set_entry(
        &mut self,
        kind: EntityKind,
        name: &str,
        definition: NodeId,
    ) -> Result<(), Redefined> {
        let name = typed_name(name);
        let key = (kind, name);
        let origin = match self.environment.get(&key) {
            Some(&earlier) => Some(Origin::Definition(earlier)),
            None if kind == EntityKind::Type => self
                .runtime3_types
                .get(&key.1)
                .map(|&earlier| Origin::Definition(earlier))
                .or_else(|| static_origin(&key.1)),
            None => None,
        };
        if let Some(origin) = origin {
            return Err(Redefined {
                kind,
                name: key.1,
                origin,
            });
        }
        self.environment.insert(key, definition);
        Ok(())
    }
}

/// `TypedName#name`: lower-cased, without a leading `::`.
pub(super) fn typed_name(name: &str) -> String {
    let name = name.to_lowercase();
    match name.strip_prefix("::") {
        Some(relative) => relative.to_owned(),
        None => name,
    }
}

/// The static loader's entry for the (lower-case) type name, if it has one.
pub(super) fn static_origin(name: &str) -> Option<Origin> {
    if TYPE_SYSTEM.iter().any(|&(key, _)| key == name) {
        Some(Origin::StaticLoader)
    } else if name == "puppet::ast" {
        Some(Origin::AstTypeSet)
    } else if BUILT_IN_RESOURCE_TYPES.contains(&name) || registered_type_name(name).is_some() {
        Some(Origin::Unknown)
    } else {
        None
    }
}

/// The name Puppet gives a type its static loader holds besides its type system and resource
/// types, from the (lower-case) name: a built-in alias, a type registered at start, or a type
/// of the `Puppet::AST` type set (a class of the model, `model/ast.toml`, or `Locator`).
pub(super) fn registered_type_name(name: &str) -> Option<Cow<'static, str>> {
    if let Some(&known) = BUILT_IN_ALIASES
        .iter()
        .chain(&REGISTERED_AT_START)
        .find(|known| known.eq_ignore_ascii_case(name))
    {
        return Some(Cow::Borrowed(known));
    }
    let class = name.strip_prefix("puppet::ast::")?;
    ModelClass::ALL
        .iter()
        .map(|c| c.name())
        .chain(["Locator"])
        .find(|c| c.eq_ignore_ascii_case(class))
        .map(|c| Cow::Owned(format!("Puppet::AST::{c}")))
}

/// Where Ruby Puppet declares the `Puppet::AST` type set: its `ast.rb`, as Debian's `puppet`
/// package installs it (the origin `Attempt to redefine entity` names).
const AST_TYPE_SET_ORIGIN: &str =
    "file:///usr/lib/ruby/vendor_ruby/puppet/pops/model/ast.rb?line=1";

/// The other types Puppet 7.23 registers in the static loader as it starts (`Pcore.init`,
/// `Puppet::Pops::Pcore`, the lookup and resource types), named as Puppet names them; no
/// origin.
const REGISTERED_AT_START: [&str; 58] = [
    "Annotation",
    "Deferred",
    "Pcore",
    "Pcore::AbstractTimeDataType",
    "Pcore::AnyType",
    "Pcore::ArrayType",
    "Pcore::BinaryType",
    "Pcore::BooleanType",
    "Pcore::CallableType",
    "Pcore::CatalogEntryType",
    "Pcore::ClassType",
    "Pcore::CollectionType",
    "Pcore::DefaultType",
    "Pcore::EnumType",
    "Pcore::FloatType",
    "Pcore::HashType",
    "Pcore::InitType",
    "Pcore::IntegerType",
    "Pcore::IterableType",
    "Pcore::IteratorType",
    "Pcore::MemberName",
    "Pcore::NotUndefType",
    "Pcore::NumericType",
    "Pcore::ObjectType",
    "Pcore::ObjectTypeExtenType",
    "Pcore::OptionalType",
    "Pcore::PatternType",
    "Pcore::QRef",
    "Pcore::RegexpType",
    "Pcore::ResourceType",
    "Pcore::RuntimeType",
    "Pcore::ScalarDataType",
    "Pcore::ScalarType",
    "Pcore::SemVerRangeType",
    "Pcore::SemVerType",
    "Pcore::SensitiveType",
    "Pcore::SimpleTypeName",
    "Pcore::StringType",
    "Pcore::StructElement",
    "Pcore::StructType",
    "Pcore::TimespanType",
    "Pcore::TimestampType",
    "Pcore::TupleType",
    "Pcore::TypeAliasType",
    "Pcore::TypeName",
    "Pcore::TypeReferenceType",
    "Pcore::TypeSetType",
    "Pcore::TypeType",
    "Pcore::UndefType",
    "Pcore::UnitType",
    "Pcore::URI",
    "Pcore::URI_RX",
    "Pcore::URIType",
    "Pcore::VariantType",
    "Puppet::LookupContext",
    "Puppet::Resource::Param",
    "Puppet::Resource::ResourceType3",
    "RubyMethod",
];

/// The keys of `Puppet::Pops::Types::TypeParser.type_map` (Puppet 7.23), each with the name
/// Puppet's mismatch messages give the type it stands for (`Type[Integer]`; recorded from
/// Puppet 7.23, see `type_mapping`).
pub(super) const TYPE_SYSTEM: [(&str, &str); 41] = [
    ("integer", "Type[Integer]"),
    ("float", "Type[Float]"),
    ("numeric", "Type[Numeric]"),
    ("init", "Type[Init]"),
    ("iterable", "Type[Iterable]"),
    ("iterator", "Type[Iterator]"),
    ("string", "Type[String]"),
    ("binary", "Type[Binary]"),
    ("sensitive", "Type[Sensitive]"),
    ("enum", "Type[Enum]"),
    ("boolean", "Type[Boolean]"),
    ("pattern", "Type[Pattern]"),
    ("regexp", "Type[Regexp]"),
    ("array", "Type[Array]"),
    ("hash", "Type[Hash]"),
    ("class", "Type[Class]"),
    ("resource", "Type[Resource]"),
    ("collection", "Type[Collection]"),
    ("scalar", "Type[Scalar]"),
    ("scalardata", "Type[ScalarData]"),
    ("catalogentry", "Type[CatalogEntry]"),
    ("undef", "Type[Undef]"),
    ("notundef", "Type[NotUndef]"),
    ("default", "Type[Default]"),
    ("any", "Type"),
    ("variant", "Type[Variant]"),
    ("optional", "Type[Optional]"),
    ("runtime", "Type[Runtime]"),
    ("type", "Type[Type]"),
    ("tuple", "Type[Tuple]"),
    ("struct", "Type[Struct]"),
    ("object", "Type[]"),
    ("typealias", "Type[UnresolvedAlias]"),
    ("typereference", "Type[TypeReference]"),
    ("typeset", "Type[DefaultTypeSet]"),
    ("callable", "Type[Callable]"),
    ("semver", "Type[SemVer]"),
    ("semverrange", "Type[SemVerRange]"),
    ("timestamp", "Type[Timestamp]"),
    ("timespan", "Type[Timespan]"),
    ("uri", "Type[URI]"),
];

/// `StaticLoader::BUILTIN_ALIASES`, named as Puppet names them.
const BUILT_IN_ALIASES: [&str; 5] = [
    "Data",
    "RichDataKey",
    "RichData",
    "Puppet::LookupKey",
    "Puppet::LookupValue",
];

/// `StaticLoader::BUILTIN_TYPE_NAMES`, lower-cased.
pub(super) const BUILT_IN_RESOURCE_TYPES: [&str; 15] = [
    "component",
    "exec",
    "file",
    "filebucket",
    "group",
    "node",
    "notify",
    "package",
    "resources",
    "schedule",
    "service",
    "stage",
    "tidy",
    "user",
    "whit",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_names_like_ruby() {
        assert_eq!(typed_name("Foo::Bar"), "foo::bar");
        assert_eq!(typed_name("::foo"), "foo");
    }

    #[test]
    fn static_loader_entries() {
        assert_eq!(static_origin("semver"), Some(Origin::StaticLoader));
        assert_eq!(static_origin("puppet::lookupkey"), Some(Origin::Unknown));
        assert_eq!(static_origin("whit"), Some(Origin::Unknown));
        assert_eq!(static_origin("foo"), None);
        assert_eq!(static_origin("puppet::ast"), Some(Origin::AstTypeSet));
        assert_eq!(static_origin("puppet::ast::program"), Some(Origin::Unknown));
        assert_eq!(static_origin("puppet::ast::locator"), Some(Origin::Unknown));
        assert_eq!(static_origin("puppet::ast::foo"), None);
        assert_eq!(static_origin("pcore::uri_rx"), Some(Origin::Unknown));
        assert_eq!(static_origin("pcore::foo"), None);
        assert_eq!(
            registered_type_name("pcore::uri_rx").as_deref(),
            Some("Pcore::URI_RX")
        );
        assert_eq!(
            registered_type_name("puppet::ast::literalstring").as_deref(),
            Some("Puppet::AST::LiteralString")
        );
    }
}
