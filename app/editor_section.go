package app

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/scenarioform"
)

// sectionView is one section of an editor (Topic, Producers…). Sections are
// components of their own so that an edit draws again only the section it
// changes: Signature sums up what the section shows, and go-app skips a section
// whose props are unchanged.
type sectionView struct {
	app.Compo

	Editor    *editor
	Section   string
	Signature string

	// drawn is set once the section has been open: a closed section draws
	// only its heading until then, which spares the first mount of an
	// editor the fields of Consumer group, the one section closed by
	// default and the largest.
	drawn bool
}

func newSectionView(e *editor, s scenarioform.Section) *sectionView {
	return &sectionView{Editor: e, Section: s.ID, Signature: sectionSignature(e, s)}
}

// sectionSignature is everything a section shows that can change: each
// visible field's path and value, and the messages placed in it.
func sectionSignature(e *editor, s scenarioform.Section) string {
	var b strings.Builder
	b.WriteString(strconv.Itoa(s.Items(e.doc)))
	if s.Array != "" {
		b.WriteString(strings.Join(e.errs.For(s.Array), "\x00"))
	}
	for i := range s.Items(e.doc) {
		if s.Array != "" {
			b.WriteString(strings.Join(e.errs.For(scenarioform.Item(s.Array, i)), "\x00"))
		}
		vals := s.ItemValues(e.doc, i)
		for _, f := range s.Fields {
			if !f.Visible(vals) {
				continue
			}
			p := s.Path(f, i)
			b.WriteString("\x01" + p + "\x02" + scenarioform.Display(e.doc, p))
			for _, m := range e.errs.For(p) {
				b.WriteString("\x03" + m)
			}
		}
	}
	return b.String()
}

func (c *sectionView) Render() app.UI {
	for _, s := range scenarioform.Sections() {
		if s.ID == c.Section {
			return c.renderSection(s)
		}
	}
	return app.Text("")
}

// onToggle draws a section's fields the first time it opens. They stay
// drawn when it closes again, so nothing typed into them is lost.
func (c *sectionView) onToggle(ctx app.Context, _ app.Event) {
	if !c.drawn && ctx.JSSrc().Get("open").Bool() {
		c.drawn = true
	}
}

// changed tells the page that owns the editor. The section draws itself
// after its own handler; its new signature spares it a second drawing when
// the page draws the editor again.
func (c *sectionView) changed(ctx app.Context) {
	for _, s := range scenarioform.Sections() {
		if s.ID == c.Section {
			c.Signature = sectionSignature(c.Editor, s)
		}
	}
	ctx.NewActionWithValue(actionEdited, c.Editor.prefix)
}
