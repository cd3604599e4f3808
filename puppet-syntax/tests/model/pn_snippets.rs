//! PN writer tests: models built by hand with the model builder API for the verbatim snippets of
//! the reference (`test_data/pn/s*.pp`, §6.4; the expected `.pn`/`.json` files are Ruby Puppet
//! 7.23's `puppet parser dump --format pn|json` output), the EPP/tasks examples of §6.6 and
//! a set of edge cases whose expected strings were printed by Ruby (`pn_probe.rb`).

use crate::pn_util;

use pn_util::{expected, B};
use puppet_syntax::model::{
    ArithmeticOperator as Ar, AssignmentOperator, AttributeOperator as At,
    ComparisonOperator as Cmp, MatchOperator, NodeKind, NodeList, RelationshipOperator as Rel,
    ResourceForm,
};
use puppet_syntax::pn;

fn check(b: &B, name: &str) {
    let pn = pn::transform(&b.m);
    // The expected files end with the newline that `puppet parser dump` prints.
    assert_eq!(
        pn.to_pn_string() + "\n",
        expected(&format!("{name}.pn")),
        "PN of {name}"
    );
    assert_eq!(
        pn.to_json_string() + "\n",
        expected(&format!("{name}.json")),
        "JSON of {name}"
    );
}

#[test]
fn s1_resources() {
    let mut b = B::new();
    let present = b.qn("present");
    let ensure = b.attr("ensure", At::Assign, present);
    let mode_v = b.s("0644");
    let mode = b.attr("mode", At::Assign, mode_v);
    let file = b.qn("file");
    let title = b.s("/srv/a");
    let r1 = b.resource(
        file,
        &[(Some(title), &[ensure, mode])],
        ResourceForm::Exported,
    );

    let (tag, a) = (b.qn("tag"), b.s("a"));
    let eq = b.cmp(Cmp::Eq, tag, a);
    let (title_qn, bs) = (b.qn("title"), b.s("b"));
    let ne = b.cmp(Cmp::Ne, title_qn, bs);
    let and = b.and(eq, ne);
    let query = b.alloc(NodeKind::VirtualQuery { expr: Some(and) });
    let root = b.qn("root");
    let owner = b.attr("owner", At::Append, root);
    let (file_qr, ops) = (b.qr("File"), b.list(&[owner]));
    let collect = b.alloc(NodeKind::CollectExpression {
        type_expr: file_qr,
        query,
        operations: ops,
    });

    let pkg = b.type_access("Package", "x");
    let svc = b.type_access("Service", "y");
    let exec = b.type_access("Exec", "z");
    let r = b.rel(Rel::InEdge, pkg, svc);
    let rel = b.rel(Rel::InEdgeSub, r, exec);

    let f = b.boolean(false);
    let backup = b.attr("backup", At::Assign, f);
    let (file_qr, ops) = (b.qr("File"), b.list(&[backup]));
    let defaults = b.alloc(NodeKind::ResourceDefaultsExpression {
        form: ResourceForm::Regular,
        type_ref: Some(file_qr),
        operations: ops,
    });

    let res = b.type_access("File", "/srv/a");
    let attrs = b.var("attrs");
    let splat = b.alloc(NodeKind::AttributesOperation { expr: attrs });
    let ops = b.list(&[splat]);
    let overrides = b.alloc(NodeKind::ResourceOverrideExpression {
        form: ResourceForm::Regular,
        resources: res,
        operations: ops,
    });
    b.program(&[r1, collect, rel, defaults, overrides]);
    check(&b, "s1_resources");
}

