//! Expressions: every binary operator in unparenthesized chains (so that precedence and
//! associativity are the parser's to get right), unary `!` and `-`, splats, selectors, access,
//! named and method calls with and without lambdas, literals of every kind, types, `if`/`unless`/
//! `case` as values.

use super::text::VAR_NAMES;
use super::{list, list_with, Ctx, Frag, Gen};

/// Every binary operator of the expression grammar (`egrammar.ra`'s `expression` rule).
const BINARY: &[&str] = &[
    "in", "=~", "!~", "*", "/", "%", "+", "-", "<<", ">>", "==", "!=", "<", ">", "<=", ">=", "and",
    "or",
];

/// Bare words that are names, not keywords.
const NAMES: &[&str] = &[
    "foo",
    "bar",
    "foo::bar",
    "::foo",
    "x",
    "a_b",
    "notify",
    "file",
    "site::role",
    "plan",
    "apply",
    "with",
    "each",
];

const TYPES: &[&str] = &[
    "Integer", "String", "Foo::Bar", "Hash", "Array", "Optional", "Variant", "Boolean", "Any",
    "Type", "Resource", "File", "Undef", "Default", "Pattern", "Enum", "Class", "Notify",
];

const FUNCTIONS: &[&str] = &[
    "foo",
    "lookup",
    "with",
    "map",
    "foo::bar",
    "sprintf",
    "each",
    "template",
    "epp",
    "inline_epp",
    "new",
    "notice",
    "include",
    "require",
    "defined",
    "assert_type",
];

const METHODS: &[&str] = &[
    "map", "each", "filter", "reduce", "join", "length", "split", "upcase", "with", "lest", "then",
    "new", "size", "keys", "type",
];

impl Gen {
    /// Any expression that can stand as an assignment's value.
    pub fn expr(&mut self, ctx: Ctx) -> Frag {
        if ctx.leaf() {
            return self.leaf(ctx);
        }
        match self.rng.weighted(&[10, 2, 1, 1, 1]) {
            0 => self.chain(ctx),
            1 => self.selector(ctx),
            2 => self.if_expr(ctx.down()),
            3 => self.case_expr(ctx.down()),
            _ => self.unless_expr(ctx.down()),
        }
    }

    /// `a OP b OP c …` without parentheses, sometimes ending in a selector.
    pub fn chain(&mut self, ctx: Ctx) -> Frag {
        let n = 1 + self.rng.below(if ctx.depth > 2 { 5 } else { 3 });
        let mut parts = vec![Frag::expr(self.operand(ctx.down()))];
        for _ in 1..n {
            let op = *self.rng.pick(BINARY);
            let rhs = if (op == "=~" || op == "!~") && self.rng.chance(60) {
                self.regex()
            } else {
                self.operand(ctx.down())
            };
            if op == "/" && !division_may_follow(parts.last().unwrap()) {
                let last = parts.pop().unwrap();
                parts.push(Frag::Seq(vec![Frag::text("("), last, Frag::text(")")]));
            }
            // Spaces are optional except around words, and around `-` and `<` (Ruby's lexer reads
            // `bar-3` as one word and `1<-1` as an edge).
            let must_space = op.starts_with(char::is_alphabetic) || op == "-" || op == "<";
            let space = if must_space || self.rng.chance(85) {
                " "
            } else {
                ""
            };
            let written = if self.rng.chance(3) {
                format!(" /* c */ {op} ")
            } else {
                format!("{space}{op}{space}")
            };
            parts.push(Frag::styled(written, op_plain(op)));
            parts.push(Frag::expr(rhs));
        }
        Frag::Seq(parts)
    }

    /// `E ? { k => v, … }` or the single-entry form `E ? k => v`.
    pub fn selector(&mut self, ctx: Ctx) -> Frag {
        let lhs = self.operand(ctx.down());
        let mut entries = Vec::new();
        for _ in 0..1 + self.rng.below(3) {
            let key = match self.rng.below(4) {
                0 => self.regex(),
                1 => Frag::text("default"),
                _ => self.operand(ctx.down()),
            };
            let value = self.expr(ctx.down());
            entries.push(Frag::Seq(vec![
                Frag::expr(key),
                Frag::text(" => "),
                Frag::expr(value),
            ]));
        }
        // Without braces the key must hold no `{`: one first opens the braces form, and so does
        // `"${{…}}"` (Ruby's lexer looks back past the `"${` to the `?`).
        let body =
            if entries.len() == 1 && !entries[0].render_line().contains('{') && self.rng.chance(25)
            {
                entries.pop().unwrap()
            } else {
                let trailing = if self.rng.chance(30) { "," } else { "" };
                Frag::Seq(vec![
                    Frag::text("{"),
                    Frag::Break,
                    list(entries, ","),
                    Frag::text(trailing),
                    Frag::Break,
                    Frag::text("}"),
                ])
            };
        Frag::Seq(vec![Frag::expr(lhs), Frag::text(" ? "), body])
    }

