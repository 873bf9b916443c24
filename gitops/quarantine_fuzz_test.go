package gitops

import (
	"bytes"
	"compress/zlib"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
)

// FuzzReadLoose: the loose-object reader of a merge's quarantine never
// panics, and reads back any object as git stores it (zlib over
// "<type> <size>\0<data>"); a header that lies about the size is refused.
func FuzzReadLoose(f *testing.F) {
	f.Add("blob", []byte("hello\n"), false)
	f.Add("tree", []byte{}, false)
	f.Add("commit", []byte("tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904\n\nm\n"), true)
	f.Fuzz(func(t *testing.T, kind string, data []byte, lie bool) {
		var raw bytes.Buffer
		zw := zlib.NewWriter(&raw)
		size := len(data)
		if lie {
			size++
		}
		zw.Write([]byte(kind + " "))
		zw.Write([]byte(itoa(size)))
		zw.Write([]byte{0})
		zw.Write(data)
		zw.Close()
		typ, got, err := readLoose(bytes.NewReader(raw.Bytes()))
		want, terr := plumbing.ParseObjectType(kind)
		if lie || terr != nil || kind == "" {
			if err == nil && (lie || terr != nil) {
				t.Fatalf("accepted %q of %d bytes claiming %d", kind, len(data), size)
			}
			return
		}
		if err != nil {
			t.Fatalf("refused a %s object: %v", kind, err)
		}
		if typ != want || !bytes.Equal(got, data) {
			t.Fatalf("read %s %q, want %s %q", typ, got, want, data)
		}
		// Bytes that are not zlib at all are refused, never a panic.
		_, _, _ = readLoose(bytes.NewReader(data))
	})
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}
