package grammar

// CheckOutline is checkOutline, for the tests of package grammar_test.
var CheckOutline = checkOutline