    /// A unary-level expression: a primary with postfix access and calls, or `!`/`-` before one.
    pub fn operand(&mut self, ctx: Ctx) -> Frag {
        match self.rng.weighted(&[14, 1, 1, 1]) {
            0 => self.postfixed(ctx),
            1 => Frag::Seq(vec![Frag::text("!"), Frag::expr(self.operand(ctx.down()))]),
            2 => Frag::Seq(vec![
                Frag::text(*self.rng.pick(&["-", "- "])),
                Frag::expr(self.operand(ctx.down())),
            ]),
            _ => {
                let inner = self.expr(ctx.down());
                Frag::Seq(vec![Frag::text("("), Frag::expr(inner), Frag::text(")")])
            }
        }
    }

    /// A primary followed by `[…]` and `.method(…)` suffixes.
    fn postfixed(&mut self, ctx: Ctx) -> Frag {
        let mut f = self.primary(ctx);
        if ctx.leaf() {
            return f;
        }
        for _ in 0..self.rng.weighted(&[12, 3, 1]) {
            let suffix = if self.rng.chance(50) {
                self.access_args(ctx.down())
            } else {
                self.method_suffix(ctx.down())
            };
            f = Frag::Seq(vec![Frag::expr(f), suffix]);
        }
        f
    }

    /// `[a, b]` after an expression (no space before it: that would make it a new array).
    pub fn access_args(&mut self, ctx: Ctx) -> Frag {
        let mut args = Vec::new();
        for _ in 0..1 + self.rng.below(3) {
            let arg = if self.rng.chance(10) {
                self.hash_pair(ctx.down())
            } else {
                Frag::expr(self.expr(ctx.down()))
            };
            args.push(arg);
        }
        let trailing = if self.rng.chance(10) { "," } else { "" };
        Frag::Seq(vec![
            Frag::text("["),
            list(args, ", "),
            Frag::text(trailing),
            Frag::text("]"),
        ])
    }

    /// `.name`, `.name(args)`, `.name(args) |params| { … }`, `.name |params| { … }`.
    pub fn method_suffix(&mut self, ctx: Ctx) -> Frag {
        let name = *self.rng.pick(METHODS);
        let mut parts = vec![Frag::text(format!(".{name}"))];
        match self.rng.below(4) {
            0 => {}
            1 => parts.push(self.arguments(ctx.down(), false)),
            2 => {
                parts.push(self.arguments(ctx.down(), false));
                parts.push(Frag::text(" "));
                parts.push(self.lambda(ctx.down()));
            }
            _ => {
                parts.push(Frag::text(" "));
                parts.push(self.lambda(ctx.down()));
            }
        }
        Frag::Seq(parts)
    }

    /// `(a, b, k => v, *$s)` (no space before it); a trailing comma only after a function's
    /// arguments, not a method's (Ruby's grammar).
    pub fn call_args(&mut self, ctx: Ctx) -> Frag {
        self.arguments(ctx, true)
    }

    fn arguments(&mut self, ctx: Ctx, trailing_comma: bool) -> Frag {
        let mut args = Vec::new();
        for _ in 0..self.rng.below(4) {
            let arg = match self.rng.weighted(&[10, 1, 1]) {
                0 => Frag::expr(self.expr(ctx.down())),
                1 => self.hash_pair(ctx.down()),
                _ => Frag::Seq(vec![Frag::text("*"), Frag::expr(self.operand(ctx.down()))]),
            };
            args.push(arg);
        }
        let trailing = if trailing_comma && !args.is_empty() && self.rng.chance(10) {
            ","
        } else {
            ""
        };
        Frag::Seq(vec![
            Frag::text("("),
            list(args, ", "),
            Frag::text(trailing),
            Frag::text(")"),
        ])
    }

