module github.com/maxence-charriere/go-app/v9

go 1.18

require (
	github.com/SherClockHolmes/webpush-go v1.2.0
	github.com/gomarkdown/markdown v0.0.0-20221013030248-663e2500819c
	github.com/google/uuid v1.3.0
	github.com/stretchr/testify v1.6.1
	golang.org/x/net v0.7.0
)

require (
	github.com/davecgh/go-spew v1.1.0 // indirect
	github.com/golang-jwt/jwt v3.2.2+incompatible // indirect
	github.com/pmezard/go-difflib v1.0.0 // indirect
	golang.org/x/crypto v0.6.0 // indirect
	gopkg.in/yaml.v3 v3.0.0-20200313102051-9f266ea9e77c // indirect
)
