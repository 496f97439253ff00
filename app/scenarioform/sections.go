package scenarioform

func runSection() Section {
	return Section{ID: "run", Title: "Run", Open: true,
		Intro: "How long to simulate, and the seed every random choice is drawn from: the same scenario and seed give the same run, bit for bit.",
		Fields: []Field{
			{Key: "duration_s", Label: "Duration", Unit: "s", Kind: Float,
				Hint: "Simulated time; a longer run takes longer to compute."},
			{Key: "seed", Label: "Seed", Kind: Int,
				Hint: "Change it to see another run of the same design."},
			{Key: "name", Label: "Name", Kind: Text,
				Hint: "Shown in exports and file names."},
		}}
}

func topicSection() Section {
	return Section{ID: "topic", Title: "Topic", Open: true,
		Intro: "The orders topic.",
		Fields: []Field{
			{Key: "topic.partitions", Label: "Partitions", Unit: "partitions", Setting: "--partitions (kafka-topics)", Kind: Int,
				Hint: "The partition count at the start; the timeline can add more."},
			{Key: "topic.record_bytes", Label: "Record size", Unit: "bytes", Kind: Int,
				Hint: "Key, value and overhead of one record, as batch.size counts it."},
		}}
}

func workloadSection() Section {
	return Section{ID: "workload", Title: "Workload", Open: true,
		Intro: "The stream of orders: each order belongs to a customer and sends its events in order, a gap apart.",
		Fields: []Field{
			{Key: "workload.orders_per_s", Label: "Orders", Unit: "orders/s", Kind: Float,
				Hint: "New orders per second, over all producers."},
			{Key: "workload.events_per_order", Label: "Events per order", Kind: List,
				Hint: "Event types each order sends, in this order, separated by commas."},
			{Key: "workload.event_gap_ms", Label: "Gap between events", Unit: "ms", Kind: Float,
				Hint: "Time between two events of one order."},
			{Key: "workload.customers", Label: "Customers", Unit: "customers", Kind: Int,
				Hint: "Distinct customer ids; customer 1 is the busiest."},
			{Key: "workload.customer_skew.kind", Label: "Customer skew", Kind: Choice,
				Options: []Option{{"uniform", "uniform: every customer alike"}, {"zipf", "zipf: a long tail"}, {"hot", "hot: a few customers place a share of all orders"}},
				Hint:    "How orders spread over customers."},
			{Key: "workload.customer_skew.s", Label: "Zipf exponent", Kind: Float, Show: is("workload.customer_skew.kind", "zipf"),
				Hint: "Weight of customer k is 1/k^s: 1 is a classic long tail, higher is more skewed."},
			{Key: "workload.customer_skew.hot_customers", Label: "Hot customers", Unit: "customers", Kind: Int, Show: is("workload.customer_skew.kind", "hot"),
				Hint: "How many customers (ids 1, 2, …) are hot."},
			{Key: "workload.customer_skew.hot_share", Label: "Hot share", Unit: "share, 0..1", Kind: Float, Show: is("workload.customer_skew.kind", "hot"),
				Hint: "The share of all orders the hot customers place (0.4 = 40 %)."},
			{Key: "workload.skus", Label: "SKUs", Unit: "products", Kind: Int,
				Hint: "Distinct products, for keying by sku."},
			{Key: "workload.countries", Label: "Countries", Unit: "countries", Kind: Int,
				Hint: "Distinct countries, for keying by country."},
		}}
}
