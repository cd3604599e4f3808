//! PN edge cases. Unless marked as "our choice", each expected string was printed by Ruby Puppet
//! 7.23 for the snippet in the comment (`ruby shared/tools/oracle/pn_probe.rb`); the models are
//! built by hand with the builder API. Also: Ruby `Float#to_s` on 1000+ values, and the
//! `_pcore_all_contents` walk order (`locs`) against `shared/tools/oracle/reference.rb`.

use crate::pn_util;

use pn_util::{expected, B};
use puppet_syntax::model::{AttributeOperator, ComparisonOperator, Model, NodeKind, ResourceForm};
use puppet_syntax::pn;
use puppet_syntax::ruby_format::ruby_float_to_s;
use puppet_syntax::{parse, ParseOptions};

fn pn_of(b: &B) -> String {
    pn::to_pn_string(&b.m)
}

#[test]
fn float_to_s_matches_ruby_on_a_sample() {
    let data = expected("ruby_float_to_s.txt");
    let mut checked = 0;
    for line in data.lines().filter(|l| !l.starts_with('#')) {
        let (bits, ruby) = line.split_once(' ').unwrap();
        let value = f64::from_bits(u64::from_str_radix(bits, 16).unwrap());
        assert_eq!(ruby_float_to_s(value), ruby, "bits {bits}");
        checked += 1;
    }
    assert!(checked > 1000);
}

/// `$a = [99999999999999999999, -99999999999999999999, -0x1F, -017, -0, 0x0, 00]`
#[test]
fn integers_radix_bignum_and_minus_folding() {
    let mut b = B::new();
    let big = b.m.integer("99999999999999999999", 10, false).unwrap();
    let big1 = b.m.literal_integer_value(0, 0, big, 10);
    let big2 = b.m.literal_integer_value(0, 0, big, 10);
    let neg_big = b.alloc(NodeKind::UnaryMinusExpression { expr: big2 });
    let hex = b.m.literal_integer(0, 0, 31, 16);
    let neg_hex = b.alloc(NodeKind::UnaryMinusExpression { expr: hex });
    let oct = b.m.literal_integer(0, 0, 15, 8);
    let neg_oct = b.alloc(NodeKind::UnaryMinusExpression { expr: oct });
    let zero = b.int(0);
    let neg_zero = b.alloc(NodeKind::UnaryMinusExpression { expr: zero });
    let hex0 = b.m.literal_integer(0, 0, 0, 16);
    let oct0 = b.m.literal_integer(0, 0, 0, 8);
    let list = b.array(&[big1, neg_big, neg_hex, neg_oct, neg_zero, hex0, oct0]);
    let a = b.var("a");
    let assign = b.assign(a, list);
    b.program(&[assign]);
    assert_eq!(
        pn_of(&b),
        r#"(= (var "a") (array 99999999999999999999 -99999999999999999999 -31 -15 0 (int {:radix 16 :value 0}) (int {:radix 8 :value 0})))"#
    );
    assert_eq!(
        pn::to_json_string(&b.m),
        r##"{"^":["=",{"^":["var","a"]},{"^":["array",99999999999999999999,-99999999999999999999,-31,-15,0,{"^":["int",{"#":["radix",16,"value",0]}]},{"^":["int",{"#":["radix",8,"value",0]}]}]}]}"##
    );
    // ruby -e 'p 0xFFFFFFFFFFFFFFFFFFFF' → 1208925819614629174706175
    let huge = b.m.integer("FFFFFFFFFFFFFFFFFFFF", 16, false).unwrap();
    let lit = b.m.literal_integer_value(0, 0, huge, 16);
    assert_eq!(
        pn::transform_node(&b.m, lit).to_pn_string(),
        "(int {:radix 16 :value 1208925819614629174706175})"
    );
}

