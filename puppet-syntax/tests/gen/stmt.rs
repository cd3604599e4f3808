//! Statements: assignments, statement calls (`notice x, y`), resources with every title and
//! attribute shape (virtual, exported, defaults, overrides, `class { }`, `*=>`, `+>`),
//! relationships, collectors (`<| |>`, `<<| |>>`), and definitions (classes with nested classes,
//! defines, functions, nodes, type aliases and type definitions).

use super::{list, list_with, Ctx, Frag, Gen};

const RESOURCE_TYPES: &[&str] = &["file", "notify", "package", "foo::bar", "exec", "service"];
const TYPE_REFS: &[&str] = &["File", "Notify", "Package", "Foo::Bar", "Exec"];
/// Attribute names: names and keywords (Puppet accepts every keyword there).
const ATTRIBUTES: &[&str] = &[
    "ensure", "mode", "message", "require", "before", "tag", "unless", "if", "and", "class",
    "default", "node", "type", "function", "in", "undef", "attr", "private", "x_1",
];
const STATEMENT_FUNCTIONS: &[&str] = &[
    "notice", "include", "require", "contain", "tag", "info", "warning", "err", "debug", "fail",
    "realize", "return", "next", "break", "import",
];
const CLASS_NAMES: &[&str] = &["foo", "foo::bar", "baz", "a::b::c", "role_x"];

impl Gen {
    /// A manifest: a few top-level statements (definitions allowed).
    pub fn manifest(&mut self, ctx: Ctx) -> Frag {
        let n = 1 + self.rng.below(6);
        self.statements(ctx, n, true)
    }

    /// `{ statements }`, possibly empty.
    pub fn block(&mut self, ctx: Ctx) -> Frag {
        let n = if ctx.leaf() { 0 } else { self.rng.below(3) };
        if n == 0 && self.rng.chance(50) {
            return Frag::text("{}");
        }
        Frag::Seq(vec![
            Frag::text("{"),
            Frag::Break,
            self.statements(ctx.down(), n, false),
            Frag::text("}"),
        ])
    }

    /// `n` statements, each a droppable item ending in a break (or `;`, or a comment).
    pub fn statements(&mut self, ctx: Ctx, n: usize, top: bool) -> Frag {
        let mut items = Vec::new();
        for i in 0..n {
            let s = self.statement(ctx, top);
            // `;` separates statements: Ruby rejects one after the last.
            let w_semicolon = if i + 1 < n { 2 } else { 0 };
            let end = match self.rng.weighted(&[12, w_semicolon, 1]) {
                0 => Frag::Break,
                1 => Frag::Seq(vec![Frag::styled(";", ""), Frag::Break]),
                _ if ctx.inline => Frag::styled(" /* c */ ", " "),
                _ => Frag::Seq(vec![Frag::styled(" # comment", ""), Frag::Break]),
            };
            items.push(Frag::item(Frag::Seq(vec![Frag::expr(s), end])));
        }
        Frag::Seq(items)
    }

    fn statement(&mut self, ctx: Ctx, top: bool) -> Frag {
        let w_def = if top { 4 } else { 1 };
        let w_call = if ctx.inline { 0 } else { 3 };
        match self.rng.weighted(&[8, w_call, 3, 5, 2, 2, w_def, 2, 1]) {
            0 => self.assignment(ctx),
            1 => self.statement_call(ctx),
            2 => self.call(ctx),
            3 => self.resource_statement(ctx),
            4 => self.relationship(ctx),
            5 => match self.rng.below(3) {
                0 => self.if_expr(ctx.down()),
                1 => self.unless_expr(ctx.down()),
                _ => self.case_expr(ctx.down()),
            },
            6 => self.definition(ctx),
            7 => {
                // Not a hash: a statement starting with `{` would be a resource body.
                let receiver = match self.rng.below(5) {
                    0 => self.array(ctx.down()),
                    1 => self.string(ctx.down()),
                    2 => self.number(),
                    3 => self.type_expr(ctx.down()),
                    _ => self.variable(),
                };
                let suffix = self.method_suffix(ctx.down());
                Frag::Seq(vec![Frag::expr(receiver), suffix])
            }
            _ => self.collector(ctx),
        }
    }

