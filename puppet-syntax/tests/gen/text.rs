//! Strings: single-quoted with every escape, bare words, double-quoted with every escape and
//! interpolation (`$var`, `${expr}`, and strings of every kind nested inside `${…}`), and
//! heredocs (`@(TAG)`, `@("TAG")`, `:syntax`, `/escapes` flags, margins, `-` trim, several on a
//! line, inside interpolation).

use super::{Ctx, Frag, Gen, Heredoc};

/// Text without any character that is special in a string (quotes, `$`, `\`, `%`).
const WORDS: &[&str] = &[
    "a",
    "text",
    "two words",
    " ",
    "x-y",
    "über",
    "☺",
    "日本",
    "tab\there",
    "{b}",
    "[c]",
    ":",
    "a.b",
    "#",
    "@",
    "(p)",
    "~",
    "/",
    "0",
    "a,b",
    "é",
];

/// Escapes inside double quotes; the last `UNRECOGNIZED_ESCAPES` are kept with a warning.
const DQ_ESCAPES: &[&str] = &[
    "\\n",
    "\\t",
    "\\r",
    "\\s",
    "\\$",
    "\\\"",
    "\\\\",
    "\\'",
    "\\u{1F600}",
    "\\u00e9",
    "\\u{41}",
    "\\q",
    "\\%",
];

const UNRECOGNIZED_ESCAPES: usize = 2;

/// Variable names as written after `$`.
pub const VAR_NAMES: &[&str] = &[
    "x",
    "y",
    "a",
    "facts",
    "name",
    "long_name",
    "x1",
    "_p",
    "n::m",
    "::top",
    "::a::b",
    "trusted",
];

impl Gen {
    /// A string literal of any kind allowed in `ctx`.
    pub fn string(&mut self, ctx: Ctx) -> Frag {
        let heredoc_ok = !ctx.no_heredoc && !ctx.leaf();
        match self
            .rng
            .weighted(&[4, 6, 1, if heredoc_ok { 2 } else { 0 }])
        {
            0 => self.sq_string(),
            1 => self.dq_string(ctx),
            2 => Frag::text(*self.rng.pick(&["bareword", "foo-bar", "a_b-c", "w0rd"])),
            _ => self.heredoc(ctx),
        }
    }

    /// `'…'`: `\\` and `\'` are escapes, any other backslash stays.
    pub fn sq_string(&mut self) -> Frag {
        let mut parts = vec![];
        for _ in 0..self.rng.below(4) {
            let piece = match self.rng.weighted(&[8, 1, 1, 1, 1, 1, 1]) {
                0 => Frag::text(*self.rng.pick(WORDS)),
                1 => Frag::text("\\\\"),
                2 => Frag::text("\\'"),
                3 => Frag::text(*self.rng.pick(&["\\n", "\\t", "\\$", "\\u{41}", "\\q"])),
                4 => Frag::text(*self.rng.pick(&["\"", "$x", "${y}", "%", "\\\"", "<%"])),
                5 => Frag::StrNewline("\\n"),
                _ => Frag::text("\\\\\\'"),
            };
            parts.push(Frag::item(piece));
        }
        Frag::quoted(Frag::Seq(
            [vec![Frag::text("'")], parts, vec![Frag::text("'")]].concat(),
        ))
    }

    /// `"…"` with escapes and interpolations.
    pub fn dq_string(&mut self, ctx: Ctx) -> Frag {
        let inner = Ctx {
            inline: true,
            ..ctx.down()
        };
        let mut parts = vec![Frag::text("\"")];
        let n = self.rng.below(if ctx.leaf() { 3 } else { 5 });
        let mut after_short_var = false;
        for _ in 0..n {
            let choice = self
                .rng
                .weighted(&[5, 3, if ctx.leaf() { 0 } else { 4 }, 3, 1]);
            let piece = match choice {
                0 => {
                    let w = *self.rng.pick(WORDS);
                    self.text_after(after_short_var, w)
                }
                1 => {
                    let escapes = if ctx.in_heredoc {
                        &DQ_ESCAPES[..DQ_ESCAPES.len() - UNRECOGNIZED_ESCAPES]
                    } else {
                        DQ_ESCAPES
                    };
                    Frag::text(*self.rng.pick(escapes))
                }
                2 => self.interpolation(inner),
                3 => self.short_variable(after_short_var),
                _ => match self.rng.below(5) {
                    0 => Frag::StrNewline("\\n"),
                    1 => Frag::text("'"),
                    2 => Frag::text("$ "),
                    // After `$x`, `::` ends the name unless a name follows.
                    3 => Frag::text("::"),
                    _ => Frag::text("%"),
                },
            };
            after_short_var = choice == 3;
            parts.push(Frag::item(piece));
        }
        parts.push(Frag::text("\""));
        Frag::quoted(Frag::Seq(parts))
    }

    /// Text after a `$var` must not extend the variable's name: it starts with a separator.
    fn text_after(&mut self, after_short_var: bool, w: &str) -> Frag {
        if after_short_var && w.starts_with(|c: char| c.is_alphanumeric() || c == '_' || c == ':') {
            Frag::text(format!(
                "{}{w}",
                self.rng.pick(&[" ", "-", ".", "!", "[1]", ".m"])
            ))
        } else {
            Frag::text(w)
        }
    }

    /// `$name` inside a string (never followed by a name character: see `text_after`).
    fn short_variable(&mut self, after_short_var: bool) -> Frag {
        let name = *self.rng.pick(VAR_NAMES);
        if after_short_var {
            Frag::text(format!(" ${name}"))
        } else {
            Frag::text(format!("${name}"))
        }
    }

