package redact

import (
	"path"
	"strings"
)

// SecretName reports a file whose name says it holds a secret:
// environment files, private keys, credential stores, the files tools
// keep their tokens in. The live snapshot leaves such untracked files
// out, and apply keeps out such a file the project ignores.
func SecretName(name string) bool {
	base := strings.ToLower(path.Base(name))
	switch {
	case base == ".env" || strings.HasPrefix(base, ".env."),
		strings.HasSuffix(base, ".env"),
		strings.HasPrefix(base, "id_rsa"), strings.HasPrefix(base, "id_dsa"),
		strings.HasPrefix(base, "id_ecdsa"), strings.HasPrefix(base, "id_ed25519"),
		strings.HasPrefix(base, "kubeconfig"):
		return !strings.HasSuffix(base, ".example") && !strings.HasSuffix(base, ".sample") && !strings.HasSuffix(base, ".pub")
	}
	switch path.Ext(base) {
	case ".pem", ".key", ".p12", ".pfx", ".keystore", ".jks", ".kdbx", ".gpg", ".asc":
		return true
	}
	switch base {
	case ".npmrc", ".pypirc", ".netrc", ".git-credentials", ".pgpass", ".htpasswd",
		"credentials", "credentials.json", "secrets.json", "secrets.yaml", "secrets.yml",
		"service-account.json", ".dockercfg", "terraform.tfvars",
		".envrc", ".vault-token", ".s3cfg", ".boto":
		return true
	}
	lower := strings.ToLower(name)
	if lower == ".kube/config" || strings.HasSuffix(lower, "/.kube/config") ||
		lower == ".docker/config.json" || strings.HasSuffix(lower, "/.docker/config.json") {
		return true
	}
	return tokenFile(base) || strings.Contains(base, "secret") || strings.Contains(base, "credential")
}

// tokenFile reports a name such as token.txt, .vault-token, api_token,
// github-token.json: a data file (no extension, or a text or config
// format) whose stem is, or ends in, "token" or "tokens". token.go and
// tokenizer.py are code.
func tokenFile(base string) bool {
	stem := base
	switch ext := path.Ext(base); ext {
	case "", ".txt", ".json", ".yml", ".yaml", ".toml", ".ini", ".cfg", ".conf":
		stem = strings.TrimSuffix(base, ext)
	default:
		return false
	}
	for _, w := range []string{"token", "tokens"} {
		if stem == w {
			return true
		}
		if rest, ok := strings.CutSuffix(stem, w); ok && strings.ContainsAny(rest[len(rest)-1:], "._-") {
			return true
		}
	}
	return false
}
