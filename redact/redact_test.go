package redact

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Fake secrets in the shape of real ones (random letters, no account
// behind them), each the kind a transcript leaks.
const (
	awsKey       = "AKIAUJZDEGXDNCF32EPF"
	githubToken  = "ghp_JBd0Kh8oOOL8dKLzdocJ2isAjIhKtJ0RlgLK"
	openAIKey    = "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"
	anthropicKey = "sk-ant-api03-sajAIxNKu8iS2G8NPRVdD53X83RZJzzzzgEOzdmenCkhvMdgaKjIg8xNbe3nNyjOq9wMxEhh2FDEEtfjgVvVqE1SkHbn8AA"
	slackToken   = "xoxb-85280841485-253888539336-VZomHFwUbbYrEqmSM9wCZ7Uw"
	privateKey   = "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM9Oi2Dx9j3f3Q8x0nXbR7kLq2vPz1\nAb3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7cDe0fGh3iJk6lMn9oPq2rSt5uVw8x\n-----END RSA PRIVATE KEY-----"
	dbPassword   = "S3cr3tP4ssw0rdQx"
	envPassword  = "hunter2Xy9Qz8Wv7"
)

func TestText(t *testing.T) {
	tests := map[string]struct {
		in     string
		secret string // must be gone
		rule   string // the marker that replaces it
		keep   string // must stay
	}{
		"aws key":         {in: "export AWS_ACCESS_KEY_ID=" + awsKey + "\n", secret: awsKey, rule: "aws-access-token", keep: "export AWS_ACCESS_KEY_ID="},
		"github token":    {in: "git clone https://" + githubToken + "@github.com/o/r", secret: githubToken, rule: "github-pat", keep: "@github.com/o/r"},
		"openai key":      {in: "Use OPENAI_API_KEY=" + openAIKey + " for the call.", secret: openAIKey, rule: "openai-api-key", keep: "for the call."},
		"anthropic key":   {in: "my key is " + anthropicKey + "\nthanks", secret: anthropicKey, rule: "anthropic-api-key", keep: "thanks"},
		"slack token":     {in: `client = WebClient(token="` + slackToken + `")`, secret: slackToken, rule: "slack-bot-token", keep: "WebClient(token="},
		"private key":     {in: "paste:\n" + privateKey + "\nend", secret: "MIIEpAIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM9Oi2Dx9j3f3Q8x0nXbR7kLq2vPz1", rule: "private-key", keep: "end"},
		"password in url": {in: "connect to postgres://admin:" + dbPassword + "@db.example.com:5432/app now", secret: dbPassword, rule: "url-password", keep: "postgres://admin:"},
		"dotenv value":    {in: "DATABASE_PASSWORD=" + envPassword + "\nDEBUG=1\n", secret: envPassword, rule: "generic-api-key", keep: "DEBUG=1"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			var r Redactor
			got, n := r.Text(tc.in)
			assert.NotContains(t, got, tc.secret)
			assert.Contains(t, got, Marker(tc.rule))
			assert.Contains(t, got, tc.keep)
			assert.GreaterOrEqual(t, n, 1)
		})
	}
}

func TestTextLeavesOrdinaryProse(t *testing.T) {
	in := "Rename Foo to Bar in src/app.py and run `go test ./...`.\nSee https://example.com/docs?page=2 for details.\n"
	var r Redactor
	got, n := r.Text(in)
	assert.Equal(t, in, got)
	assert.Zero(t, n)
}

func TestTextEveryOccurrence(t *testing.T) {
	in := "token " + githubToken + " and again " + githubToken
	var r Redactor
	got, n := r.Text(in)
	assert.NotContains(t, got, githubToken)
	assert.Equal(t, 2, n)
}

func TestUserPatterns(t *testing.T) {
	r, err := New([]string{`ACME-[0-9]{6}`, `internal-host=(\S+)`})
	require.NoError(t, err)
	got, n := r.Text("ticket ACME-123456 on internal-host=build7.corp\n")
	assert.Equal(t, "ticket [REDACTED:custom] on internal-host=[REDACTED:custom]\n", got)
	assert.Equal(t, 2, n)
}

func TestUserPatternError(t *testing.T) {
	_, err := New([]string{"ok", "(unclosed"})
	var pe *PatternError
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, "(unclosed", pe.Pattern)
	assert.Contains(t, err.Error(), "(unclosed")
}

func TestURLPasswordEscaped(t *testing.T) {
	var r Redactor
	got, _ := r.Text("https://bob:p%40ss%2Fw0rd@example.com/x")
	assert.Equal(t, "https://bob:"+Marker("url-password")+"@example.com/x", got)
}

func FuzzText(f *testing.F) {
	f.Add("postgres://a:b1234@h/x " + githubToken)
	f.Add("plain text")
	f.Add("://@:")
	f.Add("key=" + anthropicKey[:50] + "\n" + anthropicKey[50:] + ".")
	f.Add("c2stYW50LWFwaTAzLXNhakFJeE5LdThpUzJHOE5QUlZkRDUzWDgzUlpK")
	var r Redactor
	f.Fuzz(func(t *testing.T, s string) {
		got, n := r.Text(s)
		if n == 0 && got != s {
			t.Fatalf("text changed without a redaction")
		}
		again, m := r.Text(got)
		if m != 0 || again != got {
			t.Fatalf("redacted text is redacted again: %q -> %q", got, again)
		}
		if strings.Count(got, "\n") > strings.Count(s, "\n") {
			t.Fatalf("redaction added lines")
		}
	})
}
