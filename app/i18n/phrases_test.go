package i18n

import (
	"regexp"
	"strings"
	"testing"
)

// phrase is a phrase the native review of 2026-12-01 replaced in a
// language, which must not come back in any catalog or lesson overlay.
// A phrase, unlike a word of avoided, is wrong only in its context: "se
// rompe el orden" is Spanish, "los clientes se rompen" says the customers
// break.
func phrase(expr, want string) avoid {
	return avoid{re: regexp.MustCompile(expr), want: want}
}

// afterOrder reports whether the match at s[i:j] follows "순서가 ", so that
// "순서가 깨지는 고객" (customers whose order breaks) stays allowed and
// "깨지는 고객" (customers who break) does not.
func afterOrder(s string, i, j int) bool { return strings.HasSuffix(s[:i], "순서가 ") }

// orderPer reports whether the Spanish "clave se rompe" at s[i:j] ends
// "el orden por clave", whose order does break.
func orderPer(s string, i, j int) bool { return strings.HasSuffix(s[:i], "orden por ") }

// notALetter ends a pattern where \b cannot: Go's \b is ASCII, so it
// finds no boundary after é or before a Hangul syllable.
const notALetter = `(\P{L}|$)`

// breaks is the calque the four translations shared: an order, a customer
// or a key "breaks", said word for word. The order of their events breaks.
const breaks = "the order of their events breaks, not the orders or customers themselves"

