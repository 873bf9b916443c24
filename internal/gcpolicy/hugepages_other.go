//go:build !linux

package gcpolicy

func hugePages() bool { return false }
func growHuge(int)    {}
