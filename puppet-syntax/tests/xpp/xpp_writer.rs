//! The XPP writer on small sources: the Pcore JSON of the `Program` against Ruby Puppet 7.23's
//! `Serializer` (`JSON::Writer`, `type_by_reference: true`, file `x.pp`; recorded with
//! `scripts/oracle/pcore_reference.rb`'s serialization), the payload's Locator and diagnostics
//! values, the envelope, and the errors Ruby raises too (integers outside 64 bits).

use puppet_syntax::xpp::{self, XppFormat, XppWriteError, XppWriteOptions};
use puppet_syntax::{parse, parse_and_validate, ParseOptions, PuppetRelease};

/// (source, Ruby's stream) pairs: tabulated object starts that spill their attributes into the
/// enclosing array, regexps, floats, escapes, heredocs, definitions as back-references.
const RUBY_STREAMS: &[(&str, &str)] = &[
    (
        r##"$a = 1"##,
        r##"[[18,3,"Puppet","AST","Program",2,[18,3,0,1,"Locator",3,"$a = 1","x.pp",[16,1,0]],[18,3,0,1,"AssignmentExpression",6,[1,1],3,1,[18,3,0,1,"VariableExpression",4,[1,1],0,2,[18,3,0,1,"QualifiedName",4,[1,1],1,1,"a"]],[18,3,0,1,"LiteralInteger",4,[1,1],5,1,1],"="]]]"##,
    ),
    (
        r##"class a { } class b { } define c($x) { 1 } $y = [/a\/b/, /a\/b/, 1.5, 1e30, "é\u0001 /", 2, -3] notice(1) notice(2)"##,
        r##"[[18,3,"Puppet","AST","Program",3,[18,3,0,1,"Locator",3,"class a { } class b { } define c($x) { 1 } $y = [/a\\/b/, /a\\/b/, 1.5, 1e30, \"é\\u0001 /\", 2, -3] notice(1) notice(2)","x.pp",[16,1,0]],[18,3,0,1,"BlockExpression",4,[1,1],0,118,[16,6,[18,3,0,1,"HostClassDefinition",4,[1,1],0,11,"a"],[0,11],[1,1],12,11,"b"]],[18,3,0,1,"ResourceTypeDefinition",6,[1,1],24,18,"c",[16,1,[18,3,0,1,"Parameter",4,[1,1],33,2,"x"]],[0,9]]],[1,1],24,0,[16,1,[18,3,0,1,"LiteralInteger",4,[1,1],39,1,1]],[18,3,0,1,"AssignmentExpression",6,[1,1],46,1,[18,3,0,1,"VariableExpression",4,[1,1],43,2,[18,3,0,1,"QualifiedName",4,[1,1],44,1,"y"]],[18,3,0,1,"LiteralList",4,[1,1],48,50,[16,7,[18,3,0,1,"LiteralRegularExpression",5,[1,1],49,6,[48,"a/b"],"/a\\/b/"],[0,32],[1,1],57,6,[0,33],[0,34]]],[18,3,0,1,"LiteralFloat",4,[1,1],65,3,1.5]],[0,36],[1,1],70,4,1.0e+30,[18,3,0,1,"LiteralString",4,[1,1],76,14,"é\u0001 /"],[0,21],[1,1],92,1,2,[18,3,0,1,"UnaryMinusExpression",4,[1,1],95,1,[0,21]],[1,1],96,1,3,"=",[18,3,0,1,"CallNamedFunctionExpression",6,[1,1],99,9,[0,27],[1,1],99],6,"notice",false,[16,1,[0,21]],[1,1],106,1,1,[0,44],[1,1],109,9,[0,27],[1,1],109,6,[0,45],false,[16,1,[0,21]],[1,1],116,1,2,[16,3,[1,5],[1,6],[1,7]]]"##,
    ),
    (
        r##"$x = @("E")
  a ${b} c
  | E
notice("x${y}z")"##,
        r##"[[18,3,"Puppet","AST","Program",2,[18,3,0,1,"Locator",3,"$x = @(\"E\")\n  a ${b} c\n  | E\nnotice(\"x${y}z\")","x.pp",[16,4,0,12,23,29]],[18,3,0,1,"BlockExpression",4,[1,1],3,42,[16,2,[18,3,0,1,"AssignmentExpression",6,[1,1],3,1,[18,3,0,1,"VariableExpression",4,[1,1],0,2,[18,3,0,1,"QualifiedName",4,[1,1],1,1,"x"]],[18,3,0,1,"HeredocExpression",5,[1,1],5,6,[18,3,0,1,"ConcatenatedString",4,[1,1],12,9,[16,3,[18,3,0,1,"LiteralString",4,[1,1],12,4,"a "],[18,3,0,1,"TextExpression",4,[1,1],12,0,[0,13]],[1,1]]],18],1],[0,15]]]],[1,1],19,0,"b",[0,22],[1,1],20,3," c\n","","=",[18,3,0,1,"CallNamedFunctionExpression",6,[1,1],29,16,[0,15],[1,1],29],6,"notice",false,[16,1,[0,20]],[1,1],36,8,[16,3,[0,22],[1,1],36],4,[0,16],[0,25],[1,1],36,0,[0,13],[1,1],40,1,[0,15],[1,1],41,0,"y",[0,22],[1,1],42,2,"z"]"##,
    ),
    (
        r##"case $x { 1: {} default: {2} }"##,
        r##"[[18,3,"Puppet","AST","Program",2,[18,3,0,1,"Locator",3,"case $x { 1: {} default: {2} }","x.pp",[16,1,0]],[18,3,0,1,"CaseExpression",5,[1,1],0,30,[18,3,0,1,"VariableExpression",4,[1,1],5,2,[18,3,0,1,"QualifiedName",4,[1,1],6,1,"x"]],[16,2,[18,3,0,1,"CaseOption",4,[1,1],11,4,[16,1,[18,3,0,1,"LiteralInteger",4,[1,1],10,1,1]]],[18,3,0,1,15,5,[1,1],23,5,[16,1,[18,3,0,1,"LiteralDefault",3,[1,1],16,7]],[18,3,0,1,"BlockExpression",4,[1,1],23,0,[16,1,[0,18]]]]]]],[1,1],26,1,2]"##,
    ),
    (
        r##"function f() { 1 } function g() { 2 }
class a { 1 } class b { 2 }"##,
        r##"[[18,3,"Puppet","AST","Program",3,[18,3,0,1,"Locator",3,"function f() { 1 } function g() { 2 }\nclass a { 1 } class b { 2 }","x.pp",[16,2,0,38]],[18,3,0,1,"BlockExpression",4,[1,1],0,65,[16,4,[18,3,0,1,"FunctionDefinition",6,[1,1],0,18,"f",[16,0],[0,9]],[1,1],0,0]],[16,1,[18,3,0,1,"LiteralInteger",4,[1,1],15,1,1]]],[0,11],[1,1],19,18,"g",[16,0],[0,9],[1,1],19,0,[16,1,[0,14]],[1,1],34,1,2,[18,3,0,1,"HostClassDefinition",6,[1,1],38,13,"a",[16,0],[0,9]],[1,1],38,0,[16,1,[0,14]],[1,1],48,1,1,[0,17],[1,1],52,13,"b",[16,0],[0,9],[1,1],52,0,[16,1,[0,14]],[1,1],62,1,2,[16,4,[1,5],[1,10],[1,15],[1,20]]]"##,
    ),
    (
        r##"@@file { 'a': ensure => present, * => $h } File <<| tag == 'x' |>> { mode => '0644' }"##,
        r##"[[18,3,"Puppet","AST","Program",2,[18,3,0,1,"Locator",3,"@@file { 'a': ensure => present, * => $h } File <<| tag == 'x' |>> { mode => '0644' }","x.pp",[16,1,0]],[18,3,0,1,"BlockExpression",4,[1,1],0,85,[16,2,[18,3,0,1,"ResourceExpression",6,[1,1],0,40,[18,3,0,1,"QualifiedName",4,[1,1],2,4,"file"],"exported",[16,1,[18,3,0,1,"ResourceBody",5,[1,1],0,0,[18,3,0,1,"LiteralString",4,[1,1],9,3,"a"],[16,2,[18,3,0,1,"AttributeOperation",6,[1,1],14,17,"ensure","=>",[0,13]],[1,1]]]]],24]]],7,"present",[18,3,0,1,"AttributesOperation",4,[1,1],33,7,[18,3,0,1,"VariableExpression",4,[1,1],38,2,[0,13]]],[1,1],39,1,"h",[18,3,0,1,"CollectExpression",6,[1,1],43,42,[18,3,0,1,"QualifiedReference",4,[1,1],43,4,"File"],[18,3,0,1,"ExportedQuery",4,[1,1],48,18,[18,3,0,1,"ComparisonExpression",6,[1,1],56,2,[0,13],[1,1],52]],3],"tag",[0,19],[1,1],59,3,"x","==",[16,1,[0,22]],[1,1],69,14,"mode",[0,24],[0,19],[1,1],77,6,"0644"]"##,
    ),
];

