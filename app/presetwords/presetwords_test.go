package presetwords

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"partitionlab/app/changes"
	"partitionlab/app/i18n"
	"partitionlab/sim/scenario"
)

// Every preset has its whole description in every language, and the
// English one is the preset file's own, so they never drift apart.
func TestEveryPresetDescribedInEveryLanguage(t *testing.T) {
	en := i18n.For(i18n.English)
	for _, name := range scenario.PresetNames() {
		sc, err := scenario.Preset(name)
		if err != nil {
			t.Fatal(err)
		}
		id := "presetdesc." + name
		if got := en.T(id); got != sc.Description {
			t.Errorf("%s in English is %q, the preset's description %q", id, got, sc.Description)
		}
		for _, l := range i18n.Langs()[1:] {
			c := i18n.For(l)
			if !c.Has(id) {
				t.Errorf("%s: %s is missing", l, id)
				continue
			}
			if c.T(id) == sc.Description {
				t.Errorf("%s: %s is left in English", l, id)
			}
		}
	}
}

// The editor and the review show a preset's description in the reader's
// language, and a description of one's own as it is written.
func TestDescriptionInTheReadersLanguage(t *testing.T) {
	sc, err := scenario.Preset("hot-customer")
	if err != nil {
		t.Fatal(err)
	}
	pt := i18n.For(i18n.Portuguese)
	if got := Description(pt, sc); !strings.HasPrefix(got, "Um cliente faz 40% de todos os pedidos.") {
		t.Errorf("hot-customer in Portuguese reads %q", got)
	}
	if got := Description(i18n.For(i18n.English), sc); got != sc.Description {
		t.Errorf("hot-customer in English reads %q, want %q", got, sc.Description)
	}
	own := sc
	own.Description = "Our checkout service at peak."
	if got := Description(pt, own); got != own.Description {
		t.Errorf("an edited description reads %q, want it as written", got)
	}
	own = sc
	own.Name = "my-design"
	if got := Description(pt, own); got != sc.Description {
		t.Errorf("a scenario of one's own reads %q, want its description as written", got)
	}
}

// kafkaName is a name that holds digits and is kept as Kafka and the
// preset write it in every language: KIP-848, CRC32, KAFKA-12261,
// max.poll.records=50.
var kafkaName = regexp.MustCompile(`[A-Za-z][A-Za-z0-9_.\-]*=?[0-9][0-9A-Za-z_.\-]*`)

// englishNumber is a number as English writes it: 1,000, 40, 2.5.
var englishNumber = regexp.MustCompile(`\d+(?:,\d{3})*(?:\.\d+)?`)

// writtenNumber is a number as any of the languages writes it: 1.000,
// 1 000 (with a narrow no-break space), 1,000, 2,5.
var writtenNumber = regexp.MustCompile(`\d+(?:[.,\x{202F}]\d+)*`)

// names are the Kafka names of text, and text without them.
func names(text string) ([]string, string) {
	var out []string
	for _, n := range kafkaName.FindAllString(text, -1) {
		out = append(out, strings.TrimRight(n, "."))
	}
	return out, kafkaName.ReplaceAllString(text, " ")
}

// numbersIn are the numbers of an English text written as l writes them:
// 1,000 is 1.000 in Portuguese, 1000 in Spanish, 1 000 in French; a
// version (3.0, a whole number with a zero fraction) is kept as written.
func numbersIn(l i18n.Lang, english string) []string {
	var out []string
	for _, tok := range englishNumber.FindAllString(english, -1) {
		whole, frac, _ := strings.Cut(strings.ReplaceAll(tok, ",", ""), ".")
		if frac != "" && strings.Trim(frac, "0") == "" {
			out = append(out, tok)
			continue
		}
		x, err := strconv.ParseFloat(whole+"."+frac+"0", 64)
		if err != nil {
			panic(err)
		}
		out = append(out, l.Float(x, len(frac)))
	}
	return out
}

// drift lists what of the English text's numbers and Kafka names the
// translation does not write, in l's way, as often as the English does.
func drift(l i18n.Lang, english, translated string) []string {
	enNames, enRest := names(english)
	trNames, trRest := names(translated)
	var lost []string
	have := map[string]int{}
	for _, n := range trNames {
		have[n]++
	}
	for _, n := range enNames {
		if have[n] == 0 {
			lost = append(lost, n)
		}
		have[n]--
	}
	have = map[string]int{}
	for _, n := range writtenNumber.FindAllString(trRest, -1) {
		have[n]++
	}
	for _, n := range numbersIn(l, enRest) {
		if have[n] == 0 {
			lost = append(lost, n)
		}
		have[n]--
	}
	return lost
}

