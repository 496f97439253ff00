package importconfig

import (
	"strconv"
	"strings"

	"partitionlab/sim/scenario"
)

// shareTargets are the share-group settings as Kafka 4.3.1 spells them:
// the share consumer's (share.acknowledgement.mode, share.acquire.mode)
// and the group configs set with kafka-configs --entity-type groups.
// share.acknowledgement.mode exists only on a KafkaShareConsumer, so a file
// that sets it makes the consumers a share group.
func shareTargets() map[string]target {
	share := func(field string, f func(s *scenario.Share, v string) error) func(sc *scenario.Scenario, v string) ([]string, error) {
		return consumer("share."+field, func(c *scenario.Consumer, v string) error { return f(&c.Share, v) })
	}
	between := func(field, reason string, lo, hi float64, read func(string) (float64, error), set func(*scenario.Share, float64)) target {
		return target{Either, share(field, func(s *scenario.Share, v string) error {
			x, err := read(v)
			if err != nil {
				return err
			}
			if x < lo || x > hi {
				return valueError{reason, strconv.Quote(v)}
			}
			set(s, x)
			return nil
		})}
	}
	count := func(v string) (float64, error) { n, err := intOf(v); return float64(n), err }
	return map[string]target{
		"group.type": {Consumer, func(sc *scenario.Scenario, v string) ([]string, error) {
			switch strings.ToLower(strings.TrimSpace(v)) {
			case "share":
				sc.Consumer.GroupType = scenario.GroupTypeShare
			case "consumer", "classic":
				sc.Consumer.GroupType = scenario.GroupTypeConsumer
			case "streams":
				return nil, notModelledBecause("group_type_streams", strconv.Quote(v))
			default:
				return nil, valueError{"group_type", strconv.Quote(v)}
			}
			return []string{"consumer.group_type"}, nil
		}},
		"share.acknowledgement.mode": {Consumer, func(sc *scenario.Scenario, v string) ([]string, error) {
			m := strings.ToLower(strings.TrimSpace(v))
			if m != "implicit" && m != "explicit" {
				return nil, valueError{"share_ack_mode", strconv.Quote(v)}
			}
			sc.Consumer.Share.AcknowledgementMode, sc.Consumer.GroupType = m, scenario.GroupTypeShare
			return []string{"consumer.share.acknowledgement_mode", "consumer.group_type"}, nil
		}},
		"share.acquire.mode": {Consumer, func(_ *scenario.Scenario, v string) ([]string, error) {
			switch strings.ToLower(strings.TrimSpace(v)) {
			case "record_limit":
				return nil, noEffectBecause("share_record_limit")
			case "batch_optimized":
				return nil, notModelledBecause("share_batches", strconv.Quote(v))
			}
			return nil, valueError{"share_acquire_mode", strconv.Quote(v)}
		}},
		"share.record.lock.duration.ms": between("record_lock_duration_ms", "share_lock", 15000, 60000, millis,
			func(s *scenario.Share, x float64) { s.RecordLockDurationMs = x }),
		"share.delivery.count.limit": between("delivery_count_limit", "share_deliveries", 2, 10, count,
			func(s *scenario.Share, x float64) { s.DeliveryCountLimit = int(x) }),
		"share.partition.max.record.locks": between("partition_max_record_locks", "share_locks", 100, 4000, count,
			func(s *scenario.Share, x float64) { s.PartitionMaxRecordLocks = int(x) }),
		"share.session.timeout.ms": between("session_timeout_ms", "share_session", 45000, 60000, millis,
			func(s *scenario.Share, x float64) { s.SessionTimeoutMs = x }),
		"share.heartbeat.interval.ms": between("heartbeat_interval_ms", "share_heartbeat", 5000, 15000, millis,
			func(s *scenario.Share, x float64) { s.HeartbeatIntervalMs = x }),
		"share.assignment.interval.ms": between("assignment_interval_ms", "share_assignment", 0, 15000, millis,
			func(s *scenario.Share, x float64) { s.AssignmentIntervalMs = x }),
		"share.auto.offset.reset": {Either, share("auto_offset_reset", func(s *scenario.Share, v string) error {
			low := strings.ToLower(strings.TrimSpace(v))
			switch {
			case low == "earliest" || low == "latest":
				s.AutoOffsetReset = low
				return nil
			case strings.HasPrefix(low, "by_duration:"):
				return notModelledBecause("offset_reset", strconv.Quote(v))
			}
			return valueError{"share_reset", strconv.Quote(v)}
		})},
		"share.isolation.level": {Either, func(_ *scenario.Scenario, v string) ([]string, error) {
			switch strings.ToLower(strings.TrimSpace(v)) {
			case "read_committed", "read_uncommitted":
				return nil, noEffectBecause("transactions")
			}
			return nil, valueError{"share_isolation", strconv.Quote(v)}
		}},
		"share.renew.acknowledge.enable": {Either, func(_ *scenario.Scenario, v string) ([]string, error) {
			if _, err := boolOf(v); err != nil {
				return nil, err
			}
			return nil, noEffectBecause("share_renew")
		}},
	}
}

// noEffect is a known setting the simulator does not need, said from a
// target: reported with reason, not applied.
type noEffectErr struct{ reason string }

func (e noEffectErr) Error() string { return reasons[e.reason] }

func noEffectBecause(reason string) error { return noEffectErr{reason} }
