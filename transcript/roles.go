package transcript

import (
	"regexp"
	"strings"
	"sync"
)

type role uint8

const (
	noRole role = iota
	userRole
	assistantRole
	otherRole // system, tool: ends an assistant section, starts no response
)

// heading is a line that starts a conversation section.
type heading struct {
	role  role
	style string // "#2", "bold": a document uses one style for its roles
	rest  string // text after the label on the same line (bold labels)
	model string // "Assistant (gpt-4o)", "_**Agent (claude-4-sonnet)**_"
}

var (
	// Regexps are compiled on first use: package init is on every command's start-up path.
	atxRe   = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(#{1,6})[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$`) })
	boldRe  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^_?\*\*([^*]{1,80}?)(:?)\*\*(:?)_?(?:[ \t]+(.*))?$`) })
	parenRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(.*?)[ \t]*\(([^()]*)\)$`) })
)

var roleWords = map[string]role{
	"user": userRole, "human": userRole, "you": userRole, "me": userRole,
	"prompt": userRole, "question": userRole, "q": userRole,
	"assistant": assistantRole, "ai": assistantRole, "chatgpt": assistantRole,
	"claude": assistantRole, "model": assistantRole, "response": assistantRole,
	"answer": assistantRole, "bot": assistantRole, "agent": assistantRole,
	"copilot": assistantRole, "gemini": assistantRole, "a": assistantRole,
	"llm": assistantRole, "cursor": assistantRole,
	"system": otherRole, "tool": otherRole, "function": otherRole,
	"developer": otherRole, "tool output": otherRole, "tool result": otherRole,
}

// modelPrefixes name an assistant by its model ("## gpt-4o").
var modelPrefixes = []string{"gpt-", "claude-", "gemini-", "o1", "o3", "o4", "deepseek", "qwen", "llama", "mistral"}

// parseHeading recognises role headings: "## User", "### assistant",
// "## Response:", "**Assistant:** text", "_**User**_", "## Agent (model)",
// and the "You said:" / "ChatGPT said:" of a copied web chat.
func parseHeading(line string) (heading, bool) {
	line = strings.TrimSpace(line)
	if len(line) < 3 || len(line) > 200 {
		return heading{}, false
	}
	// Both patterns start with '#', '*' or '_': most lines of a chat are
	// neither, and need no regexp (compiling one is a run's start-up cost).
	if c := line[0]; c != '#' && c != '*' && c != '_' {
		return saidHeading(line)
	}
	var h heading
	var label string
	if m := atxRe().FindStringSubmatch(line); m != nil {
		h.style, label = "#"+string(rune('0'+len(m[1]))), m[2]
	} else if m := boldRe().FindStringSubmatch(line); m != nil {
		colon := m[2] != "" || m[3] != ""
		if m[4] != "" && !colon {
			return heading{}, false // "**Note** something": emphasis, not a role
		}
		h.style, label, h.rest = "bold", m[1], m[4]
	} else {
		return heading{}, false
	}
	label = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(label), ":"))
	var paren string
	if m := parenRe().FindStringSubmatch(label); m != nil {
		label, paren = m[1], strings.TrimSpace(m[2])
	}
	label = strings.TrimSpace(strings.TrimSuffix(label, ":"))
	if _, ok := cutSaid(label); ok {
		// "##### You said:", "###### ChatGPT said:": a page converted to
		// markdown, whose two headings have different levels.
		return saidHeading(label)
	}
	lower := strings.ToLower(label)
	h.role = roleWords[lower]
	if h.role == noRole {
		for _, p := range modelPrefixes {
			if strings.HasPrefix(lower, p) && !strings.ContainsAny(lower, " \t") {
				h.role, h.model = assistantRole, label
			}
		}
	}
	if h.role == noRole {
		return heading{}, false
	}
	if h.role == assistantRole && paren != "" && h.model == "" {
		h.model = modelIn(paren)
	}
	return h, true
}

// saidHeading reads a line that is only a speaker and "said:" ("You
// said:", "ChatGPT said:", "Copilot said:"): the headings ChatGPT's and
// Copilot's web pages carry for screen readers, which a copy of the page
// keeps. The speaker must be a role word, so that prose ("He said:") is
// not a heading.
func saidHeading(line string) (heading, bool) {
	name, ok := cutSaid(strings.TrimSuffix(line, ":"))
	if !ok {
		return heading{}, false
	}
	if r := roleWords[strings.ToLower(name)]; r == userRole || r == assistantRole {
		return heading{role: r, style: "said"}, true
	}
	return heading{}, false
}

// cutSaid returns the speaker of "SPEAKER said".
func cutSaid(label string) (string, bool) {
	const said = " said"
	if len(label) <= len(said) || !strings.EqualFold(label[len(label)-len(said):], said) {
		return "", false
	}
	return strings.TrimSpace(label[:len(label)-len(said)]), true
}

// modelIn picks a model name out of a heading's parenthesis: "gpt-4o",
// "model claude-4-sonnet, mode Agent"; dates and counters are not models.
func modelIn(paren string) string {
	if i := strings.Index(strings.ToLower(paren), "model "); i >= 0 {
		f := strings.FieldsFunc(paren[i+len("model "):], func(r rune) bool { return r == ',' || r == ' ' || r == ')' })
		if len(f) > 0 {
			return f[0]
		}
		return ""
	}
	if paren == "" || paren[0] >= '0' && paren[0] <= '9' || strings.ContainsAny(paren, " ,") {
		return ""
	}
	return paren
}
