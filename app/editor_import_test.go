package app

import (
	"strings"
	"testing"

	"partitionlab/app/i18n"
	"partitionlab/app/importconfig"
	"partitionlab/sim/scenario"
	"partitionlab/sim/scenario/keydist"
)

// A configuration whose settings meet every outcome and most reasons.
const sampleConfig = `bootstrap.servers=kafka:9092
client.id=orders
acks=all
linger.ms=20
linger.ms=25
partitioner.class=com.example.VipPartitioner
partitioner.ignore.keys=true
key.serializer=io.confluent.KafkaAvroSerializer
partition.assignment.strategy=org.example.FairAssignor
auto.offset.reset=none
frobnicate.level=11
ssl.truststore.location=/etc/ts
`

// The Bring your own panel says in English exactly what the command line
// says (importconfig.Note.String), and in every other language something
// else that keeps the setting, its value and Kafka's names.
func TestImportNotesInEveryLanguage(t *testing.T) {
	sc := scenario.DefaultScenario()
	notes, err := importconfig.Import([]importconfig.File{{Name: "producer.properties", Text: sampleConfig}}, &sc)
	if err != nil {
		t.Fatal(err)
	}
	if len(notes) < 10 {
		t.Fatalf("only %d notes", len(notes))
	}
	for _, l := range i18n.Langs() {
		w := i18n.For(l)
		for _, n := range notes {
			got := noteText(w, n)
			if l == i18n.English {
				if got != n.String() {
					t.Errorf("en: %q, the command line says %q", got, n.String())
				}
				continue
			}
			if got == n.String() && n.Outcome != importconfig.Mapped {
				t.Errorf("%s: %q is left in English", l, got)
			}
			if !strings.Contains(got, n.Key+"="+n.Value) || strings.Contains(got, "{") {
				t.Errorf("%s: %q lost the setting %s=%s", l, got, n.Key, n.Value)
			}
		}
	}
	pt := noteText(i18n.For(i18n.Portuguese), notes[len(notes)-1])
	if want := "producer.properties:12: ssl.truststore.location=/etc/ts: sem efeito, não há rede"; pt != want {
		t.Errorf("pt: %q, want %q", pt, want)
	}
}

// Importing keys says what changed in the scenario and what was read, in
// English as keydist says it.
func TestKeysNotesInEnglishAreKeydists(t *testing.T) {
	before := scenario.DefaultScenario()
	before.Workload.CustomerSkew = scenario.Skew{Kind: "zipf", S: 1}
	before.Producers[0].Serializer = "long"
	res, err := keydist.Parse(strings.NewReader("alice,50\nbob,30\ncarol,20\n"))
	if err != nil {
		t.Fatal(err)
	}
	after := before
	after.Producers = append([]scenario.Producer(nil), before.Producers...)
	want := append(keydist.Apply(&after, res.Distribution), res.Summary()+" → workload.key_distribution")
	got := keysNotes(i18n.For(i18n.English), before, after, res)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got %q, want %q", got, want)
	}
	ko := keysNotes(i18n.For(i18n.Korean), before, after, res)
	if len(ko) != len(want) || !strings.Contains(ko[len(ko)-1], "key 3개(CSV), 레코드 100개") {
		t.Errorf("ko: %q", ko)
	}
}

// A configuration that cannot be read says where and why, each problem on
// its line: in English as the command line does, in Portuguese with the
// place and the value as written.
func TestImportErrorsInEveryLanguage(t *testing.T) {
	text := "linger.ms=soon\nbatch.size=huge\nenable.idempotence=maybe\n"
	sc := scenario.DefaultScenario()
	_, err := importconfig.Import([]importconfig.File{{Name: "p.properties", Text: text}}, &sc)
	if err == nil {
		t.Fatal("the configuration was read")
	}
	if got := importErrorText(i18n.For(i18n.English), err); got != err.Error() {
		t.Errorf("en: %q, the command line says %q", got, err.Error())
	}
	got := strings.Split(importErrorText(i18n.For(i18n.Portuguese), err), "\n")
	if len(got) != 3 || got[0] != `p.properties:1: linger.ms=soon: "soon" não é uma duração (milissegundos, ou 500ms, 3s, 5m, PT3S)` {
		t.Errorf("pt: %q", got)
	}
}

