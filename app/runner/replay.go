package runner

import (
	"encoding/json"

	"partitionlab/sim/scenario"
)

// replays keeps the worker's replies to the last runs that ended, by their
// request: the engine is deterministic, so the same scenario, with the same
// seed, charts and language, gives the same result, charts and trace. A run
// asked for again (a value changed and changed back, a lesson's step seen
// before, two settings compared by flipping between them) is shown from
// here without the engine. It keeps the replies as the worker sent them and
// the page reads them again, so nothing the page holds is shared between
// two showings of a run.
type replays struct {
	runs  []replay // the least recently used first
	bytes int
}

// replay is one run's replies: its result and its end.
type replay struct {
	key          string
	result, done string
}

// The most replays kept, and the most bytes of replies; a run whose
// replies are bigger than maxReplayOne is not kept. (A lesson's step's
// result with its five charts was 70–84 kB, its end with the trace 172–183
// kB; a trace holds at most TraceLimit events.)
const (
	maxReplays     = 8
	maxReplayBytes = 24 << 20
	maxReplayOne   = 8 << 20
)

func (r replay) size() int { return len(r.key) + len(r.result) + len(r.done) }

// requestFor is the request for a run of sc, without its ID, and its key:
// what the run's replies depend on, the request as JSON without the ID.
// The scenario is written once for both.
func requestFor(sc scenario.Scenario, traced bool, charts []string, lang string) (Request, string) {
	req := Request{Kind: KindRun, Scenario: scenario.MarshalScenario(sc), Traced: traced, Charts: charts, Lang: lang}
	b, _ := json.Marshal(req)
	return req, string(b)
}

// post is the effect that posts req as run id.
func post(req Request, id int) Effect {
	req.ID = id
	b, _ := json.Marshal(req)
	return Effect{Kind: Post, Request: string(b)}
}

// find returns the replies kept for key, now the most recently used.
func (rs *replays) find(key string) (replay, bool) {
	for i, r := range rs.runs {
		if r.key == key {
			copy(rs.runs[i:], rs.runs[i+1:])
			rs.runs[len(rs.runs)-1] = r
			return r, true
		}
	}
	return replay{}, false
}

// has reports whether replies are kept for key.
func (rs *replays) has(key string) bool {
	for _, r := range rs.runs {
		if r.key == key {
			return true
		}
	}
	return false
}

// keep adds a run's replies, letting go of the least recently used ones
// beyond the bounds.
func (rs *replays) keep(r replay) {
	if r.size() > maxReplayOne || rs.has(r.key) {
		return
	}
	rs.runs = append(rs.runs, r)
	rs.bytes += r.size()
	for len(rs.runs) > maxReplays || rs.bytes > maxReplayBytes {
		rs.bytes -= rs.runs[0].size()
		rs.runs[0] = replay{}
		rs.runs = rs.runs[1:]
	}
}

// aheadRun is a run made ahead (Client.Prefetch): its request's key, how
// many charts it asked for, whether its result came, and that result's
// reply, when it has every chart, until its end.
type aheadRun struct {
	id     int
	key    string
	charts int
	result bool
	kept   string
}

// Prefetch makes run id of sc ahead of its asking, when no run is in flight
// and none like it is kept: the worker would be idle, and the page expects
// to ask for it next (a lesson's next step). Its replies are only kept, so
// that Start gives them back at once; a Start of any run before it ends
// replaces it in the worker. It returns the request to post, or nothing.
func (c *Client) Prefetch(id int, sc scenario.Scenario, traced bool, charts []string) []Effect {
	req, key := requestFor(sc, traced, charts, c.Lang)
	if c.running || c.ahead != nil || c.replays.has(key) {
		return nil
	}
	c.ahead = &aheadRun{id: id, key: key, charts: len(charts)}
	return []Effect{post(req, id)}
}

// Ahead reports whether a run made ahead is in flight.
func (c *Client) Ahead() bool { return c.ahead != nil }

// hearAhead takes a reply to the run made ahead: its result, kept when it
// has every chart, is kept with its end; an error ends it unkept.
func (c *Client) hearAhead(r Reply, data string) {
	a := c.ahead
	switch r.Kind {
	case KindResult:
		a.result = true
		if a.kept = ""; everyChart(r, a.charts) {
			a.kept = data
		}
	case KindDone:
		if a.kept != "" {
			c.replays.keep(replay{key: a.key, result: a.kept, done: data})
		}
		c.ahead = nil
	case KindError:
		c.ahead = nil
	}
}

// everyChart reports whether result reply r has the n charts its run asked
// for: only such a result is kept for a replay.
func everyChart(r Reply, n int) bool { return len(r.ChartErrors) == 0 && len(r.Charts) == n }
