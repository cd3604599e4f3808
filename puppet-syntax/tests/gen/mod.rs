//! A grammar-driven generator of valid Puppet 7 programs (manifests and EPP templates), for the
//! differential test against Ruby Puppet (`tests/differential/generated_programs.rs`).
//!
//! Programs are built as a [`Frag`] tree rather than as flat text, so that a program that shows a
//! difference can be shrunk by editing the tree (`shrink.rs`: drop list items, replace an
//! expression by one nested in it) and rendered again. The tree knows the two things of Puppet's
//! syntax that are not local: a heredoc's body starts on the line after its `@(TAG)`, and a line
//! break between statements must not land inside a string (`render`).
//!
//! Everything is seeded: program `i` of seed `s` is the same on every machine and in every run.
//! Modules: `expr` (expressions, operators, calls, lambdas, conditionals), `text` (quoted strings,
//! interpolation, heredocs), `stmt` (statements, resources, definitions), `epp` (templates),
//! `shrink`, `ruby` (the Ruby oracle process), `compare` (our output against Ruby's), `cases`
//! (the regression case files of `test_data/generated/`).
#![allow(dead_code)]

pub mod cases;
pub mod compare;
mod epp;
mod expr;
pub mod ruby;
pub mod shrink;
mod stmt;
mod text;

// `rng/`, included once at the root of each test binary that includes this module.
pub use crate::rng::Rng;

/// A generated program fragment: text with the structure that rendering and shrinking need.
#[derive(Clone, Debug, PartialEq)]
pub enum Frag {
    Text(String),
    Seq(Vec<Frag>),
    /// A line break between statements or list items: `"\n"` (after which the bodies of the
    /// heredocs opened on the line follow), but a space inside a string or a heredoc body.
    Break,
    /// A raw line break inside a quoted string: `"\n"` when no heredoc body is pending (in a heredoc
    /// body, followed by the body's margin), else the escape written in the field.
    StrNewline(&'static str),
    /// A list item (statement, argument, attribute, string segment, …) that shrinking may drop.
    Item(Box<Frag>),
    /// An expression that shrinking may replace by an expression nested in it.
    Expr(Box<Frag>),
    /// Inside a quoted string (breaks render as spaces).
    Quoted(Box<Frag>),
    Heredoc(Box<Heredoc>),
    /// Text with a plainer equivalent (`${\t` for `${`, say) that shrinking may put instead.
    Styled {
        text: String,
        plain: &'static str,
    },
}

/// A heredoc: `@("TAG":syntax/flags)` where the expression is, and the body lines (each after
/// the margin `indent`), then the end line (`  |- TAG`), after the next line break.
#[derive(Clone, Debug, PartialEq)]
pub struct Heredoc {
    pub tag: String,
    /// `@("TAG")`: interpolates.
    pub interpolating: bool,
    pub syntax: Option<&'static str>,
    /// The escape flags after `/` (`Some("")` is `/` alone: all of them).
    pub flags: Option<String>,
    /// `Some(indent)`: the end line is `indent|`, which sets the margin.
    pub margin: Option<String>,
    pub space_after_bar: bool,
    /// `-`: the last line break is removed.
    pub trim: bool,
    /// Text before the end tag on its line (Ruby finds the tag anywhere on a line).
    pub text_before_end: bool,
    /// Blanks inside the parentheses: `@( "TAG" : json/t )`.
    pub spaced: bool,
    pub lines: Vec<Frag>,
    /// The lines written with half the margin only.
    pub outdented: Vec<usize>,
}

impl Heredoc {
    pub fn open(&self) -> String {
        let blank = if self.spaced { " " } else { "" };
        let mut open = format!("@({blank}");
        if self.interpolating {
            open.push_str(&format!("\"{}\"", self.tag));
        } else {
            open.push_str(&self.tag);
        }
        open.push_str(blank);
        if let Some(syntax) = self.syntax {
            open.push_str(&format!(":{blank}{syntax}{blank}"));
        }
        if let Some(flags) = &self.flags {
            open.push_str(&format!("/{flags}{blank}"));
        }
        open.push(')');
        open
    }

