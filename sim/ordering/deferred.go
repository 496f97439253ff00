package ordering

// Records a producer retried are appended long after they are sent. When
// the engine forks its record stream (sim/stream.go), the stream at the
// clock appends them, counting only, while the stream that registers them
// here may not even have sent them yet; an event's offset must still read as
// it would in a run that never forks: set from the moment the stream at the
// clock appended it.

// NextSeq is the g the next Reserve hands out.
func (c *Checker) NextSeq() int64 { return c.nextSeq }

// InFlight is how many events the checker holds entries for: from the
// oldest not yet done to the last sent.
func (c *Checker) InFlight() int64 { return c.nextSeq - c.oldestOpen }

// AppendedAhead notes that event g was appended at offset o by the stream
// running at the clock: its entry reads that offset from now on, or from
// its Reserve when g has not been handed out yet.
func (c *Checker) AppendedAhead(g, o int64) {
	if g < c.nextSeq {
		if g >= c.oldestOpen {
			c.Entry(g).Offset = o
		}
		return
	}
	if c.ahead == nil {
		c.ahead = map[int64]int64{}
	}
	c.ahead[g] = o
}

// appendedAhead gives the entry of event g, just reserved, the offset the
// stream at the clock appended it at, if it did.
func (c *Checker) appendedAhead(g int64, d *Entry) {
	if o, ok := c.ahead[g]; ok {
		d.Offset = o
		delete(c.ahead, g)
	}
}
