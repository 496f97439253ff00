package app

import (
	"net/url"
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/i18n"
	"partitionlab/sim/lessons"
)

// learnPage is the Learn section: the list of guided lessons at /learn,
// and one step of a lesson at /learn?lesson=ID&step=N. The lessons are
// data (package sim/lessons); the page runs a step's scenario in slices,
// holds the lesson's promises against the result and shows both, with the
// one or two controls the step invites the learner to change.
//
// Next, Back and the step links are plain links: go-app turns them into
// navigation without a reload, and a change of query string reaches OnNav
// without remounting, so the lesson's state (the learner's values, the
// runs done) survives moving between its steps.
type learnPage struct {
	app.Compo

	// catalog is the page's language: the lessons' words and the page's
	// come from it. Choosing another language reloads the page.
	catalog *i18n.Catalog
	all     []lessons.Lesson
	loadErr string
	// notice says what was wrong with the address (no such lesson or step).
	notice string

	// lessonIndex and stepIndex are the lesson and step shown, counted from
	// 0; lessonIndex is -1
	// on the list of lessons.
	lessonIndex, stepIndex int
	state                  *lessonState

	loop runLoop
	// gen is the current chain of runs; a chain started for another step
	// or other values stops at its next link.
	gen int
	// views counts drawn results, so each has a new version.
	views int
	// shown is the run on screen; it may be of earlier values while the
	// learner's new ones run.
	shown *stepRun
	// want is the run the step needs with the learner's current values.
	want string
	// try is the "Try it yourself" address of the step with those values.
	try    string
	tryErr string
	// embed is the Embed dialog of the step with those values.
	embed *embedDialog
	// curve is the Sweep page over the step's setting, "" when the step
	// has no setting to sweep.
	curve string
	// wait holds back a run while the learner is typing a number.
	wait debouncer
	navs int
}

func newLearnPage() *learnPage {
	p := &learnPage{lessonIndex: -1, catalog: tr()}
	// A lesson whose translation does not fit shows in English (tests
	// keep every translation fitting); only English failing is an error.
	all, err := lessons.In(string(p.catalog.Lang()))
	if len(all) == 0 && err != nil {
		p.loadErr = fieldErrorsText(tr(), err)
	}
	p.all = all
	return p
}

// OnPreRender fills the pre-rendered page (and the static site's) with the
// step the address names, so its text is there before app.wasm starts.
func (p *learnPage) OnPreRender(ctx app.Context) {
	p.open(ctx.Page().URL())
	ctx.Page().SetTitle(p.title())
}

// OnNav opens what the address names: on the first load, and on every
// Next, Back and step link, which change only the query.
func (p *learnPage) OnNav(ctx app.Context) {
	p.navs++
	changed := p.open(ctx.Page().URL())
	ctx.Page().SetTitle(p.title())
	if p.lessonIndex < 0 {
		p.loop.cancel()
		p.wait.cancel()
		p.gen++
		return
	}
	if !changed && p.want != "" {
		return // a fragment link on the same step
	}
	p.showStep(ctx)
	if p.navs > 1 {
		// Keyboard and screen-reader users continue at the new step's
		// heading, not at the link they followed.
		ctx.Defer(func(ctx app.Context) {
			if el := app.Window().GetElementByID("learn-step-title"); el.Truthy() {
				el.Call("focus")
			}
		})
	}
}

// open reads the lesson and step from the address and reports whether the
// step shown changed. An unknown lesson shows the list with a notice; a
// step out of range opens the lesson's first or last step.
func (p *learnPage) open(u *url.URL) (changed bool) {
	q := u.Query()
	id := q.Get(lessonParam)
	li, si := -1, 0
	p.notice = ""
	for i, l := range p.all {
		if l.ID == id {
			li = i
		}
	}
	switch {
	case id == "":
	case li < 0:
		p.notice = p.catalog.T("learn.notice.noLesson", i18n.S("id", id))
	default:
		n, err := strconv.Atoi(q.Get(stepParam))
		steps := len(p.all[li].Steps)
		if err != nil || n < 1 || n > steps {
			if q.Get(stepParam) != "" {
				p.notice = p.catalog.T("learn.notice.noStep", i18n.N("lesson", p.all[li].Number), i18n.N("steps", steps),
					i18n.N("step", min(max(n, 1), steps)))
			}
			n = min(max(n, 1), steps)
		}
		si = n - 1
	}
	changed = li != p.lessonIndex || si != p.stepIndex
	if li != p.lessonIndex {
		p.state = nil
		if li >= 0 {
			p.state = newLessonState(p.all[li])
		}
	}
	p.lessonIndex, p.stepIndex = li, si
	return changed
}

// title is the browser tab's title: it says which step is open.
func (p *learnPage) title() string {
	if p.lessonIndex < 0 {
		return p.catalog.T("learn.tab.list")
	}
	l := p.lesson()
	return p.catalog.T("learn.tab.step", i18n.N("lesson", l.Number), i18n.N("step", p.stepIndex+1), i18n.S("title", l.Steps[p.stepIndex].Title))
}

// lesson is the lesson shown.
func (p *learnPage) lesson() lessons.Lesson { return p.all[p.lessonIndex] }

// step is the step shown.
func (p *learnPage) step() lessons.Step { return p.all[p.lessonIndex].Steps[p.stepIndex] }

func (p *learnPage) Render() app.UI {
	if p.lessonIndex < 0 {
		return layout("learn", p.renderList())
	}
	return layout("learn", p.renderStep())
}

// learnLink is a destination of Back or Next.
type learnLink struct {
	href string
	// label names the destination: "Step 3: Twelve threads".
	label string
}

// back is where Back goes: the step before, the last step of the lesson
// before, or the list before the first lesson.
func (p *learnPage) back() learnLink {
	switch {
	case p.stepIndex > 0:
		s := p.lesson().Steps[p.stepIndex-1]
		return learnLink{learnHref(p.lesson().ID, p.stepIndex-1), p.toStep(p.stepIndex, s)}
	case p.lessonIndex > 0:
		l := p.all[p.lessonIndex-1]
		return learnLink{learnHref(l.ID, len(l.Steps)-1), p.toLesson(l)}
	}
	return learnLink{learnHref("", 0), p.catalog.T("learn.allLessons")}
}

// next is where Next goes: the step after, the next lesson's first step,
// or the list after the last lesson.
func (p *learnPage) next() learnLink {
	l := p.lesson()
	switch {
	case p.stepIndex < len(l.Steps)-1:
		return learnLink{learnHref(l.ID, p.stepIndex+1), p.toStep(p.stepIndex+2, l.Steps[p.stepIndex+1])}
	case p.lessonIndex < len(p.all)-1:
		n := p.all[p.lessonIndex+1]
		return learnLink{learnHref(n.ID, 0), p.toLesson(n)}
	}
	return learnLink{learnHref("", 0), p.catalog.T("learn.allLessons")}
}

// toStep names step number n of the lesson as a destination.
func (p *learnPage) toStep(n int, s lessons.Step) string {
	return p.catalog.T("learn.toStep", i18n.N("step", n), i18n.S("title", s.Title))
}

// toLesson names a lesson as a destination.
func (p *learnPage) toLesson(l lessons.Lesson) string {
	return p.catalog.T("learn.toLesson", i18n.N("lesson", l.Number), i18n.S("title", l.Title))
}