    /// `${…}`: Ruby turns a leading bare name (and a number) into a variable; any expression and
    /// any kind of string may be inside.
    pub fn interpolation(&mut self, ctx: Ctx) -> Frag {
        let body = match self.rng.weighted(&[3, 2, 2, 2, 1, 5, 4]) {
            // A bare word first is a variable's name, keywords and `true` too.
            0 => Frag::text(*self.rng.pick(&[
                "x", "n::m", "::top", "facts", "x1", "_x", "true", "false", "undef", "default",
                "type", "class", "if", "in", "and", "unless", "node", "private", "Foo",
            ])),
            1 => Frag::text(*self.rng.pick(&["1", "0", "12", "0x1", "1.5", "-1", "007"])),
            2 => {
                let name = *self.rng.pick(&["x", "facts", "a", "n::m"]);
                let args = self.access_args(ctx);
                Frag::Seq(vec![Frag::text(name), args])
            }
            3 => {
                let name = *self.rng.pick(&["x", "a", "facts"]);
                let call = self.method_suffix(ctx);
                Frag::Seq(vec![Frag::text(name), call])
            }
            4 => Frag::text(format!("${}", self.rng.pick(VAR_NAMES))),
            5 => self.string(ctx),
            _ => self.expr(ctx),
        };
        let (open, close) =
            *self
                .rng
                .pick(&[("${", "}"), ("${", "}"), ("${ ", " }"), ("${\t", "}")]);
        Frag::Seq(vec![
            Frag::styled(open, "${"),
            Frag::expr(body),
            Frag::styled(close, "}"),
        ])
    }

    /// `@(TAG)` / `@("TAG")` with optional `:syntax` and `/flags`, a margin or none, `-` trim.
    pub fn heredoc(&mut self, ctx: Ctx) -> Frag {
        self.heredocs += 1;
        let tag = format!(
            "{}{}",
            self.rng.pick(&["END", "EOT", "TXT", "X_Y", "MY TAG "]),
            self.heredocs
        );
        let interpolating = self.rng.chance(60);
        let syntax = self.rng.chance(25).then(|| {
            *self
                .rng
                .pick(&["json", "yaml", "text", "epp", "pp", "base64", "x+y"])
        });
        let mut escapes: Vec<char> = Vec::new();
        let flags = if self.rng.chance(40) {
            if self.rng.chance(25) {
                escapes = "trnsuL$".chars().collect();
                Some(String::new())
            } else {
                for c in "trnsuL$".chars() {
                    if self.rng.chance(40) {
                        escapes.push(c);
                    }
                }
                // Any order.
                for i in (1..escapes.len()).rev() {
                    escapes.swap(i, self.rng.below(i + 1));
                }
                Some(escapes.iter().collect())
            }
        } else {
            None
        };
        let margin = self.rng.chance(65).then(|| " ".repeat(self.rng.below(5)));
        let space_after_bar = self.rng.chance(50);
        let trim = self.rng.chance(35);
        let text_before_end = self.rng.chance(3);
        let spaced = self.rng.chance(10);
        let inner = Ctx {
            no_heredoc: true,
            in_heredoc: true,
            inline: true,
            ..ctx.down()
        };
        let mut lines = Vec::new();
        let n = self.rng.below(5);
        // Lines indented less than the margin (Ruby keeps them as they are).
        let outdented = (0..n)
            .filter(|_| margin.as_ref().is_some_and(|m| m.len() > 1) && self.rng.chance(10))
            .collect();
        for i in 0..n {
            // A line continuation (`\` with the `L` flag) into the end tag's line crashes Ruby.
            let continuation_ok = i + 1 < n;
            lines.push(Frag::item(self.heredoc_line(
                inner,
                interpolating,
                &escapes,
                continuation_ok,
            )));
        }
        Frag::Heredoc(Box::new(Heredoc {
            tag,
            interpolating,
            syntax,
            flags,
            margin,
            space_after_bar,
            trim,
            text_before_end,
            spaced,
            lines,
            outdented,
        }))
    }

    /// One line of a heredoc body (without the margin and the line break).
    fn heredoc_line(
        &mut self,
        ctx: Ctx,
        interpolating: bool,
        escapes: &[char],
        continuation_ok: bool,
    ) -> Frag {
        let mut parts = Vec::new();
        if self.rng.chance(20) {
            // Deeper than the margin, or (as Ruby keeps it) text inside the margin.
            parts.push(Frag::text(*self.rng.pick(&["  ", "\t", " "])));
        }
        let mut after_short_var = false;
        for _ in 0..1 + self.rng.below(4) {
            let choice = self.rng.weighted(&[
                5,
                3,
                if interpolating && !ctx.leaf() { 4 } else { 0 },
                if interpolating { 2 } else { 0 },
                2,
            ]);
            let piece = match choice {
                0 => {
                    let w = *self.rng.pick(WORDS);
                    self.text_after(after_short_var, w)
                }
                1 => {
                    let e = *self
                        .rng
                        .pick(&["t", "r", "n", "s", "u", "$", "\\", "q", "\""]);
                    match e {
                        "u" => Frag::text("\\u{263A}"),
                        "$" => Frag::text("\\$ "),
                        _ => Frag::text(format!("\\{e}")),
                    }
                }
                2 => self.interpolation(ctx),
                3 => self.short_variable(after_short_var),
                _ => Frag::text(*self.rng.pick(&["'quoted'", "\"dq\"", "%>", "<%", "$", "|"])),
            };
            after_short_var = choice == 3;
            parts.push(Frag::item(piece));
        }
        if continuation_ok && escapes.contains(&'L') && self.rng.chance(30) {
            parts.push(Frag::text("\\"));
        }
        Frag::Seq(parts)
    }
}
