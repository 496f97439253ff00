// Package assignor computes which consumer-group member gets which partition,
// byte for byte as Apache Kafka's assignors do (apache/kafka @ 1eb7644349cb):
//
//   - the classic, leader-side assignors of the Java consumer: range,
//     roundrobin, sticky and cooperative-sticky (RangeAssignor,
//     RoundRobinAssignor, StickyAssignor, CooperativeStickyAssignor and their
//     AbstractStickyAssignor with its constrained and general builders);
//   - the KIP-848 broker-side assignors of the group coordinator: uniform
//     (UniformHomogeneousAssignmentBuilder, UniformHeterogeneousAssignmentBuilder)
//     and range;
//   - how the classic coordinator picks one assignor for the group
//     (ClassicGroup.selectProtocol) and which rebalance protocol a consumer
//     runs for its list of assignors (ConsumerCoordinator);
//   - what moves between two assignments, and what the cooperative protocol
//     revokes now and hands out in the follow-up rebalance.
//
// Where Kafka's result depends on the iteration order of a java.util.HashMap
// or HashSet (the sticky assignors' choice of which members keep an extra
// partition, the coordinator's tie-break between assignors, the uniform
// assignor's member order), the order is emulated: see javaHashMap. The
// Member slice passed to Assign is the member list of the JoinGroup response
// in the order the leader received it; Kafka's coordinator lists members in
// the iteration order of its own HashMap of members, which JoinOrder
// emulates.
//
// Rack awareness (client.rack, KIP-881) is out of scope: every assignor
// behaves as Kafka does when no consumer has a rack, which is the default.
//
// Known departures from Kafka, all in corners a group does not reach in
// normal operation:
//   - AbstractStickyAssignor remembers the highest generation it has ever
//     seen across calls on the same leader; here it is the highest of the
//     current members, the same while generations only grow.
//   - The general sticky builder dereferences a stale previous owner that
//     it has set aside as unmovable (a NullPointerException in Kafka); such
//     an owner is skipped here.
//   - java.util.HashMap bins holding more than 8 colliding keys in a table
//     of 64 or more become trees, iterated here in insertion order.
//   - The uniform assignor's topic and partition order: see Uniform.
//   - Sticky's previous assignment and generation are taken from Member,
//     standing for the user data StickyAssignor decodes (the generation it
//     compares in conflicts is the subscription's, which the Java consumer
//     sets to the same value).
//
// The package sits under the simulation engine and imports only hashcore and
// the standard library; it must never import go-app, gonum/plot or net/http.
// It is deterministic: no map iteration order reaches a result, no clock, no
// goroutines.
package assignor