#[test]
fn s2_class() {
    let mut b = B::new();
    let include = {
        let arg = b.qn("foo::baz");
        b.call("include", &[arg], None, false)
    };
    let if_expr = {
        let (x, re) = (b.var("x"), b.regexp("^a(b)?$"));
        let test = b.alloc(NodeKind::MatchExpression {
            left_expr: x,
            right_expr: re,
            operator: MatchOperator::Match,
        });
        let one = b.var("1");
        let notice = b.call("notice", &[one], None, false);
        let x = b.var("x");
        let (c, d) = (b.s("c"), b.s("d"));
        let cd = b.array(&[c, d]);
        let test2 = b.alloc(NodeKind::InExpression {
            left_expr: x,
            right_expr: cd,
        });
        let cd_s = b.s("cd");
        let warning = b.call("warning", &[cd_s], None, false);
        let bad = b.s("bad ");
        let x = b.var("x");
        let x_text = b.text(x);
        let msg = b.concat(&[bad, x_text]);
        let fail = b.call("fail", &[msg], None, false);
        let elsif = b.if_(test2, Some(warning), Some(fail));
        b.if_(test, Some(notice), Some(elsif))
    };
    let selector = {
        let facts = b.var("facts");
        let os = b.s("os");
        let a1 = b.access(facts, &[os]);
        let family = b.s("family");
        let a2 = b.access(a1, &[family]);
        let (debian, apt) = (b.s("Debian"), b.s("apt"));
        let e1 = b.alloc(NodeKind::SelectorEntry {
            matching_expr: debian,
            value_expr: apt,
        });
        let (dflt, undef) = (b.m.literal_default(0, 0), b.m.literal_undef(0, 0));
        let e2 = b.alloc(NodeKind::SelectorEntry {
            matching_expr: dflt,
            value_expr: undef,
        });
        let selectors = b.list(&[e1, e2]);
        let sel = b.alloc(NodeKind::SelectorExpression {
            left_expr: a2,
            selectors,
        });
        let y = b.var("y");
        b.assign(y, sel)
    };
    let case = {
        let (apt, yum) = (b.s("apt"), b.regexp("yum"));
        let values = b.list(&[apt, yum]);
        let nop = b.m.nop(0, 0);
        let o1 = b.alloc(NodeKind::CaseOption {
            values,
            then_expr: Some(nop),
        });
        let dflt = b.m.literal_default(0, 0);
        let values = b.list(&[dflt]);
        let notify = b.qn("notify");
        let y_eq = b.s("y=");
        let y = b.var("y");
        let y_text = b.text(y);
        let title = b.concat(&[y_eq, y_text]);
        let res = b.resource(notify, &[(Some(title), &[])], ResourceForm::Regular);
        let o2 = b.alloc(NodeKind::CaseOption {
            values,
            then_expr: Some(res),
        });
        let y = b.var("y");
        let options = b.list(&[o1, o2]);
        b.alloc(NodeKind::CaseExpression { test: y, options })
    };
    let body = b.block(&[include, if_expr, selector, case]);
    let p_x = {
        let (t, v) = (b.qr("String"), b.s("a"));
        b.param("x", Some(t), Some(v))
    };
    let p_n = {
        let integer = b.qr("Integer");
        let (zero, ten) = (b.int(0), b.int(10));
        let t = b.access(integer, &[zero, ten]);
        let five = b.int(5);
        b.param("n", Some(t), Some(five))
    };
    let (name, params, parent) = (
        b.m.intern("foo::bar"),
        b.list(&[p_x, p_n]),
        b.m.intern("foo"),
    );
    let class = b.alloc(NodeKind::HostClassDefinition {
        name,
        parameters: params,
        body: Some(body),
        parent_class: Some(parent),
    });
    b.m.push_definition(class);
    b.m.set_body(Some(class));
    check(&b, "s2_class");
}