    /// `|$a, Type $b = v, *$rest| >> Type { statements }`.
    pub fn lambda(&mut self, ctx: Ctx) -> Frag {
        let params = self.parameters_in(ctx.down(), true, true);
        let ret = if self.rng.chance(15) {
            Frag::Seq(vec![Frag::text(" >> "), self.type_expr(ctx.down())])
        } else {
            Frag::dropped()
        };
        let body = self.block(ctx.down());
        Frag::Seq(vec![
            Frag::text("|"),
            params,
            Frag::text("|"),
            ret,
            Frag::text(" "),
            body,
        ])
    }

    /// Parameters of a lambda, class, define, function or EPP template. Between pipes (lambdas,
    /// templates) a default value is a leaf or parenthesized: `foo() |` would start a lambda.
    pub fn parameters(&mut self, ctx: Ctx, allow_rest: bool) -> Frag {
        self.parameters_in(ctx, allow_rest, false)
    }

    pub fn parameters_in(&mut self, ctx: Ctx, allow_rest: bool, in_pipes: bool) -> Frag {
        let n = self.rng.below(4);
        let mut params = Vec::new();
        for i in 0..n {
            let mut p = Vec::new();
            if self.rng.chance(40) {
                p.push(Frag::expr(self.type_expr(ctx.down())));
                p.push(Frag::text(" "));
            }
            if allow_rest && i + 1 == n && self.rng.chance(15) {
                p.push(Frag::text("*"));
            }
            // `tag` and `notify` are metaparameters: a class or define parameter named so is
            // a warning (with a default) or an error of the import.
            p.push(Frag::text(format!(
                "${}",
                self.rng
                    .pick(&["x", "y", "k", "v", "memo", "p_1", "tag", "notify"])
            )));
            if self.rng.chance(35) {
                p.push(Frag::text(" = "));
                let value = if !in_pipes {
                    self.expr(ctx.down())
                } else if self.rng.chance(50) {
                    self.leaf(ctx.down())
                } else {
                    let e = self.expr(ctx.down());
                    Frag::Seq(vec![Frag::text("("), Frag::expr(e), Frag::text(")")])
                };
                p.push(Frag::expr(value));
            }
            params.push(Frag::Seq(p));
        }
        let trailing = if n > 0 && self.rng.chance(10) {
            ","
        } else {
            ""
        };
        Frag::Seq(vec![list(params, ", "), Frag::text(trailing)])
    }

    /// A type: `Integer`, `Foo::Bar`, `Optional[String[1]]`, `Hash[String, Integer, 1, default]`.
    pub fn type_expr(&mut self, ctx: Ctx) -> Frag {
        let name = *self.rng.pick(TYPES);
        if ctx.leaf() || self.rng.chance(55) {
            return Frag::text(name);
        }
        let mut args = Vec::new();
        for _ in 0..1 + self.rng.below(3) {
            let arg = match self.rng.below(4) {
                0 => self.type_expr(ctx.down()),
                1 => self.number(),
                2 => self.sq_string(),
                _ => Frag::text("default"),
            };
            args.push(Frag::expr(arg));
        }
        Frag::Seq(vec![
            Frag::text(format!("{name}[")),
            list(args, ", "),
            Frag::text("]"),
        ])
    }

    /// A primary expression (literals, variables, names, collections, calls, strings).
    pub fn primary(&mut self, ctx: Ctx) -> Frag {
        if ctx.leaf() {
            return self.leaf(ctx);
        }
        match self.rng.weighted(&[6, 4, 3, 2, 3, 2, 2, 6, 3, 1]) {
            0 => self.variable(),
            1 => self.number(),
            2 => self.array(ctx),
            3 => self.hash(ctx),
            4 => self.call(ctx),
            5 => self.type_expr(ctx),
            6 => Frag::text(*self.rng.pick(NAMES)),
            7 => self.string(ctx),
            8 => Frag::text(*self.rng.pick(&["true", "false", "undef", "default"])),
            _ => Frag::Seq(vec![
                Frag::text("("),
                Frag::expr(self.chain(ctx.down())),
                Frag::text(")"),
            ]),
        }
    }

    /// Something without sub-expressions.
    pub fn leaf(&mut self, ctx: Ctx) -> Frag {
        match self.rng.below(7) {
            0 | 1 => self.variable(),
            2 => self.number(),
            3 => self.sq_string(),
            4 => self.dq_string(ctx),
            5 => Frag::text(
                *self
                    .rng
                    .pick(&["true", "false", "undef", "foo", "Integer", "[]", "{}"]),
            ),
            _ => Frag::text(*self.rng.pick(NAMES)),
        }
    }

