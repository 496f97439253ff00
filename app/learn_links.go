package app

import (
	"bytes"
	"encoding/json"
	"net/url"
	"strconv"
	"strings"

	"partitionlab/app/scenarioform"
	"partitionlab/app/share"
	"partitionlab/app/sweepclient"
	"partitionlab/sim/lessons"
	"partitionlab/sim/scenario"
	"partitionlab/sim/sweep"
)

// Parameters of a Learn page address: /learn?lesson=hot-customer&step=2.
// The step counts from 1, as the page shows it.
const (
	lessonParam = "lesson"
	stepParam   = "step"
)

// learnHref is the address of a lesson's step (si counts from 0), or of
// the list of lessons when id is "".
func learnHref(id string, si int) string {
	if id == "" {
		return href("/learn")
	}
	v := url.Values{}
	v.Set(lessonParam, id)
	v.Set(stepParam, strconv.Itoa(si+1))
	return href("/learn?" + v.Encode())
}

// tryHref is the Simulate page with the step's scenario, the learner's
// changes applied, in the link format the Simulate page reads (see
// package share). A scenario the engine refuses (a step that shows what
// Kafka refuses) travels as the document as written, so the editor opens
// with the refusal next to the field.
func tryHref(s lessons.Step, sets []string) (string, error) {
	if sc, err := s.Scenario(sets...); err == nil {
		return href("/") + "#" + share.Fragment(sc, ""), nil
	}
	doc, err := refusedDocument(s, sets)
	if err != nil {
		return "", err
	}
	v := url.Values{}
	v.Set(share.ScenarioParam, share.Encode(doc))
	return href("/") + "#" + v.Encode(), nil
}

// curveHref is the Sweep page with the step's scenario (the learner's
// values applied) over the whole range of the step's first control that
// is a common sweep setting: the trade-off the step shows one point of.
// It is "" for a step with no such control.
func curveHref(s lessons.Step, sets []string) string {
	sc, err := s.Scenario(sets...)
	if err != nil {
		return ""
	}
	for _, ctl := range s.Controls {
		for _, st := range sweep.CommonSettings() {
			if st.Path == ctl.Path {
				f := sweepclient.Form{Vary: []sweepclient.Vary{{Path: st.Path, Spec: st.Spec}}, Seeds: 1}
				return href("/sweep") + "#" + sweepclient.Fragment(sc, f)
			}
		}
	}
	return ""
}

// refusedDocument is the step's scenario document with its sets and the
// learner's written into it without asking the engine, which would refuse
// them. The sets use the command line's "timeline.0.partitions" form; the
// editor's document names list items "timeline[0].partitions".
func refusedDocument(s lessons.Step, sets []string) ([]byte, error) {
	r := s.ScenarioRef
	base := []byte(r.Document)
	if r.Preset != "" {
		var err error
		if base, err = scenario.PresetJSON(r.Preset); err != nil {
			return nil, err
		}
	}
	d, err := scenarioform.ParseDoc(base)
	if err != nil {
		return nil, err
	}
	for _, set := range append(append([]string(nil), r.Sets...), sets...) {
		path, value, _ := strings.Cut(set, "=")
		d.Set(editorPath(path), setValue(value))
	}
	return d.JSON(), nil
}

// editorPath turns "timeline.0.partitions" into "timeline[0].partitions".
func editorPath(path string) string {
	parts := strings.Split(path, ".")
	var b strings.Builder
	for i, p := range parts {
		if _, err := strconv.Atoi(p); err == nil && i > 0 {
			b.WriteString("[" + p + "]")
			continue
		}
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(p)
	}
	return b.String()
}

// setValue reads a --set value as the engine does: JSON when it parses
// (numbers kept as written), text otherwise, and null as the text "null",
// which is also a key strategy's name.
func setValue(v string) any {
	dec := json.NewDecoder(bytes.NewReader([]byte(v)))
	dec.UseNumber()
	var x any
	if err := dec.Decode(&x); err != nil || x == nil || dec.More() {
		return v
	}
	return x
}