/// `-1.5`, `- 'a'`, `-(1)`, `-attr` (the last one crashes Ruby: our choice).
#[test]
fn unary_minus_of_non_numbers() {
    let mut b = B::new();
    let f = b.m.literal_float(0, 0, 1.5);
    let neg_f = b.alloc(NodeKind::UnaryMinusExpression { expr: f });
    let s = b.s("a");
    let neg_s = b.alloc(NodeKind::UnaryMinusExpression { expr: s });
    let one = b.int(1);
    let paren = b.alloc(NodeKind::ParenthesizedExpression { expr: one });
    let neg_p = b.alloc(NodeKind::UnaryMinusExpression { expr: paren });
    let w = b.m.reserved_word(0, 0, "attr", Some(false));
    let neg_w = b.alloc(NodeKind::UnaryMinusExpression { expr: w });
    let list = b.array(&[neg_f, neg_s, neg_p, neg_w]);
    b.program(&[list]);
    assert_eq!(
        pn_of(&b),
        r#"(array -1.5 (- "a") (- (paren 1)) (- (reserved "attr")))"#
    );
}

/// `$a = "\u0001\u007f\u0080 \e x"` → `"\o001<DEL><U+0080> \\e x"`
#[test]
fn string_escapes() {
    let mut b = B::new();
    let s = b.s("\u{1}\u{7f}\u{80} \\e x");
    b.program(&[s]);
    assert_eq!(pn_of(&b), "\"\\o001\u{7f}\u{80} \\\\e x\"");
    assert_eq!(pn::to_json_string(&b.m), "\"\\u0001\u{7f}\u{80} \\\\e x\"");
}

/// `type A { }`, `type A inherits B { }`, `type A = B`, `type A[B] = C`
#[test]
fn type_definitions() {
    let mut b = B::new();
    let a = b.m.intern("A");
    let t1 = b.alloc(NodeKind::TypeDefinition {
        name: a,
        parent: None,
        body: None,
    });
    let parent = b.m.intern("B");
    let t2 = b.alloc(NodeKind::TypeDefinition {
        name: a,
        parent: Some(parent),
        body: None,
    });
    let qb = b.qr("B");
    let t3 = b.alloc(NodeKind::TypeAlias {
        name: a,
        type_expr: Some(qb),
    });
    let (qa, qb) = (b.qr("A"), b.qr("B"));
    let acc = b.access(qa, &[qb]);
    let qc = b.qr("C");
    let t4 = b.alloc(NodeKind::TypeMapping {
        type_expr: Some(acc),
        mapping_expr: Some(qc),
    });
    b.program(&[t1, t2, t3, t4]);
    assert_eq!(
        pn_of(&b),
        r#"(block (type-definition "A" nil (nop)) (type-definition "A" "B" (nop)) (type-alias "A" (qr "B")) (type-mapping (access (qr "A") (qr "B")) (qr "C")))"#
    );
}

/// `File <| |>`, `File <<| a == 1 |>> { x +> 1 }`, `@File { a => 1 }`, `@@File['a'] { x => 1 }`
#[test]
fn collectors_and_resource_forms() {
    let mut b = B::new();
    let file = b.qr("File");
    let q = b.alloc(NodeKind::VirtualQuery { expr: None });
    let c1 = b.alloc(NodeKind::CollectExpression {
        type_expr: file,
        query: q,
        operations: Default::default(),
    });
    let file = b.qr("File");
    let (a, one) = (b.qn("a"), b.int(1));
    let eq = b.cmp(ComparisonOperator::Eq, a, one);
    let q = b.alloc(NodeKind::ExportedQuery { expr: Some(eq) });
    let one = b.int(1);
    let op = b.attr("x", AttributeOperator::Append, one);
    let ops = b.list(&[op]);
    let c2 = b.alloc(NodeKind::CollectExpression {
        type_expr: file,
        query: q,
        operations: ops,
    });
    let file = b.qr("File");
    let one = b.int(1);
    let op = b.attr("a", AttributeOperator::Assign, one);
    let ops = b.list(&[op]);
    let d = b.alloc(NodeKind::ResourceDefaultsExpression {
        form: ResourceForm::Regular,
        type_ref: Some(file),
        operations: ops,
    });
    b.m.set_form(d, ResourceForm::Virtual);
    let acc = b.type_access("File", "a");
    let one = b.int(1);
    let op = b.attr("x", AttributeOperator::Assign, one);
    let ops = b.list(&[op]);
    let o = b.alloc(NodeKind::ResourceOverrideExpression {
        form: ResourceForm::Exported,
        resources: acc,
        operations: ops,
    });
    b.program(&[c1, c2, d, o]);
    assert_eq!(
        pn_of(&b),
        r#"(block (collect {:type (qr "File") :query (virtual-query)}) (collect {:type (qr "File") :query (exported-query (== (qn "a") 1)) :ops [(+> "x" 1)]}) (resource-defaults {:type (qr "File") :ops [(=> "a" 1)] :form "virtual"}) (resource-override {:resources (access (qr "File") "a") :ops [(=> "x" 1)] :form "exported"}))"#
    );
}

