package gitops

import "context"

// ConfigAll returns every value of a multi-valued config key, in the
// order git reads them (`git config --get-all`), from the configuration
// read when the repository was opened (no git process, unlike
// ConfigValues); none when it is not set.
func (r *Repo) ConfigAll(ctx context.Context, key string) ([]string, error) {
	if err := r.config.load(); err != nil {
		return nil, err
	}
	key = canonicalKey(key)
	var out []string
	for _, e := range r.config.entries {
		if e.key == key {
			out = append(out, e.value)
		}
	}
	return out, nil
}