#[test]
fn s3_strings() {
    let mut b = B::new();
    let x_assign = {
        let hello = b.s("Hello ");
        let name = b.var("name");
        let t_name = b.text(name);
        let and = b.s(" and ");
        let fqdn = b.var("::fqdn");
        let t_fqdn = b.text(fqdn);
        let sp1 = b.s(" ");
        let a = b.var("a");
        let one = b.int(1);
        let a1 = b.access(a, &[one]);
        let t_a1 = b.text(a1);
        let sp2 = b.s(" ");
        let x = b.var("x");
        let upcase = b.method(x, "upcase", &[], None);
        let t_up = b.text(upcase);
        let tail = b.s(" \u{263A} $ \t");
        let concat = b.concat(&[hello, t_name, and, t_fqdn, sp1, t_a1, sp2, t_up, tail]);
        let x = b.var("x");
        b.assign(x, concat)
    };
    let h_assign = {
        let open = b.s("{\"a\": \"");
        let x = b.var("x");
        let t_x = b.text(x);
        let close = b.s("\",  \"b\": 2}");
        let text = b.concat(&[open, t_x, close]);
        let heredoc = b.m.heredoc(0, 0, "json", text);
        let h = b.var("h");
        b.assign(h, heredoc)
    };
    let s_assign = {
        let s = b.var("s");
        let raw = b.s("it's \\n raw");
        b.assign(s, raw)
    };
    b.program(&[x_assign, h_assign, s_assign]);
    check(&b, "s3_strings");
}

#[test]
fn s4_functions() {
    let mut b = B::new();
    let function = {
        let p_v = {
            let (variant, string, integer) = (b.qr("Variant"), b.qr("String"), b.qr("Integer"));
            let t = b.access(variant, &[string, integer]);
            b.param("v", Some(t), None)
        };
        let p_h = {
            let (optional, hash) = (b.qr("Optional"), b.qr("Hash"));
            let t = b.access(optional, &[hash]);
            let empty = b.m.literal_hash(0, 0, NodeList::EMPTY);
            b.param("h", Some(t), Some(empty))
        };
        let v = b.var("v");
        let hex = b.m.literal_integer(0, 4, 31, 16);
        let oct = b.m.literal_integer(0, 3, 15, 8);
        let f = b.m.literal_float(0, 5, 350.0);
        let neg = b.alloc(NodeKind::UnaryMinusExpression { expr: f });
        let list = b.array(&[v, hex, oct, neg]);
        let lambda_i = {
            let p = b.param("i", None, None);
            let i = b.var("i");
            let t = b.text(i);
            let c = b.concat(&[t]);
            b.lambda(&[p], &[c])
        };
        let mapped = b.method(list, "map", &[], Some(lambda_i));
        let lambda_s = {
            let p = b.param("s", None, None);
            let (s, empty) = (b.var("s"), b.s(""));
            let ne = b.cmp(Cmp::Ne, s, empty);
            b.lambda(&[p], &[ne])
        };
        let filtered = b.method(mapped, "filter", &[], Some(lambda_s));
        let body = b.block(&[filtered]);
        let (array, string) = (b.qr("Array"), b.qr("String"));
        let returns = b.access(array, &[string]);
        let (name, params) = (b.m.intern("mymod::f"), b.list(&[p_v, p_h]));
        let def = b.alloc(NodeKind::FunctionDefinition {
            name,
            parameters: params,
            body: Some(body),
            return_type: Some(returns),
        });
        b.m.push_definition(def);
        def
    };
    let r_assign = {
        let list = b.var("list");
        let zero = b.int(0);
        let lambda = {
            let (pm, pn) = (b.param("memo", None, None), b.param("n", None, None));
            let (memo, n) = (b.var("memo"), b.var("n"));
            let add = b.alloc(NodeKind::ArithmeticExpression {
                left_expr: memo,
                right_expr: n,
                operator: Ar::Add,
            });
            b.lambda(&[pm, pn], &[add])
        };
        let reduce = b.method(list, "reduce", &[zero], Some(lambda));
        let r = b.var("r");
        b.assign(r, reduce)
    };
    let z_assign = {
        let a = b.var("a");
        let not = b.alloc(NodeKind::NotExpression { expr: a });
        let (bv, c) = (b.var("b"), b.var("c"));
        let neg = b.alloc(NodeKind::UnaryMinusExpression { expr: c });
        let or = b.alloc(NodeKind::OrExpression {
            left_expr: bv,
            right_expr: neg,
        });
        let paren = b.alloc(NodeKind::ParenthesizedExpression { expr: or });
        let two = b.int(2);
        let eq = b.cmp(Cmp::Eq, paren, two);
        let and = b.and(not, eq);
        let z = b.var("z");
        b.assign(z, and)
    };
    b.program(&[function, r_assign, z_assign]);
    check(&b, "s4_functions");
}

