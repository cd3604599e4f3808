//! A type mapping at import: `Loaders#instantiate_TypeMapping`, which interprets both sides of
//! `type Runtime[ruby, 'Name'] = My::Type` as types and registers the pair in the
//! implementation registry. `Checker4_0` has already checked the shape (a `Runtime[…]` on the
//! left; a type reference, or a regexp and its replacement, on the right); this is what can
//! still raise, in Ruby's order:
//!
//! 1. `TypeParser#interpret_AccessExpression` interprets every key of `Runtime[…]`
//!    (`interpret_any`): names and literals are their values, a list or hash is interpreted
//!    element by element, `-x` is Ruby's `-@` of the value, a heredoc its text, a type name
//!    the type it names, `x[…]` its keys and then, unless `x` is a type name, the error that
//!    anything else raises: `The expression <TEXT> is not a valid type specification.` (TEXT:
//!    the source of the expression's whole tree). Then `Runtime` needs exactly two keys
//!    (`Invalid number of type parameters specified: Runtime requires 2, N provided`).
//! 2. `TypeFactory.runtime` makes the runtime name a Symbol when it is a String, and
//!    `PRuntimeType.new` checks its attributes: any other runtime than a Symbol or `undef`
//!    (`Runtime 'runtime' has wrong type, expects a String value, got Integer`), and a name or
//!    pattern that is neither `undef`, a non-empty String nor a Regexp and a non-empty String
//!    (`Runtime 'name_or_pattern' has wrong type, …`, one line per variant for a list).
//! 3. The right side is interpreted (`interpret_any`).
//! 4. `ImplementationRegistry#register_type_mapping` asserts that the left side is a
//!    `Runtime[ruby, …]`: `First argument of type mapping is incorrect, expects a
//!    Runtime[ruby, undef] value, got Runtime[rubyx, 'Name']` (the type as Puppet's
//!    formatter writes it); and that a pattern maps to a pattern (`Second argument of type
//!    mapping has wrong type, expects a Tuple value, got Type[Integer]`).
//!
//! The messages, and the type names they give for a value (`Integer`, `Tuple`, `Struct`,
//! `Type[TypeReference]`, …), were recorded from Puppet 7.23. Ruby's `-@` on a Boolean, list,
//! hash, type or `default` is a `NoMethodError`: an internal error, reported here as an error
//! of ours. What is not reproduced gives [`Interpreted::Unknown`], and the import goes on as
//! if the mapping had raised nothing: a parameterized type (`Integer[1]`, whose arguments
//! Ruby's type parser checks in ways of its own), a name that may load a type whose
//! definition could itself raise (a type alias of the file, a module's type, Puppet's aliases
//! and Pcore types), and a regexp with non-ASCII text in a message.

use std::borrow::Cow;

use super::loaders::{self, BoundType, Loaders};
use crate::model::{Model, NodeId, NodeKind};
use crate::options::ParseOptions;
use crate::ruby_format::{puppet_quote, regexp_has_fixed_encoding, regexp_inspect};

/// What the import makes of one type mapping.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(super) enum Interpreted {
    /// Registered: nothing raised.
    Registered,
    /// Ruby raises this message.
    Raises(String),
    /// Not reproduced (see the module documentation).
    Unknown,
}

