package ordering

// examplesPerScope bounds the evidence kept: the first violations of each
// scope, enough to see every cause without growing with the run.
const examplesPerScope = 20

// Example is one violation kept with its evidence. The earlier event may
// complete after the violation is found; its completion is filled in then.
type Example struct {
	Scope             int
	Cause             Cause
	EarlierSeq        int64
	Earlier           Entry
	Later             Entry
	LaterCompletion   Completion
	EarlierCompletion Completion
	EarlierCompleted  bool // the earlier event has completed
}

type exampleLog struct {
	list  []Example
	count [NumScopes]int
}

func (l *exampleLog) wants(scope int) bool { return l.count[scope] < examplesPerScope }

func (l *exampleLog) add(scope int, c Cause, earlierG int64, earlier, later Entry, how Completion) {
	l.count[scope]++
	l.list = append(l.list, Example{Scope: scope, Cause: c, EarlierSeq: earlierG, Earlier: earlier, Later: later, LaterCompletion: how})
}

// earlierDone fills in the completion of a watched earlier event.
func (l *exampleLog) earlierDone(g int64, d *Entry, how Completion) {
	for i := range l.list {
		e := &l.list[i]
		if e.EarlierSeq == g && !e.EarlierCompleted {
			e.Earlier, e.EarlierCompletion, e.EarlierCompleted = *d, how, true
		}
	}
}
