module codeberg.org/go-latex/latex

go 1.24

require golang.org/x/image v0.30.0