/// A value as Ruby's type parser interprets an expression (`interpret_any`).
#[derive(Clone, Debug)]
enum Value<'m> {
    Str(&'m str),
    Integer,
    Float,
    Boolean,
    Default,
    Undef,
    /// The regexp's source.
    Regexp(&'m str),
    /// A list's elements, each as much as the checks need (so that a value never nests, and
    /// a list 8,000 levels deep is not dropped level by level).
    List(Vec<Element<'m>>),
    /// A hash: the type Ruby infers for it, `Struct` when every key is a non-empty String
    /// (and there is one), else `Hash`.
    Hash(&'static str),
    /// A type: how Puppet names its type (`Type[Integer]`, `Type[Pcore::URI]`, `Type[My::Alias]`).
    Type(Cow<'static, str>),
}

/// An element of a list: a String or a Regexp (what a pattern and its replacement must be),
/// or the type name of anything else.
#[derive(Clone, Debug)]
enum Element<'m> {
    Str(&'m str),
    Regexp(&'m str),
    Other(Cow<'static, str>),
}

impl<'m> Element<'m> {
    fn of(value: Value<'m>) -> Element<'m> {
        match value {
            Value::Str(s) => Element::Str(s),
            Value::Regexp(s) => Element::Regexp(s),
            other => Element::Other(other.type_name()),
        }
    }

    fn type_name(&self) -> &str {
        match self {
            Element::Str(_) => "String",
            Element::Regexp(_) => "Regexp",
            Element::Other(name) => name,
        }
    }
}

impl Value<'_> {
    /// The type Puppet's mismatch messages name for the value (`TypeCalculator#infer_set`,
    /// generalized).
    fn type_name(&self) -> Cow<'static, str> {
        Cow::Borrowed(match self {
            Value::Str(_) => "String",
            Value::Integer => "Integer",
            Value::Float => "Float",
            Value::Boolean => "Boolean",
            Value::Default => "Default",
            Value::Undef => "Undef",
            Value::Regexp(_) => "Regexp",
            Value::List(values) if values.is_empty() => "Array",
            Value::List(_) => "Tuple",
            Value::Hash(name) => name,
            Value::Type(name) => return name.clone(),
        })
    }
}

/// Why interpreting stopped.
enum Stop {
    Raises(String),
    Unknown,
}

/// The runtime of a `Runtime` type once made: a Symbol, or `undef`.
enum Runtime<'m> {
    Symbol(&'m str),
    Undef,
}

/// `Loaders#instantiate_TypeMapping` for the type mapping `mapping` of `model`, with the
/// entries the file's earlier definitions bound in `loaders`.
pub(super) fn instantiate(
    model: &Model,
    options: &ParseOptions,
    loaders: &Loaders,
    mapping: NodeId,
) -> Interpreted {
    let NodeKind::TypeMapping {
        type_expr: Some(type_expr),
        mapping_expr: Some(mapping_expr),
    } = model.kind(mapping)
    else {
        return Interpreted::Unknown;
    };
    let interpreter = Interpreter {
        model,
        options,
        loaders,
    };
    match interpreter.register(*type_expr, *mapping_expr) {
        Ok(()) => Interpreted::Registered,
        Err(Stop::Raises(message)) => Interpreted::Raises(message),
        Err(Stop::Unknown) => Interpreted::Unknown,
    }
}

struct Interpreter<'m> {
    model: &'m Model,
    options: &'m ParseOptions,
    loaders: &'m Loaders,
}

impl<'m> Interpreter<'m> {
    /// Steps 1 to 4 of the module documentation.
    fn register(&self, type_expr: NodeId, mapping_expr: NodeId) -> Result<(), Stop> {
        let NodeKind::AccessExpression { keys, .. } = self.model.kind(type_expr) else {
            return Err(Stop::Unknown);
        };
        let keys = self.model.nodes(*keys);
        let parameters = keys
            .iter()
            .map(|&key| self.interpret(key))
            .collect::<Result<Vec<_>, _>>()?;
        let [runtime, name] = parameters.as_slice() else {
            return Err(Stop::Raises(format!(
                "Invalid number of type parameters specified: Runtime requires 2, {} provided",
                parameters.len()
            )));
        };
        let runtime = match runtime {
            Value::Str(s) => Runtime::Symbol(s),
            Value::Default => Runtime::Symbol("default"),
            Value::Undef => Runtime::Undef,
            other => {
                return Err(Stop::Raises(format!(
                    "Runtime 'runtime' has wrong type, expects a String value, got {}",
                    other.type_name()
                )))
            }
        };
        check_name_or_pattern(name)?;
        let mapped = self.interpret(mapping_expr)?;
        if !matches!(runtime, Runtime::Symbol("ruby")) {
            return Err(Stop::Raises(format!(
                "First argument of type mapping is incorrect, expects a Runtime[ruby, undef] \
                 value, got {}",
                runtime_text(&runtime, name)?
            )));
        }
        // A pattern maps to a pattern (`Tuple[Regexp, String[1]]`); the validator has made sure
        // that a name maps to a type, but a pattern written with more than a string literal as
        // its replacement (`[/p/, ruby]`) can still map to a type.
        if !matches!(name, Value::List(_)) {
            return Ok(());
        }
        const SECOND: &str = "Second argument of type mapping has wrong type";
        match &mapped {
            Value::List(elements) => match elements.as_slice() {
                [Element::Regexp(_), Element::Str("")] => Err(Stop::Raises(format!(
                    "{SECOND}, index 1 expects a String[1] value, got String"
                ))),
                [Element::Regexp(_), Element::Str(_)] => Ok(()),
                _ => Err(Stop::Unknown),
            },
            Value::Type(name) => Err(Stop::Raises(format!(
                "{SECOND}, expects a Tuple value, got {name}"
            ))),
            _ => Err(Stop::Unknown),
        }
    }

    /// `TypeParser#interpret_any`, on a stack that cannot run out (`-` and lists nest as deep
    /// as the parser lets them).
    fn interpret(&self, id: NodeId) -> Result<Value<'m>, Stop> {
        crate::deep::guarded(|| self.interpret_here(id))
    }

    fn interpret_here(&self, id: NodeId) -> Result<Value<'m>, Stop> {
        let model = self.model;
        Ok(match model.kind(id) {
            NodeKind::QualifiedName { value } | NodeKind::LiteralString { value } => {
                Value::Str(model.str(*value))
            }
            NodeKind::LiteralInteger { .. } => Value::Integer,
            NodeKind::LiteralFloat { .. } => Value::Float,
            NodeKind::LiteralBoolean { .. } => Value::Boolean,
            NodeKind::LiteralDefault {} => Value::Default,
            NodeKind::LiteralUndef {} => Value::Undef,
            NodeKind::LiteralRegularExpression { value, .. } => Value::Regexp(model.str(*value)),
            NodeKind::LiteralList { values } => Value::List(
                model
                    .nodes(*values)
                    .iter()
                    .map(|&v| self.interpret(v).map(Element::of))
                    .collect::<Result<_, _>>()?,
            ),
            NodeKind::LiteralHash { entries } => {
                let entries = model.nodes(*entries);
                let mut string_keys = true;
                for &entry in entries {
                    let NodeKind::KeyedEntry { key, value } = model.kind(entry) else {
                        return Err(Stop::Unknown);
                    };
                    let key = self.interpret(*key)?;
                    string_keys &= matches!(key, Value::Str(s) if !s.is_empty());
                    self.interpret(*value)?;
                }
                Value::Hash(if string_keys && !entries.is_empty() {
                    "Struct"
                } else {
                    "Hash"
                })
            }
            NodeKind::UnaryMinusExpression { expr } => match self.interpret(*expr)? {
                // Ruby's `-@`: a number negated, a String (frozen) as it is.
                value @ (Value::Integer | Value::Float | Value::Str(_)) => value,
                other => {
                    return Err(Stop::Raises(format!(
                        "The expression <{}> cannot be negated: Ruby Puppet fails on it with an \
                         internal error (NoMethodError, undefined method `-@' for a {})",
                        self.tree_text(id),
                        other.type_name()
                    )))
                }
            },
            NodeKind::HeredocExpression { text_expr, .. } => self.interpret(*text_expr)?,
            NodeKind::QualifiedReference { cased_value } => {
                self.reference(model.str(*cased_value))?
            }
            // `interpret_AccessExpression`: the keys first, then anything but a type name on
            // the left raises. A parameterized type, whose arguments Ruby's type parser checks
            // in ways of its own, is not reproduced.
            NodeKind::AccessExpression { left_expr, keys } => {
                for &key in model.nodes(*keys) {
                    self.interpret(key)?;
                }
                if matches!(model.kind(*left_expr), NodeKind::QualifiedReference { .. }) {
                    return Err(Stop::Unknown);
                }
                return Err(self.invalid(id));
            }
            // Ruby keeps a lambda as it is: not reproduced.
            NodeKind::LambdaExpression { .. } => return Err(Stop::Unknown),
            _ => return Err(self.invalid(id)),
        })
    }

    /// `raise_invalid_type_specification_error`.
    fn invalid(&self, id: NodeId) -> Stop {
        Stop::Raises(format!(
            "The expression <{}> is not a valid type specification.",
            self.tree_text(id)
        ))
    }

    /// `TypeParser#interpret_QualifiedReference`: a type of Puppet's type system, else a type
    /// the loaders find, else a type reference.
    fn reference(&self, cased: &str) -> Result<Value<'m>, Stop> {
        let name = loaders::typed_name(cased);
        let known = |message_name: &'static str| Ok(Value::Type(Cow::Borrowed(message_name)));
        if let Some(&(_, message_name)) = loaders::TYPE_SYSTEM.iter().find(|(key, _)| *key == name)
        {
            return known(message_name);
        }
        if loaders::BUILT_IN_RESOURCE_TYPES.contains(&name.as_str()) {
            return known("Type[Resource]");
        }
        if name == "error" {
            // Puppet's `Error` data type (`puppet/datatypes/error.rb`).
            return known("Type[Error]");
        }
        if let Some(registered) = loaders::registered_type_name(&name) {
            return Ok(Value::Type(Cow::Owned(format!("Type[{registered}]"))));
        }
        match self.loaders.bound_type(&name) {
            Some(BoundType::Define) => return known("Type[Resource]"),
            Some(BoundType::Alias(alias)) => return self.alias(alias),
            None => {}
        }
        if loaders::static_origin(&name).is_some()
            || self.defined_in_file(&name)
            || self.module_may_define(&name)
        {
            return Err(Stop::Unknown);
        }
        known("Type[TypeReference]")
    }

    /// A type alias of the file, bound before the mapping: loading it resolves it, which can
    /// raise unless it names a type (`type A::B = Integer`); Puppet names it by its name.
    fn alias(&self, alias: NodeId) -> Result<Value<'m>, Stop> {
        let model = self.model;
        match model.kind(alias) {
            NodeKind::TypeAlias {
                name,
                type_expr: Some(body),
            } if matches!(model.kind(*body), NodeKind::QualifiedReference { .. }) => Ok(
                Value::Type(Cow::Owned(format!("Type[{}]", model.str(*name)))),
            ),
            _ => Err(Stop::Unknown),
        }
    }

    /// Whether a definition of the file has this (lower-case) name: one bound after the
    /// mapping, or a class, node or function, which the loaders may find as they find a
    /// define.
    fn defined_in_file(&self, name: &str) -> bool {
        let model = self.model;
        model.definitions().iter().any(|&d| {
            let defined = match model.kind(d) {
                NodeKind::HostClassDefinition { name, .. }
                | NodeKind::ResourceTypeDefinition { name, .. }
                | NodeKind::FunctionDefinition { name, .. }
                | NodeKind::PlanDefinition { name, .. }
                | NodeKind::TypeAlias { name, .. } => model.str(*name),
                _ => return false,
            };
            loaders::typed_name(defined) == name
        })
    }

    /// Whether a module on the module path may define the namespaced type `name` (`a::b`: a
    /// directory `a` in a module path entry), whose loading could raise.
    fn module_may_define(&self, name: &str) -> bool {
        let (Some(location), Some((module, _))) = (&self.options.location, name.split_once("::"))
        else {
            return false;
        };
        location.modulepath.iter().any(|entry| {
            let entry = location.expand_path(&entry.to_string_lossy());
            std::path::Path::new(&entry).join(module).is_dir()
        })
    }

    /// `Locator#extract_tree_text`: the source from the first to the last byte of the
    /// expression and everything below it.
    fn tree_text(&self, id: NodeId) -> &'m str {
        let model = self.model;
        let (mut start, mut end) = (u32::MAX, 0);
        for node in model.walk_from(id) {
            let (offset, length) = model.span(node);
            start = start.min(offset);
            end = end.max(offset + length);
        }
        model
            .source()
            .get(start as usize..end as usize)
            .unwrap_or_default()
    }
}

