package sentences

import (
	"strings"
	"testing"

	"partitionlab/app/i18n"
	"partitionlab/sim"
)

// epochEvents are the member-epoch events word for word as the engine's
// tests in sim/group_epoch_test.go produce them (no preset meets them):
// a KIP-848 heartbeat and a share heartbeat answered FENCED_MEMBER_EPOCH,
// and a commit answered STALE_MEMBER_EPOCH, thrown by commitSync or logged
// by the auto-commit.
var epochEvents = []sim.GroupEvent{
	{Event: "FencedMemberEpochException", Detail: "FENCED_MEMBER_EPOCH: its heartbeat carried member epoch 4, which " +
		"the coordinator no longer accepts; it loses partitions [0 1] without committing and rejoins with epoch 0"},
	{Event: "FencedMemberEpochException", Detail: "FENCED_MEMBER_EPOCH: rejoins with epoch 0"},
	{Event: "StaleMemberEpochException", Detail: "STALE_MEMBER_EPOCH: the commit carries member epoch 2, which the " +
		"coordinator does not accept for partitions [0 1]"},
	{Event: "auto-commit failed", Detail: "asynchronous auto-commit failed (logged, not thrown): STALE_MEMBER_EPOCH: " +
		"the commit carries member epoch 2, which the coordinator does not accept for partitions [0 1]"},
}

// The member-epoch events are read: in English they are the engine's
// sentence, and every other language says them in its own words, keeping
// Kafka's error code, the epoch and the partitions.
func TestMemberEpochEventsAreSaidInEveryLanguage(t *testing.T) {
	en := i18n.For(i18n.English)
	for _, e := range epochEvents {
		if got, ok := say(en, details, e.Detail); !ok || got != e.Detail {
			t.Errorf("en: read %v\n got %q\nwant %q", ok, got, e.Detail)
		}
		code, _, _ := strings.Cut(strings.TrimPrefix(e.Detail, "asynchronous auto-commit failed (logged, not thrown): "), ":")
		for _, l := range i18n.Langs()[1:] {
			got, ok := say(i18n.For(l), details, e.Detail)
			if !ok || got == e.Detail || strings.Contains(got, "{") || !strings.Contains(got, code) {
				t.Errorf("%s: %q read %v: %q; want it said in %s, naming %s", l, e.Detail, ok, got, l, code)
			}
			if strings.Contains(e.Detail, "[0 1]") && !strings.Contains(got, "[0 1]") {
				t.Errorf("%s: %q lost the partitions", l, got)
			}
			if strings.Contains(e.Detail, "epoch 4,") && !strings.Contains(got, "4") ||
				strings.Contains(e.Detail, "epoch 2,") && !strings.Contains(got, "2") {
				t.Errorf("%s: %q lost the member epoch", l, got)
			}
		}
	}
	fr := Detail(i18n.For(i18n.French), epochEvents[0])
	if !strings.HasPrefix(fr, "FENCED_MEMBER_EPOCH\u00a0: ") || !strings.Contains(fr, "\u202f; ") {
		t.Errorf("fr: %q; want a no-break space before the colon and a narrow one before the semicolon", fr)
	}
}
