# Reads the files named on the command line with Python's own tokenize and
# ast modules and prints, per file, its tokens as JSON: a string token with
# the text it holds (an f-string: its literal parts, and the source of its
# replacement fields), a comment with its text. Works on 3.11 (an f-string is
# one STRING token) and 3.12+ (FSTRING_START … FSTRING_END).
import ast, io, json, sys, tokenize

def string_token(src):
    tree = ast.parse(src.strip(), mode="eval").body
    parts = tree.values if isinstance(tree, ast.JoinedStr) else [tree]
    literal, fields = "", []
    for part in parts:
        if isinstance(part, ast.Constant):
            literal += part.value if isinstance(part.value, str) else part.value.decode("latin-1")
        else:
            fields.append(ast.unparse(part))
    return {"kind": "string", "text": src, "value": literal, "fields": fields}

def read(path):
    text = open(path, encoding="utf-8", newline="").read()
    lines = text.splitlines(keepends=True)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))
    at = lambda pos: offsets[pos[0] - 1] + pos[1]
    out, depth, start = [], 0, None
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        name = tokenize.tok_name[tok.type]
        if name == "FSTRING_START":
            if depth == 0:
                start = at(tok.start)
            depth += 1
        elif name == "FSTRING_END":
            depth -= 1
            if depth == 0:
                out.append(string_token(text[start:at(tok.end)]))
        elif depth > 0:
            continue
        elif name == "STRING":
            out.append(string_token(tok.string))
        elif name == "COMMENT":
            out.append({"kind": "comment", "text": tok.string})
        elif name not in ("NL", "NEWLINE", "INDENT", "DEDENT", "ENDMARKER"):
            out.append({"kind": name.lower(), "text": tok.string})
    compile(text, path, "exec")
    return out

result = {}
for path in sys.argv[1:]:
    try:
        result[path] = {"ok": True, "tokens": read(path)}
    except (SyntaxError, tokenize.TokenError, ValueError) as error:
        result[path] = {"ok": False, "error": f"{type(error).__name__}: {error}"}
print(json.dumps(result))
