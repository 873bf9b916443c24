package gitops

import "context"

// ConfigValues returns every value of a multi-valued config key, in the
// order git reads them (`git config --get-all`); none when it is not set.
func (r *Repo) ConfigValues(ctx context.Context, key string) ([]string, error) {
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
