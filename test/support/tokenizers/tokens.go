// Reads the files named on the command line with Go's own scanner
// (go/scanner, comments kept) and prints, per file, its tokens as JSON: a
// string with the text it holds (strconv.Unquote), a comment with its text.
package main

import (
	"encoding/json"
	"fmt"
	"go/scanner"
	"go/token"
	"os"
	"strconv"
)

type tok struct {
	Kind  string `json:"kind"`
	Text  string `json:"text"`
	Value string `json:"value,omitempty"`
}

type file struct {
	Ok     bool   `json:"ok"`
	Error  string `json:"error,omitempty"`
	Tokens []tok  `json:"tokens"`
}

func main() {
	result := map[string]file{}
	for _, path := range os.Args[1:] {
		src, err := os.ReadFile(path)
		if err != nil {
			panic(err)
		}
		fset := token.NewFileSet()
		f := fset.AddFile(path, fset.Base(), len(src))
		var s scanner.Scanner
		out := file{Ok: true, Tokens: []tok{}}
		s.Init(f, src, func(pos token.Position, msg string) {
			out.Ok = false
			out.Error = fmt.Sprintf("%s: %s", pos, msg)
		}, scanner.ScanComments)
		for {
			_, t, lit := s.Scan()
			if t == token.EOF {
				break
			}
			kind := t.String()
			switch t {
			case token.STRING:
				value, err := strconv.Unquote(lit)
				if err != nil {
					out.Ok = false
					out.Error = err.Error()
				}
				out.Tokens = append(out.Tokens, tok{"string", lit, value})
			case token.COMMENT:
				out.Tokens = append(out.Tokens, tok{"comment", lit, ""})
			case token.CHAR:
				out.Tokens = append(out.Tokens, tok{"char", lit, ""})
			default:
				if t == token.SEMICOLON && lit == "\n" {
					continue
				}
				out.Tokens = append(out.Tokens, tok{kind, lit, ""})
			}
		}
		result[path] = out
	}
	json.NewEncoder(os.Stdout).Encode(result)
}
