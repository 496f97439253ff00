package i18n

// Plural forms, as CLDR names them. Only the two the app's languages need
// for whole counts are used: CLDR's French, Spanish and Portuguese "many"
// applies to exact millions in compact notation, which nothing here counts.
const (
	One   = "one"
	Other = "other"
)

// Forms are the plural forms a counted message must give in l: Korean has
// one form for every count.
func (l Lang) Forms() []string {
	if l == Korean {
		return []string{Other}
	}
	return []string{One, Other}
}

// PluralForm is the CLDR plural category of the whole number n in l
// (https://www.unicode.org/cldr/charts/latest/supplemental/language_plural_rules.html):
// English and Spanish say "one" for 1 only; French and Brazilian Portuguese
// for 0 and 1 ("0 étape", "0 etapa"); Korean never.
func (l Lang) PluralForm(n int64) string {
	switch l {
	case Korean:
		return Other
	case French, Portuguese:
		if n == 0 || n == 1 {
			return One
		}
	default:
		if n == 1 {
			return One
		}
	}
	return Other
}
