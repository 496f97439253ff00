package assignor

import (
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// m builds a dynamic member subscribed to topics.
func m(id string, topics ...string) Member {
	return Member{MemberID: id, Topics: topics, Generation: -1}
}

// static makes a member static with the given group.instance.id.
func static(mb Member, instance string) Member {
	mb.InstanceID = instance
	return mb
}

// owning gives a member its owned partitions ("t1:0,t2:1") at a generation.
func owning(mb Member, generation int32, owned string) Member {
	mb.Owned = parseTPs(owned)
	mb.Generation = generation
	return mb
}

// want builds an expected Assignment from "member=t:p,t:p" pairs; each list
// is sorted as Assign sorts it.
func want(pairs ...string) Assignment {
	a := Assignment{}
	for _, p := range pairs {
		id, tps, _ := strings.Cut(p, "=")
		if tps == "" {
			tps = "-"
		}
		a[id] = parseTPs(tps)
	}
	return a
}

func mustAssign(t *testing.T, a Assignor, topics map[string]int32, members []Member) Assignment {
	t.Helper()
	got, err := a.Assign(topics, members)
	if err != nil {
		t.Fatalf("%s: %v", a.Name(), err)
	}
	return got
}

func checkAssignment(t *testing.T, name string, got, expected Assignment) {
	t.Helper()
	if !reflect.DeepEqual(got, expected) {
		t.Errorf("%s:\n got  %s\n want %s", name, show(got), show(expected))
	}
}

// show prints an assignment in member order for failure messages.
func show(a Assignment) string {
	var b strings.Builder
	for _, id := range sortedKeys(a) {
		fmt.Fprintf(&b, "%s=[%s] ", id, formatTPs(a[id]))
	}
	return b.String()
}

func sortedKeys(a Assignment) []string { return slices.Sorted(maps.Keys(a)) }