/// `PRuntimeType.new`'s check of `name_or_pattern` (`Optional[Variant[String[1],
/// Tuple[Regexp, String[1]]]]`), with Puppet's messages.
fn check_name_or_pattern(name: &Value<'_>) -> Result<(), Stop> {
    const SUBJECT: &str = "Runtime 'name_or_pattern' has wrong type";
    match name {
        Value::Undef => Ok(()),
        Value::Str(s) if !s.is_empty() => Ok(()),
        Value::Str(_) => Err(Stop::Raises(format!(
            "{SUBJECT}, expects a value of type String[1] or Tuple[Regexp, String[1]], got String"
        ))),
        Value::List(values) => {
            let mut lines = vec![format!(
                "{SUBJECT}, variant 0 expects a String value, got {}",
                name.type_name()
            )];
            match values.as_slice() {
                [pattern, replacement] => {
                    if !matches!(pattern, Element::Regexp(_)) {
                        lines.push(format!(
                            "{SUBJECT}, variant 1 index 0 expects a Regexp value, got {}",
                            pattern.type_name()
                        ));
                    }
                    match replacement {
                        Element::Str(s) if !s.is_empty() => {}
                        Element::Str(_) => lines.push(format!(
                            "{SUBJECT}, variant 1 index 1 expects a String[1] value, got String"
                        )),
                        other => lines.push(format!(
                            "{SUBJECT}, variant 1 index 1 expects a String value, got {}",
                            other.type_name()
                        )),
                    }
                    if lines.len() == 1 {
                        return Ok(());
                    }
                }
                other => lines.push(format!(
                    "{SUBJECT}, variant 1 expects size to be 2, got {}",
                    other.len()
                )),
            }
            Err(Stop::Raises(format!(" {}", lines.join("\n  "))))
        }
        other => Err(Stop::Raises(format!(
            "{SUBJECT}, expects a value of type String or Tuple, got {}",
            other.type_name()
        ))),
    }
}

