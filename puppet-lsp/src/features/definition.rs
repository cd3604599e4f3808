//! Go to definition: from a class name (`include`, `contain`, `require`, `class { 'x': }`,
//! `Class['x']`, `inherits`), a resource type or type reference, a function call, a variable
//! (local, a parameter, `$x::y::z`), or an attribute (to the parameter it sets).

use lsp_types::{GotoDefinitionParams, GotoDefinitionResponse, Location};

use crate::resolve::{resolve, Target};
use crate::state::{LspResult, Snapshot};

/// The locations of `targets` (core types and built-ins have none).
pub fn locations(snapshot: &Snapshot, targets: &[Target]) -> Vec<Location> {
    targets
        .iter()
        .filter_map(|t| match t {
            Target::Definition(d) => snapshot.definition_location(d),
            Target::Variable { place, .. } => Some(place.location()),
            Target::Parameter { place, owner, .. } => match place {
                Some(place) => Some(place.location()),
                None => snapshot.definition_location(owner),
            },
            Target::CoreType(_) | Target::CoreAttribute { .. } | Target::Builtin(_) => None,
        })
        .collect()
}

pub fn handle(s: &Snapshot, p: GotoDefinitionParams) -> LspResult<Option<GotoDefinitionResponse>> {
    let (view, reference) = s.reference_at(&p.text_document_position_params)?;
    let Some(reference) = reference else {
        return Ok(None);
    };
    let found = locations(s, &resolve(s, &view, &reference));
    Ok(match found.len() {
        0 => None,
        1 => Some(GotoDefinitionResponse::Scalar(
            found.into_iter().next().unwrap_or_else(|| unreachable!()),
        )),
        _ => Some(GotoDefinitionResponse::Array(found)),
    })
}
