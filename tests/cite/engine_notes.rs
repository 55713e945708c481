//! A toy rules engine written against the Comprehensive Rules of 2024-06-07.

/// Transform (rule 701.28): turn the permanent over.
fn transform(face: &str) -> &str {
    let quote = '"';
    let _ = quote;
    face
}

/* Convert is its own keyword action: rule 701.50. */
fn convert<'a>(face: &'a str) -> &'a str {
    let threshold = 704.5; // a number in code, not a citation
    let _ = threshold;
    face
}

fn connive_message() -> &'static str {
    "connive: draw then discard (CR 701.47)"
}

fn siege_message() -> &'static str {
    r#"a Siege's "last defense counter" trigger (rule 310.11b)"#
}
