// Package lessons holds Partition Lab's guided lessons and checks that
// each keeps its promise.
//
// A lesson is a question answered in one to four steps, one idea per step.
// Each step runs something — a scenario in the engine, or a small
// calculator for facts about bytes and hashing (where keys land, how many
// keys move when partitions are added, how many partitions a throughput
// needs) — and says what the learner should see. Its checks state that
// promise in machine-checkable form against the output's JSON, so a test
// runs every step and fails, with a message a person can read, the moment
// a lesson stops telling the truth.
//
// Lessons are data: one JSON file per lesson under data/, embedded in the
// binary (README.md describes the format). Loading validates what is cheap
// to check — unknown fields, missing texts, check paths typed against the
// output's Go type, operators that cannot compare, control paths typed
// against the scenario — so a page loads fast even in the browser; Verify
// does the rest (every scenario and every control value parses), and the
// tests run it on every lesson. Adding a lesson needs no code.
//
// The browser's Learn pages are built on this package: All lists the
// lessons, Step.Run (or sim.New/Advance and SimOutput, in chunks) runs a
// step with the learner's changes, Step.Evaluate checks it, and
// Step.ScenarioJSON opens it in the full editor.
//
// lessons imports partitionlab/sim, partitionlab/hashcore and the standard
// library only. It must never import go-app, gonum/plot or net/http, so it
// tests natively and under node.
package lessons
