package sentences

import (
	"strings"
	"sync"

	"partitionlab/app/i18n"
	"partitionlab/sim"
)

// whys are why a member left the group, as the engine says it after the
// member's name in a rebalance's cause, or alone in a "removed" event.
var whys = family{
	"evidence.why.heartbeat", "evidence.why.pollLeave", "evidence.why.shutdown", "evidence.why.noRejoin",
}

// rebalanceCauses are what starts a rebalance (a coordinator's reason, a
// KIP-848 epoch's cause); a rebalance joins its causes with "; ".
var rebalanceCauses = family{
	"evidence.rebalance.joined", "evidence.rebalance.followUp", "evidence.rebalance.partitions",
	"evidence.rebalance.running", "evidence.rebalance.protocolChange", "evidence.rebalance.staticMetadata",
	"evidence.rebalance.removed",
}

// details are what a group event says about itself.
var details = family{
	"evidence.detail.offsetReset", "evidence.detail.late", "evidence.detail.crashedID",
	"evidence.detail.refusedOwn", "evidence.detail.refused", "evidence.detail.takeover",
	"evidence.detail.staticRejoin", "evidence.detail.staticRejoin848", "evidence.detail.fenced",
	"evidence.detail.fencedEpoch", "evidence.detail.unreleased", "evidence.detail.memberIDRequired",
	"evidence.detail.pollStatic", "evidence.detail.crashed", "evidence.detail.staticShutdown", "evidence.detail.resumed",
	"evidence.detail.asyncCommit", "evidence.detail.syncCommit", "evidence.detail.removed", "evidence.detail.commitFailed",
	// a share group's (sim/share_group.go, sim/share_member.go)
	"evidence.detail.shareOffsetReset", "evidence.detail.shareHeartbeatRefused", "evidence.detail.shareAssignment",
	"evidence.detail.shareCrashed", "evidence.detail.shareLeft", "evidence.detail.shareExpired",
	"evidence.detail.shareTarget", "evidence.detail.shareAckRefused", "evidence.detail.shareLockExpired",
	"evidence.detail.shareGivenUp", "evidence.detail.shareJoined",
}

// reasons are why a commit failed.
var reasons = family{
	"evidence.reason.kicked", "evidence.reason.coded", "evidence.reason.reassigned", "evidence.reason.staleCommit",
}

// marks are the timeline's actions as the engine labels them.
var marks = family{
	"evidence.mark.drainPause", "evidence.mark.noInstance", "evidence.mark.shutsDown", "evidence.mark.notRunning",
	"evidence.mark.crashBack", "evidence.mark.crash", "evidence.mark.slow", "evidence.mark.freeze",
	"evidence.mark.startsAs", "evidence.mark.starts", "evidence.mark.restartAssignors", "evidence.mark.restart",
	"evidence.mark.slowEnd", "evidence.mark.drained", "evidence.mark.partitions", "evidence.mark.resumed",
}

// nestedFamilies say which family a nested placeholder's sentence follows,
// by pattern id and placeholder name.
var nestedFamilies = sync.OnceValue(func() map[string]family {
	return map[string]family{
		"evidence.rebalance.removed.why":      whys,
		"evidence.detail.crashedID.why":       whys,
		"evidence.detail.removed.why":         whys,
		"evidence.detail.asyncCommit.reason":  reasons,
		"evidence.detail.syncCommit.reason":   reasons,
		"evidence.detail.commitFailed.reason": reasons,
	}
})

// events are the group events' names the catalog translates, by the
// engine's English; the others are Kafka's exceptions, named as Kafka
// names them in every language.
var events = map[string]string{
	"offset reset": "evidence.event.offsetReset", "late": "evidence.event.late", "removed": "evidence.event.removed",
	"static takeover": "evidence.event.staticTakeover", "static rejoin": "evidence.event.staticRejoin",
	"auto-commit failed": "evidence.event.autoCommitFailed", "poll timeout": "evidence.event.pollTimeout",
	"crashed": "evidence.event.crashed", "shut down": "evidence.event.shutDown", "resumed": "evidence.event.resumed",
	"joined": "evidence.event.shareJoined", "left": "evidence.event.shareLeft", "target assignment": "evidence.event.shareTarget",
	"assignment": "evidence.event.shareAssignment", "lock expired": "evidence.event.shareLockExpired",
	"given up": "evidence.event.shareGivenUp", "share partition": "evidence.event.sharePartition",
}

// Event is a group event's name in c's language.
func Event(c *i18n.Catalog, e sim.GroupEvent) string {
	if id, ok := events[e.Event]; ok {
		return c.T(id)
	}
	return e.Event
}

// Detail is what a group event says, in c's language.
func Detail(c *i18n.Catalog, e sim.GroupEvent) string {
	s, _ := say(c, details, e.Detail)
	return s
}

// causeSep joins a rebalance's causes; a cause may hold it too ("…
// exceeded; sent LeaveGroup").
const causeSep = "; "

// RebalanceCause is a rebalance's causes in c's language.
func RebalanceCause(c *i18n.Catalog, cause string) string {
	out, _ := readCauses(c, cause)
	return out
}

// readCauses says each of the causes joined in s, and whether every one was
// read. A piece no pattern reads is joined to the next, since a cause may
// contain the separator.
func readCauses(c *i18n.Catalog, s string) (string, bool) {
	pieces := strings.Split(s, causeSep)
	var out []string
	all := true
	for i := 0; i < len(pieces); {
		j := len(pieces)
		for ; j > i; j-- { // the longest run of pieces that reads as one cause
			if said, ok := say(c, rebalanceCauses, strings.Join(pieces[i:j], causeSep)); ok {
				out = append(out, said)
				break
			}
		}
		if j == i {
			out, all, j = append(out, pieces[i]), false, i+1
		}
		i = j
	}
	return strings.Join(out, c.T("evidence.causeSeparator")), all
}

// Mark is a timeline action's label in c's language.
func Mark(c *i18n.Catalog, m sim.Mark) string {
	s, _ := say(c, marks, m.Label)
	return s
}
