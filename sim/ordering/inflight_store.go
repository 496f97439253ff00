package ordering

// inflightStore holds the inflight entries of the events sent and not yet
// all done, by g, in blocks of 4,096 that are recycled as the oldest events
// complete: memory follows the events in flight without a ring's doubling.
type inflightStore struct {
	blocks []*inflightBlock // blocks[i] holds the g of block number first+i
	first  int64
	spare  []*inflightBlock
	gone   Entry // what an event already forgotten reads and writes
}

const inflightBlockBits = 12

type inflightBlock [1 << inflightBlockBits]Entry

// at is event g's entry. An event whose block is gone (long done, seen
// again as a duplicate) gets a scratch entry marked done.
func (st *inflightStore) at(g int64) *Entry {
	i := g>>inflightBlockBits - st.first
	if uint64(i) >= uint64(len(st.blocks)) {
		st.gone = Entry{Flags: FlagDone}
		return &st.gone
	}
	return &st.blocks[i][g&(1<<inflightBlockBits-1)]
}

// hold makes room for event g, the next one sent.
func (st *inflightStore) hold(g int64) {
	if g>>inflightBlockBits-st.first < int64(len(st.blocks)) {
		return
	}
	var b *inflightBlock
	if n := len(st.spare); n > 0 {
		b, st.spare = st.spare[n-1], st.spare[:n-1]
	} else {
		b = new(inflightBlock)
	}
	st.blocks = append(st.blocks, b)
}

// release lets go of the blocks wholly below g, the oldest event in flight.
func (st *inflightStore) release(g int64) {
	if g>>inflightBlockBits > st.first {
		st.releaseBelow(g)
	}
}

func (st *inflightStore) releaseBelow(g int64) {
	for g>>inflightBlockBits > st.first && len(st.blocks) > 0 {
		if len(st.spare) < 2 {
			st.spare = append(st.spare, st.blocks[0])
		}
		st.blocks[0] = nil
		st.blocks = st.blocks[1:]
		st.first++
	}
}

// firstNotDone is the first event from g on (up to end, the next to be
// sent) not marked done.
func (st *inflightStore) firstNotDone(g, end int64) int64 {
	for g < end {
		b := st.blocks[g>>inflightBlockBits-st.first]
		for i := g & (1<<inflightBlockBits - 1); i < 1<<inflightBlockBits; i++ {
			if g == end || b[i].Flags&FlagDone == 0 {
				return g
			}
			g++
		}
	}
	return g
}
