//! Checks the model description (`model/ast.toml`, through the generated `ModelClass` tables)
//! against Ruby Puppet 7.23's live classes:
//! `test_data/pn/ast_classes.txt` was printed by `test_data/pn/ast_classes.rb` (every class with
//! parent, own attributes with Pcore type/kind/default, and `Class.new` order); the same text is
//! rendered here from `ModelClass` metadata and must be identical.

use std::path::PathBuf;

use puppet_syntax::model::{AttrDefault, AttrInfo, AttrType, Model, ModelClass, Node, NodeKind};

fn pcore_type(ty: AttrType) -> String {
    match ty {
        AttrType::Node(c) => c.name().to_owned(),
        AttrType::OptNode(c) => format!("Optional[{}]", c.name()),
        AttrType::Nodes { element, min: 0 } => format!("Array[{}]", element.name()),
        AttrType::Nodes { element, min } => format!("Array[{}, {min}]", element.name()),
        AttrType::RefNodes(c) => format!("Array[{}] (reference)", c.name()),
        AttrType::String => "String".into(),
        AttrType::OptString => "Optional[String]".into(),
        AttrType::Boolean => "Boolean".into(),
        AttrType::OptBoolean => "Optional[Boolean]".into(),
        AttrType::Integer => "Integer".into(),
        AttrType::Float => "Float".into(),
        AttrType::Regexp => "Any".into(),
        AttrType::Enum(values) => {
            let quoted: Vec<String> = values.iter().map(|v| format!("'{v}'")).collect();
            format!("Enum[{}]", quoted.join(", "))
        }
        AttrType::Locator => "Locator".into(),
    }
}

fn render_attr(a: &AttrInfo) -> String {
    let mut s = format!("{}: {}", a.name, pcore_type(a.ty));
    match a.default {
        AttrDefault::Required => {}
        AttrDefault::Nil => s.push_str(" = nil"),
        AttrDefault::EmptyArray => s.push_str(" = []"),
        AttrDefault::Bool(b) => s.push_str(&format!(" = {b}")),
        AttrDefault::Integer(i) => s.push_str(&format!(" = {i}")),
        AttrDefault::String(v) => s.push_str(&format!(" = \"{v}\"")),
    }
    s
}

fn render_class(class: ModelClass) -> String {
    let parent = class.parent().map_or("Object", |p| p.name());
    let own: Vec<String> = class.own_attributes().iter().map(render_attr).collect();
    let all: Vec<&AttrInfo> = class.all_attributes().collect();
    // Concrete classes: the generated `Class.new` table; abstract ones have none.
    let new_order: Vec<&str> = if class.is_abstract() {
        all.iter()
            .filter(|a| a.is_required())
            .chain(all.iter().filter(|a| !a.is_required()))
            .map(|a| a.name)
            .collect()
    } else {
        class.new_order().iter().map(|a| a.name).collect()
    };
    format!(
        "{} < {}: {} | new({})",
        class.name(),
        parent,
        own.join("; "),
        new_order.join(", ")
    )
}

#[test]
fn table_matches_ruby_classes() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("test_data/pn/ast_classes.txt");
    let expected = std::fs::read_to_string(path).unwrap();
    let mut classes: Vec<ModelClass> = ModelClass::ALL.to_vec();
    classes.sort_by_key(|c| c.name());
    let actual: String = classes.iter().map(|&c| render_class(c) + "\n").collect();
    for (e, a) in expected.lines().zip(actual.lines()) {
        assert_eq!(a, e);
    }
    assert_eq!(actual, expected);
}

#[test]
fn nodes_are_compact() {
    assert!(
        std::mem::size_of::<NodeKind>() <= 24,
        "NodeKind is {} bytes",
        std::mem::size_of::<NodeKind>()
    );
    assert!(
        std::mem::size_of::<Node>() <= 32,
        "Node is {} bytes",
        std::mem::size_of::<Node>()
    );
    assert_eq!(
        std::mem::size_of::<Option<puppet_syntax::model::NodeId>>(),
        4
    );
}

#[test]
fn reflection_orders_and_defaults() {
    let mut m = Model::new("@@file { 'a': }", None);
    let name = m.qualified_name(2, 4, "file");
    let title = m.literal_string(9, 3, "a");
    let ops = m.list(&[]);
    let body = m.alloc(
        9,
        0,
        NodeKind::ResourceBody {
            title: Some(title),
            operations: ops,
        },
    );
    let bodies = m.list(&[body]);
    let res = m.alloc(
        0,
        15,
        NodeKind::ResourceExpression {
            form: Default::default(),
            type_name: name,
            bodies,
        },
    );
    m.set_form(res, puppet_syntax::model::ResourceForm::Exported);
    m.set_body(Some(res));

    let decl: Vec<(&str, bool)> = m.attrs(res).map(|a| (a.name(), a.is_default())).collect();
    assert_eq!(
        decl,
        [("form", false), ("type_name", false), ("bodies", false)]
    );
    let new_order: Vec<&str> = m.attrs_new_order(res).map(|a| a.name()).collect();
    assert_eq!(new_order, ["type_name", "form", "bodies"]);
    let body_attrs: Vec<(&str, bool)> = m.attrs(body).map(|a| (a.name(), a.is_default())).collect();
    assert_eq!(body_attrs, [("title", false), ("operations", true)]);

    assert_eq!(m.children(res).collect::<Vec<_>>(), [name, body]);
    let locs: Vec<(&str, u32, u32)> = m
        .locs()
        .into_iter()
        .map(|(c, o, l)| (c.name(), o, l))
        .collect();
    assert_eq!(
        locs,
        [
            ("ResourceExpression", 0, 15),
            ("QualifiedName", 2, 4),
            ("ResourceBody", 9, 0),
            ("LiteralString", 9, 3)
        ]
    );
}
