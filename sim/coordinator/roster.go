package coordinator

import "partitionlab/sim/assignor"

// roster is a group's members by id, iterated in the order of the
// coordinator's HashMap of member ids, and its static members by
// group.instance.id.
type roster[M any] struct {
	byID   map[string]*M
	order  assignor.JoinOrder
	static map[string]string // group.instance.id -> member id
}

func newRoster[M any]() roster[M] {
	return roster[M]{byID: map[string]*M{}, static: map[string]string{}}
}

// add puts a member in (replacing any holder of its group.instance.id).
func (r *roster[M]) add(id, instanceID string, m *M) {
	r.byID[id] = m
	r.order.Add(id)
	if instanceID != "" {
		r.static[instanceID] = id
	}
}

// remove takes a member out.
func (r *roster[M]) remove(id, instanceID string) {
	delete(r.byID, id)
	r.order.Remove(id)
	if instanceID != "" && r.static[instanceID] == id {
		delete(r.static, instanceID)
	}
}

// list is the members in the coordinator's order.
func (r *roster[M]) list() []*M {
	ids := r.order.MemberIDs()
	out := make([]*M, len(ids))
	for i, id := range ids {
		out[i] = r.byID[id]
	}
	return out
}

// memberIDBase is what a new member id starts with: the group.instance.id
// of a static member, the client.id of a dynamic one.
func memberIDBase(clientID, instanceID string) string {
	if instanceID != "" {
		return instanceID
	}
	return clientID
}
