package shell

import (
	"fmt"
	"strconv"
)

// SedAddr is a sed command's line address: none (every line), one line
// (N or $), or a range (N,M, N,$). As in GNU sed, a range whose end comes
// before its start selects its start line alone.
type SedAddr struct {
	From, To         int  // 1-based; 0: none
	FromLast, ToLast bool // $
	Range            bool // From,To
}

// selects reports whether the address selects line n of a file of last lines.
func (a SedAddr) selects(n, last int) bool {
	from := a.From
	if a.FromLast {
		from = last
	}
	if from == 0 {
		return true // no address
	}
	if !a.Range {
		return n == from
	}
	to := a.To
	if a.ToLast {
		to = last
	}
	return n == from || n > from && n <= to
}

// parseSedAddr reads the address at the start of a command: "", "N", "$",
// "N,M", "N,$", "$,…". Regular-expression addresses, steps (first~step),
// 0 and "!" are refused: they are not replayed.
func parseSedAddr(s string) (SedAddr, string, error) {
	var a SedAddr
	one := func(s string) (n int, last bool, rest string, ok bool) {
		if s != "" && s[0] == '$' {
			return 0, true, s[1:], true
		}
		i := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == 0 {
			return 0, false, s, false
		}
		n, err := strconv.Atoi(s[:i])
		if err != nil {
			return 0, false, s, false
		}
		return n, false, s[i:], true
	}
	if s == "" {
		return a, s, nil
	}
	if s[0] == '/' || s[0] == '\\' {
		return a, s, fmt.Errorf("addresses by regular expression are not replayed")
	}
	n, last, rest, ok := one(s)
	if !ok {
		return a, s, nil // no address
	}
	if !last && n == 0 {
		return a, s, fmt.Errorf("address 0 is not replayed")
	}
	a.From, a.FromLast = n, last
	if rest != "" && rest[0] == ',' {
		m, mlast, r2, ok := one(rest[1:])
		if !ok {
			return a, s, fmt.Errorf("address range %q is not replayed", firstWord(s))
		}
		a.Range, a.To, a.ToLast, rest = true, m, mlast, r2
	}
	if rest != "" && (rest[0] == '~' || rest[0] == '!' || rest[0] == '{' || rest[0] == '+') {
		return a, s, fmt.Errorf("address %q is not replayed", firstWord(s))
	}
	return a, rest, nil
}