func TestDriftReadsEachLanguagesNumbers(t *testing.T) {
	for _, tc := range []struct {
		lang     i18n.Lang
		en, tr   string
		wantLost string
	}{
		{i18n.Portuguese, "1,000 orders a second", "1.000 pedidos por segundo", ""},
		{i18n.Spanish, "1,000 orders a second", "1000 pedidos por segundo", ""},
		{i18n.French, "1,000 orders a second", "1\u202f000 commandes par seconde", ""},
		{i18n.French, "1,000 orders a second", "1 000 commandes par seconde", "1\u202f000"},
		{i18n.Korean, "1,000 orders a second", "초당 1,000건의 주문", ""},
		{i18n.Portuguese, "1,000 orders a second", "1,000 pedidos por segundo", "1.000"},
		{i18n.Portuguese, "a 2.5 s back-off", "um back-off de 2,5 s", ""},
		{i18n.Korean, "a 2.5 s back-off", "2,5 s back-off", "2.5"},
		{i18n.Portuguese, "Kafka's default since 3.0", "o padrão do Kafka desde a 3.0", ""},
		{i18n.Korean, "since 3.0, enable.idempotence=true", "3.0부터 enable.idempotence=true", ""},
		{i18n.French, "partitions 0 and 1", "les partitions 0 et 1", ""},
		{i18n.French, "partitions 0 and 1", "les partitions 0 et 2", "1"},
		{i18n.Spanish, "3 s, and 3 s more", "3 s, y más", "3"},
		{i18n.Spanish, "max.poll.records=50 bounds it at 50 s", "max.poll.records=5 lo limita a 50 s", "max.poll.records=50"},
		{i18n.Korean, "the consumer protocol (KIP-848)", "consumer 프로토콜(KIP-848)", ""},
		{i18n.Korean, "CRC32 and KIP-794", "CRC32와 KIP-794", ""},
		{i18n.Portuguese, "the consumer protocol (KIP-848)", "o protocolo consumer (KIP-884)", "KIP-848"},
	} {
		if got := strings.Join(drift(tc.lang, tc.en, tc.tr), " "); got != tc.wantLost {
			t.Errorf("%s: drift(%q, %q) = %q, want %q", tc.lang, tc.en, tc.tr, got, tc.wantLost)
		}
	}
}

// Every translated description writes the English one's numbers, in its
// language's way, and its Kafka names as they are.
func TestDescriptionsKeepNumbersAndNames(t *testing.T) {
	for _, name := range scenario.PresetNames() {
		sc, err := scenario.Preset(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range i18n.Langs()[1:] {
			c := i18n.For(l)
			if lost := drift(l, sc.Description, c.T("presetdesc."+name)); len(lost) > 0 {
				t.Errorf("%s: presetdesc.%s lacks %q", l, name, lost)
			}
		}
	}
}

// In every language a preset's one line (the start's and the menu's
// "presetline."+name) is how its whole description begins, as the first
// sentence of the English one is: the two never say different things.
func TestOneLineBeginsTheDescription(t *testing.T) {
	for _, l := range i18n.Langs() {
		c := i18n.For(l)
		for _, name := range scenario.PresetNames() {
			line, desc := c.T("presetline."+name), c.T("presetdesc."+name)
			if !strings.HasPrefix(desc, line) {
				t.Errorf("%s: presetdesc.%s does not begin with presetline.%s\n line: %s\n desc: %s", l, name, name, line, desc)
			}
		}
	}
}

// A B made from a preset with a change is named from the change's id and
// described with the preset's description in the reader's language, even
// once edited (its name is then all that says where it came from); in
// English it reads as its scenario's own name.
func TestChangedBNamedAndDescribedInTheReadersLanguage(t *testing.T) {
	a, err := scenario.Preset("scale-out-eager")
	if err != nil {
		t.Fatal(err)
	}
	x2, _ := changes.Find("partitions-x2")
	b, err := changes.Apply(a, x2, "")
	if err != nil {
		t.Fatal(err)
	}
	b.Consumer.Instances++ // edited after the change
	custom, _ := changes.Find(changes.Custom)
	bb, err := changes.Apply(b, custom, "consumer.concurrency=3")
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range i18n.Langs() {
		c := i18n.For(l)
		want := c.T("compare.side.withChange", i18n.S("name", "scale-out-eager"), i18n.S("change", c.T("compare.change.partitions-x2")))
		if got := Name(c, b.Name); got != want {
			t.Errorf("%s: B is named %q, want %q", l, got, want)
		}
		if got := Name(c, bb.Name); !strings.HasPrefix(got, want) || !strings.HasSuffix(got, "consumer.concurrency=3") {
			t.Errorf("%s: B of B is named %q", l, got)
		}
		if got := Description(c, b); got != c.T("presetdesc.scale-out-eager") {
			t.Errorf("%s: B is described %q", l, got)
		}
		if got := Description(c, bb); got != c.T("presetdesc.scale-out-eager") {
			t.Errorf("%s: B of B is described %q", l, got)
		}
		if l == i18n.English {
			if Name(c, b.Name) != b.Name || Name(c, bb.Name) != bb.Name {
				t.Errorf("English names B %q and %q", Name(c, b.Name), Name(c, bb.Name))
			}
			continue
		}
		if strings.Contains(Name(c, b.Name), " with ") || strings.Contains(Name(c, b.Name), "twice") {
			t.Errorf("%s: B's name %q has English", l, Name(c, b.Name))
		}
	}
	if got := Name(i18n.For(i18n.Korean), "my own design"); got != "my own design" {
		t.Errorf("a name of one's own reads %q", got)
	}
}

// OfPreset, which reads no preset, says what Description says of each
// preset in every language, and nothing for a name that is no preset.
func TestOfPresetIsTheDescriptionOfThePreset(t *testing.T) {
	for _, l := range i18n.Langs() {
		c := i18n.For(l)
		for _, name := range scenario.PresetNames() {
			sc, err := scenario.Preset(name)
			if err != nil {
				t.Fatal(err)
			}
			got, ok := OfPreset(c, name)
			if want := Description(c, sc); !ok || got != want {
				t.Errorf("%s: OfPreset(%s) = %q, %v; Description gives %q", l, name, got, ok, want)
			}
		}
		for _, name := range []string{"", "no-such-preset", "order-events with twice the partitions", "x/../order-events"} {
			if got, ok := OfPreset(c, name); ok {
				t.Errorf("%s: OfPreset(%q) = %q, want none", l, name, got)
			}
		}
	}
}
