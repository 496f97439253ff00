package e2e

import (
	"fmt"
	"os/exec"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"partitionlab/app/chart"
	"partitionlab/app/keyplacement"
	"partitionlab/hashcore"
)

// checkTable compares every row of the page's table with hashcore's answer
// for each client shown, and checks the disagreement highlight.
func checkTable(t *testing.T, rows []shownRow, want []string, s hashcore.Serializer, n, compare int, clients ...string) {
	t.Helper()
	if len(rows) != len(want) {
		t.Fatalf("the table has %d rows, want %d (%q)", len(rows), len(want), want)
	}
	for i, r := range rows {
		if r.Key != want[i] {
			t.Errorf("row %d shows key %q, want %q", i+1, r.Key, want[i])
			continue
		}
		b, err := s.Serialize(r.Key)
		if err != nil {
			t.Fatalf("row %d: %q: %v", i+1, r.Key, err)
		}
		if len(r.Cells) != len(clients) {
			t.Fatalf("row %q has %d client cells, want %v", r.Key, len(r.Cells), clients)
		}
		seen := map[int]bool{}
		for j, c := range r.Cells {
			p, _ := hashcore.PartitionerByName(clients[j])
			if c.Client != clients[j] {
				t.Errorf("row %q column %d is %s, want %s", r.Key, j, c.Client, clients[j])
			}
			if wantP := p.Partition(b, n); c.Partition != wantP {
				t.Errorf("%s: %q on %d partitions shows %d, hashcore says %d", c.Client, r.Key, n, c.Partition, wantP)
			}
			seen[c.Partition] = true
			if compare == 0 {
				if c.Compare != -1 {
					t.Errorf("%s: %q shows a comparison although none was asked for", c.Client, r.Key)
				}
				continue
			}
			if wantM := p.Partition(b, compare); c.Compare != wantM || c.Moved != (wantM != c.Partition) {
				t.Errorf("%s: %q with %d partitions shows %d (moved %v), hashcore says %d", c.Client, r.Key, compare, c.Compare, c.Moved, wantM)
			}
		}
		if r.Disagree != (len(seen) > 1) {
			t.Errorf("row %q highlighted as a disagreement: %v, but the clients gave %v", r.Key, r.Disagree, r.Cells)
		}
	}
}

