package e2e

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// The app's mounts are made by the page's script from lists of operations
// (internal/browsergoapp's dom_batch.go): the Simulate page's first mount
// made every node of the page that way, and the nodes the script keeps for
// the app do not pile up while a person goes on changing the scenario.
func TestMountsAreBatchedAndLetGo(t *testing.T) {
	ctx := newTab(t, chromedp.WithNewBrowserContext())
	open(t, ctx, env.baseURL)
	// The charts are markup the app inserts whole: their nodes are the
	// browser's.
	nodes := eval[int](t, ctx, `(() => {
		let n = 0;
		const w = document.createTreeWalker(document.getElementById("main"), NodeFilter.SHOW_ALL,
			(e) => e.nodeName === "svg" ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT);
		while (w.nextNode()) n++;
		return n; })()`)
	if made := eval[int](t, ctx, `partitionlabDOMBatch.made`); made < nodes {
		t.Errorf("the script made %d nodes, the page's main part has %d besides its charts: the first mount was not batched", made, nodes)
	}
	kept := func() int { return eval[int](t, ctx, `partitionlabDOMBatch.kept()`) }
	var after5 int
	for seed := 2; seed <= 21; seed++ {
		changeSeed(t, ctx, seed)
		if seed == 6 {
			after5 = kept()
		}
	}
	if after20 := kept(); after20 > after5+after5/20 {
		t.Errorf("the script keeps %d nodes after 20 changes of the seed, %d after 5: they pile up", after20, after5)
	}
	t.Logf("made %d, kept after 5 changes %d, after 20 %d", eval[int](t, ctx, `partitionlabDOMBatch.made`), after5, kept())
}
