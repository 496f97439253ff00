// Package crosscheck holds tests only: it checks Partition Lab's Kafka-exact
// code (hashcore's partitioners, serializers and String.hashCode, sim's
// assignors) against the real Kafka client libraries (franz-go, kafka-go,
// Sarama) on thousands of generated inputs, and benchmarks hashcore's murmur2
// side by side with theirs.
//
// The client libraries are imported from _test.go files only, so they never
// reach a binary. Nothing may import this package, and hashcore, sim and app
// must never import the client libraries: they are test-only dependencies.
package crosscheck