    /// `$x = v`, `$x += v`, `[$a, $b] = v`, `$a = $b = v`.
    fn assignment(&mut self, ctx: Ctx) -> Frag {
        let lhs = match self.rng.weighted(&[10, 1]) {
            0 => self.variable(),
            _ => Frag::text("[$a, $b]"),
        };
        let op = *self.rng.pick(&[" = ", " = ", " = ", " += ", " -= ", "="]);
        let value = if self.rng.chance(8) {
            self.assignment(ctx.down())
        } else {
            self.expr(ctx.down())
        };
        Frag::Seq(vec![lhs, Frag::text(op), Frag::expr(value)])
    }

    /// `notice x, y` without parentheses (Ruby's `transform_calls`), or `notice { k => v }`.
    fn statement_call(&mut self, ctx: Ctx) -> Frag {
        let name = *self.rng.pick(STATEMENT_FUNCTIONS);
        if self.rng.chance(8) {
            // `name { attr => v }`: Ruby makes it a call with a hash.
            let attrs = self.attribute_operations_with(ctx.down(), false);
            return Frag::Seq(vec![
                Frag::text(format!("{name} {{ ")),
                attrs,
                Frag::text(" }"),
            ]);
        }
        let mut args = Vec::new();
        for i in 0..1 + self.rng.below(3) {
            let mut arg = self.expr(ctx.down());
            // After a bare name, `-x` and `*x` are binary operators, `{` opens a resource body
            // and `(` an expression of its own: the first argument starts otherwise.
            while i == 0 && arg.render().starts_with(['-', '*', '{', '(']) {
                arg = self.expr(ctx.down());
            }
            args.push(Frag::expr(arg));
        }
        Frag::Seq(vec![Frag::text(format!("{name} ")), list(args, ", ")])
    }

    /// A resource, resource defaults, or a resource override.
    fn resource_statement(&mut self, ctx: Ctx) -> Frag {
        match self.rng.weighted(&[8, 2, 2, 1]) {
            0 => self.resource(ctx),
            1 => {
                let t = *self.rng.pick(TYPE_REFS);
                let attrs = self.attribute_operations(ctx.down());
                Frag::Seq(vec![
                    Frag::text(format!("{t} {{ ")),
                    attrs,
                    Frag::text(" }"),
                ])
            }
            2 => {
                let r = self.resource_reference(ctx.down());
                let attrs = self.attribute_operations(ctx.down());
                Frag::Seq(vec![r, Frag::text(" { "), attrs, Frag::text(" }")])
            }
            _ => {
                let bodies = self.resource_bodies(ctx.down());
                Frag::Seq(vec![Frag::text("class { "), bodies, Frag::text("}")])
            }
        }
    }

    /// `type { title: attrs; title: attrs }`, maybe virtual (`@`) or exported (`@@`).
    pub fn resource(&mut self, ctx: Ctx) -> Frag {
        let form = *self.rng.pick(&["", "", "", "", "@", "@@"]);
        let t = *self.rng.pick(RESOURCE_TYPES);
        let bodies = self.resource_bodies(ctx.down());
        Frag::Seq(vec![
            Frag::text(format!("{form}{t} {{")),
            Frag::Break,
            bodies,
            Frag::text("}"),
        ])
    }

    fn resource_bodies(&mut self, ctx: Ctx) -> Frag {
        let n = 1 + self.rng.below(3);
        let mut bodies = Vec::new();
        for i in 0..n {
            let title = self.title(ctx);
            let colon = if self.rng.chance(3) { ":," } else { ":" };
            let attrs = self.attribute_operations(ctx);
            let sep = if i + 1 < n || self.rng.chance(20) {
                ";"
            } else {
                ""
            };
            bodies.push(Frag::item(Frag::Seq(vec![
                Frag::expr(title),
                Frag::text(format!("{colon} ")),
                attrs,
                Frag::text(sep),
                Frag::Break,
            ])));
        }
        Frag::Seq(bodies)
    }

    /// A resource title: a string of any kind, an array, a variable, `default`, an expression.
    fn title(&mut self, ctx: Ctx) -> Frag {
        match self.rng.weighted(&[5, 3, 2, 2, 1, 1, 1]) {
            0 => self.sq_string(),
            1 => self.dq_string(ctx),
            2 => {
                let a = self.sq_string();
                let b = self.string(ctx);
                Frag::Seq(vec![
                    Frag::text("["),
                    list(vec![a, b], ", "),
                    Frag::text("]"),
                ])
            }
            3 => self.variable(),
            4 => Frag::text("default"),
            5 => Frag::text(*self.rng.pick(&["bare", "foo::bar", "x-y"])),
            _ => self.expr(ctx.down()),
        }
    }

