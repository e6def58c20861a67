# relurl: make test runs the tests; make check runs what CI runs besides.
GO       ?= go
FUZZTIME ?= 1m
BENCHCOUNT ?= 6
PKGS     := ./... ./lint/... ./cmd/...

.PHONY: all test check lint generate-check fmt vet staticcheck layout scale fuzz corpus oss-fuzz campaign bench bench-targets cover build dist release-tags release-check vulncheck fix-mem actionlint example clean golangci-plugin site wasm conformance

all: check test

## test: every test, with the race detector (the second command of the README)
test:
	$(GO) test -race -count=1 -timeout 30m $(PKGS)

## check: lint, then the race tests, then the scaling suite (what CI runs, golangci-plugin aside)
check: lint test scale

## lint: gofmt, go vet, staticcheck (pinned in go.mod), import direction
lint: fmt vet staticcheck layout

## generate-check: go generate every package, then fail if that changed or added a file: the
## class table, the grammar, gen's productions, the diagrams and the RFC 1738 table follow
## grammar/*.bnf, docs/rules.md the rule catalog
generate-check:
	$(GO) generate $(PKGS)
	@git diff --exit-code --stat || { echo "go generate changed the files above: run it and commit what it writes"; exit 1; }
	@out=$$(git status --porcelain --untracked-files=all); if [ -n "$$out" ]; then echo "go generate wrote files that are not committed:"; echo "$$out"; exit 1; fi

fmt:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet $(PKGS)

staticcheck:
	$(GO) tool staticcheck $(PKGS)

layout:
	$(GO) test -count=1 ./lint/internal/layout

## scale: the scaling suite (internal/scale, lint/cli TestScale): every command and
## library entry point on every shape of input at n and 8n bytes in one run, CPU time, the best of 5;
## prints the table of ratios and fails when one passes 24 (linear ~8, quadratic ~64). About 30
## CPU-seconds; not under the race detector, so not in make test. Then its tree axis (cmd/relurl
## TestScaleTrees, over internal/scale's MeasureTrees): relurl lint -j 1 as built over 1, 4 and 16
## copies of a real tree made in a temporary directory (Debian's python3.11-doc, else
## testdata/bench/pydocs), CPU and peak RSS of each row; the benchmark report carries the same rows.
scale:
	RELURL_SCALE=1 $(GO) test -count=1 -timeout 20m -run '^(TestScale|TestHarness|TestScaleTrees)$$' -v ./internal/scale ./lint/cli ./cmd/relurl

## fuzz: every fuzz target of the three modules in turn (or those TARGET names), FUZZTIME each
## (fuzz/native.sh: go test fuzzes one target per run; the targets are found in the source); a
## failure ends the run with the target, its input quoted and in hex, and the go test command
## that replays it
fuzz:
	GOTOOLCHAIN=$(FUZZ_GO) bash fuzz/native.sh $(FUZZTIME) $(TARGET)

## oss-fuzz: build every fuzz target as OSS-Fuzz does (go-118-fuzz-build, clang, libFuzzer) and run
## each for OSSFUZZTIME seconds over its seed corpus zip and dictionary (needs clang; not in CI);
## libFuzzer's finds go to ARTIFACTS, out of the tree, and a crash ends the run with the target,
## its input decoded, quoted and in hex, the command making it a seed and the go test replay
oss-fuzz:
	OSSFUZZTIME=$(or $(OSSFUZZTIME),10) bash .clusterfuzzlite/local.sh

## campaign: fuzz TARGET (a raw or structured agreement target) for FUZZTIME on one core, keep the
## corpus in CAMPAIGN_DIR, and report executions and the statement coverage of the code under test;
## a failure ends it as it ends make fuzz
campaign:
	bash fuzz/campaign.sh $(TARGET) $(FUZZTIME)