    pub fn variable(&mut self) -> Frag {
        let name = if self.rng.chance(10) {
            *self.rng.pick(&["0", "1", "12"])
        } else {
            *self.rng.pick(VAR_NAMES)
        };
        Frag::text(format!("${name}"))
    }

    pub fn number(&mut self) -> Frag {
        Frag::text(*self.rng.pick(&[
            "0",
            "1",
            "42",
            "007",
            "0x1F",
            "0XaB",
            "3.14",
            "1e3",
            "1.5e-3",
            "2E2",
            "0.0",
            "123456789",
        ]))
    }

    pub fn regex(&mut self) -> Frag {
        Frag::text(*self.rng.pick(&[
            "/a.*b/",
            "/^x$/",
            "/\\//",
            "/[a-z]+\\d/",
            "//",
            "/\\.pp$/",
            "/é/",
            "/a\\/b/",
        ]))
    }

    /// `[a, b, k => v, type, *$s]` (a `[` after a space, or first on its line, makes a list).
    pub fn array(&mut self, ctx: Ctx) -> Frag {
        let mut items = Vec::new();
        for _ in 0..self.rng.below(4) {
            let item = match self.rng.weighted(&[10, 1, 1, 1]) {
                0 => Frag::expr(self.expr(ctx.down())),
                1 => self.hash_pair(ctx.down()),
                2 => Frag::text(*self.rng.pick(&["type", "function"])),
                _ => Frag::Seq(vec![Frag::text("*"), Frag::expr(self.operand(ctx.down()))]),
            };
            items.push(item);
        }
        let trailing = if !items.is_empty() && self.rng.chance(15) {
            ","
        } else {
            ""
        };
        Frag::Seq(vec![
            Frag::text("["),
            list(items, ", "),
            Frag::text(trailing),
            Frag::text("]"),
        ])
    }

    /// `{ k => v, … }`, across lines or not.
    pub fn hash(&mut self, ctx: Ctx) -> Frag {
        let mut pairs = Vec::new();
        for _ in 0..self.rng.below(4) {
            pairs.push(self.hash_pair(ctx.down()));
        }
        let multiline = !pairs.is_empty() && self.rng.chance(40);
        let trailing = if !pairs.is_empty() && self.rng.chance(20) {
            ","
        } else {
            ""
        };
        let brk = if multiline {
            Frag::Break
        } else {
            Frag::text(" ")
        };
        Frag::Seq(vec![
            Frag::text("{"),
            brk.clone(),
            if multiline {
                let comment = if !ctx.inline && self.rng.chance(20) {
                    " # c"
                } else {
                    ""
                };
                list_with(
                    pairs,
                    Frag::Seq(vec![
                        Frag::text(","),
                        Frag::styled(comment, ""),
                        Frag::Break,
                    ]),
                )
            } else {
                list(pairs, ", ")
            },
            Frag::text(trailing),
            brk,
            Frag::text("}"),
        ])
    }

    /// `key => value`.
    pub fn hash_pair(&mut self, ctx: Ctx) -> Frag {
        let key = match self.rng.weighted(&[4, 2, 1, 1]) {
            0 => self.sq_string(),
            1 => Frag::text(*self.rng.pick(&["a", "key", "foo::bar", "1", "true"])),
            2 => Frag::text(*self.rng.pick(&["type", "function"])),
            _ => self.expr(ctx.down()),
        };
        let value = self.expr(ctx.down());
        Frag::Seq(vec![
            Frag::expr(key),
            Frag::styled(*self.rng.pick(&[" => ", "=>", " =>"]), " => "),
            Frag::expr(value),
        ])
    }

    /// `name(args)`, `name(args) |…| { }`, `Type(args)`, `"s".m`, `[1].m |…| { }`.
    pub fn call(&mut self, ctx: Ctx) -> Frag {
        let callee = if self.rng.chance(12) {
            Frag::text(*self.rng.pick(&["Integer", "String", "Foo::Bar", "Hash"]))
        } else {
            Frag::text(*self.rng.pick(FUNCTIONS))
        };
        let args = self.call_args(ctx.down());
        if self.rng.chance(25) {
            let lambda = self.lambda(ctx.down());
            Frag::Seq(vec![callee, args, Frag::text(" "), lambda])
        } else {
            Frag::Seq(vec![callee, args])
        }
    }

