package assignor

import (
	"reflect"
	"testing"
)

func TestDiff(t *testing.T) {
	prev := want("a=t:0,t:1,t:2", "b=t:3")
	next := want("a=t:0,t:1", "b=t:3", "c=t:2,t:4")
	got := Diff(prev, next)
	expected := []Move{
		{TopicPartition: TopicPartition{"t", 2}, From: "a", To: "c"},
		{TopicPartition: TopicPartition{"t", 4}, From: "", To: "c"},
	}
	if !reflect.DeepEqual(got, expected) {
		t.Errorf("got %+v", got)
	}
	if moves := Diff(next, want("a=t:0,t:1")); len(moves) != 3 || moves[0].To != "" {
		t.Errorf("partitions left without owner: %+v", moves)
	}
	if moves := Diff(prev, prev); len(moves) != 0 {
		t.Errorf("same assignment: %+v", moves)
	}
}

func TestPlanCooperative(t *testing.T) {
	// c3 joins; cooperative-sticky gave it nothing yet and took t:2 from c1
	// and t:5 from c2 for the follow-up rebalance; c2 also starts t:6, a
	// new partition nobody owned.
	owned := want("c1=t:0,t:1,t:2", "c2=t:3,t:4,t:5", "c3=")
	assigned := want("c1=t:0,t:1", "c2=t:3,t:4,t:6", "c3=")
	step := PlanCooperative(owned, assigned)
	checkAssignment(t, "revoked", step.Revoked, want("c1=t:2", "c2=t:5"))
	checkAssignment(t, "added", step.Added, want("c2=t:6"))
	if !reflect.DeepEqual(step.Pending, []TopicPartition{{"t", 2}, {"t", 5}}) || !step.Rejoin() {
		t.Errorf("pending %v, rejoin %v", step.Pending, step.Rejoin())
	}
	if PlanCooperative(assigned, assigned).Rejoin() {
		t.Error("nothing revoked, yet a follow-up rebalance")
	}
}