/// The `Runtime` type as Puppet's `TypeFormatter` writes it (`string_PRuntimeType`); only a
/// name or pattern that passed [`check_name_or_pattern`] gets here.
fn runtime_text(runtime: &Runtime<'_>, name: &Value<'_>) -> Result<String, Stop> {
    let runtime = match runtime {
        Runtime::Symbol(s) => s,
        Runtime::Undef if matches!(name, Value::Undef) => return Ok("Runtime".to_owned()),
        Runtime::Undef => "undef",
    };
    let name = match name {
        Value::Undef => "undef".to_owned(),
        Value::Str(s) => puppet_quote(s),
        Value::List(values) => match values.as_slice() {
            // `PRegexpType.regexp_to_s_with_delimiters`: `Regexp#inspect` for a regexp without
            // options; one with Ruby's fixed encoding is written by `Regexp#to_s` (not
            // reproduced).
            [Element::Regexp(source), Element::Str(replacement)]
                if !regexp_has_fixed_encoding(source) =>
            {
                format!(
                    "[{}, {}]",
                    regexp_inspect(source),
                    puppet_quote(replacement)
                )
            }
            _ => return Err(Stop::Unknown),
        },
        _ => return Err(Stop::Unknown),
    };
    Ok(format!("Runtime[{runtime}, {name}]"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A key nested as deep as the parser allows (8,192 levels) is interpreted on a small
    /// thread stack.
    #[test]
    fn deep_keys_do_not_overflow_the_stack() {
        let deep = [
            format!("type Runtime[ruby, {}1] = A::B\n", "-".repeat(8_000)),
            format!(
                "type Runtime[ruby, {}1{}] = A::B\n",
                "[".repeat(8_000),
                "]".repeat(8_000)
            ),
            format!(
                "type Runtime[ruby, {}1{}] = A::B\n",
                "{a => ".repeat(4_000),
                "}".repeat(4_000)
            ),
        ];
        for source in deep {
            let codes = std::thread::Builder::new()
                .stack_size(256 * 1024)
                .spawn(move || {
                    let options = ParseOptions::new().file("x.pp");
                    crate::parse_and_validate(source.as_bytes(), &options)
                        .diagnostics
                        .iter()
                        .map(|d| d.code.as_str())
                        .collect::<Vec<_>>()
                })
                .expect("thread")
                .join()
                .expect("no overflow");
            assert_eq!(codes, ["INVALID_TYPE_MAPPING"]);
        }
    }
}
