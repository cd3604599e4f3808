//! Lowering: parser events → the Puppet model (Ruby's `Puppet::AST`), without building a CST.
//!
//! `Lowering` is a second `TreeSink` for the same event stream the CST builder consumes. It keeps
//! a value stack (`stack.rs`): tokens push `Val::Tok`, and each finished CST node replaces its
//! children with one value, built by the function for its kind. This is where Ruby's grammar
//! *actions* and `Factory` transformations live:
//! - `exprs.rs`: literals, operators, calls, access, arrays/hashes, lambdas, parameters;
//! - `strings.rs`: double-quoted strings, heredocs (sub-parsed like Ruby's `SUBLOCATE`), EPP text;
//! - `statements.rs`: statement lists (`transform_calls`), blocks, `if`/`unless`/`case`, program;
//! - `resources.rs`: resource shapes, `@`/`@@`, attribute operations, collectors;
//! - `definitions.rs`: class/define/plan/function/node, type aliases and mappings, apply.
//!
//! Positions follow Ruby's `loc` calls exactly (see the reference §2.11). Nodes Ruby creates
//! without `loc` get their container's offset and length 0 when the tree is materialised: they
//! are allocated `UNPOSITIONED` here and fixed top-down by `resolve_positions` at the end.
//!
//! Lowering runs only on input without syntax errors; grammar-action errors (Ruby's plain
//! `ParseError`, e.g. "Virtual (@) can only be applied to a Resource Expression") are reported
//! as diagnostics and the model is then discarded, as Ruby raises.

mod definitions;
mod exprs;
mod heredoc;
mod resources;
mod stack;
mod statements;
mod strings;

use crate::diagnostics::{Diagnostic, IssueCode};
use crate::lexer::{EscapeSet, Lexed};
use crate::model::{Model, NodeId};
use crate::parser::TreeSink;
use crate::scratch::{self, Recycled};
use crate::syntax_kind::SyntaxKind::{self, *};

use stack::Val;

/// Offset of a node whose position is its container's (fixed by `resolve_positions`).
pub(crate) const UNPOSITIONED: u32 = u32::MAX;

/// Where Ruby raises a grammar action's error: when it reduces the construct, at `token`: the
/// start of the first significant token after it, once that token is lexed; or, when
/// `without_lookahead`, the end of the construct, before anything after it is lexed (so ahead
/// of a lexer error in the trivia that follows, such as an unclosed EPP tag at the end).
#[derive(Clone, Copy, Debug)]
pub(crate) struct ActionErrorAt {
    pub(crate) token: u32,
    pub(crate) without_lookahead: bool,
}

/// Builds model nodes from parser events over one lexed text.
pub(crate) struct Lowering<'a> {
    /// The text that was lexed (the whole source, or a heredoc's processed text).
    text: &'a str,
    lexed: &'a Lexed,
    pub(crate) model: &'a mut Model,
    /// The raw index after the last token event's (where the node being finished ends).
    next_raw: usize,
    /// (The three stacks are the thread's from one lowering to the next: `crate::scratch`.)
    stack: Recycled<Val>,
    /// `(kind, index of the first child in stack, groups.len())` of every open node.
    frames: Recycled<(SyntaxKind, usize, usize)>,
    /// Members of `Val::Group`s.
    groups: Recycled<Val>,
    pub(crate) diagnostics: Vec<Diagnostic>,
    /// Class/define/plan definitions in reduction order (for class-name stacking).
    named_definitions: Vec<NodeId>,
    /// For each open `CLASS_DEF`/`PLAN_DEF`: `named_definitions.len()` when it started.
    name_scopes: Vec<usize>,
    /// The last EPP text node and the raw index of its last `RENDER_STRING` token (for merging
    /// text runs split by `<%# %>` comments, see the lexer's EPP conventions).
    last_render_string: Option<(NodeId, usize)>,
    /// The index of the first node this lowering makes (a heredoc's text is lowered into the
    /// model of the file, after the file's nodes so far).
    first_node: usize,
    /// Set by the first grammar-action error: the model is unusable after it.
    pub(crate) failed: bool,
    /// Lowering heredoc text: the text's own string (see [`Lowering::heredoc_text_escapes`])
    /// is unquoted and uses these escapes.
    pub(crate) heredoc_escapes: Option<EscapeSet>,
    /// Offset of the first token of the node being built (where internal errors point).
    building_at: u32,
    /// Where the node being built ends (the end of its last token).
    building_end: u32,
    /// How many of the innermost-last `frames` are open around a syntax or lexer error: those
    /// nodes are not well formed and are not built.
    broken_frames: usize,
    /// The first error was an internal one (an unexpected tree shape, as error recovery makes,
    /// or a tree Ruby's parser builds and its validator crashes on), not one of Ruby's
    /// grammar-action errors: a syntax error anywhere comes first.
    pub(crate) internal_failure: bool,
    /// The first construct Ruby's parser builds and its validator then crashes on (`* =>` in
    /// a resource body without a title): reported only when the parse meets no other error,
    /// since a syntax or grammar-action error anywhere stops Ruby before it validates.
    pub(crate) validation_crash: Option<Diagnostic>,
    /// Where the node whose grammar action failed ends: Ruby reduces (and raises) there.
    pub(crate) action_error_end: u32,
    /// Ruby raises the first failure only once it has read the token after the construct,
    /// although the construct ends with a closing bracket: `@`/`@@` on an expression (which Ruby
    /// reduces to a `resource` with a look-ahead), or a statement list cut short by a syntax
    /// error (reduced when the token that cannot follow is read).
    pub(super) action_error_after_lookahead: bool,
    /// The first failure is an error inside a heredoc's text (`action_error_end` is the end of
    /// its `HEREDOC` token). Ruby's lexer queues the text's tokens when it reads the header,
    /// and its parser reads them before the lexer reads anything after the header: the error
    /// comes before the lexer errors and the syntax errors of what follows.
    pub(super) action_error_in_heredoc_text: bool,
}