    pub fn indent(&self) -> &str {
        self.margin.as_deref().unwrap_or("")
    }

    pub fn close(&self) -> String {
        let trim = if self.trim { "-" } else { "" };
        let end = match &self.margin {
            Some(indent) => {
                let space = if self.space_after_bar { " " } else { "" };
                format!("{indent}|{space}{trim}{}", self.tag)
            }
            None => format!("{trim}{}", self.tag),
        };
        if self.text_before_end {
            format!("{}text {end}", self.indent())
        } else {
            end
        }
    }

    /// The same heredoc with one detail of its syntax plainer (for shrinking).
    pub fn plainer(&self) -> Vec<Heredoc> {
        let mut out = Vec::new();
        let mut push = |f: &dyn Fn(&mut Heredoc)| {
            let mut h = self.clone();
            f(&mut h);
            if h != *self {
                out.push(h);
            }
        };
        push(&|h| h.syntax = None);
        push(&|h| h.flags = None);
        push(&|h| h.text_before_end = false);
        push(&|h| h.spaced = false);
        push(&|h| h.outdented.clear());
        push(&|h| h.trim = false);
        push(&|h| h.space_after_bar = false);
        push(&|h| {
            if h.margin.is_some() {
                h.margin = Some(String::new())
            }
        });
        push(&|h| h.margin = None);
        out
    }
}

impl Frag {
    pub fn text(s: impl Into<String>) -> Frag {
        Frag::Text(s.into())
    }
    pub fn item(f: Frag) -> Frag {
        Frag::Item(Box::new(f))
    }
    /// `text`, which shrinking may replace by `plain`.
    pub fn styled(text: impl Into<String>, plain: &'static str) -> Frag {
        let text = text.into();
        if text == plain {
            Frag::Text(text)
        } else {
            Frag::Styled { text, plain }
        }
    }
    pub fn expr(f: Frag) -> Frag {
        Frag::Expr(Box::new(f))
    }
    /// What a dropped item becomes.
    pub fn dropped() -> Frag {
        Frag::Seq(Vec::new())
    }
    pub fn quoted(f: Frag) -> Frag {
        Frag::Quoted(Box::new(f))
    }

    /// The text without the bodies of the heredocs opened in it (what is on its lines).
    pub fn render_line(&self) -> String {
        let mut r = Renderer::default();
        r.frag(self);
        r.out
    }

