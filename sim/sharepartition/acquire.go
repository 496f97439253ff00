package sharepartition

// minThrottleLimit is SharePartition.MINIMUM_THROTTLE_RECORDS_DELIVERY_LIMIT.
const minThrottleLimit = 2

// Acquire is a share fetch from member at now (SharePartition.acquire):
// it acquires up to maxRecords records (max.poll.records) for the member,
// each locked until now + the lock duration. It starts at the next fetch
// offset, the first record made available again (released, or its lock
// expired) or else the end offset, skips records someone holds or that
// are done, and goes on into new records below logEnd (the high
// watermark) while the in-flight window stays within the record lock
// limit. It returns how many records it acquired; none means Kafka's fetch
// waits in the purgatory (DelayedShareFetch) up to fetch.max.wait.ms and
// comes back empty.
//
// Records near their last delivery are delivered in smaller fetches, as
// acquireSubsetBatchRecords does: a record on its last delivery attempt
// (share.delivery.count.limit above 2) goes alone, and once a record has
// been delivered half the limit (at least 2) times a fetch takes at most
// the size of the fetch that first delivered it, halved for each delivery
// from there on.
func (p *SharePartition) Acquire(now int64, member int32, maxRecords int, logEnd int64) int {
	if maxRecords <= 0 {
		return 0
	}
	o := p.nextFetchOffset()
	limit := int64(maxRecords)
	last := logEnd - 1
	if room := int64(p.cfg.MaxInFlight) - (p.end - p.start); room < limit {
		limit = room
		if limit <= 0 {
			// lastOffsetAndMaxRecordsToAcquire: at the limit, only records
			// inside the window can be acquired.
			if o >= p.end {
				return 0
			}
			limit, last = min(int64(maxRecords), p.end-o), p.end-1
		}
	}
	dl := p.cfg.DeliveryLimit
	throttleAt := max(minThrottleLimit, (dl+1)/2)
	throttleCap := int64(-1)
	until := now + p.cfg.LockNs
	var n int64
	for ; n < limit && o <= last; o++ {
		if o < p.end && p.available == 0 {
			o = p.end // nothing left to find inside the window
			if o > last {
				break
			}
		}
		if o >= p.end {
			// New records, all on their first delivery: one run, which is
			// the batch their redeliveries are throttled from.
			k := min(limit-n, last-o+1)
			p.grow(int(o + k - p.start))
			b := uint16(min(k, 1<<16-1))
			for q := o; q < o+k; q++ {
				*p.at(q) = record{lockUntil: until, member: member, batch: b, state: Acquired, deliveries: 1}
			}
			p.end = o + k
			p.lockRun(o, o+k-1, until)
			p.emitRun(EventAcquired, member, 1, o, o+k-1)
			n += k
			o += k
			break
		}
		r := p.at(o)
		if r.state != Available {
			continue
		}
		d := int(r.deliveries)
		if n > 0 && (dl > 2 && d == dl-1 || throttleCap < 0 && d >= throttleAt) {
			break // delivered alone, or with its own throttled fetch, next time
		}
		if d >= throttleAt && throttleCap < 0 {
			throttleCap = max(1, int64(r.batch)>>(d-throttleAt+1))
		}
		p.available--
		r.state, r.member, r.lockUntil = Acquired, member, until
		r.deliveries++
		p.lock(o, until)
		p.emit(EventAcquired, member, int(r.deliveries), o)
		n++
		if dl > 2 && int(r.deliveries) == dl || n == throttleCap {
			o++
			break
		}
	}
	if p.nextAvail < o && p.available > 0 {
		p.nextAvail = min(o, p.end)
	}
	return int(n)
}

// nextFetchOffset is the first Available record of the window, or the end
// offset (SharePartition.nextFetchOffset).
func (p *SharePartition) nextFetchOffset() int64 {
	if p.available == 0 {
		p.nextAvail = p.end
		return p.end
	}
	for o := p.nextAvail; o < p.end; o++ {
		if p.at(o).state == Available {
			p.nextAvail = o
			return o
		}
	}
	p.nextAvail = p.end
	return p.end
}

// lock queues the acquisition lock of offset o; see lockRun.
func (p *SharePartition) lock(o, until int64) { p.lockRun(o, o, until) }

// lockRun queues the acquisition lock of offsets first..last, joining the
// last entry when it continues it.
func (p *SharePartition) lockRun(first, last, until int64) {
	if n := len(p.locks); n > p.lockHead {
		l := &p.locks[n-1]
		if l.until == until && l.last+1 == first {
			l.last = last
			return
		}
	}
	p.locks = append(p.locks, lock{first: first, last: last, until: until})
}