scratch::slots! {
    /// [`Lowering::stack`] between lowerings.
    VALUE_STACK: Val;
    /// [`Lowering::frames`] between lowerings.
    FRAMES: (SyntaxKind, usize, usize);
    /// [`Lowering::groups`] between lowerings.
    GROUP_MEMBERS: Val;
}

impl<'a> Lowering<'a> {
    pub(crate) fn new(text: &'a str, lexed: &'a Lexed, model: &'a mut Model) -> Lowering<'a> {
        Lowering {
            text,
            lexed,
            first_node: model.node_count(),
            model,
            next_raw: 0,
            stack: Recycled::take(&VALUE_STACK, 64),
            frames: Recycled::take(&FRAMES, 32),
            groups: Recycled::take(&GROUP_MEMBERS, 64),
            diagnostics: Vec::new(),
            named_definitions: Vec::new(),
            name_scopes: Vec::new(),
            last_render_string: None,
            failed: false,
            heredoc_escapes: None,
            building_at: 0,
            building_end: 0,
            broken_frames: 0,
            internal_failure: false,
            validation_crash: None,
            action_error_end: 0,
            action_error_after_lookahead: false,
            action_error_in_heredoc_text: false,
        }
    }

    /// The value left by the root node (the program body), if any.
    pub(crate) fn finish(mut self) -> Option<NodeId> {
        let root = self.stack.pop().and_then(Val::node);
        if let Some(root) = root {
            resolve_positions(self.model, root, self.first_node, 0);
        }
        root
    }

    // ---- tokens ----

    fn tok_kind(&self, i: u32) -> SyntaxKind {
        self.lexed.kinds[i as usize]
    }

    /// `(offset, length)` of a raw token.
    /// The escapes of the heredoc text when token `i` starts the text's own string (the
    /// `STRING`, or the `DQPRE` of its `ConcatenatedString`), `None` for every other string:
    /// those inside `${…}` are ordinary quoted strings. The text's own string is the only one
    /// that starts at the text's first byte.
    fn heredoc_text_escapes(&self, i: u32) -> Option<EscapeSet> {
        self.heredoc_escapes
            .filter(|_| self.lexed.starts[i as usize] == 0)
    }

    fn tok_span(&self, i: u32) -> (u32, u32) {
        (
            self.lexed.starts[i as usize],
            self.lexed.token_len(i as usize),
        )
    }

    #[inline]
    fn tok_text(&self, i: u32) -> &'a str {
        let i = i as usize;
        &self.text[self.lexed.starts[i] as usize..self.lexed.starts[i + 1] as usize]
    }

    // ---- positions ----

    fn span(&self, id: NodeId) -> (u32, u32) {
        self.model.span(id)
    }

    /// Ruby's `loc(factory, start, end)`: offset of `start`, length up to the end of `end`.
    fn span_between(&self, start: (u32, u32), end: (u32, u32)) -> (u32, u32) {
        (start.0, (end.0 + end.1).saturating_sub(start.0))
    }

