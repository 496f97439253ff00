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
// The package sits under the simulation engine and imports only hashcore and
// the standard library; it must never import go-app, gonum/plot or net/http.
// It is deterministic: no map iteration order reaches a result, no clock, no
// goroutines.
package assignor
