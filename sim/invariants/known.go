package invariants

// KnownOpen lists the failure files under testdata/ whose engine bug is not
// fixed yet, each with what is wrong. The regression test skips them,
// saying why; the generated-worlds test and the soak count failures of the
// same kind (Failure.Signature) without failing. Remove an entry when its
// bug is fixed: the file then guards against its return.
var KnownOpen = map[string]string{}