#[test]
fn program_streams_equal_rubys() {
    for (source, expected) in RUBY_STREAMS {
        let result = parse(source.as_bytes(), &ParseOptions::new().file("x.pp"));
        let model = result.model.expect("the snippets parse");
        assert_eq!(
            xpp::program_to_pcore_json(&model).unwrap(),
            *expected,
            "{source}"
        );
    }
}

/// A template that is only text: its one string is the whole source, written once by the
/// Locator and referred to by the `RenderStringExpression` (`[0,6]`), as Ruby writes it; the
/// writer keeps a source this long out of its string map (recorded with
/// `scripts/oracle/pcore_reference.rb x.epp`).
#[test]
fn a_string_equal_to_a_long_source_refers_to_it() {
    let source =
        "This template is only text, long enough to be kept out of the writer map: no tags.\n";
    let result = parse(
        source.as_bytes(),
        &ParseOptions::new().file("x.epp").epp(true),
    );
    assert_eq!(
        xpp::program_to_pcore_json(result.model.as_ref().unwrap()).unwrap(),
        r##"[[18,3,"Puppet","AST","Program",2,[18,3,0,1,"Locator",3,"This template is only text, long enough to be kept out of the writer map: no tags.\n","x.epp",[16,2,0,83]],[18,3,0,1,"LambdaExpression",5,[1,1],0,0,[16,0],[18,3,0,1,"EppExpression",5,[1,1],0,0,false,[18,3,0,1,"BlockExpression",4,[1,1],0,0,[16,1,[18,3,0,1,"RenderStringExpression",4,[1,1],0,83,[0,6]]]]]]]]"##
    );
}

