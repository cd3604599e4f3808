//! EPP templates: a parameter list (`<%- |$x, Type $y = v| -%>`), text with `<%%` and `%%>`,
//! `<%= expr %>`, `<% statements %>`, `<%- … -%>` trimming, `<%# comments %>`, and control flow
//! (`if`, `unless`, lambdas) whose blocks span tags with text between them.

use super::{Ctx, Frag, Gen};

/// Template text: no `<%` or `%>` except the escaped `<%%` and `%%>`, and no piece that could
/// make one with its neighbour (a lone `<`, `%` or `>`).
const TEXT: &[&str] = &[
    "hello",
    " ",
    "\n",
    "  indented\n",
    "<%%",
    "%%>",
    "$x",
    "${y}",
    "'q'",
    "\"dq\"",
    "\\n",
    "☺",
    "5 % 2",
    "x < y",
    "a > b",
    "-",
    "\t",
    "\n\n",
];

impl Gen {
    /// A whole template.
    pub fn epp_template(&mut self, ctx: Ctx) -> Frag {
        let ctx = Ctx {
            in_epp: true,
            // Only `<% statements %>` tags take heredocs (see `epp_part`).
            no_heredoc: true,
            ..ctx
        };
        let mut parts = Vec::new();
        if self.rng.chance(50) {
            let (open, close) =
                *self
                    .rng
                    .pick(&[("<%- |", "| -%>"), ("<%|", "|%>"), ("<% |", "| %>")]);
            let params = self.parameters_in(ctx.down(), false, true);
            parts.push(Frag::item(Frag::Seq(vec![
                Frag::text(open),
                params,
                Frag::text(close),
            ])));
        }
        let n = 1 + self.rng.below(6);
        parts.push(self.epp_parts(ctx, n));
        Frag::Seq(parts)
    }

    fn epp_parts(&mut self, ctx: Ctx, n: usize) -> Frag {
        let mut parts = Vec::new();
        for _ in 0..n {
            parts.push(Frag::item(self.epp_part(ctx)));
        }
        Frag::Seq(parts)
    }

    fn epp_part(&mut self, ctx: Ctx) -> Frag {
        let deeper = !ctx.leaf();
        let trim = if self.rng.chance(30) { "-" } else { "" };
        let trim_end = if self.rng.chance(30) { "-" } else { "" };
        match self.rng.weighted(&[5, 4, 2, 1, if deeper { 2 } else { 0 }]) {
            0 => {
                let mut t = String::new();
                for _ in 0..1 + self.rng.below(3) {
                    let piece = TEXT[self.rng.below(TEXT.len())];
                    t.push_str(piece);
                }
                // Line breaks are breaks: a heredoc's body follows the line it opens on.
                let mut pieces = Vec::new();
                for (i, line) in t.split('\n').enumerate() {
                    if i > 0 {
                        pieces.push(Frag::Break);
                    }
                    pieces.push(Frag::text(line));
                }
                Frag::Seq(pieces)
            }
            1 => {
                let e = self.expr(ctx.down());
                Frag::Seq(vec![
                    Frag::text("<%= "),
                    Frag::expr(e),
                    Frag::text(format!(" {trim_end}%>")),
                ])
            }
            2 => {
                let n = 1 + self.rng.below(2);
                // Heredocs are fine here: every statement ends in a line break inside the tag, so
                // the body stays in the tag.
                let code = Ctx {
                    no_heredoc: false,
                    ..ctx.down()
                };
                let body = self.statements(code, n, false);
                Frag::Seq(vec![
                    Frag::text(format!("<%{trim} ")),
                    body,
                    Frag::text(format!(" {trim_end}%>")),
                ])
            }
            3 => Frag::text(format!("<%# a comment {trim_end}%>")),
            _ => self.epp_control(ctx.down(), trim, trim_end),
        }
    }

    /// `<% if c { %> … <% } else { %> … <% } %>` and `<% $a.each |$v| { %> … <% } %>`.
    fn epp_control(&mut self, ctx: Ctx, trim: &str, trim_end: &str) -> Frag {
        let kind = self.rng.below(3);
        let head = match kind {
            0 => Frag::Seq(vec![
                Frag::text("if "),
                Frag::expr(self.operand(ctx.down())),
            ]),
            1 => Frag::Seq(vec![
                Frag::text("unless "),
                Frag::expr(self.operand(ctx.down())),
            ]),
            _ => Frag::Seq(vec![Frag::expr(self.variable()), Frag::text(".each |$v|")]),
        };
        let n = 1 + self.rng.below(3);
        let inner = self.epp_parts(ctx, n);
        let mut parts = vec![
            Frag::text(format!("<%{trim} ")),
            head,
            Frag::text(format!(" {{ {trim_end}%>")),
            inner,
        ];
        if kind < 2 && self.rng.chance(30) {
            let n = 1 + self.rng.below(2);
            let other = self.epp_parts(ctx, n);
            parts.push(Frag::item(Frag::Seq(vec![
                Frag::text("<% } else { %>"),
                other,
            ])));
        }
        parts.push(Frag::text(format!("<%{trim} }} {trim_end}%>")));
        Frag::Seq(parts)
    }
}
