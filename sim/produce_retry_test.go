package sim

import (
	"strings"
	"testing"
)

// producerAccounts fails the test unless every producer says where each
// record it sent went: sent = appended + in_flight_at_end + failed.
func producerAccounts(t *testing.T, r *Result) (appended, inFlight, failed int64) {
	t.Helper()
	var produced int64
	for _, p := range r.Partitions {
		produced += p.Produced
	}
	for _, p := range r.Producers {
		if p.Sent != p.Appended+p.InFlightAtEnd+p.Failed {
			t.Fatalf("%s: sent %d != appended %d + in_flight_at_end %d + failed %d", p.Name, p.Sent, p.Appended, p.InFlightAtEnd, p.Failed)
		}
		appended, inFlight, failed = appended+p.Appended, inFlight+p.InFlightAtEnd, failed+p.Failed
	}
	if produced != appended {
		t.Fatalf("the partitions' produced add up to %d, the producers' appended to %d", produced, appended)
	}
	return appended, inFlight, failed
}

// TestProducerGivesUpAfterDeliveryTimeout: a record whose retries go on
// past delivery.timeout.ms (120 s, ProducerConfig's default) is given up
// as failed, with the reason, as the RecordAccumulator expires a batch
// waiting for its retry (Sender.failBatch, TimeoutException).
func TestProducerGivesUpAfterDeliveryTimeout(t *testing.T) {
	for _, idempotent := range []string{"true", "false"} {
		r := runPreset(t, "producer-retries-idempotent", "duration_s=400", "workload.orders_per_s=20",
			"producers.0.failure_rate=0.3", "producers.0.retry_backoff_ms=50000",
			"producers.0.enable_idempotence="+idempotent, "producers.0.max_in_flight=5")
		_, _, failed := producerAccounts(t, r)
		p := r.Producers[0]
		// Three failures in a row (0.3³ of the requests) put the next retry
		// past 120 s.
		if failed == 0 || !strings.Contains(p.FailedReason, "delivery.timeout.ms") {
			t.Errorf("idempotence %s: failed %d (%q), want records given up after delivery.timeout.ms", idempotent, failed, p.FailedReason)
		}
		// Without idempotence every request draws its own failures; with it
		// most records wait behind a retry and are appended when it ends.
		if want := int64(float64(p.Sent) * 0.3 * 0.3 * 0.3 * 0.5); idempotent == "false" && failed < want {
			t.Errorf("idempotence %s: %d of %d records failed, at least %d expected", idempotent, failed, p.Sent, want)
		}
	}
}

// TestProducerKeepsWhatIsNotDueYet: a run shorter than delivery.timeout.ms
// gives nothing up: what still waits for a retry at the end is in the
// producer (in_flight_at_end).
func TestProducerKeepsWhatIsNotDueYet(t *testing.T) {
	r := runPreset(t, "producer-retries-idempotent", "duration_s=100", "workload.orders_per_s=20",
		"producers.0.failure_rate=0.5", "producers.0.retry_backoff_ms=500000")
	_, inFlight, failed := producerAccounts(t, r)
	if failed != 0 || inFlight == 0 || r.Producers[0].FailedReason != "" {
		t.Errorf("in flight %d, failed %d (%q): want records still in the producer and none given up", inFlight, failed, r.Producers[0].FailedReason)
	}
}

// TestSenderCompleteBatchCountsTheRetryOfARecordThatExpires: Kafka's
// Sender.completeBatch re-enqueues a failed batch (canRetry, reenqueueBatch
// counts the retry) while its delivery timeout has not passed when the
// failure arrives, even if the backoff then outlasts it and the accumulator
// expires the batch. With retry.backoff.ms 130 000 > delivery.timeout.ms
// every failed send is one retry and then one record given up (or still
// waiting at the end): none is sent again.
func TestSenderCompleteBatchCountsTheRetryOfARecordThatExpires(t *testing.T) {
	r := runPreset(t, "producer-retries-idempotent", "duration_s=200", "workload.orders_per_s=20",
		"producers.0.failure_rate=0.3", "producers.0.retry_backoff_ms=130000",
		"producers.0.enable_idempotence=false", "producers.0.max_in_flight=5")
	_, inFlight, failed := producerAccounts(t, r)
	p := r.Producers[0]
	if failed == 0 || !strings.Contains(p.FailedReason, "passed while retrying") {
		t.Fatalf("failed %d (%q): want records given up after delivery.timeout.ms", failed, p.FailedReason)
	}
	if p.Retries != failed+inFlight {
		t.Errorf("retries %d; want one per record that failed: %d given up + %d waiting", p.Retries, failed, inFlight)
	}
	if p.Appended != p.Sent-p.Retries {
		t.Errorf("appended %d of %d sent with %d retries; want only the records whose first send worked", p.Appended, p.Sent, p.Retries)
	}
}