#[test]
fn integers_outside_64_bits_cannot_be_written_as_in_ruby() {
    let result = parse(b"$x = 99999999999999999999", &ParseOptions::new());
    let error = xpp::program_to_pcore_json(result.model.as_ref().unwrap()).unwrap_err();
    assert_eq!(error, XppWriteError::IntegerOutOfBounds { offset: 5 });
}

fn json_payload(source: &str, options: &ParseOptions) -> String {
    let result = parse_and_validate(source.as_bytes(), options);
    String::from_utf8(xpp::payload(&result, XppFormat::Json).unwrap()).unwrap()
}

#[test]
fn payload_is_program_locator_and_diagnostics() {
    // Puppet 7.23's rules: a duplicate key is a warning.
    let options = ParseOptions::new()
        .file("d.pp")
        .release(PuppetRelease::PUPPET_7_23);
    let payload = json_payload("$a = {x => 1, x => 2}\n", &options);
    let program = xpp::program_to_pcore_json(
        parse(
            b"$a = {x => 1, x => 2}\n",
            &ParseOptions::new().file("d.pp"),
        )
        .model
        .as_ref()
        .unwrap(),
    )
    .unwrap();
    // The Program's stream is the payload's start; then the Locator (a back-reference) and
    // the diagnostics array of maps, sharing the string tabulation.
    let program_values = &program[1..program.len() - 1];
    assert!(payload.starts_with(&format!("[{program_values},[1,1],[16,1,[17,6,")));
    assert!(payload.ends_with(
        r#""issue_code","DUPLICATE_KEY","severity","warning","offset",16,"length",2,"message","The key 'x' is declared more than once","arguments",[17,1,"key",[0,19]]]]]"#
    ), "{payload}");
}

#[test]
fn without_a_model_the_locator_is_written_in_full() {
    let payload = json_payload("$a = \n", &ParseOptions::new());
    assert!(
        payload.starts_with(r#"[null,[18,3,"Puppet","AST","Locator",3,"$a = \n","",[16,2,0,6]],[16,1,[17,6,"issue_code","SYNTAX_ERROR","severity","error","#),
        "{payload}"
    );
}

#[test]
fn envelope_line_then_blank_line_then_payload() {
    let source = b"notice(1)\n";
    let options = ParseOptions::new().file("n.pp");
    let result = parse_and_validate(source, &options);
    for format in [XppFormat::Json, XppFormat::Msgpack] {
        let bytes = xpp::write_xpp(
            &result,
            &XppWriteOptions {
                format,
                source: Some(source),
                parse_options: &options,
                source_stat: None,
            },
        )
        .unwrap();
        let payload = xpp::payload(&result, format).unwrap();
        let split = bytes.windows(2).position(|w| w == b"\n\n").unwrap();
        let line = std::str::from_utf8(&bytes[..split]).unwrap();
        assert_eq!(&bytes[split + 2..], &payload[..]);
        assert_eq!(
            line,
            format!(
                "application/vnd.puppet.pcore+{}; document-type=xpp; version=1; producer=puppet-syntax/{}; \
                 puppet-version={}; epp=false; tasks=false; strict=error; source-sha256={}; errors=0; payload-xxh3={}",
                format.as_str(),
                puppet_syntax::VERSION,
                PuppetRelease::NEWEST,
                xpp::sha256_hex(source),
                xpp::xxh3_hex(&payload)
            )
        );
    }
}

/// With the source's size and modification time, the envelope records them after its digest,
/// and the header gives them back.
#[test]
fn the_source_stat_is_recorded() {
    let source = b"notice(1)\n";
    let options = ParseOptions::new().file("n.pp");
    let result = parse_and_validate(source, &options);
    let stat = xpp::SourceStat {
        size: 10,
        mtime_ns: 1_700_000_000_123_456_789,
    };
    let bytes = xpp::write_xpp(
        &result,
        &XppWriteOptions {
            format: XppFormat::Msgpack,
            source: Some(source),
            parse_options: &options,
            source_stat: Some(stat),
        },
    )
    .unwrap();
    let header = xpp::read_header(&bytes).unwrap();
    let line = header.to_line();
    assert!(
        line.contains(&format!(
            "; source-sha256={}; source-size=10; source-mtime-ns=1700000000123456789; errors=0; payload-xxh3=",
            xpp::sha256_hex(source)
        )),
        "{line}"
    );
    assert_eq!(header.source_stat(), Some(stat));
    assert!(xpp::read_xpp(&bytes, Some(source)).is_ok());
}
