//! The lexer's tests, one binary: golden token files (`test_data/lexer/`), the rules of each
//! token, decoded values (strings, heredocs, numbers), properties (proptest) and the comparison
//! with Ruby Puppet's lexer. The corpus-wide lexing test is in `tests/corpus/`.

#[path = "../lexer_util/mod.rs"]
mod lexer_util;

mod lexer_golden;
mod lexer_props;
mod lexer_ruby_diff;
mod lexer_rules;
mod lexer_values;