    // ---- errors ----

    /// A grammar-action error (Ruby raises `Puppet::ParseError`): reported, and the model is
    /// discarded.
    fn action_error(&mut self, offset: u32, len: u32, message: impl Into<String>) {
        if !self.failed {
            self.action_error_end = self.building_end;
        }
        self.failed = true;
        self.diagnostics.push(Diagnostic::error(
            IssueCode::PARSE_ERROR,
            offset,
            len,
            message,
        ));
    }

    /// Where Ruby raises the first grammar-action error: when it reduces the construct whose
    /// action failed, at the first significant token at or after its end (the look-ahead of
    /// the reduction). A construct that ends with a closing bracket is reduced before that
    /// token is lexed (Racc's default reduction: nothing can follow in the rule).
    pub(crate) fn action_error_raise_point(&self) -> ActionErrorAt {
        let starts = &self.lexed.starts;
        let kinds = &self.lexed.kinds;
        let tokens = kinds.len();
        let end = starts[..tokens].partition_point(|&start| start < self.action_error_end);
        let mut i = end;
        while i < tokens && kinds[i].is_trivia() {
            i += 1;
        }
        // What Ruby reduces only after reading the next token (`action_error_after_lookahead`)
        // is not reduced early, whatever it ends with.
        let after_lookahead = self.action_error_after_lookahead;
        let last = kinds[..end].iter().rev().find(|k| !k.is_trivia());
        let without_lookahead = self.action_error_in_heredoc_text
            || (!after_lookahead && matches!(last, Some(RBRACE | RBRACK | RPAREN)));
        ActionErrorAt {
            token: if without_lookahead {
                self.action_error_end
            } else {
                starts.get(i).copied().unwrap_or(self.action_error_end)
            },
            without_lookahead,
        }
    }

    /// Turns a [`Lowering::validation_crash`] into the lowering's failure when nothing failed
    /// before it: then it is the only error (an internal one, which any syntax error precedes).
    pub(crate) fn settle_validation_crash(&mut self) {
        if let Some(crash) = self.validation_crash.take() {
            if !self.failed {
                self.failed = true;
                self.internal_failure = true;
                self.diagnostics.push(crash);
            }
        }
    }

    /// A tree shape the grammar never produces for error-free input (defensive; no panics).
    fn internal_error(&mut self, what: &str) {
        if !self.failed {
            self.internal_failure = true;
        }
        self.failed = true;
        self.diagnostics.push(Diagnostic::error(
            IssueCode::PARSE_ERROR,
            self.building_at,
            0,
            format!(
                "internal error: unexpected syntax tree shape ({what}); please report this input"
            ),
        ));
    }

    // ---- groups ----

    fn group_members(&self, start: u32, end: u32) -> &[Val] {
        &self.groups[start as usize..end as usize]
    }

    /// Build the value of a finished node of `kind` from its children.
    fn build(&mut self, kind: SyntaxKind, children: &[Val]) -> Val {
        match kind {
            LITERAL => self.literal(children),
            DQ_STRING => self.dq_string(children),
            HEREDOC_EXPR => self.heredoc(children),
            ARRAY_EXPR => self.array(children),
            HASH_EXPR => self.hash(children),
            KEYED_ENTRY => self.keyed_entry(children),
            PAREN_EXPR | PREFIX_EXPR => self.unary(kind, children),
            BINARY_EXPR | ASSIGNMENT_EXPR | RELATIONSHIP_EXPR => self.binary(children),
            SELECTOR_EXPR => self.selector(children),
            SELECTOR_ENTRY => self.selector_entry(children),
            ACCESS_EXPR => self.access(children),
            CALL_EXPR => self.call(children),
            METHOD_CALL_EXPR => self.method_call(children),
            LAMBDA_EXPR => self.lambda(children),
            PARAM => self.parameter(children),
            IF_EXPR => self.if_expr(children),
            UNLESS_EXPR => self.unless_expr(children),
            CASE_EXPR => self.case_expr(children),
            CASE_OPTION => self.case_option(children),
            COLLECT_EXPR => self.collect(children),
            COLLECT_QUERY => self.collect_query(children),
            RESOURCE_EXPR => self.resource(children),
            RESOURCE_BODY => self.resource_body(children),
            ATTRIBUTE_OP => self.attribute_op(children),
            VIRTUAL_RESOURCE => self.virtual_resource(children),
            CLASS_DEF | DEFINE_DEF | PLAN_DEF | FUNCTION_DEF => {
                self.named_definition(kind, children)
            }
            NODE_DEF => self.node_definition(children),
            DOTTED_NAME => self.dotted_name(children),
            TYPE_ALIAS => self.type_alias(children),
            TYPE_DEF => self.type_definition(children),
            APPLY_EXPR => self.apply(children),
            RENDER_EXPR_NODE => self.render_expr(children),
            SOURCE_FILE => self.program(children),
            COMMA_LIST | ARG_LIST | PARAM_LIST | BLOCK | ELSE_CLAUSE | INHERITS_CLAUSE
            | RETURN_TYPE | EPP_PARAMS => {
                if kind == BLOCK {
                    self.check_block_comma_lists(children);
                }
                let start = self.groups.len() as u32;
                self.groups.extend_from_slice(children);
                Val::Group {
                    kind,
                    start,
                    end: self.groups.len() as u32,
                }
            }
            _ => Val::Nothing,
        }
    }
}