/// `if $x { }`, `if $x { 1 } elsif $y { 2 }`, `case $x { 1: {} default: {} }`, `foo(1) |$x| { }`
#[test]
fn conditionals_and_empty_bodies() {
    let mut b = B::new();
    let x = b.var("x");
    let i1 = b.if_(x, None, None);
    let (x, one) = (b.var("x"), b.int(1));
    let (y, two) = (b.var("y"), b.int(2));
    let elsif = b.if_(y, Some(two), None);
    let i2 = b.if_(x, Some(one), Some(elsif));
    let x = b.var("x");
    let one = b.int(1);
    let values = b.list(&[one]);
    let o1 = b.alloc(NodeKind::CaseOption {
        values,
        then_expr: None,
    });
    let dflt = b.m.literal_default(0, 0);
    let values = b.list(&[dflt]);
    let o2 = b.alloc(NodeKind::CaseOption {
        values,
        then_expr: None,
    });
    let options = b.list(&[o1, o2]);
    let case = b.alloc(NodeKind::CaseExpression { test: x, options });
    let p = b.param("x", None, None);
    let parameters = b.list(&[p]);
    let lambda = b.alloc(NodeKind::LambdaExpression {
        parameters,
        body: None,
        return_type: None,
    });
    let one = b.int(1);
    let call = b.call("foo", &[one], Some(lambda), false);
    b.program(&[i1, i2, case, call]);
    assert_eq!(
        pn_of(&b),
        r#"(block (if {:test (var "x")}) (if {:test (var "x") :then [1] :else [(if {:test (var "y") :then [2]})]}) (case (var "x") [{:when [1] :then [(nop)]} {:when [(default)] :then [(nop)]}]) (invoke {:functor (qn "foo") :args [1] :block (lambda {:params {:x {}}})}))"#
    );
}

/// Our choices where Ruby crashes: `$x.foo |$a, *$b| { }`, `$x.foo |$1| { }`, `apply($t) { a() }`.
#[test]
fn ruby_crash_cases() {
    let mut b = B::new();
    let pa = b.param("a", None, None);
    let pb = b.m.parameter((0, 0), "b", None, None, Some(true));
    let parameters = b.list(&[pa, pb]);
    let lambda = b.alloc(NodeKind::LambdaExpression {
        parameters,
        body: None,
        return_type: None,
    });
    let x = b.var("x");
    let call = b.method(x, "foo", &[], Some(lambda));
    b.program(&[call]);
    assert_eq!(
        pn_of(&b),
        r#"(call-method {:functor (. (var "x") (qn "foo")) :args [] :block (lambda {:params {:a {} :b {:splat true}}})})"#
    );

    let mut b = B::new();
    let p1 = b.param("1", None, None);
    let parameters = b.list(&[p1]);
    let lambda = b.alloc(NodeKind::LambdaExpression {
        parameters,
        body: None,
        return_type: None,
    });
    b.program(&[lambda]);
    assert_eq!(pn_of(&b), "(lambda {:params {:1 {}}})");
    assert_eq!(
        pn::to_json_string(&b.m),
        r##"{"^":["lambda",{"#":["params",{"#":["1",{"#":[]}]}]}]}"##
    );

    let mut b = B::new();
    let a = b.call("a", &[], None, false);
    let statements = b.list(&[a]);
    let body = b.alloc(NodeKind::ApplyBlockExpression { statements });
    let t = b.var("t");
    let arguments = b.list(&[t]);
    let apply = b.alloc(NodeKind::ApplyExpression {
        arguments,
        body: Some(body),
    });
    b.program(&[apply]);
    assert_eq!(
        pn_of(&b),
        r#"(apply {:args [(var "t")] :body [(invoke {:functor (qn "a") :args []})]})"#
    );

    // A lone Parameter (Ruby returns an unprintable map entry).
    let mut b = B::new();
    let (t, v) = (b.qr("String"), b.s("x"));
    let p = b.m.parameter((0, 0), "p", Some(v), Some(t), Some(true));
    assert_eq!(
        pn::transform_node(&b.m, p).to_pn_string(),
        r#"{:name "p" :type (qr "String") :splat true :value "x"}"#
    );
}

