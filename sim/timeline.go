package sim

import (
	"fmt"

	"partitionlab/sim/scenario"
)

func (s *Sim) runAction(i int) {
	a := s.sc.Timeline[i]
	switch a.Action {
	case scenario.ActionSetPartitions:
		if a.DrainFirst {
			s.paused, s.draining = true, true
			s.drainTarget = int32(a.Partitions)
			s.scheduleSender()
			s.mark(a.Action, "producers paused to drain before %d → %d partitions", s.partitions, a.Partitions)
			s.checkDrained()
			return
		}
		s.increasePartitions(int32(a.Partitions))
	case scenario.ActionAddConsumer:
		s.addConsumers(a)
	case scenario.ActionRemoveConsumer:
		i := s.instanceFor(a, true)
		if i < 0 {
			s.mark(a.Action, "no instance running to remove")
			return
		}
		s.mark(a.Action, "instance %d shuts down", i+1)
		s.shutdownInstance(i)
	case scenario.ActionCrashConsumer:
		i := s.instanceFor(a, false)
		if i < 0 {
			s.mark(a.Action, "instance %d is not running", a.Instance)
			return
		}
		s.crashInstance(i)
		if a.DurationS > 0 {
			s.mark(a.Action, "instance %d crashes; back after %s s", i+1, scenario.FormatFloat(a.DurationS))
			s.at(s.now+msToNs(a.DurationS*1000), ctlStartInstance, i)
		} else {
			s.mark(a.Action, "instance %d crashes", i+1)
		}
	case scenario.ActionRollingRestart:
		s.rollingRestart(a)
	case scenario.ActionSlowProcessing:
		s.procMeanNs = a.ProcessingMs * 1e6
		s.at(s.now+msToNs(a.DurationS*1000), ctlSlowEnd, 0)
		s.mark(a.Action, "processing takes %s ms for %s s", scenario.FormatFloat(a.ProcessingMs), scenario.FormatFloat(a.DurationS))
	case scenario.ActionGCPause:
		i := s.instanceFor(a, false)
		if i < 0 {
			s.mark(a.Action, "instance %d is not running", a.Instance)
			return
		}
		s.mark(a.Action, "instance %d freezes for %s s (GC pause)", i+1, scenario.FormatFloat(a.DurationS))
		s.freezeInstance(i, msToNs(a.DurationS*1000))
	}
}

// instanceFor is the instance an action names (1-based), or by default the
// newest running one (remove) or the first (others); -1 if it is not up.
func (s *Sim) instanceFor(a scenario.Action, newest bool) int {
	up := func(i int) bool { return i < s.instances && s.instanceMembers(i)[0].up }
	if a.Instance > 0 {
		if up(a.Instance - 1) {
			return a.Instance - 1
		}
		return -1
	}
	for k := range s.instances {
		i := k
		if newest {
			i = s.instances - 1 - k
		}
		if up(i) {
			return i
		}
	}
	return -1
}

// addConsumers starts the next unused instance slots.
func (s *Sim) addConsumers(a scenario.Action) {
	for range max(1, a.Instances) {
		i := s.nextInstance
		s.nextInstance++
		if len(a.Assignors) > 0 {
			s.assignorsOf[i] = a.Assignors
		}
		if a.SameInstanceIDsAs > 0 {
			src := s.instanceMembers(a.SameInstanceIDsAs - 1)
			for t, m := range s.instanceMembers(i) {
				m.instanceID = src[t].instanceID
			}
			s.mark(a.Action, "instance %d starts with the group.instance.ids of instance %d", i+1, a.SameInstanceIDsAs)
		} else {
			s.mark(a.Action, "instance %d starts", i+1)
		}
		s.startInstance(i)
	}
}

// rollingRestart restarts the running instances one after another: each
// shuts down cleanly, stays down for downtime_s, comes back (with the new
// assignors if given), and then the next one goes.
func (s *Sim) rollingRestart(a scenario.Action) {
	down := msToNs(a.DowntimeS * 1000)
	step := down + 10_000_000_000
	if a.IntervalS > 0 {
		step = msToNs(a.IntervalS * 1000)
	}
	t := s.now
	var restarted []int
	for i := range s.instances {
		if !s.instanceMembers(i)[0].up {
			continue
		}
		if len(a.Assignors) > 0 {
			s.assignorsOf[i] = a.Assignors
		}
		s.at(t, ctlStopInstance, i)
		s.at(t+down, ctlStartInstance, i)
		t += step
		restarted = append(restarted, i+1)
	}
	s.mark(a.Action, "instances %v restart in turn, %s s down each", restarted, scenario.FormatFloat(a.DowntimeS))
	if len(a.Assignors) > 0 {
		s.marks[len(s.marks)-1].Label += fmt.Sprintf(", coming back with assignors %v", a.Assignors)
	}
}