impl Lowering<'_> {
    /// After a node's frame is popped: whether the node is broken (an error was marked inside
    /// it); the mark moves out to the enclosing level.
    fn leave_frame(&mut self) -> bool {
        let outer = self.frames.len();
        let broken = outer < self.broken_frames;
        self.broken_frames = self.broken_frames.min(outer);
        broken
    }

    /// The `LITERAL` around raw token `raw` (half of all nodes), built without the general
    /// `build`.
    fn literal_in_place(&mut self, raw: u32) -> Val {
        self.building_at = self.lexed.starts[raw as usize];
        self.building_end = self.lexed.starts[raw as usize + 1];
        self.literal_token(raw)
    }
}

impl TreeSink for Lowering<'_> {
    fn start_node(&mut self, kind: SyntaxKind) {
        if matches!(kind, CLASS_DEF | PLAN_DEF) {
            self.name_scopes.push(self.named_definitions.len());
        }
        self.frames
            .push((kind, self.stack.len(), self.groups.len()));
    }

    fn token(&mut self, raw: u32) {
        self.stack.push(Val::Tok(raw));
        self.next_raw = raw as usize + 1;
    }

    fn error(&mut self) {
        self.broken_frames = self.frames.len();
    }

    /// Ruby's `transform_calls` on the statements of the innermost open node, which end before
    /// a syntax error: only its grammar-action error matters (`finish_lowering` reports it,
    /// as Ruby raises it before it reaches the syntax error); the node itself is not built.
    fn statement_list_ends(&mut self) {
        let Some(&(_, start, _)) = self.frames.last() else {
            return;
        };
        if self.failed || self.broken_frames > 0 {
            return;
        }
        self.building_end = self.lexed.starts[self.next_raw.min(self.lexed.kinds.len())];
        let n = self.stack.len() - start;
        let _ = self.statement_list_of(n, |lowering, k| lowering.stack[start + k]);
        // Ruby reduces the statements when it reads a token that cannot go on with them: its
        // lexer errors come first, even when the last statement ends with a closing bracket.
        // (Not failed before, so a failure now is the first one.)
        self.action_error_after_lookahead = self.failed;
    }

    /// What `start_node`, `token` and `finish_node` do, without the frame and the stack
    /// entry for a `LITERAL` (half of all nodes).
    fn leaf_node(&mut self, kind: SyntaxKind, raw: u32) {
        if kind != LITERAL {
            self.start_node(kind);
            self.token(raw);
            self.finish_node();
            return;
        }
        self.next_raw = raw as usize + 1;
        // As `finish_node` once it has popped this node's frame.
        let broken = self.leave_frame();
        let value = if self.failed || broken {
            Val::Nothing
        } else {
            self.literal_in_place(raw)
        };
        self.stack.push(value);
    }

    fn finish_node(&mut self) {
        let Some((kind, start, groups_start)) = self.frames.pop() else {
            return;
        };
        let broken = self.leave_frame();
        // Half of all nodes are a `LITERAL` around one token: built in place.
        if kind == LITERAL && start + 1 == self.stack.len() && !self.failed && !broken {
            if let Val::Tok(t) = self.stack[start] {
                self.stack[start] = self.literal_in_place(t);
                return;
            }
        }
        let stack = std::mem::take(&mut *self.stack);
        if let Some(t) = stack[start..].iter().find_map(|v| v.tok()) {
            self.building_at = self.lexed.starts[t as usize];
        }
        self.building_end = self.lexed.starts[self.next_raw.min(self.lexed.kinds.len())];
        let value = if self.failed || broken {
            Val::Nothing
        } else {
            self.build(kind, &stack[start..])
        };
        *self.stack = stack;
        self.stack.truncate(start);
        // The groups made inside this node were used up by its value, unless the value is a
        // group itself (whose members may refer to them): free them, so that `groups` stays
        // as small as the nesting instead of growing with the file.
        if !matches!(value, Val::Group { .. }) {
            self.groups.truncate(groups_start);
        }
        self.stack.push(value);
    }
}

