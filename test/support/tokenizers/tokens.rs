// A proc macro that reads the files named in its input with rustc's own
// lexer (`TokenStream::from_str`) and writes, per file, its tokens as JSON
// to the file named first: each literal as written (strings and doc
// comments, which the lexer turns into `#[doc = "…"]`), identifiers and
// punctuation; ordinary comments are dropped by the lexer.
extern crate proc_macro;
use proc_macro::{TokenStream, TokenTree};
use std::str::FromStr;

fn quote(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 || c == '\u{2028}' || c == '\u{2029}' => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn walk(stream: TokenStream, out: &mut Vec<String>) {
    for tree in stream {
        match tree {
            TokenTree::Group(g) => walk(g.stream(), out),
            TokenTree::Literal(l) => {
                let text = l.to_string();
                let kind = if text.contains('"') { "string" } else if text.starts_with('\'') || text.starts_with("b'") { "char" } else { "number" };
                out.push(format!("{{\"kind\":\"{}\",\"text\":{}}}", kind, quote(&text)));
            }
            TokenTree::Ident(i) => out.push(format!("{{\"kind\":\"ident\",\"text\":{}}}", quote(&i.to_string()))),
            TokenTree::Punct(p) => out.push(format!("{{\"kind\":\"punct\",\"text\":{}}}", quote(&p.to_string()))),
        }
    }
}

#[proc_macro]
pub fn tokens(input: TokenStream) -> TokenStream {
    let names: Vec<String> = input
        .into_iter()
        .filter_map(|t| match t {
            TokenTree::Literal(l) => Some(l.to_string().trim_matches('"').to_string()),
            _ => None,
        })
        .collect();
    let mut files = Vec::new();
    for path in &names[1..] {
        let src = std::fs::read_to_string(path).unwrap();
        let entry = match std::panic::catch_unwind(|| TokenStream::from_str(&src)) {
            Ok(Ok(stream)) => {
                let mut toks = Vec::new();
                walk(stream, &mut toks);
                format!("{{\"ok\":true,\"tokens\":[{}]}}", toks.join(","))
            }
            Ok(Err(e)) => format!("{{\"ok\":false,\"error\":{},\"tokens\":[]}}", quote(&format!("{:?}", e))),
            Err(_) => format!("{{\"ok\":false,\"error\":\"the lexer panicked\",\"tokens\":[]}}"),
        };
        files.push(format!("{}:{}", quote(path), entry));
    }
    std::fs::write(&names[0], format!("{{{}}}", files.join(","))).unwrap();
    TokenStream::new()
}
