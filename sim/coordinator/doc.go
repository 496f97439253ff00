// Package coordinator is the consumer group coordinator as a pure,
// deterministic state machine, in the spirit of etcd raft's Step: member
// requests (JoinGroup, SyncGroup, Heartbeat, LeaveGroup, OffsetCommit; for
// KIP-848, ConsumerGroupHeartbeat; for KIP-932, ShareGroupHeartbeat) and
// timer expiries go in through Step; responses and events come out. It
// knows nothing of records, reads no clock and starts no goroutines:
// whoever drives it schedules the timers it asks for and delivers them as
// inputs.
//
// Two switches, off in a zero config and on in the engine, add protocol
// steps: ClassicConfig.RequireKnownMemberID (the MEMBER_ID_REQUIRED round
// trip of a first JoinGroup) and ConsumerConfig.MemberEpochs (KIP-848
// member epochs: FENCED_MEMBER_EPOCH on heartbeats, STALE_MEMBER_EPOCH on
// commits, a partition held from the answer that gives it).
//
// Classic models Kafka's ClassicGroup with the join logic of
// GroupMetadataManager (the new group coordinator, Kafka 3.7+); Consumer
// models a KIP-848 ConsumerGroup with the server-side uniform assignor;
// Share models a KIP-932 share group (ShareGroupHeartbeat, member epochs,
// the SimpleAssignor) as Kafka 4.3.1 has it. The share partitions' record
// state lives in partitionlab/sim/sharepartition, driven by the engine.
//
// The package imports only the standard library and partitionlab/sim/assignor;
// it must never import the engine (partitionlab/sim), go-app, gonum/plot or
// net/http.
package coordinator
