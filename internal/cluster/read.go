package cluster

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"unicode/utf8"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kgo"
)

// errNotThere is a topic or group the cluster does not have: it
// answered, so the address is right.
var errNotThere = errors.New("not found")

// clusterView is what import cluster reads from a real cluster, with
// read-only requests only: metadata, offsets, group descriptions and a
// sample of records fetched without a group (nothing is committed,
// nothing joins the group, nothing is produced).
type clusterView struct {
	topic      string
	partitions int
	// start and end are each partition's first and next offsets.
	start, end []int64
	group      *groupView
	// keys counts the sampled records' keys; keyless and binary count
	// those without a key and those whose key is not UTF-8 text.
	keys             map[string]int64
	sampled, keyless int64
	binary           int64
	// sampleCut says the time-out ended the sample early.
	sampleCut bool
}

// groupView is a consumer group as described by the cluster.
type groupView struct {
	name, state string
	// protocol is classic or consumer (KIP-848); assignor is the
	// partition assignor it runs.
	protocol, assignor string
	members            []memberView
	// lag is each partition's end offset minus the group's committed
	// offset (-1: nothing committed).
	lag []int64
}

type memberView struct {
	id, instanceID, clientID, host string
	partitions                     []int32
}

// readCluster reads the topic, the group (when given) and up to sample
// records' keys. Every request runs under ctx, whose deadline is the
// time-out.
func readCluster(ctx context.Context, opts []kgo.Opt, topic, group string, sample int) (*clusterView, error) {
	cl, err := kgo.NewClient(opts...)
	if err != nil {
		return nil, err
	}
	defer cl.Close()
	adm := kadm.NewClient(cl)
	topics, err := adm.ListTopics(ctx, topic)
	if err != nil {
		return nil, err
	}
	td, ok := topics[topic]
	if !ok || td.Err != nil {
		if ok {
			return nil, fmt.Errorf("topic %q: %w (%v)", topic, errNotThere, td.Err)
		}
		return nil, fmt.Errorf("topic %q: %w", topic, errNotThere)
	}
	v := &clusterView{topic: topic, partitions: len(td.Partitions), keys: map[string]int64{}}
	v.start, v.end = make([]int64, v.partitions), make([]int64, v.partitions)
	for _, list := range []struct {
		get func(context.Context, ...string) (kadm.ListedOffsets, error)
		to  []int64
	}{{adm.ListStartOffsets, v.start}, {adm.ListEndOffsets, v.end}} {
		offs, err := list.get(ctx, topic)
		if err != nil {
			return nil, err
		}
		for p := range v.partitions {
			o, ok := offs.Lookup(topic, int32(p))
			if !ok || o.Err != nil {
				return nil, fmt.Errorf("topic %q partition %d: offsets not listed: %v", topic, p, o.Err)
			}
			list.to[p] = o.Offset
		}
	}
	if group != "" {
		if v.group, err = readGroup(ctx, adm, topic, group, v.end); err != nil {
			return nil, err
		}
	}
	if sample > 0 {
		if err := v.readSample(ctx, opts, sample); err != nil {
			return nil, err
		}
	}
	return v, nil
}

