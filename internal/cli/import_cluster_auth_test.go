package cli

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kfake"
)

// selfSigned is a certificate for 127.0.0.1 and its PEM, as a team's own
// CA would issue for a broker.
func selfSigned(t *testing.T) (tls.Certificate, []byte) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "kfake"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, IsCA: true, BasicConstraintsValid: true,
		KeyUsage: x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})
}

// import cluster reaches a cluster behind TLS (its CA given with --tls-ca)
// and SCRAM (the password from the environment); a wrong password fails
// naming the address.
func TestImportClusterOverTLSAndSASL(t *testing.T) {
	cert, caPEM := selfSigned(t)
	addr, _ := kfakeCluster(t, 3, kfake.TLS(&tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}),
		kfake.EnableSASL(), kfake.Superuser("SCRAM-SHA-256", "reviewer", "s3cret"))
	ca := filepath.Join(t.TempDir(), "ca.pem")
	if err := os.WriteFile(ca, caPEM, 0o600); err != nil {
		t.Fatal(err)
	}
	args := []string{"import", "cluster", "--bootstrap-server", addr, "--topic", "orders", "--sample", "0", "--timeout", "5s",
		"--tls-ca", ca, "--sasl-mechanism", "SCRAM-SHA-256", "--sasl-username", "reviewer"}
	t.Setenv("PARTITIONLAB_SASL_PASSWORD", "s3cret")
	code, out, errOut := runCLI(args...)
	if code != 0 || !strings.Contains(out, `"partitions": 3`) {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	t.Setenv("PARTITIONLAB_SASL_PASSWORD", "wrong")
	if code, out, errOut := runCLI(args...); code != 1 || out != "" || !strings.Contains(errOut, "the cluster at "+addr) {
		t.Errorf("a wrong password: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	// Without the CA the broker's certificate is not trusted.
	if code, _, errOut := runCLI(append(args[:10:10], "--tls", "--sasl-mechanism", "SCRAM-SHA-256", "--sasl-username", "reviewer")...); code != 1 ||
		!strings.Contains(errOut, "certificate") {
		t.Errorf("an untrusted certificate: exit %d: %s", code, errOut)
	}
	if code, _, errOut := runCLI("import", "cluster", "--bootstrap-server", addr, "--topic", "orders", "--sasl-mechanism", "GSSAPI"); code != 2 ||
		!strings.Contains(errOut, "GSSAPI") {
		t.Errorf("an unknown mechanism: exit %d: %s", code, errOut)
	}
}
