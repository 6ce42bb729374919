"""The oracle of the Python differential: python3's own tokenize.

Reads a JSON list of source texts on stdin; writes, per text, the tag ids
tokenize finds in COMMENT tokens and in every other token, or null when
tokenize refuses the text.
"""
import io
import json
import re
import sys
import tokenize

TAG = re.compile(r"@implements doc#([A-Za-z0-9]+)")

out = []
for text in json.load(sys.stdin):
    try:
        comments, others = [], []
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.ERRORTOKEN:
                raise tokenize.TokenError("refused", tok.start)
            found = TAG.findall(tok.string)
            (comments if tok.type == tokenize.COMMENT else others).extend(found)
        out.append({"comments": comments, "others": others})
    except (tokenize.TokenError, SyntaxError, IndentationError):
        out.append(None)
json.dump(out, sys.stdout)