    /// The program text.
    pub fn render(&self) -> String {
        let mut r = Renderer::default();
        r.frag(self);
        if !r.pending.is_empty() {
            r.out.push('\n');
            let bodies = std::mem::take(&mut r.pending);
            r.out.push_str(&bodies.concat());
        }
        r.out
    }
}

#[derive(Default)]
struct Renderer {
    out: String,
    /// Heredoc bodies waiting for the end of the current line.
    pending: Vec<String>,
    /// Inside a quoted string or a heredoc body: breaks are spaces.
    inline: u32,
    /// The margin of the heredoc body being rendered, if any.
    heredoc_indent: Option<String>,
}

impl Renderer {
    fn frag(&mut self, f: &Frag) {
        match f {
            Frag::Text(s) => self.out.push_str(s),
            Frag::Seq(v) => v.iter().for_each(|f| self.frag(f)),
            Frag::Item(f) | Frag::Expr(f) => self.frag(f),
            Frag::Break if self.inline > 0 => self.out.push(' '),
            Frag::Break => {
                self.out.push('\n');
                let bodies = std::mem::take(&mut self.pending);
                self.out.push_str(&bodies.concat());
            }
            Frag::StrNewline(escape) => {
                if let Some(indent) = &self.heredoc_indent {
                    self.out.push('\n');
                    self.out.push_str(indent);
                } else if self.pending.is_empty() {
                    self.out.push('\n');
                } else {
                    self.out.push_str(escape);
                }
            }
            Frag::Quoted(f) => {
                self.inline += 1;
                self.frag(f);
                self.inline -= 1;
            }
            Frag::Styled { text, .. } => self.out.push_str(text),
            Frag::Heredoc(h) => {
                self.out.push_str(&h.open());
                let indent = h.indent().to_string();
                let mut body = Renderer {
                    inline: 1,
                    heredoc_indent: Some(indent.clone()),
                    ..Renderer::default()
                };
                for (i, line) in h.lines.iter().enumerate() {
                    if *line == Frag::dropped() {
                        continue;
                    }
                    if h.outdented.contains(&i) {
                        body.out.push_str(&indent[..indent.len() / 2]);
                    } else {
                        body.out.push_str(&indent);
                    }
                    body.frag(line);
                    body.out.push('\n');
                }
                body.out.push_str(&h.close());
                body.out.push('\n');
                // A heredoc inside a heredoc body is never generated (Ruby 7.23 crashes on it).
                debug_assert!(body.pending.is_empty());
                self.pending.push(body.out);
            }
        }
    }
}

/// What the generator may produce at a point: the depth left and the enclosing contexts.
#[derive(Clone, Copy)]
pub struct Ctx {
    pub depth: u32,
    /// No heredoc here: inside a heredoc body (Ruby 7.23 crashes on a nested one), or in an EPP
    /// template outside `<% statements %>` (Ruby's lexer mixes the body up with the text).
    pub no_heredoc: bool,
    /// Inside a string or a heredoc body: no statement calls (they need real statement breaks).
    pub inline: bool,
    /// Inside an EPP template's code.
    pub in_epp: bool,
    /// Inside a heredoc body: no unrecognized escapes in nested strings (Ruby 7.23 crashes
    /// positioning the warning).
    pub in_heredoc: bool,
}

impl Ctx {
    pub fn top() -> Ctx {
        Ctx {
            depth: 4,
            no_heredoc: false,
            inline: false,
            in_epp: false,
            in_heredoc: false,
        }
    }
    /// One level deeper.
    pub fn down(self) -> Ctx {
        Ctx {
            depth: self.depth.saturating_sub(1),
            ..self
        }
    }
    pub fn leaf(self) -> bool {
        self.depth == 0
    }
}

/// The generator: a seeded random source plus the grammar (in the sibling modules).
pub struct Gen {
    pub rng: Rng,
    /// Counts heredocs, for distinct tags.
    pub heredocs: u32,
}

/// The seed the differential tests use unless `PUPPET_GEN_SEED` says another.
pub const DEFAULT_SEED: u64 = 0x5EED_0012;

/// One generated program.
#[derive(Clone, Debug)]
pub struct Program {
    pub epp: bool,
    /// Written with `\r\n` line ends (every line, strings and heredoc bodies too).
    pub crlf: bool,
    pub tree: Frag,
}

impl Program {
    pub fn source(&self) -> String {
        let text = self.tree.render();
        if self.crlf {
            text.replace('\n', "\r\n")
        } else {
            text
        }
    }
}

/// Program `index` of `seed`: a manifest, or (one in eight) an EPP template; one in twelve with
/// `\r\n` line ends.
pub fn program(seed: u64, index: u64) -> Program {
    let mut g = Gen {
        rng: Rng::new(seed ^ index.wrapping_mul(0xA076_1D64_78BD_642F)),
        heredocs: 0,
    };
    // Warm up so that neighbouring indexes diverge at once.
    g.rng.next();
    let ctx = Ctx {
        depth: 3 + g.rng.below(3) as u32,
        ..Ctx::top()
    };
    let crlf = g.rng.below(12) == 0;
    let epp = g.rng.below(8) == 0;
    let tree = if epp {
        g.epp_template(ctx)
    } else {
        g.manifest(ctx)
    };
    Program { epp, crlf, tree }
}

/// `items` separated by `sep`, each droppable (with its separator).
pub fn list(items: Vec<Frag>, sep: &str) -> Frag {
    list_with(items, Frag::text(sep))
}

/// `items` separated by `sep` (a comma and a break, say), each droppable.
pub fn list_with(items: Vec<Frag>, sep: Frag) -> Frag {
    let mut v = Vec::new();
    let n = items.len();
    for (i, f) in items.into_iter().enumerate() {
        if i + 1 < n {
            v.push(Frag::item(Frag::Seq(vec![f, sep.clone()])));
        } else {
            v.push(Frag::item(f));
        }
    }
    Frag::Seq(v)
}