// refusedPhrases are, per language, the calques and term slips the review
// (../shared/reviews/languages-2026-12-01.md, recorded in docs/glossary.md)
// found, each with what the glossary says instead.
var refusedPhrases = map[Lang][]avoid{
	Portuguese: {
		phrase(`(?i)\b(pedido|cliente|key)s?\s+(quebra|quebram|quebrou|quebrad[oa]s?)\b`, breaks+": ficam fora de ordem, todo pedido fica em ordem"),
		phrase(`(?i)\bclientes?\s+quentes?\b|\bclientes quentes\b|\bFração quente\b`, "cliente hot, as the article"),
		phrase(`(?i)\bfenced\b`, "sofreu fencing / com fencing"),
		phrase(`(?i)\bestático com fencing\b`, "que sofreu fencing (com fencing reads as fencing turned on)"),
		phrase(`\bDuplicados\b`, "duplicatas"),
		phrase(`(?i)\bde atribuição\b`, "assignment"),
		phrase(`^Retries$`, "Retry"),
		phrase(`(?i)\b(são|é) refeit[ao]s?\b|\brefeitas?\b`, "passar por retry"),
		phrase(`(?i)\bnunca nenhum`, "nunca zero"),
		phrase(`(?i)\brollings?\b(\s*:|\s+(para|documentados|volta|não)\b)|\brollings\b|rolling"`, "rolling restart(s)"),
		phrase(`(?i)\bcarga de trabalho\b`, "carga"),
		phrase(`(?i)\bretry no lugar\b|\(no lugar\)`, "na própria partição (no lugar reads as instead)"),
		phrase(`(?i)\bmudança executa de novo\b`, "a simulação roda de novo"),
		phrase(`(?i)\boffset com commit\b`, "offset commitado"),
		phrase(`(?i)\bmais cheia\b`, "mais carregada"),
		phrase(`(?i)“salt”`, "“salting”, the cause's name"),
	},
	Spanish: {
		{re: regexp.MustCompile(`(?i)\b(pedido|cliente|clave)s?\s+(se\s+)?romp(e|en|ió|ieron)\b`), want: breaks + ": se rompe el orden de, tienen eventos desordenados", allowed: orderPer},
		phrase(`(?i)\b(pedido|cliente|clave)s?\s+rot[oa]s?\b`, breaks),
		phrase(`(?i)\bfenced\b`, "recibió fencing / con fencing"),
		phrase(`(?i)\bestático con fencing\b`, "que recibió fencing"),
		phrase(`(?i)\bReinicio del offset\b`, "reset del offset (reinicio is a restart)"),
		phrase(`(?i)\btimeout de sesión\b`, "session timeout, as the editor's label"),
		phrase(`(?i)\b(tenían|tienen|tiene|tenía) commit\b|\b(pero|aún) sin commit\b`, "offset confirmado, sin confirmar (sin commit alone, an act not done, stays)"),
		phrase(`(?i)\bFracción caliente\b`, "cuota de los clientes calientes"),
		phrase(`(?i)\bnunca ninguno\b`, "nunca cero"),
		phrase(`(?i)\ben el (sitio|lugar)\b`, "en el mismo lugar, one name for retrying in place"),
		phrase(`[«»]`, "“ ”, as every other Spanish string"),
		phrase(`(?i)\bpartitioners? sticky\b`, "sticky partitioner"),
		phrase(`(?i)\bcambio vuelve a ejecutarse\b`, "vuelve a lanzar la ejecución"),
		phrase(`(?i)\bellas son los\b`, "esas claves son"),
		phrase(`“salt”`, "“salting”, the cause's name"),
	},
	French: {
		phrase(`(?i)\b(commande|client|clé)s?\s+(sont|est|n’est|ne sont)\s+(pas\s+)?cass(é|ée|és|ées)`+notALetter, breaks+": traitées dans le désordre, reste dans l’ordre"),
		phrase(`(?i)\b(commande|client|clé)s?\s+cass(é|ée|és|ées)`+notALetter, breaks),
		phrase(`(?i)\bsal(er|é|ée|és|ées)`+notALetter, "salting, avec salt: saler is cooking"),
		phrase(`(?i)\bfenced\b`, "fencé"),
		phrase(`(?i)\btimeout de session\b`, "session timeout, as the editor's label"),
		phrase(`(?i)\bDélai maximal entre deux poll`, "Intervalle max. entre polls, as the editor's label"),
		phrase(`(?i)\bminuteries?\b`, "timer"),
		phrase(`(?i)\bexactement où\b`, "exactement là où"),
		phrase(`(?i)\brequêtes? produce\b`, "produce request, as the glossary"),
		phrase(`(?i)\bsimulateur l’a\b`, "tel que le simulateur le modélise"),
		phrase(`^Retries$`, "Retry"),
		phrase(`(?i)\bPart chaude\b`, "part des clients chauds"),
		phrase(`(?i)\bpour clé\b`, "comme clé"),
		phrase(`(?i)\bpartitioners? sticky\b`, "sticky partitioner"),
		phrase(`(?i)\bde partitions ne change rien\b`, "ne servent à rien (plus de threads is plural)"),
		phrase(`«\x{a0}salt\x{a0}»`, "« salting », the cause's name"),
	},
	Korean: {
		phrase(`(주문|고객|key)(이|가) 깨`, breaks+": 주문별 순서가 깨집니다"),
		{re: regexp.MustCompile(`깨(지는|진) (주문|고객|key)`), want: breaks + ": 순서가 깨지는 주문", allowed: afterOrder},
		phrase(`뜨거`, "hot (hot key, hot partition, hot 고객)"),
		phrase(`붐비는`, "hot한"),
		phrase(`중단됨|중단되었|중단된 프로세스|\{instance\} 중단|에 중단`, "장애 / 죽습니다 for a crash; 중단 reads as 종료 (a clean shutdown)"),
		phrase(`(\d|\}) s([^A-Za-z]|$)`, "N초 in prose"),
		phrase(`\d ×[가-힣]`, "N배"),
		phrase(`의도하셨습니까`, "혹시 …을(를) 쓰려고 하셨나요?"),
		phrase(`성립합니까`, "맞는지 확인"),
		phrase(`최대 처리율`, "최대 유입량 (the rate records arrive)"),
		phrase(`니까요\.`, "합니다체 (…기 때문입니다), never 해요체 statements"),
		phrase(`합류|참여`, "join (join합니다), as everywhere else"),
		phrase(`produce 요청`, "produce request"),
		phrase(`(?i)\bfenced\b`, "fencing된"),
		phrase(`^(Member|Offset reset|Key serializer)$|^Rebalance stop-the-world$`, "Korean labels (member, offset 재설정, key의 serializer)"),
		phrase(`‘salt’`, "‘salting’, the cause's name"),
	},
}