    /// `a => v, b +> v, * => $h` (a trailing comma sometimes).
    fn attribute_operations(&mut self, ctx: Ctx) -> Frag {
        self.attribute_operations_with(ctx, true)
    }

    /// Attribute operations; `+>` and `*=>` only with `all_forms` (a call `notice { a => 1 }`
    /// takes only `=>`).
    fn attribute_operations_with(&mut self, ctx: Ctx, all_forms: bool) -> Frag {
        let mut ops = Vec::new();
        for _ in 0..self.rng.below(4) {
            let other = if all_forms { 1 } else { 0 };
            let op = match self.rng.weighted(&[8, 2 * other, other]) {
                0 => Frag::Seq(vec![
                    Frag::text(format!("{} => ", self.rng.pick(ATTRIBUTES))),
                    Frag::expr(self.expr(ctx.down())),
                ]),
                1 => Frag::Seq(vec![
                    Frag::text(format!("{} +> ", self.rng.pick(ATTRIBUTES))),
                    Frag::expr(self.expr(ctx.down())),
                ]),
                _ => Frag::Seq(vec![
                    Frag::text(*self.rng.pick(&["* => ", "*=> "])),
                    Frag::expr(self.operand(ctx.down())),
                ]),
            };
            ops.push(op);
        }
        let multiline = self.rng.chance(50);
        let trailing = if !ops.is_empty() && self.rng.chance(30) {
            ","
        } else {
            ""
        };
        let sep = if multiline {
            Frag::Seq(vec![Frag::text(","), Frag::Break])
        } else {
            Frag::text(", ")
        };
        Frag::Seq(vec![list_with(ops, sep), Frag::text(trailing)])
    }

    /// `File['a']`, `Notify['a', $b]`, `Foo::Bar[x]`.
    fn resource_reference(&mut self, ctx: Ctx) -> Frag {
        let t = if self.rng.chance(15) {
            *self.rng.pick(&["Class", "Resource"])
        } else {
            *self.rng.pick(TYPE_REFS)
        };
        let mut titles = vec![self.title(ctx)];
        if self.rng.chance(25) {
            titles.push(self.sq_string());
        }
        Frag::Seq(vec![
            Frag::text(format!("{t}[")),
            list(titles.into_iter().map(Frag::expr).collect(), ", "),
            Frag::text("]"),
        ])
    }

    /// `a -> b ~> c <- d <~ e` over references, resources, collectors, arrays and variables.
    fn relationship(&mut self, ctx: Ctx) -> Frag {
        let mut parts = vec![Frag::expr(self.relationship_operand(ctx))];
        for _ in 0..1 + self.rng.below(3) {
            let op = *self.rng.pick(&["->", "~>", "<-", "<~"]);
            parts.push(Frag::text(format!(" {op} ")));
            parts.push(Frag::expr(self.relationship_operand(ctx)));
        }
        Frag::Seq(parts)
    }

    fn relationship_operand(&mut self, ctx: Ctx) -> Frag {
        match self.rng.weighted(&[4, 2, 2, 1, 1]) {
            0 => self.resource_reference(ctx.down()),
            1 => self.resource(ctx.down()),
            2 => self.collector(ctx.down()),
            3 => {
                let a = self.resource_reference(ctx.down());
                let b = self.resource_reference(ctx.down());
                Frag::Seq(vec![
                    Frag::text("["),
                    list(vec![a, b], ", "),
                    Frag::text("]"),
                ])
            }
            _ => self.variable(),
        }
    }

    /// `Type <| query |>` or `Type <<| query |>>`, with attribute operations sometimes.
    fn collector(&mut self, ctx: Ctx) -> Frag {
        let t = *self.rng.pick(TYPE_REFS);
        let (open, close) = *self.rng.pick(&[("<|", "|>"), ("<<|", "|>>")]);
        let query = if self.rng.chance(25) {
            Frag::text(" ")
        } else {
            Frag::Seq(vec![
                Frag::text(" "),
                Frag::expr(self.query(ctx.down())),
                Frag::text(" "),
            ])
        };
        let mut parts = vec![Frag::text(format!("{t} {open}")), query, Frag::text(close)];
        if self.rng.chance(30) {
            let attrs = self.attribute_operations(ctx.down());
            parts.push(Frag::item(Frag::Seq(vec![
                Frag::text(" { "),
                attrs,
                Frag::text(" }"),
            ])));
        }
        Frag::Seq(parts)
    }