fn s5_model() -> B {
    let mut b = B::new();
    let alias = {
        let (struct_, a, integer) = (b.qr("Struct"), b.qn("a"), b.qr("Integer"));
        let e1 = b.alloc(NodeKind::KeyedEntry {
            key: a,
            value: integer,
        });
        let (optional, bq, string) = (b.qr("Optional"), b.qn("b"), b.qr("String"));
        let ob = b.access(optional, &[bq]);
        let e2 = b.alloc(NodeKind::KeyedEntry {
            key: ob,
            value: string,
        });
        let entries = b.m.list(&[e1, e2]);
        let hash = b.m.literal_hash(0, 0, entries);
        let t = b.access(struct_, &[hash]);
        let name = b.m.intern("MyType");
        let def = b.alloc(NodeKind::TypeAlias {
            name,
            type_expr: Some(t),
        });
        b.m.push_definition(def);
        def
    };
    let node = {
        let (host, re, dflt) = (
            b.s("web01.example.com"),
            b.regexp("^db\\d+$"),
            b.m.literal_default(0, 0),
        );
        let hello = b.qn("hello");
        let notice = b.call("notice", &[hello], None, false);
        let host_matches = b.list(&[host, re, dflt]);
        let def = b.alloc(NodeKind::NodeDefinition {
            parent: None,
            host_matches,
            body: Some(notice),
        });
        b.m.push_definition(def);
        def
    };
    let define = {
        let title = b.var("title");
        let p = b.param("title2", None, Some(title));
        let (file, t2) = (b.qn("file"), b.var("title2"));
        let res = b.resource(file, &[(Some(t2), &[])], ResourceForm::Regular);
        let (name, params) = (b.m.intern("mydef"), b.list(&[p]));
        let def = b.alloc(NodeKind::ResourceTypeDefinition {
            name,
            parameters: params,
            body: Some(res),
        });
        b.m.push_definition(def);
        def
    };
    let unless = {
        let x = b.var("x");
        let (y, one) = (b.var("y"), b.int(1));
        let then = b.assign(y, one);
        let (y, two) = (b.var("y"), b.int(2));
        let els = b.assign(y, two);
        b.alloc(NodeKind::UnlessExpression {
            test: x,
            then_expr: Some(then),
            else_expr: Some(els),
        })
    };
    b.program(&[alias, node, define, unless]);
    b
}

#[test]
fn s5_misc() {
    let b = s5_model();
    check(&b, "s5_misc");
    let pn = pn::transform(&b.m);
    assert_eq!(pn.to_pretty_string() + "\n", expected("s5_misc.pretty.pn"));
    assert_eq!(
        pn.to_pretty_json_string() + "\n",
        expected("s5_misc.pretty.json")
    );
}

