package scenes

// OnParse makes f hear each scene Parse reads, for the tests of package
// scenes_test; nil: none.
func OnParse(f func(name string)) { parsing = f }
