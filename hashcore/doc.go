// Package hashcore computes where Kafka producers put keyed records, byte for
// byte as the real clients do: the Java client's murmur2 partitioner, the
// default partitioners of librdkafka and Sarama, the serializers that turn a
// key into bytes, and the Java String.hashCode/Math.floorMod arithmetic that
// salting schemes are built on.
//
// hashcore is the bottom of the dependency graph (hashcore <- sim <- app <-
// main). It imports only the standard library and must never import sim,
// go-app, gonum/plot or net/http, so it tests natively and under node.
package hashcore