// Keys that cannot be read say which line and why in the page's language,
// in the Key → partition page's words; in English as the command line.
func TestKeysErrorsInEveryLanguage(t *testing.T) {
	text := "key,count\nalice,50\nbob,x\nalice,3\n"
	_, err := keydist.Parse(strings.NewReader(text))
	if err == nil {
		t.Fatal("the keys were read")
	}
	if got := importErrorText(i18n.For(i18n.English), err); got != err.Error() {
		t.Errorf("en: %q, the command line says %q", got, err.Error())
	}
	want := "linha 3: a contagem \"x\" não é um número inteiro de 1 a 9223372036854775807\nlinha 4: a key \"alice\" já está na linha 2"
	if got := importErrorText(i18n.For(i18n.Portuguese), err); got != want {
		t.Errorf("pt: %q, want %q", got, want)
	}
	for _, l := range i18n.Langs()[1:] {
		if got := importErrorText(i18n.For(l), err); strings.Contains(got, "whole number") || strings.Contains(got, "already on") {
			t.Errorf("%s: %q", l, got)
		}
	}
	var many strings.Builder
	for range 12 {
		many.WriteString("a,b,c\n")
	}
	_, err = keydist.Parse(strings.NewReader("k,1\n" + many.String()))
	if got := importErrorText(i18n.For(i18n.Spanish), err); !strings.HasSuffix(got, "… y 2 líneas incorrectas más") {
		t.Errorf("es: %q", got)
	}
	_, err = keydist.Parse(strings.NewReader("\n\n"))
	if got := importErrorText(i18n.For(i18n.French), err); got != "aucune clé\u00a0: écrivez des lignes clé,nombre ou une clé par ligne" {
		t.Errorf("fr: %q", got)
	}
}

// One key read once is "1 key", "1 record", and the format is named in
// the page's language.
func TestKeysSummarySingular(t *testing.T) {
	res, err := keydist.Parse(strings.NewReader("alice\n"))
	if err != nil {
		t.Fatal(err)
	}
	sc := scenario.DefaultScenario()
	en := keysNotes(i18n.For(i18n.English), sc, sc, res)
	if want := "1 key (sample), 1 record: 1 named, 0 in the tail → workload.key_distribution"; en[len(en)-1] != want || res.Summary()+" → workload.key_distribution" != want {
		t.Errorf("en: %q, keydist %q", en, res.Summary())
	}
	pt := keysNotes(i18n.For(i18n.Portuguese), sc, sc, res)
	if want := "1 key (amostra), 1 registro: 1 com nome, 0 na cauda → workload.key_distribution"; pt[len(pt)-1] != want {
		t.Errorf("pt: %q", pt)
	}
}

// Thousands of records read as keydist says them in English (6000) and
// grouped the language's way elsewhere (6.000).
func TestKeysSummaryNumbers(t *testing.T) {
	res, err := keydist.Parse(strings.NewReader("alice,5000\nbob,1000\n"))
	if err != nil {
		t.Fatal(err)
	}
	sc := scenario.DefaultScenario()
	en := keysNotes(i18n.For(i18n.English), sc, sc, res)
	if got := en[len(en)-1]; got != res.Summary()+" → workload.key_distribution" || !strings.Contains(got, "6000 records") {
		t.Errorf("en: %q", got)
	}
	pt := keysNotes(i18n.For(i18n.Portuguese), sc, sc, res)
	if got := pt[len(pt)-1]; !strings.Contains(got, "2 keys (CSV), 6.000 registros") {
		t.Errorf("pt: %q", got)
	}
}