func TestKeyPartitionPage(t *testing.T) {
	ctx := newTab(t)
	open(t, ctx, env.baseURL+"keys")
	// Reported, not asserted: speed is measured by BenchmarkTimeToInteractive.
	timing := eval[[]float64](t, ctx, `[performance.getEntriesByType("navigation")[0].domContentLoadedEventEnd,
		performance.getEntriesByType("resource").find(e => e.name.endsWith("/web/app.wasm")).responseEnd,
		performance.getEntriesByName("partitionlab-mounted")[0].startTime]`)
	t.Logf("first load (cold, loopback): DOMContentLoaded %.0f ms, app.wasm downloaded %.0f ms, app mounted %.0f ms",
		timing[0], timing[1], timing[2])
	all := hashcore.ClientNames()

	// The first load already shows the example keys, on 6 partitions, compared with 12.
	if rows := readTable(t, ctx); len(rows) < 5 {
		t.Fatalf("the first load shows %d keys; the examples should make the page meaningful", len(rows))
	}

	keys := []string{"customer-42", "naïve café", "日本語のキー", "🍕🍕", "Zürich", "  spaced  ", "order-7"}
	setField(t, ctx, "keys", strings.Join(keys, "\n")+"\n\n", "input")
	waitFor(t, ctx, `document.querySelectorAll("#result-table tbody tr").length === `+js(len(keys)))
	checkTable(t, readTable(t, ctx), keys, hashcore.String, 6, 12, all...)

	// Typing with the keyboard, at the end of the text, goes through the same path.
	eval[bool](t, ctx, `(() => { const el = document.getElementById("keys"); el.focus();
		el.setSelectionRange(el.value.length, el.value.length); return true; })()`)
	if err := chromedp.Do(ctx, chromedp.KeyEvent("\nkafka")); err != nil {
		t.Fatal(err)
	}
	keys = append(keys, "kafka")
	waitFor(t, ctx, `Array.from(document.querySelectorAll("#result-table td.key")).some(td => td.textContent === "kafka")`)
	checkTable(t, readTable(t, ctx), keys, hashcore.String, 6, 12, all...)

	t.Run("chart follows the partition count", func(t *testing.T) {
		blue := chart.Hex(0)
		waitDrawn(t, ctx, "#chart", 1)
		if got := bars(t, ctx, blue); got != 6+1 {
			t.Errorf("the chart has %d java shapes for 6 partitions, want 6 bars + 1 legend swatch", got)
		}
		setField(t, ctx, "partitions", "9", "input")
		waitFor(t, ctx, `document.querySelectorAll('#chart svg path[style^="fill:`+blue+`"]').length === 10`)
		checkTable(t, readTable(t, ctx), keys, hashcore.String, 9, 12, all...)
	})

	t.Run("compare shows the share that moves", func(t *testing.T) {
		setField(t, ctx, "compare", "18", "input")
		waitFor(t, ctx, `(document.querySelector(".compare h3") || {}).innerText === "From 9 to 18 partitions"`)
		checkTable(t, readTable(t, ctx), keys, hashcore.String, 9, 18, all...)
		type share struct {
			Client string `json:"client"`
			Moved  int    `json:"moved"`
			Total  int    `json:"total"`
			Text   string `json:"text"`
		}
		shares := eval[[]share](t, ctx, `Array.from(document.querySelectorAll("#compare-summary li")).map(li => ({
			client: li.dataset.client, moved: +li.dataset.moved, total: +li.dataset.total, text: li.innerText}))`)
		if len(shares) != len(all) {
			t.Fatalf("the compare summary has %d lines, want one per client", len(shares))
		}
		for i, s := range shares {
			p, _ := hashcore.PartitionerByName(all[i])
			moved := 0
			for _, k := range keys {
				if p.Partition([]byte(k), 9) != p.Partition([]byte(k), 18) {
					moved++
				}
			}
			want := keyplacement.Share(moved, len(keys))
			if s.Client != all[i] || s.Moved != moved || s.Total != len(keys) || !strings.Contains(s.Text, want) {
				t.Errorf("compare summary %d = %+v, want %s: %s", i, s, all[i], want)
			}
		}
		setField(t, ctx, "compare", "", "input")
		waitFor(t, ctx, `document.getElementById("compare-summary") === null`)
		checkTable(t, readTable(t, ctx), keys, hashcore.String, 9, 0, all...)
	})

	t.Run("long serializer and per-line errors", func(t *testing.T) {
		setField(t, ctx, "serializer", "long", "change")
		setField(t, ctx, "partitions", "6", "input")
		setField(t, ctx, "keys", "1001\nabc\n-42\n9223372036854775807", "input")
		waitFor(t, ctx, `document.querySelectorAll("#result-table tbody tr").length === 3`)
		longs := []string{"1001", "-42", "9223372036854775807"}
		rows := readTable(t, ctx)
		checkTable(t, rows, longs, hashcore.Long, 6, 0, all...)
		// kafka-fidelity.md §1: LongSerializer(1001) goes to partition 5 of 6.
		if rows[0].Cells[0].Partition != 5 {
			t.Errorf("Long 1001 on 6 partitions shows %d, want 5", rows[0].Cells[0].Partition)
		}
		errs := eval[string](t, ctx, `document.getElementById("key-errors").innerText`)
		if !strings.Contains(errs, `line 2: key "abc" is not a Long`) {
			t.Errorf("the error next to the keys is %q, want it to name line 2 and the key", errs)
		}
	})

	t.Run("clients can be hidden", func(t *testing.T) {
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("client-sarama"))); err != nil {
			t.Fatal(err)
		}
		green := chart.Hex(2)
		waitFor(t, ctx, `document.querySelector('#result-table td[data-client="sarama"]') === null`)
		waitDrawn(t, ctx, "#chart", 1)
		checkTable(t, readTable(t, ctx), []string{"1001", "-42", "9223372036854775807"}, hashcore.Long, 6, 0, "java", "librdkafka")
		if got := bars(t, ctx, green); got != 0 {
			t.Errorf("sarama is hidden but the chart still has %d shapes in its colour", got)
		}
	})

	t.Run("bad partition count is explained, not a crash", func(t *testing.T) {
		setField(t, ctx, "partitions", "0", "input")
		waitFor(t, ctx, `document.getElementById("partitions-error").innerText !== ""`)
		msg := eval[string](t, ctx, `document.getElementById("partitions-error").innerText`)
		if want := fmt.Sprintf("1..%d", keyplacement.MaxPartitions); !strings.Contains(msg, want) {
			t.Errorf("the partition error is %q, want the allowed range %s", msg, want)
		}
		setField(t, ctx, "partitions", "3", "input")
		waitFor(t, ctx, `document.getElementById("partitions-error").innerText === ""`)
		waitDrawn(t, ctx, "#chart", 1)
	})
}

// The empty key, which a line cannot hold, can be added and lands where
// partitionlab partition "" says; a long key's bytes are shown in full, so
// keys that differ late are told apart.
func TestKeysEmptyAndLongKeys(t *testing.T) {
	ctx := newTab(t)
	open(t, ctx, env.baseURL+"keys")
	long1, long2 := "customer-000000000001", "customer-000000000002"
	setField(t, ctx, "keys", long1+"\n"+long2, "input")
	waitFor(t, ctx, `document.querySelectorAll("#result-table tbody tr").length === 2`)
	hexes := eval[[]string](t, ctx, `Array.from(document.querySelectorAll("#result-table td.bytes")).map(td => td.textContent)`)
	if len(hexes) != 2 || hexes[0] == hexes[1] || strings.Contains(hexes[0], "…") {
		t.Errorf("two keys that differ in their last byte show bytes %q", hexes)
	}
	eval[bool](t, ctx, `(document.getElementById("empty-key").click(), true)`)
	waitFor(t, ctx, `document.querySelectorAll("#result-table tbody tr").length === 3`)
	rows := readTable(t, ctx)
	if rows[0].Key != `""` {
		t.Fatalf("the first row is %q, not the empty key", rows[0].Key)
	}
	for _, c := range rows[0].Cells {
		out, err := exec.Command(env.bin, "partition", "--partitions", "6", "--client", c.Client, "").Output()
		if err != nil {
			t.Fatal(err)
		}
		want := strings.TrimSpace(string(out))
		if got := fmt.Sprintf(`"" -> partition %d`, c.Partition); c.Partition >= 0 && got != want {
			t.Errorf("%s: the page puts the empty key on p%d, the command line says %q", c.Client, c.Partition, want)
		}
		if c.Partition < 0 && !strings.Contains(want, "no fixed partition") {
			t.Errorf("%s: the page says keyless, the command line says %q", c.Client, want)
		}
	}
}