## bench: every benchmark beside net/url in one run (BENCHCOUNT runs of BENCHTIME each, BENCH
## selects), into bench.out, after the date, the Go version and the load average; benchstat's
## tables with the implementations side by side (pinned in go.mod's tool); then the report of
## lint/internal/benchratio (the ratios to net/url and to the floors, ns per byte at each size, the
## targets, met or not; then relurl, a hello-world and the tokenizer floor built and run as whole
## processes, their CPU from rusage: relurl version beside hello-world, relurl lint -j 1 beside the
## floor over BENCHHTML; then make scale's tree axis, with the same relurl), written to BENCHREPORT,
## which docs/performance.md quotes
## (TestPerformanceFigures fails when a figure a page of docs/ quotes is not in it)
BENCHREPORT ?= testdata/bench/report.txt
BENCHHTML ?= /usr/share/doc/python3.11/html
bench:
	{ echo "date: $$(date -u +%Y-%m-%dT%H:%MZ)"; echo "go: $$($(GO) env GOVERSION)"; echo "loadavg: $$(cat /proc/loadavg 2>/dev/null)"; \
	  $(GO) test -run '^$$' -bench '$(or $(BENCH),.)' -benchmem -count $(BENCHCOUNT) -benchtime $(or $(BENCHTIME),200ms) $(PKGS); } | tee bench.out
	@! grep -q '^\(FAIL\|panic:\)' bench.out || { echo "benchmarks failed: see bench.out"; exit 1; }
	@$(GO) tool benchstat -col /impl bench.out || echo "(benchstat unavailable: raw results in bench.out)"
	@$(GO) run ./lint/internal/benchratio -report $(BENCHREPORT) -html $(BENCHHTML) bench.out

## fix-mem: the peak memory and time of relurl lint --fix and --diff on a list of FIXMEMSIZE bytes of
## URLs, each with one finding a fix mends (written by TestFixMemFile in a temporary directory, never
## kept), by /usr/bin/time -v (decision F-13)
FIXMEMSIZE ?= 60000000
fix-mem:
	@d=$$(mktemp -d) && trap 'rm -rf "$$d"' EXIT && \
	$(GO) build -o "$$d/relurl" ./cmd/relurl && \
	(cd lint && $(GO) test -count=1 -run '^TestFixMemFile$$' ./internal/runner -args -fixmem.out="$$d/big.urls" -fixmem.size=$(FIXMEMSIZE)) >/dev/null && \
	ls -l "$$d/big.urls" && \
	for mode in --diff --fix; do echo "relurl lint $$mode:"; \
	  /usr/bin/time -v "$$d/relurl" lint $$mode "$$d/big.urls" 2>&1 >/dev/null | grep -E 'Maximum resident|Elapsed|fixed|would be fixed'; done

## bench-targets: what the target rules cost, alone: BenchmarkLintTargets (BENCHCOUNT runs), into
## bench-targets.out, then lint/internal/benchratio -splice: the whole processes measured again (the
## default run, target rules on, beside the floor and htmltest, built from the module proxy, over
## Debian's trees, CPU and peak RSS; the tree axis) and the sections of BENCHREPORT these give rows
## for written in place of the report's own; the other sections, each naming its run, are kept
bench-targets:
	{ echo "date: $$(date -u +%Y-%m-%dT%H:%MZ)"; echo "go: $$($(GO) env GOVERSION)"; echo "loadavg: $$(cat /proc/loadavg 2>/dev/null)"; \
	  $(GO) test -run '^$$' -bench '^BenchmarkLintTargets$$' -count $(BENCHCOUNT) -benchtime $(or $(BENCHTIME),200ms) ./lint/internal/runner; } | tee bench-targets.out
	@! grep -q '^\(FAIL\|panic:\)' bench-targets.out || { echo "benchmarks failed: see bench-targets.out"; exit 1; }
	@$(GO) run ./lint/internal/benchratio -splice -report $(BENCHREPORT) -html $(BENCHHTML) bench-targets.out

