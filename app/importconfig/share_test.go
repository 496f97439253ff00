package importconfig

import (
	"errors"
	"strings"
	"testing"

	"partitionlab/sim/scenario"
)

// shareReasons are the ids of the reasons (see reasons.go) a share-group
// setting is refused, not modelled or without effect for.
var shareReasons = []string{"group_type", "group_type_streams", "share_ack_mode", "share_acquire_mode", "share_batches",
	"share_record_limit", "share_lock", "share_deliveries", "share_locks", "share_session", "share_heartbeat",
	"share_assignment", "share_reset", "share_isolation", "share_renew"}

// A share consumer's file and the group's configs, as Kafka 4.3.1 spells
// them (ShareConsumerConfig, GroupConfig), map to consumer.share.*; a
// file with share.acknowledgement.mode makes the consumers a share group.
func TestShareSettingsMapToTheShareGroup(t *testing.T) {
	sc, notes := imported(t, File{"share-consumer.properties", strings.Join([]string{
		"group.id=orders", "share.acknowledgement.mode=explicit", "share.acquire.mode=record_limit", "max.poll.records=100",
	}, "\n")}, File{"group.properties", strings.Join([]string{
		"share.record.lock.duration.ms=15000", "share.delivery.count.limit=3", "share.partition.max.record.locks=1000",
		"share.session.timeout.ms=50000", "share.heartbeat.interval.ms=6000", "share.assignment.interval.ms=0",
		"share.auto.offset.reset=earliest", "share.isolation.level=read_committed", "share.renew.acknowledge.enable=false",
	}, "\n")})
	k := sc.Consumer
	want := scenario.Share{AcknowledgementMode: "explicit", OnFailure: "release", RecordLockDurationMs: 15000, DeliveryCountLimit: 3,
		PartitionMaxRecordLocks: 1000, AutoOffsetReset: "earliest", SessionTimeoutMs: 50000, HeartbeatIntervalMs: 6000}
	if !k.IsShare() || k.Share != want {
		t.Errorf("group type %q, share %+v\nwant %+v", k.GroupType, k.Share, want)
	}
	outcome := map[string]Outcome{}
	for _, n := range notes {
		outcome[n.Key] = n.Outcome
	}
	for key, o := range map[string]Outcome{"share.acquire.mode": NoEffect, "share.isolation.level": NoEffect,
		"share.renew.acknowledge.enable": NoEffect, "share.delivery.count.limit": Mapped} {
		if outcome[key] != o {
			t.Errorf("%s: %q, want %q", key, outcome[key], o)
		}
	}
	if _, err := scenario.ParseScenario(scenario.MarshalScenario(sc)); err != nil {
		t.Errorf("the imported scenario does not run: %v", err)
	}
	sc, _ = imported(t, File{"c.properties", "group.type=share\nshare.acquire.mode=batch_optimized\n"})
	if !sc.Consumer.IsShare() {
		t.Error("group.type=share did not make a share group")
	}
}

// A value Kafka refuses is refused, naming the file, the line, the
// setting and what Kafka allows; nothing is applied.
func TestShareValuesKafkaRefuses(t *testing.T) {
	given := map[string]bool{}
	for _, tc := range []struct{ line, reason, allowed string }{
		{"group.type=queue", "group_type", "consumer, classic or share"},
		{"share.acknowledgement.mode=auto", "share_ack_mode", "implicit or explicit"},
		{"share.acquire.mode=all", "share_acquire_mode", "batch_optimized or record_limit"},
		{"share.record.lock.duration.ms=5000", "share_lock", "15000..60000"},
		{"share.delivery.count.limit=11", "share_deliveries", "2..10"},
		{"share.partition.max.record.locks=50", "share_locks", "100..4000"},
		{"share.session.timeout.ms=30000", "share_session", "45000..60000"},
		{"share.heartbeat.interval.ms=20s", "share_heartbeat", "5000..15000"},
		{"share.assignment.interval.ms=16000", "share_assignment", "0..15000"},
		{"share.auto.offset.reset=none", "share_reset", "earliest, latest or by_duration"},
		{"share.isolation.level=serializable", "share_isolation", "read_committed or read_uncommitted"},
	} {
		sc := scenario.DefaultScenario()
		before := string(scenario.MarshalScenario(sc))
		_, err := Import([]File{{"share.properties", "client.id=a\n" + tc.line + "\n"}}, &sc)
		var le LineError
		if !errors.As(err, &le) || le.Reason != tc.reason || !strings.HasPrefix(err.Error(), "share.properties:2: "+tc.line+": ") ||
			!strings.Contains(err.Error(), tc.allowed) {
			t.Errorf("%s: %v, want share.properties:2 and %q", tc.line, err, tc.allowed)
		}
		if string(scenario.MarshalScenario(sc)) != before {
			t.Errorf("%s: the scenario changed", tc.line)
		}
		given[tc.reason] = true
	}
	// Not refused, but not modelled: Kafka has them, the simulator not.
	for _, tc := range []struct{ line, reason string }{
		{"group.type=streams", "group_type_streams"}, {"share.acquire.mode=batch_optimized", "share_batches"},
		{"share.acquire.mode=record_limit", "share_record_limit"}, {"share.renew.acknowledge.enable=true", "share_renew"},
	} {
		_, notes := imported(t, File{"s.properties", tc.line})
		if notes[0].Reason != tc.reason {
			t.Errorf("%s: %+v", tc.line, notes[0])
		}
		given[tc.reason] = true
	}
	for _, id := range shareReasons {
		if !given[id] {
			t.Errorf("reason %q is never given", id)
		}
	}
}