/// Heredoc without syntax, EPP body that is not a block (`as_call` keeps the body's elements),
/// call-lambda, statement calls.
#[test]
fn heredoc_epp_and_calls() {
    let mut b = B::new();
    let text = b.s("x\n");
    let h = b.m.heredoc(0, 0, "", text);
    b.program(&[h]);
    assert_eq!(pn_of(&b), r#"(heredoc {:text "x\n"})"#);

    let mut b = B::new();
    let r = b.m.render_string(0, 0, "x");
    let epp = b.alloc(NodeKind::EppExpression {
        parameters_specified: Some(false),
        body: Some(r),
    });
    b.program(&[epp]);
    assert_eq!(pn_of(&b), r#"(epp "x")"#);

    let mut b = B::new();
    let f = b.var("f");
    let one = b.int(1);
    let args = b.list(&[one]);
    let c = b.alloc(NodeKind::CallFunctionExpression {
        rval_required: true,
        functor_expr: f,
        arguments: args,
        lambda: None,
    });
    b.program(&[c]);
    assert_eq!(pn_of(&b), r#"(call-lambda {:functor (var "f") :args [1]})"#);
    b.m.set_rval_required(c, false);
    assert_eq!(
        pn_of(&b),
        r#"(invoke-lambda {:functor (var "f") :args [1]})"#
    );
}

/// An empty program has a `Nop` body; a model without body prints `(nop)` too.
#[test]
fn empty_programs() {
    let mut m = Model::new("", None);
    assert_eq!(pn::to_pn_string(&m), "(nop)");
    let nop = m.nop(0, 0);
    m.set_body(Some(nop));
    assert_eq!(pn::to_pn_string(&m), "(nop)");
    assert_eq!(pn::to_json_string(&m), r#"{"^":["nop"]}"#);
}

/// `ruby reference.rb` on `function f(String $p = 1) >> Integer { 1 }` prints the `locs`
/// `[["FunctionDefinition",0,42],["Parameter",18,2],["LiteralInteger",23,1],
/// ["QualifiedReference",11,6],["BlockExpression",0,0],["LiteralInteger",39,1],
/// ["QualifiedReference",29,7]]`: Parameter's value comes before its type (declaration order).
#[test]
fn walk_order_matches_pcore_all_contents() {
    let src = "function f(String $p = 1) >> Integer { 1 }";
    let mut m = Model::new(src, None);
    let one = m.literal_integer(23, 1, 1, 10);
    let string = m.qualified_reference(11, 6, "String");
    let p = m.parameter((18, 2), "p", Some(one), Some(string), None);
    let body_one = m.literal_integer(39, 1, 1, 10);
    let body = m.block(0, 0, &[body_one]);
    let integer = m.qualified_reference(29, 7, "Integer");
    let (name, parameters) = (m.intern("f"), m.list(&[p]));
    let f = m.alloc(
        0,
        42,
        NodeKind::FunctionDefinition {
            name,
            parameters,
            body: Some(body),
            return_type: Some(integer),
        },
    );
    m.push_definition(f);
    m.set_body(Some(f));
    let locs: Vec<(&str, u32, u32)> = m
        .locs()
        .into_iter()
        .map(|(c, o, l)| (c.name(), o, l))
        .collect();
    assert_eq!(
        locs,
        [
            ("FunctionDefinition", 0, 42),
            ("Parameter", 18, 2),
            ("LiteralInteger", 23, 1),
            ("QualifiedReference", 11, 6),
            ("BlockExpression", 0, 0),
            ("LiteralInteger", 39, 1),
            ("QualifiedReference", 29, 7),
        ]
    );
    assert_eq!((m.line(p), m.pos(p)), (1, 19));
    assert_eq!(m.definitions(), &[f]);
    assert_eq!(
        pn::to_pn_string(&m),
        r#"(function {:name "f" :params {:p {:type (qr "String") :value 1}} :body [1] :returns (qr "Integer")})"#
    );
}

/// Where Ruby's `PNTransformer` raises (and so `puppet parser dump` prints no PN), the first
/// place in Ruby's order and Ruby's error (each printed by Ruby Puppet 7.23 for the source, as
/// `Class: message`); `None` where Ruby prints the PN.
#[test]
fn the_first_place_where_ruby_cannot_dump_pn() {
    use ParseKind::*;
    const SPLAT: &str = "NoMethodError: undefined method `Literal' for Puppet::Pops::PN:Module";
    let key = |k: &str| {
        format!("ArgumentError: key {k} does not conform to pattern /^[A-Za-z_-][0-9A-Za-z_-]*$/)")
    };
    let apply = "RuntimeError: Visitor Error: the configured receiver \
                 (Puppet::Pops::Model::PNTransformer) can't handle instance of: \
                 Puppet::Pops::Model::ApplyExpression";
    // The source, how it is parsed, and Ruby's error with the text of the node it is at.
    type Case<'a> = (&'a str, ParseKind, Option<(String, &'a str)>);
    let cases: &[Case] = &[
        ("function f(*$a) {}", Manifest, Some((SPLAT.into(), "$a"))),
        (
            "function f(Integer *$a = [1]) {}",
            Manifest,
            Some((SPLAT.into(), "$a")),
        ),
        ("$h.each |$a, *$b| {}", Manifest, Some((SPLAT.into(), "$b"))),
        (
            "$h.each |$x::y| { }",
            Manifest,
            Some((key("x::y"), "$x::y")),
        ),
        ("class foo($0) {}", Manifest, Some((key("0"), "$0"))),
        ("define d($0 = 1) {}", Manifest, Some((key("0"), "$0"))),
        // A splat is met while the parameters are made, the names are checked after.
        (
            "$h.each |$b, *$a, $1| { }",
            Manifest,
            Some((SPLAT.into(), "$a")),
        ),
        // Inside an earlier parameter's default value first.
        (
            "$h.each |$a = $h.map |$0| {1}, *$b| {}",
            Manifest,
            Some((key("0"), "$0")),
        ),
        ("<%- | $a,\n$ | -%>x", Epp, Some((key(""), "$"))),
        (
            "plan p() { apply('x') { notice(1) } }",
            Tasks,
            Some((apply.into(), "apply('x') { notice(1) }")),
        ),
        ("$h.each |$a, $b| {}", Manifest, None),
        (
            "function f(Integer $a = 1) >> Integer { $a }",
            Manifest,
            None,
        ),
    ];
    for (src, kind, expected) in cases {
        let options = match kind {
            Manifest => ParseOptions::new(),
            Epp => ParseOptions::new().epp(true),
            Tasks => ParseOptions::new().tasks(true),
        };
        let result = parse(src.as_bytes(), &options);
        let model = result.model.as_ref().expect("a model");
        let (_, failure) = pn::transform_noting_ruby_failure(model);
        let found = failure.map(|f| {
            let (offset, length) = model.span(f.node);
            (
                f.ruby_error(model),
                &src[offset as usize..(offset + length) as usize],
            )
        });
        let expected = expected.as_ref().map(|(e, at)| (e.clone(), *at));
        assert_eq!(found, expected, "{src}");
        // `write_program` says the same, and the error is `PN_TRANSFORM_FAILED` with Ruby's words.
        let mut out = Vec::new();
        let written = pn::write_program(model, pn::PnFormat::Pn, &mut out).unwrap();
        assert_eq!(written, failure, "{src}");
        if let Some(f) = failure {
            let d = f.diagnostic(model);
            assert_eq!(d.code.as_str(), "PN_TRANSFORM_FAILED");
            assert_eq!(d.args, vec![("error", f.ruby_error(model))]);
        }
    }
}

enum ParseKind {
    Manifest,
    Epp,
    Tasks,
}
