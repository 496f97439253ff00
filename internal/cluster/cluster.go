// Package cluster reads a live Kafka cluster, read-only, with franz-go,
// and turns what it read into a scenario: the partition count, a consumer
// group's members, protocol, assignor and lag, and a sample of keys. It
// serves the command line's "import cluster".
//
// It is native only and the only package that imports franz-go: nothing the
// wasm build links (app/..., sim/...) may import it.
package cluster

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/sasl/plain"
	"github.com/twmb/franz-go/pkg/sasl/scram"

	"partitionlab/sim/scenario"
	"partitionlab/sim/scenario/keydist"
)

// MaxSample bounds Config.Sample: the sampled keys are counted in memory,
// one entry per distinct key.
const MaxSample = 10_000_000

// Config is how to reach a cluster and what to read from it.
type Config struct {
	// Bootstrap is HOST:PORT of a broker, comma-separated for several.
	Bootstrap string
	// Topic is the topic to read; Group a consumer group to describe
	// (never joined), or "".
	Topic, Group string
	// Sample is how many records' keys are counted, the latest of each
	// partition (0: none), at most MaxSample.
	Sample int
	// Timeout bounds the whole reading.
	Timeout time.Duration
	// TLS connects with TLS, which CA, Cert or Insecure also imply; CA,
	// Cert and Key are PEM files.
	TLS, Insecure bool
	CA, Cert, Key string
	// Mechanism is "" (no SASL), PLAIN, SCRAM-SHA-256 or SCRAM-SHA-512.
	Mechanism, User, Password string
}

// Check returns what is wrong with c's TLS and SASL settings (named as
// the command line's flags), before anything is read.
func (c Config) Check() error {
	_, err := c.options()
	return err
}

// Import reads the topic and consumer group of c from a real cluster,
// read-only, with franz-go: the partition count, the group's members,
// protocol and assignor, each partition's lag, and a sample of keys as the
// key distribution. It writes them into sc and returns notes that say
// what was set and what was left as it was.
func Import(c Config, sc *scenario.Scenario) ([]string, error) {
	opts, err := c.options()
	if err != nil {
		return nil, err
	}
	var dials lastDialError
	opts = append(opts, kgo.WithHooks(&dials))
	ctx, cancel := context.WithTimeout(context.Background(), c.Timeout)
	defer cancel()
	v, err := readCluster(ctx, opts, c.Topic, c.Group, c.Sample)
	if err != nil {
		if errors.Is(err, errNotThere) {
			return nil, fmt.Errorf("reading the cluster at %s: %w", c.Bootstrap, err)
		}
		if ctx.Err() != nil {
			if last := dials.get(); last != nil {
				return nil, fmt.Errorf("the cluster at %s did not answer within %s; the last attempt to connect: %w", c.Bootstrap, c.Timeout, last)
			}
			return nil, fmt.Errorf("the cluster at %s did not answer within %s: %w", c.Bootstrap, c.Timeout, err)
		}
		return nil, fmt.Errorf("the cluster at %s did not answer: %w", c.Bootstrap, err)
	}
	return v.apply(sc, c.Bootstrap), nil
}

// lastDialError keeps the last failed connection of a reading (franz-go's
// HookBrokerConnect), so that a reading that runs out of time after
// retrying says why it could not connect (refused, unreachable) rather
// than only that the time ran out.
type lastDialError struct {
	mu  sync.Mutex
	err error
}

func (d *lastDialError) OnBrokerConnect(_ kgo.BrokerMetadata, _ time.Duration, _ net.Conn, err error) {
	if err != nil {
		d.mu.Lock()
		d.err = err
		d.mu.Unlock()
	}
}

func (d *lastDialError) get() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.err
}

// options are franz-go's client options for the flags: seeds, dial
// time-out, TLS and SASL. No group, no producing.
func (f Config) options() ([]kgo.Opt, error) {
	opts := []kgo.Opt{kgo.SeedBrokers(strings.Split(f.Bootstrap, ",")...), kgo.DialTimeout(min(f.Timeout, 10*time.Second)),
		kgo.RequestRetries(2), kgo.RetryTimeout(f.Timeout)}
	if f.TLS || f.CA != "" || f.Cert != "" || f.Insecure {
		cfg := &tls.Config{MinVersion: tls.VersionTLS12, InsecureSkipVerify: f.Insecure} //nolint:gosec // the person asked for it
		if f.CA != "" {
			pem, err := os.ReadFile(f.CA)
			if err != nil {
				return nil, fmt.Errorf("--tls-ca: %w", err)
			}
			cfg.RootCAs = x509.NewCertPool()
			if !cfg.RootCAs.AppendCertsFromPEM(pem) {
				return nil, fmt.Errorf("--tls-ca %s: no PEM certificate in it", f.CA)
			}
		}
		if (f.Cert == "") != (f.Key == "") {
			return nil, fmt.Errorf("give both --tls-cert and --tls-key, or neither")
		}
		if f.Cert != "" {
			pair, err := tls.LoadX509KeyPair(f.Cert, f.Key)
			if err != nil {
				return nil, fmt.Errorf("--tls-cert/--tls-key: %w", err)
			}
			cfg.Certificates = []tls.Certificate{pair}
		}
		opts = append(opts, kgo.DialTLSConfig(cfg))
	}
	switch strings.ToUpper(f.Mechanism) {
	case "":
		if f.User != "" {
			return nil, fmt.Errorf("--sasl-username needs --sasl-mechanism")
		}
	case "PLAIN":
		opts = append(opts, kgo.SASL(plain.Auth{User: f.User, Pass: f.Password}.AsMechanism()))
	case "SCRAM-SHA-256":
		opts = append(opts, kgo.SASL(scram.Auth{User: f.User, Pass: f.Password}.AsSha256Mechanism()))
	case "SCRAM-SHA-512":
		opts = append(opts, kgo.SASL(scram.Auth{User: f.User, Pass: f.Password}.AsSha512Mechanism()))
	default:
		return nil, fmt.Errorf("--sasl-mechanism %q is not PLAIN, SCRAM-SHA-256 or SCRAM-SHA-512", f.Mechanism)
	}
	return opts, nil
}

