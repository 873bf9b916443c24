package redact

import (
	"encoding/base64"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// Secrets as they leaked past redaction before: a key
// followed by punctuation, encoded in base64, or split over lines.
func TestTextEvasions(t *testing.T) {
	b64 := base64.StdEncoding.EncodeToString([]byte("ANTHROPIC_API_KEY=" + anthropicKey + "\n"))
	b64url := base64.RawURLEncoding.EncodeToString([]byte("token " + githubToken))
	tests := map[string]struct {
		in, secret, rule, keep string
	}{
		"anthropic then .":   {in: "my key is " + anthropicKey + ".", secret: anthropicKey, rule: "anthropic-api-key", keep: "my key is "},
		"anthropic then ,":   {in: "keys: " + anthropicKey + ", and more", secret: anthropicKey, rule: "anthropic-api-key", keep: ", and more"},
		"anthropic then )":   {in: "(the key " + anthropicKey + ")", secret: anthropicKey, rule: "anthropic-api-key", keep: "(the key "},
		"anthropic then :":   {in: anthropicKey + ": is it valid?", secret: anthropicKey, rule: "anthropic-api-key", keep: ": is it valid?"},
		"anthropic then /":   {in: "https://proxy.example/" + anthropicKey + "/v1", secret: anthropicKey, rule: "anthropic-api-key", keep: "/v1"},
		"anthropic then _":   {in: "file " + anthropicKey + "_old.txt", secret: anthropicKey, rule: "anthropic-api-key", keep: "_old.txt"},
		"openai proj then .": {in: "Use " + openAIKey + ".", secret: openAIKey, rule: "openai-api-key", keep: "Use "},
		"base64":             {in: "data:\n  creds: " + b64 + "\n", secret: b64, rule: "anthropic-api-key", keep: "creds: "},
		"base64 url":         {in: "X-Auth: " + b64url + "\n", secret: b64url, rule: "github-pat", keep: "X-Auth: "},
		"wrapped": {
			in:     "key=" + anthropicKey[:60] + "\n" + anthropicKey[60:] + "\nnext line",
			secret: anthropicKey[20:60], rule: "anthropic-api-key", keep: "next line",
		},
		"wrapped, prose after": {
			in:     "wrapped: " + githubToken[:20] + "\n" + githubToken[20:] + " done\n",
			secret: githubToken[:20], rule: "github-pat", keep: " done",
		},
		"backslash continued": {
			in:     "export T=" + githubToken[:20] + "\\\n    " + githubToken[20:] + "\necho ok",
			secret: githubToken[:20], rule: "github-pat", keep: "echo ok",
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			var r Redactor
			got, n := r.Text(tc.in)
			assert.NotContains(t, got, tc.secret)
			assert.Contains(t, got, Marker(tc.rule))
			assert.Contains(t, got, tc.keep)
			assert.GreaterOrEqual(t, n, 1)
			rule, found := r.Secret(tc.in)
			assert.True(t, found)
			assert.Equal(t, tc.rule, rule)
		})
	}
}

// Neither pass touches ordinary text: base64-looking words that decode
// to nothing readable, long words wrapped in prose, paths.
func TestTextEvasionPassesLeaveOrdinaryText(t *testing.T) {
	for _, in := range []string{
		"src/components/HeaderNavigationBarItem/index.tsx\n",
		"see internationalization_configuration_\nfor the settings\n",
		strings.Repeat("abcdefghijklmnopqrstuvwxyz0123456789\n", 4),
		"sha256:" + strings.Repeat("0f", 32) + "\n" + strings.Repeat("ab", 20) + "\n",
		base64.StdEncoding.EncodeToString([]byte("just a sentence that is not secret at all")),
	} {
		var r Redactor
		got, n := r.Text(in)
		assert.Equal(t, in, got)
		assert.Zero(t, n)
		_, found := r.Secret(in)
		assert.False(t, found, in)
	}
}