// readGroup describes a group, classic first, then as a KIP-848 consumer
// group, and computes its lag on the topic from its committed offsets.
func readGroup(ctx context.Context, adm *kadm.Client, topic, group string, end []int64) (*groupView, error) {
	g := &groupView{name: group}
	described, err := adm.DescribeGroups(ctx, group)
	if err != nil {
		return nil, fmt.Errorf("group %q: %w", group, err)
	}
	d, ok := described[group]
	classic := ok && d.Err == nil && d.State != "Dead" && (d.ProtocolType == "consumer" || d.ProtocolType == "")
	// A classic group that runs has its assignor as its protocol; a KIP-848
	// group (or an empty one) does not, so ask the KIP-848 way first.
	if !classic || d.Protocol == "" {
		if cg, err := adm.DescribeConsumerGroups(ctx, group); err == nil {
			if c, ok := cg[group]; ok && c.Err == nil && c.State != "Dead" && c.State != "" {
				g.state, g.protocol, g.assignor = c.State, "consumer", c.AssignorName
				for _, m := range c.Members {
					mv := memberView{id: m.MemberID, clientID: m.ClientID, host: m.ClientHost, instanceID: deref(m.InstanceID)}
					// A response may name assigned topics by id only; a member
					// subscribed to this topic alone is assigned this topic.
					only := len(m.SubscribedTopics) == 1 && m.SubscribedTopics[0] == topic
					m.Assignment.Each(func(t string, p int32) {
						if t == topic || (t == "" && only) {
							mv.partitions = append(mv.partitions, p)
						}
					})
					g.members = append(g.members, mv)
				}
				classic = false
			}
		}
	}
	switch {
	case classic:
		g.state, g.protocol, g.assignor = d.State, "classic", d.Protocol
		for _, m := range d.Members {
			mv := memberView{id: m.MemberID, clientID: m.ClientID, host: m.ClientHost, instanceID: deref(m.InstanceID)}
			if a, ok := m.Assigned.AsConsumer(); ok {
				for _, t := range a.Topics {
					if t.Topic == topic {
						mv.partitions = append(mv.partitions, t.Partitions...)
					}
				}
			}
			g.members = append(g.members, mv)
		}
	case g.protocol == "":
		return nil, fmt.Errorf("group %q: %w (neither a classic nor a KIP-848 consumer group)", group, errNotThere)
	}
	for i := range g.members {
		slices.Sort(g.members[i].partitions)
	}
	offs, err := adm.FetchOffsetsForTopics(ctx, group, topic)
	if err != nil {
		return nil, fmt.Errorf("group %q: committed offsets: %w", group, err)
	}
	g.lag = make([]int64, len(end))
	for p := range end {
		g.lag[p] = -1
		if o, ok := offs.Lookup(topic, int32(p)); ok && o.Err == nil && o.At >= 0 {
			g.lag[p] = end[p] - o.At
		}
	}
	return g, nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// readSample fetches up to n records without a group: from each
// partition a share of n proportional to its records, its latest ones,
// so the keys' mix is the topic's.
func (v *clusterView) readSample(ctx context.Context, opts []kgo.Opt, n int) error {
	var total int64
	for p := range v.partitions {
		total += v.end[p] - v.start[p]
	}
	if total == 0 {
		return nil
	}
	from := map[int32]kgo.Offset{}
	want := map[int32]int64{} // the offset each partition is read up to
	for p := range v.partitions {
		size := v.end[p] - v.start[p]
		take := min(size, (int64(n)*size+total-1)/total)
		if take > 0 {
			from[int32(p)] = kgo.NewOffset().At(v.end[p] - take)
			want[int32(p)] = v.end[p]
		}
	}
	cl, err := kgo.NewClient(append(slices.Clone(opts), kgo.ConsumePartitions(map[string]map[int32]kgo.Offset{v.topic: from}))...)
	if err != nil {
		return err
	}
	defer cl.Close()
	for len(want) > 0 && v.sampled < int64(n) {
		fetches := cl.PollFetches(ctx)
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			v.sampleCut = true
			return nil
		}
		if err := fetches.Err0(); err != nil && !errors.Is(err, context.Canceled) {
			return fmt.Errorf("sampling %q: %w", v.topic, err)
		}
		fetches.EachRecord(func(r *kgo.Record) {
			end, ok := want[r.Partition]
			if !ok || r.Offset >= end || v.sampled >= int64(n) {
				return
			}
			v.sampled++
			switch {
			case r.Key == nil:
				v.keyless++
			case !utf8.Valid(r.Key):
				v.binary++
			default:
				v.keys[string(r.Key)]++
			}
			if r.Offset >= end-1 {
				delete(want, r.Partition)
			}
		})
	}
	return nil
}
