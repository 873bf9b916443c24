//go:build !linux

package prestart

// Start starts nothing where the system is not Linux: the pipes it
// needs must be made close-on-exec at once (pipe2), which syscall offers
// there. gitops starts discovery from main instead.
func Start() *Discovery { return nil }

// End ends what was started: nothing, here.
func (d *Discovery) End() {}
