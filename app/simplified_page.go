package app

import "github.com/maxence-charriere/go-app/v9/pkg/app"

// simplifiedPage says where the simulator departs from a real cluster, so a
// result is read for what it is.
type simplifiedPage struct{ app.Compo }

// simplifications are the simulator's departures from Kafka, each with why
// it matters little (or when it does).
func simplifications() [][2]string {
	return [][2]string{
		{"One record per produce request for retries.",
			"A failed request fails one record, and its retry is that record alone; real requests carry batches, so a failure delays a whole batch."},
		{"One retry topic, with one consumer.",
			"Failed records go to a single retry topic processed by one consumer after the back-off; real setups may chain several retry topics."},
		{"Fixed network time.",
			"SyncGroup takes 5 ms; every other request (produce, fetch, heartbeat, commit, JoinGroup) takes none."},
		{"Fetches return at once.",
			"A poll() returns every available record (up to max.poll.records) immediately; fetch.min.bytes, fetch.max.wait.ms and byte limits are not modelled."},
		{"Exact heartbeats.",
			"Heartbeats go out exactly every heartbeat.interval.ms, with no jitter and no lost packets."},
		{"No broker failures, no replication.",
			"Leaders never move, and acks, ISR and unclean elections play no part."},
		{"Lag counts records not yet processed.",
			"Kafka's tools (kafka-consumer-groups, the lag metrics) count records not yet committed; with auto-commit the two differ by up to the commit interval."},
		{"Default partitioners only.",
			"Each client's default keyed partitioner is exact; a custom partitioner.class other than the VIP one, explicit partitions on records and partitioner.ignore.keys are not modelled."},
	}
}

func (p *simplifiedPage) Render() app.UI {
	items := simplifications()
	return layout("simplified",
		app.H1().Text("What is simplified"),
		app.P().Class("lead").Text("Partitioning is exact: keys are serialized and hashed byte for byte as the Java client, "+
			"librdkafka and Sarama do, and the consumer-group assignors are Kafka's own algorithms. "+
			"The simulator around them keeps what decides ordering, balance and lag, and leaves out the rest:"),
		app.Section().Class("card prose").Body(
			app.Ul().ID("simplifications").Body(
				app.Range(items).Slice(func(i int) app.UI {
					return app.Li().Body(app.Strong().Text(items[i][0]+" "), app.Text(items[i][1]))
				}),
			),
			app.P().Class("help").Text("Every run is deterministic: the same scenario and seed give the same result, "+
				"bit for bit, in the browser and on the command line (partitionlab simulate)."),
		),
	)
}
