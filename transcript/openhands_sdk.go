package transcript

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// OpenHands V1 (the software-agent-sdk) stores a conversation's events one
// per file (events/event-NNNNN-<id>.json) and serves them as JSON; a list
// of them, or JSONL, is a transcript. Each event has a "kind" and a string
// id:
//
//   - MessageEvent: llm_message {role, content: [{type: text, text}]}, from
//     the user (ends the turn) or the agent (prose);
//   - ActionEvent: thought [{text}], tool_name, tool_call_id and action
//     {kind, …}: FileEditorAction (file_editor; the text-editor commands),
//     TerminalAction (terminal; ExecuteBashAction and bash before SDK
//     1.2), ApplyPatchAction (apply_patch: patch), WriteFileAction
//     (write_file: file_path, content), EditAction (edit: file_path,
//     old_string, new_string, expected_replacements), FinishAction
//     (finish: message); null when the call did not validate;
//   - ObservationEvent: action_id and observation {kind, content:
//     [{text}], is_error; a terminal's exit_code and metadata.exit_code;
//     before SDK 1.1 output and error};
//   - UserRejectObservation (action_id, rejection_reason) and
//     AgentErrorEvent (tool_call_id, error): the action did not run.
//
// Other kinds (SystemPromptEvent, Condensation, state updates…) carry no
// edit; ACPToolCallEvent, a tool call of an agent the SDK ran over ACP,
// is not read.

// sdkFields are the V1 fields of an event.
type sdkFields struct {
	Kind       string          `json:"kind"`
	Thought    json.RawMessage `json:"thought"` // V1 ActionEvent: text parts
	ToolName   string          `json:"tool_name"`
	ToolCallID string          `json:"tool_call_id"`
	ActionID   ohID            `json:"action_id"`
	LLMMessage *struct {
		Content json.RawMessage `json:"content"`
	} `json:"llm_message"`
	RejectionReason string          `json:"rejection_reason"`
	Error           json.RawMessage `json:"error"`      // AgentErrorEvent: a message
	ModelName       string          `json:"model_name"` // LLMCompletionLogEvent
}

// sdkAction holds the fields of the V1 actions this reader maps.
type sdkAction struct {
	Kind     string   `json:"kind"`
	Command  string   `json:"command"`
	IsInput  bool     `json:"is_input"`
	Patch    string   `json:"patch"`
	Message  string   `json:"message"`
	Thought  string   `json:"thought"`
	Expected *flexInt `json:"expected_replacements"`
}

// sdkObservation holds the fields that say whether an action worked.
type sdkObservation struct {
	Content  json.RawMessage `json:"content"`
	Output   string          `json:"output"`
	IsError  bool            `json:"is_error"`
	Error    json.RawMessage `json:"error"` // before SDK 1.1: a message, or true
	ExitCode *int            `json:"exit_code"`
	Metadata *struct {
		ExitCode *int `json:"exit_code"`
	} `json:"metadata"`
}

// sdkErrorHeader opens the text of an observation that is an error.
const sdkErrorHeader = "[An error occurred during execution.]"

func (o *ohReader) sdkEvent(rec int, ev ohEvent) error {
	switch ev.Kind {
	case "MessageEvent":
		if ev.LLMMessage == nil {
			return nil
		}
		text := contentText(ev.LLMMessage.Content)
		switch ev.Source {
		case "user":
			return o.userMessage(text)
		case "agent":
			o.text(rec, ev, text)
		}
	case "ActionEvent":
		o.text(rec, ev, contentText(ev.Thought))
		return o.sdkAction(rec, ev)
	case "ObservationEvent":
		o.settle(ev.ActionID, sdkFailure(ev.Observation))
	case "UserRejectObservation":
		o.settle(ev.ActionID, "rejected: "+firstNonEmpty(ev.RejectionReason, "the user rejected the action"))
	case "AgentErrorEvent":
		o.settle(o.calls[ev.ToolCallID], firstNonEmpty(strings.TrimSpace(ohName(ev.Error)), "the agent reported an error"))
	case "LLMCompletionLogEvent":
		if ev.ModelName != "" {
			o.model = ev.ModelName
		}
	}
	return nil
}

// sdkAction maps an ActionEvent's action by its kind, or by its tool's
// name when the kind is unknown.
func (o *ohReader) sdkAction(rec int, ev ohEvent) error {
	var a sdkAction
	if json.Unmarshal(ev.Action, &a) != nil {
		return nil // null: the call did not validate, and nothing ran
	}
	switch {
	case a.Kind == "FileEditorAction" || a.Kind == "PlanningFileEditorAction" ||
		ev.ToolName == "file_editor" || ev.ToolName == "planning_file_editor" || ev.ToolName == "str_replace_editor":
		o.effect(rec, ev, mapTool("str_replace_editor", ev.Action, rec))
	case a.Kind == "WriteFileAction" || ev.ToolName == "write_file":
		o.effect(rec, ev, mapTool("Write", ev.Action, rec))
	case a.Kind == "EditAction" || ev.ToolName == "edit":
		eff := mapTool("Edit", ev.Action, rec)
		if len(eff.ops) == 1 && a.Expected.get(1) > 1 {
			eff.ops[0].ReplaceAll = true // every one of the expected occurrences
		}
		o.effect(rec, ev, eff)
	case a.Kind == "TerminalAction" || a.Kind == "ExecuteBashAction" ||
		ev.ToolName == "terminal" || ev.ToolName == "bash" || ev.ToolName == "execute_bash":
		if !a.IsInput {
			o.run(rec, ev, a.Command)
		}
	case a.Kind == "ApplyPatchAction" || ev.ToolName == "apply_patch":
		patch := recordedPatch{kind: toolPatch, text: a.Patch, rec: rec, raw: "apply_patch"}
		o.add(rec, ev, readPatch(patch, o.e.opt.Format, func(p string) string { return p }), true)
	case a.Kind == "FinishAction" || ev.ToolName == "finish":
		o.text(rec, ev, a.Message)
		return o.flush()
	case a.Kind == "ThinkAction" || ev.ToolName == "think":
		o.text(rec, ev, a.Thought)
	}
	return nil
}

// sdkFailure reads an observation: "" when the action worked, else what
// went wrong.
func sdkFailure(raw json.RawMessage) string {
	var ob sdkObservation
	if json.Unmarshal(raw, &ob) != nil {
		return ""
	}
	text := strings.TrimSpace(firstNonEmpty(contentText(ob.Content), ob.Output))
	text = strings.TrimSpace(strings.TrimPrefix(text, sdkErrorHeader))
	var oldErr string
	failed := ob.IsError
	if json.Unmarshal(ob.Error, &oldErr) == nil && oldErr != "" {
		failed, text = true, oldErr
	} else if string(ob.Error) == "true" {
		failed = true
	}
	code := ob.ExitCode
	if ob.Metadata != nil && ob.Metadata.ExitCode != nil {
		code = ob.Metadata.ExitCode
	}
	if code != nil && *code != 0 {
		return fmt.Sprintf("exit status %d: %s", *code, shorten(text, 500))
	}
	if !failed {
		return ""
	}
	return firstNonEmpty(text, "the tool call failed")
}

// ohDecodeProblem says, in the user's terms, why a record is no event.
func ohDecodeProblem(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field != "" {
		return fmt.Sprintf("record skipped: its %q is a JSON %s, which no OpenHands event has there", te.Field, te.Value)
	}
	return "record skipped: not an OpenHands event"
}