## golangci-plugin: build golangci-lint with the relurl plugin as docs/analyzer.md says and run it
## (TestCustom in lint/golangci): go install golangci-lint at the version .custom-gcl.yml pins, from
## the module proxy; golangci-lint custom in this working tree with .custom-gcl.yml as committed
## (only --destination, a temporary directory, added); then the binary it built, with the
## .golangci.yml of docs/analyzer.md and variations of its settings, on lint/golangci/testdata/urls. golangci-lint custom
## clones https://github.com/golangci/golangci-lint.git at that version with git; the test makes the
## clone from the module proxy instead (go mod download, then git init, add, commit and tag the
## module's files) and points git there with url.<base>.insteadOf given by GIT_CONFIG_COUNT,
## GIT_CONFIG_KEY_0 and GIT_CONFIG_VALUE_0, which golangci-lint passes to git. Needs git and the
## module proxy, nothing else. 7½ minutes (7 CPU-minutes) with empty module and build caches on
## 2 shared cores, most of it compiling golangci-lint; 1 minute with warm ones.
golangci-plugin:
	RELURL_GOLANGCI=1 $(GO) test -count=1 -timeout 30m -run '^TestCustom$$' -v ./lint/golangci

## cover: test coverage per package, and cover.html
cover:
	$(GO) test -count=1 -coverprofile=cover.out $(PKGS)
	$(GO) tool cover -func=cover.out | tail -1
	$(GO) tool cover -html=cover.out -o cover.html

## build: relurl, without cgo: a static binary that starts faster (decision S-10)
build:
	CGO_ENABLED=0 $(GO) build -o relurl ./cmd/relurl

## RELEASE_GO: the Go toolchain the release's binaries are built with, a patch release with the
## fixes of the standard library that the commands reach (govulncheck, make vulncheck); the go
## command fetches it from the module proxy (GOTOOLCHAIN). The modules' go lines stay what
## importers need (decision I-7).
RELEASE_GO ?= go1.27.3

## FUZZ_GO: the Go toolchain make fuzz fuzzes with: RELEASE_GO, whose engine ends a fuzz time
## without failing a busy target (go.dev/issue/75804, fixed in Go 1.27; decision Z-10)
FUZZ_GO ?= $(RELEASE_GO)

## dist: the release into dist/: relurl and relurlvet for linux, darwin and windows on amd64 and
## arm64 (-trimpath, no cgo, built by RELEASE_GO, the version stamped) as archives
## (relurl_VERSION_OS_ARCH.tar.gz, .zip for windows), the npm packages (relurl and
## @relurl/OS-CPU), the wheels (relurl-VERSION-py3-none-PLATFORM.whl) and checksums.txt;
## byte-identical from one run to the next (entries sorted, owner 0, times of the last commit or
## SOURCE_DATE_EPOCH; decision I-2). VERSION=v0.1.0 names and labels the files for that
## release (a committed tree, HEAD untagged or tagged so: decision I-6); without it the version is
## git's (a pseudo-version between releases: decision I-1). See docs/install.md.
VERSION ?=
dist:
	rm -rf dist
	GOTOOLCHAIN=$(RELEASE_GO) $(GO) run ./lint/internal/dist/cmd/dist -o dist -version '$(VERSION)'

## The tools of the release's checks, run with go run from the module proxy at these versions, and the
## Go vulnerability database, the golang.org/x/vulndb module at this version (its data/osv).
GOVULNCHECK ?= golang.org/x/vuln/cmd/govulncheck@v1.9.0
VULNDB      ?= v0.0.0-20261105234957-e22db6528018
ACTIONLINT  ?= github.com/rhysd/actionlint/cmd/actionlint@v1.7.12

## release-tags: HEAD is the commit of release VERSION: tagged VERSION, lint/VERSION and cmd/VERSION,
## lint/ and cmd/ pinned to their siblings at VERSION with their checksums, CHANGELOG.md's section
## dated (docs/release.md; the release workflow's first check)
release-tags:
	@test -n "$(VERSION)" || { echo "make release-tags needs VERSION=vX.Y.Z"; exit 2; }
	$(GO) run ./lint/internal/release/cmd/release check $(VERSION)

