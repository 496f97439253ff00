package lessons

import (
	"fmt"
	"strconv"
	"strings"
)

// Expressions are how a check names the numbers it compares. The grammar is
// small on purpose, so a teacher can read every check:
//
//	expr    = term {("+" | "-") term}
//	term    = unary {("*" | "/") unary}
//	unary   = "-" unary | number | "(" expr ")" | func "(" expr ")" | path
//	path    = name {"." segment | "[" expr "]"}
//	segment = name | integer | "*"
//	func    = len | sum | min | max | abs | ceil | floor
//
// A path walks the step's output as JSON: names pick object fields, integers
// pick list items (negative ones count from the end: lag.-1 is the last),
// "*" takes every item, and [expr] picks the item or field an expression
// names (partitions[load.hottest_partition]). The first name may be stepN,
// the output of an earlier step of the same lesson.
type expr interface {
	String() string
}

type numberLit struct{ v float64 }

type negation struct{ x expr }

type binaryOp struct {
	op   byte
	l, r expr
}

type call struct {
	fn  string
	arg expr
}

type pathExpr struct {
	root string
	segs []segment
}

// segment is one step of a path: a name, an index, every item, or an
// expression in brackets.
type segment struct {
	name  string
	index int
	isIdx bool
	wild  bool
	inner expr
}

var functions = []string{"len", "sum", "min", "max", "abs", "ceil", "floor"}

func (n numberLit) String() string { return strconv.FormatFloat(n.v, 'g', -1, 64) }
func (n negation) String() string  { return "-" + n.x.String() }
func (b binaryOp) String() string {
	l, r := b.l.String(), b.r.String()
	if precedence(b.l) < precedence(b) {
		l = "(" + l + ")"
	}
	// a - (b - c) and a / (b * c) need their brackets; a + (b + c) would not,
	// but keeping them is harmless and rare.
	if precedence(b.r) <= precedence(b) {
		r = "(" + r + ")"
	}
	return l + " " + string(b.op) + " " + r
}
func (c call) String() string { return c.fn + "(" + c.arg.String() + ")" }
func (p pathExpr) String() string {
	var b strings.Builder
	b.WriteString(p.root)
	for _, s := range p.segs {
		switch {
		case s.inner != nil:
			b.WriteString("[" + s.inner.String() + "]")
		case s.wild:
			b.WriteString(".*")
		case s.isIdx:
			b.WriteString("." + strconv.Itoa(s.index))
		default:
			b.WriteString("." + s.name)
		}
	}
	return b.String()
}

// precedence is 1 for sums, 2 for products and 3 for everything that
// needs no brackets.
func precedence(e expr) int {
	b, ok := e.(binaryOp)
	switch {
	case !ok:
		return 3
	case b.op == '+' || b.op == '-':
		return 1
	}
	return 2
}

// parseExpr parses a whole expression; errors say where it went wrong.
func parseExpr(src string) (expr, error) {
	p := &parser{src: src}
	e, err := p.expr()
	if err != nil {
		return nil, err
	}
	p.space()
	if p.pos < len(p.src) {
		return nil, p.errorf("unexpected %q", p.src[p.pos:])
	}
	return e, nil
}

type parser struct {
	src string
	pos int
}

func (p *parser) errorf(format string, args ...any) error {
	return fmt.Errorf("%q at column %d: %s", p.src, p.pos+1, fmt.Sprintf(format, args...))
}

func (p *parser) space() {
	for p.pos < len(p.src) && p.src[p.pos] == ' ' {
		p.pos++
	}
}

func (p *parser) peek() byte {
	p.space()
	if p.pos < len(p.src) {
		return p.src[p.pos]
	}
	return 0
}

func (p *parser) expr() (expr, error) {
	return p.chain(p.term, '+', '-')
}

func (p *parser) term() (expr, error) {
	return p.chain(p.unary, '*', '/')
}