// apply writes what was read into sc and returns the notes for stderr:
// what was set, the group's members and lag, and what was left as it was.
func (v *clusterView) apply(sc *scenario.Scenario, addr string) []string {
	var notes []string
	add := func(format string, args ...any) { notes = append(notes, fmt.Sprintf(format, args...)) }
	sc.Topic.Partitions = v.partitions
	add("topic %s: %d partitions → topic.partitions", v.topic, v.partitions)
	desc := fmt.Sprintf("Imported from the cluster at %s: topic %s, %d partitions", addr, v.topic, v.partitions)
	if g := v.group; g != nil {
		desc += v.applyGroup(sc, add)
	}
	if v.sampled > 0 {
		add("sampled %d records: %d keyed as text, %d without a key, %d with a binary key", v.sampled,
			v.sampled-v.keyless-v.binary, v.keyless, v.binary)
	}
	if v.sampleCut {
		add("the time-out ended the sample after %d records", v.sampled)
	}
	if len(v.keys) > 0 {
		d := keydist.FromCounts(v.keys)
		for _, n := range keydist.Apply(sc, d) {
			add("%s", n)
		}
		add("workload.key_distribution: %d distinct keys, %d named, %d in the tail; hottest:", d.Customers(), len(d.Keys), d.TailKeys)
		for _, k := range d.Keys[:min(len(d.Keys), 10)] {
			add("  %-30s %d records (%.1f %%)", k.Key, k.Count, 100*float64(k.Count)/float64(v.sampled-v.keyless-v.binary))
		}
		desc += fmt.Sprintf("; keys from a sample of %d records", v.sampled)
	}
	add("workload.orders_per_s, the producers' clients and the processing time are the base scenario's: set them to the team's")
	sc.Name, sc.Description = "imported-"+v.topic, desc+"."
	return notes
}

// applyGroup maps the group's members, protocol and assignor.
func (v *clusterView) applyGroup(sc *scenario.Scenario, add func(string, ...any)) string {
	g := v.group
	add("group %s (%s, %s protocol, assignor %q): %d members", g.name, g.state, g.protocol, g.assignor, len(g.members))
	static := false
	hosts := map[string]int{}
	for _, m := range g.members {
		add("  %s %s on %s: partitions %v", m.clientID, m.id, m.host, m.partitions)
		static = static || m.instanceID != ""
		hosts[hostOf(m.host)]++
	}
	for p, l := range g.lag {
		if l < 0 {
			add("  p%d: nothing committed (end offset %d)", p, v.end[p])
		} else {
			add("  p%d: lag %d (end offset %d)", p, l, v.end[p])
		}
	}
	if n := len(g.members); n > 0 {
		per := n / len(hosts)
		if per*len(hosts) == n && slices.IndexFunc(mapValues(hosts), func(c int) bool { return c != per }) < 0 {
			sc.Consumer.Instances, sc.Consumer.Concurrency = len(hosts), per
		} else {
			sc.Consumer.Instances, sc.Consumer.Concurrency = n, 1
		}
		add("consumer.instances %d × consumer.concurrency %d, from %d members on %d hosts", sc.Consumer.Instances, sc.Consumer.Concurrency, n, len(hosts))
	}
	sc.Consumer.StaticMembership = static
	add("consumer.static_membership %v", static)
	switch g.protocol {
	case "consumer":
		sc.Consumer.GroupProtocol = "consumer"
		add("consumer.group_protocol consumer (KIP-848; the simulator runs the broker's uniform assignor, the group runs %q)", g.assignor)
	default:
		sc.Consumer.GroupProtocol = "classic"
		switch g.assignor {
		case "range", "roundrobin", "sticky", "cooperative-sticky":
			sc.Consumer.Assignors = []string{g.assignor}
			add("consumer.assignors [%s]", g.assignor)
		default:
			add("assignor %q is not one the simulator has: consumer.assignors stays %v", g.assignor, sc.Consumer.Assignors)
		}
	}
	return fmt.Sprintf("; group %s, %d members, %s protocol, assignor %s", g.name, len(g.members), g.protocol, g.assignor)
}

func mapValues(m map[string]int) []int {
	out := make([]int, 0, len(m))
	for _, v := range m {
		out = append(out, v)
	}
	return out
}

// hostOf is a member's host without the "/" and port some brokers add
// ("/10.0.0.7:51234" → "10.0.0.7"), so members of one process group.
func hostOf(clientHost string) string {
	h := strings.TrimPrefix(clientHost, "/")
	if host, _, err := net.SplitHostPort(h); err == nil {
		return host
	}
	return h
}