## release-check: what the release workflow checks of dist/ (make dist VERSION=...) before it
## publishes: every file named and labelled VERSION, every binary built by RELEASE_GO, the license
## in every package (release dist); npm publish --dry-run of each npm package; twine check of the
## wheels (needs npm and twine; CI runs it)
release-check:
	@test -n "$(VERSION)" || { echo "make release-check needs VERSION=vX.Y.Z"; exit 2; }
	$(GO) run ./lint/internal/release/cmd/release dist -go $(RELEASE_GO) $(VERSION) dist
	$(GO) run ./lint/internal/release/cmd/release npm -n $(VERSION) dist
	twine check --strict dist/*.whl

## vulncheck: govulncheck in binary mode on every binary of dist/'s archives (make dist first),
## offline, against the database that golang.org/x/vulndb's indexdb builds from the module's
## data/osv; fails on any vulnerability a binary reaches (decision I-7)
vulncheck:
	@set -e; tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	osv=$$($(GO) mod download -json golang.org/x/vulndb@$(VULNDB) | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$$/\1/p'); \
	test -d "$$osv/data/osv" || { echo "vulncheck: golang.org/x/vulndb@$(VULNDB) has no data/osv"; exit 1; }; \
	$(GO) run golang.org/x/vulndb/cmd/indexdb@$(VULNDB) -vulns "$$osv/data/osv" -out "$$tmp/db"; \
	found=0; \
	for a in dist/relurl_*; do \
		d="$$tmp/bin/$$(basename "$$a")"; mkdir -p "$$d"; \
		case "$$a" in *.zip) python3 -m zipfile -e "$$a" "$$d" ;; *) tar -xzf "$$a" -C "$$d" ;; esac; \
		for b in "$$d"/relurl "$$d"/relurlvet "$$d"/relurl.exe "$$d"/relurlvet.exe; do \
			[ -f "$$b" ] || continue; found=$$((found + 1)); \
			echo "== govulncheck -mode binary $$(basename "$$a"): $$(basename "$$b")"; \
			$(GO) run $(GOVULNCHECK) -db "file://$$tmp/db" -mode binary "$$b"; \
		done; \
	done; \
	[ "$$found" -gt 0 ] || { echo "vulncheck: no binary in dist/: make dist first"; exit 1; }

## actionlint: the GitHub workflows of .github/workflows, with shellcheck on their scripts when it is
## installed (CI installs it)
actionlint:
	$(GO) run $(ACTIONLINT) -no-color

## example: the tool's main job on the bundled example, a small docs folder (the first command of
## the README; it exits 1, for the findings it shows)
example:
	$(GO) run ./cmd/relurl lint examples/docs

clean:
	rm -f relurl golangci-lint-relurl bench.out cover.out cover.html
	rm -rf $(SITE) dist

## site: the manual (README.md and docs/*.md rendered to HTML) and the playground in $(SITE)/, for
## any static host (GitHub Pages, a plain web server): index.html, docs/*.html, playground/. The
## playground's WebAssembly module is built with the go command, once, into the user's cache
## directory, as relurl serve builds it (decision W-9); the site is then linted with relurl itself
## (decision W-11: it must be clean)
SITE ?= site
site:
	rm -rf $(SITE)
	$(GO) run ./lint/internal/manual/cmd/sitegen -o $(SITE)
	$(GO) run ./cmd/relurl lint --no-config --base https://relurl.example.org/ --root $(SITE) $(SITE)

## wasm: the playground's WebAssembly module into playground/site/module, where a build with
## -tags embedwasm embeds it (go build -tags embedwasm ./cmd/relurl: a relurl whose serve needs no
## Go toolchain)
wasm:
	$(GO) run ./lint/internal/playground/internal/genwasm -o lint/internal/playground/site/module

## corpus: rewrite the generated seed corpora of every fuzz target (fixed seed), lint/internal/extract's
## seeds from its golden documents and hostile shapes, lint/internal/htmlscan's from its pages and table
## cases, and the dictionary .clusterfuzzlite/relurl.dict
corpus:
	$(GO) test ./fuzz -run TestSeedCorpora -write-corpus
	$(GO) test ./lint/internal/extract -run TestFuzzSeeds -update
	$(GO) test ./lint/internal/htmlscan -run TestFuzzSeeds -update
	$(GO) run ./cmd/relurl gen --dict > .clusterfuzzlite/relurl.dict

## conformance: run testdata/rfc1808/urltestdata.json against the URL libraries of conformance/adapters
## (those installed; the others are skipped with a message naming what they need), record the table
## in testdata/rfc1808/conformance.json and write docs/conformance.md from it
conformance:
	$(GO) run ./lint/internal/conformance/cmd/conformance
