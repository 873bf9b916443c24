package redact

import (
	"encoding/base64"
	"strings"
	"unicode/utf8"
)

// A secret may be written base64-encoded (a Basic auth header, a
// Kubernetes secret, `echo … | base64`). Each run of base64 characters
// long enough to hold a token is decoded; when the decoded text is text
// and holds a secret, the whole encoded run is redacted, named by the
// rule that found the secret inside. One level: a secret encoded twice
// is not looked for.

// minEncoded is the shortest run decoded: 24 characters are 18 bytes,
// shorter than any token gitleaks' rules take.
const minEncoded = 24

func isBase64Char(c byte) bool {
	return 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' ||
		c == '+' || c == '/' || c == '-' || c == '_'
}

// encodedRuns are the runs of base64 characters of s, with their
// padding, of at least minEncoded characters.
func encodedRuns(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		if !isBase64Char(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && isBase64Char(s[j]) {
			j++
		}
		for k := 0; k < 2 && j < len(s) && s[j] == '='; k++ {
			j++
		}
		if j-i >= minEncoded {
			out = append(out, s[i:j])
		}
		i = j
	}
	return out
}

// decodeBase64 decodes run in whichever of the standard and URL
// alphabets it is written, padded or not; ok is false when it is not
// base64 or does not decode to text.
func decodeBase64(run string) (string, bool) {
	raw := strings.TrimRight(run, "=")
	enc := base64.RawStdEncoding
	if strings.ContainsAny(raw, "-_") {
		enc = base64.RawURLEncoding
	}
	b, err := enc.DecodeString(raw)
	if err != nil || !isText(b) {
		return "", false
	}
	return string(b), true
}

// isText reports UTF-8 without control characters but white space.
func isText(b []byte) bool {
	if !utf8.Valid(b) {
		return false
	}
	for _, c := range b {
		if c < 0x20 && c != '\n' && c != '\r' && c != '\t' || c == 0x7f {
			return false
		}
	}
	return true
}

// encodedSecrets are the base64 runs of s that decode to text holding a
// secret.
func (r *Redactor) encodedSecrets(s string) []secret {
	var out []secret
	for _, run := range encodedRuns(s) {
		dec, ok := decodeBase64(run)
		if !ok {
			continue
		}
		if inner := r.plainSecrets(dec); len(inner) > 0 {
			out = append(out, secret{text: run, rule: inner[0].rule})
		}
	}
	return out
}