// eachRefusal calls f with each match in s of a word or phrase of list,
// except in a placeholder ({fenced}, the code's name for a value) and
// where the entry allows it (a Kafka name).
func eachRefusal(list []avoid, s string, f func(a avoid, match string)) {
	for _, a := range list {
		for _, m := range a.re.FindAllStringIndex(s, -1) {
			if m[0] > 0 && s[m[0]-1] == '{' || a.allowed != nil && a.allowed(s, m[0], m[1]) {
				continue
			}
			f(a, s[m[0]:m[1]])
		}
	}
}

// No catalog and no lesson overlay uses a phrase the review replaced.
func TestGlossaryPhrasesEverywhere(t *testing.T) {
	for _, l := range Langs()[1:] {
		for _, x := range textsIn(t, l) {
			eachRefusal(refusedPhrases[l], x.s, func(a avoid, m string) {
				t.Errorf("%s: %q in %q; the glossary says %s", x.where, m, x.s, a.want)
			})
		}
	}
}

// refused reports whether l's phrases refuse s.
func refused(l Lang, s string) bool {
	found := false
	eachRefusal(refusedPhrases[l], s, func(avoid, string) { found = true })
	return found
}

// Each calque and slip the review quoted is refused; the text that
// replaced it is not.
func TestGlossaryPhrasesRule(t *testing.T) {
	for _, c := range []struct {
		l       Lang
		s       string
		refused bool
	}{
		{Portuguese, "clientes quebram", true},
		{Portuguese, "Centenas de pedidos quebram, explicados como", true},
		{Portuguese, "nenhuma key quebra", true},
		{Portuguese, "todo pedido quebrado vem de", true},
		{Portuguese, "há clientes com eventos fora de ordem", false},
		{Portuguese, "Serializers misturados quebram a ordem", false},
		{Portuguese, "O que quebra quando outro producer não o usa?", false},
		{Portuguese, "Um cliente quente", true},
		{Portuguese, "Um cliente hot", false},
		{Portuguese, "Nenhum membro foi expulso, fenced ou recusado", true},
		{Portuguese, "com fencing: {fenced}", false},
		{Portuguese, "Um rolling: recusado", true},
		{Portuguese, "Dois rolling restarts: funciona", false},
		{Spanish, "los clientes se rompen", true},
		{Spanish, "ningún pedido se rompe", true},
		{Spanish, "cada pedido roto viene de", true},
		{Spanish, "se rompe el orden de cientos de pedidos", false},
		{Spanish, "¿Qué se rompe cuando otro producer no lo usa?", false},
		{Spanish, "Timeout de sesión", true},
		{Spanish, "así que el orden por clave se rompe para cada clave", false},
		{Spanish, "el proceso murió: sin LeaveGroup, sin commit", false},
		{Spanish, "Esos offsets ya tenían commit", true},
		{Spanish, "SVG: descargar el gráfico «{chart}»", true},
		{French, "des clients sont cassés", true},
		{French, "aucune commande n’est cassée", true},
		{French, "chaque commande cassée vient de", true},
		{French, "Des serializers mélangés cassent l’ordre", false},
		{French, "chaque client reste dans l’ordre", false},
		{French, "Le client chaud salé par id de commande", true},
		{French, "{keys} clés salées, plus que", true},
		{French, "Clients avec salting", false},
		{French, "Saler une hot key", true},
		{French, "fenced\u00a0: {fenced}", true},
		{French, "fencés\u00a0: {fenced}", false},
		{French, "Deux minuteries surveillent", true},
		{Korean, "고객이 깨집니다", true},
		{Korean, "수백 건의 주문이 깨지며", true},
		{Korean, "깨지는 key가 없습니다", true},
		{Korean, "순서가 깨지는 key가 없습니다", false},
		{Korean, "고객별 순서가 깨집니다", false},
		{Korean, "뜨거운 고객 {hot}명", true},
		{Korean, "인스턴스 {instance}: {at} s에 중단", true},
		{Korean, "인스턴스 {instance}: {at}초에 장애로 죽음", false},
		{Korean, "5 s에 member 1이 종료됩니다.", true},
		{Korean, "50 ms 간격으로", false},
		{Korean, "끝 값이 중간 값의 1.5 ×입니다", true},
		{Korean, "나눠 쓰지 않으니까요.", true},
		{Korean, "Member", true},
	} {
		if got := refused(c.l, c.s); got != c.refused {
			t.Errorf("%s %q: refused %v, want %v", c.l, c.s, got, c.refused)
		}
	}
}