    /// A collector query: `attr == v` joined by `and`/`or`, parenthesized sometimes.
    fn query(&mut self, ctx: Ctx) -> Frag {
        let mut parts = Vec::new();
        for i in 0..1 + self.rng.below(3) {
            if i > 0 {
                parts.push(Frag::text(*self.rng.pick(&[" and ", " or "])));
            }
            let attr = *self.rng.pick(&["title", "tag", "mode", "ensure"]);
            let op = *self.rng.pick(&["==", "!="]);
            let value = self.leaf(ctx);
            let test = Frag::Seq(vec![Frag::text(format!("{attr} {op} ")), Frag::expr(value)]);
            if !ctx.leaf() && self.rng.chance(20) {
                parts.push(Frag::Seq(vec![
                    Frag::text("("),
                    Frag::expr(test),
                    Frag::text(")"),
                ]));
            } else {
                parts.push(test);
            }
        }
        Frag::Seq(parts)
    }

    /// A class (with nested definitions), define, function, node, type alias or type definition.
    fn definition(&mut self, ctx: Ctx) -> Frag {
        let name = *self.rng.pick(CLASS_NAMES);
        match self.rng.weighted(&[4, 3, 3, 2, 2, 1]) {
            0 => {
                let params = self.parameter_list(ctx);
                let parent = if self.rng.chance(25) {
                    format!(
                        " inherits {}",
                        self.rng.pick(&["foo", "base::x", "default"])
                    )
                } else {
                    String::new()
                };
                let n = self.rng.below(4);
                let body = self.statements(ctx.down(), n, true);
                Frag::Seq(vec![
                    Frag::text(format!("class {name}")),
                    params,
                    Frag::text(format!("{parent} {{")),
                    Frag::Break,
                    body,
                    Frag::text("}"),
                ])
            }
            1 => {
                let params = self.parameter_list(ctx);
                let body = self.block(ctx.down());
                Frag::Seq(vec![
                    Frag::text(format!("define {name}")),
                    params,
                    Frag::text(" "),
                    body,
                ])
            }
            2 => {
                let params = self.parameter_list(ctx);
                let ret = if self.rng.chance(30) {
                    Frag::Seq(vec![Frag::text(" >> "), self.type_expr(ctx.down())])
                } else {
                    Frag::dropped()
                };
                let body = self.block(ctx.down());
                Frag::Seq(vec![
                    Frag::text(format!("function {name}")),
                    params,
                    ret,
                    Frag::text(" "),
                    body,
                ])
            }
            3 => {
                let mut hosts = Vec::new();
                for _ in 0..1 + self.rng.below(3) {
                    let host = match self.rng.below(5) {
                        0 => self.sq_string(),
                        1 => self.regex(),
                        2 => Frag::text("default"),
                        3 => Frag::text(*self.rng.pick(&["a.b.c", "web01", "x.y"])),
                        _ => Frag::text("\"db.example.com\""),
                    };
                    hosts.push(host);
                }
                let parent = if self.rng.chance(20) {
                    " inherits base"
                } else {
                    ""
                };
                let body = self.block(ctx.down());
                Frag::Seq(vec![
                    Frag::text("node "),
                    list(hosts, ", "),
                    Frag::text(format!("{parent} ")),
                    body,
                ])
            }
            4 => {
                let alias = *self.rng.pick(&["MyType", "My::Alias", "T1"]);
                let value = match self.rng.below(4) {
                    0 => self.hash(ctx.down()),
                    1 => Frag::text("Object[{attributes => {a => Integer}}]"),
                    _ => self.type_expr(ctx.down()),
                };
                Frag::Seq(vec![
                    Frag::text(format!("type {alias} = ")),
                    Frag::expr(value),
                ])
            }
            _ => {
                let parent = if self.rng.chance(50) {
                    " inherits Base"
                } else {
                    ""
                };
                let body = self.block(ctx.down());
                Frag::Seq(vec![Frag::text(format!("type MyObj{parent} ")), body])
            }
        }
    }

    /// `(params)` after a definition's name, or nothing.
    fn parameter_list(&mut self, ctx: Ctx) -> Frag {
        if self.rng.chance(30) {
            return Frag::dropped();
        }
        let params = self.parameters(ctx.down(), true);
        let space = if self.rng.chance(50) { " " } else { "" };
        Frag::Seq(vec![
            Frag::text(format!("{space}(")),
            params,
            Frag::text(")"),
        ])
    }
}
