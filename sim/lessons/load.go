package lessons

import (
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"partitionlab/sim/scenario"
)

// All loads the built-in lessons in order, validating every file. Loading
// parses every control value's scenario, so a UI should call it once and
// keep the result.
func All() ([]Lesson, error) {
	sub, err := fs.Sub(data, "data")
	if err != nil {
		return nil, err
	}
	return Load(sub)
}

// Count is how many built-in lessons there are, read from their file
// names without loading them: a page that only says how many there are
// should not parse every scenario of every lesson (about 0.2 s of a cold
// start in a browser). A test checks it against All.
func Count() int {
	names, err := fs.Glob(data, "data/*.json")
	if err != nil {
		return 0
	}
	return len(names)
}

// ByID is the built-in lesson with this id.
func ByID(id string) (Lesson, error) {
	all, err := All()
	if err != nil {
		return Lesson{}, err
	}
	for _, l := range all {
		if l.ID == id {
			return l, nil
		}
	}
	ids := make([]string, len(all))
	for i, l := range all {
		ids[i] = l.ID
	}
	return Lesson{}, fmt.Errorf("no lesson %q (want one of %s)", id, strings.Join(ids, ", "))
}

// Load reads every *.json file at the top of fsys as a lesson. Lessons
// must be numbered from 1 without gaps, with unique ids, each in a file
// named NN-id.json. Every problem in every file is reported.
func Load(fsys fs.FS) ([]Lesson, error) {
	names, err := fs.Glob(fsys, "*.json")
	if err != nil {
		return nil, err
	}
	slices.Sort(names)
	var errs FieldErrors
	var all []Lesson
	for _, name := range names {
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		l, err := Parse(name, b)
		if err != nil {
			errs = append(errs, asFieldErrors(name, err)...)
			continue
		}
		if want := fmt.Sprintf("%02d-%s.json", l.Number, l.ID); name != want {
			errs = append(errs, FieldError{File: name, Field: "id", Message: fmt.Sprintf("lesson %d with id %q belongs in %s", l.Number, l.ID, want)})
		}
		all = append(all, l)
	}
	if len(names) == 0 {
		errs = append(errs, FieldError{Message: "no lesson files (*.json)"})
	}
	slices.SortStableFunc(all, func(a, b Lesson) int { return a.Number - b.Number })
	seen := map[string]string{}
	gap := len(errs) > 0 // a file that did not load would look like a gap
	for i, l := range all {
		if other, dup := seen[l.ID]; dup {
			errs = append(errs, FieldError{File: l.File, Field: "id", Message: fmt.Sprintf("%q is also the id of %s", l.ID, other)})
		}
		seen[l.ID] = l.File
		if l.Number != i+1 && !gap {
			gap = true // one report: every later number would be off too
			errs = append(errs, FieldError{File: l.File, Field: "number", Message: fmt.Sprintf("is %d, but lessons are numbered from 1 without gaps or repeats: want %d", l.Number, i+1)})
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return all, nil
}

// Parse reads and validates one lesson file. file names it in errors.
func Parse(file string, b []byte) (Lesson, error) {
	var c fieldErrors
	var l Lesson
	if err := scenario.DecodeStrict(b, &l); err != nil {
		c.addErr("", err)
	} else {
		l.File = file
		validate(&c, l)
		if len(c.list) == 0 {
			return l, nil
		}
	}
	for i := range c.list {
		c.list[i].File = file
	}
	return Lesson{}, c.list
}

func asFieldErrors(file string, err error) FieldErrors {
	if fe, ok := err.(FieldErrors); ok {
		return fe
	}
	return FieldErrors{{File: file, Message: err.Error()}}
}