/// Give every `UNPOSITIONED` node below `root` its container's offset and length 0 (Ruby's
/// `Factory#contained_current`); `root` itself gets `fallback_offset`. Only nodes from index
/// `first` on (those this lowering made) are considered.
///
/// About one node in fifteen is unpositioned, and a container is made after its contents,
/// usually right after them: each unpositioned node looks for its container among the nodes
/// that follow it (the last few containers found first: the bodies of one resource share
/// theirs), and
/// going from the last one back, containers are fixed before their contents. This looks at far
/// fewer nodes than a walk of the whole tree. When the search takes too long, or a node has no
/// container after it (a child swapped in later with `kind_mut`, or a node the lowering
/// dropped), the whole tree goes to [`resolve_positions_by_walk`].
pub(crate) fn resolve_positions(
    model: &mut Model,
    root: NodeId,
    first: usize,
    fallback_offset: u32,
) {
    let count = model.node_count();
    // Children looked at, at most (a walk of the tree looks at each once; the search usually
    // looks at far fewer, but a resource with 80,000 bodies is a recent container of 80,000
    // children for each of them).
    let mut children_budget = 4 * (count - first) + 1024;
    fn contains(model: &Model, container: NodeId, id: NodeId, budget: &mut usize) -> bool {
        let mut found = false;
        model.kind(container).for_each_child(model, &mut |c| {
            found |= c == id;
            *budget = budget.saturating_sub(1);
        });
        found
    }
    // Nodes looked at, at most: a walk of the tree looks at every node once.
    let mut budget = count - first;
    // The containers found last, most recent first.
    let mut recent: [Option<NodeId>; 4] = [None; 4];
    // Only node `i` changes at step `i`, so the nodes before it are still as made.
    for i in (first..count).rev() {
        let id = NodeId::from_index(i);
        if model.offset(id) != UNPOSITIONED {
            continue;
        }
        if id == root {
            model.set_span(id, fallback_offset, 0);
            continue;
        }
        let mut container = recent
            .iter()
            .flatten()
            .copied()
            .find(|&c| contains(model, c, id, &mut children_budget));
        let mut next = i + 1;
        while container.is_none() && next < count && budget > 0 {
            let candidate = NodeId::from_index(next);
            if contains(model, candidate, id, &mut children_budget) {
                container = Some(candidate);
            }
            next += 1;
            budget -= 1;
        }
        if children_budget == 0 {
            return resolve_positions_by_walk(model, root, fallback_offset);
        }
        match container {
            Some(container) if model.offset(container) != UNPOSITIONED => {
                let offset = model.offset(container);
                model.set_span(id, offset, 0);
                if recent[0] != Some(container) {
                    // Move it to the front (by hand: `rotate_right` is a call and a loop).
                    let at = recent.iter().position(|&c| c == Some(container));
                    let mut k = at.unwrap_or(recent.len() - 1);
                    while k > 0 {
                        recent[k] = recent[k - 1];
                        k -= 1;
                    }
                    recent[0] = Some(container);
                }
            }
            _ => return resolve_positions_by_walk(model, root, fallback_offset),
        }
    }
}

/// [`resolve_positions`] by a walk of the whole tree, top-down so containers are fixed first.
fn resolve_positions_by_walk(model: &mut Model, root: NodeId, fallback_offset: u32) {
    // Containers are fixed before their children are pushed, so the visiting order is free.
    let mut work: Vec<(NodeId, u32)> = Vec::with_capacity(64);
    work.push((root, fallback_offset));
    while let Some((id, container_offset)) = work.pop() {
        if model.offset(id) == UNPOSITIONED {
            model.set_span(id, container_offset, 0);
        }
        let offset = model.offset(id);
        model
            .kind(id)
            .for_each_child(model, &mut |c| work.push((c, offset)));
    }
}
