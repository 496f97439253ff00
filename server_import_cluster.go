//go:build !wasm

package main

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/sasl/plain"
	"github.com/twmb/franz-go/pkg/sasl/scram"

	"partitionlab/sim/scenario"
	"partitionlab/sim/scenario/keydist"
)

// maxSample bounds --sample: the sampled keys are counted in memory, one
// entry per distinct key.
const maxSample = 10_000_000

// clusterFlags are how import cluster reaches a cluster.
type clusterFlags struct {
	bootstrap, topic, group   string
	sample                    int
	timeout                   time.Duration
	tls, insecure             bool
	ca, cert, key             string
	mechanism, user, password string
}

// importCluster reads a real topic and consumer group, read-only, with
// franz-go: the partition count, the group's members, protocol and
// assignor, each partition's lag, and a sample of keys as the key
// distribution.
func importCluster(fs *flag.FlagSet, args []string, base *string, stdout, stderr io.Writer) error {
	var f clusterFlags
	fs.StringVar(&f.bootstrap, "bootstrap-server", "", "HOST:PORT of a broker (comma-separated for several)")
	fs.StringVar(&f.topic, "topic", "", "the topic to read")
	fs.StringVar(&f.group, "group", "", "a consumer group to describe (never joined)")
	fs.IntVar(&f.sample, "sample", 10000, "records whose keys are counted, the latest of each partition (0: none)")
	fs.DurationVar(&f.timeout, "timeout", 15*time.Second, "give up when the cluster has not answered by then")
	fs.BoolVar(&f.tls, "tls", false, "connect with TLS")
	fs.StringVar(&f.ca, "tls-ca", "", "a PEM file of the CAs to trust (implies --tls)")
	fs.StringVar(&f.cert, "tls-cert", "", "a PEM client certificate (with --tls-key; implies --tls)")
	fs.StringVar(&f.key, "tls-key", "", "the client certificate's PEM key")
	fs.BoolVar(&f.insecure, "tls-insecure-skip-verify", false, "do not check the brokers' certificates")
	fs.StringVar(&f.mechanism, "sasl-mechanism", "", "PLAIN, SCRAM-SHA-256 or SCRAM-SHA-512")
	fs.StringVar(&f.user, "sasl-username", "", "the SASL user")
	fs.StringVar(&f.password, "sasl-password", "", "the SASL password (or set PARTITIONLAB_SASL_PASSWORD)")
	rest, err := parseFlags(fs, args, stdout)
	if err != nil {
		return err
	}
	if f.password == "" {
		f.password = os.Getenv("PARTITIONLAB_SASL_PASSWORD")
	}
	var problems []string
	if len(rest) > 0 {
		problems = append(problems, fmt.Sprintf("unexpected argument %q", rest[0]))
	}
	if f.bootstrap == "" || f.topic == "" {
		problems = append(problems, "give --bootstrap-server HOST:PORT and --topic T")
	}
	if f.sample < 0 || f.sample > maxSample {
		problems = append(problems, fmt.Sprintf("--sample %d is not in 0..%d", f.sample, maxSample))
	}
	if f.timeout <= 0 {
		problems = append(problems, fmt.Sprintf("--timeout %s is not more than 0s", f.timeout))
	}
	opts, err := f.options()
	if err != nil {
		problems = append(problems, err.Error())
	}
	if len(problems) > 0 {
		return usageError{problems: problems}
	}
	sc, err := baseScenario(*base)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), f.timeout)
	defer cancel()
	v, err := readCluster(ctx, opts, f.topic, f.group, f.sample)
	if err != nil {
		if errors.Is(err, errNotThere) {
			return fmt.Errorf("reading the cluster at %s: %w", f.bootstrap, err)
		}
		if ctx.Err() != nil {
			return fmt.Errorf("the cluster at %s did not answer within %s: %w", f.bootstrap, f.timeout, err)
		}
		return fmt.Errorf("the cluster at %s did not answer: %w", f.bootstrap, err)
	}
	for _, n := range v.apply(&sc, f.bootstrap) {
		notef(stderr, "%s", n)
	}
	return printScenario(sc, stdout)
}

// options are franz-go's client options for the flags: seeds, dial
// time-out, TLS and SASL. No group, no producing.
func (f clusterFlags) options() ([]kgo.Opt, error) {
	opts := []kgo.Opt{kgo.SeedBrokers(strings.Split(f.bootstrap, ",")...), kgo.DialTimeout(min(f.timeout, 10*time.Second)),
		kgo.RequestRetries(2), kgo.RetryTimeout(f.timeout)}
	if f.tls || f.ca != "" || f.cert != "" || f.insecure {
		cfg := &tls.Config{MinVersion: tls.VersionTLS12, InsecureSkipVerify: f.insecure} //nolint:gosec // the person asked for it
		if f.ca != "" {
			pem, err := os.ReadFile(f.ca)
			if err != nil {
				return nil, fmt.Errorf("--tls-ca: %w", err)
			}
			cfg.RootCAs = x509.NewCertPool()
			if !cfg.RootCAs.AppendCertsFromPEM(pem) {
				return nil, fmt.Errorf("--tls-ca %s: no PEM certificate in it", f.ca)
			}
		}
		if (f.cert == "") != (f.key == "") {
			return nil, fmt.Errorf("give both --tls-cert and --tls-key, or neither")
		}
		if f.cert != "" {
			pair, err := tls.LoadX509KeyPair(f.cert, f.key)
			if err != nil {
				return nil, fmt.Errorf("--tls-cert/--tls-key: %w", err)
			}
			cfg.Certificates = []tls.Certificate{pair}
		}
		opts = append(opts, kgo.DialTLSConfig(cfg))
	}
	switch strings.ToUpper(f.mechanism) {
	case "":
		if f.user != "" {
			return nil, fmt.Errorf("--sasl-username needs --sasl-mechanism")
		}
	case "PLAIN":
		opts = append(opts, kgo.SASL(plain.Auth{User: f.user, Pass: f.password}.AsMechanism()))
	case "SCRAM-SHA-256":
		opts = append(opts, kgo.SASL(scram.Auth{User: f.user, Pass: f.password}.AsSha256Mechanism()))
	case "SCRAM-SHA-512":
		opts = append(opts, kgo.SASL(scram.Auth{User: f.user, Pass: f.password}.AsSha512Mechanism()))
	default:
		return nil, fmt.Errorf("--sasl-mechanism %q is not PLAIN, SCRAM-SHA-256 or SCRAM-SHA-512", f.mechanism)
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
