package trailer

import "strings"

// Verified is the Aiedit-Verified trailer, "<result> <what>[: <why>]": how
// the replay compares with the final result the transcript's record
// states. Result is one word (matches, differs or unchecked); What says
// where the result was read ("openhands test_result.git_patch", "aider
// commit 1a2b3c4"); Why, for unchecked, why it could not be compared.
type Verified struct {
	Result, What, Why string
}

// String is the Aiedit-Verified value.
func (v Verified) String() string {
	s := v.Result + " " + v.What
	if v.Why != "" {
		s += ": " + v.Why
	}
	return s
}

// ParseVerified reads an Aiedit-Verified value; ok is false without a
// result and a what. Why is what follows the first ": " (what names
// never hold one); a value read writes back the same.
func ParseVerified(v string) (Verified, bool) {
	result, rest, ok := strings.Cut(v, " ")
	if !ok || result == "" || rest == "" {
		return Verified{}, false
	}
	what, why, ok := strings.Cut(rest, ": ")
	if !ok || what == "" || why == "" {
		what, why = rest, ""
	}
	return Verified{Result: result, What: what, Why: why}, true
}