// chain parses left-associative operands joined by either operator.
func (p *parser) chain(operand func() (expr, error), op1, op2 byte) (expr, error) {
	l, err := operand()
	if err != nil {
		return nil, err
	}
	for c := p.peek(); c == op1 || c == op2; c = p.peek() {
		p.pos++
		r, err := operand()
		if err != nil {
			return nil, err
		}
		l = binaryOp{c, l, r}
	}
	return l, nil
}

func (p *parser) unary() (expr, error) {
	switch c := p.peek(); {
	case c == '-':
		p.pos++
		x, err := p.unary()
		return negation{x}, err
	case c == '(':
		p.pos++
		e, err := p.expr()
		if err != nil {
			return nil, err
		}
		if p.peek() != ')' {
			return nil, p.errorf("want )")
		}
		p.pos++
		return e, nil
	case isDigit(c):
		return p.number()
	case isNameStart(c):
		name := p.name()
		if p.pos < len(p.src) && p.src[p.pos] == '(' {
			return p.call(name)
		}
		return p.path(name)
	case c == 0:
		return nil, p.errorf("the expression ends too early")
	default:
		return nil, p.errorf("unexpected %q", string(c))
	}
}

func (p *parser) number() (expr, error) {
	start := p.pos
	for p.pos < len(p.src) && (isDigit(p.src[p.pos]) || p.src[p.pos] == '.' || p.src[p.pos] == 'e') {
		p.pos++
	}
	v, err := strconv.ParseFloat(p.src[start:p.pos], 64)
	if err != nil {
		p.pos = start
		return nil, p.errorf("%q is not a number", p.src[start:p.pos])
	}
	return numberLit{v}, nil
}

func (p *parser) call(fn string) (expr, error) {
	known := false
	for _, f := range functions {
		known = known || f == fn
	}
	if !known {
		return nil, p.errorf("unknown function %s (want one of %s)", fn, strings.Join(functions, ", "))
	}
	p.pos++ // (
	arg, err := p.expr()
	if err != nil {
		return nil, err
	}
	if p.peek() != ')' {
		return nil, p.errorf("want ) after the argument of %s", fn)
	}
	p.pos++
	return call{fn, arg}, nil
}

func (p *parser) path(root string) (expr, error) {
	pe := pathExpr{root: root}
	for {
		// No spaces inside a path: "a. b" is a typo worth reporting.
		if p.pos >= len(p.src) {
			return pe, nil
		}
		switch p.src[p.pos] {
		case '.':
			p.pos++
			s, err := p.segment()
			if err != nil {
				return nil, err
			}
			pe.segs = append(pe.segs, s)
		case '[':
			p.pos++
			inner, err := p.expr()
			if err != nil {
				return nil, err
			}
			if p.peek() != ']' {
				return nil, p.errorf("want ]")
			}
			p.pos++
			pe.segs = append(pe.segs, segment{inner: inner})
		default:
			return pe, nil
		}
	}
}

func (p *parser) segment() (segment, error) {
	if p.pos >= len(p.src) {
		return segment{}, p.errorf("the path ends with a dot")
	}
	c := p.src[p.pos]
	switch {
	case c == '*':
		p.pos++
		return segment{wild: true}, nil
	case isDigit(c) || c == '-':
		start := p.pos
		p.pos++
		for p.pos < len(p.src) && isDigit(p.src[p.pos]) {
			p.pos++
		}
		i, err := strconv.Atoi(p.src[start:p.pos])
		if err != nil {
			p.pos = start
			return segment{}, p.errorf("want an index after the dot")
		}
		return segment{index: i, isIdx: true}, nil
	case isNameStart(c):
		return segment{name: p.name()}, nil
	}
	return segment{}, p.errorf("want a name, an index or * after the dot")
}

func (p *parser) name() string {
	start := p.pos
	for p.pos < len(p.src) && (isNameStart(p.src[p.pos]) || isDigit(p.src[p.pos])) {
		p.pos++
	}
	return p.src[start:p.pos]
}

func isDigit(c byte) bool     { return c >= '0' && c <= '9' }
func isNameStart(c byte) bool { return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') }
