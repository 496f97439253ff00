// Package tex holds the boxes a formula is typeset into.
package tex

// Node is a typeset box.
type Node interface {
	Width() float64
	Height() float64
	Depth() float64
}

// Tree is a box made of boxes.
type Tree interface {
	Node
}

// Ship places a tree's boxes on the page.
type Ship struct{}

// Call places t at (h, v); with nothing typeset there is nothing to place.
func (*Ship) Call(h, v float64, t Tree) {}
