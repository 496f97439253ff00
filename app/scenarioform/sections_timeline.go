package scenarioform

import "partitionlab/sim/scenario"

func timelineSection() Section {
	action := func(names ...string) func(Values) bool { return is("action", names...) }
	instance := action(scenario.ActionRemoveConsumer, scenario.ActionCrashConsumer, scenario.ActionGCPause)
	return Section{ID: "timeline", Title: "Timeline", Array: "timeline", Open: true,
		Intro: "Planned changes during the run, in time order.",
		Fields: []Field{
			{Key: "at_s", Label: "At", Unit: "s", Kind: Float, Hint: "When the action happens."},
			{Key: "action", Label: "Action", Kind: Choice, set: setAction,
				Options: []Option{
					{scenario.ActionSetPartitions, "set_partitions: add partitions"},
					{scenario.ActionAddConsumer, "add_consumer: start instances"},
					{scenario.ActionRemoveConsumer, "remove_consumer: stop an instance cleanly"},
					{scenario.ActionCrashConsumer, "crash_consumer: kill an instance"},
					{scenario.ActionRollingRestart, "rolling_restart: restart every instance in turn"},
					{scenario.ActionSlowProcessing, "slow_processing: processing slows down"},
					{scenario.ActionGCPause, "gc_pause: an instance freezes"}},
				Hint: "What happens."},
			{Key: "partitions", Label: "New partition count", Unit: "partitions", Setting: "kafka-topics --alter --partitions", Kind: Int, Show: action(scenario.ActionSetPartitions),
				Hint: "Kafka only ever adds partitions."},
			{Key: "drain_first", Label: "Drain first", Kind: Bool, Show: action(scenario.ActionSetPartitions),
				Hint: "The safe procedure: pause producers, let consumers catch up, add, resume."},
			{Key: "instances", Label: "Instances to start", Unit: "instances", Kind: Int, Show: action(scenario.ActionAddConsumer),
				Hint: "How many instances join."},
			{Key: "same_instance_ids_as", Label: "Same group.instance.ids as instance", Kind: Int, Show: action(scenario.ActionAddConsumer),
				Hint: "0: new ids; n: copies of instance n, which fence it (needs static membership)."},
			{Key: "instance", Label: "Instance", Kind: Int, Show: instance,
				Hint: "1-based; 0 picks the newest running one (remove) or the first (others)."},
			{Key: "duration_s", Label: "Duration", Unit: "s", Kind: Float, Show: action(scenario.ActionCrashConsumer, scenario.ActionGCPause, scenario.ActionSlowProcessing),
				Hint: "How long; for a crash, the downtime before it restarts (0: never)."},
			{Key: "downtime_s", Label: "Downtime", Unit: "s per instance", Kind: Float, Show: action(scenario.ActionRollingRestart),
				Hint: "How long each instance is down."},
			{Key: "interval_s", Label: "Interval", Unit: "s", Kind: Float, Show: action(scenario.ActionRollingRestart),
				Hint: "Between two instances going down (0: downtime + 10 s)."},
			{Key: "processing_ms", Label: "Processing time", Unit: "ms per record", Kind: Float, Show: action(scenario.ActionSlowProcessing),
				Hint: "Mean processing time while it lasts."},
			{Key: "assignors", Label: "Assignors after the restart", Setting: "partition.assignment.strategy", Kind: List, Show: action(scenario.ActionAddConsumer, scenario.ActionRollingRestart),
				Hint: "Empty keeps the group's. " + assignorHint},
		}}
}

// setAction changes an action's kind; see SetAction.
func setAction(d *Doc, path, text string) {
	SetAction(d, path[:len(path)-len(".action")], text)
}
