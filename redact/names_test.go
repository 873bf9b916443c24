package redact

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestSecretName(t *testing.T) {
	for name, secret := range map[string]bool{
		".env":                   true,
		"app/.env.local":         true,
		"prod.env":               true,
		".env.example":           false,
		"id_rsa":                 true,
		"home/id_ed25519":        true,
		"id_rsa.pub":             false,
		"tls/server.pem":         true,
		"server.KEY":             true,
		".npmrc":                 true,
		"config/.npmrc.example":  false,
		".aws/credentials":       true,
		"gcp-credentials.json":   true,
		"client_secret_123.json": true,
		"main.go":                false,
		"notes.txt":              false,
		"keyboard.py":            false,
		".envrc":                 true,
		".vault-token":           true,
		"kubeconfig":             true,
		"deploy/kubeconfig.yaml": true,
		".kube/config":           true,
		".docker/config.json":    true,
		"web/config.json":        false,
		"token.txt":              true,
		"github_token":           true,
		"api-tokens.json":        true,
		"go/token/token.go":      false,
		"tokenizer.py":           false,
		"tokens.go":              false,
	} {
		t.Run(name, func(t *testing.T) {
			require.Equal(t, secret, SecretName(name))
		})
	}
}
