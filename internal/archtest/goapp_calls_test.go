package archtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// The pages' go-app has no encryption (internal/browsergoapp leaves its
// crypto.go out): there Context.Encrypt and Decrypt, and states kept with
// the Encrypt option, return an error. So no page of ours asks for them,
// nor for DeviceID, the key they use.
func TestPagesNeverAskGoAppToEncrypt(t *testing.T) {
	root := filepath.Join("..", "..")
	files := []string{filepath.Join(root, "server_wasm.go")}
	err := filepath.WalkDir(filepath.Join(root, "app"), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, "_test.go") {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 100 {
		t.Fatalf("only %d files under app/: not the app's tree", len(files))
	}
	fset := token.NewFileSet()
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				switch sel.Sel.Name {
				case "Encrypt", "Decrypt", "DeviceID":
					t.Errorf("%s: %s: the pages' go-app does not encrypt (internal/browsergoapp)", fset.Position(sel.Pos()), sel.Sel.Name)
				}
			}
			return true
		})
	}
}
