package transcript

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOpenCodePrompt: each response's prompt is the user's words, the text
// parts of the user message before it (not those OpenCode adds itself,
// marked synthetic), in the shape OpenCode 1.18.33 exports and its server
// returns.
func TestOpenCodePrompt(t *testing.T) {
	doc := `{"info":{"id":"ses_1","directory":"/p","version":"1.18.33"},"messages":[
 {"info":{"id":"msg_u1","role":"user","sessionID":"ses_1","time":{"created":1}},"parts":[
   {"type":"text","text":"write hello.txt","id":"prt_1"},
   {"type":"text","text":"Called the Read tool with the following input","synthetic":true,"id":"prt_2"}]},
 {"info":{"id":"msg_a1","role":"assistant","path":{"cwd":"/p","root":"/p"},"modelID":"m","time":{"created":2}},"parts":[
   {"type":"step-start"},
   {"type":"text","text":"Creating it."},
   {"type":"tool","tool":"write","state":{"status":"completed","input":{"filePath":"/p/hello.txt","content":"hello\n"}}}]},
 {"info":{"id":"msg_u2","role":"user","sessionID":"ses_1","time":{"created":3}},"parts":[{"type":"text","text":"and then\nbye.txt"}]},
 {"info":{"id":"msg_a2","role":"assistant","path":{"cwd":"/p","root":"/p"},"modelID":"m","time":{"created":4}},"parts":[
   {"type":"tool","tool":"write","state":{"status":"completed","input":{"filePath":"/p/bye.txt","content":"bye\n"}}}]}
]}`
	rs, _, err := readAll(t, []byte(doc), OpenCode, Options{})
	require.NoError(t, err)
	require.Len(t, rs, 2)
	assert.Equal(t, "write hello.txt", rs[0].Prompt)
	assert.Equal(t, "opencode-message:msg_a1", rs[0].Key)
	assert.Equal(t, "and then\nbye.txt", rs[1].Prompt)
	assert.Equal(t, "opencode-message:msg_a2", rs[1].Key)
}

// TestOpenCodeSubfolder: a session started in a subfolder of its project
// (path.cwd inside path.root, OpenCode 1.18.33's shape) writes that
// subfolder's files, and its command's relative path is that folder's,
// never the root's file of the same name.
func TestOpenCodeSubfolder(t *testing.T) {
	doc := `{"info":{"id":"ses_1","directory":"/p/sub","version":"1.18.33"},"messages":[
 {"info":{"id":"msg_u1","role":"user","sessionID":"ses_1","time":{"created":1}},"parts":[{"type":"text","text":"readme here, and drop the draft"}]},
 {"info":{"id":"msg_a1","role":"assistant","path":{"cwd":"/p/sub","root":"/p"},"modelID":"m","time":{"created":2}},"parts":[
   {"type":"tool","tool":"write","state":{"status":"completed","input":{"filePath":"/p/sub/README.md","content":"# sub\n"}}},
   {"type":"tool","tool":"bash","state":{"status":"completed","input":{"command":"rm draft.md"},"metadata":{"exit":0}}}]}
]}`
	exists := func(p string) bool { return p == "README.md" || p == "draft.md" }
	rs, _, err := readAll(t, []byte(doc), OpenCode, Options{Root: "/repo", Exists: exists})
	require.NoError(t, err)
	require.Len(t, rs, 1)
	var paths []string
	for _, p := range rs[0].Patches {
		for _, op := range p.Ops {
			paths = append(paths, op.Path)
			if op.Command != nil {
				paths = append(paths, op.Command.Paths...)
			}
		}
	}
	assert.Equal(t, []string{"sub/README.md", "", "sub/draft.md"}, paths) // the command, then its path
}