    /// `if c { … } elsif c { … } else { … }`.
    pub fn if_expr(&mut self, ctx: Ctx) -> Frag {
        let mut parts = vec![
            Frag::text("if "),
            Frag::expr(self.condition(ctx)),
            Frag::text(" "),
            self.block(ctx),
        ];
        for _ in 0..self.rng.weighted(&[4, 2, 1]) {
            let before = if self.rng.chance(50) {
                Frag::text(" ")
            } else {
                Frag::Break
            };
            parts.push(Frag::item(Frag::Seq(vec![
                before,
                Frag::text("elsif "),
                Frag::expr(self.condition(ctx)),
                Frag::text(" "),
                self.block(ctx),
            ])));
        }
        if self.rng.chance(50) {
            parts.push(Frag::item(Frag::Seq(vec![
                Frag::text(" else "),
                self.block(ctx),
            ])));
        }
        Frag::Seq(parts)
    }

    pub fn unless_expr(&mut self, ctx: Ctx) -> Frag {
        let mut parts = vec![
            Frag::text("unless "),
            Frag::expr(self.condition(ctx)),
            Frag::text(" "),
            self.block(ctx),
        ];
        if self.rng.chance(40) {
            parts.push(Frag::item(Frag::Seq(vec![
                Frag::text(" else "),
                self.block(ctx),
            ])));
        }
        Frag::Seq(parts)
    }

    /// `case E { a, b: { … } /re/: { } default: { } }`.
    pub fn case_expr(&mut self, ctx: Ctx) -> Frag {
        let mut options = Vec::new();
        for i in 0..1 + self.rng.below(3) {
            let mut values = Vec::new();
            for _ in 0..1 + self.rng.below(2) {
                let v = match self.rng.below(5) {
                    0 => self.regex(),
                    1 if i > 0 => Frag::text("default"),
                    _ => self.operand(ctx.down()),
                };
                values.push(Frag::expr(v));
            }
            let block = self.block(ctx);
            options.push(Frag::Seq(vec![
                list(values, ", "),
                Frag::styled(*self.rng.pick(&[": ", ":", " : "]), ": "),
                block,
                Frag::Break,
            ]));
        }
        let mut parts = vec![
            Frag::text("case "),
            Frag::expr(self.condition(ctx)),
            Frag::text(" {"),
            Frag::Break,
        ];
        parts.extend(options.into_iter().map(Frag::item));
        parts.push(Frag::text("}"));
        Frag::Seq(parts)
    }

    /// A test before a `{`: a chain whose hashes are parenthesized.
    fn condition(&mut self, ctx: Ctx) -> Frag {
        let c = self.chain(ctx.down());
        if contains_brace(&c) && self.rng.chance(70) {
            Frag::Seq(vec![Frag::text("("), Frag::expr(c), Frag::text(")")])
        } else {
            c
        }
    }
}

/// Whether the rendered fragment contains a `{` outside of brackets (could end a condition).
fn contains_brace(f: &Frag) -> bool {
    f.render().contains('{')
}

/// Whether a `/` after `left` is a division for Ruby's lexer: after `}`, `undef`, `default` and
/// other keywords it starts a regular expression (`Lexer2#regexp_acceptable?`).
fn division_may_follow(left: &Frag) -> bool {
    let text = left.render_line();
    let text = text.trim_end();
    let last_word = text
        .rsplit(|c: char| !(c.is_alphanumeric() || c == '_'))
        .next()
        .unwrap_or_default();
    // Inside an interpolation Ruby's lexer also takes `/` after a string or a heredoc for a
    // regexp.
    const KEYWORDS: &[&str] = &[
        "undef", "default", "private", "attr", "type", "function", "in", "and", "or",
    ];
    !(text.ends_with(['}', '"', '\'']) || text.contains("@(") || KEYWORDS.contains(&last_word))
}

/// `op` between single spaces.
fn op_plain(op: &str) -> &'static str {
    match op {
        "in" => " in ",
        "=~" => " =~ ",
        "!~" => " !~ ",
        "*" => " * ",
        "/" => " / ",
        "%" => " % ",
        "+" => " + ",
        "-" => " - ",
        "<<" => " << ",
        ">>" => " >> ",
        "==" => " == ",
        "!=" => " != ",
        "<" => " < ",
        ">" => " > ",
        "<=" => " <= ",
        ">=" => " >= ",
        "and" => " and ",
        _ => " or ",
    }
}
