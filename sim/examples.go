package sim

// examplesPerScope bounds the evidence kept: the first violations of each
// scope, enough to see every cause without growing with the run.
const examplesPerScope = 20

// example is one violation kept with its evidence. The earlier event may
// complete after the violation is found; its completion is filled in then.
type example struct {
	scope    int
	cause    cause
	earlierG int64
	earlier  inflight
	later    inflight
	laterAt  completion
	earlyAt  completion
	earlyOK  bool // the earlier event has completed
}

type exampleLog struct {
	list  []example
	count [numScopes]int
}

func (l *exampleLog) wants(scope int) bool { return l.count[scope] < examplesPerScope }

func (l *exampleLog) add(scope int, c cause, earlierG int64, earlier, later inflight, how completion) {
	l.count[scope]++
	l.list = append(l.list, example{scope: scope, cause: c, earlierG: earlierG, earlier: earlier, later: later, laterAt: how})
}

// earlierDone fills in the completion of a watched earlier event.
func (l *exampleLog) earlierDone(g int64, d *inflight, how completion) {
	for i := range l.list {
		e := &l.list[i]
		if e.earlierG == g && !e.earlyOK {
			e.earlier, e.earlyAt, e.earlyOK = *d, how, true
		}
	}
}
