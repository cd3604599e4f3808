//! `puppet-diagnostics`: the vocabulary every tool of the project speaks (diagnostics, edits,
//! fixes) and the renderers that print them.
