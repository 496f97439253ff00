// Package i18n is Partition Lab's message catalog: the words a person reads
// in the app, in English, Brazilian Portuguese, Spanish, French and Korean.
//
// Each language is a folder of data files, messages/<code>/<area>.json (one
// per area of the app: core, editor, results, ...), that map a message id to
// its text; an id lives in exactly one area. A text names its placeholders
// in braces ("{count} steps"); a message that counts something gives its CLDR plural forms instead of one
// text ({"one": "…", "other": "…"}), chosen by the argument named count.
// Kafka's own names (partition.assignment.strategy, CooperativeStickyAssignor,
// max.poll.records, consumer group terms) stay as Kafka spells them in every
// language.
//
// The package is plain Go: it must never import go-app or syscall/js, so its
// tests run natively and under node, and the command line could use it.
package i18n
