package redact

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// One fake secret per family of gitleaks' rules beyond those TestText
// covers (random letters in each rule's shape, no account behind them),
// each as a transcript would hold it. gitleaks' scanner caught every one
// of them before redaction read its rules itself; they must stay caught.
func TestTextRuleFamilies(t *testing.T) {
	tests := map[string]struct{ in, secret, rule string }{
		"cloud: gcp":         {"key: AIzaDL4HcpsQ9OQniWwr4VC0bH5VidPmNTD29dl\n", "AIzaDL4HcpsQ9OQniWwr4VC0bH5VidPmNTD29dl", "gcp-api-key"},
		"cloud: azure":       {`client_secret = "K4r8Q~ZKgg7xpDd2zJPUbio3ppD7o7T3ZJYmdC"`, "K4r8Q~ZKgg7xpDd2zJPUbio3ppD7o7T3ZJYmdC", "azure-ad-client-secret"},
		"cloud: do":          {"doctl auth init -t dop_v1_6db4cd16005a36adb06345c327df2029907fb4d72c521e7ec39ff7f49febd713\n", "dop_v1_6db4cd16005a36adb06345c327df2029907fb4d72c521e7ec39ff7f49febd713", "digitalocean-pat"},
		"forge: gitlab":      {"git push https://oauth2:glpat-YMuhq9ujYGR1H4gA4d10@gitlab.com/o/r", "glpat-YMuhq9ujYGR1H4gA4d10", "gitlab-pat"},
		"registry: npm":      {"//registry.npmjs.org/:_authToken=npm_6pn014tt6pczckktbtxz1u7c87q4q8b7ncxs\n", "npm_6pn014tt6pczckktbtxz1u7c87q4q8b7ncxs", "npm-access-token"},
		"payments: stripe":   {"stripe.api_key = 'sk_live_uUWvoVjtkHtS0sDYk5LnFBHekLnMYL'\n", "sk_live_uUWvoVjtkHtS0sDYk5LnFBHekLnMYL", "stripe-access-token"},
		"commerce: shopify":  {"X-Shopify-Access-Token: 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\n", "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", "shopify-access-token"},
		"messaging: twilio":  {"twilio api key SK518e514c9c459061555d582ca220bae5 for sms\n", "SK518e514c9c459061555d582ca220bae5", "twilio-api-key"},
		"mail: sendgrid":     {"SENDGRID_API_KEY=SG.UWhcLGJ7Kbtbq9hkXlLKbb.1UwWmv6MAEcRVlsbEgp7CEq6UEoCMYyvJ673C7U10Eb\n", "SG.UWhcLGJ7Kbtbq9hkXlLKbb.1UwWmv6MAEcRVlsbEgp7CEq6UEoCMYyvJ673C7U10Eb", "sendgrid-api-token"},
		"ai: huggingface":    {"HF_TOKEN=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\n", "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", "huggingface-access-token"},
		"tokens: jwt":        {"Authorization: Bearer eyJafDNthm1pDDgEO83vN7D.eyJs2I6KYpe9cZjMylY8UCg1UAmLbAEH6.p5oCYZUmkkt9qQflZvkXpdpld\n", "eyJafDNthm1pDDgEO83vN7D.eyJs2I6KYpe9cZjMylY8UCg1UAmLbAEH6.p5oCYZUmkkt9qQflZvkXpdpld", "jwt"},
		"generic: api_key":   {`api_key: "Zq8Xv2Lm9Pw4Rt6Yb3Nc"` + "\n", "Zq8Xv2Lm9Pw4Rt6Yb3Nc", "generic-api-key"},
		"documented example": {"AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE\n", "", ""},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			var r Redactor
			got, n := r.Text(tc.in)
			if tc.secret == "" {
				assert.Equal(t, tc.in, got, "an allow-listed example stays")
				assert.Zero(t, n)
				return
			}
			assert.NotContains(t, got, tc.secret)
			assert.Contains(t, got, Marker(tc.rule))
		})
	}
}
