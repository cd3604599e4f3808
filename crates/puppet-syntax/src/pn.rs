//! PN writer (placeholder).
use crate::model::Model;

pub fn to_pn_string(_model: &Model) -> String {
    String::new()
}
