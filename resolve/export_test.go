package resolve

// CheckTrace is checkTrace, for the tests of package resolve_test.
var CheckTrace = checkTrace
