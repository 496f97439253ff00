package ordering

// Key kinds: what a record's key is made of. The key scope of the ordering
// checker compares (kind, id), so "order 17" and "customer 17" differ.
const (
	KindNone     uint8 = iota // keyless record
	KindOrder                 // id = order id
	KindCustomer              // id = customer id
	KindSalted                // id = hot customer index × buckets + bucket
	KindSKU                   // id = sku
	KindCountry               // id = country index
)
