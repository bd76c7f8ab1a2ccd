extension NavigationTrace {
    /// The JSON Schema of one line of a trace file (draft 2020-12), published as
    /// `Schemas/navgraph-trace-1.schema.json` and printed by `navgraph schema trace`.
    public static let jsonSchema: String = #"""
{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "title": "NavGraph navigation trace line, version 1",
  "description": "One line of a trace file (JSON lines): a step an app recorded, with the state it left visible. A launch line starts each trace; `navgraph conform` replays the steps through a graph.",
  "type": "object",
  "required": ["do"],
  "properties": {
    "do": {
      "enum": ["launch", "push", "present", "replace", "request", "back", "dismiss", "selectTab", "event", "open", "resume", "command"],
      "description": "What happened: `launch` starts a trace; `push`, `present`, `replace` and `request` take a declared transition from the visible top to `route`; `back` pops the visible stack; `dismiss` swipes the topmost sheet away; `selectTab` taps `tab`; `event` fires `event`; `open` opens the deep link `url`; `resume` resumes the pending link; `command` is any other command (no graph offers it)."
    },
    "version": { "const": 1, "description": "The trace format version, on launch lines; 1 is the only one." },
    "trace": { "type": "string", "description": "A launch line's trace id (a session id), used in reports." },
    "route": { "$ref": "#/$defs/route", "description": "The route a push, present, replace or request shows." },
    "style": { "type": "string", "description": "The modal style a `present` used (`sheet`, `cover`, …); left out, any modal transition matches." },
    "tab": { "type": "string", "description": "The tab a `selectTab` tapped." },
    "event": { "type": "string", "description": "The event an `event` step fired, by its declared name." },
    "url": { "type": "string", "description": "The URL an `open` step opened." },
    "command": { "type": "string", "description": "What a `command` step ran, described." },
    "state": { "$ref": "#/$defs/state", "description": "What was visible after the step (at launch, for a launch line). Every field is optional; fields left out are not compared." }
  },
  "additionalProperties": false,
  "allOf": [
    { "if": { "properties": { "do": { "const": "launch" } } }, "then": { "required": ["version"] } },
    { "if": { "properties": { "do": { "enum": ["push", "present", "replace", "request"] } } }, "then": { "required": ["route"] } },
    { "if": { "properties": { "do": { "const": "selectTab" } } }, "then": { "required": ["tab"] } },
    { "if": { "properties": { "do": { "const": "event" } } }, "then": { "required": ["event"] } },
    { "if": { "properties": { "do": { "const": "open" } } }, "then": { "required": ["url"] } },
    { "if": { "properties": { "do": { "const": "command" } } }, "then": { "required": ["command"] } }
  ],
  "$defs": {
    "route": {
      "description": "A route: its declared name, or an object with the name and its parameter values.",
      "oneOf": [
        { "type": "string", "description": "A route without parameters, by name." },
        {
          "type": "object",
          "description": "A route with parameter values.",
          "required": ["name"],
          "additionalProperties": false,
          "properties": {
            "name": { "type": "string", "description": "The route's declared name." },
            "with": {
              "type": "object",
              "description": "Each declared parameter's value, by parameter name.",
              "additionalProperties": { "type": ["string", "number", "boolean"] }
            }
          }
        }
      ]
    },
    "stack": { "type": "array", "description": "A stack's routes, root first.", "items": { "$ref": "#/$defs/route" } },
    "state": {
      "type": "object",
      "description": "The visible navigation state; each field left out is not compared.",
      "additionalProperties": false,
      "properties": {
        "tab": { "type": "string", "description": "The selected tab." },
        "stack": { "$ref": "#/$defs/stack", "description": "The selected tab's stack, root first, modals apart." },
        "stacks": { "type": "object", "description": "Stacks by tab name; tabs left out are not compared.", "additionalProperties": { "$ref": "#/$defs/stack" } },
        "modals": {
          "type": "array",
          "description": "The visible modal layers, bottom first; an empty array says none is shown.",
          "items": {
            "type": "object",
            "required": ["style", "stack"],
            "additionalProperties": false,
            "properties": {
              "style": { "type": "string", "description": "The layer's modal style (`sheet`, `cover`, …)." },
              "stack": { "$ref": "#/$defs/stack", "description": "The layer's routes, root first." }
            }
          }
        },
        "flags": { "type": "object", "description": "Flag values by name; flags left out are not compared.", "additionalProperties": { "type": "boolean" } }
      }
    }
  }
}
"""#
}
