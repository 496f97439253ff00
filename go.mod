module partitionlab

go 1.26.0

require (
	github.com/IBM/sarama v1.61.1
	github.com/andybalholm/brotli v1.3.0
	github.com/chromedp/cdproto v0.159.0
	github.com/chromedp/chromedp v0.23.0
	github.com/maxence-charriere/go-app/v9 v9.8.0
	github.com/segmentio/kafka-go v0.4.51
	github.com/twmb/franz-go v1.22.3
	github.com/twmb/franz-go/pkg/kadm v1.20.0
	github.com/twmb/franz-go/pkg/kfake v0.0.0-20260918054303-01f206a7e32c
	github.com/twmb/franz-go/pkg/kmsg v1.15.1
	golang.org/x/image v0.30.0
	gonum.org/v1/plot v0.17.0
)

require (
	codeberg.org/go-fonts/liberation v0.5.0 // indirect
	codeberg.org/go-latex/latex v0.2.0 // indirect
	codeberg.org/go-pdf/fpdf v0.11.1 // indirect
	git.sr.ht/~sbinet/gg v0.7.0 // indirect
	github.com/ajstarks/svgo v0.0.0-20211024235047-1546f124cd8b // indirect
	github.com/davecgh/go-spew v1.1.1 // indirect
	github.com/eapache/go-resiliency v1.7.0 // indirect
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
	github.com/golang/freetype v0.0.0-20170609003504-e2365dfdc4a0 // indirect
	github.com/google/uuid v1.3.0 // indirect
	github.com/hashicorp/go-uuid v1.0.3 // indirect
	github.com/jcmturner/aescts/v2 v2.0.0 // indirect
	github.com/jcmturner/dnsutils/v2 v2.0.0 // indirect
	github.com/jcmturner/gofork v1.7.6 // indirect
	github.com/jcmturner/gokrb5/v8 v8.4.4 // indirect
	github.com/jcmturner/rpc/v2 v2.0.3 // indirect
	github.com/klauspost/compress v1.20.3 // indirect
	github.com/pierrec/lz4/v4 v4.1.33 // indirect
	github.com/rcrowley/go-metrics v0.0.0-20250401214520-65e299d6c5c9 // indirect
	golang.org/x/crypto v0.57.0 // indirect
	golang.org/x/net v0.59.0 // indirect
	golang.org/x/sys v0.48.0 // indirect
	golang.org/x/text v0.42.0 // indirect
)

// gonum/plot links all twelve Liberation fonts; the charts draw Liberation
// Sans regular only. The stand-in gives every font name that one font, which
// takes 1.3 MB off app.wasm after brotli (see app/plots/fonts/README.md).
replace codeberg.org/go-fonts/liberation => ./app/plots/fonts

// gonum/plot's LaTeX text handler links go-latex, which parses the four Go
// fonts when it starts; the charts write plain text only. The stand-in
// declares the names gonum/plot refers to and typesets nothing (see
// app/plots/nolatex/README.md).
replace codeberg.org/go-latex/latex => ./app/plots/nolatex

// go-app builds its server's side (Handler, with net/http) into app.wasm
// too, and net/http brings TLS and x509 with it: 0.33 MB of app.wasm after
// brotli. The copy here builds that side natively only (see
// app/goapp/PATCH.md).
replace github.com/maxence-charriere/go-app/v9 => ./app/goapp