/// §6.6: `"Hello <%= $x %>!"`, `""` and the parameter example of the EPP parser.
#[test]
fn epp_examples() {
    let mut b = B::new();
    let (hello, x, bang) = (
        b.m.render_string(0, 0, "Hello "),
        b.var("x"),
        b.m.render_string(0, 0, "!"),
    );
    let render = b.alloc(NodeKind::RenderExpression { expr: x });
    let block = b.block(&[hello, render, bang]);
    let epp = b.alloc(NodeKind::EppExpression {
        parameters_specified: Some(false),
        body: Some(block),
    });
    let lambda = b.alloc(NodeKind::LambdaExpression {
        parameters: Default::default(),
        body: Some(epp),
        return_type: None,
    });
    b.m.set_body(Some(lambda));
    assert_eq!(
        pn::to_pn_string(&b.m),
        r#"(lambda {:body [(epp (render-s "Hello ") (render (var "x")) (render-s "!"))]})"#
    );

    let mut b = B::new();
    let epp = b.alloc(NodeKind::EppExpression {
        parameters_specified: Some(false),
        body: None,
    });
    let lambda = b.alloc(NodeKind::LambdaExpression {
        parameters: Default::default(),
        body: Some(epp),
        return_type: None,
    });
    b.m.set_body(Some(lambda));
    assert_eq!(pn::to_pn_string(&b.m), "(lambda {:body [(epp)]})");
    assert_eq!(
        pn::to_json_string(&b.m),
        r##"{"^":["lambda",{"#":["body",[{"^":["epp"]}]]}]}"##
    );

    let mut b = B::new();
    let pa = b.param("a", None, None);
    let (string, xs) = (b.qr("String"), b.s("x"));
    let pb = b.param("b", Some(string), Some(xs));
    let each = {
        let a = b.var("a");
        let pv = b.param("v", None, None);
        let (v_eq, v, nl) = (
            b.m.render_string(0, 0, "v="),
            b.var("v"),
            b.m.render_string(0, 0, "\n"),
        );
        let render = b.alloc(NodeKind::RenderExpression { expr: v });
        let lambda = b.lambda(&[pv], &[v_eq, render, nl]);
        b.method(a, "each", &[], Some(lambda))
    };
    let empty = b.m.render_string(0, 0, "");
    let block = b.block(&[each, empty]);
    let epp = b.alloc(NodeKind::EppExpression {
        parameters_specified: Some(true),
        body: Some(block),
    });
    let params = b.list(&[pa, pb]);
    let lambda = b.alloc(NodeKind::LambdaExpression {
        parameters: params,
        body: Some(epp),
        return_type: None,
    });
    b.m.set_body(Some(lambda));
    assert_eq!(
        pn::to_pn_string(&b.m),
        r#"(lambda {:params {:a {} :b {:type (qr "String") :value "x"}} :body [(epp (call-method {:functor (. (var "a") (qn "each")) :args [] :block (lambda {:params {:v {}} :body [(render-s "v=") (render (var "v")) (render-s "\n")]})}) (render-s ""))]})"#
    );
}

/// §6.6 `--tasks`: `plan foo::bar(String $x) { run_task("x", $x) }`.
#[test]
fn plan_example() {
    let mut b = B::new();
    let string = b.qr("String");
    let px = b.param("x", Some(string), None);
    let (xs, x) = (b.s("x"), b.var("x"));
    let call = b.call("run_task", &[xs, x], None, false);
    let body = b.block(&[call]);
    let (name, params) = (b.m.intern("foo::bar"), b.list(&[px]));
    let plan = b.alloc(NodeKind::PlanDefinition {
        name,
        parameters: params,
        body: Some(body),
        return_type: None,
    });
    b.m.set_body(Some(plan));
    assert_eq!(
        pn::to_pn_string(&b.m),
        r#"(plan {:name "foo::bar" :params {:x {:type (qr "String")}} :body [(invoke {:functor (qn "run_task") :args ["x" (var "x")]})]})"#
    );
}

/// Assignment operators other than `=` use the operator as call name.
#[test]
fn assignment_operators() {
    let mut b = B::new();
    let (x, one) = (b.var("x"), b.int(1));
    let add = b.alloc(NodeKind::AssignmentExpression {
        left_expr: x,
        right_expr: one,
        operator: AssignmentOperator::AddAssign,
    });
    b.m.set_body(Some(add));
    assert_eq!(pn::to_pn_string(&b.m), r#"(+= (var "x") 1)"#);
}
