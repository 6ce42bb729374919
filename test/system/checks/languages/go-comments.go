// The oracle of the Go differential: Go's own go/scanner.
//
// Reads a JSON list of source texts on stdin; writes, per text, the tag ids
// the scanner finds in COMMENT tokens and in every other token, or null when
// the scanner reports an error.
package main

import (
	"encoding/json"
	"go/scanner"
	"go/token"
	"os"
	"regexp"
)

var tag = regexp.MustCompile(`@implements doc#([A-Za-z0-9]+)`)

type result struct {
	Comments []string `json:"comments"`
	Others   []string `json:"others"`
}

func main() {
	var texts []string
	if err := json.NewDecoder(os.Stdin).Decode(&texts); err != nil {
		panic(err)
	}
	out := make([]*result, len(texts))
	for i, text := range texts {
		src := []byte(text)
		fset := token.NewFileSet()
		file := fset.AddFile("a.go", fset.Base(), len(src))
		var s scanner.Scanner
		failed := false
		s.Init(file, src, func(token.Position, string) { failed = true }, scanner.ScanComments)
		r := &result{Comments: []string{}, Others: []string{}}
		for {
			_, tok, lit := s.Scan()
			if tok == token.EOF {
				break
			}
			for _, m := range tag.FindAllStringSubmatch(lit, -1) {
				if tok == token.COMMENT {
					r.Comments = append(r.Comments, m[1])
				} else {
					r.Others = append(r.Others, m[1])
				}
			}
		}
		if !failed {
			out[i] = r
		}
	}
	if err := json.NewEncoder(os.Stdout).Encode(out); err != nil {
		panic(err)
	}
}
