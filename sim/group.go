package sim

import "fmt"

// setUpConsumers creates the members (instances × concurrency consumer
// threads), their executors and the retry topic's consumer.
func (s *Sim) setUpConsumers() {
	k := s.sc.Consumer
	s.procMeanNs = k.ProcessingMs * 1e6
	s.consumerFailureRate = k.FailureRate
	next := firstMember
	for i := range k.Instances {
		for t := range k.Concurrency {
			m := &member{idx: int32(len(s.members)), instance: i, threadNo: t}
			m.actor, m.thread = next, int32(len(s.threadNames))
			next++
			s.threadNames = append(s.threadNames, fmt.Sprintf("consumer-%d-%d", i+1, t+1))
			s.members = append(s.members, m)
		}
	}
	if k.Mode != ModeSequential {
		for _, m := range s.members {
			threads := make([]*worker, k.PoolThreads)
			for j := range threads {
				threads[j] = &worker{actor: next, thread: int32(len(s.threadNames))}
				next++
				s.threadNames = append(s.threadNames, fmt.Sprintf("%s/pool-%d", s.threadNames[m.thread], j+1))
				s.pool = append(s.pool, threads[j])
				s.poolOwner = append(s.poolOwner, m.idx)
			}
			m.exec = newExecutor(k.Mode == ModePerKeyQueues, threads)
		}
	}
	s.retry = &retryTopic{}
	s.retry.actor, s.retry.thread = actorRetry, int32(len(s.threadNames))
	s.threadNames = append(s.threadNames, "retry-topic-consumer")
	s.groupRefreshPhase = int64(s.grng.float64() * float64(msToNs(k.MetadataMaxAgeMs)))
}

// startGroup gives the members their first assignment.
func (s *Sim) startGroup() { s.reassign() }

// groupSeesPartitions is the group leader noticing a new partition count.
func (s *Sim) groupSeesPartitions() {
	if s.groupN == s.n {
		return
	}
	s.reassign()
}

// reassign spreads the partitions the group knows over the members, as the
// range assignor does for one topic, and positions new partitions by
// auto.offset.reset.
func (s *Sim) reassign() {
	old := s.groupN
	s.groupN = s.n
	for p := old; p < s.groupN; p++ {
		if s.sc.Consumer.AutoOffsetReset == "latest" {
			l := &s.logs[p]
			for o := l.base; o < l.end; o++ {
				s.loseRecord(l.at(o))
			}
			s.position[p], s.committed[p] = l.end, l.end
			l.trim(l.end)
		}
	}
	n := int(s.groupN)
	members := len(s.members)
	q, r := n/members, n%members
	p := 0
	for i, m := range s.members {
		count := q
		if i < r {
			count++
		}
		parts := make([]int32, 0, count)
		for range count {
			parts = append(parts, int32(p))
			s.owner[p] = m.idx
			p++
		}
		m.assign(s, parts)
	}
}
