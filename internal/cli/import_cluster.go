package cli

import (
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"partitionlab/internal/cluster"
)

// importCluster reads a real topic and consumer group, read-only (see
// internal/cluster), into a scenario.
func importCluster(fs *flag.FlagSet, args []string, base *string, stdout, stderr io.Writer) error {
	var f cluster.Config
	fs.StringVar(&f.Bootstrap, "bootstrap-server", "", "HOST:PORT of a broker (comma-separated for several)")
	fs.StringVar(&f.Topic, "topic", "", "the topic to read")
	fs.StringVar(&f.Group, "group", "", "a consumer group to describe (never joined)")
	fs.IntVar(&f.Sample, "sample", 10000, "records whose keys are counted, the latest of each partition (0: none)")
	fs.DurationVar(&f.Timeout, "timeout", 15*time.Second, "give up when the cluster has not answered by then")
	fs.BoolVar(&f.TLS, "tls", false, "connect with TLS")
	fs.StringVar(&f.CA, "tls-ca", "", "a PEM file of the CAs to trust (implies --tls)")
	fs.StringVar(&f.Cert, "tls-cert", "", "a PEM client certificate (with --tls-key; implies --tls)")
	fs.StringVar(&f.Key, "tls-key", "", "the client certificate's PEM key")
	fs.BoolVar(&f.Insecure, "tls-insecure-skip-verify", false, "do not check the brokers' certificates")
	fs.StringVar(&f.Mechanism, "sasl-mechanism", "", "PLAIN, SCRAM-SHA-256 or SCRAM-SHA-512")
	fs.StringVar(&f.User, "sasl-username", "", "the SASL user")
	fs.StringVar(&f.Password, "sasl-password", "", "the SASL password (or set PARTITIONLAB_SASL_PASSWORD)")
	rest, err := parseFlags(fs, args, stdout)
	if err != nil {
		return err
	}
	if f.Password == "" {
		f.Password = os.Getenv("PARTITIONLAB_SASL_PASSWORD")
	}
	var problems []string
	if len(rest) > 0 {
		problems = append(problems, fmt.Sprintf("unexpected argument %q", rest[0]))
	}
	if f.Bootstrap == "" || f.Topic == "" {
		problems = append(problems, "give --bootstrap-server HOST:PORT and --topic T")
	}
	if f.Sample < 0 || f.Sample > cluster.MaxSample {
		problems = append(problems, fmt.Sprintf("--sample %d is not in 0..%d", f.Sample, cluster.MaxSample))
	}
	if f.Timeout <= 0 {
		problems = append(problems, fmt.Sprintf("--timeout %s is not more than 0s", f.Timeout))
	}
	if err := f.Check(); err != nil {
		problems = append(problems, err.Error())
	}
	if len(problems) > 0 {
		return usageError{problems: problems}
	}
	sc, err := baseScenario(*base)
	if err != nil {
		return err
	}
	notes, err := cluster.Import(f, &sc)
	if err != nil {
		return err
	}
	for _, n := range notes {
		notef(stderr, "%s", n)
	}
	return printScenario(sc, stdout)
}
