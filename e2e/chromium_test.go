package e2e

import (
	"context"
	"errors"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"testing"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// minChromium is the oldest Chromium (major version) these tests are known
// to pass with. make tools upgrades an older one (its CHROMIUM_MIN must say
// the same, TestMakefileChromiumMinimum checks it), and TestMain refuses to
// run the tests on one, naming the version and what to do, rather than let
// a DevTools call fail with a bare protocol error.
const minChromium = 148

// chromiumMajor reads the major version from Browser.getVersion's product
// ("HeadlessChrome/156.0.8078.114").
func chromiumMajor(product string) (int, error) {
	m := regexp.MustCompile(`/(\d+)\.`).FindStringSubmatch(product)
	if m == nil {
		return 0, fmt.Errorf("no version in %q", product)
	}
	return strconv.Atoi(m[1])
}

// checkChromiumVersion is nil when the running browser is minChromium or
// newer, and otherwise says which version runs and how to get a newer one.
func checkChromiumVersion(ctx context.Context) error {
	v, err := chromedp.CallBrowser(ctx, browser.GetVersion, cdp.Empty{})
	if err != nil {
		return fmt.Errorf("Browser.getVersion: %w", err)
	}
	major, err := chromiumMajor(v.Product)
	if err != nil {
		return err
	}
	if major < minChromium {
		return fmt.Errorf("chromium %s is older than %d, the oldest these tests support.\n"+
			"     Run make tools, which upgrades it (sudo apt-get install --only-upgrade chromium),\n"+
			"     or install chromium %d or newer from your distribution", v.Product, minChromium, minChromium)
	}
	return nil
}

// emulateNetworkConditions is the classic Network.emulateNetworkConditions,
// which every Chromium the tests support accepts with these parameters
// (offline is required). cdproto no longer lists it: the command is
// deprecated in favour of emulateNetworkConditionsByRule, whose parameters
// changed between versions (Chromium 148 answers the newer form with
// "Invalid parameters (-32602)").
var emulateNetworkConditions = cdp.Command[classicConditions, cdp.Empty]{Method: "Network.emulateNetworkConditions"}

type classicConditions struct {
	Offline            bool    `json:"offline"`
	Latency            float64 `json:"latency"`
	DownloadThroughput float64 `json:"downloadThroughput"`
	UploadThroughput   float64 `json:"uploadThroughput"`
}

// byRuleConditions is Network.emulateNetworkConditionsByRule's parameters
// in both of their forms at once: the older versions' top-level offline
// (required there) beside the newer per-rule one. Chromium ignores a field
// it does not know.
type byRuleConditions struct {
	Offline                  bool                  `json:"offline"`
	MatchedNetworkConditions []*network.Conditions `json:"matchedNetworkConditions"`
}

var emulateNetworkConditionsByRule = cdp.Command[byRuleConditions, network.EmulateNetworkConditionsByRuleResult]{Method: network.CommandEmulateNetworkConditionsByRule}

// throttle slows every request of the tab at ctx (its workers' included)
// to c, with the classic call, and with the by-rule call only if a future
// Chromium no longer has the classic one; the error names both calls' errors.
func throttle(ctx context.Context, c network.Conditions) error {
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		return fmt.Errorf("Network.enable: %w", err)
	}
	_, classic := chromedp.Call(ctx, emulateNetworkConditions, classicConditions{
		Latency: c.Latency, DownloadThroughput: c.DownloadThroughput, UploadThroughput: c.UploadThroughput})
	if classic == nil {
		return nil
	}
	_, byRule := chromedp.Call(ctx, emulateNetworkConditionsByRule, byRuleConditions{MatchedNetworkConditions: []*network.Conditions{&c}})
	if byRule == nil {
		return nil
	}
	return errors.Join(fmt.Errorf("Network.emulateNetworkConditions: %w", classic),
		fmt.Errorf("Network.emulateNetworkConditionsByRule: %w", byRule))
}

// The browser the tests run is one they support, and throttling works in
// it with the call every supported version accepts.
func TestThrottleWithThisChromium(t *testing.T) {
	ctx := newTab(t, chromedp.WithNewBrowserContext())
	if err := checkChromiumVersion(ctx); err != nil {
		t.Fatal(err)
	}
	if err := throttle(ctx, network.Conditions{Latency: 200, DownloadThroughput: 250000, UploadThroughput: 100000}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, emulateNetworkConditions, classicConditions{Latency: 1, DownloadThroughput: -1, UploadThroughput: -1}); err != nil {
		t.Errorf("the classic call, which the tests rely on: %v", err)
	}
}

func TestChromiumMajor(t *testing.T) {
	for product, want := range map[string]int{"HeadlessChrome/156.0.8078.114": 156, "Chrome/148.0.7778.96": 148} {
		if got, err := chromiumMajor(product); err != nil || got != want {
			t.Errorf("%q: %d, %v; want %d", product, got, err, want)
		}
	}
}

// make tools upgrades a chromium older than the one the tests support.
func TestMakefileChromiumMinimum(t *testing.T) {
	b, err := os.ReadFile("../Makefile")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^CHROMIUM_MIN\s*[:?]?=\s*(\d+)`).FindSubmatch(b)
	if m == nil || string(m[1]) != strconv.Itoa(minChromium) {
		t.Errorf("the Makefile's CHROMIUM_MIN is %q, want %d as minChromium", m, minChromium)
	}
}
